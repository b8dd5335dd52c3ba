"""pyclag.sim.sweep and ``pyclag simulate --games K --jobs N --backend ...`` (issue 16):
the summary is the same for any shard size, worker count, backend and
completion order; failures and interrupts end the run with a clear message."""

from __future__ import annotations

import concurrent.futures
import concurrent.futures.process
import json
import multiprocessing
import os
import pathlib
import random
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pyclag
from pyclag.bots import play_game
from pyclag.bots.names import Search
from pyclag.cli import main
from pyclag.sim import sweep
from pyclag.sim.sweep import Shard, ShardError, Tally, play_shard, simulate_many
from tests.helpers import run_pyclag

RULES = pyclag.NORMAL.with_schedule([3, 4, 2])
BOTS = ["heuristic", "random"]
SIMULATE = ["simulate", "--preset", "normal", "--schedule", "3,4,2", "--players", "3"]
SIMULATE += ["--bots", "heuristic,random", "--games", "20", "--seed", "4"]


def _shuffled(seed: int) -> Callable[[Callable[[Any], Any], Iterable[Any]], Iterator[Any]]:
    """A map whose results come back in a random order, as a cluster's may."""

    def run(function: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        results = [function(item) for item in items]
        random.Random(seed).shuffle(results)
        return iter(results)

    return run


def test_game_i_is_the_game_simulate_seed_plus_i_plays() -> None:
    summary = simulate_many(RULES, 3, BOTS, 6, seed=10, shard_size=4)
    games = [sweep.seeded_game(RULES, 3, BOTS, 10 + i) for i in range(6)]
    assert summary.tally == Tally.of(games)
    for seat in range(3):
        scores = [game.scores[seat] for game in games]
        row = str(summary).splitlines()[1 + seat].split()
        assert float(row[2]) == round(statistics.fmean(scores), 1)
        assert float(row[3]) == round(statistics.pstdev(scores), 1)


@given(st.integers(1, 25), st.integers(0, 1000))
def test_the_summary_is_the_same_for_any_shard_size_and_completion_order(
    size: int, order: int
) -> None:
    one = simulate_many(RULES, 3, BOTS, 25, seed=3, shard_size=25)
    other = simulate_many(RULES, 3, BOTS, 25, seed=3, shard_size=size, map=_shuffled(order))
    assert other == one
    assert str(other) == str(one)


def test_the_summary_is_the_same_on_a_process_pool() -> None:
    alone = simulate_many(RULES, 3, BOTS, 30, seed=1, shard_size=7)
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        pooled = simulate_many(RULES, 3, BOTS, 30, seed=1, shard_size=3, map=pool.map)
    assert str(pooled) == str(alone)


@given(st.lists(st.integers(0, 5), min_size=3, max_size=3))
def test_merging_tallies_is_associative_and_commutative(seeds: list[int]) -> None:
    a, b, c = (Tally.of([sweep.seeded_game(RULES, 3, BOTS, s)]) for s in seeds)
    assert (a + b) + c == a + (b + c) == (c + a) + b
    assert a + sweep.EMPTY == a == sweep.EMPTY + a


def test_the_command_line_summary_is_byte_identical_for_any_jobs_and_shard_size(
    tmp_path: pathlib.Path,
) -> None:
    runs = [
        ("--jobs", "1"),
        ("--jobs", "2"),
        ("--jobs", "2", "--shard-size", "3"),
        ("--jobs", "1", "--shard-size", "7"),
    ]
    outputs = []
    tallies = []
    for number, extra in enumerate(runs):
        path = tmp_path / f"{number}.json"
        done = run_pyclag(*SIMULATE, *extra, "--summary-json", str(path), timeout=300)
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
        outputs.append(done.stdout)
        tallies.append(path.read_text())
    assert len(set(outputs)) == 1 and len(set(tallies)) == 1
    written = json.loads(tallies[0])
    assert written["games"] == 20 and written["bots"] == ["heuristic", "random", "heuristic"]
    summary = simulate_many(RULES, 3, BOTS, 20, seed=4)
    assert written["score_squares"] == list(summary.tally.score_squares)
    assert outputs[0].splitlines()[2:] == str(summary).splitlines()


def test_a_dask_cluster_gives_the_same_summary(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    distributed = pytest.importorskip("distributed")
    config = pytest.importorskip("dask.config")
    here, scratch = tmp_path / "here", tmp_path / "scratch"
    here.mkdir()
    monkeypatch.chdir(here)
    assert main([*SIMULATE, "--jobs", "1"]) == 0
    alone = capsys.readouterr().out
    with (
        config.set({"temporary-directory": str(scratch)}),  # Dask's lock files go there
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert main([*SIMULATE, "--backend", "dask", "--address", cluster.scheduler_address]) == 0
        on_cluster = capsys.readouterr().out
        mapped = simulate_many(RULES, 3, BOTS, 20, 4, shard_size=3, map=client.get_executor().map)
    assert on_cluster == alone
    assert alone.splitlines()[2:] == str(mapped).splitlines()
    assert list(here.iterdir()) == []  # no files left behind where it ran


def test_a_ray_cluster_gives_the_same_summary(capsys: pytest.CaptureFixture[str]) -> None:
    ray = pytest.importorskip("ray")
    pools = pytest.importorskip("ray.util.multiprocessing")
    assert main([*SIMULATE, "--jobs", "1"]) == 0
    alone = capsys.readouterr().out
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        pool = pools.Pool(2)
        on_ray = simulate_many(RULES, 3, BOTS, 20, 4, shard_size=3, map=pool.imap_unordered)
        pool.close()  # the workers end by themselves: Ray reports a terminated one as died
        pool.join()
        assert main([*SIMULATE, "--backend", "ray", "--address", "auto"]) == 0
        by_command = capsys.readouterr().out
    finally:
        ray.shutdown()
    assert alone.splitlines()[2:] == str(on_ray).splitlines()
    assert by_command == alone


@pytest.mark.parametrize(
    ("backend", "module", "extra"),
    [("dask", "distributed", "dask"), ("ray", "ray.util.multiprocessing", "ray")],
)
def test_a_backend_whose_extra_is_missing_is_a_one_line_error(
    backend: str,
    module: str,
    extra: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # import then fails, as if not installed
    with pytest.raises(SystemExit) as stop:
        main([*SIMULATE, "--backend", backend])
    assert stop.value.code == 2
    assert capsys.readouterr().err == (
        f"pyclag simulate: error: --backend {backend} needs the {extra} extra: "
        f"pip install 'pyclag[{extra}]'\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--backend", "dask", "--address", "localhost"), "takes tcp://HOST:PORT, not 'localhost'"),
        (("--backend", "ray", "--address", "tcp://x:1"), "takes ray://HOST:PORT or auto"),
        (("--address", "tcp://x:1"), "names a cluster; give --backend dask or ray"),
        (("--jobs", "0"), "argument --jobs: must be a whole number in 1.."),
        (("--shard-size", "-1"), "argument --shard-size: must be a whole number in 1.."),
    ],
)
def test_a_bad_address_or_jobs_is_a_one_line_error(args: tuple[str, ...], message: str) -> None:
    done = run_pyclag(*SIMULATE, *args, timeout=300)
    assert done.returncode == 2
    assert done.stderr.startswith("pyclag simulate: error: ") and message in done.stderr
    assert done.stderr.count("\n") == 1 and done.stdout == ""


def test_a_dask_address_where_no_scheduler_answers_is_a_one_line_error() -> None:
    pytest.importorskip("distributed")
    done = run_pyclag(*SIMULATE, "--backend", "dask", "--address", "tcp://127.0.0.1:9", timeout=300)
    assert done.returncode == 2
    assert done.stderr.startswith(
        "pyclag simulate: error: --address tcp://127.0.0.1:9: no Dask scheduler answers"
    )
    assert "Traceback" not in done.stderr


def _fails_at_seed(bad: int) -> Callable[..., pyclag.GameState]:
    real = play_game

    def play(state: pyclag.GameState, bots: Any, rng: random.Random) -> pyclag.GameState:
        if rng.random() == random.Random(bad).random():
            raise RuntimeError("a bot fell over")
        return real(state, bots, rng)

    return play


def test_a_shard_that_raises_ends_the_run_naming_the_shard_and_its_seeds(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sweep, "play_game", _fails_at_seed(13))
    with pytest.raises(ShardError) as raised:
        simulate_many(RULES, 3, BOTS, 20, seed=4, shard_size=5)
    assert str(raised.value) == (
        "shard 1 (games 5-9, seeds 9-13) failed: game 9 (seed 13) raised RuntimeError: a bot fell over"
    )
    assert main([*SIMULATE, "--jobs", "1", "--shard-size", "5"]) == 1
    done = capsys.readouterr()
    assert done.out == ""
    assert done.err == (
        "pyclag simulate: shard 1 (games 5-9, seeds 9-13) failed: game 9 (seed 13) raised "
        "RuntimeError: a bot fell over (after 5 of 20 games)\n"
    )


def _dies(state: pyclag.GameState, bots: Any, rng: random.Random) -> pyclag.GameState:
    os._exit(3)


def test_a_worker_that_dies_ends_the_run_naming_an_unfinished_shard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sweep, "play_game", _dies)  # the forked workers inherit it
    fork = multiprocessing.get_context("fork")
    with (
        concurrent.futures.ProcessPoolExecutor(2, mp_context=fork) as pool,
        pytest.raises(
            ShardError, match=r"^shard 0 \(games 0-4, seeds 4-8\) did not finish"
        ) as raised,
    ):
        simulate_many(RULES, 3, BOTS, 20, seed=4, shard_size=5, map=pool.map)
    assert "BrokenProcessPool" in str(raised.value)


def test_a_pool_that_breaks_while_the_shards_are_sent_names_an_unfinished_shard() -> None:
    # A process pool's map sends every shard at once: a worker that dies at once
    # breaks the pool before the map returns (the race the dying-worker test can hit).
    def broken(function: Callable[[Shard], Any], items: Iterable[Shard]) -> Iterator[Any]:
        raise concurrent.futures.process.BrokenProcessPool("a child process terminated")

    with pytest.raises(
        ShardError,
        match=r"^shard 0 \(games 0-4, seeds 4-8\) did not finish.*BrokenProcessPool",
    ):
        simulate_many(RULES, 3, BOTS, 20, seed=4, shard_size=5, map=broken)


def test_a_map_that_returns_too_little_is_never_a_short_summary() -> None:
    def short(function: Callable[[Shard], Any], items: Iterable[Shard]) -> Iterator[Any]:
        return (function(item) for item in list(items)[:-1])

    with pytest.raises(ShardError, match=r"^shard 3 \(games 15-19, seeds 19-23\) did not finish"):
        simulate_many(RULES, 3, BOTS, 20, seed=4, shard_size=5, map=short)


def test_ctrl_c_stops_cleanly_and_says_how_many_games_finished() -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "pyclag", "simulate", "--games", "100000", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's Ctrl-C reaches
    ) as child:
        time.sleep(4)
        os.killpg(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=120)
    assert child.returncode == 130
    assert out == ""
    assert "Traceback" not in err
    words = err.split()
    assert words[:4] == ["pyclag", "simulate:", "interrupted", "after"]
    assert words[5:] == ["of", "100000", "games"]
    assert 0 <= int(words[4]) < 100000


def test_bad_arguments_are_refused_naming_them() -> None:
    with pytest.raises(pyclag.RulesError, match=r"games must be in 1\.\.100,000,000, not 0"):
        simulate_many(RULES, 3, BOTS, 0)
    with pytest.raises(pyclag.RulesError, match="shard_size must be at least 1 game, not 0"):
        simulate_many(RULES, 3, BOTS, 5, shard_size=0)
    with pytest.raises(pyclag.RulesError, match="bots must be a non-empty list"):
        simulate_many(RULES, 3, "heuristic", 5)
    with pytest.raises(TypeError, match="simulate_many: games must be an int, not str"):
        simulate_many(RULES, 3, BOTS, "5")  # type: ignore[arg-type]
    with pytest.raises(pyclag.RulesError, match="players"):
        simulate_many(RULES, 9, BOTS, 5)


def test_a_shard_is_picklable_and_plays_the_same_anywhere() -> None:
    import pickle

    shard = Shard(0, RULES, 3, tuple(BOTS), 0, 0, 10, 2).split(4)[1]
    assert pickle.loads(pickle.dumps(shard)) == shard
    assert play_shard(pickle.loads(pickle.dumps(shard))) == play_shard(shard)


def test_the_search_settings_reach_every_shard_and_are_refused_before_any() -> None:
    with pytest.raises(pyclag.ClagError, match="--pimc-worlds must be at least 1, not 0"):
        simulate_many(RULES, 3, ["pimc"], 4, search=Search(worlds=0))
    seen: list[Search] = []

    def recording(function: Callable[[Any], Any], shards: Iterable[Any]) -> Iterator[Any]:
        for shard in shards:
            seen.append(shard.search)
            yield function(shard)

    search = Search(2, objective="game")
    simulate_many(RULES, 3, ["pimc", "random"], 2, shard_size=1, map=recording, search=search)
    assert seen == [search, search]
    for option, value in (("--pimc-worlds", "0"), ("--pimc-objective", "wins")):
        with pytest.raises(SystemExit) as stopped:  # --games 20: through the shards
            main([*SIMULATE, "--bots", "pimc", option, value])
        assert stopped.value.code == 2
