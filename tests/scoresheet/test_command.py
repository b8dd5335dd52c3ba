"""``pyclag score`` as a command: its arguments, saving and resuming a game across two
runs, its errors and exit statuses, and a person at a real terminal (a pseudo-terminal from
the standard ``pty`` module, where Ctrl-C is a keystroke)."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pyclag import presets
from pyclag.scoresheet import ScoreSheet, dump_sheet, load_sheet
from tests.helpers import run_pyclag
from tests.records.schemas import check_text
from tests.scoresheet.games import answers, assert_agrees, engine_game

ROOT = Path(__file__).resolve().parent.parent.parent


def test_a_game_typed_over_two_runs_with_save_and_resume_scores_as_the_engine(
    tmp_path: Path,
) -> None:
    rules = presets.get("raf")
    state = engine_game(rules, 4, seed=8, first_dealer=2)
    lines = list(answers(state, ("Ann", "Bob", "Cy", "Di")))
    save = tmp_path / "table.json"
    half = len(lines) // 2
    first = run_pyclag(
        "score", "--preset", "raf", "--names", "Ann,Bob,Cy,Di", "--first-dealer", "2",
        "--save", str(save), stdin="".join(f"{line}\n" for line in lines[:half]),
    )  # fmt: skip
    assert first.returncode == 0, first.stderr
    assert " ".join(first.stdout.split()).endswith(f"Saved in {save}.")  # however it wraps
    second = run_pyclag(
        "score", "--resume", str(save), stdin="".join(f"{x}\n" for x in lines[half:])
    )
    assert second.returncode == 0, second.stderr
    assert "Game over:" in second.stdout
    check_text(save.read_text("utf-8"))  # written by another process: its schema
    assert_agrees(load_sheet(save.read_text("utf-8")), state)


def test_players_follow_from_the_names_and_options_from_option(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    done = run_pyclag(
        "score", "--preset", "wikipedia", "--names", "Ann,Bob,Cy", "--save", str(save),
        "--option", "misere_points_per_trick=-5", "--option", "hook_min_hand_size=2",
        stdin="quit\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    check_text(save.read_text("utf-8"))
    sheet = load_sheet(save.read_text("utf-8"))
    assert sheet.players == 3 and sheet.names == ("Ann", "Bob", "Cy")
    assert sheet.rules == presets.get("wikipedia", misere_points_per_trick=-5, hook_min_hand_size=2)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--names", "Ann,Bob", "--players", "4"], "names must be 4 names"),
        (["--names", "Ann,Ann,Cy"], "the names must differ"),
        (["--players", "9"], "players must be an int in 3..7"),
        (["--first-dealer", "5"], "first_dealer must be a seat in 0..3, not 5"),
        (["--option", "hookk=ne"], "unknown option 'hookk'"),
        (["--option", "hook"], "--option takes NAME=VALUE, not 'hook'"),
        (["--preset", "foss"], "unknown preset 'foss'"),
        (["--resume", "x.json", "--preset", "raf"], "--resume reads the rules and the table"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(args: list[str], says: str) -> None:
    done = run_pyclag("score", *args)
    assert done.returncode == 2
    assert done.stderr.startswith("pyclag score: error: ") and says in done.stderr
    assert done.stderr.count("\n") == 1


def test_a_bad_sheet_file_is_status_1_naming_the_file_deal_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    text = dump_sheet(ScoreSheet(presets.get("wikipedia"), 4))
    bad.write_text(text.replace('"deals": []', '"deals": [{"bids": [5]}]'), "utf-8")
    done = run_pyclag("score", "--resume", str(bad))
    assert done.returncode == 1
    assert done.stderr.startswith(f"pyclag score: {bad}: deals[0].bids[0]: illegal bid 5")
    missing = run_pyclag("score", "--resume", str(tmp_path / "none.json"))
    assert missing.returncode == 1 and "cannot read it" in missing.stderr


# --- a person at a terminal ------------------------------------------------------------


class Terminal:
    """``python -m pyclag ARGS`` in a pseudo-terminal: what a person sees and types."""

    def __init__(self, *args: str) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the child: its terminal is the pty, as a shell would give it
            os.chdir(ROOT)
            os.execv(sys.executable, [sys.executable, "-m", "pyclag", *args])
        self.pid, self.fd, self.seen = pid, fd, ""

    def expect(self, text: str, timeout: float = 60) -> str:
        """Read until ``text`` is on the screen; everything read so far."""
        end = time.monotonic() + timeout
        while text not in self.seen:
            left = end - time.monotonic()
            assert left > 0, f"{text!r} never appeared; the screen shows:\n{self.seen}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:  # the child has gone and its side is closed
                    chunk = b""
                assert chunk, f"the program ended before {text!r}:\n{self.seen}"
                self.seen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        return self.seen

    def type(self, line: str) -> None:
        os.write(self.fd, line.encode() + b"\r")

    def status(self) -> int:
        """Read to the end; the exit status."""
        while True:
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            self.seen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        _, code = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(code)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_person_keeps_score_at_a_terminal_and_ctrl_c_leaves_with_the_sheet_saved(
    tmp_path: Path,
) -> None:
    save = tmp_path / "table.json"
    term = Terminal(
        "score", "--preset", "wikipedia", "--names", "Ann,Bob,Cy,Di", "--save", str(save)
    )
    term.expect("=== Deal 1 of 22: 1 card, normal, F1 scoring; dealer Ann, Bob bids first ===")
    for line in ("1", "0", "0"):
        term.expect("bids (0 1): ")
        term.type(line)
    term.expect("Ann bids last and may not bid 0 (legal: 1): ")  # shown before Ann answers
    term.type("0")
    term.expect("Refused: illegal bid 0 by Ann: total of bids would equal the hand size 1")
    term.type("1")
    term.expect("Tricks taken, one count each for Ann Bob Cy Di (1 in all): ")
    term.type("0 1 0 0")
    term.expect("Deal 1: Ann +0, Bob +12, Cy +10, Di +10")
    term.expect("=== Deal 2 of 22")
    term.type("card")
    term.expect("    1     1      |     0 (1)     12 (1)     10 (0)     10 (0)")
    term.type("1")
    term.expect("Di bids (0 1 2): ")
    os.write(term.fd, b"\x03")  # Ctrl-C, as the terminal sends it: SIGINT to the program
    assert term.status() == 130
    assert "Interrupted: the sheet stops in deal 2 of 22. Saved in" in term.seen
    check_text(save.read_text("utf-8"))
    sheet = load_sheet(save.read_text("utf-8"))
    assert sheet.totals == (0, 12, 10, 10) and sheet.entries[-1].bids == (1,)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_the_end_of_input_at_a_terminal_leaves_cleanly(tmp_path: Path) -> None:
    save = tmp_path / "t.json"
    term = Terminal("score", "--preset", "pagat", "--save", str(save))
    term.expect("seat 1 bids (0 1): ")
    term.type("1")
    term.expect("seat 2 bids (0 1): ")
    os.write(term.fd, b"\x04")  # Ctrl-D at the start of a line: the end of the input
    assert term.status() == 0
    said = " ".join(term.seen.split())  # however it wraps
    assert f"Goodbye: the sheet stops in deal 1 of 22. Saved in {save}." in said
    check_text(save.read_text("utf-8"))
    assert load_sheet(save.read_text("utf-8")).entries[0].bids == (1,)


def test_ctrl_c_without_a_terminal_also_saves(tmp_path: Path) -> None:
    save = tmp_path / "t.json"
    game = subprocess.Popen(
        [sys.executable, "-m", "pyclag", "score", "--preset", "normal", "--save", str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert game.stdout is not None
    while "===" not in (line := game.stdout.readline()):
        assert line, "the scorekeeper ended before asking anything"
    game.send_signal(signal.SIGINT)
    out, _ = game.communicate(timeout=60)
    assert game.returncode == 130
    assert "Interrupted: the sheet stops in deal 1 of 13." in out
    check_text(save.read_text("utf-8"))
    assert load_sheet(save.read_text("utf-8")).entries == ()
