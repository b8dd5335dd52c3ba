"""Heuristic bots against random bots: seeded games of a preset, mean scores.

Run it with ``python examples/bot_match.py [GAMES] [PRESET]``. Each bot sees
only its own observation (:func:`pyclag.observe`).
"""

from __future__ import annotations

import random
import statistics
import sys

import pyclag
from pyclag.bots import Bot, HeuristicBot, RandomBot, play_game


def main(games: int, preset: str) -> None:
    """Seat heuristic bots at 0 and 2, random bots at 1 and 3, rotating the deal."""
    rules = pyclag.presets.get(preset)
    scores: dict[str, list[int]] = {"heuristic": [], "random": []}
    for game in range(games):
        bots: list[Bot] = [
            HeuristicBot(),
            RandomBot(random.Random(game)),
            HeuristicBot(),
            RandomBot(random.Random(-game)),
        ]
        start = pyclag.new_game(rules, players=4, first_dealer=game % 4)
        end = play_game(start, bots, random.Random(game))
        for seat, score in enumerate(end.scores):
            scores["heuristic" if seat % 2 == 0 else "random"].append(score)
    for name, values in scores.items():
        print(f"{name:<10} mean {statistics.fmean(values):6.1f} over {len(values)} seats")


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 20,
        sys.argv[2] if len(sys.argv) > 2 else "wikipedia",
    )
