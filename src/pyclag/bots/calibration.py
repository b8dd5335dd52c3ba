"""PIMC's bids: the heuristic's estimate, calibrated on PIMC's own play.

:class:`~pyclag.bots.pimc.PIMCBot` plays its cards better than the heuristic
bot, and differently: it makes some hands' bids more often than the
heuristic's odds say, others less. Bidding by its playouts does worse (every
world is played with all hands known, so every bid looks easy). Instead it
bids by a model fitted on its own deals: the chance that PIMC makes a bid
``b``, given the heuristic's spread of tricks for the hand and a few counts
of the hand, is a logistic function of the features :func:`bid_features`
lists, with the weights :data:`BID_WEIGHTS`. It then takes the legal bid
with the best expected points, so a hooked dealer gets the best legal bid
by the same model.

The model is fitted only where it was measured: 4 players, 7 cards, a trump
suit, ace high, no wild twos, the hands seen before the bids, contract
scoring that pays nothing for a missed bid (F1). Elsewhere
:func:`calibrated_bid` returns ``None`` and PIMC bids as the heuristic.

>>> import random, pyclag
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([7]), 4), rng=random.Random(3))
>>> view = pyclag.observe(state, 1)
>>> str(view.hand), calibrated_bid(view, {0: 0.3, 1: 0.6, 2: 0.4, 3: 0.1})
('7C KC 2D KD 5H QH TS', 1)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final

from pyclag.bots.heuristic import expected_spread
from pyclag.cards import Rank, Suit
from pyclag.rules.deals import Bidding, PlayMode
from pyclag.rules.ordering import RankOrder
from pyclag.scoring.schemes import ContractScoring
from pyclag.views import Observation

__all__ = ["BID_WEIGHTS", "FEATURES", "bid_features", "calibrated_bid", "make_chance"]

FEATURES: Final = (
    "constant",
    "logit q",
    "d",
    "d squared",
    "bid 0",
    "trumps x d",
    "side aces x d",
    "side voids x d",
    "trumps Q+ x d",
    "side kings x d",
    "logit s",
)
"""The features of a bid ``b`` (:func:`bid_features`): ``q`` is the heuristic's
chance of taking exactly ``b`` tricks, ``d`` is ``b`` less the tricks it
expects; the counts are of the hand's cards (trumps, trumps of queen and
above, aces and kings of the other suits, the other suits it is void in);
``s`` is the share of PIMC's worlds in which its playouts make the bid
(:meth:`pyclag.bots.pimc.PIMCBot.made_shares`: perfect information, so
optimistic, which the model corrects)."""

BID_WEIGHTS: Final = (
    0.58,
    0.047,
    -0.149,
    -0.21,
    -0.602,
    0.107,
    -0.11,
    -0.325,
    -0.09,
    -0.054,
    0.56,
)
"""The logistic weights of :data:`FEATURES`, fitted by ``python
examples/bot_strength.py --fit``: PLACEHOLDER."""


_SHARE: Final = 0.01
"""Shares of the worlds are clipped to [1%, 99%] before their logit."""


def _logit(chance: float) -> float:
    chance = min(max(chance, 1e-4), 1 - 1e-4)
    return math.log(chance / (1 - chance))


def bid_features(
    view: Observation, spread: Sequence[float], bid: int, share: float
) -> tuple[float, ...]:
    """The features (:data:`FEATURES`) of bidding ``bid`` with this seat's
    hand, whose trick ``spread`` is the heuristic's, made in ``share`` of the
    simulated worlds.

    >>> import random, pyclag
    >>> from pyclag.bots.heuristic import expected_spread
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([7]), 4), rng=random.Random(3))
    >>> view = pyclag.observe(state, 1)
    >>> [round(x, 2) for x in bid_features(view, expected_spread(view), 1, 0.5)]
    [1.0, -0.26, -0.12, 0.01, 0.0, -0.12, -0.0, -0.0, -0.0, -0.24, 0.0]
    """
    hand = view.hand or ()
    rules = view.round_rules
    trump = rules.trump if rules is not None else None
    mean = sum(tricks * chance for tricks, chance in enumerate(spread))
    d = bid - mean
    trumps = [card for card in hand if card.suit is trump]
    side = [card for card in hand if card.suit is not trump]
    held = {card.suit for card in side}
    voids = sum(suit not in held for suit in Suit if suit is not trump)
    return (
        1.0,
        _logit(spread[bid] if bid < len(spread) else 0.0),
        d,
        d * d,
        float(bid == 0),
        len(trumps) * d,
        sum(card.rank is Rank.ACE for card in side) * d,
        voids * d,
        sum(card.rank.value >= Rank.QUEEN.value for card in trumps) * d,
        sum(card.rank is Rank.KING for card in side) * d,
        _logit(min(max(share, _SHARE), 1 - _SHARE)),
    )


def make_chance(features: Sequence[float], weights: Sequence[float] = BID_WEIGHTS) -> float:
    """The model's chance that PIMC makes the bid with these ``features``.

    >>> round(make_chance([1.0] + [0.0] * 10), 3)
    0.641
    """
    z = sum(w * x for w, x in zip(weights, features, strict=True))
    return 1 / (1 + math.exp(-z))


def fitted_for(view: Observation) -> bool:
    """Whether the model was fitted on deals like this one (see above).

    >>> import pyclag
    >>> fitted_for(pyclag.observe(pyclag.new_game(pyclag.NORMAL, 4), 0))
    False
    """
    spec, rules = view.spec, view.round_rules
    scoring = rules.scoring if rules is not None else None
    return (
        view.players == 4
        and view.setup.hand_size == 7
        and view.hand is not None
        and rules is not None
        and rules.trump is not None
        and rules.precedence is None
        and spec.rank_order is RankOrder.ACE_HIGH
        and spec.twos is None
        and spec.play is PlayMode.HAND
        and spec.bidding is Bidding.SEEN
        and isinstance(scoring, ContractScoring)
        and scoring.madness is None
        and scoring.per_trick_on_miss == 0
    )


def calibrated_bid(view: Observation, shares: Mapping[int, float]) -> int | None:
    """The bid of ``shares`` (each bid's share of worlds made) with the most
    expected points by the model, or ``None`` where the model was not
    fitted (:func:`fitted_for`).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([7]), 4), rng=random.Random(3))
    >>> view = pyclag.observe(state, 1)
    >>> calibrated_bid(view, {0: 0.3, 2: 0.4, 3: 0.1})
    2
    >>> calibrated_bid(view, {0: 0.3, 2: 0.4, 3: 0.1}) == calibrated_bid(view, {2: 0.4, 3: 0.1, 0: 0.3})
    True
    """
    if not shares or not fitted_for(view):
        return None
    rules = view.round_rules
    scoring = rules.scoring if rules is not None else None
    if not isinstance(scoring, ContractScoring):
        return None
    spread = expected_spread(view)

    def value(bid: int) -> float:
        made = scoring.bonus + scoring.per_trick * bid
        return make_chance(bid_features(view, spread, bid, shares[bid])) * made

    return max(sorted(shares), key=value)
