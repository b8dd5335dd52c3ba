"""The checks of the search bots' settings, one place for every bot: a setting
of the wrong type is a TypeError, a value out of range a RulesError, each
naming the bot, the setting, what it must be and what it was (the errors
policy, :mod:`pyclag.errors`)."""

from __future__ import annotations

from collections.abc import Sequence

from pyclag._checks import not_a, whole
from pyclag.errors import RulesError

__all__ = ["choice", "count", "flag", "number", "optional_count", "seconds"]


def count(bot: str, name: str, value: object) -> int:
    """An int >= 1 (any integer NumPy or Python gives).

    >>> count("MyBot", "worlds", 0)
    Traceback (most recent call last):
    pyclag.errors.RulesError: MyBot: worlds must be an int >= 1, not 0
    """
    given = whole(value)
    if isinstance(given, bool) or not isinstance(given, int):
        raise not_a(bot, name, "an int >= 1", value)
    if given < 1:
        raise RulesError(f"{bot}: {name} must be an int >= 1, not {given!r}")
    return given


def optional_count(bot: str, name: str, value: object) -> int | None:
    """None or an int >= 0 (a record-like setting: any wrong value a RulesError).

    >>> optional_count("MyBot", "fit", 1.5)
    Traceback (most recent call last):
    pyclag.errors.RulesError: MyBot: fit must be None or an int >= 0, not 1.5
    """
    given = whole(value)
    if given is not None and (isinstance(given, bool) or not isinstance(given, int) or given < 0):
        raise RulesError(f"{bot}: {name} must be None or an int >= 0, not {given!r}")
    return given


def number(bot: str, name: str, value: object) -> float:
    """A number >= 0.

    >>> number("MyBot", "uct_c", "2")
    Traceback (most recent call last):
    TypeError: MyBot: uct_c must be a number >= 0, not str
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise not_a(bot, name, "a number >= 0", value)
    if not value >= 0:  # NaN too
        raise RulesError(f"{bot}: {name} must be a number >= 0, not {value!r}")
    return float(value)


def seconds(bot: str, value: object) -> float | None:
    """None or a number > 0: a time budget a decision.

    >>> seconds("MyBot", 0)
    Traceback (most recent call last):
    pyclag.errors.RulesError: MyBot: seconds must be None or a number > 0, not 0
    >>> seconds("MyBot", True)
    Traceback (most recent call last):
    TypeError: MyBot: seconds must be None or a number > 0, not bool
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise not_a(bot, "seconds", "None or a number > 0", value)
    if not value > 0:  # NaN too
        raise RulesError(f"{bot}: seconds must be None or a number > 0, not {value!r}")
    return float(value)


def choice(bot: str, name: str, value: object, choices: Sequence[str]) -> str:
    """One of ``choices``.

    >>> choice("MyBot", "objective", "wins", ("points", "game"))
    Traceback (most recent call last):
    pyclag.errors.RulesError: MyBot: objective must be one of points, game, not 'wins'
    """
    if not isinstance(value, str) or value not in choices:
        raise RulesError(f"{bot}: {name} must be one of {', '.join(choices)}, not {value!r}")
    return value


def flag(bot: str, name: str, value: object) -> bool:
    """A bool.

    >>> flag("MyBot", "private", "no")
    Traceback (most recent call last):
    TypeError: MyBot: private must be a bool, not str
    """
    if not isinstance(value, bool):
        raise not_a(bot, name, "a bool", value)
    return value
