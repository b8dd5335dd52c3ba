"""pyclag's PIMC bot at one table with OpenSpiel's information-set MCTS.

Run it with ``python examples/search_match.py [DEALS] [SIMULATIONS] [--seed S]
[--test pimc|heuristic]`` after ``pip install 'pyclag[openspiel]'``. Every
deal is a 4-player 7-card normal deal of the Wikipedia rules (F1 scoring)
played through the OpenSpiel game ``python_clag``, twice: once with the bot
under test in seats 0 and 2 and ISMCTS (SIMULATIONS simulations a decision,
random rollouts, pyclag's resampler) in seats 1 and 3, once the other way
round. Chance draws from its own generator, so both games of a deal deal the
same cards. It prints the mean points per deal of each side, their paired
difference with its standard error, the contracts each makes, and the time
each takes a decision.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import statistics
import sys
import time
from typing import Any


class Timed:
    """An OpenSpiel bot that times its own decisions."""

    def __init__(self, choose: Any) -> None:
        self.choose = choose
        self.seconds: list[float] = []

    def restart_at(self, state: Any) -> None:
        """Nothing to forget: each decision is searched afresh."""

    def inform_action(self, state: Any, player: int, action: int) -> None:
        """Nothing to track."""

    def step(self, state: Any) -> int:
        """The bot's action id, timed."""
        start = time.perf_counter()
        action = int(self.choose(state))
        self.seconds.append(time.perf_counter() - start)
        return action


def pyclag_bot(bot: Any) -> Timed:
    """A pyclag bot (observation in, action out) as an OpenSpiel bot (ids)."""
    import pyclag
    from pyclag import codec

    def choose(state: Any) -> int:
        view = pyclag.observe(state.position.state, state.current_player())
        return codec.action_id(bot.choose(view))

    return Timed(choose)


def _mean_se(values: list[float]) -> tuple[float, float]:
    spread = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return statistics.fmean(values), spread


def main() -> None:
    """Play the match and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", type=int, default=1)
    parser.add_argument("simulations", nargs="?", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--test", choices=("pimc", "heuristic"), default="pimc")
    args = parser.parse_args()

    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

    import pyclag.openspiel  # noqa: F401  (registers python_clag)
    from pyclag.bots import HeuristicBot
    from pyclag.bots.pimc import PIMCBot

    game = pyspiel.load_game("python_clag", {"preset": "wikipedia", "players": 4, "hand_size": 7})
    search_rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=search_rng)
    ismcts_bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=args.simulations, random_state=search_rng
    )
    searcher = Timed(ismcts_bot.step)
    tested = pyclag_bot(
        PIMCBot(seed=args.seed, objective="points") if args.test == "pimc" else HeuristicBot()
    )
    differences: list[float] = []
    points: dict[str, list[float]] = {"test": [], "ismcts": []}
    made: dict[str, list[bool]] = {"test": [], "ismcts": []}
    for deal in range(args.deals):
        per_deal = {"test": 0.0, "ismcts": 0.0}
        for first in ("test", "ismcts"):
            sides = [first, "ismcts" if first == "test" else "test"] * 2
            bots = [tested if side == "test" else searcher for side in sides]
            state = game.new_initial_state()
            returns = evaluate_bots.evaluate_bots(
                state, bots, np.random.RandomState(args.seed * 100_003 + deal)
            )
            result = state.position.state.history[0]  # evaluate_bots played it to the end
            for seat, side in enumerate(sides):
                per_deal[side] += returns[seat] / 4
                points[side].append(float(returns[seat]))
                made[side].append(result.bids[seat] == result.tricks_won[seat])
        differences.append(per_deal["test"] - per_deal["ismcts"])
    print(
        f"{args.test} against ISMCTS ({args.simulations} simulations): {args.deals} deals x 2 "
        f"seatings, 4 players, 7 cards, seed {args.seed}"
    )
    for side in ("test", "ismcts"):
        mean, se = _mean_se(points[side])
        share = 100 * statistics.fmean(made[side])
        print(f"{side:<8} points per deal {mean:6.2f} (se {se:.2f}), contracts made {share:.1f}%")
    mean, se = _mean_se(differences)
    print(f"paired difference {mean:+.2f} (se {se:.2f}) points per deal")
    for name, bot in (("test", tested), ("ismcts", searcher)):
        print(f"{name:<8} {statistics.fmean(bot.seconds) * 1000:.1f} ms per decision")


if __name__ == "__main__":
    if importlib.util.find_spec("pyspiel") is None:
        print("this example needs OpenSpiel: pip install 'pyclag[openspiel]'")
        sys.exit(0)
    main()
