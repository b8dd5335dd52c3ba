"""Trick resolution (RULES.md §1.8, A35, A36).

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
from pyclag.errors import IllegalPlayError, Reason
from pyclag.rules.round import RoundRules

__all__ = ["trick_winner"]


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
        raise _not_a("round_rules", "a RoundRules", round_rules)
    if isinstance(plays, (str, bytes)) or not isinstance(plays, Sequence):
        raise _not_a("plays", "a sequence of Play values", plays)
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


def _not_a(param: str, expected: str, value: object) -> TypeError:
    # Imported here: pyclag._refusals imports the state, which imports this package.
    from pyclag._refusals import not_a

    return not_a("trick_winner", param, expected, value)


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
