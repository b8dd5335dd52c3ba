"""The two builds agree (docs/development.rst, "The two builds"): the same seeds play
the same games, and a pickle written by one loads in the other; and the compiled build
leaves no mixed tree behind, nor runs the suite on one.

``.ci/run`` sets PYCLAG_OTHER_PYTHON to the other build's interpreter when it runs the
suite against the compiled wheel; without it, the other build is this one.
"""

from __future__ import annotations

import importlib.util
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Final

import pytest

import pyclag
from pyclag.engine import play_out
from tests.conftest import check_tree, mixed_modules

ROOT: Final = Path(__file__).resolve().parents[1]
ABI: Final = "cpython-311-x86_64-linux-gnu"

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


def _tree(root: Path, *files: str) -> None:
    for name in files:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")


def test_issue_34_item_5_a_mixed_tree_is_refused_naming_each_compiled_module(
    tmp_path: Path,
) -> None:
    """A compiled module beside its source under src/pyclag is named, and the suite
    refuses to run (tests/conftest.py checks the tree beside it at start); an
    extension without a source of its name is no shadow."""
    _tree(
        tmp_path,
        "pyclag/cards.py",
        f"pyclag/cards.{ABI}.so",
        "pyclag/engine/state.py",
        f"pyclag/engine/state.{ABI}.so",
        "pyclag/engine/phases.py",
        f"pyclag/native.{ABI}.so",
        f"1da3__mypyc.{ABI}.so",
    )
    named = [f"pyclag/cards.{ABI}.so", f"pyclag/engine/state.{ABI}.so"]
    assert mixed_modules(tmp_path) == named
    with pytest.raises(pytest.UsageError, match="a mixed tree") as refused:
        check_tree(tmp_path)
    assert all(name in str(refused.value) for name in named)
    assert mixed_modules(ROOT / "src") == []  # the tree the suite runs beside


def _hook() -> ModuleType:
    """hatch_build.py, the build hook beside the mypyc hook (its functions import
    without hatchling)."""
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_issue_34_item_5_the_compiled_build_deletes_what_it_wrote_beside_the_sources(
    tmp_path: Path,
) -> None:
    """Once the wheel holds them, the build hook deletes the extension modules the
    mypyc hook wrote into the tree (as that hook lists them for the wheel: a pattern
    for each module, and its shared library), and nothing else."""
    _tree(
        tmp_path,
        "src/pyclag/cards.py",
        f"src/pyclag/cards.{ABI}.so",
        f"src/pyclag/engine/state.{ABI}.so",
        f"src/1da3__mypyc.{ABI}.so",
        f"src/pyclag/other.{ABI}.so",
    )
    shared = str(tmp_path / f"src/1da3__mypyc.{ABI}.so")
    build_data = {
        "build_hooks": ("custom", "mypyc"),
        "artifacts": ["/src/pyclag/cards.*.so", "/src/pyclag/engine/state.*.so", "/docs/x.txt"],
        "force_include": {shared: f"src/1da3__mypyc.{ABI}.so", "/elsewhere/a.so": "a.so"},
    }
    hook = _hook()
    found = hook.leftovers(str(tmp_path), build_data)
    assert found == sorted(
        [
            shared,
            str(tmp_path / f"src/pyclag/cards.{ABI}.so"),
            str(tmp_path / f"src/pyclag/engine/state.{ABI}.so"),
        ]
    )
    for path in found:
        os.remove(path)
    assert mixed_modules(tmp_path / "src") == []
    assert (tmp_path / "src/pyclag/cards.py").is_file()
    assert (tmp_path / f"src/pyclag/other.{ABI}.so").is_file()  # not the mypyc hook's


def test_issue_34_item_5_the_compiled_build_is_never_installed_editable() -> None:
    """An editable install of the compiled build would import the extensions from the
    tree: the hook refuses it in one line saying what to do, and lets every other
    build through (the pure build's editable install among them)."""
    hook = _hook()
    message = hook.refusal("editable", ("custom", "mypyc"))
    assert "cannot be installed editable" in message and "pip wheel" in message
    assert "\n" not in message
    assert hook.refusal("standard", ("custom", "mypyc")) is None
    assert hook.refusal("editable", ("custom",)) is None
