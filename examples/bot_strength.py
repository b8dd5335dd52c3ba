"""Paired strength measurements: a bot under test against three others.

Run it with ``python examples/bot_strength.py [DEALS] [--test pimc|heuristic]
[--against heuristic|old] [--worlds W]``. Every deal is a 4-player 7-card
normal deal (RULES.md §1), played once with the bot under test in each seat
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
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence

import pyclag
from pyclag.bots import Bot, HeuristicBot, play_game
from pyclag.bots.calibration import bid_features, make_chance
from pyclag.bots.heuristic import expected_spread
from pyclag.bots.pimc import REACH, WORLDS, PIMCBot
from pyclag.rules.round import RoundRules
from pyclag.views import Observation


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
    deals: int, test: Callable[[], Bot], against: Callable[[], Bot], seed: int, players: int = 4
) -> dict[str, tuple[float, float]]:
    """The bot ``test`` makes, each deal, in each seat among ``against`` bots.

    >>> result = measure(2, HeuristicBot, _OldHeuristicBot, seed=1)
    >>> sorted(result)[:3]
    ['baseline contracts', 'baseline points', 'baseline wins']
    """
    rules = pyclag.NORMAL.with_schedule([7])
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
            end = play_game(start, bots, random.Random(seed + deal))
            for prefix, game in (("", end), ("baseline ", base)):
                result = game.history[0]
                rows[prefix + "points"].append(result.points[seat])
                rows[prefix + "contracts"].append(result.tricks_won[seat] == result.bids[seat])
                rows[prefix + "wins"].append(result.points[seat] == max(result.points))
            rows["difference"].append(end.history[0].points[seat] - base.history[0].points[seat])
    table = {key: _mean_se(values) for key, values in rows.items()}
    table["seconds per decision"] = _mean_se(timer.seconds[1:] or [0.0])
    return table


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


# --- fitting PIMC's bid model (pyclag.bots.calibration) -------------------------------------

_OFFSETS = ((-2, 0.12), (-1, 0.3), (0, 0.33), (1, 0.25))
"""How far from the heuristic's bid the bot under study bids while the data
is gathered, and how often: the model learns what each bid is worth."""


class _Perturbed:
    """PIMC's play with a bid drawn near the heuristic's; it records the bid's features."""

    def __init__(self, seed: int, rng: random.Random) -> None:
        self.pimc, self.heuristic, self.rng = PIMCBot(seed=seed), HeuristicBot(), rng
        self.shares = PIMCBot(seed=f"bid{seed}")  # its own worlds for the bid
        self.features: tuple[float, ...] = ()
        self.bid = self.mine = -1

    def choose(self, observation: Observation) -> pyclag.PlayerAction:
        legal = observation.legal
        if not isinstance(legal[0], pyclag.Bid):
            return self.pimc.choose(observation)
        mine = self.heuristic.choose(observation)
        assert isinstance(mine, pyclag.Bid)
        offset = _offset(self.rng.random())
        bids = [action.tricks for action in legal if isinstance(action, pyclag.Bid)]
        self.mine = mine.tricks
        self.bid = min(bids, key=lambda bid: (abs(bid - mine.tricks - offset), bid))
        share = self.shares.made_shares(observation, [self.bid])[self.bid]
        self.features = bid_features(observation, expected_spread(observation), self.bid, share)
        return pyclag.Bid(observation.seat, self.bid)


def _offset(draw: float) -> int:
    """The offset of :data:`_OFFSETS` a uniform ``draw`` in [0, 1) falls on."""
    total = 0.0
    for offset, chance in _OFFSETS:
        total += chance
        if draw < total:
            return offset
    return _OFFSETS[-1][0]


def gather(deals: int, seed: int) -> list[tuple[tuple[float, ...], bool]]:
    """The features of PIMC's bid and whether it made it, one deal each: PIMC
    in one seat (moving round the table) among three heuristic bots. A bid
    more than PIMC's reach from the heuristic's (forced by the dealer's
    restriction) is left out: PIMC never considers one.

    >>> from pyclag.bots.calibration import FEATURES
    >>> rows = gather(1, seed=100000)
    >>> len(rows), len(rows[0][0]) == len(FEATURES)
    (1, True)
    """
    rules = pyclag.NORMAL.with_schedule([7])
    rows = []
    for deal in range(seed, seed + deals):
        seat = (deal // 4) % 4
        bots: list[Bot] = [HeuristicBot() for _ in range(4)]
        bot = _Perturbed(deal, random.Random(f"gather{deal}"))
        bots[seat] = bot
        end = play_game(pyclag.new_game(rules, 4, deal % 4), bots, random.Random(deal))
        if abs(bot.bid - bot.mine) <= REACH:
            rows.append((bot.features, end.history[0].tricks_won[seat] == bot.bid))
    return rows


def fit(rows: Sequence[tuple[Sequence[float], bool]], ridge: float = 1e-3) -> list[float]:
    """Logistic regression by Newton's method (a little ridge keeps it solvable).

    >>> [round(w, 2) for w in fit([((1.0,), True), ((1.0,), False), ((1.0,), True)])]
    [0.69]
    """
    size = len(rows[0][0])
    weights = [0.0] * size
    for _ in range(25):
        hessian = [[ridge * (i == j) for j in range(size)] for i in range(size)]
        gradient = [-ridge * w for w in weights]
        for features, made in rows:
            chance = make_chance(features, weights)
            for i in range(size):
                gradient[i] += (made - chance) * features[i]
                for j in range(size):
                    hessian[i][j] += chance * (1 - chance) * features[i] * features[j]
        step = _solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
    return weights


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def main() -> None:
    """Print one comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", type=int, default=4)
    parser.add_argument("--test", choices=("pimc", "heuristic"), default="heuristic")
    parser.add_argument("--against", choices=("heuristic", "old"), default="old")
    parser.add_argument("--worlds", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", default="greedy")
    parser.add_argument("--span", type=int, default=0, help="the bids searched; -1: every one")
    parser.add_argument("--uncalibrated", action="store_true", help="bid by the heuristic")
    parser.add_argument(
        "--tables", action="store_true", help="also: four heuristic bots against four old ones"
    )
    parser.add_argument(
        "--fit", action="store_true", help="fit PIMC's bid model on DEALS deals from --seed"
    )
    args = parser.parse_args()
    worlds = args.worlds
    if args.fit:
        weights = fit(gather(args.deals, args.seed))
        print(f"BID_WEIGHTS = ({', '.join(f'{w:.3f}' for w in weights)})")
        return

    def test() -> Bot:
        if args.test == "heuristic":
            return HeuristicBot()
        policy = args.policy
        span = None if args.span < 0 else args.span
        calibrated = not args.uncalibrated
        return PIMCBot(worlds or WORLDS, policy, seed=args.seed, span=span, calibrated=calibrated)

    against: Callable[[], Bot] = HeuristicBot if args.against == "heuristic" else _OldHeuristicBot
    table = measure(args.deals, test, against, args.seed)
    print(
        f"{args.test} against 3 x {args.against}: {args.deals} deals x 4 seats, "
        f"4 players, 7 cards, seed {args.seed}"
    )
    for key, (mean, se) in table.items():
        scale = 100 if key.endswith(("contracts", "wins")) else 1000 if "seconds" in key else 1
        unit = "%" if scale == 100 else " ms" if scale == 1000 else ""
        print(f"{key:<22}{mean * scale:>9.2f}{unit}  (se {se * scale:.2f})")
    if args.tables:
        for name, bot in (("heuristic", HeuristicBot), ("old", _OldHeuristicBot)):
            total, made = tables(args.deals, bot, args.seed)
            print(f"table of 4 {name:<10} bids {total:.2f} in all per deal, made {made:.2%}")


if __name__ == "__main__":
    main()
