"""Inference for the search bot: how well a drawn world explains what the
other players did.

A world (:func:`pyclag.determinize`) agrees with everything a seat has
seen, but not every world is as likely: a player holding the ace and king
of trumps in one world would have bid more than the 0 it bid. This module
replays the round in a world from its start, asks a model of the other
players (the :class:`~pyclag.bots.HeuristicBot`) what each would have bid
and played there, from its own observation of that world, and scores the
world by how far its actual actions were from the model's: a bid ``d``
tricks off weighs ``exp(-d * d / (2 * width * width))``, a card other than
the model's weighs ``slip``. Only plain rounds are weighed (bids seen
after the deal, the trump known while bidding); in others every world
weighs 1.

>>> import random, pyclag
>>> from pyclag.bots import HeuristicBot, play_game
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 4), rng=random.Random(2))
>>> for _ in range(6):  # four heuristic bids and two cards
...     state = pyclag.apply(state, HeuristicBot().choose(pyclag.observe(state, state.round.to_act)))
>>> view = pyclag.observe(state, 2)
>>> world_weight(state, view.seat)  # the true deal, played by the model: fits exactly
1.0
>>> weights = [world_weight(pyclag.determinize(view, random.Random(n)), 2) for n in range(20)]
>>> round(max(weights), 3)  # the bids of the other worlds fit it less well
0.034
"""

from __future__ import annotations

import math
from typing import Final

from pyclag.actions import Bid, Play, PlayerAction
from pyclag.bots.heuristic import choose
from pyclag.builders import new_game_state, new_round_state
from pyclag.decisions import BID_TRICKS, PLAY_CARD, round_phases
from pyclag.engine import legal_actions
from pyclag.phases import NORMAL_PHASES
from pyclag.rules.deals import Bidding
from pyclag.state import GameState, Phase
from pyclag.views import observe

__all__ = ["SLIP", "WIDTH", "round_start", "world_weight"]

WIDTH: Final = 0.5
"""The spread, in tricks, of an opponent's bid around the model's bid."""

SLIP: Final = 0.25
"""The weight of an opponent's card other than the one the model plays."""


def round_start(world: GameState) -> GameState | None:
    """``world`` at the start of its round's bidding: each seat holding what it
    holds and what it has played. ``None`` unless the round is plain (bids
    seen after the deal, the trump known while bidding: RULES.md §1.4-§1.6).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(1))
    >>> round_start(pyclag.bid(state, 1)) == state
    True
    """
    rnd = world.round
    setup = rnd.setup
    if setup.played.bidding is not Bidding.SEEN or setup.round_rules is None:
        return None
    if rnd.phase not in _DEALT or round_phases(setup.played, world.rules) != NORMAL_PHASES:
        return None
    masks = list(rnd.masks)
    for trick in (*(done.plays for done in rnd.tricks), rnd.trick):
        for play in trick:
            masks[play.seat] |= play.card.mask
    start = new_round_state(
        setup,
        Phase.BID,
        setup.first_bidder,
        (None,) * setup.players,
        tuple(masks),
        (),
        (),
    )
    return new_game_state(world.rules, world.history, start)


_DEALT: Final = frozenset((Phase.BID, Phase.PLAY))


def world_weight(world: GameState, seat: int, width: float = WIDTH, slip: float = SLIP) -> float:
    """How well ``world`` explains the other seats' bids and cards this round,
    as the model would have made them there: 1 for a perfect fit, less for
    each bid off and each card not the model's (see the module's text).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(1))
    >>> world_weight(pyclag.bid(state, 3), 0)  # seat 1 bid 3: the model bids 1 there
    0.0003...
    """
    state = round_start(world)
    if state is None:
        return 1.0
    rnd = world.round
    weight = 1.0
    for bidder in rnd.setup.bidding_order:
        tricks = rnd.bids[bidder]
        if tricks is None:
            break
        if bidder != seat:
            model = choose(observe(state, bidder), legal_actions(state))
            if isinstance(model, Bid) and model.tricks != tricks:
                off = model.tricks - tricks
                weight *= math.exp(-off * off / (2 * width * width))
        state = BID_TRICKS(state, state.round, bidder, tricks)
    for plays in (*(trick.plays for trick in rnd.tricks), rnd.trick):
        for play in plays:
            now = state.round
            if play.seat != seat:
                legal = legal_actions(state)
                if len(legal) > 1 and _differs(choose(observe(state, play.seat), legal), play):
                    weight *= slip
            state = PLAY_CARD(state, now, play.seat, play.card, play.as_card)
    return weight


def _differs(model: PlayerAction, play: Play) -> bool:
    return not isinstance(model, Play) or model.card != play.card or model.as_card != play.as_card
