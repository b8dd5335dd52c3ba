"""Bidding and the restriction on the dealer's bid (RULES.md §1.6, §1.7, A1-A4)."""

from __future__ import annotations

import random

import pytest

import pyclag
from pyclag import IllegalBidError, Phase, Reason, RulesError
from pyclag.rules import GtInfeasible, Hook, HookForm
from tests.helpers import bid_all


def _bidding(players: int, hand_size: int, dealer: int = 0, **options: object) -> pyclag.GameState:
    rules = pyclag.NORMAL.with_schedule([hand_size]).with_options(**options)
    state = pyclag.new_game(rules, players=players, first_dealer=dealer)
    return pyclag.deal(state, rng=random.Random(hand_size))


@pytest.mark.parametrize(("players", "dealer"), [(3, 0), (4, 3), (5, 1), (7, 6)])
def test_s1_6_eldest_bids_first_then_clockwise_dealer_last(players: int, dealer: int) -> None:
    state = _bidding(players, 3, dealer)
    order = []
    while pyclag.phase(state) is Phase.BID:
        seat = pyclag.next_actor(state)
        assert isinstance(seat, int)
        order.append(seat)
        state = pyclag.bid(state, pyclag.legal_bids(state)[-1])
    assert order == [(dealer + 1 + i) % players for i in range(players)]
    assert order[-1] == dealer
    assert state.round.setup.bidding_order == tuple(order)


def test_s1_6_a_bid_is_0_to_h_and_there_is_no_pass() -> None:
    state = _bidding(4, 5)
    assert pyclag.legal_bids(state) == (0, 1, 2, 3, 4, 5)
    with pytest.raises(IllegalBidError, match=r"a bid is 0\.\.5 tricks") as caught:
        pyclag.bid(state, 6)
    assert caught.value.reason is Reason.BID_OUT_OF_RANGE
    with pytest.raises(IllegalBidError):
        pyclag.bid(state, -1)


def test_s1_6_bids_are_public_by_seat() -> None:
    state = bid_all(_bidding(4, 3, dealer=3), [1, 0])
    assert state.round.bids == (1, 0, None, None)


def test_s1_7_ne_dealer_may_not_make_the_total_equal_h() -> None:
    state = bid_all(_bidding(4, 5, dealer=3), [1, 1, 1])
    assert pyclag.legal_bids(state) == (0, 1, 3, 4, 5)
    with pytest.raises(IllegalBidError) as caught:
        pyclag.bid(state, 2)
    assert str(caught.value) == (
        "illegal bid 2 by seat 3: total of bids would equal the hand size 5 in round 1 "
        "(5 cards, dealer seat 3); legal bids: 0 1 3 4 5"
    )
    assert caught.value.reason is Reason.DEALER_RESTRICTION
    assert caught.value.legal == (0, 1, 3, 4, 5)


def test_s1_7_ne_exclusion_only_bites_when_h_minus_s_is_a_bid() -> None:
    # The others already bid more than h: the dealer is free.
    state = bid_all(_bidding(4, 3, dealer=3), [2, 2, 1])
    assert pyclag.legal_bids(state) == (0, 1, 2, 3)


@pytest.mark.parametrize(("others", "forced"), [((0, 0), 0), ((1, 0), 1)])
def test_s1_7_ne_one_card_dealer_has_no_choice(others: tuple[int, int], forced: int) -> None:
    state = bid_all(_bidding(3, 1, dealer=2), others)
    assert pyclag.legal_bids(state) == (forced,)


def test_s1_7_gt_dealer_must_make_the_total_exceed_h() -> None:
    state = bid_all(_bidding(4, 7, dealer=3, hook="gt"), [1, 1, 1])
    # S-ID's example: the dealer must bid at least 5 (total 8 > 7), A2 "at least".
    assert pyclag.legal_bids(state) == (5, 6, 7)
    with pytest.raises(IllegalBidError, match="total of bids must exceed the hand size 7"):
        pyclag.bid(state, 4)


def test_s1_7_gt_exact_option_forces_total_h_plus_1() -> None:
    state = bid_all(_bidding(4, 7, dealer=3, hook="gt", gt_exact=True), [1, 1, 1])
    assert pyclag.legal_bids(state) == (5,)


def test_s1_7_gt_infeasible_falls_back_to_ne() -> None:
    # A3: the others bid 0 in all; the dealer could only reach h + 1.
    state = bid_all(_bidding(4, 2, dealer=3, hook="gt"), [0, 0, 0])
    assert pyclag.legal_bids(state) == (0, 1)
    with pytest.raises(IllegalBidError, match="total of bids would equal the hand size 2"):
        pyclag.bid(state, 2)


def test_s1_7_gt_infeasible_option_allows_h_plus_1() -> None:
    state = bid_all(
        _bidding(4, 2, dealer=3, hook="gt", gt_infeasible="allow_bid_h_plus_1"), [0, 0, 0]
    )
    assert pyclag.legal_bids(state) == (3,)
    state = pyclag.bid(state, 3)
    assert state.round.bids == (0, 0, 0, 3)


def test_s1_7_the_restriction_binds_only_the_dealer() -> None:
    for hook in ("ne", "gt"):
        state = _bidding(5, 4, dealer=4, hook=hook)
        for tricks in (4, 4, 4, 4):
            assert pyclag.legal_bids(state) == (0, 1, 2, 3, 4)
            state = pyclag.bid(state, tricks)


def test_s1_7_hook_min_hand_size_leaves_small_hands_unrestricted() -> None:
    # A4: WP-IPFS applies the hook only from round 4; NWW only to hands of 4+ cards.
    small = bid_all(_bidding(4, 3, dealer=3, hook_min_hand_size=4), [1, 1, 0])
    assert pyclag.legal_bids(small) == (0, 1, 2, 3)
    large = bid_all(_bidding(4, 4, dealer=3, hook_min_hand_size=4), [1, 1, 0])
    assert pyclag.legal_bids(large) == (0, 1, 3, 4)


def test_s1_7_hook_none_leaves_the_dealer_free() -> None:
    state = bid_all(_bidding(4, 3, dealer=3, hook="none"), [1, 1, 0])
    assert pyclag.legal_bids(state) == (0, 1, 2, 3)


@pytest.mark.parametrize("form", list(HookForm))
@pytest.mark.parametrize("infeasible", list(GtInfeasible))
@pytest.mark.parametrize("exact", [False, True])
def test_s1_7_the_dealer_always_has_a_legal_bid(
    form: HookForm, infeasible: GtInfeasible, exact: bool
) -> None:
    hook = Hook(form=form, gt_exact=exact, gt_infeasible=infeasible)
    for h in range(1, 8):
        for others in range(7 * h + 1):
            assert hook.dealer_bids(h, others)


def test_hook_values_are_checked() -> None:
    with pytest.raises(RulesError, match="min_hand_size must be an int in 1"):
        Hook(min_hand_size=0)
    with pytest.raises(RulesError, match="form must be one of"):
        Hook(form="ne")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="gt_exact must be True or False"):
        Hook(gt_exact=1)  # type: ignore[arg-type]
