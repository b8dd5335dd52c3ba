"""The ruling on a round's points and on the game's winners (RULES.md §1.9,
§1.10, §2.4 tie-break, A29).

>>> winners_by_totals((212, 212, 190, 175), (8, 10, 6, 5), TieBreak.CONTRACTS_THEN_SHARED)
(1,)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pyclag.errors import RecordError

if TYPE_CHECKING:
    from pyclag.rules.round import RoundRules

__all__ = ["TieBreak", "contracts_kept", "contracts_made", "score_round", "winners_by_totals"]


class TieBreak(enum.Enum):
    """How players tied on the highest total are separated (A29).

    * ``SHARED``: they share the win.
    * ``CONTRACTS_THEN_SHARED``: most contracts made wins; still tied, they share
      (Indonesian [V: S-ID]).
    """

    SHARED = "shared"
    CONTRACTS_THEN_SHARED = "contracts_then_shared"


def score_round(
    round_rules: RoundRules, bids: Sequence[int | None], trick_winners: Sequence[int]
) -> tuple[int, ...]:
    """Points per seat for one round: the pure ruling behind the engine's scoring.

    ``bids`` are by seat; ``trick_winners`` give the seat that won each trick, in order.

    >>> from pyclag.rules.round import RoundRules
    >>> from pyclag.scoring.schemes import F2
    >>> score_round(RoundRules(trump=None, scoring=F2), (1, 0, 1, 2), (0, 2, 3))
    (11, 10, 11, 1)
    >>> score_round(RoundRules(trump=None, scoring=F2), (1, 0), (0, 2))
    Traceback (most recent call last):
    pyclag.errors.RecordError: score_round: trick 2 was won by 2, which is not a seat of 2 players

    ``round_rules`` that are not a RoundRules, or ``bids`` or ``trick_winners``
    that are not sequences (lists or tuples), are a TypeError.
    """
    from pyclag._refusals import not_a  # here: it imports the state, which imports this module
    from pyclag.rules.round import RoundRules

    if not isinstance(round_rules, RoundRules):
        raise not_a("score_round", "round_rules", "a RoundRules", round_rules)
    for name, value in (("bids", bids), ("trick_winners", trick_winners)):
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
            raise not_a("score_round", name, "a sequence", value)
    players = len(bids)
    if not players:
        raise RecordError("score_round: bids must hold one entry per seat, not none")
    for number, bid in enumerate(bids):
        if bid is not None and (isinstance(bid, bool) or not isinstance(bid, int) or bid < 0):
            raise RecordError(f"score_round: the bid of seat {number} is {bid!r}, not a count")
    for number, seat in enumerate(trick_winners, 1):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise RecordError(
                f"score_round: trick {number} was won by {seat!r}, "
                f"which is not a seat of {players} players"
            )
    return round_rules.scoring.points(bids, trick_winners)


def contracts_kept(bids: Sequence[int | None], tricks_won: Sequence[int]) -> tuple[bool, ...]:
    """Whether each seat made its contract: it had a bid (a real one, or a forced
    zero) and took exactly that many tricks. No bid, no contract (§1.11, A15).

    >>> contracts_kept((1, 0, 2, None), (1, 0, 1, 1))
    (True, True, False, False)
    """
    return tuple(b is not None and b == t for b, t in zip(bids, tricks_won, strict=True))


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
