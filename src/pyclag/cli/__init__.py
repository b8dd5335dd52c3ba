"""The ``pyclag`` command (standard library ``argparse`` only).

* ``pyclag simulate``: play seeded games among bots; one game prints its score
  card, ``--games K`` a summary of K games.
* ``pyclag play``: play a game in the terminal against bots.
* ``pyclag rules [PRESET]``: a preset's schedule and options; ``pyclag
  presets``: the presets, one entry each.
* ``pyclag replay FILE [--json]``: replay a game record (DESIGN.md §6) and
  print its rounds and totals.
* ``pyclag score``: keep the score of a game played with real cards
  (:mod:`pyclag.scoresheet`), saved to and resumed from a file.
* ``pyclag bench``: time random legal playouts (DESIGN.md §7).

Bad arguments get a one-line error and exit status 2, before any work: every
number is bounded (:mod:`pyclag.cli._arguments`); a bad record or sheet file exit
status 1.

>>> main(["simulate", "--preset", "normal", "--players", "3", "--seed", "1", "--schedule", "1,2"])
pyclag simulate: preset normal, 3 players, seed 1, first dealer seat 0
bots: heuristic at every seat
round cards rule |   seat 0     seat 1     seat 2
                 | heuristic  heuristic  heuristic
    1     1      |     0 (1)     12 (1)      0 (1)
    2     2      |     0 (1)     22 (0)     10 (0)
winner: seat 1 with 22
0
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import sys
from collections import defaultdict
from collections.abc import Sequence
from typing import NoReturn

from pyclag import __version__, presets, records
from pyclag._saving import check_target, write_whole
from pyclag.bots import Bot
from pyclag.bots.names import BOT_NAMES, Search, bot_names, make_bots, seated, table_text
from pyclag.cli._arguments import (
    MAX_RUN_SECONDS,
    MAX_RUNS,
    MAX_SEED,
    hand_sizes,
    search_arguments,
    seconds,
    table_arguments,
    whole,
)
from pyclag.cli._bench import bench_command
from pyclag.engine import is_over, new_game, phase
from pyclag.errors import ClagError, RecordError
from pyclag.limits import MAX_HAND_SIZE
from pyclag.rules.ruleset import RuleSet
from pyclag.scoresheet.scorecard import score_card
from pyclag.sim import charts, launch
from pyclag.sim.launch import JOBS_FLOOR, MAX_JOBS
from pyclag.sim.sweep import MAX_GAMES, seeded_game
from pyclag.terminal.lines import fit

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors take one line (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="pyclag",
        description="The card game Clag: simulate and play games, read rules and records.",
    )
    parser.add_argument("--version", action="version", version=f"pyclag {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    simulate = _command(
        commands, "simulate", "play seeded games among bots and print the score card or a summary"
    )
    table_arguments(simulate)
    simulate.add_argument(
        "--seed", type=whole(0, MAX_SEED), default=0, help="random seed, 0..2**64-1 (default: 0)"
    )
    simulate.add_argument(
        "--first-dealer",
        type=int,
        default=0,
        help="seat of the first dealer, 0..players-1 (default: 0)",
    )
    simulate.add_argument(
        "--schedule",
        type=hand_sizes,
        help=f"hand sizes of the rounds (1..{MAX_HAND_SIZE}), comma-separated, at most "
        f"{records.MAX_ROUNDS:,} (default: the preset's)",
    )
    simulate.add_argument(
        "--bots",
        default="heuristic",
        help="bots by seat, comma-separated, repeated to fill the table: "
        f"{', '.join(BOT_NAMES)} (default: heuristic)",
    )
    search_arguments(simulate)
    simulate.add_argument("--record", metavar="FILE", help="write the game's record to FILE")
    simulate.add_argument(
        "--games",
        type=whole(1, MAX_GAMES),
        default=1,
        help=f"play K games (seeds S, S+1, ...) and print a summary; at most {MAX_GAMES:,} "
        "(default: 1)",
    )
    simulate.add_argument(
        "--jobs",
        type=whole(1, MAX_JOBS),
        help=f"worker processes, at most {MAX_JOBS} here (the cores, or {JOBS_FLOOR} if fewer) "
        "(default: every core; 1: in this process)",
    )
    simulate.add_argument(
        "--backend", choices=launch.BACKENDS, default="local", help="where (default: local)"
    )
    simulate.add_argument(
        "--address", help="an existing cluster: tcp://HOST:PORT (dask), ray://HOST:PORT or auto"
    )
    simulate.add_argument(
        "--shard-size", type=whole(1, MAX_GAMES), help="games per shard (default: automatic)"
    )
    simulate.add_argument(
        "--summary-json", metavar="FILE", help="write the exact tally of the games to FILE"
    )
    simulate.add_argument(
        "--chart",
        metavar="OUT",
        help="draw OUT.png or OUT.svg: the final scores of the games, or one game's running "
        "totals (needs pyclag[plot])",
    )

    playing = _command(commands, "play", "play a game in the terminal against bots")
    table_arguments(playing)
    playing.add_argument("--seat", type=int, default=0, help="your seat, 0..players-1 (default: 0)")
    playing.add_argument(
        "--seed", type=whole(0, MAX_SEED), help="random seed, 0..2**64-1 (default: a fresh one)"
    )
    playing.add_argument(
        "--bots", default="heuristic", help="the other seats' bots (default: heuristic)"
    )
    playing.add_argument(
        "--record", metavar="FILE", help="save the game's record to FILE as it goes, for replay"
    )
    search_arguments(playing)

    scoring = _command(commands, "score", "keep the score of a game played with real cards")
    table_arguments(scoring, defaults=False)
    scoring.add_argument(
        "--names", help="the players' names by seat, comma-separated (default: seat 0, ...)"
    )
    scoring.add_argument(
        "--first-dealer", type=int, help="seat of the first dealer, 0..players-1 (default: 0)"
    )
    scoring.add_argument(
        "--resume", metavar="FILE", help="go on with the sheet saved in FILE (and save to it)"
    )
    scoring.add_argument(
        "--save", metavar="FILE", help="save the sheet to FILE after every deal and on leaving"
    )
    scoring.add_argument(
        "--csv", metavar="FILE", help="write the score card as CSV to FILE, as --save saves"
    )
    scoring.add_argument(
        "--chart", metavar="FILE", help="draw the running totals in FILE.svg, as --save saves"
    )

    rules = _command(commands, "rules", "a preset's schedule and options")
    rules.add_argument("preset", nargs="?", default="wikipedia", help="(default: wikipedia)")
    rules.add_argument(
        "--players", type=int, default=4, help="table size, for the number of deals (default: 4)"
    )
    _command(commands, "presets", "the presets, one entry each")

    replaying = _command(
        commands, "replay", "replay a JSON game record and print its rounds and totals"
    )
    replaying.add_argument("file", help="the record: a JSON file, or - for standard input")
    replaying.add_argument(
        "--json", action="store_true", help="print the rounds and totals as one JSON object"
    )
    replaying.add_argument(
        "--chart",
        metavar="OUT",
        help="draw OUT.png or OUT.svg: the running totals over the deals (needs pyclag[plot])",
    )

    timing = _command(commands, "bench", "time random legal playouts against the speed bars")
    timing.add_argument(
        "--runs",
        type=whole(1, MAX_RUNS),
        default=5,
        help=f"runs per figure, 1..{MAX_RUNS} (default: 5)",
    )
    timing.add_argument(
        "--seconds",
        type=seconds(MAX_RUN_SECONDS),
        default=1.0,
        help=f"seconds per run, above 0 and at most {MAX_RUN_SECONDS:g} (default: 1.0)",
    )
    timing.add_argument(
        "--preset", default="wikipedia", help="preset of the whole games (default: wikipedia)"
    )
    timing.add_argument("--json", action="store_true", help="print the figures as JSON")
    about = "time OpenSpiel's C++ oh_hell side by side; print the ratios (the openspiel extra)"
    timing.add_argument("--against", choices=["openspiel"], help=about)
    batched = "time the batched engine, pyclag.vector, on random deals (the vector extra)"
    timing.add_argument("--vector", action="store_true", help=batched)
    timing.add_argument(
        "--backend",
        choices=["numpy", "jax", "all"],
        default="all",
        help="with --vector: the backends to time (default: all: JAX where installed)",
    )
    return parser


def _command(
    commands: argparse._SubParsersAction[_Parser], name: str, about: str
) -> argparse.ArgumentParser:
    """A subcommand whose one-line help in the list is also its --help description."""
    return commands.add_parser(name, help=about, description=f"{about[0].upper()}{about[1:]}.")


def _search(args: argparse.Namespace) -> Search:
    """The PIMC settings the ``--pimc-*`` options give."""
    return Search(args.pimc_worlds, args.pimc_policy, args.pimc_seconds, args.pimc_objective)


def _bots(args: argparse.Namespace, seats: Sequence[int], seed: object) -> list[Bot]:
    """The bots ``--bots`` lists, repeated over ``seats``, with the PIMC settings."""
    names = seated(bot_names(args.bots), len(seats), args.bots)
    return make_bots(names, seats, seed, _search(args))


def _outputs(*given: tuple[str, str | None]) -> None:
    """Refuse, before any game, a file to write that is not a regular file or
    a new file in an existing folder (a directory, /dev/null, a FIFO)."""
    for flag, path in given:
        if path is not None:
            check_target(path, flag)


def _simulate(args: argparse.Namespace) -> int:
    _outputs(("--record", args.record), ("--summary-json", args.summary_json))
    rules = _rules(args)
    # The table first (the players, the first dealer): no bot is seated for a table refused.
    new_game(rules, players=args.players, first_dealer=args.first_dealer)
    if args.record and args.games > 1:
        raise ClagError("--record writes one game's record; leave out --games")
    names = seated(bot_names(args.bots), args.players, args.bots)
    if args.chart:
        charts.check(args.chart)  # a bad file name or a missing extra before any game
    if args.games > 1:
        return launch.run(
            rules,
            args.players,
            names,
            args.games,
            args.seed,
            first_dealer=args.first_dealer,
            jobs=args.jobs,
            name=args.backend,
            address=args.address,
            shard_size=args.shard_size,
            summary_json=args.summary_json,
            search=_search(args),
            chart=args.chart,
        )
    state = seeded_game(rules, args.players, names, args.seed, args.first_dealer, _search(args))
    game = f"{args.players} players, seed {args.seed}, first dealer seat {args.first_dealer}"
    print(fit(f"pyclag simulate: preset {rules.name}, {game}"))
    print(fit(table_text(names)))
    print(score_card(state, roles=names))
    if args.record:
        write_whole(args.record, records.dump(state) + "\n")
    if args.chart:
        seats = [f"seat {seat} {name}" for seat, name in enumerate(names)]
        charts.save(charts.totals_figure(state, seats), args.chart)
    return 0


def _rules(args: argparse.Namespace) -> RuleSet:
    rules = presets.get(args.preset or "wikipedia")
    for text in getattr(args, "option", ()):
        name, equals, value = text.partition("=")
        if not equals or not name.strip():
            raise ClagError(f"--option takes NAME=VALUE, not {text!r}")
        rules = rules.with_options(**{name.strip(): _option_value(value.strip())})
    if getattr(args, "schedule", None) is not None:  # hand sizes, checked as they were read
        rules = rules.with_schedule(args.schedule)
    return rules


def _option_value(text: str) -> object:
    """An option's value as typed: true, false, null or a whole number as
    JSON reads them (as a record's options hold them), else the text itself."""
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if value is None or isinstance(value, (bool, int)) else text


def _play(args: argparse.Namespace) -> int:
    _outputs(("--record", args.record))
    rules = _rules(args)
    new_game(rules, players=args.players)  # refuses a table the preset does not allow
    if args.seat not in range(args.players):
        raise ClagError(f"--seat must be a seat in 0..{args.players - 1}, not {args.seat}")
    from pyclag import terminal  # the interactive game is needed only here

    seed = args.seed if args.seed is not None else random.randrange(2**32)
    if args.seed is None:  # so that a game worth another look can be played again
        print(f"pyclag play: seed {seed} (--seed {seed} deals this game again)", file=sys.stderr)
    others = [seat for seat in range(args.players) if seat != args.seat]
    table = _bots(args, others, seed)
    return terminal.run(
        rules,
        players=args.players,
        seat=args.seat,
        rng=random.Random(seed),
        stdin=sys.stdin,
        stdout=sys.stdout,
        bots=table,
        record=args.record,
    )


def _score(args: argparse.Namespace) -> int:
    from pyclag import scoresheet  # the scorekeeper is needed only here
    from pyclag.terminal import scorekeeper

    # The sheet is saved to --save, else back to --resume's file (not to standard input).
    save = args.save if args.save is not None or args.resume == "-" else args.resume
    _outputs(("--save" if args.save is not None else "--resume", save))
    _outputs(("--csv", args.csv), ("--chart", args.chart))
    if args.chart is not None and not args.chart.lower().endswith(".svg"):
        raise ClagError(f"--chart draws an SVG picture: give a FILE.svg, not {args.chart}")
    if args.resume is not None:
        given = [
            flag
            for flag, value in (
                ("--preset", args.preset),
                ("--players", args.players),
                ("--names", args.names),
                ("--first-dealer", args.first_dealer),
                ("--option", args.option or None),
            )
            if value is not None
        ]
        if given:
            raise ClagError(
                f"--resume reads the rules and the table from its file; drop {given[0]}"
            )
        sheet = scoresheet.load_sheet(_read(args.resume))
    else:
        rules = _rules(args)
        names = None if args.names is None else [name.strip() for name in args.names.split(",")]
        players = args.players if args.players is not None else len(names) if names else 4
        first = 0 if args.first_dealer is None else args.first_dealer
        sheet = scoresheet.ScoreSheet(rules, players, first, names)
    return scorekeeper.keep_score(
        sheet, sys.stdin, sys.stdout, save, csv=args.csv, chart=args.chart
    )


def _read(path: str) -> str | bytes:
    """The text of a record or sheet file (``-``: standard input), no longer
    than a record may hold (records.MAX_TEXT characters of UTF-8)."""
    limit = 4 * records.MAX_TEXT + 1
    try:
        if path == "-":
            text: str | bytes = sys.stdin.read(limit)
        else:
            with open(path, "rb") as source:
                text = source.read(limit)
    except OSError as err:
        raise RecordError(f"cannot read it: {err.strerror}") from None
    if len(text) == limit:  # more characters than a record may hold, however they are encoded
        raise RecordError(f"more than {records.MAX_TEXT} characters, more than a record may hold")
    return text


def _rules_page(args: argparse.Namespace) -> int:
    rules = presets.get(args.preset)
    new_game(rules, players=args.players)  # refuses a table the preset does not allow
    from pyclag.terminal import page  # the words of the rules are needed only here

    print(page.rules_page(rules, args.players))
    return 0


def _presets(_args: argparse.Namespace) -> int:
    aliases: dict[str, list[str]] = defaultdict(list)
    for alias, name in presets.ALIASES.items():
        aliases[name].append(alias)
    for name in presets.names():
        rules = presets.get(name)
        doc = presets.summary(name)
        also = f" (also {', '.join(sorted(aliases[name]))})" if aliases[name] else ""
        deals = (
            f"{rules.deals_per_player} deals per player"
            if rules.deals_per_player
            else f"{len(rules.schedule)} deals"
        )
        line = f"{name:<11} {rules.min_players}-{rules.max_players} players, {deals}: {doc}{also}"
        print(fit(line, indent=12))  # the rest under the description, past the name
    return 0


def _replay(args: argparse.Namespace) -> int:
    if args.chart:
        charts.check(args.chart)  # a bad file name or a missing extra before reading
    text = _read(args.file)
    try:
        record = records.load(text)
    except RecordError:
        from pyclag.scoresheet.files import is_sheet  # only for a file that is no record

        if is_sheet(text):
            resume = f"pyclag score --resume {shlex.quote(args.file)}"
            raise RecordError(
                f"a score sheet, not a game record: go on with it with {resume}"
            ) from None
        raise
    state = records.replay(record)
    if args.chart:
        charts.save(charts.totals_figure(state), args.chart)
    if args.json:
        print(json.dumps(records.summary(state)))
        return 0
    rules = state.rules
    # A pyclag/2 record may hold rules of its own making (a custom rule set such as Foss).
    named = "preset" if rules.name in presets.names() else "rules"
    print(f"pyclag replay: {args.file}: {named} {rules.name}, {state.players} players")
    print(score_card(state))
    if not is_over(state):
        rnd = state.round.setup
        print(f"the record stops in round {rnd.index + 1}, at its {phase(state).value} phase")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pyclag`` command; returns the exit status.

    >>> main(["simulate", "--preset", "normal", "--players", "3", "--seed", "1", "--schedule", "1"])
    pyclag simulate: preset normal, 3 players, seed 1, first dealer seat 0
    bots: heuristic at every seat
    round cards rule |   seat 0     seat 1     seat 2
                     | heuristic  heuristic  heuristic
        1     1      |     0 (1)     12 (1)      0 (1)
    winner: seat 1 with 12
    0
    """
    parser = _parser()
    args = parser.parse_args(argv)
    command = {
        "simulate": _simulate,
        "play": _play,
        "rules": _rules_page,
        "presets": _presets,
        "replay": _replay,
        "score": _score,
        "bench": bench_command,
    }[args.command]
    try:
        status = command(args)
        sys.stdout.flush()  # inside the try: a reader that has gone shows here
        return status
    except RecordError as err:  # a bad record is not a bad command line
        file = args.file if args.command == "replay" else getattr(args, "resume", None)
        where = f"{file}: " if file else ""
        parser.exit(1, f"pyclag {args.command}: {where}{err}\n")
    except ClagError as err:
        parser.exit(2, f"pyclag {args.command}: error: {err}\n")
    except KeyboardInterrupt:  # Ctrl-C, in a game or a long simulation
        parser.exit(130, f"\npyclag {args.command}: interrupted\n")
    except BrokenPipeError:  # `pyclag rules | head`: the reader has gone, so stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
