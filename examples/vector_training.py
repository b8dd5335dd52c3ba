"""Learn to bid on the batch, then play it against random bots (issue 35 item 6):
``python examples/vector_training.py [GAMES [MATCHES]]`` (default ``20000 200``;
the measurement is ``200000 1000``).

The policy is linear and the method the simplest there is: GAMES random 7-card
deals run on :mod:`pyclag.vector` (4 players, Wikipedia's scoring: only an
exact bid scores); every bidder's observation vector is kept with the tricks
that seat went on to take; least squares fits the tricks from the vector. The
learned bidder bids the legal bid nearest its estimate and plays a random
legal card. Then, through the reference engine, it sits at seat 0 of MATCHES
games of 7-card deals against three :class:`~pyclag.bots.RandomBot` players,
each seat's mean score printed. Without NumPy (the ``vector`` extra) it says
so and stops.
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import sys
import time
from typing import Any

import pyclag
from pyclag import codec
from pyclag.bots import Bot, RandomBot, play_game
from pyclag.engine.phases import Phase
from pyclag.views import Observation

RULES = pyclag.NORMAL.with_schedule([7])
BIDDING = list(Phase).index(Phase.BID)  # a batch's phases are their places in Phase
PLAYERS = 4
BATCH = 2048


def collect(games: int) -> tuple[Any, Any]:
    """The observation vectors of every bidder in ``games`` random deals, and
    the tricks each of those seats took."""
    import numpy as np

    from pyclag.vector import Env

    env = Env(RULES, PLAYERS, BATCH)
    vectors, tricks = [], []
    for number in range(max(1, games // BATCH)):
        batch = env.reset(seed=number)
        seen, seats = [], []
        while not batch.terminated.all():
            if (batch.phase == BIDDING).all():  # every game is bidding
                seen.append(batch.observation)
                seats.append(batch.current_player)
            batch = env.step(batch, env.random_actions(batch, seed=number))
        won = batch.arrays.won  # the tricks each seat took in the deal
        for vector, seat in zip(seen, seats, strict=True):
            vectors.append(vector)
            tricks.append(won[np.arange(BATCH), seat])
    return np.concatenate(vectors), np.concatenate(tricks)


def fit(vectors: Any, tricks: Any) -> Any:
    """Least squares (a little ridge) from a vector, and 1, to the tricks."""
    import numpy as np

    x = np.hstack([vectors, np.ones((len(vectors), 1), np.float32)]).astype(np.float64)
    ridge = 1e-3 * np.eye(x.shape[1])
    return np.linalg.solve(x.T @ x + ridge, x.T @ tricks.astype(np.float64))


class LearnedBidder:
    """Bids the legal bid nearest the tricks its weights expect; plays at random."""

    def __init__(self, weights: Any, rng: random.Random) -> None:
        self.weights = weights
        self.rng = rng

    def choose(self, observation: Observation) -> pyclag.PlayerAction:
        bids = [action for action in observation.legal if isinstance(action, pyclag.Bid)]
        if not bids:
            return self.rng.choice(observation.legal)
        vector = [*codec.encode(observation), 1.0]
        expected = sum(w * v for w, v in zip(self.weights, vector, strict=True))
        return min(bids, key=lambda bid: abs(bid.tricks - expected))


def match(weights: Any, games: int) -> list[float]:
    """Each seat's mean score in ``games`` engine games, the learned bidder at seat 0."""
    totals = [0.0] * PLAYERS
    for game in range(games):
        bots: list[Bot] = [LearnedBidder(weights, random.Random(game))]
        bots += [RandomBot(random.Random(game * 7 + seat)) for seat in (1, 2, 3)]
        start = pyclag.new_game(RULES, PLAYERS, first_dealer=game % PLAYERS)
        end = play_game(start, bots, random.Random(game))
        totals = [total + score for total, score in zip(totals, end.scores, strict=True)]
    return [total / games for total in totals]


def main(argv: list[str]) -> None:
    if importlib.util.find_spec("numpy") is None:
        print("vector_training: needs the vector extra: pip install 'pyclag[vector]'")
        return
    games = int(argv[0]) if argv else 20000
    matches = int(argv[1]) if len(argv) > 1 else 200
    start = time.perf_counter()
    vectors, tricks = collect(games)
    weights = fit(vectors, tricks)
    seconds = time.perf_counter() - start
    print(f"learned from {len(vectors):,} bids of {games:,} random deals in {seconds:.1f} s")
    means = match(weights, matches)
    others = statistics.fmean(means[1:])
    print(f"learned bidder at seat 0: mean {means[0]:.2f} points a deal over {matches} deals")
    print(f"random bots at seats 1-3: mean {others:.2f} points a deal")


if __name__ == "__main__":
    main(sys.argv[1:])
