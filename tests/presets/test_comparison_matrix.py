"""The preset comparison matrix of RULES.md §2.8: players, hook, scoring, misère p, tie-break.

The expected tables here are written out from RULES.md, not built from
:mod:`pyclag.rules.catalogue`, so a preset that drifts from the rules fails.
"""

from __future__ import annotations

import random

import pytest

import pyclag
from pyclag import RulesError, presets
from pyclag.rules import NO_TRUMPS, TURN_UP, HookForm
from pyclag.rules.deals import Bidding
from pyclag.scoring import TieBreak, winners_by_totals
from tests.helpers import bid_all, play_checked
from tests.presets.tables import MISERE_WINNERS, PLAYERS, PRESET_NAMES

# --- §2.8 comparison matrix: players, hook, scoring, misère p, tie-break ---------


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_s2_8_player_range(name: str) -> None:
    rules = presets.get(name)
    low, high = PLAYERS[name]
    assert (rules.min_players, rules.max_players) == (low, high)
    for players in (low, high):
        assert pyclag.new_game(rules, players=players).players == players
    for players in (low - 1, high + 1):
        with pytest.raises(RulesError, match=f"players must be an int in {low}..{high}"):
            pyclag.new_game(rules, players=players)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_s2_8_hook_form_gt_only_for_indonesian(name: str) -> None:
    rules = presets.get(name)
    if name == "indonesian":
        assert rules.hook.form is HookForm.EXCEED
        assert rules.options["hook"] == "gt"
        # S-ID's example: seven cards, the others bid 1 each, so the dealer must bid 5 or more.
        assert rules.hook.dealer_bids(hand_size=7, others=3) == (5, 6, 7)
    else:
        assert rules.hook.form is HookForm.NOT_EQUAL
        assert rules.options["hook"] == "ne"
        assert rules.hook.dealer_bids(hand_size=7, others=3) == (0, 1, 2, 3, 5, 6, 7)
    assert rules.hook.min_hand_size == 1  # A4: the hook applies to every hand size


@pytest.mark.parametrize(("name", "dealer_bids"), [("indonesian", (2,)), ("pagat", (0, 2))])
def test_s2_4_gt_hook_binds_the_dealer_in_round_2(name: str, dealer_bids: tuple[int, ...]) -> None:
    # Round 2 (h = 2): the others bid 0, 0, 1 (S = 1). GT: the total must exceed 2,
    # so the dealer must bid 2; NE (pagat): anything but 1.
    state = play_checked(pyclag.new_game(presets.get(name), players=4), random.Random(5), rounds=1)
    assert state.round.setup.hand_size == 2
    state = pyclag.deal(state, rng=random.Random(6))
    state = bid_all(state, [0, 0, 1])
    assert pyclag.next_actor(state) == state.round.dealer
    assert pyclag.legal_bids(state) == dealer_bids


@pytest.mark.parametrize(
    ("name", "family"),
    [("wikipedia", "F1"), ("scottish", "F2"), ("raf", "F1"), ("indonesian", "F2"), ("pagat", "F2")],
)
def test_s1_9_scoring_family(name: str, family: str) -> None:
    rules = presets.get(name)
    assert rules.scoring.name == family
    assert rules.options["scoring"] == family
    # E1's bids and tricks: F1 (12, 12, 10, 0), F2 (11, 11, 10, 1).
    expected = {"F1": (12, 12, 10, 0), "F2": (11, 11, 10, 1)}[family]
    assert rules.scoring.points((1, 1, 0, 0), (0, 1, 3)) == expected
    assert rules.options["trick_points_on_miss"] == {"F1": 0, "F2": 1}[family]


@pytest.mark.parametrize(
    ("name", "index", "p"),
    [
        ("wikipedia", 8, -2),
        ("scottish", 8, -2),
        ("indonesian", 8, 1),
        ("pagat", 8, 1),
    ],
)
def test_s2_0_misere_p_by_preset(name: str, index: int, p: int) -> None:
    spec = presets.get(name).round_spec(index)
    assert spec.bidding is Bidding.FORCED_ZERO
    assert spec.suits == TURN_UP  # A9: misère keeps the turn-up in all four
    assert spec.scoring is not None
    assert spec.scoring.points((0, 0, 0, 0), MISERE_WINNERS) == (10, 3 * p, 2 * p, 2 * p)


def test_s2_0_misere_p_wikipedia_phase2_six_both_misere_deals() -> None:
    rules = presets.get("wikipedia", phase2="six")
    for index, suits in ((11, TURN_UP), (12, NO_TRUMPS)):
        spec = rules.round_spec(index)
        assert spec.suits == suits
        assert spec.scoring is not None
        assert spec.scoring.points((0, 0, 0, 0), MISERE_WINNERS) == (10, -6, -4, -4)


def test_s2_3_raf_misere_call_scores_minus_2_per_trick() -> None:
    spec = presets.RAF.round_spec(0)
    assert spec.calls is not None
    assert spec.calls.misere_per_trick == -2  # A22
    called = spec.with_call(pyclag.Call(0, pyclag.Suit.HEARTS, misere=True), presets.RAF.scoring)
    assert called.bidding is Bidding.FORCED_ZERO
    assert called.scoring is not None
    assert called.scoring.points((0, 0, 0, 0), MISERE_WINNERS) == (10, -6, -4, -4)


def test_options_change_misere_p_in_a_preset_with_phase2_in_either_order() -> None:
    # The deal options apply to the chosen phase-2 schedule whichever is set first.
    for rules in (
        presets.get("wikipedia", phase2="six", misere_points_per_trick=-3),
        presets.get("wikipedia", misere_points_per_trick=-3, phase2="six"),
    ):
        assert rules.options["phase2"] == "six"
        for index in (11, 12):
            scoring = rules.round_spec(index).scoring
            assert scoring is not None
            assert scoring.points((0, 0, 0, 0), MISERE_WINNERS) == (10, -9, -6, -6)


@pytest.mark.parametrize(
    ("name", "tie_break", "winners"),
    [
        ("wikipedia", TieBreak.SHARED, (0, 1)),
        ("scottish", TieBreak.SHARED, (0, 1)),
        ("raf", TieBreak.SHARED, (0, 1)),
        ("indonesian", TieBreak.CONTRACTS_THEN_SHARED, (1,)),
        ("pagat", TieBreak.CONTRACTS_THEN_SHARED, (1,)),
    ],
)
def test_s1_10_tie_break(name: str, tie_break: TieBreak, winners: tuple[int, ...]) -> None:
    rules = presets.get(name)
    assert rules.tie_break is tie_break
    assert rules.options["tie_break"] == tie_break.value
    # E15's totals: A and B tie on 212, B made more contracts.
    assert winners_by_totals((212, 212, 190, 175), (8, 10, 6, 5), rules.tie_break) == winners
    assert winners_by_totals((212, 212, 190, 175), (10, 10, 6, 5), rules.tie_break) == (0, 1)
