"""Determinism (RULES.md §4 invariant 41): the same seed and the
same actions give identical states, observations and records, in separate
processes, whatever the hash seed."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

# Plays a seeded game of every preset, step by step, and prints for each its
# record and every seat's observation after every 25th step: all of it text,
# so two processes can be compared byte for byte. The reprs are short
# (docs/text.rst), so ``full`` writes every field, as attrs' own repr did.
_PROGRAM = """
import random, attrs, pyclag
from pyclag import presets, records
from pyclag.engine import random_step

def full(value):
    kind = type(value)
    if attrs.has(kind):
        fields = (f"{f.name}={full(getattr(value, f.name))}" for f in attrs.fields(kind) if f.repr)
        return f"{kind.__name__}({', '.join(fields)})"
    if isinstance(value, tuple):
        return "(" + ", ".join(map(full, value)) + ")"
    return repr(value)

for name in presets.names():
    rules = presets.get(name)
    state = pyclag.new_game(rules, players=rules.min_players + 1, first_dealer=1)
    rng = random.Random(name)
    step = 0
    while not pyclag.is_over(state):
        state = random_step(state, rng)
        step += 1
        if step % 25 == 0:
            for seat in range(state.players):
                print(full(pyclag.observe(state, seat)))
    print(records.dump(state))
    print(full(state))
"""


def _run(hash_seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM], env=env, capture_output=True, check=True, timeout=300
    )
    return done.stdout


def test_inv41_two_interpreters_with_different_hash_seeds_agree_byte_for_byte() -> None:
    first, second = _run("1"), _run("2024")
    assert b'"format": "pyclag/1"' in first
    assert first.count(b"Observation(") > 100
    assert hashlib.sha256(first).hexdigest() == hashlib.sha256(second).hexdigest()
    assert first == second
