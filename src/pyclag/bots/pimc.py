"""A search bot: perfect-information Monte Carlo (PIMC).

For each decision :class:`PIMCBot` draws ``worlds`` full game states its
seat cannot tell from the real one (:func:`pyclag.determinize`), tries each
candidate action in every world, plays the deal out there with fast playout
bots, and takes the action with the best mean points for the deal, bids
included. It sees only its observation: the worlds are its guesses.

>>> import random, pyclag
>>> from pyclag.bots import HeuristicBot, play_game
>>> bots = [PIMCBot(seed=1), HeuristicBot(), HeuristicBot()]
>>> end = play_game(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), bots, random.Random(2))
>>> end.history[0].bids, end.scores
((2, 2, 0), (0, 14, 10))
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Final

from pyclag.actions import Bid, Call, Play, PlayerAction
from pyclag.bots import HeuristicBot, heuristic, legal_choices
from pyclag.bots.heuristic import call_values
from pyclag.bots.inference import FittedWorlds, applies
from pyclag.bots.odds import beaters, card_chances
from pyclag.cards import DECK, Card, Rank, Suit
from pyclag.checks import not_a
from pyclag.decisions import BID_TRICKS, PLAY_CARD
from pyclag.engine import apply, is_over, sample_chance, wrong_phase_error
from pyclag.errors import RulesError
from pyclag.hand import Hand, cards_of
from pyclag.playout import rollouts
from pyclag.plays import play_mask
from pyclag.rules.deals import Bidding, PlayMode
from pyclag.rules.play import best_play, play_strength
from pyclag.rules.round import RoundRules
from pyclag.sampling import determinize
from pyclag.scoring.schemes import MostTricks
from pyclag.state import GameState, Phase, RoundState
from pyclag.views import Observation, observe

__all__ = [
    "ENDGAME",
    "POLICIES",
    "WORLDS",
    "PIMCBot",
    "card_suit_mask",
    "endgame_points",
    "greedy_play",
]

WORLDS: Final = 48
"""The worlds searched per decision by default. Measured with
``examples/bot_strength.py`` (plays searched, bids the heuristic's; 240
deal-seat pairs, seed 5000): 24 worlds +1.60 (0.46) points per deal over the
heuristic bot, 48 worlds +2.23 (0.44), 96 worlds +2.29 (0.42)."""

ENDGAME: Final = 3
"""The cards left in the seat's hand from which :class:`PIMCBot` searches the
rest of the deal exactly, by default (:func:`endgame_points`). Measured with
``examples/bot_strength.py`` against the same bot without it, pair by pair:
+0.03 (0.07) points per deal over 400 pairs (seed 9000), +0.12 (0.04) over
2,400 fresh pairs (seed 20000). Deeper, against 3 on those 2,400 pairs: 4
+0.04 (0.05) at about 1.12 times the time a decision, 5 +0.12 (0.08) at 1.85
times (the bots page, fifth round)."""

POLICIES: Final = ("greedy", "heuristic", "random")
"""The playout policies: ``greedy`` plays each world's cards by a fast rule
on the full state and bids as :class:`~pyclag.bots.HeuristicBot`;
``heuristic`` is the heuristic bot throughout; ``random`` plays at random."""

_PLAY: Final = Phase.PLAY
_BID: Final = Phase.BID


def greedy_play(state: GameState, seat: int) -> Play | None:
    """A fast playout card for ``seat`` in a world where every hand is known.
    While it wants tricks it plays the cheapest card no later player can beat
    (else its weakest card); once its bid is made, the strongest card some
    player beats (else its weakest). ``None`` where a wild two would need a
    declaration (the heuristic bot plays those).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(0))
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 1), 1), 0)
    >>> str(state.round.hands[1]), greedy_play(state, 1).card
    ('7C 4H 4S', Card(Suit.HEARTS, Rank.FOUR))
    """
    rnd = state.round
    legal = play_mask(rnd, seat)
    if rnd.setup.played.twos is not None and legal & _TWOS:
        return None
    rules = rnd.setup.round_rules
    cards = cards_of(legal)
    if rules is None:
        return Play(seat, cards[0])
    trick = rnd.trick
    players = rnd.setup.players
    later = [rnd.masks[(seat + step) % players] for step in range(1, players - len(trick))]
    tables, table_of = rules.tables, beaters(rules)
    led = trick[0].effective if trick else None  # the suit led is this card's suit
    best = -1
    if led is not None:
        best = play_strength(best_play(trick, rules), tables[led.suit.value])

    def wins(card: Card) -> bool:
        index = card.index
        suit = index // 13 if led is None else led.index // 13  # a suit's value
        if tables[suit][index] <= best:
            return False
        follow, other = table_of[suit][index]
        either = follow | other
        suit_mask = card.suit_mask if led is None else led.suit_mask
        for held in later:  # each follows suit if it can (§1.8)
            if held & suit_mask:
                if held & follow:
                    return False
            elif held & either:
                return False
        return True

    def weight(card: Card) -> int:  # its strength led: a trump above any plain card
        index = card.index
        return tables[index // 13][index]

    if _wants(rnd, seat, rules):
        sure = [card for card in cards if wins(card)]
        return Play(seat, min(sure or cards, key=weight))
    losing = [card for card in cards if not wins(card)]
    return Play(seat, max(losing, key=weight) if losing else min(cards, key=weight))


def card_suit_mask(suit: Suit) -> int:
    """The mask of a whole suit.

    >>> card_suit_mask(Suit.CLUBS) == (1 << 13) - 1
    True
    """
    return DECK[suit.value * 13].suit_mask


def _wants(rnd: RoundState, seat: int, rules: RoundRules) -> bool:
    """Whether ``seat`` still wants tricks: always in Most Tricks, never in
    misère, until its bid is made, and again once past it (nothing to lose)."""
    if isinstance(rules.scoring, MostTricks):
        return True
    if rnd.setup.played.bidding is Bidding.FORCED_ZERO:
        return False
    bid, won = rnd.bids[seat], rnd.tricks_won[seat]
    return bid is None or won != bid


def endgame_points(
    state: GameState,
    seat: int,
    this_round: int,
    path: tuple[int, ...],
    cache: dict[tuple[int, int, tuple[int, ...]], Card],
) -> int:
    """The most points ``seat`` can make in deal ``this_round`` from ``state``
    (its play phase, the deal played from the hand, no wild twos) if every
    other seat plays as :class:`~pyclag.bots.HeuristicBot` would from its own
    observation of ``state``: an exact search of ``seat``'s lines. ``path``
    is the indices of the cards played so far in the deal, in order; with the
    deal's public facts it is what the table has seen, so ``cache`` keeps an
    opponent's card by its seat, its hand's mask and ``path`` (one cache per
    deal and seat; the caller keeps it).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 3), rng=random.Random(0))
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 1), 0), 0)
    >>> [str(hand) for hand in state.round.hands], state.round.bids
    (['9C 8S', '4H 4S', 'AC AH'], (0, 1, 0))
    >>> [endgame_points(state, seat, 0, (), {}) for seat in range(3)]
    [10, 0, 0]

    Clubs are trumps (the 7C turned up): seat 2's ace of trumps takes a trick
    whatever it does, and seat 1's fours take none.
    """
    if len(state.history) > this_round:  # the deal is over
        return state.history[this_round].points[seat]
    rnd = state.round
    actor = rnd.to_act
    if not isinstance(actor, int) or rnd.phase is not _PLAY:
        raise wrong_phase_error(state, "endgame_points", _PLAY)
    if rnd.setup.played.twos is not None:  # a two would need its declaration searched too
        raise RulesError(
            f"endgame_points: a deal with wild twos is not searched ({rnd.setup.played.label})"
        )
    legal = play_mask(rnd, actor)
    if actor == seat:  # its own best line
        return max(
            endgame_points(
                PLAY_CARD(state, rnd, seat, card, None),
                seat,
                this_round,
                (*path, card.index),
                cache,
            )
            for card in cards_of(legal)
        )
    if legal & (legal - 1):
        key = (actor, rnd.masks[actor], path)
        card = cache.get(key)
        if card is None:
            view = observe(state, actor)
            action = heuristic.choose(view, view.legal)
            if not isinstance(action, Play):  # a wild two's declaration: not searched
                raise RulesError(f"endgame_points: {action} is no plain card to search")
            card = cache[key] = action.card
    else:  # one legal card
        card = DECK[legal.bit_length() - 1]
    after = PLAY_CARD(state, rnd, actor, card, None)
    return endgame_points(after, seat, this_round, (*path, card.index), cache)


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


_TWOS: Final = sum(card.mask for card in DECK if card.rank is Rank.TWO)


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
      (:func:`endgame_points`): the seat plays its best line, every opponent
      as the heuristic bot would from its own observation of that world.
      By default 3 (:data:`ENDGAME`): +2.36 (0.14) points per deal over the
      heuristic to +2.24 (0.14) without it, +0.12 (0.04) pair by pair over
      2,400 pairs, at about 1.07 times the time a decision.

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
    ) -> None:
        for name, given in (("span", span), ("fit", fit), ("endgame", endgame)):
            if given is not None and (
                isinstance(given, bool) or not isinstance(given, int) or given < 0
            ):
                raise RulesError(f"PIMCBot: {name} must be None or an int >= 0, not {given!r}")
        for name, value in (("worlds", worlds), ("calls", calls)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise not_a("PIMCBot", name, "an int >= 1", value)
            if value < 1:
                raise RulesError(f"PIMCBot: {name} must be an int >= 1, not {value!r}")
        if policy not in POLICIES:
            raise RulesError(
                f"PIMCBot: policy must be one of {', '.join(POLICIES)}, not {policy!r}"
            )
        if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
            raise RulesError(f"PIMCBot: seconds must be None or a number > 0, not {seconds!r}")
        self.worlds, self.policy, self.seconds, self.calls = worlds, policy, seconds, calls
        self.span, self.fit, self.endgame = span, fit, endgame
        self.known: tuple[object, ...] | None = None  # the deal the endgame cache is of
        self.replies: dict[tuple[int, int, tuple[int, ...]], Card] = {}
        self.fitted = FittedWorlds(slack=fit or 0)
        self.rng = random.Random(str(seed))
        self.heuristic = HeuristicBot()

    def __repr__(self) -> str:
        return (
            f"PIMCBot(worlds={self.worlds}, policy={self.policy!r}, seconds={self.seconds}, "
            f"fit={self.fit}, endgame={self.endgame})"
        )

    def choose(self, observation: Observation) -> PlayerAction:
        """The candidate with the best mean points for the deal over the worlds.

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
                    totals[number] += endgame_points(after, seat, this_round, played, self.replies)
                    continue
                rng = random.Random(playout_seed)  # the same playout luck for every candidate
                totals[number] += self._points(after, rng, this_round)[seat]
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
        the bids within ``span`` of the heuristic's bid."""
        bids = [action for action in legal if isinstance(action, Bid)]
        if bids and self.span is not None:
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
                    rnd.setup.played.twos is not None and legal & _TWOS
                ):
                    # one legal card: what every policy plays, without asking one
                    state = PLAY_CARD(state, rnd, seat, DECK[legal.bit_length() - 1], None)
                    continue
                if policy == "greedy":
                    play = greedy_play(state, seat)
                    if play is not None:
                        state = PLAY_CARD(state, rnd, seat, play.card, None)
                        continue
            action = chooser.choose(observe(state, seat))
            if isinstance(action, Bid) and rnd.phase is _BID:
                state = BID_TRICKS(state, rnd, seat, action.tricks)
            else:
                state = apply(state, action)
        return state
