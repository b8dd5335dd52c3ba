"""The exception hierarchy (DESIGN.md §5), and the policy that says which error
a bad argument raises.

Every error derives from :class:`ClagError` and from :class:`ValueError`, so
``except ValueError`` keeps working for callers that do not know pyclag. Bad
input raises one of the errors below or a TypeError, never AttributeError,
IndexError or KeyError. One rule decides between them: where the value comes from.

**Game input** is what a player, a user or a record supplies: an action and each
of its fields (a bid, a card, a seat, a call, a trump, a hand size, a deck, a
face-down shuffle, a draw), card or suit text, a record, a rule set with its
options and schedule, the player count and the first dealer. A typed line or a
record may hold any value, so game input is refused with its §5 class whatever
is wrong with it, its type included (``bid(state, "1")``, ``Card.parse(5)``,
``new_game(rules, players="4")``):

* an action: the subclass of :class:`IllegalActionError` of its decision, with
  a :class:`Reason` (the table below);
* card text, suit text (``Card.parse``, ``Suit.parse``, ``parse_cards``,
  ``Hand.parse``) and a record: :class:`RecordError`;
* a rule set, an option, a schedule, the fields of a rule object, a player
  count, a first dealer: :class:`RulesError`.

What a table enters on a :class:`~pyclag.scoresheet.ScoreSheet` is game input
too, refused as the engine refuses the decision it stands for: a bid an
IllegalBidError, a hand size an IllegalHandSizeError, a call an
IllegalCallError, a declared trump an IllegalTrumpError, the winner of the
draw for the first bidder an IllegalChanceError (BAD_DRAW), and the tricks
taken an IllegalPlayError: BAD_TRICKS for counts that are not one per seat
adding up to the hand size (or counts where the scoring needs the winner of
each trick), BAD_TRICK for a trick won by no seat of the table. The sheet's
names and table are a RulesError, and its saved file a RecordError.

Wherever an int is taken, game input or not, any integer is one: a value
``operator.index`` takes (NumPy's integers, a bot's ``np.argmax``) is the plain
int it stands for, and is kept as one (``checks.whole``). A bool is not an int,
nor is a float that holds a whole number.

**Every other argument** is a Python value that a program passes: a state, an
rng, an observation, round rules (derived from a state, not supplied), a Suit,
Rank or Card (``Card(suit, rank)``, ``Hand.of_suit``, ``RoundRules.strength``),
the mask or cards of a Hand (``Hand(mask)``, ``Hand.of``), the seat to
``observe``, the bots of ``play_game``, the rounds and steps of ``play_out``, a
trick number (``Madness.trick_value``), a ruling's containers. Of the wrong
type (a bool is not an int) it is a TypeError naming the function, the
parameter, what it must be and what it was (``checks.not_a``):
``Hand.of_suit: suit must be a Suit, not str``. Of the right type but a wrong
value, it raises the §5 class of what the value is about:

* a seat outside the table (``observe(state, 9)``), a table of bots that is not
  one per player (``play_game``): :class:`RulesError`, as for the player count;
* a negative count of rounds or steps (``play_out``): :class:`RulesError`, as
  for an option out of range (how long to play);
* a trick the round does not have (``Madness.trick_value(6, 5)``):
  :class:`RulesError`;
* a hand mask beyond the 52 cards, a card twice in ``Hand.of``:
  :class:`RecordError`, as for card text that names a card twice;
* an observation that no deal is consistent with (``determinize``):
  :class:`RecordError`, as for a record that does not replay;
* a ruling's bids and trick winners (``score_round``, ``trick_winner``): the
  action class of what they stand for (IllegalBidError, IllegalPlayError).

Hot-path helpers that only see values the library made (``hand.cards_of``,
``hand.ONE_SUIT``) check nothing.

Each :class:`Reason` has one class: WRONG_PHASE and GAME_OVER a
:class:`WrongPhaseError`; OUT_OF_TURN an :class:`OutOfTurnError`;
NOT_AN_INTEGER, BID_OUT_OF_RANGE, DEALER_RESTRICTION and FORCED_BID an
:class:`IllegalBidError`; NOT_A_CARD, CARD_NOT_HELD, MUST_FOLLOW_SUIT,
TWO_MAY_NOT_LEAD, BAD_TRICK and BAD_TRICKS an :class:`IllegalPlayError`; BAD_DECLARATION an
:class:`IllegalDeclarationError`; BAD_CALL an :class:`IllegalCallError`;
BAD_TRUMP an :class:`IllegalTrumpError`; BAD_HAND_SIZE an
:class:`IllegalHandSizeError`; BAD_DECK, BAD_SHUFFLE and BAD_DRAW an
:class:`IllegalChanceError`; NOT_AN_ACTION, a value that belongs to no decision,
the base :class:`IllegalActionError` itself.

>>> issubclass(IllegalBidError, IllegalActionError) and issubclass(IllegalBidError, ValueError)
True
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

__all__ = [
    "ClagError",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalCallError",
    "IllegalChanceError",
    "IllegalDeclarationError",
    "IllegalHandSizeError",
    "IllegalPlayError",
    "IllegalTrumpError",
    "OutOfTurnError",
    "Reason",
    "RecordError",
    "Refusal",
    "RulesError",
    "WrongPhaseError",
]


class ClagError(Exception):
    """Base class of every error pyclag raises on purpose.

    A message stays readable whatever it quotes: past 2,000 characters (a
    stranger's million-character "card") its middle is left out, keeping the
    start, which names the input, and the end, which says what was legal.

    >>> len(str(ClagError("bad card text " + "x" * 10**6))) < 2100
    True
    """

    def __init__(self, message: str = "") -> None:
        if len(message) > _LONGEST:
            cut = len(message) - _HEAD - _TAIL
            message = f"{message[:_HEAD]} ... ({cut} characters left out) ... {message[-_TAIL:]}"
        super().__init__(message)


_LONGEST, _HEAD, _TAIL = 2000, 1200, 600


class RulesError(ClagError, ValueError):
    """A bad rule set, option, schedule or player count.

    >>> raise RulesError("unknown option 'x'")
    Traceback (most recent call last):
    pyclag.errors.RulesError: unknown option 'x'
    """


class RecordError(ClagError, ValueError):
    """Bad card text or a bad game record; ``path`` points at the bad field of
    a record (``rounds[2].plays[5]``), ``""`` for the text as a whole.

    >>> err = RecordError("rounds[0].deck: missing 2C", path="rounds[0].deck")
    >>> err.path
    'rounds[0].deck'
    """

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(message)
        self.path = path


class Reason(enum.Enum):
    """Why an action was refused: stable values for programs to match on.

    >>> Reason.MUST_FOLLOW_SUIT.value
    'must-follow-suit'
    """

    WRONG_PHASE = "wrong-phase"
    GAME_OVER = "game-over"
    OUT_OF_TURN = "out-of-turn"
    NOT_AN_INTEGER = "not-an-integer"
    BID_OUT_OF_RANGE = "bid-out-of-range"
    DEALER_RESTRICTION = "dealer-restriction"
    FORCED_BID = "forced-bid"
    NOT_A_CARD = "not-a-card"
    CARD_NOT_HELD = "card-not-held"
    MUST_FOLLOW_SUIT = "must-follow-suit"
    TWO_MAY_NOT_LEAD = "two-may-not-lead"
    BAD_DECLARATION = "bad-declaration"
    BAD_CALL = "bad-call"
    BAD_HAND_SIZE = "bad-hand-size"
    BAD_DECK = "bad-deck"
    BAD_SHUFFLE = "bad-shuffle"
    BAD_DRAW = "bad-draw"
    BAD_TRUMP = "bad-trump"
    NOT_AN_ACTION = "not-an-action"
    BAD_TRICK = "bad-trick"
    BAD_TRICKS = "bad-tricks"


class IllegalActionError(ClagError, ValueError):
    """An action that the rules do not allow in the given state.

    ``reason`` is a stable :class:`Reason`; ``legal`` is what was allowed
    instead (bids, cards or actions, as fits the error).

    >>> err = IllegalActionError("illegal bid 9 by seat 0: ...", Reason.BID_OUT_OF_RANGE, (0, 1))
    >>> err.reason, err.legal
    (<Reason.BID_OUT_OF_RANGE: 'bid-out-of-range'>, (0, 1))
    """

    def __init__(self, message: str, reason: Reason, legal: Sequence[object] = ()) -> None:
        super().__init__(message)
        self.reason = reason
        self.legal: tuple[object, ...] = tuple(legal)


class WrongPhaseError(IllegalActionError):
    """The action does not belong to the pending decision (e.g. a play while bids are pending)."""


class OutOfTurnError(IllegalActionError):
    """The action's seat is not the seat to act."""


class IllegalBidError(IllegalActionError):
    """A bid out of range, against the dealer's restriction, or against a forced bid."""


class IllegalPlayError(IllegalActionError):
    """A card not held, a failure to follow suit, or not the top card of a face-down pile."""


class IllegalDeclarationError(IllegalActionError):
    """A wild two named as a card it may not stand for."""


class IllegalCallError(IllegalActionError):
    """A call the RAF caller may not make (§2.3, Decision 5)."""


class IllegalTrumpError(IllegalActionError):
    """A trump the dealer may not declare in Dealer Calls (§2.0 ``DEALER_CALLS``)."""


class IllegalHandSizeError(IllegalActionError):
    """A hand size the RAF dealer may not choose (§2.3)."""


class IllegalChanceError(IllegalActionError):
    """A chance outcome that cannot happen: a deck that is not the 52 cards, a
    face-down shuffle of cards a seat does not hold, a draw for the first bidder
    that does not settle it (§1.4, §2.3, A25)."""


@attrs.frozen
class Refusal:
    """Why an action is refused, as the rule that refuses it says: the error
    class to raise, the stable :class:`Reason`, and ``why`` in words.
    :mod:`pyclag.engine.rounds` adds the action, the state and what was legal.

    >>> Refusal(IllegalBidError, Reason.BID_OUT_OF_RANGE, "a bid is 0..3 tricks").reason.value
    'bid-out-of-range'
    """

    error: type[IllegalActionError]
    reason: Reason
    why: str
    legal: tuple[object, ...] | None = None
    """What was legal instead, where it is not the decision's legal set (a wild
    two's declarations)."""
    tail: str | None = None
    """What the message ends with, where a list of the legal actions would not help."""

    # A frozen value copies as itself, as checks.Frozen does above this module.
    def __copy__(self) -> Refusal:
        return self

    def __deepcopy__(self, memo: object) -> Refusal:
        return self
