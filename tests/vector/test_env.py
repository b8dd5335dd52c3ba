"""``pyclag.vector.Env`` at its doors (issue 35 item 1): what it refuses and
how, chance drawn inside from the seed, and a finished game left alone."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from tests.views.games import moments  # noqa: E402
from tests.views.test_views import replayed, unseen_swapped  # noqa: E402

import pyclag  # noqa: E402
from pyclag.codec import NUM_ACTIONS, encoding_size  # noqa: E402
from pyclag.errors import IllegalBidError, IllegalPlayError, RulesError  # noqa: E402
from pyclag.vector import Batch, Env  # noqa: E402


def _arrays_equal(one: Batch, other: Batch) -> bool:
    return all(
        np.array_equal(np.asarray(a), np.asarray(b))
        for a, b in zip(one.arrays, other.arrays, strict=True)
    )


def test_a_batch_holds_the_contract_fields() -> None:
    env = Env(pyclag.presets.SCOTTISH, 5, 4)
    batch = env.reset(seed=2)
    assert batch.legal_mask.shape == (4, NUM_ACTIONS) and batch.legal_mask.dtype == bool
    assert batch.observation.shape == (4, encoding_size(5))
    assert batch.observation.dtype == np.float32
    assert batch.rewards.shape == batch.scores.shape == (4, 5)
    assert batch.terminated.tolist() == [False] * 4
    assert batch.current_player.tolist() == [(env.first_dealer + 1) % 5] * 4
    assert len(batch) == 4 and "4 games" in repr(batch)
    with pytest.raises(AttributeError):
        batch.arrays = batch.arrays


def test_reset_is_reproducible_and_seeds_differ() -> None:
    env = Env(pyclag.NORMAL, 4, 8)
    assert _arrays_equal(env.reset(seed=5), env.reset(seed=5))
    assert not np.array_equal(env.reset(seed=5).arrays.deck, env.reset(seed=6).arrays.deck)
    decks = env.reset(seed=5).arrays.deck
    assert len({tuple(row) for row in decks.tolist()}) == 8  # every game its own deal
    assert all(sorted(row) == list(range(52)) for row in decks.tolist())


def test_both_backends_deal_the_same_games() -> None:
    pytest.importorskip("jax")
    one = Env(pyclag.NORMAL, 4, 3).reset(seed=9)
    other = Env(pyclag.NORMAL, 4, 3, backend="jax").reset(seed=9)
    assert _arrays_equal(one, other)


def test_an_illegal_action_is_refused_naming_the_games_and_nothing_changes() -> None:
    env = Env(pyclag.NORMAL.with_schedule([3]), 3, 4)
    batch = env.reset(seed=1)
    before = [np.array(field, copy=True) for field in batch.arrays]
    actions = batch.legal_mask.argmax(axis=1)
    actions[2] = 52 + 5  # a bid of 5 tricks with 3 cards
    actions[3] = 7  # a card in the bidding
    with pytest.raises(IllegalBidError) as caught:
        env.step(batch, actions)
    message = str(caught.value)
    assert "game 2 of the batch" in message and "bid 5" in message and "legal ids" in message
    assert "game 3 (id 7)" in message
    assert all(np.array_equal(a, b) for a, b in zip(before, batch.arrays, strict=True))


def test_a_card_not_held_is_an_illegal_play() -> None:
    env = Env(pyclag.NORMAL.with_schedule([3]), 3, 2)
    batch = env.reset(seed=1)
    while not batch.legal_mask[:, :52].any():
        batch = env.step(batch, batch.legal_mask.argmax(axis=1))
    held = batch.legal_mask[0, :52]
    wrong = int(np.flatnonzero(~held)[0])
    actions = batch.legal_mask.argmax(axis=1)
    actions[0] = wrong
    with pytest.raises(IllegalPlayError, match="game 0 of the batch"):
        env.step(batch, actions)


@pytest.mark.parametrize(
    "actions",
    [np.zeros(3, np.int64), np.zeros((2, 2), np.int64), np.zeros(2, np.float64), ["52", "52"]],
)
def test_actions_of_the_wrong_shape_or_type_are_a_type_error(actions: object) -> None:
    env = Env(pyclag.NORMAL, 3, 2)
    with pytest.raises(TypeError, match="2 action ids"):
        env.step(env.reset(), actions)


def test_ids_outside_the_codec_are_refused() -> None:
    env = Env(pyclag.NORMAL, 3, 2)
    batch = env.reset()
    with pytest.raises(pyclag.IllegalActionError, match="game 0"):
        env.step(batch, np.array([-1, 52]))
    with pytest.raises(pyclag.IllegalActionError, match="game 1"):
        env.step(batch, np.array([52, NUM_ACTIONS]))


def test_a_finished_game_ignores_its_action() -> None:
    env = Env(pyclag.NORMAL.with_schedule([1]), 3, 2)
    batch = env.reset(seed=4)
    while not batch.terminated.all():
        batch = env.step(batch, batch.legal_mask.argmax(axis=1))
    after = env.step(batch, np.array([0, 1089]))
    assert after.terminated.all() and (after.rewards == 0).all()
    assert np.array_equal(after.scores, batch.scores)
    assert (after.current_player == -1).all() and not after.legal_mask.any()
    assert not after.observation.any()


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"players": 9}, RulesError),
        ({"players": "4"}, TypeError),
        ({"batch": 0}, RulesError),
        ({"batch": 2.0}, TypeError),
        ({"backend": "torch"}, RulesError),
        ({"first_dealer": 4}, RulesError),
    ],
)
def test_bad_construction_is_refused(kwargs: dict[str, object], error: type[Exception]) -> None:
    given: dict[str, object] = {"players": 4, "batch": 2, **kwargs}
    with pytest.raises(error):
        Env(pyclag.NORMAL, **given)  # type: ignore[arg-type]


def test_from_states_refuses_other_games() -> None:
    env = Env(pyclag.NORMAL, 4, 2)
    other = pyclag.new_game(pyclag.presets.SCOTTISH, 4)
    with pytest.raises(RulesError, match="states\\[1\\]"):
        env.from_states([pyclag.new_game(pyclag.NORMAL, 4), other])
    with pytest.raises(RulesError, match="batch is 2 games"):
        env.from_states([other])
    with pytest.raises(TypeError):
        env.from_states([pyclag.new_game(pyclag.NORMAL, 4), None])  # type: ignore[list-item]


@settings(max_examples=30, deadline=None)
@given(moments(), st.integers(0, 2**16))
def test_a_refusal_says_nothing_the_seat_may_not_know(moment: object, seed: int) -> None:
    """Two states the seat to act cannot tell apart, read into batches: the
    same illegal action is refused in the same words (the no-leak property
    of ``observe`` at the batch's door)."""
    from tests.views.games import Moment

    assert isinstance(moment, Moment)
    state = moment.state
    seat = state.round.to_act
    if type(seat) is not int or moment.name not in ("scottish", "wikipedia-six"):
        return
    rng = random.Random(seed)
    twin = replayed(moment.game, moment.at, unseen_swapped(moment, seat, rng))
    env = Env(moment.game.rules, moment.game.players, 1, first_dealer=moment.game.first_dealer)
    words = []
    for world in (state, twin):
        batch = env.from_states([world])
        illegal = np.flatnonzero(~batch.legal_mask[0, :105])
        with pytest.raises(pyclag.IllegalActionError) as caught:
            env.step(batch, np.array([illegal[seed % illegal.size]]))
        words.append(str(caught.value))
    assert words[0] == words[1]


def test_without_numpy_the_import_names_the_extra() -> None:
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "try:\n    import pyclag.vector\nexcept ImportError as error:\n    print(error)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'pyclag[vector]'" in out.stdout
