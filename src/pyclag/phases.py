"""The phase machine: which decision a round is waiting for (RULES.md Appendix B).

A round runs through the phases its :class:`~pyclag.rules.round.RoundSpec`
lists, in order, then ends in ``ROUND_OVER``. A normal round is a deal (a
chance step), the bids from the eldest round to the dealer, then the play of
every trick; the special deals add phases (the RAF dealer's choice of hand
size, the caller's call, the dealer declaring trumps, bids before the deal, a
face-down shuffle) by listing them in their spec.

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


NORMAL_PHASES: Final = (Phase.DEAL, Phase.BID, Phase.PLAY)
"""The phases of a normal round (§1.4-§1.8)."""
