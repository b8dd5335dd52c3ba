"""Clause tests for the RAF rules of RULES.md §2.3: the dealer's hand size, the Caller and
the call (suits, Nuloss, Blind, Misère, Madness).

Every deal is driven with an exact pack (``tests.helpers.dealt`` / ``deck_from``)
on a one- or two-round rule set built from ``pyclag.rules.catalogue``. Unless a
test says otherwise, players A-D sit at seats 0-3 and D deals, so A is eldest:
card ``i`` of the pack goes to seat ``i % 4`` and the turn-up is card ``4 * h``.
Every refusal also checks that the state passed in is left unchanged.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import pyclag
from pyclag import (
    CHANCE,
    DECK,
    Call,
    ChooseHandSize,
    GameState,
    IllegalActionError,
    IllegalBidError,
    IllegalCallError,
    IllegalChanceError,
    IllegalHandSizeError,
    Madness,
    OutOfTurnError,
    Phase,
    Play,
    Reason,
    RoundSpec,
    RulesError,
    ShuffleHands,
    Suit,
    WrongPhaseError,
)
from pyclag.presets import RAF
from pyclag.rules import (
    BLACK_OVER_RED,
    NO_TRUMPS,
    PRECEDENCE,
    RED_OVER_BLACK,
    REVERSE_PRECEDENCE,
    TURN_UP,
    NoTrumps,
    Precedence,
    RankOrder,
    RoundRules,
)
from pyclag.rules.calls import ALL_PRECEDENCES
from pyclag.scoring.schemes import F1
from tests.helpers import E1_TOP, bid_all, deck_from, play_all, play_checked
from tests.rules.deals import (
    E1_PLAY,
    HEARTS,
    MISERE_TOP,
    MISERE_TRUMPS_PLAY,
    SPADES,
    C,
    cards,
    refused,
    top_of,
    trick_cards,
)

# --- RAF ----------------------------------------------------------------------------------


def raf_called(top: str, hand_size: int, **options: Any) -> GameState:
    """A RAF game (A B C D, D deals) whose first deal is called by the eldest A,
    dealt from ``top`` with ``hand_size`` cards each, waiting for the call."""
    rules = RAF.with_options(first_deal_caller="eldest", **options)
    state = pyclag.choose_hand_size(pyclag.new_game(rules, players=4, first_dealer=3), hand_size)
    state = pyclag.deal(state, deck=deck_from(top))
    assert pyclag.phase(state) is Phase.CALL
    assert pyclag.next_actor(state) == 0
    return state


# E11: Nuloss + Red over Black (D > H > S > C) + Ascending Madness, h = 5, caller A.
# Tricks: 1 A 6S B 8S C 3D D 7S (C's diamond tops the spades), 2 C 9H D 6H A 2H B 8H,
# 3 A 5C B 9S C KC D AS (E11's first check: 9S beats AS), 4 B 4S C 7C D 3S A 2S,
# 5 A 5D B 6D C 2D D 7D. Winners C A B A C.
E11_TOP = top_of(["6S 2H 5C 2S 5D", "8S 8H 9S 4S 6D", "3D 9H KC 7C 2D", "7S 6H AS 3S 7D"], "KH")
E11_PLAY = "6S 8S 3D 7S  9H 6H 2H 8H  5C 9S KC AS  4S 7C 3S 2S  5D 6D 2D 7D"
E11_CALL = Call(0, Precedence("Red over Black"), nuloss=True, madness=Madness.ASCENDING)


def test_s2_3_raf_dealer_chooses_hand_size_3_to_7() -> None:
    state = pyclag.new_game(RAF, players=4, first_dealer=3)
    assert pyclag.phase(state) is Phase.CHOOSE_HAND_SIZE
    assert pyclag.next_actor(state) == 3
    assert pyclag.legal_hand_sizes(state) == (3, 4, 5, 6, 7)
    assert pyclag.legal_actions(state) == tuple(ChooseHandSize(3, h) for h in range(3, 8))
    for size in (2, 8, 0, True):
        err = refused(state, IllegalHandSizeError, pyclag.choose_hand_size, size)
        assert type(err) is IllegalHandSizeError
        assert err.reason is Reason.BAD_HAND_SIZE
        assert err.legal == (3, 4, 5, 6, 7)
    err = refused(state, IllegalHandSizeError, pyclag.choose_hand_size, "5")
    assert err.reason is Reason.BAD_HAND_SIZE
    err = refused(state, IllegalHandSizeError, pyclag.choose_hand_size, 5.0)
    assert err.reason is Reason.BAD_HAND_SIZE
    refused(state, OutOfTurnError, lambda s: pyclag.apply(s, ChooseHandSize(0, 5)))
    refused(state, WrongPhaseError, lambda s: pyclag.deal(s, deck=DECK))
    refused(state, WrongPhaseError, lambda s: pyclag.bid(s, 0))
    state = pyclag.choose_hand_size(state, 5)
    assert pyclag.phase(state) is Phase.DEAL
    assert state.round.hand_size == 5
    seven = pyclag.new_game(RAF, players=7)
    assert pyclag.legal_hand_sizes(seven) == (3, 4, 5, 6, 7)


def test_a18_raf_deal_1_is_standard_and_its_top_scorer_calls_deal_2() -> None:
    # C deals, so D (seat 3) is eldest: E1's hands go to D, A, B, C.
    state = pyclag.new_game(RAF, players=4, first_dealer=2)
    state = pyclag.deal(pyclag.choose_hand_size(state, 3), deck=deck_from(E1_TOP))
    assert pyclag.phase(state) is Phase.BID  # no CALL phase in deal 1
    assert state.round.setup.caller is None
    assert state.round.turnup == C("6H")  # a standard deal: turn-up trumps
    assert state.round.trump is HEARTS
    state = bid_all(state, [1, 1, 0])
    assert pyclag.legal_bids(state) == (0, 2, 3)
    state = pyclag.bid(state, 0)
    for trick in E1_PLAY:
        state = play_all(state, trick)
    result = state.history[0]
    assert result.setup.call is None
    assert result.points == (12, 10, 0, 12)  # F1: E1's scores, seat by seat
    # D and A tie on 12 points and 1 trick: D is earlier from deal 1's eldest (D).
    assert pyclag.phase(state) is Phase.CHOOSE_HAND_SIZE
    assert state.round.dealer == 3
    assert state.round.setup.caller == 3
    state = pyclag.deal(pyclag.choose_hand_size(state, 4), rng=random.Random(1))
    assert pyclag.phase(state) is Phase.CALL
    assert pyclag.next_actor(state) == 3
    assert state.round.turnup is None


def test_a18_raf_caller_tie_on_points_broken_by_most_tricks() -> None:
    state = pyclag.new_game(RAF, players=4, first_dealer=3)
    state = pyclag.deal(pyclag.choose_hand_size(state, 3), deck=deck_from(MISERE_TOP))
    state = bid_all(state, [0, 0, 1])
    assert pyclag.legal_bids(state) == (0, 1, 3)
    state = bid_all(state, [1])
    state = play_all(state, MISERE_TRUMPS_PLAY)
    result = state.history[0]
    assert result.points == (0, 0, 0, 0)  # everyone missed
    assert result.tricks_won == (1, 2, 0, 0)
    assert state.round.setup.caller == 1  # B: most tricks, though A is eldest


def test_s2_3_raf_legal_calls_are_696_with_the_24_precedence_orders() -> None:
    state = raf_called(E11_TOP, 5)
    assert state.round.turnup is None
    assert state.round.trump is None
    calls = pyclag.legal_calls(state)
    assert len(calls) == 696
    assert len(set(calls)) == 696
    assert pyclag.legal_actions(state) == calls
    assert {call.seat for call in calls} == {0}
    modes = [call.suits for call in calls]
    orders = {mode for mode in modes if isinstance(mode, Precedence)}
    assert len(orders) == 24
    assert orders == set(ALL_PRECEDENCES)
    assert set(modes) == {*Suit, NO_TRUMPS, *orders}
    assert all(modes.count(mode) == 24 for mode in set(modes))  # 2 x 2 x 2 x 3 each
    assert {call.madness for call in calls} == {None, Madness.ASCENDING, Madness.DESCENDING}


@pytest.mark.parametrize(
    ("name", "order"),
    [
        ("Precedence", PRECEDENCE),
        ("Reverse Precedence", REVERSE_PRECEDENCE),
        ("Red over Black", RED_OVER_BLACK),
        ("black over red", BLACK_OVER_RED),
    ],
)
def test_s2_3_raf_named_precedence_orders(name: str, order: tuple[Suit, ...]) -> None:
    named = {
        "Precedence": "HCDS",
        "Reverse Precedence": "SDCH",
        "Red over Black": "DHSC",
        "black over red": "CSHD",
    }[name]
    assert Precedence(name).order == order == tuple(map(Suit.parse, named))
    assert Precedence(name) == Precedence(named)
    assert Call(0, Precedence(name)) in pyclag.legal_calls(raf_called(E11_TOP, 5))


def test_s2_3_raf_call_refusals() -> None:
    state = raf_called(E11_TOP, 5)
    err = refused(state, IllegalCallError, lambda s: pyclag.call(s, Call(0, TURN_UP)))
    assert err.reason is Reason.BAD_CALL
    assert len(err.legal) == 696
    bad_madness = Call(0, HEARTS, madness="up")  # type: ignore[arg-type]
    assert refused(state, IllegalCallError, lambda s: pyclag.call(s, bad_madness)).reason is (
        Reason.BAD_CALL
    )
    refused(state, IllegalCallError, lambda s: pyclag.call(s, "hearts"))  # type: ignore[arg-type]
    err2 = refused(state, OutOfTurnError, lambda s: pyclag.call(s, Call(1, HEARTS)))
    assert err2.reason is Reason.OUT_OF_TURN
    refused(state, OutOfTurnError, lambda s: pyclag.apply(s, Call(2, NO_TRUMPS)))
    refused(state, WrongPhaseError, lambda s: pyclag.bid(s, 0))
    refused(state, WrongPhaseError, lambda s: pyclag.play(s, C("6S")))
    called = pyclag.call(state, Call(0, HEARTS))
    assert pyclag.phase(called) is Phase.BID
    refused(called, WrongPhaseError, lambda s: pyclag.call(s, Call(0, HEARTS)))
    refused(called, WrongPhaseError, pyclag.legal_calls)


@pytest.mark.parametrize(
    ("suits", "trump"),
    [(SPADES, SPADES), (NO_TRUMPS, None), (Precedence("HCDS"), None)],
)
def test_inv6_raf_called_deal_exposes_no_turnup(
    suits: Suit | NoTrumps | Precedence, trump: Suit | None
) -> None:
    state = raf_called(E11_TOP, 5)
    choice = Call(0, suits)
    state = pyclag.call(state, choice)
    assert state.round.setup.call == choice
    assert state.round.turnup is None
    assert state.round.trump is trump
    rules = state.round.setup.round_rules
    assert rules is not None
    assert rules.precedence == (suits.order if isinstance(suits, Precedence) else None)
    state = play_checked(state, random.Random(3), rounds=1)
    assert state.history[0].setup.turnup is None


def test_a19_raf_trumps_from_turnup_option() -> None:
    state = raf_called(E11_TOP, 5, raf_trumps_from_turnup=True)
    assert state.round.turnup is None  # not before the call
    calls = pyclag.legal_calls(state)
    modes = {call.suits for call in calls}
    assert TURN_UP in modes
    assert not modes & set(Suit)
    assert len(calls) == 26 * 24  # the turn-up replaces the four named suits
    refused(state, IllegalCallError, lambda s: pyclag.call(s, Call(0, HEARTS)))
    turned = pyclag.call(state, Call(0, TURN_UP))
    assert turned.round.turnup == C("KH")  # deck[4 * 5]
    assert turned.round.trump is HEARTS
    # Only a trumps call turns the card up (invariant 6).
    for suits in (NO_TRUMPS, Precedence("DHSC")):
        assert pyclag.call(state, Call(0, suits)).round.turnup is None


def test_e11_raf_nuloss_red_over_black_ascending_madness() -> None:
    state = pyclag.call(raf_called(E11_TOP, 5), E11_CALL)
    assert state.round.turnup is None
    assert state.round.setup.played.rank_order is RankOrder.TWO_HIGH
    state = bid_all(state, [2, 1, 1])
    assert pyclag.legal_bids(state) == (0, 2, 3, 4, 5)  # S = 4: D may not bid 1
    state = bid_all(state, [0])
    state = play_all(state, E11_PLAY)
    result = state.history[0]
    # A35: trick 1 (spades led) goes to C's diamond, trick 3 (clubs led) to B's spade.
    assert result.trick_winners == (2, 0, 1, 0, 2)
    assert result.points == (22, 16, 0, 10)
    assert result.setup.turnup is None
    assert state.round.setup.caller == 0  # A, the top scorer, calls deal 2


def test_e11_raf_trick_checks_precedence_winner_rule_a35() -> None:
    state = pyclag.call(raf_called(E11_TOP, 5), E11_CALL)
    rules = state.round.setup.round_rules
    assert rules is not None
    assert rules.precedence == RED_OVER_BLACK

    def winner(text: str, round_rules: RoundRules) -> int:
        return pyclag.trick_winner([Play(s, c) for s, c in enumerate(cards(text))], round_rules)

    assert winner("5C 9S KC AS", rules) == 1  # spades over clubs; Nuloss: 9S beats AS
    assert winner("5C 9S KC 2D", rules) == 3  # diamonds are the top suit
    plain = RoundRules(None, F1, precedence=PRECEDENCE)  # H > C > D > S
    assert winner("AS 2D KS 3C", plain) == 3  # clubs top the led spades and the diamond


@pytest.mark.parametrize(("on_miss", "c_points"), [(False, 0), (True, 12)])
def test_a21_raf_madness_points_on_miss_option(on_miss: bool, c_points: int) -> None:
    state = pyclag.call(raf_called(E11_TOP, 5, madness_points_on_miss=on_miss), E11_CALL)
    state = play_all(bid_all(state, [2, 1, 1, 0]), E11_PLAY)
    # C bid 1 and won tricks 1 and 5 (ascending values 2 + 10).
    assert state.history[0].points == (22, 16, c_points, 10)


def test_a36_raf_nuloss_reverses_ranks_in_trumps() -> None:
    # Hearts named, Nuloss. A AS KD 7C, B 2S AD 8C, C KS 2H 5C, D 3S AH 6C.
    top = top_of(["AS KD 7C", "2S AD 8C", "KS 2H 5C", "3S AH 6C"], "9H")
    state = pyclag.call(raf_called(top, 3), Call(0, HEARTS, nuloss=True))
    assert state.round.trump is HEARTS
    assert state.round.turnup is None
    state = bid_all(state, [0, 0, 2])
    assert pyclag.legal_bids(state) == (0, 2, 3)
    state = bid_all(state, [0])
    state = play_all(state, "AS 2S KS 3S")  # the 2S is the best spade
    state = play_all(state, "AD 2H AH KD")  # the 2H is the best trump, above the AH
    state = play_all(state, "5C 6C 7C 8C")
    result = state.history[0]
    assert result.trick_winners == (1, 2, 2)
    assert result.points == (10, 0, 14, 10)
    assert state.round.setup.caller == 2  # C, the sole top scorer, calls next


def test_a20_raf_blind_call_shuffle_then_auto_play() -> None:
    state = pyclag.call(raf_called(E1_TOP, 3), Call(0, HEARTS, blind=True))
    state = bid_all(state, [1, 1, 1])
    assert pyclag.legal_bids(state) == (1, 2, 3)
    state = pyclag.bid(state, 1)
    assert pyclag.phase(state) is Phase.SHUFFLE
    assert pyclag.next_actor(state) is CHANCE
    assert isinstance(pyclag.sample_chance(state, random.Random(0)), ShuffleHands)
    refused(state, WrongPhaseError, lambda s: pyclag.apply(s, Play(0, C("AS"))))
    piles = tuple(cards(text) for text in ("3D 7H AS", "2C QH KS", "5H TD 9S", "8C JH 4S"))
    bad_orders = [
        (cards("3D 7H KS"), *piles[1:]),  # a card of another seat
        piles[:3],  # a seat without a pile
        (cards("3D 7H 7H"), *piles[1:]),  # a card twice
        (cards("3D 7H"), *piles[1:]),  # a card missing
    ]
    for orders in bad_orders:
        err = refused(state, IllegalChanceError, pyclag.apply, ShuffleHands(orders))
        assert type(err) is IllegalChanceError
        assert err.reason is Reason.BAD_SHUFFLE
    state = pyclag.apply(state, ShuffleHands(piles))
    # The round played itself from the top of each pile, with no duty to follow
    # (C's 5H to the diamond lead while holding TD).
    result = state.history[0]
    assert result.setup.piles == piles
    assert trick_cards(state) == ["3D 2C 5H 8C", "TD JH 7H QH", "KS 9S 4S AS"]
    assert result.trick_winners == (2, 1, 0)
    assert result.points == (12, 12, 12, 0)
    # shuffle_hands draws the face-down orders from an rng: each pile is the seat's hand.
    blind = pyclag.call(raf_called(E1_TOP, 3), Call(0, HEARTS, blind=True))
    shuffled = pyclag.shuffle_hands(bid_all(blind, [1, 1, 1, 1]), random.Random(5))
    drawn = shuffled.history[0].setup.piles
    assert drawn is not None
    assert [set(pile) for pile in drawn] == [set(pile) for pile in piles]


def test_raf_call_flags_must_be_bools() -> None:
    # Like a seat given as True, a flag given as 1 is not a legal call.
    state = raf_called(E11_TOP, 5)
    odd = Call(0, HEARTS, nuloss=1)  # type: ignore[arg-type]
    err = refused(state, IllegalCallError, pyclag.call, odd)
    assert err.reason is Reason.BAD_CALL


def test_s2_3_raf_blind_misere_call_records_zero_bids_at_once() -> None:
    # Misère forces every contract to 0 when called, before the face-down shuffle.
    state = pyclag.call(raf_called(E1_TOP, 3), Call(0, HEARTS, blind=True, misere=True))
    assert pyclag.phase(state) is Phase.SHUFFLE  # no BID phase
    forced = refused(state, IllegalBidError, pyclag.bid, 0)
    assert forced.reason is Reason.FORCED_BID
    assert state.round.bids == (0, 0, 0, 0)


def test_s2_3_raf_blind_misere_call_plays_itself_after_the_shuffle() -> None:
    state = pyclag.call(raf_called(E1_TOP, 3), Call(0, HEARTS, blind=True, misere=True))
    piles = tuple(cards(text) for text in ("AS 7H 3D", "KS QH 2C", "9S TD 5H", "4S JH 8C"))
    state = pyclag.apply(state, ShuffleHands(piles))
    result = state.history[0]
    assert trick_cards(state) == ["AS KS 9S 4S", "7H QH TD JH", "2C 5H 8C 3D"]  # as E2
    assert result.bids == (0, 0, 0, 0)
    assert result.points == (-2, -2, -2, 10)


# E12: winners 1 B, 2 B, 3 C, 4 D; A takes none. A 3C 5D 4S 3H, B KC KD 2S 4H,
# C 4C 3D KS 2H, D 5C 4D 3S KH.
E12_TOP = top_of(["3C 5D 4S 3H", "KC KD 2S 4H", "4C 3D KS 2H", "5C 4D 3S KH"], "9D")
E12_PLAY = "3C KC 4C 5C  KD 3D 4D 5D  2S KS 3S 4S  2H KH 3H 4H"


@pytest.mark.parametrize(
    ("madness", "options", "points"),
    [
        (None, {}, (10, -4, -2, -2)),
        (Madness.DESCENDING, {}, (10, -14, -4, -2)),
        (Madness.ASCENDING, {}, (10, -6, -6, -8)),
        (None, {"misere_points_per_trick": -3}, (10, -6, -3, -3)),
        (Madness.ASCENDING, {"misere_points_per_trick": -3}, (10, -9, -9, -12)),
    ],
)
def test_e12_raf_misere_call_forces_zero_bids(
    madness: Madness | None, options: dict[str, Any], points: tuple[int, ...]
) -> None:
    state = raf_called(E12_TOP, 4, **options)
    state = pyclag.call(state, Call(0, NO_TRUMPS, misere=True, madness=madness))
    assert pyclag.phase(state) is Phase.PLAY  # no BID phase
    assert state.round.bids == (0, 0, 0, 0)
    forced = refused(state, IllegalBidError, lambda s: pyclag.bid(s, 0))
    assert forced.reason is Reason.FORCED_BID
    state = play_all(state, E12_PLAY)
    result = state.history[0]
    assert result.trick_winners == (1, 1, 2, 3)
    assert result.bids == (0, 0, 0, 0)
    assert result.points == points
    assert result.made == (True, False, False, False)


def test_s2_3_raf_dealer_may_choose_only_sizes_that_fit_the_pack() -> None:
    # A dealer's-choice round up to 13 cards: with 5 players only 3..10 fit in 52 cards.
    spec = RoundSpec(13, hand_sizes=range(3, 14))
    state = pyclag.new_game(pyclag.NORMAL.with_schedule([spec]).with_options(max_players=9), 5)
    assert pyclag.legal_hand_sizes(state) == tuple(range(3, 11))
    refused(state, IllegalActionError, pyclag.choose_hand_size, 11)
    with pytest.raises(RulesError, match="9 players x 6 cards = 54 cards"):
        pyclag.new_game(
            pyclag.NORMAL.with_schedule([RoundSpec(7, hand_sizes=range(6, 8))]).with_options(
                max_players=9
            ),
            9,
        )
