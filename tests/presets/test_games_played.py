"""Games of every preset as played against the tables (RULES.md §4 invariants 4, 8, 9 and 41).

The expected tables here are written out from RULES.md, not built from
:mod:`pyclag.rules.catalogue`, so a preset that drifts from the rules fails.
"""

from __future__ import annotations

import itertools
from typing import Final

import pytest

import pyclag
from pyclag import RulesError, RuleSet, presets
from pyclag.engine.phases import Phase
from pyclag.rules.deals import Bidding
from pyclag.rules.trumps import DealerCalls
from pyclag.scoresheet.scorecard import schedule
from tests.helpers import random_game
from tests.presets.tables import (
    INDONESIAN_22,
    INDONESIAN_22_NORMAL,
    PAGAT_22,
    PRESET_NAMES,
    SCOTTISH_18,
    WIKIPEDIA_20,
    WIKIPEDIA_22,
    DealType,
)

# --- §4 invariants 4, 8 and 9 ------------------------------------------------------

TABLES: Final[dict[str, list[tuple[int, DealType]]]] = {
    "wikipedia": WIKIPEDIA_22,
    "scottish": SCOTTISH_18,
    "indonesian": INDONESIAN_22,
    "pagat": PAGAT_22,
}


def _all_rule_sets() -> list[tuple[str, RuleSet]]:
    return [
        *((name, presets.get(name)) for name in PRESET_NAMES),
        ("wikipedia phase2=six", presets.get("wikipedia", phase2="six")),
        ("indonesian undescribed=normal", presets.get("indonesian", undescribed_rounds="normal")),
    ]


def _expected_sizes(label: str) -> list[int] | None:
    tables = {
        **TABLES,
        "wikipedia phase2=six": WIKIPEDIA_20,
        "indonesian undescribed=normal": INDONESIAN_22_NORMAL,
    }
    table = tables.get(label)
    return None if table is None else [size for size, _ in table]


GAMES: Final = [
    pytest.param(label, players, id=f"{label}-{players}p")
    for label, rules in _all_rule_sets()
    for players in range(rules.min_players, rules.max_players + 1)
]


@pytest.mark.parametrize(("label", "players"), GAMES)
def test_inv4_at_most_49_cards_dealt(label: str, players: int) -> None:
    rules = dict(_all_rule_sets())[label]
    sizes = {size for index in range(rules.num_rounds(players)) for size in _sizes(rules, index)}
    assert players * max(sizes) <= 49


def _sizes(rules: RuleSet, index: int) -> tuple[int, ...]:
    spec = rules.round_spec(index)
    return spec.hand_sizes or (spec.hand_size,)


@pytest.mark.parametrize(("label", "players"), GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_inv8_and_inv9_a_seeded_random_game_of_every_preset_and_player_count(
    label: str, players: int, seed: int
) -> None:
    rules = dict(_all_rule_sets())[label]
    first_dealer = seed % players
    state = random_game(rules, players, seed=1000 * seed + players, first_dealer=first_dealer)
    assert pyclag.is_over(state)
    assert pyclag.phase(state) is Phase.GAME_OVER
    assert pyclag.next_actor(state) is None

    # Invariant 9: the number of deals played is the schedule length (RAF: num_deals = 2N).
    expected = _expected_sizes(label)
    deals = 2 * players if expected is None else len(expected)
    assert rules.num_rounds(players) == deals
    assert len(state.history) == deals

    totals = [0] * players
    for index, result in enumerate(state.history):
        # Invariant 8: the hand size of every deal is the table's (RAF: the dealer's 3..7).
        if expected is None:
            assert 3 <= result.hand_size <= 7
        else:
            assert result.hand_size == expected[index], f"deal {index + 1}"
        assert result.setup.index == index
        assert result.setup.dealer == (first_dealer + index) % players  # invariant 10
        assert len(result.tricks) == result.hand_size  # invariant 19
        assert sum(result.tricks_won) == result.hand_size  # invariant 28
        # Invariant 29: the running total is the sum of the deal scores.
        totals = [total + points for total, points in zip(totals, result.points, strict=True)]
        assert result.totals == tuple(totals)
    assert state.scores == tuple(totals)
    assert set(pyclag.winners(state)) <= set(range(players))
    assert max(state.scores) == state.scores[pyclag.winners(state)[0]]


@pytest.mark.parametrize("label", [label for label, _ in _all_rule_sets() if label != "raf"])
def test_inv8_deal_types_as_played_follow_the_table(label: str) -> None:
    # The rounds a random game played are the table's deal types (dealer calls: the
    # declared trump replaces the call; everything else is the scheduled spec).
    rules = dict(_all_rule_sets())[label]
    state = random_game(rules, rules.max_players, seed=3)
    for result, spec in zip(state.history, rules.schedule, strict=True):
        played = result.setup.played
        if isinstance(spec.suits, DealerCalls):
            assert played.label.startswith("Dealer Calls: Trumps ")
            assert result.setup.turnup is None
        else:
            assert played == spec
        if spec.bidding is Bidding.FORCED_ZERO:
            assert result.bids == (0,) * rules.max_players
        elif spec.bidding is Bidding.NONE:
            assert result.bids == (None,) * rules.max_players
        else:
            assert all(isinstance(b, int) for b in result.bids)


def test_inv41_a_seed_replays_the_same_game_for_every_preset() -> None:
    # Two games of the same seed give the same history (invariant 41), so the
    # per-preset checks above are reproducible.
    for _label, rules in _all_rule_sets():
        players = rules.min_players
        first = random_game(rules, players, seed=9)
        second = random_game(rules, players, seed=9)
        assert first.history == second.history


def test_inv8_raf_random_game_hand_sizes_are_the_dealers_choices() -> None:
    sizes: set[int] = set()
    for seed, players in itertools.product(range(4), range(3, 8)):
        state = random_game(presets.RAF, players, seed=seed)
        assert len(state.history) == 2 * players
        sizes.update(result.hand_size for result in state.history)
    assert sizes == {3, 4, 5, 6, 7}


@pytest.mark.parametrize("players", [3, 5, 7])
def test_a18_the_schedule_shows_the_first_raf_deal_without_a_caller(players: int) -> None:
    rows = schedule(presets.get("raf"), players)
    assert len(rows) == 2 * players  # A24: twice the players
    assert [row.cards for row in rows] == ["3-7"] * len(rows)  # the dealer chooses each time
    assert rows[0].rule == "normal (no caller yet)"
    assert {row.rule for row in rows[1:]} == {"Caller's choice"}
    assert rows[0].scoring == "F1"
    assert {row.scoring for row in rows[1:]} == {"F1 or as called"}  # misère, madness (§2.3)
    # With an eldest caller in deal 1, every deal is called.
    eldest = schedule(presets.get("raf", first_deal_caller="eldest"), players)
    assert {row.rule for row in eldest} == {"Caller's choice"}


@pytest.mark.parametrize("name", presets.names())
def test_s2_the_schedule_table_is_the_game_as_played(name: str) -> None:
    rules = presets.get(name)
    rows = schedule(rules, 4)
    game = random_game(rules, 4, seed=1)
    assert [row.deal for row in rows] == [result.setup.index + 1 for result in game.history]
    for row, result in zip(rows, game.history, strict=True):
        low, _, high = row.cards.partition("-")  # "7", or "3-7" where the dealer chooses
        assert int(low) <= result.hand_size <= int(high or low)
        if result.setup.caller is None:  # a call sets its own scoring (madness, misère)
            assert row.scoring == (result.setup.played.scoring or rules.scoring).name


def test_design_5_a_schedule_of_no_rule_set_or_a_bad_table_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="rules must be a RuleSet, not 'raf'"):
        schedule("raf", 4)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"players must be an int in 4\.\.7"):
        schedule(presets.get("pagat"), 3)
