"""Game records (DESIGN.md §6): the reference games of tests/data/games/ and ``pyclag replay``.

The corpora are described in :mod:`tests.records.corpus`.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import pyclag
from pyclag import presets
from pyclag.records import dump, load, replay, summary
from tests.helpers import play_checked, run_pyclag
from tests.records.corpus import GAMES, GAMES_EXPECTED

# --- reference games ---------------------------------------------------------------------------


def test_reference_games_cover_every_preset_a_partial_game_and_an_raf_blind_call() -> None:
    assert {entry["preset"] for entry in GAMES_EXPECTED.values()} == set(presets.names())
    assert sum(entry["winners"] is None for entry in GAMES_EXPECTED.values()) >= 1
    assert len(GAMES_EXPECTED) >= 8
    assert {p.name for p in GAMES.iterdir()} == {*GAMES_EXPECTED, "EXPECTED.json"}


@pytest.mark.parametrize("name", sorted(GAMES_EXPECTED))
def test_reference_game_replays_to_its_expected_totals_and_winners(name: str) -> None:
    expected = GAMES_EXPECTED[name]
    text = (GAMES / name).read_text("utf-8")
    state = replay(load(text))
    assert state.rules.name == expected["preset"]
    assert state.players == expected["players"]
    assert len(state.history) == expected["rounds_scored"]
    assert list(state.scores) == expected["totals"]
    if expected["winners"] is None:
        assert not pyclag.is_over(state)
        assert pyclag.phase(state).value == expected["phase"]
        assert [str(play.card) for play in state.round.trick] == expected["trick_so_far"]
    else:
        assert pyclag.is_over(state)
        assert list(pyclag.winners(state)) == expected["winners"]
    assert dump(state) + "\n" == text  # dump is deterministic


SEEDED = re.compile(r"([a-z]+)_(\d)p_seed(\d+)\.json")


@pytest.mark.parametrize("name", sorted(n for n in GAMES_EXPECTED if SEEDED.fullmatch(n)))
def test_reference_game_is_the_seeded_game_its_name_says(name: str) -> None:
    match = SEEDED.fullmatch(name)
    assert match is not None
    preset, players, seed = match.groups()
    record = json.loads((GAMES / name).read_text("utf-8"))
    table = pyclag.new_game(presets.get(preset), int(players), record["first_dealer"])
    state = play_checked(table, random.Random(int(seed)))
    assert replay(load(json.dumps(record))) == state


def test_reference_raf_eldest_game_has_a_first_deal_call_and_a_blind_call() -> None:
    [name] = [n for n in GAMES_EXPECTED if n.startswith("raf_eldest")]
    record = json.loads((GAMES / name).read_text("utf-8"))
    assert record["options"] == {"first_deal_caller": "eldest"}
    assert "call" in record["rounds"][0]
    blind = [rnd for rnd in record["rounds"] if rnd.get("call", {}).get("blind")]
    assert blind
    assert all("blind_orders" in rnd and "plays" not in rnd for rnd in blind)


def test_s1_9_reference_wikipedia_first_deals_checked_by_hand() -> None:
    # Checked by hand from the record text (wikipedia_4p_seed2.json), not from the code:
    # Deal 1 (dealer 0, h=1): deck 4D 5H JC TD | turn-up 6C (clubs). Card i goes to seat
    #   (0+1+i)%4: s1 4D, s2 5H, s3 JC, s0 TD. Bids from s1: 0,1,0,1 (s0 dealer: S=1, may
    #   not bid 0; bids 1). s1 leads 4D, s2 5H, s3 JC (trump), s0 TD: JC wins, s3 takes 1.
    #   F1 (§1.9: 10+2t if t==b else 0): s1 b0 t0 -> 10; s2 b1 t0, s3 b0 t1, s0 b1 t0 -> 0.
    # Deal 2 (dealer 1, h=2): deck 7C AC AH 9C KH AD 3S 2D | turn-up 6C. s2 7C KH, s3 AC AD,
    #   s0 AH 3S, s1 9C 2D. Bids from s2: 0,1,0,0. Trick 1: 7C AC AH 9C -> AC (s3);
    #   trick 2: AD 3S 2D KH -> AD (s3). s3 b1 t2 -> 0; s0, s1, s2 b0 t0 -> 10 each.
    # Deal 3 (dealer 2, h=3): s0 6D AH QH, s1 KC 9D 6H, s2 JH 8C 2H, s3 AS 2D KS; turn-up 7C.
    #   Bids from s3: 1,0,0,1. 2D 6D 9D 8C -> 8C trumps (s2); 2H AS QH 6H -> QH (s0);
    #   AH KC JH KS -> KC trumps (s1). s2 b1 t1 -> 12; s0 b0 t1, s1 b0 t1, s3 b1 t0 -> 0.
    state = replay(load((GAMES / "wikipedia_4p_seed2.json").read_text("utf-8")))
    first = state.history[:3]
    assert [r.trick_winners for r in first] == [(3,), (3, 3), (2, 0, 1)]
    assert [r.points for r in first] == [(0, 10, 0, 0), (10, 10, 10, 0), (0, 0, 12, 0)]
    assert first[2].totals == (10, 20, 22, 0)


@pytest.mark.parametrize(
    "name", ["wikipedia_4p_seed2.json", "scottish_3p_seed7.json", "indonesian_4p_seed4.json"]
)
def test_s1_9_and_s2_0_reference_game_totals_recomputed(name: str) -> None:
    # Every round's points from its bids and tricks, by the formulas of RULES.md
    # written out here: F1 10+2t exact else 0 (Wikipedia); F2 t + 10 if exact
    # (Scottish, Indonesian); misère +10 for no tricks else p*t (Wikipedia and
    # Scottish p=-2, Indonesian p=+1); most tricks +10 to the sole leader.
    state = replay(load((GAMES / name).read_text("utf-8")))
    family = {"wikipedia": "F1", "scottish": "F2", "indonesian": "F2"}[state.rules.name]
    per_trick = {"wikipedia": -2, "scottish": -2, "indonesian": 1}[state.rules.name]
    totals = [0] * state.players
    for result in state.history:
        tricks = result.tricks_won
        label = result.setup.played.label
        for seat in range(state.players):
            t, b = tricks[seat], result.bids[seat]
            if "Misère" in label:
                points = 10 if t == 0 else per_trick * t
            elif "Most Tricks" in label:
                points = 10 if tricks.count(max(tricks)) == 1 and t == max(tricks) else 0
            elif family == "F1":
                points = 10 + 2 * t if t == b else 0
            else:
                points = t + (10 if t == b else 0)
            assert result.points[seat] == points, (label, seat)
            totals[seat] += points
    assert totals == GAMES_EXPECTED[name]["totals"]


# --- pyclag replay (subprocess) ------------------------------------------------------------------


def _summary_shape(summary_: Any, players: int) -> None:
    assert set(summary_) == {"rounds", "totals", "winners"}
    assert len(summary_["totals"]) == players
    for rnd in summary_["rounds"]:
        assert set(rnd) == {"bids", "tricks", "points"}
        assert [len(rnd[key]) for key in ("bids", "tricks", "points")] == [players] * 3


@pytest.mark.parametrize("name", ["pagat_6p_seed5.json", "scottish_5p_partial_mid_trick.json"])
def test_pyclag_replay_json_prints_rounds_totals_winners_by_seat(name: str) -> None:
    done = run_pyclag("replay", str(GAMES / name), "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    printed = json.loads(done.stdout)
    state = replay(load((GAMES / name).read_text("utf-8")))
    _summary_shape(printed, state.players)
    assert printed == json.loads(json.dumps(summary(state)))
    assert printed["totals"] == GAMES_EXPECTED[name]["totals"]
    assert printed["winners"] == GAMES_EXPECTED[name]["winners"]
    assert len(printed["rounds"]) == GAMES_EXPECTED[name]["rounds_scored"]


def test_pyclag_replay_reads_standard_input_and_prints_the_score_card() -> None:
    name = "scottish_5p_partial_mid_trick.json"
    done = run_pyclag("replay", "-", stdin=(GAMES / name).read_text("utf-8"))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "pyclag replay: -: preset scottish, 5 players"
    assert lines[-1] == "the record stops in round 6, at its play phase"


def test_summary_lists_bids_tricks_points_by_seat() -> None:
    state = replay(load((GAMES / "wikipedia_4p_seed2.json").read_text("utf-8")))
    shown = summary(state)
    _summary_shape(shown, 4)
    assert shown["rounds"][0] == {
        "bids": [1, 0, 1, 0],
        "tricks": [0, 0, 0, 1],
        "points": [0, 10, 0, 0],
    }
    assert shown["totals"] == GAMES_EXPECTED["wikipedia_4p_seed2.json"]["totals"]
    assert shown["winners"] == [2]
    # most tricks (deal 15) has no bids: null by seat
    assert shown["rounds"][14]["bids"] == [None] * 4
    assert shown["rounds"][8]["bids"] == [0] * 4  # misère: everyone's contract is 0
