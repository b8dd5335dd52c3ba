"""Shared test set-up: the hypothesis profiles, and a record check on every
game the suite plays.

The default profile, ``ci``, is derandomized so that every run (CI's and a
newcomer's) checks the same examples; ``HYPOTHESIS_PROFILE=dev`` explores
new random examples, and ``HYPOTHESIS_PROFILE=thorough`` many more.
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, settings

import pyclag
import pyclag.playout
from pyclag import presets, records
from pyclag.state import GameState

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=100,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.register_profile("thorough", deadline=None, max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


# --- every game the suite plays round-trips through a record (issue 4) ---------------------
#
# Test modules import play_out after this file has run, so they all get the checked one,
# as do the doctests. Rule sets that are not presets (RuleSet("foss", ...)) cannot be
# written as records (pyclag.records.dump says so) and are not checked.

_play_out = pyclag.playout.play_out


def assert_round_trips(state: GameState) -> None:
    """dump, load and replay give back ``state``, and the same text again."""
    if state.rules.name not in presets.names():
        return
    text = records.dump(state)
    again = records.replay(records.load(text))
    assert again == state, f"the record does not replay to the same state:\n{text}"
    assert records.dump(again) == text


def _checked_play_out(*args: Any, **kwargs: Any) -> GameState:
    state = _play_out(*args, **kwargs)
    if pyclag.is_over(state):  # each game once, at its end (test_records checks games part-way)
        assert_round_trips(state)
    return state


pyclag.playout.play_out = _checked_play_out
