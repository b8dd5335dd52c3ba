"""The rulings on one trick and one round: who wins a trick (RULES.md §1.8,
A35, A36), what a round scores (§1.9, §2.0, §2.3), and whether the tricks a
table says it took can be a round's (§4 invariants 19 and 28).

>>> from pyclag.actions import Play
>>> from pyclag.cards import Suit, parse_cards
>>> from pyclag.rules.round import RoundRules
>>> from pyclag.scoring.schemes import F1
>>> cards = parse_cards("3D QH TD 8C")
>>> trick_winner([Play(seat, card) for seat, card in enumerate(cards)], RoundRules(Suit.HEARTS, F1))
1
"""

from __future__ import annotations

from collections.abc import Sequence

from pyclag._checks import is_whole, not_a, whole
from pyclag.actions import Play
from pyclag.cards import Card, Suit
from pyclag.errors import IllegalBidError, IllegalPlayError, Reason, Refusal
from pyclag.rules.play import best_play, play_strength
from pyclag.rules.round import RoundRules

__all__ = [
    "beats",
    "card_strength",
    "checked_trick",
    "score_round",
    "trick_winner",
    "trick_winners_refusal",
    "tricks_refusal",
    "winning_play",
]


def trick_winner(plays: Sequence[Play], round_rules: RoundRules) -> int:
    """The seat that wins a trick, given its plays in order (leader first).

    The highest trump wins, else the highest card of the suit led; under a
    precedence the highest suit present wins whatever was led. A wild two
    counts as the card it names and beats that card played naturally.

    >>> from pyclag.cards import Suit, parse_cards
    >>> from pyclag.rules.ordering import RankOrder
    >>> from pyclag.scoring.schemes import F1
    >>> nuloss = RoundRules(None, F1, RankOrder.TWO_HIGH, precedence=(Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.CLUBS))
    >>> trick_winner([Play(s, c) for s, c in enumerate(parse_cards("5C 9S KC AS"))], nuloss)
    1

    ``plays`` that are not a sequence (a list or tuple), or ``round_rules``
    that are not a RoundRules, are a TypeError; plays that cannot be a trick
    (none, not cards, a seat or a card twice) an IllegalPlayError.

    >>> trick_winner([Play(0, Card.parse("AS")), Play(0, Card.parse("KS"))], nuloss)
    Traceback (most recent call last):
    pyclag.errors.IllegalPlayError: trick_winner: a trick has one play per seat, each of another card; seats 0 0 played AS KS
    """
    return best_play(checked_trick("trick_winner", plays, round_rules), round_rules).seat


def checked_trick(name: str, plays: object, round_rules: object) -> Sequence[Play]:
    """``plays`` if they can be a trick (or its start) under ``round_rules``;
    else the refusal :func:`trick_winner` documents, its message opening with ``name``.

    >>> from pyclag.scoring.schemes import F1
    >>> checked_trick("f", [], RoundRules(None, F1))
    Traceback (most recent call last):
    pyclag.errors.IllegalPlayError: f needs one or more Play values of cards, not []
    """
    if not isinstance(round_rules, RoundRules):
        raise not_a(name, "round_rules", "a RoundRules", round_rules)
    if isinstance(plays, (str, bytes)) or not isinstance(plays, Sequence):
        raise not_a(name, "plays", "a sequence of Play values", plays)
    if not plays or not all(
        isinstance(play, Play)
        and isinstance(play.card, Card)
        and (play.as_card is None or isinstance(play.as_card, Card))
        for play in plays
    ):
        raise IllegalPlayError(
            f"{name} needs one or more Play values of cards, not {plays!r}",
            Reason.NOT_A_CARD,
        )
    seats = [play.seat for play in plays]
    if (
        not all(type(seat) is int and seat >= 0 for seat in seats)
        or len(set(seats)) < len(plays)
        or len({play.card for play in plays}) < len(plays)
    ):
        raise IllegalPlayError(
            f"{name}: a trick has one play per seat, each of another card; seats "
            f"{' '.join(map(repr, seats))} played {' '.join(str(play.card) for play in plays)}",
            Reason.BAD_TRICK,
        )
    return plays


def card_strength(card: Card | Play, led: Suit, round_rules: RoundRules) -> int:
    """How strong ``card`` is in a trick led in ``led`` under ``round_rules``
    (the deal's :attr:`~pyclag.views.Observation.round_rules`): the stronger
    card wins, and 0 is a card that cannot win (another suit than the one
    led, not a trump). It is the engine's own ruling (§1.8): trumps above the
    suit led, a precedence's order whatever was led (A35), the rank order of
    Nuloss (in trumps too, A36) or Aces Low (A37). A ``Play`` of a wild two
    counts as its declared card, just above that card played naturally (§4
    invariant 27); a bare ``Card`` counts as
    played naturally. A sort key for a bot's legal plays.

    >>> import pyclag
    >>> from pyclag.rules.ordering import RankOrder
    >>> from pyclag.scoring.schemes import F1
    >>> nuloss = RoundRules(pyclag.Suit.HEARTS, F1, RankOrder.TWO_HIGH)
    >>> two, ace = pyclag.Card.parse("2S"), pyclag.Card.parse("AS")
    >>> card_strength(two, pyclag.Suit.SPADES, nuloss) > card_strength(ace, pyclag.Suit.SPADES, nuloss)
    True
    >>> card_strength(pyclag.Card.parse("AD"), pyclag.Suit.SPADES, nuloss)
    0

    A ``card`` that is neither a Card nor a Play, a ``led`` that is not a
    Suit or ``round_rules`` that are not a RoundRules are a TypeError.

    >>> card_strength("AS", pyclag.Suit.SPADES, nuloss)
    Traceback (most recent call last):
    TypeError: card_strength: card must be a Card or a Play, not str
    """
    if not isinstance(round_rules, RoundRules):
        raise not_a("card_strength", "round_rules", "a RoundRules", round_rules)
    if type(led) is not Suit:
        raise not_a("card_strength", "led", "a Suit", led)
    play = card if isinstance(card, Play) else Play(0, card) if isinstance(card, Card) else None
    if play is None or not isinstance(play.card, Card):
        raise not_a("card_strength", "card", "a Card or a Play", card)
    if play.as_card is not None and not isinstance(play.as_card, Card):
        raise not_a("card_strength", "card", "a Play of cards", card)
    return play_strength(play, round_rules.tables[led.value])


def beats(card: Card | Play, other: Card | Play, led: Suit, round_rules: RoundRules) -> bool:
    """Whether ``card``, played after ``other`` in a trick led in ``led``,
    takes the trick from it under ``round_rules``: it is stronger
    (:func:`card_strength`; the earlier of two equal cards keeps the trick).

    >>> import pyclag
    >>> from pyclag.scoring.schemes import F1
    >>> rules = RoundRules(pyclag.Suit.HEARTS, F1)
    >>> three, king = pyclag.Card.parse("3H"), pyclag.Card.parse("KS")
    >>> beats(three, king, pyclag.Suit.SPADES, rules), beats(king, three, pyclag.Suit.SPADES, rules)
    (True, False)
    """
    return card_strength(card, led, round_rules) > card_strength(other, led, round_rules)


def winning_play(trick: Sequence[Play], round_rules: RoundRules) -> Play:
    """The play winning ``trick`` so far (its plays in order, leader first,
    one or more) under ``round_rules``: for a whole trick, the play of the
    seat :func:`trick_winner` names. Bad plays are refused as there.

    >>> import pyclag
    >>> from pyclag.rules.ordering import RankOrder
    >>> from pyclag.scoring.schemes import F1
    >>> aces_low = RoundRules(None, F1, RankOrder.ACES_LOW)
    >>> cards = pyclag.parse_cards("AC 2C 7D")
    >>> str(winning_play([Play(seat, card) for seat, card in enumerate(cards)], aces_low))
    '2C'
    """
    return best_play(checked_trick("winning_play", trick, round_rules), round_rules)


def score_round(
    round_rules: RoundRules, bids: Sequence[int | None], trick_winners: Sequence[int]
) -> tuple[int, ...]:
    """Points per seat for one round: the pure ruling behind the engine's scoring.

    ``bids`` are by seat (``None`` where a round has no bids); ``trick_winners``
    give the seat that won each trick, in order.

    >>> from pyclag.scoring.schemes import F2
    >>> score_round(RoundRules(trump=None, scoring=F2), (1, 0, 1, 2), (0, 2, 3))
    (11, 10, 11, 1)

    ``round_rules`` that are not a RoundRules, or ``bids`` or ``trick_winners``
    that are not sequences (lists or tuples), are a TypeError; a bid that is
    not a count is an IllegalBidError, a trick won by no seat of the table an
    IllegalPlayError.

    >>> score_round(RoundRules(trump=None, scoring=F2), (1, 0), (0, 2))
    Traceback (most recent call last):
    pyclag.errors.IllegalPlayError: score_round: trick 2 was won by 2, which is not a seat of 2 players
    """
    if not isinstance(round_rules, RoundRules):
        raise not_a("score_round", "round_rules", "a RoundRules", round_rules)
    for name, value in (("bids", bids), ("trick_winners", trick_winners)):
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
            raise not_a("score_round", name, "a sequence", value)
    bids, trick_winners = tuple(map(whole, bids)), tuple(map(whole, trick_winners))  # NumPy's too
    players = len(bids)
    if not players:
        raise IllegalBidError(
            "score_round: bids must hold one entry per seat, not none", Reason.BID_OUT_OF_RANGE
        )
    for number, bid in enumerate(bids):
        if bid is not None and (not is_whole(bid) or bid < 0):
            reason = Reason.BID_OUT_OF_RANGE if is_whole(bid) else Reason.NOT_AN_INTEGER
            raise IllegalBidError(
                f"score_round: the bid of seat {number} is {bid!r}, not a count of tricks", reason
            )
    refusal = trick_winners_refusal(trick_winners, players)
    if refusal is not None:
        raise IllegalPlayError(f"score_round: {refusal.why}", refusal.reason)
    return round_rules.scoring.points(bids, trick_winners)


def trick_winners_refusal(
    trick_winners: Sequence[object], players: int, hand_size: int | None = None
) -> Refusal | None:
    """Why ``trick_winners``, the seat that won each trick in order, cannot be
    a round's at a table of ``players``, or ``None``: a trick won by no seat
    (``BAD_TRICK``), or, given the ``hand_size``, not one winner for each of
    its tricks (``BAD_TRICKS``; §4 invariant 19: a round has h tricks).

    >>> trick_winners_refusal((0, 3), players=3).why
    'trick 2 was won by 3, which is not a seat of 3 players'
    >>> trick_winners_refusal((0, 1), players=3, hand_size=3).why
    'a round of 3 cards has 3 tricks, each won by one seat, not 2'
    >>> trick_winners_refusal((0, 1, 1), players=3, hand_size=3) is None
    True
    """
    for number, seat in enumerate(trick_winners, 1):
        if not is_whole(seat) or not 0 <= seat < players:
            why = f"trick {number} was won by {seat!r}, which is not a seat of {players} players"
            return Refusal(IllegalPlayError, Reason.BAD_TRICK, why)
    if hand_size is not None and len(trick_winners) != hand_size:
        why = (
            f"a round of {hand_size} cards has {hand_size} tricks, each won by one seat, "
            f"not {len(trick_winners)}"
        )
        return Refusal(IllegalPlayError, Reason.BAD_TRICKS, why, (), f"name {hand_size} winners")
    return None


def tricks_refusal(tricks: object, players: int, hand_size: int) -> Refusal | None:
    """Why ``tricks``, the tricks each seat took (by seat), cannot be those of a
    round of ``hand_size`` cards at a table of ``players``, or ``None``: each is
    a whole number, at least 0, and they add up to the hand size (§4 invariant 28).

    >>> tricks_refusal((2, 1, 0, 1), players=4, hand_size=5).why
    'the tricks taken add up to 4, not to the hand size 5'
    >>> tricks_refusal((2, 1, 0), players=4, hand_size=3).tail
    'legal: 4 counts, one per seat, adding up to 3'
    >>> tricks_refusal((2, 1, 0, 2), players=4, hand_size=5) is None
    True
    """
    counts = tricks if isinstance(tricks, (tuple, list)) else None
    if counts is None or len(counts) != players or not all(is_whole(t) and t >= 0 for t in counts):
        shown = repr(tricks) if counts is None else " ".join(map(repr, counts)) or "none"
        why = f"the tricks taken are a whole number for each of the {players} seats, not {shown}"
    elif sum(counts) != hand_size:
        why = f"the tricks taken add up to {sum(counts)}, not to the hand size {hand_size}"
    else:
        return None
    tail = f"legal: {players} counts, one per seat, adding up to {hand_size}"
    return Refusal(IllegalPlayError, Reason.BAD_TRICKS, why, (), tail)
