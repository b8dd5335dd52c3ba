"""OpenSpiel's ISMCTS bot against random bots on the Wikipedia rules.

Run it with ``python examples/openspiel_ismcts.py [GAMES] [SIMULATIONS] [DEALS]``
after ``pip install 'pyclag[openspiel]'``. Seat 0 searches (with pyclag's
resampler, :func:`pyclag.determinize`); seats 1 to 3 play at random. A game
is the first DEALS deals of the Wikipedia schedule (0: all 22; the default 3
keeps the example quick).
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
from typing import Any


class Searcher:
    """OpenSpiel's Python ISMCTS bot as ``evaluate_bots`` drives a bot: it
    searches afresh at every decision, so a new game and the others' actions
    need no bookkeeping (the bot itself has no ``restart_at``)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def restart_at(self, state: Any) -> None:
        """Nothing to forget."""

    def inform_action(self, state: Any, player: int, action: int) -> None:
        """Nothing to track."""

    def step(self, state: Any) -> int:
        """The search's choice."""
        return int(self.bot.step(state))


def main(games: int, simulations: int, deals: int) -> None:
    """Play ``games`` games and print each seat's mean return."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

    import pyclag.openspiel  # noqa: F401  (registers python_clag)

    params: dict[str, Any] = {"preset": "wikipedia", "players": 4}
    if deals:
        params["num_deals"] = deals
    game = pyspiel.load_game("python_clag", params)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    search = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng
    )
    bots = [Searcher(search), *(pyspiel.make_uniform_random_bot(seat, seat) for seat in (1, 2, 3))]
    returns = [
        evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng) for _ in range(games)
    ]
    for seat in range(4):
        who = "ISMCTS" if seat == 0 else "random"
        mean = statistics.fmean(float(result[seat]) for result in returns)
        print(f"seat {seat} ({who}): mean {mean:6.1f} over {games} games")


if __name__ == "__main__":
    if importlib.util.find_spec("pyspiel") is None:
        print("this example needs OpenSpiel: pip install 'pyclag[openspiel]'")
        sys.exit(0)
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 2,
        int(sys.argv[2]) if len(sys.argv) > 2 else 20,
        int(sys.argv[3]) if len(sys.argv) > 3 else 3,
    )
