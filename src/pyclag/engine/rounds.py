"""The round API: the engine's steps for programs that walk a round themselves.

:func:`pyclag.apply` is the one door for a game played at a table. A bot that
imagines other deals, a score sheet that records a round played with real
cards, and a record reader that rebuilds a game need a little more: a state
built from parts, a round started or scored without a deal, the legal set as
a mask. These are those steps, each the engine's own (the same functions
:func:`~pyclag.apply` runs), so nothing outside the engine reaches into its
workings.

- Building states: :func:`new_game_state`, :func:`new_round_state`,
  :func:`revise`.
- Walking a round: :func:`round_rules` (the round's resolved rules),
  :func:`start_round`, :func:`next_round`, :func:`tally`, :func:`contracts`.
- Each decision's pieces: :func:`bid_choices`, :func:`declared_trump`,
  :func:`play_mask`, :func:`contenders` (who is still in a draw), and the two
  commonest transitions by their parts, :func:`bid_tricks` and
  :func:`play_card` (the seat to act bids or plays; a search's inner loop).
- Checking and refusing: :func:`check_state`, :func:`not_a_state`,
  :func:`refused_in`, :func:`wrong_phase_error`.
"""

from __future__ import annotations

from pyclag.engine._build import new_game_state, new_round_state, revise
from pyclag.engine._chance import contenders
from pyclag.engine._flow import contracts, next_round, round_rules, start_round, tally
from pyclag.engine._game import wrong_phase_error
from pyclag.engine._plays import play_card, play_mask
from pyclag.engine._refusals import check_state, not_a_state, refused_in
from pyclag.engine._turns import bid_choices, bid_tricks, declared_trump

__all__ = [
    "bid_choices",
    "bid_tricks",
    "check_state",
    "contenders",
    "contracts",
    "declared_trump",
    "new_game_state",
    "new_round_state",
    "next_round",
    "not_a_state",
    "play_card",
    "play_mask",
    "refused_in",
    "revise",
    "round_rules",
    "start_round",
    "tally",
    "wrong_phase_error",
]
