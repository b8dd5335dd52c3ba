"""A rule-based state machine over normal-round games and the five presets (DESIGN.md §8).

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

import functools
import pickle
import random
from collections.abc import Callable
from typing import Any, Final

import attrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import pyclag
from pyclag import (
    CHANCE,
    DECK,
    NORMAL,
    Action,
    Bid,
    Call,
    Card,
    ChooseHandSize,
    Deal,
    DeclareTrump,
    GameState,
    Phase,
    Play,
    Rank,
    RuleSet,
    ShuffleHands,
    Suit,
)
from pyclag.errors import (
    IllegalActionError,
    IllegalBidError,
    IllegalCallError,
    IllegalDeclarationError,
    IllegalPlayError,
    OutOfTurnError,
    Reason,
    WrongPhaseError,
)
from pyclag.playout import play_out
from pyclag.rules import NO_TRUMPS, TURN_UP, Precedence
from pyclag.rules.deals import Bidding, Reveal
from tests.conftest import assert_round_trips

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


PRESET_TABLES: Final = tuple(
    (name, players)
    for name, low, high in (
        ("wikipedia", 3, 7),
        ("scottish", 3, 7),
        ("raf", 3, 7),
        ("indonesian", 4, 7),
        ("pagat", 4, 7),
    )
    for players in range(low, high + 1)
)
"""Every preset at every player count it allows (RULES.md §2.8)."""


@st.composite
def preset_rules(draw: st.DrawFn, name: str) -> RuleSet:
    """The preset ``name`` with some of its options drawn (each shrinks to the default)."""
    options: dict[str, object] = {}

    def maybe(option: str, values: tuple[object, ...]) -> None:
        value = draw(st.one_of(st.none(), st.sampled_from(values)), label=option)
        if value is not None:
            options[option] = value

    flags = (True, False)
    if name == "wikipedia":
        options["phase2"] = draw(st.sampled_from(("eight", "six")), label="phase2")
    if name == "indonesian":
        maybe("undescribed_rounds", ("pagat", "normal"))
    if name == "raf":
        # The eldest calls deal 1 half of the time, so that calls come early.
        options["first_deal_caller"] = draw(st.sampled_from(("eldest", "none")), label="caller")
        maybe("raf_trumps_from_turnup", flags)
    if name in ("wikipedia", "indonesian", "pagat"):
        maybe("dealer_calls_allow_nt", flags)
        for option in ("twos_natural_suit", "twos_any_identity"):
            maybe(option, flags)
        # Twos may not lead half of the time: rule 6's probe needs it.
        options["twos_may_lead"] = draw(st.booleans(), label="twos_may_lead")
    return pyclag.presets.get(name, **options)


Table = tuple[RuleSet, int, int, int]
"""Rules, players, first dealer, and how many rounds to play at random first."""


@st.composite
def tables(draw: st.DrawFn, only: tuple[str, int] | None = None) -> Table:
    """NORMAL over a short schedule, or a preset at one of its player counts
    (``only``: that preset and count), often started at a special deal (rounds
    8-15) or later by random play."""
    table = only or draw(st.sampled_from((None, *PRESET_TABLES)), label="table")
    if table is None:
        rules = draw(rule_sets(), label="rules")
        players, skip = draw(st.integers(3, 7), label="players"), 0
    else:
        name, players = table
        rules = draw(preset_rules(name), label="rules")
        last = rules.num_rounds(players) - 1
        # Deal 12 (twos wild) has the most probes: a third of its presets' games start there.
        twelve = [st.just(11)] if name in ("wikipedia", "indonesian", "pagat") else []
        skip = draw(
            st.one_of(
                st.sampled_from(range(7, 15)).map(lambda k: min(k, last)),
                *twelve,
                st.sampled_from(range(last + 1)),
            ),
            label="rounds played first",
        )
    return rules, players, draw(st.integers(0, players - 1), label="dealer"), skip


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


PLAYER_PHASES: Final = (
    Phase.CHOOSE_HAND_SIZE,
    Phase.BID_BEFORE_DEAL,
    Phase.CALL,
    Phase.DECLARE_TRUMP,
    Phase.BID,
    Phase.PLAY,
)
"""The phases in which a seat decides."""
PHASE_OF: Final[dict[type, tuple[Phase, ...]]] = {
    ChooseHandSize: (Phase.CHOOSE_HAND_SIZE,),
    Call: (Phase.CALL,),
    DeclareTrump: (Phase.DECLARE_TRUMP,),
    ShuffleHands: (Phase.SHUFFLE,),
}
"""The phase of each special decision."""


def _in(*phases: Phase) -> Callable[[ClagMachine], bool]:
    return lambda machine: pyclag.phase(machine.state) in phases


class ClagMachine(RuleBasedStateMachine):
    """Random legal play, illegal probes, and the invariants after every step."""

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
            self.state = play_out(self.state, random.Random(seed), rounds=skip)
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

    @precondition(_in(Phase.BID, Phase.BID_BEFORE_DEAL))
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

    @precondition(_in(Phase.BID, Phase.BID_BEFORE_DEAL))
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

    @precondition(_in(*PLAYER_PHASES))
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
        assert error.legal == pyclag.legal_actions(state)

    @precondition(_in(Phase.BID, Phase.BID_BEFORE_DEAL))
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
        led = state.round.trick[0].effective.suit
        assert error.legal == pyclag.legal_plays(state)
        # With wild twos a two may still be played (declared in the suit led, rule 4).
        wild = state.round.setup.spec.twos is not None
        assert all(
            isinstance(c, Card) and (c.suit is led or (wild and c.rank is Rank.TWO))
            for c in error.legal
        )

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

    # --- illegal probes: the special phases ---------------------------------------------------

    @precondition(_in(Phase.CHOOSE_HAND_SIZE, Phase.CALL, Phase.DECLARE_TRUMP, Phase.SHUFFLE))
    @rule(data=st.data())
    def action_of_another_phase(self, data: st.DataObject) -> None:
        """Bids, plays, a deal and every other phase's decision are refused as
        wrong-phase while the RAF dealer chooses, the caller calls, the dealer
        declares trumps or the hands are shuffled face down."""
        state, rnd = self.state, self.state.round
        seat = rnd.to_act if isinstance(rnd.to_act, int) else 0
        card = data.draw(st.sampled_from(DECK), label="card")
        wrong = WrongPhaseError, Reason.WRONG_PHASE
        refused_bids_and_plays(state, seat, card, Reason.WRONG_PHASE)
        refused(state, lambda: pyclag.apply(state, Deal(DECK)), *wrong)
        others: list[Action] = [
            ChooseHandSize(seat, 5),
            Call(seat, NO_TRUMPS),
            DeclareTrump(seat, Suit.SPADES),
            ShuffleHands(tuple(hand.cards for hand in rnd.hands)),
        ]
        for action in others:
            if rnd.phase not in PHASE_OF[type(action)]:
                refused(state, functools.partial(pyclag.apply, state, action), *wrong)
        queries: dict[Phase, Callable[[GameState], object]] = {
            Phase.CHOOSE_HAND_SIZE: pyclag.legal_hand_sizes,
            Phase.CALL: pyclag.legal_calls,
            Phase.DECLARE_TRUMP: pyclag.legal_trumps,
        }
        for phase, query in queries.items():
            if rnd.phase is not phase:
                refused(state, functools.partial(query, state), *wrong)
        if rnd.phase is not Phase.SHUFFLE:
            refused(state, lambda: pyclag.shuffle_hands(state, random.Random(0)), *wrong)
        else:
            refused(state, lambda: pyclag.deal(state, rng=random.Random(0)), *wrong)

    @precondition(_in(Phase.CHOOSE_HAND_SIZE))
    @rule(size=st.sampled_from((0, 1, 2, 8, 9, 13, 52, -5, True, 5.0, "5", None)))
    def bad_hand_size(self, size: Any) -> None:
        """The RAF dealer chooses 3..7 cards (§2.3): anything else, or a lookalike
        of a legal size, is refused."""
        state = self.state
        seat = state.round.to_act
        assert isinstance(seat, int)
        bad = IllegalActionError, Reason.BAD_HAND_SIZE
        error = refused(state, lambda: pyclag.choose_hand_size(state, size), *bad)
        assert error.legal == pyclag.legal_hand_sizes(state) == (3, 4, 5, 6, 7)
        refused(state, lambda: pyclag.apply(state, ChooseHandSize(seat, size)), *bad)

    @precondition(_in(Phase.CALL))
    @rule(data=st.data())
    def bad_call(self, data: st.DataObject) -> None:
        """A call that is none of the 696 (Decision 5): a suit mode the options do
        not allow, a non-suit, a flag or madness of the wrong type, or no Call at all."""
        state = self.state
        seat = state.round.to_act
        assert isinstance(seat, int)
        calls = state.round.setup.spec.calls
        assert calls is not None
        # Named trumps are a Suit, or TURN_UP under raf_trumps_from_turnup (A19).
        trumps: Any = TURN_UP if calls.trumps_from_turnup else Suit.HEARTS
        other: Any = Suit.HEARTS if calls.trumps_from_turnup else TURN_UP
        weird: Any = data.draw(st.sampled_from(("H", None, 1, "yes", 1.0)), label="value")
        madness: Any = data.draw(st.sampled_from(("ascending", 1, True)), label="madness")
        flag = data.draw(st.sampled_from(("nuloss", "blind", "misere")), label="flag")
        choice = data.draw(
            st.sampled_from(
                (
                    Call(seat, other),
                    Call(seat, weird),
                    Call(seat, trumps, **{flag: weird}),
                    Call(seat, Precedence("HCDS"), madness=madness),
                )
            ),
            label="call",
        )
        bad = IllegalCallError, Reason.BAD_CALL
        error = refused(state, lambda: pyclag.call(state, choice), *bad)
        assert error.legal == pyclag.legal_calls(state)
        refused(state, lambda: pyclag.apply(state, choice), *bad)
        stranger: Any = Bid(seat, 0)
        refused(state, lambda: pyclag.call(state, stranger), *bad)

    @precondition(_in(Phase.CALL))
    @rule(data=st.data())
    def call_for_another_seat(self, data: st.DataObject) -> None:
        """A legal call, made for a seat that is not the caller (A18)."""
        state = self.state
        caller = state.round.to_act
        assert isinstance(caller, int) and caller == state.round.setup.caller
        seat = data.draw(
            st.sampled_from([s for s in range(state.players) if s != caller]), label="seat"
        )
        legal = pyclag.legal_calls(state)
        choice = attrs.evolve(data.draw(st.sampled_from(legal), label="call"), seat=seat)
        turn = OutOfTurnError, Reason.OUT_OF_TURN
        assert refused(state, lambda: pyclag.call(state, choice), *turn).legal == legal
        assert refused(state, lambda: pyclag.apply(state, choice), *turn).legal == legal

    @precondition(_in(Phase.DECLARE_TRUMP))
    @rule(value=st.sampled_from((None, "H", "hearts", 2, 0, NO_TRUMPS, Precedence("HCDS"))))
    def bad_trump_declaration(self, value: Any) -> None:
        """The dealer names one of the four suits (no trumps only under
        dealer_calls_allow_nt, A11): anything else is refused."""
        state = self.state
        seat = state.round.to_act
        assert isinstance(seat, int)
        legal = pyclag.legal_trumps(state)
        no_trumps = state.rules.options["dealer_calls_allow_nt"] is True
        assert legal == ((*Suit, None) if no_trumps else tuple(Suit))
        if value in legal:  # None where the dealer may call no trumps
            value = "no trumps"
        bad = IllegalCallError, Reason.BAD_CALL
        error = refused(state, lambda: pyclag.declare_trump(state, value), *bad)
        assert error.legal == legal
        refused(state, lambda: pyclag.apply(state, DeclareTrump(seat, value)), *bad)

    @precondition(lambda m: bool(wild_twos(m.state)))
    @rule(data=st.data())
    def wild_two_without_a_declaration(self, data: st.DataObject) -> None:
        """A wild two must name the card it stands for (§2.0 rule 1)."""
        state = self.state
        seat = state.round.to_act
        assert isinstance(seat, int)
        two = data.draw(st.sampled_from(wild_twos(state)), label="two")
        bad = IllegalDeclarationError, Reason.BAD_DECLARATION
        error = refused(state, lambda: pyclag.play(state, two), *bad)
        assert error.legal == pyclag.legal_declarations(state, two)
        refused(state, lambda: pyclag.apply(state, Play(seat, two)), *bad)

    @precondition(lambda m: bool(wild_twos(m.state)))
    @rule(data=st.data())
    def wild_two_with_an_illegal_declaration(self, data: st.DataObject) -> None:
        """A wild two named as a card it may not stand for: one already named in
        the trick (rule 3), off the suit led when the seat holds it (rule 4), one
        the options forbid (rules 7, 8), or no card at all; and a natural card
        that names another."""
        state, rnd = self.state, self.state.round
        seat = rnd.to_act
        assert isinstance(seat, int)
        two = data.draw(st.sampled_from(wild_twos(state)), label="two")
        legal = pyclag.legal_declarations(state, two)
        strangers: list[Any] = ["AS", 14, two.rank]
        named: Any = data.draw(
            st.sampled_from([c for c in DECK if c not in legal] + strangers), label="named"
        )
        bad = IllegalDeclarationError, Reason.BAD_DECLARATION
        error = refused(state, lambda: pyclag.play(state, two, named), *bad)
        assert error.legal == legal
        refused(state, lambda: pyclag.apply(state, Play(seat, two, named)), *bad)
        naturals = [c for c in pyclag.legal_plays(state) if c.rank is not Rank.TWO]
        if naturals:
            card = data.draw(st.sampled_from(naturals), label="natural card")
            target = legal[0]
            refused(state, lambda: pyclag.play(state, card, target), *bad)

    @precondition(
        lambda m: (
            pyclag.phase(m.state) is Phase.PLAY
            and m.state.round.setup.spec.twos is None
            and bool(pyclag.legal_plays(m.state))
        )
    )
    @rule(data=st.data())
    def declaration_where_twos_are_not_wild(self, data: st.DataObject) -> None:
        """Outside a twos-wild round no card, not even a two, names another."""
        state = self.state
        card = data.draw(st.sampled_from(pyclag.legal_plays(state)), label="card")
        named = data.draw(st.sampled_from(DECK), label="named")
        bad = IllegalDeclarationError, Reason.BAD_DECLARATION
        refused(state, lambda: pyclag.play(state, card, named), *bad)

    @precondition(
        lambda m: (
            pyclag.phase(m.state) is Phase.PLAY
            and not m.state.round.trick
            and m.state.round.setup.spec.twos is not None
            and not m.state.round.setup.spec.twos.may_lead
            and any(c.rank is Rank.TWO for c in m.state.round.hands[m.state.round.leader])
            and any(c.rank is not Rank.TWO for c in m.state.round.hands[m.state.round.leader])
        )
    )
    @rule(data=st.data())
    def wild_two_led_where_twos_may_not_lead(self, data: st.DataObject) -> None:
        """Under twos_may_lead=False a seat that holds another card may not lead a two (rule 6)."""
        state, rnd = self.state, self.state.round
        twos = [c for c in rnd.hands[rnd.leader] if c.rank is Rank.TWO]
        two = data.draw(st.sampled_from(twos), label="two")
        named = data.draw(st.sampled_from(DECK), label="named")
        assert two not in pyclag.legal_plays(state)
        bad = IllegalPlayError, Reason.TWO_MAY_NOT_LEAD
        refused(state, lambda: pyclag.play(state, two, named), *bad)

    @precondition(
        lambda m: (
            pyclag.phase(m.state) is Phase.PLAY and not m.state.round.setup.spec.bidding.has_bids
        )
    )
    @rule(tricks=st.integers(0, 7))
    def bid_in_a_round_without_bids(self, tricks: int) -> None:
        """Misère (contracts forced to 0) and most tricks (no contracts) have no
        bidding: a bid in their play is refused as wrong-phase (§2.0)."""
        state, rnd = self.state, self.state.round
        seat = rnd.to_act
        assert isinstance(seat, int)
        forced = rnd.setup.spec.bidding is Bidding.FORCED_ZERO
        assert rnd.bids == ((0,) if forced else (None,)) * state.players
        wrong = WrongPhaseError, Reason.WRONG_PHASE
        refused(state, lambda: pyclag.bid(state, tricks), *wrong)
        refused(state, lambda: pyclag.apply(state, Bid(seat, tricks)), *wrong)
        refused(state, lambda: pyclag.legal_bids(state), *wrong)

    @precondition(_in(Phase.SHUFFLE))
    @rule(
        kind=st.sampled_from(
            ("swap", "drop", "repeat", "stranger", "foreign", "short", "long", "other", "none")
        ),
        seed=st.integers(0, 2**32 - 1),
    )
    def bad_shuffle(self, kind: str, seed: int) -> None:
        """RAF Blind: a face-down order per seat, of exactly that seat's cards (§2.3)."""
        state = self.state
        action = pyclag.sample_chance(state, random.Random(seed))
        assert isinstance(action, ShuffleHands)
        piles: list[list[Any]] = [list(pile) for pile in action.orders]
        held = {card for pile in piles for card in pile}
        if kind == "swap":  # two seats' cards exchanged
            piles[0][0], piles[1][0] = piles[1][0], piles[0][0]
        elif kind == "drop":
            piles[-1].pop()
        elif kind == "repeat":
            piles[0][-1] = piles[0][0]
        elif kind == "stranger":
            piles[0][0] = str(piles[0][0])
        elif kind == "foreign":  # a card nobody holds
            piles[0][0] = next(card for card in DECK if card not in held)
        elif kind == "short":
            piles.pop()
        elif kind == "long":
            piles.append(list(piles[0]))
        elif kind == "other":  # each seat given its neighbour's pile
            piles = piles[1:] + piles[:1]
        orders: Any = None if kind == "none" else tuple(tuple(pile) for pile in piles)
        bad = IllegalActionError, Reason.BAD_SHUFFLE
        refused(state, lambda: pyclag.apply(state, ShuffleHands(orders)), *bad)

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
        """The game as far as it went is a record that replays to the same state (issue 4)."""
        assert_round_trips(self.state)


def worth_probing(state: GameState) -> bool:
    """Where the probes have most to test: the dealer's bid (the hook's probes
    need it), a play where the seat could renounce, and the special decisions."""
    rnd = state.round
    if rnd.phase in (Phase.BID, Phase.BID_BEFORE_DEAL):
        return rnd.to_act == rnd.dealer
    return special_decision(state) or bool(renounces(state))


def special_decision(state: GameState) -> bool:
    """The RAF dealer's hand size, the call, the dealer's trump, a bid before the
    deal, the face-down shuffle, a play where a wild two may be played, and the
    first play of a round without bids."""
    rnd = state.round
    if rnd.phase in (
        Phase.CHOOSE_HAND_SIZE,
        Phase.CALL,
        Phase.DECLARE_TRUMP,
        Phase.SHUFFLE,
        Phase.BID_BEFORE_DEAL,
    ):
        return True
    if rnd.phase is not Phase.PLAY:
        return False
    if not rnd.tricks and not rnd.trick and not rnd.setup.spec.bidding.has_bids:
        return True
    if rnd.setup.spec.twos is not None and not rnd.trick:  # a lead: may a two lead?
        return any(card.rank is Rank.TWO for card in rnd.hands[rnd.leader])
    return bool(wild_twos(state))


def renounces(state: GameState) -> list[Card]:
    """Cards the seat to act holds off the led suit while it holds the led suit
    (with wild twos: a natural card of it, rule 5; a two is never a renounce)."""
    rnd = state.round
    seat = rnd.to_act
    if rnd.phase is not Phase.PLAY or not rnd.trick or not isinstance(seat, int):
        return []
    held = rnd.hands[seat]
    led = rnd.trick[0].effective.suit
    twos = rnd.setup.spec.twos
    if twos is None:
        return [card for card in held if card.suit is not led] if held.of_suit(led) else []
    follows = [c for c in held.of_suit(led) if c.rank is not Rank.TWO or twos.natural_suit]
    return [c for c in held if c.suit is not led and c.rank is not Rank.TWO] if follows else []


def wild_twos(state: GameState) -> list[Card]:
    """The twos the seat to act may play as wild cards now."""
    rnd = state.round
    if rnd.phase is not Phase.PLAY or rnd.setup.spec.twos is None:
        return []
    return [card for card in pyclag.legal_plays(state) if card.rank is Rank.TWO]


def check_card_conservation(state: GameState) -> None:
    """Hands + cards played this round + turn-up + stock are the 52 distinct cards."""
    rnd = state.round
    setup = rnd.setup
    if setup.deck is None:  # waiting for the deal: nothing dealt, nothing bid but blind bids
        assert rnd.phase in (Phase.CHOOSE_HAND_SIZE, Phase.BID_BEFORE_DEAL, Phase.DEAL)
        assert all(mask == 0 for mask in rnd.masks)
        assert setup.turnup is None and setup.round_rules is None
        if setup.spec.bidding is not Bidding.BEFORE_DEAL:
            assert all(b is None for b in rnd.bids)
        elif rnd.phase is Phase.DEAL:  # pagat's blind deal: every bid before the cards
            assert all(b is not None for b in rnd.bids)
        return
    dealt = setup.players * setup.hand_size
    held = [card for hand in rnd.hands for card in hand]
    played = [play.card for trick in rnd.tricks for play in trick.plays]
    played += [play.card for play in rnd.trick]
    turnup = [] if setup.turnup is None else [setup.turnup]
    assert turnup == [] or turnup == [setup.deck[dealt]]
    stock = list(setup.deck[dealt + len(turnup) :])
    everything = held + played + turnup + stock
    assert len(everything) == 52 and set(everything) == set(DECK)
    assert set(held + played) == set(setup.deck[:dealt])


def check_next_actor(state: GameState) -> None:
    """next_actor agrees with the phase: CHANCE at a deal or a face-down shuffle,
    the dealer choosing the hand size or declaring trumps, the caller calling,
    the seat due at a bid or play, None once the game is over."""
    rnd, actor, current = state.round, pyclag.next_actor(state), pyclag.phase(state)
    n = state.players
    if current in (Phase.DEAL, Phase.SHUFFLE):
        assert actor is CHANCE
    elif current in (Phase.CHOOSE_HAND_SIZE, Phase.DECLARE_TRUMP):
        assert actor == rnd.dealer
    elif current is Phase.CALL:
        assert actor == rnd.setup.caller and actor is not None
    elif current in (Phase.BID, Phase.BID_BEFORE_DEAL):
        made = sum(b is not None for b in rnd.bids)
        assert made < n and actor == rnd.setup.bidding_order[made]
    elif current is Phase.PLAY:
        # Most tricks has no contracts; every other round has one per seat (misère: 0).
        no_bids = rnd.setup.spec.bidding is Bidding.NONE
        assert all((b is None) is no_bids for b in rnd.bids)
        assert actor == (rnd.leader + len(rnd.trick)) % n
        assert isinstance(actor, int) and rnd.hands[actor]
        assert pyclag.legal_actions(state)  # a seat to play always has a legal play
    else:
        assert current is Phase.GAME_OVER and actor is None
        assert pyclag.is_over(state)
        assert len(state.history) == state.rules.num_rounds(n)


def check_hidden_trump(state: GameState) -> None:
    """The trump is not shown before its time (§4 invariants 6, 18): not while
    the caller calls or the dealer declares, nor during Guess Trumps' and the
    Scottish blind deal's bids."""
    rnd = state.round
    hidden = rnd.phase in (Phase.CALL, Phase.DECLARE_TRUMP) or (
        rnd.phase is Phase.BID and rnd.setup.spec.reveal is Reveal.AFTER_BIDS
    )
    if hidden:
        assert rnd.turnup is None and rnd.trump is None and rnd.setup.round_rules is None
    if rnd.phase is Phase.PLAY:
        assert rnd.setup.round_rules is not None


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


@pytest.mark.parametrize(
    ("preset", "players"), PRESET_TABLES, ids=[f"{name}-{n}" for name, n in PRESET_TABLES]
)
def test_machine_plays_every_preset_at_every_player_count(preset: str, players: int) -> None:
    """The machine above on one preset and player count: every one is played."""

    class OneTable(ClagMachine):
        def __init__(self) -> None:
            super().__init__(only=(preset, players))

    run_state_machine_as_test(
        OneTable, settings=settings(max_examples=10, stateful_step_count=30, deadline=None)
    )


@pytest.mark.parametrize("lookalike", [True, 1.0], ids=["True", "1.0"])
def test_a_call_for_seat_1_given_as_a_lookalike_is_out_of_turn(lookalike: Any) -> None:
    """DESIGN.md §5: OutOfTurnError when the action's seat is not the seat to act.
    apply() refuses a Call whose seat is True or 1.0 when seat 1 calls (as it
    refuses such a Bid); call() must refuse it the same way, and keep the state."""
    rules = pyclag.presets.get("raf", first_deal_caller="eldest")
    state = pyclag.choose_hand_size(pyclag.new_game(rules, players=4), 3)
    state = pyclag.deal(state, rng=random.Random(1))
    assert pyclag.phase(state) is Phase.CALL and pyclag.next_actor(state) == 1
    choice = Call(lookalike, Suit.HEARTS)
    turn = OutOfTurnError, Reason.OUT_OF_TURN
    refused(state, lambda: pyclag.apply(state, choice), *turn)
    refused(state, lambda: pyclag.call(state, choice), *turn)
