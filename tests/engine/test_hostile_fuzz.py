"""Hostile input (DESIGN.md §1.3, §5, §8): random illegal actions from random states of every
preset are refused with the exact class and leave the state unchanged.

Every public function given a value of the wrong type or range raises its
documented error, never AttributeError, IndexError or KeyError: a TypeError
naming the function, the parameter and what was given for a programming error
(a state that is not a GameState, an rng that is not a random.Random, round
rules that are not a RoundRules, a ruling's container of the wrong type), and
the ValueError-derived classes of DESIGN.md §5 for game input. Random illegal
actions from random states of every preset are refused with the exact class
and leave the state unchanged; arbitrary card text either parses to a value
that round-trips or raises RecordError (tests/cards/test_card_text_fuzz.py).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any, Final

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import (
    CHANCE,
    DECK,
    Action,
    Bid,
    Call,
    Card,
    ChooseHandSize,
    Deal,
    DeclareTrump,
    GameState,
    IllegalActionError,
    IllegalBidError,
    IllegalCallError,
    IllegalChanceError,
    IllegalDeclarationError,
    IllegalHandSizeError,
    IllegalPlayError,
    IllegalTrumpError,
    Madness,
    OutOfTurnError,
    Phase,
    Play,
    Rank,
    Reason,
    ShuffleHands,
    Suit,
    WrongPhaseError,
    presets,
)
from pyclag._values import Value
from pyclag.engine.decisions import round_phases
from pyclag.rules import ALL_PRECEDENCES, NO_TRUMPS, TURN_UP
from tests.engine.situations import FRESH

# --- 2. random illegal actions from random states of every preset --------------------------

RULE_SETS: Final = (
    presets.get("wikipedia"),
    presets.get("wikipedia", phase2="six"),
    presets.get("scottish"),
    presets.get("raf"),
    presets.get("raf", first_deal_caller="eldest", raf_trumps_from_turnup=True),
    presets.get("indonesian"),
    presets.get("pagat"),
    presets.get("pagat", dealer_calls_allow_nt=True, twos_may_lead=False),
    pyclag.NORMAL,
)


@st.composite
def states(draw: st.DrawFn) -> GameState:
    """A state of any preset, reached by seeded random legal steps: past some
    rounds, at a drawn phase, some steps into it (the end of the game if the
    game never reaches that phase)."""
    rules = draw(st.sampled_from(RULE_SETS))
    players = draw(st.integers(rules.min_players, rules.max_players))
    state = pyclag.new_game(rules, players, draw(st.integers(0, players - 1)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    length = rules.num_rounds(players)
    rounds = draw(st.integers(0, length - 1))
    target = draw(st.sampled_from(_phases(rules, length)))
    skip = draw(st.integers(0, 12))
    while not pyclag.is_over(state):
        if len(state.history) >= rounds and state.round.phase is target:
            break
        state = _step(state, rng)
    for _ in range(0 if pyclag.is_over(state) else skip):  # later in the same phase
        later = _step(state, rng)
        if later.round.phase is not target or later.history != state.history:
            break
        state = later
    return state


def _step(state: GameState, rng: random.Random) -> GameState:
    """A random legal step (the chance outcome at a chance node)."""
    if pyclag.next_actor(state) is CHANCE:
        return pyclag.apply(state, pyclag.sample_chance(state, rng))
    return pyclag.apply(state, rng.choice(pyclag.legal_actions(state)))


def _phases(rules: pyclag.RuleSet, length: int) -> list[Phase]:
    """The decisions the rules' rounds wait for, in the order of Appendix B (a
    called round may have a face-down shuffle), and the end of the game."""
    specs = [rules.round_spec(index) for index in range(length)]
    found = {phase for spec in specs for phase in round_phases(spec, rules)}
    if any(spec.calls is not None for spec in specs):
        found.add(Phase.SHUFFLE)
    return [phase for phase in Phase if phase in found or phase is Phase.ROUND_OVER]


JUNK: Final = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=4),
    st.binary(max_size=2),
    st.sampled_from(DECK),
    st.sampled_from(Suit),
    st.sampled_from(Rank),
    st.sampled_from(Phase),
    st.sampled_from((NO_TRUMPS, TURN_UP, *ALL_PRECEDENCES[:2])),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.integers(), st.integers(), max_size=2),
    st.tuples(st.integers(), st.integers()),
    st.just(FRESH.round),
)
"""Values of every kind, including the wrong ones for any field."""

FIELDS: Final[dict[str, st.SearchStrategy[Any]]] = {
    "seat": st.integers(-1, 8) | st.sampled_from((True, False, 0.0, 1.0, "0")),
    "tricks": st.integers(-2, 14),
    "card": st.sampled_from(DECK),
    "as_card": st.sampled_from(DECK) | st.none(),
    "suits": st.sampled_from((*Suit, NO_TRUMPS, TURN_UP, *ALL_PRECEDENCES[:3])),
    "nuloss": st.sampled_from((True, False, 0, 1)),
    "blind": st.sampled_from((True, False, 0, 1)),
    "misere": st.sampled_from((True, False, 0, 1)),
    "madness": st.sampled_from((None, *Madness, "ascending")),
    "size": st.integers(-1, 9),
    "suit": st.sampled_from((*Suit, None)),
    "deck": st.permutations(DECK) | st.lists(st.sampled_from(DECK), max_size=53),
    "piles": st.lists(st.lists(st.sampled_from(DECK), max_size=3), max_size=4),
}
"""Plausible values of each action field: right and wrong ones of the right type."""


@st.composite
def _field(draw: st.DrawFn, name: str) -> Any:
    """A value for the action field ``name``: of its type two times in three, else junk."""
    return draw(JUNK if draw(st.integers(0, 2)) == 2 else FIELDS[name])


def _made(kind: Callable[..., object], *fields: object) -> object:
    """``kind(*fields)``; or, for a Play given a field of the wrong type, which
    it refuses where it is made (a TypeError: test_hostile_values), the fields
    as they are, junk that is no action."""
    try:
        return kind(*fields)
    except TypeError:
        assert kind is Play
        return fields


ACTION_KINDS: Final = (
    st.builds(Bid, _field("seat"), _field("tricks")),
    st.builds(_made, st.just(Play), _field("seat"), _field("card"), _field("as_card")),
    st.builds(
        Call,
        _field("seat"),
        _field("suits"),
        _field("nuloss"),
        _field("blind"),
        _field("misere"),
        _field("madness"),
    ),
    st.builds(ChooseHandSize, _field("seat"), _field("size")),
    st.builds(DeclareTrump, _field("seat"), _field("suit")),
    st.builds(Deal, _field("deck")),
    st.builds(ShuffleHands, _field("piles")),
    JUNK,
)
ANY_ACTION: Final = st.integers(0, len(ACTION_KINDS) - 1).flatmap(ACTION_KINDS.__getitem__)
"""Any kind of action with any field values, or junk that is no action at all."""


@st.composite
def near_misses(draw: st.DrawFn, state: GameState) -> object:
    """An action the state allows (at a chance node, one drawn from a seed),
    left as it is, with one field changed, or (a deal or a shuffle) with one
    card or pile added, dropped, replaced or moved."""
    actor = pyclag.next_actor(state)
    if actor is None:
        return draw(ANY_ACTION)
    if actor is CHANCE:
        action: Any = pyclag.sample_chance(state, random.Random(draw(st.integers(0, 99))))
    else:
        action = draw(st.sampled_from(pyclag.legal_actions(state)))
    if draw(st.booleans()):
        return action
    cards = st.sampled_from(DECK) | JUNK
    if isinstance(action, Deal) and draw(st.booleans()):
        return Deal(_tweaked(draw, action.deck, cards))
    if isinstance(action, ShuffleHands) and draw(st.booleans()):
        piles = action.piles
        if draw(st.booleans()):
            return ShuffleHands(_tweaked(draw, piles, st.just(()) | st.sampled_from(piles)))
        seat = draw(st.integers(0, len(piles) - 1))
        return ShuffleHands((*piles[:seat], _tweaked(draw, piles[seat], cards), *piles[seat + 1 :]))
    if isinstance(action, Play):  # a hand-written value (pyclag._values), not an attrs class
        changed = dict(zip(action.__match_args__, action.fields(), strict=True))
        name = draw(st.sampled_from(action.__match_args__))
        changed[name] = draw(_field(name))
        return _made(Play, *changed.values())
    field = draw(st.sampled_from([field.name for field in attrs.fields(type(action))]))
    return attrs.evolve(action, **{field: draw(_field(field))})


def _tweaked(draw: st.DrawFn, items: tuple[Any, ...], item: st.SearchStrategy[Any]) -> Any:
    """``items`` with one item added, dropped, replaced, or swapped with another."""
    how = draw(st.sampled_from(("add", "drop", "replace", "swap")))
    if how == "add" or not items:
        return (*items, draw(item))
    first, second = (draw(st.integers(0, len(items) - 1)) for _ in range(2))
    changed = list(items)
    if how == "drop":
        del changed[first]
    elif how == "replace":
        changed[first] = draw(item)
    else:
        changed[first], changed[second] = changed[second], changed[first]
    return tuple(changed)


PHASES_OF: Final[dict[type, frozenset[Phase]]] = {
    Bid: frozenset({Phase.BID, Phase.BID_BEFORE_DEAL}),
    Play: frozenset({Phase.PLAY}),
    Call: frozenset({Phase.CALL}),
    ChooseHandSize: frozenset({Phase.CHOOSE_HAND_SIZE}),
    DeclareTrump: frozenset({Phase.DECLARE_TRUMP}),
    Deal: frozenset({Phase.DEAL}),
    ShuffleHands: frozenset({Phase.SHUFFLE}),
}
"""RULES.md Appendix B: the phase each kind of action belongs to."""

REFUSALS: Final[dict[type, tuple[tuple[type[IllegalActionError], ...], frozenset[Reason]]]] = {
    Bid: (
        (IllegalBidError,),
        frozenset({Reason.NOT_AN_INTEGER, Reason.BID_OUT_OF_RANGE, Reason.DEALER_RESTRICTION}),
    ),
    Play: (
        (IllegalPlayError, IllegalDeclarationError),
        frozenset(
            {  # no NOT_A_CARD: a Play holds only cards
                Reason.CARD_NOT_HELD,
                Reason.MUST_FOLLOW_SUIT,
                Reason.TWO_MAY_NOT_LEAD,
                Reason.BAD_DECLARATION,
            }
        ),
    ),
    Call: ((IllegalCallError,), frozenset({Reason.BAD_CALL})),
    DeclareTrump: ((IllegalTrumpError,), frozenset({Reason.BAD_TRUMP})),
    ChooseHandSize: ((IllegalHandSizeError,), frozenset({Reason.BAD_HAND_SIZE})),
    Deal: ((IllegalChanceError,), frozenset({Reason.BAD_DECK})),
    ShuffleHands: ((IllegalChanceError,), frozenset({Reason.BAD_SHUFFLE})),
}
"""DESIGN.md §5: the error (exact classes) and reasons of each kind of action
refused in its own phase by the seat to act."""


def expected_refusal(
    state: GameState, action: object
) -> tuple[tuple[type[IllegalActionError], ...], frozenset[Reason]]:
    """The exact classes and the reasons an illegal ``action`` may be refused with."""
    kind = type(action)
    if kind not in PHASES_OF:
        return (IllegalActionError,), frozenset({Reason.NOT_AN_ACTION})
    if state.round.phase not in PHASES_OF[kind]:
        over = pyclag.is_over(state)
        if kind is Bid and not over and not state.round.setup.played.has_bids:
            return (IllegalBidError,), frozenset({Reason.FORCED_BID})  # misère, most tricks
        return (WrongPhaseError,), frozenset({Reason.GAME_OVER if over else Reason.WRONG_PHASE})
    seat, actor = getattr(action, "seat", CHANCE), pyclag.next_actor(state)
    if type(seat) is not type(actor) or seat != actor:
        return (OutOfTurnError,), frozenset({Reason.OUT_OF_TURN})
    return REFUSALS[kind]


def same(a: object, b: object) -> bool:
    """Equal, and of the same types all the way down (True is not the seat 1)."""
    if type(a) is not type(b):
        return False
    kind = type(a)
    if attrs.has(kind):
        return all(same(getattr(a, f.name), getattr(b, f.name)) for f in attrs.fields(kind))
    if isinstance(a, Value) and isinstance(b, Value):
        return all(map(same, a.fields(), b.fields()))
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(map(same, a, b))
    return a == b


def _cards(value: object) -> list[Card] | None:
    """The items of ``value`` if it is a list or tuple of cards."""
    if not isinstance(value, (list, tuple)) or not all(type(card) is Card for card in value):
        return None
    return list(value)


def is_legal(state: GameState, action: object) -> bool:
    """Whether the rules allow ``action`` in ``state``: a legal action of the seat
    to act, a pack of the 52 cards to deal, or each seat's own cards in a new order."""
    current = state.round.phase
    if type(action) is Deal:
        pack = _cards(action.deck)
        return (
            current is Phase.DEAL
            and pack is not None
            and len(pack) == 52
            and set(pack) == set(DECK)
        )
    if type(action) is ShuffleHands:
        orders = action.piles
        if current is not Phase.SHUFFLE or not isinstance(orders, (list, tuple)):
            return False
        piles = [_cards(pile) for pile in orders]
        hands = [hand.cards for hand in state.round.hands]
        return len(piles) == len(hands) and all(
            pile is not None and len(pile) == len(hand) and set(pile) == set(hand)
            for pile, hand in zip(piles, hands, strict=True)
        )
    if type(pyclag.next_actor(state)) is not int:
        return False
    return any(same(action, legal) for legal in pyclag.legal_actions(state))


@settings(max_examples=800)
@given(st.data())
def test_design_1_3_random_illegal_actions_from_random_states_of_every_preset(
    data: st.DataObject,
) -> None:
    state = data.draw(states(), label="state")
    before = copy.deepcopy(state)
    for number in range(data.draw(st.integers(1, 6), label="actions")):
        near = data.draw(st.integers(0, 3), label=f"near a legal action {number}") < 3
        action = data.draw(near_misses(state) if near else ANY_ACTION, label=f"action {number}")
        if is_legal(state, action):
            after = pyclag.apply(state, action)
            assert isinstance(after, GameState)
            assert after != state
        else:
            classes, reasons = expected_refusal(state, action)
            with pytest.raises(IllegalActionError) as caught:
                pyclag.apply(state, action)
            err = caught.value
            assert type(err) in classes, f"{type(err).__name__}, not one of {classes}: {err}"
            assert err.reason in reasons, f"{err.reason}, not one of {reasons}: {err}"
            assert str(err)
        assert state == before


def test_design_1_3_every_kind_of_action_is_legal_somewhere_in_the_fuzz() -> None:
    # The oracle above must see legal actions of every kind, or its "legal" branch is idle.
    seen: set[type] = set()
    for rules in RULE_SETS:
        state = pyclag.new_game(rules, 4)
        rng = random.Random(7)
        while not pyclag.is_over(state):
            actor = pyclag.next_actor(state)
            action: Action = (
                pyclag.sample_chance(state, rng)
                if actor is CHANCE
                else rng.choice(pyclag.legal_actions(state))
            )
            assert is_legal(state, action), action
            seen.add(type(action))
            state = pyclag.apply(state, action)
    assert seen == set(PHASES_OF)
