"""Helpers for building exact test situations, and for playing whole games with the record
round trip of each checked."""

from __future__ import annotations

import importlib.util
import pkgutil
import random
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType

import pytest

import pyclag
from pyclag import DECK, Card, GameState, Rank, RuleSet, records
from pyclag.bots import Bot
from pyclag.engine import play_out
from pyclag.rules import RankOrder
from pyclag.views import Observation

# E1's pack (RULES.md §5): A AS 7H 3D, B KS QH 2C, C 9S TD 5H, D 4S JH 8C; turn-up 6H.
E1_TOP = "AS KS 9S 4S 7H QH TD JH 3D 2C 5H 8C 6H"


class Index:
    """An integer of another class, as NumPy's are: ``operator.index`` takes it
    and it is no int (the stand-in where NumPy is not installed)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"Index({self.value})"


INTEGER_KINDS = ("index", "numpy")
"""The integers of other classes the int doors are tried with (issue 30 item 7)."""


def integer_kind(kind: str) -> Callable[[int], object]:
    """:class:`Index`, or NumPy's int64 (skipping the test where NumPy is not installed)."""
    if kind == "numpy":
        numpy = pytest.importorskip("numpy")
        make: Callable[[int], object] = numpy.int64
        return make
    return Index


def deck_from(top: str) -> tuple[Card, ...]:
    """A full pack: the cards of ``top`` first, in order, then the rest in DECK order."""
    first = pyclag.parse_cards(top)
    rest = [card for card in DECK if card not in first]
    return (*first, *rest)


def dealt(rules: RuleSet, players: int, top: str, first_dealer: int = 0) -> GameState:
    """A new game of ``rules`` whose first round is dealt from ``deck_from(top)``."""
    state = pyclag.new_game(rules, players=players, first_dealer=first_dealer)
    return pyclag.deal(state, deck=deck_from(top))


def bid_all(state: GameState, bids: Iterable[int]) -> GameState:
    """Make ``bids`` in bidding order."""
    for tricks in bids:
        state = pyclag.bid(state, tricks)
    return state


def play_all(state: GameState, cards: str) -> GameState:
    """Play ``cards`` (text) in playing order."""
    for card in pyclag.parse_cards(cards):
        state = pyclag.play(state, card)
    return state


def assert_round_trips(state: GameState) -> None:
    """dump, load and replay give back ``state``, and the same text again: any
    rule set, a preset with options or one built from rule objects
    (``RuleSet("foss", ...)``, written whole as a ``pyclag/2`` record)."""
    text = records.dump(state)
    again = records.replay(records.load(text))
    assert again == state, f"the record does not replay to the same state:\n{text}"
    assert records.dump(again) == text


def play_checked(
    state: GameState, rng: random.Random, rounds: int | None = None, steps: int | None = None
) -> GameState:
    """:func:`pyclag.engine.play_out` with the same arguments; if that ends the game,
    the game played round-trips through its record (:func:`assert_round_trips`)."""
    state = play_out(state, rng, rounds=rounds, steps=steps)
    if pyclag.is_over(state):
        assert_round_trips(state)
    return state


def random_game(rules: RuleSet, players: int, seed: int, first_dealer: int = 0) -> GameState:
    """A whole game played with random legal actions from ``seed``; its record round
    trip is checked (:func:`play_checked`)."""
    state = pyclag.new_game(rules, players=players, first_dealer=first_dealer)
    return play_checked(state, random.Random(seed))


def rank_value(rank: Rank, order: RankOrder) -> int:
    """§1.8, written out independently of the library: ace high 2..14; aces low
    (in plain suits under ACES_LOW_PLAIN) A = 1; Nuloss reverses the natural order."""
    if order is RankOrder.ACE_HIGH:
        return rank.value
    if order in (RankOrder.ACES_LOW, RankOrder.ACES_LOW_PLAIN):
        return 1 if rank is Rank.ACE else rank.value
    return 16 - rank.value


EXTRAS = {"pyclag.openspiel": "pyspiel", "pyclag.vector": "numpy"}
"""The subpackages that need an optional extra to import, and the module each needs."""


def without_extra(name: str) -> bool:
    """Whether module ``name`` belongs to a subpackage whose extra is not installed."""
    return any(
        (name == package or name.startswith(package + "."))
        and importlib.util.find_spec(needed) is None
        for package, needed in EXTRAS.items()
    )


def pyclag_modules() -> list[str]:
    """The names of pyclag's modules that import here (an extra's only with the extra)."""
    return [
        info.name
        for info in pkgutil.walk_packages(pyclag.__path__, "pyclag.", onerror=lambda _: None)
        if not without_extra(info.name)
    ]


def run_pyclag(
    *args: str, stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``python -m pyclag ARGS`` in a child process reading ``stdin`` (never the
    terminal), its output captured as UTF-8 text."""
    return subprocess.run(
        [sys.executable, "-m", "pyclag", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        input=stdin,
        encoding="utf-8",
        check=False,
    )


class Watcher:
    """A bot that records what it was shown and checks that its choice is legal."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.seen: list[Observation] = []

    def choose(self, observation: Observation) -> pyclag.PlayerAction:
        self.seen.append(observation)
        action = self.inner.choose(observation)
        assert action in observation.legal
        return action


EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load_example(name: str) -> ModuleType:
    """The module of ``examples/NAME.py`` (the examples are scripts, not a package),
    with ``examples/`` on the path for the duration of its import, as when it runs."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(EXAMPLES))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(EXAMPLES))
    return module
