"""The steps of a score sheet: how a deal starts, takes each entry, is
scored and leads to the next, and how a sheet's entries are walked.

Every ruling is the engine's own. A deal starts as the engine starts a round
(:func:`pyclag.engine.rounds.start_round`, so its dealer, RAF caller and rules as
played are the engine's); the decisions it waits for are the decision
table's (:func:`pyclag.engine.decisions.round_phases`) less the cards' own (the deal,
RAF Blind's shuffle); each entry is refused by the rule the engine's decision
refuses it with (the hook, the hand sizes, the call, the declared trump, the
draw); and a finished deal is scored by :func:`pyclag.engine.rounds.tally`, the
engine's scoring of a round. Internal surface of :mod:`pyclag.scoresheet`.

>>> import pyclag
>>> deal = take(take(first_deal(pyclag.NORMAL.with_schedule([3]), 3, 0), 1), 2)
>>> deal.to_act, deal.forbidden
(0, (0,))
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final, NoReturn

import attrs

from pyclag._checks import unchecked
from pyclag.actions import Bid, Call, CallChoice, ChooseHandSize, DeclareTrump
from pyclag.engine.decisions import round_phases
from pyclag.engine.rounds import (
    contenders,
    contracts,
    declared_trump,
    next_round,
    refused_in,
    revise,
    start_round,
    tally,
)
from pyclag.engine.state import Phase, RoundSetup
from pyclag.errors import (
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    OutOfTurnError,
    Reason,
    Refusal,
    WrongPhaseError,
)
from pyclag.rules.calls import CallRules
from pyclag.rules.dealing import draw_seat_refusal
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.tricks import trick_winners_refusal, tricks_refusal
from pyclag.scoresheet._deal import ENTERED, DealEntry, SheetDeal, SheetRow, TricksTaken
from pyclag.scoring.schemes import order_free_winners

__all__ = [
    "BIDS",
    "fill",
    "first_deal",
    "next_deal",
    "score",
    "shortened",
    "take",
    "take_tricks",
    "walk",
]

BIDS: Final = (Phase.BID, Phase.BID_BEFORE_DEAL)
"""The phases of bids: after the deal, or before it (pagat's Blind, A32)."""

_ORDER: Final = {phase: number for number, phase in enumerate(Phase)}


def first_deal(rules: RuleSet, players: int, first_dealer: int) -> SheetDeal:
    """The first deal of a game, waiting for its first entry.

    >>> import pyclag
    >>> first_deal(pyclag.presets.get("wikipedia", scottish_draw_each_round=True), 4, 0).waiting
    <Phase.DRAW: 'draw'>
    """
    return _opened(rules, start_round(rules, players, 0, first_dealer).setup)


def next_deal(row: SheetRow) -> SheetDeal | None:
    """The deal after ``row``'s, as the engine starts the next round (its
    dealer on the left, its RAF caller the top scorer of ``row``, A18);
    ``None`` after the last deal.

    >>> import pyclag
    >>> deal = take_tricks(take(take(take(first_deal(pyclag.NORMAL, 3, 0), 1), 0), 1), (0, 1, 0))
    >>> next_deal(score(deal, (0, 0, 0))).dealer
    1
    """
    deal = row.deal
    following = next_round(deal.rules, deal.setup, row.points, row.tricks_won, row.totals)
    return None if following is None else _opened(deal.rules, following.setup)


def _opened(rules: RuleSet, setup: RoundSetup) -> SheetDeal:
    scoring = rules.round_scoring(setup.played)
    opened = SheetDeal(rules, setup, scoring, Phase.DEAL, (None,) * setup.players)
    return _after(opened, None)


def _after(deal: SheetDeal, done: Phase | None) -> SheetDeal:
    """``deal`` waiting for its next entry after ``done``, in the decision
    table's order (as :func:`pyclag.engine.rounds.advance` finds the next phase: a call
    or a declaration may change which phases the deal still has)."""
    step = -1 if done is None else _ORDER[done]
    phases = round_phases(deal.setup.played, deal.rules)
    waiting = next(p for p in phases if p in ENTERED and _ORDER[p] > step)
    bids = deal.bids if waiting is not Phase.PLAY else contracts(deal.setup.played, deal.bids)
    return attrs.evolve(deal, waiting=waiting, bids=bids)


def take(deal: SheetDeal, value: object) -> SheetDeal:
    """``deal`` with ``value`` entered for what it waits for (not the tricks:
    :func:`take_tricks`); the rule's refusal otherwise, with the deal unchanged.

    >>> import pyclag
    >>> deal = take(take(first_deal(pyclag.NORMAL.with_schedule([3]), 3, 0), 1), 1)
    >>> take(deal, 1)
    Traceback (most recent call last):
    pyclag.errors.IllegalBidError: illegal bid 1 by seat 0: total of bids would equal the hand size 3 in deal 1 of 1 (3 cards, dealer seat 0); legal bids: 0 2 3
    """
    waiting, setup = deal.waiting, deal.setup
    entry = deal.entry
    if waiting is Phase.DRAW:
        seats = contenders(setup)
        refusal = draw_seat_refusal(value, seats)
        if refusal is not None:
            raise refused_in(deal.place, value, refusal, "draw winner", seats, named=True)
        setup = revise(setup, first_bidder=value)
        entry = attrs.evolve(entry, draw=unchecked(value))
    elif waiting is Phase.CHOOSE_HAND_SIZE:
        action = ChooseHandSize(setup.dealer, unchecked(value))
        refusal = setup.spec.hand_size_refusal(setup.players, value, deal.rules.no_turnup)
        if refusal is not None:
            raise refused_in(deal.place, action, refusal, "hand size", deal.legal)
        setup = revise(setup, hand_size=value)
        entry = attrs.evolve(entry, hand_size=unchecked(value))
    elif waiting is Phase.CALL:
        return _call(deal, value)
    elif waiting is Phase.DECLARE_TRUMP:
        ruling = declared_trump(setup, value)
        if isinstance(ruling, Refusal):
            named = DeclareTrump(setup.dealer, unchecked(value))
            raise refused_in(deal.place, named, ruling, "trump declaration", deal.legal)
        played = setup.spec.with_trump(ruling)
        setup = revise(setup, declared=ruling, played=played)
        deal = attrs.evolve(deal, scoring=deal.rules.round_scoring(played))
        entry = attrs.evolve(entry, trump=ruling)
    elif waiting in (Phase.BID, Phase.BID_BEFORE_DEAL):
        return _bid(deal, value)
    else:  # the tricks have a function of their own; a scored deal takes nothing
        raise WrongPhaseError(f"{deal.place} waits for {deal.asks}", Reason.WRONG_PHASE)
    return _after(attrs.evolve(deal, setup=setup, entry=entry), waiting)


def _call(deal: SheetDeal, value: object) -> SheetDeal:
    """The RAF caller's call (§2.3): the rules of the deal as called."""
    setup = deal.setup
    # A deal waits for a call only where its spec has call rules and a caller (A18).
    calls, caller = setup.spec.calls or CallRules(), unchecked(setup.caller)
    call = value.by(caller) if isinstance(value, CallChoice) else value
    if isinstance(call, Call) and call.seat != caller:
        raise OutOfTurnError(
            f"illegal call {call} by seat {call.seat}: seat {caller} calls in {deal.place}",
            Reason.OUT_OF_TURN,
        )
    refusal = calls.refusal(call)
    if refusal is not None:
        raise refused_in(deal.place, call, refusal, "call", (), named=True)
    call = unchecked(call)  # the call rules allow only a Call
    played = setup.spec.with_call(call.choice, deal.rules.scoring)
    setup = revise(setup, call=call, played=played)
    entry = attrs.evolve(deal.entry, call=call.choice)
    called = attrs.evolve(deal, setup=setup, scoring=deal.rules.round_scoring(played), entry=entry)
    return _after(called, Phase.CALL)


def _bid(deal: SheetDeal, value: object) -> SheetDeal:
    """A bid of the seat to bid: ``0..h``, the last bidder bound by the hook (§1.6, §1.7)."""
    setup = deal.setup
    seat = deal.to_act
    last = seat == setup.last_bidder
    refusal = deal.rules.hook.refusal(setup.hand_size, deal.others, last, value)
    if refusal is not None:
        action = Bid(unchecked(seat), unchecked(value))
        raise refused_in(deal.place, action, refusal, "bid", deal.legal)
    bids = list(deal.bids)
    bids[unchecked(seat)] = unchecked(value)
    entry = attrs.evolve(deal.entry, bids=(*deal.entry.bids, unchecked(value)))
    bid = attrs.evolve(deal, bids=tuple(bids), entry=entry)
    return _after(bid, deal.waiting) if last else bid


def take_tricks(deal: SheetDeal, tricks: object = None, trick_winners: object = None) -> SheetDeal:
    """``deal`` with its tricks in: the ``tricks`` each seat took (by seat), or
    the ``trick_winners`` of each trick in order, which a scoring that counts
    which tricks were won needs (:attr:`~pyclag.scoring.schemes.ContractScoring.by_trick`).
    Refused (IllegalPlayError) unless they can be the deal's (§4 invariants 19, 28).

    >>> import pyclag
    >>> deal = take(take(take(first_deal(pyclag.NORMAL.with_schedule([3]), 3, 0), 1), 1), 0)
    >>> take_tricks(deal, (2, 1, 1))
    Traceback (most recent call last):
    pyclag.errors.IllegalPlayError: illegal tricks 2 1 1: the tricks taken add up to 4, not to the hand size 3 in deal 1 of 1 (3 cards, dealer seat 0); legal: 3 counts, one per seat, adding up to 3
    """
    setup = deal.setup
    players, size = setup.players, setup.hand_size
    refusal: Refusal | None
    if deal.waiting is not Phase.PLAY:
        raise WrongPhaseError(
            f"tricks: {deal.place} waits for {deal.asks}, not the tricks taken",
            Reason.WRONG_PHASE,
            deal.legal,
        )
    if tricks is not None and trick_winners is not None:
        given = tricks
        why = "enter the tricks each seat took or the winner of each trick, not both"
        refusal = Refusal(IllegalPlayError, Reason.BAD_TRICKS, why)
        entry = deal.entry
    elif trick_winners is not None:
        given = trick_winners
        if isinstance(trick_winners, (tuple, list)):
            refusal = trick_winners_refusal(trick_winners, players, size)
        else:
            why = f"the winners of the tricks are a list of seats, not {trick_winners!r}"
            refusal = Refusal(IllegalPlayError, Reason.BAD_TRICKS, why)
        entry = attrs.evolve(deal.entry, trick_winners=unchecked(trick_winners))
    else:
        given = tricks
        refusal = tricks_refusal(tricks, players, size)
        if refusal is None and deal.scoring.by_trick:
            why = (
                f"this deal's scoring ({deal.scoring.name}) counts which tricks each seat won: "
                "enter the winner of each trick"
            )
            refusal = Refusal(IllegalPlayError, Reason.BAD_TRICKS, why)
        entry = attrs.evolve(deal.entry, tricks=unchecked(tricks))
    if refusal is not None:
        raise refused_in(deal.place, TricksTaken(given), refusal, "tricks", (), named=True)
    return attrs.evolve(deal, waiting=Phase.ROUND_OVER, entry=entry)


def score(deal: SheetDeal, before: tuple[int, ...]) -> SheetRow:
    """The score of ``deal``, its tricks in, after the running totals ``before``:
    the engine's own scoring of a round (:func:`pyclag.engine.rounds.tally`).

    >>> import pyclag
    >>> deal = take(take(take(first_deal(pyclag.NORMAL.with_schedule([3]), 3, 0), 1), 1), 0)
    >>> score(take_tricks(deal, (1, 1, 1)), (0, 0, 0)).points  # seat 0 bid 0, the others 1
    (0, 12, 12)
    """
    entry = deal.entry
    winners = entry.trick_winners
    if winners is None:
        winners = order_free_winners(entry.tricks or ())
    counted = deal.rules.counts_contracts(deal.setup.played)
    points, won, made, totals = tally(deal.scoring, deal.bids, winners, before, counted)
    return SheetRow(deal, points, won, made, totals)


def walk(
    rules: RuleSet,
    players: int,
    first_dealer: int,
    entries: object,
    at: Callable[[int, str, IllegalActionError], Exception] | None = None,
) -> tuple[tuple[SheetRow, ...], SheetDeal | None]:
    """Every deal of ``entries``, checked and scored in turn: the rows scored
    and the deal the table is at (``None`` once the game is over). A refusal
    is raised as it is, or as ``at(deal index, field, error)`` makes it (the
    field of :class:`~pyclag.scoresheet._deal.DealEntry` refused, ``bids[2]``; ``""``: the deal).

    >>> import pyclag
    >>> rows, deal = walk(pyclag.NORMAL, 3, 0, (DealEntry(bids=(1, 0, 1), tricks=(0, 1, 0)),))
    >>> rows[0].totals, deal.number
    ((0, 12, 10), 2)
    """
    if not isinstance(entries, tuple):
        raise IllegalActionError(
            f"entries must be a list of DealEntry values, one per deal, not {entries!r}",
            Reason.NOT_AN_ACTION,
        )
    rows: list[SheetRow] = []
    deal: SheetDeal | None = first_deal(rules, players, first_dealer)
    totals = (0,) * players
    for index, entry in enumerate(entries):
        located = None if at is None else functools.partial(at, index)
        if deal is None:
            over = f"deal {index + 1}: the game is over after {index} deals"
            _raise(located, "", WrongPhaseError(over, Reason.GAME_OVER))
        deal = fill(deal, entry, located)
        if deal.waiting is Phase.ROUND_OVER:
            row = score(deal, totals)
            rows.append(row)
            totals = row.totals
            deal = next_deal(row)
        elif index + 1 < len(entries):
            error = WrongPhaseError(
                f"{deal.place} waits for {deal.asks}, yet deal {index + 2} follows",
                Reason.WRONG_PHASE,
                deal.legal,
            )
            _raise(located, "", error)
    return tuple(rows), deal


def _raise(
    at: Callable[[str, IllegalActionError], Exception] | None, field: str, error: IllegalActionError
) -> NoReturn:
    """Raise ``error``, refusing ``field`` of an entry, as ``at`` makes it."""
    if at is None:
        raise error
    raise at(field, error) from None


_FIELDS: Final = {
    Phase.DRAW: "draw",
    Phase.CHOOSE_HAND_SIZE: "hand_size",
    Phase.CALL: "call",
    Phase.DECLARE_TRUMP: "trump",
}


def fill(
    deal: SheetDeal,
    entry: object,
    at: Callable[[str, IllegalActionError], Exception] | None = None,
) -> SheetDeal:
    """``deal`` with the fields of ``entry`` taken in the order it asks for
    them, as far as they go; a field it does not ask for is refused. A
    refusal is raised as it is, or as ``at(field, error)`` makes it.

    >>> import pyclag
    >>> fill(first_deal(pyclag.NORMAL, 3, 0), DealEntry(bids=(1,))).asks
    'the bid of seat 2'
    >>> fill(first_deal(pyclag.NORMAL, 3, 0), DealEntry(hand_size=1))
    Traceback (most recent call last):
    pyclag.errors.WrongPhaseError: hand size 1: deal 1 of 13 (1 card, dealer seat 0) takes no hand size now; it waits for the bid of seat 1
    """
    if not isinstance(entry, DealEntry):
        error = IllegalActionError(
            f"{deal.place}: an entry is a DealEntry, not {entry!r}", Reason.NOT_AN_ACTION
        )
        _raise(at, "", error)
    bids = entry.bids
    if not isinstance(bids, tuple):
        error = IllegalBidError(
            f"illegal bids {bids!r}: the bids are a list of whole numbers in {deal.place}",
            Reason.NOT_AN_INTEGER,
        )
        _raise(at, "bids", error)
    while deal.waiting is not Phase.ROUND_OVER:
        waiting = deal.waiting
        field = _FIELDS.get(waiting, "")
        try:
            if waiting is Phase.PLAY:
                if not entry.done:
                    break
                field = "tricks" if entry.trick_winners is None else "trick_winners"
                deal = take_tricks(deal, entry.tricks, entry.trick_winners)
                continue
            if waiting in BIDS:
                made = len(deal.entry.bids)
                field = f"bids[{made}]"
                value = bids[made] if made < len(bids) else None
            else:
                value = getattr(entry, field)
            if value is None:
                break
            deal = take(deal, value)
        except IllegalActionError as error:
            _raise(at, field, error)
    _refuse_the_rest(deal, entry, at)
    return deal


def _refuse_the_rest(
    deal: SheetDeal,
    entry: DealEntry,
    at: Callable[[str, IllegalActionError], Exception] | None,
) -> None:
    """Refuse what ``entry`` holds beyond what ``deal`` took from it: a field
    the deal does not have, or one given before what the deal waits for."""
    taken = deal.entry
    for field in attrs.fields(DealEntry):
        given, took = getattr(entry, field.name), getattr(taken, field.name)
        if given == took:
            continue
        noun, where = field.name.replace("_", " "), field.name
        what = f"{noun} {given!r}"
        if field.name == "bids":
            noun, what, where = "bid", f"bid {given[len(took)]!r}", f"bids[{len(took)}]"
            if not deal.setup.played.has_bids:
                error: IllegalActionError = IllegalBidError(
                    f"{what}: nobody bids in this deal ({deal.rule}) in {deal.place}",
                    Reason.FORCED_BID,
                )
                _raise(at, where, error)
        error = WrongPhaseError(
            f"{what}: {deal.place} takes no {noun} now; it waits for {deal.asks}",
            Reason.WRONG_PHASE,
            deal.legal,
        )
        _raise(at, where, error)


def shortened(entry: DealEntry) -> DealEntry:
    """``entry`` less its last value, in the order a deal takes them.

    >>> shortened(DealEntry(bids=(1, 0), tricks=(1, 0)))
    DealEntry(draw=None, hand_size=None, call=None, trump=None, bids=(1, 0), tricks=None, trick_winners=None)
    """
    if entry.done:
        return attrs.evolve(entry, tricks=None, trick_winners=None)
    if entry.bids:
        return attrs.evolve(entry, bids=entry.bids[:-1])
    if entry.trump is not None:
        return attrs.evolve(entry, trump=None)
    if entry.call is not None:
        return attrs.evolve(entry, call=None)
    if entry.hand_size is not None:
        return attrs.evolve(entry, hand_size=None)
    return attrs.evolve(entry, draw=None)
