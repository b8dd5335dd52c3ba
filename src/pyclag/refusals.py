"""The words of a refusal (DESIGN.md §5): an error that names the action, the
reason the rule gave (a :class:`~pyclag.errors.Refusal`) and what was legal,
and describes the state compactly. Nothing here decides what is legal: the
rules do, and the decision table (:mod:`pyclag.decisions`) says what each
decision is called. Internal surface.

>>> import pyclag
>>> where(pyclag.new_game(pyclag.NORMAL, players=4))
'round 1 (1 card, dealer seat 0)'
>>> not_a_state("legal_bids", None)
TypeError('legal_bids: state must be a GameState, not NoneType')
"""

from __future__ import annotations

from collections.abc import Sequence

from pyclag.checks import not_a
from pyclag.errors import (
    IllegalActionError,
    OutOfTurnError,
    Reason,
    Refusal,
    WrongPhaseError,
)
from pyclag.state import CHANCE, GameState, Phase

__all__ = [
    "check_state",
    "describe",
    "not_a_state",
    "out_of_turn",
    "refused",
    "where",
    "wrong_phase",
]


def not_a_state(func: str, state: object) -> TypeError:
    """The error for a ``state`` argument that is not a GameState. Hot paths call
    it when reading ``state.round`` raises AttributeError (a try costs nothing)."""
    return not_a(func, "state", "a GameState", state)


def check_state(func: str, state: object) -> GameState:
    """``state``, if it is a GameState (for functions off the hot paths).

    >>> check_state("replay", 3)
    Traceback (most recent call last):
    TypeError: replay: state must be a GameState, not int
    """
    if not isinstance(state, GameState):
        raise not_a_state(func, state)
    return state


def where(state: GameState) -> str:
    """The round of ``state``, compactly: its number, hand size and dealer."""
    setup = state.round.setup
    if not setup.hand_size:
        size = "hand size to choose"
    else:
        size = f"{setup.hand_size} {'card' if setup.hand_size == 1 else 'cards'}"
    return f"round {setup.index + 1} ({size}, dealer seat {setup.dealer})"


def describe(action: object, noun: str) -> str:
    """The action as a refusal names it, ``noun`` being its decision's noun:
    "illegal bid 2 by seat 3". A value of the wrong type is shown as Python
    shows it, so that ``'2'`` is not mistaken for ``2``.

    >>> from pyclag.actions import Bid
    >>> describe(Bid(3, 2), "bid"), describe(Bid(3, "2"), "bid")
    ('illegal bid 2 by seat 3', "illegal bid '2' by seat 3")
    """
    text = _text(action) if hasattr(type(action), "__attrs_attrs__") else repr(action)
    seat = getattr(action, "seat", None)
    return f"illegal {noun} {text}" + ("" if seat is None else f" by seat {seat!r}")


def _text(action: object) -> str:
    """The action's notation; a field of the wrong type (text where a number or
    a card belongs) as Python shows it, so that ``'2'`` is not read as ``2``."""
    fields = [getattr(action, f.name) for f in getattr(type(action), "__attrs_attrs__", ())]
    if not any(isinstance(value, (str, bytes, float)) for value in fields):
        try:
            return str(action)
        except (AttributeError, TypeError, ValueError):  # a stranger's field
            pass
    return " ".join(repr(value) for value in fields[1:])


def refused(
    state: GameState, action: object, refusal: Refusal, noun: str, legal: Sequence[object]
) -> IllegalActionError:
    """The error for ``action`` refused by ``refusal``; ``legal`` is what the
    decision allowed, listed unless the refusal says otherwise."""
    shown = refusal.legal if refusal.legal is not None else tuple(legal)
    tail = refusal.tail
    if tail is None:
        tail = f"legal {noun}s: {' '.join(map(str, shown))}"
    prefix = describe(action, noun) + ": " if getattr(action, "seat", None) is not None else ""
    return refusal.error(f"{prefix}{refusal.why} in {where(state)}; {tail}", refusal.reason, shown)


def out_of_turn(
    state: GameState, action: object, noun: str, verb: str, legal: Sequence[object]
) -> OutOfTurnError:
    """``action`` is for another seat than the one to act, which is to ``verb``."""
    turn = f"it is seat {state.round.to_act}'s turn to {verb}"
    return OutOfTurnError(
        f"{describe(action, noun)}: {turn} in {where(state)}", Reason.OUT_OF_TURN, legal
    )


def wrong_phase(
    state: GameState, what: str, expected: Phase, waiting: str, legal: Sequence[object]
) -> WrongPhaseError:
    """``what`` belongs to phase ``expected``, not to the state's, which is
    waiting for ``waiting``; ``legal`` is what it allows."""
    rnd = state.round
    if rnd.phase is Phase.ROUND_OVER:
        return WrongPhaseError(f"{what}: the game is over", Reason.GAME_OVER)
    waiting = waiting if rnd.to_act is CHANCE else f"seat {rnd.to_act} to {waiting}"
    return WrongPhaseError(
        f"{what}: {where(state)} is in the {rnd.phase.value} phase, not {expected.value}; "
        f"it is waiting for {waiting}",
        Reason.WRONG_PHASE,
        legal,
    )
