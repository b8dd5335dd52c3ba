"""Paired strength measurements: a bot under test against three others.

Run it with ``python examples/bot_strength.py [DEALS] [--test pimc|heuristic]
[--against heuristic|old] [--worlds W] [--policy P] [--span S] [--fit F]
[--endgame E] [--bid-search B] [--objective O] [--deal N] [--seed N]``
(``--span``: the bids PIMC searches, those within S of the heuristic's; -1
for all of them; 0, the default, bids as the heuristic; ``--fit``: PIMCBot's
``fit``, -1 for ``None``; ``--endgame``: its ``endgame``, 0 for ``None``; the
oracle and ``--test fit`` search without the endgame, as before it). Every deal is a 4-player 7-card
normal deal (RULES.md §1), or with ``--deal N`` the N-th deal of a 4-player
Wikipedia game under the Wikipedia rules (9: Misère, 10: Guess Trumps, 11:
Blind, 15: Most Tricks), played once with the bot under test in each seat
and once with the other bots alone; the same seed deals the same cards each
time, so a seat's points with and without the bot under test are paired.
It prints the mean points per deal of the bot under test and of the bot it
replaced in the same seat, their paired difference with its standard error,
the contracts made and the win rate (a shared top score counts as a win).

``old`` is the heuristic bot of pyclag 0.1, kept here for the comparison:
its win chance counts any unseen trump as beating a side-suit ace, as if
the opponents did not have to follow suit.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Final

import pyclag
from pyclag.bots import Bot, HeuristicBot, play_game
from pyclag.bots.inference import applies
from pyclag.bots.pimc import BID_SEARCH, ENDGAME, OBJECTIVES, WORLDS, PIMCBot
from pyclag.engine.state import GameState
from pyclag.rules.round import RoundRules
from pyclag.rules.ruleset import RuleSet
from pyclag.views import Observation

SEVEN: Final = pyclag.NORMAL.with_schedule([7])
"""The deals measured by default: 4-player 7-card normal deals."""


class _OldHeuristicBot:
    """pyclag 0.1's HeuristicBot, in normal deals: each card wins unless an
    unseen card that beats it when led is dealt to an opponent."""

    def choose(self, observation: Observation) -> pyclag.PlayerAction:
        legal = observation.legal
        rules = observation.round_rules
        if rules is None or observation.hand is None:
            return legal[0]
        if isinstance(legal[0], pyclag.Bid):
            unseen = observation.unseen
            opponents = sum(observation.hand_sizes) - len(observation.hand)
            expected = sum(_old_chance(card, rules, unseen, opponents) for card in observation.hand)
            bids = [a for a in legal if isinstance(a, pyclag.Bid)]
            return min(bids, key=lambda a: (abs(a.tricks - expected), a.tricks))
        plays = [a for a in legal if isinstance(a, pyclag.Play)]
        bid = observation.bids[observation.seat]
        want = bid is not None and observation.tricks_won[observation.seat] < bid
        if not observation.trick:
            unseen = observation.unseen
            ranked = sorted(
                plays,
                key=lambda p: (
                    (_old_beaten_by(p.card, rules) & unseen).bit_count(),
                    -rules.strength(p.card.suit)[p.card.index],
                ),
            )
            return ranked[0] if want else ranked[-1]
        table = rules.strength(observation.trick[0].effective.suit)
        best = max(table[p.effective.index] for p in observation.trick)
        order = sorted(plays, key=lambda p: table[p.card.index])
        winners = [p for p in order if table[p.card.index] > best]
        losers = [p for p in order if table[p.card.index] <= best]
        if want:
            return winners[0] if winners else losers[0]
        return losers[-1] if losers else winners[-1]


def _old_beaten_by(card: pyclag.Card, rules: RoundRules) -> int:
    table = rules.strength(card.suit)
    return sum(o.mask for o in pyclag.DECK if table[o.index] > table[card.index])


def _old_chance(card: pyclag.Card, rules: RoundRules, unseen: int, opponents: int) -> float:
    beaters = (_old_beaten_by(card, rules) & unseen).bit_count()
    total = unseen.bit_count()
    if opponents <= 0 or beaters == 0:
        return 1.0
    if opponents > total - beaters:
        return 0.0
    return math.comb(total - beaters, opponents) / math.comb(total, opponents)


class Oracle(PIMCBot):
    """A cheating PIMC bot, for measuring only: it searches the true deal
    (:attr:`truth`, set by :func:`play_seen` before each choice) instead of
    worlds drawn from its observation, so it shows how many points PIMC-style
    search could gain with perfect inference of the hidden cards. Its greedy
    playouts are deterministic, so one world is the whole search.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(0))
    >>> oracle = Oracle(worlds=1, span=None, objective="points")
    >>> oracle.truth = state
    >>> oracle.choose(pyclag.observe(state, 1))
    Bid(seat=1, tricks=1)
    """

    truth: GameState | None = None

    def sample_worlds(self, view: Observation) -> list[GameState]:
        assert self.truth is not None, "Oracle: play_seen sets the true state"
        return [self.truth]


FIT_COUNTS = [0, 0]
"""The hands :class:`FitPIMC` bots drew, and those taken as the best of their
draws rather than fitting (the cap hit), over a run."""

PLACED: tuple[list[float], list[float]] = ([], [])
"""With ``--placed``: the share of the opponents' unseen cards each
:class:`FitPIMC` world puts in the right hand, and the same for worlds drawn
by :func:`pyclag.determinize` alone (a diagnostic; it changes no choice)."""


def _placed(world: GameState, truth: GameState, seat: int) -> float:
    """The share of the other seats' cards that ``world`` deals as ``truth`` does."""
    others = [other for other in range(len(truth.round.masks)) if other != seat]
    right = sum((world.round.masks[o] & truth.round.masks[o]).bit_count() for o in others)
    return right / max(1, sum(truth.round.masks[o].bit_count() for o in others))


class FitPIMC(PIMCBot):
    """:class:`PIMCBot` with ``fit`` (worlds that fit what the opponents did,
    the heuristic as their model), keeping count of the hands it drew
    (:data:`FIT_COUNTS`) and, with ``placing``, of how many hidden cards its
    worlds place right (:data:`PLACED`; it changes no choice).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(0))
    >>> FitPIMC(4, "heuristic").choose(pyclag.observe(pyclag.bid(state, 1), 2))
    Bid(seat=2, tricks=1)
    """

    def __init__(self, worlds: int, policy: str, seed: int = 0, slack: int = 0) -> None:
        super().__init__(
            worlds, policy, seed=seed, fit=slack, endgame=None, bid_search=None, objective="points"
        )
        self.truth: GameState | None = None  # set by play_seen, read only by --placed
        self.plain = random.Random(seed)

    placing = False
    """Whether to record :data:`PLACED` (``--placed``)."""

    def sample_worlds(self, view: Observation) -> list[GameState]:
        before = self.fitted.hands, self.fitted.capped
        worlds = super().sample_worlds(view)
        FIT_COUNTS[0] += self.fitted.hands - before[0]
        FIT_COUNTS[1] += self.fitted.capped - before[1]
        truth = self.truth
        if self.placing and truth is not None and applies(view):
            seat = view.seat
            PLACED[0].extend(_placed(world, truth, seat) for world in worlds)
            plain = (pyclag.determinize(view, self.plain) for _ in worlds)
            PLACED[1].extend(_placed(world, truth, seat) for world in plain)
        return worlds


class OracleBids:
    """Bids as an :class:`Oracle` searching every bid with heuristic playouts
    of the true deal; plays as ``player`` (a ceiling for better bidding).

    >>> OracleBids(HeuristicBot()).oracle.span is None
    True
    """

    def __init__(self, player: Bot) -> None:
        self.oracle, self.player = (
            Oracle(1, "heuristic", span=None, endgame=None, objective="points"),
            player,
        )

    def choose(self, observation: Observation) -> pyclag.PlayerAction:
        """The oracle's bid, or the player's choice.

        >>> import random
        >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(0))
        >>> bot = OracleBids(HeuristicBot())
        >>> bot.oracle.truth = state
        >>> bot.choose(pyclag.observe(state, 1))
        Bid(seat=1, tricks=1)
        """
        if isinstance(observation.legal[0], pyclag.Bid):
            return self.oracle.choose(observation)
        return self.player.choose(observation)


def play_seen(state: GameState, bots: Sequence[Bot], rng: random.Random) -> GameState:
    """:func:`pyclag.bots.play_game`, showing each :class:`Oracle` (bare, or
    as the ``inner`` bot of a wrapper that times it) the true state before it
    chooses; the same deals from ``rng``.

    >>> import pyclag
    >>> start = pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 3)
    >>> play_seen(start, [HeuristicBot()] * 3, random.Random(1)) == play_game(start, [HeuristicBot()] * 3, random.Random(1))
    True
    """
    while not pyclag.is_over(state):
        actor = state.round.to_act
        if isinstance(actor, int):
            bot = bots[actor]
            inner = getattr(bot, "inner", bot)  # a timing wrapper's bot
            if isinstance(inner, OracleBids):
                inner = inner.oracle
            if isinstance(inner, (Oracle, FitPIMC)):
                inner.truth = state
            state = pyclag.apply(state, bot.choose(pyclag.observe(state, actor)))
        else:
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
    return state


class _Timed:
    """Times each decision of the bot it wraps."""

    def __init__(self, inner: Bot) -> None:
        self.inner, self.seconds = inner, [0.0]

    def choose(self, observation: Observation) -> pyclag.PlayerAction:
        start = time.perf_counter()
        action = self.inner.choose(observation)
        self.seconds.append(time.perf_counter() - start)
        return action


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    return mean, statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


def measure(
    deals: int,
    test: Callable[[], Bot],
    against: Callable[[], Bot],
    seed: int,
    players: int = 4,
    points: list[float] | None = None,
    rules: RuleSet = SEVEN,
) -> dict[str, tuple[float, float]]:
    """The bot ``test`` makes, each deal, in each seat among ``against`` bots;
    each pair's points of the bot under test are appended to ``points``;
    each deal is the one deal of ``rules``' game.

    >>> result = measure(2, HeuristicBot, _OldHeuristicBot, seed=1)
    >>> sorted(result)[:3]
    ['baseline contracts', 'baseline points', 'baseline wins']
    """
    rows: dict[str, list[float]] = {
        key: []
        for key in (
            "points",
            "baseline points",
            "difference",
            "contracts",
            "baseline contracts",
            "wins",
            "baseline wins",
        )
    }
    timer = _Timed(test())
    for deal in range(deals):
        dealer = deal % players
        start = pyclag.new_game(rules, players, dealer)
        base = play_game(start, [against() for _ in range(players)], random.Random(seed + deal))
        for seat in range(players):
            bots = [against() for _ in range(players)]
            timer.inner = test()
            bots[seat] = timer
            end = play_seen(start, bots, random.Random(seed + deal))
            for prefix, game in (("", end), ("baseline ", base)):
                result = game.history[0]
                rows[prefix + "points"].append(result.points[seat])
                rows[prefix + "contracts"].append(result.tricks_won[seat] == result.bids[seat])
                rows[prefix + "wins"].append(result.points[seat] == max(result.points))
            rows["difference"].append(end.history[0].points[seat] - base.history[0].points[seat])
    if points is not None:
        points += rows["points"]
    table = {key: _mean_se(values) for key, values in rows.items()}
    table["seconds per decision"] = _mean_se(timer.seconds[1:] or [0.0])
    return table


def wikipedia_deal(number: int) -> RuleSet:
    """The Wikipedia rules with one deal, the ``number``-th of their 4-player game.

    >>> wikipedia_deal(9).schedule[0].bidding.name
    'FORCED_ZERO'
    """
    rules = pyclag.presets.get("wikipedia")
    return rules.with_schedule([rules.schedule[number - 1]])


def tables(deals: int, bots: Callable[[], Bot], seed: int, players: int = 4) -> tuple[float, float]:
    """The mean total bid and the share of contracts made at a table of four
    ``bots``, over ``deals`` 7-card deals.

    >>> total, made = tables(2, HeuristicBot, seed=1)
    >>> 0 <= made <= 1
    True
    """
    rules = pyclag.NORMAL.with_schedule([7])
    totals: list[int] = []
    made: list[bool] = []
    for deal in range(deals):
        start = pyclag.new_game(rules, players, deal % players)
        result = play_game(start, [bots() for _ in range(players)], random.Random(seed + deal))
        result_round = result.history[0]
        totals.append(sum(bid or 0 for bid in result_round.bids))
        made += [b == t for b, t in zip(result_round.bids, result_round.tricks_won, strict=True)]
    return statistics.fmean(totals), statistics.fmean(made)


def main() -> None:
    """Print one comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", type=int, default=4)
    parser.add_argument(
        "--test",
        choices=("pimc", "heuristic", "oracle", "oracle-bids", "fit"),
        default="heuristic",
        help="oracle: PIMC searching the true deal (a ceiling; --span -1 to search bids "
        "too); oracle-bids: bids by an oracle, plays by PIMC",
    )
    parser.add_argument("--against", choices=("heuristic", "old"), default="old")
    parser.add_argument("--worlds", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", default="greedy")
    parser.add_argument("--dump", help="write each pair's points to this JSON file")
    parser.add_argument(
        "--compare", nargs=2, metavar="JSON", help="only compare two --dump files, pair by pair"
    )
    parser.add_argument(
        "--fit", type=int, default=1, help="pimc: PIMCBot's fit (-1: None, worlds not fitted)"
    )
    parser.add_argument(
        "--endgame", type=int, default=ENDGAME, help="pimc: PIMCBot's endgame (0: None)"
    )
    parser.add_argument("--slack", type=int, default=0, help="fit: plays a hand may misfit")
    parser.add_argument(
        "--placed", action="store_true", help="fit: how many hidden cards the worlds place right"
    )
    parser.add_argument("--span", type=int, default=0, help="the bids searched; -1: every one")
    parser.add_argument(
        "--bid-search",
        type=int,
        default=BID_SEARCH,
        help="PIMCBot's bid_search: every bid searched up to this hand size (0: None)",
    )
    parser.add_argument(  # points, not PIMCBot's default: each deal here is a whole game
        "--objective", choices=OBJECTIVES, default="points", help="PIMCBot's objective"
    )
    parser.add_argument(
        "--deal",
        type=int,
        default=0,
        help="the N-th deal of a 4-player Wikipedia game instead (9: Misère, 11: Blind)",
    )
    parser.add_argument(
        "--tables", action="store_true", help="also: four heuristic bots against four old ones"
    )
    args = parser.parse_args()
    if args.compare:
        first, second = (json.loads(pathlib.Path(name).read_text()) for name in args.compare)
        mean, se = _mean_se([a - b for a, b in zip(first, second, strict=True)])
        print(
            f"second run minus first, pair by pair: {-mean:+.2f} (se {se:.2f}), {len(first)} pairs"
        )
        return
    worlds = args.worlds

    def test() -> Bot:
        if args.test == "heuristic":
            return HeuristicBot()
        policy = args.policy
        span = None if args.span < 0 else args.span
        if args.test == "oracle":
            return Oracle(1, policy, seed=args.seed, span=span, endgame=None, objective="points")
        if args.test == "fit":
            return FitPIMC(worlds or WORLDS, policy, args.seed, args.slack)
        pimc = PIMCBot(
            worlds or WORLDS,
            policy,
            seed=args.seed,
            span=span,
            fit=None if args.fit < 0 else args.fit,
            endgame=args.endgame or None,
            bid_search=args.bid_search or None,
            objective=args.objective,
        )
        return OracleBids(pimc) if args.test == "oracle-bids" else pimc

    FitPIMC.placing = args.placed
    against: Callable[[], Bot] = HeuristicBot if args.against == "heuristic" else _OldHeuristicBot
    pairs: list[float] = []
    rules = wikipedia_deal(args.deal) if args.deal else SEVEN
    table = measure(args.deals, test, against, args.seed, points=pairs, rules=rules)
    if args.dump:  # each pair's points, for a paired comparison of two runs (--compare)
        pathlib.Path(args.dump).write_text(json.dumps(pairs))
    print(
        f"{args.test} against 3 x {args.against}: {args.deals} deals x 4 seats, "
        f"4 players, {f'Wikipedia deal {args.deal}' if args.deal else '7 cards'}, seed {args.seed}"
    )
    for key, (mean, se) in table.items():
        scale = 100 if key.endswith(("contracts", "wins")) else 1000 if "seconds" in key else 1
        unit = "%" if scale == 100 else " ms" if scale == 1000 else ""
        print(f"{key:<22}{mean * scale:>9.2f}{unit}  (se {se * scale:.2f})")
    if PLACED[0]:
        print(
            f"hidden cards placed right: fitted worlds {statistics.fmean(PLACED[0]):.1%}, "
            f"drawn ones {statistics.fmean(PLACED[1]):.1%} ({len(PLACED[0])} worlds)"
        )
    if FIT_COUNTS[0]:
        print(
            f"fitted hands drawn {FIT_COUNTS[0]}, the cap hit {FIT_COUNTS[1] / FIT_COUNTS[0]:.2%}"
        )
    if args.tables:
        for name, bot in (("heuristic", HeuristicBot), ("old", _OldHeuristicBot)):
            total, made = tables(args.deals, bot, args.seed)
            print(f"table of 4 {name:<10} bids {total:.2f} in all per deal, made {made:.2%}")


if __name__ == "__main__":
    main()
