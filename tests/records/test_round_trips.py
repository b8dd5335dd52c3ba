"""Game records (DESIGN.md §6): dump, load and replay give back the state, at every step of
games of every preset, with options and schedules kept; what dump refuses.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import pyclag
from pyclag import NORMAL, Phase, RoundSpec, RuleSet, presets
from pyclag.presets import RAF, WIKIPEDIA
from pyclag.records import dump, load, replay
from pyclag.rules import catalogue
from pyclag.rules.trumps import NO_TRUMPS
from tests.records.corpus import RAF_ELDEST, SIX, seeded_game, seeded_states

# --- round trips ------------------------------------------------------------------------------

TABLES = [
    (name, players)
    for name in presets.names()
    for players in range(presets.get(name).min_players, presets.get(name).max_players + 1)
]


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_round_trip_at_every_17th_action_and_the_end(name: str, players: int) -> None:
    rules = presets.get(name)
    seed = 100 * players + len(name)
    checked = 0
    for step, state in enumerate(seeded_states(rules, players, seed, first_dealer=players - 1)):
        if step % 17 and not pyclag.is_over(state):
            continue
        text = dump(state)
        again = replay(load(text))
        assert again == state, f"step {step}"
        assert dump(again) == text
        checked += 1
    assert pyclag.is_over(state)
    assert checked >= 3


@pytest.mark.parametrize(
    ("rules", "players", "seed"),
    [
        (RAF_ELDEST.with_options(num_deals=4), 4, 0),
        (RAF.with_options(num_deals=4), 3, 3),
        (WIKIPEDIA.with_schedule(WIKIPEDIA.schedule[7:15]), 3, 1),
        (SIX.with_schedule(SIX.schedule[7:13]), 4, 2),
        (presets.INDONESIAN.with_schedule([2, *presets.INDONESIAN.schedule[8:15]]), 4, 3),
    ],
    ids=["raf-eldest", "raf", "wikipedia-specials", "six-specials", "indonesian-specials"],
)
def test_round_trip_at_every_action_of_special_rounds(
    rules: RuleSet, players: int, seed: int
) -> None:
    phases: set[Phase] = set()
    for state in seeded_states(rules, players, seed):
        phases.add(pyclag.phase(state))
        text = dump(state)
        assert replay(load(text)) == state
        assert dump(replay(load(text))) == text
    assert {Phase.DEAL, Phase.BID, Phase.GAME_OVER} <= phases


OPTION_RULES: list[tuple[str, RuleSet, dict[str, Any], list[int | str] | None]] = [
    (
        "wikipedia six, misere -5",
        presets.get("wikipedia", phase2="six", misere_points_per_trick=-5),
        {"phase2": "six", "misere_points_per_trick": -5},
        None,
    ),
    ("normal 2 3", NORMAL.with_schedule([2, 3]), {}, [2, 3]),
    (
        "wikipedia twos wild then 3",
        WIKIPEDIA.with_schedule([WIKIPEDIA.schedule[11], 3]),
        {},
        ["7 Twos Wild", 3],
    ),
    (
        "wikipedia six, roll em then 2",
        SIX.with_schedule([SIX.schedule[10], 2]),
        {},
        ["7 Roll 'Em", 2],
    ),
    (
        "indonesian undescribed normal",
        presets.get("indonesian", undescribed_rounds="normal"),
        {"undescribed_rounds": "normal"},
        None,
    ),
    (
        "raf 3 deals, eldest calls",
        presets.get("raf", num_deals=3, first_deal_caller="eldest"),
        {"num_deals": 3, "first_deal_caller": "eldest"},
        None,
    ),
    (
        "normal F2 gt hook",
        NORMAL.with_options(scoring="F2", hook="gt"),
        {"scoring": "F2", "hook": "gt", "trick_points_on_miss": 1},  # F2 keeps t on a miss
        None,
    ),
    (
        "pagat twos options, schedule",
        presets.PAGAT.with_schedule([presets.PAGAT.schedule[11], 1]).with_options(
            twos_may_lead=False
        ),
        {"twos_may_lead": False},
        ["7 Twos Wild", 1],
    ),
]


@pytest.mark.parametrize(
    ("label", "rules", "options", "schedule"), OPTION_RULES, ids=[r[0] for r in OPTION_RULES]
)
def test_round_trip_keeps_options_and_schedule(
    label: str, rules: RuleSet, options: dict[str, Any], schedule: list[int | str] | None
) -> None:
    for seed in range(3):
        state = seeded_game(rules, rules.min_players + seed, seed)
        text = dump(state)
        fields = json.loads(text)
        assert fields["options"] == options, label
        assert fields.get("schedule") == schedule
        again = replay(load(text))
        assert again.rules == rules
        assert again == state
        assert dump(again) == text


def test_a_rule_set_that_is_not_a_preset_is_written_whole_as_pyclag_2() -> None:
    foss = RuleSet(
        "foss",
        [
            *range(1, 8),
            catalogue.no_trumps(),
            catalogue.guess_trumps(),
            catalogue.misere(False, -2),
            catalogue.misere(True, -3),
            catalogue.blind_unseen(),
            catalogue.roll_em(),
            *range(7, 0, -1),
        ],
    )
    for state in (seeded_game(foss, 4, 1), pyclag.new_game(foss, 4)):
        text = dump(state)
        fields = json.loads(text)
        assert fields["format"] == "pyclag/2"
        assert "preset" not in fields and fields["rules"]["name"] == "foss"
        assert replay(load(text)) == state
        assert dump(replay(load(text))) == text


@pytest.mark.parametrize(
    "rules",
    [
        NORMAL.with_schedule([RoundSpec(7, suits=NO_TRUMPS)]),
        WIKIPEDIA.with_schedule([catalogue.misere(True, -7)]),
        WIKIPEDIA.with_schedule([catalogue.misere(True, -2, hand_size=5)]),
    ],
    ids=["normal-with-no-trumps-round", "wikipedia-misere-minus-7", "wikipedia-5-card-misere"],
)
def test_a_preset_with_rounds_of_its_own_making_is_written_whole(rules: RuleSet) -> None:
    # A preset name with rounds of its own making is not "a preset with options
    # and a schedule of its rounds": dump writes the rules whole (pyclag/2), so
    # that replay(load(...)) gives back the same game. It must never write a
    # record that load refuses or, worse, reads back as other rules.
    state = seeded_game(rules, 3, 1)
    text = dump(state)
    assert json.loads(text)["format"] == "pyclag/2"
    assert replay(load(text)) == state
