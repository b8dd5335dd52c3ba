"""Saving, resuming and exporting a score sheet: the ``pyclag-sheet/1`` JSON file and the
CSV score card (RULES.md §1.11). A file comes from anyone: every malformed or inconsistent
one is a RecordError whose ``path`` names the deal and the field
(tests/data/bad_sheets/, EXPECTED.json: each file's path and a piece of its message)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from pyclag import RecordError, RuleSet, presets
from pyclag.records import MAX_TEXT
from pyclag.rules import catalogue
from pyclag.scoresheet import FORMAT, ScoreSheet, dump_sheet, load_sheet, sheet_csv
from pyclag.scoresheet.files import FORMAT_WITH_RULES
from tests.scoresheet.games import PRESETS, VARIANTS, engine_game, entries_of

BAD = Path(__file__).parent.parent / "data" / "bad_sheets"
EXPECTED: dict[str, dict[str, str]] = json.loads((BAD / "EXPECTED.json").read_text("utf-8"))
FILES = sorted(path.name for path in BAD.iterdir() if path.name != "EXPECTED.json")


def test_the_bad_corpus_has_thirty_files_or_more_each_expected() -> None:
    assert len(FILES) >= 30
    assert sorted(EXPECTED) == FILES


@pytest.mark.parametrize("name", FILES)
def test_every_bad_sheet_is_a_record_error_at_its_deal_and_field(name: str) -> None:
    with pytest.raises(RecordError) as caught:
        load_sheet((BAD / name).read_bytes())
    err, expected = caught.value, EXPECTED[name]
    assert err.path == expected["path"], str(err)
    assert expected["reason"] in str(err), str(err)
    assert str(err).startswith(f"{err.path}: " if err.path else "")


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=lambda v: str(v))
def test_a_saved_sheet_loads_back_equal_at_every_entry(
    name: str, options: dict[str, object]
) -> None:
    rules = presets.get(name, **options)
    state = engine_game(rules, 4, seed=5, first_dealer=1)
    sheet = ScoreSheet(rules, 4, 1, names=("Ann", "Bob", "Cy", "Di"))
    for entry in entries_of(state)[:4]:
        sheet = sheet.enter(entry)
        partial = sheet.undo()
        for each in (sheet, partial):
            text = dump_sheet(each)
            again = load_sheet(text)
            assert again == each and again.rows == each.rows and again.current == each.current
            assert dump_sheet(again) == text


def test_a_whole_game_round_trips_with_its_rules_options_and_names() -> None:
    rules = presets.get("raf", num_deals=5, madness_points_on_miss=True)
    state = engine_game(rules, 5, seed=2)
    sheet = ScoreSheet(rules, 5, names=("A", "B", "C", "D", "E"), entries=entries_of(state))
    data = json.loads(dump_sheet(sheet))
    assert data["format"] == FORMAT == "pyclag-sheet/1"
    assert (data["preset"], data["options"]) == (
        "raf",
        {"madness_points_on_miss": True, "num_deals": 5},
    )
    assert data["names"] == ["A", "B", "C", "D", "E"] and len(data["deals"]) == 5
    loaded = load_sheet(dump_sheet(sheet).encode("utf-8"))
    assert loaded.totals == state.scores and loaded.winners() == sheet.winners()


def test_a_sheet_over_a_schedule_of_the_presets_rounds_round_trips() -> None:
    wp = presets.get("wikipedia")
    rules = wp.with_schedule([3, wp.schedule[8], 2])
    sheet = ScoreSheet(rules, 3).bid(1).bid(1).bid(0).took((1, 1, 1))
    assert json.loads(dump_sheet(sheet))["schedule"] == [3, "7 Misère", 2]
    assert load_sheet(dump_sheet(sheet)) == sheet


def test_a_rule_set_that_is_not_a_preset_is_saved_whole_and_restored() -> None:
    foss = RuleSet("foss", [1, catalogue.misere(trumps=False, per_trick=-2, hand_size=2)])
    sheet = ScoreSheet(foss, 3).bid(1).bid(0).bid(1).took((1, 0, 0))
    text = dump_sheet(sheet)
    assert json.loads(text)["format"] == FORMAT_WITH_RULES == "pyclag-sheet/2"
    assert json.loads(text)["rules"]["name"] == "foss"
    assert load_sheet(text) == sheet
    assert dump_sheet(load_sheet(text)) == text
    with pytest.raises(RecordError) as err:
        load_sheet(text.replace('"hand_size": 2', '"hand_size": 20'))
    assert err.value.path == "rules.schedule[1].hand_size"


def test_a_file_longer_than_a_record_may_hold_is_refused_before_it_is_read() -> None:
    with pytest.raises(RecordError, match="more than a record may hold"):
        load_sheet(" " * (MAX_TEXT + 1))


def test_a_deeply_nested_file_is_refused() -> None:
    with pytest.raises(RecordError) as caught:
        load_sheet("[" * 100_000 + "]" * 100_000)
    assert caught.value.path == ""


def test_loading_evaluates_nothing() -> None:
    # Text that Python would evaluate is only a string to JSON, and a string is no count.
    text = dump_sheet(ScoreSheet(presets.get("wikipedia"), 4))
    hostile = text.replace(
        '"deals": []', '"deals": [{"bids": ["__import__(\'os\').system(\'x\')"]}]'
    )
    with pytest.raises(RecordError, match=r"deals\[0\]\.bids\[0\]: expected a whole number"):
        load_sheet(hostile)


@pytest.mark.parametrize("name", PRESETS)
def test_s1_11_the_csv_card_has_a_row_per_deal_with_each_total_bid_and_tricks(name: str) -> None:
    """Issue 31 item 6: a row per deal, each player's running total, bid and tricks."""
    rules = presets.get(name)
    state = engine_game(rules, 4, seed=9)
    sheet = ScoreSheet(rules, 4, names=("Ann", "Bob", "Cy", "Di"), entries=entries_of(state))
    rows = list(csv.reader(io.StringIO(sheet_csv(sheet))))
    assert rows[0] == [
        "deal", "cards", "rule",
        "Ann total", "Ann bid", "Ann tricks", "Bob total", "Bob bid", "Bob tricks",
        "Cy total", "Cy bid", "Cy tricks", "Di total", "Di bid", "Di tricks",
    ]  # fmt: skip
    assert len(rows) == 1 + len(state.history)
    for row, result in zip(rows[1:], state.history, strict=True):
        assert row[:2] == [str(result.setup.index + 1), str(result.hand_size)]
        assert [int(total) for total in row[3::3]] == list(result.totals)
        assert row[4::3] == ["" if bid is None else str(bid) for bid in result.bids]
        assert [int(tricks) for tricks in row[5::3]] == list(result.tricks_won)
