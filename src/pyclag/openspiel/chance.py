"""Chance a card at a time, as OpenSpiel's algorithms expect it: every chance
node of pyclag (the deal, RAF Blind's face-down shuffle, the Scottish draw
for the first bidder; :func:`pyclag.sample_chance` names them) becomes a
run of chance nodes, each turning one card, uniform over the cards it may
be. The cards turned so far are ``pending``; when they complete the step,
:func:`settle` gives the pyclag chance action they make.

* The deal (§1.4): the pack top first, so the ``i``-th card dealt goes where
  :class:`~pyclag.actions.Deal` puts card ``i`` (:func:`pyclag.rules.dealing.dealt_slice`),
  then the turn-up where the round may turn one (§1.5). The rest of the pack is
  never seen, so it follows in pack order.
* The face-down shuffle (§2.3): seat 0's pile top first, then seat 1's, and
  so on, each card one of that seat's cards not yet laid.
* The draw (§2.2, A25): the cards as turned, from a pack not yet drawn from
  (a fresh pack once all 52 are turned); settled when one seat is highest.

A chance outcome is the card's id in :mod:`pyclag.codec` (OpenSpiel's
``oh_hell`` numbering).

>>> import pyclag
>>> state = pyclag.new_game(pyclag.NORMAL.with_schedule([1]), 3)
>>> len(outcomes(state, ())), settle(state, (0, 1, 2))
(52, None)
>>> str(settle(state, (0, 1, 2, 3)))[:12]
'2C 2D 2S 2H '
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from pyclag.actions import ChanceAction, Deal, Draw, ShuffleHands
from pyclag.cards import DECK
from pyclag.codec import card_id, card_of
from pyclag.engine.rounds import contenders
from pyclag.engine.state import GameState, Phase, RoundSetup
from pyclag.hand import cards_of
from pyclag.rules.dealing import draw_winner

__all__ = ["CARDS", "CARD_IDS", "outcomes", "possible", "resampled", "settle", "text"]

CARD_IDS: Final = tuple(map(card_id, DECK))
"""Each card's id, by its place in :data:`~pyclag.cards.DECK`."""
CARDS: Final = {ident: card_of(ident) for ident in range(len(DECK))}
"""The card of each id."""


def _deal_size(setup: RoundSetup) -> int:
    """How many cards of the pack matter: the hands, and the turn-up where the
    round turns one or a call may choose it (A19)."""
    dealt = setup.players * setup.hand_size
    played = setup.played
    turns = played.suits.turns_up or (played.calls is not None and played.calls.trumps_from_turnup)
    return dealt + 1 if turns and dealt < len(DECK) else dealt


def outcomes(state: GameState, pending: Sequence[int]) -> tuple[int, ...]:
    """The ids the next card may have, ascending (each equally likely).

    >>> import pyclag
    >>> rules = pyclag.NORMAL.with_schedule([pyclag.RoundSpec(2,  # misère played as RAF Blind
    ...     bidding=pyclag.rules.Bidding.FORCED_ZERO, play=pyclag.rules.PlayMode.SHUFFLED)])
    >>> state = pyclag.deal(pyclag.new_game(rules, players=3), deck=pyclag.DECK)
    >>> [str(CARDS[i]) for i in outcomes(state, ())], [str(CARDS[i]) for i in outcomes(state, (CARD_IDS[5],))]
    (['4C', '7C'], ['4C'])
    """
    rnd = state.round
    if rnd.phase is Phase.SHUFFLE:
        seat, laid = _shuffle_place(rnd.masks, len(pending))
        left = rnd.masks[seat] & ~sum(CARDS[i].mask for i in pending[len(pending) - laid :])
        return tuple(sorted(CARD_IDS[card.index] for card in cards_of(left)))
    if rnd.phase is Phase.DRAW:
        pending = pending[len(pending) - len(pending) % len(DECK) :]  # a fresh pack (A25)
    return tuple(sorted(_IDS.difference(pending)))


_IDS: Final = frozenset(CARD_IDS)


def possible(state: GameState, pending: Sequence[int], ident: object) -> bool:
    """Whether ``ident`` is one of :func:`outcomes` (quickly, for a deal or a draw).

    >>> import pyclag
    >>> state = pyclag.new_game(pyclag.NORMAL, 3)
    >>> possible(state, (5,), 6), possible(state, (5,), 5), possible(state, (5,), 52)
    (True, False, False)
    """
    if state.round.phase is Phase.SHUFFLE:
        return ident in outcomes(state, pending)
    if state.round.phase is Phase.DRAW:
        pending = pending[len(pending) - len(pending) % len(DECK) :]
    return ident in _IDS and ident not in pending


def _shuffle_place(masks: Sequence[int], laid: int) -> tuple[int, int]:
    """The seat whose pile the next card goes on, and how many it has."""
    for seat, mask in enumerate(masks):
        size = mask.bit_count()
        if laid < size:
            return seat, laid
        laid -= size
    return len(masks), 0


def settle(state: GameState, pending: Sequence[int]) -> ChanceAction | None:
    """The chance action ``pending`` makes, once it is complete; else None.

    >>> import pyclag
    >>> state = pyclag.new_game(pyclag.NORMAL.with_schedule([1]), 3)
    >>> settle(state, (51, 50, 49)), str(settle(state, (51, 50, 49, 48)))[:12]
    (None, 'AH AS AD AC ')
    """
    rnd = state.round
    cards = tuple(CARDS[i] for i in pending)
    if rnd.phase is Phase.DEAL:
        if len(cards) < _deal_size(rnd.setup):
            return None
        return Deal(cards + tuple(card for card in DECK if card not in set(cards)))
    if rnd.phase is Phase.SHUFFLE:
        if _shuffle_place(rnd.masks, len(cards))[0] < len(rnd.masks):
            return None
        piles, start = [], 0
        for mask in rnd.masks:
            piles.append(cards[start : start + mask.bit_count()])
            start += mask.bit_count()
        return ShuffleHands(tuple(piles))
    settled = isinstance(draw_winner(cards, contenders(rnd.setup)), int)
    return Draw(cards) if settled else None


def resampled(state: GameState, pending: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    """``pending`` redrawn for a determinized ``state``: what nobody has seen
    yet is drawn again (the cards of a deal in progress, which players pick up
    once it is complete; a face-down pile's order), what all have seen kept
    (the cards of a draw, turned face up).

    >>> import random, pyclag
    >>> state = pyclag.new_game(pyclag.NORMAL.with_schedule([1]), 3)
    >>> len(resampled(state, (0, 1), random.Random(1)))
    2
    """
    phase = state.round.phase
    if phase is Phase.DRAW:
        return tuple(pending)
    if phase is Phase.DEAL:
        return tuple(rng.sample(CARD_IDS, len(pending)))
    piles = []
    for mask in state.round.masks:
        pile = [CARD_IDS[card.index] for card in cards_of(mask)]
        rng.shuffle(pile)
        piles.extend(pile)
    return tuple(piles[: len(pending)])


def text(state: GameState, pending: Sequence[int]) -> str:
    """What everyone sees of ``pending``: how many cards are dealt or laid,
    and a draw's cards (face up).

    >>> import pyclag
    >>> text(pyclag.new_game(pyclag.NORMAL, 3), (5, 9))
    'deal: 2 cards dealt'
    """
    phase = state.round.phase
    if phase is Phase.DRAW:
        return "draw: " + " ".join(str(CARDS[i]) for i in pending)
    verb = "dealt" if phase is Phase.DEAL else "laid face down"
    return f"{phase.value}: {len(pending)} cards {verb}"
