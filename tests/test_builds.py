"""The two builds agree (docs/development.rst, "The two builds"): the same seeds play
the same games, and a pickle written by one loads in the other.

``.ci/run`` sets PYCLAG_OTHER_PYTHON to the other build's interpreter when it runs the
suite against the compiled wheel; without it, the other build is this one.
"""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys

import pyclag
from pyclag.engine import play_out

# Seeded games of every preset, pickled: what the other build writes, this one reads.
WRITE = """
import pickle, random, sys
import pyclag
from pyclag.engine import play_out
games = [
    play_out(pyclag.new_game(pyclag.presets.get(name), players), random.Random(seed))
    for name in pyclag.presets.names() for players, seed in ((4, 1), (5, 2))
]
sys.stdout.buffer.write(pickle.dumps(games))
"""


def test_the_other_build_plays_the_same_games_and_its_pickles_load_here() -> None:
    other = os.environ.get("PYCLAG_OTHER_PYTHON", sys.executable)
    written = subprocess.run(
        [other, "-c", WRITE], check=True, capture_output=True, timeout=120
    ).stdout
    games = pickle.loads(written)
    here = [
        play_out(pyclag.new_game(pyclag.presets.get(name), players), random.Random(seed))
        for name in pyclag.presets.names()
        for players, seed in ((4, 1), (5, 2))
    ]
    assert len(games) == len(here) >= 10
    assert games == here
    assert [game.scores for game in games] == [game.scores for game in here]
    assert pickle.loads(pickle.dumps(here)) == here
