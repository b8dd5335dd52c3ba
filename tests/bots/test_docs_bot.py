"""The example bot of docs/bots.rst, read from the page itself, plays every preset
and every deal type correctly (issue 18 item 6): its weakest legal card is the
weakest under the deal's rules (trumps, precedence, Nuloss, Aces Low, wild twos;
RULES.md §1.8), as the engine's :func:`pyclag.trick_winner` rules on the trick.
"""

from __future__ import annotations

import pathlib
import random
from typing import Any, Final

import pytest

import pyclag
from pyclag import Observation, Play
from pyclag.bots import Bot, HeuristicBot
from tests.views.games import PRESETS

PAGE: Final = pathlib.Path(__file__).resolve().parents[2] / "docs" / "bots.rst"


def _docs_bot() -> Any:
    """The class the page defines in its ``>>> class LowBot:`` example, run as written."""
    lines = PAGE.read_text().splitlines()
    start = lines.index(">>> class LowBot:")
    source = [">>> import pyclag"]
    for line in lines[start:]:
        if not line.startswith((">>> ", "...")) or (source[1:] and line.startswith(">>> ")):
            break
        source.append(line)
    namespace: dict[str, Any] = {}
    exec("\n".join(line[4:] for line in source), namespace)
    return namespace["LowBot"]


LOW_BOT: Final = _docs_bot()


class Checked:
    """The page's bot, each play to a trick led by another checked by the
    engine's ruling: when its card takes the trick so far, every legal play
    would have taken it (it had no card to duck with)."""

    def __init__(self) -> None:
        self.bot = LOW_BOT()
        self.plays = 0

    def choose(self, observation: Observation) -> Any:
        choice = self.bot.choose(observation)
        assert choice in observation.legal
        if isinstance(choice, Play) and observation.trick:
            rules = observation.round_rules
            assert rules is not None
            trick = list(observation.trick)
            seat = observation.seat

            def takes(play: Play) -> bool:
                return pyclag.trick_winner([*trick, play], rules) == seat

            if takes(choice):
                assert all(takes(play) for play in observation.legal if isinstance(play, Play))
            self.plays += 1
        return choice


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_docs_bot_plays_every_preset_weakest_card_first(name: str) -> None:
    rules = PRESETS[name]
    for seed in range(2):
        bot = Checked()
        bots: list[Bot] = [bot, HeuristicBot(), HeuristicBot(), HeuristicBot()]
        state = pyclag.bots.play_game(pyclag.new_game(rules, players=4), bots, random.Random(seed))
        assert pyclag.is_over(state)
        assert bot.plays > 0
