"""Hostile input (DESIGN.md §1.3, §5, §8; the policy is in :mod:`pyclag.errors`): game input of
the wrong type or range gets the ValueError-derived class of DESIGN.md §5 (the values the
actions are made of, rule sets, card text and the rulings' contents:
tests/engine/test_hostile_values.py).

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

import math
import random
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
    ShuffleHands,
    Suit,
    WrongPhaseError,
)
from pyclag.rules import NO_TRUMPS, TURN_UP, Precedence
from tests.engine.hostile_cases import Case, bid_reason, cases, check
from tests.engine.situations import (
    BIDDING,
    CALLING,
    CHOOSING,
    DECLARING,
    FRESH,
    OVER,
    PLAYING,
    SHUFFLING,
)

# --- 1. game input: the ValueError-derived classes of DESIGN.md §5 ----------------------


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
        bid_reason,
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
]


@pytest.mark.parametrize("case", GAME_INPUT)
def test_design_5_game_input_of_the_wrong_type_or_range_gets_its_documented_error(
    case: Case,
) -> None:
    check(case)


def test_design_5_a_refusal_lists_what_was_legal() -> None:
    five: Any = "5"
    with pytest.raises(IllegalHandSizeError) as size:
        pyclag.choose_hand_size(CHOOSING, five)
    assert size.value.legal == (3, 4, 5, 6, 7)
    with pytest.raises(IllegalTrumpError) as trump:
        pyclag.declare_trump(DECLARING, NO_TRUMPS)
    assert trump.value.legal == tuple(Suit)
    with pytest.raises(IllegalActionError) as action:
        pyclag.apply(BIDDING, Bid(0, five))
    assert action.value.legal == (0, 1, 2, 3)
    # A value that is no action has no seat: nobody can be told the seat to act's
    # legal actions (issue 30 item 1).
    with pytest.raises(IllegalActionError) as nothing:
        pyclag.apply(BIDDING, five)
    assert nothing.value.legal == ()
