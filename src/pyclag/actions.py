"""Actions: frozen values that carry the seat that takes them (DESIGN.md §3).

Player actions: :class:`Bid`, :class:`Play`, :class:`Call`,
:class:`ChooseHandSize`, :class:`DeclareTrump`. Chance actions: :class:`Deal`,
:class:`ShuffleHands` and :class:`Draw`. Actions are plain data, and the
engine validates them against a state; a :class:`Play` (from
:mod:`pyclag._play`, where the compiled build makes it native) is
made only of a seat and cards, and refuses anything else with a TypeError.

``str(action)`` is the action's notation, the one text a record, the terminal
and an error message write: ``3`` (a bid or a hand size), ``AS``, ``2H=AC`` (a
wild two and the card it stands for), ``H`` or ``no-trumps`` (a declared trump),
``precedence:DHSC nuloss ascending`` (a RAF call). :func:`pyclag.parse_action`
reads it back for the seat to act.

>>> play = Play(0, Card.parse("2H"), as_card=Card.parse("AC"))
>>> play.effective, str(play)
(Card(Suit.CLUBS, Rank.ACE), '2H=AC')
"""

from __future__ import annotations

import enum
from typing import Protocol, TypeAlias

import attrs

from pyclag._checks import Frozen, integer, is_whole, not_a, whole
from pyclag._play import Play
from pyclag.cards import Card, Suit
from pyclag.errors import RulesError

__all__ = [
    "Action",
    "Bid",
    "Call",
    "CallChoice",
    "ChanceAction",
    "ChooseHandSize",
    "Deal",
    "DeclareTrump",
    "Draw",
    "Madness",
    "Play",
    "PlayerAction",
    "ShuffleHands",
    "SuitChoice",
]


def _shown(value: object, kind: type | tuple[type, ...]) -> str:
    """``value`` as the notation writes it if it is of ``kind``, else as Python
    shows it: an action built from a stranger's values still writes itself,
    and ``'2'`` is not read as ``2`` in an error message."""
    return str(value) if isinstance(value, kind) and not isinstance(value, bool) else repr(value)


def _choice_text(suits: object) -> str:
    if isinstance(suits, Suit):
        return suits.letter
    notation = getattr(suits, "notation", None)
    return notation if isinstance(notation, str) else repr(suits)


@attrs.frozen
class Bid(Frozen):
    """Seat ``seat`` bids to take exactly ``tricks`` tricks (a "nomination").

    >>> Bid(3, 2), str(Bid(3, 2))
    (Bid(seat=3, tricks=2), '2')
    """

    seat: int = attrs.field(converter=integer)
    tricks: int = attrs.field(converter=integer)

    def __str__(self) -> str:
        return _shown(self.tricks, int)


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
        A ``j`` or ``hand_size`` that is not an int is a TypeError; a trick the
        round does not have a RulesError.

        >>> Madness.ASCENDING.trick_value(3, 5), Madness.DESCENDING.trick_value(1, 5)
        (6, 10)
        >>> Madness.ASCENDING.trick_value(6, 5)
        Traceback (most recent call last):
        pyclag.errors.RulesError: Madness.trick_value: trick 6 of 5 does not exist; j is 1..hand_size
        >>> Madness.ASCENDING.trick_value("1", 5)
        Traceback (most recent call last):
        TypeError: Madness.trick_value: j must be an int, not str
        """
        j, hand_size = whole(j), whole(hand_size)
        for name, value in (("j", j), ("hand_size", hand_size)):
            if not is_whole(value):
                raise not_a("Madness.trick_value", name, "an int", value)
        if not 1 <= j <= hand_size:
            raise RulesError(
                f"Madness.trick_value: trick {j} of {hand_size} does not exist; j is 1..hand_size"
            )
        return 2 * j if self is Madness.ASCENDING else 2 * (hand_size - j + 1)


class SuitChoice(Protocol):
    """What a call or a trump declaration may choose besides a named suit: no
    trumps, the turn-up, a precedence (the values of :mod:`pyclag.rules.trumps`).
    ``notation`` is how the choice is written (``no-trumps``)."""

    @property
    def label(self) -> str:
        """The choice as a score card names it."""
        ...

    @property
    def notation(self) -> str:
        """The choice as a record, the terminal and an error message write it."""
        ...

    @property
    def shorthand(self) -> str:
        """What a player types for the choice, in short (``nt``)."""
        ...

    @property
    def precedence(self) -> tuple[Suit, ...] | None:
        """The suit order of a precedence, top first; ``None`` for any other choice."""
        ...


def _suits_text(suits: Suit | SuitChoice) -> str:
    return f"trumps:{suits.letter}" if isinstance(suits, Suit) else _choice_text(suits)


def _suits_label(suits: Suit | SuitChoice) -> str:
    return f"Trumps {suits.letter}" if isinstance(suits, Suit) else suits.label or "Turn-up trumps"


@attrs.frozen
class CallChoice(Frozen):
    """The rules a RAF call chooses, whoever calls (RULES.md §2.3, Decision 5):
    named trumps (a :class:`~pyclag.cards.Suit`; ``TURN_UP`` under
    ``raf_trumps_from_turnup``), ``NO_TRUMPS`` or a
    :class:`~pyclag.rules.trumps.Precedence`, with any of Nuloss, Blind, Misère
    and a madness. A record keeps the choice; replay gives it to the caller.

    >>> choice = CallChoice(Suit.HEARTS, nuloss=True, madness=Madness.ASCENDING)
    >>> choice.label, str(choice)
    ('Trumps H, Nuloss, Ascending Madness', 'trumps:H nuloss ascending')
    >>> choice.by(2)
    Call(seat=2, suits=<Suit.HEARTS: 2>, nuloss=True, blind=False, misere=False, madness=<Madness.ASCENDING: 'ascending'>)
    """

    suits: Suit | SuitChoice
    nuloss: bool = False
    blind: bool = False
    misere: bool = False
    madness: Madness | None = None

    @property
    def label(self) -> str:
        """The choice as a score card names it."""
        parts = [
            _suits_label(self.suits),
            "Nuloss" if self.nuloss else "",
            "Blind" if self.blind else "",
            "Misère" if self.misere else "",
            "" if self.madness is None else f"{self.madness.value.title()} Madness",
        ]
        return ", ".join(part for part in parts if part)

    def by(self, seat: int) -> Call:
        """This choice called by ``seat``.

        >>> call = CallChoice(Suit.SPADES, blind=True).by(1)
        >>> call.seat, str(call.choice)
        (1, 'trumps:S blind')
        """
        return Call(seat, self.suits, self.nuloss, self.blind, self.misere, self.madness)

    def __str__(self) -> str:
        flags = ("nuloss", self.nuloss), ("blind", self.blind), ("misere", self.misere)
        words = [_suits_text(self.suits)]
        words += [word if on is True else f"{word}={on!r}" for word, on in flags if on is not False]
        madness = self.madness
        if madness is not None:
            words.append(madness.value if isinstance(madness, Madness) else f"madness={madness!r}")
        return " ".join(words)


@attrs.frozen
class Call(Frozen):
    """Seat ``seat``, the RAF caller, makes a :class:`CallChoice`: the same
    fields, with the seat (RULES.md §2.3, Decision 5).

    >>> call = Call(0, Suit.HEARTS, nuloss=True, madness=Madness.ASCENDING)
    >>> call.label, str(call)
    ('Trumps H, Nuloss, Ascending Madness', 'trumps:H nuloss ascending')
    """

    seat: int = attrs.field(converter=integer)
    suits: Suit | SuitChoice
    nuloss: bool = False
    blind: bool = False
    misere: bool = False
    madness: Madness | None = None

    @property
    def choice(self) -> CallChoice:
        """The rules called, without the seat.

        >>> Call(3, Suit.SPADES, blind=True).choice
        CallChoice(suits=<Suit.SPADES: 3>, nuloss=False, blind=True, misere=False, madness=None)
        """
        return CallChoice(self.suits, self.nuloss, self.blind, self.misere, self.madness)

    @property
    def label(self) -> str:
        """The call as a score card names it.

        >>> Call(1, Suit.CLUBS, blind=True, misere=True).label
        'Trumps C, Blind, Misère'
        """
        return self.choice.label

    def __str__(self) -> str:
        return str(self.choice)


@attrs.frozen
class ChooseHandSize(Frozen):
    """The RAF dealer chooses the hand size for the deal (RULES.md §2.3).

    >>> ChooseHandSize(2, 5).size, str(ChooseHandSize(2, 5))
    (5, '5')
    """

    seat: int = attrs.field(converter=integer)
    size: int = attrs.field(converter=integer)

    def __str__(self) -> str:
        return _shown(self.size, int)


@attrs.frozen
class DeclareTrump(Frozen):
    """The dealer names trumps in a dealer-calls deal: a suit, or ``NO_TRUMPS``
    where allowed (RULES.md §2.0 ``DEALER_CALLS``, A11).

    >>> DeclareTrump(0, Suit.SPADES).suit, str(DeclareTrump(0, Suit.SPADES))
    (<Suit.SPADES: 3>, 'S')
    """

    seat: int = attrs.field(converter=integer)
    suit: Suit | SuitChoice

    def __str__(self) -> str:
        return _choice_text(self.suit)


def _cards_text(cards: object) -> str:
    if not isinstance(cards, (tuple, list)):
        return repr(cards)
    return " ".join(_shown(card, Card) for card in cards)


@attrs.frozen(repr=False)
class Deal(Frozen):
    """Chance: the shuffled pack, top card first (RULES.md §1.4).

    >>> from pyclag.cards import DECK
    >>> len(Deal(DECK).deck), str(Deal(DECK))[:8]
    (52, '2C 3C 4C')
    """

    deck: tuple[Card, ...]

    def __str__(self) -> str:
        return _cards_text(self.deck)

    def __repr__(self) -> str:
        return f"Deal(parse_cards({str(self)!r}))"


@attrs.frozen(repr=False)
class ShuffleHands(Frozen):
    """Chance: each seat's face-down pile, top card first (RAF Blind, §2.3);
    written seat by seat, the piles parted by ``/``.

    >>> action = ShuffleHands(((Card.parse("AS"), Card.parse("2C")), (Card.parse("KH"),)))
    >>> str(action.piles[0][0]), str(action)
    ('AS', 'AS 2C / KH')
    """

    piles: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        piles = self.piles
        return " / ".join(map(_cards_text, piles)) if isinstance(piles, tuple) else repr(piles)

    def __repr__(self) -> str:
        return f"ShuffleHands({str(self)!r})"


@attrs.frozen(repr=False)
class Draw(Frozen):
    """Chance: the cards turned to choose the first bidder (the Scottish draw
    each deal, RULES.md §2.2, A25): one card for each player clockwise from the
    eldest, then one for each player still tied for the highest, and so on
    until one is highest (ace high).

    >>> str(Draw((Card.parse("AS"), Card.parse("2C"), Card.parse("KH"))))
    'AS 2C KH'
    """

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return _cards_text(self.cards)

    def __repr__(self) -> str:
        return f"Draw(parse_cards({str(self)!r}))"


PlayerAction: TypeAlias = Bid | Play | Call | ChooseHandSize | DeclareTrump
ChanceAction: TypeAlias = Deal | ShuffleHands | Draw
Action: TypeAlias = PlayerAction | ChanceAction
