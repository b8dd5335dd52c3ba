"""Check the batched engine against the reference engine on many random games
(issue 35 item 4): ``python examples/vector_agreement.py [GAMES [BACKEND]]``
(default ``64 numpy``; the measurement is ``100000 numpy`` and ``100000 jax``).

Games go in batches of 256 through every preset (and the Scottish draw, and
Wikipedia's six specials) at 3 to 7 players, each game to its end by uniformly
random legal actions through ``Env.step``, which checks each action against
the batch's legal mask. Then, for every game:

* ``Env.to_states`` replays its packs and actions through the reference
  engine, which must take every action as legal (``codec.action_of`` refuses
  any other), and the engine's final scores must be the batch's;

and for one more game every eighth batch, after every step: the legal ids,
the seat to act, the observation (``codec.encode(observe(...))``), the
rewards and the scores of the engine beside the batch. Without NumPy (the ``vector`` extra)
it says so and stops.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from typing import TYPE_CHECKING

import pyclag
from pyclag import codec

if TYPE_CHECKING:
    from pyclag.vector import Env

RULES = {
    "wikipedia": pyclag.presets.get("wikipedia"),
    "wikipedia-six": pyclag.presets.get("wikipedia", phase2="six"),
    "scottish": pyclag.presets.get("scottish"),
    "scottish-draw": pyclag.presets.get("scottish", scottish_draw_each_round=True),
    "raf": pyclag.presets.get("raf"),
    "indonesian": pyclag.presets.get("indonesian"),
    "pagat": pyclag.presets.get("pagat"),
}
BATCH = 256


def stepwise(env: Env, seed: int) -> int:
    """One game of ``env`` (a batch of one) played with the engine beside it,
    compared after every step; the steps compared."""
    import numpy as np

    batch = env.reset(seed=seed)
    game = 0
    state = env.to_states(batch)[game]
    steps = 0
    while not np.asarray(batch.terminated).all():
        actions = np.asarray(env.random_actions(batch, seed + steps))
        before = state.scores
        batch = env.step(batch, actions)
        if state.round.to_act is not None:
            state = env.to_states(batch)[game]  # the engine's own state, replayed
        seat = state.round.to_act
        assert int(np.asarray(batch.current_player)[game]) == (seat if type(seat) is int else -1)
        legal = np.zeros(codec.NUM_ACTIONS, bool)
        legal[list(codec.legal_ids(state))] = True
        assert (np.asarray(batch.legal_mask)[game] == legal).all()
        if type(seat) is int:
            vector = np.asarray(codec.encode(pyclag.observe(state, seat)), np.float32)
            assert (np.asarray(batch.observation)[game] == vector).all()
        assert tuple(np.asarray(batch.scores)[game]) == state.scores
        assert tuple(np.asarray(batch.rewards)[game]) == tuple(np.subtract(state.scores, before))
        steps += 1
    return steps


def check(games: int, backend: str) -> None:
    import numpy as np

    from pyclag.vector import Env

    names = list(RULES)
    envs: dict[tuple[str, int, int, int], Env] = {}  # compiled once each (JAX)

    def env_of(name: str, players: int, size: int) -> Env:
        key = (name, players, size, size % players)
        if key not in envs:
            envs[key] = Env(RULES[name], players, size, backend=backend, first_dealer=key[3])
        return envs[key]

    done = compared = 0
    start = time.perf_counter()
    number = 0
    while done < games:
        name = names[number % len(names)]
        rules = RULES[name]
        players = rules.min_players + number % (rules.max_players - rules.min_players + 1)
        size = min(BATCH, games - done)
        env = env_of(name, players, size)
        batch = env.reset(seed=number)
        if number % 8 == 0:  # one game more, compared at every step
            compared += stepwise(env_of(name, players, 1), number)
        while not np.asarray(batch.terminated).all():
            batch = env.step(batch, env.random_actions(batch, seed=number))
        finals = env.to_states(batch)
        scores = np.asarray(batch.scores)
        for game, state in enumerate(finals):
            assert state.round.to_act is None, (name, players, number, game)
            assert tuple(scores[game]) == state.scores, (name, players, number, game)
            assert state.rules is rules and len(state.history) == rules.num_rounds(players)
        done += size
        number += 1
    seconds = time.perf_counter() - start
    print(
        f"{backend}: {done:,} whole games agree with the engine ({len(names)} rule sets, "
        f"3-7 players; every action legal in the engine, the final states' scores the "
        f"batch's); {compared:,} steps compared one by one; {seconds:,.0f} s"
    )


def main(argv: list[str]) -> None:
    if importlib.util.find_spec("numpy") is None:
        print("vector_agreement: needs the vector extra: pip install 'pyclag[vector]'")
        return
    games = int(argv[0]) if argv else 64
    backend = argv[1] if len(argv) > 1 else "numpy"
    check(games, backend)


if __name__ == "__main__":
    main(sys.argv[1:])
