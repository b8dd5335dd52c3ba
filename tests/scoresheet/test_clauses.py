"""The score sheet on the clauses of RULES.md and its worked examples (§5). Players A, B,
C, D sit at seats 0-3; unless stated D deals (first dealer 3), so A bids first."""

from __future__ import annotations

import pytest

import pyclag
from pyclag import Phase, Suit, presets
from pyclag.actions import CallChoice, Madness
from pyclag.rules.ordering import RED_OVER_BLACK
from pyclag.rules.trumps import NO_TRUMPS, Precedence
from pyclag.scoresheet import DealEntry, ScoreSheet

A, B, C, D = range(4)


def one_deal(name: str, index: int, players: int = 4, **options: object) -> ScoreSheet:
    """A sheet of one deal: deal ``index`` (0-based) of the preset's schedule, D dealing."""
    rules = presets.get(name, **options)
    return ScoreSheet(
        rules.with_schedule([rules.schedule[index]]), players, first_dealer=players - 1
    )


def normal(name: str, cards: int, **options: object) -> ScoreSheet:
    return ScoreSheet(presets.get(name, **options).with_schedule([cards]), 4, first_dealer=D)


def test_e1_s1_7_the_dealer_may_not_make_the_total_the_hand_size_and_f1_scores() -> None:
    sheet = normal("wikipedia", 3).bid(1).bid(1).bid(0)
    assert sheet.current is not None
    assert sheet.current.to_act == D and sheet.current.forbidden == (1,)
    assert sheet.current.legal == (0, 2, 3)
    done = sheet.bid(0).took((1, 1, 0, 1))
    assert done.rows[0].points == (12, 12, 10, 0)
    assert done.winners() == (A, B)


def test_e1_s1_9_f2_scores_the_same_deal_one_a_trick_and_ten_for_the_contract() -> None:
    sheet = normal("pagat", 3).bid(1).bid(1).bid(0).bid(0).took((1, 1, 0, 1))
    assert sheet.rows[0].points == (11, 11, 10, 1)
    assert sum(sheet.rows[0].points) == 3 + 10 * 3


def test_e6_s1_7_the_indonesian_dealer_must_make_the_total_exceed_the_hand_size() -> None:
    sheet = normal("indonesian", 3).bid(1).bid(0).bid(1)
    assert sheet.current is not None and sheet.current.forbidden == (0, 1)
    done = sheet.bid(2).took((1, 0, 1, 1))
    assert done.rows[0].points == (11, 10, 11, 1)


def test_e6_a3_with_no_bid_before_the_dealer_the_exceed_hook_falls_back_to_not_equal() -> None:
    two = normal("indonesian", 2).bid(0).bid(0).bid(0)
    one = normal("indonesian", 1).bid(0).bid(0).bid(0)
    assert two.current is not None and two.current.legal == (0, 1)
    assert one.current is not None and one.current.legal == (0,)


def test_e6_a2_gt_exact_allows_exactly_one_more_than_the_hand_size() -> None:
    sheet = normal("indonesian", 3, gt_exact=True).bid(1).bid(0).bid(1)
    assert sheet.current is not None and sheet.current.legal == (2,)


def test_a4_hook_min_hand_size_leaves_small_hands_free() -> None:
    sheet = normal("wikipedia", 3, hook_min_hand_size=4).bid(1).bid(1).bid(0)
    assert sheet.current is not None and sheet.current.forbidden == ()


def test_e3_s2_0_wikipedia_misere_asks_for_no_bids_and_scores_minus_two_a_trick() -> None:
    sheet = one_deal("wikipedia", 8)
    assert sheet.waiting is Phase.PLAY  # every contract is 0: no bid is asked
    done = sheet.took((0, 3, 2, 2))
    assert done.rows[0].points == (10, -6, -4, -4)
    assert done.rows[0].deal.bids == (0, 0, 0, 0)


def test_e4_s2_2_scottish_misere_and_blind() -> None:
    assert one_deal("scottish", 8).took((0, 4, 2, 1)).rows[0].points == (10, -8, -4, -2)
    blind = one_deal("scottish", 10).bid(2).bid(2).bid(2)
    assert blind.current is not None and blind.current.forbidden == (1,)
    assert blind.bid(3).took((2, 1, 3, 1)).rows[0].points == (12, 1, 3, 1)


def test_e7_s2_4_indonesian_misere_is_one_a_trick_and_ten_for_none() -> None:
    done = one_deal("indonesian", 8).took((0, 2, 1, 4))
    assert done.rows[0].points == (10, 2, 1, 4)
    assert done.rows[0].made == (True, False, False, False)  # A15: a forced zero made


def test_e8_s2_0_most_tricks_has_no_bids_and_ten_for_the_sole_leader() -> None:
    sheet = one_deal("pagat", 14, players=5)
    assert sheet.waiting is Phase.PLAY
    assert sheet.took((3, 2, 1, 1, 0)).rows[0].points == (10, 0, 0, 0, 0)
    tie = sheet.took((3, 3, 1, 0, 0)).rows[0]
    assert tie.points == (0,) * 5 and tie.made == (False,) * 5 and tie.deal.bids == (None,) * 5


def test_s2_0_roll_em_and_blind_play_still_take_bids_then_tricks() -> None:
    roll = one_deal("wikipedia", 10, phase2="six")
    assert roll.current is not None and roll.current.rule == "Roll 'Em"
    done = roll.bid(1).bid(1).bid(1).bid(1).took((1, 1, 1, 4))
    assert done.rows[0].points == (12, 12, 12, 0)


def test_a32_pagat_blind_bids_before_the_deal_with_the_hook() -> None:
    sheet = one_deal("pagat", 10).bid(2).bid(2).bid(2)
    assert sheet.waiting is Phase.BID_BEFORE_DEAL
    assert sheet.current is not None and sheet.current.forbidden == (1,)


def test_a11_dealer_calls_the_dealer_declares_trumps_first() -> None:
    sheet = one_deal("pagat", 13)
    assert sheet.waiting is Phase.DECLARE_TRUMP and sheet.current is not None
    assert sheet.current.to_act == D and sheet.current.legal == tuple(Suit)
    called = sheet.declare_trump(Suit.CLUBS)
    assert called.current is not None and called.current.rule == "Dealer Calls: Trumps C"
    with pytest.raises(pyclag.IllegalTrumpError):
        sheet.declare_trump(NO_TRUMPS)
    allowed = one_deal("pagat", 13, dealer_calls_allow_nt=True).declare_trump(NO_TRUMPS)
    assert allowed.waiting is Phase.BID


def test_s1_3_the_deal_passes_left_and_the_eldest_bids_first() -> None:
    rules = presets.get("wikipedia")
    sheet = ScoreSheet(rules, 4, first_dealer=2)
    seen = []
    while sheet.current is not None and sheet.current.number <= 6:
        deal = sheet.current
        seen.append((deal.dealer, deal.setup.first_bidder))
        sheet = _zeros(sheet)
    assert seen == [((2 + k) % 4, (3 + k) % 4) for k in range(6)]


def _zeros(sheet: ScoreSheet) -> ScoreSheet:
    """The current deal with bids the hook allows (the lowest) and every trick to seat 0."""
    deal = sheet.current
    assert deal is not None
    while sheet.waiting in (Phase.BID, Phase.BID_BEFORE_DEAL):
        assert sheet.current is not None
        sheet = sheet.bid(min(bid for bid in sheet.current.legal if isinstance(bid, int)))
    return sheet.took((deal.hand_size,) + (0,) * (sheet.players - 1))


def test_a25_the_draw_each_deal_chooses_the_first_bidder_and_the_hook_binds_the_last() -> None:
    sheet = ScoreSheet(presets.get("scottish", scottish_draw_each_round=True), 4, first_dealer=D)
    assert sheet.waiting is Phase.DRAW and sheet.current is not None
    assert sheet.current.legal == (A, B, C, D)
    drawn = sheet.draw(C)
    assert drawn.current is not None and drawn.current.to_act == C
    assert drawn.current.setup.last_bidder == B  # C's right-hand neighbour, not the dealer D
    last = drawn.bid(2).bid(2).bid(2)
    assert last.current is not None and last.current.to_act == B
    assert last.current.forbidden == (1,)


# --- RAF (§2.3, A18, E11, E12) -------------------------------------------------------

ELDEST_CALLS = presets.get("raf", first_deal_caller="eldest")
E11_CALL = CallChoice(Precedence(RED_OVER_BLACK), nuloss=True, madness=Madness.ASCENDING)


def e11(winners: tuple[int, ...]) -> ScoreSheet:
    sheet = ScoreSheet(ELDEST_CALLS, 4, first_dealer=D)
    assert sheet.current is not None and sheet.current.to_act == D  # the dealer chooses
    called = sheet.choose_hand_size(5)
    assert called.current is not None and called.current.setup.caller == A
    bids = called.call(E11_CALL).bid(2).bid(1).bid(1)
    assert bids.current is not None and bids.current.forbidden == (1,)
    return bids.bid(0).trick_winners(winners)


def test_e11_s2_3_ascending_madness_scores_each_tricks_value_and_a_calls_next() -> None:
    sheet = e11((C, A, B, A, C))
    assert sheet.rows[0].points == (22, 16, 0, 10)
    assert sheet.current is not None and sheet.current.setup.caller == A


def test_e11_a18_a_tie_for_the_top_score_goes_to_the_most_tricks() -> None:
    sheet = e11((A, A, B, C, C))
    assert sheet.rows[0].points == (16, 16, 0, 10)
    assert sheet.current is not None and sheet.current.setup.caller == A


def test_e11_s2_3_madness_needs_the_winner_of_each_trick_not_the_counts() -> None:
    sheet = e11((C, A, B, A, C)).undo()
    with pytest.raises(pyclag.IllegalPlayError) as caught:
        sheet.took((2, 1, 2, 0))
    assert caught.value.reason is pyclag.Reason.BAD_TRICKS
    assert "winner of each trick" in str(caught.value)


def test_e12_s2_3_misere_with_madness_forces_zero_bids_and_scores_minus_the_values() -> None:
    misere = CallChoice(Suit.HEARTS, misere=True, madness=Madness.DESCENDING)
    sheet = ScoreSheet(ELDEST_CALLS, 4, first_dealer=D).choose_hand_size(4).call(misere)
    assert sheet.waiting is Phase.PLAY
    assert sheet.trick_winners((B, B, C, D)).rows[0].points == (10, -14, -4, -2)


def test_a18_the_first_raf_deal_has_no_caller_and_is_a_standard_deal() -> None:
    sheet = ScoreSheet(presets.get("raf"), 4).choose_hand_size(3)
    assert sheet.current is not None and sheet.current.setup.caller is None
    assert sheet.waiting is Phase.BID and sheet.current.rule == "normal"


def test_a18_editing_an_earlier_deal_rescores_and_recomputes_the_callers_after_it() -> None:
    rules = presets.get("raf", num_deals=3)
    # Seat 0 deals deal 1: seats 1, 2, 3, 0 bid 1, 0, 1, 0; seats 1 and 3 make 1 for 12
    # each, and seat 1, the earlier from the eldest, calls deal 2.
    first = DealEntry(hand_size=3, bids=(1, 0, 1, 0), tricks=(1, 1, 0, 1))
    second = DealEntry(
        hand_size=3, call=CallChoice(Suit.SPADES), bids=(0, 0, 0, 0), tricks=(0, 3, 0, 0)
    )
    sheet = ScoreSheet(rules, 4, entries=(first, second))
    assert sheet.rows[0].points == (0, 12, 10, 12)
    assert sheet.rows[1].deal.setup.caller == 1
    edited = sheet.edit(1, DealEntry(hand_size=3, bids=(1, 0, 1, 0), tricks=(0, 0, 0, 3)))
    assert edited.rows[0].points == (10, 0, 10, 0)
    assert edited.rows[1].deal.setup.caller == 2  # tied with seat 0 on 10 and 0 tricks; earlier
    assert edited.rows[1].points == sheet.rows[1].points  # the same call and tricks
    assert edited.totals == (20, 0, 20, 10)
    assert sheet.rows[1].deal.setup.caller == 1  # the sheet edited is unchanged


def test_undo_takes_back_one_entry_at_a_time_across_deals() -> None:
    sheet = normal("wikipedia", 3).bid(1).bid(1).bid(0).bid(0).took((1, 1, 0, 1))
    steps = [sheet]
    while steps[-1].entries:
        steps.append(steps[-1].undo())
    assert [len(s.rows) for s in steps] == [1, 0, 0, 0, 0, 0]
    assert [s.current.asks if s.current else "" for s in steps[1:]] == [
        "the tricks taken",
        "the bid of seat 3",
        "the bid of seat 2",
        "the bid of seat 1",
        "the bid of seat 0",
    ]
    assert steps[-1] == normal("wikipedia", 3)


def test_e15_s2_4_equal_totals_go_to_the_most_contracts_made_then_are_shared() -> None:
    # F2 deals of 7 cards, seat 0 dealing first: A and B end on 20, B with two contracts.
    deals = (
        DealEntry(bids=(0, 1, 0, 7), tricks=(7, 0, 0, 0)),  # B, C, D, A bid; A makes 7: 17
        DealEntry(bids=(0, 1, 0, 0), tricks=(3, 0, 4, 0)),  # C, D, A, B bid; A misses: 3
    )
    sheet = ScoreSheet(presets.get("pagat").with_schedule([7, 7]), 4, entries=deals)
    assert sheet.totals == (20, 20, 4, 10) and sheet.contracts_made[:2] == (1, 2)
    assert sheet.winners() == (B,)
    shared = presets.get("pagat", tie_break="shared").with_schedule([7, 7])
    assert ScoreSheet(shared, 4, entries=deals).winners() == (A, B)
    assert "winner: seat 1 with 20" in sheet.card()
