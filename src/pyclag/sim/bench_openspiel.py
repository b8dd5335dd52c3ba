"""``pyclag bench --against openspiel``: pyclag and OpenSpiel's C++ ``oh_hell``
timed side by side in one process (DESIGN.md §7), the two sides alternating
in short runs, each figure the median of its runs.

Each figure is a pair of rates (higher is faster; import time is in
milliseconds, lower is faster) and the ratio pyclag/OpenSpiel as speeds:

* ``api_rounds``: 4-player 7-card rounds through the public API (rounds of
  20-round games for pyclag, as ``pyclag bench`` plays them): the
  players' ``legal_actions``, a random pick, ``apply``; chance by
  ``sample_chance`` for pyclag and ``rng.choice`` over ``chance_outcomes()``
  for OpenSpiel (which deals card by card).
* ``one_card_rounds``: the same with 1 card each.
* ``games``: whole Wikipedia games at 4 players against OpenSpiel rounds of
  the same hand sizes (OpenSpiel has no schedule of rounds; the same cards
  dealt and played).
* ``children``: ``apply`` of each legal action of a mid-round state, the
  parent kept, against OpenSpiel's ``state.child(action)``.
* ``rollouts``: :func:`pyclag.rollouts` from a fresh 7-card deal against
  ``pyspiel.evaluate_bots`` with ``make_uniform_random_bot`` (the whole
  game in C++, one call a round).
* ``determinize``: :func:`pyclag.determinize` of a mid-round observation
  against OpenSpiel's ``resample_from_infostate``.
* ``import_ms``: ``import pyclag`` against ``import pyspiel``, each in a
  fresh interpreter.

OpenSpiel is the optional extra ``pyclag[openspiel]``, imported only here and
only when asked for.
"""

from __future__ import annotations

import importlib
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any, NamedTuple

# determinize and observe by their public names: the modules that define them may move.
from pyclag import determinize, observe, presets
from pyclag.engine import apply, legal_actions, new_game, random_step, rollouts
from pyclag.engine.state import GameState, seat_to_act
from pyclag.errors import ClagError
from pyclag.rules.ruleset import NORMAL, RuleSet
from pyclag.sim.bench import play_steps

__all__ = ["FIGURES", "Figure", "openspiel", "report", "run"]

FIGURES: dict[str, str] = {
    "api_rounds": "4-player 7-card rounds/s, public API step by step",
    "one_card_rounds": "4-player 1-card rounds/s, public API step by step",
    "games": "Wikipedia games/s (OpenSpiel: rounds of the same hand sizes)",
    "children": "apply children/s from a mid-round state (OpenSpiel: child)",
    "rollouts": "rollouts/s of a fresh 7-card deal (OpenSpiel: C++ evaluate_bots)",
    "determinize": "determinize/s of a mid-round view (OpenSpiel: resample_from_infostate)",
    "import_ms": "import time, ms (lower is faster)",
}
"""Each figure's name and what it times, in the order printed."""

_SEED = 20261201
_PLAYERS = 4


class Figure(NamedTuple):
    """One figure: the medians of both sides and pyclag's speed relative to
    OpenSpiel's (above 1: pyclag is faster).

    >>> Figure(pyclag=9_000.0, openspiel=12_000.0, ratio=0.75)._asdict()
    {'pyclag': 9000.0, 'openspiel': 12000.0, 'ratio': 0.75}
    """

    pyclag: float
    openspiel: float
    ratio: float


def openspiel() -> Any:
    """The ``pyspiel`` module, or the one-line error naming the extra.

    >>> def loaded() -> str:
    ...     try:
    ...         return openspiel().__name__
    ...     except ClagError as err:  # OpenSpiel is not installed
    ...         return str(err)
    >>> loaded() in ("pyspiel", "--against openspiel needs the openspiel extra: pip install 'pyclag[openspiel]'")
    True
    """
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        raise ClagError(
            "--against openspiel needs the openspiel extra: pip install 'pyclag[openspiel]'"
        ) from None


def _rate(work: Callable[[], int], seconds: float) -> float:
    """Units of work per second over at least ``seconds``."""
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += work()
    return done / elapsed


# --- pyclag's side ---------------------------------------------------------------------


def _our_rounds(rules: RuleSet, count: int, rng: random.Random) -> Callable[[], int]:
    """Play a game of ``rules`` step by step; the work is ``count``, its rounds
    or 1 (a game: one new game, then the engine's own start of each round, as
    OpenSpiel makes a new state a round)."""

    def work() -> int:
        play_steps(new_game(rules, _PLAYERS), rng)
        return count

    return work


def _our_game(rng: random.Random) -> Callable[[], int]:
    return _our_rounds(presets.get("wikipedia"), 1, rng)


def _mid_round(rng: random.Random) -> GameState:
    """A 7-card round after the bids and half the cards."""
    state = new_game(NORMAL.with_schedule([7]), _PLAYERS)
    for _ in range(1 + _PLAYERS + _PLAYERS * 7 // 2):
        state = random_step(state, rng)
    return state


def _our_children(rng: random.Random) -> Callable[[], int]:
    parent = _mid_round(rng)
    actions = legal_actions(parent)

    def work() -> int:
        for action in actions:
            apply(parent, action)
        return len(actions)

    return work


def _our_rollouts(rng: random.Random) -> Callable[[], int]:
    fresh = new_game(NORMAL.with_schedule([7]), _PLAYERS)
    return lambda: len(rollouts(fresh, 10, rng))


def _our_determinize(rng: random.Random) -> Callable[[], int]:
    parent = _mid_round(rng)
    view = observe(parent, seat_to_act(parent.round))

    def work() -> int:
        determinize(view, rng)
        return 1

    return work


# --- OpenSpiel's side ------------------------------------------------------------------


def _their_rounds(spiel: Any, hand_sizes: list[int], rng: random.Random) -> Callable[[], int]:
    """OpenSpiel rounds of ``hand_sizes`` stepped from Python, a new state
    each; the work is one for all of them (a game's worth)."""
    games = [
        spiel.load_game("oh_hell", {"players": _PLAYERS, "num_tricks_fixed": h}) for h in hand_sizes
    ]
    pick, choice = rng.random, rng.choice

    def work() -> int:
        for game in games:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(choice(state.chance_outcomes())[0])
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[int(pick() * len(actions))])
        return 1

    return work


def _their_mid_round(spiel: Any, rng: random.Random) -> Any:
    game = spiel.load_game("oh_hell", {"players": _PLAYERS, "num_tricks_fixed": 7})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    for _ in range(_PLAYERS + _PLAYERS * 7 // 2):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _their_children(spiel: Any, rng: random.Random) -> Callable[[], int]:
    parent = _their_mid_round(spiel, rng)
    actions = parent.legal_actions()

    def work() -> int:
        for action in actions:
            parent.child(action)
        return len(actions)

    return work


def _their_rollouts(spiel: Any, rng: random.Random) -> Callable[[], int]:
    game = spiel.load_game("oh_hell", {"players": _PLAYERS, "num_tricks_fixed": 7})
    bots = [spiel.make_uniform_random_bot(seat, rng.randrange(2**31)) for seat in range(_PLAYERS)]
    evaluate, seeds = spiel.evaluate_bots, rng.randrange

    def work() -> int:
        for _ in range(10):
            evaluate(game.new_initial_state(), bots, seeds(2**31))
        return 10

    return work


def _their_determinize(spiel: Any, rng: random.Random) -> Callable[[], int]:
    parent = _their_mid_round(spiel, rng)
    player = parent.current_player()
    sampler = spiel.UniformProbabilitySampler(0.0, 1.0)

    def work() -> int:
        parent.resample_from_infostate(player, sampler)
        return 1

    return work


# --- both ------------------------------------------------------------------------------


def _import_ms(module: str) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout) * 1000


def _pairs(
    spiel: Any, rng: random.Random
) -> dict[str, tuple[Callable[[], int], Callable[[], int]]]:
    """Each timed figure's two sides."""
    wikipedia = presets.get("wikipedia")
    sizes = [wikipedia.round_spec(i).hand_size for i in range(wikipedia.num_rounds(_PLAYERS))]
    return {
        "api_rounds": (
            _our_rounds(NORMAL.with_schedule([7] * 20), 20, rng),
            _their_rounds(spiel, [7], rng),
        ),
        "one_card_rounds": (
            _our_rounds(NORMAL.with_schedule([1] * 50), 50, rng),
            _their_rounds(spiel, [1], rng),
        ),
        "games": (_our_game(rng), _their_rounds(spiel, sizes, rng)),
        "children": (_our_children(rng), _their_children(spiel, rng)),
        "rollouts": (_our_rollouts(rng), _their_rollouts(spiel, rng)),
        "determinize": (_our_determinize(rng), _their_determinize(spiel, rng)),
    }


def run(runs: int = 5, seconds: float = 0.5) -> dict[str, Figure]:
    """Time every figure ``runs`` times for ``seconds`` a side, the sides
    alternating (which goes first alternates too); the medians and ratios.
    Needs OpenSpiel (:func:`openspiel`).

    >>> import importlib.util
    >>> installed = importlib.util.find_spec("pyspiel") is not None
    >>> not installed or list(run(runs=1, seconds=0.001)) == list(FIGURES)
    True
    """
    spiel = openspiel()
    rng = random.Random(_SEED)
    samples: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in FIGURES}
    pairs = _pairs(spiel, rng)
    for ours, theirs in pairs.values():  # warm both sides' caches and tables
        ours()
        theirs()
    for number in range(runs):
        for name, (ours, theirs) in pairs.items():
            mine, other = samples[name]
            if number % 2:
                other.append(_rate(theirs, seconds))
                mine.append(_rate(ours, seconds))
            else:
                mine.append(_rate(ours, seconds))
                other.append(_rate(theirs, seconds))
        mine, other = samples["import_ms"]
        mine.append(_import_ms("pyclag"))
        other.append(_import_ms("pyspiel"))
    figures = {}
    for name, (mine, other) in samples.items():
        ours_median, theirs_median = statistics.median(mine), statistics.median(other)
        # Import time is a cost: the faster side has the smaller figure.
        ratio = theirs_median / ours_median if name == "import_ms" else ours_median / theirs_median
        figures[name] = Figure(ours_median, theirs_median, ratio)
    return figures


def report(figures: dict[str, Figure], runs: int, seconds: float, as_json: bool = False) -> str:
    """The figures as ``pyclag bench --against openspiel`` prints them: each
    figure's two sides and its ratio, or with ``as_json`` one JSON object.

    >>> figures = {"import_ms": Figure(80.0, 40.0, 0.5)}
    >>> print(report(figures, 1, 0.5, as_json=True))
    {"import_ms": {"pyclag": 80.0, "openspiel": 40.0, "ratio": 0.5}}
    >>> print(report(figures, 1, 0.5).splitlines()[-1])
    import time, ms (lower is faster)                                                 80.0          40.0  0.50x
    """
    if as_json:
        return json.dumps({name: figure._asdict() for name, figure in figures.items()})
    lines = [
        f"pyclag bench --against openspiel: median of {runs} runs of {seconds:g} s a side",
        f"{'':<72} {'pyclag':>13} {'OpenSpiel':>13}  ratio",
    ]
    for name, figure in figures.items():
        ours, theirs = f"{figure.pyclag:>13,.1f}", f"{figure.openspiel:>13,.1f}"
        lines.append(f"{FIGURES[name]:<72} {ours} {theirs}  {figure.ratio:.2f}x")
    return "\n".join(lines)
