"""State values: the engine's fast constructors build exactly what attrs builds."""

from __future__ import annotations

import random

import attrs
import pytest

import pyclag
from pyclag.builders import new_game_state, new_round_state
from pyclag.state import GameState, RoundState
from tests.helpers import random_game


def test_fast_constructors_follow_the_field_order() -> None:
    assert [field.name for field in attrs.fields(RoundState)] == [
        "setup",
        "phase",
        "to_act",
        "bids",
        "masks",
        "trick",
        "tricks",
    ]
    assert [field.name for field in attrs.fields(GameState)] == ["rules", "history", "round"]


def test_fast_constructors_build_equal_values() -> None:
    rng = random.Random(5)
    state = pyclag.new_game(pyclag.NORMAL, players=4)
    for _ in range(120):
        rnd = state.round
        fields = attrs.astuple(rnd, recurse=False)
        fast, slow = new_round_state(*fields), RoundState(*fields)
        assert fast == slow
        assert hash(fast) == hash(slow)
        assert repr(fast) == repr(slow)
        # The repr is short (docs/text.rst): compare every field's repr too.
        assert list(map(repr, attrs.astuple(fast, recurse=False))) == list(
            map(repr, attrs.astuple(slow, recurse=False))
        )
        assert new_game_state(state.rules, state.history, fast) == GameState(
            state.rules, state.history, slow
        )
        if pyclag.next_actor(state) is pyclag.CHANCE:
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
        else:
            state = pyclag.apply(state, rng.choice(pyclag.legal_actions(state)))


def test_states_are_frozen() -> None:
    state = random_game(pyclag.NORMAL.with_schedule([2]), players=3, seed=1)
    for value in (state, state.round, state.round.setup, state.history[0], state.rules):
        for field in attrs.fields(type(value)):
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                setattr(value, field.name, None)
