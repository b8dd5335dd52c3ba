"""The pictures (issue 18 item 5): ``pyclag replay FILE --chart OUT`` and
``pyclag simulate --chart OUT`` write valid PNG and SVG files of
:data:`pyclag.sim.charts.PIXELS`, whose plotted data are the games' scores, read
back from the artists of the figures before they are saved; a missing plot
extra or a bad file name is a one-line error (exit 2) before any game.

The tests that draw need matplotlib (``pip install -e '.[plot]'``, a step of
.ci/run of its own); the others run everywhere.
"""

from __future__ import annotations

import collections
import itertools
import pathlib
import statistics
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Any, Final

import pytest

import pyclag
from pyclag import records
from pyclag.cli import main
from pyclag.sim import charts
from pyclag.sim.sweep import Summary, seeded_game, simulate_many

RULES: Final = pyclag.presets.get("wikipedia")
SHORT: Final = pyclag.NORMAL.with_schedule([3, 2, 1])


def _matplotlib() -> Any:
    return pytest.importorskip("matplotlib")


# --- what a run keeps: the final scores, bounded ---------------------------------------------


def test_a_tally_counts_the_games_by_final_score_whatever_the_shards() -> None:
    bots = ["heuristic", "random", "heuristic"]
    games = [seeded_game(SHORT, 3, bots, seed) for seed in range(5, 35)]
    expected = tuple(
        tuple(sorted(collections.Counter(game.scores[seat] for game in games).items()))
        for seat in range(3)
    )
    for size in (1, 7, 30):
        summary = simulate_many(SHORT, 3, bots, 30, seed=5, shard_size=size)
        assert summary.tally.score_counts == expected
    # Bounded by the scores a game can end on, not by the games.
    assert all(len(seat) <= 30 for seat in expected)
    assert summary.to_json()["score_counts"] == [[list(pair) for pair in seat] for seat in expected]


# --- refusals: before any game, one line, exit 2 ----------------------------------------------


def _record(tmp_path: pathlib.Path) -> pathlib.Path:
    path = tmp_path / "game.json"
    path.write_text(records.dump(seeded_game(SHORT, 3, ["heuristic"], 1)) + "\n")
    return path


def _run(*args: str, hide_matplotlib: bool = False) -> subprocess.CompletedProcess[str]:
    hide = "import sys; sys.modules['matplotlib'] = None; " if hide_matplotlib else ""
    code = f"{hide}from pyclag.cli import main; raise SystemExit(main({list(args)!r}))"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    "command",
    [("replay", "RECORD"), ("simulate", "--players", "3"), ("simulate", "--games", "500")],
)
def test_a_missing_plot_extra_is_one_line_naming_it(
    tmp_path: pathlib.Path, command: tuple[str, ...]
) -> None:
    record = str(_record(tmp_path))
    args = [record if word == "RECORD" else word for word in command]
    out = tmp_path / "out.png"
    done = _run(*args, "--chart", str(out), hide_matplotlib=True)
    assert done.returncode == 2
    assert done.stdout == ""  # refused before a game is played or a record read
    assert done.stderr.count("\n") == 1
    assert "pictures need the plot extra (matplotlib)" in done.stderr
    assert "pip install 'pyclag[plot]'" in done.stderr
    assert not out.exists()


def test_a_chart_is_a_png_or_an_svg_file(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = str(_record(tmp_path))
    for name in ("out.jpg", "out"):
        with pytest.raises(SystemExit) as stop:
            main(["replay", record, "--chart", str(tmp_path / name)])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert "a chart is a .png or .svg file" in err
        assert err.count("\n") == 1
    assert capsys.readouterr().out == ""


def test_a_chart_that_cannot_be_written_is_one_line(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _matplotlib()
    with pytest.raises(SystemExit) as stop:
        main(["replay", str(_record(tmp_path)), "--chart", str(tmp_path / "no" / "out.png")])
    assert stop.value.code == 2
    said = capsys.readouterr()
    assert said.out == ""  # issue 30 item 4: refused before the record is replayed
    assert said.err == (
        f"pyclag replay: error: --chart {tmp_path / 'no' / 'out.png'}: its folder "
        f"{tmp_path / 'no'} does not exist; give a regular file, or a new file in an existing "
        "folder\n"
    )


def test_a_chart_through_a_link_is_drawn_to_its_target(tmp_path: pathlib.Path) -> None:
    """issue 30 item 4: the picture is written whole to the link's target; the link stays."""
    _matplotlib()
    target = tmp_path / "pictures" / "out.png"
    target.parent.mkdir()
    link = tmp_path / "out.png"
    link.symlink_to(target)
    assert main(["replay", str(_record(tmp_path)), "--chart", str(link)]) == 0
    assert link.is_symlink() and _png_size(target) == charts.PIXELS
    assert sorted(p.name for p in target.parent.iterdir()) == ["out.png"]


# --- the files ---------------------------------------------------------------------------------


def _png_size(path: pathlib.Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert (length, kind) == (13, b"IHDR")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _svg_size(path: pathlib.Path) -> tuple[float, float]:
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    width, height = root.get("width", ""), root.get("height", "")
    assert width.endswith("pt")
    assert height.endswith("pt")
    return float(width[:-2]), float(height[:-2])


def test_replay_chart_writes_a_png_and_an_svg_of_the_size(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _matplotlib()
    record = str(_record(tmp_path))
    assert main(["replay", record, "--chart", str(tmp_path / "a.png")]) == 0
    assert main(["replay", record, "--chart", str(tmp_path / "a.svg")]) == 0
    assert _png_size(tmp_path / "a.png") == charts.PIXELS
    assert _svg_size(tmp_path / "a.svg") == tuple(side * 72 / 100 for side in charts.PIXELS)
    assert "winner" in capsys.readouterr().out  # the score card still prints


def test_simulate_chart_writes_the_distribution_and_one_game_its_totals(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _matplotlib()
    args = ["simulate", "--schedule", "3,2,1", "--players", "3", "--jobs", "1"]
    assert main([*args, "--games", "20", "--chart", str(tmp_path / "many.svg")]) == 0
    assert main([*args, "--chart", str(tmp_path / "one.png")]) == 0
    assert _svg_size(tmp_path / "many.svg") == tuple(side * 72 / 100 for side in charts.PIXELS)
    assert _png_size(tmp_path / "one.png") == charts.PIXELS
    capsys.readouterr()


# --- the data drawn are the scores -------------------------------------------------------------


def test_the_running_totals_name_the_players_they_are_given() -> None:
    _matplotlib()
    state = seeded_game(pyclag.NORMAL.with_schedule([2, 1]), 3, ["heuristic", "random"], 1)
    names = ["seat 0 heuristic", "seat 1 random", "seat 2 heuristic"]
    figure: Any = charts.totals_figure(state, names)
    assert [line.get_label() for line in figure.axes[0].lines] == names


@pytest.mark.parametrize(("name", "players", "seed"), [("wikipedia", 4, 1), ("raf", 5, 3)])
def test_the_running_totals_drawn_are_the_game_scores(name: str, players: int, seed: int) -> None:
    _matplotlib()
    state = seeded_game(pyclag.presets.get(name), players, ["heuristic"], seed)
    figure: Any = charts.totals_figure(state)  # its artists, read as matplotlib made them
    axes = figure.axes[0]
    assert len(axes.lines) == players
    for seat, line in enumerate(axes.lines):
        expected = [0, *itertools.accumulate(result.points[seat] for result in state.history)]
        assert list(line.get_xdata()) == list(range(len(state.history) + 1))
        assert list(line.get_ydata()) == expected
        assert expected[-1] == state.scores[seat]
        assert line.get_label() == f"seat {seat}"
    # Each special deal shaded (its span over its deal) and named by its rule as played.
    specials = [
        (number, result.setup.played.label)
        for number, result in enumerate(state.history, 1)
        if result.setup.played.label
    ]
    assert specials
    spans = [patch.get_x() + patch.get_width() / 2 for patch in axes.patches]
    assert [round(middle, 6) for middle in spans] == [number for number, _ in specials]
    texts = [(text.get_position()[0], text.get_text()) for text in axes.texts]
    assert texts == [(number, rule.replace(", ", "\n")) for number, rule in specials]


def _pooled_share(scores: list[int], edges: list[int]) -> list[float]:
    counts = [sum(low <= s < high for s in scores) for low, high in itertools.pairwise(edges)]
    return [100 * count / len(scores) for count in counts]


def test_the_distribution_drawn_is_the_final_scores() -> None:
    _matplotlib()
    bots = ["heuristic", "random", "heuristic", "random"]
    games = 40
    summary = simulate_many(RULES, 4, bots, games, seed=11)
    figure: Any = charts.distribution_figure(summary, "wikipedia")
    finals = [seeded_game(RULES, 4, bots, 11 + number).scores for number in range(games)]
    boxes, bars = figure.axes
    # One box a seat: its quartiles those of the seat's final scores (linear interpolation).
    medians = [list(line.get_ydata()) for line in boxes.lines if line.get_gid() == "median"]
    spans = [sorted(set(box.get_path().vertices[:, 1])) for box in boxes.patches]
    for seat in range(4):
        scores = [final[seat] for final in finals]
        q1, median, q3 = statistics.quantiles(scores, n=4, method="inclusive")
        assert medians[seat] == pytest.approx([median, median])
        assert spans[seat] == pytest.approx([q1, q3])
        assert charts.quartiles(summary.tally.score_counts[seat]) == pytest.approx((q1, median, q3))
    labels = [tick.get_text() for tick in boxes.get_xticklabels()]
    assert labels == [f"seat {seat}\n{bot}" for seat, bot in enumerate(bots)]
    # One histogram a bot, its seats pooled, as a share of its games.
    everything = [score for final in finals for score in final]
    edges = charts.bin_edges(min(everything), max(everything))
    for kind, step in zip(("heuristic", "random"), bars.patches, strict=True):
        values, drawn_edges, _ = step.get_data()
        scores = [final[s] for final in finals for s in range(4) if bots[s] == kind]
        assert list(drawn_edges) == edges
        assert list(values) == pytest.approx(_pooled_share(scores, edges))
        assert step.get_label() == kind


def test_a_summary_without_final_scores_is_refused() -> None:
    _matplotlib()
    tally = simulate_many(SHORT, 3, ["random"], 2).tally
    bare = Summary(type(tally)(2, (0, 0, 0), (0, 0, 0), (1, 1, 1), ()), ("random",) * 3)
    with pytest.raises(pyclag.ClagError, match="holds no final scores"):
        charts.distribution_figure(bare)


def test_bin_edges_hold_every_score_once() -> None:
    for low, high in [(0, 0), (-7, 3), (0, 29), (0, 30), (-40, 260)]:
        edges = charts.bin_edges(low, high)
        assert edges[0] == low
        assert edges[-1] > high >= edges[-2]
        assert len(edges) - 1 <= 30
        assert len({b - a for a, b in itertools.pairwise(edges)}) == 1
