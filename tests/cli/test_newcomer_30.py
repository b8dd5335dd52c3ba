"""What a newcomer trips on at the command line (issue 30, item 9): ``simulate``'s
first line 104 columns wide, ``presets`` lines up to 138, and a PIMC bot that says
nothing while it thinks in ``play`` (and must stay quiet in ``simulate``)."""

from __future__ import annotations

import pytest

from tests.helpers import run_pyclag


def _header(stdout: str) -> list[str]:
    """The lines ``simulate`` prints before its score card or summary."""
    lines = stdout.splitlines()
    table = next(n for n, line in enumerate(lines) if line.startswith(("round ", "seat ")))
    return lines[:table]


@pytest.mark.parametrize(
    ("args", "game", "bots"),
    [
        (  # README's first command
            ("--players", "4", "--seed", "7"),
            "preset wikipedia, 4 players, seed 7, first dealer seat 0",
            "heuristic at every seat",
        ),
        (
            ("--preset", "raf", "--players", "7", "--bots", "heuristic,random", "--seed", "1"),
            "preset raf, 7 players, seed 1, first dealer seat 0",
            ", ".join(f"seat {n} {('heuristic', 'random')[n % 2]}" for n in range(7)),
        ),
        (
            ("--players", "7", "--games", "2", "--jobs", "1", "--bots", "random,heuristic"),
            "preset wikipedia, 7 players, 2 games from seed 0",
            ", ".join(f"seat {n} {('random', 'heuristic')[n % 2]}" for n in range(7)),
        ),
    ],
)
def test_30_9_simulate_says_what_it_plays_within_80_columns(
    args: tuple[str, ...], game: str, bots: str
) -> None:
    """issue 30 item 9: simulate's first line, 104 columns for README's first
    command, is the game on one line and the bots on the next, wrapped at spaces
    within 80 columns."""
    done = run_pyclag("simulate", *args)
    assert done.returncode == 0, done.stderr
    header = _header(done.stdout)
    assert header[0] == f"pyclag simulate: {game}"
    assert " ".join(" ".join(header[1:]).split()) == f"bots: {bots}"
    assert max(map(len, header)) <= 80, header
    if "4" in args:  # four players: the score card fits too
        assert max(map(len, done.stdout.splitlines())) <= 80


def test_30_9_presets_fit_80_columns() -> None:
    """issue 30 item 9: ``pyclag presets`` wraps each preset's entry at spaces under
    its description, within 80 columns."""
    done = run_pyclag("presets")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(map(len, lines)) <= 80
    assert any(line.startswith(" " * 12) and line[12] != " " for line in lines)  # wrapped
    raf = next(n for n, line in enumerate(lines) if line.startswith("raf "))
    entry = " ".join([lines[raf], *(line.strip() for line in lines[raf + 1 : raf + 3])])
    assert 'the "unified" Royal Air Force rules of the early 1990s' in entry


def test_30_9_play_says_a_pimc_bot_is_thinking_and_simulate_does_not() -> None:
    """issue 30 item 9: in ``play`` a PIMC bot, which may take seconds on a busy
    machine, says it is thinking before it decides; ``simulate`` prints only its card."""
    played = run_pyclag(
        "play", "--preset", "normal", "--players", "3", "--seat", "2", "--seed", "1",
        "--bots", "pimc", "--pimc-worlds", "4", stdin="quit\n",
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    at = lines.index("Seat 1 (pimc) is thinking...")  # seat 1, the eldest, bids first
    assert lines[at + 1].startswith("Seat 1 bids ")
    simulated = run_pyclag(
        "simulate", "--preset", "normal", "--players", "3", "--seed", "1", "--schedule", "1,2",
        "--bots", "pimc", "--pimc-worlds", "4",
    )  # fmt: skip
    assert simulated.returncode == 0, simulated.stderr
    assert "thinking" not in simulated.stdout + simulated.stderr
    assert "pimc" in simulated.stdout


def test_issue_33_play_and_simulate_seat_the_search_bot_by_name() -> None:
    """``--bots search`` seats the default search bot in both commands."""
    played = run_pyclag(
        "play", "--preset", "normal", "--players", "3", "--seat", "2", "--seed", "1",
        "--bots", "search", stdin="quit\n",
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert "Seat 1 (search) is thinking..." in played.stdout.splitlines()
    simulated = run_pyclag(
        "simulate", "--preset", "normal", "--players", "3", "--seed", "1", "--schedule", "1,2",
        "--bots", "search,heuristic",
    )  # fmt: skip
    assert simulated.returncode == 0, simulated.stderr
    assert "bots: seat 0 search, seat 1 heuristic, seat 2 search" in simulated.stdout
