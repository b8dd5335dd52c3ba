"""pyclag.rollouts: random continuations of the deal, the same as play_out's.

For the same rng, ``rollouts(state, n, rng)`` returns exactly the points that
``n`` calls of ``play_out(state, rng, rounds=1)`` score for the state's deal,
and leaves the rng where they leave it: over every preset (their special
deals included, which the rollout leaves to the step engine) and states
anywhere in a game (chance nodes, bids, mid-trick, game over).
"""

from __future__ import annotations

import ast
import pathlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import presets
from pyclag.engine import play_out, rollouts
from pyclag.engine.state import GameState
from tests.engine.special_games import Table, tables

PRESETS = tuple(presets.names())


def _through_play_out(state: GameState, n: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """The definition: n random playouts of the deal through the public API."""
    index = state.round.setup.index
    return tuple(play_out(state, rng, rounds=1).history[index].points for _ in range(n))


def _agree(state: GameState, n: int, seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert rollouts(state, n, ours) == _through_play_out(state, n, theirs)
    assert ours.getstate() == theirs.getstate()  # the same draws, no more, no fewer


@settings(max_examples=40)
@given(
    preset=st.sampled_from(PRESETS),
    players=st.integers(3, 7),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
    n=st.integers(0, 3),
)
def test_rollouts_draw_and_score_as_play_out_over_every_preset(
    preset: str, players: int, seed: int, steps: int, n: int
) -> None:
    rules = presets.get(preset)
    players = max(players, rules.min_players)
    if players > rules.max_players:
        players = rules.max_players
    state = play_out(pyclag.new_game(rules, players), random.Random(seed), steps=steps)
    _agree(state, n, seed + 1)


@settings(max_examples=25)
@given(
    table=st.sampled_from(("wikipedia", "scottish", "raf", "indonesian", "pagat")).flatmap(tables),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 600),
)
def test_rollouts_agree_under_drawn_options_and_special_deals(
    table: Table, seed: int, steps: int
) -> None:
    state = play_out(table.new_game(), random.Random(seed), steps=steps)
    _agree(state, 2, seed)


@pytest.mark.parametrize("hand_size", [1, 7, 13])
def test_rollouts_from_a_fresh_deal_score_every_trick(hand_size: int) -> None:
    state = pyclag.new_game(pyclag.NORMAL.with_schedule([hand_size]), players=4)
    points = rollouts(state, 50, random.Random(hand_size))
    assert len(points) == 50
    assert all(len(by_seat) == 4 for by_seat in points)
    assert len(set(points)) > 1  # different continuations
    _agree(state, 5, hand_size)


def test_rollouts_of_a_finished_game_give_its_last_deal() -> None:
    state = play_out(pyclag.new_game(pyclag.NORMAL.with_schedule([2, 3]), 3), random.Random(4))
    assert rollouts(state, 2, random.Random(1)) == (state.history[-1].points,) * 2


@pytest.mark.parametrize(
    ("n", "error"),
    [
        (-1, pyclag.RulesError),
        (True, TypeError),
        (1.0, TypeError),
        (None, TypeError),
        ("2", TypeError),
    ],
)
def test_rollouts_refuse_a_bad_count(n: object, error: type[Exception]) -> None:
    state = pyclag.new_game(pyclag.NORMAL, players=4)
    with pytest.raises(error, match="rollouts: n must be an int >= 0"):
        rollouts(state, n, random.Random(1))  # type: ignore[arg-type]


def test_rollouts_refuse_what_is_not_a_state_or_an_rng() -> None:
    state = pyclag.new_game(pyclag.NORMAL, players=4)
    with pytest.raises(TypeError, match="rollouts"):
        rollouts(state.round, 1, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rollouts: rng must be a random\.Random"):
        rollouts(state, 1, 7)  # type: ignore[arg-type]


def _calls(module: str, function: str) -> set[str]:
    """The names ``function`` of ``module`` (a path under src/pyclag) calls, read from
    the source (compiled, a function keeps none)."""
    source = (pathlib.Path(__file__).parents[2] / "src/pyclag" / module).read_text()
    body = next(
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef) and node.name == function
    )
    return {
        node.func.id
        for node in ast.walk(body)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }


def test_issue_34_item_5_the_rollout_loop_rules_tricks_with_the_engines_functions() -> None:
    """The rollout's trick loop and the engine rule a trick by the same functions of
    pyclag.rules.play: the suit to follow by follow_suit (which following, the
    engine's legal set, reads) and the winner by first_strongest (which best_play,
    the engine's ruling, reads), rather than a second copy of either rule."""
    rollout = _calls("engine/_rollout.py", "_play_round")
    assert {"follow_suit", "first_strongest"} <= rollout
    assert "follow_suit" in _calls("rules/play.py", "following")
    assert "first_strongest" in _calls("rules/play.py", "best_play")
