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

Misère is a contract round whose bids are all forced to 0 (§2.0: "+10 if
t = 0, else p·t" is exactly that), RAF madness weights the tricks (§2.3), and
:class:`MostTricks` scores the one player with the most tricks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from pyclag._checks import Frozen, integer, is_instance, is_int, is_name, is_whole, whole
from pyclag.actions import Madness
from pyclag.errors import RulesError
from pyclag.limits import MAX_POINTS

__all__ = [
    "F1",
    "F2",
    "F3",
    "MAX_POINTS",
    "SCHEMES",
    "ContractScoring",
    "MostTricks",
    "Scoring",
    "misere",
    "order_free_winners",
    "tricks_won",
]


def tricks_won(players: int, trick_winners: Sequence[int]) -> tuple[int, ...]:
    """Tricks won by each seat, from the winner of every trick.

    >>> tricks_won(4, (0, 1, 3, 3))
    (1, 1, 0, 2)
    """
    won = [0] * players
    for seat in trick_winners:
        won[seat] += 1
    return tuple(won)


def order_free_winners(tricks: Sequence[int]) -> tuple[int, ...]:
    """Trick winners with these counts by seat (seat 0's tricks first), for a
    scheme that counts only how many tricks each seat won, not which
    (``by_trick`` is False): a table that kept only the counts is scored from them.

    >>> order_free_winners((1, 0, 2))
    (0, 2, 2)
    >>> F1.points((1, 0, 2), order_free_winners((1, 0, 2))) == F1.points((1, 0, 2), (2, 0, 2))
    True
    """
    return tuple(seat for seat, count in enumerate(tricks) for _ in range(count))


@attrs.frozen(cache_hash=True)
class ContractScoring(Frozen):
    """Score a bid round: ``bonus + per_trick * t`` for an exact bid, otherwise
    ``per_trick_on_miss * t`` (RULES.md §1.9; A6 for F2's miss).

    Under a ``madness`` (RAF, §2.3) trick ``j`` of ``h`` counts ``j``
    (ascending) or ``h - j + 1`` (descending) times instead of once, so with
    ``per_trick=2`` it is worth ``2j`` or ``2(h - j + 1)``.

    >>> ContractScoring("custom", per_trick=3, per_trick_on_miss=0).points((2, 0), (0, 0))
    (16, 10)
    >>> attrs.evolve(F1, madness=Madness.ASCENDING).points((2, 1), (1, 0, 1, 0))
    (22, 0)
    """

    name: str = attrs.field(validator=is_name)
    per_trick: int = attrs.field(converter=integer, validator=is_int(-MAX_POINTS, MAX_POINTS))
    per_trick_on_miss: int = attrs.field(
        converter=integer, validator=is_int(-MAX_POINTS, MAX_POINTS)
    )
    bonus: int = attrs.field(
        default=10, converter=integer, validator=is_int(-MAX_POINTS, MAX_POINTS)
    )
    madness: Madness | None = attrs.field(
        default=None, validator=attrs.validators.optional(is_instance(Madness, label="a Madness"))
    )

    @property
    def label(self) -> str:
        """Name on a score card, for a round that scores unlike its rule set.

        >>> F3.label
        'F3 scoring'
        """
        return f"{self.name} scoring"

    @property
    def by_trick(self) -> bool:
        """Whether the points depend on which tricks a seat won, not only how
        many: under a madness each trick has its own value (§2.3).

        >>> F1.by_trick, attrs.evolve(F1, madness=Madness.DESCENDING).by_trick
        (False, True)
        """
        return self.madness is not None

    def points(self, bids: Sequence[int | None], trick_winners: Sequence[int]) -> tuple[int, ...]:
        """Points per seat for one round.

        >>> F3.points((1, 0), (0,))
        (15, 10)
        """
        bonus, per_trick, on_miss = self.bonus, self.per_trick, self.per_trick_on_miss
        won = tricks_won(len(bids), trick_winners)
        if self.madness is not None:
            counts, won = won, _weighted(len(bids), trick_winners, self.madness)
            return tuple(
                [
                    bonus + per_trick * w if b == t else on_miss * w
                    for b, t, w in zip(bids, counts, won, strict=True)
                ]
            )
        return tuple(
            [
                bonus + per_trick * t if b == t else on_miss * t
                for b, t in zip(bids, won, strict=True)
            ]
        )


def _weighted(players: int, trick_winners: Sequence[int], madness: Madness) -> tuple[int, ...]:
    """Tricks won by each seat, each trick counted by its madness weight."""
    h = len(trick_winners)
    won = [0] * players
    for j, seat in enumerate(trick_winners, 1):
        won[seat] += madness.trick_value(j, h) // 2
    return tuple(won)


def misere(per_trick: int, name: str | None = None) -> ContractScoring:
    """Misère scoring with ``per_trick`` points per trick taken: +10 for no
    tricks, else ``per_trick * t`` (§2.0 ``MISERE``; the round forces every bid to 0).

    >>> misere(-2).points((0, 0, 0, 0), (1, 1, 1, 1, 2, 2, 3))
    (10, -8, -4, -2)
    """
    per_trick = whole(per_trick)
    if not is_whole(per_trick):
        raise RulesError(
            f"misere: per_trick must be an int in {-MAX_POINTS}..{MAX_POINTS}, not {per_trick!r}"
        )
    label = name if name is not None else f"misère {per_trick:+d}"
    return ContractScoring(label, per_trick=0, per_trick_on_miss=per_trick)


@attrs.frozen(cache_hash=True)
class MostTricks(Frozen):
    """``bonus`` to the one player who took strictly the most tricks; nobody
    else scores, and a tie for most gives nobody anything (§2.0 ``MOST_TRICKS``).

    >>> MostTricks().points((None,) * 5, (0, 0, 0, 1, 1, 2, 3))
    (10, 0, 0, 0, 0)
    >>> MostTricks().points((None,) * 5, (0, 0, 0, 1, 1, 1, 3))
    (0, 0, 0, 0, 0)
    """

    bonus: int = attrs.field(
        default=10, converter=integer, validator=is_int(-MAX_POINTS, MAX_POINTS)
    )

    @property
    def name(self) -> str:
        """The scheme's name."""
        return "most tricks"

    @property
    def label(self) -> str:
        """Name on a score card.

        >>> MostTricks().label
        'Most Tricks'
        """
        return "Most Tricks"

    @property
    def by_trick(self) -> bool:
        """Always False: only how many tricks each player took counts.

        >>> MostTricks().by_trick
        False
        """
        return False

    def points(self, bids: Sequence[int | None], trick_winners: Sequence[int]) -> tuple[int, ...]:
        """Points per seat for one round (``bids`` only give the table size).

        >>> MostTricks(bonus=5).points((None, None), (1,))
        (0, 5)
        """
        won = tricks_won(len(bids), trick_winners)
        top = max(won)
        sole = won.count(top) == 1
        return tuple(self.bonus if sole and t == top else 0 for t in won)


F1: Final = ContractScoring("F1", per_trick=2, per_trick_on_miss=0)
"""Exact bids only, 10 + 2 per trick (Wikipedia, Foss, RAF)."""
F2: Final = ContractScoring("F2", per_trick=1, per_trick_on_miss=1)
"""1 per trick always, +10 for an exact bid (pagat, Scottish, Indonesian)."""
F3: Final = ContractScoring("F3", per_trick=5, per_trick_on_miss=0)
"""Exact bids only, 10 + 5 per trick (the WP-IPFS revision)."""

SCHEMES: Final[dict[str, ContractScoring]] = {"F1": F1, "F2": F2, "F3": F3}
"""The contract families by name, for options and records."""

Scoring: TypeAlias = ContractScoring | MostTricks
"""Any scoring scheme."""
