"""Pagat: John McLeod's Clag page, after Martin Brown (RULES.md §2.5).

**Sources.** PAGAT (https://www.pagat.com/exact/clag.html) and its mirror GAMB
for the players, the deal and the schedule; BGA (a forum quote of pagat's
special deals) for deals 8-12; S-ID for deal 12's rule 4 and deal 15; TG
(tertiary) for deals 13-15.

**Rules.** 4-7 players, 22 deals, the deal passing left. Normal deals 1-7
(1..7 cards) and 16-22 (7..1): the next card is turned for trumps, bids go
clockwise from the dealer's left and the dealer bids last; the total of bids
must not equal the hand size. F2 scoring: 1 per trick, +10 for an exact bid.
The special deals, 7 cards each:

== ======================= ==================================================
8  No Trumps               no turn-up, no trumps [V]
9  Misère                  no bids, everyone counts as bidding 0: 10 for no
                           tricks, else 1 per trick [V]
10 Guess Trumps            trumps turned after all bids [V]
11 Blind                   bids before the deal, then play as normal [V]
12 Twos Wild               twos wild, rules 1-3 [V], 4 [V: S-ID], 5-8 [D]
13 Aces Low                [T: TG]
14 Dealer Calls            the dealer names one of the four suits [T: TG]
15 Most Tricks             10 to the sole player with most tricks [P/T]
== ======================= ==================================================

**Implementation notes** ([D] defaults, each an option):

* the hook is the "not equal" form (A5: the sentence is cut off);
* a missed bid keeps 1 per trick (A6, ``trick_points_on_miss``);
* misère is played with the turn-up trump (A9, ``misere_trumps``);
* twos-wild rules 5-8 (A13, ``twos_*``); aces low in trumps too (A37,
  ``aces_low_trumps``);
  the dealer may not call no trumps (A11, ``dealer_calls_allow_nt``);
  most tricks keeps the turn-up trump (A14, ``most_tricks_trumps``);
* ties go to the most contracts made, then are shared (A29, ``tie_break``);
  a misère taken with no tricks counts as a contract, most tricks never does (A15).

>>> [spec.hand_size for spec in PAGAT.schedule] == [*range(1, 8), *[7] * 8, *range(7, 0, -1)]
True
"""

from __future__ import annotations

from typing import Final

from pyclag.rules import catalogue
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.scoring.schemes import F2
from pyclag.scoring.tally import TieBreak

__all__ = ["PAGAT", "SPECIALS"]

SPECIALS: Final[tuple[RoundSpec, ...]] = (
    catalogue.no_trumps(),
    catalogue.misere(trumps=True, per_trick=1),
    catalogue.guess_trumps(),
    catalogue.blind_before_deal(),
    catalogue.twos_wild(),
    catalogue.aces_low(),
    catalogue.dealer_calls(),
    catalogue.most_tricks(),
)
"""Pagat's deals 8-15, in order."""

PAGAT: Final[RuleSet] = RuleSet(
    "pagat",
    [*range(1, 8), *SPECIALS, *range(7, 0, -1)],
    scoring=F2,
    min_players=4,
    tie_break=TieBreak.CONTRACTS_THEN_SHARED,
)
"""The pagat rules (RULES.md §2.5)."""
