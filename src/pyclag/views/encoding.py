"""One seat's observation as a vector of floats, for learning libraries, and
the card order of the action ids (:mod:`pyclag.codec` re-exports it all).

:func:`encode` reads an :class:`~pyclag.views.Observation` and nothing else,
so states that differ only in what the seat cannot know encode alike. Its
layout is data (:func:`layout`): named pieces of fixed sizes for a table of
``players``; ``docs/learning.rst`` shows the table. Seats are **relative to the
observer**: in every per-seat piece, entry ``k`` is the seat ``k`` places
after the observer clockwise (entry 0 the observer itself); the observer's
own seat number is the first piece. Cards are placed by their id
(:func:`card_id`: ``rank_index * 4 + suit_index``, suits C, D, S, H, as
OpenSpiel's ``oh_hell``). Counts are scaled to about 0..1 as the layout says.
Pure Python: a tuple of floats, no numpy.

>>> import random, pyclag
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(1))
>>> vector = encode(pyclag.observe(state, 2))
>>> len(vector) == encoding_size(3), sum(vector[piece_slice(3, "hand")])
(True, 3.0)
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from typing import Final

import attrs

from pyclag._checks import Frozen, is_whole, not_a, whole
from pyclag.actions import Madness
from pyclag.cards import DECK, Card, Suit
from pyclag.engine.phases import Phase
from pyclag.engine.state import CHANCE
from pyclag.errors import IllegalPlayError, Reason, RulesError
from pyclag.rules.deals import Bidding, PlayMode, Reveal
from pyclag.rules.ordering import RankOrder
from pyclag.rules.trumps import DealerCalls, NoTrumps, Precedence, Trumps, TurnUp
from pyclag.scoring.schemes import MostTricks
from pyclag.views import Observation, check_view

__all__ = [
    "SUIT_ORDER",
    "Piece",
    "card_id",
    "card_of",
    "encode",
    "encoding_size",
    "layout",
    "layout_rows",
    "piece_slice",
    "suit_index",
]

SUIT_ORDER: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
"""The suits in id order, OpenSpiel ``oh_hell``'s (not :class:`~pyclag.cards.Suit`'s values)."""

_SUIT_INDEX: Final = tuple(SUIT_ORDER.index(suit) for suit in Suit)  # by Suit.value
_CARD_IDS: Final = tuple((card.rank.value - 2) * 4 + _SUIT_INDEX[card.suit.value] for card in DECK)
_CARDS_BY_ID: Final = tuple(sorted(DECK, key=lambda card: _CARD_IDS[card.index]))


def card_id(card: Card) -> int:
    """The id of playing ``card``, and its place in the card pieces of
    :func:`encode`: ``rank_index * 4 + suit_index``, suits C, D, S, H.

    >>> [card_id(Card.parse(text)) for text in ("2C", "2D", "2S", "2H", "3C", "AH")]
    [0, 1, 2, 3, 4, 51]
    """
    return _CARD_IDS[card.index]


def card_of(number: int) -> Card:
    """The card whose id is ``number`` (0..51); a number that is no card's id
    is an IllegalPlayError (``NOT_A_CARD``).

    >>> str(card_of(0)), str(card_of(51))
    ('2C', 'AH')
    >>> card_of(-1)
    Traceback (most recent call last):
    pyclag.errors.IllegalPlayError: card_of: a card id is an int in 0..51, not -1
    """
    if type(number) is not int or not 0 <= number < 52:
        given = whole(number)  # a NumPy integer is the plain int it stands for
        if type(given) is not int or not 0 <= given < 52:
            raise IllegalPlayError(
                f"card_of: a card id is an int in 0..51, not {number!r}", Reason.NOT_A_CARD
            )
        number = given
    return _CARDS_BY_ID[number]


def suit_index(suit: Suit) -> int:
    """``suit``'s place in :data:`SUIT_ORDER`.

    >>> suit_index(Suit.HEARTS), suit_index(Suit.SPADES)
    (3, 2)
    """
    return _SUIT_INDEX[suit.value]


# --- the layout ------------------------------------------------------------------------------


@attrs.frozen
class Piece(Frozen):
    """One named piece of the encoding: ``size`` floats from ``start``, holding ``what``.

    >>> layout(4)[0]
    Piece(name='observer', start=0, size=4, what='the observer seat, one-hot (absolute)')
    """

    name: str
    start: int
    size: int
    what: str


_SUIT_RULES: Final = (TurnUp, NoTrumps, Trumps, DealerCalls, Precedence)


def _specs(players: int) -> tuple[tuple[str, int, str], ...]:
    p = players
    letters = " ".join(suit.letter for suit in SUIT_ORDER)
    return (
        ("observer", p, "the observer seat, one-hot (absolute)"),
        ("dealer", p, "the dealer, one-hot"),
        ("to act", p + 1, "the seat to act, one-hot; the last entry: chance is to act"),
        ("phase", len(Phase), "the phase, one-hot in Phase order: " + _names(Phase)),
        ("hand", 52, "the observer's cards, by card id (none while they lie face down)"),
        ("hand unseen", 1, "1 while the observer's own cards lie face down unseen"),
        ("hand sizes", p, "the cards each seat holds / the round's hand size"),
        ("played", p * 52, "the cards each seat has played this deal, 52 per seat, by card id"),
        (
            "trick",
            p * 52,
            "the trick in progress by position (0: the lead), the card each counts as",
        ),
        ("trick wild", p, "1 at each position of the trick where a wild two was played"),
        ("trick leader", p, "the seat that led the trick in progress, one-hot"),
        ("turn-up", 52, "the turn-up, once shown, by card id"),
        ("trumps", 6, f"the trump suit ({letters}), no trumps, or not known yet: one-hot"),
        ("precedence", 16, f"under a suit precedence, each suit's place (top first), {letters}"),
        ("rank order", len(RankOrder), "the rank order, one-hot: " + _names(RankOrder)),
        ("bids", p, "each seat's bid / the hand size (0 until made)"),
        ("bid made", p, "1 for each seat whose bid is known"),
        ("tricks won", p, "the tricks each seat has won this deal / the hand size"),
        ("deal", 2, "the deal's number / the game's deals; the hand size / 13"),
        ("bidding", len(Bidding), "the deal's bidding, one-hot: " + _names(Bidding)),
        ("reveal", len(Reveal), "when the turn-up is shown, one-hot: " + _names(Reveal)),
        ("play mode", len(PlayMode), "how cards are played, one-hot: " + _names(PlayMode)),
        ("wild twos", 5, "twos wild; and its natural_suit, may_lead, any_identity, wild_trumps"),
        ("suit rule", len(_SUIT_RULES), "the suit rule as played, one-hot: " + _kinds()),
        ("caller", p + 1, "the RAF caller, one-hot; the last entry: the deal has no caller"),
        ("call", 5, "the call made: nuloss, blind, misere, ascending, descending madness"),
        (
            "scoring",
            6,
            "most tricks; per trick, per trick on a miss, bonus (/ 10); madness up, down",
        ),
        ("scores", p, "each seat's running total / 100"),
    )


def _names(kind: type[enum.Enum]) -> str:
    return " ".join(str(member.value) for member in kind)


def _kinds() -> str:
    return " ".join(kind.__name__ for kind in _SUIT_RULES)


@functools.cache
def layout(players: int) -> tuple[Piece, ...]:
    """The pieces of :func:`encode`'s vector for a table of ``players``, in
    order. A ``players`` that is not an int is a TypeError; fewer than 2 or more
    than 52 a RulesError.

    >>> [(piece.name, piece.size) for piece in layout(4)[:5]]
    [('observer', 4), ('dealer', 4), ('to act', 5), ('phase', 11), ('hand', 52)]
    """
    players = whole(players)  # a NumPy integer is the plain int it stands for
    if not is_whole(players):
        raise not_a("layout", "players", "an int", players)
    if not 2 <= players <= 52:
        raise RulesError(f"layout: players must be an int in 2..52, not {players!r}")
    pieces, start = [], 0
    for name, size, what in _specs(players):
        pieces.append(Piece(name, start, size, what))
        start += size
    return tuple(pieces)


def encoding_size(players: int) -> int:
    """The length of :func:`encode`'s vector for a table of ``players``.

    >>> [encoding_size(players) for players in (3, 4, 7)]
    [523, 638, 983]
    """
    last = layout(players)[-1]
    return last.start + last.size


def piece_slice(players: int, name: str) -> slice:
    """Where piece ``name`` lies in the vector for a table of ``players``.

    >>> piece_slice(4, "hand")
    slice(24, 76, None)
    """
    for piece in layout(players):
        if piece.name == name:
            return slice(piece.start, piece.start + piece.size)
    raise RulesError(f"piece_slice: no piece {name!r}; pieces: {[p.name for p in layout(players)]}")


def layout_rows(players: int) -> tuple[tuple[str, str, str, str], ...]:
    """The layout as table rows (piece, first float, size, what it holds), as the docs show it.

    >>> layout_rows(4)[4]
    ('hand', '24', '52', "the observer's cards, by card id (none while they lie face down)")
    """
    return tuple(
        (piece.name, str(piece.start), str(piece.size), piece.what) for piece in layout(players)
    )


@functools.cache
def _offsets(players: int) -> dict[str, int]:
    return {piece.name: piece.start for piece in layout(players)}


# --- encoding --------------------------------------------------------------------------------


def _cards(out: list[float], base: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        out[base + _CARD_IDS[low.bit_length() - 1]] = 1.0
        mask ^= low


def _one_hot(out: list[float], base: int, members: tuple[object, ...], value: object) -> None:
    out[base + members.index(value)] = 1.0


_PHASES: Final = tuple(Phase)
_RANK_ORDERS: Final = tuple(RankOrder)
_BIDDINGS: Final = tuple(Bidding)
_REVEALS: Final = tuple(Reveal)
_PLAY_MODES: Final = tuple(PlayMode)


def encode(observation: Observation) -> tuple[float, ...]:
    """``observation`` as ``encoding_size(players)`` floats, laid out as
    :func:`layout` says. It reads the observation alone, so it shows no more
    than the seat may know. An ``observation`` that is not an Observation is
    a TypeError.

    >>> import pyclag
    >>> vector = encode(pyclag.observe(pyclag.new_game(pyclag.NORMAL, 4), 1))
    >>> vector[piece_slice(4, "observer")], vector[piece_slice(4, "dealer")]
    ((0.0, 1.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0))
    """
    view = check_view("encode", observation)
    players = view.setup.players
    at = _offsets(players)
    out = [0.0] * encoding_size(players)
    me = view.seat
    setup = view.setup

    def rel(seat: int) -> int:
        return (seat - me) % players

    out[at["observer"] + me] = 1.0
    out[at["dealer"] + rel(setup.dealer)] = 1.0
    to_act = view.to_act
    if to_act is CHANCE:
        out[at["to act"] + players] = 1.0
    elif type(to_act) is int:
        out[at["to act"] + rel(to_act)] = 1.0
    _one_hot(out, at["phase"], _PHASES, view.phase)
    if view.hand is None:
        out[at["hand unseen"]] = 1.0
    else:
        _cards(out, at["hand"], view.hand.mask)
    size = setup.hand_size or setup.spec.hand_size  # the RAF dealer has yet to choose it
    for seat, held in enumerate(view.hand_sizes):
        out[at["hand sizes"] + rel(seat)] = held / size
    for seat, mask in enumerate(view.played):
        _cards(out, at["played"] + 52 * rel(seat), mask)
    for position, play in enumerate(view.trick):
        out[at["trick"] + 52 * position + _CARD_IDS[play.effective.index]] = 1.0
        if play.as_card is not None:
            out[at["trick wild"] + position] = 1.0
    if view.trick:
        out[at["trick leader"] + rel(view.trick[0].seat)] = 1.0
    if setup.turnup is not None:
        out[at["turn-up"] + _CARD_IDS[setup.turnup.index]] = 1.0
    _trumps(out, at, view)
    for seat, bid in enumerate(view.bids):
        if bid is not None:
            out[at["bids"] + rel(seat)] = bid / size
            out[at["bid made"] + rel(seat)] = 1.0
    for seat, won in enumerate(view.tricks_won):
        out[at["tricks won"] + rel(seat)] = won / size
    out[at["deal"]] = (setup.index + 1) / view.rules.num_rounds(players)
    out[at["deal"] + 1] = size / 13
    _deal_type(out, at, view, rel)
    for seat, total in enumerate(view.scores):
        out[at["scores"] + rel(seat)] = total / 100
    return tuple(out)


def _trumps(out: list[float], at: dict[str, int], view: Observation) -> None:
    rules = view.round_rules
    if rules is None:
        out[at["trumps"] + 5] = 1.0  # not known yet (a hidden turn-up, a call to come)
        return
    out[at["trumps"] + (4 if rules.trump is None else _SUIT_INDEX[rules.trump.value])] = 1.0
    if rules.precedence is not None:
        for place, suit in enumerate(rules.precedence):
            out[at["precedence"] + 4 * _SUIT_INDEX[suit.value] + place] = 1.0
    _one_hot(out, at["rank order"], _RANK_ORDERS, rules.rank_order)


def _deal_type(
    out: list[float], at: dict[str, int], view: Observation, rel: Callable[[int], int]
) -> None:
    setup = view.setup
    spec = setup.played
    _one_hot(out, at["bidding"], _BIDDINGS, spec.bidding)
    _one_hot(out, at["reveal"], _REVEALS, spec.reveal)
    _one_hot(out, at["play mode"], _PLAY_MODES, spec.play)
    twos = spec.twos
    if twos is not None:
        flags = (True, twos.natural_suit, twos.may_lead, twos.any_identity, twos.wild_trumps)
        for number, flag in enumerate(flags):
            out[at["wild twos"] + number] = float(flag)
    out[at["suit rule"] + _SUIT_RULES.index(type(spec.suits))] = 1.0
    caller = setup.caller
    out[at["caller"] + (view.players if caller is None else rel(caller))] = 1.0
    call = setup.call
    if call is not None:
        madness = call.madness
        up, down = madness is Madness.ASCENDING, madness is Madness.DESCENDING
        called = (call.nuloss, call.blind, call.misere, up, down)
        for number, flag in enumerate(called):
            out[at["call"] + number] = float(flag)
    rules = view.round_rules
    scoring = rules.scoring if rules is not None else spec.scoring or view.rules.scoring
    base = at["scoring"]
    if isinstance(scoring, MostTricks):
        out[base] = 1.0
        out[base + 3] = scoring.bonus / 10
        return
    out[base + 1] = scoring.per_trick / 10
    out[base + 2] = scoring.per_trick_on_miss / 10
    out[base + 3] = scoring.bonus / 10
    if scoring.madness is not None:
        out[base + (4 if scoring.madness is Madness.ASCENDING else 5)] = 1.0
