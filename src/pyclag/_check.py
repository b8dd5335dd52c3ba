"""attrs validators for rule objects: each raises RulesError naming the field."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs

from pyclag.errors import RulesError

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def is_int(minimum: int, maximum: int | None = None) -> Validator:
    """An int (not a bool) in ``minimum..maximum``."""

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
    """True or False."""
    if not isinstance(value, bool):
        raise RulesError(f"{attribute.name} must be True or False, not {value!r}")


def is_member(kind: type[enum.Enum]) -> Validator:
    """A member of the enum ``kind``."""

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, kind):
            legal = ", ".join(repr(m.value) for m in kind)
            raise RulesError(f"{attribute.name} must be one of {legal}, not {value!r}")

    return check


def is_instance(*kinds: type, label: str) -> Validator:
    """An instance of one of ``kinds``; ``label`` says what that means."""

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, kinds):
            raise RulesError(f"{attribute.name} must be {label}, not {value!r}")

    return check
