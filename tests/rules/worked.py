"""Seats and pack builders of the special-deal worked examples (RULES.md §5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import pyclag
from pyclag import (
    DECK,
    Card,
    GameState,
    Phase,
    RoundSpec,
    RuleSet,
    Suit,
)
from pyclag.rules.ordering import RankOrder

A, B, C, D, E = range(5)

# E3's trick winners (E13 and E14 reuse them): tricks A 0, B 3, C 2, D 2.
E3_WINNERS: Final = (B, B, B, C, C, D, D)


# --- building a pack that produces given trick winners ------------------------------


def single_suit_tricks(
    winners: Sequence[int], players: int, order: RankOrder = RankOrder.ACE_HIGH
) -> list[tuple[Card, ...]]:
    """Cards by seat for each trick: every trick is one suit (spades, hearts,
    diamonds, clubs in turn) and its winner holds the best card of it, so any
    leader and any follow-suit duty give exactly ``winners``."""
    pools = {suit: list(order.high_to_low()) for suit in Suit}
    suits = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    tricks = []
    for number, winner in enumerate(winners):
        suit = suits[number % 4]
        ranks, pools[suit] = pools[suit][:players], pools[suit][players:]
        others = iter(ranks[1:])
        tricks.append(
            tuple(
                Card(suit, ranks[0] if seat == winner else next(others)) for seat in range(players)
            )
        )
    return tricks


def pack(
    tricks: Sequence[Sequence[Card]], dealer: int, turnup: Card | None = None
) -> tuple[Card, ...]:
    """A 52-card pack, top first, that deals seat ``s`` the cards ``tricks[k][s]``
    (§1.4: card i goes to seat (dealer + 1 + i) % N), then ``turnup``."""
    players = len(tricks[0])
    top = [
        tricks[k][(dealer + 1 + j) % players] for k in range(len(tricks)) for j in range(players)
    ]
    if turnup is not None:
        top.append(turnup)
    return (*top, *(card for card in DECK if card not in top))


def play_tricks(state: GameState, tricks: Sequence[Sequence[Card]]) -> GameState:
    """Play each trick's cards (given by seat) in playing order from its leader."""
    for trick in tricks:
        players = len(trick)
        leader = state.round.leader
        for i in range(players):
            seat = (leader + i) % players
            assert pyclag.next_actor(state) == seat
            state = pyclag.play(state, trick[seat])
    return state


def one_deal(rules: RuleSet, spec: RoundSpec) -> RuleSet:
    """``rules`` (its scoring, hook and options) with ``spec`` as its only deal."""
    return rules.with_schedule([spec])


def misere_deal(rules: RuleSet, winners: Sequence[int], players: int = 4) -> GameState:
    """A whole misère (or most-tricks) deal of ``rules`` whose tricks go to ``winners``."""
    tricks = single_suit_tricks(winners, players)
    state = pyclag.new_game(rules, players=players, first_dealer=players - 1)
    state = pyclag.deal(state, deck=pack(tricks, dealer=players - 1))
    assert pyclag.phase(state) is Phase.PLAY  # no bidding (§2.0)
    state = play_tricks(state, tricks)
    assert pyclag.is_over(state)
    assert state.history[0].trick_winners == tuple(winners)
    return state
