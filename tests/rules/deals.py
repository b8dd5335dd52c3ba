"""Shared packs and helpers of the special-deal clause tests (tests/rules/test_special_deals.py,
test_twos_wild.py, test_aces_low_dealer_calls_most_tricks.py, test_raf_calls.py).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pytest

import pyclag
from pyclag import (
    Card,
    GameState,
    RoundSpec,
    RuleSet,
    Suit,
)

E = TypeVar("E", bound=Exception)

C = Card.parse
CLUBS, DIAMONDS, HEARTS, SPADES = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES

# E1's play (RULES.md §5), trick by trick, from tests.helpers.E1_TOP.
E1_PLAY = ("AS KS 9S 4S", "3D QH TD 8C", "2C 5H JH 7H")

# The misère pack (also dealt as a normal RAF deal): A AS 4D KC, B AH KH 5C, C 2S 3S 4S,
# D 5S 6S 7S; turn-up 6H.
MISERE_TOP = "AS AH 2S 5S 4D KH 3S 6S KC 5C 4S 7S 6H"
MISERE_TRUMPS_PLAY = (
    "AS AH 2S 5S  KH 3S 6S 4D  5C 4S 7S KC"  # B ruffs, leads a trump; A takes the last
)


def top_of(hands: Sequence[str], turnup: str) -> str:
    """The top of a pack that deals ``hands`` (eldest first, one text per seat)
    one card at a time, followed by ``turnup``."""
    rows = [hand.split() for hand in hands]
    size = len(rows[0])
    assert all(len(row) == size for row in rows)
    return " ".join([*(row[k] for k in range(size) for row in rows), turnup])


def refused(state: GameState, error: type[E], attempt: Callable[..., object], *args: object) -> E:
    """``attempt(state, *args)`` raises ``error`` and leaves ``state`` unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(error) as info:
        attempt(state, *args)
    assert state == before
    return info.value


def one_round(*specs: RoundSpec, **options: Any) -> RuleSet:
    """NORMAL rules (F1, NE hook) over ``specs``, with ``options`` applied."""
    rules = pyclag.NORMAL.with_schedule(list(specs))
    return rules.with_options(**options) if options else rules


def cards(text: str) -> tuple[Card, ...]:
    return pyclag.parse_cards(text)


def trick_cards(state: GameState, result: int = -1) -> list[str]:
    """Each trick of a finished round as text, cards in playing order."""
    return [" ".join(str(p.card) for p in t.plays) for t in state.history[result].tricks]
