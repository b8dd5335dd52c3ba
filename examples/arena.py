"""pyclag's bots against OpenSpiel's ISMCTS, or each other, on native ``oh_hell``.

Run it with ``python examples/arena.py [BOTS] [OPPONENTS] [--deals N] [--seed S]``
after ``pip install 'pyclag[openspiel]'``. BOTS and OPPONENTS are comma-separated
names: ``heuristic``, ``pimc``, ``random``, ``search`` (:data:`pyclag.bots.SearchBot`;
the search bots play for the deal's points, their other settings the defaults),
``ismcts:N`` (OpenSpiel's C++ ISMCTS as shipped, N simulations a decision;
its worlds hold the cards really out against it) or ``fair-ismcts:N`` (OpenSpiel's
ISMCTS drawing its worlds from what its seat has seen). Each matchup
plays N 4-player 7-card deals of the stream ``S``, each twice with the seats
swapped (:mod:`pyclag.openspiel.arena`), and prints one line: the bot's margin
in points a deal a seat with its standard error, each side's points, and each
side's milliseconds a decision, and the match's seconds.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Play every matchup of the command line and print a line for each."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("bots", nargs="?", default="heuristic", help="default: heuristic")
    parser.add_argument("opponents", nargs="?", default="ismcts:200", help="default: ismcts:200")
    parser.add_argument("--deals", type=int, default=2, help="paired deals (default: 2)")
    parser.add_argument("--seed", default="1", help="the deals' stream (default: 1)")
    parser.add_argument("--tricks", type=int, default=7, help="cards a hand (default: 7)")
    args = parser.parse_args(argv)

    from pyclag.errors import ClagError
    from pyclag.openspiel import arena

    print(
        f"arena: oh_hell, {arena.PLAYERS} players, {args.tricks} cards, {args.deals} deals "
        f"x 2 seatings, seed {args.seed}; margin = bot's points a deal a seat minus the opponent's"
    )
    try:
        for bot in args.bots.split(","):
            for opponent in args.opponents.split(","):
                result = arena.match(bot, opponent, args.deals, args.seed, tricks=args.tricks)
                print(f"{result.line()} ({result.seconds:.0f} s)", flush=True)
    except ClagError as err:
        print(f"arena: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    if importlib.util.find_spec("pyspiel") is None:
        print("this example needs OpenSpiel: pip install 'pyclag[openspiel]'")
        sys.exit(0)
    sys.exit(main())
