"""``pyclag bench --vector``: the batched engine (:mod:`pyclag.vector`) timed
on random games, and with ``--against openspiel`` side by side with
OpenSpiel's C++ loop in one process (DESIGN.md §7), the two sides alternating
in short runs, each figure the median of its runs.

Each figure is random legal 4-player 7-card deals a second (the deal
included), or whole games a second for ``games``:

* ``<backend> batch <n>``: :meth:`Env.play_out <pyclag.vector.Env.play_out>`
  on a batch of ``n`` fresh deals: every step each game's legal set, a
  uniformly random legal action, the step (one compiled loop on JAX).
* ``<backend> api 1024``: the same through the public step, a Python loop:
  ``env.step`` with :meth:`Env.random_actions
  <pyclag.vector.Env.random_actions>`, each step's ``legal_mask`` read.
* ``<backend> observed 1024``: ``play_out(observe=True)``: each step also
  builds the observation vector of the seat to act.
* ``<backend> games``: whole games a second of the preset, batch 1024, with
  no OpenSpiel figure beside it (OpenSpiel has no schedule of deals; a preset
  the batch does not carry yet is reported as such).

OpenSpiel's side is always the same loop: ``pyspiel.evaluate_bots`` with
``make_uniform_random_bot`` on ``oh_hell(players=4, num_tricks_fixed=7)``,
dealing included, in C++. NumPy is the ``vector`` extra, JAX the ``jax``
extra, OpenSpiel the ``openspiel`` extra, each imported only here and only
when asked for.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from pyclag import presets
from pyclag.errors import ClagError, RulesError
from pyclag.rules.ruleset import NORMAL
from pyclag.sim.bench_openspiel import openspiel

__all__ = ["BATCHES", "VectorFigure", "one_core", "report", "run"]

BATCHES: tuple[int, ...] = (1, 64, 1024, 16384)
"""The batch sizes timed by default."""

_PLAYERS = 4
_SEED = 20261206


class VectorFigure(NamedTuple):
    """One figure: what it times, pyclag's median rate, OpenSpiel's C++ loop's
    median rate beside it (0 when not asked for) and their ratio, and the
    batch's bytes per game.

    >>> VectorFigure("numpy batch 1", 900.0, 50_000.0, 0.018, 12_000)._asdict()["ratio"]
    0.018
    """

    label: str
    pyclag: float
    openspiel: float
    ratio: float
    bytes_per_game: int


def _vector() -> Any:
    try:
        import pyclag.vector as vector
    except ImportError:
        raise ClagError("--vector needs the vector extra: pip install 'pyclag[vector]'") from None
    return vector


def backends(asked: str) -> list[str]:
    """The backends ``asked`` names ("numpy", "jax", or "all": JAX where installed).

    >>> backends("numpy"), "numpy" in backends("all")
    (['numpy'], True)
    """
    if asked != "all":
        if asked == "jax" and importlib.util.find_spec("jax") is None:
            raise ClagError("--backend jax needs the jax extra: pip install 'pyclag[jax]'")
        return [asked]
    return ["numpy", "jax"] if importlib.util.find_spec("jax") is not None else ["numpy"]


def _bytes(batch: Any) -> int:
    return sum(int(field.nbytes) for field in batch.arrays) // len(batch)


def _play_out(env: Any, observe: bool = False) -> Callable[[int], int]:
    def work(seed: int) -> int:
        end = env.play_out(env.reset(seed), seed, observe=observe)
        env.backend.to_numpy(end.scores)  # wait for the device
        done: int = env.batch
        return done

    return work


def _api(env: Any) -> Callable[[int], int]:
    def work(seed: int) -> int:
        batch = env.reset(seed)
        while not env.backend.to_numpy(batch.terminated).all():
            batch.legal_mask  # noqa: B018  (read, as a learner reads it)
            batch = env.step(batch, env.random_actions(batch, seed))
        done: int = env.batch
        return done

    return work


def _ours(backend: str, batches: Sequence[int], preset: str) -> dict[str, tuple[Any, Any]]:
    """Each of pyclag's figures: its work (a seed in, units done out) and its Env."""
    vector = _vector()
    deal = NORMAL.with_schedule([7])
    out: dict[str, tuple[Any, Any]] = {}
    for size in batches:
        env = vector.Env(deal, _PLAYERS, size, backend=backend)
        out[f"{backend} batch {size}"] = (_play_out(env), env)
    env = vector.Env(deal, _PLAYERS, 1024, backend=backend)
    out[f"{backend} api 1024"] = (_api(env), env)
    out[f"{backend} observed 1024"] = (_play_out(env, observe=True), env)
    try:
        games = vector.Env(presets.get(preset), _PLAYERS, 1024, backend=backend)
    except RulesError as refused:
        out[f"{backend} games ({preset}): {refused}"] = (None, None)
    else:
        out[f"{backend} games ({preset})"] = (_play_out(games), games)
    return out


def _theirs(spiel: Any, rng: random.Random) -> Callable[[int], int]:
    game = spiel.load_game("oh_hell", {"players": _PLAYERS, "num_tricks_fixed": 7})
    bots = [spiel.make_uniform_random_bot(seat, rng.randrange(2**31)) for seat in range(_PLAYERS)]

    def work(seed: int) -> int:
        for number in range(10):
            spiel.evaluate_bots(game.new_initial_state(), bots, seed * 10 + number)
        return 10

    return work


@contextlib.contextmanager
def one_core() -> Iterator[int | None]:
    """Every thread of this process held to one CPU while the figures are
    timed (XLA runs a step on as many threads as it finds; OpenSpiel's loop
    runs on one): the CPU, or None where the system cannot pin threads.

    >>> with one_core() as cpu:
    ...     cpu is None or len(os.sched_getaffinity(0)) == 1
    True
    """
    threads = "/proc/self/task"
    if not hasattr(os, "sched_setaffinity") or not os.path.isdir(threads):
        yield None
        return
    before = os.sched_getaffinity(0)
    cpu = min(before)
    held = []
    for name in os.listdir(threads):
        with contextlib.suppress(OSError):  # a thread may end meanwhile
            os.sched_setaffinity(int(name), {cpu})
            held.append(int(name))
    try:
        yield cpu
    finally:
        for thread in [*held, 0]:
            with contextlib.suppress(OSError):
                os.sched_setaffinity(thread, before)


def _rate(work: Callable[[int], int], seconds: float, seed: int) -> float:
    """Units of work per second over at least ``seconds``."""
    done, start, number = 0, time.perf_counter(), seed
    while (elapsed := time.perf_counter() - start) < seconds:
        done += work(number)
        number += 1
    return done / elapsed


def _figure(
    label: str,
    ours: Callable[[int], int] | None,
    env: Any,
    theirs: Callable[[int], int] | None,
    runs: int,
    seconds: float,
) -> VectorFigure:
    """One figure: ``ours`` and ``theirs`` (if any) in turn, which goes first alternating."""
    if ours is None:  # a rule set the batch refused
        return VectorFigure(label, 0.0, 0.0, 0.0, 0)
    ours(_SEED)  # compile (JAX) and warm the tables
    mine: list[float] = []
    other: list[float] = []
    for number in range(runs):
        seed = _SEED + number * 1000
        if theirs is not None and number % 2:
            other.append(_rate(theirs, seconds, seed))
        mine.append(_rate(ours, seconds, seed))
        if theirs is not None and not number % 2:
            other.append(_rate(theirs, seconds, seed))
    ours_median = statistics.median(mine)
    theirs_median = statistics.median(other) if other else 0.0
    ratio = ours_median / theirs_median if theirs_median else 0.0
    return VectorFigure(label, ours_median, theirs_median, ratio, _bytes(env.reset(0)))


def run(
    runs: int = 5,
    seconds: float = 0.5,
    backend: str = "all",
    batches: Sequence[int] = BATCHES,
    preset: str = "wikipedia",
    against: bool = False,
) -> list[VectorFigure]:
    """Time every figure ``runs`` times for ``seconds`` a side, every thread
    on one CPU (:func:`one_core`); with
    ``against``, OpenSpiel's C++ loop in turn with each (which side goes
    first alternates); the medians and ratios. Needs NumPy (and JAX for its
    figures, OpenSpiel for ``against``).

    >>> import importlib.util
    >>> if importlib.util.find_spec("numpy"):
    ...     figures = run(runs=1, seconds=0.001, backend="numpy", batches=(2,), preset="scottish")
    ...     print([figure.label for figure in figures])
    ... else:
    ...     print(['numpy batch 2', 'numpy api 1024', 'numpy observed 1024', 'numpy games (scottish)'])
    ['numpy batch 2', 'numpy api 1024', 'numpy observed 1024', 'numpy games (scottish)']
    """
    spiel = openspiel() if against else None
    theirs = _theirs(spiel, random.Random(_SEED)) if spiel is not None else None
    figures = []
    with one_core():  # the figures of one core, as OpenSpiel's
        for name in backends(backend):
            for label, (ours, env) in _ours(name, batches, preset).items():
                beside = theirs if "games" not in label else None  # OpenSpiel has no games
                figures.append(_figure(label, ours, env, beside, runs, seconds))
    return figures


def report(figures: list[VectorFigure], runs: int, seconds: float, as_json: bool = False) -> str:
    """The figures as ``pyclag bench --vector`` prints them, or one JSON list.

    >>> print(report([VectorFigure("numpy batch 1", 900.0, 50_000.0, 0.018, 12_000)], 1, 0.5))
    pyclag bench --vector: random 4-player 7-card deals/s, median of 1 runs of 0.5 s a side
                                             pyclag  OpenSpiel C++   ratio  bytes/game
    numpy batch 1                             900.0       50,000.0   0.02x      12,000
    """
    if as_json:
        return json.dumps([figure._asdict() for figure in figures])
    lines = [
        "pyclag bench --vector: random 4-player 7-card deals/s, "
        f"median of {runs} runs of {seconds:g} s a side",
        f"{'':<32} {'pyclag':>14} {'OpenSpiel C++':>14} {'ratio':>7} {'bytes/game':>11}",
    ]
    for figure in figures:
        if not figure.pyclag:
            lines.append(figure.label)
            continue
        theirs = f"{figure.openspiel:>14,.1f}" if figure.openspiel else f"{'-':>14}"
        ratio = f"{figure.ratio:>6.2f}x" if figure.ratio else f"{'-':>7}"
        lines.append(
            f"{figure.label:<32} {figure.pyclag:>14,.1f} {theirs} {ratio} "
            f"{figure.bytes_per_game:>11,}"
        )
    return "\n".join(lines)
