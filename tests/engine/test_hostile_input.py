"""Hostile input (DESIGN.md §1.3, §5, §8; the policy is in :mod:`pyclag.errors`): game input of
the wrong type or range gets the ValueError-derived class of DESIGN.md §5.

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
import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

import pytest

import pyclag
from pyclag import (
    DECK,
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
    IllegalChanceError,
    IllegalDeclarationError,
    IllegalHandSizeError,
    IllegalPlayError,
    IllegalTrumpError,
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
from pyclag.rules import ALL_PRECEDENCES, NO_TRUMPS, TURN_UP, Precedence
from pyclag.scoring.schemes import F1
from tests.engine.situations import (
    BIDDING,
    CALLING,
    CHOOSING,
    DECLARING,
    FRESH,
    OVER,
    PLAYING,
    PLAYS,
    RULES,
    SHUFFLING,
    param_id,
)

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
            id=f"{label}-{param_id(value)}",
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
SWAPPED_PILES: Final = (SEAT_0_PILES.piles[1], SEAT_0_PILES.piles[0], *SEAT_0_PILES.piles[2:])

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
        lambda named: (
            f"illegal play AS={named if type(named) is Card else repr(named)} by seat 0: twos are not wild"
        ),
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
        IllegalHandSizeError,
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
        IllegalTrumpError,
        lambda suit: (
            f"illegal trump declaration {DeclareTrump(0, suit)} by seat 0: "
            "not a trump the dealer may name"
        ),
        DECLARING,
        lambda _: Reason.BAD_TRUMP,
    ),
    # decks and face-down shuffles
    *cases(
        "deal(deck)",
        lambda deck: pyclag.deal(FRESH, deck=deck),
        (5, math.nan, "AS KS", DECK[:51], (*DECK, DECK[0]), (None,) * 52, [DECK], {"AS": 1}),
        IllegalChanceError,
        lambda _: "a deck must hold the 52 distinct cards, top first",
        FRESH,
        lambda _: Reason.BAD_DECK,
    ),
    *cases(
        "apply(Deal)",
        lambda deck: pyclag.apply(FRESH, Deal(deck)),
        (None, 5, "AS", DECK[1:], (DECK[0],) * 52, [[]]),
        IllegalChanceError,
        lambda _: "a deck must hold the 52 distinct cards, top first",
        FRESH,
        lambda _: Reason.BAD_DECK,
    ),
    *cases(
        "apply(ShuffleHands)",
        lambda orders: pyclag.apply(SHUFFLING, ShuffleHands(orders)),
        (None, 5, "abc", (), ((),) * 4, SWAPPED_PILES, (*SEAT_0_PILES.piles, ())),
        IllegalChanceError,
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
        TypeError,  # not game input (card text is): the policy in pyclag.errors
        lambda suit: f"Card: suit must be a Suit, not {type(suit).__name__}",
    ),
    # a play is made only of a seat and cards
    *cases(
        "Play(seat)",
        lambda seat: Play(seat, DECK[0]),
        (True, "0", None, 1.5, [0]),
        TypeError,  # not game input (a play's text is parse_action's): the policy in pyclag.errors
        lambda seat: f"Play: seat must be an int, not {type(seat).__name__}",
    ),
    *cases(
        "Play(card)",
        lambda card: Play(0, card),
        ("AS", None, 0, Suit.SPADES, Play(0, DECK[0]), [DECK[0]]),
        TypeError,
        lambda card: f"Play: card must be a Card, not {type(card).__name__}",
    ),
    *cases(
        "Play(as_card)",
        lambda named: Play(0, DECK[0], named),
        ("2C", 0, Suit.CLUBS, [DECK[0]]),
        TypeError,
        lambda named: f"Play: as_card must be a Card, not {type(named).__name__}",
    ),
    *cases(
        "Hand(mask)",
        lambda mask: Hand(mask),
        (-1, 2**52, 10**100),
        RecordError,
        lambda mask: f"a hand mask must be an int in 0..2**52-1, not {mask!r}",
    ),
    *cases(
        "Hand(mask type)",
        lambda mask: Hand(mask),
        (True, "AS", None, 1.5),
        TypeError,  # not game input: the policy in pyclag.errors
        lambda mask: f"Hand: mask must be an int in 0..2**52-1, not {type(mask).__name__}",
    ),
    *cases(
        "Hand.of",
        lambda cards: Hand.of(cards),
        ([DECK[0], DECK[0]],),
        RecordError,
        lambda _: "appears twice",
    ),
    *cases(
        "Hand.of(type)",
        lambda cards: Hand.of(cards),
        (5, None, ["AS"]),
        TypeError,  # not game input (Hand.parse reads text): the policy in pyclag.errors
        lambda cards: (
            "Hand.of: cards must be Card values only (Hand.parse reads text), not str"
            if isinstance(cards, list)
            else f"Hand.of: cards must be an iterable of Card values (Hand.parse reads text), "
            f"not {type(cards).__name__}"
        ),
    ),
    # the pure rulings' contents
    *cases(
        "trick_winner(bad trick)",
        lambda plays: pyclag.trick_winner(plays, RULES),
        (
            [PLAYS[0], Play(0, Card.parse("KS"))],
            [PLAYS[0], Play(1, Card.parse("AS"))],
            [Play(-1, Card.parse("AS"))],
        ),
        IllegalPlayError,
        lambda _: "trick_winner: a trick has one play per seat, each of another card",
        reason=lambda _: Reason.BAD_TRICK,
    ),
    *cases(
        "trick_winner(not plays)",
        lambda plays: pyclag.trick_winner(plays, RULES),
        ([], [None], ["AS"], [("AS", 0)]),
        IllegalPlayError,
        lambda plays: f"trick_winner needs one or more Play values of cards, not {plays!r}",
        reason=lambda _: Reason.NOT_A_CARD,
    ),
    *cases(
        "score_round(bids)",
        lambda bids: pyclag.score_round(RULES, bids, (0,)),
        ((), (1, -1), (1, 1.0), (1, True), (1, "0"), (1, [0])),
        IllegalBidError,
        lambda bids: "bids must hold one entry per seat" if not bids else f"seat 1 is {bids[1]!r}",
        reason=lambda bids: _bid_reason(bids[1]) if bids else Reason.BID_OUT_OF_RANGE,
    ),
    *cases(
        "score_round(trick_winners)",
        lambda winners: pyclag.score_round(RULES, (1, 0), winners),
        ((2,), (-1,), (True,), (0.0,), (None,), (10**30,)),
        IllegalPlayError,
        lambda winners: f"trick 1 was won by {winners[0]!r}, which is not a seat of 2 players",
        reason=lambda _: Reason.BAD_TRICK,
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
    with pytest.raises(IllegalHandSizeError) as size:
        pyclag.choose_hand_size(CHOOSING, five)
    assert size.value.legal == (3, 4, 5, 6, 7)
    with pytest.raises(IllegalTrumpError) as trump:
        pyclag.declare_trump(DECLARING, NO_TRUMPS)
    assert trump.value.legal == tuple(Suit)
    with pytest.raises(IllegalActionError) as action:
        pyclag.apply(BIDDING, five)
    assert action.value.legal == tuple(Bid(0, tricks) for tricks in range(4))
