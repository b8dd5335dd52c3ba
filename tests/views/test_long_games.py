"""Issue 30 item 6: long games cost linear time. What an observation and a
search's guess hold of the finished rounds is built a round at a time and
shared from one round to the next, never rebuilt over the whole history each
round: checked by identity and by counting the work done, never by timing."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import pyclag
import pyclag.views._observe
from pyclag import GameState, Observation, RoundResult, determinize, observe
from pyclag._caches import clear_caches
from pyclag._values import replace
from pyclag.bots import HeuristicBot
from pyclag.views._observe import REACH


def decisions(rounds: int, seed: int = 1) -> Iterator[tuple[GameState, Observation]]:
    """Each decision of a game of ``rounds`` one-card rounds among four
    heuristic bots: the state, and the view of the seat to act (observed once)."""
    state = pyclag.new_game(pyclag.NORMAL.with_schedule([1] * rounds), players=4)
    bot, rng = HeuristicBot(), random.Random(seed)
    while not pyclag.is_over(state):
        actor = state.round.to_act
        if not isinstance(actor, int):
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
            continue
        view = observe(state, actor)
        yield state, view
        state = pyclag.apply(state, bot.choose(view))


def public(history: tuple[RoundResult, ...]) -> tuple[RoundResult, ...]:
    """``history`` as every seat saw it, written out here: each round without its pack."""
    return tuple(replace(result, setup=replace(result.setup, deck=None)) for result in history)


def counting(func: Callable[..., Any], counts: list[Any], of: type | None = None) -> Any:
    """``func``, appending its first argument to ``counts`` on each call (only
    those of type ``of``, if given)."""

    def counted(*args: Any, **kwargs: Any) -> Any:
        if of is None or isinstance(args[0], of):
            counts.append(args[0])
        return func(*args, **kwargs)

    return counted


def test_issue_30_item_6_an_observation_shares_the_rounds_of_the_one_before() -> None:
    """Within a round every view holds the very same history tuple; a round
    later the new history holds the very same round values as before, one
    more at the end; and it is, value for value, the state's history without
    the packs."""
    clear_caches()
    before: Observation | None = None
    rounds_seen = 0
    for state, view in decisions(40):
        if before is not None and len(view.history) == len(before.history):
            assert view.history is before.history
        elif before is not None:
            assert len(view.history) == len(before.history) + 1
            assert all(old is new for old, new in zip(before.history, view.history, strict=False))
            assert view.history == public(state.history)
            rounds_seen += 1
        before = view
    assert rounds_seen == 39


def test_issue_30_item_6_observing_copies_each_finished_round_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Over a game observed at every decision, or only in some rounds (rounds
    apart by less than the caches' reach), each finished round is copied
    without its pack once, not once per round after it (the whole history each
    round: 40 rounds cost 780 copies)."""
    states = [state for state, _ in decisions(40)]
    assert every_round(states) and REACH > 7
    for every in (1, 2, 7):
        clear_caches()
        copies: list[Any] = []
        monkeypatch.setattr(
            pyclag.views._observe, "replace", counting(replace, copies, RoundResult)
        )
        observed = [observe(s, 0) for s in states if len(s.history) % every == 0]
        assert len(copies) == len(observed[-1].history) == 39 // every * every, every
        monkeypatch.undo()


def every_round(states: list[GameState]) -> bool:
    """Whether ``states`` hold every round of their game."""
    return sorted({len(state.history) for state in states}) == list(range(40))


def test_issue_30_item_6_an_observation_out_of_the_blue_is_the_same() -> None:
    """A long history met with no earlier round cached (a state loaded or
    built part-way, or the caches cleared) is copied whole: the same view."""
    for state, view in decisions(2 * REACH + 5):
        if len(state.history) == 2 * REACH + 3:
            clear_caches()
            again = observe(state, view.seat)
            assert again == view and again.history is not view.history
            loaded = pyclag.records.replay(pyclag.records.record_of(state))
            assert observe(loaded, view.seat) == view
            return
    pytest.fail("the game did not reach the round")


def test_issue_30_item_6_a_search_replays_each_finished_round_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A search's guesses (:func:`pyclag.determinize`) start from the finished
    rounds replayed: each round is replayed once in the game, from the start
    of the round before (every action of a replay counted), whether the seat
    searches every round or only some; and a round later the guess's history
    holds the very same rounds as before, one more at the end."""
    clear_caches()
    replayed: list[Any] = []
    replaying = importlib.import_module("pyclag.records.replay")  # the module, not the function
    monkeypatch.setattr(replaying, "apply", counting(replaying.apply, replayed))
    rng = random.Random(3)
    before: GameState | None = None
    for state, view in decisions(31):
        if len(state.history) % 3 == 2 or view.seat != 0:
            continue  # the seat searches two rounds in three, and only its own decisions
        guess = determinize(view, rng)
        assert observe(guess, 0) == view
        if before is not None and len(guess.history) > len(before.history):
            assert all(old is new for old, new in zip(before.history, guess.history, strict=False))
        before = guess
    assert before is not None and len(before.history) == 30
    # Each of the 30 finished rounds replayed once: its deal, four bids and four plays.
    assert len(replayed) == 30 * 9
