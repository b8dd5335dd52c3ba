"""Hostile input (DESIGN.md §1.3, §5, §8; the policy is in :mod:`pyclag.errors`), the values
the actions are made of: rule sets, options and schedules, card text, plays, and the pure
rulings' contents get their documented errors (the actions themselves:
tests/engine/test_hostile_input.py).

A rule set, an option, a schedule, card text or a play of the wrong type or range gets
a RulesError, a RecordError or the illegal-action class its ruling names, with a message
that names the value, never AttributeError, IndexError or KeyError.
"""

from __future__ import annotations

import math
import random
from typing import Any, Final

import pytest

import pyclag
from pyclag import (
    DECK,
    Card,
    Hand,
    IllegalBidError,
    IllegalPlayError,
    Play,
    Rank,
    Reason,
    RecordError,
    RoundRules,
    RoundSpec,
    RulesError,
    Suit,
    presets,
)
from pyclag.rules import ALL_PRECEDENCES
from pyclag.scoring.schemes import F1
from tests.engine.hostile_cases import Case, bid_reason, cases, check
from tests.engine.situations import (
    PLAYS,
    RULES,
)

# --- game input: rules, cards, plays and rulings ----------------------------------------

SEEN: Final[Any] = "seen"
"""A value of the wrong type for every RoundSpec axis but the name."""


GAME_INPUT: Final = [
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
        reason=lambda bids: bid_reason(bids[1]) if bids else Reason.BID_OUT_OF_RANGE,
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
    check(case)
