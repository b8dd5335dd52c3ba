"""Stepping a batch and the reference engine side by side (the batched
engine's agreement with the one source of truth, DESIGN.md §4b)."""

from __future__ import annotations

from typing import Any

import numpy as np

from pyclag import codec
from pyclag.actions import Deal, Draw, ShuffleHands
from pyclag.engine import apply
from pyclag.engine.phases import Phase
from pyclag.engine.state import CHANCE, GameState
from pyclag.vector import Batch, Env
from pyclag.views import observe


def backends() -> list[str]:
    """The backends installed here: NumPy, and JAX with the jax extra."""
    try:
        import jax  # noqa: F401
    except ImportError:
        return ["numpy"]
    return ["numpy", "jax"]


def engine_deals(env: Env, batch: Batch, game: int, state: GameState) -> GameState:
    """``state`` dealt from the batch's own packs (and its face-down piles
    shuffled as the batch shuffled them) wherever it waits for chance."""
    a = batch.arrays
    while state.round.to_act is CHANCE:
        index = state.round.setup.index
        here = int(env.backend.to_numpy(a.round)[game])
        deck = a.deck[game] if index == here else a.past_decks[game, index]
        piles = a.piles[game] if index == here else a.past_piles[game, index]
        drawn = a.drawn[game] if index == here else a.past_drawn[game, index]
        if state.round.phase is Phase.DRAW:
            turned = [codec.card_of(int(x)) for x in env.backend.to_numpy(drawn) if x >= 0]
            state = apply(state, Draw(tuple(turned)))
            continue
        if state.round.phase is Phase.SHUFFLE:
            size = state.round.setup.hand_size
            cards = [codec.card_of(int(x)) for x in env.backend.to_numpy(piles)]
            by_seat = tuple(tuple(cards[k * size : k * size + size]) for k in range(env.players))
            state = apply(state, ShuffleHands(by_seat))
            continue
        dealt = tuple(codec.card_of(int(x)) for x in env.backend.to_numpy(deck))
        state = apply(state, Deal(dealt))
    return state


def compare(env: Env, batch: Batch, states: list[GameState], rewards: list[Any]) -> None:
    """Assert that every game of ``batch`` is its engine state."""
    bk = env.backend
    mask = bk.to_numpy(batch.legal_mask)
    seen = bk.to_numpy(batch.observation)
    player = bk.to_numpy(batch.current_player)
    scores = bk.to_numpy(batch.scores)
    got_rewards = bk.to_numpy(batch.rewards)
    over = bk.to_numpy(batch.terminated)
    for game, state in enumerate(states):
        to_act = state.round.to_act
        where = f"game {game}, {state!r}"
        expected_player = to_act if type(to_act) is int else -1
        assert player[game] == expected_player, (where, player[game], to_act)
        assert over[game] == (to_act is None), where
        assert tuple(scores[game]) == state.scores, (where, scores[game], state.scores)
        assert tuple(got_rewards[game]) == tuple(rewards[game]), (
            where,
            got_rewards[game],
            rewards[game],
        )
        legal = np.zeros(codec.NUM_ACTIONS, bool)
        legal[list(codec.legal_ids(state))] = True
        assert (mask[game] == legal).all(), (
            where,
            np.flatnonzero(mask[game]),
            np.flatnonzero(legal),
        )
        if type(to_act) is int:
            vector = np.asarray(codec.encode(observe(state, to_act)), np.float32)
            wrong = np.flatnonzero(vector != seen[game])
            names = [
                p.name
                for p in codec.layout(env.players)
                for i in wrong
                if p.start <= i < p.start + p.size
            ]
            assert not wrong.size, (where, sorted(set(names)))
        else:
            assert not seen[game].any(), where


def play_along(
    env: Env,
    batch: Batch,
    states: list[GameState],
    rng: np.random.Generator,
    steps: int | None = None,
) -> Batch:
    """Random legal actions for ``steps`` steps (or to the end), the engine
    beside the batch, compared after every step; at the end ``to_states``
    must give the engine's states."""
    dealt = [engine_deals(env, batch, game, state) for game, state in enumerate(states)]
    # Rounds with no decision run on at once: their points are the batch's first rewards.
    first = [tuple(np.subtract(s.scores, b.scores)) for s, b in zip(dealt, states, strict=True)]
    states = dealt
    compare(env, batch, states, first)
    taken = 0
    while not env.backend.to_numpy(batch.terminated).all() and (steps is None or taken < steps):
        mask = env.backend.to_numpy(batch.legal_mask)
        noise = rng.random(mask.shape) * mask
        actions = noise.argmax(axis=1)
        before = [state.scores for state in states]
        batch = env.step(batch, actions)
        after = []
        for game, state in enumerate(states):
            if state.round.to_act is not None:
                state = apply(state, codec.action_of(state, int(actions[game])))
                state = engine_deals(env, batch, game, state)
            after.append(state)
        states = after
        rewards = [tuple(np.subtract(s.scores, b)) for s, b in zip(states, before, strict=True)]
        compare(env, batch, states, rewards)
        taken += 1
    assert env.to_states(batch) == states
    return batch
