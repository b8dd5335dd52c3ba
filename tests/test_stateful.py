"""A rule-based state machine over normal-round games (DESIGN.md §8).

It plays seeded random legal actions through short games of 3-7 players with
drawn options, and in between probes illegal actions: each must raise its exact
error class and reason and leave the state it was given unchanged. The
invariants run after every step.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import settings
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
    GameState,
    Phase,
    Play,
    RuleSet,
)
from pyclag.errors import (
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    OutOfTurnError,
    Reason,
    WrongPhaseError,
)

# --- set-up ----------------------------------------------------------------------------


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """NORMAL over a short schedule (so that games finish), with drawn options.

    Every option shrinks to NORMAL's own value ("ne", 1, False, "fallback_ne",
    "F1", "shared")."""
    schedule = draw(st.lists(st.integers(1, 7), min_size=1, max_size=4))
    options = draw(
        st.fixed_dictionaries(
            {
                # "gt" twice: its four variants (exact, infeasible) want more games.
                "hook": st.sampled_from(("ne", "gt", "none", "gt")),
                "hook_min_hand_size": st.integers(1, 4),
                "gt_exact": st.booleans(),
                "gt_infeasible": st.sampled_from(("fallback_ne", "allow_bid_h_plus_1")),
                "scoring": st.sampled_from(("F1", "F2", "F3")),
                "tie_break": st.sampled_from(("shared", "contracts_then_shared")),
            }
        )
    )
    return NORMAL.with_schedule(schedule).with_options(**options)


def choose(state: GameState, rng: random.Random) -> Action:
    if pyclag.next_actor(state) is CHANCE:
        return pyclag.sample_chance(state, rng)
    return rng.choice(pyclag.legal_actions(state))


def observe(state: GameState) -> tuple[object, ...]:
    """What the public queries say of a state; legal actions where there is a list."""
    actor = pyclag.next_actor(state)
    legal = None if actor is CHANCE else pyclag.legal_actions(state)
    return (pyclag.phase(state), actor, legal, state.scores, pyclag.is_over(state))


class _Snapshot:
    """An independent copy of the last state probed, with what the queries said of it.

    Several probes in a row hit the same state, so the copy is made once per state:
    copying is what makes shrinking a failure slow."""

    state: GameState | None = None
    copy: GameState | None = None
    seen: tuple[object, ...] = ()

    @classmethod
    def of(cls, state: GameState) -> tuple[GameState, tuple[object, ...]]:
        if cls.state is not state or cls.copy is None:
            # A pickled round trip is a deep copy (cards come back as the interned ones).
            cls.state, cls.copy, cls.seen = state, pickle.loads(pickle.dumps(state)), observe(state)
        return cls.copy, cls.seen


def refused(
    state: GameState,
    attempt: Callable[[], object],
    kind: type[IllegalActionError],
    reason: Reason,
) -> IllegalActionError:
    """``attempt`` must raise exactly ``kind`` with ``reason`` and leave ``state`` as it was."""
    before, seen = _Snapshot.of(state)
    with pytest.raises(IllegalActionError) as info:
        attempt()
    error = info.value
    assert type(error) is kind, f"{type(error).__name__} instead of {kind.__name__}: {error}"
    assert error.reason is reason, f"{error.reason} instead of {reason}: {error}"
    assert state == before
    assert observe(state) == seen
    return error


def refused_bids_and_plays(state: GameState, seat: int, card: Card, reason: Reason) -> None:
    """A bid and a play, by name and through ``apply``, are refused as wrong-phase."""
    refused(state, lambda: pyclag.bid(state, 0), WrongPhaseError, reason)
    refused(state, lambda: pyclag.play(state, card), WrongPhaseError, reason)
    refused(state, lambda: pyclag.apply(state, Bid(seat, 0)), WrongPhaseError, reason)
    refused(state, lambda: pyclag.apply(state, Play(seat, card)), WrongPhaseError, reason)


# --- the machine ------------------------------------------------------------------------


def _in(*phases: Phase) -> Callable[[ClagMachine], bool]:
    return lambda machine: pyclag.phase(machine.state) in phases


class ClagMachine(RuleBasedStateMachine):
    """Random legal play, illegal probes, and the invariants after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.state = pyclag.new_game(NORMAL, players=3)
        self.first_dealer = 0

    def _start(self, rules: RuleSet, players: int, first_dealer: int) -> None:
        self.state = pyclag.new_game(rules, players=players, first_dealer=first_dealer)
        self.first_dealer = first_dealer
        assert pyclag.phase(self.state) is Phase.DEAL and self.state.history == ()

    @initialize(rules=rule_sets(), data=st.data())
    def start(self, rules: RuleSet, data: st.DataObject) -> None:
        players = data.draw(st.integers(3, 7), label="players")
        self._start(rules, players, data.draw(st.integers(0, players - 1), label="dealer"))

    @precondition(lambda m: pyclag.is_over(m.state))
    @rule(rules=rule_sets(), data=st.data())
    def probe_the_end_then_start_another_game(self, rules: RuleSet, data: st.DataObject) -> None:
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
        players = data.draw(st.integers(3, 7), label="players")
        self._start(rules, players, data.draw(st.integers(0, players - 1), label="dealer"))

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

    # --- illegal probes: bids -----------------------------------------------------------

    @precondition(_in(Phase.BID))
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
            pyclag.phase(m.state) is Phase.BID
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

    @precondition(_in(Phase.BID))
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

    @precondition(_in(Phase.BID, Phase.PLAY))
    @rule(data=st.data())
    def action_by_the_wrong_seat(self, data: st.DataObject) -> None:
        state, rnd = self.state, self.state.round
        others = [seat for seat in range(state.players) if seat != rnd.to_act]
        seat = data.draw(st.sampled_from(others), label="seat")
        action: Action
        if rnd.phase is Phase.BID:
            action = Bid(seat, data.draw(st.integers(0, rnd.hand_size), label="bid"))
        else:
            cards = rnd.hands[seat].cards or DECK
            action = Play(seat, data.draw(st.sampled_from(cards), label="card"))
        error = refused(
            state, lambda: pyclag.apply(state, action), OutOfTurnError, Reason.OUT_OF_TURN
        )
        assert error.legal == pyclag.legal_actions(state)

    @precondition(_in(Phase.BID))
    @rule(data=st.data())
    def play_during_bidding(self, data: st.DataObject) -> None:
        state, rnd = self.state, self.state.round
        seat = rnd.to_act
        assert isinstance(seat, int)
        card = data.draw(st.sampled_from(rnd.hands[seat].cards), label="card")
        wrong = WrongPhaseError, Reason.WRONG_PHASE
        refused(state, lambda: pyclag.play(state, card), *wrong)
        refused(state, lambda: pyclag.apply(state, Play(seat, card)), *wrong)
        refused(state, lambda: pyclag.legal_plays(state), *wrong)

    @precondition(_in(Phase.PLAY))
    @rule(tricks=st.integers(0, 7))
    def bid_during_play(self, tricks: int) -> None:
        state = self.state
        seat = state.round.to_act
        assert isinstance(seat, int)
        wrong = WrongPhaseError, Reason.WRONG_PHASE
        refused(state, lambda: pyclag.bid(state, tricks), *wrong)
        refused(state, lambda: pyclag.apply(state, Bid(seat, tricks)), *wrong)
        refused(state, lambda: pyclag.legal_bids(state), *wrong)

    @precondition(_in(Phase.DEAL))
    @rule(data=st.data())
    def player_action_at_a_deal(self, data: st.DataObject) -> None:
        state = self.state
        seat = data.draw(st.integers(0, state.players - 1), label="seat")
        card = data.draw(st.sampled_from(DECK), label="card")
        refused_bids_and_plays(state, seat, card, Reason.WRONG_PHASE)

    # --- illegal probes: plays ---------------------------------------------------------------

    @precondition(_in(Phase.PLAY))
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
        led = state.round.trick[0].card.suit
        assert error.legal == pyclag.legal_plays(state)
        assert all(isinstance(c, Card) and c.suit is led for c in error.legal)

    # --- illegal probes: the deal ------------------------------------------------------------

    @precondition(_in(Phase.DEAL))
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
        bad = IllegalActionError, Reason.BAD_DECK
        refused(state, lambda: pyclag.deal(state, deck=deck), *bad)
        refused(state, lambda: pyclag.apply(state, Deal(tuple(deck))), *bad)

    # --- invariants ----------------------------------------------------------------------------

    @invariant()
    def state_is_consistent(self) -> None:
        """Card conservation, next_actor against phase, scores against history,
        dealer rotation: for the current state."""
        check_card_conservation(self.state)
        check_next_actor(self.state)
        check_scores(self.state)
        check_dealer_rotation(self.state, self.first_dealer)


def worth_probing(state: GameState) -> bool:
    """The dealer's bid (the hook's probes need it), and a play where the seat could renounce."""
    rnd = state.round
    if rnd.phase is Phase.BID:
        return rnd.to_act == rnd.dealer
    return bool(renounces(state))


def renounces(state: GameState) -> list[Card]:
    """Cards the seat to act holds off the led suit while it holds the led suit."""
    rnd = state.round
    seat = rnd.to_act
    if not rnd.trick or not isinstance(seat, int):
        return []
    held = rnd.hands[seat]
    led = rnd.trick[0].card.suit
    if not held.of_suit(led):
        return []
    return [card for card in held if card.suit is not led]


def check_card_conservation(state: GameState) -> None:
    """Hands + cards played this round + turn-up + stock are the 52 distinct cards."""
    rnd = state.round
    setup = rnd.setup
    if setup.deck is None:  # waiting for the deal: nothing dealt, nothing bid
        assert rnd.phase is Phase.DEAL
        assert all(mask == 0 for mask in rnd.masks) and all(b is None for b in rnd.bids)
        return
    dealt = setup.players * setup.hand_size
    held = [card for hand in rnd.hands for card in hand]
    played = [play.card for trick in rnd.tricks for play in trick.plays]
    played += [play.card for play in rnd.trick]
    turnup = [] if setup.turnup is None else [setup.turnup]
    stock = list(setup.deck[dealt + len(turnup) :])
    everything = held + played + turnup + stock
    assert len(everything) == 52 and set(everything) == set(DECK)
    assert set(held + played) == set(setup.deck[:dealt])


def check_next_actor(state: GameState) -> None:
    """next_actor agrees with the phase: CHANCE at a deal, the seat due at a bid
    or play, None once the game is over."""
    rnd, actor, current = state.round, pyclag.next_actor(state), pyclag.phase(state)
    n = state.players
    if current is Phase.DEAL:
        assert actor is CHANCE
    elif current is Phase.BID:
        made = sum(b is not None for b in rnd.bids)
        assert made < n and actor == rnd.setup.bidding_order[made]
    elif current is Phase.PLAY:
        assert all(b is not None for b in rnd.bids)
        assert actor == (rnd.leader + len(rnd.trick)) % n
        assert isinstance(actor, int) and rnd.hands[actor]
    else:
        assert current is Phase.GAME_OVER and actor is None
        assert pyclag.is_over(state)
        assert len(state.history) == len(state.rules.schedule)


def check_scores(state: GameState) -> None:
    """The running scores are the sums of the history's round points."""
    running = [0] * state.players
    for result in state.history:
        running = [total + p for total, p in zip(running, result.points, strict=True)]
        assert result.totals == tuple(running)
    assert state.scores == tuple(running)


def check_dealer_rotation(state: GameState, first_dealer: int) -> None:
    """The deal passes one seat left every round, from the first dealer."""
    n = state.players
    for k, result in enumerate(state.history):
        assert result.setup.index == k
        assert result.setup.dealer == (first_dealer + k) % n
    index = state.round.setup.index
    assert index == (len(state.history) - 1 if pyclag.is_over(state) else len(state.history))
    assert state.round.dealer == (first_dealer + index) % n


TestClagMachine = ClagMachine.TestCase
TestClagMachine.settings = settings(max_examples=150, stateful_step_count=30, deadline=None)
