"""The search bot's inference (pyclag.bots.inference): a world's round replayed
from its start, and weighed by how well the model explains the other seats."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag.bots import HeuristicBot
from pyclag.bots.inference import round_start, world_weight
from pyclag.state import GameState


def _played(seed: int, steps: int, rules: pyclag.RuleSet | None = None) -> GameState:
    """A 4-player deal of 5 cards (or of ``rules``), ``steps`` heuristic actions in."""
    rules = rules or pyclag.NORMAL.with_schedule([5])
    state = pyclag.deal(pyclag.new_game(rules, 4, seed % 4), rng=random.Random(seed))
    for _ in range(steps):
        actor = state.round.to_act
        if not isinstance(actor, int) or pyclag.is_over(state):
            break
        state = pyclag.apply(state, HeuristicBot().choose(pyclag.observe(state, actor)))
    return state


@settings(max_examples=25)
@given(st.integers(0, 10_000), st.integers(0, 24))
def test_the_round_start_replays_to_the_state(seed: int, steps: int) -> None:
    state = _played(seed, steps)
    if state.round.phase not in (pyclag.Phase.BID, pyclag.Phase.PLAY):
        return
    start = round_start(state)
    assert start is not None
    rnd = state.round
    for seat in rnd.setup.bidding_order:
        tricks = rnd.bids[seat]
        if tricks is None:
            break
        start = pyclag.bid(start, tricks)
    for plays in (*(trick.plays for trick in rnd.tricks), rnd.trick):
        for play in plays:
            start = pyclag.apply(start, play)
    assert start == state


@settings(max_examples=15)
@given(st.integers(0, 10_000), st.integers(0, 24), st.integers(0, 3))
def test_the_true_deal_of_heuristic_players_fits_exactly(seed: int, steps: int, seat: int) -> None:
    state = _played(seed, steps)
    assert world_weight(state, seat) == 1.0


def test_a_bid_the_model_would_not_make_weighs_the_world_down() -> None:
    state = _played(3, 0)
    bidder = state.round.to_act
    assert isinstance(bidder, int)
    model = HeuristicBot().choose(pyclag.observe(state, bidder))
    assert isinstance(model, pyclag.Bid)
    other = pyclag.bid(state, (model.tricks + 2) % 6)
    assert world_weight(other, 2) < world_weight(pyclag.bid(state, model.tricks), 2) == 1.0


def test_special_rounds_are_not_weighed() -> None:
    scottish = pyclag.presets.SCOTTISH
    state = _played(1, 2, scottish.with_schedule([scottish.schedule[10]]))  # a blind round
    assert round_start(state) is None and world_weight(state, 0) == 1.0
