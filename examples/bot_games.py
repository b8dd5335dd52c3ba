"""Whole games: one PIMC bot against heuristic bots, with PIMC's settings.

Run it with ``python examples/bot_games.py [GAMES] [--seed S] [--seat K]
[--fit F] [--endgame E] [--worlds W] [--preset P] [--players N]
[--objective points|game] [--bid-search B] [--dump FILE]
[--oracle greedy|heuristic] [--baseline [--by-deal]]``. Game ``i``
is the game ``pyclag simulate --games GAMES --seed S --bots ...`` plays as
its ``i``-th (the pack from ``Random(S + i)``, the first dealer seat 0, each
PIMC bot seeded ``f"{S + i}:{seat}"``), with the PIMC bot in seat ``K`` (``-1``:
seat ``i % N``, so that it takes every seat in turn) and heuristic bots in
the others; ``--fit`` and ``--endgame`` are the :class:`~pyclag.bots.pimc.PIMCBot`
settings the command line does not pass (``--fit -1``, ``--endgame 0``:
``None``). With its defaults (``--fit 1 --endgame 3 --seat 0``, PIMCBot's) it
plays the games of ``pyclag simulate --bots pimc,heuristic,heuristic,heuristic``. It prints the PIMC bot's win rate (a
shared top score counts as a win, as :func:`pyclag.winners` says) with its
standard error, its mean final score and the heuristic bots', and the time
a decision; with ``--baseline`` also the same games played by heuristic bots
alone: how often the heuristic in the PIMC bot's seat won them. ``--oracle P``
puts a cheating PIMC bot in that seat instead (``bot_strength.py``'s
``Oracle``: it searches the true deal, with playouts of policy ``P``), for
the ceiling of this kind of search.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import random
import statistics
import time
from collections.abc import Sequence

import pyclag
from bot_strength import Oracle, play_seen
from pyclag.bots import Bot, HeuristicBot, play_game
from pyclag.bots.pimc import BID_SEARCH, ENDGAME, OBJECTIVE, OBJECTIVES, POLICIES, WORLDS, PIMCBot
from pyclag.views import Observation


class _Timed:
    """Times each decision of the bot it wraps."""

    def __init__(self, inner: Bot, seconds: list[float]) -> None:
        self.inner, self.seconds = inner, seconds

    def choose(self, observation: Observation) -> pyclag.PlayerAction:
        start = time.perf_counter()
        action = self.inner.choose(observation)
        self.seconds.append(time.perf_counter() - start)
        return action


def _share(hits: int, count: int) -> str:
    rate = hits / count
    return f"{rate:.1%} (se {math.sqrt(rate * (1 - rate) / count):.1%})"


def _mean(values: Sequence[float]) -> str:
    spread = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{statistics.fmean(values):.1f} (se {spread:.1f})"


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seat", type=int, default=0, help="the PIMC bot's seat; -1: rotating")
    parser.add_argument("--fit", type=int, default=1, help="PIMCBot's fit; -1: None")
    parser.add_argument("--endgame", type=int, default=ENDGAME, help="PIMCBot's endgame (0: None)")
    parser.add_argument("--worlds", type=int, default=None)
    parser.add_argument("--objective", choices=OBJECTIVES, default=OBJECTIVE)
    parser.add_argument(
        "--bid-search", type=int, default=BID_SEARCH, help="PIMCBot's bid_search (0: None)"
    )
    parser.add_argument("--dump", help="write each game's (won, final score) to this JSON file")
    parser.add_argument("--preset", default="wikipedia")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--baseline", action="store_true", help="also heuristic bots alone")
    parser.add_argument(
        "--oracle", choices=POLICIES, help="a cheating PIMC bot with these playouts instead"
    )
    parser.add_argument(
        "--by-deal", action="store_true", help="with --baseline: the points deal by deal"
    )
    args = parser.parse_args()
    rules = pyclag.presets.get(args.preset)
    players = args.players
    seconds: list[float] = []
    won, base_won = 0, 0
    scores: list[int] = []
    others: list[int] = []
    outcomes: list[tuple[bool, int]] = []  # each game's (won, final score), for --dump
    by_deal: list[list[int]] = []  # per deal of the game: the bot's points less the heuristic's
    for game in range(args.games):
        seed = args.seed + game
        seat = game % players if args.seat < 0 else args.seat
        bots: list[Bot] = [HeuristicBot() for _ in range(players)]
        pimc = PIMCBot(
            args.worlds or WORLDS,
            seed=f"{seed}:{seat}",
            fit=None if args.fit < 0 else args.fit,
            endgame=args.endgame or None,
            objective=args.objective,
            bid_search=args.bid_search or None,
        )
        if args.oracle:  # one world, the true one: its playouts are its whole search
            pimc = Oracle(1, args.oracle, seed=f"{seed}:{seat}", endgame=None, objective="points")
        bots[seat] = _Timed(pimc, seconds)
        start = pyclag.new_game(rules, players=players, first_dealer=0)
        end = play_seen(start, bots, random.Random(seed))  # play_game's game, for PIMC
        won += seat in pyclag.winners(end)
        outcomes.append((seat in pyclag.winners(end), end.scores[seat]))
        scores.append(end.scores[seat])
        others += [score for other, score in enumerate(end.scores) if other != seat]
        if args.baseline:
            alone = play_game(start, [HeuristicBot() for _ in range(players)], random.Random(seed))
            base_won += seat in pyclag.winners(alone)
            for number, (mine, theirs) in enumerate(zip(end.history, alone.history, strict=True)):
                if number == len(by_deal):
                    by_deal.append([])
                by_deal[number].append(mine.points[seat] - theirs.points[seat])
    if args.dump:
        pathlib.Path(args.dump).write_text(json.dumps(outcomes))
    where = "rotating" if args.seat < 0 else str(args.seat)
    bot = f"oracle ({args.oracle} playouts)" if args.oracle else "PIMC"
    print(
        f"{args.games} {args.preset} games, {players} players, seed {args.seed}, "
        f"{bot} seat {where}, fit {args.fit}, endgame {args.endgame}, "
        f"objective {args.objective}, bid search {args.bid_search}"
    )
    print(f"{bot} won {_share(won, args.games)}")
    if args.baseline:
        print(f"the heuristic in its seat won {_share(base_won, args.games)} of the same games")
    print(f"mean final score: {bot} {_mean(scores)}, heuristic bots {_mean(others)}")
    print(f"ms a decision {1000 * statistics.fmean(seconds):.1f} over {len(seconds)} decisions")
    if args.by_deal and by_deal:
        # The bots choose by the deal alone, so a deal's cards are the same in both games
        # whatever went before: each deal is a pair of its own.
        print(f"deal by deal, {bot}'s points less the heuristic's in its seat:")
        for number, rows in enumerate(by_deal):
            spread = statistics.stdev(rows) / math.sqrt(len(rows)) if len(rows) > 1 else 0.0
            setup = end.history[number].setup  # the last game's deal of that number
            kind = setup.played.label.split(":")[0] or "normal"
            print(
                f"  {number + 1:>2}  {statistics.fmean(rows):+6.2f} (se {spread:.2f})  "
                f"{setup.hand_size} card{'' if setup.hand_size == 1 else 's'}, {kind}"
            )


if __name__ == "__main__":
    main()
