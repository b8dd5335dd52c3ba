"""``pyclag score --csv FILE`` and ``--chart FILE``, and ``pyclag replay`` given a score
sheet (issue 31 item 6)."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pyclag import RuleSet, presets
from pyclag.rules import catalogue
from pyclag.scoresheet import ScoreSheet, dump_sheet, load_sheet, sheet_csv
from pyclag.terminal.scorekeeper import Scorekeeper
from tests.helpers import run_pyclag
from tests.scoresheet.games import answers, assert_agrees, engine_game

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("Ann", "Bob", "Cy", "Di")


def test_issue_31_item_6_score_writes_the_csv_and_the_chart_as_it_saves(tmp_path: Path) -> None:
    """A whole game typed at ``pyclag score --csv --chart``: the CSV has a header
    and a row per deal with each player's total, bid and tricks (the engine's),
    and the chart is an SVG picture with a line a player through every deal."""
    rules = presets.get("wikipedia")
    state = engine_game(rules, 4, seed=3)
    save, table, chart = tmp_path / "s.json", tmp_path / "s.csv", tmp_path / "s.svg"
    done = run_pyclag(
        "score", "--preset", "wikipedia", "--names", ",".join(NAMES), "--save", str(save),
        "--csv", str(table), "--chart", str(chart),
        stdin="".join(f"{line}\n" for line in answers(state, NAMES)),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert " ".join(done.stdout.split()).endswith(f"Saved in {save}, {table}, {chart}.")
    sheet = load_sheet(save.read_text("utf-8"))
    assert_agrees(sheet, state)
    assert table.read_text("utf-8") == sheet_csv(sheet)
    rows = list(csv.reader(io.StringIO(table.read_text("utf-8"))))
    assert rows[0][:6] == ["deal", "cards", "rule", "Ann total", "Ann bid", "Ann tricks"]
    assert len(rows) == 1 + len(state.history)
    for row, result in zip(rows[1:], state.history, strict=True):
        assert [int(total) for total in row[3::3]] == list(result.totals)
        assert [int(tricks) for tricks in row[5::3]] == list(result.tricks_won)
    root = ET.fromstring(chart.read_text("utf-8"))
    lines = list(root.iter(f"{SVG}polyline"))
    assert len(lines) == 4
    assert all(len((line.get("points") or "").split()) == 1 + len(state.history) for line in lines)
    assert chart.read_text("utf-8") == sheet.chart()


def test_issue_31_item_6_the_files_follow_the_sheet_deal_by_deal(tmp_path: Path) -> None:
    """After each deal and on leaving, the CSV and the chart are the sheet's as it stands."""
    table, chart = tmp_path / "t.csv", tmp_path / "t.svg"
    keeper = Scorekeeper(
        ScoreSheet(presets.get("wikipedia"), 3),
        io.StringIO("1\n0\n1\n0 1 0\nquit\n"),
        io.StringIO(),
        csv=str(table),
        chart=str(chart),
    )
    assert keeper.run() == 0
    assert len(keeper.sheet.rows) == 1
    assert table.read_text("utf-8") == sheet_csv(keeper.sheet)
    assert chart.read_text("utf-8") == keeper.sheet.chart()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv", "t.svg"]  # no temporary left


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ["--chart", "totals.png"],
            "--chart draws an SVG picture: give a FILE.svg, not totals.png",
        ),
        (["--csv", "/dev/null"], "--csv /dev/null: a character device, not a regular file"),
        (["--chart", "/no/such/folder/t.svg"], "--chart /no/such/folder/t.svg: its folder"),
    ],
)
def test_issue_31_item_6_a_bad_csv_or_chart_file_is_refused_before_the_game(
    args: list[str], says: str
) -> None:
    """A file that cannot be written is refused in one line, status 2, before any question."""
    done = run_pyclag("score", "--players", "3", *args, stdin="1\n")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("pyclag score: error: ") and says in done.stderr
    assert done.stderr.count("\n") == 1


FOSS = RuleSet("foss", [1, catalogue.misere(trumps=False, per_trick=-2, hand_size=2)])


@pytest.mark.parametrize(
    ("rules", "form"), [(presets.get("raf"), "pyclag-sheet/1"), (FOSS, "pyclag-sheet/2")]
)
def test_issue_31_item_6_replay_says_a_score_sheet_is_for_score_resume(
    tmp_path: Path, rules: RuleSet, form: str
) -> None:
    """``pyclag replay`` given the file ``pyclag score --save`` writes (with a preset,
    or with rules of its own) says in one line that it is a score sheet and to use
    ``pyclag score --resume FILE``, exit status 1."""
    sheet = tmp_path / "my sheet.json"
    text = dump_sheet(ScoreSheet(rules, 4))
    assert json.loads(text)["format"] == form
    sheet.write_text(text + "\n", "utf-8")
    done = run_pyclag("replay", str(sheet))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (
        f"pyclag replay: {sheet}: a score sheet, not a game record: "
        f"go on with it with pyclag score --resume '{sheet}'\n"
    )
    resumed = run_pyclag("score", "--resume", str(sheet), stdin="quit\n")
    assert resumed.returncode == 0, resumed.stderr
    # A file that is neither is still refused as a record.
    other = tmp_path / "other.json"
    other.write_text('{"format": "pyclag-something/1"}', "utf-8")
    refused = run_pyclag("replay", str(other))
    assert refused.returncode == 1 and "score sheet" not in refused.stderr
