"""The notation: one text for every action, written by ``str(action)`` and read
here, for records, the terminal and error messages alike (python-chess's
``Move.uci()`` / ``Move.from_uci``).

==================  ====================================  ===========================
decision            written                               also read
==================  ====================================  ===========================
bid, hand size      ``3``                                 ``" 3 "``
play                ``AS``; a wild two ``2H=AC``          ``10h``, ``T♥``, ``2h = ac``;
                                                          typed: ``ten of hearts``,
                                                          ``2H as AC``
declared trump      ``H``; ``no-trumps``                  ``hearts``, ``♥``, ``nt``
RAF call            ``precedence:DHSC nuloss ascending``  ``trumps h``, ``nt blind``,
                                                          ``HSDC``, ``misère, desc``,
                                                          ``trumps spades``,
                                                          ``precedence ♥ ♠ ♦ ♣``
deal, draw          the cards, top first                  commas between cards
face-down shuffle   ``AS 2C / KH 3D`` (seat by seat)
==================  ====================================  ===========================

Each reader takes the text and the seat that acts and returns the action, or
raises :class:`~pyclag.errors.RecordError` naming the text and what was
expected. :func:`pyclag.parse_action` picks the reader of the decision pending.

>>> str(read_call("Trumps h, Nuloss", seat=0))
'trumps:H nuloss'
>>> read_trump("spades", seat=1)
DeclareTrump(seat=1, suit=<Suit.SPADES: 3>)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from pyclag.actions import (
    Bid,
    Call,
    ChooseHandSize,
    Deal,
    DeclareTrump,
    Draw,
    Madness,
    Play,
    ShuffleHands,
    SuitChoice,
)
from pyclag.cards import Card, Rank, Suit, parse_cards
from pyclag.errors import RecordError, RulesError
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP, Precedence

__all__ = [
    "LONGEST",
    "read_bid",
    "read_call",
    "read_card",
    "read_deal",
    "read_draw",
    "read_hand_size",
    "read_play",
    "read_shuffle",
    "read_suit",
    "read_trump",
    "read_typed_play",
]

LONGEST: Final = 600
"""The longest action text read (a deal, with separators, fits; nothing else
comes close): longer text is refused before it is looked at."""


def _text(text: object, what: str) -> str:
    if not isinstance(text, str):
        raise RecordError(f"{what} text must be a string, not {type(text).__name__}")
    if len(text) > LONGEST:
        raise RecordError(f"{what} text is {len(text)} characters, more than {LONGEST}")
    return text


def _count(text: object, what: str) -> int:
    words = _text(text, what).strip()
    if not (words.isascii() and words.isdigit()):
        raise RecordError(f"bad {what} text {words!r}: expected a whole number, e.g. 3")
    return int(words)


def read_bid(text: object, seat: int) -> Bid:
    """A bid: a whole number of tricks.

    >>> read_bid(" 2 ", seat=3)
    Bid(seat=3, tricks=2)
    >>> read_bid("two", seat=3)
    Traceback (most recent call last):
    pyclag.errors.RecordError: bad bid text 'two': expected a whole number, e.g. 3
    """
    return Bid(seat, _count(text, "bid"))


def read_hand_size(text: object, seat: int) -> ChooseHandSize:
    """A hand size: a whole number of cards.

    >>> read_hand_size("5", seat=0)
    ChooseHandSize(seat=0, size=5)
    """
    return ChooseHandSize(seat, _count(text, "hand size"))


def read_play(text: object, seat: int) -> Play:
    """A card, or a wild two and the card it stands for (``2H=AC``): the
    strict form records hold (:func:`read_typed_play` reads what people type).

    >>> str(read_play("2h = ac", seat=1)), str(read_play("10d", seat=1))
    ('2H=AC', 'TD')
    """
    card, equals, named = _text(text, "play").partition("=")
    return Play(seat, Card.parse(card), Card.parse(named) if equals else None)


def read_typed_play(text: object, seat: int) -> Play:
    """A card as a person types it (:func:`read_card`), or a wild two and the
    card it stands for (``2H=AC``, or ``2H as AC``), for the terminal.

    >>> str(read_typed_play("two of hearts as ace of clubs", seat=1))
    '2H=AC'
    >>> str(read_typed_play("as", seat=1)), str(read_typed_play("2h = ac", seat=1))
    ('AS', '2H=AC')
    """
    words = _text(text, "play")
    card, equals, named = words.partition("=")
    if not equals:  # "2H as AC": "as" between two cards, not the ace of spades itself
        split = words.split()
        lowered = [word.lower() for word in split]
        if "as" in lowered[1:-1]:
            place = lowered.index("as", 1)
            card, named, equals = " ".join(split[:place]), " ".join(split[place + 1 :]), "as"
    return Play(seat, read_card(card), read_card(named) if equals else None)


_RANK_WORDS: Final = {
    **{rank.name.lower(): rank.letter for rank in Rank},  # the ranks' own names: ace .. two
    **{
        rank.name.lower() + "s": rank.letter
        for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
    },
    "knave": Rank.JACK.letter,
    "deuce": Rank.TWO.letter,
}
"""A rank as a word: its name, a court card's plural, and the old names."""


def read_card(text: object) -> Card:
    """A card as a person types it: the notation's ``AS``, ``10h`` or ``T♥``
    (:meth:`Card.parse <pyclag.cards.Card.parse>`, the strict form records
    hold), or a rank and a suit as words, letters or symbols, ``of`` between
    them or not.

    >>> read_card("ace of spades"), read_card("10 hearts"), read_card("Q ♦")
    (Card(Suit.SPADES, Rank.ACE), Card(Suit.HEARTS, Rank.TEN), Card(Suit.DIAMONDS, Rank.QUEEN))
    >>> read_card("ace of trumps")
    Traceback (most recent call last):
    pyclag.errors.RecordError: bad card text 'ace of trumps': expected a rank then a suit, e.g. TH, 10 hearts or ten of hearts
    """
    words = _text(text, "card").lower().split()
    if len(words) == 3 and words[1] == "of":
        words = [words[0], words[2]]
    if len(words) == 2:
        rank = _RANK_WORDS.get(words[0], words[0])
        try:
            return Card.parse(rank + read_suit(words[1]).letter)
        except RecordError:
            pass
    elif len(words) <= 1:
        return Card.parse(str(text))  # the notation's own form, and its own refusal
    raise RecordError(
        f"bad card text {text!r}: expected a rank then a suit, e.g. TH, 10 hearts or ten of hearts"
    )


_SUIT_NAMES: Final = {
    **{name: suit for suit in Suit for name in (suit.name.lower(), suit.name.lower()[:-1])},
}
_NO_TRUMPS: Final = frozenset({"no-trumps", "nt", "no trumps", "no trump", "notrumps", "none"})


def read_suit(text: object) -> Suit:
    """A suit: its letter, symbol or name, any case.

    >>> read_suit("Hearts"), read_suit("♣"), read_suit("d")
    (<Suit.HEARTS: 2>, <Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>)
    """
    words = _text(text, "suit").strip()
    named = _SUIT_NAMES.get(words.lower())
    return named if named is not None else Suit.parse(words)


def read_trump(text: object, seat: int) -> DeclareTrump:
    """A declared trump: a suit, or no trumps.

    >>> str(read_trump("NT", seat=0)), str(read_trump("h", seat=0))
    ('no-trumps', 'H')
    """
    words = " ".join(_text(text, "trump").lower().split())
    if words in _NO_TRUMPS:
        return DeclareTrump(seat, NO_TRUMPS)
    try:
        return DeclareTrump(seat, read_suit(words))
    except RecordError:
        raise RecordError(
            f"bad trump text {words!r}: expected a suit (C D H S, or its name) or no-trumps"
        ) from None


_FLAGS: Final = {
    "nuloss": "nuloss",
    "blind": "blind",
    "misere": "misere",
    "misère": "misere",
    "ascending": "ascending",
    "asc": "ascending",
    "descending": "descending",
    "desc": "descending",
    "madness": "",
}


def read_call(text: object, seat: int) -> Call:
    """A RAF call: one suit mode (``trumps:H`` or ``trumps h`` or a suit; ``no-trumps``
    or ``nt``; ``turn-up`` or a bare ``trumps``; ``precedence:HSDC`` or ``HSDC``),
    then any of ``nuloss``, ``blind``, ``misere``, ``ascending``, ``descending``.

    >>> str(read_call("precedence HSDC, misère, desc madness", seat=2))
    'precedence:HSDC misere descending'
    >>> read_call("nuloss", seat=2)
    Traceback (most recent call last):
    pyclag.errors.RecordError: bad call text 'nuloss': a call names one suit mode: trumps (e.g. trumps:H), no-trumps or a precedence (e.g. precedence:HSDC)
    """
    words = _text(text, "call").lower().replace(",", " ").replace(":", " ").split()
    modes: list[Suit | SuitChoice] = []
    flags: set[str] = set()
    position = 0
    while position < len(words):
        word = words[position]
        position += 1
        if word in _FLAGS:
            flags.add(_FLAGS[word])
            continue
        mode, taken = _suit_mode(word, words[position:], text)
        modes.append(mode)
        position += taken
    if len(modes) != 1:
        raise RecordError(
            f"bad call text {text!r}: a call names one suit mode: trumps (e.g. trumps:H), "
            "no-trumps or a precedence (e.g. precedence:HSDC)"
        )
    return Call(
        seat,
        modes[0],
        "nuloss" in flags,
        "blind" in flags,
        "misere" in flags,
        _madness(flags, text),
    )


_Mode = tuple[Suit | SuitChoice, int]
"""A call's suit mode, and how many of the words after its first it takes."""


def _suit_mode(word: str, rest: list[str], text: object) -> _Mode:
    """The suit mode a call names from ``word`` on (``rest``: the words after it)."""
    keyword = _MODE_WORDS.get(word)
    mode = keyword(rest, text) if keyword is not None else None
    if mode is not None:
        return mode
    suit = _suit_or_none(word)
    if suit is not None:
        return suit, 0
    if len(word) == 4 and set(word) == set("cdhs"):
        return _precedence(word, text), 0
    raise RecordError(f"bad call text {text!r}: {word!r} is not part of a call")


def _trumps(rest: list[str], text: object) -> _Mode:
    """``trumps h``: that suit; a bare ``trumps``: the turn-up."""
    suit = _suit_or_none(rest[0] if rest else "")
    return (TURN_UP, 0) if suit is None else (suit, 1)


def _no(rest: list[str], text: object) -> _Mode | None:
    """``no trumps``; ``no`` before anything else is no suit mode."""
    return (NO_TRUMPS, 1) if rest[:1] in (["trumps"], ["trump"]) else None


def _precedence_words(rest: list[str], text: object) -> _Mode:
    """``precedence HSDC``, or the four suits as words or symbols, top first."""
    named = rest[:4]
    if len(named) == 4 and all(_suit_or_none(suit) is not None for suit in named):
        return _precedence("".join(read_suit(suit).letter for suit in named), text), 4
    return _precedence(rest[0] if rest else "", text), 1


_MODE_WORDS: Final[Mapping[str, Callable[[list[str], object], _Mode | None]]] = {
    "trumps": _trumps,
    "trump": _trumps,
    "nt": lambda rest, text: (NO_TRUMPS, 0),
    "notrumps": lambda rest, text: (NO_TRUMPS, 0),
    "no-trumps": lambda rest, text: (NO_TRUMPS, 0),
    "no": _no,
    "turnup": lambda rest, text: (TURN_UP, 0),
    "turn-up": lambda rest, text: (TURN_UP, 0),
    "precedence": _precedence_words,
    "prec": _precedence_words,
}
"""The words that begin a suit mode, each with its reader."""


def _madness(flags: set[str], text: object) -> Madness | None:
    """The madness a call's flags name: one at most."""
    if {"ascending", "descending"} <= flags:
        raise RecordError(f"bad call text {text!r}: one madness at most, ascending or descending")
    return next((Madness(word) for word in ("ascending", "descending") if word in flags), None)


def _suit_or_none(word: str) -> Suit | None:
    try:
        return read_suit(word) if word else None
    except RecordError:
        return None


def _precedence(word: str, text: object) -> Precedence:
    try:
        return Precedence(word)
    except RulesError:
        raise RecordError(
            f"bad call text {text!r}: a precedence names the four suits once each, top "
            f"first (e.g. HSDC), not {word!r}"
        ) from None


def read_deal(text: object, seat: object = None) -> Deal:
    """A deal: the pack, top card first (whether it is the 52 cards is the deal's rule).

    >>> len(read_deal("AS KS").deck)
    2
    """
    return Deal(parse_cards(_text(text, "deal")))


def read_draw(text: object, seat: object = None) -> Draw:
    """A draw for the first bidder: the cards turned, in turn.

    >>> str(read_draw("AS, 3H"))
    'AS 3H'
    """
    return Draw(parse_cards(_text(text, "draw")))


def read_shuffle(text: object, seat: object = None) -> ShuffleHands:
    """A face-down shuffle: each seat's pile, top first, seat by seat, parted by ``/``.

    >>> str(read_shuffle("AS 2C / kh"))
    'AS 2C / KH'
    """
    return ShuffleHands(tuple(parse_cards(pile) for pile in _text(text, "shuffle").split("/")))
