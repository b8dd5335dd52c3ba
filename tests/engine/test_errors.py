"""Bad input gets the exact error of DESIGN.md §5, a message naming the input,
the reason and what was legal, and leaves the state passed in unchanged."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import pytest

import pyclag
from pyclag import (
    CHANCE,
    DECK,
    Bid,
    Call,
    Card,
    ChooseHandSize,
    ClagError,
    Deal,
    DeclareTrump,
    GameState,
    IllegalActionError,
    IllegalBidError,
    IllegalChanceError,
    IllegalDeclarationError,
    IllegalPlayError,
    OutOfTurnError,
    Play,
    Reason,
    RulesError,
    ShuffleHands,
    Suit,
    WrongPhaseError,
)
from tests.helpers import E1_TOP, bid_all, dealt, play_all, random_game

E = TypeVar("E", bound=Exception)


def _bidding() -> GameState:
    return dealt(pyclag.NORMAL.with_schedule([3, 2]), 4, E1_TOP, first_dealer=3)


def _playing() -> GameState:
    return bid_all(_bidding(), [1, 1, 0, 0])


def _refused(state: GameState, call: Callable[[GameState], object], error: type[E]) -> E:
    """Run ``call`` on ``state``; it must raise exactly ``error`` and change nothing."""
    before = copy.deepcopy(state)
    with pytest.raises(error) as caught:
        call(state)
    assert type(caught.value) is error
    assert state == before
    return caught.value


def test_every_error_is_a_clag_error_and_a_value_error() -> None:
    for kind in (RulesError, IllegalBidError, IllegalPlayError, WrongPhaseError, OutOfTurnError):
        assert issubclass(kind, ClagError)
        assert issubclass(kind, ValueError)


def test_wrong_phase_a_play_while_bids_are_pending() -> None:
    err = _refused(_bidding(), lambda s: pyclag.play(s, Card.parse("AS")), WrongPhaseError)
    assert isinstance(err, IllegalActionError)
    assert err.reason is Reason.WRONG_PHASE
    assert "illegal play AS" in str(err) and "is in the bid phase, not play" in str(err)
    assert "waiting for seat 0 to bid" in str(err)
    assert err.legal == tuple(Bid(0, b) for b in range(4))


def test_wrong_phase_a_bid_while_playing_and_queries_in_the_wrong_phase() -> None:
    _refused(_playing(), lambda s: pyclag.bid(s, 1), WrongPhaseError)
    _refused(_playing(), pyclag.legal_bids, WrongPhaseError)
    _refused(_bidding(), pyclag.legal_plays, WrongPhaseError)
    fresh = pyclag.new_game(pyclag.NORMAL, players=4)
    err = _refused(fresh, lambda s: pyclag.bid(s, 0), WrongPhaseError)
    assert "waiting for a chance step (deal)" in str(err)
    assert pyclag.legal_actions(fresh) == ()  # a chance node offers no list (52! packs)
    _refused(_bidding(), lambda s: pyclag.sample_chance(s, random.Random(1)), WrongPhaseError)
    _refused(_bidding(), lambda s: pyclag.deal(s, rng=random.Random(1)), WrongPhaseError)
    _refused(_bidding(), lambda s: pyclag.apply(s, Deal(DECK)), WrongPhaseError)


def test_wrong_phase_actions_of_the_special_deals_in_a_normal_round() -> None:
    for action in (
        Call(0, Suit.HEARTS),
        ChooseHandSize(0, 5),
        DeclareTrump(0, Suit.SPADES),
        ShuffleHands(((DECK[0],),)),
    ):
        _refused(_bidding(), partial(pyclag.apply, action=action), WrongPhaseError)


def test_game_over_refuses_every_action() -> None:
    state = random_game(pyclag.NORMAL.with_schedule([1]), players=3, seed=1)
    assert pyclag.is_over(state)
    assert pyclag.next_actor(state) is None
    assert pyclag.phase(state) is pyclag.Phase.GAME_OVER
    assert pyclag.legal_actions(state) == ()
    err = _refused(state, lambda s: pyclag.bid(s, 0), WrongPhaseError)
    assert err.reason is Reason.GAME_OVER
    assert "the game is over" in str(err)
    _refused(state, lambda s: pyclag.apply(s, Play(0, DECK[0])), WrongPhaseError)
    _refused(state, lambda s: pyclag.deal(s, rng=random.Random(1)), WrongPhaseError)


def test_out_of_turn() -> None:
    err = _refused(_bidding(), lambda s: pyclag.apply(s, Bid(2, 1)), OutOfTurnError)
    assert err.reason is Reason.OUT_OF_TURN
    assert str(err) == (
        "illegal bid 1 by seat 2: it is seat 0's turn to bid in round 1 (3 cards, dealer seat 3)"
    )
    _refused(_playing(), lambda s: pyclag.apply(s, Play(1, Card.parse("KS"))), OutOfTurnError)


def test_bid_out_of_range_and_not_an_integer() -> None:
    for tricks in (4, -1, 99):
        err = _refused(_bidding(), partial(pyclag.bid, tricks=tricks), IllegalBidError)
        assert err.reason is Reason.BID_OUT_OF_RANGE
        assert f"illegal bid {tricks} by seat 0" in str(err)
        assert "legal bids: 0 1 2 3" in str(err)
    odd: tuple[Any, ...] = (True, 1.0, "1", None)
    for value in odd:
        err = _refused(_bidding(), partial(pyclag.bid, tricks=value), IllegalBidError)
        assert err.reason is Reason.NOT_AN_INTEGER
        assert "whole number of tricks" in str(err)


def test_bid_against_the_dealers_restriction() -> None:
    state = bid_all(_bidding(), [1, 1, 0])
    err = _refused(state, lambda s: pyclag.bid(s, 1), IllegalBidError)
    assert err.reason is Reason.DEALER_RESTRICTION
    assert err.legal == (0, 2, 3)
    assert "total of bids would equal the hand size 3" in str(err)


def test_card_not_held() -> None:
    err = _refused(_playing(), lambda s: pyclag.play(s, Card.parse("KS")), IllegalPlayError)
    assert err.reason is Reason.CARD_NOT_HELD
    assert str(err) == (
        "illegal play KS by seat 0: seat 0 does not hold KS in round 1 "
        "(3 cards, dealer seat 3); legal plays: 3D 7H AS"
    )


def test_failure_to_follow_suit() -> None:
    state = play_all(_playing(), "AS")
    err = _refused(state, lambda s: pyclag.play(s, Card.parse("2C")), IllegalPlayError)
    assert err.reason is Reason.MUST_FOLLOW_SUIT
    assert err.legal == (Card.parse("KS"),)


def test_a_play_that_is_not_a_card() -> None:
    err = _refused(_playing(), lambda s: pyclag.play(s, "AS"), IllegalPlayError)  # type: ignore[arg-type]
    assert err.reason is Reason.NOT_A_CARD
    assert "not a Card (use Card.parse)" in str(err)


def test_a_declaration_when_twos_are_not_wild() -> None:
    state = bid_all(
        dealt(pyclag.NORMAL.with_schedule([3]), 4, "2S KS 9S 4S 7H QH TD JH 3D 2C 5H 8C 6H", 3),
        [1, 1, 0, 0],
    )
    _refused(
        state,
        lambda s: pyclag.play(s, Card.parse("2S"), as_card=Card.parse("AH")),
        IllegalDeclarationError,
    )


@pytest.mark.parametrize(
    ("deck", "detail"),
    [
        (DECK[:51], "got 51 items (missing AS)"),
        ((*DECK[:51], DECK[0]), "repeated 2C"),
        ((*DECK[:51], "AS"), "not cards: 'AS'"),
        ((*DECK, DECK[0]), "got 53 items"),
        ((*DECK[:51], [1]), "not cards: [1]"),
    ],
)
def test_a_deck_that_is_not_52_distinct_cards(deck: tuple[object, ...], detail: str) -> None:
    fresh = pyclag.new_game(pyclag.NORMAL, players=4)
    err = _refused(
        fresh,
        lambda s: pyclag.deal(s, deck=deck),  # type: ignore[arg-type]
        IllegalChanceError,
    )
    assert err.reason is Reason.BAD_DECK
    assert detail in str(err)


def test_deal_needs_exactly_one_source_of_cards() -> None:
    fresh = pyclag.new_game(pyclag.NORMAL, players=4)
    with pytest.raises(TypeError, match="exactly one of rng"):
        pyclag.deal(fresh)
    with pytest.raises(TypeError, match="exactly one of rng"):
        pyclag.deal(fresh, rng=random.Random(1), deck=DECK)
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        pyclag.deal(fresh, rng=7)  # type: ignore[arg-type]


def test_apply_refuses_what_is_not_an_action() -> None:
    err = _refused(_bidding(), lambda s: pyclag.apply(s, 3), IllegalActionError)  # type: ignore[arg-type]
    assert err.reason is Reason.NOT_AN_ACTION
    assert "not an action: 3" in str(err)


@pytest.mark.parametrize(
    ("players", "first_dealer", "message"),
    [
        (2, 0, "players must be an int in 3..7 for rule set 'normal', not 2"),
        (8, 0, "not 8"),
        (True, 0, "not True"),
        ("4", 0, "not '4'"),
        (4, 4, "first_dealer must be a seat in 0..3, not 4"),
        (4, -1, "not -1"),
    ],
)
def test_player_count_and_first_dealer_outside_the_range(
    players: object, first_dealer: object, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        pyclag.new_game(pyclag.NORMAL, players=players, first_dealer=first_dealer)  # type: ignore[arg-type]


def test_new_game_needs_a_rule_set() -> None:
    with pytest.raises(RulesError, match="rules must be a RuleSet"):
        pyclag.new_game("normal", players=4)  # type: ignore[arg-type]


def test_a_chance_node_has_no_actor_seat() -> None:
    fresh = pyclag.new_game(pyclag.NORMAL, players=4)
    assert pyclag.next_actor(fresh) is CHANCE
    assert repr(CHANCE) == "CHANCE"


def test_out_of_turn_a_seat_must_be_a_seat_number() -> None:
    # Seat 0 is to bid; False and 0.0 compare equal to 0 but are not seats.
    for seat in (False, 0.0):
        _refused(_bidding(), partial(pyclag.apply, action=Bid(seat, 1)), OutOfTurnError)  # type: ignore[arg-type]


def test_a_huge_bad_input_gives_a_short_message_that_still_says_what_was_legal() -> None:
    state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, 4), rng=random.Random(1))
    with pytest.raises(pyclag.IllegalBidError) as refused:
        pyclag.bid(state, "9" * 100_000)  # type: ignore[arg-type]
    message = str(refused.value)
    assert len(message) < 2100
    assert message.startswith("illegal bid '999")
    assert "characters left out" in message
    assert message.endswith("legal bids: 0 1")
    assert refused.value.legal == (0, 1)
