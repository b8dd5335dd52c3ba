"""A score sheet saved and resumed as JSON (format ``pyclag-sheet/1``, or
``pyclag-sheet/2`` for rules that are no preset), and its score card exported as CSV.

A sheet's file names the rules as a game record does (a preset, the options
changed from it and, where it differs, the schedule; any other rule set as a
``rules`` object, :mod:`pyclag.records.codec`), the table, the players'
names and every entry, a deal a line::

    {
      "format": "pyclag-sheet/1",
      "preset": "raf",
      "options": {},
      "players": 4,
      "first_dealer": 0,
      "names": ["Ann", "Bob", "Cy", "Di"],
      "deals": [
        {"hand_size": 5, "bids": [1, 0, 2, 1], "tricks": [1, 1, 2, 1]},
        {"hand_size": 3, "call": {"suits": "trumps:H", "nuloss": false, "blind": false,
         "misere": false, "madness": "ascending"}, "bids": [0, 1, 1, 0],
         "trick_winners": [2, 1, 2]}
      ]
    }

A file comes from anyone: it is read with the standard ``json`` module only
(nothing in it is evaluated), within the limits of game records
(:mod:`pyclag.records.fields`), and every entry is checked again by the
sheet. Any fault is a :class:`~pyclag.errors.RecordError` whose ``path``
names the deal and the field (``deals[3].bids[2]``).

>>> import pyclag
>>> sheet = pyclag.scoresheet.ScoreSheet(pyclag.NORMAL, 3, names=("Ann", "Bob", "Cy")).bid(1).bid(0)
>>> load_sheet(dump_sheet(sheet)) == sheet
True
>>> load_sheet(dump_sheet(sheet).replace("[1, 0]", "[1, 0, 0]"))
Traceback (most recent call last):
pyclag.errors.RecordError: deals[0].bids[2]: illegal bid 0 by seat 0: total of bids would equal the hand size 1 in deal 1 of 13 (1 card, dealer seat 0); legal bids: 1
"""

from __future__ import annotations

import csv
import io
from typing import Any, Final

from pyclag._checks import not_a
from pyclag.cards import Suit
from pyclag.errors import IllegalActionError, RecordError, RulesError
from pyclag.limits import MAX_HAND_SIZE, MAX_PLAYERS
from pyclag.records import fields as json_fields
from pyclag.records.codec import check_deals, rules_head, rules_of
from pyclag.records.model import refused
from pyclag.scoresheet._deal import DealEntry
from pyclag.scoresheet._steps import walk
from pyclag.scoresheet.scorecard import label
from pyclag.scoresheet.sheet import LONGEST_NAME, ScoreSheet, check_names

__all__ = [
    "DEAL_FIELDS",
    "FORMAT",
    "FORMAT_WITH_RULES",
    "dump_sheet",
    "is_sheet",
    "load_sheet",
    "sheet_csv",
]

FORMAT: Final = "pyclag-sheet/1"
"""The value of a sheet file's ``format`` field when it names a preset."""

FORMAT_WITH_RULES: Final = "pyclag-sheet/2"
"""The value of a sheet file's ``format`` field when it holds a ``rules`` object:
a rule set that no preset with options gives exactly, written as game records
write it (:mod:`pyclag.records.codec`)."""

_SHEET_FIELDS: Final = (*json_fields.HEAD_FIELDS, "rules", "names", "deals")
DEAL_FIELDS: Final = ("draw", "hand_size", "call", "trump", "bids", "tricks", "trick_winners")
"""The fields of a deal, in the order a deal takes them (those of :class:`~pyclag.scoresheet._deal.DealEntry`)."""


def dump_sheet(sheet: ScoreSheet) -> str:
    """The JSON text of ``sheet``, finished or not.

    The rules are written as game records write them: a preset and its
    options, or for any other rule set the rules object (``pyclag-sheet/2``).

    >>> import pyclag
    >>> print(dump_sheet(pyclag.scoresheet.ScoreSheet(pyclag.presets.get("raf", num_deals=2), 3).choose_hand_size(4)))
    {
      "format": "pyclag-sheet/1",
      "preset": "raf",
      "options": {"num_deals": 2},
      "players": 3,
      "first_dealer": 0,
      "names": null,
      "deals": [
        {"hand_size": 4}
      ]
    }
    """
    if not isinstance(sheet, ScoreSheet):
        raise not_a("dump_sheet", "sheet", "a ScoreSheet", sheet)
    head = rules_head(sheet.rules, FORMAT, FORMAT_WITH_RULES)
    names = None if sheet.names is None else list(sheet.names)
    head.update(players=sheet.players, first_dealer=sheet.first_dealer, names=names)
    return json_fields.layout(head, "deals", [_deal_fields(entry) for entry in sheet.entries])


def _deal_fields(entry: DealEntry) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if entry.draw is not None:
        fields["draw"] = entry.draw
    if entry.hand_size is not None:
        fields["hand_size"] = entry.hand_size
    if entry.call is not None:
        fields["call"] = json_fields.call_fields(entry.call)
    if entry.trump is not None:
        fields["trump"] = entry.trump.letter if isinstance(entry.trump, Suit) else None
    if entry.bids:
        fields["bids"] = list(entry.bids)
    if entry.tricks is not None:
        fields["tricks"] = list(entry.tricks)
    if entry.trick_winners is not None:
        fields["trick_winners"] = list(entry.trick_winners)
    return fields


def load_sheet(text: str | bytes) -> ScoreSheet:
    """The sheet a file's JSON text holds, every entry checked again.

    >>> load_sheet('{"format": "pyclag-sheet/1", "preset": "wp", "players": 4, "deals": []}').waiting
    <Phase.BID: 'bid'>
    >>> load_sheet('{"format": "pyclag-sheet/1", "preset": "wp", "players": 4, "deals": [{"tricks": 3}]}')
    Traceback (most recent call last):
    pyclag.errors.RecordError: deals[0].tricks: expected a list, not a number
    """
    fields, rules, players, first_dealer = json_fields.table_from(
        text,
        (FORMAT, FORMAT_WITH_RULES),
        _SHEET_FIELDS,
        "deals",
        "load_sheet",
        "a sheet has",
        lambda head: rules_of(head, FORMAT_WITH_RULES),
    )
    if "rules" in fields:
        check_deals(rules, players)
    names = _names(fields.get("names"), players)
    deals = json_fields.listed(fields["deals"], "deals", rules.num_rounds(players))
    entries = tuple(_deal(item, f"deals[{n}]", players) for n, item in enumerate(deals))

    def at(index: int, field: str, error: IllegalActionError) -> RecordError:
        path = f"deals[{index}].{field}" if field else f"deals[{index}]"
        return refused(path, str(error))

    walk(rules, players, first_dealer, entries, at)  # refuses an entry at its path
    return ScoreSheet(rules, players, first_dealer, names, entries=entries)


def _names(value: object, players: int) -> tuple[str, ...] | None:
    if value is None:
        return None
    items = json_fields.listed(value, "names", players)
    if len(items) != players:
        raise refused("names", f"expected {players} names, one per seat, not {len(items)}")
    names = tuple(
        json_fields.string(item, f"names[{n}]")[: LONGEST_NAME + 1] for n, item in enumerate(items)
    )
    try:
        check_names(names, players)
    except RulesError as err:
        raise refused("names", str(err)) from None
    return names


def _deal(value: object, path: str, players: int) -> DealEntry:
    fields = json_fields.object_fields(value, path, DEAL_FIELDS, has="a deal has")
    draw, size = fields.get("draw"), fields.get("hand_size")
    bids, tricks, winners = fields.get("bids"), fields.get("tricks"), fields.get("trick_winners")
    return DealEntry(
        draw=None if draw is None else json_fields.whole(draw, f"{path}.draw", 0, MAX_PLAYERS),
        hand_size=None
        if size is None
        else json_fields.whole(size, f"{path}.hand_size", 0, MAX_HAND_SIZE),
        call=None
        if "call" not in fields
        else json_fields.call_from(fields["call"], f"{path}.call"),
        trump=None
        if "trump" not in fields
        else json_fields.trump_from(fields["trump"], f"{path}.trump"),
        bids=() if bids is None else _counts(bids, f"{path}.bids", players),
        tricks=None if tricks is None else _counts(tricks, f"{path}.tricks", players),
        trick_winners=None
        if winners is None
        else _counts(winners, f"{path}.trick_winners", MAX_HAND_SIZE),
    )


def _counts(value: object, path: str, most: int) -> tuple[int, ...]:
    items = json_fields.listed(value, path, most)
    return tuple(
        json_fields.whole(item, f"{path}[{n}]", 0, MAX_HAND_SIZE) for n, item in enumerate(items)
    )


def sheet_csv(sheet: ScoreSheet) -> str:
    """The score card as CSV (the standard ``csv`` module): a row per deal
    with its number, cards and rule, then for each player the running total,
    the bid and the tricks taken, as the paper sheet keeps them (§1.11; a bid
    is empty where the deal has none), under a header naming the columns.

    >>> import pyclag
    >>> sheet = pyclag.scoresheet.ScoreSheet(pyclag.NORMAL, 3, names=("Ann", "Bob", "Cy"))
    >>> print(sheet_csv(sheet.bid(1).bid(0).bid(1).took((0, 1, 0))), end="")
    deal,cards,rule,Ann total,Ann bid,Ann tricks,Bob total,Bob bid,Bob tricks,Cy total,Cy bid,Cy tricks
    1,1,normal,0,1,0,12,1,1,10,0,0
    """
    if not isinstance(sheet, ScoreSheet):
        raise not_a("sheet_csv", "sheet", "a ScoreSheet", sheet)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    heads = [sheet.name(seat) for seat in range(sheet.players)]
    columns = ("total", "bid", "tricks")
    writer.writerow(["deal", "cards", "rule", *(f"{h} {c}" for h in heads for c in columns)])
    for row in sheet.rows:
        deal = row.deal
        cells = [
            value
            for total, bid, tricks in zip(row.totals, deal.bids, row.tricks_won, strict=True)
            for value in (total, "" if bid is None else bid, tricks)
        ]
        rule = label(deal.setup, sheet.names) or "normal"
        writer.writerow([deal.number, deal.hand_size, rule, *cells])
    return out.getvalue()


def is_sheet(text: object) -> bool:
    """Whether ``text`` is a score sheet's file, by its ``format`` field
    (``pyclag-sheet/...``), whatever else it holds: to tell it from a game
    record, which ``pyclag replay`` reads and a sheet is not.

    >>> is_sheet('{"format": "pyclag-sheet/1"}'), is_sheet('{"format": "pyclag/2"}'), is_sheet("[")
    (True, False, False)
    """
    try:
        value = json_fields.parse_json(text, "is_sheet")
    except (RecordError, TypeError):
        return False
    form = value.get("format") if isinstance(value, dict) else None
    return isinstance(form, str) and form.startswith(FORMAT.split("/")[0] + "/")
