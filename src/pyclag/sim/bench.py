"""``pyclag bench``: random legal playouts through the validated public API,
timed with a fixed seed (DESIGN.md §7). Each figure is the median of several runs.

``rounds_per_s`` and ``games_per_s`` time :func:`~pyclag.engine.play_out`,
the random player of simulations; ``steps_rounds_per_s`` times the same rounds
played step by step as a bot or an adapter drives them (``legal_actions`` and
``apply`` for the players, ``sample_chance`` for chance: the harness DESIGN.md
§7 compares with OpenSpiel).

>>> figures = run(runs=1, seconds=0.05)
>>> sorted(figures)
['apply_children_per_s', 'games_per_s', 'import_ms', 'rounds_per_s', 'steps_rounds_per_s']
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from pyclag import presets
from pyclag.engine import (
    apply,
    deal,
    is_over,
    legal_actions,
    new_game,
    next_actor,
    play_out,
    random_step,
    sample_chance,
)
from pyclag.engine.state import CHANCE, GameState
from pyclag.rules.ruleset import NORMAL, RuleSet

__all__ = ["BARS", "play_steps", "run"]

BARS: dict[str, float | None] = {
    "rounds_per_s": 12_000.0,
    "steps_rounds_per_s": None,
    "games_per_s": 500.0,
    "apply_children_per_s": 500_000.0,
    "import_ms": 150.0,
}
"""The floors of DESIGN.md §7 (games per second is set for the 22-round
Wikipedia game, the longest of the presets with Indonesian and pagat). Rounds
step by step have no floor of their own: their bar is a ratio to OpenSpiel."""

_SEED = 20261129


def _rate(work: Callable[[], int], seconds: float) -> float:
    """Units of work per second over at least ``seconds``."""
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += work()
    return done / elapsed


def _rounds(players: int, hand_size: int, seconds: float) -> float:
    rules = NORMAL.with_schedule([hand_size] * 50)
    rng = random.Random(_SEED)
    play_out(new_game(rules, players), rng)  # warm the card tables

    def work() -> int:
        return len(play_out(new_game(rules, players), rng).history)

    return _rate(work, seconds)


def play_steps(state: GameState, rng: random.Random) -> GameState:
    """Play ``state`` to the end step by step, as a bot or an adapter drives the
    engine: ``legal_actions``, a random pick and ``apply`` for the players,
    ``sample_chance`` for chance (the harness DESIGN.md §7 compares with OpenSpiel).

    >>> import pyclag
    >>> end = play_steps(pyclag.new_game(NORMAL.with_schedule([2, 3]), 3), random.Random(1))
    >>> is_over(end), len(end.history)
    (True, 2)
    """
    pick = rng.random
    while not is_over(state):
        if next_actor(state) is CHANCE:
            state = apply(state, sample_chance(state, rng))
        else:
            actions = legal_actions(state)
            state = apply(state, actions[int(pick() * len(actions))])
    return state


def _steps(players: int, hand_size: int, seconds: float) -> float:
    rules = NORMAL.with_schedule([hand_size] * 50)
    rng = random.Random(_SEED)

    def work() -> int:
        return len(play_steps(new_game(rules, players), rng).history)

    work()  # warm the card tables
    return _rate(work, seconds)


def _games(rules: RuleSet, players: int, seconds: float) -> float:
    rng = random.Random(_SEED)

    def work() -> int:
        play_out(new_game(rules, players), rng)
        return 1

    return _rate(work, seconds)


def _mid_round(players: int, hand_size: int) -> GameState:
    rng = random.Random(_SEED)
    state = deal(new_game(NORMAL.with_schedule([hand_size]), players), rng=rng)
    for _ in range(players + players * hand_size // 2):  # the bids, then half the cards
        state = random_step(state, rng)
    return state


def _children(players: int, hand_size: int, seconds: float) -> float:
    parent = _mid_round(players, hand_size)
    actions = legal_actions(parent)

    def work() -> int:
        for _ in range(100):
            for action in actions:
                apply(parent, action)
        return 100 * len(actions)

    return _rate(work, seconds)


def _import_ms() -> float:
    code = "import time; t = time.perf_counter(); import pyclag; print(time.perf_counter() - t)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout) * 1000


def run(
    runs: int = 5,
    seconds: float = 1.0,
    players: int = 4,
    hand_size: int = 7,
    preset: str = "wikipedia",
) -> dict[str, float]:
    """Measure every figure ``runs`` times for ``seconds`` each; the medians.
    Whole games are games of ``preset``.

    >>> run(runs=1, seconds=0.01, preset="raf")["rounds_per_s"] > 0
    True
    """
    rules = presets.get(preset)
    samples: dict[str, list[float]] = {name: [] for name in BARS}
    for _ in range(runs):
        samples["rounds_per_s"].append(_rounds(players, hand_size, seconds))
        samples["steps_rounds_per_s"].append(_steps(players, hand_size, seconds))
        samples["games_per_s"].append(_games(rules, players, seconds))
        samples["apply_children_per_s"].append(_children(players, hand_size, seconds))
        samples["import_ms"].append(_import_ms())
    return {name: statistics.median(values) for name, values in samples.items()}
