"""Issue 30 item 7, "smaller doors": what a table enters on a score sheet may be an
integer of another class (NumPy's), entered as the plain int it stands for; a seat
the sheet names is checked as ``observe`` checks one."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import pyclag
from pyclag.errors import IllegalBidError, RulesError
from pyclag.scoresheet import DealEntry, ScoreSheet
from pyclag.scoresheet.files import dump_sheet
from tests.helpers import INTEGER_KINDS, integer_kind

RULES = pyclag.NORMAL.with_schedule([1, 2])


def _ints(value: object) -> bool:
    """Whether every number in ``value`` (a tuple, nested or not) is a plain int."""
    if isinstance(value, tuple):
        return all(_ints(item) for item in value)
    return value is None or type(value) is int


@pytest.mark.parametrize("kind", INTEGER_KINDS)
def test_issue_30_item_7_a_sheet_takes_integers_as_plain_ints(kind: str) -> None:
    n: Callable[[int], Any] = integer_kind(kind)
    given = ScoreSheet(RULES, n(3), first_dealer=n(1)).bid(n(1)).bid(n(1)).bid(n(1))
    plain = ScoreSheet(RULES, 3, first_dealer=1).bid(1).bid(1).bid(1)
    assert given == plain and type(given.players) is int and type(given.first_dealer) is int
    given, plain = given.took([n(0), n(1), n(0)]), plain.took([0, 1, 0])
    assert given == plain and given.totals == plain.totals
    given = given.bid(n(0)).bid(n(1)).bid(n(0)).trick_winners((n(1), n(1)))
    plain = plain.bid(0).bid(1).bid(0).trick_winners((1, 1))
    assert given == plain and given.totals == plain.totals
    for entry in given.entries:
        assert _ints((entry.bids, entry.tricks, entry.trick_winners))
    assert dump_sheet(given) == dump_sheet(plain)  # JSON: an int's digits
    assert given.edit(n(1), DealEntry(bids=(n(0), n(0), n(0)), tricks=(n(0), n(0), n(1))))
    assert given.name(n(2)) == "seat 2"


@pytest.mark.parametrize("kind", INTEGER_KINDS)
def test_issue_30_item_7_the_draw_and_the_raf_hand_size_may_be_integers(kind: str) -> None:
    n: Callable[[int], Any] = integer_kind(kind)
    drawn = pyclag.NORMAL.with_options(scottish_draw_each_round=True)
    sheet = ScoreSheet(drawn, 3).draw(n(2))
    assert sheet == ScoreSheet(drawn, 3).draw(2) and sheet.entries[0].draw == 2
    assert type(sheet.entries[0].draw) is int
    raf = ScoreSheet(pyclag.presets.get("raf"), 4).choose_hand_size(n(5))
    assert raf == ScoreSheet(pyclag.presets.get("raf"), 4).choose_hand_size(5)
    assert raf.current is not None and type(raf.current.hand_size) is int
    assert type(raf.entries[0].hand_size) is int
    entry = DealEntry(draw=n(1), hand_size=n(3), bids=[n(1)], tricks=[n(1)])
    assert entry == DealEntry(draw=1, hand_size=3, bids=(1,), tricks=(1,))
    assert json.dumps([entry.draw, entry.hand_size, entry.bids, entry.tricks])


def test_issue_30_item_7_a_bool_is_still_no_bid_and_a_seat_outside_the_sheet_is_refused() -> None:
    sheet = ScoreSheet(RULES, 3)
    with pytest.raises(IllegalBidError, match="not bool"):
        sheet.bid(True)
    with pytest.raises(RulesError, match=r"ScoreSheet.name: seat must be a seat in 0\.\.2, not 3"):
        sheet.name(3)
    with pytest.raises(RulesError, match="not -1"):
        sheet.name(-1)
    with pytest.raises(TypeError, match=r"ScoreSheet\.name: seat must be an int, not bool"):
        sheet.name(True)
