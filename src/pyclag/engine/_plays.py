"""Playing a card, a column of the decision table (:mod:`pyclag.engine.decisions`):
the legal plays (interned per seat and suit pattern), the refusal of a play
(from :func:`pyclag.rules.play.play_refusal`) and the transition, with its
fast path for a plainly legal natural card. Internal surface.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from pyclag._play import play_text
from pyclag.actions import Play
from pyclag.cards import Card, Rank
from pyclag.engine._build import new_round_state, new_trick, next_state
from pyclag.engine._flow import NATURAL_PLAYS, finish_round
from pyclag.engine._refusals import refused_parts
from pyclag.engine.position import Position
from pyclag.engine.state import GameState, Phase, RoundState, seat_to_act
from pyclag.errors import Refusal
from pyclag.hand import ONE_SUIT, cards_of
from pyclag.rules.play import (
    NOT_TWOS,
    TWOS,
    best_play,
    declarations,
    following,
    legal_mask,
    play_refusal,
)

__all__ = [
    "declarations_now",
    "play_actions",
    "play_card",
    "play_cards",
    "play_mask",
    "play_refusal_now",
    "take_play",
]

_PLAY: Final = Phase.PLAY
_ROUND_OVER: Final = Phase.ROUND_OVER


def play_mask(rnd: RoundState, seat: int) -> int:
    """The cards ``seat``, the seat to act, may play, as a mask: following suit,
    or the wild-two rules where twos are wild and the seat holds one.

    >>> import random, pyclag
    >>> state = pyclag.new_game(pyclag.NORMAL.with_schedule([3]), players=3)
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(pyclag.deal(state, random.Random(0)), 1), 1), 0)
    >>> state = pyclag.play(state, Card.parse("7C"))  # seat 1 leads; seat 2 holds AC QH AH
    >>> play_mask(state.round, 2) == Card.parse("AC").mask
    True
    """
    held = rnd.masks[seat]
    twos = rnd.setup.played.twos
    if twos is None or not held & TWOS:  # wild twos change nothing without a two (rule 5)
        return following(rnd.trick, held)
    return legal_mask(twos, rnd.trick, held, rnd.setup.trump, rnd.seen)


def play_cards(rnd: RoundState, seat: int) -> tuple[Card, ...]:
    """The cards ``seat``, the seat to act, may play.

    >>> import random, pyclag
    >>> state = pyclag.new_game(pyclag.NORMAL.with_schedule([3]), players=3)
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(pyclag.deal(state, random.Random(0)), 1), 1), 0)
    >>> state = pyclag.play(state, Card.parse("7C"))  # seat 1 leads; seat 2 holds AC QH AH
    >>> play_cards(state.round, 2)
    (Card(Suit.CLUBS, Rank.ACE),)
    """
    legal = play_mask(rnd, seat)
    if legal != rnd.masks[seat] and rnd.setup.played.twos is None:
        return ONE_SUIT[legal]  # following suit, the legal cards lie in one suit: a cached tuple
    return cards_of(legal)


def declarations_now(rnd: RoundState, card: Card) -> tuple[Card, ...]:
    """The cards a wild two ``card`` played now may stand for (none if it may not be played).

    >>> import pyclag
    >>> rules = pyclag.NORMAL.with_schedule([pyclag.rules.catalogue.twos_wild(1)])
    >>> state = pyclag.deal(pyclag.new_game(rules, 3), deck=pyclag.DECK)  # seat 1 holds 2C
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 0), 0), 0)
    >>> len(declarations_now(state.round, Card.parse("2C")))  # leading, it may be any card
    52
    """
    twos = rnd.setup.played.twos
    seat = seat_to_act(rnd)
    held = rnd.masks[seat]
    if twos is None or not play_mask(rnd, seat) & card.mask:
        return ()
    return declarations(twos, rnd.trick, held, rnd.setup.trump, rnd.seen)


def play_actions(state: GameState) -> tuple[Play, ...]:
    """The legal plays as actions; natural plays interned per seat and suit pattern.

    >>> import random, pyclag
    >>> state = pyclag.new_game(pyclag.NORMAL.with_schedule([3]), players=3)
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(pyclag.deal(state, random.Random(0)), 1), 1), 0)
    >>> [str(action) for action in play_actions(state)]  # seat 1 leads
    ['7C', '4H', '4S']
    """
    rnd = state.round
    seat = rnd.to_act
    if type(seat) is not int:  # no seat to act, nothing to play
        return ()
    held = rnd.masks[seat]
    if not held & TWOS or (twos := rnd.setup.played.twos) is None:  # no two held: no rule 5
        legal = following(rnd.trick, held)
        chunks = _PLAY_CHUNKS[seat] or _seat_chunks(seat)
        if legal != held:  # following suit: the cards of one suit, one lookup
            suit = (legal.bit_length() - 1) // 13
            chunk, bits = chunks[suit], legal >> 13 * suit
            plays = chunk[bits]
            return plays if plays is not None else _chunk_plays(chunk, seat, suit, bits)
        return (
            _suit_plays(chunks, seat, 0, held & 0x1FFF)
            + _suit_plays(chunks, seat, 1, held >> 13 & 0x1FFF)
            + _suit_plays(chunks, seat, 2, held >> 26 & 0x1FFF)
            + _suit_plays(chunks, seat, 3, held >> 39)
        )
    return tuple(
        Play(seat, card, named) if card.rank is Rank.TWO else NATURAL_PLAYS[seat][card.index]
        for card in cards_of(legal_mask(twos, rnd.trick, held, rnd.setup.trump, rnd.seen))
        for named in (declarations_now(rnd, card) if card.rank is Rank.TWO else (None,))
    )


# Each seat's natural plays of each suit by the suit's 13-bit pattern, a slot a
# pattern filled on first sight: at most 4 x 8192 a seat, seats below 52 (bounded by
# construction, not a cache of user-built values). Lists, not dicts: an int key
# above 256 is a new object, which a dict lookup compares by value, a list not at all.
_Chunk: TypeAlias = list[tuple[Play, ...] | None]
_PLAY_CHUNKS: Final[list[list[_Chunk] | None]] = [None] * 52


def _seat_chunks(seat: int) -> list[_Chunk]:
    chunks: list[_Chunk] = [[None] * 8192 for _ in range(4)]
    _PLAY_CHUNKS[seat] = chunks
    return chunks


def _suit_plays(chunks: list[_Chunk], seat: int, suit: int, bits: int) -> tuple[Play, ...]:
    chunk = chunks[suit]
    plays = chunk[bits]
    return plays if plays is not None else _chunk_plays(chunk, seat, suit, bits)


def _chunk_plays(chunk: _Chunk, seat: int, suit: int, bits: int) -> tuple[Play, ...]:
    pack = NATURAL_PLAYS[seat]
    plays = tuple(pack[13 * suit + i] for i in range(13) if bits >> i & 1)
    chunk[bits] = plays
    return plays


def play_refusal_now(position: Position, action: Play) -> Refusal | None:
    """Why ``action`` is refused: not held, not following suit, a wild two misnamed.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 0), 1), 1)  # seat 1 holds QS
    >>> play_refusal_now(state, Play(1, Card.parse("AS"))).why
    'seat 1 does not hold AS'
    """
    seat = action.seat
    setup = position.setup
    return play_refusal(
        setup.played.twos,
        position.trick,
        position.held(seat),
        setup.trump,
        position.seen,
        seat,
        action.card,
        action.as_card,
    )


def play_card(
    state: GameState, rnd: RoundState, seat: int, card: object, as_card: object
) -> GameState:
    """The transition: ``seat``, the seat to act (the engine has checked the
    phase and the seat), plays ``card`` as ``as_card``; a full trick is won by
    its best card (§1.8), and the last trick ends the round
    (:func:`~pyclag.engine._flow.finish_round` scores it). The verb
    :func:`pyclag.play` calls it with the parts, the row's ``take`` with an
    action's (:func:`~pyclag.engine._plays.take_play`).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 0), 1), 1)  # seat 1 holds QS
    >>> state = play_card(state, state.round, 1, Card.parse("QS"), None)
    >>> [str(play) for play in state.round.trick], state.round.to_act
    (['QS'], 2)
    """
    # ``object``: the card as given (compiled, a parameter typed Card would
    # refuse a stranger with mypyc's own TypeError); the ruling refuses it.
    masks = rnd.masks
    held = masks[seat]
    setup = rnd.setup
    trick = rnd.trick
    if (
        as_card is None
        and type(card) is Card
        and following(trick, held) & (bit := card.mask)
        and (bit & NOT_TWOS or setup.played.twos is None)
    ):
        # A legal natural card other than a two is legal whether twos are wild
        # or not (rule 5 only frees more cards), so one check serves both.
        played = NATURAL_PLAYS[seat][card.index]
    else:
        twos, trump = setup.played.twos, setup.trump
        refusal = play_refusal(twos, trick, held, trump, rnd.seen, seat, card, as_card)
        if refusal is not None:  # named by its parts: a Play holds only cards
            text = play_text(card, as_card)
            raise refused_parts(state, seat, text, refusal, "play", play_cards(rnd, seat))
        action = Play(seat, card, as_card)  # cards, now the ruling has found them so
        bit = action.card.mask
        played = action if as_card is not None else NATURAL_PLAYS[seat][action.card.index]
    hands = list(masks)
    hands[seat] = held ^ bit
    masks = tuple(hands)
    trick += (played,)
    players = setup.players
    if len(trick) < players:
        return next_state(
            state, setup, _PLAY, (seat + 1) % players, rnd.bids, masks, trick, rnd.tricks
        )
    rules = setup.round_rules
    winner = best_play(trick, rules).seat if rules is not None else trick[0].seat
    tricks = (*rnd.tricks, new_trick(trick[0].seat, trick, winner))
    if len(tricks) < setup.hand_size:
        return next_state(state, setup, _PLAY, winner, rnd.bids, masks, (), tricks)
    return finish_round(
        state, new_round_state(setup, _ROUND_OVER, None, rnd.bids, masks, (), tricks)
    )


def take_play(state: GameState, action: Play) -> GameState:
    """The row's transition: :func:`play_card` with an action's parts.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 0), 1), 1)  # seat 1 holds QS
    >>> take_play(state, Play(1, Card.parse("QS"))).round.trick
    (Play(seat=1, card=Card(Suit.SPADES, Rank.QUEEN), as_card=None),)
    """
    return play_card(state, state.round, action.seat, action.card, action.as_card)
