"""Issue 30 item 3, ``--jobs`` without a cap: the worker processes of
``pyclag simulate --games K`` are capped (:data:`pyclag.sim.launch.MAX_JOBS`, and
never more than the shards) and end with their parent on ``SIGTERM``,
``SIGINT`` and ``SIGKILL``. The processes are found in ``/proc`` (Linux only)."""

from __future__ import annotations

import contextlib
import os
import pathlib
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

import pyclag
from pyclag.cli import main
from pyclag.sim import launch
from pyclag.sim.launch import MAX_JOBS

LINUX_ONLY = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not pathlib.Path("/proc/self/stat").exists(),
    reason="reads the process tree in /proc",
)

# Two shards of PIMC games that would play for many minutes: the workers are busy
# when the signal comes, as in a real run.
SLOW = ["simulate", "--preset", "normal", "--players", "3", "--schedule", "7"]
SLOW += ["--bots", "pimc", "--games", "2000", "--shard-size", "1000", "--jobs", "2"]


def _stat(pid: int) -> tuple[str, int, int] | None:
    """The state, parent and start time of process ``pid``; None when it is gone."""
    try:
        text = pathlib.Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()  # the name may hold spaces and brackets
    return fields[0], int(fields[1]), int(fields[19])


def _alive(pid: int, started: int) -> bool:
    """Whether ``pid`` is still the process that started at ``started`` and not a zombie."""
    stat = _stat(pid)
    return stat is not None and stat[2] == started and stat[0] not in ("Z", "X")


def _descendants(root: int) -> dict[int, int]:
    """The live processes below ``root``, by pid, with their start times."""
    parents: dict[int, tuple[int, int]] = {}
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit() and (stat := _stat(int(entry.name))) and stat[0] != "Z":
            parents[int(entry.name)] = (stat[1], stat[2])
    found: dict[int, int] = {}
    frontier = [root]
    while frontier:
        below = [pid for pid, (parent, _) in parents.items() if parent in frontier]
        found.update((pid, parents[pid][1]) for pid in below)
        frontier = below
    return found


def _wait_for(what: Any, seconds: float) -> Any:
    """``what()`` once it is truthy, polling for up to ``seconds``; else its last value."""
    deadline = time.monotonic() + seconds
    while not (value := what()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return value


@contextlib.contextmanager
def _simulation(*args: str) -> Iterator[tuple[subprocess.Popen[str], dict[int, int]]]:
    """``pyclag simulate`` running with its workers started (the process and its
    descendants); on leaving, whatever is left of them is killed by pid."""
    child = subprocess.Popen(
        [sys.executable, "-m", "pyclag", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # no signal of the test's own terminal reaches it
    )
    workers: dict[int, int] = {}
    try:
        _wait_for(lambda: len(_descendants(child.pid)) >= 2, 60)
        time.sleep(0.5)  # any helper process (a fork server) is up with the workers by now
        workers.update(_descendants(child.pid))
        yield child, workers
    finally:
        for pid, started in {**workers, **_descendants(child.pid)}.items():
            if _alive(pid, started):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        child.kill()
        child.communicate(timeout=30)


@LINUX_ONLY
@pytest.mark.parametrize(
    ("signum", "status", "said"),
    [
        (signal.SIGTERM, 128 + signal.SIGTERM, "terminated"),
        (signal.SIGINT, 130, "interrupted"),
        (signal.SIGKILL, -signal.SIGKILL, None),
    ],
    ids=["SIGTERM", "SIGINT", "SIGKILL"],
)
def test_issue_30_item_3_workers_end_with_their_parent(
    signum: signal.Signals, status: int, said: str | None
) -> None:
    """Issue 30 item 3: after SIGTERM to ``simulate --jobs 4`` its workers
    played on; now each signal to the parent, SIGKILL too, ends every worker
    within seconds (the parent alone is signalled, not its process group)."""
    with _simulation(*SLOW) as (child, workers):
        assert len(workers) >= 2, "the workers never started"
        os.kill(child.pid, signum)
        left = _wait_for(
            lambda: not any(_alive(pid, started) for pid, started in workers.items()), 10
        )
        survivors = [pid for pid, started in workers.items() if _alive(pid, started)]
        assert left and survivors == [], f"workers still running after {signum.name}: {survivors}"
        assert child.wait(timeout=30) == status
        err = child.stderr.read() if child.stderr else ""
        assert "Traceback" not in err
        if said is not None:
            words = err.split()
            assert words[:3] == ["pyclag", "simulate:", said] and words[-3:] == [
                "of",
                "2000",
                "games",
            ]


@LINUX_ONLY
def test_issue_30_item_3_an_orphan_worker_ends_itself_without_prctl(tmp_path: pathlib.Path) -> None:
    """Issue 30 item 3: the portable half of the watch (where Linux's
    ``PR_SET_PDEATHSIG`` is not there): a process that calls
    :func:`~pyclag.sim.launch.watch_parent` ends once its parent is killed."""
    watched = (
        "import sys, time; sys.platform = 'elsewhere'; "  # no prctl: the poll alone
        "from pyclag.sim.launch import watch_parent; watch_parent(0.05); "
        "print('watching', flush=True); time.sleep(60)"
    )
    parent = (
        "import subprocess, sys, time; "
        f"child = subprocess.Popen([sys.executable, '-c', {watched!r}]); "
        "print(child.pid, flush=True); time.sleep(60)"
    )
    with subprocess.Popen(
        [sys.executable, "-c", parent], stdout=subprocess.PIPE, text=True, start_new_session=True
    ) as middle:
        assert middle.stdout is not None
        pid = int(middle.stdout.readline())
        stat = _wait_for(lambda: _stat(pid), 10)
        try:
            assert stat is not None and stat[1] == middle.pid
            time.sleep(1)  # it has started watching (the import takes a moment)
            middle.kill()
            middle.wait(timeout=10)
            assert _wait_for(lambda: not _alive(pid, stat[2]), 10), "the orphan played on"
        finally:
            if _alive(pid, stat[2]):
                os.kill(pid, signal.SIGKILL)


def test_issue_30_item_3_jobs_past_the_cap_are_refused_before_any_work(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30 item 3: ``--jobs 100000`` started 7,567 workers; now a number
    past :data:`~pyclag.sim.launch.MAX_JOBS` (the cores, or 8 on a machine with
    fewer) is a one-line error, exit status 2, before any game."""
    monkeypatch.setattr(launch, "backend", None)  # a run that got as far as a pool would fail
    for jobs in (str(MAX_JOBS + 1), "100000", "0"):
        with pytest.raises(SystemExit) as stop:
            main(["simulate", "--games", "2", "--jobs", jobs])
        assert stop.value.code == 2
        assert capsys.readouterr().err == (
            f"pyclag simulate: error: argument --jobs: must be a whole number in 1..{MAX_JOBS}, "
            f"not {jobs}\n"
        )
    assert max(8, os.cpu_count() or 1) == MAX_JOBS
    with pytest.raises(
        pyclag.ClagError, match=rf"--jobs must be in 1\.\.{MAX_JOBS} \(the cores, or 8 if fewer\)"
    ):
        launch.run(pyclag.NORMAL, 3, ["random"], 2, 0, jobs=MAX_JOBS + 1)


def test_issue_30_item_3_a_run_starts_no_more_workers_than_shards(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 30 item 3: ``--games 2 --jobs 8`` has two shards to play, so two workers."""
    asked: list[int] = []
    real = launch.backend

    @contextlib.contextmanager
    def backend(name: str, address: str | None, jobs: int) -> Iterator[Any]:
        asked.append(jobs)
        with real(name, address, 1) as run:  # in this process: only the count matters here
            yield run

    monkeypatch.setattr(launch, "backend", backend)
    rules = pyclag.NORMAL.with_schedule([1])
    assert launch.run(rules, 3, ["random"], 2, 0, jobs=8, shard_size=1) == 0
    assert launch.run(rules, 3, ["random"], 5, 0, jobs=2, shard_size=1) == 0
    assert asked == [2, 2]
    assert "2 games from seed 0" in capsys.readouterr().out
