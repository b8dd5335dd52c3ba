"""What ``import pyclag`` loads (issue 34 item 5): the engine and its rules, and
nothing a program may never use; every public name is still there when asked for.

Each check runs a fresh interpreter and reads its ``sys.modules``: a structural
test, never a timing.
"""

from __future__ import annotations

import ast
import pickle
import subprocess
import sys
import types
from typing import Final

import pytest

import pyclag
from pyclag import presets
from pyclag.presets import indonesian, pagat, raf, scottish, wikipedia
from pyclag.rules import RuleSet

HEAVY: Final = (
    "json",
    "numpy",
    "matplotlib",
    "pyspiel",
    "pyclag.bots",
    "pyclag.sim.charts",
    "pyclag.cli",
    "pyclag.codec",
    "pyclag.sim.launch",
    "pyclag.openspiel",
    "pyclag.pettingzoo",
    "pyclag.presets",
    "pyclag.records",
    "pyclag.views._sampling",
    "pyclag.scoresheet",
    "pyclag.sim.sweep",
    "pyclag.terminal",
    # The parts of the library only some programs use, built when first asked for.
    "pyclag.views",
    "pyclag.engine.rounds",
    "pyclag.engine._playout",
    "pyclag.engine._rollout",
    "pyclag.rules.catalogue",
    "pyclag.rules.tricks",
    "textwrap",
)
"""Modules ``import pyclag`` must not import: the optional extras, the
applications, and the parts of the library only some programs use."""

LAZY: Final = {
    "pyclag": {
        "presets": "pyclag.presets",
        "records": "pyclag.records",
        "determinize": "pyclag.views._sampling",
        "observe": "pyclag.views._observe",
        "Observation": "pyclag.views._observe",
        "rollouts": "pyclag.engine._playout",
        "beats": "pyclag.rules.tricks",
        "card_strength": "pyclag.rules.tricks",
        "score_round": "pyclag.rules.tricks",
        "trick_winner": "pyclag.rules.tricks",
        "winning_play": "pyclag.rules.tricks",
    },
    "pyclag.engine": {
        "play_out": "pyclag.engine._playout",
        "random_step": "pyclag.engine._playout",
        "rollouts": "pyclag.engine._playout",
    },
    "pyclag.rules": {
        "catalogue": "pyclag.rules.catalogue",
        "beats": "pyclag.rules.tricks",
        "card_strength": "pyclag.rules.tricks",
        "score_round": "pyclag.rules.tricks",
        "trick_winner": "pyclag.rules.tricks",
        "winning_play": "pyclag.rules.tricks",
    },
    "pyclag.views": {"determinize": "pyclag.views._sampling"},
    "pyclag.bots": {
        "ISMCTSBot": "pyclag.bots.ismcts",
        "PIMCBot": "pyclag.bots.pimc",
        "SearchBot": "pyclag.bots.ismcts",
    },
}
"""Each package's public names that it imports the first time they are asked for,
with the module each comes from (the module itself, for a submodule)."""


def _run(code: str) -> object:
    """What ``code`` prints (a Python literal) in a fresh interpreter, which imports
    nothing but what ``code`` does (``json`` is one of the modules checked)."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return ast.literal_eval(done.stdout)


def test_issue_34_item_5_import_pyclag_imports_no_heavy_module() -> None:
    loaded = _run("import sys, pyclag; print(sorted(sys.modules))")
    assert isinstance(loaded, list)
    assert "pyclag.engine" in loaded  # the check sees what it should
    assert [name for name in HEAVY if name in loaded] == []


def test_issue_34_item_5_every_public_name_imports_in_a_fresh_interpreter() -> None:
    code = (
        "import pyclag\n"
        "names = {}\n"
        "for name in pyclag.__all__:\n"
        "    exec(f'from pyclag import {name} as value')\n"
        "    names[name] = type(value).__name__\n"
        "print([names, sorted(set(pyclag.__all__) - set(dir(pyclag)))])"
    )
    found = _run(code)
    assert isinstance(found, list)
    names, missing_from_dir = found
    assert sorted(names) == sorted(pyclag.__all__)
    assert (names["presets"], names["records"], names["determinize"]) == (
        "module",
        "module",
        "function",
    )
    assert missing_from_dir == []


@pytest.mark.parametrize("name", sorted(pyclag.__all__))
def test_issue_34_item_5_public_name_is_its_homes_object(name: str) -> None:
    value = getattr(pyclag, name)
    home = LAZY["pyclag"].get(name)
    if home == f"pyclag.{name}":
        assert value is sys.modules[home]
    elif home is not None:
        assert value is vars(sys.modules[home])[name]
    assert value is vars(pyclag)[name]  # bound once asked for: asking again costs nothing


@pytest.mark.parametrize("package", sorted(LAZY))
def test_issue_34_item_5_a_lazy_name_is_imported_when_first_asked_for(package: str) -> None:
    """A fresh interpreter imports none of a package's lazy names' modules until a
    name is asked for; then each name is its home's object, and is listed by dir()."""
    lazy = LAZY[package]
    code = (
        "import importlib, sys\n"
        f"package = importlib.import_module({package!r})\n"
        f"homes = {lazy!r}\n"
        "before = sorted(set(homes.values()) & set(sys.modules))\n"
        "same = {}\n"
        "for name, home in homes.items():\n"
        "    value = getattr(package, name)\n"
        "    module = sys.modules[home]\n"
        "    same[name] = value is (module if home.endswith('.' + name) else vars(module)[name])\n"
        "print([before, same, sorted(set(homes) - set(dir(package)))])"
    )
    found = _run(code)
    assert isinstance(found, list)
    before, same, missing_from_dir = found
    assert before == []
    assert same == dict.fromkeys(lazy, True)
    assert missing_from_dir == []


@pytest.mark.parametrize(
    ("home", "name"),
    [
        (indonesian, "INDONESIAN"),
        (pagat, "PAGAT"),
        (raf, "RAF"),
        (scottish, "SCOTTISH"),
        (wikipedia, "WIKIPEDIA"),
    ],
)
def test_issue_34_item_5_a_preset_is_one_value_wherever_it_is_reached(
    home: types.ModuleType, name: str
) -> None:
    rules: RuleSet = getattr(presets, name)
    namespace: dict[str, object] = {}
    exec(
        f"from pyclag.presets import {name} as a\nfrom {home.__name__} import {name} as b",
        namespace,
    )
    assert namespace["a"] is rules and namespace["b"] is rules and getattr(home, name) is rules
    assert presets.get(rules.name) is rules
    assert name in dir(presets) and name in dir(home)
    assert pickle.loads(pickle.dumps(rules)) == rules


def test_issue_34_item_5_an_unknown_name_is_still_an_attribute_error() -> None:
    missing = "NONESUCH"
    for module in (pyclag, presets, pagat, wikipedia):
        with pytest.raises(AttributeError, match=f"has no attribute '{missing}'"):
            getattr(module, missing)
