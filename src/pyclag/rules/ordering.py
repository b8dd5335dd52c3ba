"""Rank orders and suit precedence (RULES.md §1.1, §1.8, §2.0 Aces Low, §2.3).

>>> RankOrder.ACE_HIGH.value_of(Rank.ACE), RankOrder.ACES_LOW.value_of(Rank.ACE)
(14, 1)
>>> RankOrder.TWO_HIGH.value_of(Rank.TWO) > RankOrder.TWO_HIGH.value_of(Rank.ACE)
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

from pyclag.cards import Rank, Suit
from pyclag.errors import RulesError

__all__ = [
    "BLACK_OVER_RED",
    "NAMED_PRECEDENCES",
    "PRECEDENCE",
    "RED_OVER_BLACK",
    "REVERSE_PRECEDENCE",
    "RankOrder",
    "precedence_order",
]


class RankOrder(enum.Enum):
    """How ranks compare within a suit.

    * ``ACE_HIGH``: A K Q J T 9 … 2, the normal order (§1.1).
    * ``ACES_LOW``: K Q … 2 A, the ace below the two, trumps included
      (§2.0 ``ACES_LOW``, A37).
    * ``ACES_LOW_PLAIN``: aces low in every suit but trumps, where the ace
      stays high (the A37 option ``aces_low_trumps=False``).
    * ``TWO_HIGH``: 2 3 4 … K A, the natural order reversed (RAF Nuloss, §2.3).

    >>> [r.letter for r in RankOrder.ACES_LOW.high_to_low()][-2:]
    ['2', 'A']
    """

    ACE_HIGH = "ace-high"
    ACES_LOW = "aces-low"
    ACES_LOW_PLAIN = "aces-low-plain"
    TWO_HIGH = "two-high"

    # Members are singletons compared by identity: hashing by identity keeps a
    # lookup keyed by one a C-level one (Enum hashes its name in Python).
    __hash__ = object.__hash__

    @property
    def in_trumps(self) -> RankOrder:
        """The order within the trump suit.

        >>> RankOrder.ACES_LOW_PLAIN.in_trumps, RankOrder.ACES_LOW.in_trumps
        (<RankOrder.ACE_HIGH: 'ace-high'>, <RankOrder.ACES_LOW: 'aces-low'>)
        """
        return RankOrder.ACE_HIGH if self is RankOrder.ACES_LOW_PLAIN else self

    def value_of(self, rank: Rank) -> int:
        """The rank's strength under this order: higher beats lower.

        >>> RankOrder.ACE_HIGH.value_of(Rank.TWO)
        2
        """
        return _RANK_VALUES[self][rank.value - 2]

    def high_to_low(self) -> tuple[Rank, ...]:
        """The 13 ranks, strongest first.

        >>> RankOrder.TWO_HIGH.high_to_low()[0]
        <Rank.TWO: 2>
        """
        return tuple(sorted(Rank, key=self.value_of, reverse=True))


# Strength by rank.value - 2, per order: ace high 2..14; aces low A=1;
# two high reverses the natural order (2 -> 14, A -> 2).
_RANK_VALUES: Final[dict[RankOrder, tuple[int, ...]]] = {
    RankOrder.ACE_HIGH: tuple(range(2, 15)),
    RankOrder.ACES_LOW: (*range(2, 14), 1),
    RankOrder.ACES_LOW_PLAIN: (*range(2, 14), 1),
    RankOrder.TWO_HIGH: tuple(range(14, 1, -1)),
}


def precedence_order(suits: Iterable[Suit] | str) -> tuple[Suit, ...]:
    """A suit precedence, top suit first: all four suits, each once, as suits,
    letters, or one of the four RAF names (§2.3) in any case.

    >>> precedence_order("DHSC") == RED_OVER_BLACK == precedence_order("Red over Black")
    True
    >>> precedence_order("DHS")
    Traceback (most recent call last):
    pyclag.errors.RulesError: a precedence order names each of the four suits once, top first (e.g. 'HCDS'), not 'DHS'
    """
    try:
        if isinstance(suits, str):
            named = NAMED_PRECEDENCES.get(" ".join(suits.lower().split()))
            order = named if named is not None else tuple(Suit.parse(s) for s in suits)
        else:
            order = tuple(suits)
    except (ValueError, TypeError):
        order = ()
    if len(order) != 4 or not all(isinstance(s, Suit) for s in order) or set(order) != set(Suit):
        raise RulesError(
            "a precedence order names each of the four suits once, top first "
            f"(e.g. 'HCDS'), not {suits if isinstance(suits, str) else order or suits!r}"
        )
    return order


# The four named RAF orders (RULES.md §2.3, [V: S-EN]).
PRECEDENCE: Final = tuple(map(Suit.parse, "HCDS"))
REVERSE_PRECEDENCE: Final = tuple(map(Suit.parse, "SDCH"))
RED_OVER_BLACK: Final = tuple(map(Suit.parse, "DHSC"))
BLACK_OVER_RED: Final = tuple(map(Suit.parse, "CSHD"))
NAMED_PRECEDENCES: Final = {
    "precedence": PRECEDENCE,
    "reverse precedence": REVERSE_PRECEDENCE,
    "red over black": RED_OVER_BLACK,
    "black over red": BLACK_OVER_RED,
}
