"""PIMC's bid shift (``PIMCBot(shift=...)``): the heuristic's bid, its expected
tricks moved by what the bids before it say about the other hands."""

from __future__ import annotations

import random

import pytest

import pyclag
from pyclag.bots import HeuristicBot
from pyclag.bots.pimc import PIMCBot
from pyclag.errors import RulesError


def _bidding(seed: int, bids: int) -> pyclag.GameState:
    """A 4-player 7-card deal with ``bids`` heuristic bids made."""
    state = pyclag.deal(
        pyclag.new_game(pyclag.NORMAL.with_schedule([7]), 4, seed % 4), rng=random.Random(seed)
    )
    for _ in range(bids):
        actor = state.round.to_act
        assert isinstance(actor, int)
        state = pyclag.apply(state, HeuristicBot().choose(pyclag.observe(state, actor)))
    return state


def test_the_first_bidder_bids_as_the_heuristic() -> None:
    for seed in range(6):
        state = _bidding(seed, 0)
        view = pyclag.observe(state, state.round.setup.first_bidder)
        assert PIMCBot(seed=seed, shift=16).choose(view) == HeuristicBot().choose(view)


def test_the_shifted_bid_is_legal_near_the_heuristic_and_follows_its_seed() -> None:
    moved = 0
    for seed in range(40):
        state = _bidding(40_000 + seed, 1 + seed % 3)
        actor = state.round.to_act
        assert isinstance(actor, int)
        view = pyclag.observe(state, actor)
        first, again = (PIMCBot(seed=seed, shift=48).choose(view) for _ in "ab")
        heuristic = HeuristicBot().choose(view)
        assert first == again and first in view.legal
        assert isinstance(first, pyclag.Bid) and isinstance(heuristic, pyclag.Bid)
        assert abs(first.tricks - heuristic.tricks) <= 2
        moved += first != heuristic
    assert moved  # the earlier bids do move a bid (one of these 40)


@pytest.mark.parametrize("shift", [-1, True, 1.5, "8"])
def test_a_bad_shift_is_refused(shift: object) -> None:
    with pytest.raises(RulesError, match="shift must be an int >= 0"):
        PIMCBot(shift=shift)  # type: ignore[arg-type]
