"""One deal of a score sheet: what the table enters for it
(:class:`DealEntry`), where the sheet stands in it (:class:`SheetDeal`: what
the deal is, what it waits for and what is legal) and its score
(:class:`SheetRow`). :mod:`pyclag.scoresheet._steps` takes the entries.
Internal surface of :mod:`pyclag.scoresheet`.

>>> import pyclag
>>> deal = pyclag.scoresheet.ScoreSheet(pyclag.presets.get("wikipedia"), 4).current
>>> deal.number, deal.hand_size, deal.waiting.value, deal.to_act, deal.legal
(1, 1, 'bid', 1, (0, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from pyclag._checks import Frozen, integer, unchecked, whole
from pyclag.actions import CallChoice
from pyclag.cards import Suit
from pyclag.engine.decisions import DECISIONS
from pyclag.engine.rounds import contenders
from pyclag.engine.state import Phase, RoundSetup
from pyclag.rules.bidding import BID_RANGES
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.trumps import NoTrumps
from pyclag.scoresheet.scorecard import label
from pyclag.scoring.schemes import Scoring

__all__ = ["ENTERED", "DealEntry", "SheetDeal", "SheetRow", "TricksTaken", "counts", "tupled"]

ENTERED: Final = tuple(row.phase for row in DECISIONS if not row.chance or row.phase is Phase.DRAW)
"""The decisions a table enters, in the decision table's order: every
player's decision, and of the chance steps the draw (by its winner), not the
deal and RAF Blind's face-down shuffle, which only the cards know. ``PLAY``
stands for the tricks taken.

>>> [phase.value for phase in ENTERED]
['draw', 'choose-hand-size', 'bid-before-deal', 'call', 'declare-trump', 'bid', 'play']
"""

_ASKS: Final = {
    Phase.CHOOSE_HAND_SIZE: "the hand size",
    Phase.CALL: "the call",
    Phase.DECLARE_TRUMP: "the trump",
    Phase.BID: "the bid",
    Phase.BID_BEFORE_DEAL: "the bid",
}


def tupled(value: Sequence[Any]) -> tuple[Any, ...]:
    """A list or tuple as a tuple; anything else as it is, for the ruling to refuse.

    >>> tupled([1, 0]), tupled("10")
    ((1, 0), '10')
    """
    return tuple(value) if isinstance(value, (list, tuple)) else unchecked(value)


def counts(value: Sequence[Any]) -> tuple[Any, ...]:
    """:func:`tupled`, each integer a plain int (a NumPy integer too).

    >>> counts([1, 0]), counts("10")
    ((1, 0), '10')
    """
    return tuple(map(whole, value)) if isinstance(value, (list, tuple)) else unchecked(value)


def _counts_or_none(value: Sequence[int] | None) -> tuple[int, ...] | None:
    return None if value is None else counts(value)


@attrs.frozen
class DealEntry(Frozen):
    """What a table enters for one deal, each field only where the deal has it:

    * ``draw``: the seat that won the draw for the first bidder (option
      ``scottish_draw_each_round``, A25);
    * ``hand_size``: the RAF dealer's choice (§2.3);
    * ``call``: the RAF caller's :class:`~pyclag.actions.CallChoice` (§2.3);
    * ``trump``: the dealer's declared trump, a Suit or ``NO_TRUMPS`` (§2.0
      ``DEALER_CALLS``);
    * ``bids``: the bids in bidding order, first bidder first (none where the
      deal has no bidding: misère, most tricks);
    * ``tricks``: the tricks each seat took, by seat; or ``trick_winners``:
      the seat that won each trick, in order, which a deal whose scoring
      counts which tricks were won (RAF madness) needs.

    >>> DealEntry(bids=[1, 0, 1, 0], tricks=[1, 1, 0, 1]).tricks
    (1, 1, 0, 1)
    """

    draw: int | None = attrs.field(default=None, converter=attrs.converters.optional(integer))
    hand_size: int | None = attrs.field(default=None, converter=attrs.converters.optional(integer))
    call: CallChoice | None = None
    trump: Suit | NoTrumps | None = None
    bids: tuple[int, ...] = attrs.field(default=(), converter=counts)
    tricks: tuple[int, ...] | None = attrs.field(default=None, converter=_counts_or_none)
    trick_winners: tuple[int, ...] | None = attrs.field(default=None, converter=_counts_or_none)

    @property
    def done(self) -> bool:
        """Whether the tricks are in, which ends the deal.

        >>> DealEntry(bids=(1,)).done, DealEntry(tricks=(1, 0, 0)).done
        (False, True)
        """
        return self.tricks is not None or self.trick_winners is not None


_EMPTY: Final = DealEntry()


@attrs.frozen
class TricksTaken(Frozen):
    """The tricks a table enters, as a refusal names them.

    >>> str(TricksTaken((2, 1, 0))), str(TricksTaken("2 1 0"))
    ('2 1 0', "'2 1 0'")
    """

    tricks: object

    def __str__(self) -> str:
        tricks = self.tricks
        if isinstance(tricks, (tuple, list)):
            return " ".join(map(repr, tricks)) or "none"
        return repr(tricks)


@attrs.frozen
class SheetDeal(Frozen):
    """A deal of the sheet: ``setup`` is the round as the engine sets it up
    (dealer, first bidder, RAF caller, hand size, rules as played), revised by
    the table's entries; ``scoring`` scores it; ``waiting`` is what it waits
    for (``PLAY``: the tricks; ``ROUND_OVER`` once they are in); ``entry`` what
    the table has entered; ``bids`` the contracts by seat (``None``: not bid).
    """

    rules: RuleSet = attrs.field(repr=False)
    setup: RoundSetup
    scoring: Scoring
    waiting: Phase
    bids: tuple[int | None, ...]
    entry: DealEntry = _EMPTY

    @property
    def number(self) -> int:
        """The deal's number, from 1.

        >>> import pyclag
        >>> pyclag.scoresheet.ScoreSheet(pyclag.NORMAL, 3, 2).current.number
        1
        """
        return self.setup.index + 1

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player (0 while the RAF dealer has not chosen).

        >>> import pyclag
        >>> pyclag.scoresheet.ScoreSheet(pyclag.presets.get("raf"), 4, 0).current.hand_size
        0
        """
        return self.setup.hand_size

    @property
    def dealer(self) -> int:
        """The dealer (§1.3: the deal passes left every deal).

        >>> import pyclag
        >>> pyclag.scoresheet.ScoreSheet(pyclag.NORMAL, 3, 2).current.dealer
        2
        """
        return self.setup.dealer

    @property
    def rule(self) -> str:
        """The deal's special rule as a score card names it ("normal" for none).

        >>> import pyclag
        >>> pyclag.scoresheet.ScoreSheet(pyclag.NORMAL, 3, 2).current.rule
        'normal'
        """
        return label(self.setup) or "normal"

    @property
    def to_act(self) -> int | None:
        """Who decides what the deal waits for: the dealer (hand size, trump),
        the caller, the next bidder; ``None`` for the draw and the tricks.

        >>> import pyclag
        >>> pyclag.scoresheet.ScoreSheet(pyclag.presets.get("raf"), 4, 2).current.to_act  # the dealer chooses
        2
        """
        waiting, setup = self.waiting, self.setup
        if waiting in (Phase.CHOOSE_HAND_SIZE, Phase.DECLARE_TRUMP):
            return setup.dealer
        if waiting is Phase.CALL:
            return setup.caller
        if waiting in (Phase.BID, Phase.BID_BEFORE_DEAL):
            return setup.bidding_order[len(self.entry.bids)]
        return None

    @property
    def others(self) -> int:
        """The total of the bids made so far (the hook reads it, §1.7).

        >>> import pyclag
        >>> pyclag.scoresheet.ScoreSheet(pyclag.NORMAL, 3, 2).current.others
        0
        """
        return sum(bid for bid in self.bids if bid is not None)

    @property
    def legal(self) -> tuple[object, ...]:
        """What the deal may take for what it waits for: the seats of the draw,
        the hand sizes, the calls, the trumps or the bids (``()`` for the
        tricks, which are one count per seat adding up to the hand size).

        >>> import pyclag
        >>> pyclag.scoresheet.ScoreSheet(pyclag.presets.get("raf"), 4, 2).current.legal
        (3, 4, 5, 6, 7)
        """
        waiting, setup = self.waiting, self.setup
        if waiting is Phase.DRAW:
            return contenders(setup)
        if waiting is Phase.CHOOSE_HAND_SIZE:
            return setup.spec.legal_hand_sizes(setup.players, self.rules.no_turnup)
        if waiting is Phase.CALL and setup.spec.calls is not None and setup.caller is not None:
            return setup.spec.calls.legal_calls(setup.caller)
        if waiting is Phase.DECLARE_TRUMP:
            return setup.spec.suits.choices
        if waiting in (Phase.BID, Phase.BID_BEFORE_DEAL):
            last = self.to_act == setup.last_bidder
            return self.rules.hook.legal_bids(setup.hand_size, self.others, last)
        return ()

    @property
    def forbidden(self) -> tuple[int, ...] | None:
        """The bids of ``0..h`` the last bidder may not make (§1.7), once the
        others have bid and it is the last bidder's turn; ``None`` before.

        >>> import pyclag
        >>> sheet = pyclag.scoresheet.ScoreSheet(pyclag.NORMAL.with_schedule([3]), 3, 0)
        >>> sheet.current.forbidden is None, sheet.bid(1).bid(1).current.forbidden  # 2 in all: not 1
        (True, (1,))
        """
        if self.waiting not in (Phase.BID, Phase.BID_BEFORE_DEAL):
            return None
        if self.to_act != self.setup.last_bidder:
            return None
        legal = self.legal
        return tuple(bid for bid in BID_RANGES[self.hand_size] if bid not in legal)

    @property
    def asks(self) -> str:
        """What the deal waits for, in words.

        >>> import pyclag
        >>> pyclag.scoresheet.ScoreSheet(pyclag.NORMAL, 3, 2).current.asks
        'the bid of seat 0'
        """
        waiting, seat = self.waiting, self.to_act
        if waiting is Phase.DRAW:
            return "the winner of the draw for the first bidder"
        if waiting is Phase.PLAY:
            return "the tricks taken"
        if waiting is Phase.ROUND_OVER:
            return "nothing more"
        return f"{_ASKS[waiting]} of seat {seat}"

    @property
    def place(self) -> str:
        """The deal, compactly, as a refusal names it.

        >>> import pyclag
        >>> pyclag.scoresheet.ScoreSheet(pyclag.presets.get("raf"), 4, 2).current.place
        'deal 1 of 8 (hand size to choose, dealer seat 2)'
        """
        setup = self.setup
        size = setup.hand_size
        cards = "hand size to choose" if not size else f"{size} card{'s' if size > 1 else ''}"
        deals = self.rules.num_rounds(setup.players)
        return f"deal {self.number} of {deals} ({cards}, dealer seat {setup.dealer})"


@attrs.frozen
class SheetRow(Frozen):
    """A scored deal: the ``deal`` as entered, and by seat its ``points``,
    tricks won, contracts ``made`` and the running ``totals`` after it."""

    deal: SheetDeal
    points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    made: tuple[bool, ...]
    totals: tuple[int, ...]
