"""What a newcomer trips on at ``pyclag score`` (issue 30, item 9): refusals that
say "seat 0" where the player has a name, and prompts (the RAF call's) and lines
that wrap mid-word at 80 columns."""

from __future__ import annotations

import io
import re

import pytest

from pyclag import presets
from pyclag.scoresheet import ScoreSheet
from pyclag.terminal import lines
from pyclag.terminal.scorekeeper import Scorekeeper
from tests.scoresheet.games import answers, assert_agrees, engine_game

NAMES = ("Alexandra-Wilhelmina", "Bob", "Cy", "Di")


class Transcript(io.StringIO):
    """A stdout that keeps apart what the program printed and the answers it
    echoed (written just after a question was flushed)."""

    def __init__(self) -> None:
        super().__init__()
        self.printed: list[str] = []
        self.asked = False

    def write(self, text: str) -> int:
        self.printed.append("\n" if self.asked else text)  # an answer echoed: its line ends
        self.asked = False
        return super().write(text)

    def flush(self) -> None:
        super().flush()
        self.asked = True


def _kept(sheet: ScoreSheet, typed: list[str]) -> tuple[Scorekeeper, Transcript]:
    out = Transcript()
    keeper = Scorekeeper(sheet, io.StringIO("".join(f"{line}\n" for line in typed)), out)
    assert keeper.run() == 0
    return keeper, out


def test_30_9_refusals_name_the_player_not_the_seat() -> None:
    """issue 30 item 9: at a table with names, a refused entry says "by Di",
    "dealer Di", not "by seat 3", "dealer seat 3"; without names, seats."""
    rules = presets.get("wikipedia").with_schedule([3])
    typed = ["1", "1", "0", "1", "0", "help"]
    _, named = _kept(ScoreSheet(rules, 4, 3, NAMES), typed)
    text = " ".join(named.getvalue().split())
    assert (
        "Refused: illegal bid 1 by Di: total of bids would equal the hand size 3 in deal "
        "1 of 1 (3 cards, dealer Di); legal bids: 0 2 3"
    ) in text
    assert not re.search(r"seat [0-9]", text)
    _, unnamed = _kept(ScoreSheet(rules, 4, 3), typed)
    assert "Refused: illegal bid 1 by seat 3: total of bids would equal" in " ".join(
        unnamed.getvalue().split()
    )


def test_30_9_a_call_refused_names_the_caller() -> None:
    """issue 30 item 9: the RAF hand size and call refused by name."""
    sheet = ScoreSheet(presets.get("raf", first_deal_caller="eldest"), 4, 3, NAMES)
    _, out = _kept(sheet, ["9", "3", "hearts please"])
    text = " ".join(out.getvalue().split())
    assert "Refused: illegal hand size 9 by Di: not a hand size the dealer may choose" in text
    assert "dealer Di" in text and "dealer seat" not in text


@pytest.mark.parametrize("preset", ["raf", "wikipedia", "scottish"])
def test_30_9_a_whole_game_at_the_score_sheet_fits_80_columns_in_whole_words(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 30 item 9: every line ``pyclag score`` prints (the welcome line, the
    headings, the RAF call prompt, the refusals) within 80 columns, wrapped at
    spaces, each question leaving room for the answer; unwrapped, the same words."""
    rules = presets.get(preset)
    state = engine_game(rules, 4, seed=5)
    typed = ["99", *answers(state, NAMES)]  # one refused, then the game
    keeper, out = _kept(ScoreSheet(rules, 4, 0, NAMES), typed)
    assert_agrees(keeper.sheet, state)
    printed = "".join(out.printed)
    for line in printed.splitlines():
        assert len(line) <= lines.WIDTH, line
    for question in (text for text in out.printed if text and not text.endswith("\n")):
        assert len(question.rsplit("\n", 1)[-1].rstrip()) <= lines.WIDTH - lines.ANSWER_ROOM
    if preset == "raf":
        call = "calls (e.g. trumps:H, nt, precedence:HSDC, and nuloss blind misere ascending"
        assert call in " ".join(printed.split())  # the call's prompt, wrapped
    monkeypatch.setattr(lines, "WIDTH", 10**9)
    _, whole = _kept(ScoreSheet(rules, 4, 0, NAMES), typed)
    assert max(len(line) for line in "".join(whole.printed).splitlines()) > 100  # to wrap
    assert printed.split() == "".join(whole.printed).split()
