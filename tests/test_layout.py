"""The re-homed package (issue 34 item 1) keeps what 0.2 promised: every public
module name still imports, the command is where it was, and values pickled by
0.2 (whose classes named modules that have since moved) load as equal values."""

from __future__ import annotations

import importlib
import pickle
import random
from pathlib import Path

import pytest

import pyclag
from pyclag import presets

DATA = Path(__file__).parent / "data"


def _values() -> dict[str, object]:
    """The values ``tests/data/pickles-0.2.pickle`` holds, built again today."""
    state = pyclag.deal(
        pyclag.new_game(presets.get("wikipedia"), players=4, first_dealer=0), rng=random.Random(3)
    )
    while pyclag.phase(state) is not pyclag.Phase.PLAY:
        state = pyclag.apply(state, pyclag.legal_actions(state)[0])
    state = pyclag.apply(state, pyclag.legal_actions(state)[0])
    done = pyclag.new_game(presets.get("wikipedia").with_schedule([1]), players=3, first_dealer=0)
    rng = random.Random(1)
    while not pyclag.is_over(done):
        chance = pyclag.next_actor(done) is pyclag.CHANCE
        done = pyclag.apply(
            done, pyclag.sample_chance(done, rng) if chance else pyclag.legal_actions(done)[0]
        )
    return {
        "rules": presets.get("raf"),
        "state": state,
        "observation": pyclag.observe(state, 1),
        "phase": pyclag.phase(state),
        "actions": tuple(pyclag.legal_actions(state)),
        "hand": pyclag.Hand.parse("AS KS 2H"),
        "card": pyclag.Card.parse("TH"),
        "finished": done,
        "history": done.history,
    }


def test_issue_34_item_1_pickles_written_by_0_2_still_load() -> None:
    data = (DATA / "pickles-0.2.pickle").read_bytes()
    assert b"pyclag.state" in data and b"pyclag.play_action" in data  # old homes named
    assert pickle.loads(data) == _values()


@pytest.mark.parametrize(
    "name",
    [
        "pyclag",
        "pyclag.rules",
        "pyclag.presets",
        "pyclag.records",
        "pyclag.bots",
        "pyclag.codec",
        "pyclag.openspiel",
        "pyclag.pettingzoo",
        "pyclag.scoresheet",
        "pyclag.engine",
        "pyclag.views",
        "pyclag.cli",
    ],
)
def test_issue_34_item_1_every_public_module_of_0_2_named_by_the_issue_imports(name: str) -> None:
    if name in {"pyclag.openspiel", "pyclag.pettingzoo"}:
        pytest.importorskip("pyspiel" if name == "pyclag.openspiel" else "pettingzoo")
    module = importlib.import_module(name)
    assert module.__name__ == name


def test_issue_34_item_1_the_command_is_where_it_was() -> None:
    from pyclag.cli import main

    assert callable(main)
    text = (Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert 'pyclag = "pyclag.cli:main"' in text
