"""The base of the state's values (:mod:`pyclag.engine.state`), which are written out
by hand rather than by attrs so that the compiled build makes them native
classes (``docs/development.rst``, "The two builds"); and :func:`replace`,
which stands in for ``attrs.evolve`` on them.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from pyclag._checks import fields_repr

__all__ = ["Value", "replace"]

_V = TypeVar("_V", bound="Value")


class Value:
    """What the state's values share: equality and hashing by the fields
    ``__match_args__`` names, pickles and :func:`replace` by them, and copies
    that are the value itself (the base of the state's classes; each class
    declares its own fields, as mypyc needs).

    >>> import copy, pyclag
    >>> state = pyclag.new_game(pyclag.NORMAL, players=3)
    >>> copy.deepcopy(state) is state, state == pyclag.new_game(pyclag.NORMAL, players=3)
    (True, True)
    """

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def fields(self) -> tuple[object, ...]:
        """The value's fields, in the order of ``__match_args__``.

        >>> import pyclag
        >>> pyclag.new_game(pyclag.NORMAL, players=3).round.fields()[2:]
        (CHANCE, (None, None, None), (0, 0, 0), (), ())
        """
        return tuple([getattr(self, name) for name in self.__match_args__])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, Value):
            return NotImplemented
        return self is other or self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __reduce__(self) -> tuple[type[Value], tuple[object, ...]]:
        return type(self), self.fields()

    def __copy__(self: _V) -> _V:
        return self

    def __deepcopy__(self: _V, memo: object) -> _V:
        return self

    def __repr__(self) -> str:
        return fields_repr(self, self.__match_args__)

    def __replace__(self: _V, **changes: Any) -> _V:
        # Python 3.13's copy.replace(value, **changes).
        return replace(self, **changes)


def replace(value: _V, **changes: Any) -> _V:
    """``value`` with some fields changed, as ``attrs.evolve`` (and Python
    3.13's ``copy.replace``) make it.

    >>> from pyclag.engine.state import Trick
    >>> replace(Trick(0, (), 0), winner=1)
    Trick(leader=0, plays=(), winner=1)
    >>> replace(Trick(0, (), 0), loser=1)
    Traceback (most recent call last):
    TypeError: replace: Trick has no field 'loser'
    """
    kind = type(value)
    names = kind.__match_args__
    for name in changes:
        if name not in names:
            raise TypeError(f"replace: {kind.__name__} has no field {name!r}")
    return kind(*[changes[name] if name in changes else getattr(value, name) for name in names])
