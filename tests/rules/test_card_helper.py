"""The card helper for bot authors (issue 18 item 6): :func:`pyclag.winning_play`,
:func:`pyclag.beats` and :func:`pyclag.card_strength` rule as the engine does
(RULES.md §1.8 comparator, A35 precedence, §4 invariant 27 wild twos, A37 Aces
Low, §2.3 and A36 Nuloss),
because the engine's trick resolution reads the same function.

The games are every preset's (and the options that change the deals), played
with random legal actions, wild twos included (:mod:`tests.views.games`).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import (
    Card,
    IllegalPlayError,
    Play,
    RoundRules,
    Suit,
    beats,
    card_strength,
    trick_winner,
    winning_play,
)
from pyclag.engine.state import GameState
from pyclag.rules.ordering import PRECEDENCE, RankOrder
from pyclag.scoring.schemes import F1
from tests.views.games import PRESETS, play


def _finished_tricks(state: GameState) -> list[tuple[RoundRules, tuple[Play, ...], int]]:
    found = []
    for result in state.history:
        rules = result.setup.round_rules
        assert rules is not None
        found += [(rules, trick.plays, trick.winner) for trick in result.tricks]
    return found


def _check_tricks(state: GameState) -> None:
    for rules, plays, winner in _finished_tricks(state):
        assert winning_play(plays, rules).seat == trick_winner(plays, rules) == winner
        led = plays[0].effective.suit
        for end in range(1, len(plays) + 1):
            so_far = plays[:end]
            best = winning_play(so_far, rules)
            at = so_far.index(best)
            # The winner so far beats every play before it and no later play beats it.
            assert all(beats(best, other, led, rules) for other in so_far[:at])
            assert not any(beats(other, best, led, rules) for other in so_far[at + 1 :])
            strengths = [card_strength(play, led, rules) for play in so_far]
            assert strengths.index(max(strengths)) == at


def test_rules_1_8_the_helper_names_the_engine_winner_in_every_preset() -> None:
    seen: set[object] = set()
    for name, rules in PRESETS.items():
        state = play(rules, 4, seed=len(name)).states[-1]
        _check_tricks(state)
        for round_rules, plays, _ in _finished_tricks(state):
            seen.add(round_rules.rank_order)
            seen.add("precedence" if round_rules.precedence else round_rules.trump is None)
            seen.update("wild" for play in plays if play.as_card is not None)
    # The deal types the helper must rule on were all played.
    assert {RankOrder.TWO_HIGH, RankOrder.ACES_LOW, "precedence", True, False, "wild"} <= seen


@settings(max_examples=12)
@given(name=st.sampled_from(sorted(PRESETS)), players=st.integers(3, 7), seed=st.integers(0, 999))
def test_rules_1_8_property_winning_play_equals_trick_winner(
    name: str, players: int, seed: int
) -> None:
    rules = PRESETS[name]
    players = min(max(players, rules.min_players), rules.max_players)
    _check_tricks(play(rules, players, seed).states[-1])


def _trick(text: str) -> tuple[Play, ...]:
    return tuple(Play(seat, card) for seat, card in enumerate(pyclag.parse_cards(text)))


def test_rules_1_8_a_trump_beats_the_suit_led_and_another_suit_cannot_win() -> None:
    rules = RoundRules(Suit.HEARTS, F1)
    assert str(winning_play(_trick("KS 3H AS"), rules)) == "3H"
    assert str(winning_play(_trick("KS AD"), rules)) == "KS"
    assert card_strength(Card.parse("AD"), Suit.SPADES, rules) == 0


def test_rules_a35_precedence_ranks_the_suits_whatever_was_led() -> None:
    rules = RoundRules(None, F1, precedence=PRECEDENCE)
    top, bottom = PRECEDENCE[0], PRECEDENCE[-1]
    low_top, ace_bottom = Card(top, pyclag.Rank.TWO), Card(bottom, pyclag.Rank.ACE)
    assert beats(low_top, ace_bottom, bottom, rules)
    assert not beats(ace_bottom, low_top, bottom, rules)


def test_rules_a37_aces_low_and_a36_nuloss_rank_orders() -> None:
    aces_low = RoundRules(None, F1, RankOrder.ACES_LOW)
    nuloss = RoundRules(None, F1, RankOrder.TWO_HIGH)
    assert str(winning_play(_trick("AC 2C"), aces_low)) == "2C"
    assert str(winning_play(_trick("AC 2C"), nuloss)) == "2C"
    assert str(winning_play(_trick("AC KC"), nuloss)) == "KC"
    # Nuloss reverses the trumps too (A36).
    trumps = RoundRules(Suit.CLUBS, F1, RankOrder.TWO_HIGH)
    assert str(winning_play(_trick("AH 3C 2C"), trumps)) == "2C"


def test_rules_invariant_27_a_wild_two_beats_the_card_it_names_played_naturally() -> None:
    rules = RoundRules(Suit.SPADES, F1)
    natural = Play(0, Card.parse("AH"))
    wild = Play(1, Card.parse("2C"), as_card=Card.parse("AH"))
    assert winning_play((natural, wild), rules) is wild
    assert winning_play((wild, Play(0, Card.parse("AH"))), rules) is wild
    assert beats(wild, natural, Suit.HEARTS, rules)
    # A bare card counts as played naturally.
    assert card_strength(Card.parse("2C"), Suit.HEARTS, rules) == 0


def test_the_helper_refuses_what_cannot_be_a_trick_or_a_card() -> None:
    rules = RoundRules(None, F1)
    with pytest.raises(IllegalPlayError, match="winning_play needs one or more Play"):
        winning_play((), rules)
    with pytest.raises(IllegalPlayError, match="winning_play: a trick has one play per seat"):
        winning_play((Play(0, Card.parse("AS")), Play(0, Card.parse("KS"))), rules)
    with pytest.raises(TypeError, match="winning_play: plays must be a sequence"):
        winning_play("AS KS", rules)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="round_rules must be a RoundRules"):
        winning_play(_trick("AS"), "F1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="card_strength: led must be a Suit, not str"):
        card_strength(Card.parse("AS"), "S", rules)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="card_strength: card must be a Card or a Play, not str"):
        beats("AS", Card.parse("KS"), Suit.SPADES, rules)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="card_strength: round_rules must be a RoundRules"):
        card_strength(Card.parse("AS"), Suit.SPADES, None)  # type: ignore[arg-type]
