"""The decision table agrees with the engine (DESIGN.md §4a): for every phase
of every preset, the row found for a state names its phase, its actor, its
legal set; a legal action applies and reads back from its notation; an
illegal one is refused by that row's rule, with that rule's reason."""

from __future__ import annotations

import random

import pytest

import pyclag
from pyclag import (
    DECK,
    Bid,
    Call,
    CallChoice,
    ChooseHandSize,
    Deal,
    DeclareTrump,
    Draw,
    IllegalActionError,
    Phase,
    Play,
    ShuffleHands,
)
from pyclag.engine import play_out
from pyclag.engine.decisions import BY_PHASE, DECISIONS, decision, round_phases
from pyclag.engine.state import GameState
from pyclag.records.model import ROUND_FIELDS
from pyclag.rules.trumps import Precedence

VARIANTS = [
    ("wikipedia", {}),
    ("wikipedia", {"phase2": "six"}),
    ("scottish", {}),
    ("scottish", {"scottish_draw_each_round": True}),
    ("raf", {"num_deals": 6}),
    ("raf", {"num_deals": 4, "first_deal_caller": "eldest", "raf_trumps_from_turnup": True}),
    ("indonesian", {}),
    ("pagat", {"dealer_calls_allow_nt": True}),
]


def _illegal(state: GameState) -> object:
    """An action of the pending decision's kind that its rule refuses."""
    rnd = state.round
    seat = rnd.to_act
    kind = BY_PHASE[rnd.phase].action
    held = rnd.masks[seat] if isinstance(seat, int) else 0
    unheld = next(card for card in DECK if not held & card.mask)
    illegal: dict[type, object] = {
        Bid: Bid(seat, rnd.setup.hand_size + 1),  # type: ignore[arg-type]
        Play: Play(seat, unheld) if isinstance(seat, int) else None,
        Call: Call(seat, Precedence("HCDS"), nuloss=1),  # type: ignore[arg-type]
        ChooseHandSize: ChooseHandSize(seat, 99),  # type: ignore[arg-type]
        DeclareTrump: DeclareTrump(seat, Precedence("HCDS")),  # type: ignore[arg-type]
        Deal: Deal(DECK[:51]),
        ShuffleHands: ShuffleHands(()),
        Draw: Draw(()),
    }
    return illegal[kind]


@pytest.mark.parametrize(("preset", "options"), VARIANTS)
@pytest.mark.parametrize("players", [4, 5])
def test_design_4a_every_row_agrees_with_the_state(
    preset: str, options: dict[str, object], players: int
) -> None:
    rules = pyclag.presets.get(preset, **options)
    rng = random.Random(players)
    state = pyclag.new_game(rules, players)
    expected: set[Phase] = set()
    seen: set[Phase] = set()
    previous = None
    while not pyclag.is_over(state):
        rnd = state.round
        row = decision(state)
        assert row is BY_PHASE[rnd.phase]
        phases = round_phases(rnd.setup.played, rules)
        expected |= set(phases)
        assert row.phase in phases
        seen.add(row.phase)
        if rnd.phase is not previous and not rnd.bids[0] and not rnd.trick and not rnd.tricks:
            assert rnd.to_act == row.actor(rnd.setup), f"{row.noun}: who acts first"
        previous = rnd.phase
        legal = pyclag.legal_actions(state)
        assert legal == row.legal(state)
        action: pyclag.Action
        if row.sample is not None:
            assert legal == ()
            assert rnd.to_act is pyclag.CHANCE
            action = row.sample(state, rng)
        else:
            assert legal, f"{row.noun}: a decision has a legal action"
            assert all(type(a) is row.action and a.seat == rnd.to_act for a in legal)
            assert all(pyclag.is_legal(state, a) for a in legal)
            assert all(row.check(state, a) is None for a in legal)
            action = legal[int(rng.random() * len(legal))]
        assert pyclag.parse_action(state, str(action)) == action
        illegal = _illegal(state)
        refusal = row.check(state, illegal)
        assert refusal is not None, f"{row.noun}: {illegal} is refused by its rule"
        assert not pyclag.is_legal(state, illegal)
        with pytest.raises(IllegalActionError) as raised:
            pyclag.apply(state, illegal)  # type: ignore[arg-type]
        assert type(raised.value) is refusal.error
        assert raised.value.reason is refusal.reason
        state = pyclag.apply(state, action)
    assert seen <= expected
    assert expected - seen <= {Phase.SHUFFLE}, "every phase the game had was walked"


def test_design_4a_the_table_runs_in_the_order_of_the_phases() -> None:
    order = list(Phase)
    assert [row.phase for row in DECISIONS] == sorted(
        (row.phase for row in DECISIONS), key=order.index
    )
    assert set(BY_PHASE) == set(Phase) - {Phase.ROUND_OVER, Phase.GAME_OVER}


def test_design_4a_every_round_record_field_is_a_row() -> None:
    assert set(ROUND_FIELDS) == {row.record_field for row in DECISIONS}


def test_design_4a_legal_actions_is_empty_at_chance_and_at_the_end() -> None:
    state = pyclag.new_game(pyclag.NORMAL.with_schedule([1]), 3)
    assert pyclag.legal_actions(state) == ()
    end = play_out(state, random.Random(1))
    assert pyclag.legal_actions(end) == ()
    assert pyclag.outcome(state) is None
    outcome = pyclag.outcome(end)
    assert outcome is not None
    assert outcome.scores == end.scores and outcome.winners == pyclag.winners(end)


def test_design_4a_a_call_choice_is_the_call_without_its_seat() -> None:
    call = Call(2, pyclag.Suit.HEARTS, blind=True)
    assert call.choice == CallChoice(pyclag.Suit.HEARTS, blind=True)
    assert call.choice.by(2) == call
    assert str(call) == str(call.choice) == "trumps:H blind"


def test_design_4a_parse_action_refuses_what_apply_refuses() -> None:
    state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
    with pytest.raises(pyclag.RecordError, match="bad bid text"):
        pyclag.parse_action(state, "three")
    with pytest.raises(pyclag.IllegalBidError) as raised:
        pyclag.parse_action(state, "4")
    assert raised.value.reason is pyclag.Reason.BID_OUT_OF_RANGE
    playing = pyclag.bid(pyclag.bid(pyclag.bid(state, 1), 1), 0)
    unheld = next(card for card in DECK if card not in playing.round.hands[1])
    with pytest.raises(pyclag.IllegalPlayError) as refused:
        pyclag.parse_action(playing, str(unheld))
    assert refused.value.reason is pyclag.Reason.CARD_NOT_HELD
