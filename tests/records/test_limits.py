"""issue 30 item 5, limits in two places: each limit of a game is defined once, in the
rules layer (``pyclag.rules.MAX_ROUNDS`` and its neighbours), and shared by the rule
values that build a game and the readers of records and score sheets. A game the builder
makes round-trips through its record; past a limit the builder refuses with a RulesError
naming it."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

import pyclag
from pyclag import records
from pyclag.engine import play_out
from pyclag.errors import RulesError
from pyclag.records.codec import rules_object, rules_object_from
from pyclag.rules import (
    MAX_CHOICES,
    MAX_HAND_SIZE,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_POINTS,
    MAX_ROUNDS,
    RoundSpec,
    RuleSet,
    ScheduleChoice,
)
from pyclag.scoresheet import ScoreSheet, dump_sheet, load_sheet
from tests.helpers import assert_round_trips


def test_the_readers_share_the_rules_limits() -> None:
    assert records.MAX_ROUNDS is MAX_ROUNDS
    assert records.fields.MAX_ROUNDS is MAX_ROUNDS
    assert records.codec.MAX_NAME is MAX_NAME
    assert records.codec.MAX_ITEMS["hand_sizes"] is MAX_HAND_SIZE
    assert records.codec.MAX_ITEMS["choices"] is MAX_CHOICES


def test_a_game_of_exactly_max_rounds_round_trips_through_its_record() -> None:
    """issue 30 item 5: the game with_schedule builds at the limit is played out with
    random legal actions and read back whole, as a preset's record and as a score sheet."""
    rules = pyclag.NORMAL.with_schedule([1] * MAX_ROUNDS)
    state = play_out(pyclag.new_game(rules, 3), random.Random(5))
    assert pyclag.is_over(state) and len(state.history) == MAX_ROUNDS
    assert_round_trips(state)
    sheet = ScoreSheet(rules, 3)
    assert load_sheet(dump_sheet(sheet)) == sheet


def test_a_custom_rule_set_of_max_rounds_round_trips_as_a_rules_object() -> None:
    rules = RuleSet("mine", [1] * MAX_ROUNDS)
    assert_round_trips(pyclag.new_game(rules, 3))


def test_one_round_past_the_limit_is_refused_by_the_builder() -> None:
    """issue 30 item 5: records refused a game of 1,001 rounds that with_schedule built."""
    message = f"a schedule of {MAX_ROUNDS + 1} rounds is too long: a game has 1..{MAX_ROUNDS}"
    with pytest.raises(RulesError, match=message):
        pyclag.NORMAL.with_schedule([1] * (MAX_ROUNDS + 1))
    with pytest.raises(RulesError, match=message):
        RuleSet("mine", [1] * (MAX_ROUNDS + 1))
    with pytest.raises(RulesError, match=r"more than 1000 rounds is too long.*\(MAX_ROUNDS\)"):
        pyclag.NORMAL.with_schedule(itertools.repeat(1))  # endless: stopped at the limit
    with pytest.raises(RulesError, match=r"100000 rounds is too long"):
        pyclag.NORMAL.with_schedule([1] * 100_000)


def test_num_deals_at_the_limit_round_trips_and_past_it_is_refused() -> None:
    rules = pyclag.presets.get("raf", num_deals=MAX_ROUNDS)
    assert rules.num_rounds(4) == MAX_ROUNDS
    assert_round_trips(pyclag.new_game(rules, 4))
    with pytest.raises(RulesError, match=f"num_deals must be None or an int in 1..{MAX_ROUNDS}"):
        pyclag.presets.get("raf", num_deals=MAX_ROUNDS + 1)


def test_deals_per_player_times_the_largest_table_stays_within_the_limit() -> None:
    raf = pyclag.presets.get("raf")
    most = MAX_ROUNDS // raf.max_players
    rules = attrs.evolve(raf, deals_per_player=most)
    assert rules.num_rounds(raf.max_players) <= MAX_ROUNDS
    assert_round_trips(pyclag.new_game(rules, raf.max_players))
    with pytest.raises(
        RulesError,
        match=f"deals_per_player {most + 1} x max_players {raf.max_players} = "
        f"{(most + 1) * raf.max_players} rounds: a game has 1..{MAX_ROUNDS} rounds",
    ):
        attrs.evolve(raf, deals_per_player=most + 1)
    with pytest.raises(RulesError, match=r"option max_players=8: deals_per_player 142 x max_"):
        rules.with_options(max_players=8)  # a larger table, the same limit


def test_names_are_limited_where_rules_are_built_as_records_read_them() -> None:
    """A rule set's name of 201 characters was built and then refused by its record."""
    longest = "x" * MAX_NAME
    assert_round_trips(pyclag.new_game(RuleSet(longest, [1, 2]), 3))
    spec = RoundSpec(2, name=longest)
    assert rules_object_from(rules_object(RuleSet("mine", [spec]))).schedule == (spec,)
    too_long = f"must be a string of at most {MAX_NAME} characters, not one of {MAX_NAME + 1}"
    with pytest.raises(RulesError, match=f"name {too_long}"):
        RuleSet("x" * (MAX_NAME + 1), [1])
    with pytest.raises(RulesError, match=f"name {too_long}"):
        RoundSpec(2, name="x" * (MAX_NAME + 1))
    with pytest.raises(RulesError, match=f"about {too_long}"):
        ScheduleChoice("length", (("short", (RoundSpec(1),)),), "short", about="x" * 201)


def test_schedule_choices_are_limited_as_records_read_them() -> None:
    choices = tuple(
        ScheduleChoice(f"c{n}", (("a", (RoundSpec(1),)), ("b", (RoundSpec(2),))), "a")
        for n in range(MAX_CHOICES)
    )
    rules = RuleSet("mine", [1], choices=choices)
    assert rules_object_from(rules_object(rules)) == rules
    with pytest.raises(RulesError, match=f"17 choices, more than the {MAX_CHOICES}"):
        RuleSet("mine", [1], choices=(*choices, choices[0]))


def test_a_hook_past_the_largest_hand_is_refused_where_it_is_built() -> None:
    """A hook's min_hand_size had no upper bound; a record read at most 1,000,000."""
    rules = pyclag.NORMAL.with_options(hook_min_hand_size=MAX_HAND_SIZE)
    assert_round_trips(pyclag.new_game(rules, 4))
    assert rules_object_from(rules_object(rules)) == rules
    with pytest.raises(RulesError, match=f"min_hand_size must be an int in 1..{MAX_HAND_SIZE}"):
        pyclag.NORMAL.with_options(hook_min_hand_size=10**7)


def test_points_and_tables_at_their_limits_round_trip() -> None:
    rules = pyclag.NORMAL.with_options(
        misere_points_per_trick=-MAX_POINTS, trick_points_on_miss=MAX_POINTS
    )
    assert_round_trips(pyclag.new_game(rules, 4))
    with pytest.raises(RulesError, match=f"in {-MAX_POINTS}..{MAX_POINTS}, not 1001"):
        pyclag.NORMAL.with_options(trick_points_on_miss=MAX_POINTS + 1)
    wide = attrs.evolve(RuleSet("wide", [1]), max_players=MAX_PLAYERS)
    assert_round_trips(pyclag.new_game(wide, MAX_PLAYERS))
    with pytest.raises(RulesError, match=f"max_players must be an int in 2..{MAX_PLAYERS}"):
        attrs.evolve(wide, max_players=MAX_PLAYERS + 1)
