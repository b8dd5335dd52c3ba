"""How a round's suits are ranked: a turned-up trump, no trumps, a named
trump suit, the dealer's choice, or a fixed suit precedence (RULES.md §1.5,
§2.0 ``NT`` and ``DEALER_CALLS``, §2.3 Trumps and Precedence).

Each rule is a small frozen value; a round spec holds one of them. Each
answers for itself (:class:`SuitRuleLike`) what a deal under it shows: whether
a card is turned up, the trump or the precedence it names, whether the dealer
declares and what, and the words that describe it.

>>> [rule.turns_up for rule in (TURN_UP, NO_TRUMPS, DealerCalls())], DealerCalls().dealer_declares
([True, False, False], True)

>>> TURN_UP, NO_TRUMPS, Trumps(Suit.HEARTS), DealerCalls(), Precedence("HCDS")
(TurnUp(), NoTrumps(), Trumps(suit=<Suit.HEARTS: 2>), DealerCalls(no_trumps=False), Precedence('HCDS'))
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Final, Protocol, TypeAlias

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
    "SuitRuleLike",
    "Trumps",
    "TurnUp",
]


_SUITS: Final = tuple(Suit)


class SuitRuleLike(Protocol):
    """What every suit rule answers for itself, so that no reader of a round
    spec asks which kind of rule it holds; mypy checks that each kind of
    :data:`SuitRule` answers all of it. Each is read once a round at most,
    never while the cards are played.
    """

    @property
    def label(self) -> str:
        """Name on a score card ('' for the normal turn-up rule)."""
        ...

    @property
    def turns_up(self) -> bool:
        """Whether the card after the last one dealt is turned up to name
        trumps (§1.5; with no card left the ``no_turnup`` guard decides, A30)."""
        ...

    @property
    def dealer_declares(self) -> bool:
        """Whether the dealer declares trumps after the deal (§2.0 ``DEALER_CALLS``)."""
        ...

    @property
    def trump(self) -> Suit | None:
        """The trump suit the rule itself names, or ``None``: no trumps, a
        precedence, or a trump still to be turned up or declared."""
        ...

    @property
    def precedence(self) -> tuple[Suit, ...] | None:
        """The suit order, top first, of a precedence deal (§2.3), else ``None``."""
        ...

    @property
    def trump_suits(self) -> tuple[Suit, ...]:
        """The suits that may turn out to be trumps, as far as the rule alone
        tells: all four while a card is to be turned or the dealer to declare,
        the one named, or none (no trumps, a precedence)."""
        ...

    @property
    def choices(self) -> tuple[Suit | NoTrumps, ...]:
        """What the dealer may declare after the deal; ``()`` where they declare nothing."""
        ...

    def ruling(self, suit: object) -> Suit | NoTrumps | Refusal:
        """The trump the dealer declares by naming ``suit``, or why they may
        not: the one ruling on a declaration (:attr:`choices` is its legal set).

        >>> DealerCalls().ruling(Suit.HEARTS), NO_TRUMPS.ruling(Suit.HEARTS).why
        (<Suit.HEARTS: 2>, 'this round has no trump to declare')
        """
        ...

    @property
    def description(self) -> str:
        """How suits rank in a deal under the rule, in a sentence a player
        reads ('' for the normal turn-up rule, which needs no words)."""
        ...


class _SuitRuleDefaults(Frozen):
    """What a rule answers unless it says otherwise: no card turned, nothing
    to declare, no trump named, no precedence (:class:`SuitRuleLike`)."""

    __slots__ = ()

    @property
    def turns_up(self) -> bool:
        """No card is turned."""
        return False

    @property
    def dealer_declares(self) -> bool:
        """The dealer declares nothing."""
        return False

    @property
    def trump(self) -> Suit | None:
        """No trump suit named."""
        return None

    @property
    def precedence(self) -> tuple[Suit, ...] | None:
        """No precedence."""
        return None

    @property
    def trump_suits(self) -> tuple[Suit, ...]:
        """No suit may be trumps."""
        return ()

    @property
    def choices(self) -> tuple[Suit | NoTrumps, ...]:
        """Nothing to declare."""
        return ()

    def ruling(self, suit: object) -> Suit | NoTrumps | Refusal:
        """No declaration: the deal has none.

        >>> TURN_UP.ruling(Suit.HEARTS).why
        'this round has no trump to declare'
        """
        return Refusal(IllegalTrumpError, Reason.BAD_TRUMP, "this round has no trump to declare")


def _word(choice: Suit | NoTrumps) -> str:
    return choice.name.lower() if isinstance(choice, Suit) else "no trumps"


class NoTurnUp(enum.Enum):
    """What happens when a turn-up round deals the whole pack (N·h = 52, §1.5, A30).

    * ``NO_TRUMPS``: the round is played without trumps (the Oh Hell convention, [V: OH-WP]).
    * ``REJECT``: such a schedule is refused when the game starts.
    """

    NO_TRUMPS = "no_trumps"
    REJECT = "reject"


@attrs.frozen
class TurnUp(_SuitRuleDefaults):
    """The card after the last one dealt is turned face up; its suit is trumps
    (§1.5). With no card left to turn, the rule set's ``no_turnup`` guard decides.

    >>> TURN_UP.turns_up, TURN_UP.trump, len(TURN_UP.trump_suits), TURN_UP.description
    (True, None, 4, '')
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

    @property
    def shorthand(self) -> str:
        """What a player types to call the turn-up trump: a bare ``trumps``."""
        return "trumps"

    @property
    def turns_up(self) -> bool:
        """A card is turned up."""
        return True

    @property
    def trump_suits(self) -> tuple[Suit, ...]:
        """Any suit may be turned up."""
        return _SUITS

    @property
    def description(self) -> str:
        """The normal rule needs no words."""
        return ""


@attrs.frozen
class NoTrumps(_SuitRuleDefaults):
    """No card is turned and there are no trumps: the highest card of the led
    suit wins (§2.0 ``NT``, [V: BGA deal 8]).

    >>> NO_TRUMPS.shorthand, NO_TRUMPS.description
    ('nt', 'No trumps: the highest card of the suit led wins each trick.')
    """

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

    @property
    def shorthand(self) -> str:
        """What a player types to call no trumps."""
        return "nt"

    @property
    def description(self) -> str:
        """How a trick is won without trumps."""
        return "No trumps: the highest card of the suit led wins each trick."


@attrs.frozen
class Trumps(_SuitRuleDefaults):
    """A named trump suit: the RAF caller's "Trumps" call (§2.3, A19) or the
    dealer's declaration in a dealer-calls deal (§2.0). No card is turned.

    >>> Trumps(Suit.SPADES).label, Trumps(Suit.SPADES).trump, Trumps(Suit.SPADES).description
    ('Trumps S', <Suit.SPADES: 3>, 'Trumps are spades.')
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

    @property
    def shorthand(self) -> str:
        """What a player types to call this trump suit (``trumps H``)."""
        return f"trumps {self.suit.letter}"

    @property
    def trump(self) -> Suit | None:
        """The named suit."""
        return self.suit

    @property
    def trump_suits(self) -> tuple[Suit, ...]:
        """The named suit."""
        return (self.suit,)

    @property
    def description(self) -> str:
        """The trump suit, in words."""
        return f"Trumps are {_word(self.suit)}."


@attrs.frozen
class DealerCalls(_SuitRuleDefaults):
    """After seeing their hand the dealer names the trump suit; no card is
    turned (§2.0 ``DEALER_CALLS`` [T: TG], A11). ``no_trumps`` lets the dealer
    call no trumps too (``dealer_calls_allow_nt``).

    >>> DealerCalls().choices
    (<Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>, <Suit.HEARTS: 2>, <Suit.SPADES: 3>)
    >>> print(DealerCalls(no_trumps=True).description)
    Dealer Calls: the dealer declares trumps after seeing their hand: clubs, diamonds, hearts, spades, no trumps.
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

    @property
    def dealer_declares(self) -> bool:
        """The dealer declares trumps after seeing their hand."""
        return True

    @property
    def trump_suits(self) -> tuple[Suit, ...]:
        """The dealer may declare any suit (or, with ``no_trumps``, none)."""
        return _SUITS

    @property
    def description(self) -> str:
        """The declaration and its choices, in words."""
        choices = ", ".join(map(_word, self.choices))
        return f"{self.label}: the dealer declares trumps after seeing their hand: {choices}."


@attrs.frozen(repr=False)
class Precedence(_SuitRuleDefaults):
    """A fixed suit order, top first: a card of a higher suit beats every card
    of a lower suit, whatever was led; following suit is still compulsory
    (§2.3 [V], A35). No card is turned.

    >>> Precedence("DHSC").order[0], Precedence("DHSC").precedence == Precedence("DHSC").order
    (<Suit.DIAMONDS: 1>, True)
    >>> print(Precedence("HSDC").description)
    Suit precedence H S D C: a card of a higher suit beats every card of a lower suit, whatever was led (follow suit as usual).
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

    @property
    def shorthand(self) -> str:
        """What a player types to call this precedence (``precedence HCDS``)."""
        return "precedence " + "".join(s.letter for s in self.order)

    @property
    def precedence(self) -> tuple[Suit, ...] | None:
        """The suit order, top first."""
        return self.order

    @property
    def description(self) -> str:
        """The order and what it does, in words."""
        order = " ".join(suit.letter for suit in self.order)
        return (
            f"Suit precedence {order}: a card of a higher suit beats every card of a lower "
            "suit, whatever was led (follow suit as usual)."
        )

    def __repr__(self) -> str:
        return f"Precedence({''.join(s.letter for s in self.order)!r})"


TURN_UP: Final = TurnUp()
NO_TRUMPS: Final = NoTrumps()

SuitRule: TypeAlias = TurnUp | NoTrumps | Trumps | DealerCalls | Precedence
"""Any rule for ranking a round's suits; each answers for itself (:class:`SuitRuleLike`)."""

if TYPE_CHECKING:  # mypy checks here that each kind of rule answers the whole protocol
    _KINDS: tuple[type[SuitRuleLike], ...] = (TurnUp, NoTrumps, Trumps, DealerCalls, Precedence)
