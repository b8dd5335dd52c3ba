"""Hypothesis properties for the special-deal, preset and RAF invariants of RULES.md §4 on
scores and the game: misère, most tricks, madness, RAF scoring, totals and the Caller
(invariants 34-38 and 40).

Each test is named after the invariant it checks and quotes its wording. Most
draw a table of one of the five presets (a player count in the preset's range,
a first dealer and some of its options) and play a whole game with seeded
random legal actions, every state kept (:mod:`tests.engine.special_games`). The
expectations come from the preset tables of RULES.md §2 written out there, not
from the rule set pyclag builds, so a preset that drifts from the rules fails.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import (
    Bid,
    Madness,
    Phase,
)
from pyclag.rules.calls import caller_after
from tests.engine.special_games import PRESETS, TWOS_PRESETS, Game, Kind, games, is_misere

# --- scoring -----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=20)
@given(data=st.data())
def test_inv34_misere_scores_ten_or_p_per_trick(preset: str, data: st.DataObject) -> None:
    """34. MISERE: score is 10 if t=0, else p·t. With p<0, the sum of negative
    points equals p·h exactly. With p=+1, the deal total is h + 10·(players with
    0 tricks). (RAF misère without madness: p = -2, A22.)"""
    game = data.draw(games(preset), label="game")
    table = game.table
    p = table.misere_p()
    for log in game.rounds():
        call = log.call()
        if not is_misere(table, log) or (call is not None and call.madness is not None):
            continue
        result = log.result
        h, won = result.hand_size, result.tricks_won
        assert result.points == tuple(10 if t == 0 else p * t for t in won)
        zeros = won.count(0)
        if p < 0:
            assert sum(x for x in result.points if x < 0) == p * h
        if p == 1:
            assert sum(result.points) == h + 10 * zeros
        assert sum(result.points) == p * h + 10 * zeros


@pytest.mark.parametrize("preset", TWOS_PRESETS)
@settings(max_examples=30)
@given(data=st.data())
def test_inv35_most_tricks_pays_only_a_sole_leader(preset: str, data: st.DataObject) -> None:
    """35. MOST_TRICKS: at most one player scores (exactly 10), and only if their
    trick count is strictly greater than everyone else's. The deal total is 0 or 10.
    (10, or the drawn most_tricks_bonus.)"""
    game = data.draw(games(preset), label="game")
    table, n = game.table, game.table.players
    bonus = table.option("most_tricks_bonus")
    prize = 10 if bonus is None else int(str(bonus))
    seen = 0
    for log in game.rounds():
        if table.kind(log.index) is not Kind.MOST_TRICKS:
            continue
        seen += 1
        result = log.result
        won = result.tricks_won
        assert result.bids == (None,) * n and not log.actions(Bid)
        assert result.made == (False,) * n
        scorers = [seat for seat in range(n) if result.points[seat]]
        assert len(scorers) <= 1 and sum(result.points) in (0, prize)
        top = max(won)
        if won.count(top) == 1:
            assert scorers == [won.index(top)] and result.points[won.index(top)] == prize
        else:
            assert not scorers
    assert seen == (1 if table.schedule()[14][1] is Kind.MOST_TRICKS else 0)


@given(st.integers(1, 13))
def test_inv36_madness_trick_values(h: int) -> None:
    """36. Madness: the trick values are a permutation of {2,4,…,2h} and sum to
    h(h+1). Ascending and descending values at trick j sum to 2(h+1)."""
    ascending = [Madness.ASCENDING.trick_value(j, h) for j in range(1, h + 1)]
    descending = [Madness.DESCENDING.trick_value(j, h) for j in range(1, h + 1)]
    for values in (ascending, descending):
        assert sorted(values) == list(range(2, 2 * h + 1, 2))
        assert sum(values) == h * (h + 1)
    assert ascending == sorted(ascending) and descending == sorted(descending, reverse=True)
    assert all(a + d == 2 * (h + 1) for a, d in zip(ascending, descending, strict=True))


@settings(max_examples=100)
@given(games("raf"))
def test_inv36_madness_deals_score_the_trick_values(game: Game) -> None:
    """36. Madness: trick j is worth v_j = 2j ascending, 2(h-j+1) descending (§2.3):
    an exact bid scores 10 + the values of the tricks won, a miss 0 (A21; the
    values under madness_points_on_miss); misère +10 for no tricks, else minus
    the values won (A22, scaled by misere_points_per_trick / -2)."""
    table = game.table
    keep = table.option("madness_points_on_miss") is True
    p = table.misere_p()
    for log in game.rounds():
        call = log.call()
        if call is None or call.madness is None:
            continue
        result = log.result
        h = result.hand_size
        values = [call.madness.trick_value(j, h) for j in range(1, h + 1)]
        assert sum(values) == h * (h + 1)
        worth = [0] * table.players
        for v, seat in zip(values, result.trick_winners, strict=True):
            worth[seat] += v
        won = result.tricks_won
        if call.misere:
            expected = [10 if t == 0 else p * w // 2 for t, w in zip(won, worth, strict=True)]
            assert sum(x for x in result.points if x < 0) == p * h * (h + 1) // 2
        else:
            expected = [
                10 + w if b == t else (w if keep else 0)
                for b, t, w in zip(result.bids, won, worth, strict=True)
            ]
        assert list(result.points) == expected


@settings(max_examples=100)
@given(games("raf"))
def test_inv37_raf_without_madness_or_misere_scores_f1(game: Game) -> None:
    """37. RAF with no madness and no misère: the score equals F1
    (10 + 2t for an exact bid, else 0), the uncalled first deal included."""
    for log in game.rounds():
        call = log.call()
        if call is not None and (call.madness is not None or call.misere):
            continue
        result = log.result
        expected = tuple(
            10 + 2 * t if b == t else 0 for b, t in zip(result.bids, result.tricks_won, strict=True)
        )
        assert result.points == expected, f"deal {log.index + 1} called {call}"


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=20)
@given(data=st.data())
def test_inv38_totals_never_decrease_without_negative_misere(
    preset: str, data: st.DataObject
) -> None:
    """38. Negative totals are possible only in presets with negative misère p
    (Wikipedia, Scottish, RAF, Foss). Indonesian and Pagat totals never decrease.

    Also: in the other presets a deal scores below 0 only in a misère."""
    game = data.draw(games(preset), label="game")
    table = game.table
    previous = (0,) * table.players
    for log in game.rounds():
        result = log.result
        if table.preset in ("indonesian", "pagat"):
            assert min(result.points) >= 0
            assert all(a >= b for a, b in zip(result.totals, previous, strict=True))
        elif min(result.points) < 0:
            assert is_misere(table, log)
        previous = result.totals
    if table.preset in ("indonesian", "pagat"):
        assert min(game.final.scores) >= 0


# --- game level --------------------------------------------------------------------------------


def reference_caller(points: Sequence[int], tricks: Sequence[int], eldest: int) -> int:
    """A18: the highest deal score, then the most tricks, then the earliest seat
    in the deal's order from its eldest."""
    n = len(points)
    order = [(eldest + i) % n for i in range(n)]
    best = max(points)
    tied = [seat for seat in order if points[seat] == best]
    most = max(tricks[seat] for seat in tied)
    return next(seat for seat in tied if tricks[seat] == most)


@settings(max_examples=80)
@given(games("raf"))
def test_inv40_the_top_scorer_calls_the_next_deal(game: Game) -> None:
    """40. RAF: the Caller of deal k+1 is determined by the A18 rule from deal k's
    scores. Deal 1 has no Caller (default)."""
    table = game.table
    logs = game.rounds()
    first = logs[0].result.setup
    if table.option("first_deal_caller") == "eldest":
        assert first.caller == first.eldest
    else:
        assert first.caller is None and logs[0].call() is None
        assert all(pyclag.phase(s) is not Phase.CALL for s in logs[0].states)
    for earlier, later in itertools.pairwise(logs):
        previous = earlier.result
        caller = later.result.setup.caller
        assert caller == caller_after(previous.points, previous.tricks_won, previous.setup.eldest)
        assert caller == reference_caller(
            previous.points, previous.tricks_won, previous.setup.eldest
        )
    for log in logs:
        caller = log.result.setup.caller
        if caller is None:
            continue
        call = log.call()
        assert call is not None and call.seat == caller and log.result.setup.call == call
        calling = [s for s in log.states if pyclag.phase(s) is Phase.CALL]
        assert len(calling) == 1 and pyclag.next_actor(calling[0]) == caller
