"""The score sheet of a game played with real cards (:class:`ScoreSheet`).

>>> import pyclag
>>> sheet = ScoreSheet(pyclag.NORMAL.with_schedule([1, 2]), 3, names=("Ann", "Bob", "Cy"))
>>> sheet.current.to_act, sheet.current.legal  # Bob, left of the dealer Ann, bids first
(1, (0, 1))
>>> sheet = sheet.bid(1).bid(0).bid(1).took((0, 1, 0))
>>> sheet.totals, sheet.current.number, sheet.current.dealer
((0, 12, 10), 2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from pyclag._checks import Frozen, integer, is_whole, not_a, unchecked, whole
from pyclag.engine.state import Phase
from pyclag.errors import (
    IllegalBidError,
    Reason,
    RulesError,
    WrongPhaseError,
)
from pyclag.rules.deals import Bidding
from pyclag.rules.ruleset import RuleSet, check_table
from pyclag.scoresheet._deal import DealEntry, SheetDeal, SheetRow, counts, tupled
from pyclag.scoresheet._steps import BIDS, next_deal, score, shortened, take, take_tricks, walk
from pyclag.scoresheet.scorecard import CardRow, card_text, label, totals_svg
from pyclag.scoring.tally import contracts_made, winners_by_totals

__all__ = ["LONGEST_NAME", "ScoreSheet", "check_names"]

LONGEST_NAME: Final = 20
"""The longest name a player may have on a sheet."""


def _names(value: Sequence[str] | None) -> tuple[str, ...] | None:
    return None if value is None else tupled(value)


def _entries(value: Sequence[DealEntry]) -> tuple[DealEntry, ...]:
    return tupled(value)


@attrs.frozen(repr=False)
class ScoreSheet(Frozen):
    """The score sheet of a game of ``rules`` at a table of ``players``,
    ``first_dealer`` dealing first, with the players' ``names`` (one word
    each, by seat; ``None``: "seat 0", "seat 1", ...).

    It walks the rule set's schedule deal by deal without cards. For each
    deal (:attr:`current`) it says what the deal is and what it waits for,
    takes what the table decided (the draw's winner, the RAF dealer's hand
    size and caller's call, a dealer's trump, the bids in bidding order, then
    the tricks) and scores it with the engine's own rules and scoring. Every
    method returns a new sheet; a refused entry raises the engine's error for
    it and leaves the sheet as it was.

    ``entries`` are what the table has entered, one :class:`~pyclag.scoresheet._deal.DealEntry` per
    deal (the last may be unfinished); a sheet built from them checks each.

    >>> import pyclag
    >>> ScoreSheet(pyclag.NORMAL, 4, first_dealer=4)
    Traceback (most recent call last):
    pyclag.errors.RulesError: first_dealer must be a seat in 0..3, not 4
    """

    rules: RuleSet
    players: int = attrs.field(converter=integer)
    first_dealer: int = attrs.field(default=0, converter=integer)
    names: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    entries: tuple[DealEntry, ...] = attrs.field(default=(), kw_only=True, converter=_entries)
    rows: tuple[SheetRow, ...] = attrs.field(init=False, eq=False)
    """The deals scored so far."""
    current: SheetDeal | None = attrs.field(init=False, eq=False)
    """The deal the table is playing, ``None`` once the game is over."""

    def __attrs_post_init__(self) -> None:
        check_table(self.rules, self.players, self.first_dealer)
        check_names(self.names, self.players)
        rows, current = walk(self.rules, self.players, self.first_dealer, self.entries)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "current", current)

    def __repr__(self) -> str:
        deals = self.rules.num_rounds(self.players)
        where = (
            "game over"
            if self.current is None
            else f"deal {self.current.number} of {deals}, waiting for {self.current.asks}"
        )
        return f"<ScoreSheet {self.rules.name}, {self.players} players, {where}>"

    # --- what the sheet says -------------------------------------------------------------

    @property
    def totals(self) -> tuple[int, ...]:
        """The running totals by seat.

        >>> import pyclag
        >>> ScoreSheet(pyclag.NORMAL, 3).totals
        (0, 0, 0)
        """
        return self.rows[-1].totals if self.rows else (0,) * self.players

    @property
    def contracts_made(self) -> tuple[int, ...]:
        """How many contracts each seat has made (§1.11; the Indonesian tie-break).

        >>> import pyclag
        >>> ScoreSheet(pyclag.NORMAL, 3).bid(1).bid(0).bid(1).took((0, 1, 0)).contracts_made
        (0, 1, 1)
        """
        return contracts_made(self.players, [row.made for row in self.rows])

    @property
    def is_over(self) -> bool:
        """Whether every deal of the game is scored.

        >>> import pyclag
        >>> ScoreSheet(pyclag.NORMAL.with_schedule([1]), 3).bid(1).bid(0).bid(1).took((0, 1, 0)).is_over
        True
        """
        return self.current is None

    @property
    def waiting(self) -> Phase:
        """What the sheet waits for: the phase of the current deal's pending
        decision (``PLAY``: the tricks taken), ``GAME_OVER`` at the end.

        >>> import pyclag
        >>> ScoreSheet(pyclag.presets.get("raf"), 4).waiting
        <Phase.CHOOSE_HAND_SIZE: 'choose-hand-size'>
        """
        return Phase.GAME_OVER if self.current is None else self.current.waiting

    def name(self, seat: int) -> str:
        """The name of ``seat`` on this sheet; a seat that is not an int is a
        TypeError, one outside the table a RulesError (as for ``observe``).

        >>> import pyclag
        >>> ScoreSheet(pyclag.NORMAL, 3).name(2), ScoreSheet(pyclag.NORMAL, 3, names=["A", "B", "C"]).name(2)
        ('seat 2', 'C')
        >>> ScoreSheet(pyclag.NORMAL, 3).name(3)
        Traceback (most recent call last):
        pyclag.errors.RulesError: ScoreSheet.name: seat must be a seat in 0..2, not 3
        """
        seat = whole(seat)
        if not is_whole(seat):
            raise not_a("ScoreSheet.name", "seat", "an int", seat)
        if not 0 <= seat < self.players:
            raise RulesError(
                f"ScoreSheet.name: seat must be a seat in 0..{self.players - 1}, not {seat}"
            )
        return f"seat {seat}" if self.names is None else self.names[seat]

    def winners(self) -> tuple[int, ...]:
        """The winning seats of the finished game: the highest total, then the
        rule set's tie-break (§1.10, §2.4, A29). Before the end a WrongPhaseError.

        >>> import pyclag
        >>> ScoreSheet(pyclag.NORMAL.with_schedule([1]), 3).bid(1).bid(0).bid(1).took((0, 1, 0)).winners()
        (1,)
        """
        if self.current is not None:
            raise WrongPhaseError(
                f"no winners yet: {self.current.place} is still to be played", Reason.WRONG_PHASE
            )
        return winners_by_totals(self.totals, self.contracts_made, self.rules.tie_break)

    def card(self) -> str:
        """The score card (:func:`pyclag.scoresheet.scorecard.card_text`): a line per deal,
        each cell the running total and the bid; the winners at the end.

        >>> import pyclag
        >>> print(ScoreSheet(pyclag.NORMAL, 3).bid(1).bid(0).bid(1).took((0, 1, 0)).card())
        round cards rule |   seat 0     seat 1     seat 2
            1     1      |     0 (1)     12 (1)     10 (0)
        """
        rows = [
            CardRow(
                row.deal.number,
                row.deal.hand_size,
                label(row.deal.setup, self.names),
                row.totals,
                row.deal.bids,
            )
            for row in self.rows
        ]
        best = self.winners() if self.current is None else None
        return card_text(rows, self.players, best, self.names)

    def chart(self) -> str:
        """The running totals as a chart, an SVG picture: a line a player, the
        special deals shaded (what a notebook shows for a sheet; ``pyclag score
        --chart FILE`` writes it).

        >>> import pyclag
        >>> ScoreSheet(pyclag.NORMAL, 3).bid(1).bid(0).bid(1).took((0, 1, 0)).chart().count("<polyline")
        3
        """
        deals = [(row.deal.setup, row.totals) for row in self.rows]
        title = f"{self.rules.name}: running totals"
        return totals_svg(title, self.players, deals, self.names)

    def _repr_svg_(self) -> str:
        """The chart of the running totals, which a notebook shows (:meth:`chart`)."""
        return self.chart()

    # --- what the table enters -----------------------------------------------------------

    def draw(self, seat: int) -> ScoreSheet:
        """The seat that won the draw for the first bidder (A25 option
        ``scottish_draw_each_round``); it bids first and leads.

        >>> import pyclag
        >>> rules = pyclag.NORMAL.with_options(scottish_draw_each_round=True)
        >>> ScoreSheet(rules, 3).draw(2).current.to_act
        2
        """
        return self._take("draw", (Phase.DRAW,), seat)

    def choose_hand_size(self, size: int) -> ScoreSheet:
        """The RAF dealer's hand size (§2.3).

        >>> import pyclag
        >>> ScoreSheet(pyclag.presets.get("raf"), 4).choose_hand_size(9)
        Traceback (most recent call last):
        pyclag.errors.IllegalHandSizeError: illegal hand size 9 by seat 0: not a hand size the dealer may choose in deal 1 of 8 (hand size to choose, dealer seat 0); legal hand sizes: 3 4 5 6 7
        """
        return self._take("hand size", (Phase.CHOOSE_HAND_SIZE,), size)

    def call(self, choice: object) -> ScoreSheet:
        """The RAF caller's call: a :class:`~pyclag.actions.CallChoice` (or the
        caller's :class:`~pyclag.actions.Call`), §2.3, Decision 5.

        >>> import pyclag
        >>> from pyclag.actions import CallChoice
        >>> sheet = ScoreSheet(pyclag.presets.get("raf", first_deal_caller="eldest"), 4)
        >>> sheet.choose_hand_size(3).call(CallChoice(pyclag.Suit.HEARTS, misere=True)).waiting
        <Phase.PLAY: 'play'>
        """
        return self._take("call", (Phase.CALL,), choice)

    def declare_trump(self, suit: object) -> ScoreSheet:
        """The dealer's trump in a Dealer Calls deal: a Suit, or ``NO_TRUMPS``
        where allowed (§2.0 ``DEALER_CALLS``, A11).

        >>> import pyclag
        >>> rules = pyclag.NORMAL.with_schedule([pyclag.rules.catalogue.dealer_calls(3)])
        >>> ScoreSheet(rules, 3).declare_trump(pyclag.Suit.SPADES).current.rule
        'Dealer Calls: Trumps S'
        """
        return self._take("trump declaration", (Phase.DECLARE_TRUMP,), suit)

    def bid(self, tricks: int) -> ScoreSheet:
        """The next bid, in bidding order; the last bidder is bound by the hook (§1.7).

        >>> import pyclag
        >>> ScoreSheet(pyclag.NORMAL, 3).bid(1).bid(0).bid(0)
        Traceback (most recent call last):
        pyclag.errors.IllegalBidError: illegal bid 0 by seat 0: total of bids would equal the hand size 1 in deal 1 of 13 (1 card, dealer seat 0); legal bids: 1
        """
        return self._take("bid", BIDS, tricks)

    def took(self, tricks: Sequence[int]) -> ScoreSheet:
        """The tricks each seat took, by seat, which end the deal and score it.

        >>> import pyclag
        >>> ScoreSheet(pyclag.NORMAL, 3).bid(1).bid(0).bid(1).took((1, 1, 0))
        Traceback (most recent call last):
        pyclag.errors.IllegalPlayError: illegal tricks 1 1 0: the tricks taken add up to 2, not to the hand size 1 in deal 1 of 13 (1 card, dealer seat 0); legal: 3 counts, one per seat, adding up to 1
        """
        deal = self._pending("tricks", (Phase.PLAY,))
        return self._grown(take_tricks(deal, tricks=counts(tricks)))

    def trick_winners(self, seats: Sequence[int]) -> ScoreSheet:
        """The seat that won each trick, in order, which end the deal and
        score it: what a deal whose scoring counts which tricks were won (RAF
        madness, §2.3) needs; any deal takes it.

        >>> import pyclag
        >>> ScoreSheet(pyclag.NORMAL, 3).bid(1).bid(0).bid(1).trick_winners([1]).totals
        (0, 12, 10)
        """
        deal = self._pending("trick winners", (Phase.PLAY,))
        return self._grown(take_tricks(deal, trick_winners=counts(seats)))

    def enter(self, entry: DealEntry) -> ScoreSheet:
        """The current deal as ``entry`` says it, from its start (what was
        entered for it so far is replaced).

        >>> import pyclag
        >>> ScoreSheet(pyclag.NORMAL, 3).enter(DealEntry(bids=(1, 0, 1), tricks=(0, 1, 0))).totals
        (0, 12, 10)
        """
        self._pending("enter", ())
        return self._rebuilt((*self.entries[: len(self.rows)], entry))

    def undo(self) -> ScoreSheet:
        """The sheet one entry back: the last bid, call, tricks, ... taken away
        (the tricks of a finished deal reopen it).

        >>> import pyclag
        >>> sheet = ScoreSheet(pyclag.NORMAL, 3).bid(1).bid(0).bid(1).took((0, 1, 0))
        >>> sheet.undo().current.asks, sheet.undo().undo().current.asks
        ('the tricks taken', 'the bid of seat 0')
        """
        if not self.entries:
            raise WrongPhaseError("nothing to undo: the sheet is empty", Reason.WRONG_PHASE)
        *before, last = self.entries
        shorter = shortened(last)
        entries = (*before, shorter) if shorter != DealEntry() else tuple(before)
        return self._rebuilt(entries)

    def edit(self, number: int, entry: DealEntry) -> ScoreSheet:
        """The sheet with deal ``number`` (from 1) entered as ``entry`` instead,
        and every deal after it scored again (an RAF caller, who follows from
        the scores, may change). The deals after it must still be legal.

        >>> import pyclag
        >>> sheet = ScoreSheet(pyclag.NORMAL, 3).bid(1).bid(0).bid(1).took((0, 1, 0))
        >>> sheet.edit(1, DealEntry(bids=(0, 0, 0), tricks=(0, 0, 1))).totals
        (10, 10, 0)
        """
        number = whole(number)
        if not is_whole(number):
            raise not_a("ScoreSheet.edit", "number", "an int", number)
        if not 1 <= number <= len(self.entries):
            raise RulesError(
                f"edit: deal {number} is not on the sheet; it has deals 1..{len(self.entries)}"
            )
        entries = list(self.entries)
        entries[number - 1] = entry
        return self._rebuilt(entries)

    # --- the steps ------------------------------------------------------------------------

    def _pending(self, what: str, phases: Sequence[Phase]) -> SheetDeal:
        """The current deal, if it waits for one of ``phases`` (any, if empty)."""
        deal = self.current
        if deal is None:
            deals = len(self.rows)
            raise WrongPhaseError(
                f"{what}: the game is over, all {deals} deals are scored", Reason.GAME_OVER
            )
        if phases and deal.waiting not in phases:
            if phases == BIDS and not deal.setup.played.has_bids:
                zero = deal.setup.played.bidding is Bidding.FORCED_ZERO
                forced = "every bid is 0" if zero else "nobody bids"
                raise IllegalBidError(
                    f"{what}: {forced} in this deal ({deal.rule}), so no bid is made in {deal.place}",
                    Reason.FORCED_BID,
                    deal.legal,
                )
            raise WrongPhaseError(
                f"{what}: {deal.place} waits for {deal.asks}", Reason.WRONG_PHASE, deal.legal
            )
        return deal

    def _take(self, what: str, phases: Sequence[Phase], value: object) -> ScoreSheet:
        # A NumPy integer is entered as the plain int it stands for.
        return self._grown(take(self._pending(what, phases), whole(value)))

    def _grown(self, deal: SheetDeal) -> ScoreSheet:
        """This sheet with the current deal now ``deal``, one entry on, scored
        once its tricks are in."""
        rows, current = self.rows, unchecked(deal)
        entries = (*self.entries[: len(rows)], deal.entry)
        if deal.waiting is Phase.ROUND_OVER:
            row = score(deal, self.totals)
            rows, current = (*rows, row), next_deal(row)
        return _built(self, entries, rows, current)

    def _rebuilt(self, entries: Sequence[DealEntry]) -> ScoreSheet:
        return ScoreSheet(
            self.rules, self.players, self.first_dealer, self.names, entries=tuple(entries)
        )


def _built(
    sheet: ScoreSheet,
    entries: tuple[DealEntry, ...],
    rows: tuple[SheetRow, ...],
    current: SheetDeal | None,
) -> ScoreSheet:
    """``sheet`` with other entries, whose rows and current deal are already
    known: built without walking every deal again (each entry was checked as
    it was taken)."""
    new = object.__new__(ScoreSheet)
    values = (sheet.rules, sheet.players, sheet.first_dealer, sheet.names, entries, rows, current)
    for name, value in zip(_SHEET_FIELDS, values, strict=True):
        object.__setattr__(new, name, value)
    return new


_SHEET_FIELDS: Final = tuple(field.name for field in attrs.fields(ScoreSheet))


def check_names(names: object, players: int) -> None:
    """Refuse names that are not one distinct word per seat (RulesError).

    >>> check_names(("Ann", "ann", "Cy"), 3)
    Traceback (most recent call last):
    pyclag.errors.RulesError: the names must differ, not Ann, ann, Cy
    """
    if names is None:
        return
    if not isinstance(names, tuple) or len(names) != players:
        raise RulesError(f"names must be {players} names, one per seat, not {names!r}")
    for name in names:
        if (
            not isinstance(name, str)
            or not 1 <= len(name) <= LONGEST_NAME
            or not name.isprintable()
            or len(name.split()) != 1
            or name != name.strip()
            or "," in name
            or name.isdigit()
        ):
            raise RulesError(
                f"a name is one word of 1..{LONGEST_NAME} printable characters, "
                f"no comma and not a number, not {name!r}"
            )
    if len({name.casefold() for name in names}) < players:
        raise RulesError(f"the names must differ, not {', '.join(names)}")
