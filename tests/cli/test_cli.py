"""The ``pyclag`` command, run as a user runs it: a subprocess."""

from __future__ import annotations

import json
import os
import pathlib
import pty
import random
import signal
import subprocess
import sys

import pyclag
from pyclag import terminal
from pyclag.bots import Bot, HeuristicBot, RandomBot, play_game
from pyclag.scoresheet.scorecard import score_card
from tests.helpers import play_checked, run_pyclag
from tests.records.schemas import check_text
from tests.terminal.answerer import Answerer


def _heuristic_game(
    rules: pyclag.RuleSet, players: int, seed: int, first_dealer: int = 0
) -> pyclag.GameState:
    """The game ``pyclag simulate`` plays with its default bots."""
    state = pyclag.new_game(rules, players, first_dealer)
    return play_game(state, [HeuristicBot() for _ in range(players)], random.Random(seed))


def test_simulate_plays_the_wikipedia_preset_by_default() -> None:
    done = run_pyclag("simulate", "--players", "5", "--seed", "7", "--first-dealer", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == ("pyclag simulate: preset wikipedia, 5 players, seed 7, first dealer seat 2")
    assert lines[1] == "bots: heuristic at every seat"
    assert lines[2].split()[:3] == ["round", "cards", "rule"]
    assert lines[2].split("|")[1].split() == [
        word for seat in range(5) for word in ("seat", str(seat))
    ]
    assert lines[3].split("|")[1].split() == ["heuristic"] * 5  # who sits where
    legend = [line for line in lines if line.startswith("[")]  # rules too long for the column
    assert legend[0] == "[a] Blind (bids before the deal)"
    assert len(lines) == 4 + 22 + len(legend) + 1
    sizes = [int(line.split()[1]) for line in lines[4:26]]
    assert sizes == [*range(1, 8), *[7] * 8, *range(7, 0, -1)]
    assert lines[11].split("|")[0].split()[2:] == ["No", "Trumps"]
    assert lines[-1].startswith(("winner: seat ", "winners: seats "))
    # The same game, played by the library, prints the same card.
    rules = pyclag.presets.get("wikipedia")
    state = _heuristic_game(rules, 5, 7, first_dealer=2)
    assert done.stdout.split("\n", 2)[2].rstrip() == score_card(state, roles=["heuristic"] * 5)


def test_simulate_plays_any_preset() -> None:
    for name in pyclag.presets.names():
        rules = pyclag.presets.get(name)
        done = run_pyclag("simulate", "--preset", name.upper(), "--players", "4", "--seed", "3")
        assert done.returncode == 0, done.stderr
        state = _heuristic_game(rules, 4, 3)
        assert done.stdout.split("\n", 2)[2].rstrip() == score_card(state, roles=["heuristic"] * 4)


def test_simulate_cells_are_running_totals_and_bids() -> None:
    done = run_pyclag(
        "simulate", "--preset", "normal", "--players", "3", "--seed", "2", "--schedule", "3,2"
    )
    state = _heuristic_game(pyclag.NORMAL.with_schedule([3, 2]), 3, 2)
    rows = done.stdout.splitlines()[4:6]
    for row, result in zip(rows, state.history, strict=True):
        cells = row.split("|")[1].split()
        assert [int(total) for total in cells[0::2]] == list(result.totals)
        assert cells[1::2] == [f"({bid})" for bid in result.bids]


def test_simulate_is_reproducible() -> None:
    assert (
        run_pyclag("simulate", "--seed", "11").stdout
        == run_pyclag("simulate", "--seed", "11").stdout
    )


def test_bad_arguments_give_a_one_line_error_and_status_2() -> None:
    for args in (
        ("simulate", "--players", "9"),
        ("simulate", "--preset", "nonesuch"),
        ("simulate", "--schedule", "3,x"),
        ("simulate", "--players", "four"),
        ("bench", "--runs", "0"),
        ("frobnicate",),
        ("simulate", "--bots", "heuristic,genius"),
        ("simulate", "--games", "0"),
        ("simulate", "--games", "2", "--record", "x.json"),
        ("rules", "nonesuch"),
        ("rules", "scottish", "--players", "2"),
        ("presets", "extra"),
        ("replay",),
        ("play", "--seat", "7"),
        ("play", "--preset", "nonesuch"),
    ):
        done = run_pyclag(*args)
        assert done.returncode == 2, args
        assert done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert done.stderr.startswith("pyclag"), done.stderr


def test_bench_json_has_every_figure() -> None:
    done = run_pyclag("bench", "--runs", "1", "--seconds", "0.05", "--json")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert set(figures) == {
        "rounds_per_s",
        "steps_rounds_per_s",
        "games_per_s",
        "apply_children_per_s",
        "import_ms",
    }
    assert all(value > 0 for value in figures.values())


def test_bench_text_compares_with_the_bars() -> None:
    done = run_pyclag("bench", "--runs", "1", "--seconds", "0.05")
    assert done.returncode == 0, done.stderr
    assert "median of 1 runs" in done.stdout
    assert "random 4-player wikipedia games per second" in done.stdout
    assert done.stdout.count("bar") == 4
    assert "step by step (legal_actions, apply)" in done.stdout


def test_bench_times_the_games_of_any_preset() -> None:
    for name in pyclag.presets.names():
        done = run_pyclag("bench", "--runs", "1", "--seconds", "0.02", "--preset", name)
        assert done.returncode == 0, done.stderr
        assert f"random 4-player {name} games per second" in done.stdout
    assert run_pyclag("bench", "--preset", "nonesuch").returncode == 2


def test_help_and_version() -> None:
    commands = ("simulate", "play", "rules", "presets", "replay", "bench")
    for args in (("--help",), *((command, "--help") for command in commands)):
        done = run_pyclag(*args)
        assert done.returncode == 0 and "usage: pyclag" in done.stdout
    assert run_pyclag("--version").stdout.strip() == f"pyclag {pyclag.__version__}"


def test_score_card_names_the_rule_and_the_raf_caller_of_each_round() -> None:
    rules = pyclag.presets.get("raf", num_deals=3)
    state = play_checked(pyclag.new_game(rules, 4), random.Random(2))
    card = score_card(state)
    rows = card.splitlines()[1:4]
    assert rows[0].split("|")[0].split() == ["1", str(state.history[0].hand_size)]
    for row, result in zip(rows[1:], state.history[1:], strict=True):
        rule = row.split("|")[0].split(None, 2)[2].strip()
        call = result.setup.call
        assert call is not None
        if rule.startswith("["):  # too long for its column: a key, spelled out in the legend
            legend = next(line for line in card.splitlines() if line.startswith(f"{rule} "))
            rule = legend.removeprefix(f"{rule} ")
        assert rule == f"{call.label} (seat {result.setup.caller} called)"


def test_simulate_seats_the_bots_named_in_turn() -> None:
    done = run_pyclag(
        "simulate",
        "--preset",
        "normal",
        "--players",
        "3",
        "--seed",
        "5",
        "--bots",
        "random,heuristic",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == "bots: seat 0 random, seat 1 heuristic, seat 2 random"
    bots: list[Bot] = [
        RandomBot(random.Random("5:0")),
        HeuristicBot(),
        RandomBot(random.Random("5:2")),
    ]
    state = play_game(pyclag.new_game(pyclag.NORMAL, 3), bots, random.Random(5))
    roles = ["random", "heuristic", "random"]
    assert done.stdout.split("\n", 2)[2].rstrip() == score_card(state, roles=roles)


def test_simulate_writes_the_record_of_its_game(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "game.json"
    done = run_pyclag("simulate", "--preset", "raf", "--seed", "4", "--record", str(target))
    assert done.returncode == 0, done.stderr
    check_text(target.read_text(encoding="utf-8"))  # written by another process: its schema
    state = pyclag.records.replay(pyclag.records.load(target.read_text(encoding="utf-8")))
    assert state == _heuristic_game(pyclag.presets.get("raf"), 4, 4)
    replayed = run_pyclag("replay", str(target))
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.split("\n", 1)[1].rstrip() == score_card(state)


def test_simulate_games_prints_a_summary_by_seat_bot_and_round_type() -> None:
    done = run_pyclag("simulate", "--games", "6", "--seed", "2", "--bots", "heuristic,random")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no progress bar unless standard error is a terminal
    lines = done.stdout.splitlines()
    assert (
        lines[0] == "pyclag simulate: preset wikipedia, 4 players, 6 games from seed 2"
        and lines[1] == "bots: seat 0 heuristic, seat 1 random, seat 2 heuristic, seat 3 random"
    )
    games = [
        play_game(
            pyclag.new_game(pyclag.presets.get("wikipedia"), 4),
            [
                HeuristicBot(),
                RandomBot(random.Random(f"{seed}:1")),
                HeuristicBot(),
                RandomBot(random.Random(f"{seed}:3")),
            ],
            random.Random(seed),
        )
        for seed in range(2, 8)
    ]
    seat_rows = lines[3:7]
    for seat, row in enumerate(seat_rows):
        words = row.split()
        assert words[:2] == [str(seat), "heuristic" if seat % 2 == 0 else "random"]
        mean = sum(game.scores[seat] for game in games) / 6
        assert float(words[2]) == round(mean, 1)
        wins = sum(seat in pyclag.winners(game) for game in games)
        assert words[4] == f"{wins / 6:.1%}"
    made = sum(
        kept
        for game in games
        for result in game.history
        if result.setup.played.label == ""
        for kept in result.made
    )
    bids = sum(
        1
        for game in games
        for result in game.history
        if result.setup.played.label == ""
        for _ in result.bids
    )
    normal = next(line for line in lines if line.startswith("normal "))
    assert normal.split()[1:3] == [str(made), str(bids)]
    assert any(line.startswith("Dealer Calls ") for line in lines)


def test_rules_prints_the_schedule_and_options_of_a_preset() -> None:
    done = run_pyclag("rules", "wp", "--players", "5")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Wikipedia: ")
    assert "22 deals with 5 players" in lines[1]
    head = next(n for n, line in enumerate(lines) if line.startswith("round  cards  special rule"))
    rows = lines[head + 1 : head + 23]
    rules = pyclag.presets.get("wikipedia")
    for index, row in enumerate(rows):
        spec = rules.round_spec(index)
        words = row.split()
        assert words[:2] == [str(index + 1), str(spec.hand_size)]
        label, scoring = row.split(maxsplit=2)[2].rsplit("  ", 1)
        assert label.strip() == (spec.label or "normal")
        assert scoring.strip() == (spec.scoring or rules.scoring).name
    options = lines[lines.index("options (name = value; none: as the schedule says):") + 1 :]
    named = [line for line in options if not line.startswith("      ")]  # each meaning under it
    assert len(named) == len(rules.options)
    assert '  phase2 = "eight"  (one of: eight, six)' in options
    raf = run_pyclag("rules", "raf", "--players", "3").stdout
    assert "6 deals with 3 players" in raf
    assert "    1    3-7  normal (no caller yet)" in raf  # the first deal has no caller (A18)
    first = raf.splitlines().index("    1    3-7  normal (no caller yet)  F1")
    assert [line[:22] for line in raf.splitlines()[first + 1 : first + 6]] == [
        f"{deal:>5}    3-7  Caller's" for deal in range(2, 7)
    ]


def test_presets_lists_every_preset_one_entry_each() -> None:
    done = run_pyclag("presets")
    lines = done.stdout.splitlines()
    entries = [line for line in lines if not line.startswith(" ")]  # the rest wraps under it
    assert [line.split()[0] for line in entries] == list(pyclag.presets.names())
    assert "(also wp)" in lines[-1]


def test_play_a_scripted_complete_game_of_every_preset() -> None:
    for name in pyclag.presets.names():
        # The answers a player gives who always takes the first legal option, found
        # in-process; the command, fed the same lines, must print the same transcript.
        answerer = Answerer(first=True, mischief=False)
        status = terminal.run(
            pyclag.presets.get(name),
            players=4,
            seat=1,
            rng=random.Random(9),
            stdin=answerer.stdin,
            stdout=answerer,
        )
        assert status == 0
        script = answerer.stdin.getvalue()
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pyclag",
                "play",
                "--preset",
                name,
                "--seat",
                "1",
                "--seed",
                "9",
            ],
            input=script,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert "Game over." in done.stdout
        assert done.stdout == answerer.getvalue()


def test_play_refuses_a_bad_answer_and_stops_at_quit() -> None:
    done = _pyclag_with_input(
        "zz\nquit\n", "play", "--preset", "normal", "--seed", "1", "--seat", "1"
    )
    assert done.returncode == 0, done.stderr
    assert "Refused" in done.stdout
    assert done.stdout.rstrip().splitlines()[-1].lower().startswith(("bye", "goodbye"))


def _pyclag_with_input(text: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyclag", *args],
        input=text,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_ctrl_c_in_a_game_exits_quietly_with_status_130() -> None:
    game = subprocess.Popen(
        [sys.executable, "-m", "pyclag", "play", "--preset", "normal", "--seed", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert game.stdout is not None
    while "Your" not in (line := game.stdout.readline()):  # the game waits for an answer
        assert line, "the game ended before asking anything"
    game.send_signal(signal.SIGINT)
    _, errors = game.communicate(timeout=60)
    assert game.returncode == 130
    assert errors.strip() == "pyclag play: interrupted"


def test_simulate_games_shows_a_progress_bar_on_a_terminal() -> None:
    leader, follower = pty.openpty()  # standard error is a terminal; standard output is not
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pyclag", "simulate", "--preset", "normal", "--games", "4"],
            stdout=subprocess.PIPE,
            stderr=follower,
            text=True,
            timeout=120,
        )
        os.close(follower)
        shown = b""
        while chunk := _read_some(leader):
            shown += chunk
    finally:
        os.close(leader)
    assert done.returncode == 0
    bar = shown.decode()
    assert "1/4 [#######" in bar and "4/4 [" + "#" * 30 + "]" in bar
    assert "4 games from seed 0" in done.stdout


def _read_some(fd: int) -> bytes:
    try:
        return os.read(fd, 4096)
    except OSError:  # the terminal's other end is closed: nothing more to read
        return b""


def test_a_reader_that_goes_away_ends_the_command_quietly() -> None:
    """``pyclag rules | head``: the pipe closes before the output is written."""
    with subprocess.Popen(
        [sys.executable, "-m", "pyclag", "rules"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        child.stdout.close()
        errors = child.stderr.read()
        assert child.wait(timeout=60) == 1
    assert errors == b""
