"""Issue 34 item 4: OpenSpiel's ``max_game_length`` is counted from the
decision table's rows (each row's ``most``), not by hand, so a game never
takes more player decisions than it says, under every preset."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel")

import pyclag
from pyclag import presets
from pyclag.engine.decisions import DECISIONS
from pyclag.openspiel.params import max_game_length


def _decisions_taken(rules: pyclag.RuleSet, players: int, rng: random.Random) -> int:
    state = pyclag.new_game(rules, players=players)
    taken = 0
    while not pyclag.is_over(state):
        if pyclag.next_actor(state) is pyclag.CHANCE:
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
        else:
            state = pyclag.apply(state, rng.choice(pyclag.legal_actions(state)))
            taken += 1
    return taken


@pytest.mark.parametrize("name", ["wikipedia", "scottish", "raf", "indonesian", "pagat"])
def test_issue_34_item_4_no_game_takes_more_decisions_than_its_max_game_length(name: str) -> None:
    rng = random.Random(len(name))
    rules = presets.get(name)
    most = max_game_length(rules, 4)
    lengths = [_decisions_taken(rules, 4, rng) for _ in range(3)]
    assert max(lengths) <= most
    assert most - max(lengths) < most // 2  # a bound, not a guess far above


def test_issue_34_item_4_the_length_is_the_sum_of_the_rows_most() -> None:
    rules = presets.get("pagat").with_schedule([7])
    counted = {row.noun: row.most(4, 7) for row in DECISIONS if not row.chance}
    assert counted["bid"] == 4 and counted["play"] == 28
    assert max_game_length(rules, 4) == counted["bid"] + counted["play"]
