"""Records of any rule set (issue 13, DESIGN.md §6, ``docs/records.rst``): the
``rules`` object of a ``pyclag/2`` record, written and read by
:mod:`pyclag.records.codec`; ``pyclag/1`` records still read; the Foss game of
``examples/custom_ruleset.py`` dumped, loaded, replayed and printed.
"""

from __future__ import annotations

import json
import random
import runpy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import RuleSet, presets
from pyclag.cli import main
from pyclag.errors import RecordError
from pyclag.records import FORMATS, dump, load, replay
from pyclag.records.codec import rules_object, rules_object_from
from pyclag.rules import catalogue
from pyclag.rules.calls import ALL_PRECEDENCES, CallerRule, CallRules, FirstCaller
from pyclag.rules.round import RoundSpec
from pyclag.scoring.schemes import F2, F3
from pyclag.scoring.tally import TieBreak
from tests.helpers import play_checked
from tests.records.corpus import BAD, BAD_EXPECTED

EXAMPLE = Path(__file__).parent.parent.parent / "examples" / "custom_ruleset.py"


def _foss() -> RuleSet:
    foss = runpy.run_path(str(EXAMPLE))["FOSS"]
    assert isinstance(foss, RuleSet)
    return foss


def _through_json(rules: RuleSet) -> RuleSet:
    return rules_object_from(json.loads(json.dumps(rules_object(rules))))


@pytest.mark.parametrize("seed", range(3))
def test_the_foss_example_dumps_loads_and_replays_to_an_equal_state(seed: int) -> None:
    foss = _foss()
    state = pyclag.new_game(foss, players=4, first_dealer=seed)
    state = play_checked(state, random.Random(seed))
    text = dump(state)
    assert json.loads(text)["format"] == "pyclag/2"
    again = replay(load(text))
    assert again == state and again.rules == foss
    assert dump(again) == text


def test_pyclag_replay_prints_a_foss_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = play_checked(pyclag.new_game(_foss(), players=4), random.Random(2))
    path = tmp_path / "foss.json"
    path.write_text(dump(state), "utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"pyclag replay: {path}: rules foss, 4 players\n")
    assert "Roll 'Em" in out and f"with {max(state.scores)}" in out
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == list(state.scores)


CATALOGUE: tuple[RoundSpec, ...] = (
    catalogue.normal(4),
    catalogue.no_trumps(5),
    catalogue.guess_trumps(),
    catalogue.blind_unseen(trump_visible=False),
    catalogue.blind_unseen(trump_visible=True),
    catalogue.blind_before_deal(6),
    catalogue.roll_em(),
    catalogue.misere(trumps=True, per_trick=-3),
    catalogue.misere(trumps=False, per_trick=-2, hand_size=5),
    catalogue.twos_wild(),
    catalogue.aces_low(),
    catalogue.dealer_calls(allow_no_trumps=True),
    catalogue.most_tricks(bonus=15),
    *(RoundSpec(7, suits=order) for order in ALL_PRECEDENCES[:3]),
    *(s for p in presets.names() for s in presets.get(p).schedule if s.calls is not None),
    RoundSpec(7, hand_sizes=(3, 5, 7), calls=CallRules(FirstCaller.ELDEST, True, -4, True)),
    RoundSpec(7, calls=CallRules(caller_rule=CallerRule.GAME_LEADER), name="called"),
)


@pytest.mark.parametrize("spec", CATALOGUE, ids=lambda spec: spec.label or "normal")
def test_every_catalogue_round_is_written_as_data_and_read_back(spec: RoundSpec) -> None:
    rules = pyclag.NORMAL.with_schedule([spec])
    assert _through_json(rules) == rules
    assert _through_json(rules).schedule == (spec,)


@pytest.mark.parametrize("name", presets.names())
def test_every_preset_with_its_choices_is_written_as_data_and_read_back(name: str) -> None:
    rules = presets.get(name)
    assert _through_json(rules) == rules
    changed = rules.with_options(
        hook="gt", caller_rule="game_leader", misere_counts_as_contract=False
    )
    assert _through_json(changed) == changed != rules


OPTION_VALUES: dict[str, Any] = {
    "hook": st.sampled_from(["ne", "gt", "none"]),
    "hook_min_hand_size": st.integers(1, 7),
    "scoring": st.sampled_from(["F1", "F2", "F3"]),
    "tie_break": st.sampled_from(["shared", "contracts_then_shared"]),
    "no_turnup": st.sampled_from(["no_trumps", "reject"]),
    "num_deals": st.none() | st.integers(1, 30),
    "misere_counts_as_contract": st.booleans(),
    "misere_points_per_trick": st.none() | st.integers(-10, 0),
    "roll_order": st.none() | st.sampled_from(["dealt", "reverse"]),
    "caller_rule": st.none() | st.sampled_from(["deal_winner", "game_leader"]),
    "twos_may_lead": st.none() | st.booleans(),
}


@settings(max_examples=40)
@given(
    schedule=st.lists(st.sampled_from(CATALOGUE) | st.integers(1, 7), min_size=1, max_size=8),
    options=st.fixed_dictionaries({}, optional=OPTION_VALUES),
    scoring=st.sampled_from([None, F2, F3]),
)
def test_any_rule_set_of_catalogue_rounds_and_options_is_read_back_equal(
    schedule: list[RoundSpec | int], options: dict[str, Any], scoring: object
) -> None:
    rules = RuleSet("house", schedule, min_players=4).with_options(**options)
    if scoring is not None:
        rules = rules.with_options(scoring=scoring)
    assert _through_json(rules) == rules


@settings(max_examples=10)
@given(
    schedule=st.lists(st.sampled_from(CATALOGUE[:13]) | st.integers(1, 7), min_size=1, max_size=4),
    seed=st.integers(0, 2**32 - 1),
)
def test_any_game_of_catalogue_rounds_round_trips_through_its_record(
    schedule: list[RoundSpec | int], seed: int
) -> None:
    rules = RuleSet("house", schedule, tie_break=TieBreak.CONTRACTS_THEN_SHARED)
    play_checked(pyclag.new_game(rules, players=4), random.Random(seed))


def test_a_pyclag_1_record_still_reads_and_a_pyclag_2_record_may_name_a_preset() -> None:
    assert FORMATS == ("pyclag/1", "pyclag/2")
    for form in FORMATS:
        text = json.dumps({"format": form, "preset": "raf", "players": 4, "rounds": []})
        assert load(text).rules == presets.get("raf")
    state = pyclag.new_game(presets.get("raf", caller_rule="game_leader"), 4)
    assert json.loads(dump(state))["format"] == "pyclag/1"  # the compact form is exact


def test_a_rules_object_is_data_only_nothing_in_it_is_evaluated() -> None:
    name = "__import__('os').system('echo hi')"
    rules = pyclag.NORMAL.with_schedule([3])
    record = {"format": "pyclag/2", "rules": {**rules_object(rules), "name": name}}
    loaded = load(json.dumps({**record, "players": 3, "rounds": []}))
    assert loaded.rules.name == name
    with pytest.raises(RecordError) as err:
        rules_object_from({"name": "x", "schedule": [{"hand_size": 3, "suits": {"kind": "eval"}}]})
    assert err.value.path == "rules.schedule[0].suits.kind"


RULES_FILES = sorted(name for name in BAD_EXPECTED if name.startswith("rules_"))


def test_the_bad_corpus_has_at_least_40_bad_rules_objects() -> None:
    assert len(RULES_FILES) >= 40
    assert all((BAD / name).exists() for name in RULES_FILES)


@pytest.mark.parametrize("name", RULES_FILES)
def test_a_bad_rules_object_is_refused_at_the_path_of_its_field(name: str) -> None:
    expected = BAD_EXPECTED[name]
    with pytest.raises(RecordError) as err:
        load((BAD / name).read_bytes())
    assert type(err.value) is RecordError
    assert err.value.path == expected["path"]
    assert str(err.value).startswith(f"{expected['path']}: ")
    assert expected["reason"] in str(err.value)
    assert expected["path"].split(".")[0].split("[")[0] in ("rules", "preset", "options", "players")
