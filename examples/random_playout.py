"""Play one seeded game of a preset among random players and print the score card.

Run it with ``python examples/random_playout.py [SEED] [PRESET]``.
"""

from __future__ import annotations

import random
import sys

import pyclag
from pyclag.scoresheet.scorecard import score_card


def main(seed: int, preset: str) -> None:
    """Play the game, choosing every decision uniformly among the legal ones."""
    rng = random.Random(seed)
    state = pyclag.new_game(pyclag.presets.get(preset), players=4, first_dealer=0)
    while not pyclag.is_over(state):
        if pyclag.next_actor(state) is pyclag.CHANCE:
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
        else:
            state = pyclag.apply(state, rng.choice(pyclag.legal_actions(state)))
    print(score_card(state))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7, sys.argv[2] if len(sys.argv) > 2 else "raf")
