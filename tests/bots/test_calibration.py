"""PIMC's calibrated bids (pyclag.bots.calibration): where the model applies,
what it returns, and that PIMC bids by it."""

from __future__ import annotations

import random

import pyclag
from pyclag.bots import HeuristicBot
from pyclag.bots.calibration import (
    BID_WEIGHTS,
    FEATURES,
    bid_features,
    calibrated_bid,
    fitted_for,
    make_chance,
)
from pyclag.bots.heuristic import expected_spread
from pyclag.bots.pimc import REACH, PIMCBot
from pyclag.rules.trumps import NO_TRUMPS


def _views(players: int = 4, size: int = 7, deals: int = 12) -> list[pyclag.Observation]:
    rules = pyclag.NORMAL.with_schedule([size])
    views = []
    for deal in range(deals):
        state = pyclag.deal(
            pyclag.new_game(rules, players, deal % players), rng=random.Random(deal)
        )
        views.append(pyclag.observe(state, (deal + 1) % players))  # the first to bid
    return views


def test_the_weights_match_the_features() -> None:
    assert len(BID_WEIGHTS) == len(FEATURES)
    view = _views(deals=1)[0]
    assert len(bid_features(view, expected_spread(view), 0, 0.5)) == len(FEATURES)


def test_the_model_applies_only_where_it_was_fitted() -> None:
    assert all(fitted_for(view) for view in _views())
    assert not any(fitted_for(view) for view in _views(players=3))
    assert not any(fitted_for(view) for view in _views(size=5))
    rules = pyclag.NORMAL.with_schedule([pyclag.RoundSpec(7, suits=NO_TRUMPS)])
    state = pyclag.deal(pyclag.new_game(rules, 4), rng=random.Random(1))
    view = pyclag.observe(state, 1)
    assert not fitted_for(view) and calibrated_bid(view, {0: 0.5, 1: 0.5}) is None


def test_pimc_bids_near_the_heuristic_by_the_model_unless_told_not_to() -> None:
    for view in _views(deals=8):
        heuristic = HeuristicBot().choose(view)
        assert isinstance(heuristic, pyclag.Bid)
        bids = [action.tricks for action in view.legal if isinstance(action, pyclag.Bid)]
        near = [bid for bid in bids if abs(bid - heuristic.tricks) <= REACH]
        shares = PIMCBot(worlds=4, seed=1).made_shares(view, near)
        mine = PIMCBot(worlds=4, seed=1).choose(view)
        assert mine == pyclag.Bid(view.seat, calibrated_bid(view, shares) or -1)
        assert PIMCBot(worlds=4, seed=1, calibrated=False).choose(view) == heuristic
        # The dealer's restriction (§1.7): offered fewer bids, it picks among them.
        fewer = {bid: share for bid, share in shares.items() if bid != mine.tricks}
        assert calibrated_bid(view, fewer) in fewer


def test_the_chance_of_making_a_bid_rises_with_its_share_of_the_worlds() -> None:
    view = _views(deals=1)[0]
    spread = expected_spread(view)
    chances = [make_chance(bid_features(view, spread, 1, share)) for share in (0.1, 0.5, 0.9)]
    assert chances == sorted(chances) and chances[0] < chances[-1]
    # Perfect-information worlds are optimistic: made in 90% of them is less likely in play.
    assert chances[-1] < 0.9
