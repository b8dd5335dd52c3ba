"""The fast players of :class:`~pyclag.bots.pimc.PIMCBot`'s worlds, where
every hand is known: the greedy playout card, and the exact endgame search
with the opponents as the heuristic bot.

>>> import random, pyclag
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 3), rng=random.Random(0))
>>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 1), 0), 0)
>>> greedy_play(state, 1).card, endgame_points(state, 2, 0, (), {})
(Card(Suit.HEARTS, Rank.FOUR), 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, overload

from pyclag.actions import Play
from pyclag.bots import _settings as settings
from pyclag.bots import heuristic
from pyclag.bots.odds import beaters
from pyclag.cards import DECK, Card, Suit
from pyclag.engine import apply, legal_actions, rollouts
from pyclag.engine.rounds import play_card, play_mask, wrong_phase_error
from pyclag.engine.state import GameState, Phase, RoundState
from pyclag.errors import RulesError
from pyclag.hand import cards_of
from pyclag.rules.deals import Bidding
from pyclag.rules.play import TWOS, best_play, first_strongest, follow_suit, play_strength
from pyclag.rules.round import RoundRules
from pyclag.scoring.schemes import MostTricks
from pyclag.views import observe

__all__ = [
    "WANDER",
    "DealValue",
    "Replies",
    "bid_playout",
    "card_suit_mask",
    "endgame_points",
    "greedy_play",
]

WANDER: Final = 0.2
"""The share of :func:`bid_playout`'s cards played at random (the research
notes' ninth round measured it)."""

_PLAY: Final = Phase.PLAY
_BID: Final = Phase.BID

Replies = dict[tuple[int, int, tuple[int, ...]], Card]
"""The opponents' cards in an endgame search, by seat, hand mask and the
cards played so far in the deal (:func:`endgame_points`' cache)."""

DealValue = Callable[[tuple[int, ...]], float]
"""What an outcome of a deal is worth to the searching seat, given the points
every seat took in it (:func:`pyclag.bots.standing.game_value`)."""


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
    if rnd.setup.played.twos is not None and legal & TWOS:
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


def bid_playout(state: GameState, rng: random.Random, wander: float = WANDER) -> tuple[int, ...]:
    """The points by seat of one continuation of the current deal from
    ``state`` in which every seat plays toward its bid, seeing only its own
    hand and the trick: while it has taken fewer tricks than it bid it leads
    its strongest card and plays the cheapest card that beats the trick, else
    its weakest; otherwise it leads its weakest card and plays the strongest
    card that does not beat the trick, else its strongest. A share ``wander`` of the cards are legal
    cards drawn at random, and the bids still to be made are drawn at random.
    Where the deal is not played from the hand so (wild twos, no bids, chance
    still to come), the continuation is :func:`pyclag.rollouts`' random one.

    >>> import pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([7]), 4), rng=random.Random(1))
    >>> rng = random.Random(2)
    >>> [bid_playout(state, rng) for _ in range(3)]
    [(0, 0, 0, 0), (0, 0, 12, 0), (0, 0, 0, 0)]
    >>> bid_playout(state, rng, wander=1.5)
    Traceback (most recent call last):
    pyclag.errors.RulesError: bid_playout: wander must be a number in 0..1, not 1.5
    """
    if settings.number("bid_playout", "wander", wander) > 1:
        raise RulesError(f"bid_playout: wander must be a number in 0..1, not {wander!r}")
    this_round = len(state.history)
    while state.round.phase is _BID and isinstance(state.round.to_act, int):
        choices = legal_actions(state)
        state = apply(state, choices[int(rng.random() * len(choices))])
    if len(state.history) > this_round:
        return state.history[this_round].points
    rnd = state.round
    setup, seat = rnd.setup, rnd.to_act
    rules = setup.round_rules
    bids = [bid for bid in rnd.bids if bid is not None]
    if (
        rnd.phase is not _PLAY
        or not isinstance(seat, int)
        or rules is None
        or setup.played.twos is not None
        or len(bids) != setup.players
    ):
        return rollouts(state, 1, rng)[0]
    players, tables = setup.players, rules.tables
    masks, won = list(rnd.masks), list(rnd.tricks_won)
    winners = [done.winner for done in rnd.tricks]
    trick = [play.card.index for play in rnd.trick]
    first = rnd.trick[0].seat if trick else seat
    while True:
        led = DECK[trick[0]].suit_mask if trick else 0
        table = tables[trick[0] // 13] if trick else None
        strengths = [table[card] for card in trick] if table is not None else []
        for step in range(len(trick), players):
            seat = (first + step) % players
            legal = follow_suit(masks[seat], led)
            wants = won[seat] < bids[seat]
            card = _card_to_bid(legal, wants, table, strengths, tables, rng, wander)
            masks[seat] ^= 1 << card
            if table is None:  # the lead names the table
                led, table = DECK[card].suit_mask, tables[card // 13]
            trick.append(card)
            strengths.append(table[card])
        leader = (first + first_strongest(strengths)) % players
        winners.append(leader)
        won[leader] += 1
        if len(winners) == setup.hand_size:
            return rules.scoring.points(rnd.bids, winners)
        first, trick = leader, []


def _card_to_bid(
    legal: int,
    wants: bool,
    table: tuple[int, ...] | None,
    strengths: list[int],
    tables: tuple[tuple[int, ...], ...],
    rng: random.Random,
    wander: float,
) -> int:
    """:func:`bid_playout`'s card (an index) among the cards of ``legal``: on
    the lead (``table`` None) by each card's strength in its own suit, else by
    ``table``, the strengths of the suit led, against the trick's
    ``strengths``."""
    options = [card.index for card in cards_of(legal)]
    if len(options) == 1 or rng.random() < wander:
        return options[int(rng.random() * len(options))]
    if table is None:
        ranked = sorted(options, key=lambda index: tables[index // 13][index])
        return ranked[-1] if wants else ranked[0]
    top = max(strengths)
    ranked = sorted(options, key=lambda index: (table[index], tables[index // 13][index]))
    if wants:
        return next((index for index in ranked if table[index] > top), ranked[0])
    below = [index for index in ranked if table[index] < top]
    return below[-1] if below else ranked[-1]


def card_suit_mask(suit: Suit) -> int:
    """The mask of a whole suit.

    >>> card_suit_mask(Suit.CLUBS) == (1 << 13) - 1
    True
    """
    return suit.mask


def _wants(rnd: RoundState, seat: int, rules: RoundRules) -> bool:
    """Whether ``seat`` still wants tricks: always in Most Tricks, never in
    misère, until its bid is made, and again once past it (nothing to lose)."""
    if isinstance(rules.scoring, MostTricks):
        return True
    if rnd.setup.played.bidding is Bidding.FORCED_ZERO:
        return False
    bid, won = rnd.bids[seat], rnd.tricks_won[seat]
    return bid is None or won != bid


@overload
def endgame_points(
    state: GameState,
    seat: int,
    this_round: int,
    path: tuple[int, ...],
    cache: Replies,
    value: None = None,
) -> int: ...


@overload
def endgame_points(
    state: GameState,
    seat: int,
    this_round: int,
    path: tuple[int, ...],
    cache: Replies,
    value: DealValue,
) -> float: ...


def endgame_points(
    state: GameState,
    seat: int,
    this_round: int,
    path: tuple[int, ...],
    cache: Replies,
    value: DealValue | None = None,
) -> float:
    """The most points ``seat`` can make in deal ``this_round`` from ``state``
    (its play phase, the deal played from the hand, no wild twos) if every
    other seat plays as :class:`~pyclag.bots.HeuristicBot` would from its own
    observation of ``state``: an exact search of ``seat``'s lines. ``path``
    is the indices of the cards played so far in the deal, in order; with the
    deal's public facts it is what the table has seen, so ``cache`` keeps an
    opponent's card by its seat, its hand's mask and ``path`` (one cache per
    deal and seat; the caller keeps it). With ``value``, the seat's line
    is the one of most value, and the value is returned, not the points.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 3), rng=random.Random(0))
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 1), 0), 0)
    >>> [str(hand) for hand in state.round.hands], state.round.bids
    (['9C 8S', '4H 4S', 'AC AH'], (0, 1, 0))
    >>> [endgame_points(state, seat, 0, (), {}) for seat in range(3)]
    [10, 0, 0]

    Clubs are trumps (the 7C turned up): seat 2's ace of trumps takes a trick
    whatever it does, and seat 1's fours take none. With its own points
    counted against it, seat 0's best line takes a trick and misses its 0:

    >>> endgame_points(state, 0, 0, (), {}, lambda points: -points[0])
    0
    """
    if len(state.history) > this_round:  # the deal is over
        points = state.history[this_round].points
        return points[seat] if value is None else value(points)
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
                play_card(state, rnd, seat, card, None),
                seat,
                this_round,
                (*path, card.index),
                cache,
                value,
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
    after = play_card(state, rnd, actor, card, None)
    return endgame_points(after, seat, this_round, (*path, card.index), cache, value)
