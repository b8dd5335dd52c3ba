"""Game records (DESIGN.md §6): hypothesis fuzz: arbitrary text, JSON and mutated records load and
replay or raise RecordError.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from pyclag import NORMAL, GameState, Madness, RoundSpec, RuleSet, presets, records
from pyclag.errors import RecordError
from pyclag.presets import WIKIPEDIA
from pyclag.records import dump, load, replay
from pyclag.rules import catalogue
from pyclag.rules.calls import ALL_PRECEDENCES, CallRules
from pyclag.scoring.schemes import F1
from pyclag.scoring.tally import TieBreak
from tests.records.corpus import (
    CALL_KEYS,
    RAF_ELDEST,
    RECORD_KEYS,
    ROUND_KEYS,
    SIX,
    names_its_path,
    raised,
    seeded_game,
    seeded_states,
)

# --- hypothesis fuzz ---------------------------------------------------------------------------

JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
RULES_KEYS = ("rules", "name", "schedule", "hand_size", "suits", "kind", "order", "scoring", "hook")
FIELD_NAMES = st.sampled_from((*RECORD_KEYS, *ROUND_KEYS, *CALL_KEYS, *RULES_KEYS))
JSON_VALUES: st.SearchStrategy[Any] = st.recursive(
    JSON_SCALARS,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(FIELD_NAMES | st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=20,
)


def _loads_or_refuses(text: str | bytes) -> records.Record | None:
    """``load(text)``, or None if it raised exactly RecordError (else the test fails)."""
    loaded: list[records.Record] = []
    err = raised(lambda: loaded.append(load(text)))
    if err is None:
        return loaded[0]
    assert type(err) is RecordError, f"{type(err).__name__}: {err}"
    assert names_its_path(err)
    return None


@settings(max_examples=300)
@given(st.text() | st.binary())
def test_fuzz_load_of_arbitrary_text_is_a_record_or_record_error(text: str | bytes) -> None:
    result = _loads_or_refuses(text)
    assert result is None or isinstance(result, records.Record)


@settings(max_examples=300)
@given(JSON_VALUES)
def test_fuzz_load_of_arbitrary_json_is_a_record_or_record_error(value: Any) -> None:
    result = _loads_or_refuses(json.dumps(value))
    assert result is None or isinstance(result, records.Record)


@settings(max_examples=200)
@given(
    st.fixed_dictionaries(
        {"format": st.just("pyclag/1"), "preset": st.sampled_from(presets.names())},
        optional=dict.fromkeys(RECORD_KEYS[2:], JSON_VALUES),
    )
)
def test_fuzz_record_shaped_json_loads_and_replays_or_raises_record_error(
    value: dict[str, Any],
) -> None:
    record = _loads_or_refuses(json.dumps(value))
    if record is not None:
        states: list[GameState] = []
        err = raised(lambda: states.append(replay(record)))
        assert err is None or type(err) is RecordError, f"{type(err).__name__}: {err}"
        for state in states:
            assert replay(load(dump(state))) == state


def _base_records() -> list[dict[str, Any]]:
    games = [
        seeded_game(NORMAL.with_schedule([2, 3]), 3, 1),
        seeded_game(WIKIPEDIA.with_schedule(WIKIPEDIA.schedule[8:15]), 3, 2),
        seeded_game(RAF_ELDEST.with_options(num_deals=3), 3, 4),
        seeded_game(SIX.with_schedule([*SIX.schedule[9:11], 2]), 4, 3),
        seeded_game(HOUSE, 4, 6),  # a pyclag/2 record: its rules object is mutated too
    ]
    # part-way through a round too
    partial = list(seeded_states(presets.INDONESIAN.with_schedule([3, 2]), 4, 5))[9]
    return [json.loads(dump(state)) for state in [*games, partial]]


HOUSE = RuleSet(
    "house",
    [
        2,
        catalogue.misere(trumps=True, per_trick=-3, hand_size=3),
        RoundSpec(7, suits=ALL_PRECEDENCES[5], scoring=attrs.evolve(F1, madness=Madness.ASCENDING)),
        RoundSpec(5, hand_sizes=(3, 4, 5), calls=CallRules()),
    ],
    tie_break=TieBreak.CONTRACTS_THEN_SHARED,
)
BASES = _base_records()


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into a JSON value (keys and indexes), the value itself first."""
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, (*path, index))


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


@st.composite
def _mutants(draw: st.DrawFn) -> dict[str, Any]:
    record: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(record))[1:]
        if not paths:
            break
        kind = draw(st.sampled_from(("replace", "delete", "swap", "add")))
        if kind == "swap":
            listed = record.get("rounds")  # an earlier mutation may have made it anything
            rounds = [r for r in listed if isinstance(r, dict)] if isinstance(listed, list) else []
            with_plays = [
                r for r in rounds if isinstance(r.get("plays"), list) and len(r["plays"]) > 1
            ]
            if with_plays:
                plays = draw(st.sampled_from(with_plays))["plays"]
                i = draw(st.integers(0, len(plays) - 1))
                j = draw(st.integers(0, len(plays) - 1))
                plays[i], plays[j] = plays[j], plays[i]
                continue
        path = draw(st.sampled_from(paths))
        parent = _at(record, path[:-1])
        if kind == "delete":
            del parent[path[-1]]
        elif kind == "add" and isinstance(parent, dict):
            parent[draw(FIELD_NAMES)] = draw(JSON_VALUES)
        else:
            parent[path[-1]] = draw(JSON_VALUES)
    return record


@settings(max_examples=400)
@given(_mutants())
def test_fuzz_mutated_record_replays_or_raises_record_error(mutant: dict[str, Any]) -> None:
    text = json.dumps(mutant)
    states: list[GameState] = []
    err = raised(lambda: states.append(replay(load(text))))
    assert err is None or type(err) is RecordError, f"{type(err).__name__}: {err}"
    assert err is None or names_its_path(err)
    for state in states:  # accepted: it round-trips
        again = dump(state)
        assert replay(load(again)) == state
        assert dump(replay(load(again))) == again
