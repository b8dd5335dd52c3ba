"""How a round's suits are ranked: a turned-up trump, no trumps, or a fixed
suit precedence (RULES.md §1.5, §2.0 ``NT``, §2.3 Precedence).

Each rule is a small frozen value; a round spec holds one of them.

>>> TURN_UP, NO_TRUMPS, Precedence("HCDS")
(TurnUp(), NoTrumps(), Precedence('HCDS'))
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from pyclag.cards import Suit
from pyclag.rules.ordering import precedence_order

__all__ = ["NO_TRUMPS", "TURN_UP", "NoTrumps", "Precedence", "SuitRule", "TurnUp"]


@attrs.frozen
class TurnUp:
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


@attrs.frozen
class NoTrumps:
    """No card is turned and there are no trumps: the highest card of the led
    suit wins (§2.0 ``NT``, [V: BGA deal 8])."""

    @property
    def label(self) -> str:
        """Name on a score card.

        >>> NO_TRUMPS.label
        'No Trumps'
        """
        return "No Trumps"


@attrs.frozen(repr=False)
class Precedence:
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

    def __repr__(self) -> str:
        return f"Precedence({''.join(s.letter for s in self.order)!r})"


TURN_UP: Final = TurnUp()
NO_TRUMPS: Final = NoTrumps()

SuitRule: TypeAlias = TurnUp | NoTrumps | Precedence
"""Any rule for ranking a round's suits."""
