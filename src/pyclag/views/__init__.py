"""What each player may know, and worlds drawn from it.

- :func:`observe` gives one seat's :class:`Observation` of a game: its own
  hand, everything said and played at the table, and the results so far;
  never the pack, the other hands or a turn-up not yet shown.
- :func:`determinize` goes the other way, for search bots: a full game state,
  drawn at random, that the seat cannot tell from the real one.

``docs/observations.rst`` lists what an observation holds in each phase and
deal type.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyclag._caches import lazy_names
from pyclag.views._observe import Observation, check_view, observe, unseen_given

if TYPE_CHECKING:
    from pyclag.views._sampling import determinize

__all__ = ["Observation", "check_view", "determinize", "observe", "unseen_given"]

__getattr__, __dir__ = lazy_names(__name__, {"determinize": "pyclag.views._sampling"})
""":func:`determinize` (and the records reader it leans on) is imported the first
time it is asked for, as :mod:`pyclag` imports its own lazy names."""
