"""The normal-round worked examples of RULES.md §5: E1, E5 and E6."""

from __future__ import annotations

import pytest

import pyclag
from pyclag import Card, IllegalBidError, Suit
from tests.helpers import E1_TOP, bid_all, dealt, play_all


@pytest.mark.parametrize(
    ("family", "points", "total"),
    [("F1", (12, 12, 10, 0), 34), ("F2", (11, 11, 10, 1), 33)],
)
def test_e1_full_normal_deal(family: str, points: tuple[int, ...], total: int) -> None:
    # Players A-D at seats 0-3; D deals, so A is eldest.
    rules = pyclag.NORMAL.with_schedule([3]).with_options(scoring=family)
    state = dealt(rules, 4, E1_TOP, first_dealer=3)
    hands = [str(hand) for hand in state.round.hands]
    assert hands == ["3D 7H AS", "2C QH KS", "TD 5H 9S", "8C JH 4S"]
    assert state.round.turnup is Card.parse("6H")
    assert state.round.trump is Suit.HEARTS

    state = bid_all(state, [1, 1, 0])
    assert pyclag.legal_bids(state) == (0, 2, 3)  # S = 2: D may not bid 1
    state = pyclag.bid(state, 0)

    state = play_all(state, "AS KS 9S 4S")  # A wins with the highest spade
    state = play_all(state, "3D QH TD 8C")  # B ruffs; C must follow; D discards
    state = play_all(state, "2C 5H JH 7H")  # C, D and A have only hearts left
    assert pyclag.is_over(state)
    result = state.history[0]
    assert result.trick_winners == (0, 1, 3)
    assert result.tricks_won == (1, 1, 0, 1)
    assert result.points == points
    assert sum(result.points) == total
    assert result.made == (True, True, True, False)


def test_e5_scottish_deal_1_seven_cards() -> None:
    # Bids A 2, B 1, C 3: S = 6, so D may not bid 1; D bids 0 (total 6).
    # Tricks A 2, B 2, C 3, D 0. Scores (F2): A 12, B 2 (missed, keeps 2), C 13, D 10.
    hands = {
        "A": "AS KS 2H 7H 4C 6C 9C",
        "B": "2S 5S AH KH 2C 7C TC",
        "C": "3S 6S 3H 5H AC KC QC",
        "D": "4S 7S 4H 6H 3C 5C 8C",
    }
    rows = [card.split() for card in hands.values()]
    top = " ".join(rows[seat][k] for k in range(7) for seat in range(4)) + " 2D"
    rules = pyclag.NORMAL.with_schedule([7]).with_options(scoring="F2")
    state = dealt(rules, 4, top, first_dealer=3)
    assert [str(hand) for hand in state.round.hands] == [
        str(pyclag.Hand.parse(text)) for text in hands.values()
    ]
    state = bid_all(state, [2, 1, 3])
    assert 1 not in pyclag.legal_bids(state)
    state = pyclag.bid(state, 0)
    state = play_all(state, "AS 2S 3S 4S  KS 5S 6S 7S")  # A takes two
    state = play_all(state, "2H AH 3H 4H  KH 5H 6H 7H")  # B takes two
    state = play_all(state, "2C AC 3C 4C  KC 5C 6C 7C  QC 8C 9C TC")  # C takes three
    result = state.history[0]
    assert result.tricks_won == (2, 2, 3, 0)
    assert result.points == (12, 2, 13, 10)
    assert result.made == (True, False, True, True)


def test_e5_scottish_scores_from_bids_and_tricks() -> None:
    scores = pyclag.score_round(
        pyclag.RoundRules(None, pyclag.scoring.F2),
        (2, 1, 3, 0),
        (0, 0, 1, 1, 2, 2, 2),
    )
    assert scores == (12, 2, 13, 10)


def test_e6_indonesian_round_3_gt_hook() -> None:
    # A 1, B 0, C 1: S = 2; total must exceed 3, so D must bid at least 2.
    rules = pyclag.NORMAL.with_schedule([3]).with_options(hook="gt", scoring="F2")
    state = bid_all(dealt(rules, 4, E1_TOP, first_dealer=3), [1, 0, 1])
    assert pyclag.legal_bids(state) == (2, 3)
    with pytest.raises(IllegalBidError, match="must exceed the hand size 3"):
        pyclag.bid(state, 1)
    state = pyclag.bid(state, 2)
    assert sum(b for b in state.round.bids if b is not None) == 4
    # Under gt_exact D is forced to exactly 2.
    exact = bid_all(dealt(rules.with_options(gt_exact=True), 4, E1_TOP, 3), [1, 0, 1])
    assert pyclag.legal_bids(exact) == (2,)
    # Tricks A 1, B 0, C 1, D 1: A 11, B 10, C 11, D 1 (missed).
    assert pyclag.score_round(
        pyclag.RoundRules(None, pyclag.scoring.F2), (1, 0, 1, 2), (0, 2, 3)
    ) == (11, 10, 11, 1)


def test_e6_infeasible_case_falls_back_to_ne_or_allows_h_plus_1() -> None:
    rules = pyclag.NORMAL.with_schedule([2]).with_options(hook="gt")
    state = bid_all(dealt(rules, 4, E1_TOP, first_dealer=3), [0, 0, 0])
    assert pyclag.legal_bids(state) == (0, 1)
    plus_one = rules.with_options(gt_infeasible="allow_bid_h_plus_1")
    state = bid_all(dealt(plus_one, 4, E1_TOP, first_dealer=3), [0, 0, 0])
    assert pyclag.legal_bids(state) == (3,)


@pytest.mark.parametrize(
    ("others", "legal"), [((1, 1, 0), (0, 1)), ((1, 0, 0), (1,)), ((0, 0, 0), (0,))]
)
def test_e6_one_card_rounds_under_gt(others: tuple[int, ...], legal: tuple[int, ...]) -> None:
    # S >= 2: D is free; S = 1: D must bid 1; S = 0: infeasible, NE fallback forces 0.
    rules = pyclag.NORMAL.with_schedule([1]).with_options(hook="gt")
    state = bid_all(dealt(rules, 4, E1_TOP, first_dealer=3), others)
    assert pyclag.legal_bids(state) == legal
