"""The :class:`~pyclag.actions.Play` action (documented with the others in
:mod:`pyclag.actions`, which re-exports it), a value of its own module because
the engine reads one at every step: the compiled build makes it a native
class, as it makes the state's values (``docs/development.rst``, "The two
builds"), and the other actions stay attrs classes.

A play is built only of a seat and cards, so that every reader of one can
trust its fields: a seat that is not an int, or a card that is not a
:class:`~pyclag.cards.Card`, is a TypeError where the play is made, as for
``Card`` itself (card text is :meth:`Card.parse <pyclag.cards.Card.parse>`'s,
and a RecordError). A seat that is an integer of another class (NumPy's) is
kept as a plain int; a bool is refused.

>>> play = Play(0, Card.parse("2H"), as_card=Card.parse("AC"))
>>> play.effective, str(play)
(Card(Suit.CLUBS, Rank.ACE), '2H=AC')
"""

from __future__ import annotations

from typing import Final

from pyclag._checks import freeze, not_a, whole
from pyclag._values import Value
from pyclag.cards import Card

__all__ = ["Play", "card_text", "play_text"]


def _seat(value: object) -> int:
    if type(value) is not int:
        value = whole(value)  # a NumPy integer is a plain int from here on
        if type(value) is not int:  # True is not seat 1, nor is 1.0
            raise not_a("Play", "seat", "an int", value)
    return value


def _card(name: str, value: object) -> Card:
    if not isinstance(value, Card):
        raise not_a("Play", name, "a Card", value)
    return value


class Play(Value):
    """Seat ``seat`` plays ``card``; a wild two names ``as_card``, the card it
    stands for (RULES.md §2.0 ``TWOS_WILD``). Equal plays are equal values
    (and hash alike); the fields are frozen; :func:`pyclag._values.replace`
    stands in for ``attrs.evolve``.

    >>> str(Play(1, Card.parse("KS"))), Play(1, Card.parse("KS")) == Play(1, Card.parse("KS"))
    ('KS', True)
    >>> Play(1, "KS")
    Traceback (most recent call last):
    TypeError: Play: card must be a Card, not str
    """

    __match_args__ = ("seat", "card", "as_card")
    __slots__ = __match_args__

    def __init__(self, seat: object, card: object, as_card: object = None) -> None:
        # ``object``: compiled, typed parameters would meet mypyc's own check
        # first, with its own message.
        self.seat: Final = _seat(seat)
        self.card: Final = _card("card", card)
        self.as_card: Final = None if as_card is None else _card("as_card", as_card)

    # Value's equality and hash by its fields, written out: a play is hashed and
    # compared at every step of a bot's search (its cards are interned).
    def __eq__(self, other: object) -> bool:
        if type(other) is not Play:
            return NotImplemented
        return self.card is other.card and self.seat == other.seat and self.as_card is other.as_card

    def __hash__(self) -> int:
        return hash((self.seat, self.card, self.as_card))

    @property
    def effective(self) -> Card:
        """The card this play counts as (the declared card of a wild two, else the card).

        >>> str(Play(0, Card.parse("2H"), as_card=Card.parse("AC")).effective)
        'AC'
        """
        return self.card if self.as_card is None else self.as_card

    def __str__(self) -> str:
        return play_text(self.card, self.as_card)


def play_text(card: object, as_card: object) -> str:
    """A play's notation from its parts: ``AS``, or ``2H=AC`` for a wild two,
    each part as :func:`card_text` writes it (a refusal names a stranger's
    play so).

    >>> play_text(Card.parse("2H"), Card.parse("AC")), play_text("AS", None)
    ('2H=AC', "'AS'")
    """
    return card_text(card) if as_card is None else f"{card_text(card)}={card_text(as_card)}"


def card_text(value: object) -> str:
    """A card as a player writes it; anything else as Python shows it, so that
    ``'AS'`` is not read as ``AS``.

    >>> card_text(Card.parse("AS")), card_text("AS")
    ('AS', "'AS'")
    """
    return str(value) if type(value) is Card else repr(value)


# Interpreted, the fields refuse assignment once built, as attrs freezes a class.
freeze(Play)
