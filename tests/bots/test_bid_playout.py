"""The playouts to the bid of :func:`pyclag.bots.playouts.bid_playout`: the
same deal as the engine plays with the same cards, and the same cards as the
rule the docstring states, chosen over the engine's states one step at a time."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag.actions import Play
from pyclag.bots import HeuristicBot
from pyclag.bots.playouts import bid_playout
from pyclag.engine.state import GameState, Phase


def _strength(state: GameState, index: int) -> tuple[int, int]:
    """A card's strength in the trick (by the suit led; on the lead, its own
    suit) and its strength in its own suit, from the round's rules."""
    rnd = state.round
    rules = rnd.setup.round_rules
    assert rules is not None
    own = rules.tables[index // 13][index]
    if not rnd.trick:
        return own, own
    return rules.tables[rnd.trick[0].card.index // 13][index], own


def _reference(state: GameState, rng: random.Random, wander: float) -> tuple[int, ...]:
    """The docstring's rule, step by step through the engine's legal actions."""
    this_round = len(state.history)
    while state.round.phase is Phase.BID:
        choices = pyclag.legal_actions(state)
        state = pyclag.apply(state, choices[int(rng.random() * len(choices))])
    while len(state.history) == this_round:
        rnd = state.round
        seat = rnd.to_act
        assert isinstance(seat, int)
        options = [a.card.index for a in pyclag.legal_actions(state) if isinstance(a, Play)]
        if len(options) == 1 or rng.random() < wander:
            index = options[int(rng.random() * len(options))]
        else:
            rules = rnd.setup.round_rules
            assert rules is not None
            bid = rnd.bids[seat]
            wants = bid is not None and rnd.tricks_won[seat] < bid
            ranked = sorted(options, key=lambda i: _strength(state, i))
            if not rnd.trick:
                index = ranked[-1] if wants else ranked[0]
            else:
                top = max(_strength(state, play.card.index)[0] for play in rnd.trick)
                above = [i for i in ranked if _strength(state, i)[0] > top]
                below = [i for i in ranked if _strength(state, i)[0] < top]
                if wants:
                    index = above[0] if above else ranked[0]
                else:
                    index = below[-1] if below else ranked[-1]
        state = pyclag.apply(state, Play(seat, pyclag.cards.DECK[index]))
    return state.history[this_round].points


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10_000),
    st.integers(3, 6),
    st.integers(1, 8),
    st.integers(0, 30),
    st.sampled_from([0.0, 0.2, 1.0]),
)
def test_bid_playout_plays_the_rule_it_states(
    seed: int, players: int, size: int, steps: int, wander: float
) -> None:
    """From any point of a plain deal (bids still to make included), the
    playout's points are the engine's for the cards its rule chooses."""
    rules = pyclag.NORMAL.with_schedule([size])
    state = pyclag.deal(pyclag.new_game(rules, players), rng=random.Random(seed))
    for _ in range(steps):
        if state.history:
            break
        seat = state.round.to_act
        assert isinstance(seat, int)
        state = pyclag.apply(state, HeuristicBot().choose(pyclag.observe(state, seat)))
    if state.history:
        return
    expected = _reference(state, random.Random(seed), wander)
    assert bid_playout(state, random.Random(seed), wander) == expected


@pytest.mark.parametrize(
    ("wander", "error"), [(-0.1, pyclag.RulesError), (1.5, pyclag.RulesError), ("0", TypeError)]
)
def test_bid_playout_refuses_a_wander_outside_0_to_1(wander: object, error: type) -> None:
    """The errors policy: the share of random cards is a number in 0..1, by name."""
    state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(1))
    with pytest.raises(error, match="bid_playout: wander must be a number"):
        bid_playout(state, random.Random(1), wander)  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", pyclag.presets.names())
def test_bid_playout_finishes_every_presets_deals(preset: str) -> None:
    """Special deals (wild twos, blind bids, misère, a call) end in the deal's points,
    by the random playout where the rule does not apply."""
    rules = pyclag.presets.get(preset)
    if preset == "raf":
        rules = pyclag.presets.get("raf", num_deals=3)
    rng = random.Random(4)
    state = pyclag.new_game(rules, 4)
    while not pyclag.is_over(state):
        if state.round.phase is Phase.PLAY or state.round.phase is Phase.BID:
            done = len(state.history)
            points = bid_playout(state, rng)
            assert len(points) == 4 and all(isinstance(p, int) for p in points)
            assert len(state.history) == done  # the state passed in is unchanged
        seat = state.round.to_act
        if isinstance(seat, int):
            state = pyclag.apply(state, HeuristicBot().choose(pyclag.observe(state, seat)))
        else:
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
