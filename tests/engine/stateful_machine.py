"""The rule-based state machine's base (DESIGN.md §8): legal play, the probes of bids, plays
and the deal, and the invariants; tests/engine/test_stateful.py adds the special phases.

It plays seeded random legal actions through short normal games of 3-7 players
with drawn options, and through games of every preset at every player count it
allows (whole games, often started part-way in by random play so that the
special deals come up), and in between probes illegal actions: each must raise
its exact error class and reason and leave the state it was given unchanged.
The probes cover every phase: bids, plays, the deal, the RAF dealer's hand
size, the RAF call, the dealer's trump declaration, wild twos, bids in a round
without bids, and the RAF face-down shuffle. The invariants run after every step.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import pyclag
from pyclag import (
    CHANCE,
    DECK,
    NORMAL,
    Action,
    Bid,
    Card,
    Deal,
    Phase,
    Play,
    Rank,
)
from pyclag.errors import (
    IllegalBidError,
    IllegalChanceError,
    IllegalPlayError,
    OutOfTurnError,
    Reason,
    WrongPhaseError,
)
from tests.engine.stateful_support import (
    PLAYER_PHASES,
    check_card_conservation,
    check_dealer_rotation,
    check_hidden_trump,
    check_next_actor,
    check_scores,
    choose,
    refused,
    refused_bids_and_plays,
    renounces,
    special_decision,
    tables,
    worth_probing,
)
from tests.helpers import assert_round_trips, play_checked


def in_phase(*phases: Phase) -> Callable[[ClagMachineBase], bool]:
    return lambda machine: pyclag.phase(machine.state) in phases


class ClagMachineBase(RuleBasedStateMachine):
    """Random legal play, the illegal probes of bids, plays and the deal, and the invariants
    after every step; :class:`tests.engine.test_stateful.ClagMachine` adds the probes of the
    special phases."""

    def __init__(self, only: tuple[str, int] | None = None) -> None:
        super().__init__()
        self.only = only  # play only this preset at this player count
        self.state = pyclag.new_game(NORMAL, players=3)
        self.first_dealer = 0

    def _start(self, data: st.DataObject) -> None:
        """A new game of a drawn table, after its rounds of random play."""
        rules, players, first_dealer, skip = data.draw(tables(self.only), label="table")
        self.state = pyclag.new_game(rules, players=players, first_dealer=first_dealer)
        self.first_dealer = first_dealer
        assert pyclag.phase(self.state) in (
            Phase.DEAL,
            Phase.CHOOSE_HAND_SIZE,
            Phase.BID_BEFORE_DEAL,
        )
        assert self.state.history == ()
        if skip:
            seed = data.draw(st.integers(0, 2**32 - 1), label="seed of the rounds played first")
            self.state = play_checked(self.state, random.Random(seed), rounds=skip)
            assert len(self.state.history) == skip and not pyclag.is_over(self.state)

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        self._start(data)

    @precondition(lambda m: pyclag.is_over(m.state))
    @rule(data=st.data())
    def probe_the_end_then_start_another_game(self, data: st.DataObject) -> None:
        """Every action is refused once the game is over; then a new game starts
        (in one rule, so that runs do not idle at the end of a game)."""
        state = self.state
        seat = data.draw(st.integers(0, state.players - 1), label="seat")
        card = data.draw(st.sampled_from(DECK), label="card")
        over = WrongPhaseError, Reason.GAME_OVER
        refused_bids_and_plays(state, seat, card, Reason.GAME_OVER)
        refused(state, lambda: pyclag.apply(state, Deal(DECK)), *over)
        refused(state, lambda: pyclag.sample_chance(state, random.Random(0)), *over)
        assert pyclag.legal_actions(state) == ()
        assert set(pyclag.winners(state)) <= set(range(state.players))
        self._start(data)

    # --- legal play --------------------------------------------------------------------

    @precondition(lambda m: not pyclag.is_over(m.state))
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        """One random legal action: a seeded shuffle at a deal, else a drawn legal action."""
        if pyclag.next_actor(self.state) is CHANCE:
            seed = data.draw(st.integers(0, 2**32 - 1), label="shuffle seed")
            action: Action = pyclag.sample_chance(self.state, random.Random(seed))
        else:
            action = data.draw(st.sampled_from(pyclag.legal_actions(self.state)), label="action")
        self.state = pyclag.apply(self.state, action)

    @precondition(lambda m: not pyclag.is_over(m.state))
    @rule(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 40), pause=st.booleans())
    def act_many(self, seed: int, count: int, pause: bool) -> None:
        """Up to ``count`` random legal actions from ``seed``, checked one by one,
        so that whole games fit in a short run. With ``pause``, stop where the
        probes have most to test (see :func:`worth_probing`)."""
        rng = random.Random(seed)
        for _ in range(count):
            if pyclag.is_over(self.state):
                break
            self.state = pyclag.apply(self.state, choose(self.state, rng))
            self.state_is_consistent()
            if pause and worth_probing(self.state):
                break

    @precondition(lambda m: not pyclag.is_over(m.state))
    @rule(seed=st.integers(0, 2**32 - 1))
    def act_to_a_special_decision(self, seed: int) -> None:
        """Random legal actions from ``seed`` up to the next special decision (see
        :func:`special_decision`), at most 80 of them: the special probes need it."""
        rng = random.Random(seed)
        for _ in range(80):
            if pyclag.is_over(self.state):
                break
            self.state = pyclag.apply(self.state, choose(self.state, rng))
            self.state_is_consistent()
            if special_decision(self.state):
                break

    # --- illegal probes: bids -----------------------------------------------------------

    @precondition(in_phase(Phase.BID, Phase.BID_BEFORE_DEAL))
    @rule(data=st.data())
    def bid_out_of_range(self, data: st.DataObject) -> None:
        state, rnd = self.state, self.state.round
        h, seat, legal = rnd.hand_size, rnd.to_act, pyclag.legal_bids(self.state)
        assert isinstance(seat, int)
        tricks = data.draw(
            st.one_of(st.just(h + 1), st.integers(h + 1, h + 60), st.integers(-60, -1)).filter(
                lambda b: b not in legal
            ),
            label="bid",
        )
        reason = Reason.BID_OUT_OF_RANGE
        error = refused(state, lambda: pyclag.bid(state, tricks), IllegalBidError, reason)
        assert error.legal == legal
        refused(state, lambda: pyclag.apply(state, Bid(seat, tricks)), IllegalBidError, reason)

    @precondition(
        lambda m: (
            pyclag.phase(m.state) in (Phase.BID, Phase.BID_BEFORE_DEAL)
            and m.state.rules.hook.applies(m.state.round.hand_size)
        )
    )
    @rule(data=st.data())
    def dealer_bid_against_the_hook(self, data: st.DataObject) -> None:
        """Drawn legal bids up to the dealer's turn, then a bid the hook forbids."""
        while self.state.round.to_act != self.state.round.dealer:
            legal = pyclag.legal_bids(self.state)
            self.state = pyclag.bid(self.state, data.draw(st.sampled_from(legal), label="bid"))
            self.state_is_consistent()
        state = self.state
        legal = pyclag.legal_bids(state)
        forbidden = [b for b in range(state.round.hand_size + 1) if b not in legal]
        # The NE hook forbids nothing once the others have bid more than h in all.
        if forbidden:
            tricks = data.draw(st.sampled_from(forbidden), label="dealer's bid")
            error = refused(
                state,
                lambda: pyclag.bid(state, tricks),
                IllegalBidError,
                Reason.DEALER_RESTRICTION,
            )
            assert error.legal == legal

    @precondition(in_phase(Phase.BID, Phase.BID_BEFORE_DEAL))
    @rule(value=st.sampled_from((True, False, 1.0, 0.0, "1", "0", None, 0.5, b"1")))
    def non_integer_bid(self, value: Any) -> None:
        state = self.state
        seat = state.round.to_act
        assert isinstance(seat, int)
        refused(state, lambda: pyclag.bid(state, value), IllegalBidError, Reason.NOT_AN_INTEGER)
        refused(
            state,
            lambda: pyclag.apply(state, Bid(seat, value)),
            IllegalBidError,
            Reason.NOT_AN_INTEGER,
        )

    # --- illegal probes: turn and phase ------------------------------------------------------

    @precondition(in_phase(*PLAYER_PHASES))
    @rule(data=st.data())
    def action_by_the_wrong_seat(self, data: st.DataObject) -> None:
        """The action the phase wants, legal but for it being another seat's."""
        state, rnd = self.state, self.state.round
        others = [seat for seat in range(state.players) if seat != rnd.to_act]
        seat = data.draw(st.sampled_from(others), label="seat")
        legal = data.draw(st.sampled_from(pyclag.legal_actions(state)), label="legal action")
        action: Action
        if isinstance(legal, Bid):
            action = Bid(seat, data.draw(st.integers(0, rnd.hand_size), label="bid"))
        elif isinstance(legal, Play):
            cards = rnd.hands[seat].cards or DECK
            action = Play(seat, data.draw(st.sampled_from(cards), label="card"))
        else:
            action = attrs.evolve(legal, seat=seat)
        error = refused(
            state, lambda: pyclag.apply(state, action), OutOfTurnError, Reason.OUT_OF_TURN
        )
        # The seat to act's legal actions are its own to know (issue 30 item 1).
        assert error.legal == ()

    @precondition(in_phase(Phase.BID, Phase.BID_BEFORE_DEAL))
    @rule(data=st.data())
    def play_during_bidding(self, data: st.DataObject) -> None:
        state, rnd = self.state, self.state.round
        seat = rnd.to_act
        assert isinstance(seat, int)
        # Bids before the deal are made with no card in hand.
        card = data.draw(st.sampled_from(rnd.hands[seat].cards or DECK), label="card")
        wrong = WrongPhaseError, Reason.WRONG_PHASE
        refused(state, lambda: pyclag.play(state, card), *wrong)
        refused(state, lambda: pyclag.apply(state, Play(seat, card)), *wrong)
        refused(state, lambda: pyclag.legal_plays(state), *wrong)

    @precondition(in_phase(Phase.PLAY))
    @rule(tricks=st.integers(0, 7))
    def bid_during_play(self, tricks: int) -> None:
        state = self.state
        seat = state.round.to_act
        assert isinstance(seat, int)
        wrong = WrongPhaseError, Reason.WRONG_PHASE
        # A round without bids (misère, most tricks) refuses a bid as forced.
        has_bids = state.round.setup.played.has_bids
        misplaced = wrong if has_bids else (IllegalBidError, Reason.FORCED_BID)
        refused(state, lambda: pyclag.bid(state, tricks), *misplaced)
        refused(state, lambda: pyclag.apply(state, Bid(seat, tricks)), *misplaced)
        refused(state, lambda: pyclag.legal_bids(state), *wrong)

    @precondition(in_phase(Phase.DEAL))
    @rule(data=st.data())
    def player_action_at_a_deal(self, data: st.DataObject) -> None:
        state = self.state
        seat = data.draw(st.integers(0, state.players - 1), label="seat")
        card = data.draw(st.sampled_from(DECK), label="card")
        refused_bids_and_plays(state, seat, card, Reason.WRONG_PHASE)

    # --- illegal probes: plays ---------------------------------------------------------------

    @precondition(in_phase(Phase.PLAY))
    @rule(data=st.data())
    def card_not_held(self, data: st.DataObject) -> None:
        state, rnd = self.state, self.state.round
        seat = rnd.to_act
        assert isinstance(seat, int)
        held = rnd.hands[seat]
        card = data.draw(st.sampled_from([c for c in DECK if c not in held]), label="card")
        error = refused(
            state, lambda: pyclag.play(state, card), IllegalPlayError, Reason.CARD_NOT_HELD
        )
        assert error.legal == pyclag.legal_plays(state)
        refused(
            state,
            lambda: pyclag.apply(state, Play(seat, card)),
            IllegalPlayError,
            Reason.CARD_NOT_HELD,
        )

    @precondition(
        lambda m: (
            pyclag.phase(m.state) is Phase.PLAY
            and bool(m.state.round.trick)
            and bool(renounces(m.state))
        )
    )
    @rule(data=st.data())
    def renounce(self, data: st.DataObject) -> None:
        state = self.state
        card = data.draw(st.sampled_from(renounces(state)), label="card")
        error = refused(
            state, lambda: pyclag.play(state, card), IllegalPlayError, Reason.MUST_FOLLOW_SUIT
        )
        led = state.round.trick[0].effective.suit
        assert error.legal == pyclag.legal_plays(state)
        # With wild twos a two may still be played (declared in the suit led, rule 4).
        wild = state.round.setup.played.twos is not None
        assert all(
            isinstance(c, Card) and (c.suit is led or (wild and c.rank is Rank.TWO))
            for c in error.legal
        )

    # --- illegal probes: the deal ------------------------------------------------------------

    @precondition(in_phase(Phase.DEAL))
    @rule(
        kind=st.sampled_from(("short", "long", "repeat", "stranger", "empty")),
        seed=st.integers(0, 2**32 - 1),
    )
    def bad_deck(self, kind: str, seed: int) -> None:
        state = self.state
        action = pyclag.sample_chance(state, random.Random(seed))
        assert isinstance(action, pyclag.Deal)
        deck: list[Any] = list(action.deck)
        if kind == "short":
            deck.pop()
        elif kind == "long":
            deck.append(deck[0])
        elif kind == "repeat":
            deck[-1] = deck[0]
        elif kind == "stranger":
            deck[-1] = str(deck[-1])
        else:
            deck = []
        bad = IllegalChanceError, Reason.BAD_DECK
        refused(state, lambda: pyclag.deal(state, deck=deck), *bad)
        refused(state, lambda: pyclag.apply(state, Deal(tuple(deck))), *bad)

    # --- invariants ----------------------------------------------------------------------------

    @invariant()
    def state_is_consistent(self) -> None:
        """Card conservation, next_actor against phase, the trump hidden until
        its time, scores against history, dealer rotation: for the current state."""
        check_card_conservation(self.state)
        check_next_actor(self.state)
        check_hidden_trump(self.state)
        check_scores(self.state)
        check_dealer_rotation(self.state, self.first_dealer)

    def teardown(self) -> None:
        """The game as far as it went is a record that replays to the same state."""
        assert_round_trips(self.state)
