"""Every limit of a game, each defined once: the rule values that build a game
refuse past them, and the readers of records and score sheets read as far, so
every game a rule set allows is written and read back whole.

>>> MAX_ROUNDS, MAX_PLAYERS, MAX_HAND_SIZE, MAX_POINTS, MAX_NAME, MAX_CHOICES
(1000, 52, 52, 1000, 200, 16)
"""

from __future__ import annotations

from typing import Final

__all__ = ["MAX_CHOICES", "MAX_HAND_SIZE", "MAX_NAME", "MAX_PLAYERS", "MAX_POINTS", "MAX_ROUNDS"]

MAX_ROUNDS: Final = 1000
"""The most rounds a game may have: the longest schedule, the largest
``num_deals``, and ``deals_per_player`` times ``max_players`` at most. Game
records and score sheets hold as many."""

MAX_PLAYERS: Final = 52
"""The largest table a rule set may allow (``max_players``): a card each from the pack."""

MAX_HAND_SIZE: Final = 52
"""No round deals more than the whole pack to one player."""

MAX_POINTS: Final = 1000
"""The most points, either sign, a scoring gives per trick or as a bonus, and
a misère deal per trick (the options ``*_points*``, :mod:`pyclag.rules.options`)."""

MAX_NAME: Final = 200
"""The longest text a rule value holds: the name of a rule set, a round or a
scoring, and a schedule choice's option, names and ``about``."""

MAX_CHOICES: Final = 16
"""The most schedule choices a rule set may have, and the most schedules one
choice may name (:class:`~pyclag.rules.ruleset.ScheduleChoice`)."""
