"""Every game played round-trips through its record (DESIGN.md §6).

:func:`tests.helpers.play_checked` (and :func:`tests.helpers.random_game`, which
uses it) checks the game it plays at its end: ``dump``, ``load`` and ``replay``
give back the same state and the same text again. The tests that play whole
games call it; here the same check is a property over random games of every
preset, at every player count it allows and with the options that change its
schedule or its first deal, and over the games that the docstrings of
:mod:`pyclag.engine`, :mod:`pyclag.records`, :mod:`pyclag.engine.state` and
:mod:`pyclag.scoresheet.scorecard` play.
"""

from __future__ import annotations

import random
from typing import Any, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import RuleSet, presets, records
from tests.helpers import assert_round_trips, play_checked

VARIANTS: Final[tuple[tuple[str, dict[str, Any]], ...]] = (
    *((name, {}) for name in presets.names()),
    ("wikipedia", {"phase2": "six"}),
    ("indonesian", {"undescribed_rounds": "normal"}),
    ("raf", {"first_deal_caller": "eldest"}),
    ("raf", {"num_deals": 3}),
)
TABLES: Final = [
    pytest.param(
        name, options, players, id="-".join([name, *map(str, options.values()), f"{players}p"])
    )
    for name, options in VARIANTS
    for players in range(presets.get(name).min_players, presets.get(name).max_players + 1)
]


@pytest.mark.parametrize(("name", "options", "players"), TABLES)
@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_a_random_game_of_every_preset_and_player_count_round_trips(
    name: str, options: dict[str, Any], players: int, seed: int, data: st.DataObject
) -> None:
    rules = presets.get(name, **options)
    first_dealer = data.draw(st.integers(0, players - 1), label="first dealer")
    start = pyclag.new_game(rules, players=players, first_dealer=first_dealer)
    state = play_checked(start, random.Random(seed))
    assert pyclag.is_over(state)
    assert len(state.history) == rules.num_rounds(players)
    assert records.replay(records.load(records.dump(state))) == state


DOCTEST_GAMES: Final[tuple[tuple[str, RuleSet, int, int], ...]] = (
    ("pyclag.engine", pyclag.NORMAL, 4, 1),
    ("pyclag.records", presets.get("scottish"), 3, 1),
    ("pyclag.engine.state", pyclag.NORMAL.with_schedule([2]), 3, 3),
    ("pyclag.scoresheet.scorecard", pyclag.NORMAL.with_schedule([1, 2]), 3, 4),
)


@pytest.mark.parametrize(
    ("module", "rules", "players", "seed"), DOCTEST_GAMES, ids=[game[0] for game in DOCTEST_GAMES]
)
def test_the_games_the_docstrings_play_round_trip(
    module: str, rules: RuleSet, players: int, seed: int
) -> None:
    state = play_checked(pyclag.new_game(rules, players), random.Random(seed))
    assert pyclag.is_over(state), module
    assert_round_trips(state)
