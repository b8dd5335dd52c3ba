"""Keeping score at the table: the score sheet of a game played with real
cards (RULES.md §1.11), exactly as right as the engine.

A :class:`~pyclag.scoresheet.sheet.ScoreSheet` walks a rule set's schedule deal by deal without cards.
At each deal it says what the deal is (its number, hand size, special rule,
dealer, first bidder and the last bidder's forbidden bids), takes what the
table decided and scores it with the engine's own rules and scoring.
:func:`~pyclag.scoresheet.files.dump_sheet` and
:func:`~pyclag.scoresheet.files.load_sheet` save and resume a sheet as JSON
(format ``pyclag-sheet/1``); :func:`~pyclag.scoresheet.files.sheet_csv` exports its score card.

>>> import pyclag
>>> sheet = ScoreSheet(pyclag.presets.get("wikipedia"), 4, names=("Ann", "Bob", "Cy", "Di"))
>>> deal = sheet.current
>>> deal.number, deal.hand_size, deal.rule, sheet.name(deal.dealer), sheet.name(deal.to_act)
(1, 1, 'normal', 'Ann', 'Bob')
>>> sheet = sheet.bid(1).bid(0).bid(0)
>>> sheet.current.forbidden  # Ann deals and bids last: the total may not be 1
(0,)
>>> sheet = sheet.bid(1).took((0, 1, 0, 0))
>>> sheet.totals
(0, 12, 10, 10)
"""

from pyclag.scoresheet._deal import DealEntry, SheetDeal, SheetRow
from pyclag.scoresheet.files import FORMAT, dump_sheet, load_sheet, sheet_csv
from pyclag.scoresheet.sheet import ScoreSheet

__all__ = [
    "FORMAT",
    "DealEntry",
    "ScoreSheet",
    "SheetDeal",
    "SheetRow",
    "dump_sheet",
    "load_sheet",
    "sheet_csv",
]
