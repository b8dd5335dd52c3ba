"""The game standing PIMCBot's ``objective="game"`` plays for
(:mod:`pyclag.bots.standing`): the chance of winning is a probability over
the seats, depends only on the differences of the totals, grows with the
seat's own total, and in the last deal is whether the seat ends on top."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag.bots import HeuristicBot, play_game
from pyclag.bots.pimc import PIMCBot
from pyclag.bots.standing import (
    TIE_BREAK,
    deal_variance,
    game_value,
    remaining_spread,
    win_chance,
)
from pyclag.engine.state import GameState
from pyclag.errors import RulesError

totals = st.lists(st.integers(-200, 400), min_size=3, max_size=7)
spreads = st.floats(0.5, 80.0)


@settings(max_examples=200, deadline=None)
@given(totals, spreads)
def test_win_chances_share_out_one_game(scores: list[int], spread: float) -> None:
    """Each seat's chance is a probability, and with deals to come (ties have
    no chance then) the seats' chances add up to one."""
    chances = [win_chance(scores, seat, spread) for seat in range(len(scores))]
    assert all(0.0 <= chance <= 1.0 for chance in chances)
    assert math.isclose(sum(chances), 1.0, abs_tol=2e-3)


@settings(max_examples=200, deadline=None)
@given(totals, spreads, st.integers(-500, 500), st.randoms(use_true_random=False))
def test_win_chance_reads_only_the_differences(
    scores: list[int], spread: float, shift: int, rng: random.Random
) -> None:
    """Points given to every seat, or the others' totals in another order,
    change nothing."""
    seat = rng.randrange(len(scores))
    chance = win_chance(scores, seat, spread)
    assert math.isclose(win_chance([s + shift for s in scores], seat, spread), chance)
    others = [s for other, s in enumerate(scores) if other != seat]
    rng.shuffle(others)
    assert math.isclose(win_chance([scores[seat], *others], 0, spread), chance)


@settings(max_examples=200, deadline=None)
@given(totals, st.floats(0.0, 80.0), st.integers(1, 50))
def test_more_points_never_lower_the_chance(scores: list[int], spread: float, gain: int) -> None:
    """Points for the seat never lower its chance; points for a rival never raise it."""
    chance = win_chance(scores, 0, spread)
    assert win_chance([scores[0] + gain, *scores[1:]], 0, spread) >= chance - 1e-12
    assert win_chance([scores[0], scores[1] + gain, *scores[2:]], 0, spread) <= chance + 1e-12


@given(totals)
def test_in_the_last_deal_the_chance_is_ending_on_top(scores: list[int]) -> None:
    """With no deals to come it is 1 on top (shared or not), else 0."""
    for seat, score in enumerate(scores):
        assert win_chance(scores, seat, 0.0) == (1.0 if score == max(scores) else 0.0)


def test_win_chance_matches_a_simulation() -> None:
    """The quadrature agrees with drawing the deals to come at random."""
    rng = random.Random(1)
    scores, spread, draws = (50, 40, 45, 30), 20.0, 100_000
    won = 0
    for _ in range(draws):
        finals = [score + rng.gauss(0, spread) for score in scores]
        won += finals[0] == max(finals)
    assert abs(win_chance(scores, 0, spread) - won / draws) < 0.005


def test_the_deals_to_come_spread_as_heuristic_bots_score() -> None:
    """A deal's variance grows with its hand size as heuristic bots' points do
    (21 to 45 from 1 to 7 cards in 4-player Wikipedia games), Most Tricks the
    least; the spread over the rest of the game shrinks to 0 in the last deal."""
    rules = pyclag.presets.get("wikipedia")
    variances = [deal_variance(rules.round_spec(n), rules, 4) for n in range(22)]
    assert variances[:7] == sorted(variances[:7]) and 20 < variances[0] < 30 < variances[6] < 50
    assert min(variances) == variances[14]  # Most Tricks: one bonus of 10 among four
    spreads = [remaining_spread(rules, 4, n) for n in range(22)]
    assert spreads == sorted(spreads, reverse=True) and spreads[-1] == 0.0
    assert math.isclose(spreads[20] ** 2, variances[21])


def _last_deal() -> GameState:
    """The last deal of a 3-player game of two, after a first deal of heuristic bots."""
    rules = pyclag.NORMAL.with_schedule([3, 3])
    state = pyclag.deal(pyclag.new_game(rules, 3), rng=random.Random(3))
    while not state.history:
        seat = state.round.to_act
        assert isinstance(seat, int)
        state = pyclag.apply(state, HeuristicBot().choose(pyclag.observe(state, seat)))
    return pyclag.deal(state, rng=random.Random(4))


def test_game_value_of_the_last_deal_is_ending_on_top() -> None:
    """In the last deal an outcome is worth 1 if the seat ends on top, else 0,
    and a little for its own points; before it, the chance of winning."""
    state = _last_deal()
    scores = state.scores
    value = game_value(pyclag.observe(state, 0))
    for points in [(0, 0, 0), (16, 0, 0), (0, 16, 12), (10, 10, 10)]:
        finals = [score + gain for score, gain in zip(scores, points, strict=True)]
        on_top = 1.0 if finals[0] == max(finals) else 0.0
        assert value(points) == on_top + TIE_BREAK * points[0]
    first = pyclag.deal(
        pyclag.new_game(pyclag.NORMAL.with_schedule([3, 3]), 3), rng=random.Random(1)
    )
    spread = remaining_spread(first.rules, 3, 0)
    assert spread > 0
    value = game_value(pyclag.observe(first, 1))
    assert value((0, 12, 10)) == win_chance((0, 12, 10), 1, spread) + 12 * TIE_BREAK


@pytest.mark.parametrize("objective", ["wins", "", None, 1])
def test_objective_refused(objective: object) -> None:
    """An objective not in OBJECTIVES is refused, naming it and the choices."""
    with pytest.raises(RulesError, match=r"objective must be one of points, game, not "):
        PIMCBot(objective=objective)  # type: ignore[arg-type]


def test_game_objective_legal_deterministic_and_no_leak() -> None:
    """Playing for the game, the choice is legal, the same for the same seed,
    and the same whatever the cards the seat cannot see."""
    state = _last_deal()
    while True:
        seat = state.round.to_act
        assert isinstance(seat, int)
        view = pyclag.observe(state, seat)
        if len(view.legal) > 1 and state.round.phase is pyclag.Phase.PLAY:
            break
        state = pyclag.apply(state, HeuristicBot().choose(view))
    other = pyclag.determinize(view, random.Random(5))
    assert other.round.masks != state.round.masks
    choices = {
        PIMCBot(worlds=8, seed=2, objective="game").choose(pyclag.observe(world, seat))
        for world in (state, other, state)
    }
    assert len(choices) == 1 and pyclag.is_legal(state, choices.pop())


def test_in_the_last_deal_it_plays_to_end_on_top_not_for_points() -> None:
    """The one deal of a 3-player game: seat 0 bid 0 holding 5H TS (spades
    trumps) with a diamond led, and the others need a trick each. Its 0 would
    score 10, less than the others' 12s, and its ten of trumps takes a trick
    unless an opponent holds a higher one. Playing for points it keeps its 5H
    to try for its 0; playing for the game it trumps in now, so that both
    others miss, and shares the top at 0."""
    rules = pyclag.NORMAL.with_schedule([3])
    state = pyclag.deal(pyclag.new_game(rules, 3), rng=random.Random(17))
    while len(state.round.tricks) < 1 or state.round.to_act != 0:
        seat = state.round.to_act
        assert isinstance(seat, int)
        state = pyclag.apply(state, HeuristicBot().choose(pyclag.observe(state, seat)))
    rnd = state.round
    assert [str(hand) for hand in rnd.hands] == ["5H TS", "AC 2S", "9S"]
    assert rnd.bids == (0, 1, 1) and str(rnd.setup.turnup) == "QS"
    assert [str(play.card) for play in rnd.trick] == ["3D"]
    view = pyclag.observe(state, 0)
    ends = {}
    for objective in ("points", "game"):
        choice = PIMCBot(seed=0, objective=objective).choose(view)
        assert isinstance(choice, pyclag.Play)
        after = pyclag.apply(state, choice)
        ends[str(choice.card)] = play_game(after, [HeuristicBot()] * 3, random.Random(0))
    assert list(ends) == ["5H", "TS"]
    assert ends["5H"].scores == (0, 12, 12) and 0 not in pyclag.winners(ends["5H"])
    assert ends["TS"].scores == (0, 0, 0) and 0 in pyclag.winners(ends["TS"])
