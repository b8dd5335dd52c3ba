"""Hand: an immutable set of cards over a 52-bit int mask.

Iteration is in the canonical card-index order (clubs, diamonds, hearts,
spades; 2 up to ace within each suit).

>>> hand = Hand.parse("AS KS 2H")
>>> len(hand), Card.parse("KS") in hand, str(hand.of_suit(Suit.SPADES))
(3, True, 'KS AS')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Final

import attr
import attrs

from pyclag._checks import Frozen, not_a, unchecked
from pyclag.cards import (
    CARD_HEIGHT,
    CARD_WIDTH,
    DECK,
    DECK_MASK,
    Card,
    Suit,
    card_back,
    card_face,
    parse_cards,
    svg_document,
)
from pyclag.errors import RecordError

__all__ = [
    "ONE_SUIT",
    "RAISE",
    "ROW_WIDTH",
    "Hand",
    "backs_row",
    "cards_of",
    "cards_row",
    "hand_svg",
    "nth_card",
    "row_step",
]


class _Chunks(dict[int, tuple[Card, ...]]):
    """The cards of each 13-bit pattern of one suit, filled on first sight
    (so at most 8192 entries: bounded by construction, not a cache of user-built
    values, so not a :func:`pyclag._caches.bounded` cache)."""

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.base = 13 * suit

    def __missing__(self, bits: int) -> tuple[Card, ...]:
        cards = self[bits] = tuple(DECK[self.base + i] for i in range(13) if bits >> i & 1)
        return cards


class _OneSuit(dict[int, tuple[Card, ...]]):
    """The cards of masks that lie within one suit, by mask, filled on first sight
    (so at most 4 * 8192 entries: bounded by construction, like ``_Chunks``)."""

    def __missing__(self, mask: int) -> tuple[Card, ...]:
        cards = self[mask] = cards_of(mask)
        return cards


_CHUNKS: Final = (_Chunks(0), _Chunks(1), _Chunks(2), _Chunks(3))

ONE_SUIT: Final[Mapping[int, tuple[Card, ...]]] = _OneSuit()
"""The cards of a mask within one suit, by mask (following suit, the legal
cards are one such mask): a cached table for hot paths.

>>> ONE_SUIT[Suit.HEARTS.mask & Hand.parse("AH 2H KS").mask]
(Card(Suit.HEARTS, Rank.TWO), Card(Suit.HEARTS, Rank.ACE))
"""


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in canonical order (a cached, hot-path helper: it
    checks nothing, and is given only masks the library made).

    >>> cards_of(Card.parse("AS").mask | Card.parse("2C").mask)
    (Card(Suit.CLUBS, Rank.TWO), Card(Suit.SPADES, Rank.ACE))
    """
    c, d, h, s = _CHUNKS
    return c[mask & 0x1FFF] + d[mask >> 13 & 0x1FFF] + h[mask >> 26 & 0x1FFF] + s[mask >> 39]


def _check_mask(_hand: object, _attribute: object, value: object) -> None:
    """A hand's mask: an int (not a bool) of the 52 cards' bits."""
    if isinstance(value, bool) or not isinstance(value, int):  # inline: hands are many
        raise not_a("Hand", "mask", "an int in 0..2**52-1", value)
    if not 0 <= value <= DECK_MASK:
        raise RecordError(f"a hand mask must be an int in 0..2**52-1, not {value!r}")


@attrs.frozen(repr=False)
class Hand(Frozen):
    """An immutable set of cards; ``mask`` has bit ``card.index`` set per card.

    A mask that is not an int (or is a bool) is a TypeError; an int beyond the
    52 cards a RecordError, as for bad card text (the policy in :mod:`pyclag.errors`).

    >>> Hand.of([Card.parse("QH")]) == Hand.parse("qh")
    True
    >>> Hand("x")
    Traceback (most recent call last):
    TypeError: Hand: mask must be an int in 0..2**52-1, not str
    """

    # A validator function, not a decorated method: compiled, a class body's
    # ``@mask.validator`` would not reach attrs (docs/development.rst).
    mask: int = attr.ib(default=0, validator=_check_mask)

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Hand:
        """The hand holding exactly ``cards``: what is not an iterable of Card
        values is a TypeError (text is :meth:`parse`'s), a card given twice a
        RecordError.

        >>> len(Hand.of(DECK))
        52
        >>> Hand.of(["AS"])
        Traceback (most recent call last):
        TypeError: Hand.of: cards must be Card values only (Hand.parse reads text), not str
        """
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
            raise not_a(
                "Hand.of", "cards", "an iterable of Card values (Hand.parse reads text)", cards
            )
        mask = 0
        given: Iterable[object] = cards  # as given: compiled, a Card loop would check with mypyc's
        for card in given:
            if not isinstance(card, Card):
                raise not_a("Hand.of", "cards", "Card values only (Hand.parse reads text)", card)
            if mask & card.mask:
                raise RecordError(f"card {card} appears twice")
            mask |= card.mask
        return cls(mask)

    @classmethod
    def parse(cls, text: object) -> Hand:
        """A hand from card text such as ``"AS KS 2H"``; anything else, a value
        that is not a str included, is a RecordError (as for :func:`~pyclag.parse_cards`).

        >>> Hand.parse("AS AS")
        Traceback (most recent call last):
        pyclag.errors.RecordError: card AS appears twice
        """
        return cls.of(parse_cards(unchecked(text)))  # parse_cards refuses a non-str

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __bool__(self) -> bool:
        return self.mask != 0

    def of_suit(self, suit: object) -> Hand:
        """The cards of one suit; a ``suit`` that is not a Suit is a TypeError.

        >>> Hand.parse("AS 2H 3S").of_suit(Suit.SPADES)
        Hand.parse('3S AS')
        >>> Hand.parse("AS").of_suit("S")
        Traceback (most recent call last):
        TypeError: Hand.of_suit: suit must be a Suit, not str
        """
        if not isinstance(suit, Suit):  # a Card has a mask too: its own bit
            raise not_a("Hand.of_suit", "suit", "a Suit", suit)
        return Hand(self.mask & suit.mask)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards as a tuple, in canonical order.

        >>> Hand.parse("AS 2C").cards
        (Card(Suit.CLUBS, Rank.TWO), Card(Suit.SPADES, Rank.ACE))
        """
        return cards_of(self.mask)

    def __str__(self) -> str:
        return " ".join(str(card) for card in cards_of(self.mask))

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The hand's picture, which a notebook shows (:func:`hand_svg`)."""
        return hand_svg(self)


def nth_card(mask: int, n: int) -> Card:
    """``cards_of(mask)[n]`` without building the tuple: for a random pick among
    a mask's cards (a hot-path helper: it checks nothing, ``0 <= n < mask.bit_count()``).

    >>> hand = Hand.parse("AS 2C 7H").mask
    >>> [str(nth_card(hand, n)) for n in range(3)] == [str(card) for card in cards_of(hand)]
    True
    """
    for _ in range(n):
        mask &= mask - 1  # drop the lowest card
    return DECK[(mask & -mask).bit_length() - 1]


# --- pictures (beside the card's own, pyclag.cards; the layers keep them low) -------------

ROW_WIDTH: Final = 356
"""The widest a row of cards is drawn (user units): a phone's width, about."""
RAISE: Final = 8
"""How far a legal card stands above the others in a marked row."""


def row_step(count: int, width: int = ROW_WIDTH) -> int:
    """How far apart ``count`` cards are drawn in a row at most ``width`` wide:
    side by side where they fit, else overlapping, each card's corner showing.

    >>> row_step(3), row_step(13)
    (48, 26)
    """
    if count <= 1:
        return CARD_WIDTH + 4
    return max(18, min(CARD_WIDTH + 4, (width - CARD_WIDTH) // (count - 1)))


def cards_row(
    cards: Iterable[Card],
    x: int = 0,
    y: int = 0,
    legal: Iterable[Card] | None = None,
    width: int = ROW_WIDTH,
) -> str:
    """SVG groups drawing ``cards`` left to right from (``x``, ``y``), or, given
    an int, that many card backs; with ``legal`` given, the legal cards stand
    :data:`RAISE` higher and outlined, the others lower and dimmed.

    >>> cards_row(Hand.parse("AS KS"), legal=[Card.parse("KS")]).count(" legal")
    1
    """
    shown = tuple(cards)
    allowed = None if legal is None else frozenset(legal)
    step = row_step(len(shown), width)
    lift = 0 if allowed is None else RAISE
    parts = []
    for n, card in enumerate(shown):
        if allowed is None:
            parts.append(card_face(card, x + n * step, y))
        elif card in allowed:
            parts.append(card_face(card, x + n * step, y, "legal"))
        else:
            parts.append(card_face(card, x + n * step, y + lift, "illegal"))
    return "".join(parts)


def backs_row(count: int, x: int = 0, y: int = 0, width: int = ROW_WIDTH) -> str:
    """SVG groups drawing ``count`` card backs in a row from (``x``, ``y``).

    >>> backs_row(3).count('class="card back"')
    3
    """
    step = row_step(count, width)
    return "".join(card_back(x + n * step, y) for n in range(count))


def hand_svg(cards: Iterable[Card], legal: Iterable[Card] | None = None) -> str:
    """A picture of a hand, an SVG document: ``cards`` (a :class:`~pyclag.hand.Hand` or any
    cards, drawn in the order given) in a row, and with ``legal`` given, the
    legal ones raised and outlined, the rest dimmed (``class="card legal"`` and
    ``class="card illegal"``; each card's ``data-card`` is its text).

    >>> picture = hand_svg(Hand.parse("2C AS"), legal=[Card.parse("AS")])
    >>> picture.count('class="card illegal" data-card="2C"'), picture.count('class="card legal" data-card="AS"')
    (1, 1)
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise not_a("hand_svg", "cards", "an iterable of Card values", cards)
    shown = tuple(cards)
    chosen = None if legal is None else tuple(legal)
    for card in (*shown, *(chosen or ())):
        if not isinstance(card, Card):
            raise not_a("hand_svg", "cards", "Card values only", card)
    count = len(shown)
    width = CARD_WIDTH + (count - 1) * row_step(count) if count else CARD_WIDTH
    height = CARD_HEIGHT + (0 if chosen is None else RAISE)
    title = " ".join(card.symbol for card in shown) or "no cards"
    if chosen is not None:
        title += "; legal: " + (" ".join(card.symbol for card in shown if card in chosen) or "none")
    return svg_document(width, height, cards_row(shown, legal=chosen), title)
