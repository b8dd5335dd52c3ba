"""No leak through OpenSpiel's views (issue 14, item 5): two states that
differ only in what a seat cannot know give that seat equal information-state
and observation strings and tensors; and the information state tells apart
what the seat can (it is the seat's whole observation)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel")

import pyclag  # noqa: E402
import pyclag.openspiel  # noqa: E402  (registers python_clag)
from pyclag import presets  # noqa: E402
from pyclag.errors import IllegalActionError  # noqa: E402
from pyclag.openspiel import ClagState, Position  # noqa: E402
from pyclag.openspiel import chance as chance_steps  # noqa: E402
from tests.openspiel.support import walk  # noqa: E402

_GAMES: dict[tuple[str, int], Any] = {}


def _game(preset: str, players: int) -> Any:
    key = (preset, players)
    if key not in _GAMES:
        _GAMES[key] = pyspiel.load_game("python_clag", {"preset": preset, "players": players})
    return _GAMES[key]


def _views(state: Any, seat: int) -> tuple[str, str, list[float], list[float]]:
    return (
        state.information_state_string(seat),
        state.observation_string(seat),
        state.information_state_tensor(seat),
        state.observation_tensor(seat),
    )


@st.composite
def _positions(draw: st.DrawFn) -> tuple[Any, Any, int]:
    """A random state of a random preset and table, and one its ``seat`` cannot tell from it."""
    preset = draw(st.sampled_from(presets.names()))
    rules = presets.get(preset)
    players = draw(st.integers(rules.min_players, rules.max_players))
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    game = _game(preset, players)
    state = walk(game.new_initial_state(), rng, draw(st.integers(0, 200)))
    seat = draw(st.integers(0, players - 1))
    position = state.position
    other = pyclag.determinize(pyclag.observe(position.state, seat), rng)
    pending = chance_steps.resampled(other, position.pending, rng)
    return state, ClagState(game, Position(other, pending)), seat


@settings(max_examples=40)
@given(_positions())
def test_issue_14_states_a_seat_cannot_tell_apart_look_alike_to_it(
    pair: tuple[Any, Any, int],
) -> None:
    state, other, seat = pair
    assert _views(other, seat) == _views(state, seat)


@settings(max_examples=40)
@given(_positions())
def test_issue_14_the_information_state_is_the_whole_observation(
    pair: tuple[Any, Any, int],
) -> None:
    # The other seats may tell the two states apart (their own cards differ):
    # their information states differ exactly when their observations do.
    state, other, _ = pair
    for seat in range(len(state.position.state.scores)):
        same = pyclag.observe(state.position.state, seat) == pyclag.observe(
            other.position.state, seat
        ) and chance_steps.text(state.position.state, state.position.pending) == chance_steps.text(
            other.position.state, other.position.pending
        )
        assert (
            state.information_state_string(seat) == other.information_state_string(seat)
        ) == same


def test_issue_14_a_deal_in_progress_shows_nobody_any_card() -> None:
    game = pyspiel.load_game("python_clag", {"preset": "wikipedia", "hand_size": 7})
    first, second = game.new_initial_state(), game.new_initial_state()
    for card in range(10):
        first.apply_action(card)
        second.apply_action(51 - card)
    for seat in range(4):
        assert _views(first, seat) == _views(second, seat)
        assert "10 cards dealt" in first.information_state_string(seat)


def _refusal(state: Any, number: int) -> tuple[object, ...]:
    """What the player to act is told when OpenSpiel applies id ``number``."""
    try:
        state.clone().apply_action(number)
    except IllegalActionError as error:  # the library's own, through pyspiel
        return (type(error), error.reason, error.legal, str(error))
    return ("done",)


@settings(max_examples=40)
@given(_positions(), st.integers(0, 2**16))
def test_issue_30_item_1_a_refused_action_tells_the_player_only_what_it_may_know(
    pair: tuple[Any, Any, int], seed: int
) -> None:
    """Required (issue 30 item 1): the player to act is refused an illegal id
    alike in two states it cannot tell apart."""
    state, _, _ = pair
    if state.is_terminal() or state.is_chance_node():
        return
    player = state.current_player()
    rng = random.Random(seed)
    position = state.position
    other = pyclag.determinize(pyclag.observe(position.state, player), rng)
    twin: Any = ClagState(state.get_game(), Position(other))
    legal = set(state.legal_actions())
    assert legal == set(twin.legal_actions())
    numbers = [n for n in rng.sample(range(state.num_distinct_actions()), 40) if n not in legal]
    for number in numbers:
        told = _refusal(state, number)
        assert told != ("done",)
        assert _refusal(twin, number) == told
