"""The action codec (issue 14 item 1): a fixed id for every player action of
every rule set, OpenSpiel ``oh_hell``'s for cards and bids, read against the
decision table's legal actions.

The properties play every preset as :mod:`tests.views.games` does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings

import pyclag
from pyclag import DECK, Bid, Call, Card, ChooseHandSize, Deal, DeclareTrump, Play, Rank, Suit
from pyclag.codec import (
    CALL_CHOICES,
    ID_BLOCKS,
    NUM_ACTIONS,
    action_id,
    action_of,
    card_id,
    card_of,
    decode,
    legal_ids,
    legal_mask,
)
from pyclag.errors import (
    IllegalActionError,
    IllegalBidError,
    IllegalCallError,
    IllegalDeclarationError,
    IllegalPlayError,
    OutOfTurnError,
    Reason,
    RulesError,
    WrongPhaseError,
)
from pyclag.rules.calls import CallRules
from pyclag.rules.round import MAX_HAND_SIZE
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP
from tests.helpers import INTEGER_KINDS, integer_kind
from tests.views.games import Moment, moments

# --- the id layout -------------------------------------------------------------------------


def test_the_blocks_tile_the_ids_in_order() -> None:
    start = 0
    for block in ID_BLOCKS:
        assert block.start == start and block.size > 0
        start = block.stop
    assert start == NUM_ACTIONS
    assert [block.name for block in ID_BLOCKS] == [
        "card",
        "bid",
        "hand size",
        "trump",
        "call",
        "wild two",
    ]


def test_every_id_decodes_to_an_action_that_encodes_to_it() -> None:
    for seat in (0, 6):
        actions = [decode(number, seat) for number in range(NUM_ACTIONS)]
        assert [action_id(action) for action in actions] == list(range(NUM_ACTIONS))
        assert all(action.seat == seat for action in actions)
        assert len(set(actions)) == NUM_ACTIONS


def test_cards_are_rank_times_four_plus_suit_in_the_order_c_d_s_h() -> None:
    order = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
    for card in DECK:
        assert card_id(card) == (card.rank.value - 2) * 4 + order.index(card.suit)
        assert card_of(card_id(card)) is card
        assert action_id(Play(0, card)) == card_id(card)


def test_bids_are_52_plus_the_tricks_up_to_the_largest_hand() -> None:
    assert [action_id(Bid(1, b)) for b in range(MAX_HAND_SIZE + 1)] == list(range(52, 105))


def test_s2_3_every_raf_call_has_an_id_from_the_rule_sets_own_list() -> None:
    plain, turnup = CallRules().legal_calls(0), CallRules(trumps_from_turnup=True).legal_calls(3)
    assert len(plain) == 696 and len(turnup) == 624
    ids = {action_id(call) for call in (*plain, *turnup)}
    assert len(ids) == 720 == len(CALL_CHOICES)
    calls = next(block for block in ID_BLOCKS if block.name == "call")
    assert ids == set(range(calls.start, calls.stop))
    # The first list in its own order; calls of no trumps or a precedence share an id.
    assert [action_id(call) - calls.start for call in plain] == list(range(696))
    shared = [call for call in turnup if call.suits is not TURN_UP]
    assert {action_id(call) for call in shared} <= {action_id(call) for call in plain}


def test_s2_0_trump_declarations_and_hand_sizes_have_ids() -> None:
    trumps = [DeclareTrump(0, suit) for suit in (*Suit, NO_TRUMPS)]
    assert sorted(action_id(action) for action in trumps) == list(range(157, 162))
    assert [action_id(ChooseHandSize(2, h)) for h in (1, 52)] == [105, 156]


def test_s2_0_a_wild_two_and_its_declared_card_have_one_id() -> None:
    wild = {
        action_id(Play(0, Card(suit, Rank.TWO), as_card=card)) for suit in Suit for card in DECK
    }
    assert wild == set(range(882, NUM_ACTIONS))
    two = Card.parse("2H")
    assert action_id(Play(0, two)) != action_id(Play(0, two, as_card=two))


def test_actions_without_an_id_are_refused_with_their_decisions_class() -> None:
    with pytest.raises(IllegalBidError, match=r"has no id: not an int in 0\.\.52"):
        action_id(Bid(0, True))
    with pytest.raises(IllegalCallError, match="not one of the RAF calls"):
        action_id(Call(0, Suit.HEARTS, nuloss=1))  # type: ignore[arg-type]
    with pytest.raises(IllegalDeclarationError, match="has no id: only a two names a card"):
        action_id(Play(0, Card.parse("AS"), as_card=Card.parse("KS")))
    with pytest.raises(IllegalActionError, match="only a player's action") as caught:
        action_id(Deal(DECK))  # type: ignore[arg-type]
    assert caught.value.reason is Reason.NOT_AN_ACTION


# --- against a state ----------------------------------------------------------------------------


def _dealt() -> pyclag.GameState:
    return pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(1))


def test_an_id_not_legal_now_is_refused_as_its_action_with_the_legal_ids() -> None:
    state = _dealt()
    with pytest.raises(IllegalBidError) as caught:
        action_of(state, 57)
    assert caught.value.reason is Reason.BID_OUT_OF_RANGE
    assert "id 57 (bid 5)" in str(caught.value)
    assert str(caught.value).endswith("legal ids: 52 53 54 55")
    with pytest.raises(WrongPhaseError, match=r"id 0 \(card 2C\)"):
        action_of(state, 0)
    view = pyclag.observe(state, 1)  # the seat to act, from its observation
    with pytest.raises(IllegalBidError, match="legal ids: 52 53 54 55"):
        action_of(view, 57)
    assert action_of(view, 53) == Bid(1, 1)
    with pytest.raises(OutOfTurnError, match="legal ids: none"):
        action_of(pyclag.observe(state, 2), 53)


@pytest.mark.parametrize("bad", [-1, NUM_ACTIONS, "3", 3.0, True, None])
def test_a_number_that_is_no_id_is_not_an_action(bad: object) -> None:
    with pytest.raises(IllegalActionError, match=r"an action id is an int in 0\.\.1089") as caught:
        action_of(_dealt(), bad)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.NOT_AN_ACTION


def test_what_is_not_a_state_or_an_observation_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="legal_ids: state must be a GameState or an Observation"):
        legal_ids(None)  # type: ignore[arg-type]


@settings(max_examples=60)
@given(moments())
def test_every_legal_id_decodes_to_a_legal_action_that_encodes_to_it(moment: Moment) -> None:
    """Required (issue 14): "decoding every legal id gives back a legal action and
    encoding it gives the id"; the mask agrees with the ids, and the seat to act's
    observation gives the same ids as the state."""
    state = moment.state
    legal = pyclag.legal_actions(state)
    ids = legal_ids(state)
    assert list(ids) == sorted(set(ids)) and len(ids) == len(legal)
    for number in ids:
        action = action_of(state, number)
        assert action in legal and pyclag.is_legal(state, action)
        assert action_id(action) == number
    mask = legal_mask(state)
    assert len(mask) == NUM_ACTIONS and set(mask) <= {0, 1}
    assert tuple(number for number, on in enumerate(mask) if on) == ids
    actor = state.round.to_act
    for seat in range(moment.game.players):
        view = pyclag.observe(state, seat)
        assert legal_ids(view) == (ids if seat == actor else ())


def test_open_spiel_oh_hell_names_the_card_and_bid_ids_alike() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("oh_hell")
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    bidder = state.current_player()
    for b in range(14):
        assert state.action_to_string(bidder, action_id(Bid(0, b))) == str(b)
    while state.is_chance_node() or state.legal_actions()[0] >= 52:
        state.apply_action(rng.choice(state.legal_actions()))
    for card in DECK:  # OpenSpiel writes the suit first: "C2", "HA"
        text = state.action_to_string(0, action_id(Play(0, card)))
        assert text == card.suit.letter + card.rank.letter


# --- issue 30 item 7: integers of other classes, and the seat of decode --------------------


@pytest.mark.parametrize("kind", INTEGER_KINDS)
def test_issue_30_item_7_ids_and_seats_may_be_numpy_integers(kind: str) -> None:
    n: Callable[[int], Any] = integer_kind(kind)
    state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(1))
    view = pyclag.observe(state, 1)
    for source in (state, view):
        action = action_of(source, n(53))  # a bot's np.argmax over the action mask
        assert action == Bid(1, 1)
        assert isinstance(action, Bid) and type(action.tricks) is int and type(action.seat) is int
    with pytest.raises(IllegalBidError, match="id 57"):
        action_of(state, n(57))
    for number in (0, 53, 160, 1037):
        decoded = decode(n(number), n(2))
        assert decoded == decode(number, 2) and type(decoded.seat) is int
    assert card_of(n(51)) is card_of(51)


@pytest.mark.parametrize("seat", [-1, 52, 10**6])
def test_issue_30_item_7_decode_refuses_a_seat_no_table_has(seat: int) -> None:
    for number in (0, 52, 107, 160, 162, 1037):  # each block: a play, bid, size, trump, call, two
        with pytest.raises(
            RulesError, match=rf"decode: seat must be a seat in 0\.\.51, not {seat}"
        ):
            decode(number, seat)
    assert decode(0, 51).seat == 51


@pytest.mark.parametrize("seat", [True, 1.0, "1", None])
def test_issue_30_item_7_decode_refuses_a_seat_that_is_not_an_int(seat: object) -> None:
    with pytest.raises(TypeError, match="decode: seat must be an int"):
        decode(0, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 52, True, 1.0, "AS"])
def test_issue_30_item_7_card_of_refuses_what_is_no_card_id(bad: object) -> None:
    with pytest.raises(
        IllegalPlayError, match=r"card_of: a card id is an int in 0\.\.51"
    ) as raised:
        card_of(bad)  # type: ignore[arg-type]
    assert raised.value.reason is Reason.NOT_A_CARD
