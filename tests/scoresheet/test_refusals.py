"""Every refusal of the score sheet is the engine's error for the same input (DESIGN.md §5,
the policy in :mod:`pyclag.errors`): its exact class and :class:`~pyclag.Reason`, what was
legal, a message naming the input, the reason and the deal, and the sheet unchanged."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

import pyclag
import pyclag.scoresheet
from pyclag import (
    Call,
    IllegalActionError,
    IllegalBidError,
    IllegalCallError,
    IllegalChanceError,
    IllegalHandSizeError,
    IllegalPlayError,
    IllegalTrumpError,
    OutOfTurnError,
    Reason,
    RulesError,
    Suit,
    WrongPhaseError,
    presets,
)
from pyclag.actions import CallChoice, Madness
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP
from pyclag.scoresheet import DealEntry, ScoreSheet


def stray(value: object) -> Any:
    """``value`` as Any: the hostile input the type checker would refuse."""
    return value


def one(name: str, index: int, **options: object) -> ScoreSheet:
    rules = presets.get(name, **options)
    return ScoreSheet(rules.with_schedule([rules.schedule[index]]), 4, first_dealer=3)


THREE = ScoreSheet(presets.get("wikipedia").with_schedule([3]), 4, first_dealer=3)
DEALER_TO_BID = THREE.bid(1).bid(1).bid(0)  # seat 3 may not bid 1
TRICKS = DEALER_TO_BID.bid(0)
MISERE = one("wikipedia", 8)
MOST_TRICKS = one("pagat", 14)
RAF = ScoreSheet(presets.get("raf", first_deal_caller="eldest"), 4, first_dealer=3)
CALLING = RAF.choose_hand_size(5)  # seat 0 calls
MADNESS = CALLING.call(CallChoice(Suit.HEARTS, madness=Madness.ASCENDING)).bid(1).bid(1).bid(1)
MADNESS = MADNESS.bid(1)
DECLARING = one("pagat", 13)
DRAWING = ScoreSheet(presets.get("scottish", scottish_draw_each_round=True), 4)
OVER = ScoreSheet(presets.get("wikipedia").with_schedule([1]), 4).enter(
    DealEntry(bids=(0, 0, 0, 0), tricks=(0, 0, 0, 1))
)


@dataclass(frozen=True)
class Refused:
    sheet: ScoreSheet
    enter: Callable[[ScoreSheet], object]
    error: type[IllegalActionError]
    reason: Reason
    legal: tuple[object, ...]
    says: tuple[str, ...]


CASES: dict[str, Refused] = {
    "bid out of range": Refused(
        THREE,
        lambda s: s.bid(4),
        IllegalBidError,
        Reason.BID_OUT_OF_RANGE,
        (0, 1, 2, 3),
        ("illegal bid 4 by seat 0", "a bid is 0..3 tricks", "deal 1 of 1", "legal bids: 0 1 2 3"),
    ),
    "the hook": Refused(
        DEALER_TO_BID,
        lambda s: s.bid(1),
        IllegalBidError,
        Reason.DEALER_RESTRICTION,
        (0, 2, 3),
        ("illegal bid 1 by seat 3", "would equal the hand size 3", "legal bids: 0 2 3"),
    ),
    "the exceed hook": Refused(
        ScoreSheet(presets.get("indonesian").with_schedule([3]), 4, first_dealer=3)
        .bid(1)
        .bid(0)
        .bid(1),
        lambda s: s.bid(1),
        IllegalBidError,
        Reason.DEALER_RESTRICTION,
        (2, 3),
        ("illegal bid 1 by seat 3", "must exceed the hand size 3", "legal bids: 2 3"),
    ),
    "a bid of text": Refused(
        THREE,
        lambda s: s.bid(stray("1")),
        IllegalBidError,
        Reason.NOT_AN_INTEGER,
        (0, 1, 2, 3),
        ("illegal bid '1' by seat 0", "not str"),
    ),
    "a bid of True": Refused(
        THREE,
        lambda s: s.bid(stray(True)),
        IllegalBidError,
        Reason.NOT_AN_INTEGER,
        (0, 1, 2, 3),
        ("illegal bid True", "not bool"),
    ),
    "a bid in misere": Refused(
        MISERE,
        lambda s: s.bid(0),
        IllegalBidError,
        Reason.FORCED_BID,
        (),
        ("every bid is 0", "Misère"),
    ),
    "a bid in most tricks": Refused(
        MOST_TRICKS,
        lambda s: s.bid(0),
        IllegalBidError,
        Reason.FORCED_BID,
        (),
        ("nobody bids", "Most Tricks"),
    ),
    "a hand size out of range": Refused(
        RAF,
        lambda s: s.choose_hand_size(8),
        IllegalHandSizeError,
        Reason.BAD_HAND_SIZE,
        (3, 4, 5, 6, 7),
        ("illegal hand size 8 by seat 3", "legal hand sizes: 3 4 5 6 7"),
    ),
    "a hand size of text": Refused(
        RAF,
        lambda s: s.choose_hand_size(stray("5")),
        IllegalHandSizeError,
        Reason.BAD_HAND_SIZE,
        (3, 4, 5, 6, 7),
        ("illegal hand size '5' by seat 3",),
    ),
    "a call of text": Refused(
        CALLING,
        lambda s: s.call("trumps h"),
        IllegalCallError,
        Reason.BAD_CALL,
        (),
        ("illegal call 'trumps h'", "not a Call", "lists the 696 legal calls"),
    ),
    "a turn-up call the rules do not allow": Refused(
        CALLING,
        lambda s: s.call(CallChoice(TURN_UP)),
        IllegalCallError,
        Reason.BAD_CALL,
        (),
        ("illegal call turn-up by seat 0", "suits must be a Suit"),
    ),
    "a call flag that is not a bool": Refused(
        CALLING,
        lambda s: s.call(CallChoice(Suit.HEARTS, nuloss=stray(1))),
        IllegalCallError,
        Reason.BAD_CALL,
        (),
        ("nuloss must be True or False, not 1",),
    ),
    "a call by another seat": Refused(
        CALLING,
        lambda s: s.call(Call(2, Suit.HEARTS)),
        OutOfTurnError,
        Reason.OUT_OF_TURN,
        (),
        ("illegal call trumps:H by seat 2", "seat 0 calls"),
    ),
    "a trump the dealer may not name": Refused(
        DECLARING,
        lambda s: s.declare_trump(NO_TRUMPS),
        IllegalTrumpError,
        Reason.BAD_TRUMP,
        tuple(Suit),
        ("illegal trump declaration no-trumps by seat 3", "legal trumps: C D H S"),
    ),
    "a trump of text": Refused(
        DECLARING,
        lambda s: s.declare_trump("H"),
        IllegalTrumpError,
        Reason.BAD_TRUMP,
        tuple(Suit),
        ("illegal trump declaration 'H'",),
    ),
    "a draw won by no seat": Refused(
        DRAWING,
        lambda s: s.draw(4),
        IllegalChanceError,
        Reason.BAD_DRAW,
        (1, 2, 3, 0),
        ("illegal draw winner 4", "won by one of the seats that drew (1 2 3 0)"),
    ),
    "a draw won by True": Refused(
        DRAWING,
        lambda s: s.draw(stray(True)),
        IllegalChanceError,
        Reason.BAD_DRAW,
        (1, 2, 3, 0),
        ("not True",),
    ),
    "tricks that do not add up": Refused(
        TRICKS,
        lambda s: s.took((1, 1, 1, 1)),
        IllegalPlayError,
        Reason.BAD_TRICKS,
        (),
        (
            "illegal tricks 1 1 1 1",
            "add up to 4, not to the hand size 3",
            "legal: 4 counts, one per seat, adding up to 3",
        ),
    ),
    "tricks for too few seats": Refused(
        TRICKS,
        lambda s: s.took((2, 1)),
        IllegalPlayError,
        Reason.BAD_TRICKS,
        (),
        ("illegal tricks 2 1", "a whole number for each of the 4 seats"),
    ),
    "a negative count of tricks": Refused(
        TRICKS,
        lambda s: s.took((4, -1, 0, 0)),
        IllegalPlayError,
        Reason.BAD_TRICKS,
        (),
        ("illegal tricks 4 -1 0 0",),
    ),
    "tricks that are not a list": Refused(
        TRICKS,
        lambda s: s.took(stray(3)),
        IllegalPlayError,
        Reason.BAD_TRICKS,
        (),
        ("illegal tricks 3",),
    ),
    "counts where madness needs each trick's winner": Refused(
        MADNESS,
        lambda s: s.took((2, 1, 1, 1)),
        IllegalPlayError,
        Reason.BAD_TRICKS,
        (),
        ("counts which tricks each seat won", "enter the winner of each trick"),
    ),
    "too few trick winners": Refused(
        MADNESS,
        lambda s: s.trick_winners((0, 1)),
        IllegalPlayError,
        Reason.BAD_TRICKS,
        (),
        ("a round of 5 cards has 5 tricks", "not 2"),
    ),
    "a trick won by no seat": Refused(
        TRICKS,
        lambda s: s.trick_winners((0, 1, 4)),
        IllegalPlayError,
        Reason.BAD_TRICK,
        (),
        ("trick 3 was won by 4, which is not a seat of 4 players",),
    ),
    "tricks while bids are pending": Refused(
        THREE,
        lambda s: s.took((1, 1, 1, 0)),
        WrongPhaseError,
        Reason.WRONG_PHASE,
        (0, 1, 2, 3),
        ("waits for the bid of seat 0",),
    ),
    "a bid while the tricks are pending": Refused(
        TRICKS,
        lambda s: s.bid(1),
        WrongPhaseError,
        Reason.WRONG_PHASE,
        (),
        ("bid: deal 1 of 1", "waits for the tricks taken"),
    ),
    "a hand size in a deal of fixed size": Refused(
        THREE,
        lambda s: s.choose_hand_size(3),
        WrongPhaseError,
        Reason.WRONG_PHASE,
        (0, 1, 2, 3),
        ("hand size: deal 1 of 1",),
    ),
    "a call with no caller": Refused(
        ScoreSheet(presets.get("raf"), 4).choose_hand_size(3),
        lambda s: s.call(CallChoice(Suit.CLUBS)),
        WrongPhaseError,
        Reason.WRONG_PHASE,
        (0, 1, 2, 3),
        ("call:",),
    ),
    "a draw without the option": Refused(
        THREE,
        lambda s: s.draw(0),
        WrongPhaseError,
        Reason.WRONG_PHASE,
        (0, 1, 2, 3),
        ("draw:",),
    ),
    "a bid after the last deal": Refused(
        OVER,
        lambda s: s.bid(0),
        WrongPhaseError,
        Reason.GAME_OVER,
        (),
        ("the game is over, all 1 deals are scored",),
    ),
    "a deal entry that is not one": Refused(
        THREE,
        lambda s: s.enter(stray(5)),
        IllegalActionError,
        Reason.NOT_AN_ACTION,
        (),
        ("an entry is a DealEntry, not 5",),
    ),
    "a field the deal does not have": Refused(
        THREE,
        lambda s: s.enter(DealEntry(call=CallChoice(Suit.CLUBS))),
        WrongPhaseError,
        Reason.WRONG_PHASE,
        (0, 1, 2, 3),
        ("call CallChoice", "takes no call now"),
    ),
    "bids in a deal without bidding": Refused(
        MISERE,
        lambda s: s.enter(DealEntry(bids=(0,), tricks=(7, 0, 0, 0))),
        IllegalBidError,
        Reason.FORCED_BID,
        (),
        ("bid 0: nobody bids in this deal (Misère)",),
    ),
    "a later deal after an unfinished one": Refused(
        ScoreSheet(presets.get("wikipedia"), 4),
        lambda s: ScoreSheet(s.rules, 4, entries=(DealEntry(bids=(0,)), DealEntry())),
        WrongPhaseError,
        Reason.WRONG_PHASE,
        (0, 1),
        ("yet deal 2 follows",),
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_design_5_every_refusal_has_the_engines_class_reason_and_legal_set(case: str) -> None:
    refused = CASES[case]
    sheet = refused.sheet
    entries, rows, current = sheet.entries, sheet.rows, sheet.current
    with pytest.raises(IllegalActionError) as caught:
        refused.enter(sheet)
    err = caught.value
    assert type(err) is refused.error, f"{type(err).__name__}: {err}"
    assert err.reason is refused.reason
    assert err.legal == refused.legal
    for words in refused.says:
        assert words in str(err), str(err)
    # The sheet is a value: the failed call left it as it was.
    assert (sheet.entries, sheet.rows, sheet.current) == (entries, rows, current)
    assert sheet == ScoreSheet(
        sheet.rules, sheet.players, sheet.first_dealer, sheet.names, entries=sheet.entries
    )


def test_design_5_every_reason_a_table_can_meet_is_covered() -> None:
    met = {case.reason for case in CASES.values()}
    table = {
        Reason.WRONG_PHASE,
        Reason.GAME_OVER,
        Reason.OUT_OF_TURN,
        Reason.NOT_AN_INTEGER,
        Reason.BID_OUT_OF_RANGE,
        Reason.DEALER_RESTRICTION,
        Reason.FORCED_BID,
        Reason.BAD_CALL,
        Reason.BAD_HAND_SIZE,
        Reason.BAD_DRAW,
        Reason.BAD_TRUMP,
        Reason.NOT_AN_ACTION,
        Reason.BAD_TRICK,
        Reason.BAD_TRICKS,
    }
    assert met == table


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda: ScoreSheet(presets.get("wikipedia"), 9), r"players must be an int in 3\.\.7"),
        (lambda: ScoreSheet(presets.get("wikipedia"), 4, first_dealer=4), "first_dealer"),
        (lambda: ScoreSheet(presets.get("wikipedia"), 4, first_dealer=stray("0")), "first_dealer"),
        (lambda: ScoreSheet(stray("wikipedia"), 4), "rules must be a RuleSet"),
        (lambda: ScoreSheet(presets.get("raf"), 3, names=("A", "B")), "3 names"),
        (lambda: ScoreSheet(presets.get("raf"), 3, names=("A", "B", "a")), "must differ"),
        (lambda: ScoreSheet(presets.get("raf"), 3, names=("A", "B", "C,D")), "one word"),
        (lambda: ScoreSheet(presets.get("raf"), 3, names=("A", "B", "Mary Ann")), "one word"),
        (lambda: ScoreSheet(presets.get("raf"), 3, names=("A", "B", "2")), "not a number"),
        (lambda: ScoreSheet(presets.get("raf"), 3, names=("A", "B", "x" * 21)), r"1\.\.20"),
        (lambda: ScoreSheet(presets.get("raf"), 3, names=stray("ABC")), "3 names"),
        (lambda: THREE.bid(0).edit(2, DealEntry()), "deal 2 is not on the sheet"),
    ],
)
def test_errors_policy_a_bad_table_is_a_rules_error(make: Callable[[], object], says: str) -> None:
    with pytest.raises(RulesError, match=says):
        make()


def test_errors_policy_a_program_value_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"ScoreSheet\.edit: number must be an int, not str"):
        THREE.bid(0).edit(stray("1"), DealEntry())
    with pytest.raises(TypeError, match="dump_sheet: sheet must be a ScoreSheet"):
        pyclag.scoresheet.dump_sheet(stray(THREE.rules))


def test_winners_before_the_end_is_a_wrong_phase() -> None:
    with pytest.raises(WrongPhaseError, match="no winners yet: deal 1 of 1"):
        THREE.winners()


def test_undo_of_an_empty_sheet_is_a_wrong_phase() -> None:
    with pytest.raises(WrongPhaseError, match="nothing to undo"):
        THREE.undo()
