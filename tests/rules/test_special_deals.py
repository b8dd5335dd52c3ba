"""Clause tests for the special deals of RULES.md §2.0: NT, misère, Guess Trumps, the blind
deals and Roll 'Em.

Every deal is driven with an exact pack (``tests.helpers.dealt`` / ``deck_from``)
on a one- or two-round rule set built from ``pyclag.rules.catalogue``. Unless a
test says otherwise, players A-D sit at seats 0-3 and D deals, so A is eldest:
card ``i`` of the pack goes to seat ``i % 4`` and the turn-up is card ``4 * h``.
Every refusal also checks that the state passed in is left unchanged.
"""

from __future__ import annotations

from typing import Any

import pytest

import pyclag
from pyclag import (
    CHANCE,
    Bid,
    IllegalBidError,
    Phase,
    Play,
    Reason,
    RoundSpec,
    WrongPhaseError,
)
from pyclag.engine.decisions import round_phases
from pyclag.rules import (
    catalogue,
)
from pyclag.rules.deals import Bidding, PlayMode, Reveal
from tests.helpers import E1_TOP, bid_all, dealt, deck_from, play_all
from tests.rules.deals import (
    E1_PLAY,
    HEARTS,
    MISERE_TOP,
    MISERE_TRUMPS_PLAY,
    C,
    one_round,
    refused,
    trick_cards,
)

# --- NT -----------------------------------------------------------------------------------


def test_s2_0_nt_no_turnup_no_trump_highest_of_led_suit_wins() -> None:
    rules = one_round(catalogue.no_trumps(3))
    assert round_phases(rules.round_spec(0), rules) == (Phase.DEAL, Phase.BID, Phase.PLAY)
    state = dealt(rules, 4, E1_TOP, first_dealer=3)
    assert pyclag.phase(state) is Phase.BID
    assert state.round.turnup is None
    assert state.round.trump is None
    state = bid_all(state, [1, 1, 0, 0])
    assert state.round.turnup is None  # nothing is turned after the bids either
    state = play_all(state, "AS KS 9S 4S")
    # B's QH is no trump now: C's TD, the highest diamond, wins.
    state = play_all(state, "3D QH TD 8C")
    assert state.round.tricks[-1].winner == 2
    state = play_all(state, "5H JH 7H 2C")
    result = state.history[0]
    assert result.setup.turnup is None
    assert result.trick_winners == (0, 2, 3)
    assert result.points == (12, 0, 0, 0)


# --- MISERE -------------------------------------------------------------------------------

MISERE_NT_PLAY = "AS AH 2S 5S  4D KH 3S 6S  KC 5C 4S 7S"  # no trumps: A takes all three


@pytest.mark.parametrize("trumps", [True, False])
def test_s2_0_misere_has_no_bid_phase_and_every_bid_is_zero(trumps: bool) -> None:
    rules = one_round(catalogue.misere(trumps=trumps, per_trick=-2, hand_size=3))
    assert round_phases(rules.round_spec(0), rules) == (Phase.DEAL, Phase.PLAY)
    state = pyclag.new_game(rules, players=4, first_dealer=3)
    assert pyclag.phase(state) is Phase.DEAL
    state = pyclag.deal(state, deck=deck_from(MISERE_TOP))
    assert pyclag.phase(state) is Phase.PLAY  # DEAL -> PLAY
    assert pyclag.next_actor(state) == 0
    assert state.round.bids == (0, 0, 0, 0)
    assert state.round.turnup == (C("6H") if trumps else None)
    assert state.round.trump is (HEARTS if trumps else None)
    forced = refused(state, IllegalBidError, lambda s: pyclag.bid(s, 0))
    assert forced.reason is Reason.FORCED_BID
    refused(state, WrongPhaseError, pyclag.legal_bids)
    forced = refused(state, IllegalBidError, lambda s: pyclag.apply(s, Bid(0, 0)))
    assert forced.reason is Reason.FORCED_BID
    assert all(isinstance(action, Play) for action in pyclag.legal_actions(state))


@pytest.mark.parametrize(
    ("spec", "options", "plays", "winners", "points"),
    [
        # +10 for no tricks, p * t otherwise (§2.0), with a turn-up trump (hearts).
        (catalogue.misere(True, -2, 3), {}, MISERE_TRUMPS_PLAY, (1, 1, 0), (-2, -4, 10, 10)),
        (catalogue.misere(True, 1, 3), {}, MISERE_TRUMPS_PLAY, (1, 1, 0), (1, 2, 10, 10)),
        # misere_points_per_trick (A8) replaces p.
        (
            catalogue.misere(True, -2, 3),
            {"misere_points_per_trick": -5},
            MISERE_TRUMPS_PLAY,
            (1, 1, 0),
            (-5, -10, 10, 10),
        ),
        # Without trumps B's hearts are no ruffs, so A's lead wins every trick.
        (catalogue.misere(False, -2, 3), {}, MISERE_NT_PLAY, (0, 0, 0), (-6, 10, 10, 10)),
        (
            catalogue.misere(False, -2, 3),
            {"misere_points_per_trick": -3},
            MISERE_NT_PLAY,
            (0, 0, 0),
            (-9, 10, 10, 10),
        ),
    ],
)
def test_s2_0_misere_scores_ten_for_no_tricks_else_p_per_trick(
    spec: RoundSpec,
    options: dict[str, Any],
    plays: str,
    winners: tuple[int, ...],
    points: tuple[int, ...],
) -> None:
    state = dealt(one_round(spec, **options), 4, MISERE_TOP, first_dealer=3)
    state = play_all(state, plays)
    result = state.history[0]
    assert result.bids == (0, 0, 0, 0)
    assert result.trick_winners == winners
    assert result.points == points
    # A15: a forced zero made (no tricks) counts as a contract made.
    assert result.made == tuple(t == 0 for t in result.tricks_won)
    assert state.contracts_made == tuple(int(t == 0) for t in result.tricks_won)


@pytest.mark.parametrize(("misere_trumps", "turnup"), [(False, None), (True, "6H")])
def test_a9_misere_trumps_option(misere_trumps: bool, turnup: str | None) -> None:
    for spec in (catalogue.misere(True, -2, 3), catalogue.misere(False, -2, 3)):
        state = dealt(one_round(spec, misere_trumps=misere_trumps), 4, MISERE_TOP, 3)
        assert state.round.turnup == (None if turnup is None else C(turnup))


# --- GUESS --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "dealer"), [(4, 3), (5, 0), (3, 1)])
def test_s2_0_guess_trumps_turnup_hidden_until_last_bid(players: int, dealer: int) -> None:
    rules = one_round(catalogue.guess_trumps(3))
    state = dealt(rules, players, E1_TOP, first_dealer=dealer)
    deck = deck_from(E1_TOP)
    hidden = deck[players * 3]
    for _ in range(players):
        assert pyclag.phase(state) is Phase.BID
        assert state.round.turnup is None
        assert state.round.trump is None
        assert state.round.setup.round_rules is None
        assert all(isinstance(action, Bid) for action in pyclag.legal_actions(state))
        # Nothing a bidder may ask reveals the turn-up: the legal bids are plain
        # counts, and refusals name neither the card nor the trump.
        assert all(type(b) is int for b in pyclag.legal_bids(state))
        err = refused(state, IllegalBidError, lambda s: pyclag.bid(s, 9))
        assert all(type(b) is int for b in err.legal)
        wrong = refused(state, WrongPhaseError, lambda s: pyclag.play(s, deck[0]))
        assert all(isinstance(action, Bid) for action in wrong.legal)
        for message in (str(err), str(wrong)):
            assert str(hidden) not in message
            assert "trump" not in message.lower()
        state = pyclag.bid(state, pyclag.legal_bids(state)[0])
    # Revealed with the last bid: the card after the last one dealt (§1.5).
    assert pyclag.phase(state) is Phase.PLAY
    assert state.round.turnup is hidden
    assert state.round.trump is hidden.suit


def test_a33_guess_trumps_hook_still_applies() -> None:
    state = dealt(one_round(catalogue.guess_trumps(3)), 4, E1_TOP, first_dealer=3)
    state = bid_all(state, [1, 1, 0])
    assert pyclag.legal_bids(state) == (0, 2, 3)
    err = refused(state, IllegalBidError, lambda s: pyclag.bid(s, 1))
    assert err.reason is Reason.DEALER_RESTRICTION
    assert err.legal == (0, 2, 3)
    assert state.round.turnup is None
    state = pyclag.bid(state, 0)
    assert state.round.turnup == C("6H")
    assert state.round.trump is HEARTS


# --- BLIND_TK / Scottish blind --------------------------------------------------------------


def test_s2_0_blind_tk_turnup_visible_during_bids_and_hook_applies() -> None:
    spec = catalogue.blind_unseen(3)
    assert spec.bidding is Bidding.UNSEEN
    state = dealt(one_round(spec), 4, E1_TOP, first_dealer=3)
    assert pyclag.phase(state) is Phase.BID
    assert state.round.turnup == C("6H")
    assert state.round.trump is HEARTS
    state = bid_all(state, [1, 1, 0])
    assert pyclag.legal_bids(state) == (0, 2, 3)
    refused(state, IllegalBidError, lambda s: pyclag.bid(s, 1))


def test_s2_0_scottish_blind_hides_turnup_until_last_bid() -> None:
    spec = catalogue.blind_unseen(3, trump_visible=False)
    assert (spec.bidding, spec.reveal) == (Bidding.UNSEEN, Reveal.AFTER_BIDS)
    state = dealt(one_round(spec), 4, E1_TOP, first_dealer=3)
    for tricks in (2, 1, 0):
        assert state.round.turnup is None
        assert state.round.trump is None
        state = pyclag.bid(state, tricks)
    assert pyclag.legal_bids(state) == (1, 2, 3)  # hook: total 3 would equal h
    state = pyclag.bid(state, 1)
    assert pyclag.phase(state) is Phase.PLAY
    assert state.round.turnup == C("6H")
    assert state.round.trump is HEARTS


@pytest.mark.parametrize(
    ("spec", "visible"),
    [
        (catalogue.blind_unseen(3, trump_visible=True), False),
        (catalogue.blind_unseen(3, trump_visible=False), True),
    ],
)
def test_a16_blind_trump_visible_option(spec: RoundSpec, visible: bool) -> None:
    rules = one_round(spec, blind_trump_visible=visible)
    assert rules.options["blind_trump_visible"] is visible
    state = dealt(rules, 4, E1_TOP, first_dealer=3)
    assert pyclag.phase(state) is Phase.BID
    assert state.round.turnup == (C("6H") if visible else None)
    state = bid_all(state, [1, 1, 0, 0])
    assert state.round.turnup == C("6H")


# --- BLIND before the deal (pagat deal 11) ------------------------------------------------


def test_a32_pagat_blind_bids_before_the_deal() -> None:
    spec = catalogue.blind_before_deal(3)
    assert round_phases(spec, pyclag.NORMAL) == (Phase.BID_BEFORE_DEAL, Phase.DEAL, Phase.PLAY)
    state = pyclag.new_game(one_round(spec), players=4, first_dealer=3)
    assert pyclag.phase(state) is Phase.BID_BEFORE_DEAL
    assert pyclag.next_actor(state) == 0
    assert state.round.setup.deck is None
    assert all(len(hand) == 0 for hand in state.round.hands)
    assert state.round.turnup is None
    assert pyclag.legal_bids(state) == (0, 1, 2, 3)
    refused(state, WrongPhaseError, lambda s: pyclag.deal(s, deck=deck_from(E1_TOP)))
    state = bid_all(state, [1, 1, 0])
    # The dealer still bids last under the hook, before any card is dealt (A32).
    assert pyclag.next_actor(state) == 3
    assert pyclag.legal_bids(state) == (0, 2, 3)
    err = refused(state, IllegalBidError, lambda s: pyclag.bid(s, 1))
    assert err.reason is Reason.DEALER_RESTRICTION
    state = pyclag.bid(state, 0)
    assert pyclag.phase(state) is Phase.DEAL
    assert pyclag.next_actor(state) is CHANCE
    assert state.round.bids == (1, 1, 0, 0)
    state = pyclag.deal(state, deck=deck_from(E1_TOP))
    assert pyclag.phase(state) is Phase.PLAY
    assert pyclag.next_actor(state) == 0
    assert state.round.turnup == C("6H")
    assert state.round.trump is HEARTS
    assert state.round.bids == (1, 1, 0, 0)
    refused(state, WrongPhaseError, lambda s: pyclag.bid(s, 0))
    for trick in E1_PLAY:
        state = play_all(state, trick)
    assert state.history[0].points == (12, 12, 10, 0)  # as E1 (F1)


# --- ROLL ---------------------------------------------------------------------------------


def test_e2_roll_em_plays_itself_in_dealt_order() -> None:
    rules = one_round(catalogue.roll_em(3), RoundSpec(1))
    assert rules.round_spec(0).play is PlayMode.DEALT_ORDER
    state = dealt(rules, 4, E1_TOP, first_dealer=3)
    assert state.round.turnup == C("6H")  # turned before the blind bids
    state = bid_all(state, [1, 1, 1])
    assert pyclag.legal_bids(state) == (1, 2, 3)  # hook: D may not bid 0
    state = pyclag.bid(state, 1)
    # No PLAY decision: the round has been played and scored, the next one waits for its deal.
    assert len(state.history) == 1
    assert pyclag.phase(state) is Phase.DEAL
    assert state.round.setup.index == 1
    result = state.history[0]
    # First card dealt first; C's TD while holding 5H is legal (no duty to follow).
    assert trick_cards(state) == ["AS KS 9S 4S", "7H QH TD JH", "2C 5H 8C 3D"]
    assert [t.leader for t in result.tricks] == [0, 0, 1]
    assert result.trick_winners == (0, 1, 2)
    assert result.points == (12, 12, 12, 0)


def test_a17_roll_em_reverse_order_option() -> None:
    rules = one_round(catalogue.roll_em(3), roll_order="reverse")
    assert rules.round_spec(0).play is PlayMode.REVERSE_ORDER
    state = bid_all(dealt(rules, 4, E1_TOP, first_dealer=3), [1, 1, 1, 1])
    assert pyclag.is_over(state)
    result = state.history[0]
    # Last card dealt first: A 3D 7H AS, B 2C QH KS, C 5H TD 9S, D 8C JH 4S.
    assert trick_cards(state) == ["3D 2C 5H 8C", "TD JH 7H QH", "KS 9S 4S AS"]
    assert result.trick_winners == (2, 1, 0)
    assert result.points == (12, 12, 12, 0)
