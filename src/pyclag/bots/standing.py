"""What a deal's points are worth to the game: the chance they leave a seat of
winning it.

A bot that plays whole games wants to win the game (RULES.md §1.10: the
highest total after the last deal wins), not to score most in each deal. A
deal's points move that chance through the totals: ten points more for the
seat count as much as ten points fewer for the one rival it has to beat,
and nothing once the game is won or lost. :func:`game_value` turns the
points of a deal into that chance, for :class:`~pyclag.bots.pimc.PIMCBot`'s
``objective="game"``.

The deals still to come are modelled simply: each player's points over them
are independent and normal, with mean 0 (nobody is assumed to be the better
player) and the variance :func:`deal_variance` gives each deal, which is about
what heuristic bots score (4-player Wikipedia games: 21 for a 1-card deal, 42
for a 7-card one, 760 over the whole game). So far ahead or behind a deal
changes little; and in the last deal the value is whether the seat ends on
top.

>>> from pyclag.bots.standing import win_chance
>>> round(win_chance((50, 40, 40, 40), 0, 0.0), 3), round(win_chance((50, 40, 40, 40), 0, 20.0), 3)
(1.0, 0.393)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Final

from pyclag._caches import bounded
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.scoring.schemes import MostTricks
from pyclag.views import Observation

__all__ = ["TIE_BREAK", "deal_variance", "game_value", "remaining_spread", "win_chance"]

TIE_BREAK: Final = 1e-4
"""The weight of the seat's own points of the deal beside its chance of
winning the game: it decides only between actions whose chances are the
same, as when the game is already won or lost (a point changes the chance by
about 0.01 early in a 4-player game)."""

_STEPS: Final = 24
# The standard normal on a grid of [-4, 4] (midpoints), its weights summing to 1:
# the quadrature of the seat's own luck in the deals to come.
_GRID: Final = tuple(-4.0 + 8.0 * (step + 0.5) / _STEPS for step in range(_STEPS))
_RAW: Final = tuple(math.exp(-z * z / 2) for z in _GRID)
_WEIGHTS: Final = tuple(weight / sum(_RAW) for weight in _RAW)
_ROOT2: Final = math.sqrt(2.0)


def deal_variance(spec: RoundSpec, rules: RuleSet, players: int) -> float:
    """The variance of one player's points in a deal of ``spec``: a contract
    made about half the time, worth the bonus and its share of the tricks;
    in Most Tricks, the bonus won by one player in ``players``.

    >>> import pyclag
    >>> rules = pyclag.presets.get("wikipedia")
    >>> [round(deal_variance(rules.round_spec(n), rules, 4), 1) for n in (0, 6, 8, 14)]
    [27.6, 45.6, 25.0, 18.8]
    """
    scoring = rules.round_scoring(spec)
    if isinstance(scoring, MostTricks):
        share = 1 / players
        return scoring.bonus**2 * share * (1 - share)
    made = scoring.bonus + abs(scoring.per_trick) * spec.hand_size / players
    return (made / 2) ** 2


def remaining_spread(rules: RuleSet, players: int, this_round: int) -> float:
    """The standard deviation of one player's points over the deals after deal
    ``this_round`` (0-based) of a game of ``rules`` (0 in the last deal).

    >>> import pyclag
    >>> rules = pyclag.presets.get("wikipedia")
    >>> round(remaining_spread(rules, 4, 0), 1), remaining_spread(rules, 4, 21)
    (28.2, 0.0)
    """
    # The deals' variances are summed in order, as ever, from a table made once per game.
    return math.sqrt(sum(_deal_variances(rules, players)[this_round + 1 :]))


@bounded(16, same_arguments=True)
def _deal_variances(rules: RuleSet, players: int) -> tuple[float, ...]:
    """:func:`deal_variance` of each deal of a game of ``rules``,
    worked out once per game, not at each decision over the deals to come."""
    spec = rules.round_spec
    return tuple(deal_variance(spec(n), rules, players) for n in range(rules.num_rounds(players)))


def win_chance(totals: Sequence[int], seat: int, spread: float) -> float:
    """The chance that ``seat`` ends the game on top (a shared top counts) from
    ``totals``, if each player's points still to come are normal with mean 0
    and standard deviation ``spread`` (0: the game is over).

    >>> win_chance((10, 10, 0), 0, 0.0), win_chance((10, 12, 0), 0, 0.0)
    (1.0, 0.0)
    >>> round(win_chance((0, 0, 0, 0), 2, 30.0), 3)
    0.25
    >>> win_chance((0, 0, 0), 0, 2.2250738585e-313)  # a subnormal spread: the game is over
    1.0
    """
    mine = totals[seat]
    others = [total for other, total in enumerate(totals) if other != seat]
    # A spread too small to divide by (a subnormal float) is none at all.
    scale = 1 / (spread * _ROOT2) if spread > 0 else math.inf
    if math.isinf(scale):
        return 1.0 if all(mine >= total for total in others) else 0.0
    chance = 0.0
    for z, weight in zip(_GRID, _WEIGHTS, strict=True):
        # The seat's own luck is z spreads; each other player must fall below it.
        product = weight
        for total in others:
            product *= 0.5 * (1 + math.erf((mine - total) * scale + z / _ROOT2))
        chance += product
    return chance


def game_value(view: Observation) -> Callable[[tuple[int, ...]], float]:
    """The value to ``view``'s seat of each possible outcome of the deal in
    progress, given by the points every seat takes in it: its chance of
    winning the game after them (:func:`win_chance`), and a little for its
    own points (:data:`TIE_BREAK`). Values are cached by outcome.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(1))
    >>> value = game_value(pyclag.observe(state, 0))
    >>> value((16, 0, 0)), value((0, 0, 10)), value((10, 10, 0)) > value((0, 0, 0))
    (1.0016, 0.0, True)
    """
    seat = view.seat
    scores = view.scores
    spread = remaining_spread(view.rules, view.players, len(view.history))
    cache: dict[tuple[int, ...], float] = {}

    def value(points: tuple[int, ...]) -> float:
        found = cache.get(points)
        if found is None:
            totals = [score + gain for score, gain in zip(scores, points, strict=True)]
            found = cache[points] = win_chance(totals, seat, spread) + TIE_BREAK * points[seat]
        return found

    return value
