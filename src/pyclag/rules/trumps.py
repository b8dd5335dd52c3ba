"""How a round's suits are ranked: a turned-up trump, no trumps, a named
trump suit, the dealer's choice, or a fixed suit precedence (RULES.md §1.5,
§2.0 ``NT`` and ``DEALER_CALLS``, §2.3 Trumps and Precedence).

Each rule is a small frozen value; a round spec holds one of them.

>>> TURN_UP, NO_TRUMPS, Trumps(Suit.HEARTS), DealerCalls(), Precedence("HCDS")
(TurnUp(), NoTrumps(), Trumps(suit=<Suit.HEARTS: 2>), DealerCalls(no_trumps=False), Precedence('HCDS'))
"""

from __future__ import annotations

import enum
from typing import Final, TypeAlias

import attrs

from pyclag._checks import Frozen, is_flag, is_member
from pyclag.actions import DeclareTrump
from pyclag.cards import Suit
from pyclag.errors import IllegalTrumpError, Reason, Refusal
from pyclag.rules.ordering import precedence_order

__all__ = [
    "NO_TRUMPS",
    "TURN_UP",
    "DealerCalls",
    "NoTrumps",
    "NoTurnUp",
    "Precedence",
    "SuitRule",
    "Trumps",
    "TurnUp",
]


class NoTurnUp(enum.Enum):
    """What happens when a turn-up round deals the whole pack (N·h = 52, §1.5, A30).

    * ``NO_TRUMPS``: the round is played without trumps (the Oh Hell convention, [V: OH-WP]).
    * ``REJECT``: such a schedule is refused when the game starts.
    """

    NO_TRUMPS = "no_trumps"
    REJECT = "reject"


@attrs.frozen
class TurnUp(Frozen):
    """The card after the last one dealt is turned face up; its suit is trumps
    (§1.5). With no card left to turn, the rule set's ``no_turnup`` guard decides.
    """

    @property
    def label(self) -> str:
        """Name on a score card ('' for the normal rule).

        >>> TURN_UP.label
        ''
        """
        return ""

    @property
    def notation(self) -> str:
        """How a call of the turn-up trump is written (``raf_trumps_from_turnup``).

        >>> TURN_UP.notation
        'turn-up'
        """
        return "turn-up"


@attrs.frozen
class NoTrumps(Frozen):
    """No card is turned and there are no trumps: the highest card of the led
    suit wins (§2.0 ``NT``, [V: BGA deal 8])."""

    @property
    def label(self) -> str:
        """Name on a score card.

        >>> NO_TRUMPS.label
        'No Trumps'
        """
        return "No Trumps"

    @property
    def notation(self) -> str:
        """How a call or a declaration of no trumps is written.

        >>> NO_TRUMPS.notation
        'no-trumps'
        """
        return "no-trumps"


@attrs.frozen
class Trumps(Frozen):
    """A named trump suit: the RAF caller's "Trumps" call (§2.3, A19) or the
    dealer's declaration in a dealer-calls deal (§2.0). No card is turned.

    >>> Trumps(Suit.SPADES).label
    'Trumps S'
    """

    suit: Suit = attrs.field(validator=is_member(Suit))

    @property
    def label(self) -> str:
        """Name on a score card."""
        return f"Trumps {self.suit.letter}"

    @property
    def notation(self) -> str:
        """How a call of this trump suit is written.

        >>> Trumps(Suit.HEARTS).notation
        'trumps:H'
        """
        return f"trumps:{self.suit.letter}"


@attrs.frozen
class DealerCalls(Frozen):
    """After seeing their hand the dealer names the trump suit; no card is
    turned (§2.0 ``DEALER_CALLS`` [T: TG], A11). ``no_trumps`` lets the dealer
    call no trumps too (``dealer_calls_allow_nt``).

    >>> DealerCalls().choices
    (<Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>, <Suit.HEARTS: 2>, <Suit.SPADES: 3>)
    """

    no_trumps: bool = attrs.field(default=False, validator=is_flag)

    @property
    def choices(self) -> tuple[Suit | NoTrumps, ...]:
        """What the dealer may declare (``NO_TRUMPS`` where ``no_trumps`` allows it).

        >>> DealerCalls(no_trumps=True).choices[-1]
        NoTrumps()
        """
        return (*Suit, NO_TRUMPS) if self.no_trumps else tuple(Suit)

    def ruling(self, suit: object) -> Suit | NoTrumps | Refusal:
        """The trump ``suit`` declares, or why the dealer may not declare it:
        the one ruling on a declaration (:attr:`choices` is its legal set).

        >>> DealerCalls().ruling(Suit.HEARTS), DealerCalls().ruling(NO_TRUMPS).tail
        (<Suit.HEARTS: 2>, 'legal trumps: C D H S')
        """
        legal = self.choices
        if (type(suit) is Suit or isinstance(suit, NoTrumps)) and suit in legal:
            return suit
        shown = " ".join(str(DeclareTrump(0, choice)) for choice in legal)
        why = "not a trump the dealer may name"
        return Refusal(IllegalTrumpError, Reason.BAD_TRUMP, why, None, f"legal trumps: {shown}")

    @property
    def label(self) -> str:
        """Name on a score card.

        >>> DealerCalls().label
        'Dealer Calls'
        """
        return "Dealer Calls"


@attrs.frozen(repr=False)
class Precedence(Frozen):
    """A fixed suit order, top first: a card of a higher suit beats every card
    of a lower suit, whatever was led; following suit is still compulsory
    (§2.3 [V], A35). No card is turned.

    >>> Precedence("DHSC").order[0]
    <Suit.DIAMONDS: 1>
    """

    order: tuple[Suit, ...] = attrs.field(converter=precedence_order)

    @property
    def label(self) -> str:
        """Name on a score card.

        >>> Precedence("HCDS").label
        'Precedence HCDS'
        """
        return "Precedence " + "".join(s.letter for s in self.order)

    @property
    def notation(self) -> str:
        """How a call of this precedence is written.

        >>> Precedence("HCDS").notation
        'precedence:HCDS'
        """
        return "precedence:" + "".join(s.letter for s in self.order)

    def __repr__(self) -> str:
        return f"Precedence({''.join(s.letter for s in self.order)!r})"


TURN_UP: Final = TurnUp()
NO_TRUMPS: Final = NoTrumps()

SuitRule: TypeAlias = TurnUp | NoTrumps | Trumps | DealerCalls | Precedence
"""Any rule for ranking a round's suits."""
