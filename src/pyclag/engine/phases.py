"""The phase machine: which decision a round is waiting for (RULES.md Appendix B).

A round runs through its phases in the order of this enum, then ends in
``ROUND_OVER``. A normal round is a deal (a chance step), the bids from the
eldest round to the dealer, then the play of every trick; the special deals
add phases (the draw for the first bidder, the RAF dealer's choice of hand
size, the caller's call, the dealer declaring trumps, bids before the deal, a
face-down shuffle). Which phases a round has, who acts in each and what is
legal there is the decision table, :mod:`pyclag.engine.decisions`.

>>> NORMAL_PHASES
(<Phase.DEAL: 'deal'>, <Phase.BID: 'bid'>, <Phase.PLAY: 'play'>)
"""

from __future__ import annotations

import enum
from typing import Final

__all__ = ["NORMAL_PHASES", "Phase"]


class Phase(enum.Enum):
    """Which decision is pending.

    ``ROUND_OVER`` is the phase of a finished round state (the last round of a
    finished game); ``GAME_OVER`` is what :func:`pyclag.phase` says then.
    """

    DRAW = "draw"
    CHOOSE_HAND_SIZE = "choose-hand-size"
    BID_BEFORE_DEAL = "bid-before-deal"
    DEAL = "deal"
    CALL = "call"
    DECLARE_TRUMP = "declare-trump"
    BID = "bid"
    SHUFFLE = "shuffle"
    PLAY = "play"
    ROUND_OVER = "round-over"
    GAME_OVER = "game-over"

    # Members are singletons compared by identity; hashing by identity makes the
    # engine's table lookup by phase a C-level dict lookup (Enum hashes its name).
    __hash__ = object.__hash__


NORMAL_PHASES: Final = (Phase.DEAL, Phase.BID, Phase.PLAY)
"""The phases of a normal round (§1.4-§1.8)."""
