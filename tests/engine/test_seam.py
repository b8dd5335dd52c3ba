"""Issue 34 item 2: the seam between the flow of a round and its decisions is
mended. The flow reads which phases a round has and who acts from the engine's
schedule directly; the decisions' transitions call the flow directly; nothing
is bound by a factory or a ``functools.partial``, so a played card can be
followed call by call from :func:`pyclag.play` to the rules and back."""

from __future__ import annotations

import ast
import functools
import os
import random
import sys
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import pyclag

ENGINE = Path(pyclag.__file__).parent / "engine"
TRACED = pytest.mark.skipif(
    os.environ.get("PYCLAG_TEST_BUILD") == "compiled",
    reason="mypyc's compiled functions are not seen by sys.setprofile",
)
STEPS = ("_flow.py", "_turns.py", "_plays.py", "_chance.py", "_schedule.py", "decisions.py")


def _calls(step: Any) -> list[str]:
    """The qualified names of the pyclag functions ``step()`` runs, in order."""
    seen: list[str] = []
    root = str(ENGINE.parent)

    def profile(frame: FrameType, event: str, arg: object) -> None:
        code = frame.f_code
        if event == "call" and code.co_filename.startswith(root):
            module = Path(code.co_filename).relative_to(root).with_suffix("")
            seen.append(f"{'.'.join(module.parts)}:{code.co_qualname}")

    sys.setprofile(profile)
    try:
        step()
    finally:
        sys.setprofile(None)
    return seen


def _closures(calls: list[str]) -> list[str]:
    """The calls of the engine's functions made inside another function (a
    comprehension's own frame aside): what a factory returns. (A decorator's
    wrapper, such as a bounded cache's, is named where the function is.)"""
    return [
        call
        for call in calls
        if call.startswith("engine.")
        and any(
            part != "<locals>" and not part.endswith("expr>") and not part.endswith("comp>")
            for part in call.partition(":")[2].split("<locals>.")[1:]
        )
    ]


def _last_card() -> pyclag.GameState:
    state = pyclag.deal(
        pyclag.new_game(pyclag.NORMAL.with_schedule([1, 2]), players=3), rng=random.Random(5)
    )
    while pyclag.phase(state) is pyclag.Phase.BID:
        state = pyclag.bid(state, pyclag.legal_bids(state)[0])
    for _ in range(2):  # the round of one card ends with the third
        state = pyclag.play(state, pyclag.legal_plays(state)[0])
    return state


@TRACED
def test_issue_34_item_2_a_played_card_meets_no_closure_on_its_way() -> None:
    state = _last_card()
    card = pyclag.legal_plays(state)[0]
    calls = _calls(lambda: pyclag.play(state, card))
    assert _closures(calls) == []
    # From the verb, through the play's transition, to the rules, and on to the
    # flow that scores the round and starts the next one.
    modules = [name.partition(":")[0] for name in calls]
    assert modules[0] == "engine._verbs"
    assert "engine._plays:play_card" in calls
    assert any(module.startswith("rules.") for module in modules)
    assert calls.index("engine._plays:play_card") < calls.index("engine._flow:finish_round")
    assert "engine._schedule:round_phases" in calls or "engine._schedule:first_actor" in calls


@TRACED
def test_issue_34_item_2_every_decision_is_taken_without_a_closure() -> None:
    rng = random.Random(11)
    for name in ("raf", "wikipedia", "scottish", "indonesian", "pagat"):
        state = pyclag.new_game(pyclag.presets.get(name), players=4)
        for _ in range(60):
            if pyclag.is_over(state):
                break
            actor = pyclag.next_actor(state)
            action = (
                pyclag.sample_chance(state, rng)
                if actor is pyclag.CHANCE
                else rng.choice(pyclag.legal_actions(state))
            )
            calls = _calls(functools.partial(pyclag.apply, state, action))
            assert _closures(calls) == [], (name, action)
            state = pyclag.apply(state, action)


def test_issue_34_item_2_no_factory_no_partial_and_no_table_protocol_in_the_engine() -> None:
    found = []
    for name in STEPS:
        tree = ast.parse((ENGINE / name).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [
                    child.name
                    for child in ast.walk(node)
                    if child is not node and isinstance(child, ast.FunctionDef)
                ]
                found += [f"{name}: {node.name} defines {child}" for child in inner]
                params = {arg.arg for arg in node.args.args}
                found += [
                    f"{name}: {node.name}({p})" for p in params & {"advance", "finish", "table"}
                ]
            if isinstance(node, ast.Attribute) and node.attr == "partial":
                found.append(f"{name}:{node.lineno}: partial")
            if isinstance(node, ast.ClassDef) and node.name in {"Table", "Advance", "Finish"}:
                found.append(f"{name}: class {node.name}")
    assert found == []
