"""Argument checks at the bottom of the package: the attrs validators of rule
objects (each raises RulesError naming the field), and the TypeError for an
argument that is not game input (a state, an rng, a sequence of plays).

This is internal surface, shared by every layer above it."""

from __future__ import annotations

import enum
import random
from collections.abc import Callable
from typing import Any, TypeGuard, TypeVar

import attrs

from pyclag.errors import RulesError

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


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


# --- arguments that are not game input: a TypeError naming the function -----------------


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an int and not a bool (True is not seat 1, nor a bid of 1).

    >>> is_whole(3), is_whole(True), is_whole(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


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
    an immutable value return the value (as for ``int`` and ``tuple``).

    >>> import copy
    >>> from pyclag.hand import Hand
    >>> hand = Hand.parse("AS")
    >>> copy.copy(hand) is hand and copy.deepcopy(hand) is hand
    True
    """

    __slots__ = ()

    def __copy__(self: _F) -> _F:
        return self

    def __deepcopy__(self: _F, memo: object) -> _F:
        return self


_F = TypeVar("_F", bound=Frozen)
