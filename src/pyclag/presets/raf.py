"""RAF: the "unified" Royal Air Force rules of the early 1990s (RULES.md §2.3,
Decision 5).

**Source.** S-EN (the RAF section of the Wikipedia article). The RAF game
mostly follows the main rules: the deal, the "not equal" hook, F1 values (10
bonus, 2 per trick), the eldest bidding first and the dealer last.

**Rules.** There is no fixed schedule: each dealer chooses the hand size, 3
to 7, for their deal. The winner of the previous deal is the Caller: after
looking at their hand they call the rules of the deal, any combination of

* a suit mode: trumps (the Caller names the suit), no trumps, or any of the
  24 precedence orders of the suits (a card of a higher suit beats any card
  of a lower suit; following suit is still compulsory), the four named ones
  being Precedence ♥♣♦♠, Reverse Precedence ♠♦♣♥, Red over Black ♦♥♠♣ and
  Black over Red ♣♠♥♦;
* Nuloss: ranks reversed, 2 high and ace low, in every suit;
* Blind: each player shuffles their hand face down and plays the top card;
* Misère: everyone must take no tricks, and each trick won scores negatively;
* Ascending or Descending Madness: trick j of h is worth 2j, or 2(h - j + 1).

That is 29 x 2 x 2 x 2 x 3 = 696 calls. An exact bid scores 10 plus the value
of the tricks won; a miss scores 0; under misère, +10 for no tricks, else minus
the value of the tricks won.

**Implementation notes** ([D] defaults, each an option):

* 3-7 players; the game lasts 2 deals per player (A24, ``num_deals``);
* the Caller is the top scorer of the previous deal, then the most tricks,
  then the earliest in that deal's order from its eldest; deal 1 has no Caller
  and is a standard deal (A18, ``first_deal_caller``);
* the Caller names the trump suit (A19, ``raf_trumps_from_turnup``), and no
  card is turned up on a called deal (invariant 6);
* under Blind, bids come before the face-down shuffle (A20); a missed bid
  scores 0 even under madness (A21, ``madness_points_on_miss``); misère tricks
  are worth -2, or minus their madness value (A22, ``misere_points_per_trick``);
* the highest total wins; ties are shared (A29).

>>> len(RAF.schedule), RAF.num_rounds(players=5)
(1, 10)
"""

from __future__ import annotations

from typing import Final

from pyclag.rules.calls import CallRules
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.scoring.schemes import F1

__all__ = ["RAF"]

RAF: Final[RuleSet] = RuleSet(
    "raf",
    [RoundSpec(7, hand_sizes=range(3, 8), calls=CallRules(), name="")],
    scoring=F1,
    deals_per_player=2,
)
"""The RAF rules (RULES.md §2.3)."""
