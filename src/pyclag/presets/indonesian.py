"""Indonesian: the gamerules.com rules as the Indonesian seed renders them
(RULES.md §2.4, Decisions 3 and 4).

**Sources.** S-ID (the seed: the whole game, and special rounds 9, 12 and
15); GR and UFM (the English original: players, rounds, dealer, schedule);
PAGAT/BGA/TG for the rounds the seed calls special without describing.

**Rules.** 4-7 players, 22 rounds; the first dealer at random, then the deal
passes left. Regular rounds (1-7, 16-22): the next card is turned for
trumps; bids go clockwise from the dealer's left; **the dealer bids last and
must make the total of bids exceed the cards dealt** (any bid that does; when
the others bid 0 in all and no bid can, the dealer may bid anything but the
hand size). F2 scoring: 1 per trick plus 10 for an exact contract. Round 9 is
misère (no bids; 10 for no tricks, else 1 per trick), round 12 has wild twos,
round 15 pays 10 to the one player with the most tricks. The highest total
wins; a tie goes to the most contracts made, then is shared.

**Implementation notes** ([D] defaults, each an option):

* rounds 8, 10, 11, 13 and 14 are pagat's No Trumps, Guess Trumps, Blind (bids
  before the deal), Aces Low and Dealer Calls (Decision 3); option
  ``undescribed_rounds="normal"`` plays them as normal 7-card rounds;
* the dealer may bid any value that makes the total exceed h (A2,
  ``gt_exact``); the fallback when none can (A3, ``gt_infeasible``);
* misère keeps the turn-up trump (A9); twos-wild rules 5-8 (A13); most
  tricks keeps the turn-up (A14, ``most_tricks_trumps``); aces low in trumps
  too (A37, ``aces_low_trumps``); a misère with no tricks counts as a contract
  for the tie-break, most tricks never does (A15).

>>> [spec.label for spec in INDONESIAN.schedule[7:15]][:3]
['No Trumps', 'Misère', 'Guess Trumps']
"""

from __future__ import annotations

from typing import Final

from pyclag.presets.pagat import SPECIALS
from pyclag.rules.bidding import Hook, HookForm
from pyclag.rules.catalogue import normal
from pyclag.rules.ruleset import RuleSet, ScheduleChoice
from pyclag.scoring.schemes import F2
from pyclag.scoring.tally import TieBreak

__all__ = ["INDONESIAN"]

_OPEN: Final = tuple(map(normal, range(1, 8)))
_CLOSE: Final = tuple(map(normal, (7, *range(6, 0, -1))))
_DESCRIBED: Final = {1: SPECIALS[1], 4: SPECIALS[4], 7: SPECIALS[7]}  # rounds 9, 12, 15

_ROUNDS: Final = ScheduleChoice(
    "undescribed_rounds",
    (
        ("pagat", (*_OPEN, *SPECIALS, *_CLOSE)),
        ("normal", (*_OPEN, *(_DESCRIBED.get(i, normal(7)) for i in range(8)), *_CLOSE)),
    ),
    "pagat",
    about="The special rounds the source names but does not describe (8, 10, 11, 13, 14): "
    'pagat\'s deals ("pagat") or normal 7-card rounds ("normal") (Decision 3).',
)

INDONESIAN: Final[RuleSet] = RuleSet(
    "indonesian",
    _ROUNDS.schedule("pagat"),
    hook=Hook(form=HookForm.EXCEED),
    scoring=F2,
    min_players=4,
    tie_break=TieBreak.CONTRACTS_THEN_SHARED,
    choices=(_ROUNDS,),
)
"""The Indonesian rules (RULES.md §2.4); option ``undescribed_rounds="pagat"`` or ``"normal"``."""
