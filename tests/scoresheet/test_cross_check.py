"""The score sheet against the engine (RULES.md §1.9-§1.11, §2.3 A18, §4 invariants 29,
39, 40): a real game played through the engine (:func:`pyclag.engine.play_out`), entered
on a sheet as a table would (tests/scoresheet/games.py), scores exactly as the engine did:
the same points, totals, contracts, RAF callers and winners."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pyclag
from pyclag import presets
from pyclag.scoresheet import ScoreSheet, dump_sheet, load_sheet
from tests.scoresheet.games import (
    PRESETS,
    VARIANTS,
    assert_agrees,
    engine_game,
    entered_step_by_step,
    entries_of,
)


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=lambda v: str(v))
def test_s1_11_every_preset_scores_as_the_engine_entry_by_entry(
    name: str, options: dict[str, object]
) -> None:
    rules = presets.get(name, **options)
    for players in (rules.min_players, rules.max_players):
        for seed in range(2):
            state = engine_game(rules, players, seed, first_dealer=seed % players)
            sheet = ScoreSheet(rules, players, first_dealer=seed % players)
            sheet = entered_step_by_step(sheet, entries_of(state))
            assert_agrees(sheet, state)


@pytest.mark.parametrize("name", PRESETS)
def test_s1_11_a_sheet_built_from_its_entries_is_the_sheet_entered_one_by_one(name: str) -> None:
    rules = presets.get(name)
    state = engine_game(rules, 5, seed=3, first_dealer=2)
    entries = entries_of(state)
    whole = ScoreSheet(rules, 5, 2, entries=entries)
    assert whole == entered_step_by_step(ScoreSheet(rules, 5, 2), entries)
    assert_agrees(whole, state)
    assert load_sheet(dump_sheet(whole)) == whole


@pytest.mark.parametrize("name", PRESETS)
def test_s1_9_trick_winners_score_as_the_counts_where_only_counts_matter(name: str) -> None:
    rules = presets.get(name)
    state = engine_game(rules, 4, seed=11)
    by_counts = ScoreSheet(rules, 4, entries=entries_of(state))
    by_winners = ScoreSheet(rules, 4, entries=entries_of(state, winners=True))
    assert [row.points for row in by_counts.rows] == [row.points for row in by_winners.rows]
    assert_agrees(by_winners, state)


def test_a18_the_raf_caller_of_every_deal_follows_from_the_sheets_scores() -> None:
    rules = presets.get("raf", num_deals=12)
    for seed in range(6):
        state = engine_game(rules, 4, seed)
        sheet = ScoreSheet(rules, 4, entries=entries_of(state))
        callers = [row.deal.setup.caller for row in sheet.rows]
        assert callers == [result.setup.caller for result in state.history]
        assert callers[0] is None and None not in callers[1:]


@given(
    variant=st.sampled_from(VARIANTS),
    players=st.integers(3, 7),
    seed=st.integers(0, 2**32 - 1),
    winners=st.booleans(),
    data=st.data(),
)
def test_s4_29_property_a_sheet_scores_any_engine_game_as_the_engine(
    variant: tuple[str, dict[str, object]],
    players: int,
    seed: int,
    winners: bool,
    data: st.DataObject,
) -> None:
    name, options = variant
    rules = presets.get(name, **options)
    players = max(rules.min_players, min(players, rules.max_players))
    first = data.draw(st.integers(0, players - 1), label="first dealer")
    state = engine_game(rules, players, seed, first_dealer=first)
    # Part-way too: the sheet of the first k deals agrees with the engine's first k rounds.
    k = data.draw(st.integers(0, len(state.history)), label="deals entered")
    entries = entries_of(state, winners=winners)
    sheet = ScoreSheet(rules, players, first, entries=entries[:k])
    assert [row.totals for row in sheet.rows] == [r.totals for r in state.history[:k]]
    assert [row.deal.setup.caller for row in sheet.rows] == [
        r.setup.caller for r in state.history[:k]
    ]
    assert_agrees(ScoreSheet(rules, players, first, entries=entries), state)


def test_s1_10_winners_and_tie_break_as_the_engine_in_many_short_games() -> None:
    # Short games tie often: the Indonesian tie-break (contracts, then shared) gets used.
    for name in ("indonesian", "pagat", "wikipedia"):
        rules = presets.get(name).with_schedule([1, 1])
        for seed in range(40):
            state = engine_game(rules, 4, seed)
            sheet = ScoreSheet(rules, 4, entries=entries_of(state))
            assert sheet.winners() == pyclag.winners(state)
