"""Helpers for building exact test situations."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pyclag
from pyclag import DECK, Card, GameState, Rank, RuleSet
from pyclag.playout import play_out
from pyclag.rules import RankOrder

# E1's pack (RULES.md §5): A AS 7H 3D, B KS QH 2C, C 9S TD 5H, D 4S JH 8C; turn-up 6H.
E1_TOP = "AS KS 9S 4S 7H QH TD JH 3D 2C 5H 8C 6H"


def deck_from(top: str) -> tuple[Card, ...]:
    """A full pack: the cards of ``top`` first, in order, then the rest in DECK order."""
    first = pyclag.parse_cards(top)
    rest = [card for card in DECK if card not in first]
    return (*first, *rest)


def dealt(rules: RuleSet, players: int, top: str, first_dealer: int = 0) -> GameState:
    """A new game of ``rules`` whose first round is dealt from ``deck_from(top)``."""
    state = pyclag.new_game(rules, players=players, first_dealer=first_dealer)
    return pyclag.deal(state, deck=deck_from(top))


def bid_all(state: GameState, bids: Iterable[int]) -> GameState:
    """Make ``bids`` in bidding order."""
    for tricks in bids:
        state = pyclag.bid(state, tricks)
    return state


def play_all(state: GameState, cards: str) -> GameState:
    """Play ``cards`` (text) in playing order."""
    for card in pyclag.parse_cards(cards):
        state = pyclag.play(state, card)
    return state


def random_game(rules: RuleSet, players: int, seed: int, first_dealer: int = 0) -> GameState:
    """A whole game played with random legal actions from ``seed``."""
    state = pyclag.new_game(rules, players=players, first_dealer=first_dealer)
    return play_out(state, random.Random(seed))


def rank_value(rank: Rank, order: RankOrder) -> int:
    """§1.8, written out independently of the library: ace high 2..14; aces low
    (in plain suits under ACES_LOW_PLAIN) A = 1; Nuloss reverses the natural order."""
    if order is RankOrder.ACE_HIGH:
        return rank.value
    if order in (RankOrder.ACES_LOW, RankOrder.ACES_LOW_PLAIN):
        return 1 if rank is Rank.ACE else rank.value
    return 16 - rank.value
