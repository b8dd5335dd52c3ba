"""The schedule table of every preset, deal by deal (RULES.md Decisions 1-5, §2.1-§2.5).

The expected tables here are written out from RULES.md, not built from
:mod:`pyclag.rules.catalogue`, so a preset that drifts from the rules fails.
"""

from __future__ import annotations

import pytest

import pyclag
from pyclag import RoundSpec, presets
from pyclag.engine.decisions import round_phases
from pyclag.engine.phases import Phase
from pyclag.rules.calls import FirstCaller
from pyclag.scoring import F1, F2, TieBreak
from tests.helpers import random_game
from tests.presets.tables import (
    DOWN,
    INDONESIAN_22,
    INDONESIAN_22_NORMAL,
    PAGAT_22,
    SCOTTISH_18,
    UP,
    WIKIPEDIA_20,
    WIKIPEDIA_22,
    assert_schedule,
)

# --- §2.1-§2.5: the schedule tables --------------------------------------------


def test_s2_1_wikipedia_default_22_deals_pagat_specials_with_wikipedia_scoring() -> None:
    rules = presets.get("wikipedia")
    assert rules is presets.WIKIPEDIA
    assert [spec.hand_size for spec in rules.schedule] == [*UP, *[7] * 8, *DOWN]
    assert_schedule(rules, WIKIPEDIA_22)
    assert rules.scoring is F1


def test_s2_1_wikipedia_phase2_six_20_deals_in_wp_old_order() -> None:
    rules = presets.get("wikipedia", phase2="six")
    assert [spec.hand_size for spec in rules.schedule] == [*UP, *[7] * 6, *DOWN]
    assert_schedule(rules, WIKIPEDIA_20)
    # Deal 8 NT, 9 GUESS, 10 BLIND_TK, 11 ROLL, 12 misère trumps -2, 13 misère NT -2.
    labels = [spec.label for spec in rules.schedule[7:13]]
    assert labels == [
        "No Trumps",
        "Guess Trumps",
        "Blind",
        "Roll 'Em",
        "Misère",
        "No Trumps, Misère",
    ]
    assert rules.scoring is F1
    assert (rules.hook, rules.min_players, rules.max_players) == (
        presets.WIKIPEDIA.hook,
        3,
        7,
    )


def test_s2_1_wikipedia_phase2_eight_is_the_default_and_can_be_chosen_back() -> None:
    six = presets.get("wikipedia", phase2="six")
    assert six.with_options(phase2="eight").schedule == presets.WIKIPEDIA.schedule
    assert presets.get("wikipedia", phase2="eight").schedule == presets.WIKIPEDIA.schedule


def test_s2_2_scottish_18_deals() -> None:
    rules = presets.get("scottish")
    assert rules is presets.SCOTTISH
    assert [spec.hand_size for spec in rules.schedule] == [*DOWN, 7, 7, 7, 7, *UP]
    assert_schedule(rules, SCOTTISH_18)
    assert rules.scoring is F2


def test_s2_3_raf_one_called_deal_with_dealer_chosen_hand_size() -> None:
    rules = presets.get("raf")
    assert rules is presets.RAF
    assert rules.scoring is F1
    for index in (0, 1, 5, 13):  # the single entry repeats for the whole game
        spec = rules.round_spec(index)
        assert spec.hand_sizes == (3, 4, 5, 6, 7)
        assert spec.hand_size == 7
        assert spec.calls is not None
        assert spec.calls.first_caller is FirstCaller.NONE
        assert spec.calls.trumps_from_turnup is False
        assert spec.calls.madness_points_on_miss is False
        assert round_phases(spec, rules) == (
            Phase.CHOOSE_HAND_SIZE,
            Phase.DEAL,
            Phase.CALL,
            Phase.BID,
            Phase.PLAY,
        )


@pytest.mark.parametrize("players", range(3, 8))
def test_s2_3_raf_num_rounds_is_twice_the_players(players: int) -> None:
    assert presets.RAF.num_rounds(players) == 2 * players
    assert presets.get("raf", num_deals=5).num_rounds(players) == 5
    assert presets.get("raf", num_deals=5).options["num_deals"] == 5


def test_s2_3_raf_num_deals_option_sets_the_game_length() -> None:
    state = random_game(presets.get("raf", num_deals=3), players=5, seed=11)
    assert pyclag.is_over(state)
    assert len(state.history) == 3


def test_s2_4_indonesian_default_fills_undescribed_rounds_from_pagat() -> None:
    rules = presets.get("indonesian")
    assert rules is presets.INDONESIAN
    assert rules.options["undescribed_rounds"] == "pagat"
    assert_schedule(rules, INDONESIAN_22)
    assert rules.scoring is F2


def test_s2_4_indonesian_undescribed_rounds_normal() -> None:
    rules = presets.get("indonesian", undescribed_rounds="normal")
    assert rules.options["undescribed_rounds"] == "normal"
    assert_schedule(rules, INDONESIAN_22_NORMAL)
    # Rounds 9, 12 and 15 are kept exactly as in the default.
    for index in (8, 11, 14):
        assert rules.schedule[index] == presets.INDONESIAN.schedule[index]
    for index in (7, 9, 10, 12, 13):
        assert rules.schedule[index] == RoundSpec(7)
    assert (rules.hook, rules.scoring, rules.tie_break, rules.min_players) == (
        presets.INDONESIAN.hook,
        F2,
        TieBreak.CONTRACTS_THEN_SHARED,
        4,
    )


def test_s2_5_pagat_22_deals() -> None:
    rules = presets.get("pagat")
    assert rules is presets.PAGAT
    assert [spec.hand_size for spec in rules.schedule] == [*UP, *[7] * 8, *DOWN]
    assert_schedule(rules, PAGAT_22)
    assert rules.scoring is F2
