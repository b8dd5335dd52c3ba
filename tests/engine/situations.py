"""Hostile-input situations: one state per pending decision, for the test_hostile_*.py modules."""

from __future__ import annotations

import random
from typing import Final

import pyclag
from pyclag import (
    Call,
    Card,
    Play,
    RoundRules,
    Suit,
    presets,
)
from pyclag.scoring.schemes import F1
from tests.helpers import E1_TOP, bid_all, dealt, random_game

# --- situations: one state per pending decision ------------------------------------------

FRESH: Final = pyclag.new_game(pyclag.NORMAL, players=4)
BIDDING: Final = dealt(pyclag.NORMAL.with_schedule([3, 2]), 4, E1_TOP, first_dealer=3)
"""Seat 0 to bid, 0..3."""
PLAYING: Final = bid_all(BIDDING, [1, 1, 0, 0])
"""Seat 0 to lead, holding 3D 7H AS."""
RAF_ELDEST: Final = presets.get("raf", first_deal_caller="eldest")
CHOOSING: Final = pyclag.new_game(RAF_ELDEST, players=4)
"""The dealer, seat 0, to choose a hand size of 3..7."""
CALLING: Final = pyclag.deal(pyclag.choose_hand_size(CHOOSING, 3), rng=random.Random(4))
"""Seat 1 to call."""
SHUFFLING: Final = bid_all(pyclag.call(CALLING, Call(1, Suit.SPADES, blind=True)), [1, 1, 0, 0])
"""A RAF Blind deal waiting for the face-down shuffle."""
DECLARING: Final = pyclag.deal(
    pyclag.new_game(pyclag.NORMAL.with_schedule([presets.PAGAT.schedule[13]]), 4),
    rng=random.Random(2),
)
"""The dealer, seat 0, to declare trumps (C D H S, no trumps not allowed)."""
OVER: Final = random_game(pyclag.NORMAL.with_schedule([1]), players=3, seed=1)
PLAYS: Final = (Play(0, Card.parse("AS")), Play(1, Card.parse("KS")))
RULES: Final = RoundRules(Suit.HEARTS, F1)


def param_id(value: object) -> str:
    shown = repr(value)
    return shown if len(shown) <= 24 else f"{type(value).__name__}..."
