"""The chance steps, one column each of the decision table
(:mod:`pyclag.engine.decisions`): the draw for the first bidder (A25 option), the
deal (§1.4) and RAF Blind's face-down shuffle (§2.3). For each, how it is
drawn from an rng, its refusal (an outcome that cannot happen, from
:mod:`pyclag.rules.dealing`) and its transition. Internal surface.
"""

from __future__ import annotations

import random
from typing import Final

from pyclag._checks import unchecked
from pyclag.actions import Deal, Draw, ShuffleHands
from pyclag.cards import Card
from pyclag.engine._build import revise
from pyclag.engine._flow import advance
from pyclag.engine._refusals import refused
from pyclag.engine.position import Position
from pyclag.engine.state import GameState, Phase, RoundSetup
from pyclag.errors import Refusal
from pyclag.hand import cards_of
from pyclag.rules.dealing import (
    deck_refusal,
    draw_winner,
    drawn_cards,
    piles_refusal,
)
from pyclag.rules.shuffle import deal_hands, shuffled_deck

__all__ = [
    "contenders",
    "deal_pack",
    "deal_refusal",
    "draw_refusal",
    "sample_deal",
    "sample_draw",
    "sample_shuffle",
    "shuffle_refusal",
    "take_deal",
    "take_draw",
    "take_shuffle",
]


def _refusal(ruling: object) -> Refusal | None:
    return ruling if isinstance(ruling, Refusal) else None


# --- the draw for the first bidder (§2.2, A25) ------------------------------------------


def contenders(setup: RoundSetup) -> tuple[int, ...]:
    """Who draws for the first bidder, in turn: every seat, clockwise from the eldest.

    >>> import pyclag
    >>> contenders(pyclag.new_game(pyclag.NORMAL, players=3, first_dealer=0).round.setup)
    (1, 2, 0)
    """
    return tuple((setup.eldest + i) % setup.players for i in range(setup.players))


def sample_draw(state: GameState, rng: random.Random) -> Draw:
    """A draw turned from a pack shuffled with ``rng``.

    >>> import random, pyclag
    >>> rules = pyclag.NORMAL.with_options(scottish_draw_each_round=True)
    >>> sample_draw(pyclag.new_game(rules, players=3), random.Random(1))
    Draw(parse_cards('TC QH JS'))
    """
    return Draw(drawn_cards(contenders(state.round.setup), rng))


def draw_refusal(position: Position, action: Draw) -> Refusal | None:
    """Why ``action`` is not a draw that can happen (it does not settle, or repeats a card).

    >>> import pyclag
    >>> state = pyclag.new_game(pyclag.NORMAL.with_options(scottish_draw_each_round=True), 3)
    >>> draw_refusal(state, Draw(pyclag.parse_cards("AS AS KS"))).why
    'one turn of the draw turns a different card for each player, not AS AS KS'
    """
    return _refusal(draw_winner(_cards(action), contenders(position.setup)))


def _cards(action: Draw) -> tuple[Card, ...]:
    cards = unchecked(action).cards  # as given (compiled, a typed read would refuse a list)
    return tuple(cards) if isinstance(cards, (tuple, list)) else ()


def take_draw(state: GameState, action: Draw) -> GameState:
    """The transition: the highest card bids first and leads the first trick.

    >>> import pyclag
    >>> state = pyclag.new_game(pyclag.NORMAL.with_options(scottish_draw_each_round=True), 3)
    >>> state = take_draw(state, Draw(pyclag.parse_cards("2C AS 3D")))
    >>> state.round.setup.first_bidder, state.round.phase.value  # seats 1, 2, 0 drew
    (2, 'deal')
    """
    rnd = state.round
    cards = _cards(action)
    winner = draw_winner(cards, contenders(rnd.setup))
    if isinstance(winner, Refusal):
        raise refused(state, action, winner, "draw", ())
    setup = revise(rnd.setup, draw=cards, first_bidder=winner)
    return advance(state, setup, Phase.DRAW, rnd.bids, rnd.masks)


# --- the deal (§1.4) -------------------------------------------------------------------------


def sample_deal(state: GameState, rng: random.Random) -> Deal:
    """A pack shuffled with ``rng``.

    >>> import random, pyclag
    >>> sample_deal(pyclag.new_game(pyclag.NORMAL, players=3), random.Random(1))
    Deal(parse_cards('QS JC KH JD 4C AH 8D KC ... 6C JS QH TC'))
    """
    return Deal(shuffled_deck(rng))


_DEAL: Final = Phase.DEAL  # an enum member read through its class costs an attribute lookup


def deal_refusal(position: Position, action: Deal) -> Refusal | None:
    """Why ``action.deck`` is not a pack: not the 52 distinct cards.

    >>> import pyclag
    >>> deal_refusal(pyclag.new_game(pyclag.NORMAL, players=3), Deal(pyclag.DECK[:51])).why
    'a deck must hold the 52 distinct cards, top first; got 51 items (missing AS)'
    """
    return _refusal(deck_refusal(unchecked(action).deck))  # as given, as in take_deal


def take_deal(state: GameState, action: Deal) -> GameState:
    """The transition: the cards are dealt, and the trump turned if it may be.

    >>> import pyclag
    >>> state = pyclag.new_game(pyclag.NORMAL, players=3)
    >>> state = take_deal(state, Deal(pyclag.DECK))
    >>> [str(hand) for hand in state.round.hands], str(state.round.setup.turnup)
    (['4C', '2C', '3C'], '5C')
    """
    # As given (``unchecked``: compiled, a read of the field typed as a tuple would
    # refuse a list with mypyc's own TypeError); a list would make the state mutable.
    deck = deck_refusal(unchecked(action).deck)
    if isinstance(deck, Refusal):
        raise refused(state, action, deck, "deal", ())
    return deal_pack(state, deck)


def deal_pack(state: GameState, deck: tuple[Card, ...]) -> GameState:
    """Deal ``deck``, a pack known to hold the 52 cards (one just shuffled, or
    checked by :func:`take_deal`): no second check on the hot path.

    >>> import pyclag
    >>> state = deal_pack(pyclag.new_game(pyclag.NORMAL, players=3), pyclag.DECK)
    >>> pyclag.phase(state).value, str(state.round.turnup)
    ('bid', '5C')
    """
    rnd = state.round
    setup = rnd.setup
    masks = deal_hands(deck, setup.players, setup.hand_size, setup.dealer)
    return advance(state, setup, _DEAL, rnd.bids, masks, deck)


# --- RAF Blind's face-down shuffle (§2.3) ---------------------------------------------------


def sample_shuffle(state: GameState, rng: random.Random) -> ShuffleHands:
    """Each seat's cards shuffled with ``rng`` into its pile.

    >>> import random, pyclag
    >>> rules = pyclag.NORMAL.with_schedule([pyclag.RoundSpec(2,  # misère played as RAF Blind
    ...     bidding=pyclag.rules.Bidding.FORCED_ZERO, play=pyclag.rules.PlayMode.SHUFFLED)])
    >>> state = pyclag.deal(pyclag.new_game(rules, players=3), deck=pyclag.DECK)
    >>> sample_shuffle(state, random.Random(1))
    ShuffleHands('7C 4C / 5C 2C / 3C 6C')
    """
    piles = []
    for mask in state.round.masks:
        pile = list(cards_of(mask))
        rng.shuffle(pile)
        piles.append(tuple(pile))
    return ShuffleHands(tuple(piles))


def shuffle_refusal(position: Position, action: ShuffleHands) -> Refusal | None:
    """Why ``action`` is not a shuffle of each seat's own cards.

    >>> import pyclag
    >>> rules = pyclag.NORMAL.with_schedule([pyclag.RoundSpec(2,  # misère played as RAF Blind
    ...     bidding=pyclag.rules.Bidding.FORCED_ZERO, play=pyclag.rules.PlayMode.SHUFFLED)])
    >>> state = pyclag.deal(pyclag.new_game(rules, players=3), deck=pyclag.DECK)
    >>> swapped = ShuffleHands(tuple(map(pyclag.parse_cards, ["2C 5C", "4C 7C", "3C 6C"])))
    >>> shuffle_refusal(state, swapped).why
    'a face-down shuffle gives each seat an order of its own cards; seat 0 holds 4C 7C, not 2C 5C'
    """
    masks = tuple(map(position.held, range(position.setup.players)))
    return _refusal(piles_refusal(masks, unchecked(action).piles))  # as given


def take_shuffle(state: GameState, action: ShuffleHands) -> GameState:
    """The transition: the piles are laid; the round then plays itself out.

    >>> import pyclag
    >>> rules = pyclag.NORMAL.with_schedule([pyclag.RoundSpec(2,  # misère played as RAF Blind
    ...     bidding=pyclag.rules.Bidding.FORCED_ZERO, play=pyclag.rules.PlayMode.SHUFFLED)])
    >>> state = pyclag.deal(pyclag.new_game(rules, players=3), deck=pyclag.DECK)
    >>> piles = pyclag.parse_action(state, "7C 4C / 2C 5C / 6C 3C")  # seat 0's first, top first
    >>> take_shuffle(state, piles).history[0].points  # seat 2 took none
    (0, 0, 10)
    """
    rnd = state.round
    piles = piles_refusal(rnd.masks, unchecked(action).piles)  # as given, as for a deck
    if isinstance(piles, Refusal):
        raise refused(state, action, piles, "shuffle", ())
    setup = revise(rnd.setup, piles=piles)
    return advance(state, setup, Phase.SHUFFLE, rnd.bids, rnd.masks)
