"""Issue 30 item 6: long games cost linear time. The information-state text
of a seat (:func:`pyclag.openspiel.game.view_text`, which writes out every
finished round) writes each finished round once and shares the lines of the
rounds before, not all of them again each round: counted, never timed."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import pyclag
from pyclag.bots import HeuristicBot
from pyclag.openspiel.game import view_text
from pyclag.records import record_of, replay, round_record


def test_issue_30_item_6_a_seat_s_text_writes_each_finished_round_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Over a game of 40 one-card deals with every view written out, a round's
    record is made once as the round in progress at each decision and once
    more when it is finished (not again with every later round's history: 741
    more); a view met out of the blue (a replayed game's) gives the same text."""
    game = importlib.import_module("pyclag.openspiel.game")
    made: list[Any] = []

    def counted(*args: Any) -> Any:
        made.append(args[1])
        return round_record(*args)

    monkeypatch.setattr(game, "round_record", counted)
    state = pyclag.new_game(pyclag.NORMAL.with_schedule([1] * 40), players=4)
    bot, rng = HeuristicBot(), random.Random(5)
    decisions, checked = 0, False
    while not pyclag.is_over(state):
        actor = state.round.to_act
        if not isinstance(actor, int):
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
            continue
        view = pyclag.observe(state, actor)
        text = view_text(view)
        decisions += 1
        if len(state.history) == 30 and not checked:
            checked = True
            again = pyclag.observe(replay(record_of(state)), actor)
            assert again.history is not view.history and view_text(again) == text
            assert len(text.splitlines()) == 30 + 3
        state = pyclag.apply(state, bot.choose(view))
    # The one text of a replayed view wrote its 30 rounds whole, and its round in progress.
    assert checked and len(made) == decisions + 39 + 31
