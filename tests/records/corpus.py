"""The data the record tests read, and their shared helpers.

* ``tests/data/bad_records/``: hand-made malformed records. ``EXPECTED.json``
  maps each file to the ``RecordError.path`` it must raise and a substring of
  its message. The illegal-play files were made from real seeded games
  (``pyclag.engine.play_out``), dumped, then edited in one field. The
  ``rules_*`` files are ``pyclag/2`` records whose ``rules`` object (a rule
  set written as data, :mod:`pyclag.records.codec`) is wrong in one field.
* ``tests/data/good_records/``: odd spellings and layouts that ARE valid
  (lower case, ``10`` for ten, suit symbols, tabs in the deck, a preset alias,
  omitted defaults, ...). ``EXPECTED.json`` maps each to its canonical twin,
  which is exactly what ``dump`` writes for the same game.
* ``tests/data/games/``: reference records of whole games, one per preset, a
  partial game stopped mid-trick and an RAF game whose eldest calls the first
  deal and which has a blind call; ``EXPECTED.json`` holds the final totals and
  winners. See ``test_s1_9_reference_wikipedia_first_deals_checked_by_hand``
  in tests/records/test_reference_games.py for the rounds checked by hand against RULES.md.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import pyclag
from pyclag import GameState, RuleSet, presets
from pyclag.errors import RecordError
from pyclag.records import load, replay

DATA = Path(__file__).parent.parent / "data"
BAD = DATA / "bad_records"
GOOD = DATA / "good_records"
GAMES = DATA / "games"

BAD_EXPECTED: dict[str, dict[str, str]] = json.loads((BAD / "EXPECTED.json").read_text("utf-8"))
GOOD_EXPECTED: dict[str, str] = json.loads((GOOD / "EXPECTED.json").read_text("utf-8"))
GAMES_EXPECTED: dict[str, dict[str, Any]] = json.loads((GAMES / "EXPECTED.json").read_text("utf-8"))

BAD_FILES = sorted(p.name for p in BAD.iterdir() if p.name != "EXPECTED.json")

SIX = presets.get("wikipedia", phase2="six")
RAF_ELDEST = presets.get("raf", first_deal_caller="eldest")

RECORD_KEYS = ("format", "preset", "options", "schedule", "players", "first_dealer", "rounds")
ROUND_KEYS = ("deck", "hand_size", "call", "trump", "blind_orders", "bids", "plays")
CALL_KEYS = ("suits", "nuloss", "blind", "misere", "madness")


# --- helpers -------------------------------------------------------------------------------


def seeded_game(rules: RuleSet, players: int, seed: int, first_dealer: int = 0) -> GameState:
    """A whole seeded random game (see :func:`seeded_states`)."""
    *_, last = seeded_states(rules, players, seed, first_dealer)
    return last


def seeded_states(
    rules: RuleSet, players: int, seed: int, first_dealer: int = 0
) -> Iterator[GameState]:
    """Every state of a seeded random game, one action (chance steps included) apart.

    The steps are taken here one at a time with the public API, so that every
    state of the game is seen: the round-trip tests dump them part-way, and the
    tests that must see dump fail see it for themselves."""
    rng = random.Random(seed)
    state = pyclag.new_game(rules, players, first_dealer)
    yield state
    while not pyclag.is_over(state):
        if pyclag.next_actor(state) is pyclag.CHANCE:
            action: pyclag.Action = pyclag.sample_chance(state, rng)
        else:
            action = rng.choice(pyclag.legal_actions(state))
        state = pyclag.apply(state, action)
        yield state


def raised(action: Callable[[], object]) -> Exception | None:
    """The exception ``action`` raises, or None."""
    try:
        action()
    except Exception as err:
        return err
    return None


def names_its_path(err: Exception) -> bool:
    """The message starts with the path: ``"rounds[2].plays[5]: <reason>"``. (A fault
    of the text as a whole has path "": see test_whole_text_errors_do_not_start_with_a_stray_colon.)
    """
    assert isinstance(err, RecordError)
    return str(err).startswith(f"{err.path}: " if err.path else "")


def refusal(text: str | bytes) -> RecordError:
    """The error that loading and replaying ``text`` raises; fails if none (or another)."""
    with pytest.raises(RecordError) as caught:
        replay(load(text))
    return caught.value


def bad_text(name: str) -> bytes:
    return (BAD / name).read_bytes()
