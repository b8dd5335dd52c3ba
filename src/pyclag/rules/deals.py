"""The special-deal axes of a round: how players bid, when the trump is
revealed, how cards are played, and wild twos (RULES.md §2.0).

Each special deal is a combination of these values on a
:class:`~pyclag.rules.round.RoundSpec`; none is a subclass:

==================  ==============================================================
deal (§2.0 code)    values
==================  ==============================================================
``GUESS``           ``reveal=Reveal.AFTER_BIDS``
``BLIND_TK``        ``bidding=Bidding.UNSEEN``
``BLIND_NK``        ``bidding=Bidding.BEFORE_DEAL`` (pagat) or ``UNSEEN`` and
                    ``reveal=AFTER_BIDS`` (Scottish)
``ROLL``            ``bidding=Bidding.UNSEEN, play=PlayMode.DEALT_ORDER``
``MISERE``          ``bidding=Bidding.FORCED_ZERO`` and a misère scoring
``MOST_TRICKS``     ``bidding=Bidding.NONE`` and :class:`~pyclag.scoring.schemes.MostTricks`
``TWOS_WILD``       ``twos=TwosWild()``
==================  ==============================================================

>>> Bidding.FORCED_ZERO.has_bids, Bidding.NONE.has_bids
(False, False)
"""

from __future__ import annotations

import enum

import attrs

from pyclag._checks import Frozen, is_flag

__all__ = ["Bidding", "PlayMode", "Reveal", "TwosWild"]


class Bidding(enum.Enum):
    """How (and whether) players bid in a round.

    * ``SEEN``: after seeing their own hand (§1.6).
    * ``UNSEEN``: after the deal, without looking at their own cards (``BLIND_TK``,
      ``ROLL``, Scottish ``BLIND_NK``).
    * ``BEFORE_DEAL``: before any card is dealt (pagat deal 11, A32).
    * ``FORCED_ZERO``: no bidding; every contract is 0 (``MISERE``).
    * ``NONE``: no bidding and no contracts (``MOST_TRICKS``).

    >>> Bidding.UNSEEN.has_bids, Bidding.UNSEEN.sees_hand
    (True, False)
    """

    SEEN = "seen"
    UNSEEN = "unseen"
    BEFORE_DEAL = "before-deal"
    FORCED_ZERO = "forced-zero"
    NONE = "none"

    @property
    def has_bids(self) -> bool:
        """Whether players choose bids (with the hook) in such a round.

        >>> Bidding.BEFORE_DEAL.has_bids
        True
        """
        return self in (Bidding.SEEN, Bidding.UNSEEN, Bidding.BEFORE_DEAL)

    @property
    def sees_hand(self) -> bool:
        """Whether a bidder may look at their own cards.

        >>> Bidding.SEEN.sees_hand, Bidding.BEFORE_DEAL.sees_hand
        (True, False)
        """
        return self is Bidding.SEEN


class Reveal(enum.Enum):
    """When a turn-up trump is shown.

    * ``BEFORE_BIDS``: as soon as the cards are dealt (§1.5).
    * ``AFTER_BIDS``: only once the last bid is made (``GUESS``; Scottish blind).
    """

    BEFORE_BIDS = "before-bids"
    AFTER_BIDS = "after-bids"


class PlayMode(enum.Enum):
    """How each player's cards reach the table.

    * ``HAND``: players choose, following suit (§1.8).
    * ``DEALT_ORDER``: face-down piles played one card a trick, the first card
      dealt first, with no duty to follow (``ROLL``, A17).
    * ``REVERSE_ORDER``: as ``DEALT_ORDER`` from the last card dealt (A17 option).
    * ``SHUFFLED``: each player shuffles their own hand face down and plays the
      top card each trick (RAF Blind, §2.3).

    >>> PlayMode.HAND.is_pile, PlayMode.SHUFFLED.is_pile
    (False, True)
    """

    HAND = "hand"
    DEALT_ORDER = "dealt"
    REVERSE_ORDER = "reverse"
    SHUFFLED = "shuffled"

    @property
    def is_pile(self) -> bool:
        """Whether cards come off a face-down pile, with no choice to make.

        >>> PlayMode.DEALT_ORDER.is_pile
        True
        """
        return self is not PlayMode.HAND


@attrs.frozen
class TwosWild(Frozen):
    """All four twos are wild (§2.0 ``TWOS_WILD``): a two is played as the card
    its owner declares, and beats that card played naturally in the same trick.

    Rules 1-4 of §2.0 always hold (rule 3: twos in one trick are declared as
    different cards; rule 4: a player holding a natural card of the suit led
    must declare a two in that suit). Rules 5-8 are the flags:

    * ``natural_suit`` (rule 5, default False): a two counts as a card of its
      own suit for the duty to follow.
    * ``may_lead`` (rule 6, default True): a two may be led (as any card).
    * ``any_identity`` (rule 7, default True): any of the 52 cards may be
      declared; when False, not a two, the turn-up, a card the player holds, or
      one already played this round.
    * ``wild_trumps`` (rule 8, default True): a two may be declared in the
      trump suit (it is then a trump); when False, only when trumps were led.

    >>> TwosWild().may_lead, TwosWild(natural_suit=True).natural_suit
    (True, True)
    """

    natural_suit: bool = attrs.field(default=False, validator=is_flag)
    may_lead: bool = attrs.field(default=True, validator=is_flag)
    any_identity: bool = attrs.field(default=True, validator=is_flag)
    wild_trumps: bool = attrs.field(default=True, validator=is_flag)
