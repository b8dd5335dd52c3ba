"""Bidding: the range of a bid and the restriction on the last bid, "the
hook" (RULES.md §1.6, §1.7, A1-A4, A25), and why a bid is refused.

The last bidder is the dealer (§1.2), or under the Scottish draw each deal
the first bidder's right-hand neighbour (A25).

>>> Hook().dealer_bids(hand_size=5, others=3)
(0, 1, 3, 4, 5)
>>> Hook().refusal(hand_size=5, others=3, last=True, tricks=2).why
'total of bids would equal the hand size 5'
>>> Hook(form=HookForm.EXCEED).dealer_bids(hand_size=3, others=2)
(2, 3)
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from pyclag._checks import Frozen, integer, is_flag, is_int, is_member, is_whole
from pyclag.errors import IllegalBidError, Reason, Refusal
from pyclag.rules.round import MAX_HAND_SIZE

__all__ = ["BID_RANGES", "GtInfeasible", "Hook", "HookForm"]

BID_RANGES: Final = tuple(tuple(range(h + 1)) for h in range(53))
"""The bids of a hand of ``h`` cards, ``0..h`` (§1.6), by ``h``: one tuple each."""


class HookForm(enum.Enum):
    """The form of the restriction on the dealer's bid (§1.7, A1).

    * ``NOT_EQUAL`` ("ne"): the total of bids must not equal the hand size.
    * ``EXCEED`` ("gt"): the total of bids must exceed the hand size.
    * ``NONE``: the dealer bids freely.
    """

    NOT_EQUAL = "ne"
    EXCEED = "gt"
    NONE = "none"


class GtInfeasible(enum.Enum):
    """What the ``EXCEED`` form does when the others bid 0 in all and the dealer
    would need ``h + 1`` (A3).

    * ``FALLBACK_NE``: fall back to "total must not equal h" (the default).
    * ``ALLOW_BID_H_PLUS_1``: the dealer must bid ``h + 1``.
    """

    FALLBACK_NE = "fallback_ne"
    ALLOW_BID_H_PLUS_1 = "allow_bid_h_plus_1"


@attrs.frozen
class Hook(Frozen):
    """The restriction on the last bid (the dealer's).

    ``min_hand_size`` is the historical ``hook_min_hand_size`` option: hands
    smaller than it are not restricted (A4: WP-IPFS from round 4, NWW for 4+
    cards); it is at most the largest hand, ``MAX_HAND_SIZE``. ``gt_exact`` reads the ``EXCEED`` form as "exactly h + 1 in all"
    (A2); ``gt_infeasible`` settles the case the form cannot meet (A3).

    >>> Hook(min_hand_size=4).dealer_bids(hand_size=3, others=3)
    (0, 1, 2, 3)
    """

    form: HookForm = attrs.field(default=HookForm.NOT_EQUAL, validator=is_member(HookForm))
    min_hand_size: int = attrs.field(
        default=1, converter=integer, validator=is_int(1, MAX_HAND_SIZE)
    )
    gt_exact: bool = attrs.field(default=False, validator=is_flag)
    gt_infeasible: GtInfeasible = attrs.field(
        default=GtInfeasible.FALLBACK_NE, validator=is_member(GtInfeasible)
    )

    def applies(self, hand_size: int) -> bool:
        """Whether the dealer is restricted in a round of this hand size.

        >>> Hook(form=HookForm.NONE).applies(7), Hook().applies(1)
        (False, True)
        """
        return self.form is not HookForm.NONE and hand_size >= self.min_hand_size

    def dealer_bids(self, hand_size: int, others: int) -> tuple[int, ...]:
        """The dealer's legal bids when the other players' bids total ``others``.

        Never empty (RULES.md §4 invariant 15).

        >>> Hook(form=HookForm.EXCEED).dealer_bids(hand_size=2, others=0)
        (0, 1)
        >>> Hook(form=HookForm.EXCEED, gt_infeasible=GtInfeasible.ALLOW_BID_H_PLUS_1).dealer_bids(2, 0)
        (3,)
        """
        h = hand_size
        if not self.applies(h):
            return BID_RANGES[h]
        if self.form is HookForm.EXCEED:
            need = max(0, h + 1 - others)
            if need <= h:
                return (need,) if self.gt_exact else tuple(range(need, h + 1))
            if self.gt_infeasible is GtInfeasible.ALLOW_BID_H_PLUS_1:
                return (h + 1,)
        # NOT_EQUAL, and the EXCEED fallback (A3): anything but h - others.
        barred, bids = h - others, BID_RANGES[h]
        return bids[:barred] + bids[barred + 1 :] if 0 <= barred <= h else bids

    def describe(self, hand_size: int, others: int) -> str:
        """Why a dealer's bid outside :meth:`dealer_bids` is refused.

        >>> Hook().describe(5, 3)
        'total of bids would equal the hand size 5'
        """
        feasible = others > 0 or self.gt_infeasible is GtInfeasible.ALLOW_BID_H_PLUS_1
        if self.form is HookForm.EXCEED and others <= hand_size and feasible:
            if self.gt_exact:
                return f"total of bids must be exactly one more than the hand size {hand_size}"
            return f"total of bids must exceed the hand size {hand_size}"
        return f"total of bids would equal the hand size {hand_size}"

    def legal_bids(self, hand_size: int, others: int, last: bool) -> tuple[int, ...]:
        """The bids a player may make: ``0..h``, and for the ``last`` bidder what
        the hook allows after the others' bids totalling ``others`` (§1.6, §1.7).

        >>> Hook().legal_bids(3, 2, last=False), Hook().legal_bids(3, 2, last=True)
        ((0, 1, 2, 3), (0, 2, 3))
        """
        return self.dealer_bids(hand_size, others) if last else BID_RANGES[hand_size]

    def refusal(self, hand_size: int, others: int, last: bool, tricks: object) -> Refusal | None:
        """Why a bid of ``tricks`` is refused, or ``None`` if it is legal: the
        one ruling on a bid (:meth:`legal_bids` is its legal set).

        >>> Hook().refusal(3, 0, last=False, tricks=4).why
        'a bid is 0..3 tricks'
        >>> Hook().refusal(3, 0, last=False, tricks=True).reason.value
        'not-an-integer'
        """
        if not is_whole(tricks):
            why = f"a bid is a whole number of tricks, not {type(tricks).__name__}"
            return Refusal(IllegalBidError, Reason.NOT_AN_INTEGER, why)
        if tricks in self.legal_bids(hand_size, others, last):
            return None
        if last and 0 <= tricks <= hand_size:
            return Refusal(
                IllegalBidError, Reason.DEALER_RESTRICTION, self.describe(hand_size, others)
            )
        return Refusal(IllegalBidError, Reason.BID_OUT_OF_RANGE, f"a bid is 0..{hand_size} tricks")
