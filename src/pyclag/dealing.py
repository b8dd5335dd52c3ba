"""Shuffling, dealing and the draw for first dealer (RULES.md §1.3-§1.5).

The pack is listed top first; card ``i`` (``i < N*h``) goes to seat
``(dealer + 1 + i) % N``: one at a time, clockwise from the eldest (§1.4).
The next card is the turn-up (§1.5).

>>> from pyclag.cards import parse_cards
>>> from pyclag.hand import Hand
>>> deck = parse_cards("AS KS 9S 4S 7H QH TD JH 3D 2C 5H 8C 6H")
>>> [str(Hand(mask)) for mask in deal_hands(deck, players=4, hand_size=3, dealer=3)]
['3D 7H AS', '2C QH KS', 'TD 5H 9S', '8C JH 4S']
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Final

from pyclag._refusals import check_rng
from pyclag.cards import DECK, Card
from pyclag.errors import RulesError

__all__ = ["deal_hands", "draw_for_dealer", "shuffled_deck"]

_MASK: Final = operator.attrgetter("mask")


def shuffled_deck(rng: random.Random) -> tuple[Card, ...]:
    """A uniformly shuffled pack, top first, drawn from ``rng`` alone: the
    very pack ``rng.shuffle`` makes of ``DECK``.

    >>> pack = list(DECK)
    >>> random.Random(1).shuffle(pack)
    >>> shuffled_deck(random.Random(1)) == tuple(pack)
    True
    """
    pack = list(DECK)
    draw = getattr(rng, "_randbelow", None)
    if (
        type(rng).shuffle is not random.Random.shuffle
        or _WITH_GETRANDBITS is None
        or getattr(draw, "__func__", None) is not _WITH_GETRANDBITS
    ):
        rng.shuffle(pack)  # a Random subclass that shuffles or draws its own way
        return tuple(pack)
    # random.Random.shuffle, with its _randbelow inlined: the same draws, the
    # same pack, without a Python call per card (a deal spends most of its time here).
    getrandbits = rng.getrandbits
    for i, bits in _SHUFFLE_STEPS:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        pack[i], pack[j] = pack[j], pack[i]
    return tuple(pack)


# CPython's own draw of an int below n (checked, so another Python falls back to shuffle).
_WITH_GETRANDBITS: Final = getattr(random.Random, "_randbelow_with_getrandbits", None)
# Fisher-Yates from the bottom card up: position i swaps with j drawn from 0..i,
# as a number of (i + 1).bit_length() random bits, drawn again while j > i.
_SHUFFLE_STEPS: Final = tuple((i, (i + 1).bit_length()) for i in range(51, 0, -1))


def deal_hands(deck: Sequence[Card], players: int, hand_size: int, dealer: int) -> tuple[int, ...]:
    """Each seat's hand as a mask, dealt singly clockwise from the dealer's left.

    >>> deal_hands(DECK, players=2, hand_size=1, dealer=0) == (DECK[1].mask, DECK[0].mask)
    True
    """
    dealt = players * hand_size
    masks = [0] * players
    for offset in range(players):
        # The cards are distinct, so the sum of their bits is their union.
        masks[(dealer + 1 + offset) % players] = sum(map(_MASK, deck[offset:dealt:players]))
    return tuple(masks)


def draw_for_dealer(players: int, rng: random.Random) -> int:
    """Draw for first dealer: everyone cuts a card, the highest (ace high)
    deals, and tied players draw again (§1.3 [D], A31).

    >>> draw_for_dealer(4, random.Random(3)) in range(4)
    True
    >>> draw_for_dealer(0, random.Random(3))
    Traceback (most recent call last):
    pyclag.errors.RulesError: draw_for_dealer needs an int of players in 1..52, not 0
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 52:
        raise RulesError(f"draw_for_dealer needs an int of players in 1..52, not {players!r}")
    check_rng("draw_for_dealer", rng)
    contenders = list(range(players))
    deck: list[Card] = []
    while len(contenders) > 1:
        if len(deck) < len(contenders):
            deck = list(shuffled_deck(rng))
        drawn = {seat: deck.pop().rank.value for seat in contenders}
        best = max(drawn.values())
        contenders = [seat for seat in contenders if drawn[seat] == best]
    return contenders[0]
