"""Round specs (one entry of a schedule) and the resolved rules of a round.

A :class:`RoundSpec` says how a round is played before it starts: its hand
size and its rule values, one per axis (suits, rank order, bidding, reveal,
play, wild twos, the RAF caller, scoring). :class:`RoundRules` is what trick
resolution and scoring need once the round's trump is known.

>>> from pyclag.rules.trumps import NO_TRUMPS
>>> spec = RoundSpec(7, suits=NO_TRUMPS)
>>> spec.label, spec.has_bids
('No Trumps', True)
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from pyclag._caches import bounded
from pyclag._checks import (
    Frozen,
    integer,
    is_instance,
    is_int,
    is_member,
    is_name,
    is_whole,
    not_a,
    whole,
)
from pyclag.actions import Call, CallChoice
from pyclag.cards import DECK, Suit
from pyclag.errors import IllegalHandSizeError, Reason, Refusal, RulesError
from pyclag.limits import MAX_HAND_SIZE
from pyclag.rules.calls import CallRules
from pyclag.rules.deals import Bidding, PlayMode, Reveal, TwosWild
from pyclag.rules.ordering import RankOrder, precedence_order
from pyclag.rules.trumps import (
    NO_TRUMPS,
    TURN_UP,
    DealerCalls,
    NoTrumps,
    NoTurnUp,
    Precedence,
    SuitRule,
    Trumps,
    TurnUp,
)
from pyclag.scoring.schemes import ContractScoring, MostTricks, Scoring

__all__ = ["MAX_HAND_SIZE", "RoundRules", "RoundSpec"]


def _hand_sizes(sizes: Any) -> tuple[int, ...]:
    try:
        return tuple(sorted(set(map(whole, sizes))))  # NumPy integers as plain ints
    except TypeError:
        raise RulesError(f"hand_sizes must be a collection of ints, not {sizes!r}") from None


def _optional(*kinds: type, label: str) -> Any:
    return attrs.validators.optional(is_instance(*kinds, label=label))


def _precedence(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        return
    if not isinstance(value, tuple):
        raise RulesError(
            f"{attribute.name} must be None or a tuple of the four suits, top first, not {value!r}"
        )
    precedence_order(value)  # a RulesError unless it holds each suit once


@attrs.frozen(cache_hash=True)
class RoundSpec(Frozen):
    """One round of a schedule.

    * ``hand_size``: cards per player; when the dealer chooses (RAF), the
      largest of ``hand_sizes``, the sizes the dealer may choose from.
    * ``suits``: how suits rank (turn-up, no trumps, named trumps, the
      dealer's call, a precedence); ``rank_order``: ranks within a suit.
    * ``bidding``, ``reveal``, ``play``, ``twos``: the special-deal axes of
      :mod:`pyclag.rules.deals`.
    * ``calls``: the RAF caller chooses this round's rules (the call replaces
      the axes above once made); ``scoring`` replaces the rule set's scoring for
      this round when given; ``name`` is what a score card calls the round.

    >>> RoundSpec(3).label, RoundSpec(7, rank_order=RankOrder.ACES_LOW).label
    ('', 'Aces Low')
    >>> from pyclag.scoring.schemes import F3
    >>> RoundSpec(7, scoring=F3).label
    'F3 scoring'
    """

    hand_size: int = attrs.field(converter=integer, validator=is_int(1, MAX_HAND_SIZE))
    suits: SuitRule = attrs.field(
        default=TURN_UP,
        validator=is_instance(
            TurnUp, NoTrumps, Trumps, DealerCalls, Precedence, label="a SuitRule"
        ),
    )
    rank_order: RankOrder = attrs.field(default=RankOrder.ACE_HIGH, validator=is_member(RankOrder))
    scoring: Scoring | None = attrs.field(
        default=None, validator=_optional(ContractScoring, MostTricks, label="a Scoring")
    )
    bidding: Bidding = attrs.field(default=Bidding.SEEN, validator=is_member(Bidding))
    reveal: Reveal = attrs.field(default=Reveal.BEFORE_BIDS, validator=is_member(Reveal))
    play: PlayMode = attrs.field(default=PlayMode.HAND, validator=is_member(PlayMode))
    twos: TwosWild | None = attrs.field(
        default=None, validator=_optional(TwosWild, label="a TwosWild")
    )
    hand_sizes: tuple[int, ...] = attrs.field(default=(), converter=_hand_sizes)
    calls: CallRules | None = attrs.field(
        default=None, validator=_optional(CallRules, label="CallRules")
    )
    name: str = attrs.field(default="", validator=is_name)

    def __attrs_post_init__(self) -> None:
        if self.hand_sizes and (
            not all(type(h) is int and 1 <= h <= MAX_HAND_SIZE for h in self.hand_sizes)
            or self.hand_size != self.hand_sizes[-1]
        ):
            raise RulesError(
                f"hand_sizes must be ints in 1..{MAX_HAND_SIZE} whose largest is the "
                f"hand_size {self.hand_size}, not {self.hand_sizes!r}"
            )
        if self.twos is not None and self.play.is_pile:
            raise RulesError("twos cannot be wild when cards are played from face-down piles")

    @property
    def has_bids(self) -> bool:
        """Whether players choose bids in this round (not in misère or most tricks).

        >>> RoundSpec(7, bidding=Bidding.FORCED_ZERO).has_bids
        False
        """
        return self.bidding.has_bids

    def legal_hand_sizes(
        self, players: int, no_turnup: NoTurnUp = NoTurnUp.NO_TRUMPS
    ) -> tuple[int, ...]:
        """The hand sizes the dealer may choose for ``players`` (§2.3 [V]: 3 to
        7 in the RAF game): those of ``hand_sizes`` the pack can deal. Under
        ``no_turnup`` ``REJECT`` a size that deals the whole pack of a turn-up
        round is refused too, as it is in a schedule (§1.5, A30).

        >>> RoundSpec(7, hand_sizes=range(3, 8)).legal_hand_sizes(7)
        (3, 4, 5, 6, 7)
        >>> spec = RoundSpec(7, hand_sizes=range(3, 8))
        >>> spec.legal_hand_sizes(13), spec.legal_hand_sizes(13, NoTurnUp.REJECT)
        ((3, 4), (3,))
        """
        # A30: with no card left to turn up, the round is refused rather than played without trumps.
        most = 51 if no_turnup is NoTurnUp.REJECT and isinstance(self.suits, TurnUp) else 52
        return tuple(h for h in self.hand_sizes if h * players <= most)

    def hand_size_refusal(
        self, players: int, size: object, no_turnup: NoTurnUp = NoTurnUp.NO_TRUMPS
    ) -> Refusal | None:
        """Why the dealer may not choose ``size``, or ``None``: the one ruling
        on a hand size (:meth:`legal_hand_sizes` is its legal set).

        >>> RoundSpec(7, hand_sizes=range(3, 8)).hand_size_refusal(4, 8).why
        'not a hand size the dealer may choose'
        """
        if is_whole(size) and size in self.legal_hand_sizes(players, no_turnup):
            return None
        why = "not a hand size the dealer may choose"
        return Refusal(IllegalHandSizeError, Reason.BAD_HAND_SIZE, why)

    @property
    def label(self) -> str:
        """What a score card says of this round ('' for a normal round).

        >>> RoundSpec(7, suits=Precedence("HCDS"), rank_order=RankOrder.TWO_HIGH).label
        'Precedence HCDS, Nuloss'
        >>> RoundSpec(7, reveal=Reveal.AFTER_BIDS, twos=TwosWild()).label
        'Guess Trumps, Twos Wild'
        """
        if self.name:
            return self.name
        parts = [
            "Caller's choice" if self.calls is not None else self.suits.label,
            "Guess Trumps" if self.reveal is Reveal.AFTER_BIDS else "",
            _BIDDING_LABELS[self.bidding],
            _PLAY_LABELS[self.play],
            "Twos Wild" if self.twos is not None else "",
            _ORDER_LABELS[self.rank_order],
        ]
        if self.scoring is not None and self.bidding is not Bidding.FORCED_ZERO:
            parts.append(self.scoring.label)
        return ", ".join(part for part in parts if part)

    def with_call(self, call: CallChoice | Call, scoring: ContractScoring) -> RoundSpec:
        """The round as ``call`` makes it, scored from the rule set's ``scoring``
        (§2.3: F1 with the madness weights; misère tricks score negatively).

        >>> from pyclag.actions import Madness
        >>> spec = RoundSpec(7, hand_sizes=range(3, 8), calls=CallRules())
        >>> from pyclag.scoring.schemes import F1
        >>> called = spec.with_call(CallChoice(Suit.HEARTS, misere=True, madness=Madness.ASCENDING), F1)
        >>> called.label, called.suits, called.bidding.value, called.scoring.per_trick_on_miss
        ('Trumps H, Misère, Ascending Madness', Trumps(suit=<Suit.HEARTS: 2>), 'forced-zero', -2)
        """
        calls = self.calls if self.calls is not None else CallRules()
        on_made, on_miss = scoring.per_trick, scoring.per_trick_on_miss
        if call.misere:
            on_miss = calls.misere_per_trick
        elif calls.madness_points_on_miss and call.madness is not None:
            on_miss = scoring.per_trick  # A21: a missed bid keeps its tricks' madness values
        suits = call.suits
        rule: SuitRule
        if isinstance(suits, Suit):
            rule = Trumps(suits)
        elif isinstance(suits, (TurnUp, NoTrumps, Precedence)):
            rule = suits
        else:
            raise RulesError(
                f"a call's suits must be a Suit, TURN_UP, NO_TRUMPS or a Precedence, not {suits!r}"
            )
        return attrs.evolve(
            self,
            suits=rule,
            rank_order=RankOrder.TWO_HIGH if call.nuloss else RankOrder.ACE_HIGH,
            bidding=Bidding.FORCED_ZERO if call.misere else Bidding.SEEN,
            reveal=Reveal.BEFORE_BIDS,
            play=PlayMode.SHUFFLED if call.blind else PlayMode.HAND,
            twos=None,
            scoring=ContractScoring(
                call.label, on_made, on_miss, bonus=scoring.bonus, madness=call.madness
            ),
            name=call.label,
        )

    def with_trump(self, suit: Suit | NoTrumps) -> RoundSpec:
        """The round once the dealer has declared ``suit`` (or ``NO_TRUMPS``).

        >>> RoundSpec(7, suits=DealerCalls()).with_trump(Suit.CLUBS).label
        'Dealer Calls: Trumps C'
        """
        suits: NoTrumps | Trumps = NO_TRUMPS if isinstance(suit, NoTrumps) else Trumps(suit)
        label = self.name or self.suits.label
        return attrs.evolve(self, suits=suits, name=f"{label}: {suits.label}")


_ORDER_LABELS: Final = {
    RankOrder.ACE_HIGH: "",
    RankOrder.ACES_LOW: "Aces Low",
    RankOrder.ACES_LOW_PLAIN: "Aces Low (not in trumps)",
    RankOrder.TWO_HIGH: "Nuloss",
}
_BIDDING_LABELS: Final = {
    Bidding.SEEN: "",
    Bidding.UNSEEN: "Blind",
    Bidding.BEFORE_DEAL: "Blind (bids before the deal)",
    Bidding.FORCED_ZERO: "Misère",
    Bidding.NONE: "",
}
_PLAY_LABELS: Final = {
    PlayMode.HAND: "",
    PlayMode.DEALT_ORDER: "Roll 'Em",
    PlayMode.REVERSE_ORDER: "Roll 'Em (last card dealt first)",
    PlayMode.SHUFFLED: "Blind play",
}


@attrs.frozen
class RoundRules(Frozen):
    """The resolved rules of one round: what decides a trick and the score.

    ``trump`` is the trump suit or ``None``; ``precedence`` (top suit first)
    replaces trumps and the led suit when given (§1.8 comparator).

    >>> from pyclag.scoring.schemes import F1
    >>> RoundRules(trump=Suit.HEARTS, scoring=F1).trump
    <Suit.HEARTS: 2>
    >>> RoundRules(trump="H", scoring=F1)
    Traceback (most recent call last):
    pyclag.errors.RulesError: trump must be None or a Suit, not 'H'
    """

    trump: Suit | None = attrs.field(validator=_optional(Suit, label="None or a Suit"))
    scoring: Scoring = attrs.field(
        validator=is_instance(ContractScoring, MostTricks, label="a Scoring")
    )
    rank_order: RankOrder = attrs.field(default=RankOrder.ACE_HIGH, validator=is_member(RankOrder))
    precedence: tuple[Suit, ...] | None = attrs.field(default=None, validator=_precedence)
    # The strength tables by led suit, built once: trick resolution is a hot path.
    tables: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        tables = tuple(
            _strength_table(self.trump, self.precedence, self.rank_order, led) for led in Suit
        )
        object.__setattr__(self, "tables", tables)

    def strength(self, led: Suit) -> tuple[int, ...]:
        """Strength of each card (by index) in a trick led in ``led``; the
        strongest card wins. Cached: a small table per rules and led suit. A
        ``led`` that is not a Suit is a TypeError (not game input: the engine
        passes the suit of the card led).

        >>> from pyclag.cards import Card
        >>> from pyclag.scoring.schemes import F1
        >>> table = RoundRules(trump=Suit.HEARTS, scoring=F1).strength(Suit.SPADES)
        >>> table[Card.parse("2H").index] > table[Card.parse("AS").index] > table[Card.parse("KD").index]
        True
        >>> RoundRules(trump=None, scoring=F1).strength("S")
        Traceback (most recent call last):
        TypeError: RoundRules.strength: led must be a Suit, not str
        """
        if type(led) is not Suit:
            raise not_a("RoundRules.strength", "led", "a Suit", led)
        return self.tables[led.value]


# A finite domain, bounded by construction: trump (4 suits or none) or one of the 24
# precedences, times 4 rank orders and 4 led suits, is at most 29 * 16 = 464 tables.
@bounded(1024)
def _strength_table(
    trump: Suit | None, precedence: tuple[Suit, ...] | None, order: RankOrder, led: Suit
) -> tuple[int, ...]:
    # §1.8 comparator: key = (class, rank value); class is 2 for trumps, 1 for
    # the led suit, 0 otherwise. Under precedence the class is the suit's
    # position in the order (top highest) and the led suit is ignored (A35).
    # Values are doubled so that a wild two can add 1 to beat its natural twin.
    trumps = order.in_trumps

    def suit_class(suit: Suit) -> int:
        if precedence is not None:
            return 4 - precedence.index(suit)
        return 2 if suit is trump else 1 if suit is led else 0

    return tuple(
        2
        * (
            suit_class(card.suit) * 16
            + (trumps if card.suit is trump else order).value_of(card.rank)
        )
        if precedence is not None or suit_class(card.suit)
        else 0
        for card in DECK
    )
