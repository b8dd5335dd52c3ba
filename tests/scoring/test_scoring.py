"""Scoring families, the round ruling and the game's winners (RULES.md §1.9-§1.11, A29)."""

from __future__ import annotations

import pytest

import pyclag
from pyclag import (
    IllegalBidError,
    IllegalPlayError,
    Reason,
    RoundRules,
    RulesError,
    WrongPhaseError,
)
from pyclag.rules import score_round
from pyclag.scoring import (
    F1,
    F2,
    F3,
    ContractScoring,
    TieBreak,
    contracts_kept,
    contracts_made,
    tricks_won,
    winners_by_totals,
)
from tests.helpers import random_game


@pytest.mark.parametrize(
    ("scheme", "bid", "won", "points"),
    [
        (F1, 2, 2, 14),  # WP: bid 2, take 2 = 14
        (F1, 0, 0, 10),  # Foss: bid 0 = 10
        (F1, 3, 3, 16),  # Foss: bid 3 = 16
        (F1, 1, 2, 0),
        (F1, 2, 1, 0),
        (F2, 3, 3, 13),  # S-ID: bid 3, take 3 = 13
        (F2, 0, 0, 10),  # Scottish 0 -> 10
        (F2, 1, 1, 11),
        (F2, 2, 2, 12),
        (F2, 1, 3, 3),  # A6: a miss keeps 1 per trick
        (F2, 2, 0, 0),
        (F3, 1, 1, 15),  # WP-IPFS: bid 1 and made = 15
        (F3, 0, 0, 10),
        (F3, 2, 1, 0),
    ],
)
def test_s1_9_scoring_families(scheme: ContractScoring, bid: int, won: int, points: int) -> None:
    winners = (0,) * won + (1,) * (5 - won)
    assert scheme.points((bid, 5 - won), winners)[0] == points


def test_s1_9_score_round_is_the_ruling_on_one_round() -> None:
    rules = RoundRules(trump=None, scoring=F1)
    assert score_round(rules, (1, 1, 0, 0), (0, 1, 3)) == (12, 12, 10, 0)
    assert score_round(RoundRules(None, F2), (1, 1, 0, 0), (0, 1, 3)) == (11, 11, 10, 1)


def test_s1_9_the_engine_scores_with_the_rule_sets_family() -> None:
    for name, scheme in (("F1", F1), ("F2", F2), ("F3", F3)):
        state = random_game(pyclag.NORMAL.with_options(scoring=name), players=4, seed=9)
        for result in state.history:
            assert result.points == scheme.points(result.bids, result.trick_winners)


def test_s1_11_history_keeps_bids_tricks_points_totals_and_contracts() -> None:
    state = random_game(pyclag.NORMAL, players=4, seed=21)
    running = [0, 0, 0, 0]
    for result in state.history:
        running = [a + b for a, b in zip(running, result.points, strict=True)]
        assert list(result.totals) == running
        assert result.tricks_won == tricks_won(4, result.trick_winners)
        assert result.made == contracts_kept(result.bids, result.tricks_won)
        assert all(b is not None for b in result.bids)
    assert list(state.scores) == running


def test_contract_scoring_values_are_checked() -> None:
    with pytest.raises(RulesError, match="per_trick must be an int"):
        ContractScoring("bad", per_trick=1.5, per_trick_on_miss=0)  # type: ignore[arg-type]


def test_s1_10_the_highest_total_wins_and_ties_are_shared() -> None:
    assert winners_by_totals((30, 45, 12), (1, 2, 3), TieBreak.SHARED) == (1,)
    assert winners_by_totals((45, 45, 12), (1, 2, 3), TieBreak.SHARED) == (0, 1)


def test_e15_indonesian_tie_break_most_contracts_then_shared() -> None:
    totals = (212, 212, 190, 175)
    assert winners_by_totals(totals, (8, 10, 7, 6), TieBreak.CONTRACTS_THEN_SHARED) == (1,)
    assert winners_by_totals(totals, (10, 10, 7, 6), TieBreak.CONTRACTS_THEN_SHARED) == (0, 1)
    # Contracts only separate players tied on the highest total.
    assert winners_by_totals(totals, (1, 1, 12, 12), TieBreak.CONTRACTS_THEN_SHARED) == (0, 1)


def test_contracts_made_counts_per_seat() -> None:
    assert contracts_made(3, [(True, False, True), (True, True, False)]) == (2, 1, 1)


def test_s1_10_winners_of_a_game_use_the_rule_sets_tie_break() -> None:
    for tie_break in ("shared", "contracts_then_shared"):
        for seed in range(12):
            rules = pyclag.NORMAL.with_options(tie_break=tie_break)
            state = random_game(rules.with_schedule([1, 2]), players=3, seed=seed)
            best = max(state.scores)
            leaders = [seat for seat in range(3) if state.scores[seat] == best]
            made = [sum(result.made[seat] for result in state.history) for seat in range(3)]
            expected = leaders
            if tie_break == "contracts_then_shared":
                most = max(made[seat] for seat in leaders)
                expected = [seat for seat in leaders if made[seat] == most]
            assert pyclag.winners(state) == tuple(expected)


def test_winners_before_the_end_is_a_wrong_phase_error() -> None:
    state = pyclag.new_game(pyclag.NORMAL, players=3)
    with pytest.raises(WrongPhaseError, match="no winners yet"):
        pyclag.winners(state)


def test_s1_11_contracts_made_are_counted_per_player() -> None:
    state = random_game(pyclag.NORMAL, players=4, seed=33)
    expected = tuple(sum(result.made[seat] for result in state.history) for seat in range(4))
    assert state.contracts_made == expected
    assert sum(expected) > 0


@pytest.mark.parametrize(
    ("bids", "winners", "error", "reason", "message"),
    [
        (
            (1, 0),
            (0, 2),
            IllegalPlayError,
            Reason.BAD_TRICK,
            "trick 2 was won by 2, which is not a seat of 2 players",
        ),
        ((1, 0), (0, -1), IllegalPlayError, Reason.BAD_TRICK, "won by -1"),
        ((1, 0), ("0",), IllegalPlayError, Reason.BAD_TRICK, "won by '0'"),
        ((1, -1), (0,), IllegalBidError, Reason.BID_OUT_OF_RANGE, "the bid of seat 1 is -1"),
        ((1, "0"), (0,), IllegalBidError, Reason.NOT_AN_INTEGER, "the bid of seat 1 is '0'"),
    ],
)
def test_design_5_score_round_refuses_an_impossible_round(
    bids: tuple[object, ...],
    winners: tuple[object, ...],
    error: type[pyclag.IllegalActionError],
    reason: Reason,
    message: str,
) -> None:
    """A bid that is not a count is a bid refused; a trick won by no seat a trick refused."""
    with pytest.raises(error, match=message) as raised:
        score_round(RoundRules(None, F1), bids, winners)  # type: ignore[arg-type]
    assert raised.type is error
    assert raised.value.reason is reason
