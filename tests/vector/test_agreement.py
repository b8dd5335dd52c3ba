"""The batched engine agrees with the reference engine after every step
(issue 35 item 4): legal masks, observations, the player to act, rewards and
scores, for random legal actions, from new games and from states the engine
made (determinized worlds included), and ``to_states`` gives back the
engine's own states."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

import attrs  # noqa: E402
from tests.vector.agreement import backends, play_along  # noqa: E402

import pyclag  # noqa: E402
from pyclag import RuleSet  # noqa: E402
from pyclag.actions import Madness  # noqa: E402
from pyclag.cards import Suit  # noqa: E402
from pyclag.engine import new_game  # noqa: E402
from pyclag.engine.state import CHANCE, GameState  # noqa: E402
from pyclag.rules import catalogue  # noqa: E402
from pyclag.rules.deals import Bidding, PlayMode, TwosWild  # noqa: E402
from pyclag.rules.ordering import RankOrder  # noqa: E402
from pyclag.rules.round import RoundSpec  # noqa: E402
from pyclag.rules.trumps import NO_TRUMPS, Precedence, Trumps  # noqa: E402
from pyclag.scoring.schemes import F1, F3  # noqa: E402
from pyclag.vector import Env  # noqa: E402

_RED_OVER_BLACK = Precedence((Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.CLUBS))

EVERY_DEAL = (
    catalogue.normal(2),
    catalogue.no_trumps(3),
    catalogue.guess_trumps(3),
    catalogue.blind_unseen(3),
    catalogue.blind_unseen(3, trump_visible=False),
    catalogue.blind_before_deal(3),
    catalogue.roll_em(3),
    attrs.evolve(catalogue.roll_em(2), play=PlayMode.REVERSE_ORDER),
    catalogue.misere(False, -3, 3),
    catalogue.misere(True, 1, 3),
    catalogue.aces_low(3),
    catalogue.dealer_calls(3),
    catalogue.dealer_calls(3, allow_no_trumps=True),
    catalogue.most_tricks(3),
    RoundSpec(
        4,
        suits=_RED_OVER_BLACK,
        rank_order=RankOrder.TWO_HIGH,
        scoring=attrs.evolve(F1, madness=Madness.ASCENDING),
    ),
    RoundSpec(
        3,
        suits=Trumps(Suit.SPADES),
        rank_order=RankOrder.ACES_LOW_PLAIN,
        scoring=attrs.evolve(F3, madness=Madness.DESCENDING),
    ),
    # Rounds with no decision in a row: the batch runs on through them in one step.
    attrs.evolve(catalogue.roll_em(1), bidding=Bidding.FORCED_ZERO),
    attrs.evolve(catalogue.roll_em(1), bidding=Bidding.FORCED_ZERO),
    catalogue.normal(1),
)
"""Every special deal the batch carries, and the rule values behind them."""

_TWOS = tuple(
    attrs.evolve(catalogue.twos_wild(4), twos=TwosWild(*flags))
    for flags in itertools.product((False, True), repeat=4)
)
"""Twos wild under each combination of its four options (§2.0 rules 5-8)."""

RULES: dict[str, RuleSet] = {
    "wikipedia": pyclag.presets.get("wikipedia"),
    "indonesian": pyclag.presets.get("indonesian"),
    "pagat": pyclag.presets.get("pagat"),
    "scottish": pyclag.presets.get("scottish"),
    "scottish-draw": pyclag.presets.get("scottish", scottish_draw_each_round=True),
    "raf": pyclag.presets.get("raf"),
    "raf-options": pyclag.presets.get(
        "raf",
        first_deal_caller="eldest",
        raf_trumps_from_turnup=True,
        caller_rule="game_leader",
        madness_points_on_miss=True,
        num_deals=6,
    ),
    "twos-options": pyclag.NORMAL.with_schedule(
        (*_TWOS, attrs.evolve(catalogue.twos_wild(3), suits=NO_TRUMPS))
    ),
    "wikipedia-six": pyclag.presets.get("wikipedia", phase2="six"),
    "every-deal-ne": pyclag.NORMAL.with_schedule(EVERY_DEAL),
    "every-deal-gt-f2": pyclag.NORMAL.with_schedule(EVERY_DEAL).with_options(
        hook="gt", scoring="F2"
    ),
    "every-deal-gt-exact": pyclag.NORMAL.with_schedule(EVERY_DEAL).with_options(
        hook="gt", gt_exact=True, gt_infeasible="allow_bid_h_plus_1", hook_min_hand_size=3
    ),
    "every-deal-no-hook": pyclag.NORMAL.with_schedule(EVERY_DEAL).with_options(hook="none"),
}


def _new(rules: RuleSet, players: int, env: Env) -> list[GameState]:
    return [new_game(rules, players, first_dealer=env.first_dealer)] * env.batch


@pytest.mark.parametrize("backend", backends())
@pytest.mark.parametrize("name", sorted(RULES))
def test_whole_games_agree_with_the_engine_step_by_step(name: str, backend: str) -> None:
    """A seeded run: whole games of every carried rule set, 3 to 7 players."""
    rules = RULES[name]
    players = max(rules.min_players, 3 + sum(map(ord, name)) % 5)
    env = Env(rules, players, 3, backend=backend, first_dealer=players - 1)
    batch = env.reset(seed=players)
    end = play_along(env, batch, _new(rules, players, env), np.random.default_rng(players))
    assert bool(np.asarray(end.terminated).all())


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_every_table_size_agrees(players: int) -> None:
    rules = RULES["every-deal-ne"]
    env = Env(rules, players, 2)
    play_along(
        env, env.reset(seed=10 + players), _new(rules, players, env), np.random.default_rng(1)
    )


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(sorted(RULES)),
    players=st.integers(3, 7),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(1, 40),
)
def test_random_legal_actions_agree_after_every_step(
    name: str, players: int, seed: int, steps: int
) -> None:
    """The property: any carried rule set, table and seed; the batch and the
    engine side by side for ``steps`` random legal actions."""
    rules = RULES[name]
    players = max(players, rules.min_players)
    env = Env(rules, players, 2, first_dealer=seed % players)
    play_along(env, env.reset(seed), _new(rules, players, env), np.random.default_rng(seed), steps)


def _engine_game(rules: RuleSet, players: int, seed: int, actions: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(rules, players, first_dealer=seed % players)
    for _ in range(actions):
        if state.round.to_act is None:
            break
        if state.round.to_act is CHANCE:
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
        else:
            state = pyclag.apply(state, rng.choice(pyclag.legal_actions(state)))
    return state


@settings(max_examples=20, deadline=None)
@given(
    name=st.sampled_from(sorted(RULES)),
    players=st.integers(3, 7),
    seed=st.integers(0, 2**32 - 1),
    actions=st.integers(0, 300),
)
def test_batches_from_engine_states_and_determinized_worlds_agree(
    name: str, players: int, seed: int, actions: int
) -> None:
    """``from_states`` reads any moment of a game (and a world determinized
    for the seat to act); the batch then plays on as the engine does, and
    ``to_states`` gives the engine's states back, exactly."""
    rules = RULES[name]
    players = max(players, rules.min_players)
    state = _engine_game(rules, players, seed, actions)
    worlds = [state]
    if type(state.round.to_act) is int:
        view = pyclag.observe(state, state.round.to_act)
        worlds.append(pyclag.determinize(view, random.Random(seed)))
    else:
        worlds.append(state)
    env = Env(rules, players, 2, first_dealer=state.first_dealer)
    batch = env.from_states(worlds, seed=seed)
    if state.round.to_act is not CHANCE:
        assert env.to_states(batch) == worlds
    play_along(env, batch, worlds, np.random.default_rng(seed), 30)


@pytest.mark.parametrize("backend", backends())
def test_to_states_gives_the_engine_states_of_whole_games(backend: str) -> None:
    rules = RULES["every-deal-ne"]
    env = Env(rules, 4, 2, backend=backend)
    states = _new(rules, 4, env)
    end = play_along(env, env.reset(seed=3), states, np.random.default_rng(3))
    final = env.to_states(end)
    assert all(state.round.to_act is None for state in final)
    assert [list(state.scores) for state in final] == np.asarray(end.scores).tolist()
    assert [len(state.history) for state in final] == [rules.num_rounds(4)] * 2


@settings(max_examples=15, deadline=None)
@given(
    name=st.sampled_from(sorted(RULES)),
    players=st.integers(3, 7),
    seed=st.integers(0, 2**32 - 1),
    moments=st.lists(st.integers(0, 400), min_size=3, max_size=3),
)
def test_games_at_different_moments_agree_side_by_side(
    name: str, players: int, seed: int, moments: list[int]
) -> None:
    """Games of one batch out of lockstep (each at its own moment: bidding,
    playing, between rounds, over) step as each would alone: nothing one
    game's step does reaches another's row."""
    rules = RULES[name]
    players = max(players, rules.min_players)
    states = [_engine_game(rules, players, seed + k, moment) for k, moment in enumerate(moments)]
    env = Env(rules, players, len(states))
    play_along(env, env.from_states(states, seed=seed), states, np.random.default_rng(seed), 60)
