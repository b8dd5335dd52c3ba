"""No hidden card leaks through a refusal (issue 30, item 1).

A game server returns an error to the client whose action it refused, so what
an error carries and says on a seat's own attempt must be what that seat may
know: two states that differ only in what the seat cannot know (the worlds of
:mod:`tests.views.test_views`) refuse its attempt alike, class, reason, legal
actions and message; and the legal actions of the seat to act reach no other
seat. This is the no-leak property of :func:`pyclag.observe`, extended to the
errors of :func:`pyclag.apply`, :func:`pyclag.is_legal`, the verbs and
:func:`pyclag.codec.action_of` read from an observation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import DECK, Bid, Card, Deal, GameState, Play, observe
from pyclag.codec import ID_BLOCKS, NUM_ACTIONS, action_of, decode
from pyclag.errors import IllegalActionError, Reason, WrongPhaseError
from tests.views.games import Moment, moments
from tests.views.test_views import replayed, unseen_swapped

Outcome = tuple[object, ...]


def attempts(seat: int, rng: random.Random) -> Iterator[object]:
    """What a client playing ``seat`` might send: every card and bid, every hand
    size and trump, a sample of the calls and wild-two plays, and values that
    are no action of its (a chance step, text, a bid of the wrong type)."""
    wide = {block.name for block in ID_BLOCKS if block.stop - block.start > 100}
    for block in ID_BLOCKS:
        numbers = range(block.start, block.stop)
        chosen = rng.sample(numbers, 25) if block.name in wide else numbers
        yield from (decode(number, seat) for number in chosen)
    two = Play(seat, Card.parse("2S"), Card.parse("AH"))
    text: Any = "1"
    yield from (two, Bid(seat, -1), Bid(seat, text), Deal(DECK), "5", None)


def outcome(call: Callable[..., object], *args: Any) -> Outcome:
    """What a client is told of ``call(*args)``: nothing but "done", or the
    error's class, reason, legal actions and message."""
    try:
        call(*args)
    except IllegalActionError as error:
        return (type(error), error.reason, error.legal, str(error))
    return ("done",)


def worlds(moment: Moment, seat_pick: int, seed: int) -> tuple[int, GameState, GameState]:
    seat = seat_pick % moment.game.players
    real = moment.state
    other = replayed(moment.game, moment.at, unseen_swapped(moment, seat, random.Random(seed)))
    assert observe(other, seat) == observe(real, seat)
    return seat, real, other


@settings(max_examples=120, deadline=None)
@given(moments(), st.integers(0, 6), st.integers(0, 2**16))
def test_issue_30_item_1_a_seats_refusals_are_the_same_in_worlds_it_cannot_tell_apart(
    moment: Moment, seat_pick: int, seed: int
) -> None:
    """Required: "errors raised on a seat's own attempt carry only what that
    seat may know": ``apply`` and ``is_legal`` answer each of its attempts the
    same in two worlds it cannot tell apart."""
    seat, real, other = worlds(moment, seat_pick, seed)
    sent: Any
    for sent in attempts(seat, random.Random(seed)):
        told = outcome(pyclag.apply, real, sent)
        assert outcome(pyclag.apply, other, sent) == told, sent
        assert pyclag.is_legal(other, sent) == pyclag.is_legal(real, sent), sent


@settings(max_examples=120, deadline=None)
@given(moments(), st.integers(0, 6), st.integers(0, 2**16))
def test_issue_30_item_1_the_legal_actions_of_the_seat_to_act_reach_no_other_seat(
    moment: Moment, seat_pick: int, seed: int
) -> None:
    """Required: "the legal actions of the seat to act are shown only to that
    seat": the refusal of another seat's attempt, of a chance step out of
    place or of a value that is no action lists no legal action; the seat to
    act's own refusals list its legal actions."""
    state = moment.state
    to_act = state.round.to_act
    seat = seat_pick % moment.game.players
    sent: Any
    for sent in attempts(seat, random.Random(seed)):
        told = outcome(pyclag.apply, state, sent)
        if told == ("done",):
            continue
        by_the_seat_to_act = getattr(sent, "seat", None) == to_act and not isinstance(sent, Deal)
        if not by_the_seat_to_act:
            assert told[2] == (), (sent, told)
        elif told[0] is WrongPhaseError and told[1] is Reason.WRONG_PHASE:
            assert told[2] == pyclag.legal_actions(state), (sent, told)


@settings(max_examples=60, deadline=None)
@given(moments(), st.integers(0, 6), st.integers(0, 2**16), st.integers(0, NUM_ACTIONS - 1))
def test_issue_30_item_1_an_id_refused_from_an_observation_shows_only_the_observation(
    moment: Moment, seat_pick: int, seed: int, number: int
) -> None:
    """``codec.action_of`` on a seat's observation refuses an id the same way in
    two worlds the seat cannot tell apart, and a seat not to act is told nobody's
    legal actions."""
    seat, real, other = worlds(moment, seat_pick, seed)
    told = outcome(action_of, observe(real, seat), number)
    assert outcome(action_of, observe(other, seat), number) == told
    if real.round.to_act != seat:
        assert told != ("done",) and told[2] == ()
