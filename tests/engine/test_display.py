"""The text forms (docs/text.rst): ``str(state)`` and ``str(observation)`` in a
few readable lines, and short reprs for states, observations, results, rule
sets and records (``pyclag.engine.display``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

import pytest

import pyclag
from pyclag import GameState, presets, records
from pyclag.rules import catalogue
from pyclag.rules.ruleset import NORMAL
from pyclag.views import observe
from tests.engine.situations import CALLING, DECLARING, OVER, PLAYING, SHUFFLING

LONGEST_REPR: Final = 300
"""No repr of a state, observation, result, rule set or record runs longer."""


def _game(rules: pyclag.RuleSet, players: int) -> Iterator[GameState]:
    """Every state of one random game."""
    rng = random.Random(f"{rules.name}/{players}")
    state = pyclag.new_game(rules, players)
    while not pyclag.is_over(state):
        yield state
        if pyclag.next_actor(state) is pyclag.CHANCE:
            action = pyclag.sample_chance(state, rng)
        else:
            action = rng.choice(pyclag.legal_actions(state))
        state = pyclag.apply(state, action)
    yield state


TABLES: Final = [
    (name, players)
    for name in presets.names()
    for rules in [presets.get(name)]
    for players in sorted({rules.min_players, 5, rules.max_players})
]


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_every_repr_along_a_game_of_every_preset_is_short(name: str, players: int) -> None:
    rules = presets.get(name)
    longest: dict[str, int] = {}
    for state in _game(rules, players):
        values: list[object] = [state, state.round, state.round.setup, state.rules]
        values += state.history[-1:]
        values += [observe(state, seat) for seat in range(players)]
        for value in values:
            shown = repr(value)
            longest[type(value).__name__] = max(len(shown), longest.get(type(value).__name__, 0))
            assert len(shown) <= LONGEST_REPR, shown
            assert "\n" not in shown
    record = records.record_of(state)
    for value in (record, *record.rounds):
        assert len(repr(value)) <= LONGEST_REPR, repr(value)
    assert set(longest) == {
        "GameState",
        "RoundState",
        "RoundSetup",
        "RuleSet",
        "RoundResult",
        "Observation",
    }


@pytest.mark.parametrize(("name", "players"), [("wikipedia", 4), ("raf", 7), ("pagat", 5)])
def test_str_of_every_state_and_view_is_a_line_per_seat_and_a_few_more(
    name: str, players: int
) -> None:
    for state in _game(presets.get(name), players):
        for text in (str(state), *(str(observe(state, seat)) for seat in range(players))):
            lines = text.splitlines()
            assert players + 2 <= len(lines) <= players + 5, text
            assert lines[0].startswith(f"round {state.round.setup.index + 1} of ")
            assert [line.split(":")[0] for line in lines if line.startswith("seat ")] == [
                f"seat {seat}" for seat in range(players)
            ]
            assert lines[-1].startswith("game over: " if pyclag.is_over(state) else "to act: ")


def test_str_of_a_state_shows_the_trick_on_the_table_and_who_is_to_act() -> None:
    assert str(pyclag.play(PLAYING, pyclag.Card.parse("AS"))) == (
        "round 1 of 2 (3 cards), dealer seat 3; trumps H (turn-up 6H)\n"
        "seat 0: 3D 7H     bid 1  tricks 0  score 0\n"
        "seat 1: 2C QH KS  bid 1  tricks 0  score 0\n"
        "seat 2: TD 5H 9S  bid 0  tricks 0  score 0\n"
        "seat 3: 8C JH 4S  bid 0  tricks 0  score 0\n"
        "trick: AS (seat 0 led)\n"
        "to act: seat 1 (play)"
    )


def test_str_of_an_observation_hides_the_other_hands_and_lists_the_legal_actions() -> None:
    assert str(observe(PLAYING, 0)) == (
        "round 1 of 2 (3 cards), dealer seat 3; trumps H (turn-up 6H)\n"
        "seat 0: 3D 7H AS  bid 1  tricks 0  score 0  (you)\n"
        "seat 1: 3 cards   bid 1  tricks 0  score 0\n"
        "seat 2: 3 cards   bid 0  tricks 0  score 0\n"
        "seat 3: 3 cards   bid 0  tricks 0  score 0\n"
        "to act: seat 0 (play); legal: 3D 7H AS"
    )
    assert str(observe(PLAYING, 1)).endswith("to act: seat 0 (play)")


def test_s2_3_the_raf_caller_and_the_call_are_shown() -> None:
    assert str(observe(CALLING, 1)).splitlines()[:2] == [
        "round 1 of 8 (3 cards, Caller's choice), dealer seat 0; trumps not yet called",
        "caller: seat 1",
    ]
    assert str(observe(CALLING, 1)).endswith("to act: seat 1 (call); 696 legal actions")
    assert str(SHUFFLING).splitlines()[:2] == [
        "round 1 of 8 (3 cards, Trumps S, Blind), dealer seat 0; trumps S",
        "caller: seat 1 called trumps:S blind",
    ]
    assert str(SHUFFLING).endswith("to act: chance (shuffle)")


def test_s2_0_dealer_calls_trumps_not_yet_declared_then_declared() -> None:
    assert (
        str(DECLARING)
        .splitlines()[0]
        .endswith("(7 cards, Dealer Calls), dealer seat 0; trumps not yet declared")
    )
    assert str(DECLARING).endswith("to act: seat 0 (declare trump)")
    declared = pyclag.declare_trump(DECLARING, pyclag.Suit.CLUBS)
    assert str(declared).splitlines()[0] == (
        "round 1 of 1 (7 cards, Dealer Calls: Trumps C), dealer seat 0; trumps C"
    )


def test_s2_0_guess_trumps_hides_the_turn_up_until_the_bids_are_in() -> None:
    rules = NORMAL.with_schedule([catalogue.guess_trumps(7)])
    state = pyclag.deal(pyclag.new_game(rules, 3), rng=random.Random(1))
    assert str(state).splitlines()[0] == (
        "round 1 of 1 (7 cards, Guess Trumps), dealer seat 0; trumps not yet shown"
    )
    for _ in range(3):
        state = pyclag.bid(state, 0) if 0 in pyclag.legal_bids(state) else pyclag.bid(state, 1)
    assert "; trumps " in str(state).splitlines()[0]
    assert "(turn-up " in str(state).splitlines()[0]


def test_s2_0_blind_bids_are_made_with_the_cards_face_down() -> None:
    rules = NORMAL.with_schedule([catalogue.blind_unseen(7, trump_visible=False)])
    state = pyclag.deal(pyclag.new_game(rules, 3), rng=random.Random(1))
    assert state.round.setup.played.label == "Blind (cards and trumps unseen)"
    seats = str(state).splitlines()[1:4]
    assert all(line.split("  ")[0].endswith("(face down)") for line in seats), seats
    assert str(observe(state, 1)).splitlines()[2].startswith("seat 1: 7 cards face down")


def test_a14_a_round_without_bids_has_no_bid_column() -> None:
    rules = NORMAL.with_schedule([catalogue.most_tricks(7)])
    state = pyclag.deal(pyclag.new_game(rules, 4), rng=random.Random(1))
    assert "bid" not in str(state)
    assert str(state).splitlines()[1].endswith("tricks 0  score 0")


def test_a25_the_draw_for_the_first_bidder_is_shown() -> None:
    rules = NORMAL.with_schedule([2]).with_options(scottish_draw_each_round=True)
    state = pyclag.apply(pyclag.new_game(rules, 3), pyclag.Draw(pyclag.parse_cards("4S KH 2C")))
    # The cards are turned from the eldest round, seat 1 first: KH is seat 2's.
    assert str(state).splitlines()[1] == "draw: 4S KH 2C; seat 2 bids first"


def test_s1_10_a_finished_game_names_its_winners() -> None:
    assert str(OVER).splitlines()[-2:] == [
        "last trick: QS JC KH (seat 1 led, seat 1 won)",
        "game over: seats 0, 1, 2 share the win with 0",
    ]
    assert str(observe(OVER, 2)).endswith("game over: seats 0, 1, 2 share the win with 0")
    assert repr(OVER) == "<GameState normal, 3 players, game over after 1 round>"


def test_reprs_say_what_the_value_is_in_a_line() -> None:
    assert repr(PLAYING) == "<GameState normal, 4 players, round 1 of 2, play phase, seat 0 to act>"
    assert repr(PLAYING.round) == "<RoundState round 1 (3 cards), play phase, seat 0 to act>"
    assert repr(PLAYING.round.setup) == (
        "<RoundSetup round 1 (3 cards), 4 players, dealer seat 3; trumps H (turn-up 6H)>"
    )
    assert repr(observe(PLAYING, 2)) == (
        "<Observation by seat 2: normal, 4 players, round 1 of 2, play phase, seat 0 to act>"
    )
    assert repr(OVER.history[0]) == (
        "<RoundResult round 1 (1 card): bids 1 0 1, tricks 0 1 0, points 0 0 0>"
    )
    assert (
        repr(presets.WIKIPEDIA)
        == "<RuleSet wikipedia: 22 rounds, 3-7 players, hook ne, F1 scoring>"
    )
    assert repr(presets.RAF) == "<RuleSet raf: 2 rounds a player, 3-7 players, hook ne, F1 scoring>"
    assert (
        repr(records.record_of(OVER)) == "<Record normal, 3 players, first dealer seat 0, 1 rounds>"
    )
    assert repr(records.record_of(OVER).rounds[0]) == "<RoundRecord deck, 3 bids, 3 plays>"
