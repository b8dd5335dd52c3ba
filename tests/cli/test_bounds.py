"""Issue 30 item 2, numbers the command line takes without limit: every numeric
option of every subcommand is bounded (:mod:`pyclag.cli._arguments`, and the
library's limits where it has them) and checked before any work, with a
one-line error and exit status 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

import pyclag
from pyclag import cli
from pyclag.cli import main
from pyclag.cli._arguments import (
    MAX_DECISION_SECONDS,
    MAX_RUN_SECONDS,
    MAX_RUNS,
    MAX_SEED,
    MAX_WORLDS,
)
from pyclag.records import MAX_ROUNDS
from pyclag.rules.bidding import Hook
from pyclag.sim import bench, bench_openspiel, launch
from pyclag.sim.launch import MAX_JOBS
from pyclag.sim.sweep import MAX_GAMES, simulate_many

HUGE = "123456789012345678901234567890"
PLAYERS = "players must be an int in 3..7 for rule set 'wikipedia', not"
SCHEDULE = f"argument --schedule: takes 1 to {MAX_ROUNDS:,} comma-separated hand sizes in 1..52"
WHOLE = "must be a whole number in"
SECONDS = "must be a number of seconds above 0 and at most"

REFUSED = [
    # simulate: the repros of the issue first
    (("simulate", "--games", HUGE), f"argument --games: {WHOLE} 1..{MAX_GAMES:,}, not '12345"),
    (
        ("simulate", "--games", "1000000000000"),
        f"--games: {WHOLE} 1..{MAX_GAMES:,}, not 1000000000000",
    ),
    (("simulate", "--games", str(MAX_GAMES + 1)), f"--games: {WHOLE} 1..{MAX_GAMES:,}"),
    (("simulate", "--games", "0"), f"--games: {WHOLE} 1..{MAX_GAMES:,}, not 0"),
    (("simulate", "--players", "1000000000000"), f"{PLAYERS} 1000000000000"),
    (("simulate", "--players", "0"), f"{PLAYERS} 0"),
    (("simulate", "--players", "0", "--bots", "random,pimc"), f"{PLAYERS} 0"),
    (("simulate", "--schedule", ""), f"{SCHEDULE}, not ''"),
    (("simulate", "--schedule", ",".join(["1"] * (MAX_ROUNDS + 1))), f"{SCHEDULE}, not 1,001 of"),
    (("simulate", "--schedule", "1,53"), f"{SCHEDULE}, not '1,53'"),
    (("simulate", "--schedule", "1," + "9" * 5000), f"{SCHEDULE}, not '1,999"),
    (("simulate", "--seed", "-1"), f"argument --seed: {WHOLE} 0..{MAX_SEED:,}, not -1"),
    (("simulate", "--seed", str(MAX_SEED + 1)), f"argument --seed: {WHOLE} 0..{MAX_SEED:,}"),
    (("simulate", "--first-dealer", "4"), "first_dealer must be a seat in 0..3, not 4"),
    (("simulate", "--first-dealer", HUGE), "first_dealer must be a seat in 0..3, not"),
    (("simulate", "--jobs", str(MAX_JOBS + 1)), f"--jobs: {WHOLE} 1..{MAX_JOBS}"),
    (("simulate", "--games", "2", "--jobs", "100000"), f"--jobs: {WHOLE} 1..{MAX_JOBS}"),
    (("simulate", "--shard-size", "0"), f"--shard-size: {WHOLE} 1..{MAX_GAMES:,}, not 0"),
    (("simulate", "--shard-size", HUGE), f"--shard-size: {WHOLE} 1..{MAX_GAMES:,}"),
    (("simulate", "--pimc-worlds", "0"), f"--pimc-worlds: {WHOLE} 1..{MAX_WORLDS:,}, not 0"),
    (
        ("simulate", "--pimc-worlds", str(MAX_WORLDS + 1)),
        f"--pimc-worlds: {WHOLE} 1..{MAX_WORLDS:,}",
    ),
    (("simulate", "--pimc-seconds", "nan"), f"--pimc-seconds: {SECONDS} {MAX_DECISION_SECONDS:g}"),
    (("simulate", "--pimc-seconds", "inf"), f"--pimc-seconds: {SECONDS}"),
    (("simulate", "--pimc-seconds", "0"), f"--pimc-seconds: {SECONDS}"),
    (("simulate", "--pimc-seconds", "601"), f"--pimc-seconds: {SECONDS}"),
    (
        ("simulate", "--option", f"hook_min_hand_size={HUGE}"),
        "min_hand_size must be an int in 1..52",
    ),
    # play
    (("play", "--players", "0"), f"{PLAYERS} 0"),
    (("play", "--players", "1000000000000"), f"{PLAYERS} 1000000000000"),
    (("play", "--seat", "4"), "--seat must be a seat in 0..3, not 4"),
    (("play", "--seat", "-1"), "--seat must be a seat in 0..3, not -1"),
    (("play", "--seed", "-1"), f"argument --seed: {WHOLE} 0..{MAX_SEED:,}, not -1"),
    (("play", "--pimc-worlds", "-5"), f"--pimc-worlds: {WHOLE} 1..{MAX_WORLDS:,}, not -5"),
    (
        (
            "play",
            "--pimc-seconds=-inf",
        ),
        f"--pimc-seconds: {SECONDS}",
    ),
    # score, rules
    (("score", "--players", "0"), f"{PLAYERS} 0"),
    (("score", "--players", "1000000000000"), f"{PLAYERS} 1000000000000"),
    (("score", "--first-dealer", "4"), "first_dealer must be a seat in 0..3, not 4"),
    (("rules", "--players", "0"), f"{PLAYERS} 0"),
    (("rules", "--players", HUGE), f"{PLAYERS} {HUGE}"),
    # bench
    (
        ("bench", "--seconds", "nan"),
        f"argument --seconds: {SECONDS} {MAX_RUN_SECONDS:g}, not 'nan'",
    ),
    (
        ("bench", "--seconds", "inf"),
        f"argument --seconds: {SECONDS} {MAX_RUN_SECONDS:g}, not 'inf'",
    ),
    (("bench", "--seconds", "-1"), f"argument --seconds: {SECONDS} {MAX_RUN_SECONDS:g}, not '-1'"),
    (("bench", "--seconds", "0"), f"argument --seconds: {SECONDS} {MAX_RUN_SECONDS:g}, not '0'"),
    (("bench", "--seconds", "61"), f"argument --seconds: {SECONDS} {MAX_RUN_SECONDS:g}, not '61'"),
    (("bench", "--runs", "0"), f"argument --runs: {WHOLE} 1..{MAX_RUNS}, not 0"),
    (("bench", "--runs", HUGE), f"argument --runs: {WHOLE} 1..{MAX_RUNS}"),
    (("bench", "--against", "openspiel", "--seconds", "nan"), f"argument --seconds: {SECONDS}"),
]


def _no_work(*args: object, **kwargs: object) -> None:
    raise AssertionError("work started before the arguments were checked")


@pytest.mark.parametrize(("args", "message"), REFUSED, ids=[" ".join(a)[:60] for a, _ in REFUSED])
def test_issue_30_item_2_every_number_is_bounded_before_any_work(
    args: tuple[str, ...],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 30 item 2: a number out of bounds (30 digits, a million million
    games or players, 0 players, an empty schedule, a bench of nan seconds...)
    is a one-line error naming the option, exit status 2, before a bot is
    seated, a game played, a pool started or a figure timed."""
    for owner, name in (
        (cli, "seated"),
        (cli, "make_bots"),
        (cli, "seeded_game"),
        (launch, "run"),
        (bench, "run"),
        (bench_openspiel, "run"),
    ):
        monkeypatch.setattr(owner, name, _no_work)
    monkeypatch.setattr(sys, "stdin", None)  # score and play may not read a line
    with pytest.raises(SystemExit) as stop:
        main(list(args))
    assert stop.value.code == 2
    done = capsys.readouterr()
    assert done.out == ""
    assert done.err.startswith(f"pyclag {args[0]}: error: ")
    assert done.err.count("\n") == 1 and len(done.err) < 300, done.err
    assert message in done.err


def test_issue_30_item_2_the_repros_end_at_once_with_little_memory() -> None:
    """Issue 30 item 2, as a user ran them: ``--games`` of 30 digits was an
    OverflowError traceback, ``--games`` and ``--players 1000000000000``
    MemoryErrors after seconds; now each is refused at once, in a process
    allowed 1 GB of memory."""
    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30)); "
    run = "import sys; from pyclag.cli import main; sys.exit(main(sys.argv[1:]))"
    for args in (
        ("--games", HUGE),
        ("--games", "1000000000000"),
        ("--players", "1000000000000"),
        ("--players", "0"),
        ("--schedule", ""),
    ):
        prelude = limit if sys.platform != "win32" else ""
        done = subprocess.run(
            [sys.executable, "-c", prelude + run, "simulate", *args],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.startswith("pyclag simulate: error: ") and "Error" not in done.stderr
        assert done.stderr.count("\n") == 1 and done.stdout == ""


def test_issue_30_item_2_the_library_holds_the_same_bounds() -> None:
    """Issue 30 item 2: the bounds the command line takes from the library are
    the library's own: a run of more than MAX_GAMES games is refused before a
    byte is allocated for it, a hook threshold past the largest hand by the rules."""
    with pytest.raises(pyclag.RulesError, match=rf"games must be in 1\.\.{MAX_GAMES:,}, not"):
        simulate_many(pyclag.NORMAL, 3, ["random"], 10**12)
    with pytest.raises(pyclag.RulesError, match=r"min_hand_size must be an int in 1\.\.52, not 53"):
        Hook(min_hand_size=53)
    assert Hook(min_hand_size=52).min_hand_size == 52


def test_issue_30_item_2_the_help_states_the_bounds(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30 item 2: the bounds are documented where the options are."""
    for command, bounds in (
        ("simulate", [f"at most {MAX_JOBS} here", f"at most {MAX_GAMES:,}", "0..2**64-1"]),
        ("bench", [f"1..{MAX_RUNS}", f"at most {MAX_RUN_SECONDS:g}"]),
        ("play", [f"1..{MAX_WORLDS:,}", f"at most {MAX_DECISION_SECONDS:g}"]),
    ):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        for bound in bounds:
            assert bound in text, (command, bound)
