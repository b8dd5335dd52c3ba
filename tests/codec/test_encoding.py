"""Observation tensors (issue 14 items 1 and 5): :func:`pyclag.codec.encode`
lays one seat's observation out as :func:`~pyclag.codec.layout` says, and shows
no more than the observation: states that differ only in what the seat cannot
know encode alike (the swap of tests/views/test_views.py)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import Phase, observe
from pyclag.codec import card_id, encode, encoding_size, layout, piece_slice
from pyclag.errors import RulesError
from tests.views.games import Moment, moments
from tests.views.test_views import replayed, unseen_swapped


@pytest.mark.parametrize("players", range(2, 8))
def test_the_pieces_tile_the_vector(players: int) -> None:
    start = 0
    for piece in layout(players):
        assert piece.start == start and piece.size > 0
        start += piece.size
    assert start == encoding_size(players)
    assert len({piece.name for piece in layout(players)}) == len(layout(players))


def test_a_table_no_layout_has_is_refused() -> None:
    with pytest.raises(RulesError, match=r"players must be an int in 2\.\.52, not 1"):
        layout(1)
    with pytest.raises(TypeError, match="layout: players must be an int"):
        layout("4")
    with pytest.raises(TypeError, match="encode: observation must be an Observation"):
        encode(None)  # type: ignore[arg-type]


def _piece(vector: tuple[float, ...], players: int, name: str) -> tuple[float, ...]:
    return vector[piece_slice(players, name)]


@settings(max_examples=60)
@given(moments())
def test_the_vector_holds_what_the_observation_shows(moment: Moment) -> None:
    state = moment.state
    players = moment.game.players
    for seat in range(players):
        view = observe(state, seat)
        vector = encode(view)
        assert len(vector) == encoding_size(players)
        assert all(math.isfinite(value) for value in vector)
        assert _piece(vector, players, "observer")[seat] == 1.0
        hand = _piece(vector, players, "hand")
        expected = set() if view.hand is None else {card_id(card) for card in view.hand}
        assert {number for number, on in enumerate(hand) if on} == expected
        played = _piece(vector, players, "played")
        for other in range(players):
            block = played[52 * ((other - seat) % players) :][:52]
            assert sum(block) == view.played[other].bit_count()
        trick = _piece(vector, players, "trick")
        assert sum(trick) == len(view.trick)
        for position, play in enumerate(view.trick):
            assert trick[52 * position + card_id(play.effective)] == 1.0
        phases = _piece(vector, players, "phase")
        assert phases[list(Phase).index(view.phase)] == 1.0 and sum(phases) == 1.0
        for name in ("dealer", "to act", "trumps", "bidding", "suit rule", "caller"):
            assert sum(_piece(vector, players, name)) <= 1.0, name


@settings(max_examples=100)
@given(moments(), st.integers(0, 6), st.integers(0, 2**16))
def test_states_that_differ_only_in_what_the_seat_cannot_know_encode_equally(
    moment: Moment, seat_pick: int, seed: int
) -> None:
    """Required (issue 14 item 5): the no-leak property of ``observe`` extends to
    ``encode``; and the vectors tell apart what the other seats can."""
    seat = seat_pick % moment.game.players
    real = moment.state
    other = replayed(moment.game, moment.at, unseen_swapped(moment, seat, random.Random(seed)))
    assert encode(observe(other, seat)) == encode(observe(real, seat))
    assert hash(observe(other, seat)) == hash(observe(real, seat))
    for watcher in range(moment.game.players):
        if observe(other, watcher) != observe(real, watcher):
            hand = piece_slice(moment.game.players, "hand")
            real_view, other_view = observe(real, watcher), observe(other, watcher)
            if real_view.hand != other_view.hand:
                assert encode(other_view)[hand] != encode(real_view)[hand]


def test_a_whole_game_encodes_at_every_step_for_every_seat() -> None:
    rules = pyclag.presets.get("raf")
    state = pyclag.new_game(rules, 4)
    rng = random.Random(3)
    while not pyclag.is_over(state):
        for seat in range(4):
            assert len(encode(observe(state, seat))) == encoding_size(4)
        if pyclag.next_actor(state) is pyclag.CHANCE:
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
        else:
            state = pyclag.apply(state, rng.choice(pyclag.legal_actions(state)))
