"""Bots: players that choose an action from their observation alone.

A bot is anything with ``choose(observation) -> action`` (:class:`Bot`); it
sees only what :func:`pyclag.observe` shows its seat. :class:`RandomBot`
picks a legal action at random; :class:`HeuristicBot` bids the tricks its
hand should take under the round's rules and plays to make that bid exactly;
:class:`SearchBot`, the default search bot, searches the deal by
information-set Monte Carlo tree search (:class:`~pyclag.bots.ismcts.ISMCTSBot`)
and :class:`~pyclag.bots.pimc.PIMCBot` by perfect-information Monte Carlo.
:func:`play_game` seats bots at a table and plays a game to its end.

>>> import random, pyclag
>>> from pyclag.bots import SearchBot  # a search bot is imported when first asked for
>>> rules = pyclag.NORMAL.with_schedule([3, 3])
>>> bots = [HeuristicBot(), RandomBot(random.Random(1)), SearchBot(simulations=100, seed=2)]
>>> state = play_game(pyclag.new_game(rules, 3), bots, random.Random(7))
>>> pyclag.is_over(state), len(state.history)
(True, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from pyclag._caches import lazy_names
from pyclag.bots._table import Bot, RandomBot, legal_choices, play_game
from pyclag.bots.heuristic import HeuristicBot

if TYPE_CHECKING:
    from pyclag.bots.ismcts import ISMCTSBot, SearchBot
    from pyclag.bots.pimc import PIMCBot

__all__ = [
    "Bot",
    "HeuristicBot",
    "ISMCTSBot",
    "PIMCBot",
    "RandomBot",
    "SearchBot",
    "legal_choices",
    "play_game",
]

_LAZY: Final = {
    "ISMCTSBot": "pyclag.bots.ismcts",
    "SearchBot": "pyclag.bots.ismcts",
    "PIMCBot": "pyclag.bots.pimc",
}
"""The search bots, imported the first time they are asked for (a program that
seats only the heuristic or random bots never builds a search)."""

__getattr__, __dir__ = lazy_names(__name__, _LAZY)
