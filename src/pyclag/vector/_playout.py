"""Random legal play to the end of every game of a batch: the loop of
rollouts, simulations and benchmarks, one compiled loop on JAX (a
``lax.while_loop``), a Python loop over the same steps on NumPy."""

from __future__ import annotations

import functools
from typing import Any

from pyclag.vector._backend import Backend
from pyclag.vector._kernel import step
from pyclag.vector._legal import random_actions
from pyclag.vector._rounds import OVER
from pyclag.vector._state import Arrays, choose
from pyclag.vector._tables import Tables
from pyclag.vector._view import observation

__all__ = ["play_out", "play_out_observed", "play_rounds"]


Carry = tuple[Arrays, Any, Any]
"""The loop's state: the batch, the steps taken, the observations' running sum."""


def _going(carry: Carry) -> Any:
    return ~(carry[0].phase == OVER).all()


def _one(bk: Backend, t: Tables, seed: Any, observed: bool, carry: Carry) -> Carry:
    """One step: a random legal action from each game's legal sets, the step
    (and with ``observed``, the observation of the seat to act, summed so that
    no compiler drops it)."""
    s, count, seen = carry
    action = random_actions(bk, t, s, seed + count)
    if observed:
        seen = seen + observation(bk, t, s).sum()
    return step(bk, t, s, action), count + 1, seen


def play_out(bk: Backend, t: Tables, s: Arrays, seed: Any) -> tuple[Arrays, Any]:
    """Every game played to its end by random legal actions from ``seed``;
    the finished batch and the steps taken."""
    zero = bk.xp.zeros((), bk.xp.float32)
    one = functools.partial(_one, bk, t, seed, False)
    end, steps, _ = bk.loop(_going, one, (s, seed * 0, zero))
    return end, steps


def play_out_observed(bk: Backend, t: Tables, s: Arrays, seed: Any) -> tuple[Arrays, Any]:
    """As :func:`play_out`, the observation vector built at every step; the
    finished batch and the sum of every observation built."""
    zero = bk.xp.zeros((), bk.xp.float32)
    one = functools.partial(_one, bk, t, seed, True)
    end, _, seen = bk.loop(_going, one, (s, seed * 0, zero))
    return end, seen


def play_rounds(bk: Backend, t: Tables, s: Arrays, seed: Any, rounds: Any) -> Arrays:
    """Every game played by random legal actions until ``rounds`` more of its
    rounds have ended (or the game): a game that gets there first waits, as it
    stands, while the others go on."""
    stop = s.round + rounds

    def going(carry: tuple[Arrays, Any]) -> Any:
        return ((carry[0].phase != OVER) & (carry[0].round < stop)).any()

    def one(carry: tuple[Arrays, Any]) -> tuple[Arrays, Any]:
        s, count = carry
        moving = (s.phase != OVER) & (s.round < stop)
        moved = step(bk, t, s, random_actions(bk, t, s, seed + count))
        return choose(bk.xp, moving, moved, s), count + 1

    end, _ = bk.loop(going, one, (s, seed * 0))
    return end
