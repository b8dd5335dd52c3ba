"""Scottish: the Scottish-rules section of the Wikipedia article (RULES.md §2.2).

**Source.** S-EN (the seed copy of the Wikipedia article).

**Rules.** 3-7 players, 18 deals: seven normal deals of 7 down to 1 card, four
special deals, then seven normal deals of 1 up to 7 cards. Each deal: deal,
turn trumps, bid clockwise from the first bidder; the total of bids must not
equal the cards per player, so the dealer (last) is restricted. F2 scoring:
10 for an exact bid plus 1 per trick. The specials, in the order the source
names them: No Trumps (aces high); Misère (no bids, +10 for no tricks, -2 per
trick); Guess (bids before trumps are turned); Blind (bids without seeing
one's own cards or trumps, then play as normal).

**Implementation notes** ([D] defaults, each an option where it is a rule):

* the first bidder is found once, before deal 1, by each player turning a
  card, highest (ace high) winning and ties drawing again; that player is the
  eldest of deal 1, so the first dealer sits on their right, and dealer and
  first bidder then rotate left together (A25). Use
  ``pyclag.draw_for_dealer(players, rng)`` to find the first bidder and start
  with ``first_dealer=(bidder - 1) % players``;
* a missed bid keeps 1 per trick (A6, ``trick_points_on_miss``);
* the specials have 7 cards (A26) and are played in the order named (A27);
  misère keeps the turn-up trump (A9, ``misere_trumps``). Neither is a named
  option: another hand size or order is another schedule, built with
  :meth:`~pyclag.rules.ruleset.RuleSet.with_schedule` from the catalogue's
  rounds (below: the specials with 5 cards, blind first);
* highest total wins; ties are shared (A29).

>>> [spec.hand_size for spec in SCOTTISH.schedule] == [*range(7, 0, -1), 7, 7, 7, 7, *range(1, 8)]
True
>>> specials = [
...     catalogue.blind_unseen(trump_visible=False, hand_size=5),
...     catalogue.no_trumps(hand_size=5),
...     catalogue.misere(trumps=True, per_trick=-2, hand_size=5),
...     catalogue.guess_trumps(hand_size=5),
... ]
>>> mine = SCOTTISH.with_schedule([*range(7, 0, -1), *specials, *range(1, 8)])
>>> [spec.label for spec in mine.schedule[7:11]]
['Blind (cards and trumps unseen)', 'No Trumps', 'Misère', 'Guess Trumps']
>>> {spec.hand_size for spec in mine.schedule[7:11]}, mine.scoring.name
({5}, 'F2')
"""

from __future__ import annotations

from typing import Final

from pyclag.rules import catalogue
from pyclag.rules.ruleset import RuleSet
from pyclag.scoring.schemes import F2

__all__ = ["SCOTTISH"]

SCOTTISH: Final[RuleSet] = RuleSet(
    "scottish",
    [
        *range(7, 0, -1),
        catalogue.no_trumps(),
        catalogue.misere(trumps=True, per_trick=-2),
        catalogue.guess_trumps(),
        catalogue.blind_unseen(trump_visible=False),
        *range(1, 8),
    ],
    scoring=F2,
)
"""The Scottish rules (RULES.md §2.2)."""
