"""Rule sets as values: options, schedules and round specs (DESIGN.md §4)."""

from __future__ import annotations

import re

import pytest

import pyclag
from pyclag import RoundSpec, RulesError, RuleSet, presets
from pyclag.rules import (
    NO_TRUMPS,
    NORMAL,
    OPTIONS,
    GtInfeasible,
    HookForm,
    NoTurnUp,
    Precedence,
    RankOrder,
    normal_schedule,
)
from pyclag.scoring import F2, F3, TieBreak


def test_normal_is_the_common_core() -> None:
    assert [spec.hand_size for spec in NORMAL.schedule] == [*range(1, 8), *range(6, 0, -1)]
    assert NORMAL.hook.form is HookForm.NOT_EQUAL
    assert NORMAL.scoring.name == "F1"
    assert (NORMAL.min_players, NORMAL.max_players) == (3, 7)
    assert NORMAL.tie_break is TieBreak.SHARED


def test_with_options_sets_every_option_by_name() -> None:
    rules = NORMAL.with_options(
        hook="gt",
        hook_min_hand_size=4,
        gt_exact=True,
        gt_infeasible="allow_bid_h_plus_1",
        scoring="F3",
        min_players=4,
        max_players=6,
        tie_break="contracts_then_shared",
        no_turnup="reject",
    )
    assert rules.hook.form is HookForm.EXCEED
    assert rules.hook.min_hand_size == 4
    assert rules.hook.gt_exact is True
    assert rules.hook.gt_infeasible is GtInfeasible.ALLOW_BID_H_PLUS_1
    assert rules.scoring is F3
    assert (rules.min_players, rules.max_players) == (4, 6)
    assert rules.tie_break is TieBreak.CONTRACTS_THEN_SHARED
    assert rules.no_turnup is NoTurnUp.REJECT
    assert rules.schedule == NORMAL.schedule
    assert set(rules.options) == set(OPTIONS)
    assert rules.options["hook"] == "gt" and rules.options["scoring"] == "F3"


def test_with_options_accepts_enum_members_and_schemes_too() -> None:
    rules = NORMAL.with_options(hook=HookForm.EXCEED, scoring=F2, tie_break=TieBreak.SHARED)
    assert rules.hook.form is HookForm.EXCEED and rules.scoring is F2


def test_options_leave_the_original_untouched() -> None:
    NORMAL.with_options(hook="gt")
    assert NORMAL.hook.form is HookForm.NOT_EQUAL


def test_an_unknown_option_lists_the_valid_ones() -> None:
    with pytest.raises(RulesError) as caught:
        NORMAL.with_options(hookk="gt")
    assert str(caught.value) == (
        "unknown option 'hookk'; valid options: " + ", ".join(sorted(OPTIONS))
    )


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("hook", "greater", "option hook='greater': form must be one of 'ne', 'gt', 'none'"),
        ("hook_min_hand_size", 0, "min_hand_size must be an int in 1"),
        ("gt_exact", "yes", "gt_exact must be True or False"),
        ("scoring", "F4", "scoring must be a contract Scoring"),
        ("min_players", 1, "min_players must be an int in 2..52"),
        ("max_players", 2, "min_players 3 exceeds max_players 2"),
        ("tie_break", "coin", "tie_break must be one of 'shared', 'contracts_then_shared'"),
        ("no_turnup", None, "no_turnup must be one of"),
    ],
)
def test_a_bad_option_value_names_the_option_and_the_legal_values(
    option: str, value: object, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        NORMAL.with_options(**{option: value})


def test_with_schedule_takes_hand_sizes_and_round_specs() -> None:
    spec = RoundSpec(7, suits=NO_TRUMPS)
    rules = NORMAL.with_schedule([7, spec, 3])
    assert rules.schedule == (RoundSpec(7), spec, RoundSpec(3))
    assert rules.hook == NORMAL.hook


@pytest.mark.parametrize(
    ("schedule", "message"),
    [
        ([], "at least one round"),
        ([3, 0], "schedule round 2: hand_size must be an int in 1..52, not 0"),
        ([3, 53], "not 53"),
        ([3, "7"], "schedule round 2: expected a hand size"),
        ([True], "expected a hand size"),
        ("777", "a schedule is a sequence"),
        (7, "a schedule is a sequence"),
    ],
)
def test_a_bad_schedule_is_refused(schedule: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        NORMAL.with_schedule(schedule)  # type: ignore[arg-type]


def test_round_spec_values_are_checked() -> None:
    with pytest.raises(RulesError, match="suits must be a SuitRule"):
        RoundSpec(7, suits="no trumps")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="rank_order must be one of"):
        RoundSpec(7, rank_order="ace-high")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="precedence order names each of the four suits"):
        Precedence("HHCD")


def test_round_specs_and_rule_sets_are_hashable_values() -> None:
    assert RoundSpec(5, rank_order=RankOrder.ACES_LOW) == RoundSpec(
        5, rank_order=RankOrder.ACES_LOW
    )
    assert len({NORMAL, NORMAL.with_options(hook="ne"), NORMAL.with_options(hook="gt")}) == 2


def test_normal_schedule() -> None:
    assert [spec.hand_size for spec in normal_schedule(3)] == [1, 2, 3, 2, 1]


def test_a_rule_set_checks_its_fields() -> None:
    with pytest.raises(RulesError, match="name must be a string"):
        RuleSet(3, [1])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="hook must be a Hook"):
        RuleSet("x", [1], hook="ne")  # type: ignore[arg-type]


def test_presets_get_is_case_insensitive_and_applies_options() -> None:
    assert presets.get("NORMAL") is NORMAL
    assert presets.get(" normal ", hook="gt").hook.form is HookForm.EXCEED
    assert presets.names() == ("indonesian", "normal", "pagat", "raf", "scottish", "wikipedia")


def test_an_unknown_preset_lists_the_valid_ones() -> None:
    valid = "indonesian, normal, pagat, raf, scottish, wikipedia"
    with pytest.raises(RulesError, match=f"unknown preset 'pagatt'; valid presets: {valid}"):
        presets.get("pagatt")
    with pytest.raises(RulesError):
        presets.get(None)  # type: ignore[arg-type]


def test_rules_are_reachable_from_the_package() -> None:
    assert pyclag.NORMAL is NORMAL
    assert pyclag.presets.get("normal") is NORMAL


@pytest.mark.parametrize("name", pyclag.presets.names())
def test_appendix_a_every_option_of_every_preset_says_what_it_rules(name: str) -> None:
    rules = pyclag.presets.get(name)
    for option in rules.options:
        about = rules.explain(option)
        assert re.search(r"\((§\d|A\d|Decision \d)", about), (option, about)  # cites its clause
        assert len(about) > 30, option
