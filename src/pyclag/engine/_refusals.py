"""The words of a refusal (DESIGN.md §5): an error that names the action, the
reason the rule gave (a :class:`~pyclag.errors.Refusal`) and what was legal,
and describes the state compactly. Nothing here decides what is legal: the
rules do, and the decision table (:mod:`pyclag.engine.decisions`) says what each
decision is called. Internal surface.

>>> import pyclag
>>> where(pyclag.new_game(pyclag.NORMAL, players=4))
'round 1 (1 card, dealer seat 0)'
>>> not_a_state("legal_bids", None)
TypeError('legal_bids: state must be a GameState, not NoneType')
"""

from __future__ import annotations

from collections.abc import Sequence

from pyclag._checks import not_a
from pyclag._play import Play
from pyclag.engine.state import CHANCE, GameState, Phase
from pyclag.errors import (
    IllegalActionError,
    OutOfTurnError,
    Reason,
    Refusal,
    WrongPhaseError,
)

__all__ = [
    "check_state",
    "describe",
    "not_a_state",
    "out_of_turn",
    "refused",
    "refused_in",
    "refused_parts",
    "where",
    "wrong_phase",
]


def not_a_state(func: str, state: object) -> TypeError:
    """The error for a ``state`` argument that is not a GameState. Hot paths call
    it when reading ``state.round`` raises AttributeError (a try costs nothing).

    >>> not_a_state("apply", 3)
    TypeError('apply: state must be a GameState, not int')
    """
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
    """The round of ``state``, compactly: its number, hand size and dealer.

    >>> import pyclag
    >>> where(pyclag.new_game(pyclag.presets.RAF, players=4, first_dealer=2))
    'round 1 (hand size to choose, dealer seat 2)'
    """
    setup = state.round.setup
    if not setup.hand_size:
        size = "hand size to choose"
    else:
        size = f"{setup.hand_size} {'card' if setup.hand_size == 1 else 'cards'}"
    return f"round {setup.index + 1} ({size}, dealer seat {setup.dealer})"


def describe(action: object, noun: str) -> str:
    """The action as a refusal names it, ``noun`` being its decision's noun:
    "illegal bid 2 by seat 3". The action writes itself in the notation, and a
    value of the wrong type as Python shows it, so that ``'2'`` is not read as ``2``.

    >>> from pyclag.actions import Bid
    >>> describe(Bid(3, 2), "bid"), describe(Bid(3, "2"), "bid")
    ('illegal bid 2 by seat 3', "illegal bid '2' by seat 3")
    """
    action_class = isinstance(action, Play) or hasattr(type(action), "__attrs_attrs__")
    text = str(action) if action_class else repr(action)
    if not hasattr(action, "seat"):  # chance has no seat
        return f"illegal {noun} {text}"
    return _by_seat(noun, text, action.seat)


def _by_seat(noun: str, text: str, seat: object) -> str:
    return f"illegal {noun} {text} by seat {seat!r}"


def refused(
    state: GameState, action: object, refusal: Refusal, noun: str, legal: Sequence[object]
) -> IllegalActionError:
    """The error for ``action`` refused by ``refusal``; ``legal`` is what the
    decision allowed, listed unless the refusal says otherwise.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> why = Refusal(pyclag.IllegalBidError, Reason.BID_OUT_OF_RANGE, "a bid is 0..1 tricks")
    >>> refused(state, pyclag.Bid(1, 5), why, "bid", (0, 1))
    IllegalBidError('illegal bid 5 by seat 1: a bid is 0..1 tricks in round 1
    (1 card, dealer seat 0); legal bids: 0 1')
    """
    return refused_in(where(state), action, refusal, noun, legal)


def refused_in(
    place: str,
    action: object,
    refusal: Refusal,
    noun: str,
    legal: Sequence[object],
    named: bool = False,
) -> IllegalActionError:
    """:func:`~pyclag.engine._refusals.refused` with the state described as ``place`` (a score sheet's
    deal); ``named`` names an action that has no seat too (a chance outcome's
    refusal says what is wrong with it, a score sheet's tricks need naming).

    >>> from pyclag.actions import ChooseHandSize
    >>> from pyclag.errors import IllegalHandSizeError
    >>> why = Refusal(IllegalHandSizeError, Reason.BAD_HAND_SIZE, "not a hand size the dealer may choose")
    >>> refused_in("deal 2", ChooseHandSize(1, 9), why, "hand size", (3, 4, 5))
    IllegalHandSizeError('illegal hand size 9 by seat 1: not a hand size the dealer may choose in deal 2; legal hand sizes: 3 4 5')
    """
    # A chance outcome has no seat: its refusal says what is wrong with it.
    what = describe(action, noun) if named or hasattr(action, "seat") else None
    return _worded(place, what, refusal, noun, legal)


def refused_parts(
    state: GameState,
    seat: int,
    text: str,
    refusal: Refusal,
    noun: str,
    legal: Sequence[object],
) -> IllegalActionError:
    """:func:`~pyclag.engine._refusals.refused` for an action whose parts make none, written ``text``:
    a play of a value that is not a Card (a Play holds only cards).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> why = Refusal(pyclag.IllegalPlayError, Reason.NOT_A_CARD, "not a Card")
    >>> refused_parts(state, 1, "'QS'", why, "play", ())
    IllegalPlayError("illegal play 'QS' by seat 1: not a Card in round 1 (1 card, dealer seat 0)")
    """
    return _worded(where(state), _by_seat(noun, text, seat), refusal, noun, legal)


def _worded(
    place: str, what: str | None, refusal: Refusal, noun: str, legal: Sequence[object]
) -> IllegalActionError:
    shown = refusal.legal if refusal.legal is not None else tuple(legal)
    tail = refusal.tail
    if tail is None and shown:
        tail = f"legal {noun}s: {' '.join(map(str, shown))}"
    prefix = "" if what is None else f"{what}: "
    ending = "" if tail is None else f"; {tail}"
    return refusal.error(f"{prefix}{refusal.why} in {place}{ending}", refusal.reason, shown)


def out_of_turn(state: GameState, action: object, noun: str, verb: str) -> OutOfTurnError:
    """``action`` is for another seat than the one to act, which is to ``verb``.
    The error carries no legal actions: they are the seat to act's, which the
    seat that tried may not know (a seat's legal plays show its cards).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> error = out_of_turn(state, pyclag.Bid(2, 0), "bid", "bid")
    >>> error, error.legal
    (OutOfTurnError("illegal bid 0 by seat 2: it is seat 1's turn to bid in round 1
    (1 card, dealer seat 0)"), ())
    """
    turn = f"it is seat {state.round.to_act}'s turn to {verb}"
    return OutOfTurnError(f"{describe(action, noun)}: {turn} in {where(state)}", Reason.OUT_OF_TURN)


def wrong_phase(
    state: GameState, what: str, expected: Phase, waiting: str, legal: Sequence[object]
) -> WrongPhaseError:
    """``what`` belongs to phase ``expected``, not to the state's, which is
    waiting for ``waiting``; ``legal`` is what it allows.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> wrong_phase(state, "play(QS)", Phase.PLAY, "bid", (0, 1)).reason
    <Reason.WRONG_PHASE: 'wrong-phase'>
    """
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
