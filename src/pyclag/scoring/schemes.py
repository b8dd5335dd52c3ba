"""Scoring schemes: frozen values that score one round (RULES.md §1.9).

The three contract families differ only in their numbers:

========  =====================================  ==================
family    contract made (t == b)                 contract missed
========  =====================================  ==================
F1        10 + 2 per trick                       0
F2        10 + 1 per trick                       1 per trick
F3        10 + 5 per trick                       0
========  =====================================  ==================

>>> F1.points(bids=(1, 1, 0, 0), trick_winners=(0, 1, 3))
(12, 12, 10, 0)
>>> F2.points(bids=(1, 1, 0, 0), trick_winners=(0, 1, 3))
(11, 11, 10, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from pyclag._check import is_int

__all__ = ["F1", "F2", "F3", "SCHEMES", "ContractScoring", "Scoring", "tricks_won"]


def tricks_won(players: int, trick_winners: Sequence[int]) -> tuple[int, ...]:
    """Tricks won by each seat, from the winner of every trick.

    >>> tricks_won(4, (0, 1, 3, 3))
    (1, 1, 0, 2)
    """
    won = [0] * players
    for seat in trick_winners:
        won[seat] += 1
    return tuple(won)


@attrs.frozen(cache_hash=True)
class ContractScoring:
    """Score a bid round: ``bonus + per_trick * t`` for an exact bid, otherwise
    ``per_trick_on_miss * t`` (RULES.md §1.9; A6 for F2's miss).

    >>> ContractScoring("custom", per_trick=3, per_trick_on_miss=0).points((2, 0), (0, 0))
    (16, 10)
    """

    name: str
    per_trick: int = attrs.field(validator=is_int(-1000, 1000))
    per_trick_on_miss: int = attrs.field(validator=is_int(-1000, 1000))
    bonus: int = attrs.field(default=10, validator=is_int(-1000, 1000))

    @property
    def label(self) -> str:
        """Name on a score card, for a round that scores unlike its rule set.

        >>> F3.label
        'F3 scoring'
        """
        return f"{self.name} scoring"

    def points(self, bids: Sequence[int | None], trick_winners: Sequence[int]) -> tuple[int, ...]:
        """Points per seat for one round.

        >>> F3.points((1, 0), (0,))
        (15, 10)
        """
        won = tricks_won(len(bids), trick_winners)
        bonus, per_trick, on_miss = self.bonus, self.per_trick, self.per_trick_on_miss
        return tuple(
            [
                bonus + per_trick * t if b == t else on_miss * t
                for b, t in zip(bids, won, strict=True)
            ]
        )


F1: Final = ContractScoring("F1", per_trick=2, per_trick_on_miss=0)
"""Exact bids only, 10 + 2 per trick (Wikipedia, Foss, RAF)."""
F2: Final = ContractScoring("F2", per_trick=1, per_trick_on_miss=1)
"""1 per trick always, +10 for an exact bid (pagat, Scottish, Indonesian)."""
F3: Final = ContractScoring("F3", per_trick=5, per_trick_on_miss=0)
"""Exact bids only, 10 + 5 per trick (the WP-IPFS revision)."""

SCHEMES: Final = {"F1": F1, "F2": F2, "F3": F3}
"""The contract families by name, for options and records."""

Scoring: TypeAlias = ContractScoring
"""Any scoring scheme."""
