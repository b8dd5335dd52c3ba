"""Shared by the OpenSpiel tests: random steps through a python_clag state."""

from __future__ import annotations

import random
from typing import Any


def walk(state: Any, rng: random.Random, steps: int) -> Any:
    """``state`` after ``steps`` random steps (or at the end), chance included."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state
