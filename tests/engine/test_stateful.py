"""A rule-based state machine over normal-round games and the five presets (DESIGN.md §8).

It plays seeded random legal actions through short normal games of 3-7 players
with drawn options, and through games of every preset at every player count it
allows (whole games, often started part-way in by random play so that the
special deals come up), and in between probes illegal actions: each must raise
its exact error class and reason and leave the state it was given unchanged.
The probes cover every phase: bids, plays, the deal, the RAF dealer's hand
size, the RAF call, the dealer's trump declaration, wild twos, bids in a round
without bids, and the RAF face-down shuffle. The invariants run after every step.

The machine's base, with legal play, the probes of bids, plays and the deal and the
invariants, is in :mod:`tests.engine.stateful_machine`; the probes of the special phases are
here.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    precondition,
    rule,
    run_state_machine_as_test,
)

import pyclag
from pyclag import (
    DECK,
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
    ShuffleHands,
    Suit,
)
from pyclag.errors import (
    IllegalBidError,
    IllegalCallError,
    IllegalChanceError,
    IllegalDeclarationError,
    IllegalHandSizeError,
    IllegalPlayError,
    IllegalTrumpError,
    OutOfTurnError,
    Reason,
    WrongPhaseError,
)
from pyclag.rules import NO_TRUMPS, TURN_UP, Precedence
from pyclag.rules.deals import Bidding
from tests.engine.stateful_machine import ClagMachineBase, in_phase
from tests.engine.stateful_support import (
    PHASE_OF,
    PRESET_TABLES,
    refused,
    refused_bids_and_plays,
    wild_twos,
)


class ClagMachine(ClagMachineBase):
    """Random legal play, illegal probes, and the invariants after every step."""

    # --- illegal probes: the special phases ---------------------------------------------------

    @precondition(in_phase(Phase.CHOOSE_HAND_SIZE, Phase.CALL, Phase.DECLARE_TRUMP, Phase.SHUFFLE))
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

    @precondition(in_phase(Phase.CHOOSE_HAND_SIZE))
    @rule(size=st.sampled_from((0, 1, 2, 8, 9, 13, 52, -5, True, 5.0, "5", None)))
    def bad_hand_size(self, size: Any) -> None:
        """The RAF dealer chooses 3..7 cards (§2.3): anything else, or a lookalike
        of a legal size, is refused."""
        state = self.state
        seat = state.round.to_act
        assert isinstance(seat, int)
        bad = IllegalHandSizeError, Reason.BAD_HAND_SIZE
        error = refused(state, lambda: pyclag.choose_hand_size(state, size), *bad)
        assert error.legal == pyclag.legal_hand_sizes(state) == (3, 4, 5, 6, 7)
        refused(state, lambda: pyclag.apply(state, ChooseHandSize(seat, size)), *bad)

    @precondition(in_phase(Phase.CALL))
    @rule(data=st.data())
    def bad_call(self, data: st.DataObject) -> None:
        """A call that is none of the 696 (Decision 5): a suit mode the options do
        not allow, a non-suit, a flag or madness of the wrong type, or no Call at all."""
        state = self.state
        seat = state.round.to_act
        assert isinstance(seat, int)
        calls = state.round.setup.played.calls
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

    @precondition(in_phase(Phase.CALL))
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
        # The caller's legal calls are the caller's to be told (issue 30 item 1).
        assert refused(state, lambda: pyclag.call(state, choice), *turn).legal == ()
        assert refused(state, lambda: pyclag.apply(state, choice), *turn).legal == ()

    @precondition(in_phase(Phase.DECLARE_TRUMP))
    @rule(value=st.sampled_from((None, "H", "hearts", 2, 0, NO_TRUMPS, Precedence("HCDS"))))
    def bad_trump_declaration(self, value: Any) -> None:
        """The dealer names one of the four suits (no trumps only under
        dealer_calls_allow_nt, A11): anything else is refused."""
        state = self.state
        seat = state.round.to_act
        assert isinstance(seat, int)
        legal = pyclag.legal_trumps(state)
        no_trumps = state.rules.options["dealer_calls_allow_nt"] is True
        assert legal == ((*Suit, NO_TRUMPS) if no_trumps else tuple(Suit))
        if value in legal:  # NO_TRUMPS where the dealer may call no trumps
            value = "no trumps"
        bad = IllegalTrumpError, Reason.BAD_TRUMP
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
        if type(named) is Card:
            refused(state, lambda: pyclag.apply(state, Play(seat, two, named)), *bad)
        else:  # a Play holds only cards: refused where it is made
            with pytest.raises(TypeError, match="Play: as_card must be a Card"):
                Play(seat, two, named)
        naturals = [c for c in pyclag.legal_plays(state) if c.rank is not Rank.TWO]
        if naturals:
            card = data.draw(st.sampled_from(naturals), label="natural card")
            target = legal[0]
            refused(state, lambda: pyclag.play(state, card, target), *bad)

    @precondition(
        lambda m: (
            pyclag.phase(m.state) is Phase.PLAY
            and m.state.round.setup.played.twos is None
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
            and m.state.round.setup.played.twos is not None
            and not m.state.round.setup.played.twos.may_lead
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
            pyclag.phase(m.state) is Phase.PLAY and not m.state.round.setup.played.bidding.has_bids
        )
    )
    @rule(tricks=st.integers(0, 7))
    def bid_in_a_round_without_bids(self, tricks: int) -> None:
        """Misère (contracts forced to 0) and most tricks (no contracts) have no
        bidding: a bid in their play is refused as forced (§2.0, DESIGN.md §5:
        an IllegalBidError with Reason.FORCED_BID); asking for the bids is the
        wrong phase."""
        state, rnd = self.state, self.state.round
        seat = rnd.to_act
        assert isinstance(seat, int)
        forced = rnd.setup.played.bidding is Bidding.FORCED_ZERO
        assert rnd.bids == ((0,) if forced else (None,)) * state.players
        wrong = WrongPhaseError, Reason.WRONG_PHASE
        forced_bid = IllegalBidError, Reason.FORCED_BID
        refused(state, lambda: pyclag.bid(state, tricks), *forced_bid)
        refused(state, lambda: pyclag.apply(state, Bid(seat, tricks)), *forced_bid)
        refused(state, lambda: pyclag.legal_bids(state), *wrong)

    @precondition(in_phase(Phase.SHUFFLE))
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
        piles: list[list[Any]] = [list(pile) for pile in action.piles]
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
        bad = IllegalChanceError, Reason.BAD_SHUFFLE
        refused(state, lambda: pyclag.apply(state, ShuffleHands(orders)), *bad)


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
