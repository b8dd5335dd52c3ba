"""Running ``pyclag simulate --games K``: on a local process pool, a Dask or a
Ray cluster, with a progress bar and a clean stop on Ctrl-C or ``SIGTERM``.

At most :data:`MAX_JOBS` local workers, and never more than there are shards.
The workers end with the process that started them: on Ctrl-C (``SIGINT``) or
``SIGTERM`` it terminates them before it exits, and a worker whose parent is
gone without a word (``SIGKILL``) ends itself (:func:`watch_parent`).

The games, their shards and their exact tallies are :mod:`pyclag.sim.sweep`'s;
this module only chooses the ``map`` they run on. Dask and Ray are optional
extras (``pyclag[dask]``, ``pyclag[ray]``), imported only when asked for. A
cluster that fails under a run (a worker out of memory, killed or lost) ends it
with one line naming the backend and the cause (:class:`BackendError`).

>>> with backend("local", None, 1) as run:
...     list(run(abs, [-1, 2]))
[1, 2]
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import ctypes
import importlib
import itertools
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from types import FrameType
from typing import Any, Final, TextIO

from pyclag._saving import check_target, write_whole
from pyclag.bots.names import Search, seated, table_text
from pyclag.errors import ClagError
from pyclag.rules.ruleset import RuleSet
from pyclag.sim import charts
from pyclag.sim.sweep import DEFAULT_SHARD_SIZE, Map, ShardError, Tally, simulate_many
from pyclag.terminal.lines import fit

__all__ = [
    "BACKENDS",
    "JOBS_FLOOR",
    "MAX_JOBS",
    "BackendError",
    "Progress",
    "Terminated",
    "backend",
    "run",
    "watch_parent",
]

BACKENDS = ("local", "dask", "ray")
"""What ``--backend`` may name."""

JOBS_FLOOR: Final = 8
"""The cap of ``--jobs`` on a machine with fewer cores than this."""

MAX_JOBS: Final = max(JOBS_FLOOR, os.cpu_count() or 1)
"""The most worker processes a run starts (``--jobs``): the cores of this
machine, or :data:`JOBS_FLOOR` (8) on a machine with fewer. The games are plain computation, so more
workers than cores only share them; the cap keeps a typo from starting
thousands of processes.

:meta hide-value:
"""

_WATCH_SECONDS: Final = 0.2
"""How often a worker looks whether its parent is still there."""

_PR_SET_PDEATHSIG: Final = 1
"""Linux's ``prctl`` option: the signal a process gets when its parent dies."""

EXTRAS = {"dask": ("distributed", "dask"), "ray": ("ray.util.multiprocessing", "ray")}
"""Each cluster backend: the module it needs and the extra that installs it."""


class BackendError(ShardError):
    """A cluster backend that failed under a run: a worker out of memory, killed
    or lost, a cluster that went away. Its message is one line naming the
    backend and the cause; the shards it had are not finished.

    >>> str(BackendError("the ray backend failed: OutOfMemoryError: the node ran low on memory"))
    'the ray backend failed: OutOfMemoryError: the node ran low on memory'
    """


def _cause(error: BaseException) -> str:
    """``error``'s class and the first line of its message (a cluster's may run to pages)."""
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__


def _reported(name: str, mapping: Map) -> Map:
    """``mapping`` with its failures as one :class:`BackendError` naming the
    backend: an exception it raises, or one it hands back in place of a result
    (Ray's pool hands back its RayError, such as an OutOfMemoryError, and a
    task's own exception wrapped in an object with ``underlying``). A shard's
    own failure (a ShardError from the worker) is raised as it is.

    >>> def dying(function, items):
    ...     yield MemoryError("out of memory\\n(the node's report)")
    >>> list(_reported("ray", dying)(abs, [1]))
    Traceback (most recent call last):
    pyclag.sim.launch.BackendError: the ray backend failed: MemoryError: out of memory
    """

    def run(function: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        try:
            for result in mapping(function, items):
                if isinstance(result, BaseException):
                    underlying = getattr(result, "underlying", None)
                    raise underlying if isinstance(underlying, BaseException) else result
                yield result
        except (ShardError, KeyboardInterrupt):
            raise
        except Exception as error:
            raise BackendError(f"the {name} backend failed: {_cause(error)}") from error

    return run


def _extra(name: str) -> Any:
    """The optional module a backend needs, or the one-line error naming its extra."""
    module, extra = EXTRAS[name]
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ClagError(
            f"--backend {name} needs the {extra} extra: pip install 'pyclag[{extra}]'"
        ) from None


def _check_address(name: str, address: str | None) -> None:
    if address is None:
        return
    if name == "local":
        raise ClagError(f"--address {address} names a cluster; give --backend dask or ray")
    legal = name == "dask" and "://" in address and not address.startswith("ray://")
    legal = legal or (name == "ray" and (address == "auto" or address.startswith("ray://")))
    if not legal:
        shape = "tcp://HOST:PORT" if name == "dask" else "ray://HOST:PORT or auto"
        raise ClagError(f"--address for --backend {name} takes {shape}, not {address!r}")


@contextlib.contextmanager
def backend(name: str, address: str | None, jobs: int) -> Iterator[Map]:
    """A ``map`` over ``jobs`` local processes (in this process when ``jobs``
    is 1), a Dask or a Ray cluster (at ``address``, or started here with
    ``jobs`` workers); stopped on leaving.

    >>> with backend("local", "tcp://x:1", 1) as run:
    ...     pass
    Traceback (most recent call last):
    pyclag.errors.ClagError: --address tcp://x:1 names a cluster; give --backend dask or ray
    """
    _check_address(name, address)
    if name == "dask":
        with _dask(_extra(name), address, jobs) as run:
            yield _reported(name, run)
    elif name == "ray":
        with _ray(_extra(name), address, jobs) as run:
            yield _reported(name, run)
    elif jobs == 1:
        yield map
    else:
        pool = concurrent.futures.ProcessPoolExecutor(jobs, initializer=_start_worker)
        try:
            yield _unordered(pool, 2 * jobs)
        except BaseException:  # Ctrl-C, SIGTERM, a failed shard: no worker goes on
            _terminate(pool)
            raise
        finally:  # drop the shards not started (wait=False would race the pool's own
            # exit handler: "Bad file descriptor")
            pool.shutdown(wait=True, cancel_futures=True)


def _start_worker() -> None:
    """A pool worker's start: Ctrl-C is its parent's to handle (so no worker
    dies with a traceback), ``SIGTERM`` ends it at once (a parent's handler is
    not its own), and it ends when its parent does."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    watch_parent()


def watch_parent(interval: float = _WATCH_SECONDS) -> None:
    """End this process (exit status 1) as soon as its parent is gone: on Linux
    the kernel sends it ``SIGKILL`` when the parent dies (``prctl``'s
    ``PR_SET_PDEATHSIG``); everywhere a daemon thread looks every ``interval``
    seconds whether the parent has changed (an orphan is adopted by another).
    Called in a pool worker, so that one whose parent was killed with
    ``SIGKILL``, which no handler sees, does not play on alone.

    >>> import subprocess
    >>> code = "from pyclag.sim.launch import watch_parent; watch_parent(); print('watching')"
    >>> subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.split()
    ['watching']
    """
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):  # no C library to ask: poll only
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(interval)
        os._exit(1)

    threading.Thread(target=watch, name="pyclag-watch-parent", daemon=True).start()


def _terminate(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Stop ``pool``'s workers now (``SIGTERM``), the shards they play with them."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
        return
    for worker in list((pool._processes or {}).values()):
        with contextlib.suppress(OSError, ValueError):  # already gone or closed
            worker.terminate()


class Terminated(KeyboardInterrupt):
    """``SIGTERM`` while a run plays: it stops as on Ctrl-C (the workers
    terminated), with its own message and exit status (143)."""


def _raise_terminated(signum: int, _frame: FrameType | None) -> None:
    raise Terminated(signum)


@contextlib.contextmanager
def _terminable() -> Iterator[None]:
    """``SIGTERM`` raises :class:`Terminated` in the block (in the main thread,
    the only one that may handle signals), so that the run stops its workers."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _unordered(pool: concurrent.futures.Executor, window: int) -> Map:
    """A map on ``pool`` that keeps ``window`` items in flight (memory stays flat
    however many there are) and yields results as they finish."""

    def run(function: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        waiting = iter(items)
        flying = {pool.submit(function, item) for item in itertools.islice(waiting, window)}
        while flying:
            done, flying = concurrent.futures.wait(
                flying, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                flying |= {pool.submit(function, item) for item in itertools.islice(waiting, 1)}
                yield future.result()

    return run


@contextlib.contextmanager
def _dask(distributed: Any, address: str | None, jobs: int) -> Iterator[Map]:
    cluster = None
    try:
        if address is None:
            cluster = distributed.LocalCluster(
                n_workers=jobs, threads_per_worker=1, dashboard_address=None
            )
        client = distributed.Client(address or cluster, timeout="10s")
    except Exception as err:  # any failure to start is the backend's: one line, its cause
        where = f"--address {address}: no Dask scheduler answers" if address else "no Dask cluster"
        raise ClagError(f"{where}: {_cause(err)}") from None
    try:  # two shards in flight per worker thread, however many shards the run has
        yield _unordered(client.get_executor(), 2 * max(1, sum(client.nthreads().values())))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


@contextlib.contextmanager
def _ray(multiprocessing: Any, address: str | None, jobs: int) -> Iterator[Map]:
    try:
        pool = multiprocessing.Pool(None if address else jobs, ray_address=address)
    except Exception as err:  # any failure to start is the backend's: one line, its cause
        where = f"--address {address}: no Ray cluster answers" if address else "no Ray cluster"
        raise ClagError(f"{where}: {_cause(err)}") from None
    try:
        yield pool.imap_unordered
    except BaseException:  # a failure or an interrupt: the workers are stopped where they are
        pool.terminate()
        raise
    # A finished run lets its workers end by themselves: a terminated worker is reported
    # by Ray as one that died, in a warning printed among the summary.
    pool.close()
    pool.join()


class Progress:
    """A bar over the whole run on ``stream`` (standard error), fed by finished
    shards; drawn only when the stream is a terminal. ``done`` counts the games.

    >>> bar = Progress(10)
    >>> bar(Tally(4, (0,), (0,), (0,), ()))
    >>> bar.done
    4
    """

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total = total
        self.done = 0
        self.stream = sys.stderr if stream is None else stream

    def __call__(self, part: Tally) -> None:
        self.done += part.games
        if not self.stream.isatty():
            return
        filled = 30 * self.done // self.total
        end = "\n" if self.done == self.total else ""
        bar = f"[{'#' * filled}{'.' * (30 - filled)}]"
        self.stream.write(f"\r{self.done:>6}/{self.total} {bar}{end}")
        self.stream.flush()


def run(
    rules: RuleSet,
    players: int,
    bots: list[str],
    games: int,
    seed: int,
    *,
    first_dealer: int = 0,
    jobs: int | None = None,
    name: str = "local",
    address: str | None = None,
    shard_size: int | None = None,
    summary_json: str | None = None,
    search: Search | None = None,
    chart: str | None = None,
) -> int:
    """``pyclag simulate --games K``: print the summary (and draw the final
    scores to ``chart``, :func:`pyclag.sim.charts.distribution_figure`); the exit status.

    >>> import pyclag
    >>> run(pyclag.NORMAL.with_schedule([1]), 3, ["random"], 4, 0, jobs=1)
    pyclag simulate: preset normal, 3 players, 4 games from seed 0
    bots: random at every seat
    seat  bot              mean score  spread (sd)    wins
    ...
    0
    """
    workers = (os.cpu_count() or 1) if jobs is None else jobs
    if chart is not None:
        charts.check(chart)  # a bad file name or a missing extra before any game
    if summary_json:
        check_target(summary_json, "--summary-json")  # a directory, a device: before any game
    if not 1 <= workers <= MAX_JOBS:
        raise ClagError(
            f"--jobs must be in 1..{MAX_JOBS} (the cores, or {JOBS_FLOOR} if fewer), not {workers}"
        )
    if shard_size is not None and shard_size < 1:
        raise ClagError(f"--shard-size must be at least 1, not {shard_size}")
    size = shard_size or max(1, min(DEFAULT_SHARD_SIZE, -(-games // (32 * workers))))
    progress = Progress(games)
    kinds = table_text(seated(bots, players))
    try:
        with _terminable(), backend(name, address, min(workers, -(-games // size))) as mapping:
            summary = simulate_many(
                rules,
                players,
                bots,
                games,
                seed,
                first_dealer=first_dealer,
                shard_size=size,
                map=mapping,
                on_shard=progress,
                search=search,
            )
    except KeyboardInterrupt as stop:
        how = "terminated" if isinstance(stop, Terminated) else "interrupted"
        print(f"\npyclag simulate: {how} after {progress.done} of {games} games", file=sys.stderr)
        return 128 + signal.SIGTERM if isinstance(stop, Terminated) else 130
    except ShardError as err:
        print(f"pyclag simulate: {err} (after {progress.done} of {games} games)", file=sys.stderr)
        return 1
    print(
        fit(
            f"pyclag simulate: preset {rules.name}, {players} players, {games} games "
            f"from seed {seed}"
        )
    )
    print(fit(kinds))
    print(summary)
    if summary_json:
        head = {
            "preset": rules.name,
            "players": players,
            "seed": seed,
            "first_dealer": first_dealer,
        }
        write_whole(summary_json, json.dumps({**head, **summary.to_json()}, indent=1) + "\n")
    if chart is not None:
        title = f"{rules.name}, {players} players"
        charts.save(charts.distribution_figure(summary, title), chart)
    return 0
