"""The engine: pure functions from a state (and an action) to a new state.

This package is the rules in motion. Its public modules are:

- this one: starting a game (:func:`new_game`), the queries every decision
  shares (:func:`phase`, :func:`next_actor`, :func:`legal_actions`,
  :func:`is_legal`), the chance steps (:func:`deal`, :func:`shuffle_hands`,
  :func:`sample_chance`), :func:`apply` for any action, a verb and a
  ``legal_*`` query for each of the players' decisions, and random playouts
  (:func:`rollouts`, :func:`play_out`);
- :mod:`pyclag.engine.state`, the frozen game state, and
  :mod:`pyclag.engine.phases`, the decision a round waits for;
- :mod:`pyclag.engine.decisions`, the decision table every reader of a
  decision reads;
- :mod:`pyclag.engine.display`, the text forms of a state;
- :mod:`pyclag.engine.rounds`, the round API for programs that step a round
  themselves (bots, the score sheet, records).

The modules whose names start with ``_`` are its workings: the flow of a round
through its phases, each decision's legal set, refusal and transition, and the
hot-path constructors. Nothing outside the engine imports them. Everything
here is also importable from :mod:`pyclag` itself.

>>> import random
>>> import pyclag
>>> state = pyclag.new_game(pyclag.NORMAL, players=3)
>>> state = pyclag.deal(state, rng=random.Random(7))
>>> pyclag.phase(state), pyclag.next_actor(state), pyclag.legal_bids(state)
(<Phase.BID: 'bid'>, 1, (0, 1))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from pyclag._caches import lazy_names
from pyclag.engine._game import (
    Outcome,
    apply,
    deal,
    is_legal,
    is_over,
    legal_actions,
    new_game,
    next_actor,
    outcome,
    parse_action,
    phase,
    sample_chance,
    shuffle_hands,
    winners,
)
from pyclag.engine._verbs import (
    bid,
    call,
    choose_hand_size,
    declare_trump,
    legal_bids,
    legal_calls,
    legal_declarations,
    legal_hand_sizes,
    legal_plays,
    legal_trumps,
    play,
)

if TYPE_CHECKING:
    from pyclag.engine._playout import play_out, random_step, rollouts

__all__ = [
    "Outcome",
    "apply",
    "bid",
    "call",
    "choose_hand_size",
    "deal",
    "declare_trump",
    "is_legal",
    "is_over",
    "legal_actions",
    "legal_bids",
    "legal_calls",
    "legal_declarations",
    "legal_hand_sizes",
    "legal_plays",
    "legal_trumps",
    "new_game",
    "next_actor",
    "outcome",
    "parse_action",
    "phase",
    "play",
    "play_out",
    "random_step",
    "rollouts",
    "sample_chance",
    "shuffle_hands",
    "winners",
]

_LAZY: Final = dict.fromkeys(("play_out", "random_step", "rollouts"), "pyclag.engine._playout")
"""The random playouts, imported the first time they are asked for (a program that
steps the engine itself never uses them)."""

__getattr__, __dir__ = lazy_names(__name__, _LAZY)
