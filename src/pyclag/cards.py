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

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "DECK",
    "DECK_MASK",
    "Card",
    "Rank",
    "Suit",
    "card_back",
    "card_face",
    "card_svg",
    "escape",
    "parse_cards",
    "svg_document",
]


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

    def _repr_svg_(self) -> str:
        """The card's picture, which a notebook shows (:func:`card_svg`)."""
        return card_svg(self)

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


# --- pictures ----------------------------------------------------------------------------
# A card draws its own face (DESIGN.md §2): the pictures of hands, tricks, tables and score
# sheets (pyclag.views.pictures) are built from these pieces. They live here, at the bottom
# of the layers, because a module may not import upward, nor import inside a function
# (tests/test_layers.py), and Card._repr_svg_ needs them.

CARD_WIDTH: Final = 44
"""A card's width in an SVG picture (user units; a picture scales as a whole)."""
CARD_HEIGHT: Final = 64
"""A card's height in an SVG picture."""
_INK: Final = ("#1a1a1a", "#c8102e", "#c8102e", "#1a1a1a")  # by suit: black and red
_MARKS: Final = {"": "", "legal": " legal", "illegal": " illegal"}


def card_face(card: Card, x: int = 0, y: int = 0, mark: str = "") -> str:
    """An SVG group drawing ``card``'s face with its top-left corner at
    (``x``, ``y``): its rank letter and suit symbol in the corner (what shows
    when cards overlap), a large suit symbol, red for hearts and diamonds.
    ``mark`` is ``"legal"`` (outlined) or ``"illegal"`` (dimmed), or ``""``.
    The group has the classes ``card`` (and the mark) and ``data-card``, the card's text.

    >>> card_face(Card.parse("TH")).startswith('<g class="card" data-card="TH"')
    True
    """
    ink = _INK[card.suit.value]
    rank, symbol = card.rank.letter, card.suit.symbol
    edge = 'stroke="#1769aa" stroke-width="3"' if mark == "legal" else 'stroke="#888"'
    # Dimmed by a veil over an opaque face: the cards beneath an overlap stay hidden.
    veil = (
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="5" '
        'fill="#fff" fill-opacity="0.55" class="veil"/>'
        if mark == "illegal"
        else ""
    )
    return (
        f'<g class="card{_MARKS[mark]}" data-card="{card}" transform="translate({x},{y})">'
        f"<title>{card.symbol}</title>"
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="5" '
        f'fill="#fff" {edge}/>'
        f'<text x="4" y="17" font-size="16" font-weight="bold" fill="{ink}">{rank}</text>'
        f'<text x="4" y="33" font-size="15" fill="{ink}">{symbol}</text>'
        f'<text x="28" y="57" font-size="24" text-anchor="middle" fill="{ink}">{symbol}</text>'
        f"{veil}</g>"
    )


def card_back(x: int = 0, y: int = 0) -> str:
    """An SVG group drawing the back of a card (a card not to be seen), class ``card back``.

    >>> card_back(10, 0).startswith('<g class="card back" transform="translate(10,0)">')
    True
    """
    return (
        f'<g class="card back" transform="translate({x},{y})">'
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="5" '
        'fill="#2b5797" stroke="#888"/>'
        f'<rect x="5" y="5" width="{CARD_WIDTH - 10}" height="{CARD_HEIGHT - 10}" rx="3" '
        'fill="none" stroke="#9fb8e0" stroke-width="1.5"/>'
        "</g>"
    )


def svg_document(width: int, height: int, body: str, title: str) -> str:
    """A whole SVG document of ``width`` by ``height`` user units (its viewBox,
    so it scales), holding ``body`` and titled ``title`` (escaped here).

    >>> svg_document(10, 20, "", "a <title>").endswith("<title>a &lt;title&gt;</title></svg>")
    True
    """
    label = escape(title)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'role="img" aria-label="{label}"><title>{label}</title>{body}</svg>'
    )


def escape(text: str) -> str:
    """``text`` safe inside an SVG element or a double-quoted attribute (the
    characters XML cannot hold at all, such as control characters, dropped).

    >>> escape('Ann & "Bo" <3\\x00')
    'Ann &amp; &quot;Bo&quot; &lt;3'
    """
    text = text.translate(_NOT_XML)
    for plain, entity in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;")):
        text = text.replace(plain, entity)
    return "".join(char for char in text if not 0xD800 <= ord(char) <= 0xDFFF)


_NOT_XML: Final = dict.fromkeys([*range(9), 11, 12, *range(14, 32), 0xFFFE, 0xFFFF])


def card_svg(card: object) -> str:  # object: compiled, refused by the check below
    """A picture of one card, an SVG document (what a notebook shows for a card);
    what is not a Card is a TypeError.

    >>> card_svg(Card.parse("AS")).count('data-card="AS"')
    1
    """
    if not isinstance(card, Card):
        raise not_a("card_svg", "card", "a Card", card)
    return svg_document(CARD_WIDTH, CARD_HEIGHT, card_face(card), card.symbol)
