"""Every refusal has its class (DESIGN.md §5; the policy in :mod:`pyclag.errors`).

Part 1 raises every :class:`pyclag.Reason` from an input built for it, and checks the
exact class, the reason, what ``.legal`` says was allowed, and that the state (or a
ruling's plays) passed in is unchanged. A new Reason without a case here fails.
Part 2 checks the arguments that are not game input: of the wrong type a TypeError
naming the function and the parameter, of the wrong value the §5 class of what the
value is about.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

import attrs
import pytest

import pyclag
from pyclag import (
    DECK,
    Bid,
    Call,
    Card,
    Draw,
    Hand,
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
    Play,
    Rank,
    Reason,
    RecordError,
    RulesError,
    ShuffleHands,
    Suit,
    WrongPhaseError,
    parse_cards,
)
from pyclag.bots import HeuristicBot, play_game
from pyclag.engine import play_out
from pyclag.rules import catalogue
from pyclag.rules.trumps import NO_TRUMPS
from pyclag.scoresheet import ScoreSheet
from pyclag.views import determinize, observe
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
)
from tests.helpers import bid_all, dealt, play_all
from tests.rules.deals import MISERE_TOP, one_round, top_of

C = Card.parse


def stray(value: object) -> Any:
    """``value`` as Any: the hostile input that the type checker would refuse."""
    return value


# --- situations that only one refusal needs -----------------------------------------------

MISERE: Final = dealt(
    one_round(catalogue.misere(trumps=True, per_trick=-2, hand_size=3)), 4, MISERE_TOP, 3
)
"""Misère, seat 0 to lead holding AS 4D KC: every bid is 0, so no bid is made (§2.0)."""
NO_TWO_LEAD: Final = bid_all(
    dealt(
        one_round(catalogue.twos_wild(2), twos_may_lead=False),
        4,
        top_of(["2C 5S", "3H 4D", "6H 7D", "8D 9D"], "JC"),
        3,
    ),
    [0, 0, 0, 0],
)
"""Twos wild, a two may not lead (§2.0 rule 6): seat 0 to lead holding 2C 5S."""
HEARTS_LED: Final = play_all(
    bid_all(
        dealt(
            one_round(catalogue.twos_wild(3)),
            4,
            top_of(["KH 5D 8C", "2S 3H 9C", "QH 6D TC", "4S 7D JC"], "9S"),
            3,
        ),
        [0, 0, 0, 0],
    ),
    "KH",
)
"""Twos wild, hearts led: seat 1's 2S must be declared a heart (§2.0 rule 4, E9(b))."""
DRAWING: Final = pyclag.new_game(pyclag.presets.get("scottish", scottish_draw_each_round=True), 4)
"""The draw for the first bidder of each round (A25), from seat 1."""
HEARTS: Final = tuple(card for card in DECK if card.suit is Suit.HEARTS)

# --- 1. one case per Reason -----------------------------------------------------------------


@dataclass(frozen=True)
class Refused:
    """``call(given)`` raises exactly ``error`` with ``legal`` and leaves ``given`` as it was;
    ``given`` is the state, or for a ruling the plays it rules on."""

    given: Any
    call: Callable[[Any], object]
    error: type[IllegalActionError]
    legal: tuple[object, ...]


REFUSALS: Final[dict[Reason, Refused]] = {
    Reason.WRONG_PHASE: Refused(
        BIDDING,
        lambda s: pyclag.play(s, C("AS")),
        WrongPhaseError,
        tuple(Bid(0, b) for b in range(4)),
    ),
    Reason.GAME_OVER: Refused(OVER, lambda s: pyclag.bid(s, 0), WrongPhaseError, ()),
    Reason.OUT_OF_TURN: Refused(
        BIDDING,
        lambda s: pyclag.apply(s, Bid(2, 1)),
        OutOfTurnError,
        (),  # seat 0's legal bids are not seat 2's to know (issue 30 item 1)
    ),
    Reason.NOT_AN_INTEGER: Refused(
        BIDDING, lambda s: pyclag.bid(s, stray("1")), IllegalBidError, (0, 1, 2, 3)
    ),
    Reason.BID_OUT_OF_RANGE: Refused(
        BIDDING, lambda s: pyclag.bid(s, 4), IllegalBidError, (0, 1, 2, 3)
    ),
    Reason.DEALER_RESTRICTION: Refused(
        bid_all(BIDDING, [1, 1, 0]), lambda s: pyclag.bid(s, 1), IllegalBidError, (0, 2, 3)
    ),
    Reason.FORCED_BID: Refused(
        MISERE,
        lambda s: pyclag.bid(s, 0),
        IllegalBidError,
        tuple(Play(0, card) for card in parse_cards("KC 4D AS")),
    ),
    Reason.NOT_A_CARD: Refused(
        PLAYING, lambda s: pyclag.play(s, stray("AS")), IllegalPlayError, parse_cards("3D 7H AS")
    ),
    Reason.CARD_NOT_HELD: Refused(
        PLAYING, lambda s: pyclag.play(s, C("KS")), IllegalPlayError, parse_cards("3D 7H AS")
    ),
    Reason.MUST_FOLLOW_SUIT: Refused(
        play_all(PLAYING, "AS"), lambda s: pyclag.play(s, C("2C")), IllegalPlayError, (C("KS"),)
    ),
    Reason.TWO_MAY_NOT_LEAD: Refused(
        NO_TWO_LEAD, lambda s: pyclag.play(s, C("2C")), IllegalPlayError, (C("5S"),)
    ),
    Reason.BAD_DECLARATION: Refused(
        HEARTS_LED, lambda s: pyclag.play(s, C("2S"), C("AS")), IllegalDeclarationError, HEARTS
    ),
    Reason.BAD_CALL: Refused(
        CALLING,
        lambda s: pyclag.call(s, Call(1, stray("S"))),
        IllegalCallError,
        pyclag.legal_calls(CALLING),
    ),
    Reason.BAD_TRUMP: Refused(
        DECLARING, lambda s: pyclag.declare_trump(s, NO_TRUMPS), IllegalTrumpError, tuple(Suit)
    ),
    Reason.BAD_HAND_SIZE: Refused(
        CHOOSING, lambda s: pyclag.choose_hand_size(s, 8), IllegalHandSizeError, (3, 4, 5, 6, 7)
    ),
    # Chance steps have no list of legal outcomes (a pack has 52! orders).
    Reason.BAD_DECK: Refused(
        FRESH, lambda s: pyclag.deal(s, deck=DECK[:51]), IllegalChanceError, ()
    ),
    Reason.BAD_SHUFFLE: Refused(
        SHUFFLING, lambda s: pyclag.apply(s, ShuffleHands(())), IllegalChanceError, ()
    ),
    Reason.BAD_DRAW: Refused(  # seats 1 and 2 turn aces: the draw does not settle
        DRAWING, lambda s: pyclag.apply(s, Draw(parse_cards("AS AH KD QC"))), IllegalChanceError, ()
    ),
    Reason.NOT_AN_ACTION: Refused(
        BIDDING,
        lambda s: pyclag.apply(s, stray(3)),
        IllegalActionError,
        (),  # no seat sent it: nobody may be told the legal actions (issue 30 item 1)
    ),
    Reason.BAD_TRICK: Refused(
        [PLAYS[0], Play(0, C("KS"))],
        lambda plays: pyclag.trick_winner(plays, RULES),
        IllegalPlayError,
        (),
    ),
    # A score sheet's tricks taken that do not add up to the hand size (§4 invariant 28).
    Reason.BAD_TRICKS: Refused(
        ScoreSheet(pyclag.NORMAL.with_schedule([1]), 3).bid(1).bid(0).bid(1),
        lambda sheet: sheet.took((1, 1, 0)),
        IllegalPlayError,
        (),
    ),
}


def test_design_5_every_reason_has_a_case() -> None:
    # A new Reason must come with the input that raises it, here.
    assert set(REFUSALS) == set(Reason)


@pytest.mark.parametrize("reason", list(Reason), ids=lambda reason: reason.value)
def test_design_5_every_reason_is_raised_with_its_class_and_what_was_legal(reason: Reason) -> None:
    case = REFUSALS[reason]
    before = copy.deepcopy(case.given)
    with pytest.raises(IllegalActionError) as caught:
        case.call(case.given)
    err = caught.value
    assert type(err) is case.error, f"{type(err).__name__}: {err}"
    assert err.reason is reason
    assert err.legal == case.legal
    assert case.given == before


def test_design_5_each_reason_has_one_class() -> None:
    # The classes of the policy's table (pyclag.errors): the same Reason from other
    # inputs has the same class.
    cases = (
        (lambda: pyclag.apply(BIDDING, Bid(0, True)), Reason.NOT_AN_INTEGER, IllegalBidError),
        (
            lambda: pyclag.score_round(RULES, stray((1, "0")), (0,)),
            Reason.NOT_AN_INTEGER,
            IllegalBidError,
        ),
        (
            lambda: pyclag.score_round(RULES, (1, -1), (0,)),
            Reason.BID_OUT_OF_RANGE,
            IllegalBidError,
        ),
        (lambda: pyclag.score_round(RULES, (1, 0), (2,)), Reason.BAD_TRICK, IllegalPlayError),
        (
            lambda: pyclag.trick_winner([stray(("AS", 0))], RULES),
            Reason.NOT_A_CARD,
            IllegalPlayError,
        ),
        (lambda: pyclag.apply(MISERE, Bid(0, 0)), Reason.FORCED_BID, IllegalBidError),
        (lambda: pyclag.legal_bids(PLAYING), Reason.WRONG_PHASE, WrongPhaseError),
        (lambda: pyclag.apply(OVER, Play(0, DECK[0])), Reason.GAME_OVER, WrongPhaseError),
        (
            lambda: pyclag.choose_hand_size(CHOOSING, stray("5")),
            Reason.BAD_HAND_SIZE,
            IllegalHandSizeError,
        ),
        (lambda: pyclag.declare_trump(DECLARING, stray(None)), Reason.BAD_TRUMP, IllegalTrumpError),
        (
            lambda: pyclag.deal(FRESH, deck=stray((*DECK[:51], "AS"))),
            Reason.BAD_DECK,
            IllegalChanceError,
        ),
    )
    for call, reason, error in cases:
        assert REFUSALS[reason].error is error
        with pytest.raises(IllegalActionError) as caught:
            call()
        assert type(caught.value) is error, reason
        assert caught.value.reason is reason


# --- 2. arguments that are not game input ---------------------------------------------------


def _raises_type_error(call: Callable[[], object], func: str, param: str, value: object) -> None:
    with pytest.raises(TypeError) as caught:
        call()
    assert type(caught.value) is TypeError
    message = str(caught.value)
    assert message.startswith(f"{func}: {param} must be "), message
    assert message.endswith(f", not {type(value).__name__}"), message


NOT_GAME_INPUT: Final[list[tuple[str, str, Callable[[Any], object], tuple[object, ...]]]] = [
    ("Card", "suit", lambda suit: Card(suit, Rank.ACE), ("S", 3, None, DECK[0], Rank.ACE)),
    ("Card", "rank", lambda rank: Card(Suit.SPADES, rank), ("A", 14, None, Suit.SPADES)),
    ("Hand", "mask", Hand, ("AS", True, 1.5, None, DECK[0])),
    ("Hand.of", "cards", Hand.of, (5, None, "AS", b"AS", DECK[0])),
    ("Hand.of", "cards", lambda item: Hand.of([DECK[1], item]), ("AS", 1, None, Suit.SPADES)),
    ("Hand.of_suit", "suit", Hand.parse("AS 2H").of_suit, ("S", 3, None, DECK[0], Rank.TWO)),
    ("RoundRules.strength", "led", RULES.strength, ("S", 3, None, DECK[0], NO_TRUMPS)),
    (
        "Madness.trick_value",
        "j",
        lambda j: Madness.ASCENDING.trick_value(j, 5),
        ("1", 1.0, True, None),
    ),
    (
        "Madness.trick_value",
        "hand_size",
        lambda size: Madness.DESCENDING.trick_value(1, size),
        ("5", 5.0, True, None),
    ),
    ("observe", "seat", lambda seat: observe(BIDDING, seat), ("1", True, 1.0, None, Bid(0, 0))),
    (
        "play_game",
        "bots",
        lambda bots: play_game(FRESH, bots, random.Random(1)),
        (None, 4, "abcd", HeuristicBot()),
    ),
    (
        "play_out",
        "steps",
        lambda steps: play_out(FRESH, random.Random(1), steps=steps),
        ("3", 1.5, True),
    ),
    (
        "play_out",
        "rounds",
        lambda rounds: play_out(FRESH, random.Random(1), rounds=rounds),
        ("3", False),
    ),
]


@pytest.mark.parametrize(
    ("func", "param", "call", "value"),
    [
        pytest.param(func, param, call, value, id=f"{func}-{param}-{type(value).__name__}")
        for func, param, call, values in NOT_GAME_INPUT
        for value in values
    ],
)
def test_errors_policy_a_value_of_the_wrong_type_is_a_type_error_naming_the_parameter(
    func: str, param: str, call: Callable[[Any], object], value: object
) -> None:
    _raises_type_error(partial(call, value), func, param, value)


def _inconsistent_view() -> pyclag.Observation:
    """A forged observation: seat 1 showed it has no spades, yet holds 40 cards."""
    view = observe(play_all(PLAYING, "AS"), 0)
    return attrs.evolve(view, trick=(*view.trick, Play(1, C("QH"))), hand_sizes=(2, 40, 3, 3))


WRONG_VALUES: Final[list[tuple[str, Callable[[], object], type[Exception], str]]] = [
    # game input is refused with its §5 class whatever its type
    ("Card.parse(5)", lambda: Card.parse(stray(5)), RecordError, "bad card text 5"),
    ("Suit.parse(None)", lambda: Suit.parse(stray(None)), RecordError, "bad suit text None"),
    ("parse_cards(5)", lambda: parse_cards(stray(5)), RecordError, "card text must be a string"),
    (
        "new_game(players='4')",
        lambda: pyclag.new_game(pyclag.NORMAL, stray("4")),
        RulesError,
        "players",
    ),
    # a wrong value of the right type: the class of what it is about
    ("Hand(-1)", lambda: Hand(-1), RecordError, "a hand mask must be an int in 0..2**52-1, not -1"),
    ("Hand(2**52)", lambda: Hand(1 << 52), RecordError, "a hand mask must be an int in 0..2**52-1"),
    ("Hand.of(twice)", lambda: Hand.of([DECK[0], DECK[0]]), RecordError, "card 2C appears twice"),
    (
        "observe(9)",
        lambda: observe(BIDDING, 9),
        RulesError,
        "observe: seat must be a seat in 0..3, not 9",
    ),
    ("observe(-1)", lambda: observe(BIDDING, -1), RulesError, "not -1"),
    (
        "play_game(3 bots)",
        lambda: play_game(FRESH, [HeuristicBot()] * 3, random.Random(1)),
        RulesError,
        "play_game: 4 players need 4 bots, not 3",
    ),
    (
        "play_out(steps=-1)",
        lambda: play_out(FRESH, random.Random(1), steps=-1),
        RulesError,
        "play_out: steps must be None or an int >= 0, not -1",
    ),
    (
        "trick_value(6, 5)",
        lambda: Madness.ASCENDING.trick_value(6, 5),
        RulesError,
        "Madness.trick_value: trick 6 of 5 does not exist",
    ),
    ("trick_value(0, 5)", lambda: Madness.DESCENDING.trick_value(0, 5), RulesError, "trick 0 of 5"),
    (
        "determinize(no deal fits)",
        lambda: determinize(_inconsistent_view(), random.Random(1)),
        RecordError,
        "no deal is consistent with this observation",
    ),
]


@pytest.mark.parametrize(
    ("label", "call", "error", "fragment"), WRONG_VALUES, ids=[w[0] for w in WRONG_VALUES]
)
def test_errors_policy_a_wrong_value_gets_the_class_of_what_it_is_about(
    label: str, call: Callable[[], object], error: type[Exception], fragment: str
) -> None:
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error, label
    assert fragment in str(caught.value)
