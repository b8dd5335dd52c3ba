"""PIMCBot's exact endgame (``endgame=``): the search's best line is at least
the heuristic's own, its choice is legal, deterministic and leaks nothing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag.bots import HeuristicBot, play_game
from pyclag.bots.pimc import PIMCBot, endgame_points
from pyclag.errors import RulesError, WrongPhaseError
from pyclag.state import GameState, Phase


def _played_to(seed: int, players: int, size: int, left: int) -> GameState:
    """A deal of heuristic bots played until the actor holds ``left`` cards."""
    rules = pyclag.NORMAL.with_schedule([size])
    state = pyclag.deal(pyclag.new_game(rules, players, seed % players), rng=random.Random(seed))
    while True:
        seat = state.round.to_act
        assert isinstance(seat, int)
        rnd = state.round
        if rnd.phase is Phase.PLAY and rnd.masks[seat].bit_count() == left:
            return state
        state = pyclag.apply(state, HeuristicBot().choose(pyclag.observe(state, seat)))


def _path(state: GameState) -> tuple[int, ...]:
    rnd = state.round
    plays = [play for trick in rnd.tricks for play in trick.plays] + list(rnd.trick)
    return tuple(play.card.index for play in plays)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 5), st.integers(1, 3))
def test_best_line_at_least_the_heuristics(seed: int, players: int, left: int) -> None:
    """The seat's best line against heuristic opponents scores at least what
    the heuristic's own line scores there (it is one of the lines searched),
    and a cache shared by the seat's later decisions changes no value."""
    state = _played_to(seed, players, 4, left)
    seat = state.round.to_act
    assert isinstance(seat, int)
    cache: dict[tuple[int, int, tuple[int, ...]], pyclag.Card] = {}
    best = endgame_points(state, seat, 0, _path(state), cache)
    own = play_game(state, [HeuristicBot()] * players, random.Random(0)).history[0].points
    assert best >= own[seat]
    assert endgame_points(state, seat, 0, _path(state), cache) == best
    assert endgame_points(state, seat, 0, _path(state), {}) == best


def test_endgame_choice_legal_and_nothing_changed() -> None:
    """The endgame's choice is legal; the state and the observation are as they were."""
    state = _played_to(12, 4, 7, 3)
    seat = state.round.to_act
    assert isinstance(seat, int)
    view = pyclag.observe(state, seat)
    copy = pyclag.observe(state, seat)
    assert len(view.legal) > 1
    choice = PIMCBot(worlds=6, seed=3, endgame=3).choose(view)
    assert pyclag.is_legal(state, choice)
    assert view == copy and pyclag.observe(state, seat) == copy


@pytest.mark.parametrize("fit", [None, 1])
def test_endgame_no_leak_and_deterministic(fit: int | None) -> None:
    """Two states that differ only in the cards the seat cannot see give the
    same choice for the same seed, whether the worlds are fitted or not."""
    state = _played_to(8, 4, 7, 2)
    seat = state.round.to_act
    assert isinstance(seat, int)
    view = pyclag.observe(state, seat)
    other = pyclag.determinize(view, random.Random(5))
    assert other.round.masks != state.round.masks
    choices = {
        PIMCBot(worlds=6, seed=4, fit=fit, endgame=2).choose(pyclag.observe(world, seat))
        for world in (state, other, state)
    }
    assert len(choices) == 1


@pytest.mark.parametrize("endgame", [-1, 1.5, True, "3"])
def test_endgame_refused(endgame: object) -> None:
    """An endgame that is not None or an int >= 0 is refused, naming it."""
    with pytest.raises(RulesError, match="endgame must be None or an int >= 0"):
        PIMCBot(endgame=endgame)  # type: ignore[arg-type]


def test_endgame_points_refuses_a_bid_phase() -> None:
    """Only a play phase is searched: a state in its bids is a WrongPhaseError naming the phase."""
    rules = pyclag.NORMAL.with_schedule([2])
    state = pyclag.deal(pyclag.new_game(rules, 3), rng=random.Random(0))
    with pytest.raises(WrongPhaseError, match=r"endgame_points: .* is in the bid phase, not play"):
        endgame_points(state, 0, 0, (), {})


def test_endgame_points_refuses_a_deal_with_wild_twos() -> None:
    """A two's declaration is not searched: a wild-twos deal is a RulesError naming it."""
    rules = pyclag.NORMAL.with_schedule([pyclag.rules.catalogue.twos_wild(2)])
    state = pyclag.deal(pyclag.new_game(rules, 3), rng=random.Random(0))
    for _ in range(3):
        state = pyclag.apply(state, pyclag.legal_actions(state)[0])
    assert state.round.phase is Phase.PLAY
    with pytest.raises(RulesError, match="endgame_points: a deal with wild twos is not searched"):
        endgame_points(state, 0, 0, (), {})
