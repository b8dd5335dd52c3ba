"""Time long games (issue 30 item 6): the cost of a decision must not grow with
the rounds already played.

``python examples/long_games.py [SHORT LONG REPEATS [pimc]]`` (default ``30
120 3``; the measurement is ``250 1000 5 pimc``: the issue's 300 and 1,200
rounds are past the 1,000 a game may have since, ``pyclag.limits.MAX_ROUNDS``)
does, in one process:

* plays ``pyclag simulate --players 4 --seed 1 --schedule 1,1,...`` (SHORT and
  LONG one-card rounds, four heuristic bots, the score card printed to
  nowhere) REPEATS times each, alternating, and prints the median seconds of
  each and their ratio (about LONG / SHORT when the cost is linear);
* plays one game of LONG one-card rounds itself, timing every
  :func:`pyclag.observe` and :meth:`~pyclag.bots.HeuristicBot.choose`, and
  prints the microseconds per decision near round 10 and near round
  LONG*5/6 (833 of 1,000);
* with ``pimc``, the same with a :class:`~pyclag.bots.pimc.PIMCBot` at seat 0,
  timing its decisions (a minute or two for 1,200 rounds).

The machine's other load moves the seconds; the ratios are what to read.
"""

from __future__ import annotations

import contextlib
import io
import random
import statistics
import sys
import time

import pyclag
from pyclag._caches import clear_caches
from pyclag.bots import Bot, HeuristicBot
from pyclag.bots.pimc import PIMCBot
from pyclag.cli import main as cli


def simulate_seconds(rounds: int) -> float:
    """Seconds ``pyclag simulate`` takes to play and print a game of ``rounds``
    one-card rounds (the caches emptied first, as in a fresh process)."""
    schedule = ",".join(["1"] * rounds)
    clear_caches()
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        status = cli(["simulate", "--players", "4", "--seed", "1", "--schedule", schedule])
    assert status == 0
    return time.perf_counter() - start


def decision_micros(
    rounds: int, near: tuple[int, ...], pimc: bool = False
) -> dict[int, tuple[float, float]]:
    """Microseconds of ``observe`` and of ``choose`` per decision near each
    round number in ``near`` (1-based), in one game of ``rounds`` one-card
    rounds among heuristic bots: each round's mean over its decisions (the
    first of a round, which meets the new history, included), then the median
    of the rounds within 5 of the number (a collection of the garbage that
    falls in one round does not move it). With ``pimc``, seat 0 is a
    :class:`~pyclag.bots.pimc.PIMCBot` and only its decisions are timed."""
    clear_caches()
    rules = pyclag.presets.get("wikipedia").with_schedule([1] * rounds)
    state = pyclag.new_game(rules, players=4)
    bots: list[Bot] = [HeuristicBot()] * 4
    if pimc:
        bots[0] = PIMCBot(seed=1)
    rng = random.Random(1)
    sums: dict[int, list[int]] = {}  # round number: [observe ns, choose ns, decisions]
    clock = time.perf_counter_ns
    while not pyclag.is_over(state):
        actor = state.round.to_act
        if not isinstance(actor, int):
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
            continue
        number = state.round.setup.index + 1
        start = clock()
        view = pyclag.observe(state, actor)
        seen = clock()
        action = bots[actor].choose(view)
        chosen = clock()
        state = pyclag.apply(state, action)
        if actor == 0 or not pimc:
            timed = sums.setdefault(number, [0, 0, 0])
            timed[0] += seen - start
            timed[1] += chosen - seen
            timed[2] += 1
    result = {}
    for n in near:
        window = [sums[number] for number in range(n - 5, n + 6) if number in sums]
        result[n] = (
            statistics.median(observed / count for observed, _, count in window) / 1000,
            statistics.median(chosen / count for _, chosen, count in window) / 1000,
        )
    return result


def main(short: int, long: int, repeats: int, with_pimc: bool = False) -> None:
    """Print the medians of the two measurements."""
    times: dict[int, list[float]] = {short: [], long: []}
    for _ in range(repeats):
        for rounds in (short, long):
            times[rounds].append(simulate_seconds(rounds))
    median = {rounds: statistics.median(seconds) for rounds, seconds in times.items()}
    print(f"simulate, {short} one-card rounds: {median[short]:.3f} s (median of {repeats})")
    print(f"simulate, {long} one-card rounds: {median[long]:.3f} s (median of {repeats})")
    print(f"ratio {long}/{short}: {median[long] / median[short]:.2f} (rounds: {long / short:.1f})")
    early, late = min(10, long), long * 5 // 6
    for pimc in (False, True) if with_pimc else (False,):
        per = decision_micros(long, (early, late), pimc)
        who = "PIMC seat 0" if pimc else "heuristic"
        for n in (early, late):
            observe_us, choose_us = per[n]
            print(
                f"{who}, round {n} of {long}: observe {observe_us:.1f} us, choose {choose_us:.1f} us"
            )


if __name__ == "__main__":
    short, long, repeats = (int(arg) for arg in sys.argv[1:4]) if sys.argv[3:] else (30, 120, 3)
    main(short, long, repeats, "pimc" in sys.argv[4:])
