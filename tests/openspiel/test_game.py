"""python_clag through OpenSpiel's own conformance test, its search bots,
serialization, cloning and the parameters (issue 14, item 2)."""

from __future__ import annotations

import copy
import os
import random
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import pyclag  # noqa: E402
import pyclag.openspiel  # noqa: E402  (registers python_clag)
from pyclag import presets  # noqa: E402
from pyclag.errors import IllegalActionError, Reason  # noqa: E402
from pyclag.openspiel import ClagState, Position  # noqa: E402
from pyclag.openspiel.params import DEFAULTS, KINDS, PRESET, PRESET_INT  # noqa: E402
from tests.openspiel.support import walk  # noqa: E402

TABLES = [
    (name, players)
    for name in presets.names()
    for players in range(presets.get(name).min_players, presets.get(name).max_players + 1)
]


def load(**params: Any) -> Any:
    return pyspiel.load_game("python_clag", params)


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_issue_14_random_sim_test_passes_for_every_preset_and_table(
    preset: str, players: int
) -> None:
    # A whole game: every deal of the preset's schedule, with serialization checked.
    game = load(preset=preset, players=players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.skipif(not os.environ.get("PYCLAG_SLOW"), reason="the long loop: PYCLAG_SLOW=1")
@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_issue_14_random_sim_test_many_games(preset: str, players: int) -> None:
    pyspiel.random_sim_test(
        load(preset=preset, players=players), num_sims=5, serialize=True, verbose=False
    )


@pytest.mark.parametrize(
    "params",
    [
        {"preset": "raf", "players": 4, "schedule": "7:3"},
        {"preset": "scottish", "players": 3, "scottish_draw_each_round": "yes", "schedule": "2:1"},
        {"preset": "wikipedia", "players": 5, "hook": "gt", "hook_min_hand_size": 3},
    ],
)
def test_issue_14_random_sim_test_with_options(params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load(**params), num_sims=3, serialize=True, verbose=False)


def test_issue_14_game_type_and_info_are_filled() -> None:
    game = load(preset="pagat", hand_size=7)
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_distinct_actions() == pyclag.codec.NUM_ACTIONS
    assert game.max_chance_outcomes() == 52
    # One 7-card deal of F2: no trick and a miss scores 0; all 7 tricks bid and made 17.
    assert (game.min_utility(), game.max_utility()) == (0.0, 17.0)
    assert game.max_game_length() == 4 + 4 * 7
    assert game.information_state_tensor_size() == pyclag.codec.encoding_size(4)


def test_issue_14_every_rule_option_is_a_parameter() -> None:
    spec = load().get_type().parameter_specification
    for name in presets.get("wikipedia").options:
        assert name in spec
    assert {"preset", "players", "schedule", "hand_size"} <= set(spec)
    assert all(DEFAULTS[name] in (PRESET, PRESET_INT) for name in KINDS)


def test_issue_14_options_reach_the_rules() -> None:
    game = load(preset="wikipedia", players=5, hook="gt", misere_trumps="yes", hook_min_hand_size=3)
    rules = game.new_initial_state().position.state.rules
    assert rules.options["hook"] == "gt"
    assert rules.options["misere_trumps"] is True
    assert rules.options["hook_min_hand_size"] == 3
    assert load(schedule="3:2:1").new_initial_state().position.state.rules.num_rounds(4) == 3


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"preset": "zz"}, "parameter preset='zz': allowed: indonesian, normal, pagat"),
        (
            {"hook": "gtt"},
            "parameter hook='gtt': option hook='gtt': form must be one of 'ne', 'gt'",
        ),
        ({"misere_trumps": "maybe"}, "parameter misere_trumps='maybe': allowed: preset, yes, no"),
        ({"players": 9}, "parameter players=9: allowed: 3..7 for wikipedia"),
        ({"players": 4, "first_dealer": 4}, "parameter first_dealer=4: allowed: a seat in 0..3"),
        (
            {"schedule": "7,7"},
            "parameter schedule='7,7': allowed: preset, or hand sizes parted by ':'",
        ),
        ({"hand_size": 14}, "players=4, hand_size=14: .* 4 players x 14 cards = 56 cards, more"),
        (
            {"preset": "pagat", "phase2": "six"},
            "parameter phase2='six': allowed: preset (the pagat",
        ),
    ],
)
def test_issue_14_bad_parameters_are_refused_by_name(params: dict[str, Any], message: str) -> None:
    pattern = message.replace("(", r"\(").replace("..", r"\.\.")
    with pytest.raises(pyclag.RulesError, match=pattern):
        load(**params)


def test_issue_14_a_parameter_of_the_wrong_type_is_openspiels_error() -> None:
    with pytest.raises(pyspiel.SpielError, match="hook_min_hand_size"):
        load(hook_min_hand_size="three")


def test_issue_14_the_game_string_reloads() -> None:
    game = load(preset="raf", players=5, misere_trumps="yes", hook_min_hand_size=2, schedule="7:3")
    again = pyspiel.load_game(str(game))
    assert again.get_parameters() == game.get_parameters()


def test_issue_14_deals_a_card_at_a_time_into_pyclags_pack_order() -> None:
    game = load(preset="pagat", hand_size=2, first_dealer=1)
    state = game.new_initial_state()
    ids = [state.chance_outcomes()[i * 3][0] for i in range(9)]
    for number, ident in enumerate(ids):
        assert state.is_chance_node()
        assert len(state.chance_outcomes()) == 52 - number
        assert all(p == pytest.approx(1 / (52 - number)) for _, p in state.chance_outcomes())
        state.apply_action(ident)
    # 4 x 2 cards and the turn-up: then the deal is pyclag's Deal of that pack.
    assert not state.is_chance_node()
    deck = [pyclag.codec.card_of(i) for i in ids]
    expected = pyclag.deal(
        pyclag.new_game(state.position.state.rules, 4, first_dealer=1),
        deck=(*deck, *(card for card in pyclag.DECK if card not in deck)),
    )
    assert state.position.state == expected


def test_issue_14_raf_blind_shuffles_a_card_at_a_time() -> None:
    state = load(preset="raf", players=4, first_deal_caller="eldest").new_initial_state()
    rng = random.Random(3)
    while pyclag.phase(state.position.state) is not pyclag.Phase.CALL:
        walk(state, rng, 1)
    calls = [pyclag.codec.action_of(state.position.state, i) for i in state.legal_actions()]
    blind = [pyclag.codec.action_id(c) for c in calls if isinstance(c, pyclag.Call) and c.blind]
    state.apply_action(blind[0])
    while pyclag.phase(state.position.state) is not pyclag.Phase.SHUFFLE:
        walk(state, rng, 1)
    size = state.position.state.round.setup.hand_size
    for seat in range(4):  # each seat's pile, top first, from its own cards
        hand = [pyclag.codec.card_id(card) for card in state.position.state.round.hands[seat]]
        for _ in range(size):
            assert state.is_chance_node()
            assert sorted(o for o, _ in state.chance_outcomes()) == sorted(hand)
            pick = rng.choice(hand)
            hand.remove(pick)
            state.apply_action(pick)
    assert pyclag.phase(state.position.state) is not pyclag.Phase.SHUFFLE
    assert state.position.state.history[-1].setup.piles is not None


def test_issue_14_serialization_is_the_game_record_and_keeps_a_partial_deal() -> None:
    game = load(preset="wikipedia", players=4)
    state = walk(game.new_initial_state(), random.Random(2), 45)  # part-way through deal 3
    assert state.is_chance_node() and state.position.pending
    text = state.serialize()
    again = game.deserialize_state(text)
    assert again.position == state.position
    assert str(again) == str(state) and again.history() == state.history()
    # The pickle holds the record: unpickling replays it.
    reduced = state.position.__reduce__()
    assert reduced[1][0] == pyclag.records.dump(state.position.state)
    _, state_again = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert state_again.position == state.position


def test_issue_14_clones_are_cheap_and_independent() -> None:
    state = walk(load().new_initial_state(), random.Random(5), 120)
    twins: list[Any] = [state.clone(), copy.deepcopy(state)]
    for twin in twins:
        assert isinstance(twin, ClagState)
        assert twin.position is state.position  # frozen: copied as itself
        walk(twin, random.Random(1), 5)
        assert twin.position is not state.position
        assert twin.history() != state.history()


def test_issue_14_the_utility_is_the_final_totals() -> None:
    state = load(preset="wikipedia", players=3, schedule="2:1").new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        assert state.rewards() == state.returns() == [0.0, 0.0, 0.0]
        walk(state, rng, 1)
    scores = [float(s) for s in state.position.state.scores]
    assert state.rewards() == state.returns() == scores
    assert any(scores)


def test_issue_14_resampling_continues_from_the_same_point() -> None:
    game = load(preset="wikipedia", players=4)
    rng = random.Random(8)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for steps in (3, 30, 60, 75, 140):  # mid-deal, bidding, playing
        state = walk(game.new_initial_state(), rng, steps)
        player = state.current_player() if state.current_player() >= 0 else 1
        sampled = state.resample_from_infostate(player, sampler)
        assert sampled.current_player() == state.current_player()
        assert len(sampled.position.pending) == len(state.position.pending)
        assert sampled.information_state_string(player) == state.information_state_string(player)
        assert sampled.observation_string(player) == state.observation_string(player)
        walk(sampled, rng, 10_000)
        assert sampled.is_terminal()


def test_issue_14_ismcts_plays_whole_games() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load(preset="wikipedia", players=3, schedule="3:2")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=None)
    for observation in (False, True):
        bots = [
            ismcts.ISMCTSBot(
                game, evaluator, uct_c=2.0, max_simulations=8, use_observation_string=observation
            )
            for _ in range(3)
        ]
        state = game.new_initial_state()
        rng = random.Random(6)
        while not state.is_terminal():
            if state.is_chance_node():
                walk(state, rng, 1)
            else:
                state.apply_action(bots[state.current_player()].step(state))
        assert state.returns() == [float(s) for s in state.position.state.scores]


def test_issue_14_mcts_plays_whole_games() -> None:
    from open_spiel.python.algorithms import evaluate_bots, mcts

    game = load(preset="pagat", players=4, schedule="2:1")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1)
    bots = [mcts.MCTSBot(game, 2.0, 8, evaluator, solve=False) for _ in range(4)]
    returns = evaluate_bots.evaluate_bots(
        game.new_initial_state(), bots, __import__("numpy").random.RandomState(2)
    )
    assert len(returns) == 4


def test_issue_14_position_keeps_no_mutable_part() -> None:
    position = Position(pyclag.new_game(pyclag.NORMAL, 3), (1, 2))
    assert copy.deepcopy(position) is position


def test_issue_14_a_chance_outcome_that_cannot_happen_is_refused() -> None:
    state = load().new_initial_state()
    state.apply_action(5)
    with pytest.raises(pyclag.IllegalChanceError, match="chance outcome 5 cannot happen now"):
        state.apply_action(5)
    assert state.position.pending == (5,)


def test_issue_14_an_illegal_action_id_is_refused_and_the_state_kept() -> None:
    state = walk(load(hand_size=7).new_initial_state(), random.Random(1), 29)  # dealt: bidding
    before, history = state.position, state.history()
    with pytest.raises(pyclag.IllegalActionError, match=r"action_of: id 0 .* is not legal now"):
        state.apply_action(0)  # a card while the bids are pending
    assert state.position is before and state.history() == history


# --- issue 30 items 7 and 8 ------------------------------------------------------------------


def test_issue_30_item_7_action_strings_refuse_no_outcome_and_name_any_seats_action() -> None:
    state = load(players=3).new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 51) == "AH"
    for bad in (52, -1):
        with pytest.raises(IllegalActionError, match=f"{bad} is no chance outcome") as raised:
            state.action_to_string(pyspiel.PlayerId.CHANCE, bad)
        assert raised.value.reason is Reason.NOT_AN_ACTION
    # An action's notation is the same whoever takes it, the terminal "player" included.
    for player in (0, 2, int(pyspiel.PlayerId.TERMINAL)):
        assert state.action_to_string(player, 53) == "1"


def test_issue_30_item_7_an_observer_given_no_python_clag_state_is_a_type_error() -> None:
    observer = load(players=3).make_py_observer()
    with pytest.raises(TypeError, match="set_from: state must be a python_clag state, not str"):
        observer.set_from("state", 0)
    with pytest.raises(TypeError, match="string_from: state must be a python_clag state"):
        observer.string_from(None, 0)


def test_issue_30_item_7_numpy_integers_as_parameters() -> None:
    np = pytest.importorskip("numpy")
    game: Any = pyclag.openspiel.ClagGame({"players": np.int64(5), "first_dealer": np.int64(2)})
    assert game.num_players() == 5
    assert game.new_initial_state().position.state == pyclag.new_game(
        presets.get("wikipedia"), 5, first_dealer=2
    )


def test_issue_30_item_8_the_docs_warn_that_deserializing_unpickles() -> None:
    """Issue 30 item 8: OpenSpiel's deserialize_game_and_state unpickles a python_clag
    state, so a crafted string runs code; every place the docs show serialization says
    so and points to pyclag.records for input from others."""
    root = Path(__file__).resolve().parents[2]
    pages = {
        "docs/learning.rst": (root / "docs" / "learning.rst").read_text(encoding="utf-8"),
        "pyclag.openspiel.game": pyclag.openspiel.game.__doc__ or "",
    }
    for name, text in pages.items():
        words = " ".join(text.split())
        assert "serializ" in words, name
        assert "deserialize_game_and_state" in words, name
        assert "pickle" in words and "runs any code" in words, name
        assert "Never deserialize a string from someone you do not trust" in words, name
        assert "pyclag.records" in words, name
