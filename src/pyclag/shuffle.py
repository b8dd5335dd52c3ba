"""The shuffle (RULES.md §1.4): a uniformly shuffled pack, drawn from a
:class:`random.Random` exactly as ``rng.shuffle`` draws. A module of its own,
below :mod:`pyclag.dealing`, so that the compiled build compiles it: every
deal, every rollout and every sampled world starts here.
"""

from __future__ import annotations

import random
from typing import Final

from pyclag.cards import DECK, Card
from pyclag.checks import check_rng

__all__ = ["shuffled_deck"]


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
