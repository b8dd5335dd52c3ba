"""Build the Foss rules (RULES.md §2.6) from the rule vocabulary and play them.

Nothing in the engine knows about Foss: the rule set is a schedule of round
specs from :mod:`pyclag.rules.catalogue` plus a scoring scheme. Its game is
saved as a ``pyclag/2`` record, which holds the rule set itself as data, and
restored. Run it with ``python examples/custom_ruleset.py [SEED]``.
"""

from __future__ import annotations

import json
import random
import sys

import pyclag
from pyclag import records
from pyclag.bots import HeuristicBot, play_game
from pyclag.rules import catalogue
from pyclag.scoresheet.scorecard import score_card
from pyclag.scoring.schemes import F1

# taylorfoss.com "The Rules of Clagg" (2008): seven normal rounds up, six specials,
# seven normal rounds down; F1 scoring; the "not equal" hook (RULES.md §2.6, A34).
FOSS = pyclag.RuleSet(
    "foss",
    [
        *range(1, 8),
        catalogue.no_trumps(),
        catalogue.guess_trumps(),
        catalogue.misere(trumps=False, per_trick=-2),
        catalogue.misere(trumps=True, per_trick=-3),
        catalogue.blind_unseen(trump_visible=True),
        catalogue.roll_em(),
        *range(7, 0, -1),
    ],
    scoring=F1,
)


def main(seed: int) -> None:
    """Print the Foss schedule, then a game of it among heuristic bots, then
    what its record holds."""
    for number, spec in enumerate(FOSS.schedule, 1):
        print(f"deal {number:2}: {spec.hand_size} cards {spec.label or 'normal'}")
    state = pyclag.new_game(FOSS, players=4)
    state = play_game(state, [HeuristicBot() for _ in range(4)], random.Random(seed))
    print(score_card(state))
    text = records.dump(state)  # the rules are no preset, so they are written whole
    restored = records.replay(records.load(text))
    record = json.loads(text)
    print(
        f"record: format {record['format']}, rules {record['rules']['name']!r}, {len(text)} characters"
    )
    print(f"restored from the record: {'the same game' if restored == state else 'ANOTHER GAME'}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
