"""A search bot: perfect-information Monte Carlo (PIMC).

For each decision :class:`PIMCBot` draws ``worlds`` full game states its
seat cannot tell from the real one (:func:`pyclag.determinize`), tries each
candidate action in every world, plays the deal out there with fast playout
bots, and takes the action with the best mean value over the worlds: by
default its chance of winning the game once the deal is scored
(:mod:`pyclag.bots.standing`), or its points for the deal. It sees only its
observation: the worlds are its guesses.

>>> import random, pyclag
>>> from pyclag.bots import HeuristicBot, play_game
>>> bots = [PIMCBot(seed=1), HeuristicBot(), HeuristicBot()]
>>> end = play_game(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), bots, random.Random(2))
>>> end.history[0].bids, end.scores
((0, 2, 0), (0, 14, 10))
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Final

from pyclag.actions import Bid, Call, Play, PlayerAction
from pyclag.bots import _settings as settings
from pyclag.bots._table import legal_choices
from pyclag.bots.heuristic import HeuristicBot, call_values
from pyclag.bots.inference import FittedWorlds, applies
from pyclag.bots.odds import card_chances
from pyclag.bots.playouts import DealValue, Replies, endgame_points, greedy_play
from pyclag.bots.standing import game_value
from pyclag.cards import DECK
from pyclag.engine import apply, is_over, rollouts, sample_chance
from pyclag.engine.rounds import bid_tricks, play_card, play_mask
from pyclag.engine.state import GameState, Phase
from pyclag.hand import Hand
from pyclag.rules.deals import PlayMode
from pyclag.rules.play import TWOS
from pyclag.views import Observation, determinize, observe

__all__ = ["BID_SEARCH", "ENDGAME", "OBJECTIVE", "OBJECTIVES", "POLICIES", "WORLDS", "PIMCBot"]

WORLDS: Final = 48
"""The worlds searched per decision by default. Measured with
``examples/bot_strength.py`` (plays searched, bids the heuristic's; 240
deal-seat pairs, seed 5000): 24 worlds +1.60 (0.46) points per deal over the
heuristic bot, 48 worlds +2.23 (0.44), 96 worlds +2.29 (0.42)."""

ENDGAME: Final = 3
"""The cards left in the seat's hand from which :class:`PIMCBot` searches the
rest of the deal exactly, by default (:func:`~pyclag.bots.playouts.endgame_points`). Measured with
``examples/bot_strength.py`` against the same bot without it, pair by pair:
+0.03 (0.07) points per deal over 400 pairs (seed 9000), +0.12 (0.04) over
2,400 fresh pairs (seed 20000). Deeper, against 3 on those 2,400 pairs: 4
+0.04 (0.05) at about 1.12 times the time a decision, 5 +0.12 (0.08) at 1.85
times (the bots page, fifth round)."""

BID_SEARCH: Final = 3
"""The largest deal, in cards a hand, in which :class:`PIMCBot` searches
every legal bid by default, rather than bidding as the heuristic. With few
cards the playouts' sight of every hand flatters a bid little (with one card
there is no play to flatter). Measured with ``examples/bot_strength.py
--deal N --span -1`` against the heuristic's bids, pair by pair over 2,400
pairs (seed 60000) of Wikipedia's deals of 1, 2 and 3 cards: +0.12 (0.05),
+0.33 (0.08) and +0.20 (0.10) points per deal."""

POLICIES: Final = ("greedy", "heuristic", "random")
"""The playout policies: ``greedy`` plays each world's cards by a fast rule
on the full state and bids as :class:`~pyclag.bots.HeuristicBot`;
``heuristic`` is the heuristic bot throughout; ``random`` plays at random."""

OBJECTIVES: Final = ("points", "game")
"""What :class:`PIMCBot` maximises: ``points``, its own mean points for the
deal; ``game``, its mean chance of winning the game after the deal
(:func:`pyclag.bots.standing.game_value`), which also counts what the deal
gives the players it must beat."""

OBJECTIVE: Final = "game"
""":class:`PIMCBot`'s objective by default. Over 300 whole 4-player Wikipedia
games (seed 1000, seat 0, against three heuristic bots) it won 62.0% (2.8)
with ``game`` (and ``bid_search=3``), 51.7% (2.9) with ``points``: +10.3
(2.9) games in 100, pair by pair (the bots page, sixth round)."""

_PLAY: Final = Phase.PLAY
_BID: Final = Phase.BID


def _in_endgame(view: Observation, endgame: int | None) -> bool:
    """Whether ``view``'s decision is searched exactly (``PIMCBot(endgame=)``)."""
    spec = view.spec
    return (
        endgame is not None
        and view.phase is _PLAY
        and view.hand is not None
        and len(view.hand) <= endgame
        and spec.play is PlayMode.HAND
        and spec.twos is None
    )


_DRAWN: Final = 2
"""Worlds drawn for each one searched (the better fits to the bids are kept)."""


def _misfit(world: GameState, seat: int) -> float:
    """How far ``seat``'s bid is from the tricks its whole hand in ``world``
    should take (:func:`pyclag.bots.odds.card_chances`, as its own seat sees it)."""
    rnd = world.round
    rules = rnd.setup.round_rules
    bid = rnd.bids[seat]
    if rules is None or bid is None:
        return 0.0
    view = observe(world, seat)
    expected = sum(card_chances(view, Hand(rnd.masks[seat] | view.played[seat]), rules))
    return (expected - bid) ** 2


class PIMCBot:
    """Chooses by perfect-information Monte Carlo over ``worlds`` sampled deals.

    * ``worlds``: the worlds drawn per decision (the simulation budget);
      every candidate is played out in each (common random numbers).
    * ``policy``: how the worlds are played out (:data:`POLICIES`).
    * ``seconds``: a time budget per decision, or ``None``; with one, fewer
      worlds may be used (at least 2), and the bot is no longer deterministic.
    * ``seed``: the seed of its own generator: with ``seconds=None`` the same
      seed and the same game give the same choices.
    * ``calls``: the RAF calls simulated, the best by the heuristic estimate
      of the 696 (§2.3, Decision 5).
    * ``fit``: ``None``, or the worlds fit what the opponents did, with the
      heuristic bot as their model (:mod:`pyclag.bots.inference`): in each,
      every opponent's hand makes the heuristic's bid its owner made, and all
      but ``fit`` of the cards it played (in the plain deals; the others as
      without it). By default 1: +2.23 (0.14) points per deal over the
      heuristic to +1.90 (0.14) without fitting, +0.33 (0.11) pair by pair
      over 2,400 pairs, at about twice the time a decision; ``fit=0`` costs
      three times as much again (a hand is drawn some 35 times for each that
      fits every play). A ``seconds`` budget bounds the playouts, not the fitting.
    * ``span``: the bids simulated, those within ``span`` of the heuristic's
      bid (``None``: every legal bid). By default 0: the bot bids as the
      heuristic does and searches its plays, because bids chosen by these
      playouts did worse than the heuristic's own (-0.70 (0.39) points per
      deal with greedy playouts, -0.33 (0.38) with heuristic ones, over 240
      deal-seat pairs): every world is played out with all hands known,
      which makes any bid look easier to make than it is.

    * ``endgame``: ``None``, or once the seat holds at most ``endgame`` cards
      (in a deal played from the hand, without wild twos), each candidate is
      scored in each world by an exact search of the rest of the deal
      (:func:`~pyclag.bots.playouts.endgame_points`): the seat plays its best line, every opponent
      as the heuristic bot would from its own observation of that world.
      By default 3 (:data:`ENDGAME`): +2.36 (0.14) points per deal over the
      heuristic to +2.24 (0.14) without it, +0.12 (0.04) pair by pair over
      2,400 pairs, at about 1.07 times the time a decision.
    * ``bid_search``: ``None``, or in deals of at most ``bid_search``
      cards every legal bid is searched, whatever ``span`` says. By default
      3 (:data:`BID_SEARCH`).
    * ``objective``: what a world's outcome is worth (:data:`OBJECTIVES`):
      ``game``, the default (:data:`OBJECTIVE`), the seat's chance of
      winning the game after the deal (:func:`pyclag.bots.standing.game_value`);
      ``points``, its own points for the deal.

    Every other setting and idea measured against this default (other
    playouts, bids by fitted models or by search, worlds weighed by the
    opponents' bids and cards, more worlds in the endgame, a deeper endgame,
    an endgame without strategy fusion) did not beat it;
    the bots page ("How strong they are") has their tables, and the ceiling a bot
    that sees every card reaches: +1.90 points per deal over the heuristic
    with greedy playouts, +4.00 with heuristic ones. Heuristic playouts over
    worlds that fit every bid and card exactly reach only about +2.2: most
    hidden cards stay unknown whatever the inference, so PIMC cannot close
    that gap.

    >>> PIMCBot(worlds=0)
    Traceback (most recent call last):
    pyclag.errors.RulesError: PIMCBot: worlds must be an int >= 1, not 0
    """

    def __init__(
        self,
        worlds: int = WORLDS,
        policy: str = "greedy",
        seconds: float | None = None,
        seed: object = 0,
        calls: int = 6,
        span: int | None = 0,
        fit: int | None = 1,
        endgame: int | None = ENDGAME,
        objective: str = OBJECTIVE,
        bid_search: int | None = BID_SEARCH,
    ) -> None:
        worlds, calls = (
            settings.count("PIMCBot", "worlds", worlds),
            settings.count("PIMCBot", "calls", calls),
        )
        span, fit = (
            settings.optional_count("PIMCBot", "span", span),
            settings.optional_count("PIMCBot", "fit", fit),
        )
        endgame = settings.optional_count("PIMCBot", "endgame", endgame)
        bid_search = settings.optional_count("PIMCBot", "bid_search", bid_search)
        policy = settings.choice("PIMCBot", "policy", policy, POLICIES)
        objective = settings.choice("PIMCBot", "objective", objective, OBJECTIVES)
        seconds = settings.seconds("PIMCBot", seconds)
        self.worlds, self.policy, self.seconds, self.calls = worlds, policy, seconds, calls
        self.span, self.fit, self.endgame, self.objective = span, fit, endgame, objective
        self.bid_search = bid_search
        self.known: tuple[object, ...] | None = None  # the deal the endgame cache is of
        self.replies: Replies = {}
        self.fitted = FittedWorlds(slack=fit or 0)
        self.rng = random.Random(str(seed))
        self.heuristic = HeuristicBot()

    def __repr__(self) -> str:
        return (
            f"PIMCBot(worlds={self.worlds}, policy={self.policy!r}, seconds={self.seconds}, "
            f"fit={self.fit}, endgame={self.endgame}, objective={self.objective!r})"
        )

    def choose(self, observation: Observation) -> PlayerAction:
        """The candidate with the best mean value over the worlds: the chance
        of winning the game after the deal, or (``objective="points"``) the
        seat's points for the deal.

        >>> import random, pyclag
        >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
        >>> view = pyclag.observe(state, 1)
        >>> str(view.hand), PIMCBot(worlds=8, seed=3).choose(view)
        ('7C 8D JD 6S QS', Bid(seat=1, tricks=2))
        """
        legal = legal_choices(observation, "PIMCBot")
        candidates = self._candidates(observation, legal)
        if len(candidates) == 1:
            return candidates[0]
        seat, this_round = observation.seat, len(observation.history)
        path = self._endgame_path(observation)
        value: DealValue | None = None
        if self.objective == "game":
            value = game_value(observation)
        totals = [0.0] * len(candidates)
        start = time.perf_counter()
        for world, guess in enumerate(self.sample_worlds(observation)):
            if (
                self.seconds is not None
                and world >= 2
                and time.perf_counter() - start > self.seconds
            ):
                break
            playout_seed = self.rng.random()
            for number, action in enumerate(candidates):
                after = apply(guess, action)
                if path is not None and isinstance(action, Play):
                    played = (*path, action.card.index)
                    totals[number] += endgame_points(
                        after, seat, this_round, played, self.replies, value
                    )
                    continue
                rng = random.Random(playout_seed)  # the same playout luck for every candidate
                points = self._points(after, rng, this_round)
                totals[number] += points[seat] if value is None else value(points)
        return candidates[max(range(len(candidates)), key=lambda number: totals[number])]

    def sample_worlds(self, view: Observation) -> list[GameState]:
        """The worlds to search for a decision seen as ``view``: twice as many
        drawn as used, keeping those in which the bids already made fit the
        hands best (as a heuristic bot would have bid them); with ``fit``, in
        the plain deals, worlds that fit every opponent's bid exactly and all
        but ``fit`` of its plays (:class:`~pyclag.bots.inference.FittedWorlds`,
        kept from one decision of a deal to the next). A subclass may
        search other worlds by overriding it (``examples/bot_strength.py``'s
        oracle searches the true deal).

        >>> import random, pyclag
        >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([5]), 3), rng=random.Random(1))
        >>> worlds = PIMCBot(worlds=4).sample_worlds(pyclag.observe(state, 1))
        >>> len(worlds), all(world.round.masks[1] == state.round.masks[1] for world in worlds)
        (4, True)

        With ``fit``, in every world each opponent's hand makes the bid its
        owner made as the heuristic bot would (no misfit):

        >>> from pyclag.bots import HeuristicBot
        >>> from pyclag.bots.inference import Evidence
        >>> for _ in range(2):
        ...     state = pyclag.apply(state, HeuristicBot().choose(pyclag.observe(state, state.round.to_act)))
        >>> view = pyclag.observe(state, 0)
        >>> view.bids, [Evidence(view).misfits(2, world.round.masks[2]) for world in PIMCBot(worlds=3, fit=0).sample_worlds(view)]
        ((None, 2, 1), [0, 0, 0])
        """
        if self.fit is not None and applies(view):
            return self.fitted.draw(view, self.rng, self.worlds)
        drawn = [determinize(view, self.rng) for _ in range(self.worlds * _DRAWN)]
        bidders = [
            seat
            for seat, bid in enumerate(view.bids)
            if seat != view.seat and bid is not None and view.spec.has_bids
        ]
        if not bidders or view.hand is None:
            return drawn[: self.worlds]
        fit = [sum(_misfit(world, seat) for seat in bidders) for world in drawn]
        ranked = sorted(range(len(drawn)), key=lambda number: fit[number])
        return [drawn[number] for number in sorted(ranked[: self.worlds])]

    def _endgame_path(self, view: Observation) -> tuple[int, ...] | None:
        """The cards played so far in the deal, if ``view``'s decision is
        searched to the end (``endgame``); the cache of the opponents' replies
        is kept for the rest of the deal (the same public facts, the same
        replies), and emptied for the next."""
        if not _in_endgame(view, self.endgame):
            return None
        deal = (view.rules, view.history, view.setup, view.bids)
        if deal != self.known:
            self.known, self.replies = deal, {}
        plays = [play for trick in view.tricks for play in trick.plays]
        plays += view.trick
        return tuple(play.card.index for play in plays)

    def _candidates(
        self, view: Observation, legal: Sequence[PlayerAction]
    ) -> Sequence[PlayerAction]:
        """Every legal action, but only the heuristic's best few RAF calls, and
        the bids within ``span`` of the heuristic's bid (every bid in the
        deals of at most ``bid_search`` cards)."""
        bids = [action for action in legal if isinstance(action, Bid)]
        if bids and self.span is not None and view.hand_size > (self.bid_search or 0):
            mine = self.heuristic.choose(view)
            if isinstance(mine, Bid):
                near = [bid for bid in bids if abs(bid.tricks - mine.tricks) <= self.span]
                return near or bids
        calls = [action for action in legal if isinstance(action, Call)]
        if len(calls) <= self.calls:
            return legal
        values = call_values(view, calls)
        ranked = sorted(range(len(calls)), key=lambda number: -values[number])
        return [calls[number] for number in sorted(ranked[: self.calls])]

    def _points(self, state: GameState, rng: random.Random, this_round: int) -> tuple[int, ...]:
        """The points of deal ``this_round`` played out from ``state`` with the
        playout policy: the random one is :func:`pyclag.rollouts`' (the same
        random playout, without a state per step)."""
        if len(state.history) > this_round:  # the action ended the deal
            return state.history[this_round].points
        if self.policy == "random":
            return rollouts(state, 1, rng)[0]
        return self._play_out(state, rng, this_round).history[this_round].points

    def _play_out(self, state: GameState, rng: random.Random, this_round: int) -> GameState:
        """Play the world out to the end of the deal with the playout policy."""
        policy = self.policy  # greedy or heuristic: the random policy rolls out (_points)
        chooser = self.heuristic
        while len(state.history) <= this_round and not is_over(state):
            rnd = state.round
            seat = rnd.to_act
            if type(seat) is not int:
                state = apply(state, sample_chance(state, rng))
                continue
            if rnd.phase is _PLAY:
                legal = play_mask(rnd, seat)
                if not legal & (legal - 1) and not (
                    rnd.setup.played.twos is not None and legal & TWOS
                ):
                    # one legal card: what every policy plays, without asking one
                    state = play_card(state, rnd, seat, DECK[legal.bit_length() - 1], None)
                    continue
                if policy == "greedy":
                    play = greedy_play(state, seat)
                    if play is not None:
                        state = play_card(state, rnd, seat, play.card, None)
                        continue
            action = chooser.choose(observe(state, seat))
            if isinstance(action, Bid) and rnd.phase is _BID:
                state = bid_tricks(state, rnd, seat, action.tricks)
            else:
                state = apply(state, action)
        return state
