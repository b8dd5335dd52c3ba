"""Shuffling, dealing, and the draws for first dealer and first bidder
(RULES.md §1.3-§1.5, §2.2, A25, A31), with the rulings on a chance outcome
(a pack, a face-down shuffle, a draw) that cannot happen.

The pack is listed top first; card ``i`` (``i < N*h``) goes to seat
``(dealer + 1 + i) % N``: one at a time, clockwise from the eldest (§1.4).
The next card is the turn-up (§1.5). :func:`~pyclag.rules.shuffle.dealt_slice` is that rule, and
everything that deals, lays out piles or rebuilds a pack reads it.

>>> from pyclag.cards import parse_cards
>>> from pyclag.hand import Hand
>>> deck = parse_cards("AS KS 9S 4S 7H QH TD JH 3D 2C 5H 8C 6H")
>>> [str(Hand(mask)) for mask in deal_hands(deck, players=4, hand_size=3, dealer=3)]
['3D 7H AS', '2C QH KS', 'TD 5H 9S', '8C JH 4S']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Final

from pyclag._checks import check_rng, is_whole, whole
from pyclag.cards import DECK, Card
from pyclag.errors import IllegalChanceError, Reason, Refusal, RulesError
from pyclag.hand import cards_of
from pyclag.rules.shuffle import deal_hands as deal_hands  # still importable from here
from pyclag.rules.shuffle import dealt_slice, dealt_slices, shuffled_deck

__all__ = [
    "dealt_piles",
    "deck_refusal",
    "draw_for_dealer",
    "draw_seat_refusal",
    "draw_winner",
    "drawn_cards",
    "pack_of",
    "piles_refusal",
]


def dealt_piles(
    deck: Sequence[Card], players: int, hand_size: int, dealer: int
) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards in the order dealt, first card first (the Roll 'Em pile, A17).

    >>> [" ".join(map(str, pile)) for pile in dealt_piles(DECK, 2, 2, dealer=1)]
    ['2C 4C', '3C 5C']
    """
    return tuple(
        tuple(deck[dealt_slice(seat, players, dealer, hand_size)]) for seat in range(players)
    )


def pack_of(
    hands: Sequence[Sequence[Card]],
    dealer: int,
    turnup: Card | None,
    rest: Iterable[Card],
) -> tuple[Card, ...]:
    """The pack that deals ``hands[s]`` to seat ``s`` in that order (each hand
    of the same size), then ``turnup`` (if any), then ``rest``: the inverse of
    :func:`dealt_piles`.

    >>> piles = dealt_piles(DECK, 2, 2, dealer=1)
    >>> pack_of(piles, 1, DECK[4], DECK[5:]) == DECK
    True
    """
    players = len(hands)
    hand_size = len(hands[0]) if hands else 0
    pack: list[Card | None] = [None] * 52
    for part, cards in zip(dealt_slices(players, dealer, hand_size), hands, strict=True):
        pack[part] = cards
    dealt = players * hand_size
    if turnup is not None:
        pack[dealt] = turnup
        dealt += 1
    # The dealt cards and the turn-up fill the top of the pack; the rest lie below them.
    top: tuple[Any, ...] = tuple(pack[:dealt])
    return top + tuple(rest)


_DECK_SET: Final = frozenset(DECK)


def deck_refusal(deck: object) -> tuple[Card, ...] | Refusal:
    """``deck`` as a tuple if it holds the 52 distinct cards; else why not.

    >>> deck_refusal(DECK[:51]).why
    'a deck must hold the 52 distinct cards, top first; got 51 items (missing AS)'
    """
    if not isinstance(deck, Iterable):
        why = (
            f"a deck must hold the 52 distinct cards, top first; got {type(deck).__name__} {deck!r}"
        )
        return Refusal(IllegalChanceError, Reason.BAD_DECK, why)
    items: tuple[Any, ...] = tuple(deck)
    try:  # cards are interned, so the 52 distinct cards are exactly the set of DECK
        bad = len(items) != 52 or set(items) != _DECK_SET
    except TypeError:  # an unhashable item
        bad = True
    if not bad:
        return items
    cards = [c for c in items if isinstance(c, Card)]
    missing = sorted(_DECK_SET - set(cards), key=lambda c: c.index)
    strangers = [c for c in items if not isinstance(c, Card)]
    twice = sorted({c for c in cards if cards.count(c) > 1}, key=lambda c: c.index)
    details = []
    if missing:
        details.append("missing " + " ".join(map(str, missing)))
    if twice:
        details.append("repeated " + " ".join(map(str, twice)))
    if strangers:
        details.append("not cards: " + ", ".join(map(repr, strangers[:5])))
    why = (
        f"a deck must hold the 52 distinct cards, top first; got {len(items)} items ("
        + "; ".join(details)
        + ")"
    )
    return Refusal(IllegalChanceError, Reason.BAD_DECK, why)


def piles_refusal(masks: Sequence[int], piles: Any) -> tuple[tuple[Card, ...], ...] | Refusal:
    """``piles`` as tuples if each seat's pile is an order of exactly its own
    cards (``masks``, by seat); else why not (RAF Blind, §2.3).

    >>> piles_refusal((DECK[0].mask,), [[DECK[1]]]).why
    'a face-down shuffle gives each seat an order of its own cards; seat 0 holds 2C, not 3C'
    """
    try:
        orders = tuple(tuple(order) for order in piles)
    except TypeError:
        orders = ()
    for seat, mask in enumerate(masks):
        pile = orders[seat] if seat < len(orders) else ()
        if (
            not all(type(card) is Card for card in pile)
            or len(pile) != len(set(pile))
            or sum(card.mask for card in pile) != mask
        ):
            shown = " ".join(str(c) if type(c) is Card else repr(c) for c in pile)
            why = (
                "a face-down shuffle gives each seat an order of its own cards; seat "
                f"{seat} holds {' '.join(map(str, cards_of(mask)))}, not {shown}"
            )
            return Refusal(IllegalChanceError, Reason.BAD_SHUFFLE, why)
    if len(orders) != len(masks):
        why = f"a face-down shuffle has one order per seat: {len(masks)}, not {len(orders)}"
        return Refusal(IllegalChanceError, Reason.BAD_SHUFFLE, why)
    return orders


def draw_winner(cards: Sequence[Card], contenders: Sequence[int]) -> int | Refusal:
    """The seat a draw chooses: ``cards`` are turned one to each contender in
    turn (in the order given), the highest rank wins (ace high), and tied
    players draw again in the same order until one is highest (§1.3, A25,
    A31). The cards of one turn are distinct; the draw holds exactly the cards
    it takes.

    >>> from pyclag.cards import parse_cards
    >>> draw_winner(parse_cards("AS AH KD 3C QC"), [0, 1, 2])
    1
    >>> draw_winner(parse_cards("AS AH KD"), [0, 1, 2]).why
    'the draw stops with seats 0 1 still tied; draw again for them'
    """
    left = list(contenders)
    used = 0
    while len(left) > 1:
        turn = tuple(cards[used : used + len(left)])
        if len(turn) < len(left):
            seats = " ".join(map(str, left))
            why = f"the draw stops with seats {seats} still tied; draw again for them"
            return Refusal(IllegalChanceError, Reason.BAD_DRAW, why)
        if not all(type(card) is Card for card in turn) or len(set(turn)) < len(turn):
            shown = " ".join(str(c) if type(c) is Card else repr(c) for c in turn)
            why = f"one turn of the draw turns a different card for each player, not {shown}"
            return Refusal(IllegalChanceError, Reason.BAD_DRAW, why)
        used += len(left)
        best = max(card.rank.value for card in turn)
        left = [seat for seat, card in zip(left, turn, strict=True) if card.rank.value == best]
    if used != len(cards):
        why = f"the draw was settled after {used} cards; {len(cards) - used} more were given"
        return Refusal(IllegalChanceError, Reason.BAD_DRAW, why)
    return left[0]


def draw_seat_refusal(seat: object, contenders: Sequence[int]) -> Refusal | None:
    """Why ``seat`` cannot have won a draw among ``contenders``, or ``None``:
    the ruling on a draw a table reports by its winner rather than its cards
    (A25; every contender may turn the highest card).

    >>> draw_seat_refusal(4, [1, 2, 3, 0]).why
    'the draw is won by one of the seats that drew (1 2 3 0), not 4'
    >>> draw_seat_refusal(3, [1, 2, 3, 0]) is None
    True
    """
    if is_whole(seat) and seat in contenders:
        return None
    seats = " ".join(map(str, contenders))
    why = f"the draw is won by one of the seats that drew ({seats}), not {seat!r}"
    return Refusal(IllegalChanceError, Reason.BAD_DRAW, why)


def drawn_cards(contenders: Sequence[int], rng: random.Random) -> tuple[Card, ...]:
    """The cards of a draw among ``contenders``, from a pack shuffled with ``rng``
    (the top card first; a fresh pack if the draw outlasts one).

    >>> from pyclag.cards import Card
    >>> cards = drawn_cards([0, 1, 2], random.Random(3))
    >>> isinstance(draw_winner(cards, [0, 1, 2]), int)
    True
    """
    left = list(contenders)
    pack: list[Card] = []
    cards: list[Card] = []
    while len(left) > 1:
        if len(pack) < len(left):
            pack = list(shuffled_deck(rng))
        turn = [pack.pop() for _ in left]
        cards.extend(turn)
        best = max(card.rank.value for card in turn)
        left = [seat for seat, card in zip(left, turn, strict=True) if card.rank.value == best]
    return tuple(cards)


def draw_for_dealer(players: int, rng: random.Random) -> int:
    """Draw for first dealer: everyone cuts a card, the highest (ace high)
    deals, and tied players draw again (§1.3 [D], A31).

    >>> draw_for_dealer(4, random.Random(3)) in range(4)
    True
    >>> draw_for_dealer(0, random.Random(3))
    Traceback (most recent call last):
    pyclag.errors.RulesError: draw_for_dealer needs an int of players in 1..52, not 0
    """
    players = whole(players)  # a NumPy integer is a plain int from here on
    if not is_whole(players) or not 1 <= players <= 52:
        raise RulesError(f"draw_for_dealer needs an int of players in 1..52, not {players!r}")
    check_rng("draw_for_dealer", rng)
    seats = range(players)
    winner = draw_winner(drawn_cards(seats, rng), seats)
    return winner if isinstance(winner, int) else 0  # a draw of our own always settles
