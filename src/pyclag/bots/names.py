"""The bots by name, as ``--bots heuristic,pimc,random`` lists them (``pyclag
simulate`` and ``pyclag play``), with the search settings of the PIMC bots.

>>> names = bot_names("pimc,random")
>>> [type(bot).__name__ for bot in make_bots(names, range(3), seed=1, settings=Search(worlds=4))]
['PIMCBot', 'RandomBot', 'PIMCBot']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, NamedTuple

from pyclag.bots import Bot, HeuristicBot, RandomBot
from pyclag.bots.pimc import POLICIES, WORLDS, PIMCBot
from pyclag.errors import ClagError

__all__ = ["BOT_NAMES", "Search", "bot_names", "make_bots"]

BOT_NAMES: Final = ("heuristic", "pimc", "random")
"""The bots ``--bots`` may name."""


class Search(NamedTuple):
    """The settings of the PIMC bots a table seats (:class:`~pyclag.bots.pimc.PIMCBot`).

    >>> Search().worlds, Search().policy
    (48, 'greedy')
    """

    worlds: int = WORLDS
    policy: str = "greedy"
    seconds: float | None = None


def bot_names(text: str) -> list[str]:
    """The bot names of a ``--bots`` list, checked: a ClagError names the choices.

    >>> bot_names("Heuristic, pimc")
    ['heuristic', 'pimc']
    >>> bot_names("clever")
    Traceback (most recent call last):
    pyclag.errors.ClagError: --bots takes heuristic, pimc, random, comma-separated; not 'clever'
    """
    names = [name.strip().lower() for name in text.split(",")]
    if any(name not in BOT_NAMES for name in names):
        raise ClagError(f"--bots takes {', '.join(BOT_NAMES)}, comma-separated; not {text!r}")
    return names


def make_bots(
    names: Sequence[str], seats: Sequence[int], seed: object, settings: Search | None = None
) -> list[Bot]:
    """The bots ``names`` lists, repeated over ``seats``; each random or PIMC bot
    draws from its own generator, seeded from ``seed`` and its seat. Settings
    a PIMC bot refuses are a ClagError.

    >>> make_bots(["pimc"], [0], seed=1, settings=Search(policy="clever"))
    Traceback (most recent call last):
    pyclag.errors.ClagError: --pimc-policy takes greedy, heuristic, random; not 'clever'
    """
    settings = Search() if settings is None else settings
    if settings.policy not in POLICIES:
        raise ClagError(f"--pimc-policy takes {', '.join(POLICIES)}; not {settings.policy!r}")
    if settings.worlds < 1:
        raise ClagError(f"--pimc-worlds must be at least 1, not {settings.worlds}")
    if settings.seconds is not None and settings.seconds <= 0:
        raise ClagError(f"--pimc-seconds must be above 0, not {settings.seconds}")
    table: list[Bot] = []
    for number, seat in enumerate(seats):
        name = names[number % len(names)]
        own = f"{seed}:{seat}"
        if name == "random":
            table.append(RandomBot(random.Random(own)))
        elif name == "pimc":
            table.append(PIMCBot(settings.worlds, settings.policy, settings.seconds, seed=own))
        else:
            table.append(HeuristicBot())
    return table
