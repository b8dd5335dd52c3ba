"""The bounds of the ``pyclag`` command's numbers, each defined once, and the
``argparse`` types that hold an option to them as the command line is read,
before any work: a number out of bounds is ``argparse``'s one-line error, exit
status 2.

The library's own limits are used where it has one: the games of a run
(:data:`pyclag.sim.sweep.MAX_GAMES`), the worker processes
(:data:`pyclag.sim.launch.MAX_JOBS`), the rounds of a schedule
(:data:`pyclag.records.fields.MAX_ROUNDS`), the cards of a hand
(:data:`pyclag.limits.MAX_HAND_SIZE`) and the players, which the rule set
bounds (``min_players``..``max_players``, checked once the rules are known).
The bounds below are the command line's.

>>> whole(1, 10)("7")
7
>>> whole(1, 10)("11")
Traceback (most recent call last):
argparse.ArgumentTypeError: must be a whole number in 1..10, not 11
>>> seconds(60.0)("nan")
Traceback (most recent call last):
argparse.ArgumentTypeError: must be a number of seconds above 0 and at most 60, not 'nan'
>>> hand_sizes("")
Traceback (most recent call last):
argparse.ArgumentTypeError: takes 1 to 1,000 comma-separated hand sizes in 1..52, not ''
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Final

from pyclag import presets
from pyclag.bots.names import Search
from pyclag.bots.pimc import OBJECTIVES, POLICIES
from pyclag.limits import MAX_HAND_SIZE
from pyclag.records import MAX_ROUNDS

__all__ = [
    "MAX_DECISION_SECONDS",
    "MAX_RUNS",
    "MAX_RUN_SECONDS",
    "MAX_SEED",
    "MAX_WORLDS",
    "hand_sizes",
    "search_arguments",
    "seconds",
    "table_arguments",
    "whole",
]

MAX_SEED: Final = 2**64 - 1
"""The largest ``--seed``: seeds are whole numbers in 0..2**64 - 1."""

MAX_WORLDS: Final = 10_000
"""The most ``--pimc-worlds``: about 200 times the default search, seconds a decision."""

MAX_DECISION_SECONDS: Final = 600.0
"""The longest ``--pimc-seconds``, a PIMC bot's time budget per decision."""

MAX_RUNS: Final = 100
"""The most ``pyclag bench --runs``."""

MAX_RUN_SECONDS: Final = 60.0
"""The longest ``pyclag bench --seconds``, the time of one run of one figure."""

_SHOWN: Final = 24
"""The characters of a refused value a message shows (a value may be thousands long)."""


def _shown(text: str) -> str:
    """``text`` quoted as a message shows it, cut short if it is long.

    >>> _shown("12"), _shown("9" * 30)
    ("'12'", "'999999999999999999999999...' (30 characters)")
    """
    if len(text) <= _SHOWN:
        return repr(text)
    quoted = repr(text[:_SHOWN])
    return f"{quoted[:-1]}...{quoted[-1]} ({len(text):,} characters)"


def whole(low: int, high: int) -> Callable[[str], int]:
    """An ``argparse`` type: a whole number in ``low..high``.

    >>> whole(0, 3)("-1")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be a whole number in 0..3, not -1
    >>> whole(0, 3)("three")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be a whole number in 0..3, not 'three'
    """

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:  # not a number, or more digits than int() reads
            raise argparse.ArgumentTypeError(
                f"must be a whole number in {low:,}..{high:,}, not {_shown(text)}"
            ) from None
        if not low <= value <= high:
            shown = f"{value}" if len(text) <= _SHOWN else _shown(text)
            raise argparse.ArgumentTypeError(
                f"must be a whole number in {low:,}..{high:,}, not {shown}"
            )
        return value

    return read


def seconds(high: float) -> Callable[[str], float]:
    """An ``argparse`` type: a number of seconds above 0 and at most ``high``
    (so neither ``nan`` nor ``inf``).

    >>> seconds(60.0)("0.5"), seconds(60.0)("1e1")
    (0.5, 10.0)
    >>> seconds(60.0)("-1")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be a number of seconds above 0 and at most 60, not '-1'
    """

    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not 0 < value <= high:  # nan compares false
            raise argparse.ArgumentTypeError(
                f"must be a number of seconds above 0 and at most {high:g}, not {_shown(text)}"
            )
        return value

    return read


def hand_sizes(text: str) -> list[int]:
    """An ``argparse`` type: ``--schedule``'s hand sizes, comma-separated, 1 to
    :data:`~pyclag.records.fields.MAX_ROUNDS` of them, each in 1..52 (an empty list is
    not the preset's schedule: it is refused).

    >>> hand_sizes("1, 2,3")
    [1, 2, 3]
    >>> hand_sizes("1,,2")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: takes 1 to 1,000 comma-separated hand sizes in 1..52, not '1,,2'
    >>> hand_sizes(",".join(["1"] * 1001))
    Traceback (most recent call last):
    argparse.ArgumentTypeError: takes 1 to 1,000 comma-separated hand sizes in 1..52, not 1,001 of them
    """
    legal = f"takes 1 to {MAX_ROUNDS:,} comma-separated hand sizes in 1..{MAX_HAND_SIZE}"
    words = text.split(",")
    if len(words) > MAX_ROUNDS:
        raise argparse.ArgumentTypeError(f"{legal}, not {len(words):,} of them")
    try:
        sizes = [int(word) for word in words]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{legal}, not {_shown(text)}") from None
    if not all(1 <= size <= MAX_HAND_SIZE for size in sizes):
        raise argparse.ArgumentTypeError(f"{legal}, not {_shown(text)}")
    return sizes


def table_arguments(command: argparse.ArgumentParser, defaults: bool = True) -> None:
    """``--preset``, ``--players`` and ``--option`` for ``command``; without
    ``defaults``, one not given is None (``score --resume`` reads them from its
    file). The players are checked against the rule set once it is known.

    >>> parser = argparse.ArgumentParser()
    >>> table_arguments(parser)
    >>> parser.parse_args(["--players", "5"]).players, parser.parse_args([]).preset
    (5, 'wikipedia')
    """
    command.add_argument(
        "--preset",
        default="wikipedia" if defaults else None,
        help=f"rule set: {', '.join(presets.names())} (default: wikipedia)",
    )
    command.add_argument(
        "--players",
        type=int,
        default=4 if defaults else None,
        help="number of players, as the preset allows (see pyclag presets) (default: 4)",
    )
    command.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set an option of the rule set (see pyclag rules PRESET); repeatable",
    )


def search_arguments(command: argparse.ArgumentParser) -> None:
    """The PIMC bots' ``--pimc-*`` settings for ``command``, bounded.

    >>> parser = argparse.ArgumentParser()
    >>> search_arguments(parser)
    >>> parser.parse_args(["--pimc-worlds", "8", "--pimc-seconds", "0.5"]).pimc_worlds
    8
    """
    command.add_argument(
        "--pimc-worlds",
        type=whole(1, MAX_WORLDS),
        default=Search().worlds,
        help=f"PIMC worlds per decision, 1..{MAX_WORLDS:,} (default: {Search().worlds})",
    )
    command.add_argument(
        "--pimc-policy",
        default=Search().policy,
        help=f"PIMC playouts: {', '.join(POLICIES)} (default: {Search().policy})",
    )
    command.add_argument(
        "--pimc-seconds",
        type=seconds(MAX_DECISION_SECONDS),
        help=f"the PIMC and search bots' time budget per decision, at most {MAX_DECISION_SECONDS:g} (default: none)",
    )
    command.add_argument(
        "--pimc-objective",
        default=Search().objective,
        help=f"what the PIMC and search bots play for: {', '.join(OBJECTIVES)} (default: {Search().objective})",
    )
