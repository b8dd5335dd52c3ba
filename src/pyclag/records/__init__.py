"""Game records: a game, whole or in part, as JSON text (DESIGN.md §6).

:mod:`~pyclag.records.model` says what a record holds,
:mod:`~pyclag.records.text` writes and reads the JSON and
:mod:`~pyclag.records.replay` plays a record through the engine.


A record names the rules (a preset, the options changed from it and, where
it differs, the schedule; or, for any other rule set, the rules themselves as
data, :mod:`~pyclag.records.codec`), the table, and for each round its deck and every
decision in order. :func:`replay` plays a record through the engine, so every
bid, play and call in it is checked; :func:`~pyclag.records.text.load` checks the text itself.
Records come from strangers: the text is read with the standard ``json``
module only, within the limits below, and any fault raises
:class:`~pyclag.errors.RecordError` naming the round, the field and the
reason, with ``.path`` pointing at the field (``rounds[2].plays[5]``).

>>> import random, pyclag
>>> from pyclag.engine import play_out
>>> state = play_out(pyclag.new_game(pyclag.presets.get("scottish"), 3), random.Random(1))
>>> text = dump(state)
>>> replay(load(text)) == state
True
>>> load(text.replace('"players": 3', '"players": 9'))
Traceback (most recent call last):
pyclag.errors.RecordError: players: scottish is for 3..7 players, not 9
"""

from pyclag.records.model import Record, RoundRecord, record_of, round_record
from pyclag.records.replay import replay, replay_round, summary
from pyclag.records.text import COMPACT_FORMAT, FORMAT, FORMATS, MAX_ROUNDS, MAX_TEXT, dump, load

__all__ = [
    "COMPACT_FORMAT",
    "FORMAT",
    "FORMATS",
    "MAX_ROUNDS",
    "MAX_TEXT",
    "Record",
    "RoundRecord",
    "dump",
    "load",
    "record_of",
    "replay",
    "replay_round",
    "round_record",
    "summary",
]
