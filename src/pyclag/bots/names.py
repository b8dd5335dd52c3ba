"""The bots by name, as ``--bots heuristic,pimc,random,search`` lists them
(``pyclag simulate`` and ``pyclag play``), with the settings of the search bots.

>>> names = bot_names("pimc,random,search")
>>> [type(bot).__name__ for bot in make_bots(names, range(3), seed=1, settings=Search(worlds=4))]
['PIMCBot', 'RandomBot', 'ISMCTSBot']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, NamedTuple

from pyclag.bots._table import Bot, RandomBot
from pyclag.bots.heuristic import HeuristicBot
from pyclag.bots.ismcts import SearchBot
from pyclag.bots.pimc import OBJECTIVE, OBJECTIVES, POLICIES, WORLDS, PIMCBot
from pyclag.errors import ClagError

__all__ = ["BOT_NAMES", "Search", "bot_names", "make_bots", "seated", "table_text"]

BOT_NAMES: Final = ("heuristic", "pimc", "random", "search")
"""The bots ``--bots`` may name: ``search`` is :data:`~pyclag.bots.SearchBot`,
the default search bot."""


class Search(NamedTuple):
    """The settings of the search bots a table seats: ``worlds`` and ``policy``
    for the PIMC bots (:class:`~pyclag.bots.pimc.PIMCBot`), ``seconds`` (a time
    budget a decision) and ``objective`` for them and the ``search`` bots
    (:data:`~pyclag.bots.SearchBot`), whose other settings are their defaults.

    >>> Search().worlds, Search().policy, Search().objective
    (48, 'greedy', 'game')
    """

    worlds: int = WORLDS
    policy: str = "greedy"
    seconds: float | None = None
    objective: str = OBJECTIVE


def bot_names(text: str) -> list[str]:
    """The bot names of a ``--bots`` list, checked: a ClagError names the choices.

    >>> bot_names("Heuristic, pimc")
    ['heuristic', 'pimc']
    >>> bot_names("clever")
    Traceback (most recent call last):
    pyclag.errors.ClagError: --bots takes heuristic, pimc, random, search, comma-separated; not 'clever'
    """
    names = [name.strip().lower() for name in text.split(",")]
    if any(name not in BOT_NAMES for name in names):
        raise ClagError(f"--bots takes {', '.join(BOT_NAMES)}, comma-separated; not {text!r}")
    return names


def seated(names: Sequence[str], seats: int, text: str | None = None) -> list[str]:
    """The bot at each of ``seats`` seats: ``names`` repeated to fill the table.
    More names than seats is a ClagError naming the list (``text``, as typed)
    and the seat count, rather than names silently left out.

    >>> seated(["random", "heuristic"], 3)
    ['random', 'heuristic', 'random']
    >>> seated(["random"] * 4, 3, "random,random,random,random")
    Traceback (most recent call last):
    pyclag.errors.ClagError: --bots 'random,random,random,random' names 4 bots for 3 seats; name at most 3
    """
    if len(names) > seats:
        typed = ",".join(names) if text is None else text
        raise ClagError(
            f"--bots {typed!r} names {len(names)} bots for {seats} seats; name at most {seats}"
        )
    return [names[seat % len(names)] for seat in range(seats)]


def table_text(bots: Sequence[str], seats: Sequence[int] | None = None) -> str:
    """Who plays where, for a command's header: ``bots`` by seat (at ``seats``,
    else seats 0, 1, ...).

    >>> table_text(["heuristic", "random", "heuristic"])
    'bots: seat 0 heuristic, seat 1 random, seat 2 heuristic'
    >>> table_text(["pimc", "random"], seats=[1, 2]), table_text(["random"] * 4)
    ('bots: seat 1 pimc, seat 2 random', 'bots: random at every seat')
    """
    where = range(len(bots)) if seats is None else seats
    if seats is None and len(set(bots)) == 1:
        return f"bots: {bots[0]} at every seat"
    return "bots: " + ", ".join(f"seat {seat} {bot}" for seat, bot in zip(where, bots, strict=True))


def make_bots(
    names: Sequence[str], seats: Sequence[int], seed: object, settings: Search | None = None
) -> list[Bot]:
    """The bots ``names`` lists, repeated over ``seats``; each random, PIMC or
    search bot draws from its own generator, seeded from ``seed`` and its seat.
    Settings a search bot refuses are a ClagError.

    >>> make_bots(["pimc"], [0], seed=1, settings=Search(policy="clever"))
    Traceback (most recent call last):
    pyclag.errors.ClagError: --pimc-policy takes greedy, heuristic, random; not 'clever'
    """
    settings = Search() if settings is None else settings
    if settings.policy not in POLICIES:
        raise ClagError(f"--pimc-policy takes {', '.join(POLICIES)}; not {settings.policy!r}")
    if settings.objective not in OBJECTIVES:
        raise ClagError(
            f"--pimc-objective takes {', '.join(OBJECTIVES)}; not {settings.objective!r}"
        )
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
            table.append(
                PIMCBot(
                    settings.worlds,
                    settings.policy,
                    settings.seconds,
                    seed=own,
                    objective=settings.objective,
                )
            )
        elif name == "search":
            table.append(
                SearchBot(seed=own, seconds=settings.seconds, objective=settings.objective)
            )
        else:
            table.append(HeuristicBot())
    return table
