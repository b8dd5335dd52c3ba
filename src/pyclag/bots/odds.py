"""The heuristic bot's arithmetic: the chance that a card wins a trick, the
spread of the tricks a hand takes, and what a bid is worth.

A card is beaten by a stronger card of the suit led, which any opponent may
hold, or by a stronger card of another suit (a trump, a higher suit under a
precedence), which only an opponent void in the suit led may play: having a
trump never excuses a player from following suit (RULES.md §1.8). Each
opponent is dealt its cards at random from the cards this seat has not seen,
less those it has shown it cannot hold (a suit it failed to follow).

>>> import random, pyclag
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([7]), 4), rng=random.Random(3))
>>> view = pyclag.observe(state, 1)
>>> str(view.hand), view.trump
('7C KC 2D KD 5H QH TS', <Suit.SPADES: 3>)
>>> [round(p, 2) for p in card_chances(view, view.hand, view.round_rules)]
[0.0, 0.4, 0.0, 0.4, 0.0, 0.21, 0.12]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from pyclag._caches import bounded
from pyclag.cards import DECK, Card, Rank, Suit
from pyclag.hand import Hand
from pyclag.rules.play import shown_voids
from pyclag.rules.round import RoundRules
from pyclag.scoring.schemes import ContractScoring, Scoring
from pyclag.views import Observation

__all__ = [
    "Opponent",
    "beaters",
    "best_bid",
    "card_chances",
    "deal_value",
    "later_opponents",
    "lean",
    "opponents",
    "points",
    "stronger",
    "trick_spread",
    "win_chance",
]

Opponent = tuple[int, int]
"""An opponent as the odds see it: the cards it holds, and the mask of the
unseen cards it may hold."""

_WILD_CHANCE = 0.9
"""A wild two stands for the best card still free (§2.0 TWOS_WILD): nearly a sure trick."""


def opponents(view: Observation) -> dict[int, Opponent]:
    """Each other seat's cards held and the unseen cards it may hold.

    >>> import random, pyclag
    >>> view = pyclag.observe(pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(1)), 0)
    >>> {seat: (size, mask.bit_count()) for seat, (size, mask) in opponents(view).items()}
    {1: (3, 48), 2: (3, 48)}
    """
    plays = [trick.plays for trick in view.tricks]
    plays.append(view.trick)
    voids = shown_voids(view.setup.played.twos, plays, view.players)
    unseen = view.unseen
    return {
        seat: (view.hand_sizes[seat], unseen & ~voids[seat])
        for seat in range(view.players)
        if seat != view.seat
    }


def later_opponents(view: Observation, table: dict[int, Opponent]) -> list[Opponent]:
    """The opponents still to play to the trick in progress (all of them to a lead).

    >>> import random, pyclag
    >>> view = pyclag.observe(pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(1)), 0)
    >>> len(later_opponents(view, opponents(view)))
    2
    """
    done = {play.seat for play in view.trick}
    return [held for seat, held in table.items() if seat not in done]


def _none_of(pool: int, bad: int, count: int) -> float:
    """The chance that ``count`` cards drawn from ``pool`` cards miss ``bad`` of them."""
    if count <= 0 or bad <= 0:
        return 1.0
    if count > pool - bad:
        return 0.0
    return math.comb(pool - bad, count) / math.comb(pool, count)


# Keyed by a card, a led suit and a RoundRules: 52 x 4 per kind of round.
@bounded(8192)
def stronger(card: Card, led: Suit, rules: RoundRules) -> tuple[int, int]:
    """The cards that beat ``card`` in a trick led in ``led``: those of the
    suit led, and the others (trumps, higher suits), as masks.

    >>> from pyclag.hand import Hand
    >>> from pyclag.scoring.schemes import F1
    >>> follow, other = stronger(Card.parse("QS"), Suit.SPADES, RoundRules(Suit.HEARTS, F1))
    >>> str(Hand(follow)), Hand(other).mask.bit_count()
    ('KS AS', 13)
    """
    table = rules.strength(led)
    mine = table[card.index]
    beaters = sum(other.mask for other in DECK if table[other.index] > mine)
    suit = led.mask
    return beaters & suit, beaters & ~suit


def _holds(pool: int, suit: int, count: int, least: int, without: int = 0) -> float:
    """The chance that ``count`` cards drawn from ``pool`` hold exactly ``least``
    of the ``suit`` cards there, none of ``without`` of them."""
    if least > suit - without or count - least > pool - suit or least < 0:
        return 0.0
    return (
        math.comb(suit - without, least)
        * math.comb(pool - suit, count - least)
        / math.comb(pool, count)
    )


def win_chance(
    card: Card, led: Suit, rules: RoundRules, later: Sequence[Opponent], rounds: int = 1
) -> float:
    """The chance that ``card``, played to a trick led in ``led`` (a wild two
    as the card it names), beats every card the ``later`` opponents may play:
    each follows suit with a stronger card if it holds one, or, void in the
    suit led, plays a stronger card of another suit. A card led the
    ``rounds``-th time its suit is led finds an opponent void unless it holds
    that many cards of the suit, and its stronger cards still there only then.

    >>> from pyclag.scoring.schemes import F1
    >>> rules = RoundRules(Suit.HEARTS, F1)
    >>> ace = Card.parse("AS")
    >>> unseen = (1 << 52) - 1 - ace.mask
    >>> round(win_chance(ace, Suit.SPADES, rules, [(7, unseen)] * 3), 2)  # three opponents may ruff
    0.66
    >>> round(win_chance(ace, Suit.SPADES, rules, [(7, unseen)] * 3, rounds=3), 2)  # the third round
    0.02
    """
    led_value = led.value
    follow, other = beaters(rules)[led_value][card.index]
    return _win(follow, other, _SUIT_MASKS[led_value], later, rounds)


def _win(follow: int, other: int, suit: int, later: Sequence[Opponent], rounds: int) -> float:
    """:func:`win_chance` by the masks of the cards that beat the card (of the
    suit led ``suit``, and of the others)."""
    chance = 1.0
    last: Opponent | None = None
    unbeaten = 1.0
    for held in later:
        if held != last:  # opponents who may hold the same cards (as at the bids) count once
            last = held
            count, pool = held
            cards = pool.bit_count()
            count = min(count, cards)
            if not count:
                unbeaten = 1.0
                continue
            led_cards = (suit & pool).bit_count()
            beaters = (follow & pool).bit_count()
            overs = (other & pool).bit_count()
            unbeaten = _unbeaten(cards, led_cards, beaters, overs, count, rounds)
        chance *= unbeaten
    return chance


# Keyed by six counts below 53: the search bot's playouts ask the same few thousand.
@bounded(65536)
def _unbeaten(
    cards: int, led_cards: int, beaters: int, overs: int, count: int, rounds: int
) -> float:
    """The chance that one opponent holding ``count`` of ``cards`` unseen cards
    (``led_cards`` of the suit led, ``beaters`` of them stronger, ``overs``
    stronger cards of other suits) does not beat the card (:func:`win_chance`).

    >>> _unbeaten(39, 12, 1, 13, 13, 1) < 1.0
    True
    """
    beaten = 0.0
    for least in range(count + 1):
        holding = _holds(cards, led_cards, count, least)
        if not holding:
            continue
        if least >= rounds:  # still following: beaten by a stronger card of the suit
            plain = _holds(cards, led_cards, count, least, beaters)
            beaten += holding - plain
        else:  # out of the suit: beaten by a stronger card of another suit
            beaten += holding * (1.0 - _none_of(cards - led_cards, overs, count - least))
    return max(0.0, 1.0 - beaten)


def card_chances(view: Observation, hand: Hand, rules: RoundRules) -> list[float]:
    """Each card's chance of taking a trick, led by this seat into all the
    opponents; a short side suit lets the small trumps ruff (§1.8), and a
    wild two is nearly sure (§2.0 TWOS_WILD). In hand order.

    >>> import random, pyclag
    >>> view = pyclag.observe(pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 4), rng=random.Random(8)), 0)
    >>> str(view.hand), [round(p, 2) for p in card_chances(view, view.hand, view.round_rules)]
    ('KC 6D', [0.27, 0.06])
    """
    later = list(opponents(view).values())
    wild = view.spec.twos is not None
    table = beaters(rules)
    mask = hand.mask
    chances = []
    for card in hand:
        if wild and card.rank is Rank.TWO:
            chances.append(_WILD_CHANCE)
            continue
        follow, other = table[card.index // 13][card.index]  # led in its own suit
        # The card is led the n-th time its suit is: n - 1 stronger ones of it held here.
        place = 1 + (mask & follow).bit_count()
        chances.append(_win(follow, other, card.suit_mask, later, place))
    trump = rules.trump
    if trump is None or len(hand) < 3:
        return chances
    # Small trumps win by ruffing a suit this hand is short in, once it is led.
    lengths = [(mask & suit).bit_count() for suit in _SUIT_MASKS]
    short = sum(
        1.0 if not lengths[suit.value] else 0.5 if lengths[suit.value] == 1 else 0.0
        for suit in Suit
        if suit is not trump
    )
    small = [i for i, card in enumerate(hand) if card.suit is trump and chances[i] < 0.5]
    for i in small[: int(short + 0.5)]:
        chances[i] = max(chances[i], 0.5)
    return chances


_SUIT_MASKS: Final = tuple(suit.mask for suit in Suit)


# Keyed by the very RoundRules last passed (one per kind of round): a table of 4 x 52.
@bounded(64, same_arguments=True)
def beaters(rules: RoundRules) -> tuple[tuple[tuple[int, int], ...], ...]:
    """:func:`stronger` of every card (by index) in a trick led in each suit
    (by value), under ``rules``: one look-up, not one hash of the rules a card.

    >>> from pyclag.scoring.schemes import F1
    >>> rules = RoundRules(Suit.HEARTS, F1)
    >>> beaters(rules)[Suit.SPADES.value][Card.parse("QS").index] == stronger(Card.parse("QS"), Suit.SPADES, rules)
    True
    """
    return tuple(tuple(stronger(card, led, rules) for card in DECK) for led in Suit)


def lean(chances: Sequence[float], target: float) -> list[float]:
    """``chances`` raised or lowered alike (each ``c`` to ``1 - (1 - c) ** a``)
    until they add up to about ``target``; sure and hopeless cards stay so.

    >>> round(sum(lean([0.2, 0.5, 0.9], 2.0)), 2)
    2.0
    """
    low, high = 1 / 16, 16.0
    bent = list(chances)
    for _ in range(24):
        power = (low * high) ** 0.5
        bent = [1 - (1 - chance) ** power for chance in chances]
        if sum(bent) < target:
            low = power
        else:
            high = power
    return bent


def trick_spread(chances: Sequence[float]) -> list[float]:
    """The chance of taking exactly 0, 1, 2, ... tricks, each card winning
    on its own chance (a Poisson binomial distribution).

    >>> [round(p, 2) for p in trick_spread([1.0, 0.5])]
    [0.0, 0.5, 0.5]
    """
    spread = [1.0]
    for chance in chances:
        miss = 1 - chance
        # t tricks: t of the cards before won and this one loses, or t - 1 and it wins.
        spread = [
            spread[0] * miss,
            *[
                held * miss + fewer * chance
                for held, fewer in zip(spread[1:], spread[:-1], strict=True)
            ],
            spread[-1] * chance,
        ]
    return spread


def points(scoring: Scoring, bid: int, spread: Sequence[float]) -> float:
    """The points a bid of ``bid`` should score given the ``spread`` of tricks
    (§1.9: the bonus and the tricks for an exact bid, the tricks' points on a
    miss); a madness weighs a trick (h + 1) / 2 on average (§2.3).

    >>> from pyclag.scoring.schemes import F1
    >>> points(F1, 1, [0.0, 0.5, 0.5])
    6.0
    """
    return _bid_points(_terms(scoring, spread), bid)


def _terms(scoring: Scoring, spread: Sequence[float]) -> tuple[list[float], list[float]]:
    """What each number of tricks adds to a bid's points (:func:`points`),
    weighed by its chance: if it is the bid, and if it is not."""
    if not isinstance(scoring, ContractScoring):
        return [0.0] * len(spread), [0.0] * len(spread)
    weight = (len(spread) / 2) if scoring.madness is not None else 1.0
    bonus, per_trick, on_miss = scoring.bonus, scoring.per_trick, scoring.per_trick_on_miss
    made = [chance * (bonus + per_trick * weight * t) for t, chance in enumerate(spread)]
    missed = [chance * on_miss * weight * t for t, chance in enumerate(spread)]
    return made, missed


def _bid_points(terms: tuple[list[float], list[float]], bid: int) -> float:
    """A bid's points from :func:`_terms`, added up in the order of the tricks."""
    made, missed = terms
    total = 0.0
    for tricks, value in enumerate(missed):
        total += made[tricks] if tricks == bid else value
    return total


def best_bid(bids: Sequence[int], spread: Sequence[float], scoring: Scoring) -> int:
    """The bid of ``bids`` worth most given the ``spread`` of tricks; of equals,
    the one nearest the expected tricks. The dealer's restricted set (§1.7)
    thus gives the closest legal bid by the same estimate.

    >>> from pyclag.scoring.schemes import F1
    >>> best_bid([0, 2], [0.0, 0.6, 0.4], F1)  # a hooked dealer with one sure trick
    2
    """
    mean = sum(tricks * chance for tricks, chance in enumerate(spread))
    terms = _terms(scoring, spread)
    return max(bids, key=lambda bid: (round(_bid_points(terms, bid), 9), -abs(bid - mean)))


def deal_value(
    view: Observation, hand: Hand, rules: RoundRules, bids: Sequence[int] | None
) -> float:
    """What this hand should score under ``rules``, bidding its best of
    ``bids`` (``None``: a misère's forced 0).

    >>> import random, pyclag
    >>> view = pyclag.observe(pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 4), rng=random.Random(1)), 0)
    >>> round(deal_value(view, view.hand, view.round_rules, range(4)), 1)
    7.2
    """
    spread = trick_spread(card_chances(view, hand, rules))
    if bids is None:
        return points(rules.scoring, 0, spread)
    return points(rules.scoring, best_bid(bids, spread, rules.scoring), spread)
