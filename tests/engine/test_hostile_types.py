"""Hostile input (DESIGN.md §1.3, §5, §8; the policy is in :mod:`pyclag.errors`): programming
errors are a TypeError naming the function, the parameter and the type.

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
from collections.abc import Callable
from functools import partial
from typing import Any, Final

import pytest

import pyclag
from pyclag import (
    DECK,
    Bid,
    Call,
    Deal,
    RoundSpec,
    Suit,
)
from pyclag.engine import play_out, random_step
from pyclag.scoresheet.scorecard import schedule, score_card
from pyclag.scoring.schemes import F1
from tests.engine.situations import FRESH, PLAYS, RULES, SHUFFLING, param_id

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
        pytest.param(name, function, state, id=f"{label}-{param_id(state)}")
        for label, name, function in STATE_FUNCTIONS
        for state in NOT_STATES
    ],
)
def test_errors_policy_a_state_that_is_not_anew_game_state_is_a_type_error(
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
        pytest.param(name, function, rng, id=f"{name}-{param_id(rng)}")
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
        pytest.param(name, function, rules, id=f"{name}-{param_id(rules)}")
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
        pytest.param(expected, function, value, id=f"{expected[:20]}-{param_id(value)}")
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
        (-1, pyclag.RulesError),  # a RulesError, a ValueError (the policy in pyclag.errors)
        (-(10**30), pyclag.RulesError),
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


# --- the player-facing modules: views, records, bots, the terminal -------------------------


def _new_api() -> list[tuple[str, Callable[..., object], int]]:
    from pyclag import bots, records, terminal, views
    from pyclag.terminal import _answers as answers
    from pyclag.terminal import _news as news
    from pyclag.terminal import _screen as screen
    from pyclag.views import _sampling as sampling

    return [
        ("observe", views.observe, 2),
        ("determinize", sampling.determinize, 2),
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
def test_views_records_bots_and_terminal_refuse_a_wrong_argument_by_name(bad: object) -> None:
    for name, function, arity in _new_api():
        with pytest.raises((TypeError, pyclag.ClagError)) as refused:
            function(*[bad] * arity)
        # a TypeError of ours names the function; ValueError-family errors are game input
        if type(refused.value) is TypeError:
            assert str(refused.value).startswith(f"{name}: "), name
