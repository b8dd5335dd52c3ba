"""The RAF caller (RULES.md §2.3, Decision 5, A18-A23): who calls, which calls
exist, and who calls next.

>>> len(CallRules().legal_calls(seat=0))
696
>>> caller_after(points=(16, 16, 0, 10), tricks=(2, 1, 2, 0), eldest=0)
0
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence
from typing import Final

import attrs

from pyclag._caches import bounded
from pyclag._checks import Frozen, integer, is_flag, is_int, is_member
from pyclag.actions import Call, CallChoice, Madness
from pyclag.cards import Suit
from pyclag.errors import IllegalCallError, Reason, Refusal
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP, NoTrumps, Precedence, TurnUp
from pyclag.scoring.schemes import MAX_POINTS

__all__ = ["ALL_PRECEDENCES", "CallRules", "CallerRule", "FirstCaller", "caller_after"]

ALL_PRECEDENCES: Final[tuple[Precedence, ...]] = tuple(
    Precedence(order) for order in itertools.permutations(Suit)
)
"""The 24 suit precedence orders, each a legal RAF call (S-EN allows "any order" [V])."""


class FirstCaller(enum.Enum):
    """Who calls in the first deal, which has no previous winner (A18).

    * ``NONE``: nobody; the first deal is a standard deal (the default).
    * ``ELDEST``: the eldest hand calls.
    """

    NONE = "none"
    ELDEST = "eldest"


class CallerRule(enum.Enum):
    """Who "came out on top in the preceding deal" and calls the next (A18).

    * ``DEAL_WINNER``: the highest score in that deal (the default).
    * ``GAME_LEADER``: the highest running total after that deal.

    Either way a tie goes to the most tricks in that deal, then to the
    earliest seat in its play order (:func:`caller_after`).
    """

    DEAL_WINNER = "deal_winner"
    GAME_LEADER = "game_leader"


@attrs.frozen(cache_hash=True)
class CallRules(Frozen):
    """A round whose rules the caller chooses after seeing their hand.

    The caller is whoever came out on top in the previous round
    (:func:`caller_after`): its top scorer, or under ``caller_rule``
    ``GAME_LEADER`` the leader of the running totals (A18). ``trumps_from_turnup`` makes "trumps" mean the
    turn-up rather than a suit the caller names (A19); misère tricks score
    ``misere_per_trick`` each (A22, times the madness weight); a missed bid
    scores nothing unless ``madness_points_on_miss`` keeps the trick values (A21).

    >>> CallRules(trumps_from_turnup=True).suit_modes[0]
    TurnUp()
    """

    first_caller: FirstCaller = attrs.field(
        default=FirstCaller.NONE, validator=is_member(FirstCaller)
    )
    trumps_from_turnup: bool = attrs.field(default=False, validator=is_flag)
    misere_per_trick: int = attrs.field(
        default=-2, converter=integer, validator=is_int(-MAX_POINTS, MAX_POINTS)
    )
    madness_points_on_miss: bool = attrs.field(default=False, validator=is_flag)
    caller_rule: CallerRule = attrs.field(
        default=CallerRule.DEAL_WINNER, validator=is_member(CallerRule)
    )

    @property
    def suit_modes(self) -> tuple[Suit | TurnUp | NoTrumps | Precedence, ...]:
        """The suit modes a call may choose, namely trumps (each suit named, or
        the turn-up), no trumps, or any precedence order (A23)."""
        trumps: tuple[Suit | TurnUp, ...] = (TURN_UP,) if self.trumps_from_turnup else tuple(Suit)
        return (*trumps, NO_TRUMPS, *ALL_PRECEDENCES)

    def legal_calls(self, seat: int) -> tuple[Call, ...]:
        """Every call ``seat`` may make: each suit mode with Nuloss, Blind and
        Misère on or off and no, ascending or descending madness.

        >>> calls = CallRules().legal_calls(2)
        >>> calls[0]
        Call(seat=2, suits=<Suit.CLUBS: 0>, nuloss=False, blind=False, misere=False, madness=None)
        """
        return _legal_calls(self, seat)

    def caller(
        self,
        players: int,
        dealer: int,
        last: tuple[Sequence[int], Sequence[int], Sequence[int], int] | None,
    ) -> int | None:
        """Who calls a round of ``players`` dealt by ``dealer``, from the ``last``
        round (its points, the running totals after it, its tricks won and its
        first bidder): the top scorer of that round, or the leader of the totals
        under ``caller_rule`` ``GAME_LEADER`` (:func:`caller_after`). In the
        first round, which has no last, the eldest if ``first_caller`` says so,
        else nobody (A18).

        >>> CallRules().caller(4, 0, None), CallRules(first_caller=FirstCaller.ELDEST).caller(4, 0, None)
        (None, 1)
        >>> last = ((12, 0, 0), (12, 30, 0), (1, 0, 0), 1)
        >>> CallRules().caller(3, 0, last), CallRules(caller_rule=CallerRule.GAME_LEADER).caller(3, 0, last)
        (0, 1)
        """
        if last is not None:
            points, totals, won, eldest = last
            leading = totals if self.caller_rule is CallerRule.GAME_LEADER else points
            return caller_after(leading, won, eldest)
        return (dealer + 1) % players if self.first_caller is FirstCaller.ELDEST else None

    def refusal(self, call: object) -> Refusal | None:
        """Why ``call`` is none of the calls these rules allow, or ``None``
        (its seat is the engine's to check): the one ruling on a call.

        >>> CallRules().refusal(CallChoice(Suit.HEARTS, nuloss=1))
        Refusal(error=<class 'pyclag.errors.IllegalCallError'>, reason=<Reason.BAD_CALL: 'bad-call'>, why='not a Call', legal=None, tail='legal_calls() lists the 696 legal calls')
        >>> CallRules().refusal(Call(0, Suit.HEARTS, nuloss=1)).why
        'nuloss must be True or False, not 1'
        """
        if not isinstance(call, Call):
            why = "not a Call"
        else:
            try:
                # 1 == True and hashes alike: the flags' types are checked as well.
                known = call.choice in _choice_set(self) and all(
                    type(flag) is bool for flag in (call.nuloss, call.blind, call.misere)
                )
            except TypeError:  # an unhashable stranger
                known = False
            if known:
                return None
            why = self._why_not(call)
        tail = f"legal_calls() lists the {len(self.suit_modes) * 24} legal calls"
        return Refusal(IllegalCallError, Reason.BAD_CALL, why, None, tail)

    def _why_not(self, call: Call) -> str:
        if call.suits not in self.suit_modes:
            trumps = "TURN_UP" if self.trumps_from_turnup else "a Suit"
            return f"suits must be {trumps}, NO_TRUMPS or a Precedence, not {call.suits!r}"
        for flag in ("nuloss", "blind", "misere"):
            if not isinstance(getattr(call, flag), bool):
                return f"{flag} must be True or False, not {getattr(call, flag)!r}"
        return f"madness must be None or a Madness, not {call.madness!r}"


# Keyed by user-built CallRules (a rule set has one or two).
@bounded(256)
def _choice_set(rules: CallRules) -> frozenset[CallChoice]:
    return frozenset(call.choice for call in _legal_calls(rules, 0))


# Keyed by user-built CallRules and a seat: each entry is up to 696 calls, so a few hundred.
@bounded(256)
def _legal_calls(rules: CallRules, seat: int) -> tuple[Call, ...]:
    flags = (False, True)
    return tuple(
        Call(seat, suits, nuloss, blind, misere, madness)
        for suits in rules.suit_modes
        for nuloss in flags
        for blind in flags
        for misere in flags
        for madness in (None, Madness.ASCENDING, Madness.DESCENDING)
    )


def caller_after(points: Sequence[int], tricks: Sequence[int], eldest: int) -> int:
    """The caller of the next deal: the highest of ``points`` (this deal's
    scores, or the running totals under ``caller_rule`` ``GAME_LEADER``), then
    the most tricks in this deal, then the earliest seat in this deal's order
    from its eldest (A18).

    >>> caller_after(points=(0, 12, 12, 10), tricks=(0, 1, 1, 0), eldest=2)
    2
    """
    players = len(points)
    order = [(eldest + i) % players for i in range(players)]
    return max(order, key=lambda seat: (points[seat], tricks[seat], -order.index(seat)))
