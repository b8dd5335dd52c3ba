"""The time a decision of the search bots, as ``pyclag play --bots search`` seats them.

Run it with ``python examples/search_times.py [GAMES] [--deals D] [--seed S]``: GAMES
Wikipedia games of 4 players (default 1), each its first D deals (default 4; 0: the
whole game), seats 1 to 3 the search bots ``pyclag play --bots search`` seats
(:func:`pyclag.bots.names.make_bots`, their default settings) and seat 0 the heuristic
bot standing in for the player. Every decision of a search bot that has a choice is
timed; it prints the count, the median, the 90th percentile and the longest, in
milliseconds, for each kind of deal and for all of them.
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics
import time
from collections.abc import Sequence

import pyclag
from pyclag.bots import Bot, HeuristicBot
from pyclag.bots.names import make_bots


def line(kind: str, times: Sequence[float]) -> str:
    """One row of the table: ``times`` in milliseconds.

    >>> line("plain", [3.0, 1.0, 2.0])
    'plain                        3 decisions: median     2.0 ms, 90%     2.0, longest     3.0'
    """
    ordered = sorted(times)
    tenth = ordered[int(0.9 * (len(ordered) - 1))]
    return (
        f"{kind:24s} {len(ordered):5d} decisions: median {statistics.median(ordered):7.1f} ms, "
        f"90% {tenth:7.1f}, longest {ordered[-1]:7.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=1)
    parser.add_argument("--deals", type=int, default=4, help="deals a game (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    by_kind: dict[str, list[float]] = collections.defaultdict(list)
    for game in range(args.games):
        state = pyclag.new_game(pyclag.presets.WIKIPEDIA, 4)
        bots: list[Bot] = [HeuristicBot(), *make_bots(["search"], [1, 2, 3], args.seed + game)]
        rng = random.Random(args.seed + game)
        while not pyclag.is_over(state) and (not args.deals or len(state.history) < args.deals):
            actor = state.round.to_act
            if not isinstance(actor, int):  # chance: a deal, a draw or a face-down shuffle
                state = pyclag.apply(state, pyclag.sample_chance(state, rng))
                continue
            view = pyclag.observe(state, actor)
            start = time.perf_counter()
            action = bots[actor].choose(view)
            took = (time.perf_counter() - start) * 1000
            if actor and len(view.legal) > 1:
                by_kind[state.round.setup.played.label or "plain"].append(took)
            state = pyclag.apply(state, action)
    for kind, times in sorted(by_kind.items()):
        print(line(kind, times))
    print(line("every decision", [t for times in by_kind.values() for t in times]))


if __name__ == "__main__":
    main()
