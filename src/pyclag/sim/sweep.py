"""Simulations at scale: many seeded games among bots, in shards, on any ``map``.

:func:`simulate_many` cuts K games into shards (:class:`Shard`); each shard
plays its games and returns an exact integer :class:`Tally`; tallies merge
with ``+``, which is associative and commutative, so the :class:`Summary` is
the same, value for value and line for line, whatever the shard size, the
number of workers and the order in which shards finish. Game *i* of a run
from ``seed`` is always the game ``pyclag simulate --seed seed+i`` plays: the
pack from ``Random(seed + i)``, each random bot from ``Random(f"{seed + i}:{seat}")``.

``map`` is any ``(function, iterable) -> iterable``: the built-in ``map``, a
``concurrent.futures`` executor's ``map``, a Dask ``Client.get_executor().map``
or Ray's ``ray.util.multiprocessing.Pool().imap_unordered``.

>>> import pyclag
>>> rules = pyclag.NORMAL.with_schedule([2, 3])
>>> one = simulate_many(rules, 3, ["heuristic", "random"], 12, seed=5, shard_size=12)
>>> one == simulate_many(rules, 3, ["heuristic", "random"], 12, seed=5, shard_size=5)
True
>>> one.tally.games, len(one.tally.score_sum)
(12, 3)
"""

from __future__ import annotations

import builtins
import math
import random
import typing
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

from pyclag._checks import Frozen, is_whole, not_a, whole
from pyclag.bots import play_game
from pyclag.bots.names import BOT_NAMES, Search, make_bots
from pyclag.engine import new_game, winners
from pyclag.engine.state import GameState
from pyclag.errors import ClagError, RulesError
from pyclag.rules.ruleset import RuleSet

__all__ = [
    "DEFAULT_SHARD_SIZE",
    "EMPTY",
    "MAX_GAMES",
    "Map",
    "Shard",
    "ShardError",
    "Summary",
    "Tally",
    "play_shard",
    "seeded_game",
    "simulate_many",
]


DEFAULT_SHARD_SIZE: Final = 100
"""Games per shard unless told otherwise: long enough that a shard's overhead
(sending the rules, returning a tally) is small, short enough to balance."""

MAX_GAMES: Final = 100_000_000
"""The most games one run plays (``pyclag simulate --games``, ``--shard-size``):
days of play on a cluster, while what a run keeps (a byte per shard, to know which
have come back) stays under 100 MB even in shards of one game."""

Map = Callable[[Callable[[Any], Any], Iterable[Any]], Iterable[Any]]
"""Anything shaped like the built-in ``map`` of one iterable."""


class ShardError(ClagError, RuntimeError):
    """A shard that raised, or did not come back (its worker died): the run
    has no summary.

    >>> str(ShardError("shard 0 (games 0-9, seeds 0-9) failed: boom"))
    'shard 0 (games 0-9, seeds 0-9) failed: boom'
    """


def seeded_game(
    rules: RuleSet,
    players: int,
    names: Sequence[str],
    seed: int,
    first_dealer: int = 0,
    search: Search | None = None,
) -> GameState:
    """The game ``pyclag simulate --seed seed`` plays: the pack from ``Random(seed)``,
    the bots ``names`` lists (:func:`~pyclag.bots.names.make_bots`, PIMC bots with
    the ``search`` settings).

    >>> import pyclag
    >>> seeded_game(pyclag.NORMAL.with_schedule([1]), 3, ["heuristic"], 1).scores
    (0, 12, 0)
    """
    state = new_game(rules, players=players, first_dealer=first_dealer)
    table = make_bots(names, range(players), seed, search)
    return play_game(state, table, random.Random(seed))


def _label(text: str) -> str:
    # "Dealer Calls: Trumps C" counts as "Dealer Calls", whatever was declared.
    return text.partition(":")[0] or "normal"


@attrs.frozen
class Tally(Frozen):
    """The exact, mergeable count of some games: the games, by seat the sums
    and sums of squares of the final scores and the wins, and by round type
    the contracts made and bid (``(label, made, bids)``, sorted by label);
    ``score_counts`` gives by seat how many games ended on each final score
    (``(score, games)``, sorted by score): the distribution ``--chart`` draws,
    bounded by the scores a game can end on (a few hundred), not by the games.

    >>> a = Tally(1, (3, 4), (9, 16), (0, 1), (("normal", 1, 2),))
    >>> b = Tally(1, (5, 0), (25, 0), (1, 0), (("Misère", 0, 2),))
    >>> (a + b).score_sum, (a + b).contracts
    ((8, 4), (('Misère', 0, 2), ('normal', 1, 2)))
    >>> a + b == b + a
    True
    """

    games: int
    score_sum: tuple[int, ...]
    score_squares: tuple[int, ...]
    wins: tuple[int, ...]
    contracts: tuple[tuple[str, int, int], ...]
    score_counts: tuple[tuple[tuple[int, int], ...], ...] = ()

    @classmethod
    def of(cls, games: Iterable[GameState]) -> Tally:
        """The tally of finished games.

        >>> import pyclag
        >>> Tally.of([seeded_game(pyclag.NORMAL.with_schedule([1]), 3, ["heuristic"], 1)])
        Tally(games=1, score_sum=(0, 12, 0), score_squares=(0, 144, 0), wins=(0, 1, 0), contracts=(('normal', 1, 3),), score_counts=(((0, 1),), ((12, 1),), ((0, 1),)))
        """
        count = 0
        sums: list[int] = []
        squares: list[int] = []
        wins: list[int] = []
        made: dict[str, list[int]] = {}
        ended: list[dict[int, int]] = []
        for game in games:
            if not sums:
                sums, squares, wins = [0] * game.players, [0] * game.players, [0] * game.players
                ended = [{} for _ in range(game.players)]
            count += 1
            won = winners(game)
            for seat, score in enumerate(game.scores):
                sums[seat] += score
                squares[seat] += score * score
                wins[seat] += seat in won
                ended[seat][score] = ended[seat].get(score, 0) + 1
            for result in game.history:
                row = made.setdefault(_label(result.setup.played.label), [0, 0])
                for bid, kept in zip(result.bids, result.made, strict=True):
                    if bid is not None:
                        row[0] += int(kept)
                        row[1] += 1
        rows = tuple((label, kept, bids) for label, (kept, bids) in sorted(made.items()))
        counts = tuple(tuple(sorted(scores.items())) for scores in ended)
        return cls(count, tuple(sums), tuple(squares), tuple(wins), rows, counts)

    def __add__(self, other: Tally) -> Tally:
        if not self.games or not other.games:
            return other if not self.games else self
        made = {label: (kept, bids) for label, kept, bids in self.contracts}
        for label, kept, bids in other.contracts:
            before = made.get(label, (0, 0))
            made[label] = (before[0] + kept, before[1] + bids)
        return Tally(
            self.games + other.games,
            _pairwise(self.score_sum, other.score_sum),
            _pairwise(self.score_squares, other.score_squares),
            _pairwise(self.wins, other.wins),
            tuple((label, kept, bids) for label, (kept, bids) in sorted(made.items())),
            _merged_counts(self.score_counts, other.score_counts),
        )

    def to_json(self) -> dict[str, object]:
        """The tally as JSON values.

        >>> Tally(1, (3,), (9,), (1,), (("normal", 1, 2),)).to_json()["contracts"]
        {'normal': {'made': 1, 'bids': 2}}
        """
        return {
            "games": self.games,
            "score_sum": list(self.score_sum),
            "score_squares": list(self.score_squares),
            "wins": list(self.wins),
            "contracts": {
                label: {"made": kept, "bids": bids} for label, kept, bids in self.contracts
            },
            "score_counts": [[list(pair) for pair in seat] for seat in self.score_counts],
        }


EMPTY: Final = Tally(0, (), (), (), ())
"""The tally of no games: ``EMPTY + tally == tally``."""


def _merged_counts(
    left: tuple[tuple[tuple[int, int], ...], ...], right: tuple[tuple[tuple[int, int], ...], ...]
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Two tallies' games by final score, seat by seat (a tally made by hand
    without them leaves the other's as they are)."""
    if not left or not right:
        return left or right
    merged = []
    for mine, theirs in zip(left, right, strict=True):
        games = dict(mine)
        for score, count in theirs:
            games[score] = games.get(score, 0) + count
        merged.append(tuple(sorted(games.items())))
    return tuple(merged)


def _pairwise(left: tuple[int, ...], right: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a + b for a, b in zip(left, right, strict=True))


@attrs.frozen
class Shard(Frozen):
    """Games ``first`` to ``first + count - 1`` of a run from ``seed``: all a
    worker needs, picklable.

    >>> import pyclag
    >>> shard = Shard(2, pyclag.NORMAL, 3, ("heuristic",), 0, 100, 50, 10)
    >>> str(shard)
    'shard 2 (games 100-149, seeds 110-159)'
    """

    index: int
    rules: RuleSet
    players: int
    bots: tuple[str, ...]
    first_dealer: int
    first: int
    count: int
    seed: int
    search: Search = attrs.field(factory=Search)
    """The settings of the PIMC bots among ``bots``."""

    def split(self, size: int) -> Sequence[Shard]:
        """This shard's games in shards of ``size`` (the last may be shorter),
        numbered from 0, each made when it is read: a million games in shards
        of 100 hold no list of 10,000 shards.

        >>> import pyclag
        >>> run = Shard(0, pyclag.NORMAL, 3, ("random",), 0, 0, 5, 10)
        >>> [str(part) for part in run.split(2)]
        ['shard 0 (games 0-1, seeds 10-11)', 'shard 1 (games 2-3, seeds 12-13)', 'shard 2 (games 4-4, seeds 14-14)']
        >>> len(run.split(2)), str(run.split(2)[-1])
        (3, 'shard 2 (games 4-4, seeds 14-14)')
        """
        return _Parts(self, size)

    def __str__(self) -> str:
        last = self.first + self.count - 1
        return (
            f"shard {self.index} (games {self.first}-{last}, "
            f"seeds {self.seed + self.first}-{self.seed + last})"
        )


class _Parts(Sequence[Shard]):
    """The shards of ``whole`` of ``size`` games each, by index (:meth:`Shard.split`)."""

    def __init__(self, whole: Shard, size: int) -> None:
        self.whole, self.size = whole, size
        self.starts = range(whole.first, whole.first + whole.count, size)

    def __len__(self) -> int:
        return len(self.starts)

    @typing.overload
    def __getitem__(self, index: int) -> Shard: ...
    @typing.overload
    def __getitem__(self, index: slice) -> Sequence[Shard]: ...
    def __getitem__(self, index: int | slice) -> Shard | Sequence[Shard]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        number = range(len(self))[index]  # an IndexError past the end, as a list's
        first, end = self.starts[number], self.whole.first + self.whole.count
        return attrs.evolve(
            self.whole, index=number, first=first, count=min(self.size, end - first)
        )


def play_shard(shard: Shard) -> tuple[int, Tally]:
    """Play a shard's games: its index and their tally. A game that raises is
    a :class:`ShardError` naming the shard and the game's seed.

    >>> import pyclag
    >>> index, tally = play_shard(Shard(0, pyclag.NORMAL.with_schedule([1]), 3, ("heuristic",), 0, 1, 1, 0))
    >>> index, tally.score_sum
    (0, (0, 12, 0))
    """
    return shard.index, Tally.of(_played(shard))


def _played(shard: Shard) -> Iterator[GameState]:
    """A shard's games, one at a time (a tally keeps none of them)."""
    for number in range(shard.first, shard.first + shard.count):
        seed = shard.seed + number
        try:
            yield seeded_game(
                shard.rules, shard.players, shard.bots, seed, shard.first_dealer, shard.search
            )
        except Exception as err:  # any failure ends the run, never a short summary
            raise ShardError(
                f"{shard} failed: game {number} (seed {seed}) raised {type(err).__name__}: {err}"
            ) from err


@attrs.frozen
class Summary(Frozen):
    """The tally of a run and the bot of each seat; ``str()`` is the summary
    ``pyclag simulate --games K`` prints.

    >>> print(Summary(Tally(2, (10, 4), (58, 8), (2, 0), (("normal", 3, 4),)), ("heuristic", "random")))
    seat  bot              mean score  spread (sd)    wins
       0  heuristic               5.0          2.0  100.0%
       1  random                  2.0          0.0    0.0%
    bot                    mean score  spread (sd)    wins
    heuristic                     5.0          2.0  100.0%
    random                        2.0          0.0    0.0%
    (a shared win counts as a win for every winner)
    contracts made by round type                made      of    rate
    normal                                         3       4   75.0%
    """

    tally: Tally
    kinds: tuple[str, ...]

    def __str__(self) -> str:
        tally, kinds = self.tally, self.kinds
        seats = range(len(kinds))
        lines = [f"{'seat':>4}  {'bot':<16}{'mean score':>11}{'spread (sd)':>13}{'wins':>8}"]
        lines += [_row(f"{seat:>4}  {kinds[seat]:<16}", tally, [seat]) for seat in seats]
        lines.append(f"{'bot':<22}{'mean score':>11}{'spread (sd)':>13}{'wins':>8}")
        for kind in dict.fromkeys(kinds):
            lines.append(_row(f"{kind:<22}", tally, [s for s in seats if kinds[s] == kind]))
        lines.append("(a shared win counts as a win for every winner)")
        lines.append(f"{'contracts made by round type':<40}{'made':>8}{'of':>8}{'rate':>8}")
        for label, kept, bids in tally.contracts:
            if bids:
                lines.append(f"{label:<40}{kept:>8}{bids:>8}{kept / bids:>8.1%}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        """The exact tally and the bots by seat, as JSON values (``--summary-json``).

        >>> Summary(Tally(1, (3,), (9,), (1,), ()), ("random",)).to_json()["bots"]
        ['random']
        """
        return {"format": "pyclag-summary/1", "bots": list(self.kinds), **self.tally.to_json()}


def _row(head: str, tally: Tally, seats: Sequence[int]) -> str:
    """Mean, spread (population sd, from the exact sums) and win rate of ``seats`` pooled."""
    count = tally.games * len(seats)
    total = sum(tally.score_sum[seat] for seat in seats)
    squares = sum(tally.score_squares[seat] for seat in seats)
    spread = math.sqrt(Fraction(count * squares - total * total, count * count))
    won = sum(tally.wins[seat] for seat in seats)
    return f"{head}{total / count:>11.1f}{spread:>13.1f}{won / count:>8.1%}"


def simulate_many(
    rules: RuleSet,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    first_dealer: int = 0,
    shard_size: int = DEFAULT_SHARD_SIZE,
    map: Map | None = None,
    on_shard: Callable[[Tally], None] | None = None,
    search: Search | None = None,
) -> Summary:
    """Play ``games`` seeded games in shards on ``map`` (default: the built-in,
    in this process) and merge their tallies; ``on_shard`` sees each finished
    shard's tally (for a progress bar). A shard that fails or never returns is
    a :class:`ShardError` naming it and its seeds. PIMC bots search with the
    ``search`` settings (:class:`~pyclag.bots.names.Search`).

    >>> import pyclag
    >>> simulate_many(pyclag.NORMAL, 3, ["genius"], 5)
    Traceback (most recent call last):
    pyclag.errors.RulesError: simulate_many: bots must be named from heuristic, pimc, random, search; not 'genius'
    >>> print(simulate_many(pyclag.NORMAL.with_schedule([1]), 3, ["heuristic"], 2, seed=1))
    seat  bot              mean score  spread (sd)    wins
    ...
    normal                                         3       6   50.0%
    """
    games, seed, shard_size = whole(games), whole(seed), whole(shard_size)  # NumPy's too
    for name, value in (("games", games), ("seed", seed), ("shard_size", shard_size)):
        if not is_whole(value):
            raise not_a("simulate_many", name, "an int", value)
    if not 1 <= games <= MAX_GAMES:
        raise RulesError(f"simulate_many: games must be in 1..{MAX_GAMES:,}, not {games}")
    if shard_size < 1:
        raise RulesError(f"simulate_many: shard_size must be at least 1 game, not {shard_size}")
    if isinstance(bots, str) or not bots:
        raise RulesError(f"simulate_many: bots must be a non-empty list of bot names, not {bots!r}")
    for name in bots:
        if name not in BOT_NAMES:
            raise RulesError(
                f"simulate_many: bots must be named from {', '.join(BOT_NAMES)}; not {name!r}"
            )
    new_game(rules, players=players, first_dealer=first_dealer)  # refuses a bad table
    settings = Search() if search is None else search
    make_bots(bots, [], seed, settings)  # refuses settings no PIMC bot takes, before any shard
    run = Shard(0, rules, players, tuple(bots), first_dealer, 0, games, seed, settings)
    plan = run.split(shard_size)
    # A byte a shard says which have come back: the memory of a run stays flat.
    done = bytearray(len(plan))
    left = len(plan)
    tally = EMPTY
    try:
        # The plan itself, not an iterator of it: Dask's map takes sequences only. A
        # map that sends every shard at once (a process pool) may find a worker dead
        # before it has sent them all.
        results: Iterator[tuple[int, Tally]] = iter((map or builtins.map)(play_shard, plan))
    except Exception as err:
        raise _lost(plan, done, err) from err
    while left:
        try:
            index, part = next(results)
        except StopIteration:
            raise ShardError(_missing(plan, done, "the map returned no result for it")) from None
        except ShardError:
            raise
        except Exception as err:  # a worker that died, a cluster that went away
            raise _lost(plan, done, err) from err
        if not 0 <= index < len(done) or done[index]:
            raise ShardError(f"shard {index} came back twice or was never sent")
        done[index] = 1
        left -= 1
        tally = tally + part
        if on_shard is not None:
            on_shard(part)
    return Summary(tally, tuple(bots[seat % len(bots)] for seat in range(players)))


def _lost(plan: Sequence[Shard], done: bytearray, err: Exception) -> ShardError:
    """The error of a run whose map failed with ``err``, naming a shard it lost."""
    return ShardError(_missing(plan, done, f"{type(err).__name__}: {err}"))


def _missing(plan: Sequence[Shard], done: bytearray, why: str) -> str:
    first = plan[done.index(0)]
    unfinished = done.count(0)
    more = f" (and {unfinished - 1} more shards unfinished)" if unfinished > 1 else ""
    return f"{first} did not finish{more}: {why}"
