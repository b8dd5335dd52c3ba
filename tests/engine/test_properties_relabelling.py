"""The metamorphic property of RULES.md §4 invariant 42: relabelling the suits consistently
leaves trick winners and whole games unchanged.

Each test is named after the invariant it checks and quotes its wording. Most
draw a table of one of the five presets (a player count in the preset's range,
a first dealer and some of its options) and play a whole game with seeded
random legal actions, every state kept (:mod:`tests.engine.special_games`). The
expectations come from the preset tables of RULES.md §2 written out there, not
from the rule set pyclag builds, so a preset that drifts from the rules fails.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import (
    DECK,
    Action,
    Call,
    Card,
    Deal,
    DeclareTrump,
    Play,
    Rank,
    RoundRules,
    ShuffleHands,
    Suit,
)
from pyclag.rules import Precedence, RankOrder
from pyclag.scoring import SCHEMES
from tests.engine.special_games import PRESETS, games, natural_tricks

# --- suit relabelling ------------------------------------------------------------------------


Relabel = dict[Suit, Suit]


def relabel_card(card: Card, sigma: Relabel) -> Card:
    return Card(sigma[card.suit], card.rank)


def relabel_play(play: Play, sigma: Relabel) -> Play:
    named = None if play.as_card is None else relabel_card(play.as_card, sigma)
    return Play(play.seat, relabel_card(play.card, sigma), named)


def relabel_action(action: Action, sigma: Relabel) -> Action:
    """The action with every suit in it relabelled (trumps, precedences, cards)."""
    if isinstance(action, Deal):
        return Deal(tuple(relabel_card(card, sigma) for card in action.deck))
    if isinstance(action, Play):
        return relabel_play(action, sigma)
    if isinstance(action, DeclareTrump):
        suit = action.suit
        return DeclareTrump(action.seat, sigma[suit] if isinstance(suit, Suit) else suit)
    if isinstance(action, ShuffleHands):
        return ShuffleHands(
            tuple(tuple(relabel_card(c, sigma) for c in order) for order in action.piles)
        )
    if isinstance(action, Call):
        suits = action.suits
        if isinstance(suits, Suit):
            suits = sigma[suits]
        elif isinstance(suits, Precedence):
            suits = Precedence(tuple(sigma[s] for s in suits.order))
        return Call(action.seat, suits, action.nuloss, action.blind, action.misere, action.madness)
    return action  # bids and hand sizes name no suit


@st.composite
def mixed_tricks(draw: st.DrawFn) -> tuple[tuple[Play, ...], RoundRules]:
    """A trick of natural cards and wild twos declared as distinct cards, with
    drawn round rules (trump or precedence, rank order)."""
    plays = list(draw(natural_tricks()))
    naturals = {p.card for p in plays}
    declared: set[Card] = set()
    for i, play in enumerate(plays):
        if play.card.rank is Rank.TWO and draw(st.booleans(), label="wild"):
            pool = [c for c in DECK if c not in declared]
            named = draw(st.sampled_from(pool), label="declared")
            declared.add(named)
            plays[i] = Play(play.seat, play.card, named)
    assert naturals
    ranks = draw(st.sampled_from(RankOrder), label="ranks")
    if draw(st.booleans(), label="precedence"):
        order = tuple(draw(st.permutations(list(Suit)), label="order"))
        rules = RoundRules(trump=None, scoring=SCHEMES["F1"], rank_order=ranks, precedence=order)
    else:
        trump = draw(st.one_of(st.none(), st.sampled_from(list(Suit))), label="trump")
        rules = RoundRules(trump=trump, scoring=SCHEMES["F1"], rank_order=ranks)
    return tuple(plays), rules


@given(mixed_tricks(), st.permutations(list(Suit)))
def test_inv42_relabelled_suits_leave_the_trick_winner(
    trick: tuple[tuple[Play, ...], RoundRules], image: list[Suit]
) -> None:
    """42. Metamorphic check: relabelling suits consistently (including the
    trump/precedence order) leaves trick winners unchanged."""
    plays, rules = trick
    sigma = dict(zip(Suit, image, strict=True))
    moved = RoundRules(
        trump=None if rules.trump is None else sigma[rules.trump],
        scoring=rules.scoring,
        rank_order=rules.rank_order,
        precedence=None if rules.precedence is None else tuple(sigma[s] for s in rules.precedence),
    )
    relabelled = tuple(relabel_play(p, sigma) for p in plays)
    assert pyclag.trick_winner(relabelled, moved) == pyclag.trick_winner(plays, rules)


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=15)
@given(data=st.data(), image=st.permutations(list(Suit)))
def test_inv42_relabelled_suits_replay_the_same_game(
    preset: str, data: st.DataObject, image: list[Suit]
) -> None:
    """42. Metamorphic check: relabelling suits consistently (the pack, the trump
    declarations, RAF named trumps and precedence orders, wild-two declarations,
    face-down orders) leaves trick winners and scores unchanged: the same actions,
    relabelled, replay a game of every deal type with the same bids, winners and points."""
    game = data.draw(games(preset), label="game")
    sigma = dict(zip(Suit, image, strict=True))
    state = game.table.new_game()
    for action in game.actions:
        state = pyclag.apply(state, relabel_action(action, sigma))
    assert pyclag.is_over(state)
    assert len(state.history) == len(game.results)
    for mine, theirs in zip(state.history, game.results, strict=True):
        assert mine.bids == theirs.bids
        assert mine.trick_winners == theirs.trick_winners
        assert mine.points == theirs.points and mine.totals == theirs.totals
        assert mine.made == theirs.made
        assert mine.tricks == tuple(
            type(t)(t.leader, tuple(relabel_play(p, sigma) for p in t.plays), t.winner)
            for t in theirs.tricks
        )
        turnup = theirs.setup.turnup
        assert mine.setup.turnup == (None if turnup is None else relabel_card(turnup, sigma))
        assert mine.setup.round_rules is not None and theirs.setup.round_rules is not None
        trump = theirs.setup.round_rules.trump
        assert mine.setup.round_rules.trump is (None if trump is None else sigma[trump])
    assert pyclag.winners(state) == pyclag.winners(game.final)
