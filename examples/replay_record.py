"""Write a game record, read it back, replay it, and see a tampered one refused.

Run it with ``python examples/replay_record.py [SEED]``.
"""

from __future__ import annotations

import json
import random
import sys

import pyclag
from pyclag import records
from pyclag.engine import play_out


def main(seed: int) -> None:
    """Play a short Scottish game, record it, replay it, then break the record."""
    rules = pyclag.presets.get("scottish").with_schedule([3, 2])
    state = play_out(pyclag.new_game(rules, players=3), random.Random(seed))
    text = records.dump(state)
    print(text)
    again = records.replay(records.load(text))
    print("replayed to the same state:", again == state)
    print(json.dumps(records.summary(again)))

    tampered = json.loads(text)
    tampered["rounds"][0]["bids"][0] = 9  # nobody holds nine cards in a three-card deal
    try:
        records.replay(records.load(json.dumps(tampered)))
    except pyclag.RecordError as err:
        print(f"refused ({err.path}): {err}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
