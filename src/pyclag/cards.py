"""Suits, ranks and the 52 interned cards (RULES.md §1.1).

Neither :class:`Suit` nor :class:`Rank` is orderable: only a rank order
(:mod:`pyclag.rules.ordering`) or a suit precedence orders them, because Clag
deals change both (aces low, Nuloss, RAF precedence).

A card's index is ``13 * suit.value + rank.value - 2``; its bit in a hand
mask is ``1 << index``. Every card is interned, so ``Card(suit, rank)``
returns the same object as ``DECK[index]``.

>>> card = Card.parse("10h")
>>> card, str(card), card is DECK[card.index]
(Card(Suit.HEARTS, Rank.TEN), 'TH', True)
"""

from __future__ import annotations

import enum
from typing import Final, final

from pyclag._checks import not_a, seal
from pyclag.errors import RecordError

__all__ = ["DECK", "DECK_MASK", "Card", "Rank", "Suit", "parse_cards"]


class Suit(enum.Enum):
    """A suit. ``value`` is its block in the card index (clubs 0 .. spades 3).

    >>> Suit.HEARTS.letter, Suit.HEARTS.symbol
    ('H', '♥')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    # Members are singletons compared by identity: hashing by identity keeps a
    # lookup keyed by one a C-level one (Enum hashes its name in Python).
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        """The one-letter name (C, D, H or S)."""
        return "CDHS"[self.value]

    @property
    def symbol(self) -> str:
        """The suit's symbol (♣ ♦ ♥ ♠)."""
        return "♣♦♥♠"[self.value]

    @property
    def mask(self) -> int:
        """The 13 bits of this suit in a hand mask.

        >>> bin(Suit.CLUBS.mask).count("1")
        13
        """
        return _SUIT_MASKS[self.value]

    @classmethod
    def parse(cls, text: object) -> Suit:
        """A suit from its letter or symbol, any case. Suit text is input, so
        anything else, a value that is not a str included, is a RecordError.

        >>> Suit.parse("s"), Suit.parse("♦")
        (<Suit.SPADES: 3>, <Suit.DIAMONDS: 1>)
        """
        suit = _SUIT_BY_TEXT.get(_upper(text.strip())) if isinstance(text, str) else None
        if suit is None:
            raise RecordError(f"bad suit text {text!r}: expected one of C D H S or ♣ ♦ ♥ ♠")
        return suit

    def __str__(self) -> str:
        return self.letter


class Rank(enum.Enum):
    """A rank; ``value`` is its natural pip value, 2..14 with the ace 14.

    >>> Rank.TEN.letter, Rank.ACE.value
    ('T', 14)
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    # Members are singletons compared by identity: hashing by identity keeps a
    # lookup keyed by one a C-level one (Enum hashes its name in Python).
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        """The one-letter name (2..9, T, J, Q, K, A)."""
        return "23456789TJQKA"[self.value - 2]

    def __str__(self) -> str:
        return self.letter


_SUIT_MASKS: Final = tuple(0x1FFF << (13 * s) for s in range(4))
_SUIT_BY_TEXT: Final = {
    **{s.letter: s for s in Suit},
    **{s.symbol: s for s in Suit},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
_RANK_BY_TEXT: Final = {**{r.letter: r for r in Rank}, "10": Rank.TEN}


def _upper(text: str) -> str:
    """``text`` with its ASCII letters upper-cased, and only those: "ſ".upper() is
    "S", and a long s is not a spade."""
    return text.translate(_ASCII_UPPER)


_ASCII_UPPER: Final = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


@final
class Card:
    """A playing card. Immutable and interned: compare with ``is`` or ``==``.

    ``index`` is its place in :data:`DECK`, ``mask`` its bit in a hand mask and
    ``suit_mask`` the bits of its whole suit.

    ``Card(Suit.SPADES, Rank.ACE)`` returns the interned ``DECK`` entry. A
    suit or rank that is not a Suit or Rank is a TypeError (card text, which a
    user types or a record holds, is :meth:`Card.parse`'s, and a RecordError).

    >>> Card(Suit.SPADES, Rank.ACE) is Card.parse("AS")
    True
    >>> Card("S", Rank.ACE)
    Traceback (most recent call last):
    TypeError: Card: suit must be a Suit, not str
    """

    # Compiled, a native class (the engine reads a card's index and masks at every
    # step); its Final fields have no setter. Interpreted, the class is sealed once
    # the pack is made (below).
    __slots__ = ("_text", "index", "mask", "rank", "suit", "suit_mask")

    def __new__(cls, suit: object, rank: object) -> Card:
        # ``object``: compiled, typed parameters would meet mypyc's own check first.
        if not isinstance(suit, Suit):
            raise not_a("Card", "suit", "a Suit", suit)
        if not isinstance(rank, Rank):
            raise not_a("Card", "rank", "a Rank", rank)
        if len(_MADE) == 52:
            return _MADE[13 * suit.value + rank.value - 2]
        return super().__new__(cls)

    def __init__(self, suit: Suit, rank: Rank) -> None:
        if len(_MADE) == 52:  # the interned card, made with the pack
            return
        index = 13 * suit.value + rank.value - 2
        self.suit: Final = suit
        self.rank: Final = rank
        self.index: Final = index
        self.mask: Final = 1 << index
        self.suit_mask: Final = _SUIT_MASKS[suit.value]
        self._text: Final = rank.letter + suit.letter

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    def __repr__(self) -> str:
        return f"Card(Suit.{self.suit.name}, Rank.{self.rank.name})"

    def __str__(self) -> str:
        return self._text

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``"T♥"``.

        >>> Card.parse("TH").symbol
        'T♥'
        """
        return self.rank.letter + self.suit.symbol

    @classmethod
    def parse(cls, text: object) -> Card:
        """A card from text: rank then suit, any case; ``10`` or ``T`` for ten;
        a letter or a symbol for the suit. Card text is input (a user types it,
        a record holds it), so anything else, a value that is not a str
        included, is a RecordError.

        >>> Card.parse("10h") is Card.parse("T♥") is Card.parse(" th ")
        True
        >>> Card.parse("1H")
        Traceback (most recent call last):
        pyclag.errors.RecordError: bad card text '1H': expected a rank (2-9, T or 10, J, Q, K, A) then a suit (C D H S or ♣ ♦ ♥ ♠), e.g. 'TH'
        """
        if isinstance(text, str):
            # U+FE0F asks for the emoji form of a suit symbol ("♥️"); it adds nothing.
            cleaned = _upper(text.strip()).replace("\ufe0f", "")
            rank = _RANK_BY_TEXT.get(cleaned[:-1])
            suit = _SUIT_BY_TEXT.get(cleaned[-1:])
            if rank is not None and suit is not None:
                return DECK[13 * suit.value + rank.value - 2]
        raise RecordError(
            f"bad card text {text!r}: expected a rank (2-9, T or 10, J, Q, K, A) "
            "then a suit (C D H S or ♣ ♦ ♥ ♠), e.g. 'TH'"
        )


_MADE: Final[list[Card]] = []
for _index in range(52):
    _MADE.append(Card(Suit(_index // 13), Rank(_index % 13 + 2)))

DECK: Final[tuple[Card, ...]] = tuple(_MADE)
"""The 52 interned cards in index order (clubs 2..A, diamonds, hearts, spades)."""

DECK_MASK: Final = (1 << 52) - 1
"""The mask of the whole pack: every card's bit (the one definition of it).

>>> DECK_MASK == sum(card.mask for card in DECK)
True
"""


seal(Card)  # interpreted: the pack is made, and a card refuses changes from now on


def parse_cards(text: object) -> tuple[Card, ...]:
    """Cards from whitespace- or comma-separated text, in the order given; text
    that is not cards, or a value that is not a str, is a RecordError.

    >>> parse_cards("AS, 10h T♦")
    (Card(Suit.SPADES, Rank.ACE), Card(Suit.HEARTS, Rank.TEN), Card(Suit.DIAMONDS, Rank.TEN))
    """
    if not isinstance(text, str):
        raise RecordError(f"card text must be a string, not {type(text).__name__}")
    return tuple(Card.parse(word) for word in text.replace(",", " ").split())
