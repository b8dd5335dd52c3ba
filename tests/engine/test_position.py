"""Issue 34 item 4: a decision's ``check`` reads a Position, which a state and
the observation of the seat to act both are, so a program holding only an
observation (the terminal) explains a refusal with the engine's own rule, and
gets the very ruling the engine gives on the whole state."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import pyclag
from pyclag import DECK, Bid, Card, ChooseHandSize, DeclareTrump, Play, Rank
from pyclag.actions import PlayerAction
from pyclag.engine.decisions import BY_PHASE
from pyclag.errors import RulesError
from pyclag.rules import NO_TRUMPS
from pyclag.rules.calls import CallRules

PRESETS = ("wikipedia", "scottish", "raf", "indonesian", "pagat")


def _decisions(name: str, seed: int) -> Iterator[pyclag.GameState]:
    """Every player's decision of a few rounds of preset ``name``, played at random."""
    rng = random.Random(seed)
    state = pyclag.new_game(pyclag.presets.get(name), players=4)
    for _ in range(150):
        if pyclag.is_over(state):
            return
        if pyclag.next_actor(state) is pyclag.CHANCE:
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
            continue
        yield state
        state = pyclag.apply(state, rng.choice(pyclag.legal_actions(state)))


def _candidates(state: pyclag.GameState, rng: random.Random) -> list[PlayerAction]:
    """The legal actions and a spread of illegal ones of the decision's class."""
    seat = state.round.to_act
    assert isinstance(seat, int)
    found: list[PlayerAction] = list(pyclag.legal_actions(state))
    kind = BY_PHASE[state.round.phase].action
    if kind is Bid:
        found += [Bid(seat, tricks) for tricks in range(state.round.setup.hand_size + 2)]
    elif kind is Play:
        found += [Play(seat, card) for card in DECK]
        two = Card(rng.choice(list(pyclag.Suit)), Rank.TWO)
        found += [Play(seat, two, as_card=card) for card in rng.sample(DECK, 8)]
    elif kind is ChooseHandSize:
        found += [ChooseHandSize(seat, size) for size in range(12)]
    elif kind is DeclareTrump:
        found += [DeclareTrump(seat, suit) for suit in (*pyclag.Suit, NO_TRUMPS)]
    else:
        found += [call.choice.by(seat) for call in rng.sample(CallRules().legal_calls(0), 20)]
    return found


@pytest.mark.parametrize("name", PRESETS)
def test_issue_34_item_4_a_check_on_the_observation_is_the_check_on_the_state(name: str) -> None:
    rng = random.Random(7)
    ruled = 0
    for state in _decisions(name, seed=len(name)):
        seat = state.round.to_act
        assert isinstance(seat, int)
        view = pyclag.observe(state, seat)
        row = BY_PHASE[state.round.phase]
        for action in _candidates(state, rng):
            assert row.check(view, action) == row.check(state, action), (state, action)
            ruled += 1
    assert ruled > 1000


def test_issue_34_item_4_an_observation_holds_only_its_own_seats_cards() -> None:
    state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(2))
    view = pyclag.observe(state, 1)
    assert view.held(1) == state.round.masks[1]
    assert view.seen == state.round.seen
    for other in (0, 2):
        with pytest.raises(RulesError, match=f"seat {other}'s cards are hidden from seat 1"):
            view.held(other)


def test_issue_34_item_4_the_terminal_explains_a_refusal_without_a_world() -> None:
    """The terminal's reading of an answer no longer draws a world to ask the rule."""
    from pyclag.terminal import _answers

    source = _answers.__file__
    assert source is not None
    assert "determinize" not in Path(source).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("seat", "error", "message"),
    [
        (True, TypeError, "held: seat must be an int, not bool"),
        ("1", TypeError, "held: seat must be an int, not str"),
        (-1, RulesError, r"held: seat must be a seat in 0\.\.2, not -1"),
        (3, RulesError, r"held: seat must be a seat in 0\.\.2, not 3"),
    ],
)
def test_issue_34_item_4_held_refuses_what_is_no_seat(
    seat: object, error: type[Exception], message: str
) -> None:
    """The new doors refuse a seat as observe does (the errors policy): a
    negative seat is not the last seat's hand, and a refusal shows no cards."""
    state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(2))
    for door in (state.held, pyclag.observe(state, 1).held):
        with pytest.raises(error, match=f"^{message}$"):
            door(seat)  # type: ignore[arg-type]


def test_issue_34_item_4_an_observation_refuses_alike_in_worlds_it_cannot_tell_apart() -> None:
    """Two deals that give seat 1 the same cards: asking for another seat's cards
    is refused in the very same words in both."""
    deck = list(DECK)
    swapped = deck[:]
    swapped[1], swapped[2] = swapped[2], swapped[1]  # seats 2 and 0 trade their cards
    views = [
        pyclag.observe(pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), deck=tuple(d)), 1)
        for d in (deck, swapped)
    ]
    assert views[0].held(1) == views[1].held(1)
    messages = []
    for view in views:
        with pytest.raises(RulesError) as refused:
            view.held(0)
        messages.append(str(refused.value))
    assert messages[0] == messages[1] == "held: seat 0's cards are hidden from seat 1"
