"""Round specs (one entry of a schedule) and the resolved rules of a round.

A :class:`RoundSpec` says how a round is played before it starts: its hand
size and its rule values. :class:`RoundRules` is what trick resolution and
scoring need once the round's trump is known.

>>> from pyclag.rules.trumps import NO_TRUMPS
>>> spec = RoundSpec(7, suits=NO_TRUMPS)
>>> spec.label
'No Trumps'
"""

from __future__ import annotations

import functools
from typing import Final

import attrs

from pyclag._check import is_instance, is_int, is_member
from pyclag.cards import DECK, Suit
from pyclag.phases import NORMAL_PHASES, Phase
from pyclag.rules.ordering import RankOrder
from pyclag.rules.trumps import TURN_UP, NoTrumps, Precedence, SuitRule, TurnUp
from pyclag.scoring.schemes import ContractScoring, Scoring

__all__ = ["MAX_HAND_SIZE", "RoundRules", "RoundSpec"]

MAX_HAND_SIZE: Final = 52
"""No round deals more than the whole pack to one player."""


@attrs.frozen(cache_hash=True)
class RoundSpec:
    """One round of a schedule.

    ``hand_size`` is the number of cards each player gets. ``suits`` ranks the
    suits (turn-up trump, no trumps, or a fixed precedence); ``rank_order``
    ranks the cards within a suit; ``scoring`` replaces the rule set's scoring
    for this round when given.

    >>> RoundSpec(3).label, RoundSpec(7, rank_order=RankOrder.ACES_LOW).label
    ('', 'Aces Low')
    >>> from pyclag.scoring.schemes import F3
    >>> RoundSpec(7, scoring=F3).label
    'F3 scoring'
    """

    hand_size: int = attrs.field(validator=is_int(1, MAX_HAND_SIZE))
    suits: SuitRule = attrs.field(
        default=TURN_UP,
        validator=is_instance(TurnUp, NoTrumps, Precedence, label="a SuitRule"),
    )
    rank_order: RankOrder = attrs.field(default=RankOrder.ACE_HIGH, validator=is_member(RankOrder))
    scoring: Scoring | None = attrs.field(
        default=None,
        validator=attrs.validators.optional(is_instance(ContractScoring, label="a Scoring")),
    )

    @property
    def phases(self) -> tuple[Phase, ...]:
        """The decisions of this round, in order (see :mod:`pyclag.phases`).

        >>> [phase.value for phase in RoundSpec(5).phases]
        ['deal', 'bid', 'play']
        """
        return NORMAL_PHASES

    @property
    def label(self) -> str:
        """What a score card says of this round ('' for a normal round).

        >>> RoundSpec(7, suits=Precedence("HCDS"), rank_order=RankOrder.TWO_HIGH).label
        'Precedence HCDS, Nuloss'
        """
        parts = [self.suits.label, _ORDER_LABELS[self.rank_order]]
        if self.scoring is not None:
            parts.append(self.scoring.label)
        return ", ".join(part for part in parts if part)


_ORDER_LABELS: Final = {
    RankOrder.ACE_HIGH: "",
    RankOrder.ACES_LOW: "Aces Low",
    RankOrder.TWO_HIGH: "Nuloss",
}


@attrs.frozen
class RoundRules:
    """The resolved rules of one round: what decides a trick and the score.

    ``trump`` is the trump suit or ``None``; ``precedence`` (top suit first)
    replaces trumps and the led suit when given (§1.8 comparator).

    >>> from pyclag.scoring.schemes import F1
    >>> RoundRules(trump=Suit.HEARTS, scoring=F1).trump
    <Suit.HEARTS: 2>
    """

    trump: Suit | None
    scoring: Scoring
    rank_order: RankOrder = RankOrder.ACE_HIGH
    precedence: tuple[Suit, ...] | None = None
    # The strength tables by led suit, built once: trick resolution is a hot path.
    tables: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        tables = tuple(
            _strength_table(self.trump, self.precedence, self.rank_order, led) for led in Suit
        )
        object.__setattr__(self, "tables", tables)

    def strength(self, led: Suit) -> tuple[int, ...]:
        """Strength of each card (by index) in a trick led in ``led``; the
        strongest card wins. Cached: a small table per rules and led suit.

        >>> from pyclag.cards import Card
        >>> from pyclag.scoring.schemes import F1
        >>> table = RoundRules(trump=Suit.HEARTS, scoring=F1).strength(Suit.SPADES)
        >>> table[Card.parse("2H").index] > table[Card.parse("AS").index] > table[Card.parse("KD").index]
        True
        """
        return self.tables[led.value]


@functools.cache
def _strength_table(
    trump: Suit | None, precedence: tuple[Suit, ...] | None, order: RankOrder, led: Suit
) -> tuple[int, ...]:
    # §1.8 comparator: key = (class, rank value); class is 2 for trumps, 1 for
    # the led suit, 0 otherwise. Under precedence the class is the suit's
    # position in the order (top highest) and the led suit is ignored (A35).
    # Values are doubled so that a wild two can add 1 to beat its natural twin.
    def suit_class(suit: Suit) -> int:
        if precedence is not None:
            return 4 - precedence.index(suit)
        return 2 if suit is trump else 1 if suit is led else 0

    return tuple(
        2 * (suit_class(card.suit) * 16 + order.value_of(card.rank))
        if precedence is not None or suit_class(card.suit)
        else 0
        for card in DECK
    )
