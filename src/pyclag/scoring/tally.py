"""The tally of a game: contracts made and the game's winners (RULES.md §1.10,
§1.11, §2.4 tie-break, A29). The ruling on one round's points is
:func:`pyclag.rules.tricks.score_round`.

>>> winners_by_totals((212, 212, 190, 175), (8, 10, 6, 5), TieBreak.CONTRACTS_THEN_SHARED)
(1,)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

__all__ = ["TieBreak", "contracts_kept", "contracts_made", "winners_by_totals"]


class TieBreak(enum.Enum):
    """How players tied on the highest total are separated (A29).

    * ``SHARED``: they share the win.
    * ``CONTRACTS_THEN_SHARED``: most contracts made wins; still tied, they share
      (Indonesian [V: S-ID]).
    """

    SHARED = "shared"
    CONTRACTS_THEN_SHARED = "contracts_then_shared"


def contracts_kept(bids: Sequence[int | None], tricks_won: Sequence[int]) -> tuple[bool, ...]:
    """Whether each seat made its contract: it had a bid (a real one, or a forced
    zero) and took exactly that many tricks. No bid, no contract (§1.11, A15).

    >>> contracts_kept((1, 0, 2, None), (1, 0, 1, 1))
    (True, True, False, False)
    """
    return tuple([b is not None and b == t for b, t in zip(bids, tricks_won, strict=True)])


def contracts_made(players: int, made: Sequence[Sequence[bool]]) -> tuple[int, ...]:
    """How many contracts each seat made, from each round's ``made`` flags.

    >>> contracts_made(2, [(True, False), (True, True)])
    (2, 1)
    """
    return tuple(sum(1 for flags in made if flags[seat]) for seat in range(players))


def winners_by_totals(
    totals: Sequence[int], contracts: Sequence[int], tie_break: TieBreak
) -> tuple[int, ...]:
    """The winning seats: the highest total, then the rule set's tie-break.

    >>> winners_by_totals((30, 30, 10), (4, 5, 1), TieBreak.SHARED)
    (0, 1)
    """
    best = max(totals)
    leaders = tuple(seat for seat, total in enumerate(totals) if total == best)
    if tie_break is TieBreak.CONTRACTS_THEN_SHARED and len(leaders) > 1:
        most = max(contracts[seat] for seat in leaders)
        leaders = tuple(seat for seat in leaders if contracts[seat] == most)
    return leaders
