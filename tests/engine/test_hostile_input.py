"""Hostile input (DESIGN.md §1.3, §5, §8; the policy is in :mod:`pyclag.errors`).

Every public function given a value of the wrong type or range raises its
documented error, never AttributeError, IndexError or KeyError: a TypeError
naming the function, the parameter and what was given for a programming error
(a state that is not a GameState, an rng that is not a random.Random, round
rules that are not a RoundRules, a ruling's container of the wrong type), and
the ValueError-derived classes of DESIGN.md §5 for game input. Random illegal
actions from random states of every preset are refused with the exact class
and leave the state unchanged; arbitrary card text either parses to a value
that round-trips or raises RecordError.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
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
    Hand,
    IllegalActionError,
    IllegalBidError,
    IllegalCallError,
    IllegalDeclarationError,
    IllegalPlayError,
    Madness,
    OutOfTurnError,
    Phase,
    Play,
    Rank,
    Reason,
    RecordError,
    RoundRules,
    RoundSpec,
    RulesError,
    ShuffleHands,
    Suit,
    WrongPhaseError,
    presets,
)
from pyclag.playout import play_out, random_step
from pyclag.rules import ALL_PRECEDENCES, NO_TRUMPS, TURN_UP, Precedence
from pyclag.scorecard import schedule, score_card
from pyclag.scoring.schemes import F1
from tests.helpers import bid_all, dealt, random_game

# --- situations: one state per pending decision ------------------------------------------

E1_TOP = "AS KS 9S 4S 7H QH TD JH 3D 2C 5H 8C 6H"
FRESH: Final = pyclag.new_game(pyclag.NORMAL, players=4)
BIDDING: Final = dealt(pyclag.NORMAL.with_schedule([3, 2]), 4, E1_TOP, first_dealer=3)
"""Seat 0 to bid, 0..3."""
PLAYING: Final = bid_all(BIDDING, [1, 1, 0, 0])
"""Seat 0 to lead, holding 3D 7H AS."""
RAF_ELDEST: Final = presets.get("raf", first_deal_caller="eldest")
CHOOSING: Final = pyclag.new_game(RAF_ELDEST, players=4)
"""The dealer, seat 0, to choose a hand size of 3..7."""
CALLING: Final = pyclag.deal(pyclag.choose_hand_size(CHOOSING, 3), rng=random.Random(4))
"""Seat 1 to call."""
SHUFFLING: Final = bid_all(pyclag.call(CALLING, Call(1, Suit.SPADES, blind=True)), [1, 1, 0, 0])
"""A RAF Blind deal waiting for the face-down shuffle."""
DECLARING: Final = pyclag.deal(
    pyclag.new_game(pyclag.NORMAL.with_schedule([presets.PAGAT.schedule[13]]), 4),
    rng=random.Random(2),
)
"""The dealer, seat 0, to declare trumps (C D H S, no trumps not allowed)."""
OVER: Final = random_game(pyclag.NORMAL.with_schedule([1]), players=3, seed=1)
PLAYS: Final = (Play(0, Card.parse("AS")), Play(1, Card.parse("KS")))
RULES: Final = RoundRules(Suit.HEARTS, F1)


def _label(value: object) -> str:
    shown = repr(value)
    return shown if len(shown) <= 24 else f"{type(value).__name__}..."


# --- 1. programming errors: TypeError naming the function, the parameter, the type -----

NOT_STATES: Final[tuple[object, ...]] = (
    None,
    0,
    -1,
    10**100,
    True,
    float("nan"),
    "state",
    b"state",
    [],
    {},
    (),
    FRESH.round,  # a RoundState instead of a GameState
    FRESH.round.setup,
    FRESH.rules,
    DECK[0],
    Suit.SPADES,
    Bid(0, 0),
    pyclag,
    object(),
)

STATE_FUNCTIONS: Final[tuple[tuple[str, str, Callable[[Any], object]], ...]] = (
    ("next_actor", "next_actor", pyclag.next_actor),
    ("phase", "phase", pyclag.phase),
    ("is_over", "is_over", pyclag.is_over),
    ("winners", "winners", pyclag.winners),
    ("legal_actions", "legal_actions", pyclag.legal_actions),
    ("legal_bids", "legal_bids", pyclag.legal_bids),
    ("legal_plays", "legal_plays", pyclag.legal_plays),
    ("legal_hand_sizes", "legal_hand_sizes", pyclag.legal_hand_sizes),
    ("legal_calls", "legal_calls", pyclag.legal_calls),
    ("legal_trumps", "legal_trumps", pyclag.legal_trumps),
    ("legal_declarations", "legal_declarations", lambda s: pyclag.legal_declarations(s, DECK[0])),
    ("bid", "bid", lambda s: pyclag.bid(s, 0)),
    ("play", "play", lambda s: pyclag.play(s, DECK[0])),
    ("choose_hand_size", "choose_hand_size", lambda s: pyclag.choose_hand_size(s, 3)),
    ("call", "call", lambda s: pyclag.call(s, Call(0, Suit.SPADES))),
    ("declare_trump", "declare_trump", lambda s: pyclag.declare_trump(s, Suit.SPADES)),
    ("apply(Bid)", "apply", lambda s: pyclag.apply(s, Bid(0, 0))),
    ("apply(Deal)", "apply", lambda s: pyclag.apply(s, Deal(DECK))),
    ("apply(junk)", "apply", lambda s: pyclag.apply(s, None)),  # type: ignore[arg-type]
    ("deal(rng)", "deal", lambda s: pyclag.deal(s, rng=random.Random(1))),
    ("deal(deck)", "deal", lambda s: pyclag.deal(s, deck=DECK)),
    ("shuffle_hands", "shuffle_hands", lambda s: pyclag.shuffle_hands(s, random.Random(1))),
    ("sample_chance", "sample_chance", lambda s: pyclag.sample_chance(s, random.Random(1))),
    ("play_out", "play_out", lambda s: play_out(s, random.Random(1))),
    ("random_step", "random_step", lambda s: random_step(s, random.Random(1))),
    ("score_card", "score_card", score_card),
)


def _refused_with_type_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(TypeError) as caught:
        call()
    assert type(caught.value) is TypeError
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("name", "function", "state"),
    [
        pytest.param(name, function, state, id=f"{label}-{_label(state)}")
        for label, name, function in STATE_FUNCTIONS
        for state in NOT_STATES
    ],
)
def test_errors_policy_a_state_that_is_not_a_game_state_is_a_type_error(
    name: str, function: Callable[[Any], object], state: Any
) -> None:
    _refused_with_type_error(
        partial(function, state),
        f"{name}: state must be a GameState, not {type(state).__name__}",
    )


NOT_RNGS: Final[tuple[object, ...]] = (
    7,
    1.5,
    "seed",
    [1],
    random,  # the module, not a generator
    random.Random,  # the class, not an instance
    DECK[0],
    FRESH,
)

RNG_FUNCTIONS: Final[tuple[tuple[str, Callable[[Any], object]], ...]] = (
    ("deal", lambda rng: pyclag.deal(FRESH, rng=rng)),
    ("sample_chance", lambda rng: pyclag.sample_chance(FRESH, rng)),
    ("shuffle_hands", lambda rng: pyclag.shuffle_hands(SHUFFLING, rng)),
    ("draw_for_dealer", lambda rng: pyclag.draw_for_dealer(4, rng)),
    ("play_out", lambda rng: play_out(FRESH, rng)),
    ("random_step", lambda rng: random_step(FRESH, rng)),
)


@pytest.mark.parametrize(
    ("name", "function", "rng"),
    [
        pytest.param(name, function, rng, id=f"{name}-{_label(rng)}")
        for name, function in RNG_FUNCTIONS
        for rng in (*NOT_RNGS, *(() if name == "deal" else (None,)))
    ],
)
def test_errors_policy_an_rng_that_is_not_a_random_is_a_type_error(
    name: str, function: Callable[[Any], object], rng: Any
) -> None:
    _refused_with_type_error(
        partial(function, rng), f"{name}: rng must be a random.Random, not {type(rng).__name__}"
    )


NOT_ROUND_RULES: Final[tuple[object, ...]] = (None, F1, RoundSpec(3), "F1", Suit.HEARTS, FRESH)


@pytest.mark.parametrize(
    ("name", "function", "rules"),
    [
        pytest.param(name, function, rules, id=f"{name}-{_label(rules)}")
        for name, function in (
            ("trick_winner", lambda rules: pyclag.trick_winner(PLAYS, rules)),
            ("score_round", lambda rules: pyclag.score_round(rules, (1, 0), (0,))),
        )
        for rules in NOT_ROUND_RULES
    ],
)
def test_errors_policy_round_rules_that_are_not_round_rules_are_a_type_error(
    name: str, function: Callable[[Any], object], rules: Any
) -> None:
    _refused_with_type_error(
        partial(function, rules),
        f"{name}: round_rules must be a RoundRules, not {type(rules).__name__}",
    )


NOT_SEQUENCES: Final[tuple[object, ...]] = (
    None,
    3,
    1.5,
    "AS KS",
    b"\x00\x01",
    frozenset({0, 1}),
    {0: 1},
    iter([0]),
    DECK[0],
)


CONTAINERS: Final[tuple[tuple[str, Callable[[Any], object]], ...]] = (
    (
        "trick_winner: plays must be a sequence of Play values",
        lambda plays: pyclag.trick_winner(plays, RULES),
    ),
    ("score_round: bids must be a sequence", lambda bids: pyclag.score_round(RULES, bids, ())),
    (
        "score_round: trick_winners must be a sequence",
        lambda winners: pyclag.score_round(RULES, (0, 0), winners),
    ),
)


@pytest.mark.parametrize(
    ("expected", "function", "value"),
    [
        pytest.param(expected, function, value, id=f"{expected[:20]}-{_label(value)}")
        for expected, function in CONTAINERS
        for value in NOT_SEQUENCES
    ],
)
def test_errors_policy_a_ruling_given_the_wrong_container_is_a_type_error(
    expected: str, function: Callable[[Any], object], value: Any
) -> None:
    _refused_with_type_error(partial(function, value), f"{expected}, not {type(value).__name__}")


@pytest.mark.parametrize("parameter", ["rounds", "steps"])
@pytest.mark.parametrize(
    ("value", "error"),
    [
        ("3", TypeError),
        (1.5, TypeError),
        (True, TypeError),
        (math.nan, TypeError),
        (-1, ValueError),
        (-(10**30), ValueError),
    ],
)
def test_play_out_counts_are_none_or_ints_from_zero(
    parameter: str, value: Any, error: type[Exception]
) -> None:
    with pytest.raises(error) as caught:
        play_out(FRESH, random.Random(1), **{parameter: value})
    assert type(caught.value) is error
    shown = type(value).__name__ if error is TypeError else repr(value)
    assert str(caught.value) == (f"play_out: {parameter} must be None or an int >= 0, not {shown}")


# --- 1. game input: the ValueError-derived classes of DESIGN.md §5 ----------------------


@dataclass(frozen=True)
class Case:
    """A call that must raise exactly ``error`` with ``fragment`` in its message,
    leaving ``state`` (if any) unchanged; ``reason`` for an illegal action."""

    call: Callable[[], object]
    error: type[Exception]
    fragment: str
    state: GameState | None = None
    reason: Reason | None = None


def cases(
    label: str,
    function: Callable[[Any], object],
    values: Iterable[object],
    error: type[Exception],
    fragment: Callable[[Any], str],
    state: GameState | None = None,
    reason: Callable[[Any], Reason] | None = None,
) -> list[Any]:
    """One pytest param per bad value for ``function``."""
    return [
        pytest.param(
            Case(
                partial(function, value),
                error,
                fragment(value),
                state,
                None if reason is None else reason(value),
            ),
            id=f"{label}-{_label(value)}",
        )
        for value in values
    ]


def _bid_reason(tricks: object) -> Reason:
    whole = isinstance(tricks, int) and not isinstance(tricks, bool)
    return Reason.BID_OUT_OF_RANGE if whole else Reason.NOT_AN_INTEGER


SEEN: Final[Any] = "seen"
"""A value of the wrong type for every RoundSpec axis but the name."""

SEAT_0_PILES: Final = pyclag.sample_chance(SHUFFLING, random.Random(1))
assert isinstance(SEAT_0_PILES, ShuffleHands)
SWAPPED_PILES: Final = (SEAT_0_PILES.orders[1], SEAT_0_PILES.orders[0], *SEAT_0_PILES.orders[2:])

GAME_INPUT: Final = [
    # bids: seat 0 may bid 0..3
    *cases(
        "bid",
        lambda tricks: pyclag.bid(BIDDING, tricks),
        (None, "1", 1.5, math.nan, True, -1, 4, 10**30, -(10**30), [1], DECK[0]),
        IllegalBidError,
        lambda tricks: f"illegal bid {tricks!r} by seat 0",
        BIDDING,
        _bid_reason,
    ),
    *cases(
        "apply(Bid(seat))",
        lambda seat: pyclag.apply(BIDDING, Bid(seat, 1)),
        (None, "0", 0.0, False, -1, 4, 10**30, math.nan, [0]),
        OutOfTurnError,
        lambda seat: f"illegal bid 1 by seat {seat!r}: it is seat 0's turn to bid",
        BIDDING,
        lambda _: Reason.OUT_OF_TURN,
    ),
    # plays: seat 0 leads and holds 3D 7H AS; twos are not wild
    *cases(
        "play",
        lambda card: pyclag.play(PLAYING, card),
        (None, "AS", 0, 1.5, Suit.SPADES, Rank.ACE, Play(0, DECK[0]), [DECK[0]]),
        IllegalPlayError,
        lambda card: f"illegal play {card!r} by seat 0: not a Card (use Card.parse)",
        PLAYING,
        lambda _: Reason.NOT_A_CARD,
    ),
    *cases(
        "play(as_card)",
        lambda named: pyclag.play(PLAYING, Card.parse("AS"), named),
        ("KS", Card.parse("KS"), Suit.SPADES, 5),
        IllegalDeclarationError,
        lambda named: f"illegal play AS={named} by seat 0: twos are not wild",
        PLAYING,
        lambda _: Reason.BAD_DECLARATION,
    ),
    *cases(
        "legal_declarations",
        lambda card: pyclag.legal_declarations(PLAYING, card),
        (None, "2S", Card.parse("2S"), Suit.SPADES, 2),
        IllegalDeclarationError,
        lambda card: f"legal_declarations({card!r}): twos are not wild",
        PLAYING,
        lambda _: Reason.BAD_DECLARATION,
    ),
    # the RAF dealer chooses 3..7 cards
    *cases(
        "choose_hand_size",
        lambda size: pyclag.choose_hand_size(CHOOSING, size),
        (None, "5", 5.0, True, 2, 8, -1, 10**30, math.nan, Rank.FIVE),
        IllegalActionError,
        lambda size: f"illegal hand size {size!r} by seat 0: not a hand size the dealer may choose",
        CHOOSING,
        lambda _: Reason.BAD_HAND_SIZE,
    ),
    # the RAF caller, seat 1, calls
    *cases(
        "call",
        lambda choice: pyclag.call(CALLING, choice),
        (None, "S", Suit.SPADES, 1),
        IllegalCallError,
        lambda _: "not a Call",
        CALLING,
        lambda _: Reason.BAD_CALL,
    ),
    *cases(
        "call(suits)",
        lambda suits: pyclag.call(CALLING, Call(1, suits)),
        ("S", None, TURN_UP, DECK[0], [Suit.SPADES], "HCDS"),
        IllegalCallError,
        lambda suits: f"suits must be a Suit, NO_TRUMPS or a Precedence, not {suits!r}",
        CALLING,
        lambda _: Reason.BAD_CALL,
    ),
    *cases(
        "call(nuloss)",
        lambda flag: pyclag.call(CALLING, Call(1, Suit.SPADES, nuloss=flag)),
        (1, 0, None, "yes", math.nan),
        IllegalCallError,
        lambda flag: f"nuloss must be True or False, not {flag!r}",
        CALLING,
        lambda _: Reason.BAD_CALL,
    ),
    *cases(
        "call(madness)",
        lambda madness: pyclag.call(CALLING, Call(1, Suit.SPADES, madness=madness)),
        ("ascending", 1, True, Suit.SPADES),
        IllegalCallError,
        lambda madness: f"madness must be None or a Madness, not {madness!r}",
        CALLING,
        lambda _: Reason.BAD_CALL,
    ),
    *cases(
        "call(seat)",
        lambda seat: pyclag.call(CALLING, Call(seat, Suit.SPADES)),
        (0, 2, True, 1.0, None, "1"),
        OutOfTurnError,
        lambda seat: f"by seat {seat!r}: it is seat 1's turn to call",
        CALLING,
        lambda _: Reason.OUT_OF_TURN,
    ),
    # the dealer, seat 0, declares C, D, H or S
    *cases(
        "declare_trump",
        lambda suit: pyclag.declare_trump(DECLARING, suit),
        (None, "S", 3, DECK[0], Precedence("HCDS"), [Suit.SPADES], NO_TRUMPS),
        IllegalCallError,
        lambda suit: (
            f"illegal trump declaration {suit!r} by seat 0: not a trump the dealer may name"
        ),
        DECLARING,
        lambda _: Reason.BAD_CALL,
    ),
    # decks and face-down shuffles
    *cases(
        "deal(deck)",
        lambda deck: pyclag.deal(FRESH, deck=deck),
        (5, math.nan, "AS KS", DECK[:51], (*DECK, DECK[0]), (None,) * 52, [DECK], {"AS": 1}),
        IllegalActionError,
        lambda _: "a deck must hold the 52 distinct cards, top first",
        FRESH,
        lambda _: Reason.BAD_DECK,
    ),
    *cases(
        "apply(Deal)",
        lambda deck: pyclag.apply(FRESH, Deal(deck)),
        (None, 5, "AS", DECK[1:], (DECK[0],) * 52, [[]]),
        IllegalActionError,
        lambda _: "a deck must hold the 52 distinct cards, top first",
        FRESH,
        lambda _: Reason.BAD_DECK,
    ),
    *cases(
        "apply(ShuffleHands)",
        lambda orders: pyclag.apply(SHUFFLING, ShuffleHands(orders)),
        (None, 5, "abc", (), ((),) * 4, SWAPPED_PILES, (*SEAT_0_PILES.orders, ())),
        IllegalActionError,
        lambda _: "a face-down shuffle",
        SHUFFLING,
        lambda _: Reason.BAD_SHUFFLE,
    ),
    # what is not an action at all, and actions out of place
    *cases(
        "apply(not an action)",
        lambda action: pyclag.apply(BIDDING, action),
        (None, 1, "bid 1", Suit.SPADES, DECK[0], (0, 1), {"seat": 0}, Bid, Phase.BID),
        IllegalActionError,
        lambda action: f"not an action: {action!r}",
        BIDDING,
        lambda _: Reason.NOT_AN_ACTION,
    ),
    *cases(
        "apply(game over)",
        lambda action: pyclag.apply(OVER, action),
        (Bid(0, 0), Play(0, DECK[0]), Deal(DECK), ChooseHandSize(0, 3)),
        WrongPhaseError,
        lambda _: "the game is over",
        OVER,
        lambda _: Reason.GAME_OVER,
    ),
    # rule sets, player counts, presets, options and schedules
    *cases(
        "new_game(rules)",
        lambda rules: pyclag.new_game(rules),
        (None, "normal", RoundSpec(3), presets, 4),
        RulesError,
        lambda rules: f"rules must be a RuleSet, not {rules!r}",
    ),
    *cases(
        "new_game(players)",
        lambda players: pyclag.new_game(pyclag.NORMAL, players),
        (None, "4", 4.0, True, 2, 8, -1, 10**30, math.nan),
        RulesError,
        lambda players: f"players must be an int in 3..7 for rule set 'normal', not {players!r}",
    ),
    *cases(
        "new_game(first_dealer)",
        lambda dealer: pyclag.new_game(pyclag.NORMAL, 4, dealer),
        (None, "0", 0.0, False, 4, -1, 10**30),
        RulesError,
        lambda dealer: f"first_dealer must be a seat in 0..3, not {dealer!r}",
    ),
    *cases(
        "draw_for_dealer",
        lambda players: pyclag.draw_for_dealer(players, random.Random(1)),
        (None, "4", 4.0, True, 0, 53, -1, 10**30),
        RulesError,
        lambda players: f"draw_for_dealer needs an int of players in 1..52, not {players!r}",
    ),
    *cases(
        "presets.get",
        lambda name: presets.get(name),
        (None, 5, "", "nonesuch", b"raf", ["raf"]),
        RulesError,
        lambda name: f"unknown preset {name!r}",
    ),
    *cases(
        "presets.get(option)",
        lambda value: presets.get("raf", first_deal_caller=value),
        ("first", 1, True, Suit.SPADES),
        RulesError,
        lambda value: f"option first_deal_caller={value!r}",
    ),
    *cases(
        "presets.get(option name)",
        lambda name: presets.get("normal", **{name: 1}),
        ("name", "options", "phase2"),
        RulesError,
        lambda name: f"unknown option {name!r}",
    ),
    *cases(
        "presets.get(phase2)",
        lambda value: presets.get("wikipedia", phase2=value),
        ("seven", 8, None),
        RulesError,
        lambda value: f"option phase2={value!r}",
    ),
    *cases(
        "with_options(name)",
        lambda name: pyclag.NORMAL.with_options(**{name: 1}),
        ("nonesuch", "", "Hook", "self", "options"),
        RulesError,
        lambda name: f"unknown option {name!r}",
    ),
    *cases(
        "with_options(num_deals)",
        lambda value: pyclag.NORMAL.with_options(num_deals=value),
        (0, 1001, 1.5, True, "3", -(10**30)),
        RulesError,
        lambda value: f"num_deals must be None or an int in 1..1000, not {value!r}",
    ),
    *cases(
        "with_schedule",
        lambda specs: pyclag.NORMAL.with_schedule(specs),
        (None, 5, "123", b"\x01"),
        RulesError,
        lambda specs: f"a schedule is a sequence of hand sizes or RoundSpecs, not {specs!r}",
    ),
    *cases(
        "with_schedule(entry)",
        lambda entry: pyclag.NORMAL.with_schedule([entry]),
        (0, 53, True, 1.5, None, "3", -(10**30)),
        RulesError,
        lambda entry: f"schedule round 1: {'' if type(entry) is int else 'expected '}",
    ),
    *cases(
        "RuleSet(choices)",
        lambda choices: pyclag.RuleSet("mine", [1], choices=choices),
        (5, None, "ab", [presets.WIKIPEDIA.choices[0]], (("phase2", "eight"),)),
        RulesError,
        # A long repr loses its middle (ClagError keeps messages short), so match the start.
        lambda choices: f"choices must be a tuple of ScheduleChoices, not {choices!r}"[:200],
    ),
    *cases(
        "round_spec",
        lambda index: pyclag.NORMAL.round_spec(index),
        (-1, -(10**30), None, "0", 1.5, True, math.nan),
        RulesError,
        lambda index: (
            f"round_spec: index must be an int >= 0 (a round of the game, 0-based), not {index!r}"
        ),
    ),
    *cases(
        "num_rounds",
        lambda players: pyclag.NORMAL.num_rounds(players),
        (None, "4", 2, 8, True, 4.0, 10**30),
        RulesError,
        lambda players: f"players must be an int in 3..7 for rule set 'normal', not {players!r}",
    ),
    *cases(
        "RoundSpec(hand_size)",
        lambda size: RoundSpec(size),
        (0, 53, True, "3", None, 3.0, math.nan),
        RulesError,
        lambda size: f"hand_size must be an int in 1..52, not {size!r}",
    ),
    *cases(
        "RoundSpec(suits)",
        lambda suits: RoundSpec(3, suits=suits),
        (Suit.HEARTS, "turn up", None, ALL_PRECEDENCES[0].order),
        RulesError,
        lambda suits: f"suits must be a SuitRule, not {suits!r}",
    ),
    *cases(
        "RoundSpec(hand_sizes)",
        lambda sizes: RoundSpec(7, hand_sizes=sizes),
        (5, None, ["3", "7"], [0, 7], [3, 8], [True, 7]),
        RulesError,
        lambda _: "hand_sizes must be",
    ),
    *cases(
        "RoundSpec(axis)",
        lambda axis: RoundSpec(3, **{axis: SEEN}),
        ("rank_order", "scoring", "bidding", "reveal", "play", "twos", "calls"),
        RulesError,
        lambda axis: f"{axis} must be",
    ),
    # card text
    *cases(
        "Card.parse",
        lambda text: Card.parse(text),
        (None, 5, b"AS", ["AS"], "", "1H", "AS KS", "A", "10", "S♠", DECK[0], "A\x00S"),
        RecordError,
        lambda text: f"bad card text {text!r}",
    ),
    *cases(
        "parse_cards",
        lambda text: pyclag.parse_cards(text),
        (None, 5, b"AS", ["AS"], DECK[0]),
        RecordError,
        lambda text: f"card text must be a string, not {type(text).__name__}",
    ),
    *cases(
        "Hand.parse",
        lambda text: Hand.parse(text),
        (None, "AS ZZ", "AS AS", DECK[:2]),
        RecordError,
        lambda text: (
            "appears twice"
            if text == "AS AS"
            else "bad card text 'ZZ'"
            if text == "AS ZZ"
            else "card text must be a string"
        ),
    ),
    *cases(
        "Suit.parse",
        lambda text: Suit.parse(text),
        (None, 3, "", "X", "SS", DECK[0], Suit.SPADES, b"S"),
        RecordError,
        lambda text: f"bad suit text {text!r}",
    ),
    *cases(
        "Card(suit)",
        lambda suit: Card(suit, Rank.ACE),
        (DECK[0], "S", 3, None, Rank.ACE),
        RecordError,
        lambda suit: f"Card needs a Suit and a Rank, not {suit!r} and {Rank.ACE!r}",
    ),
    *cases(
        "Hand(mask)",
        lambda mask: Hand(mask),
        (-1, 2**52, True, "AS", None, 1.5, 10**100),
        RecordError,
        lambda mask: f"a hand mask must be an int in 0..2**52-1, not {mask!r}",
    ),
    *cases(
        "Hand.of",
        lambda cards: Hand.of(cards),
        (5, None, ["AS"], [DECK[0], DECK[0]]),
        RecordError,
        lambda cards: (
            "appears twice"
            if isinstance(cards, list) and cards[0] is DECK[0]
            else f"a hand holds cards, not {cards[0]!r}"
            if isinstance(cards, list)
            else f"a hand is made of cards, not {cards!r}"
        ),
    ),
    # the pure rulings' contents
    *cases(
        "trick_winner(bad trick)",
        lambda plays: pyclag.trick_winner(plays, RULES),
        (
            [PLAYS[0], Play(0, Card.parse("KS"))],
            [PLAYS[0], Play(1, Card.parse("AS"))],
            [Play(True, Card.parse("AS"))],
            [Play(-1, Card.parse("AS"))],
            [Play("0", Card.parse("AS"))],  # type: ignore[arg-type]
        ),
        IllegalPlayError,
        lambda _: "trick_winner: a trick has one play per seat, each of another card",
        reason=lambda _: Reason.BAD_TRICK,
    ),
    *cases(
        "trick_winner(not plays)",
        lambda plays: pyclag.trick_winner(plays, RULES),
        ([], [None], ["AS"], [Play(0, "AS")], [Play(0, DECK[0], "2C")]),  # type: ignore[arg-type]
        IllegalPlayError,
        lambda plays: f"trick_winner needs one or more Play values of cards, not {plays!r}",
        reason=lambda _: Reason.NOT_A_CARD,
    ),
    *cases(
        "score_round(bids)",
        lambda bids: pyclag.score_round(RULES, bids, (0,)),
        ((), (1, -1), (1, 1.0), (1, True), (1, "0"), (1, [0])),
        RecordError,
        lambda bids: "bids must hold one entry per seat" if not bids else f"seat 1 is {bids[1]!r}",
    ),
    *cases(
        "score_round(trick_winners)",
        lambda winners: pyclag.score_round(RULES, (1, 0), winners),
        ((2,), (-1,), (True,), (0.0,), (None,), (10**30,)),
        RecordError,
        lambda winners: f"trick 1 was won by {winners[0]!r}, which is not a seat of 2 players",
    ),
    *cases(
        "RoundRules",
        lambda fields: RoundRules(*fields),
        (
            ("H", F1),
            (Suit.HEARTS, "F1"),
            (None, F1, "ace-high"),
            (None, None),
            (DECK[0], F1),
        ),
        RulesError,
        lambda _: "must be",
    ),
    *cases(
        "RoundRules(precedence)",
        lambda order: RoundRules(None, F1, precedence=order),
        ("HCDS", (Suit.HEARTS,) * 4, (Suit.HEARTS,), ([], [], [], []), list(Suit)),
        RulesError,
        lambda _: "precedence",
    ),
]


@pytest.mark.parametrize("case", GAME_INPUT)
def test_design_5_game_input_of_the_wrong_type_or_range_gets_its_documented_error(
    case: Case,
) -> None:
    before = copy.deepcopy(case.state)
    with pytest.raises(case.error) as caught:
        case.call()
    err = caught.value
    assert type(err) is case.error, f"{type(err).__name__}: {err}"
    assert case.fragment in str(err)
    if case.reason is not None:
        assert isinstance(err, IllegalActionError)
        assert err.reason is case.reason
        assert isinstance(err.legal, tuple)
    assert case.state == before


def test_design_5_a_refusal_lists_what_was_legal() -> None:
    five: Any = "5"
    with pytest.raises(IllegalActionError) as size:
        pyclag.choose_hand_size(CHOOSING, five)
    assert size.value.legal == (3, 4, 5, 6, 7)
    with pytest.raises(IllegalCallError) as trump:
        pyclag.declare_trump(DECLARING, None)
    assert trump.value.legal == tuple(Suit)
    with pytest.raises(IllegalActionError) as action:
        pyclag.apply(BIDDING, five)
    assert action.value.legal == tuple(Bid(0, tricks) for tricks in range(4))


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
    found = {phase for spec in specs for phase in spec.phases}
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
    "orders": st.lists(st.lists(st.sampled_from(DECK), max_size=3), max_size=4),
}
"""Plausible values of each action field: right and wrong ones of the right type."""


@st.composite
def _field(draw: st.DrawFn, name: str) -> Any:
    """A value for the action field ``name``: of its type two times in three, else junk."""
    return draw(JUNK if draw(st.integers(0, 2)) == 2 else FIELDS[name])


ACTION_KINDS: Final = (
    st.builds(Bid, _field("seat"), _field("tricks")),
    st.builds(Play, _field("seat"), _field("card"), _field("as_card")),
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
    st.builds(ShuffleHands, _field("orders")),
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
        piles = action.orders
        if draw(st.booleans()):
            return ShuffleHands(_tweaked(draw, piles, st.just(()) | st.sampled_from(piles)))
        seat = draw(st.integers(0, len(piles) - 1))
        return ShuffleHands((*piles[:seat], _tweaked(draw, piles[seat], cards), *piles[seat + 1 :]))
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
            {
                Reason.NOT_A_CARD,
                Reason.CARD_NOT_HELD,
                Reason.MUST_FOLLOW_SUIT,
                Reason.TWO_MAY_NOT_LEAD,
                Reason.BAD_DECLARATION,
            }
        ),
    ),
    Call: ((IllegalCallError,), frozenset({Reason.BAD_CALL})),
    DeclareTrump: ((IllegalCallError,), frozenset({Reason.BAD_CALL})),
    ChooseHandSize: ((IllegalActionError,), frozenset({Reason.BAD_HAND_SIZE})),
    Deal: ((IllegalActionError,), frozenset({Reason.BAD_DECK})),
    ShuffleHands: ((IllegalActionError,), frozenset({Reason.BAD_SHUFFLE})),
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
        orders = action.orders
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


# --- 3. arbitrary text into the card parsers ---------------------------------------------------

CARD_TEXT: Final = st.one_of(
    st.text(),
    st.text(alphabet="23456789TJQKA10tjqkacdhsCDHS♣♦♥♠♤♡♢♧\ufe0f ,\t\n\u00a0ſß", max_size=30),
    st.builds(lambda word, times: word * times, st.text(max_size=6), st.integers(100, 5000)),
)
"""Any text; text made of card symbols; very long text."""

PARSERS: Final[tuple[tuple[str, Callable[[str], object], Callable[[Any], str]], ...]] = (
    ("Card.parse", Card.parse, str),
    ("Suit.parse", Suit.parse, str),
    ("parse_cards", pyclag.parse_cards, lambda cards: " ".join(map(str, cards))),
    ("Hand.parse", Hand.parse, str),
)


@settings(max_examples=500)
@given(CARD_TEXT)
def test_design_5_card_text_parses_to_a_value_that_round_trips_or_is_a_record_error(
    text: str,
) -> None:
    for name, parse, show in PARSERS:
        value = _parsed(parse, text)
        if isinstance(value, RecordError):
            assert type(value) is RecordError, name
            assert str(value), name
        else:
            assert parse(show(value)) == value, name


def _parsed(parse: Callable[[str], object], text: str) -> object:
    """What ``parse`` makes of ``text``, or the RecordError it raises."""
    try:
        return parse(text)
    except RecordError as err:
        return err


@pytest.mark.parametrize(
    ("text", "expected"),
    [("10♥\ufe0f", "TH"), (" as ", "AS"), ("\u00a0qd\u2003", "QD"), ("T♤", "TS")],
)
def test_s1_1_card_text_of_any_case_and_spacing_round_trips(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected
    assert pyclag.parse_cards(text) == (Card.parse(expected),)


def _words(cards: Sequence[Card]) -> str:
    return ", ".join(card.symbol for card in cards)


@given(st.lists(st.sampled_from(DECK), unique=True, max_size=52))
def test_s1_1_every_hand_written_with_symbols_parses_back(cards: list[Card]) -> None:
    hand = Hand.of(cards)
    assert Hand.parse(_words(cards)) == hand
    assert pyclag.parse_cards(_words(cards)) == tuple(cards)


# --- the modules of issues 4 and 5: views, records, bots, the terminal ----------------------


def _new_api() -> list[tuple[str, Callable[..., object], int]]:
    from pyclag import bots, records, terminal, views
    from pyclag.terminal import answers, news, screen

    return [
        ("observe", views.observe, 2),
        ("determinize", views.determinize, 2),
        ("record_of", records.record_of, 1),
        ("dump", records.dump, 1),
        ("load", records.load, 1),
        ("replay", records.replay, 1),
        ("replay_round", records.replay_round, 2),
        ("round_record", records.round_record, 5),
        ("summary", records.summary, 1),
        ("schedule", schedule, 2),
        ("presets.summary", pyclag.presets.summary, 1),
        ("RuleSet.explain", pyclag.NORMAL.explain, 1),
        ("play_game", bots.play_game, 3),
        ("HeuristicBot.choose", bots.HeuristicBot().choose, 1),
        ("RandomBot.choose", bots.RandomBot(random.Random(1)).choose, 1),
        ("show_hand", screen.show_hand, 1),
        ("show_status", screen.show_status, 1),
        ("prompt", screen.prompt, 1),
        ("declaration_prompt", screen.declaration_prompt, 2),
        ("help_text", screen.help_text, 1),
        ("read_answer", answers.read_answer, 2),
        ("Teller.news", news.Teller().news, 1),
        # terminal.run refuses bad streams in the words of ``pyclag play``
        ("play", lambda *args: terminal.run(pyclag.NORMAL, 3, 0, random.Random(1), *args), 2),
    ]


_NOT_THE_ARGUMENT: Final[tuple[object, ...]] = (
    None,
    7,
    "x",
    b"{}",
    [],
    {},
    1.5,
    pyclag.new_game(pyclag.NORMAL, 3).round,
)


@pytest.mark.parametrize("bad", _NOT_THE_ARGUMENT, ids=lambda value: type(value).__name__)
def test_issue4_new_public_functions_refuse_a_wrong_argument_by_name(bad: object) -> None:
    for name, function, arity in _new_api():
        with pytest.raises((TypeError, pyclag.ClagError)) as refused:
            function(*[bad] * arity)
        # a TypeError of ours names the function; ValueError-family errors are game input
        if type(refused.value) is TypeError:
            assert str(refused.value).startswith(f"{name}: "), name
