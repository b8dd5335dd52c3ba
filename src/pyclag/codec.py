"""TEMPORARY stand-in for the codec branch's ``pyclag.codec`` (same API), so that
the OpenSpiel adapter can be built and tested before it lands; replaced by the
merge of ``codec``. Cards and bids follow OpenSpiel's ``oh_hell``.

>>> NUM_ACTIONS > 52
True
"""

from __future__ import annotations

from pyclag.actions import Bid, Call, ChooseHandSize, DeclareTrump, Play, PlayerAction
from pyclag.cards import DECK, Suit
from pyclag.engine import legal_actions
from pyclag.errors import RulesError
from pyclag.rules.calls import CallRules
from pyclag.state import GameState
from pyclag.views import Observation

__all__ = ["NUM_ACTIONS", "action_id", "action_of", "encode", "legal_ids", "legal_mask"]

_SUIT = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.SPADES: 2, Suit.HEARTS: 3}
NUM_ACTIONS = 1200 + 52 * 52
_CALLS = {
    str(c): i
    for i, c in enumerate(
        [*CallRules().legal_calls(0), *CallRules(trumps_from_turnup=True).legal_calls(0)[:174]]
    )
}


def _card(card: object) -> int:
    return (card.rank.value - 2) * 4 + _SUIT[card.suit]  # type: ignore[attr-defined]


def action_id(action: PlayerAction) -> int:
    """The id of ``action``."""
    if isinstance(action, Play):
        if action.as_card is None:
            return _card(action.card)
        return 1200 + _card(action.card) * 52 + _card(action.as_card)
    if isinstance(action, Bid):
        return 52 + action.tricks
    if isinstance(action, ChooseHandSize):
        return 80 + action.size
    if isinstance(action, DeclareTrump):
        return 100 + (_SUIT[action.suit] if isinstance(action.suit, Suit) else 4)
    if isinstance(action, Call):
        return 110 + _CALLS[str(action)]
    raise RulesError(f"no id for {action!r}")


def legal_ids(state: GameState) -> tuple[int, ...]:
    """The ids of the legal actions, ascending."""
    return tuple(sorted(action_id(a) for a in legal_actions(state)))


def legal_mask(state: GameState) -> tuple[int, ...]:
    """1 for each legal id."""
    ids = set(legal_ids(state))
    return tuple(int(i in ids) for i in range(NUM_ACTIONS))


def action_of(state: GameState, ident: int) -> PlayerAction:
    """The legal action with id ``ident``."""
    for action in legal_actions(state):
        if action_id(action) == ident:
            return action
    raise RulesError(f"action id {ident} is not legal here")


def encode(observation: Observation) -> tuple[float, ...]:
    """A few features."""
    out = [0.0] * (52 + 7 + 52)
    if observation.hand is not None:
        for card in observation.hand:
            out[_card(card)] = 1.0
    out[52 + observation.seat] = 1.0
    for mask in observation.played:
        for card in DECK:
            if card.mask & mask:
                out[59 + _card(card)] = 1.0
    return tuple(out)
