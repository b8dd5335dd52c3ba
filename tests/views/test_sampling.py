"""determinize builds the sampled round directly (issue 14 item 4): the state it
builds is one the engine reaches by legal play. Replaying its record, every
action checked again by the engine, gives the same state back, so building it
without the replay changes nothing but the cost."""

from __future__ import annotations

import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import Phase, determinize, observe
from pyclag.records import record_of, replay
from tests.views.games import Moment, moments, preset_game


@settings(max_examples=150)
@given(moments(), st.integers(0, 2**16))
def test_a_determinized_state_is_the_replay_of_its_own_record(moment: Moment, seed: int) -> None:
    state = moment.state
    rng = random.Random(seed)
    for seat in range(moment.game.players):
        guess = determinize(observe(state, seat), rng)
        assert replay(record_of(guess)) == guess


def test_wild_two_rounds_are_checked_play_by_play() -> None:
    """In a twos-wild round the voids do not say everything a two's play shows
    (§2.0 TWOS_WILD rules 3-8); the sampled hands are ruled on again play by play,
    so every guess still replays (the property above, on many twos-wild moments)."""
    checked = 0
    for seed in range(6):
        game = preset_game("pagat-twos-options", 4, seed)
        for at, state in enumerate(game.states):
            rnd = state.round
            twos_played = any(
                play.card.rank is pyclag.Rank.TWO
                for plays in (*(trick.plays for trick in rnd.tricks), rnd.trick)
                for play in plays
            )
            if rnd.phase is not Phase.PLAY or rnd.setup.played.twos is None or not twos_played:
                continue
            view = observe(state, at % 4)
            guess = determinize(view, random.Random(at))
            assert replay(record_of(guess)) == guess
            assert observe(guess, at % 4) == view
            checked += 1
    assert checked > 20


@settings(max_examples=60)
@given(moments())
def test_an_observation_keeps_its_hash_and_equal_observations_hash_alike(moment: Moment) -> None:
    """Issue 14 item 4: a transposition table hashes observations; the hash is
    computed once, agrees with equality, and is not carried into a pickle (a
    string hashes differently in another process)."""
    for seat in range(moment.game.players):
        view = observe(moment.state, seat)
        again = observe(moment.state, seat)
        assert view == again and hash(view) == hash(again) == hash(view)
        copied = pickle.loads(pickle.dumps(view))
        assert copied._hash is None  # computed again where it is loaded
        assert copied == view and hash(copied) == hash(view)
        assert {view: 1}[copied] == 1
