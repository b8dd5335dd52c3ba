"""The browser app's Python side, web/app/table.py (issue 31 items 2-4), without a
browser: what the page is told is pyclag's own (its scores, legal sets, refusals and
files), for every preset. The page itself is tested in Chromium by web/tests."""

from __future__ import annotations

import doctest
import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import pyclag
from pyclag import Play, records
from pyclag.scoresheet import DealEntry, ScoreSheet, dump_sheet, load_sheet, sheet_csv
from pyclag.terminal import deal_lines
from pyclag.views import observe

TABLE = Path(__file__).resolve().parents[2] / "web" / "app" / "table.py"
NAMES = ("Ann", "Bob", "Cy", "Di")


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pyclag_web_table", TABLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


table = _load()


def call(name: str, **arguments: Any) -> Any:
    return json.loads(table.call(name, json.dumps(arguments)))


def test_doctests() -> None:
    """issue 31 item 2: the module's examples run."""
    result = doctest.testmod(table, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_sheet_is_pyclags() -> None:
    """issue 31 item 3: a sheet entered through the page's door scores as ScoreSheet does;
    its file is dump_sheet's, its CSV sheet_csv's; the forbidden bid is struck and refused
    in pyclag's words with the players' names; undo and edit recompute the totals."""
    view = call("sheet_new", preset="wikipedia", names=list(NAMES))
    sheet = ScoreSheet(pyclag.presets.get("wikipedia"), 4, 0, NAMES)
    for bids, tricks in (((0, 1, 0, 1), (1, 0, 0, 0)), ((1, 0, 1, 1), (1, 0, 1, 0))):
        for bid in bids:
            view = call("sheet_enter", file=view["file"], value=bid)
            sheet = sheet.bid(bid)
        view = call("sheet_enter", file=view["file"], value=list(tricks))
        sheet = sheet.took(tricks)
    assert view["totals"] == list(sheet.totals)
    assert view["file"] == dump_sheet(sheet)
    assert view["csv"] == sheet_csv(sheet)
    assert view["card"] == sheet.card()
    for bid in (1, 0, 1):
        view = call("sheet_enter", file=view["file"], value=bid)
    struck = [c["value"] for c in view["current"]["choices"] if c.get("struck")]
    assert struck == [1]
    refused = call("sheet_enter", file=view["file"], value=1)["refused"]
    assert refused.startswith("illegal bid 1 by Cy: ") and "seat" not in refused
    undone = call("sheet_undo", file=view["file"])
    assert undone["current"]["bids"][-2:] == [["Bob", None], ["Cy", None]]
    edited = call("sheet_edit", file=view["file"], number=1, bids=[0, 0, 0, 0], tricks=[0, 0, 0, 1])
    after = load_sheet(view["file"]).edit(1, DealEntry(bids=(0, 0, 0, 0), tricks=(0, 0, 0, 1)))
    assert edited["totals"] == list(after.totals) != view["totals"]
    assert call("sheet_from_link", packed=view["link"])["file"] == view["file"]
    assert "refused" in call("sheet_from_link", packed="not a sheet")


def test_game_over_and_tie_break() -> None:
    """issue 31 item 3: the winners, and the tie-break that decided them."""
    rules = pyclag.NORMAL.with_schedule([1])
    sheet = ScoreSheet(rules, 3, 0, ("Ann", "Bob", "Cy")).bid(0).bid(0).bid(0).took((1, 0, 0))
    view = call("sheet_open", file=dump_sheet(sheet))
    assert view["current"] is None
    assert sheet.winners() == (1, 2)
    assert view["verdict"] == (
        "Game over: Bob and Cy share the win with 10. Tie-break (shared): "
        f"{rules.explain('tie_break')} Contracts made: Bob 1, Cy 1."
    )


@pytest.mark.parametrize("preset", pyclag.presets.names())
def test_every_preset(preset: str) -> None:
    """issue 31 items 3 and 4: every preset starts a sheet (its options offered with what
    each rules) and a game against bots, whose legal cards are pyclag's for the seat."""
    info = {p["name"]: p for p in call("presets_info")}[preset]
    assert all(option["about"] for option in info["options"])
    sheet = call("sheet_new", preset=preset, players=4)
    assert sheet["current"]["heading"].startswith("Deal 1 of ")
    game = call("game_new", preset=preset, players=4, seat=1)
    for _ in range(60):
        view = observe(records.replay(records.load(game["record"])), 1)
        plays = {str(a.card) for a in view.legal if isinstance(a, Play)}
        assert set(game["legal_cards"]) == plays
        assert {a["index"] for a in game["actions"]} | {p["index"] for p in game["plays"]} == set(
            range(len(view.legal))
        )
        if game["verdict"] or len(view.history) >= 1:
            break
        game = call("game_act", record=game["record"], seat=1, index=0)
    assert len(view.history) >= 1 or game["verdict"]


def test_raf_call_and_options() -> None:
    """issue 31 item 3: options as typed; the RAF dealer's hand size and the call as typed."""
    view = call("sheet_new", preset="raf", options={"first_deal_caller": "eldest"}, players=4)
    assert [c["value"] for c in view["current"]["choices"]] == [3, 4, 5, 6, 7]
    view = call("sheet_enter", file=view["file"], value=3)
    assert view["current"]["waiting"] == "call"
    view = call("sheet_enter", file=view["file"], value="trumps:H misere")
    assert "Misère" in " ".join(view["current"]["special"]) or view["current"]["special"]
    assert "refused" in call("sheet_new", preset="raf", options={"hook": "sideways"})


def test_special_deal_explained_on_the_sheet() -> None:
    """issue 31 item 3: a special deal says what is special in pyclag's words
    (pyclag.terminal.deal_lines), and one without bids asks for the tricks at once."""
    rules = pyclag.presets.get("wikipedia")
    sheet = ScoreSheet(rules, 4)
    while sheet.current is not None and sheet.current.number < 9:
        deal = sheet.current
        if deal.waiting is pyclag.Phase.PLAY:
            sheet = sheet.took((deal.hand_size, 0, 0, 0))
        elif deal.waiting is pyclag.Phase.DECLARE_TRUMP:
            sheet = sheet.declare_trump(deal.legal[0])
        else:
            sheet = sheet.bid(min(b for b in deal.legal if isinstance(b, int)))
    assert sheet.current is not None
    view = call("sheet_open", file=dump_sheet(sheet))["current"]
    assert view["heading"] == "Deal 9 of 22: 7 cards, Misère; dealer seat 0"
    assert view["special"] == deal_lines(sheet.current.setup, rules)
    assert view["special"][0].startswith("Misère: nobody bids")
    assert view["waiting"] == "play" and view["choices"] == [] and view["bids"] == []


def test_special_deal_explained_against_bots() -> None:
    """issue 31 item 4: in a game against bots, a special deal is explained as it starts
    (deal 8 of wikipedia: No Trumps), in the words of ``pyclag play``."""
    rules = pyclag.presets.get("wikipedia")
    state = pyclag.new_game(rules, 4)
    bot, rng = pyclag.bots.HeuristicBot(), random.Random(5)
    while len(state.history) < 7:
        actor = pyclag.next_actor(state)
        if isinstance(actor, int):
            state = pyclag.apply(state, bot.choose(observe(state, actor)))
        else:
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
    game = call("game_open", record=records.dump(state), seat=0)
    told = "\n".join(game["news"])
    assert "=== Round 8 of 22" in told
    assert "No trumps: the highest card of the suit led wins each trick." in told
    assert game["table"].startswith("<svg") and all(
        f'data-card="{card}"' in game["faces"][card] for card in game["hand"]
    )
