"""``pyclag bench --against openspiel``: the shape of its output (never a speed),
and the one-line error naming the extra when OpenSpiel is not installed."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

from pyclag.sim import bench_openspiel

needs_openspiel = pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None, reason="the openspiel extra is not installed"
)


def _bench(*args: str, blocked: bool = False) -> subprocess.CompletedProcess[str]:
    # With blocked, the interpreter cannot import pyspiel, as if it were not installed.
    block = "import sys; sys.modules['pyspiel'] = None; " if blocked else ""
    code = f"{block}import sys; from pyclag.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, "bench", "--against", "openspiel", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


@needs_openspiel
def test_bench_against_openspiel_json_has_both_sides_of_every_figure() -> None:
    done = _bench("--runs", "1", "--seconds", "0.01", "--json")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert list(figures) == list(bench_openspiel.FIGURES)
    for name, figure in figures.items():
        assert set(figure) == {"pyclag", "openspiel", "ratio"}, name
        assert figure["pyclag"] > 0 and figure["openspiel"] > 0, name
        expected = figure["pyclag"] / figure["openspiel"]
        if name == "import_ms":  # a cost: the ratio of speeds is the inverse
            expected = figure["openspiel"] / figure["pyclag"]
        assert figure["ratio"] == pytest.approx(expected), name


@needs_openspiel
def test_bench_against_openspiel_prints_each_ratio_with_both_figures() -> None:
    done = _bench("--runs", "1", "--seconds", "0.01")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "pyclag bench --against openspiel: median of 1 runs of 0.01 s a side"
    assert lines[1].split() == ["pyclag", "OpenSpiel", "ratio"]
    assert len(lines) == 2 + len(bench_openspiel.FIGURES)
    for line, label in zip(lines[2:], bench_openspiel.FIGURES.values(), strict=True):
        assert line.startswith(label)
        ours, theirs, ratio = line[len(label) :].split()
        assert float(ours.replace(",", "")) > 0 and float(theirs.replace(",", "")) > 0
        assert ratio.endswith("x")


def test_bench_against_openspiel_without_it_names_the_extra() -> None:
    done = _bench("--runs", "1", "--seconds", "0.01", blocked=True)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "pyclag bench: error: --against openspiel needs the openspiel extra: "
        "pip install 'pyclag[openspiel]'\n"
    )


def test_bench_against_only_knows_openspiel() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pyclag", "bench", "--against", "chess"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "invalid choice: 'chess'" in done.stderr
