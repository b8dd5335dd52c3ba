"""The ``pyclag`` command, run as a user runs it: a subprocess."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pyclag
from pyclag.playout import play_out
from pyclag.scorecard import score_card


def _pyclag(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyclag", *args], capture_output=True, text=True, timeout=120
    )


def test_simulate_plays_the_wikipedia_preset_by_default() -> None:
    done = _pyclag("simulate", "--players", "5", "--seed", "7", "--first-dealer", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "pyclag simulate: preset wikipedia, 5 players, seed 7, first dealer seat 2"
    assert lines[1].split()[:3] == ["round", "cards", "rule"]
    assert lines[1].split("|")[1].split() == [
        word for seat in range(5) for word in ("seat", str(seat))
    ]
    assert len(lines) == 2 + 22 + 1
    sizes = [int(line.split()[1]) for line in lines[2:24]]
    assert sizes == [*range(1, 8), *[7] * 8, *range(7, 0, -1)]
    assert lines[9].split("|")[0].split()[2:] == ["No", "Trumps"]
    assert lines[-1].startswith(("winner: seat ", "winners: seats "))
    # The same game, played by the library, prints the same card.
    rules = pyclag.presets.get("wikipedia")
    state = play_out(pyclag.new_game(rules, 5, first_dealer=2), random.Random(7))
    assert done.stdout.split("\n", 1)[1].rstrip() == score_card(state)


def test_simulate_plays_any_preset() -> None:
    for name in pyclag.presets.names():
        rules = pyclag.presets.get(name)
        done = _pyclag("simulate", "--preset", name.upper(), "--players", "4", "--seed", "3")
        assert done.returncode == 0, done.stderr
        state = play_out(pyclag.new_game(rules, 4), random.Random(3))
        assert done.stdout.split("\n", 1)[1].rstrip() == score_card(state)


def test_simulate_cells_are_running_totals_and_bids() -> None:
    done = _pyclag(
        "simulate", "--preset", "normal", "--players", "3", "--seed", "2", "--schedule", "3,2"
    )
    state = play_out(pyclag.new_game(pyclag.NORMAL.with_schedule([3, 2]), 3), random.Random(2))
    rows = done.stdout.splitlines()[2:4]
    for row, result in zip(rows, state.history, strict=True):
        cells = row.split("|")[1].split()
        assert [int(total) for total in cells[0::2]] == list(result.totals)
        assert cells[1::2] == [f"({bid})" for bid in result.bids]


def test_simulate_is_reproducible() -> None:
    assert _pyclag("simulate", "--seed", "11").stdout == _pyclag("simulate", "--seed", "11").stdout


def test_bad_arguments_give_a_one_line_error_and_status_2() -> None:
    for args in (
        ("simulate", "--players", "9"),
        ("simulate", "--preset", "nonesuch"),
        ("simulate", "--schedule", "3,x"),
        ("simulate", "--players", "four"),
        ("bench", "--runs", "0"),
        ("frobnicate",),
    ):
        done = _pyclag(*args)
        assert done.returncode == 2, args
        assert done.stdout == ""
        assert done.stderr.strip().splitlines()[-1].startswith("pyclag"), done.stderr


def test_bench_json_has_every_figure() -> None:
    done = _pyclag("bench", "--runs", "1", "--seconds", "0.05", "--json")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert set(figures) == {"rounds_per_s", "games_per_s", "apply_children_per_s", "import_ms"}
    assert all(value > 0 for value in figures.values())


def test_bench_text_compares_with_the_bars() -> None:
    done = _pyclag("bench", "--runs", "1", "--seconds", "0.05")
    assert done.returncode == 0, done.stderr
    assert "median of 1 runs" in done.stdout
    assert "random 4-player wikipedia games per second" in done.stdout
    assert done.stdout.count("bar") == 4


def test_bench_times_the_games_of_any_preset() -> None:
    for name in pyclag.presets.names():
        done = _pyclag("bench", "--runs", "1", "--seconds", "0.02", "--preset", name)
        assert done.returncode == 0, done.stderr
        assert f"random 4-player {name} games per second" in done.stdout
    assert _pyclag("bench", "--preset", "nonesuch").returncode == 2


def test_help_and_version() -> None:
    for args in (("--help",), ("simulate", "--help"), ("bench", "--help")):
        done = _pyclag(*args)
        assert done.returncode == 0 and "usage: pyclag" in done.stdout
    assert _pyclag("--version").stdout.strip() == f"pyclag {pyclag.__version__}"


def test_score_card_names_the_rule_and_the_raf_caller_of_each_round() -> None:
    rules = pyclag.presets.get("raf", num_deals=3)
    state = play_out(pyclag.new_game(rules, 4), random.Random(2))
    rows = score_card(state).splitlines()[1:4]
    assert rows[0].split("|")[0].split() == ["1", str(state.history[0].hand_size)]
    for row, result in zip(rows[1:], state.history[1:], strict=True):
        rule = row.split("|")[0].split(None, 2)[2].strip()
        call = result.setup.call
        assert call is not None
        assert rule == f"{call.label} (seat {result.setup.caller} called)"
