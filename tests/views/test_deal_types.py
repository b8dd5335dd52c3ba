"""What each deal type shows and hides, one by one (Appendix B test hooks, invariants 6 and
18), and the refusals of observe and determinize.

:func:`pyclag.observe` shows one seat exactly what it may know at one moment
(RULES.md §2.0, Appendix B steps 4-7 and its test hooks, invariants 6 and 18):
its own hand unless it lies face down unseen, the hand sizes, the turn-up only
once it is shown, every bid, card, declaration and call made, the results, and
its legal actions. :func:`pyclag.determinize` goes back to a full state that
the seat cannot tell from the real one.

The games are played as :mod:`tests.views.games` describes; what a seat may see
is written out there from the rules, not read from the engine.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence

import pytest

import pyclag
from pyclag import (
    Bid,
    Card,
    GameState,
    Hand,
    Observation,
    Phase,
    RulesError,
    Suit,
    determinize,
    observe,
)
from pyclag.rules.deals import Bidding, PlayMode, Reveal
from pyclag.rules.trumps import DealerCalls, TurnUp
from tests.views.games import PRESETS, Memo, cards_in, preset_game

# --- the deal types, one by one (Appendix B test hooks, invariants 6 and 18) -------------------


def special_states(names: Sequence[str], **where: object) -> Iterator[GameState]:
    """The states of four-player games of presets ``names`` (two seeds each)
    whose round spec has the attribute values ``where``."""
    for name in names:
        for seed in (0, 1):
            for state in preset_game(name, 4, seed).states:
                spec = state.round.setup.played
                if all(getattr(spec, key) == value for key, value in where.items()):
                    yield state


def views(state: GameState) -> list[Observation]:
    return [observe(state, seat) for seat in range(state.players)]


def real_turnup(state: GameState) -> Card:
    setup = state.round.setup
    assert setup.deck is not None
    return setup.deck[setup.players * setup.hand_size]


def test_inv18_guess_trumps_hides_the_turnup_until_the_last_bid() -> None:
    """§4.18: "GUESS: the trump is hidden from all players until the last bid
    is recorded"; then every seat sees the turn-up."""
    bidding = playing = 0
    for state in special_states(
        ("wikipedia", "scottish", "indonesian", "pagat"),
        reveal=Reveal.AFTER_BIDS,
        bidding=Bidding.SEEN,
    ):
        phase = state.round.phase
        for view in views(state):
            if phase is Phase.BID:
                assert (view.turnup, view.trump, view.round_rules) == (None, None, None)
                assert view.hand == state.round.hands[view.seat]
                bidding += 1
            elif phase is Phase.PLAY:
                assert view.turnup == real_turnup(state)
                assert view.trump is real_turnup(state).suit
                playing += 1
    assert bidding and playing


def test_inv18_scottish_blind_hides_own_cards_and_trumps_while_bidding() -> None:
    """§4.18: "BLIND_*: no player can see their own hand when bidding. BLIND_NK: no
    trump is visible when bidding" (the Scottish blind, and WP-OLD's blind under
    ``blind_trump_visible=False``); the bids are offered without them."""
    bidding = playing = 0
    for state in special_states(
        ("scottish", "wikipedia-six-options"), reveal=Reveal.AFTER_BIDS, bidding=Bidding.UNSEEN
    ):
        phase = state.round.phase
        for view in views(state):
            if phase is Phase.BID:
                assert (view.hand, view.turnup, view.trump) == (None, None, None)
                if view.to_act == view.seat:
                    assert all(isinstance(action, Bid) for action in view.legal)
                bidding += 1
            elif phase is Phase.PLAY:
                assert view.hand == state.round.hands[view.seat]
                assert view.turnup == real_turnup(state)
                playing += 1
    assert bidding and playing


@pytest.mark.parametrize("mode", [PlayMode.HAND, PlayMode.DEALT_ORDER])
def test_inv18_blind_and_roll_em_bids_hide_only_the_own_hand(mode: PlayMode) -> None:
    """§4.18 and Appendix B step 5: in the WP-OLD blind and Roll 'Em the bids are
    made without looking at one's own cards, the turn-up shown (A16); after the
    last bid the blind's hands are picked up, and Roll 'Em plays itself."""
    bidding = after = 0
    for state in special_states(
        ("wikipedia-six",), reveal=Reveal.BEFORE_BIDS, bidding=Bidding.UNSEEN, play=mode
    ):
        rnd = state.round
        for view in views(state):
            if rnd.phase is Phase.BID:
                assert view.hand is None
                assert view.hand_sizes == (7, 7, 7, 7)
                assert view.turnup == real_turnup(state)
                bidding += 1
            elif rnd.phase is Phase.PLAY:
                assert mode is PlayMode.HAND
                assert view.hand == rnd.hands[view.seat]
                after += 1
    assert bidding
    if mode is PlayMode.HAND:
        assert after
    else:  # the next state after the last bid is the next round, Roll 'Em played and public
        game = preset_game("wikipedia-six", 4, 0)
        roll = next(i for i, s in enumerate(game.states) if s.round.setup.played.play is mode)
        done = next(s for s in game.states[roll:] if s.round.setup.played.play is not mode)
        result = observe(done, 0).history[-1]
        assert len(result.tricks) == 7 and result.setup.deck is None


def test_s2_5_pagat_deal_11_blind_bids_come_before_any_card() -> None:
    """§2.5 deal 11 (Appendix B step 2): the bids come before the deal, so an
    observation then holds no card at all, and the bids offered are 0..7."""
    before = 0
    for state in special_states(("wikipedia", "indonesian", "pagat"), bidding=Bidding.BEFORE_DEAL):
        if state.round.phase is Phase.BID_BEFORE_DEAL:
            memo: Memo = {}
            for view in views(state):
                assert view.hand == Hand()
                assert view.hand_sizes == (0, 0, 0, 0)
                assert view.turnup is None and view.trump is None
                assert not cards_in(view.setup, memo) and not cards_in(view.legal, memo)
                if view.to_act == view.seat:
                    assert view.legal == pyclag.legal_actions(state)
                    assert all(isinstance(action, Bid) for action in view.legal)
                    if view.seat != view.dealer:  # only the dealer is hooked (§4.16)
                        assert view.legal == tuple(Bid(view.seat, n) for n in range(8))
                before += 1
    assert before


def test_s2_0_dealer_calls_shows_no_turnup_and_then_the_declared_trump() -> None:
    """§2.0 DEALER_CALLS: no turn-up; the trump is unknown until the dealer
    names it, then every seat sees it."""
    declaring = after = 0
    for state in special_states(("pagat",)):
        if not isinstance(PRESETS["pagat"].round_spec(state.round.setup.index).suits, DealerCalls):
            continue
        phase = state.round.phase
        for view in views(state):
            assert view.turnup is None
            if phase is Phase.DECLARE_TRUMP:
                assert view.trump is None and view.round_rules is None
                declaring += 1
            elif phase in (Phase.BID, Phase.PLAY):
                assert view.trump is state.round.trump is not None
                after += 1
    assert declaring and after


@pytest.mark.parametrize("name", ["raf", "raf-options"])
def test_inv6_raf_called_deals_show_no_turnup(name: str) -> None:
    """§4.6: no turn-up is exposed in an RAF deal with a caller (under
    ``raf_trumps_from_turnup``, only once a turn-up call is made); before the call
    nobody knows the trump, afterwards everybody sees the call."""
    kinds = set()
    for players, seed in itertools.product((3, 5), range(12)):
        for state in preset_game(name, players, seed).states:
            setup = state.round.setup
            if setup.caller is None:
                continue
            for view in views(state):
                assert view.caller == setup.caller
                assert view.call == setup.call
                if setup.call is None:
                    assert (view.turnup, view.trump, view.round_rules) == (None, None, None)
                elif isinstance(setup.call.suits, TurnUp):
                    assert view.turnup == real_turnup(state)
                    assert view.trump is real_turnup(state).suit
                else:
                    assert view.turnup is None
                    if isinstance(setup.call.suits, Suit):
                        assert view.trump is setup.call.suits
            if setup.call is not None:
                kinds.add(type(setup.call.suits).__name__)
    # A19: under raf_trumps_from_turnup the caller calls "the turn-up" instead of a suit.
    trumps = "TurnUp" if name == "raf-options" else "Suit"
    assert kinds == {trumps, "NoTrumps", "Precedence"}


def test_s2_3_raf_blind_shows_own_cards_but_not_their_order() -> None:
    """§2.3 Blind: "every player shuffles their own hand, lays it face down":
    before the shuffle a seat knows its cards (a set, no order); the piles it
    plays from are public only once played, in the order played."""
    shuffles = 0
    for name in ("raf", "raf-options"):
        game = preset_game(name, 4, 5)
        for at, state in enumerate(game.states):
            if state.round.phase is not Phase.SHUFFLE:
                continue
            for view in views(state):
                assert view.hand == state.round.hands[view.seat]
                assert view.setup.piles is None
            after = observe(game.states[at + 1], 0).history[-1]
            assert after.setup.piles is not None
            for seat, pile in enumerate(after.setup.piles):
                assert pile == tuple(
                    p.card for t in after.tricks for p in t.plays if p.seat == seat
                )
            shuffles += 1
    assert shuffles


def test_the_pack_is_never_in_an_observation() -> None:
    """The pack (``setup.deck``) is the dealer's secret: it is None in every
    observation and every finished round it holds, the game over too."""
    for name in PRESETS:
        game = preset_game(name, 4, 11)
        for state in (*game.states[::17], game.states[-1]):
            for view in views(state):
                assert view.setup.deck is None
                assert all(result.setup.deck is None for result in view.history)


# --- 6. refusals ---------------------------------------------------------------------------------


def test_observe_refuses_what_is_not_a_state_or_a_seat() -> None:
    state = pyclag.new_game(pyclag.NORMAL, players=4)
    with pytest.raises(TypeError, match="observe"):
        observe(None, 0)  # type: ignore[arg-type]
    for seat in (9, 4, -1):  # outside the table: the player count's error
        with pytest.raises(RulesError, match="seat"):
            observe(state, seat)
    for odd in ("1", True, 1.0, None):  # not an int: a TypeError (the policy in pyclag.errors)
        with pytest.raises(TypeError, match="observe: seat must be an int"):
            observe(state, odd)  # type: ignore[arg-type]


def test_determinize_refuses_what_is_not_an_observation_or_an_rng() -> None:
    view = observe(pyclag.new_game(pyclag.NORMAL, players=4), 0)
    with pytest.raises(TypeError, match="determinize"):
        determinize("x", random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rng"):
        determinize(view, None)  # type: ignore[arg-type]
