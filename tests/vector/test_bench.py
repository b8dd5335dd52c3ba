"""``pyclag bench --vector`` (issue 35 item 5): the shape of its output, never
a speed."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest.importorskip("numpy")


def test_bench_vector_prints_each_figure_with_bytes_per_game() -> None:
    command = [sys.executable, "-m", "pyclag", "bench", "--vector", "--backend", "numpy"]
    command += ["--runs", "1", "--seconds", "0.01", "--preset", "scottish", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, check=True, timeout=600)
    figures = json.loads(done.stdout)
    labels = [figure["label"] for figure in figures]
    assert labels == [
        "numpy batch 1",
        "numpy batch 64",
        "numpy batch 1024",
        "numpy batch 16384",
        "numpy api 1024",
        "numpy observed 1024",
        "numpy games (scottish)",
    ]
    assert all(figure["pyclag"] > 0 and figure["bytes_per_game"] > 0 for figure in figures)
    assert all(figure["openspiel"] == 0 for figure in figures)  # not asked for


def test_whole_games_of_the_preset_are_timed() -> None:
    from pyclag.sim import bench_vector

    figures = bench_vector.run(runs=1, seconds=0.001, backend="numpy", batches=(2,), preset="raf")
    last = figures[-1]
    assert last.label == "numpy games (raf)" and last.pyclag > 0 and last.ratio == 0
