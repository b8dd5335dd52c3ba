"""pyclag as an OpenSpiel game: importing this package registers
``python_clag`` with ``pyspiel`` (the ``openspiel`` extra:
``pip install 'pyclag[openspiel]'``).

>>> import pyspiel
>>> import pyclag.openspiel
>>> game = pyspiel.load_game("python_clag", {"preset": "pagat", "hand_size": 7})
>>> game.num_players(), game.max_game_length(), game.max_utility()
(4, 32, 17.0)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
"""

from pyclag.openspiel.game import GAME_TYPE, ClagGame, ClagObserver, ClagState, Position, pyspiel
from pyclag.openspiel.params import DEFAULTS, FLAGS, PRESET, PRESET_INT

__all__ = [
    "DEFAULTS",
    "FLAGS",
    "GAME_TYPE",
    "PRESET",
    "PRESET_INT",
    "ClagGame",
    "ClagObserver",
    "ClagState",
    "Position",
]

pyspiel.register_game(GAME_TYPE, ClagGame)
