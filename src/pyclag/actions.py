"""Actions: frozen values that carry the seat that takes them (DESIGN.md §3).

Player actions: :class:`Bid`, :class:`Play`, :class:`Call`,
:class:`ChooseHandSize`, :class:`DeclareTrump`. Chance actions: :class:`Deal`
and :class:`ShuffleHands`. Actions are plain data; the engine validates them
against a state.

>>> Play(0, Card.parse("2H"), as_card=Card.parse("AC")).effective
Card(Suit.CLUBS, Rank.ACE)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, TypeAlias

import attrs

from pyclag.cards import Card, Suit
from pyclag.errors import RulesError

if TYPE_CHECKING:  # rules.tricks imports this module
    from pyclag.rules.trumps import NoTrumps, Precedence, TurnUp

__all__ = [
    "Action",
    "Bid",
    "Call",
    "ChanceAction",
    "ChooseHandSize",
    "Deal",
    "DeclareTrump",
    "Madness",
    "Play",
    "PlayerAction",
    "ShuffleHands",
]


@attrs.frozen
class Bid:
    """Seat ``seat`` bids to take exactly ``tricks`` tricks (a "nomination").

    >>> Bid(3, 2)
    Bid(seat=3, tricks=2)
    """

    seat: int
    tricks: int


@attrs.frozen
class Play:
    """Seat ``seat`` plays ``card``; a wild two names ``as_card``, the card it
    stands for (RULES.md §2.0 ``TWOS_WILD``).

    >>> str(Play(1, Card.parse("KS")))
    'KS'
    """

    seat: int
    card: Card
    as_card: Card | None = None

    @property
    def effective(self) -> Card:
        """The card this play counts as (the declared card of a wild two, else the card).

        >>> str(Play(0, Card.parse("2H"), as_card=Card.parse("AC")).effective)
        'AC'
        """
        return self.card if self.as_card is None else self.as_card

    def __str__(self) -> str:
        return str(self.card) if self.as_card is None else f"{self.card}={self.as_card}"


class Madness(enum.Enum):
    """RAF madness: trick ``j`` of ``h`` is worth ``2j`` ascending, ``2(h-j+1)``
    descending (RULES.md §2.3).

    >>> [Madness.DESCENDING.trick_value(j, 4) for j in range(1, 5)]
    [8, 6, 4, 2]
    """

    ASCENDING = "ascending"
    DESCENDING = "descending"

    def trick_value(self, j: int, hand_size: int) -> int:
        """The value of trick ``j`` (1-based) in a round of ``hand_size`` tricks.

        >>> Madness.ASCENDING.trick_value(3, 5), Madness.DESCENDING.trick_value(1, 5)
        (6, 10)
        >>> Madness.ASCENDING.trick_value(6, 5)
        Traceback (most recent call last):
        pyclag.errors.RulesError: trick_value: trick 6 of 5 does not exist; j is 1..hand_size
        """
        if not (type(j) is int and type(hand_size) is int and 1 <= j <= hand_size):
            raise RulesError(
                f"trick_value: trick {j!r} of {hand_size!r} does not exist; j is 1..hand_size"
            )
        return 2 * j if self is Madness.ASCENDING else 2 * (hand_size - j + 1)


@attrs.frozen
class Call:
    """The RAF caller's choice of rules for a deal (RULES.md §2.3, Decision 5):
    named trumps (a :class:`~pyclag.cards.Suit`; ``TURN_UP`` under ``raf_trumps_from_turnup``),
    ``NO_TRUMPS`` or a :class:`~pyclag.rules.trumps.Precedence`, with any of
    Nuloss, Blind, Misère and a madness.

    >>> Call(0, Suit.HEARTS, nuloss=True, madness=Madness.ASCENDING).label
    'Trumps H, Nuloss, Ascending Madness'
    """

    seat: int
    suits: Suit | TurnUp | NoTrumps | Precedence
    nuloss: bool = False
    blind: bool = False
    misere: bool = False
    madness: Madness | None = None

    @property
    def label(self) -> str:
        """The call as a score card names it.

        >>> from pyclag.rules.trumps import NO_TRUMPS
        >>> Call(1, NO_TRUMPS, blind=True, misere=True).label
        'No Trumps, Blind, Misère'
        """
        suits = self.suits
        parts = [
            f"Trumps {suits.letter}"
            if isinstance(suits, Suit)
            else suits.label or "Turn-up trumps",
            "Nuloss" if self.nuloss else "",
            "Blind" if self.blind else "",
            "Misère" if self.misere else "",
            "" if self.madness is None else f"{self.madness.value.title()} Madness",
        ]
        return ", ".join(part for part in parts if part)


@attrs.frozen
class ChooseHandSize:
    """The RAF dealer chooses the hand size for the deal (RULES.md §2.3).

    >>> ChooseHandSize(2, 5).size
    5
    """

    seat: int
    size: int


@attrs.frozen
class DeclareTrump:
    """The dealer names trumps in a dealer-calls deal (``None``: no trumps,
    where allowed) (RULES.md §2.0 ``DEALER_CALLS``).

    >>> DeclareTrump(0, Suit.SPADES).suit
    <Suit.SPADES: 3>
    """

    seat: int
    suit: Suit | None


@attrs.frozen(repr=False)
class Deal:
    """Chance: the shuffled pack, top card first (RULES.md §1.4).

    >>> from pyclag.cards import DECK
    >>> len(Deal(DECK).deck)
    52
    """

    deck: tuple[Card, ...]

    def __repr__(self) -> str:
        return f"Deal(parse_cards({' '.join(str(card) for card in self.deck)!r}))"


@attrs.frozen
class ShuffleHands:
    """Chance: each seat's face-down play order, top card first (RAF Blind, §2.3).

    >>> ShuffleHands(((Card.parse("AS"),),)).orders[0][0]
    Card(Suit.SPADES, Rank.ACE)
    """

    orders: tuple[tuple[Card, ...], ...]


PlayerAction: TypeAlias = Bid | Play | Call | ChooseHandSize | DeclareTrump
ChanceAction: TypeAlias = Deal | ShuffleHands
Action: TypeAlias = PlayerAction | ChanceAction
