"""PIMCBot's exact endgame (``endgame=``): the search's best line is at least
the heuristic's own, its choice is legal, deterministic and leaks nothing; the
search without strategy fusion (``examples/endgame_fusion.py``, measured and
not kept) is never above the fused one and equals it in one world."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag.bots import HeuristicBot, play_game
from pyclag.bots.pimc import PIMCBot
from pyclag.bots.playouts import endgame_points
from pyclag.engine._plays import play_mask
from pyclag.engine.state import GameState, Phase, RoundState
from pyclag.errors import RulesError, WrongPhaseError
from pyclag.hand import cards_of
from tests.helpers import load_example

endgame_values: Final[Callable[..., list[int]]] = load_example("endgame_fusion").endgame_values


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


def _swapped(state: GameState, seat: int, pick: int) -> GameState:
    """``state`` with one card of each of two opponents of ``seat`` swapped:
    a world ``seat`` cannot tell from it, often not even after a trick."""
    rnd = state.round
    first, second = [other for other in range(len(rnd.masks)) if other != seat][:2]
    ones, twos = cards_of(rnd.masks[first]), cards_of(rnd.masks[second])
    swap = ones[pick % len(ones)].mask | twos[pick // len(ones) % len(twos)].mask
    masks = list(rnd.masks)
    masks[first] ^= swap
    masks[second] ^= swap
    moved = RoundState(
        rnd.setup, rnd.phase, rnd.to_act, rnd.bids, tuple(masks), rnd.trick, rnd.tricks
    )
    return GameState(state.rules, state.history, moved)


def _fused(worlds: list[GameState], seat: int, path: tuple[int, ...]) -> list[int]:
    """The sum over ``worlds`` of each legal card's fused value (endgame_points)."""
    cards = cards_of(play_mask(worlds[0].round, seat))
    return [
        sum(
            endgame_points(pyclag.play(world, card), seat, 0, (*path, card.index), {})
            for world in worlds
        )
        for card in cards
    ]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 5), st.integers(1, 3), st.integers(0, 15))
def test_values_never_above_the_fused_ones(seed: int, players: int, left: int, pick: int) -> None:
    """Without strategy fusion each card's value is at most the fused values
    summed over the worlds (one card for the worlds the seat cannot tell apart
    is one of the fused lines), and equal to it in one world; a shared cache
    changes no value; the worlds are as they were."""
    state = _played_to(seed, players, 4, left)
    seat = state.round.to_act
    assert isinstance(seat, int)
    view = pyclag.observe(state, seat)
    worlds = [state, _swapped(state, seat, pick), pyclag.determinize(view, random.Random(seed))]
    path = _path(state)
    cache: dict[tuple[int, int, tuple[int, ...]], pyclag.Card] = {}
    before = list(worlds)
    values = endgame_values(worlds, seat, 0, path, cache)
    assert worlds == before and pyclag.observe(state, seat) == view
    fused = _fused(worlds, seat, path)
    assert len(values) == len(fused) == len(view.legal)
    assert all(value <= most for value, most in zip(values, fused, strict=True))
    assert endgame_values(worlds, seat, 0, path, cache) == values
    assert endgame_values([state], seat, 0, path, cache) == _fused([state], seat, path)


def test_values_below_the_fused_ones_where_the_worlds_part_late() -> None:
    """Two worlds that differ in a card each of two opponents holds, and look
    the same to seat 1 after the first trick: the fused search takes another
    second card in each and rates the 2nd card 28 points, one card for both
    makes 14."""
    rules = pyclag.NORMAL.with_schedule([3])
    state = pyclag.deal(pyclag.new_game(rules, 3), rng=random.Random(5))
    state = pyclag.bid(pyclag.bid(pyclag.bid(state, 2), 1), 1)  # the heuristic's bids
    assert state.round.to_act == 1
    assert [str(hand) for hand in state.round.hands] == ["JC 3H KS", "KC AH QS", "7D QH 6S"]
    worlds = [state, _swapped(state, 1, 0)]
    assert [str(hand) for hand in worlds[1].round.hands] == ["7D 3H KS", "KC AH QS", "JC QH 6S"]
    assert endgame_values(worlds, 1, 0, (), {}) == [14, 14, 28]
    assert _fused(worlds, 1, ()) == [14, 28, 28]


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


def test_endgame_values_refuses_bad_input() -> None:
    """No worlds, a world where another seat is to play or a card the seat
    cannot play are RulesErrors naming them; a bid phase a WrongPhaseError."""
    state = _played_to(12, 4, 7, 3)
    seat = state.round.to_act
    assert isinstance(seat, int)
    with pytest.raises(RulesError, match="endgame_values: no worlds"):
        endgame_values([], seat, 0, _path(state), {})
    with pytest.raises(RulesError, match=f"endgame_values: world 0 is not seat {seat + 1}'s turn"):
        endgame_values([state], seat + 1, 0, _path(state), {})
    foreign = next(card for card in pyclag.DECK if not state.round.masks[seat] & card.mask)
    with pytest.raises(
        RulesError, match=f"endgame_values: {foreign} is no legal card of seat {seat}"
    ):
        endgame_values([state], seat, 0, _path(state), {}, [foreign])
    bidding = pyclag.deal(
        pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 3), rng=random.Random(0)
    )
    with pytest.raises(WrongPhaseError, match=r"endgame_values: .* is in the bid phase, not play"):
        endgame_values([bidding], 1, 0, (), {})
