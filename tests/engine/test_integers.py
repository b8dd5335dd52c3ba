"""Issue 30 item 7, "smaller doors": an integer of another class (NumPy's, a bot's
``np.argmax``) is accepted wherever the public API takes an int, and kept as a plain
int, so equality, hashing, records and pickles are an int's; a bool is still refused,
and so are floats and text, with the class the errors policy names (:mod:`pyclag.errors`).

Each test runs with a small class that has ``__index__`` (always) and with NumPy's
int64 (where NumPy is installed).
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

import pyclag
from pyclag import Bid, Call, Card, ChooseHandSize, DeclareTrump, Madness, Play, RoundSpec, Suit
from pyclag.bots import HeuristicBot, play_game
from pyclag.engine import play_out
from pyclag.errors import IllegalBidError, OutOfTurnError, RulesError
from pyclag.rules import RoundRules, RuleSet
from pyclag.rules.dealing import draw_for_dealer
from pyclag.rules.tricks import score_round
from pyclag.scoring.schemes import F1, misere
from tests.helpers import INTEGER_KINDS, integer_kind

KINDS = pytest.mark.parametrize("kind", INTEGER_KINDS)
RULES = pyclag.NORMAL.with_schedule([3, 2])


def _dealt(players: Any = 3) -> pyclag.GameState:
    return pyclag.deal(pyclag.new_game(RULES, players), rng=random.Random(1))


def _same(given: object, plain: object) -> None:
    """``given`` is ``plain``'s equal in every way an int shows: equality, hash, repr, pickle."""
    assert given == plain
    assert hash(given) == hash(plain)
    assert repr(given) == repr(plain)
    assert pickle.dumps(given) == pickle.dumps(plain)


@KINDS
def test_issue_30_item_7_every_action_keeps_its_int_fields_as_plain_ints(kind: str) -> None:
    n: Callable[[int], Any] = integer_kind(kind)
    card = Card.parse("AS")
    built = [
        Bid(n(1), n(2)),
        Call(n(1), Suit.HEARTS),
        ChooseHandSize(n(0), n(5)),
        DeclareTrump(n(2), Suit.CLUBS),
        Play(n(3), card),
        pyclag.actions.CallChoice(Suit.HEARTS).by(n(2)),
    ]
    plain = [
        Bid(1, 2),
        Call(1, Suit.HEARTS),
        ChooseHandSize(0, 5),
        DeclareTrump(2, Suit.CLUBS),
        Play(3, card),
        Call(2, Suit.HEARTS),
    ]
    for action, expected in zip(built, plain, strict=True):
        _same(action, expected)
        for field in ("seat", "tricks", "size"):
            if hasattr(action, field):
                assert type(getattr(action, field)) is int


@KINDS
def test_issue_30_item_7_new_game_bid_apply_and_observe_take_integers(kind: str) -> None:
    n: Callable[[int], Any] = integer_kind(kind)
    state = pyclag.new_game(RULES, players=n(3), first_dealer=n(2))
    plain = pyclag.new_game(RULES, players=3, first_dealer=2)
    _same(state, plain)
    assert type(state.players) is int
    state, plain = (pyclag.deal(s, rng=random.Random(1)) for s in (state, plain))
    seat, tricks = plain.round.to_act, pyclag.legal_bids(plain)[0]
    assert type(seat) is int
    expected = pyclag.bid(plain, tricks)
    for after in (
        pyclag.bid(state, n(tricks)),
        pyclag.apply(state, Bid(n(seat), n(tricks))),
        pyclag.apply(state, Bid(seat, n(tricks))),
    ):
        _same(after, expected)
        assert type(after.round.bids[seat]) is int
        assert pyclag.records.dump(after) == pyclag.records.dump(expected)
    assert pyclag.is_legal(state, Bid(n(seat), n(tricks)))
    assert pyclag.observe(state, n(seat)) == pyclag.observe(plain, seat)
    while pyclag.phase(plain) is pyclag.Phase.BID:
        plain = pyclag.bid(plain, pyclag.legal_bids(plain)[0])
    seat, card = plain.round.to_act, pyclag.legal_plays(plain)[0]
    assert type(seat) is int
    _same(pyclag.apply(plain, Play(n(seat), card)), pyclag.play(plain, card))


@KINDS
def test_issue_30_item_7_the_raf_dealer_chooses_a_hand_size_as_an_integer(kind: str) -> None:
    n: Callable[[int], Any] = integer_kind(kind)
    state = pyclag.new_game(pyclag.presets.get("raf"), players=4)
    chosen = pyclag.choose_hand_size(state, n(5))
    _same(chosen, pyclag.choose_hand_size(state, 5))
    assert type(chosen.round.hand_size) is int


@KINDS
def test_issue_30_item_7_rule_objects_keep_integers_as_plain_ints(kind: str) -> None:
    n: Callable[[int], Any] = integer_kind(kind)
    _same(RULES.with_schedule([n(3), n(1)]), RULES.with_schedule([3, 1]))
    _same(RoundSpec(n(7), hand_sizes=[n(3), n(7)]), RoundSpec(7, hand_sizes=[3, 7]))
    options = {
        "num_deals": 3,
        "hook_min_hand_size": 2,
        "misere_points_per_trick": -5,
        "most_tricks_bonus": 8,
        "min_players": 3,
        "max_players": 5,
    }
    given = pyclag.NORMAL.with_options(**{name: n(value) for name, value in options.items()})
    plain = pyclag.NORMAL.with_options(**options)
    _same(given, plain)
    assert all(type(given.options[name]) is int for name in options)
    _same(
        RuleSet("mine", [3], min_players=n(3), max_players=n(4)),
        RuleSet("mine", [3], min_players=3, max_players=4),
    )
    assert given.num_rounds(n(4)) == 3 and given.round_spec(n(2)) == plain.round_spec(2)
    record = pyclag.records.dump(pyclag.new_game(given, n(4)))  # JSON: an int's digits
    assert record == pyclag.records.dump(pyclag.new_game(plain, 4))
    _same(misere(n(-2)), misere(-2))


@KINDS
def test_issue_30_item_7_rulings_counts_and_draws_take_integers(kind: str) -> None:
    n: Callable[[int], Any] = integer_kind(kind)
    points = score_round(RoundRules(None, F1), (n(1), n(0), None), (n(0), n(2)))
    assert points == score_round(RoundRules(None, F1), (1, 0, None), (0, 2))
    assert all(type(value) is int for value in points)
    assert Madness.ASCENDING.trick_value(n(2), n(3)) == 4
    assert draw_for_dealer(n(4), random.Random(3)) == draw_for_dealer(4, random.Random(3))
    state = pyclag.new_game(RULES, 3)
    once = play_out(state, random.Random(2), rounds=n(1), steps=n(200))
    _same(once, play_out(state, random.Random(2), rounds=1, steps=200))
    bots = [HeuristicBot()] * 3
    played = play_game(state, bots, random.Random(2), rounds=n(1))
    _same(played, play_game(state, bots, random.Random(2), rounds=1))


def test_issue_30_item_7_numpy_integers_of_every_width_and_no_numpy_bool() -> None:
    np = pytest.importorskip("numpy")
    state = _dealt()
    for kind in (np.int8, np.uint16, np.int32, np.int64, np.intp):
        assert pyclag.bid(state, kind(1)) == pyclag.bid(state, 1)
    with pytest.raises(IllegalBidError, match="a bid is a whole number of tricks, not bool"):
        pyclag.bid(state, np.True_)
    with pytest.raises(RulesError, match="players must be an int"):
        pyclag.new_game(RULES, players=np.float64(3))


@pytest.mark.parametrize("bad", [True, 1.0, "1"], ids=["bool", "float", "str"])
def test_issue_30_item_7_a_bool_a_float_and_text_are_still_refused(bad: Any) -> None:
    state = _dealt()  # seat 1 is to bid: True == 1, 1.0 == 1 and neither is seat 1
    with pytest.raises(IllegalBidError):
        pyclag.bid(state, bad)
    with pytest.raises(IllegalBidError):
        pyclag.apply(state, Bid(1, bad))
    with pytest.raises(OutOfTurnError):
        pyclag.apply(state, Bid(bad, 0))
    with pytest.raises(TypeError, match="Play: seat must be an int"):
        Play(bad, Card.parse("AS"))
    with pytest.raises(TypeError, match="observe: seat must be an int"):
        pyclag.observe(state, bad)
    with pytest.raises(RulesError, match="players must be an int"):
        pyclag.new_game(RULES, players=bad)
    with pytest.raises(RulesError, match="first_dealer must be a seat"):
        pyclag.new_game(RULES, players=3, first_dealer=bad)
    with pytest.raises(RulesError, match="hand_size must be an int"):
        RoundSpec(bad)
    with pytest.raises(RulesError, match="schedule round 1"):
        RULES.with_schedule([bad])
    with pytest.raises(RulesError, match="num_deals"):
        RULES.with_options(num_deals=bad)
    assert type(Bid(0, bad).tricks) is type(bad)  # kept as given, for the ruling to refuse
