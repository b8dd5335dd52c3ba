"""Argument checks at the bottom of the package: the attrs validators of rule
objects (each raises RulesError naming the field) and the TypeError for an
argument that is not game input (a state, an rng, a sequence of plays); the
one way to declare a cache is :mod:`pyclag._caches`.

Private to pyclag, shared by every layer above it."""

from __future__ import annotations

import ast
import enum
import functools
import inspect
import operator
import random
import types
from collections.abc import Callable
from typing import Any, SupportsIndex, TypeGuard, TypeVar, cast

import attrs

from pyclag.errors import RulesError
from pyclag.limits import MAX_NAME

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]
_V = TypeVar("_V")


def is_int(minimum: int, maximum: int | None = None) -> Validator:
    """An int (not a bool) in ``minimum..maximum``.

    >>> import pyclag
    >>> pyclag.RoundSpec(0)  # hand_size: is_int(1, MAX_HAND_SIZE)
    Traceback (most recent call last):
    pyclag.errors.RulesError: hand_size must be an int in 1..52, not 0
    """

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value < minimum
            or (maximum is not None and value > maximum)
        ):
            top = "" if maximum is None else f"..{maximum}"
            raise RulesError(f"{attribute.name} must be an int in {minimum}{top}, not {value!r}")

    return check


def is_flag(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """True or False.

    >>> import pyclag
    >>> pyclag.RuleSet("mine", [3], draw_first_bidder="yes")
    Traceback (most recent call last):
    pyclag.errors.RulesError: draw_first_bidder must be True or False, not 'yes'
    """
    if not isinstance(value, bool):
        raise RulesError(f"{attribute.name} must be True or False, not {value!r}")


def is_member(kind: type[enum.Enum]) -> Validator:
    """A member of the enum ``kind``.

    >>> import pyclag
    >>> pyclag.RuleSet("mine", [3], tie_break="shared")
    Traceback (most recent call last):
    pyclag.errors.RulesError: tie_break must be one of 'shared', ..., not 'shared'
    """

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, kind):
            legal = ", ".join(repr(m.value) for m in kind)
            raise RulesError(f"{attribute.name} must be one of {legal}, not {value!r}")

    return check


def is_instance(*kinds: type, label: str) -> Validator:
    """An instance of one of ``kinds``; ``label`` says what that means.

    >>> import pyclag
    >>> pyclag.RuleSet(3, [3])
    Traceback (most recent call last):
    pyclag.errors.RulesError: name must be a string, not 3
    """

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, kinds):
            raise RulesError(f"{attribute.name} must be {label}, not {value!r}")

    return check


def is_name(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A string of at most :data:`~pyclag.limits.MAX_NAME` characters.

    >>> import pyclag
    >>> pyclag.RuleSet("x" * 201, [3])
    Traceback (most recent call last):
    pyclag.errors.RulesError: name must be a string of at most 200 characters, not one of 201
    """
    if not isinstance(value, str):
        raise RulesError(f"{attribute.name} must be a string, not {value!r}")
    if len(value) > MAX_NAME:
        raise RulesError(
            f"{attribute.name} must be a string of at most {MAX_NAME} characters, "
            f"not one of {len(value)}"
        )


# --- arguments that are not game input: a TypeError naming the function -----------------


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an int and not a bool (True is not seat 1, nor a bid of 1).

    >>> is_whole(3), is_whole(True), is_whole(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: _V) -> _V | int:
    """``value`` as a plain int where it is an integer other than a bool (an int
    subclass, anything ``operator.index`` takes: NumPy's integers, a bot's
    ``np.argmax``), so equality, hashing, records and pickles are an int's;
    anything else as it is, for the check that refuses it (``pyclag.errors``).

    >>> Seat = enum.IntEnum("Seat", "NORTH EAST")
    >>> whole(Seat.EAST), whole(True), whole(2.0), whole("2")
    (2, True, 2.0, '2')
    """
    if type(value) is int or isinstance(value, bool):
        return value
    try:
        return operator.index(unchecked(value))
    except Exception:  # no integer (a float, a str, a stranger whose __index__ fails)
        return value


def integer(value: SupportsIndex) -> int:
    """:func:`whole` as the attrs converter of an int field, typed for what the
    field takes; any other value is kept for the field's check to refuse.

    >>> integer(True), integer(7)
    (True, 7)
    """
    return cast(int, whole(value))  # typed as the field is; kept as it is if no integer


def unchecked(value: object) -> Any:
    """``value`` as it is, typed ``Any``: game input kept for the ruling that
    refuses it (a bid of ``"2"`` reaches the hook, which says why it is not a bid).

    >>> unchecked("2")
    '2'
    """
    return value


def seat_in(func: str, seat: object, players: int) -> int:
    """``seat`` as a plain int, if it is a seat of a table of ``players``: a
    seat that is not an int is a TypeError, one outside the table a RulesError
    (the policy in :mod:`pyclag.errors`), each naming ``func``.

    >>> seat_in("held", 2, 3)
    2
    >>> seat_in("held", True, 3)
    Traceback (most recent call last):
    TypeError: held: seat must be an int, not bool
    >>> seat_in("held", 3, 3)
    Traceback (most recent call last):
    pyclag.errors.RulesError: held: seat must be a seat in 0..2, not 3
    """
    given = seat if type(seat) is int else whole(seat)  # a NumPy integer is a plain int
    if type(given) is not int:
        raise not_a(func, "seat", "an int", seat)
    if not 0 <= given < players:
        raise RulesError(f"{func}: seat must be a seat in 0..{players - 1}, not {given!r}")
    return given


def not_a(func: str, param: str, expected: str, value: object) -> TypeError:
    """The error for an argument of the wrong type that is not game input.

    >>> not_a("deal", "rng", "a random.Random", 7)
    TypeError('deal: rng must be a random.Random, not int')
    """
    return TypeError(f"{func}: {param} must be {expected}, not {type(value).__name__}")


def check_rng(func: str, rng: object) -> random.Random:
    """``rng``, if it is a random.Random; else the TypeError naming ``func``.

    >>> check_rng("deal", None)
    Traceback (most recent call last):
    TypeError: deal: rng must be a random.Random, not NoneType
    """
    if not isinstance(rng, random.Random):
        raise not_a(func, "rng", "a random.Random", rng)
    return rng


class Frozen:
    """A frozen value copies as itself: ``copy.copy`` and ``copy.deepcopy`` of
    an immutable value return the value (as for ``int`` and ``tuple``). Its
    repr, unless its class writes one, is the one attrs writes.

    >>> import copy
    >>> from pyclag.hand import Hand
    >>> hand = Hand.parse("AS")
    >>> copy.copy(hand) is hand and copy.deepcopy(hand) is hand
    True
    >>> from pyclag.actions import Bid
    >>> Bid(2, 3)
    Bid(seat=2, tricks=3)
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # attrs compiles a __repr__ for every class (about 0.1 ms each: a tenth of
        # the package's import); finding one of the class's own, it writes none.
        if "__repr__" not in cls.__dict__:
            type.__setattr__(cls, "__repr__", _fields_repr)

    def __copy__(self: _F) -> _F:
        return self

    def __deepcopy__(self: _F, memo: object) -> _F:
        return self


_F = TypeVar("_F", bound=Frozen)


def _fields_repr(self: attrs.AttrsInstance) -> str:
    """``Class(field=value, ...)`` over the fields attrs shows, as attrs writes it."""
    shown = ", ".join(
        f"{field.name}={(field.repr if callable(field.repr) else repr)(getattr(self, field.name))}"
        for field in attrs.fields(type(self))
        if field.repr
    )
    return f"{type(self).__qualname__.rsplit('>.', 1)[-1]}({shown})"


def fields_repr(value: object, names: tuple[str, ...]) -> str:
    """``Class(field=value, ...)`` over ``names``, as attrs writes a repr.

    >>> fields_repr(1j, ("real", "imag"))
    'complex(real=0.0, imag=1.0)'
    """
    shown = ", ".join(f"{name}={getattr(value, name)!r}" for name in names)
    return f"{type(value).__qualname__}({shown})"


# --- values written out by hand (pyclag.engine.state) ---------------------------------------------


def _refuse_set(self: object, name: str, value: object) -> None:
    raise attrs.exceptions.FrozenInstanceError()


def _refuse_delete(self: object, name: str) -> None:
    raise attrs.exceptions.FrozenInstanceError()


def _set_once(self: object, name: str, value: object) -> None:
    """Set a field that is not set yet (the fallback of :func:`freeze`)."""
    try:
        getattr(self, name)
    except AttributeError:  # an empty slot: the value's own __init__ is setting it
        object.__setattr__(self, name, value)
        return
    raise attrs.exceptions.FrozenInstanceError()


def freeze(*classes: type) -> bool:
    """Make the fields of each interpreted class among ``classes`` frozen once
    its ``__init__`` has run, as attrs freezes a class, and say whether any was
    interpreted. The classes are ``pyclag.engine.state``'s, whose fields are ``Final``
    and slots: compiled, they are native classes whose
    ``Final`` fields have no setter, and this leaves them as they are.

    Interpreted, each class's ``__init__`` (which assigns its fields, and may
    call its base's ``__init__`` by name) is compiled again with each assignment
    a call of the slot's setter, past the ``__setattr__`` that refuses every
    later assignment (the first time a value of the class is built, so that
    importing pyclag compiles nothing). Without the source to read, the
    ``__setattr__`` sets a field only while it is unset, which is as frozen once
    the ``__init__`` has set every field, only slower.

    >>> class Pair:
    ...     __slots__ = ("left", "right")
    ...     def __init__(self, left: int, right: int = 0) -> None:
    ...         self.left = left
    ...         self.right = right
    >>> freeze(Pair), Pair(1).right
    (True, 0)
    >>> Pair(1).left = 2
    Traceback (most recent call last):
    attr.exceptions.FrozenInstanceError: can't set attribute
    """
    found = False
    for cls in classes:
        body = vars(cls)["__init__"]
        if seal(cls):
            found = True
            type.__setattr__(cls, "__init__", _first_init(cls, body))
    return found


def seal(cls: type) -> bool:
    """If ``cls`` is interpreted, refuse from now on every assignment and
    deletion on its values, as attrs refuses them on a frozen class, and say
    whether it was. Compiled, a native class's ``Final`` fields have no setter,
    and this leaves it as it is (its ``__init__`` is a slot wrapper). The
    :class:`~pyclag.cards.Card` class is sealed once the pack is made.

    >>> class Point:
    ...     __slots__ = ("x",)
    ...     def __init__(self, x: int) -> None:
    ...         self.x = x
    >>> point = Point(1)
    >>> seal(Point)
    True
    >>> point.x = 2
    Traceback (most recent call last):
    attr.exceptions.FrozenInstanceError: can't set attribute
    """
    if not isinstance(vars(cls)["__init__"], types.FunctionType):
        return False
    type.__setattr__(cls, "__setattr__", _refuse_set)
    type.__setattr__(cls, "__delattr__", _refuse_delete)
    return True


def _first_init(cls: type, body: types.FunctionType) -> Callable[..., None]:
    """An ``__init__`` that, the first time a value of ``cls`` is built, puts
    :func:`_frozen_init`'s in its place (so that importing pyclag compiles
    nothing) and builds the value with it."""

    def init(self: object, *args: object, **kwargs: object) -> None:
        try:
            frozen = _frozen_init(cls, body)
        except OSError:  # no source to read (an application frozen without it)
            type.__setattr__(cls, "__setattr__", _set_once)  # slower, as frozen once built
            frozen = body
        type.__setattr__(cls, "__init__", frozen)
        frozen(self, *args, **kwargs)

    return functools.update_wrapper(init, body)


def _frozen_init(cls: type, body: types.FunctionType) -> Callable[..., None]:
    """``body`` compiled again with each ``self.field = value`` of it made a
    call of that slot's setter (the code attrs would write for a frozen class)."""
    import textwrap  # here, not at the top: only the first value of a class reads it

    tree = ast.parse(textwrap.dedent(inspect.getsource(body)))
    ast.increment_lineno(tree, body.__code__.co_firstlineno - 1)  # tracebacks show the source's
    setters = _Setters()
    tree = ast.fix_missing_locations(setters.visit(tree))
    space = dict(body.__globals__)
    space.update({f"_put_{name}": getattr(cls, name).__set__ for name in setters.names})
    exec(compile(tree, inspect.getfile(body), "exec"), space)
    init: Callable[..., None] = functools.update_wrapper(space[body.__name__], body)
    return init


class _Setters(ast.NodeTransformer):
    """Rewrites ``self.name = value`` (annotated or not) as ``_put_name(self, value)``."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def _put(self, target: ast.expr, value: ast.expr | None) -> ast.AST:
        if not (
            value is not None
            and isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Name)
            and target.value.id == "self"
        ):
            raise TypeError(
                f"freeze: an __init__ may only assign self's fields, at line {target.lineno}"
            )
        self.names.append(target.attr)
        put = ast.Call(ast.Name(f"_put_{target.attr}", ast.Load()), [target.value, value], [])
        return ast.copy_location(ast.Expr(put), target)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        return self._put(node.target, node.value)

    def visit_Assign(self, node: ast.Assign) -> ast.AST:
        if len(node.targets) != 1:
            raise TypeError(f"freeze: one field an assignment, at line {node.lineno}")
        return self._put(node.targets[0], node.value)
