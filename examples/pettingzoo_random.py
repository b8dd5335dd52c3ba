"""Random agents in pyclag's PettingZoo environment: the AEC loop, to the end of
each game, with the deals per second it ran at.

Run it with ``python examples/pettingzoo_random.py [GAMES] [PRESET]``; it needs the
pettingzoo extra (``pip install 'pyclag[pettingzoo]'``) and says so without it.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from pyclag.pettingzoo import env


def play(game: Any, rng: random.Random) -> dict[str, float]:
    """One game of ``game`` (an AEC environment, reset), each agent choosing a
    legal action id at random from its action mask; the agents' total rewards."""
    totals: dict[str, float] = {}
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] = totals.get(agent, 0.0) + float(reward)
        if terminated or truncated:
            game.step(None)  # a finished agent steps with None, as PettingZoo asks
            continue
        legal = observation["action_mask"].nonzero()[0].tolist()  # the legal action ids
        game.step(rng.choice(legal))
    return totals


def main(games: int, preset: str) -> None:
    """Play ``games`` seeded games of ``preset`` for 4 players; print each game's totals."""
    try:
        game = env(preset=preset, players=4)
    except ImportError as error:  # the extra is not installed: say which
        print(error)
        return
    rng = random.Random(0)
    deals = 0
    start = time.perf_counter()
    for number in range(games):
        game.reset(seed=number)
        totals = play(game, rng)
        deals += len(game.unwrapped.state().history)
        print(f"game {number}: " + " ".join(f"{a}={t:g}" for a, t in sorted(totals.items())))
    seconds = time.perf_counter() - start
    print(f"{deals} deals in {seconds:.2f} s: {deals / seconds:.0f} deals per second")


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 3,
        sys.argv[2] if len(sys.argv) > 2 else "wikipedia",
    )
