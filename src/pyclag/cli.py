"""The ``pyclag`` command.

* ``pyclag simulate``: play one seeded game among random players and print
  the score card (the Wikipedia rules unless ``--preset`` says otherwise).
* ``pyclag bench``: time random legal playouts (DESIGN.md §7).

>>> main(["simulate", "--preset", "normal", "--players", "3", "--seed", "1", "--schedule", "1,2"])
pyclag simulate: preset normal, 3 players, seed 1, first dealer seat 0
round  cards  rule  |   seat 0      seat 1      seat 2
    1      1        |      0 (1)       0 (0)       0 (1)
    2      2        |     12 (1)       0 (2)      12 (1)
winners: seats 0, 2 share the win with 12
0
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from pyclag import __version__, bench, presets
from pyclag.engine import new_game
from pyclag.errors import ClagError
from pyclag.playout import play_out
from pyclag.scorecard import score_card

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pyclag", description="The card game Clag: simulate games, time the engine."
    )
    parser.add_argument("--version", action="version", version=f"pyclag {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    simulate = commands.add_parser(
        "simulate", help="play one seeded game among random players and print the score card"
    )
    simulate.add_argument(
        "--preset",
        default="wikipedia",
        help=f"rule set: {', '.join(presets.names())} (default: wikipedia)",
    )
    simulate.add_argument("--players", type=int, default=4, help="number of players (default: 4)")
    simulate.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    simulate.add_argument(
        "--first-dealer", type=int, default=0, help="seat of the first dealer (default: 0)"
    )
    simulate.add_argument(
        "--schedule", help="hand sizes of the rounds, comma-separated (default: the preset's)"
    )

    timing = commands.add_parser("bench", help="time random legal playouts (DESIGN.md §7)")
    timing.add_argument("--runs", type=int, default=5, help="runs per figure (default: 5)")
    timing.add_argument("--seconds", type=float, default=1.0, help="seconds per run (default: 1.0)")
    timing.add_argument(
        "--preset", default="wikipedia", help="preset of the whole games (default: wikipedia)"
    )
    timing.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser


def _simulate(args: argparse.Namespace) -> int:
    rules = presets.get(args.preset)
    if args.schedule:
        try:
            sizes = [int(word) for word in args.schedule.split(",")]
        except ValueError:
            raise ClagError(
                f"--schedule takes comma-separated hand sizes, not {args.schedule!r}"
            ) from None
        rules = rules.with_schedule(sizes)
    state = new_game(rules, players=args.players, first_dealer=args.first_dealer)
    state = play_out(state, random.Random(args.seed))
    print(
        f"pyclag simulate: preset {rules.name}, {args.players} players, seed {args.seed}, "
        f"first dealer seat {args.first_dealer}"
    )
    print(score_card(state))
    return 0


def _bench(args: argparse.Namespace) -> int:
    if args.runs < 1 or args.seconds <= 0:
        raise ClagError("--runs must be at least 1 and --seconds more than 0")
    rules = presets.get(args.preset)  # refuses an unknown name before any timing
    figures = bench.run(runs=args.runs, seconds=args.seconds, preset=rules.name)
    if args.json:
        print(json.dumps({name: round(value, 1) for name, value in figures.items()}))
        return 0
    print(f"pyclag bench: median of {args.runs} runs of {args.seconds:g} s, seeded")
    labels = {
        "rounds_per_s": "random 4-player 7-card normal rounds per second",
        "games_per_s": f"random 4-player {rules.name} games per second",
        "apply_children_per_s": "apply: child states per second from a mid-round state",
        "import_ms": "import pyclag, milliseconds",
    }
    for name, value in figures.items():
        bar = bench.BARS[name]
        ok = value <= bar if name == "import_ms" else value >= bar
        relation = "<=" if name == "import_ms" else ">="
        verdict = "meets" if ok else "MISSES"
        print(f"{labels[name]:<58} {value:>12,.1f}  ({verdict} bar {relation} {bar:,.0f})")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pyclag`` command; returns the exit status.

    >>> main(["simulate", "--preset", "normal", "--players", "3", "--seed", "1", "--schedule", "1"])
    pyclag simulate: preset normal, 3 players, seed 1, first dealer seat 0
    round  cards  rule  |   seat 0      seat 1      seat 2
        1      1        |      0 (1)       0 (0)       0 (1)
    winners: seats 0, 1, 2 share the win with 0
    0
    """
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return _simulate(args) if args.command == "simulate" else _bench(args)
    except ClagError as err:
        parser.exit(2, f"pyclag {args.command}: error: {err}\n")


if __name__ == "__main__":
    sys.exit(main())
