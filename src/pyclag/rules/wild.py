"""Wild twos (RULES.md §2.0 ``TWOS_WILD`` rules 1-8): which cards may be played
and what a two may stand for.

>>> from pyclag.actions import Play
>>> from pyclag.cards import Card
>>> from pyclag.hand import Hand
>>> from pyclag.rules.deals import TwosWild
>>> trick = (Play(0, Card.parse("AC")), Play(1, Card.parse("2H"), Card.parse("AC")))
>>> held = Hand.parse("7C 2D").mask
>>> [str(c) for c in declarations(TwosWild(), trick, held, trump=None, seen=0)][-3:]
['JC', 'QC', 'KC']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pyclag.actions import Play
from pyclag.cards import DECK, Card, Rank, Suit
from pyclag.hand import cards_of
from pyclag.rules.deals import TwosWild

__all__ = ["TWOS", "declarations", "legal_mask"]

TWOS: Final = sum(card.mask for card in DECK if card.rank is Rank.TWO)
"""The mask of the four twos."""
_ALL: Final = (1 << 52) - 1


def _naturals(twos: TwosWild, led: Suit, held: int) -> int:
    """The cards of ``held`` that count as the suit led: rule 5 leaves twos out."""
    naturals = held & led.mask
    return naturals if twos.natural_suit else naturals & ~TWOS


def legal_mask(twos: TwosWild, trick: Sequence[Play], held: int) -> int:
    """The cards of ``held`` that may be played, before asking whether a two has
    a card left to stand for (see :func:`declarations`).

    A player holding a natural card of the suit led plays one, or a two (rule 4);
    otherwise anything. A two may be led unless ``may_lead`` is off (rule 6).

    >>> from pyclag.hand import Hand
    >>> trick = (Play(0, Card.parse("KH")),)
    >>> str(Hand(legal_mask(TwosWild(), trick, Hand.parse("3H 2S 4D").mask)))
    '3H 2S'
    """
    if not trick:
        return held if twos.may_lead else (held & ~TWOS) or held
    naturals = _naturals(twos, trick[0].effective.suit, held)
    return naturals | (held & TWOS) if naturals else held


def declarations(
    twos: TwosWild, trick: Sequence[Play], held: int, trump: Suit | None, seen: int
) -> tuple[Card, ...]:
    """The cards a two played now may stand for.

    ``held`` is the player's hand, ``seen`` the cards already played this round
    and the turn-up (as masks). Two twos in one trick stand for different cards
    (rule 3); a player holding a natural card of the suit led declares in that
    suit (rule 4); ``wild_trumps`` and ``any_identity`` narrow the rest (rules 7, 8).

    >>> from pyclag.hand import Hand
    >>> len(declarations(TwosWild(), (), Hand.parse("2S").mask, trump=Suit.SPADES, seen=0))
    52
    >>> len(declarations(TwosWild(wild_trumps=False), (), 0, trump=Suit.SPADES, seen=0))
    39
    """
    allowed = _ALL
    led = trick[0].effective.suit if trick else None
    if led is not None and _naturals(twos, led, held):
        allowed = led.mask
    if not twos.wild_trumps and trump is not None and led is not trump:
        allowed &= ~trump.mask
    if not twos.any_identity:
        allowed &= ~(TWOS | seen | held)
    for play in trick:
        if play.as_card is not None:
            allowed &= ~play.as_card.mask
    return cards_of(allowed)
