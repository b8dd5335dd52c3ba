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


def legal_mask(
    twos: TwosWild, trick: Sequence[Play], held: int, trump: Suit | None, seen: int
) -> int:
    """The cards of ``held`` that may be played now.

    A player who can follow the suit led plays a natural card of it, or a two
    declared in it (rule 4); otherwise anything. A two may be led unless
    ``may_lead`` is off (rule 6), and may be played only if something is left
    for it to stand for (see :func:`declarations`).

    >>> from pyclag.hand import Hand
    >>> trick = (Play(0, Card.parse("KH")),)
    >>> str(Hand(legal_mask(TwosWild(), trick, Hand.parse("3H 2S 4D").mask, None, 0)))
    '3H 2S'
    """
    if not trick:
        playable = held if twos.may_lead else (held & ~TWOS) or held
    else:
        follow = _follow(twos, trick, held, trump, seen)
        playable = follow | (held & TWOS) if follow else held
    if playable & TWOS and not _identities(
        twos, trick, held, trump, seen, _within(twos, trick, held, trump, seen)
    ):
        playable &= ~TWOS
    return playable


def declarations(
    twos: TwosWild, trick: Sequence[Play], held: int, trump: Suit | None, seen: int
) -> tuple[Card, ...]:
    """The cards a two played now may stand for.

    ``held`` is the player's hand, ``seen`` the cards already played this round
    and the turn-up (as masks). Two twos in one trick stand for different cards
    (rule 3); a player who can follow the suit led declares in that suit (rule
    4); ``wild_trumps`` and ``any_identity`` narrow the rest (rules 7, 8).

    >>> from pyclag.hand import Hand
    >>> len(declarations(TwosWild(), (), Hand.parse("2S").mask, trump=Suit.SPADES, seen=0))
    52
    >>> len(declarations(TwosWild(wild_trumps=False), (), 0, trump=Suit.SPADES, seen=0))
    39
    """
    within = _within(twos, trick, held, trump, seen)
    return cards_of(_identities(twos, trick, held, trump, seen, within))


def _within(twos: TwosWild, trick: Sequence[Play], held: int, trump: Suit | None, seen: int) -> int:
    """Where a two's identity must lie: the suit led for a player who can follow it."""
    if trick and _follow(twos, trick, held, trump, seen):
        return trick[0].effective.suit.mask
    return _ALL


def _follow(twos: TwosWild, trick: Sequence[Play], held: int, trump: Suit | None, seen: int) -> int:
    """The cards of ``held`` that follow the suit led; 0 if it cannot follow.

    A two has no natural suit (rule 5), unless ``natural_suit`` is set: then
    the two of the suit led follows it, as long as it has a card of that suit
    left to stand for."""
    led = trick[0].effective.suit.mask
    naturals = held & led & ~TWOS
    if naturals or not twos.natural_suit or not held & led & TWOS:
        return naturals
    return held & led & TWOS if _identities(twos, trick, held, trump, seen, led) else 0


def _identities(
    twos: TwosWild, trick: Sequence[Play], held: int, trump: Suit | None, seen: int, within: int
) -> int:
    """The cards within ``within`` that a two may stand for, as a mask."""
    allowed = within
    led = trick[0].effective.suit if trick else None
    if not twos.wild_trumps and trump is not None and led is not trump:
        allowed &= ~trump.mask
    if not twos.any_identity:
        allowed &= ~(TWOS | seen | held)
    for play in trick:
        if play.as_card is not None:
            allowed &= ~play.as_card.mask
    return allowed
