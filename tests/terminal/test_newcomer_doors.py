"""The terminal game as a newcomer wants it (issue 18, item 4, and the new doors): the
bots named by seat in ``simulate``, and bad input at the doors the terminal game added
(``--record``, typed card text, a record that cannot be saved) refused with the input
named (tests/terminal/test_newcomer.py has items 1-3)."""

from __future__ import annotations

import io
import os
import random

import pytest

import pyclag
from pyclag.cli import main
from pyclag.terminal import Session
from tests.helpers import run_pyclag
from tests.terminal.answerer import Answerer

# --- 4. simulate names the bot at each seat ---------------------------------------------------


def test_4_simulate_names_each_seat_and_its_bot(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--preset", "normal", "--players", "3", "--seed", "1", "--schedule", "1"]
    assert main([*argv, "--bots", "random,heuristic"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("pyclag simulate: preset normal, 3 players, seed 1, first dealer seat 0")
    assert out[1] == "bots: seat 0 random, seat 1 heuristic, seat 2 random"
    assert out[2] == "round cards rule |   seat 0     seat 1     seat 2"
    assert out[3] == "                 |   random   heuristic    random"


@pytest.mark.parametrize("games", ["1", "3"])
def test_4_more_bot_names_than_seats_is_an_error(games: str) -> None:
    done = run_pyclag(
        "simulate", "--players", "3", "--games", games, "--bots", "random,random,heuristic,pimc"
    )
    assert done.returncode == 2
    assert done.stderr == (
        "pyclag simulate: error: --bots 'random,random,heuristic,pimc' names 4 bots for 3 "
        "seats; name at most 3\n"
    )
    assert done.stdout == ""


def test_4_play_refuses_more_bots_than_other_seats() -> None:
    done = run_pyclag("play", "--players", "3", "--bots", "random,random,pimc", stdin="quit\n")
    assert done.returncode == 2
    assert "names 3 bots for 2 seats; name at most 2" in done.stderr


# --- bad input at the new doors -----------------------------------------------------------------


def test_bad_record_argument_and_card_text_are_refused_with_the_input_named() -> None:
    with pytest.raises(TypeError, match="play: record must be None or a file path, not int"):
        Session(pyclag.NORMAL, 3, 0, random.Random(1), io.StringIO(), io.StringIO(), record=5)  # type: ignore[arg-type]
    with pytest.raises(pyclag.RecordError, match="card text must be a string, not int"):
        pyclag.notation.read_card(5)
    with pytest.raises(pyclag.RecordError, match="bad card text 'ace of trumps'"):
        pyclag.notation.read_typed_play("ace of trumps", seat=0)


@pytest.mark.usefixtures("unwrapped")  # the message is read whole, on one line
def test_a_record_that_cannot_be_saved_mid_game_is_said_and_the_game_goes_on(
    tmp_path: object,
) -> None:
    folder = os.path.join(str(tmp_path), "gone")
    os.mkdir(folder)
    path = os.path.join(folder, "game.json")

    def lose_folder() -> None:
        if os.path.isdir(folder):  # the folder goes away after the first save
            os.remove(path)
            os.rmdir(folder)

    out = Answerer(seed=1, mischief=False, before_reply=lose_folder)
    session = Session(
        pyclag.NORMAL.with_schedule([1, 1]), 3, 0, random.Random(1), out.stdin, out, record=path
    )
    assert session.run() == 0
    assert pyclag.is_over(session.state)
    assert f"Not saved: cannot write {path}: its folder {folder} does not exist" in out.getvalue()
