"""Actions as integers and observations as vectors, for search and learning
libraries (OpenSpiel, PettingZoo): a fixed id for every player action of every
rule set, and :func:`~pyclag.views.encoding.encode`, one seat's observation as a flat tuple of floats.

The ids are OpenSpiel ``oh_hell``'s where the two overlap: a card is
``rank_index * 4 + suit_index``, suits in the order C, D, S, H and ranks 2..A
(so ``2C`` is 0, ``2H`` is 3, ``AH`` is 51); a bid of ``b`` tricks is
``52 + b``. After them come fixed blocks (:data:`ID_BLOCKS`) for the RAF
dealer's hand sizes, the dealer's trump declarations, the 720 RAF calls (the
696 a caller may make under either reading of "trumps" share their ids, and the
24 calls of the turn-up come last) and the wild twos with the card each stands
for. An id never holds the seat: it is the seat to act's. Chance (the deal, the
draw, the face-down shuffle) has no ids: the adapters model it themselves.

Legality is the decision table's: :func:`legal_ids` reads
:func:`pyclag.legal_actions` (or an observation's ``legal``), and
:func:`action_of` gives back one of those actions.

>>> import random, pyclag
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(1))
>>> legal_ids(state), [str(action_of(state, i)) for i in legal_ids(state)]
((52, 53, 54, 55), ['0', '1', '2', '3'])
>>> action_id(pyclag.Play(0, pyclag.Card.parse("AH"))), NUM_ACTIONS
(51, 1090)
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeAlias

import attrs

from pyclag._caches import bounded
from pyclag._checks import Frozen, not_a, seat_in, whole
from pyclag.actions import Bid, Call, CallChoice, ChooseHandSize, DeclareTrump, Play, PlayerAction
from pyclag.cards import DECK, Card, Rank, Suit
from pyclag.engine import apply, legal_actions
from pyclag.engine.decisions import DECISIONS
from pyclag.engine.state import GameState
from pyclag.errors import (
    IllegalActionError,
    IllegalBidError,
    IllegalCallError,
    IllegalDeclarationError,
    IllegalHandSizeError,
    IllegalTrumpError,
    Reason,
    Refusal,
)
from pyclag.limits import MAX_HAND_SIZE, MAX_PLAYERS
from pyclag.rules.calls import CallRules
from pyclag.rules.trumps import NO_TRUMPS, DealerCalls, NoTrumps
from pyclag.views import Observation, determinize
from pyclag.views.encoding import (
    SUIT_ORDER,
    Piece,
    card_id,
    card_of,
    encode,
    encoding_size,
    layout,
    layout_rows,
    piece_slice,
    suit_index,
)

__all__ = [
    "CALL_CHOICES",
    "ID_BLOCKS",
    "NUM_ACTIONS",
    "SUIT_ORDER",
    "IdBlock",
    "Piece",
    "action_id",
    "action_of",
    "card_id",
    "card_of",
    "decode",
    "encode",
    "encoding_size",
    "layout",
    "layout_rows",
    "legal_ids",
    "legal_mask",
    "piece_slice",
]

Source: TypeAlias = GameState | Observation
"""What the ids are read against: a state, or one seat's observation of it."""

_TWO_CARDS: Final = tuple(Card(suit, Rank.TWO) for suit in SUIT_ORDER)
_CARDS_BY_ID: Final = tuple(map(card_of, range(52)))
_CARD_IDS: Final = tuple(map(card_id, DECK))  # by Card.index

CALL_CHOICES: Final[tuple[CallChoice, ...]] = tuple(
    dict.fromkeys(
        call.choice
        for rules in (CallRules(), CallRules(trumps_from_turnup=True))
        for call in rules.legal_calls(0)
    )
)
"""Every RAF call in id order: the 696 of :meth:`~pyclag.rules.calls.CallRules.legal_calls`
in its order, then the 24 that call the turn-up trump (``raf_trumps_from_turnup``),
which share the rest of their ids with the first list.

>>> len(CALL_CHOICES), str(CALL_CHOICES[0]), str(CALL_CHOICES[-1])
(720, 'trumps:C', 'turn-up nuloss blind misere descending')
"""

_TRUMP_CHOICES: Final[tuple[Suit | NoTrumps, ...]] = (*SUIT_ORDER, NO_TRUMPS)
_ANY_TRUMP: Final = DealerCalls(no_trumps=True)
"""A deal whose dealer may declare any trump: its ruling tells a trump from a stranger."""


@attrs.frozen
class IdBlock(Frozen):
    """One block of ids: ``size`` ids from ``start``, for ``what``.

    >>> ID_BLOCKS[1]
    IdBlock(name='bid', start=52, size=53, what='Bid(seat, b): 52 + b, b in 0..52')
    """

    name: str
    start: int
    size: int
    what: str

    @property
    def stop(self) -> int:
        """The first id past the block."""
        return self.start + self.size


def _blocks() -> tuple[IdBlock, ...]:
    specs = (
        ("card", 52, "Play(seat, card): rank_index * 4 + suit_index, suits C D S H, ranks 2..A"),
        ("bid", MAX_HAND_SIZE + 1, f"Bid(seat, b): 52 + b, b in 0..{MAX_HAND_SIZE}"),
        ("hand size", MAX_HAND_SIZE, f"ChooseHandSize(seat, h): h in 1..{MAX_HAND_SIZE}, h - 1 on"),
        ("trump", len(_TRUMP_CHOICES), "DeclareTrump(seat, suit): C D S H, then no trumps"),
        ("call", len(CALL_CHOICES), "Call: the index in CALL_CHOICES"),
        ("wild two", 4 * 52, "Play(seat, 2x, as_card=c): two's suit index * 52 + card_id(c)"),
    )
    blocks, start = [], 0
    for name, size, what in specs:
        blocks.append(IdBlock(name, start, size, what))
        start += size
    return tuple(blocks)


ID_BLOCKS: Final = _blocks()
"""The blocks of ids, in order; the docs' table of ids is written from it."""

_BID, _SIZE, _TRUMP, _CALL, _WILD = (block.start for block in ID_BLOCKS[1:])
NUM_ACTIONS: Final = ID_BLOCKS[-1].stop
"""How many ids there are: every id is in ``range(NUM_ACTIONS)``."""

# Keyed by a call's fields, so that a Call is looked up without building its CallChoice.
_CALL_IDS: Final[dict[tuple[object, ...], int]] = {
    (choice.suits, choice.nuloss, choice.blind, choice.misere, choice.madness): _CALL + number
    for number, choice in enumerate(CALL_CHOICES)
}
_TRUMP_IDS: Final[dict[object, int]] = {
    choice: _TRUMP + number for number, choice in enumerate(_TRUMP_CHOICES)
}


# --- action -> id ----------------------------------------------------------------------------


def _no_id(
    action: object, error: type[IllegalActionError], reason: Reason, why: str
) -> IllegalActionError:
    return error(f"action_id: {action!r} has no id: {why}", reason)


def _play_id(action: Play) -> int | None:
    card, named = action.card, action.as_card  # a Play holds only cards
    if named is None:
        return _CARD_IDS[card.index]
    if card.rank is not Rank.TWO:
        why = "only a two names a card"
        raise _no_id(action, IllegalDeclarationError, Reason.BAD_DECLARATION, why)
    return _WILD + suit_index(card.suit) * 52 + _CARD_IDS[named.index]


def _count_id(
    value: object, low: int, start: int, action: object, error: type[IllegalActionError]
) -> int | None:
    if type(value) is int and low <= value <= MAX_HAND_SIZE:
        return start + value - low
    reason = Reason.BID_OUT_OF_RANGE if error is IllegalBidError else Reason.BAD_HAND_SIZE
    raise _no_id(action, error, reason, f"not an int in {low}..{MAX_HAND_SIZE}")


def _call_id(action: Call) -> int | None:
    flags = (action.nuloss, action.blind, action.misere)
    found = None
    if all(type(flag) is bool for flag in flags):  # 1 == True: the flags' types count
        try:
            found = _CALL_IDS.get((action.suits, *flags, action.madness))
        except TypeError:  # an unhashable stranger
            found = None
    if found is None:
        raise _no_id(action, IllegalCallError, Reason.BAD_CALL, "not one of the RAF calls")
    return found


def _bid_id(action: Bid) -> int | None:
    return _count_id(action.tricks, 0, _BID, action, IllegalBidError)


def _hand_size_id(action: ChooseHandSize) -> int | None:
    return _count_id(action.size, 1, _SIZE, action, IllegalHandSizeError)


def _trump_id(action: DeclareTrump) -> int | None:
    declared = _ANY_TRUMP.ruling(action.suit)
    found = None if isinstance(declared, Refusal) else _TRUMP_IDS.get(declared)
    if found is None:
        why = "not a suit or NO_TRUMPS"
        raise _no_id(action, IllegalTrumpError, Reason.BAD_TRUMP, why)
    return found


_ENCODE: Final[Mapping[type[PlayerAction], Callable[[Any], int | None]]] = {
    Play: _play_id,
    Bid: _bid_id,
    Call: _call_id,
    ChooseHandSize: _hand_size_id,
    DeclareTrump: _trump_id,
}
"""The id of an action, by its class: each player's decision's own blocks."""


def _encoders() -> Mapping[type[PlayerAction], Callable[[Any], int | None]]:
    """:data:`_ENCODE`, for every player's decision of the decision table: a
    decision added to the table without ids fails here, by name, not later
    at a learner's table."""
    missing = [row.noun for row in DECISIONS if not row.chance and row.action not in _ENCODE]
    if missing:
        raise ImportError(f"pyclag.codec: no action ids for the decisions {missing}")
    return _ENCODE


_ENCODERS: Final = _encoders()


def action_id(action: PlayerAction) -> int:
    """The id of a player's ``action`` (its seat aside). An action no id stands
    for (a chance action, a bid past 52 tricks, a call no rule set allows) is
    refused with the class of its decision (``pyclag.errors``).

    >>> from pyclag.rules.trumps import Precedence
    >>> action_id(Bid(2, 3)), action_id(ChooseHandSize(0, 7)), action_id(DeclareTrump(1, Suit.HEARTS))
    (55, 111, 160)
    >>> action_id(Play(3, Card.parse("2S"), as_card=Card.parse("AH")))
    1037
    >>> action_id(Bid(0, 53))
    Traceback (most recent call last):
    pyclag.errors.IllegalBidError: action_id: Bid(seat=0, tricks=53) has no id: not an int in 0..52
    """
    encode = _ENCODERS.get(type(action))
    found = encode(action) if encode is not None else None
    if found is None:
        why = "only a player's action (Bid, Play, Call, ChooseHandSize, DeclareTrump) has one"
        raise IllegalActionError(f"action_id: {action!r} has no id: {why}", Reason.NOT_AN_ACTION)
    return found


# --- id -> action ----------------------------------------------------------------------------


def _check_id(func: str, number: object) -> int:
    # An id is an action written as a number: game input, refused as an action is.
    # An integer of another class (a bot's np.argmax) is the plain int it stands for.
    given = number if type(number) is int else whole(number)
    if type(given) is not int or not 0 <= given < NUM_ACTIONS:
        raise IllegalActionError(
            f"{func}: an action id is an int in 0..{NUM_ACTIONS - 1}, not {number!r}",
            Reason.NOT_AN_ACTION,
        )
    return given


def decode(number: int, seat: int) -> PlayerAction:
    """The action id ``number`` stands for, taken by ``seat``, legal or not
    (:func:`action_of` gives only the legal ones). A number that is no id is
    an IllegalActionError (``NOT_AN_ACTION``); a seat that is not an int a
    TypeError, and one that no table has (``0..MAX_PLAYERS - 1``) a RulesError,
    as for :func:`pyclag.observe`.

    >>> [str(decode(number, 0)) for number in (0, 51, 52, 105, 160, 161, 162, 1037)]
    ['2C', 'AH', '0', '1', 'H', 'no-trumps', 'trumps:C', '2S=AH']
    >>> decode(NUM_ACTIONS, 0)
    Traceback (most recent call last):
    pyclag.errors.IllegalActionError: decode: an action id is an int in 0..1089, not 1090
    >>> decode(0, -1)
    Traceback (most recent call last):
    pyclag.errors.RulesError: decode: seat must be a seat in 0..51, not -1
    """
    number = _check_id("decode", number)
    seat = seat_in("decode", seat, MAX_PLAYERS)  # the seat of any table
    block = bisect.bisect_right(_STARTS, number) - 1
    return _DECODE[block](number - _STARTS[block], seat)


def _card_of_id(offset: int, seat: int) -> PlayerAction:
    return Play(seat, _CARDS_BY_ID[offset])


def _bid_of_id(offset: int, seat: int) -> PlayerAction:
    return Bid(seat, offset)


def _hand_size_of_id(offset: int, seat: int) -> PlayerAction:
    return ChooseHandSize(seat, offset + 1)


def _trump_of_id(offset: int, seat: int) -> PlayerAction:
    return DeclareTrump(seat, _TRUMP_CHOICES[offset])


def _call_of_id(offset: int, seat: int) -> PlayerAction:
    return CALL_CHOICES[offset].by(seat)


def _wild_two_of_id(offset: int, seat: int) -> PlayerAction:
    two, named = divmod(offset, 52)
    return Play(seat, _TWO_CARDS[two], _CARDS_BY_ID[named])


_DECODE: Final = (
    _card_of_id,
    _bid_of_id,
    _hand_size_of_id,
    _trump_of_id,
    _call_of_id,
    _wild_two_of_id,
)
"""The action of an id by its block, in the order of :data:`ID_BLOCKS`."""

_STARTS: Final = tuple(block.start for block in ID_BLOCKS)


def _legal(func: str, source: object) -> tuple[PlayerAction, ...]:
    if isinstance(source, GameState):
        return legal_actions(source)
    if isinstance(source, Observation):
        return source.legal
    raise not_a(func, "state", "a GameState or an Observation", source)


def legal_ids(source: Source) -> tuple[int, ...]:
    """The ids of the legal actions of the seat to act in ``source`` (a state, or
    the observation of the seat to act), in increasing order; ``()`` when
    chance or nobody is to act, or the observer is not to act.

    >>> import random, pyclag
    >>> state = pyclag.new_game(pyclag.presets.RAF, players=4)  # the dealer chooses the hand size
    >>> legal_ids(state), legal_ids(pyclag.observe(state, 0)), legal_ids(pyclag.observe(state, 1))
    ((107, 108, 109, 110, 111), (107, 108, 109, 110, 111), ())
    """
    return tuple(sorted(_ids(_legal("legal_ids", source))))


def legal_mask(source: Source) -> tuple[int, ...]:
    """:func:`legal_ids` as ``NUM_ACTIONS`` zeros and ones (an action mask).

    >>> import pyclag
    >>> mask = legal_mask(pyclag.new_game(pyclag.presets.RAF, players=4))
    >>> len(mask), sum(mask), mask.index(1)
    (1090, 5, 107)
    """
    mask = [0] * NUM_ACTIONS
    for number in legal_ids(source):
        mask[number] = 1
    return tuple(mask)


def action_of(source: Source, number: int) -> PlayerAction:
    """The legal action of the seat to act that id ``number`` stands for, read
    from ``source`` (a state, or the observation of the seat to act). An id not
    legal now is refused as the action it stands for would be (the class and
    reason of its decision, ``pyclag.errors``), the message naming the id and
    the legal ids; a number that is no id is an IllegalActionError.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(1))
    >>> action_of(state, 53)
    Bid(seat=1, tricks=1)
    >>> action_of(state, 57)
    Traceback (most recent call last):
    pyclag.errors.IllegalBidError: action_of: id 57 (bid 5) is not legal now: illegal bid 5 by seat 1: a bid is 0..3 tricks in round 1 (3 cards, dealer seat 0); legal bids: 0 1 2 3; legal ids: 52 53 54 55
    """
    legal = _legal("action_of", source)
    number = _check_id("action_of", number)
    ids = _ids(legal)
    if number in ids:
        return legal[ids.index(number)]
    raise _refusal(source, number, legal)


_MANY: Final = 64
"""Past this many legal actions (the RAF caller's 696 calls) their ids are cached."""


def _ids(legal: tuple[PlayerAction, ...]) -> tuple[int, ...]:
    """The ids of ``legal``, in its order."""
    return _many_ids(legal) if len(legal) > _MANY else tuple(map(action_id, legal))


# Keyed by the legal calls of a round, a tuple the rules' own cache keeps (calls._legal_calls):
# the very object comes back, and the front cache finds it by identity.
@bounded(64, same_arguments=True)
def _many_ids(legal: tuple[PlayerAction, ...]) -> tuple[int, ...]:
    return tuple(map(action_id, legal))


def _refusal(source: Source, number: int, legal: tuple[PlayerAction, ...]) -> IllegalActionError:
    """The engine's refusal of the action ``number`` stands for, with the ids in its message."""
    if isinstance(source, Observation):
        # What an observation's seat may do depends only on what it knows, so any state
        # consistent with it refuses the action for the same reason (pyclag.determinize).
        seat = source.seat
        state = determinize(source, random.Random(0))
    else:
        state = source
        to_act = state.round.to_act
        seat = to_act if type(to_act) is int else 0
    action = decode(number, seat)
    ids = " ".join(map(str, sorted(map(action_id, legal)))) or "none"
    try:
        apply(state, action)
    except IllegalActionError as error:
        what = f"action_of: id {number} ({_noun(number)} {action}) is not legal now: {error}"
        return type(error)(f"{what}; legal ids: {ids}", error.reason, error.legal)
    # Not in the legal list, yet applied: only an observation whose seat is not to act.
    return IllegalActionError(
        f"action_of: id {number} ({_noun(number)} {action}) is not legal now: "
        f"seat {seat} is not to act; legal ids: {ids}",
        Reason.OUT_OF_TURN,
    )


def _noun(number: int) -> str:
    return next(block.name for block in ID_BLOCKS if block.start <= number < block.stop)
