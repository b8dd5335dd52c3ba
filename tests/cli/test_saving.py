"""issue 30 item 4, saving clobbers: every file pyclag writes (``score --save``, ``play
--record``, ``simulate --record`` and ``--summary-json``, ``--chart``) goes through
:mod:`pyclag._saving`: a link's target is the file written and the link stays a link,
anything but a regular file (a directory, a device, a FIFO, a missing folder) is refused
before the game starts with one line and exit status 2, and a save that fails later is
said without losing the game."""

from __future__ import annotations

import io
import os
import random
import re
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

import pyclag
from pyclag import records
from pyclag._saving import check_target, write_whole
from pyclag.scoresheet import ScoreSheet, load_sheet
from pyclag.sim.charts import check as check_chart
from pyclag.terminal import Session
from pyclag.terminal.scorekeeper import Scorekeeper
from tests.helpers import run_pyclag
from tests.terminal.answerer import Answerer

LEGAL = "give a regular file, or a new file in an existing folder"
ONE_DEAL = ["1", "0", "1", "0 1 0"]  # a 3-player 1-card deal typed at the score sheet


def _directory(tmp_path: Path) -> str:
    path = tmp_path / "folder.json"
    path.mkdir()
    return str(path)


def _fifo(tmp_path: Path) -> str:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return str(path)


def _missing_folder(tmp_path: Path) -> str:
    return str(tmp_path / "no" / "such" / "game.json")


NOT_FILES: dict[str, tuple[Callable[[Path], str], str]] = {
    "directory": (_directory, "a directory, not a regular file"),
    "fifo": (_fifo, re.escape("a FIFO (a named pipe), not a regular file")),
    "missing folder": (_missing_folder, "its folder .* does not exist"),
}


# --- the helper ------------------------------------------------------------------------------


def test_a_links_target_is_written_and_the_link_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "real" / "game.json"
    target.parent.mkdir()
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_whole(str(link), "new\n")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8") == "new\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["game.json"]  # no temporary left


def test_a_dangling_link_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "game.json")
    write_whole(str(link), b"\x89PNG")
    assert link.is_symlink() and (tmp_path / "game.json").read_bytes() == b"\x89PNG"


@pytest.mark.parametrize("kind", sorted(NOT_FILES))
def test_anything_but_a_regular_file_is_refused_and_left_as_it_was(
    tmp_path: Path, kind: str
) -> None:
    make, reason = NOT_FILES[kind]
    path = make(tmp_path)
    before = os.stat(path).st_mode if os.path.exists(path) else None
    said = f"^cannot write {re.escape(path)}: {reason}; {re.escape(LEGAL)}$"
    with pytest.raises(pyclag.ClagError, match=said):
        write_whole(path, "{}\n")
    with pytest.raises(pyclag.ClagError, match=f"^--save {re.escape(path)}: {reason}"):
        check_target(path, "--save")
    assert (os.stat(path).st_mode if os.path.exists(path) else None) == before


def test_dev_null_is_refused_never_replaced() -> None:
    with pytest.raises(pyclag.ClagError, match=r"^--record /dev/null: a character device, not"):
        check_target("/dev/null", "--record")
    with pytest.raises(pyclag.ClagError, match=r"^cannot write /dev/null: a character device"):
        write_whole("/dev/null", "{}\n")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_link_to_a_directory_is_refused_naming_the_target(tmp_path: Path) -> None:
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path)
    with pytest.raises(
        pyclag.ClagError, match=f"^--save {link} \\(a link to {tmp_path}\\): a directory"
    ):
        check_target(str(link), "--save")


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    path.write_text("old\n", encoding="utf-8")

    def refuse(*_args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("os.replace", refuse)
    with pytest.raises(pyclag.ClagError, match=f"^cannot write {path}: Permission denied$"):
        write_whole(str(path), "new\n")
    assert path.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_the_old_files_permissions_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o640)
    write_whole(str(path), "new\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    fresh = tmp_path / "fresh.json"
    write_whole(str(fresh), "new\n")
    mask = os.umask(0o022)
    os.umask(mask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~mask  # as open() would make it


# --- the library's writers refuse at their start ---------------------------------------------


@pytest.mark.parametrize("kind", sorted(NOT_FILES))
def test_the_game_and_the_sheet_refuse_a_bad_file_before_they_start(
    tmp_path: Path, kind: str
) -> None:
    path = NOT_FILES[kind][0](tmp_path)
    out = io.StringIO()
    with pytest.raises(pyclag.ClagError, match=f"^cannot write {re.escape(path)}: "):
        Session(pyclag.NORMAL, 3, 0, random.Random(1), io.StringIO(), out, record=path)
    with pytest.raises(pyclag.ClagError, match=f"^cannot write {re.escape(path)}: "):
        Scorekeeper(ScoreSheet(pyclag.NORMAL, 3), io.StringIO(), out, path)
    assert out.getvalue() == ""


@pytest.mark.parametrize("kind", sorted(NOT_FILES))
def test_a_chart_is_refused_before_any_game(tmp_path: Path, kind: str) -> None:
    path = NOT_FILES[kind][0](tmp_path)
    picture = f"{path[: -len('.json')]}.png"
    if os.path.exists(path):
        os.rename(path, picture)
    with pytest.raises(pyclag.ClagError, match=f"^--chart {re.escape(picture)}: "):
        check_chart(picture)  # before matplotlib is looked for: a bad path, with or without it


def test_dev_null_is_refused_by_the_game_and_the_sheet() -> None:
    with pytest.raises(pyclag.ClagError, match=r"^cannot write /dev/null: a character device"):
        Session(
            pyclag.NORMAL, 3, 0, random.Random(1), io.StringIO(), io.StringIO(), record="/dev/null"
        )
    with pytest.raises(pyclag.ClagError, match=r"^cannot write /dev/null: a character device"):
        Scorekeeper(ScoreSheet(pyclag.NORMAL, 3), io.StringIO(), io.StringIO(), "/dev/null")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def _failing_after(monkeypatch: pytest.MonkeyPatch, good: int) -> None:
    """``os.replace`` works ``good`` times, then fails as a full disk does."""
    real_replace = os.replace
    calls = []

    def replace(source: str, target: str) -> None:
        calls.append(target)
        if len(calls) > good:
            raise OSError(28, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr("os.replace", replace)


@pytest.mark.usefixtures("unwrapped")
def test_a_failed_save_is_said_and_the_sheet_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first deal is saved, then the disk is full: each failed save is said in
    one line, and the sheet in memory plays on to the end."""
    path = tmp_path / "sheet.json"
    _failing_after(monkeypatch, 1)
    out = io.StringIO()
    answers = [*ONE_DEAL, "0", "1", "1", "1 0 0"]
    keeper = Scorekeeper(
        ScoreSheet(pyclag.NORMAL.with_schedule([1, 1]), 3),
        io.StringIO("".join(f"{line}\n" for line in answers)),
        out,
        str(path),
    )
    assert keeper.run() == 0
    shown = out.getvalue()
    assert keeper.sheet.is_over and len(keeper.sheet.rows) == 2
    assert f"Not saved: cannot write {path}: No space left on device\n" in shown
    assert f"Saved in {path}" not in shown
    assert len(load_sheet(path.read_text(encoding="utf-8")).rows) == 1  # the last good save
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.json"]  # no temporary left


@pytest.mark.usefixtures("unwrapped")
def test_a_failed_save_is_said_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    _failing_after(monkeypatch, 1)  # the save at the start works, the later ones fail
    out = Answerer(seed=1, mischief=False)
    session = Session(
        pyclag.NORMAL.with_schedule([1, 1]),
        3,
        0,
        random.Random(1),
        out.stdin,
        out,
        record=str(path),
    )
    assert session.run() == 0
    assert pyclag.is_over(session.state) and len(session.state.history) == 2
    assert f"Not saved: cannot write {path}: No space left on device\n" in out.getvalue()
    assert records.replay(records.load(path.read_text(encoding="utf-8"))).history == ()
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# --- the command line ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(NOT_FILES))
@pytest.mark.parametrize(
    "argv",
    [
        ("score", "--preset", "normal", "--save"),
        ("play", "--preset", "normal", "--seed", "1", "--record"),
        ("simulate", "--preset", "normal", "--schedule", "1", "--record"),
        ("simulate", "--preset", "normal", "--schedule", "1", "--games", "2", "--summary-json"),
    ],
    ids=lambda argv: " ".join(argv[:1] + argv[-1:]),
)
def test_the_command_refuses_a_bad_file_before_the_game(
    tmp_path: Path, kind: str, argv: tuple[str, ...]
) -> None:
    make, reason = NOT_FILES[kind]
    path = make(tmp_path)
    done = run_pyclag(*argv, path, stdin="1\n0\n")
    assert done.returncode == 2
    assert done.stdout == ""  # nothing was played
    lines = done.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"pyclag {argv[0]}: error: {argv[-1]} {path}: ")
    assert re.search(f": {reason}", lines[0]) and lines[0].endswith(LEGAL)


def test_score_save_through_a_link_updates_its_target(tmp_path: Path) -> None:
    target = tmp_path / "sheets" / "table.json"
    target.parent.mkdir()
    link = tmp_path / "table.json"
    link.symlink_to(target)
    done = run_pyclag(
        "score", "--preset", "normal", "--players", "3", "--save", str(link), stdin="1\n0\nquit\n"
    )
    assert done.returncode == 0 and " ".join(done.stdout.split()).endswith(f"Saved in {link}.")
    assert link.is_symlink()
    assert load_sheet(target.read_text(encoding="utf-8")).entries[0].bids == (1, 0)
    done = run_pyclag("score", "--resume", str(link), stdin="1\nquit\n")
    assert done.returncode == 0 and link.is_symlink()
    assert load_sheet(target.read_text(encoding="utf-8")).entries[0].bids == (1, 0, 1)


def test_play_and_simulate_records_through_a_link_update_its_target(tmp_path: Path) -> None:
    for argv in (
        ("play", "--preset", "normal", "--players", "3", "--seed", "1"),
        ("simulate", "--preset", "normal", "--players", "3", "--schedule", "1,2"),
    ):
        target = tmp_path / f"{argv[0]}.json"
        target.write_text("old\n", encoding="utf-8")
        link = tmp_path / f"{argv[0]}-link.json"
        link.symlink_to(target)
        done = run_pyclag(*argv, "--record", str(link), stdin="quit\n")
        assert done.returncode == 0, done.stderr
        assert link.is_symlink()
        records.replay(records.load(target.read_text(encoding="utf-8")))


def test_a_dev_null_device_is_refused_by_the_command(tmp_path: Path) -> None:
    """A device node: one made for the test where this user may (never /dev/null
    itself, which a regression here would replace)."""
    node = tmp_path / "null"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        pytest.skip("cannot make a device node here")
    done = run_pyclag("score", "--preset", "normal", "--save", str(node), stdin="1\n")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"pyclag score: error: --save {node}: a character device, not a regular file; {LEGAL}\n"
    )
    assert stat.S_ISCHR(node.lstat().st_mode)
