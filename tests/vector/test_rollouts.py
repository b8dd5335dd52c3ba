"""Random continuations of one deal in the batch (issue 35 item 6):
``Env.play_out(rounds=...)`` stops each game at the end of its deal, and
``Env.rollouts`` gives each continuation's points, as the engine scores them
for the same games (replayed through it with ``to_states``)."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from tests.vector.agreement import backends  # noqa: E402

import pyclag  # noqa: E402
from pyclag.engine import play_out  # noqa: E402
from pyclag.errors import RulesError  # noqa: E402
from pyclag.vector import Env  # noqa: E402


def _mid_game(preset: str, players: int, seed: int) -> pyclag.GameState:
    """A state some way into a game: a few rounds played, then a few actions."""
    rng = random.Random(seed)
    state = play_out(pyclag.new_game(pyclag.presets.get(preset), players), rng, rounds=2)
    for _ in range(rng.randrange(6)):
        if pyclag.is_over(state):
            break
        state = play_out(state, rng, rounds=None, steps=1)
    return state


@pytest.mark.parametrize("backend", backends())
@pytest.mark.parametrize(("preset", "players"), [("wikipedia", 4), ("raf", 5), ("scottish", 3)])
def test_rollouts_are_the_points_the_engine_scores_for_each_continuation(
    backend: str, preset: str, players: int
) -> None:
    """issue 35 item 6: each continuation stops at the end of its deal (the next
    deal waits, untouched), and its points are the engine's for that deal."""
    state = _mid_game(preset, players, seed=3)
    env = Env(state.rules, players, 24, backend=backend)
    start = env.from_states([state] * 24, seed=9)
    end = env.play_out(start, 9, rounds=1)
    points = np.asarray(end.scores) - np.asarray(start.scores)
    deal = state.round.setup.index
    for game, after in enumerate(env.to_states(end)):
        assert len(after.history) == deal + 1  # this deal scored, the next not played
        assert after.history[deal].points == tuple(points[game].tolist())
        assert not after.round.bids or all(bid is None for bid in after.round.bids)
    assert np.array_equal(env.rollouts(state, seed=9), points)
    assert len({tuple(row) for row in points.tolist()}) > 1  # the continuations differ


def test_a_finished_game_gives_its_last_deal_points() -> None:
    rules = pyclag.NORMAL.with_schedule([2, 1])
    state = play_out(pyclag.new_game(rules, 3), random.Random(4))
    points = Env(rules, 3, 5).rollouts(state, seed=1)
    assert points.tolist() == [list(state.history[-1].points)] * 5


def test_rollouts_and_rounds_refuse_what_they_cannot_take() -> None:
    env = Env(pyclag.NORMAL, 3, 2)
    batch = env.reset(seed=1)
    with pytest.raises(RulesError, match=r"rounds must be an int in 1\.\.1000, not 0"):
        env.play_out(batch, 1, rounds=0)
    with pytest.raises(RulesError, match="observe and rounds cannot be asked together"):
        env.play_out(batch, 1, rounds=1, observe=True)
    with pytest.raises(TypeError, match="state must be a GameState"):
        env.rollouts(batch, seed=1)  # type: ignore[arg-type]
