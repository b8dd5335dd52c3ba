"""The Scottish draw each deal (RULES.md §2.2, A25 read literally, option
``scottish_draw_each_round``): before every deal a card is turned for each
player; the highest bids first and leads the first trick, and the bidding
restriction binds the last bidder, the first bidder's right-hand neighbour."""

from __future__ import annotations

import random

import pytest

import pyclag
from pyclag import Draw, IllegalChanceError, Phase, Reason, parse_cards
from pyclag.engine.decisions import round_phases
from pyclag.views import observe
from tests.helpers import play_checked

DRAWING = pyclag.presets.get("scottish", scottish_draw_each_round=True)


def _drawn(cards: str, players: int = 4, first_dealer: int = 0) -> pyclag.GameState:
    state = pyclag.new_game(DRAWING, players, first_dealer)
    return pyclag.apply(state, Draw(parse_cards(cards)))


def test_a25_the_draw_is_off_by_default_and_an_option() -> None:
    scottish = pyclag.presets.get("scottish")
    assert scottish.options["scottish_draw_each_round"] is False
    assert Phase.DRAW not in round_phases(scottish.round_spec(0), scottish)
    assert DRAWING.options["scottish_draw_each_round"] is True
    assert "A25" in DRAWING.explain("scottish_draw_each_round")


def test_a25_every_deal_starts_with_a_chance_step_that_turns_a_card_for_each_player() -> None:
    state = pyclag.new_game(DRAWING, 4)
    assert pyclag.phase(state) is Phase.DRAW
    assert pyclag.next_actor(state) is pyclag.CHANCE
    assert pyclag.legal_actions(state) == ()
    for index in range(DRAWING.num_rounds(4)):
        assert round_phases(DRAWING.round_spec(index), DRAWING)[0] is Phase.DRAW
    draw = pyclag.sample_chance(state, random.Random(2))
    assert isinstance(draw, Draw)
    assert len(draw.cards) >= 4


def test_a25_the_highest_card_bids_first_and_leads() -> None:
    # Cards are turned clockwise from the eldest (seat 1 when seat 0 deals).
    state = _drawn("5C KD 9H 2S")  # seat 1: 5C, seat 2: KD, seat 3: 9H, seat 0: 2S
    setup = state.round.setup
    assert setup.first_bidder == 2
    assert setup.last_bidder == 1
    assert setup.bidding_order == (2, 3, 0, 1)
    assert pyclag.phase(state) is Phase.DEAL
    state = pyclag.deal(state, rng=random.Random(3))
    assert pyclag.next_actor(state) == 2
    for tricks in (0, 0, 0):
        state = pyclag.bid(state, tricks)
    assert pyclag.next_actor(state) == 1
    assert pyclag.next_actor(pyclag.bid(state, 0)) == 2  # the first bidder leads trick 1


def test_a25_tied_players_draw_again() -> None:
    # Seats 1 and 3 tie on aces; they draw again, in turn: seat 3's king wins.
    state = _drawn("AC 5D AH 9S 7C KS")
    assert state.round.setup.first_bidder == 3
    assert state.round.setup.draw == parse_cards("AC 5D AH 9S 7C KS")


def test_a25_the_restriction_binds_the_last_bidder_not_the_dealer() -> None:
    state = pyclag.deal(_drawn("5C KD 9H 2S"), rng=random.Random(3))  # seat 1 bids last
    hand = state.round.hand_size
    assert hand == 7
    state = pyclag.bid(pyclag.bid(pyclag.bid(state, 2), 2), 2)  # seats 2, 3 and 0 (the dealer)
    assert state.round.bids == (2, None, 2, 2)
    assert pyclag.legal_bids(state) == tuple(b for b in range(hand + 1) if b != hand - 6)
    with pytest.raises(pyclag.IllegalBidError) as refused:
        pyclag.bid(state, hand - 6)
    assert refused.value.reason is Reason.DEALER_RESTRICTION


def test_a25_a_draw_that_does_not_settle_is_refused() -> None:
    state = pyclag.new_game(DRAWING, 4)
    for cards, why in [
        ("AC 5D AH 9S", "still tied"),  # seats 1 and 3 must draw again
        ("AC 5D AC 9S", "a different card for each player"),
        ("5C KD 9H 2S 3S", "more were given"),
        ("", "still tied"),
    ]:
        with pytest.raises(IllegalChanceError, match=why) as refused:
            pyclag.apply(state, Draw(parse_cards(cards)))
        assert refused.value.reason is Reason.BAD_DRAW
        assert not pyclag.is_legal(state, Draw(parse_cards(cards)))
    assert pyclag.is_legal(state, Draw(parse_cards("5C KD 9H 2S")))


def test_a25_records_carry_the_draw_and_observations_show_it() -> None:
    state = play_checked(pyclag.new_game(DRAWING, 5), random.Random(7))
    draws = [result.setup.draw for result in state.history]
    assert all(draw is not None and len(draw) >= 5 for draw in draws)
    assert len({result.setup.first_bidder for result in state.history}) > 1
    record = pyclag.records.dump(state)
    assert '"draw": ' in record
    middle = play_checked(pyclag.new_game(DRAWING, 4), random.Random(8), steps=3)
    view = observe(middle, 0)
    assert view.setup.draw == middle.round.setup.draw
    assert view.setup.first_bidder == middle.round.setup.first_bidder
    assert observe(pyclag.determinize(view, random.Random(1)), 0) == view


def test_a25_the_draw_reads_back_from_its_notation() -> None:
    state = pyclag.new_game(DRAWING, 4)
    draw = Draw(parse_cards("5C KD 9H 2S"))
    assert str(draw) == "5C KD 9H 2S"
    assert pyclag.parse_action(state, "5c, kd 9h 2s") == draw
