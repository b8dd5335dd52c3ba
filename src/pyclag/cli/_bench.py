"""``pyclag bench``: the figures of :mod:`pyclag.sim.bench`, side by side with
OpenSpiel (:mod:`pyclag.sim.bench_openspiel`), and the batched engine's
(:mod:`pyclag.sim.bench_vector`)."""

from __future__ import annotations

import argparse
import json

from pyclag import presets
from pyclag.sim import bench, bench_openspiel, bench_vector

__all__ = ["bench_command"]


def bench_command(args: argparse.Namespace) -> int:
    """``pyclag bench``: the speed bars, ``--against openspiel``, ``--vector``."""
    rules = presets.get(args.preset)  # refuses an unknown name before any timing
    if args.vector:
        batched = bench_vector.run(
            runs=args.runs,
            seconds=args.seconds,
            backend=args.backend,
            preset=rules.name,
            against=args.against == "openspiel",
        )
        print(bench_vector.report(batched, args.runs, args.seconds, as_json=args.json))
        return 0
    if args.against == "openspiel":
        against = bench_openspiel.run(runs=args.runs, seconds=args.seconds)
        print(bench_openspiel.report(against, args.runs, args.seconds, as_json=args.json))
        return 0
    figures = bench.run(runs=args.runs, seconds=args.seconds, preset=rules.name)
    if args.json:
        print(json.dumps({name: round(value, 1) for name, value in figures.items()}))
        return 0
    print(f"pyclag bench: median of {args.runs} runs of {args.seconds:g} s, seeded")
    labels = {
        "rounds_per_s": "random 4-player 7-card normal rounds per second",
        "steps_rounds_per_s": "the same rounds step by step (legal_actions, apply)",
        "games_per_s": f"random 4-player {rules.name} games per second",
        "apply_children_per_s": "apply: child states per second from a mid-round state",
        "import_ms": "import pyclag, milliseconds",
    }
    for name, value in figures.items():
        bar = bench.BARS[name]
        if bar is None:
            print(f"{labels[name]:<58} {value:>12,.1f}  (no floor: a ratio to OpenSpiel)")
            continue
        ok = value <= bar if name == "import_ms" else value >= bar
        relation = "<=" if name == "import_ms" else ">="
        verdict = "meets" if ok else "MISSES"
        print(f"{labels[name]:<58} {value:>12,.1f}  ({verdict} bar {relation} {bar:,.0f})")
    return 0
