"""The PettingZoo environment and the Gymnasium single-agent environment
(issue 14 items 3 and 5): PettingZoo's own conformance tests on every preset,
illegal actions refused with the library's error and nothing changed, rewards
as each deal is scored, reproducible seeds, and no hidden card in what an agent
observes."""

from __future__ import annotations

import random
import re
import sys
import warnings
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import pyclag  # noqa: E402
from pyclag import observe  # noqa: E402
from pyclag.bots import HeuristicBot  # noqa: E402
from pyclag.codec import NUM_ACTIONS, encode, legal_ids, legal_mask  # noqa: E402
from pyclag.errors import (  # noqa: E402
    IllegalActionError,
    IllegalBidError,
    Reason,
    RulesError,
    WrongPhaseError,
)
from pyclag.pettingzoo import env, raw_env, single_agent_env  # noqa: E402
from tests.views.games import Moment, moments  # noqa: E402
from tests.views.test_views import replayed, unseen_swapped  # noqa: E402

PRESETS = ("wikipedia", "scottish", "raf", "indonesian", "pagat")


@pytest.mark.parametrize("preset", PRESETS)
def test_pettingzoo_api_test_passes(preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice for Box observations and the like
        api_test(env(preset=preset, players=4), num_cycles=1000)


@pytest.mark.parametrize("preset", PRESETS)
def test_pettingzoo_seed_test_passes(preset: str) -> None:
    seed_test(lambda: env(preset=preset, players=4), num_cycles=300)


def _random_game(game: Any, seed: int) -> list[tuple[str, dict[str, float]]]:
    """Play ``game`` to the end with seeded random legal ids: the rewards after each step."""
    rng = random.Random(seed)
    seen = []
    for agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(rng.choice(list(legal))))
        seen.append((agent, dict(game.rewards)))
    return seen


def test_rewards_are_the_points_of_each_deal_as_it_is_scored() -> None:
    game = raw_env("wikipedia", players=3)
    game.reset(seed=5)
    rng = random.Random(1)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    deals = 0
    for _ in game.agent_iter():
        observation, _, terminated, _, _ = game.last()
        if terminated:
            game.step(None)
            continue
        before = len(game.state().history)
        game.step(int(rng.choice(list(np.flatnonzero(observation["action_mask"])))))
        scored = game.state().history[before:]
        deals += len(scored)
        points = [sum(result.points[seat] for result in scored) for seat in range(3)]
        assert [game.rewards[f"player_{seat}"] for seat in range(3)] == points
        for agent, value in game.rewards.items():
            totals[agent] += value
    final = game.state()
    assert pyclag.is_over(final) and game.agents == [] and deals == len(final.history)
    assert [totals[f"player_{seat}"] for seat in range(3)] == list(final.scores)


def test_the_same_seed_plays_the_same_game() -> None:
    games = [raw_env("raf", players=4), raw_env("raf", players=4)]
    for game in games:
        game.reset(seed=11)
    assert _random_game(games[0], 2) == _random_game(games[1], 2)
    assert games[0].state() == games[1].state()
    first, second = raw_env("wikipedia", 4), raw_env("wikipedia", 4)
    first.reset(seed=12)
    second.reset(seed=11)
    assert first.state() != second.state()  # another deal


def test_an_illegal_action_raises_the_librarys_error_and_changes_nothing() -> None:
    game = env(preset="wikipedia", players=4)
    game.reset(seed=3)
    inner = game.unwrapped
    before = (inner.state(), inner.agent_selection, dict(inner.rewards), dict(inner.terminations))
    legal = legal_ids(inner.state())
    illegal = next(number for number in range(52, NUM_ACTIONS) if number not in legal)
    with pytest.raises(IllegalBidError, match=f"id {illegal} .*legal ids: "):
        game.step(illegal)
    for bad in (NUM_ACTIONS, -1, "1", 1.0, None):
        with pytest.raises(IllegalActionError, match="an action id is an int"):
            game.step(bad)
    after = (inner.state(), inner.agent_selection, dict(inner.rewards), dict(inner.terminations))
    assert after == before
    game.step(np.int64(legal[0]))  # a NumPy integer, as a Discrete space samples it
    assert inner.state() != before[0]


def test_spaces_observations_and_the_ansi_render() -> None:
    game = raw_env("scottish", players=5, render_mode="ansi")
    game.reset(seed=2)
    agent = game.agent_selection
    seat = game.possible_agents.index(agent)
    observation = game.observe(agent)
    view = observe(game.state(), seat)
    assert observation["observation"].dtype == np.float32
    assert observation["action_mask"].dtype == np.int8
    assert observation["observation"].tolist() == pytest.approx(list(encode(view)))
    assert observation["action_mask"].tolist() == list(legal_mask(view))
    assert game.observation_space(agent).contains(observation)
    assert game.action_space(agent).n == NUM_ACTIONS
    assert game.render() == str(view)
    assert raw_env("scottish", players=5).render() is None


def test_a_bad_table_or_render_mode_is_refused() -> None:
    with pytest.raises(RulesError, match=r"players must be an int in 3\.\.7"):
        raw_env("wikipedia", players=9)
    with pytest.raises(RulesError, match="render_mode must be None or 'ansi'"):
        raw_env("wikipedia", render_mode="human")


# --- issue 30 item 7: every adapter error in the policy's classes -------------------------


@pytest.mark.parametrize("mode", ["human", "rgb_array", "", 1, b"ansi"])
def test_issue_30_item_7_a_render_mode_not_supported_is_a_rules_error_naming_them(
    mode: Any,
) -> None:
    supported = r"render_mode must be None or 'ansi' \(the render modes supported\), not "
    for make in (env, raw_env, single_agent_env):
        with pytest.raises(RulesError, match=supported + re.escape(repr(mode))):
            make(render_mode=mode)


def test_issue_30_item_7_an_agent_name_no_table_has_is_refused_by_the_policy() -> None:
    game = raw_env("wikipedia", players=3)
    game.reset(seed=1)
    for method in (game.observe, game.observation_space, game.action_space):
        name = method.__name__
        with pytest.raises(RulesError, match=f"{name}: agent must be one of player_0, "):
            method("player_3")
        with pytest.raises(TypeError, match=f"{name}: agent must be an agent's name"):
            method(0)


def test_issue_30_item_7_an_action_after_the_game_is_over_is_a_wrong_phase_error() -> None:
    game = raw_env("wikipedia", players=3)
    game.reset(seed=2)
    game.unwrapped.table.game = pyclag.engine.play_out(game.state(), random.Random(2))
    game._select()  # the game is over: every agent is done
    with pytest.raises(WrongPhaseError, match="the game is over") as raised:
        game.step(52)
    assert raised.value.reason is Reason.GAME_OVER
    game.step(None)  # the one action left, as PettingZoo wants it


def test_issue_30_item_7_numpy_integers_for_the_table_the_seat_and_the_seed() -> None:
    game, plain = raw_env("raf", players=np.int64(4)), raw_env("raf", players=4)
    game.reset(seed=np.int64(5))
    plain.reset(seed=5)
    assert game.state() == plain.state() and game.possible_agents == plain.possible_agents
    assert type(game.table.players) is int
    with pytest.raises(TypeError, match="reset: seed must be None or an int, not str"):
        game.reset(seed="5")
    single = single_agent_env("wikipedia", np.int64(3), seat=np.int64(2))
    assert single.seat == 2 and type(single.seat) is int
    view, _ = single.reset(seed=np.int64(4))
    assert np.array_equal(
        view["action_mask"],
        single_agent_env("wikipedia", 3, seat=2).reset(seed=4)[0]["action_mask"],
    )


def test_issue_30_item_7_bots_and_rewards_of_the_wrong_type_are_type_errors() -> None:
    with pytest.raises(TypeError, match="single_agent_env: bots must be a sequence of bots"):
        single_agent_env("wikipedia", 3, bots=HeuristicBot())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"single_agent_env: bots must be bots \(each with a"):
        single_agent_env("wikipedia", 3, bots=[HeuristicBot(), "random", HeuristicBot()])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="single_agent_env: illegal_reward must be a number"):
        single_agent_env("wikipedia", 3, illegal_reward="-100")  # type: ignore[arg-type]


def test_without_the_extra_the_error_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo.utils.wrappers", None)
    with pytest.raises(ImportError, match=r"pip install 'pyclag\[pettingzoo\]'$"):
        env(preset="wikipedia")


@settings(max_examples=60)
@given(moments(), st.integers(0, 6), st.integers(0, 2**16))
def test_states_differing_only_in_what_the_seat_cannot_know_give_equal_agent_observations(
    moment: Moment, seat_pick: int, seed: int
) -> None:
    """Required (issue 14 item 5): the PettingZoo observation of states that differ
    only in what the seat cannot know are equal."""
    seat = seat_pick % moment.game.players
    other = replayed(moment.game, moment.at, unseen_swapped(moment, seat, random.Random(seed)))
    game = raw_env(moment.game.rules, moment.game.players)
    agent = game.possible_agents[seat]
    game.table.game = moment.state
    real = game.observe(agent)
    game.table.game = other
    seen = game.observe(agent)
    assert set(real) == set(seen) == {"observation", "action_mask"}
    for key in real:
        assert np.array_equal(real[key], seen[key])


@pytest.mark.parametrize("preset", ["wikipedia", "raf", "pagat"])
def test_the_single_agent_environment_passes_gymnasiums_checker(preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(single_agent_env(preset, players=4, seat=1), skip_render_check=True)


def test_a_bad_seat_or_table_of_bots_for_the_single_agent_is_refused() -> None:
    with pytest.raises(RulesError, match=r"seat must be a seat in 0\.\.2, not 3"):
        single_agent_env("wikipedia", 3, seat=3)
    with pytest.raises(TypeError, match="seat must be an int"):
        single_agent_env("wikipedia", 3, seat="0")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"bots must be one per seat \(3\), not 2"):
        single_agent_env("wikipedia", 3, bots=[HeuristicBot(), HeuristicBot()])


def test_the_single_agent_plays_a_whole_game_against_the_bots() -> None:
    game = single_agent_env("wikipedia", players=3, seat=0, render_mode="ansi")
    observation, _ = game.reset(seed=8)
    rng = random.Random(0)
    total, done = 0.0, False
    while not done:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, done, truncated, info = game.step(int(rng.choice(list(legal))))
        assert not truncated and "illegal" not in info
        total += reward
    assert total == game.table.game.scores[0]
    assert "(you)" in game.render()
    _, reward, done, _, info = single_agent_env("wikipedia", 3).step(NUM_ACTIONS - 1)
    assert (reward, done) == (-100.0, True) and "legal ids" in info["illegal"]


def _refusals(step: Any, numbers: list[int]) -> list[tuple[object, ...]]:
    """What each refused id tells the agent: the error's class, reason, legal
    actions and message (or the single-agent environment's info)."""
    told: list[tuple[object, ...]] = []
    for number in numbers:
        try:
            result = step(number)
        except IllegalActionError as error:
            told.append((type(error), error.reason, error.legal, str(error)))
        else:
            told.append((result[1], result[2], result[4]))
    return told


@settings(max_examples=40, deadline=None)
@given(moments(), st.integers(0, 2**16))
def test_issue_30_item_1_a_refused_step_tells_the_agent_only_what_it_may_know(
    moment: Moment, seed: int
) -> None:
    """Required (issue 30 item 1): the agent to act is refused an illegal id alike
    in two states it cannot tell apart, by both environments."""
    state = moment.state
    seat = state.round.to_act
    if type(seat) is not int:
        return
    other = replayed(moment.game, moment.at, unseen_swapped(moment, seat, random.Random(seed)))
    legal = set(legal_ids(state))
    assert legal == set(legal_ids(other))
    numbers = [n for n in random.Random(seed).sample(range(NUM_ACTIONS), 40) if n not in legal]
    aec = raw_env(moment.game.rules, moment.game.players)
    single: Any = single_agent_env(moment.game.rules, moment.game.players, seat=seat)
    told = []
    for world in (state, other):
        aec.table.game = single.unwrapped.table.game = world
        aec.agent_selection = aec.possible_agents[seat]
        told.append((_refusals(aec.step, numbers), _refusals(single.step, numbers)))
        assert aec.table.game is world and single.unwrapped.table.game is world
    assert told[0] == told[1]
