"""Frozen values copy as themselves: ``copy.copy`` and ``copy.deepcopy`` of
every value class in pyclag return the value (as for ``int`` and ``tuple``;
``checks.Frozen``). The classes are found by walking the package, and an
instance of each by walking the values of played games, so a new value class
is checked without being listed here."""

from __future__ import annotations

import copy
import enum
import importlib
import inspect
import random
from collections.abc import Iterator
from functools import cache

import attrs

import pyclag
from pyclag import Bid, GameState, codec, presets, records
from pyclag._caches import CACHES
from pyclag._checks import Frozen
from pyclag._values import Value
from pyclag.engine import outcome
from pyclag.engine.decisions import DECISIONS, decision
from pyclag.rules.options import OPTIONS
from pyclag.rules.ruleset import NORMAL
from pyclag.scoresheet import ScoreSheet, scorecard
from pyclag.scoresheet._deal import TricksTaken
from pyclag.sim import sweep
from pyclag.terminal.words import ASKING
from pyclag.views import observe
from tests.helpers import pyclag_modules, without_extra
from tests.scoresheet.games import entries_of


def _value_classes() -> set[type]:
    """Every attrs class, every Frozen class and every state value class
    (:class:`pyclag.engine.state.Value`) that pyclag and its submodules define."""
    found: set[type] = set()
    for name in pyclag_modules():
        if name.endswith("__main__"):  # runs the command line when imported
            continue
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (
                inspect.isclass(value)
                and value.__module__.startswith("pyclag")
                and (
                    attrs.has(value)
                    or (issubclass(value, Frozen) and value is not Frozen)
                    or (issubclass(value, Value) and value is not Value)
                )
            ):
                found.add(value)
    return found


def _games() -> Iterator[tuple[GameState, pyclag.Action | None]]:
    """Every state of a random game of each preset (and of the A25 draw), with
    the action taken from it."""
    tables = [(presets.get(name), 4) for name in presets.names()]
    tables.append((NORMAL.with_schedule([2, 1]).with_options(scottish_draw_each_round=True), 3))
    for rules, players in tables:
        rng = random.Random(rules.name)
        state = pyclag.new_game(rules, players)
        while not pyclag.is_over(state):
            if pyclag.next_actor(state) is pyclag.CHANCE:
                action = pyclag.sample_chance(state, rng)
            else:
                action = rng.choice(pyclag.legal_actions(state))
            yield state, action
            state = pyclag.apply(state, action)
        yield state, None


def _walk(value: object, seen: set[int], out: dict[type, object]) -> None:
    """Record the first value of each type within ``value``, by its fields and items."""
    stack = [value]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (str, int, enum.Enum, type)) or item is None:
            continue
        seen.add(id(item))
        kind = type(item)
        out.setdefault(kind, item)
        if attrs.has(kind):
            stack.extend(getattr(item, field.name) for field in attrs.fields(kind))
        elif isinstance(item, Value):
            stack.extend(item.fields())
        elif isinstance(item, (tuple, list, frozenset)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())


@cache
def _instances() -> dict[type, object]:
    seen: set[int] = set()
    out: dict[type, object] = {}
    roots: list[object] = [
        DECISIONS,
        tuple(OPTIONS.values()),
        tuple(ASKING.values()),
        tuple(CACHES),
        codec.ID_BLOCKS,
        codec.layout(4),
    ]
    for name in presets.names():
        roots.append(scorecard.schedule(presets.get(name), 4))
    final = None
    for state, action in _games():
        roots += [state, action, observe(state, 0)]
        row, seat = decision(state), pyclag.next_actor(state)
        if row is not None and row.action is Bid and isinstance(seat, int):
            roots.append(row.check(state, Bid(seat, 99)))  # a Refusal
        if action is None:
            final = state
            roots += [records.record_of(state), outcome(state)]
    assert final is not None
    # The score sheet of a whole game, and the values it builds on the way.
    sheet = ScoreSheet(final.rules, final.players, entries=entries_of(final))
    roots += [sheet, TricksTaken((1, 0)), scorecard.CardRow(1, 1, "", (10,), (0,))]
    # A simulation's shard and summary (which holds a tally).
    roots += [sweep.Shard(0, NORMAL, 3, ("random",), 0, 0, 2, 0)]
    roots += [sweep.simulate_many(NORMAL.with_schedule([1]), 3, ["random"], 2)]
    if not without_extra("pyclag.openspiel"):  # an OpenSpiel state's content
        roots.append(importlib.import_module("pyclag.openspiel").Position(final, (1, 2)))
    for root in roots:
        _walk(root, seen, out)
    return out


def test_every_value_class_has_an_instance_in_the_walk() -> None:
    found = _instances()
    missing = sorted(
        cls.__qualname__
        for cls in _value_classes()
        if not any(isinstance(value, cls) for value in found.values())
    )
    assert missing == []


def test_copy_and_deepcopy_of_every_frozen_value_return_the_value() -> None:
    found = _instances()
    classes = _value_classes()
    checked = [value for kind, value in found.items() if kind in classes]
    assert len(checked) >= 35
    for value in checked:
        assert copy.copy(value) is value, type(value).__qualname__
        assert copy.deepcopy(value) is value, type(value).__qualname__


def test_every_value_shows_the_repr_attrs_writes() -> None:
    """``checks.Frozen`` spares attrs compiling a ``__repr__`` for each class;
    the text is attrs' own: compared with a twin class attrs writes one for."""
    shared = Bid.__repr__  # the repr of every value class that writes none of its own
    checked = 0
    for kind, value in _instances().items():
        if not attrs.has(kind) or kind.__repr__ is not shared:
            continue
        fields = attrs.fields(kind)
        twin = attrs.make_class(kind.__name__, {f.name: attrs.field(repr=f.repr) for f in fields})
        twin.__qualname__ = kind.__qualname__
        double = twin(*(getattr(value, f.name) for f in fields))
        assert repr(value) == repr(double), kind.__qualname__
        checked += 1
    assert checked >= 15
