"""PIMCBot's ``bid_search``: in deals of at most that many cards it searches
every legal bid; in larger ones, or with ``None``, it bids as the heuristic."""

from __future__ import annotations

import random

import pytest

import pyclag
from pyclag.bots import HeuristicBot
from pyclag.bots.pimc import BID_SEARCH, PIMCBot
from pyclag.errors import RulesError


def _first_bids(size: int, deals: int) -> list[pyclag.Observation]:
    """The first bidder's view of ``deals`` seeded 4-player deals of ``size`` cards."""
    rules = pyclag.NORMAL.with_schedule([size])
    views = []
    for seed in range(deals):
        state = pyclag.deal(pyclag.new_game(rules, 4), rng=random.Random(seed))
        seat = state.round.to_act
        assert isinstance(seat, int)
        views.append(pyclag.observe(state, seat))
    return views


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_small_deals_search_every_bid_and_larger_ones_bid_as_the_heuristic(size: int) -> None:
    """Up to BID_SEARCH cards some searched bids leave the heuristic's (the
    search is on), each legal and the same for the same seed; above it, and
    with ``bid_search=None``, every bid is the heuristic's."""
    views = _first_bids(size, 12)
    heuristic = [HeuristicBot().choose(view) for view in views]
    searched = [PIMCBot(worlds=8, seed=1).choose(view) for view in views]
    assert searched == [PIMCBot(worlds=8, seed=1).choose(view) for view in views]
    assert all(bid in view.legal for bid, view in zip(searched, views, strict=True))
    assert (searched != heuristic) == (size <= BID_SEARCH)
    plain = [PIMCBot(worlds=8, seed=1, bid_search=None).choose(view) for view in views]
    assert plain == heuristic


@pytest.mark.parametrize("bid_search", [-1, 1.5, True, "3"])
def test_bid_search_refused(bid_search: object) -> None:
    """A bid_search that is not None or an int >= 0 is refused, naming it."""
    with pytest.raises(RulesError, match="bid_search must be None or an int >= 0"):
        PIMCBot(bid_search=bid_search)  # type: ignore[arg-type]
