"""Wikipedia: the current English Wikipedia article on Clag (RULES.md §2.1,
Decision 2).

**Sources.** WP (the current article: players, deals in three phases, the
deal, nominations and scoring); WP-OLD (the last readable list of phase-2
deals, for ``phase2="six"``); PAGAT/BGA for the eight special deals of the
default; OH-WP for who leads.

**Rules.** 3-7 players. Phase 1: deals of 1..7 cards; phase 2: special deals
of 7 cards; phase 3: 7..1 cards. Turn-up trumps, bids from the dealer's left
with the dealer last, and the total of bids must not equal the hand size
(every deal). F1 scoring: only an exact bid scores, 10 + 2 per trick. Highest
total wins.

* Default, 22 deals: phase 2 is pagat's eight special deals (No Trumps,
  Misère, Guess Trumps, Blind bid before the deal, Twos Wild, Aces Low, Dealer
  Calls, Most Tricks) with Wikipedia scoring: misère +10 for no tricks, -2 per
  trick; most tricks +10 to the sole leader.
* ``phase2="six"``, 20 deals: WP-OLD's six in its order: No Trumps, Guess
  Trumps, Blind (bid without looking at one's cards, trumps shown), Roll 'Em,
  Misère with trumps, Misère without trumps.

**Implementation notes** ([D] defaults, each an option): the phase-2 list of
the current article could not be read (A7, Decision 2: ``phase2``); misère
-2 per trick (A8, A38: ``misere_points_per_trick``); the eldest leads (A41);
Roll 'Em piles play from the first card dealt (A17: ``roll_order``); blind
bids see the turn-up (A16: ``blind_trump_visible``); the pagat deals' own
defaults (see :mod:`pyclag.presets.pagat`); ties are shared (A29).

>>> len(WIKIPEDIA.schedule), len(WIKIPEDIA.with_options(phase2="six").schedule)
(22, 20)
"""

from __future__ import annotations

from typing import Final

from pyclag.presets import pagat
from pyclag.rules import catalogue
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet, ScheduleChoice
from pyclag.scoring.schemes import F1

__all__ = ["WIKIPEDIA"]

_PHASE1: Final = tuple(catalogue.normal(h) for h in range(1, 8))
_PHASE3: Final = tuple(catalogue.normal(h) for h in range(7, 0, -1))

# Pagat's eight with Wikipedia's misère value (Decision 2; A8).
_EIGHT: Final[tuple[RoundSpec, ...]] = (
    pagat.SPECIALS[0],
    catalogue.misere(trumps=True, per_trick=-2),
    *pagat.SPECIALS[2:],
)
_SIX: Final[tuple[RoundSpec, ...]] = (
    catalogue.no_trumps(),
    catalogue.guess_trumps(),
    catalogue.blind_unseen(trump_visible=True),
    catalogue.roll_em(),
    catalogue.misere(trumps=True, per_trick=-2),
    catalogue.misere(trumps=False, per_trick=-2),
)

_PHASE2: Final = ScheduleChoice(
    "phase2",
    (("eight", (*_PHASE1, *_EIGHT, *_PHASE3)), ("six", (*_PHASE1, *_SIX, *_PHASE3))),
    "eight",
    about='Phase 2: pagat\'s eight special deals (22 deals, "eight") or the six of the last '
    'readable Wikipedia revision (20 deals, "six") (Decision 2).',
)

WIKIPEDIA: Final[RuleSet] = RuleSet(
    "wikipedia", _PHASE2.schedule("eight"), scoring=F1, choices=(_PHASE2,)
)
"""The Wikipedia rules (RULES.md §2.1); option ``phase2="eight"`` (22 deals) or ``"six"`` (20)."""
