"""The fitted worlds of :mod:`pyclag.bots.inference`: an opponent's past
observations rebuilt exactly, the worlds drawn fit its bid (and plays), and
nothing the seat cannot see changes them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag.bots import HeuristicBot
from pyclag.bots.inference import NEVER, Evidence, FittedWorlds, applies, fitted_hands
from pyclag.bots.pimc import PIMCBot
from pyclag.engine.state import GameState
from pyclag.errors import RulesError
from pyclag.views import Observation


def _game(seed: int, players: int, size: int) -> list[tuple[GameState, Observation]]:
    """Each decision of a deal of heuristic bots: the state and the actor's view."""
    rules = pyclag.NORMAL.with_schedule([size])
    state = pyclag.deal(pyclag.new_game(rules, players, seed % players), rng=random.Random(seed))
    moments = []
    while not state.history:
        seat = state.round.to_act
        assert isinstance(seat, int)
        view = pyclag.observe(state, seat)
        moments.append((state, view))
        state = pyclag.apply(state, HeuristicBot().choose(view))
    return moments


@settings(max_examples=20)
@given(st.integers(0, 10_000), st.integers(3, 5), st.integers(2, 7), st.data())
def test_past_views_rebuilt_exactly(
    seed: int, players: int, size: int, data: st.DataObject
) -> None:
    """Every opponent's observation at each of its decisions, rebuilt from a
    later view and its true hand, is what :func:`pyclag.observe` gave it, and
    its true hand misfits none of them (the heuristic made them)."""
    moments = _game(seed, players, size)
    _, view = moments[data.draw(st.integers(0, len(moments) - 1))]
    seat = view.seat
    assert applies(view)
    evidence = Evidence(view)
    start = moments[0][0].round.masks
    past: dict[int, list[Observation]] = {}
    for then, seen in moments:
        if then.round.to_act != seat:
            past.setdefault(seen.seat, []).append(seen)
    for other, decisions in evidence.moments.items():
        made = past.get(other, [])[: len(decisions)]
        assert len(made) == len(decisions)
        for moment, seen in zip(decisions, made, strict=True):
            assert evidence.view_of(other, start[other], moment) == seen
        assert evidence.misfits(other, start[other]) == 0


def test_misfits_of_a_hand_without_the_played_card() -> None:
    """A hand lacking a card its owner played could not have played it: NEVER."""
    moments = _game(3, 4, 7)
    _, view = moments[-1]
    evidence = Evidence(view)
    other = next(iter(evidence.moments))
    start = moments[0][0].round.masks
    assert evidence.misfits(other, start[(other + 1) % 4]) == NEVER


@pytest.mark.parametrize("slack", [0, 1])
def test_fitted_hands_fit_the_bids(slack: int) -> None:
    """Each drawn hand fits its owner's bid; with no slack, every play too
    (the cap is generous here); the hands are disjoint and unseen."""
    moments = _game(11, 4, 7)
    _, view = moments[len(moments) // 2]
    evidence = Evidence(view)
    hands = fitted_hands(evidence, random.Random(1), tries=5000, slack=slack)
    assert sorted(hands) == sorted(evidence.moments)
    assert all(evidence.misfits(seat, hand) <= slack for seat, hand in hands.items())
    hidden = [hand & ~view.played[seat] for seat, hand in hands.items()]
    assert sum(hidden) == sum(hidden[1:]) | hidden[0]
    assert all(hand & ~view.unseen == 0 for hand in hidden)


def test_worlds_kept_and_seen_as_the_view() -> None:
    """The worlds look to the seat just as its view; the view is unchanged;
    the same seed draws the same worlds."""
    moments = _game(5, 4, 7)
    views = [view for _, view in moments if view.seat == 2]
    keeper, again = FittedWorlds(tries=2000), FittedWorlds(tries=2000)
    for view in views:
        copy = pyclag.observe(moments[[v for _, v in moments].index(view)][0], 2)
        worlds = keeper.draw(view, random.Random(7), 6)
        assert [w.round.masks for w in worlds] == [
            w.round.masks for w in again.draw(view, random.Random(7), 6)
        ]
        assert all(pyclag.observe(world, 2) == view for world in worlds)
        assert view == copy


@settings(max_examples=15)
@given(st.integers(0, 10_000), st.data())
def test_fitted_hands_whole_even_when_nothing_fits(seed: int, data: st.DataObject) -> None:
    """With one draw a hand, none fitting, each hand is still a whole hand of
    the deal's size holding the cards its owner played (the best drawn)."""
    moments = _game(seed, 4, 7)
    _, view = moments[data.draw(st.integers(len(moments) // 2, len(moments) - 1))]
    evidence = Evidence(view)
    hands = fitted_hands(evidence, random.Random(seed), tries=1)
    for seat, hand in hands.items():
        assert hand.bit_count() == 7
        assert hand & view.played[seat] == view.played[seat]


def test_pimc_fit_worlds_fit_the_bids() -> None:
    """PIMCBot(fit=0) searches worlds in which every opponent's hand fits its
    bid and plays, and its choice leaves the observation as it was."""
    moments = _game(21, 4, 7)
    state, view = next(
        (state, view)
        for state, view in moments
        if view.seat == 1 and len(view.tricks) == 2 and len(view.legal) > 1
    )
    copy = pyclag.observe(state, 1)
    bot = PIMCBot(worlds=6, seed=2, fit=0)
    worlds = bot.sample_worlds(view)
    evidence = Evidence(view)
    for world in worlds:
        for seat in evidence.moments:
            assert evidence.misfits(seat, world.round.masks[seat] | view.played[seat]) == 0
    assert bot.choose(view) in view.legal
    assert view == copy and pyclag.observe(state, 1) == copy


def test_pimc_fit_no_leak_and_deterministic() -> None:
    """Two states that differ only in the cards seat 0 cannot see give the
    same choice for the same seed."""
    moments = _game(8, 4, 7)
    state, view = next(
        (state, view)
        for state, view in moments
        if view.seat == 0 and len(view.tricks) == 1 and len(view.legal) > 1
    )
    other = pyclag.determinize(view, random.Random(5))
    assert other.round.masks != state.round.masks
    first = PIMCBot(worlds=6, seed=4, fit=1).choose(pyclag.observe(state, 0))
    second = PIMCBot(worlds=6, seed=4, fit=1).choose(pyclag.observe(other, 0))
    assert first == second


@pytest.mark.parametrize("fit", [-1, 1.5, True, "0"])
def test_pimc_fit_refused(fit: object) -> None:
    """A fit that is not None or an int >= 0 is refused, naming it."""
    with pytest.raises(RulesError, match="fit must be None or an int >= 0"):
        PIMCBot(fit=fit)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", pyclag.presets.names())
def test_applies_only_where_past_views_rebuild(name: str) -> None:
    """In every preset, wherever :func:`applies` holds, each opponent's past
    observations of the deal in progress rebuild exactly from the view."""
    state = pyclag.new_game(pyclag.presets.get(name), 4)
    rng = random.Random(3)
    seen: list[tuple[int, Observation]] = []  # (round, view) of each decision
    checked = 0
    while not pyclag.is_over(state):
        seat = state.round.to_act
        if not isinstance(seat, int):
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
            continue
        view = pyclag.observe(state, seat)
        this_round = len(state.history)
        if applies(view):
            evidence = Evidence(view)
            starts = {s: state.round.masks[s] | view.played[s] for s in evidence.moments}
            for other, decisions in evidence.moments.items():
                made = [
                    v
                    for r, v in seen
                    if r == this_round
                    and v.seat == other
                    and v.phase in (pyclag.Phase.BID, pyclag.Phase.PLAY)
                ]
                for moment, then in zip(decisions, made, strict=True):
                    assert evidence.view_of(other, starts[other], moment) == then
                    checked += 1
        seen.append((this_round, view))
        state = pyclag.apply(state, HeuristicBot().choose(view))
    assert checked  # every preset has plain deals


def test_a_seat_that_fits_nothing_gets_few_draws() -> None:
    """A seat bidding what no hand would make the heuristic bid (7 of 7) finds
    no fit: its hands are the best drawn, and it gets FEW draws from then on."""
    rules = pyclag.NORMAL.with_schedule([7])
    state = pyclag.deal(pyclag.new_game(rules, 4, 0), rng=random.Random(2))
    state = pyclag.bid(state, 7)  # seat 1, the eldest
    view = pyclag.observe(state, 2)
    keeper = FittedWorlds(tries=50)
    worlds = keeper.draw(view, random.Random(1), 3)
    assert keeper.hopeless == {1}
    assert keeper.capped >= 1 and len(worlds) == 3
    assert all(pyclag.observe(world, 2) == view for world in worlds)
    drawn = fitted_hands(Evidence(view), random.Random(1), few=frozenset({1}))
    assert drawn[1].bit_count() == 7


def test_loose_evidence_fits_bids_within_its_tricks_and_legal_plays() -> None:
    """With ``loose``, a hand fits when the heuristic holding it would have bid
    within that many tricks of its owner's bid and could have made its plays;
    exactly (``loose`` None) the bid must be the heuristic's and the plays too."""
    from pyclag.actions import Bid, Play
    from pyclag.bots import heuristic
    from pyclag.hand import cards_of
    from pyclag.rules.play import following

    moments = _game(11, 4, 7)
    _, view = moments[len(moments) // 2]
    exact, loose = Evidence(view), Evidence(view, loose=1)
    rng = random.Random(3)
    seen = {"near": 0, "far": 0}
    for seat in loose.moments:
        played = view.played[seat]
        pool = cards_of(view.unseen)
        for _ in range(60):
            hand = played | sum(card.mask for card in rng.sample(pool, view.hand_sizes[seat]))
            legal = all(
                following(moment[3], hand & ~moment[6]) & moment[5].card.mask
                for moment in loose.moments[seat]
                if isinstance(moment[5], Play)
            )
            bid_moment = loose.moments[seat][0]
            past = loose.view_of(seat, hand, bid_moment)
            guess = heuristic.choose(past, past.legal)
            assert isinstance(guess, Bid) and isinstance(bid_moment[5], Bid)
            near = abs(guess.tricks - bid_moment[5].tricks) <= 1
            seen["near" if near else "far"] += 1
            assert (loose.misfits(seat, hand) == 0) == (legal and near)
            if loose.misfits(seat, hand) == 0 and guess != bid_moment[5]:
                assert exact.misfits(seat, hand) == NEVER
    assert seen["near"] and seen["far"]


@pytest.mark.parametrize("loose", [-1, 1.5, "1", True])
def test_loose_refused_unless_none_or_a_count(loose: object) -> None:
    """The errors policy: ``loose`` is None or an int >= 0, refused by name."""
    _, view = _game(3, 4, 5)[-1]
    with pytest.raises(RulesError, match="loose must be None or an int >= 0"):
        Evidence(view, loose)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="FittedWorlds: loose must be None or an int >= 0"):
        FittedWorlds(loose=loose)  # type: ignore[arg-type]
