"""An arena: pyclag's bots against OpenSpiel's information-set MCTS, or
against each other, at one table of OpenSpiel's native ``oh_hell`` (the
``openspiel`` extra).

Every deal is played twice, the seats alternating: the bot under test at seats
0 and 2 and the opponent at 1 and 3, then the other way round, on the same
cards (the dealer, the hands and the trump card, drawn from a seeded stream:
:func:`deals`). The margin is the bot's mean points a deal minus the
opponent's, each a seat (as ``oh_hell`` scores a deal: 1 a trick, 10 more for an
exact bid), with its standard error over the paired deals.

The game itself is OpenSpiel's: each table is an ``oh_hell`` state. The C++
``pyspiel.ISMCTSBot`` (``ismcts:N``) searches it with the resampler ``oh_hell``
provides, which shuffles among the opponents only the cards really dealt to
them, so that the bot knows which cards are out against it;
``fair-ismcts:N`` is the same search drawing its worlds from what its seat
has seen (:mod:`pyclag.openspiel.ismcts`). A pyclag bot decides on a pyclag
:class:`~pyclag.engine.state.GameState` kept in step with it under
:func:`rules`, the pyclag rule set of ``oh_hell``; at every decision both
engines must offer the same actions, and at the end score the same points,
else the deal stops with a RulesError naming the difference.

>>> result = match("heuristic", "ismcts:20", deals=1, seed=1)
>>> result.deals, len(result.margins), result.bot, result.opponent
(1, 1, 'heuristic', 'ismcts:20')
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple, Protocol

from pyclag import codec
from pyclag.bots import Bot
from pyclag.bots.names import BOT_NAMES, Search, make_bots
from pyclag.cards import DECK, Card
from pyclag.engine import apply, deal, is_over, new_game, next_actor
from pyclag.engine.state import GameState
from pyclag.errors import ClagError, RulesError
from pyclag.openspiel.game import pyspiel
from pyclag.openspiel.ismcts import UCT_C, FairIsmcts, Ismcts
from pyclag.rules.ruleset import RuleSet
from pyclag.views import observe

__all__ = [
    "ISMCTS_SIMULATIONS",
    "PLAYERS",
    "TRICKS",
    "UCT_C",
    "Dealt",
    "FairIsmcts",
    "Ismcts",
    "Played",
    "Pyclag",
    "Result",
    "Seat",
    "Side",
    "deals",
    "match",
    "mean_stderr",
    "openspiel_state",
    "opponent_of",
    "paired_margin",
    "play_deal",
    "pyclag_state",
    "rules",
]

PLAYERS: Final = 4
"""The table: two seats for each side."""
TRICKS: Final = 7
"""The cards a hand by default (``oh_hell``'s ``num_tricks_fixed``)."""
BotFactory = Callable[[int], Bot]
"""Makes the pyclag bot of a seat (its argument)."""


def rules(tricks: int = TRICKS) -> RuleSet:
    """The pyclag rule set of ``oh_hell`` at ``tricks`` cards a hand: one normal
    deal, the card after the hands turned for trumps, bids from the dealer's
    left with the dealer's bid unable to make the total equal the tricks
    (the ``ne`` hook, at every hand size), play from the dealer's left,
    follow suit else any card, and F2 scoring (1 a trick, 10 more for an
    exact bid, the tricks kept on a miss): ``oh_hell``'s defaults
    (``off_bid_penalty`` false, ``points_per_trick`` 1, the 52-card pack).

    Where the two games model a rule differently, the arena translates:
    ``oh_hell`` draws the hand size and the dealer as chance outcomes and
    deals card ``k`` to seat ``k % 4`` whatever the dealer, where pyclag
    deals from the dealer's left (:meth:`Dealt.deck`). Of ``oh_hell``'s other
    parameters, ``points_per_trick`` ``p`` is the scoring
    ``ContractScoring("oh_hell", per_trick=p, per_trick_on_miss=p)``; pyclag
    cannot express ``off_bid_penalty`` (a miss scoring ``-p`` for each trick
    off the bid: pyclag scores a miss by the tricks taken), a pack of fewer
    suits or ranks (``num_suits``, ``num_cards_per_suit``), or a hand size
    drawn at random (pyclag's schedule fixes each deal's).

    >>> rules()
    <RuleSet oh_hell: 1 rounds, 3-7 players, hook ne, F2 scoring>
    >>> rules().hook.min_hand_size, rules(3).schedule[0].hand_size
    (1, 3)
    """
    return RuleSet("oh_hell", [tricks]).with_options(hook="ne", hook_min_hand_size=1, scoring="F2")


class Dealt(NamedTuple):
    """One deal as ``oh_hell``'s chance outcomes: the hand size, the dealer and
    the cards in ``oh_hell``'s order (card ``k`` to seat ``k % 4``, then the
    trump card), as :mod:`pyclag.codec` ids.

    >>> spec = deals(1, seed=3)[0]
    >>> len(spec.cards), spec.chance()[:1]
    (29, (7,))
    """

    tricks: int
    dealer: int
    cards: tuple[int, ...]

    def chance(self) -> tuple[int, ...]:
        """``oh_hell``'s chance actions, in order.

        >>> Dealt(1, 2, (4, 9, 13, 51, 0)).chance()
        (1, 2, 4, 9, 13, 51, 0)
        """
        return (self.tricks, self.dealer, *self.cards)

    def hand(self, seat: int) -> frozenset[int]:
        """The ids of the cards ``seat`` is dealt.

        >>> sorted(Dealt(1, 0, (4, 9, 13, 51, 0)).hand(2))
        [13]
        """
        return frozenset(self.cards[seat : PLAYERS * self.tricks : PLAYERS])

    def deck(self) -> tuple[Card, ...]:
        """The same deal as pyclag's pack, top first (for ``pyclag.deal``), where
        card ``j`` goes to the seat ``j + 1`` places after the dealer, the
        turn-up follows the hands and the unseen cards come last.

        >>> [str(card) for card in Dealt(1, 3, (4, 9, 13, 51, 0)).deck()[:5]]
        ['3C', '4D', '5D', 'AH', '2C']
        """
        order = [
            self.cards[(j // PLAYERS) * PLAYERS + (self.dealer + 1 + j) % PLAYERS]
            for j in range(PLAYERS * self.tricks)
        ]
        shown = [*order, self.cards[-1]]
        rest = [card for card in DECK if codec.card_id(card) not in set(shown)]
        return (*map(codec.card_of, shown), *rest)


def deals(count: int, seed: object, tricks: int = TRICKS) -> tuple[Dealt, ...]:
    """``count`` deals from the stream seeded by ``seed``: each a dealer and
    the hands and trump card, drawn without replacement from the 52 cards.
    The first ``n`` deals of a seed are the same whatever ``count``.

    >>> deals(2, seed=5)[0] == deals(1, seed=5)[0], deals(1, seed=5) == deals(1, seed=6)
    (True, False)
    """
    rng = random.Random(f"arena:{seed}")
    return tuple(
        Dealt(tricks, rng.randrange(PLAYERS), tuple(rng.sample(range(52), PLAYERS * tricks + 1)))
        for _ in range(count)
    )


_deals = deals  # match's parameter of that name hides it there


def openspiel_state(dealt: Dealt) -> Any:
    """A native ``oh_hell`` state of ``dealt``, its first bid to make.

    >>> openspiel_state(deals(1, seed=1)[0]).current_player() in range(4)
    True
    """
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": dealt.tricks})
    state = game.new_initial_state()
    for outcome in dealt.chance():
        if outcome not in (action for action, _ in state.chance_outcomes()):
            raise RulesError(f"oh_hell refuses chance outcome {outcome} of {dealt}")
        state.apply_action(outcome)
    return state


def pyclag_state(dealt: Dealt, ruleset: RuleSet | None = None) -> GameState:
    """The pyclag state of ``dealt`` under ``ruleset`` (:func:`rules` by default).

    >>> import pyclag
    >>> pyclag.next_actor(pyclag_state(deals(1, seed=1)[0])) in range(4)
    True
    """
    chosen = rules(dealt.tricks) if ruleset is None else ruleset
    return deal(new_game(chosen, PLAYERS, first_dealer=dealt.dealer), deck=dealt.deck())


class Seat(Protocol):
    """A player at the arena's table: an action id for the seat to act, from
    pyclag's state or OpenSpiel's (the same position)."""

    def act(self, ours: GameState, theirs: Any) -> int:
        """The id of the action to take.

        >>> class FirstBid:
        ...     def act(self, ours: GameState, theirs: Any) -> int:
        ...         return int(theirs.legal_actions()[0])
        >>> play_deal(deals(1, seed=1)[0], [FirstBid()] * 4).points[0] >= 0
        True
        """
        ...


class Pyclag:
    """A pyclag bot at the table: it sees :func:`pyclag.observe` of its seat."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def act(self, ours: GameState, theirs: Any) -> int:
        """The bot's choice, as an id.

        >>> from pyclag.bots import HeuristicBot
        >>> Pyclag(HeuristicBot()).act(pyclag_state(deals(1, seed=1)[0]), None) >= 52  # a bid
        True
        """
        seat = next_actor(ours)
        if not isinstance(seat, int):
            raise RulesError(f"no seat is to act in {ours!r}")
        return codec.action_id(self.bot.choose(observe(ours, seat)))


class Played(NamedTuple):
    """One deal as played: each seat's points and the seconds of each decision
    by seat."""

    points: tuple[int, ...]
    seconds: tuple[tuple[float, ...], ...]


def play_deal(dealt: Dealt, seats: Sequence[Seat], ruleset: RuleSet | None = None) -> Played:
    """Play ``dealt`` with ``seats`` (one a seat) in both engines at once. At
    every decision the seat to act and its legal ids must agree, and at the
    end the points; else a RulesError names the deal, the step and both.

    >>> from pyclag.bots import HeuristicBot
    >>> played = play_deal(deals(1, seed=2)[0], [Pyclag(HeuristicBot())] * 4)
    >>> len(played.points), sum(len(times) for times in played.seconds)
    (4, 32)
    """
    ours, theirs = pyclag_state(dealt, ruleset), openspiel_state(dealt)
    times: list[list[float]] = [[] for _ in range(PLAYERS)]
    step = 0
    while not theirs.is_terminal():
        seat = theirs.current_player()
        legal = tuple(theirs.legal_actions())
        mine = tuple(sorted(codec.legal_ids(ours))) if next_actor(ours) == seat else None
        if mine != legal:
            raise RulesError(
                f"{dealt}: step {step}: oh_hell has seat {seat} choose from {legal}, "
                f"pyclag has seat {next_actor(ours)} choose from {mine}"
            )
        start = time.perf_counter()
        action = seats[seat].act(ours, theirs)
        times[seat].append(time.perf_counter() - start)
        if action not in legal:
            raise RulesError(f"{dealt}: step {step}: seat {seat} chose {action}, not in {legal}")
        theirs.apply_action(action)
        ours = apply(ours, codec.action_of(ours, action))
        step += 1
    points = tuple(round(value) for value in theirs.returns())
    if not is_over(ours) or ours.scores != points:
        raise RulesError(f"{dealt}: oh_hell scores {points}, pyclag {ours.scores}")
    return Played(points, tuple(map(tuple, times)))


def mean_stderr(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (the sample standard
    deviation over the square root of the count; NaN under two values).

    >>> mean_stderr([1.0, 2.0, 6.0])
    (3.0, 1.5275252316519468)
    """
    if not values:
        raise ClagError("mean_stderr: no values")
    if len(values) < 2:
        return statistics.fmean(values), math.nan
    return statistics.fmean(values), statistics.stdev(values) / math.sqrt(len(values))


def paired_margin(first: Sequence[int], second: Sequence[int]) -> float:
    """A paired deal's margin from each seat's points in its two games: the
    bot at the even seats in ``first`` and at the odd seats in ``second``; its
    points over the four seat-games, less the opponent's, over four.

    >>> paired_margin((10, 1, 11, 2), (0, 12, 3, 13))
    10.0
    """
    bot = sum(first[0::2]) + sum(second[1::2])
    opponent = sum(first[1::2]) + sum(second[0::2])
    return (bot - opponent) / PLAYERS


class Result(NamedTuple):
    """A match: ``margins`` holds each paired deal's margin (the bot's mean
    points a seat over its four seat-games of the deal, less the
    opponent's); ``margin`` and ``stderr`` are their mean and its standard
    error; ``bot_points`` and ``opponent_points`` each side's mean points a
    seat a deal; ``bot_ms`` and ``opponent_ms`` each side's mean
    milliseconds a decision; ``seconds`` the match's wall time.

    >>> Result("a", "b", 2, (1.0, 2.0), 7.0, 6.0, 0.1, 3.0, 2.0).line()
    'a vs b: +1.50 (se 0.50) points a deal over 2 deals; a 7.00, b 6.00 a seat; a 0.10 ms, b 3.00 ms a decision'
    """

    bot: str
    opponent: str
    deals: int
    margins: tuple[float, ...]
    bot_points: float
    opponent_points: float
    bot_ms: float
    opponent_ms: float
    seconds: float

    @property
    def margin(self) -> float:
        """The mean of the margins.

        >>> Result("a", "b", 2, (1.0, 2.0), 7.0, 6.0, 0.1, 3.0, 2.0).margin
        1.5
        """
        return mean_stderr(self.margins)[0]

    @property
    def stderr(self) -> float:
        """The standard error of :attr:`margin`.

        >>> Result("a", "b", 2, (1.0, 2.0), 7.0, 6.0, 0.1, 3.0, 2.0).stderr
        0.5
        """
        return mean_stderr(self.margins)[1]

    def line(self) -> str:
        """The match in one line.

        >>> Result("a", "b", 1, (-1.0,), 6.0, 7.0, 0.1, 3.0, 2.0).line()[:40]
        'a vs b: -1.00 (se nan) points a deal ove'
        """
        return (
            f"{self.bot} vs {self.opponent}: {self.margin:+.2f} (se {self.stderr:.2f}) points a "
            f"deal over {self.deals} deals; {self.bot} {self.bot_points:.2f}, "
            f"{self.opponent} {self.opponent_points:.2f} a seat; {self.bot} {self.bot_ms:.2f} ms, "
            f"{self.opponent} {self.opponent_ms:.2f} ms a decision"
        )


Side = str | BotFactory
"""A side of the match: a name (:func:`opponent_of`) or a pyclag bot factory."""

ISMCTS_SIMULATIONS: Final = 200
"""The simulations a decision of a bare ``ismcts``."""


_SEARCHES: Final[dict[str, Callable[[int, int], Seat]]] = {
    "ismcts": Ismcts,
    "fair-ismcts": FairIsmcts,
}
"""OpenSpiel's ISMCTS by its side's name (:mod:`pyclag.openspiel.ismcts`)."""


def opponent_of(name: str, seed: object) -> Callable[[int], Seat]:
    """The seats a side's ``name`` makes, by seat: ``ismcts:N`` (OpenSpiel's
    C++ ISMCTS as shipped, whose worlds hold the cards really out against it),
    ``fair-ismcts:N`` (OpenSpiel's ISMCTS drawing its worlds from what its
    seat has seen), each ``N`` simulations a decision (a bare name is
    :data:`ISMCTS_SIMULATIONS`), or a bot :mod:`pyclag.bots.names` knows
    (``heuristic``, ``pimc``, ``random``, ``search``; ``pimc`` and ``search``
    play for the deal's points, their other settings the defaults). Each draws from its own seed,
    from ``seed`` and its seat. Any other name is a ClagError naming the
    choices (OpenSpiel's ISMCTS fails a check at one simulation).

    The pyclag bots replay alike from the same seed; the C++ ISMCTS does not:
    it breaks ties between actions in the iteration order of its hash maps,
    which changes from one search to the next, so a match against it
    repeats its figures within their errors, not deal for deal.

    >>> type(opponent_of("ismcts:50", seed=1)(3)).__name__
    'Ismcts'
    >>> type(opponent_of("fair-ismcts", seed=1)(0)).__name__
    'FairIsmcts'
    >>> opponent_of("ismcts:1", seed=1)
    Traceback (most recent call last):
    pyclag.errors.ClagError: an arena side is ismcts:N or fair-ismcts:N (N >= 2 simulations) or one of heuristic, pimc, random, search; not 'ismcts:1'
    """
    text = name.strip().lower()
    kind, colon, count = text.partition(":")
    search = _SEARCHES.get(kind)
    if search is not None and (not colon or (count.isdigit() and int(count) >= 2)):
        simulations = int(count) if colon else ISMCTS_SIMULATIONS
        return lambda seat: search(simulations, random.Random(f"{seed}:{seat}").randrange(2**31))
    if text in BOT_NAMES:
        settings = Search(objective="points")
        return lambda seat: Pyclag(make_bots([text], [seat], seed, settings)[0])
    raise ClagError(
        "an arena side is ismcts:N or fair-ismcts:N (N >= 2 simulations) or one of "
        f"{', '.join(BOT_NAMES)}; not {name!r}"
    )


def _side(side: Side, seed: str) -> tuple[str, Callable[[int], Seat]]:
    if isinstance(side, str):
        return side.strip().lower(), opponent_of(side, seed)
    if callable(side):
        return getattr(side, "__name__", type(side).__name__), lambda seat: Pyclag(side(seat))
    raise TypeError(f"match: a side must be a name or a bot factory, not {type(side).__name__}")


def match(
    bot: Side,
    opponent: Side,
    deals: int,
    seed: object,
    *,
    tricks: int = TRICKS,
    ruleset: RuleSet | None = None,
) -> Result:
    """Play ``deals`` paired deals of the stream ``seed`` (:func:`deals`):
    each once with ``bot`` at seats 0 and 2 and ``opponent`` at 1 and 3, and
    once the other way round. A side is a name (:func:`opponent_of`) or a
    factory that makes the pyclag bot of a seat. ``ruleset`` replaces
    :func:`rules` on pyclag's side (to check another rule set against
    ``oh_hell``: a difference stops the match with a RulesError).

    >>> match("heuristic", "heuristic", deals=2, seed=4).margins
    (0.0, 0.0)
    """
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ClagError(f"match: deals must be an int >= 1, not {deals!r}")
    most = (len(DECK) - 1) // PLAYERS  # the hands and the trump card
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 1 <= tricks <= most:
        raise ClagError(f"match: tricks must be an int in 1..{most}, not {tricks!r}")
    sides = (_side(bot, f"{seed}:bot"), _side(opponent, f"{seed}:opponent"))
    tables = [[make(seat) for seat in range(PLAYERS)] for _, make in sides]
    margins: list[float] = []
    points: tuple[list[int], list[int]] = ([], [])
    seconds: tuple[list[float], list[float]] = ([], [])
    start = time.perf_counter()
    dealt_stream = _deals(deals, seed, tricks)
    for dealt in dealt_stream:
        games = []
        for first in (0, 1):
            # Which side sits where: 0, the bot; 1, the opponent.
            where = [(seat + first) % 2 for seat in range(PLAYERS)]
            played = play_deal(
                dealt, [tables[side][seat] for seat, side in enumerate(where)], ruleset
            )
            games.append(played.points)
            for seat, side in enumerate(where):
                points[side].append(played.points[seat])
                seconds[side].extend(played.seconds[seat])
        margins.append(paired_margin(*games))
    return Result(
        sides[0][0],
        sides[1][0],
        deals,
        tuple(margins),
        statistics.fmean(points[0]),
        statistics.fmean(points[1]),
        1000 * statistics.fmean(seconds[0]),
        1000 * statistics.fmean(seconds[1]),
        time.perf_counter() - start,
    )
