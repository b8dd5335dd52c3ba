"""Fast constructors of the state's values for the engine's hot paths:
a new :class:`~pyclag.engine.state.RoundState` and
:class:`~pyclag.engine.state.GameState` for every card played and bid made, a
:class:`~pyclag.engine.state.Trick` for every trick, and :func:`revise` for the steps
of a round.

Compiled, the classes are native and their own constructors are the fast
way. Interpreted, a frozen ``__init__`` sets each field past the
``__setattr__`` that refuses assignments (:func:`pyclag._checks.freeze`);
setting the slots through their descriptors builds the same value faster.
None of these classes has validators, converters or a post-init to skip;
tests/engine/test_state.py checks that both ways build equal values.
"""

from __future__ import annotations

import operator
from typing import Any, Final

from pyclag.actions import Play
from pyclag.engine.state import (
    NATIVE,
    Actor,
    GameState,
    Phase,
    RoundResult,
    RoundSetup,
    RoundState,
    Seat,
    Trick,
)
from pyclag.rules.ruleset import RuleSet

__all__ = ["new_game_state", "new_round_state", "new_trick", "next_state", "revise"]

_new = object.__new__
# The slots' setters, for the interpreted build (compiled, a Final field has none to call).
_set_setup, _set_phase, _set_to_act, _set_bids, _set_masks, _set_trick, _set_tricks = (
    getattr(RoundState, name).__set__ for name in RoundState.__match_args__
)
_set_rules, _set_history, _set_round = (
    getattr(GameState, name).__set__ for name in GameState.__match_args__
)
_set_leader, _set_plays, _set_winner = (
    getattr(Trick, name).__set__ for name in Trick.__match_args__
)


def new_round_state(
    setup: RoundSetup,
    phase: Phase,
    to_act: Actor,
    bids: tuple[int | None, ...],
    masks: tuple[int, ...],
    trick: tuple[Play, ...],
    tricks: tuple[Trick, ...],
) -> RoundState:
    """``RoundState(...)``, built faster, for the engine's hot paths.

    >>> import random, pyclag
    >>> rnd = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1)).round
    >>> new_round_state(rnd.setup, rnd.phase, rnd.to_act, rnd.bids, rnd.masks, (), ()) == rnd
    True
    """
    if NATIVE:
        return RoundState(setup, phase, to_act, bids, masks, trick, tricks)
    state = _new(RoundState)
    _set_setup(state, setup)
    _set_phase(state, phase)
    _set_to_act(state, to_act)
    _set_bids(state, bids)
    _set_masks(state, masks)
    _set_trick(state, trick)
    _set_tricks(state, tricks)
    return state


def new_game_state(
    rules: RuleSet, history: tuple[RoundResult, ...], round_: RoundState
) -> GameState:
    """``GameState(...)``, built faster, for the engine's hot paths.

    >>> import pyclag
    >>> state = pyclag.new_game(pyclag.NORMAL, players=3)
    >>> new_game_state(state.rules, state.history, state.round) == state
    True
    """
    if NATIVE:
        return GameState(rules, history, round_)
    state = _new(GameState)
    _set_rules(state, rules)
    _set_history(state, history)
    _set_round(state, round_)
    return state


def next_state(
    state: GameState,
    setup: RoundSetup,
    phase: Phase,
    to_act: Actor,
    bids: tuple[int | None, ...],
    masks: tuple[int, ...],
    trick: tuple[Play, ...],
    tricks: tuple[Trick, ...],
) -> GameState:
    """``state`` with the round at its next step, its rules and history kept:
    :func:`new_game_state` of :func:`new_round_state` in one call.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> rnd = state.round
    >>> next_state(state, rnd.setup, rnd.phase, rnd.to_act, rnd.bids, rnd.masks, (), ()) == state
    True
    """
    if NATIVE:
        return GameState(
            state.rules,
            state.history,
            RoundState(setup, phase, to_act, bids, masks, trick, tricks),
        )
    game = _new(GameState)
    _set_rules(game, state.rules)
    _set_history(game, state.history)
    _set_round(game, new_round_state(setup, phase, to_act, bids, masks, trick, tricks))
    return game


def new_trick(leader: Seat, plays: tuple[Play, ...], winner: Seat) -> Trick:
    """``Trick(...)``, built faster: a trick ends every few cards.

    >>> from pyclag.cards import Card
    >>> new_trick(0, (Play(0, Card.parse("AS")),), 0) == Trick(0, (Play(0, Card.parse("AS")),), 0)
    True
    """
    if NATIVE:
        return Trick(leader, plays, winner)
    trick = _new(Trick)
    _set_leader(trick, leader)
    _set_plays(trick, plays)
    _set_winner(trick, winner)
    return trick


_SETUP_PUTS: Final = tuple(getattr(RoundSetup, name).__set__ for name in RoundSetup.__match_args__)
_SETUP_VALUES: Final = operator.attrgetter(*RoundSetup.__match_args__)
_SETUP_PUT: Final = dict(zip(RoundSetup.__match_args__, _SETUP_PUTS, strict=True))


def revise(setup: RoundSetup, **changes: Any) -> RoundSetup:
    """``setup`` with some fields changed: :func:`pyclag._values.replace`, built
    faster interpreted, for the steps of a round.

    >>> from pyclag.rules.round import RoundSpec
    >>> revise(RoundSetup(0, RoundSpec(3), 4, 3, 3), hand_size=5).hand_size
    5
    """
    if NATIVE:  # the constructor, with each field read natively
        unknown = changes.keys() - _SETUP_PUT.keys()
        if unknown:
            raise TypeError(f"replace: RoundSetup has no field {min(unknown)!r}")
        get = changes.get
        return RoundSetup(
            get("index", setup.index),
            get("spec", setup.spec),
            get("players", setup.players),
            get("dealer", setup.dealer),
            get("hand_size", setup.hand_size),
            get("deck", setup.deck),
            get("turnup", setup.turnup),
            get("round_rules", setup.round_rules),
            get("caller", setup.caller),
            get("call", setup.call),
            get("declared", setup.declared),
            get("piles", setup.piles),
            get("draw", setup.draw),
            get("first_bidder", setup.first_bidder),
            get("played", setup.played),
        )
    new = _new(RoundSetup)
    for put, value in zip(_SETUP_PUTS, _SETUP_VALUES(setup), strict=True):
        put(new, value)
    for name, value in changes.items():
        put_one = _SETUP_PUT.get(name)
        if put_one is None:
            raise TypeError(f"replace: RoundSetup has no field {name!r}")
        put_one(new, value)
    return new
