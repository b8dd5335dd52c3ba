"""The rulings on one trick and one round: who wins a trick (RULES.md §1.8,
A35, A36) and what a round scores (§1.9, §2.0, §2.3).

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

from pyclag.actions import Play
from pyclag.cards import Card
from pyclag.checks import is_whole, not_a
from pyclag.errors import IllegalBidError, IllegalPlayError, Reason
from pyclag.rules.round import RoundRules

__all__ = ["best_play", "score_round", "trick_winner"]


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
    if not isinstance(round_rules, RoundRules):
        raise not_a("trick_winner", "round_rules", "a RoundRules", round_rules)
    if isinstance(plays, (str, bytes)) or not isinstance(plays, Sequence):
        raise not_a("trick_winner", "plays", "a sequence of Play values", plays)
    if not plays or not all(
        isinstance(play, Play)
        and isinstance(play.card, Card)
        and (play.as_card is None or isinstance(play.as_card, Card))
        for play in plays
    ):
        raise IllegalPlayError(
            f"trick_winner needs one or more Play values of cards, not {plays!r}",
            Reason.NOT_A_CARD,
        )
    seats = [play.seat for play in plays]
    if (
        not all(type(seat) is int and seat >= 0 for seat in seats)
        or len(set(seats)) < len(plays)
        or len({play.card for play in plays}) < len(plays)
    ):
        raise IllegalPlayError(
            "trick_winner: a trick has one play per seat, each of another card; seats "
            f"{' '.join(map(repr, seats))} played {' '.join(str(play.card) for play in plays)}",
            Reason.BAD_TRICK,
        )
    return best_play(plays, round_rules).seat


def best_play(plays: Sequence[Play], round_rules: RoundRules) -> Play:
    """The winning play of a non-empty trick (the engine's unchecked ruling).

    >>> from pyclag.cards import Suit, parse_cards
    >>> from pyclag.scoring.schemes import F1
    >>> trick = [Play(s, c) for s, c in enumerate(parse_cards("3D QS TD 8C"))]
    >>> str(best_play(trick, RoundRules(Suit.HEARTS, F1)))
    'TD'
    """
    # The §1.8 comparator as a table lookup: the strength of each card, by the
    # suit led (RoundRules.strength); a wild two adds 1 to beat its natural twin.
    table = round_rules.tables[plays[0].effective.index // 13]
    best, top = plays[0], -1
    for play in plays:
        strength = table[play.card.index] if play.as_card is None else table[play.as_card.index] + 1
        if strength > top:
            best, top = play, strength
    return best


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
    for number, seat in enumerate(trick_winners, 1):
        if not is_whole(seat) or not 0 <= seat < players:
            raise IllegalPlayError(
                f"score_round: trick {number} was won by {seat!r}, "
                f"which is not a seat of {players} players",
                Reason.BAD_TRICK,
            )
    return round_rules.scoring.points(bids, trick_winners)
