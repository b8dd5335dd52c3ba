"""The default search bot: information-set Monte Carlo tree search with
playouts to the bid (:class:`ISMCTSBot`, which :mod:`pyclag.bots` also names
:data:`SearchBot`).

:class:`ISMCTSBot` grows one tree per decision over the actions the table
will see from here on. Each simulation takes a world its seat cannot tell
from the real one: in the plain deals one of :data:`FITTED` drawn for the
decision, each opponent's hand one for which the heuristic bot would have bid
within :data:`LOOSE` tricks of that opponent's bid
(:class:`~pyclag.bots.inference.FittedWorlds`), elsewhere a fresh
:func:`pyclag.determinize` (a player who has shown out of a suit holds none
of it). It walks the tree choosing at each node the action best for the seat
to act there by UCB among the actions legal in that world, tries one new
action, and plays the deal out with every seat playing toward its bid
(:func:`~pyclag.bots.playouts.bid_playout`); every node on the path learns
the points of the seat that chose there. It takes the action it tried most.

A node's child is found by the action taken, and where an opponent acts
next, by that opponent's cards in the world (its information set there, as
in OpenSpiel's ISMCTS), so the opponents choose knowing their own cards.
With a fresh world each simulation, what lies below an opponent's turn is
mostly visited once: the search weighs the decision's actions by UCB and
looks deeper only late in the deal, where few hands remain. It sees only its
observation: the worlds are its guesses.

>>> import random, pyclag
>>> from pyclag.bots import HeuristicBot, play_game
>>> bots = [ISMCTSBot(seed=1, simulations=200), HeuristicBot(), HeuristicBot()]
>>> end = play_game(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), bots, random.Random(2))
>>> len(end.history), pyclag.is_over(end)
(1, True)
"""

from __future__ import annotations

import math
import random
import time
from typing import Final, TypeAlias

from pyclag.actions import Bid, Play, PlayerAction
from pyclag.bots import _settings as settings
from pyclag.bots._table import legal_choices
from pyclag.bots.inference import FittedWorlds, applies
from pyclag.bots.pimc import OBJECTIVES, PIMCBot
from pyclag.bots.playouts import DealValue, bid_playout
from pyclag.bots.standing import game_value
from pyclag.engine import apply, legal_actions, rollouts, sample_chance
from pyclag.engine.state import GameState
from pyclag.views import Observation, determinize

__all__ = ["FITTED", "LOOSE", "ROLLOUTS", "SIMULATIONS", "UCT_C", "ISMCTSBot", "SearchBot"]

SIMULATIONS: Final = 1000
"""The simulations a decision by default (some 50 to 100 ms a decision on one
core in 4-player 7-card deals)."""

UCT_C: Final = 0.15
"""The exploration constant of the tree's UCB by default, on points divided
by 17 (OpenSpiel's ISMCTS uses 2.0 on raw points, about 0.12 here); the
arena's screens favoured it over 0.08, 0.3 and 0.6 (the research notes)."""

ROLLOUTS: Final = ("bid", "random")
"""How a simulation plays the deal out: ``bid``, every seat toward its bid
(:func:`~pyclag.bots.playouts.bid_playout`; the default), or ``random``
(:func:`pyclag.rollouts`)."""

LOOSE: Final = 1
"""How far, in tricks, an opponent's bid may be from the heuristic's for its
hand in a world, by default (:class:`~pyclag.bots.inference.Evidence`)."""

FITTED: Final = 200
"""The worlds drawn a decision, taken in turn, when they are fitted to the
opponents' bids (``fit`` or ``loose`` set) and ``worlds`` is ``None``."""

_SCALE: Final = 17.0
"""Points are divided by this before the tree sees them (a 7-card deal's most)."""


class _Node:
    """The statistics of one information set of the tree: for each action
    tried there, its visits, its total value to the seat to act and the
    times it was legal when the node was reached (its availability)."""

    __slots__ = ("children", "seat", "stats")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.stats: dict[PlayerAction, list[float]] = {}  # visits, total, available
        self.children: dict[object, _Node] = {}


class ISMCTSBot:
    """Chooses by information-set Monte Carlo tree search.

    * ``simulations``: the simulations a decision (the search's budget).
    * ``worlds``: ``None``, a world drawn afresh for each simulation (as
      OpenSpiel's ISMCTS does), or the worlds drawn a decision, taken in turn.
    * ``uct_c``: the exploration constant (values are points over 17).
    * ``seconds``: a time budget a decision, or ``None``; with one, fewer
      simulations may be run, and the bot is no longer deterministic.
    * ``seed``: its own generator's seed: with ``seconds=None`` the same seed
      and the same game give the same choices.
    * ``fit``: ``None``, or the worlds fit the opponents' bids and all but
      ``fit`` of their plays in the plain deals, with the heuristic bot as
      their model (:class:`~pyclag.bots.inference.FittedWorlds`).
    * ``loose``: ``None``, or in the plain deals each opponent's hand in a
      world is one for which the heuristic bot would have bid within
      ``loose`` tricks of its bid, its plays only legal (:data:`LOOSE` by
      default; ``fit``, when set, reads the bids instead). Fitted worlds are
      :data:`FITTED` a decision unless ``worlds`` says.
    * ``rollout``: how each simulation plays the deal out (:data:`ROLLOUTS`).
    * ``objective``: ``points`` (its own points for the deal) or ``game``
      (its chance of winning the game after the deal,
      :func:`pyclag.bots.standing.game_value`); the other seats play for
      their points.
    * ``private``: an opponent's node is its information set in the world
      drawn (the path and the cards it holds there), as in OpenSpiel's
      ISMCTS; ``False``, it is this seat's (the path alone): every opponent
      chooses as if it did not see its own cards.

    Its strength in the arena's 4-player 7-card deals of OpenSpiel's
    ``oh_hell``, against PIMC and OpenSpiel's ISMCTS (fair, and the C++ bot as
    shipped, whose worlds hold the cards really out), is in the bots page's
    strength table.
    The RAF call, the dealer's trump and the RAF hand size are chosen by a
    :class:`~pyclag.bots.pimc.PIMCBot` with the same seed and objective (the
    search's tree holds bids and cards).

    >>> ISMCTSBot(simulations=0)
    Traceback (most recent call last):
    pyclag.errors.RulesError: ISMCTSBot: simulations must be an int >= 1, not 0
    """

    def __init__(
        self,
        simulations: int = SIMULATIONS,
        worlds: int | None = None,
        uct_c: float = UCT_C,
        seconds: float | None = None,
        seed: object = 0,
        fit: int | None = None,
        objective: str = "points",
        private: bool = True,
        loose: int | None = LOOSE,
        rollout: str = "bid",
    ) -> None:
        simulations = settings.count("ISMCTSBot", "simulations", simulations)
        worlds = None if worlds is None else settings.count("ISMCTSBot", "worlds", worlds)
        fit = settings.optional_count("ISMCTSBot", "fit", fit)
        uct_c = settings.number("ISMCTSBot", "uct_c", uct_c)
        seconds = settings.seconds("ISMCTSBot", seconds)
        objective = settings.choice("ISMCTSBot", "objective", objective, OBJECTIVES)
        private = settings.flag("ISMCTSBot", "private", private)
        loose = settings.optional_count("ISMCTSBot", "loose", loose)
        rollout = settings.choice("ISMCTSBot", "rollout", rollout, ROLLOUTS)
        loose = None if fit is not None else loose  # fit reads the bids instead
        self.simulations, self.worlds, self.uct_c = simulations, worlds, uct_c
        self.seconds, self.fit, self.objective = seconds, fit, objective
        self.private, self.loose, self.rollout = private, loose, rollout
        self.rng = random.Random(str(seed))
        self.fitted = FittedWorlds(slack=fit or 0, loose=loose)
        self.other = PIMCBot(seed=seed, objective=objective)

    def __repr__(self) -> str:
        return (
            f"ISMCTSBot(simulations={self.simulations}, worlds={self.worlds}, "
            f"uct_c={self.uct_c}, seconds={self.seconds}, fit={self.fit}, "
            f"objective={self.objective!r}, private={self.private}, loose={self.loose}, "
            f"rollout={self.rollout!r})"
        )

    def choose(self, observation: Observation) -> PlayerAction:
        """The action the search tried most (the first of them in legal order).

        >>> import random, pyclag
        >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
        >>> view = pyclag.observe(state, 1)
        >>> str(view.hand), ISMCTSBot(simulations=300, seed=3).choose(view)
        ('7C 8D JD 6S QS', Bid(seat=1, tricks=2))
        """
        legal = legal_choices(observation, "ISMCTSBot")
        if len(legal) == 1:
            return legal[0]
        if not all(isinstance(action, (Bid, Play)) for action in legal):
            return self.other.choose(observation)
        visits = {action: stat[0] for action, stat in self.search(observation).items()}
        return max(legal, key=lambda action: visits.get(action, 0.0))

    def sample_worlds(self, view: Observation, count: int) -> list[GameState]:
        """``count`` worlds for a decision seen as ``view``: fitted to the
        opponents' bids and plays where :func:`~pyclag.bots.inference.applies`
        (and ``fit`` is set), else drawn by :func:`pyclag.determinize`.

        >>> import random, pyclag
        >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
        >>> worlds = ISMCTSBot().sample_worlds(pyclag.observe(state, 1), 4)
        >>> len(worlds), all(world.round.masks[1] == state.round.masks[1] for world in worlds)
        (4, True)
        """
        if self._fits(view):
            return self.fitted.draw(view, self.rng, count)
        return [determinize(view, self.rng) for _ in range(count)]

    def search(self, view: Observation) -> dict[PlayerAction, list[float]]:
        """Run the simulations from ``view``: each action tried at the
        decision, with its visits, its total value and the times it was legal.

        >>> import random, pyclag
        >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(1))
        >>> stats = ISMCTSBot(simulations=50).search(pyclag.observe(state, 1))
        >>> sum(visits for visits, _, _ in stats.values())
        50.0
        """
        seat, this_round = view.seat, len(view.history)
        value: DealValue | None = game_value(view) if self.objective == "game" else None
        fits = self._fits(view)
        fresh = self.worlds is None and not fits
        count = self.worlds or (FITTED if fits else self.simulations)
        worlds = [] if fresh else self.sample_worlds(view, count)
        root = _Node(seat)
        rng = self.rng
        start = time.perf_counter()
        for number in range(self.simulations):
            if (
                self.seconds is not None
                and number >= 2
                and time.perf_counter() - start > self.seconds
            ):
                break
            state = determinize(view, rng) if fresh else worlds[number % len(worlds)]
            self._simulate(root, state, seat, this_round, value, rng)
        return root.stats

    def _fits(self, view: Observation) -> bool:
        """Whether the worlds of ``view``'s decision are fitted to the bids."""
        return (self.fit is not None or self.loose is not None) and applies(view)

    def _simulate(
        self,
        root: _Node,
        state: GameState,
        seat: int,
        this_round: int,
        value: DealValue | None,
        rng: random.Random,
    ) -> None:
        """One simulation: select down the tree in ``state``, try one new
        action, roll out at random, and back the points up the path. A node's
        child is found by the action taken, and with ``private``, where an
        opponent is next to act, by that opponent's cards in the world."""
        c, private = self.uct_c, self.private
        node = root
        path: list[tuple[_Node, PlayerAction]] = []
        while len(state.history) == this_round:
            actor = state.round.to_act
            if type(actor) is not int:  # chance within the deal: part of the world
                state = apply(state, sample_chance(state, rng))
                continue
            node.seat = actor
            legal = legal_actions(state)
            stats = node.stats
            untried = [action for action in legal if action not in stats]
            for action in legal:
                if action in stats:
                    stats[action][2] += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                stats[action] = [0.0, 0.0, 1.0]
                path.append((node, action))
                state = apply(state, action)
                break
            best, action = -math.inf, legal[0]
            for option in legal:
                visits, total, available = stats[option]
                score = total / visits + c * math.sqrt(math.log(available) / visits)
                if score > best:
                    best, action = score, option
            path.append((node, action))
            state = apply(state, action)
            key: object = action
            after = state.round.to_act
            if private and type(after) is int and after != seat:
                key = (action, state.round.masks[after])
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node(-1)
            node = child
        if len(state.history) > this_round:
            points = state.history[this_round].points
        else:
            points = (
                bid_playout(state, rng) if self.rollout == "bid" else rollouts(state, 1, rng)[0]
            )
        mine = points[seat] / _SCALE if value is None else value(points)
        for at, action in path:
            stat = at.stats[action]
            stat[0] += 1
            stat[1] += mine if at.seat == seat else points[at.seat] / _SCALE


SearchBot: TypeAlias = ISMCTSBot
"""The default search bot (``search`` in ``--bots``): today :class:`ISMCTSBot`,
which does at least as well as :class:`~pyclag.bots.pimc.PIMCBot` at the bots
page's arena and in its whole games, in less time a decision. A program that
wants the best search pyclag has, whatever its method, names this; PIMCBot
stays as a method of its own.

>>> from pyclag.bots import SearchBot
>>> SearchBot(simulations=50, objective="game")
ISMCTSBot(simulations=50, worlds=None, uct_c=0.15, seconds=None, fit=None, objective='game', private=True, loose=1, rollout='bid')
"""
