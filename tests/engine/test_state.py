"""State values: written out by hand so that mypyc compiles them natively, they
keep what attrs gave them (frozen, equality, hashing, pickles, copies,
``__match_args__``), and the engine's fast constructors build the same values."""

from __future__ import annotations

import ast
import copy
import inspect
import os
import pathlib
import pickle
import random
from typing import Any

import attrs
import pytest

import pyclag
from pyclag._checks import freeze
from pyclag._play import Play
from pyclag._values import Value, replace
from pyclag.engine._build import new_game_state, new_round_state, new_trick, revise
from pyclag.engine.state import (
    NATIVE,
    GameState,
    RoundResult,
    RoundSetup,
    RoundState,
    Trick,
)
from tests.helpers import random_game

CLASSES = (Play, Trick, RoundSetup, RoundState, RoundResult, GameState)
"""The values written out on pyclag._values.Value: the state's, and the play (pyclag._play)."""


def _values(state: GameState) -> list[Value]:
    rnd = state.round
    trick = state.history[0].tricks[0]
    return [state, rnd, rnd.setup, state.history[0], trick, trick.plays[0]]


@pytest.mark.parametrize("kind", CLASSES, ids=lambda kind: kind.__name__)
def test_the_fields_are_the_constructors_parameters_in_order(kind: type[Value]) -> None:
    parameters = list(inspect.signature(kind).parameters)
    assert list(kind.__match_args__) == parameters
    if not NATIVE:  # a native class keeps its fields in a C struct
        slots = [name for base in kind.__mro__ for name in vars(base).get("__slots__", ())]
        assert sorted(slots) == sorted(kind.__match_args__)


def test_native_only_in_the_compiled_build() -> None:
    build = os.environ.get("PYCLAG_TEST_BUILD")
    if build is None:
        pytest.skip("the build under test is named by PYCLAG_TEST_BUILD (.ci/run)")
    assert NATIVE is (build == "compiled")


def test_states_are_frozen() -> None:
    state = random_game(pyclag.NORMAL.with_schedule([2]), players=3, seed=1)
    for value in _values(state):
        before = value.fields()
        for name in type(value).__match_args__:
            # attrs' FrozenInstanceError interpreted; compiled, a Final field has no setter.
            with pytest.raises(AttributeError):
                setattr(value, name, None)
            with pytest.raises(AttributeError):
                delattr(value, name)
        with pytest.raises(AttributeError):
            value.extra = 1  # type: ignore[attr-defined]
        assert value.fields() == before


def test_equal_values_hash_alike_copy_as_themselves_and_pickle_by_their_fields() -> None:
    state = random_game(pyclag.NORMAL.with_schedule([3, 2]), players=4, seed=2)
    for value in _values(state):
        twin = type(value)(*value.fields())
        assert twin == value and twin is not value and hash(twin) == hash(value)
        assert twin.__ne__(value) is False
        assert copy.copy(value) is value and copy.deepcopy(value) is value
        loaded = pickle.loads(pickle.dumps(value))
        assert loaded == value and type(loaded) is type(value)
        assert value != object() and value != value.fields()


def test_replace_changes_the_fields_named() -> None:
    state = random_game(pyclag.NORMAL.with_schedule([2]), players=3, seed=3)
    setup = state.round.setup
    changed = replace(setup, deck=None, caller=2)
    assert (changed.deck, changed.caller) == (None, 2)
    assert changed.fields()[2:5] == setup.fields()[2:5]
    assert replace(setup) == setup
    assert setup.__replace__(caller=2) == replace(setup, caller=2)  # copy.replace, Python 3.13
    with pytest.raises(TypeError, match="replace: RoundSetup has no field 'dek'"):
        replace(setup, dek=None)


def test_a_round_setup_defaults_to_the_eldest_and_the_spec() -> None:
    spec = pyclag.rules.round.RoundSpec(1)
    setup = RoundSetup(0, spec, players=4, dealer=3, hand_size=1)
    assert (setup.first_bidder, setup.played) == (0, spec)
    assert RoundSetup(0, spec, 4, 3, 1, first_bidder=2).first_bidder == 2


def test_values_match_by_position() -> None:
    state = random_game(pyclag.NORMAL.with_schedule([2]), players=3, seed=4)
    match state:
        case GameState(rules, history, RoundState(setup, phase)):
            assert (rules, history, setup, phase) == (
                state.rules,
                state.history,
                state.round.setup,
                state.round.phase,
            )
        case _:
            pytest.fail("a GameState matches by position")


def test_fast_constructors_build_equal_values() -> None:
    rng = random.Random(5)
    state = pyclag.new_game(pyclag.NORMAL, players=4)
    for _ in range(120):
        rnd = state.round
        fields = rnd.fields()
        fast, slow = new_round_state(*fields), RoundState(*fields)  # type: ignore[arg-type]
        assert fast == slow
        assert hash(fast) == hash(slow)
        assert repr(fast) == repr(slow)
        assert list(map(repr, fast.fields())) == list(map(repr, slow.fields()))
        assert new_game_state(state.rules, state.history, fast) == GameState(
            state.rules, state.history, slow
        )
        assert revise(rnd.setup, caller=1) == replace(rnd.setup, caller=1)
        for trick in rnd.tricks:
            assert new_trick(*trick.fields()) == trick  # type: ignore[arg-type]
        if pyclag.next_actor(state) is pyclag.CHANCE:
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
        else:
            state = pyclag.apply(state, rng.choice(pyclag.legal_actions(state)))
    with pytest.raises(TypeError, match="replace: RoundSetup has no field 'dek'"):
        revise(state.round.setup, dek=None)


def test_revise_passes_each_field_in_its_place() -> None:
    """The compiled path of ``revise`` calls the constructor with every field
    by position: read from the source (compiled, a function keeps none), each
    ``get(name, setup.name)`` must be in the order of ``__match_args__``."""
    source = (pathlib.Path(__file__).parents[2] / "src/pyclag/engine/_build.py").read_text()
    revise_def = next(
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef) and node.name == "revise"
    )
    built = next(
        node
        for node in ast.walk(revise_def)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "RoundSetup"
    )
    names = []
    for argument in built.args:
        assert isinstance(argument, ast.Call) and len(argument.args) == 2
        key, default = argument.args
        assert isinstance(key, ast.Constant) and isinstance(default, ast.Attribute)
        assert default.attr == key.value
        names.append(key.value)
    assert tuple(names) == RoundSetup.__match_args__
    setup = random_game(pyclag.NORMAL.with_schedule([2]), players=3, seed=6).round.setup
    assert revise(setup, caller=2, dealer=1) == replace(setup, caller=2, dealer=1)


def test_freeze_without_the_source_sets_each_field_once() -> None:
    space: dict[str, object] = {}
    exec(  # no file holds this source, so inspect cannot read it back
        "class Pair:\n"
        "    __slots__ = ('left', 'right')\n"
        "    def __init__(self, left, right):\n"
        "        self.left = left\n"
        "        self.right = right\n",
        space,
    )
    pair_class: Any = space["Pair"]
    assert freeze(pair_class)
    pair = pair_class(1, 2)
    assert (pair.left, pair.right) == (1, 2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        pair.left = 3
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del pair.right
    assert (pair.left, pair.right) == (1, 2)


def test_a_recompiled_init_keeps_its_source_lines() -> None:
    if NATIVE:
        pytest.skip("compiled, the classes keep their native __init__")
    lines, first = inspect.getsourcelines(RoundState.__init__)
    assert RoundState.__init__.__code__.co_firstlineno == first
    assert "def __init__" in lines[0]


def test_a_subclass_is_frozen_interpreted_and_refused_compiled() -> None:
    state = pyclag.new_game(pyclag.NORMAL, players=3)

    class Mine(GameState):
        pass

    if NATIVE:  # docs/development.rst, "The two builds"
        with pytest.raises(TypeError, match="interpreted classes cannot inherit from compiled"):
            Mine(state.rules, state.history, state.round)
        return
    mine = Mine(state.rules, state.history, state.round)
    assert mine.players == 3 and mine.fields() == state.fields()
    with pytest.raises(AttributeError):
        mine.round = state.round  # type: ignore[misc]


def test_a_field_of_the_wrong_type_is_refused_compiled_and_taken_interpreted() -> None:
    """docs/development.rst, "The two builds": a value built by hand is checked by
    mypyc's own TypeError compiled; interpreted it is taken as given, as attrs took it."""
    trick = Trick(0, (), 0)
    wrong: Any = "1"
    if NATIVE:
        with pytest.raises(TypeError, match="int object expected; got str"):
            Trick(wrong, (), 0)
        with pytest.raises(TypeError, match="int object expected; got str"):
            replace(trick, winner=wrong)
        return
    taken: Any = Trick(wrong, (), 0)
    assert taken.leader == wrong
    taken = replace(trick, winner=wrong)
    assert taken.winner == wrong
