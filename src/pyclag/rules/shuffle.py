"""The shuffle and the deal (RULES.md §1.4): a uniformly shuffled pack, drawn
from a :class:`random.Random` exactly as ``rng.shuffle`` draws, and the cards
each seat is dealt from it (:func:`dealt_slice`: one at a time, clockwise from
the eldest). A module of its own, below :mod:`pyclag.rules.dealing` (which checks
what a user gives a deal), so that the compiled build compiles it: every deal,
every rollout and every sampled world starts here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from pyclag._caches import bounded
from pyclag._checks import check_rng
from pyclag.cards import DECK, Card

__all__ = ["deal_hands", "dealt_slice", "dealt_slices", "shuffled_deck"]


def shuffled_deck(rng: object) -> tuple[Card, ...]:
    """A uniformly shuffled pack, top first, drawn from ``rng`` alone: the
    very pack ``rng.shuffle`` makes of ``DECK``.

    >>> pack = list(DECK)
    >>> random.Random(1).shuffle(pack)
    >>> shuffled_deck(random.Random(1)) == tuple(pack)
    True
    >>> shuffled_deck(7)
    Traceback (most recent call last):
    TypeError: shuffled_deck: rng must be a random.Random, not int
    """
    # ``object``: compiled, a typed parameter would meet mypyc's own check first.
    rng = check_rng("shuffled_deck", rng)
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


def dealt_slice(seat: int, players: int, dealer: int, hand_size: int) -> slice:
    """The places in the pack (top first) of the cards ``seat`` is dealt, in
    the order dealt: one card at a time, clockwise from the eldest (§1.4).

    >>> dealt_slice(seat=1, players=4, dealer=0, hand_size=3)
    slice(0, 12, 4)
    """
    return slice((seat - dealer - 1) % players, players * hand_size, players)


def deal_hands(deck: Sequence[Card], players: int, hand_size: int, dealer: int) -> tuple[int, ...]:
    """Each seat's hand as a mask, dealt singly clockwise from the dealer's left.

    >>> deal_hands(DECK, players=2, hand_size=1, dealer=0) == (DECK[1].mask, DECK[0].mask)
    True
    """
    masks = []
    for part in dealt_slices(players, dealer, hand_size):
        mask = 0
        for card in deck[part]:
            mask |= card.mask
        masks.append(mask)
    return tuple(masks)


# Keyed by ints of a table (players and hand sizes the pack can deal, a dealer's seat):
# finite, and the bound holds every table of the presets.
@bounded(1024)
def dealt_slices(players: int, dealer: int, hand_size: int) -> tuple[slice, ...]:
    """:func:`dealt_slice` of each seat, in seat order.

    >>> dealt_slices(players=2, dealer=0, hand_size=2)
    (slice(1, 4, 2), slice(0, 4, 2))
    """
    return tuple(dealt_slice(seat, players, dealer, hand_size) for seat in range(players))
