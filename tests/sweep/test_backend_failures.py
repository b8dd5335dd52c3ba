"""Issue 30 item 7: a cluster backend that fails under ``pyclag simulate`` (a Ray worker
out of memory, a Dask worker killed, a pool that cannot start) ends the run with one
line naming the backend and the cause, and exit status 1 (2 for a backend that does not
start, as for a bad option), never a traceback such as ``TypeError: cannot unpack
non-iterable OutOfMemoryError object``.

Neither Ray nor Dask is needed: the tests put stand-ins shaped like their pools where
:mod:`pyclag.sim.launch` imports them from (``ray.util.multiprocessing``, ``distributed``).
"""

from __future__ import annotations

import concurrent.futures
import sys
import types
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

from pyclag.cli import main
from pyclag.sim.launch import BackendError, backend
from pyclag.sim.sweep import ShardError, simulate_many
from tests.sweep.test_sweep import BOTS, RULES, SIMULATE


class OutOfMemoryError(Exception):
    """Shaped like Ray's: a RayError that Ray's pool hands back in place of a result."""


class PoolTaskError(Exception):
    """Shaped like Ray's pool's wrapper of a task's own exception (``underlying``)."""

    def __init__(self, underlying: Exception) -> None:
        super().__init__(underlying)
        self.underlying = underlying


class KilledWorker(Exception):  # noqa: N818  (named as Dask's)
    """Shaped like Dask's: a task whose workers all died."""


OOM = (
    "Task was killed due to the node running low on memory.\n"
    "Memory on the node (IP: 10.0.0.1) was 7.50GB / 7.77GB (0.965), the threshold ...\n"
)


def _ray(results: Callable[[Callable[[Any], Any], list[Any]], Iterator[Any]]) -> Any:
    """A stand-in ``ray.util.multiprocessing`` whose pool's ``imap_unordered`` is ``results``."""

    class Pool:
        def __init__(self, processes: int | None, ray_address: str | None = None) -> None:
            self.processes = processes

        def imap_unordered(self, function: Callable[[Any], Any], items: Iterable[Any]) -> Any:
            return results(function, list(items))

        def terminate(self) -> None:
            pass

        def close(self) -> None:
            pass

        def join(self) -> None:
            pass

    return types.SimpleNamespace(Pool=Pool)


def _first_then(failure: object) -> Callable[[Callable[[Any], Any], list[Any]], Iterator[Any]]:
    """Results: the first shard's, then ``failure`` handed back in place of the next."""

    def results(function: Callable[[Any], Any], items: list[Any]) -> Iterator[Any]:
        yield function(items[0])
        yield failure

    return results


def test_issue_30_item_7_a_ray_worker_out_of_memory_is_one_line_naming_ray_and_its_cause(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(
        sys.modules, "ray.util.multiprocessing", _ray(_first_then(OutOfMemoryError(OOM)))
    )
    assert main([*SIMULATE, "--backend", "ray", "--jobs", "2"]) == 1
    done = capsys.readouterr()
    assert done.out == ""
    assert done.err == (
        "pyclag simulate: the ray backend failed: OutOfMemoryError: Task was killed due to "
        "the node running low on memory. (after 1 of 20 games)\n"
    )


def test_issue_30_item_7_a_shards_own_failure_on_ray_is_the_shards_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    failed = ShardError("shard 1 (games 1-1, seeds 5-5) failed: game 1 (seed 5) raised ...")
    monkeypatch.setitem(
        sys.modules, "ray.util.multiprocessing", _ray(_first_then(PoolTaskError(failed)))
    )
    assert main([*SIMULATE, "--backend", "ray", "--jobs", "2"]) == 1
    assert capsys.readouterr().err == f"pyclag simulate: {failed} (after 1 of 20 games)\n"


def test_issue_30_item_7_a_ray_task_that_raises_anything_else_names_ray(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wrapped = PoolTaskError(MemoryError())  # a message-less cause: its class alone
    monkeypatch.setitem(sys.modules, "ray.util.multiprocessing", _ray(_first_then(wrapped)))
    with backend("ray", None, 2) as mapping, pytest.raises(BackendError) as raised:
        simulate_many(RULES, 3, BOTS, 6, seed=4, shard_size=2, map=mapping)
    assert str(raised.value) == "the ray backend failed: MemoryError"


class _Dying(concurrent.futures.Executor):
    """An executor whose every task fails as Dask's does when its workers die."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        future.set_exception(KilledWorker("Attempted to run task ('play_shard', 0) on 3 workers"))
        return future


def test_issue_30_item_7_a_killed_dask_worker_is_one_line_naming_dask_and_its_cause(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Client:
        def __init__(self, address: object, timeout: str) -> None:
            pass

        def get_executor(self) -> concurrent.futures.Executor:
            return _Dying()

        def nthreads(self) -> dict[str, int]:
            return {"tcp://10.0.0.1:1": 1}

        def close(self) -> None:
            pass

    class LocalCluster:
        def __init__(self, **options: object) -> None:
            pass

        def close(self) -> None:
            pass

    fake = types.SimpleNamespace(Client=Client, LocalCluster=LocalCluster)
    monkeypatch.setitem(sys.modules, "distributed", fake)
    assert main([*SIMULATE, "--backend", "dask", "--jobs", "2"]) == 1
    assert capsys.readouterr().err == (
        "pyclag simulate: the dask backend failed: KilledWorker: Attempted to run task "
        "('play_shard', 0) on 3 workers (after 0 of 20 games)\n"
    )


def test_issue_30_item_7_a_ray_pool_that_cannot_start_is_a_one_line_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Pool:
        def __init__(self, processes: int | None, ray_address: str | None = None) -> None:
            raise ValueError(
                "Tried to start a pool with 2 processes on an existing ray cluster,\n"
                "but there are only 1 CPUs in the ray cluster."
            )

    monkeypatch.setitem(sys.modules, "ray.util.multiprocessing", types.SimpleNamespace(Pool=Pool))
    with pytest.raises(SystemExit) as stopped:
        main([*SIMULATE, "--backend", "ray", "--jobs", "2"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err == (
        "pyclag simulate: error: no Ray cluster: ValueError: Tried to start a pool with 2 "
        "processes on an existing ray cluster,\n"
    )
