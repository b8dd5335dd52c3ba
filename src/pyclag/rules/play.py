"""Which cards may be played, and why not: following suit (RULES.md §1.8) and
wild twos (§2.0 ``TWOS_WILD`` rules 1-8), each written once here; which play
wins a trick (§1.8, A35, A36: the engine's unchecked ruling, which
:mod:`pyclag.rules.tricks` checks the input of); and what a play shows of the
hand it came from (the voids :func:`pyclag.determinize` respects).

>>> from pyclag.actions import Play
>>> from pyclag.cards import Card
>>> from pyclag.hand import Hand
>>> from pyclag.rules.deals import TwosWild
>>> trick = (Play(0, Card.parse("AC")), Play(1, Card.parse("2H"), Card.parse("AC")))
>>> held = Hand.parse("7C 2D").mask
>>> [str(c) for c in declarations(TwosWild(), trick, held, trump=None, seen=0)][-3:]
['JC', 'QC', 'KC']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pyclag._play import card_text
from pyclag.actions import Play
from pyclag.cards import DECK, DECK_MASK, Card, Rank, Suit
from pyclag.errors import IllegalDeclarationError, IllegalPlayError, Reason, Refusal
from pyclag.hand import cards_of
from pyclag.rules.deals import TwosWild
from pyclag.rules.round import RoundRules

__all__ = [
    "NOT_TWOS",
    "TWOS",
    "best_play",
    "declarations",
    "first_strongest",
    "follow_suit",
    "legal_mask",
    "play_refusal",
    "play_strength",
    "shown_voids",
]

TWOS: Final = sum(card.mask for card in DECK if card.rank is Rank.TWO)
"""The mask of the four twos."""
NOT_TWOS: Final = DECK_MASK ^ TWOS
"""Every card but the four twos."""


def following(trick: Sequence[Play], held: int) -> int:
    """The cards of ``held`` that may be played to ``trick`` in a round without
    wild twos: any card to lead or when void in the suit led, else a card of
    the suit led (§1.8: follow suit if able, otherwise anything).

    >>> from pyclag.hand import Hand
    >>> str(Hand(following((Play(0, Card.parse("KH")),), Hand.parse("3H 2S 4D").mask)))
    '3H'
    """
    if not trick:
        return held
    first = trick[0]  # the suit led is the led card's, or the card a wild two stands for
    led = first.card if first.as_card is None else first.as_card
    return follow_suit(held, led.suit_mask)


def follow_suit(held: int, led: int) -> int:
    """The cards of ``held`` that may follow a trick whose suit led has the
    cards ``led`` (a suit's mask): those of the suit, or any when void (§1.8).
    :func:`following` rules a trick of plays by it, :func:`pyclag.rollouts` a
    trick of card indices.

    >>> from pyclag.hand import Hand
    >>> str(Hand(follow_suit(Hand.parse("3H 2S 4D").mask, Suit.HEARTS.mask)))
    '3H'
    >>> str(Hand(follow_suit(Hand.parse("2S 4D").mask, Suit.HEARTS.mask)))
    '4D 2S'
    """
    return held & led or held


def legal_mask(
    twos: TwosWild | None, trick: Sequence[Play], held: int, trump: Suit | None, seen: int
) -> int:
    """The cards of ``held`` that may be played now.

    Without wild twos (``twos`` is None), :func:`following`. With them, a
    player who can follow the suit led plays a natural card of it, or a two
    declared in it (rule 4); otherwise anything. A two may be led unless
    ``may_lead`` is off (rule 6), and may be played only if something is left
    for it to stand for (see :func:`declarations`). ``seen`` is the turn-up
    and the cards played this round, as a mask.

    >>> from pyclag.hand import Hand
    >>> trick = (Play(0, Card.parse("KH")),)
    >>> str(Hand(legal_mask(TwosWild(), trick, Hand.parse("3H 2S 4D").mask, None, 0)))
    '3H 2S'
    """
    if twos is None or not held & TWOS:  # a hand without twos plays as usual (rule 5)
        return following(trick, held)
    if not trick:
        playable = held if twos.may_lead else (held & ~TWOS) or held
    else:
        follow = _follow(twos, trick, held, trump, seen)
        playable = follow | (held & TWOS) if follow else held
    if playable & TWOS and not _identities(
        twos, trick, held, trump, seen, _within(twos, trick, held, trump, seen)
    ):
        playable &= ~TWOS
    return playable


def declarations(
    twos: TwosWild, trick: Sequence[Play], held: int, trump: Suit | None, seen: int
) -> tuple[Card, ...]:
    """The cards a two played now may stand for.

    ``held`` is the player's hand, ``seen`` the cards already played this round
    and the turn-up (as masks). Two twos in one trick stand for different cards
    (rule 3); a player who can follow the suit led declares in that suit (rule
    4); ``wild_trumps`` and ``any_identity`` narrow the rest (rules 7, 8).

    >>> from pyclag.hand import Hand
    >>> len(declarations(TwosWild(), (), Hand.parse("2S").mask, trump=Suit.SPADES, seen=0))
    52
    >>> len(declarations(TwosWild(wild_trumps=False), (), 0, trump=Suit.SPADES, seen=0))
    39
    """
    within = _within(twos, trick, held, trump, seen)
    return cards_of(_identities(twos, trick, held, trump, seen, within))


def play_refusal(
    twos: TwosWild | None,
    trick: Sequence[Play],
    held: int,
    trump: Suit | None,
    seen: int,
    seat: int,
    card: object,
    as_card: object,
) -> Refusal | None:
    """Why ``seat``, holding ``held``, may not play ``card`` standing for
    ``as_card`` (``None`` for a natural card), or ``None`` if it may: the one
    ruling on a play (:func:`legal_mask` and :func:`declarations` are its
    legal sets). It takes the parts as given, since a
    :class:`~pyclag.actions.Play` holds only cards and a stranger's card
    needs a refusal too.

    >>> from pyclag.hand import Hand
    >>> lead = (Play(0, Card.parse("KH")),)
    >>> play_refusal(None, lead, Hand.parse("3H 4D").mask, None, 0, 1, Card.parse("4D"), None).why
    'must follow suit H'
    >>> play_refusal(None, lead, Hand.parse("3H 4D").mask, None, 0, 1, "4D", None).why
    'not a Card (use Card.parse)'
    """
    # ``object``: compiled, a parameter typed Card would refuse a stranger with
    # mypyc's own TypeError.
    if type(card) is not Card:
        return Refusal(IllegalPlayError, Reason.NOT_A_CARD, "not a Card (use Card.parse)")
    if not held & card.mask:
        return Refusal(IllegalPlayError, Reason.CARD_NOT_HELD, f"seat {seat} does not hold {card}")
    wild = twos is not None and card.rank is Rank.TWO
    if as_card is not None and not wild:  # only a wild two names another card
        why = (
            "twos are not wild"
            if twos is None
            else f"only a two is wild, {card} is played as itself"
        )
        return Refusal(
            IllegalDeclarationError, Reason.BAD_DECLARATION, why, (), f"play {card} as itself"
        )
    if not legal_mask(twos, trick, held, trump, seen) & card.mask:
        if not trick:  # only a wild two can be unfit to lead (rule 6 option)
            return Refusal(
                IllegalPlayError, Reason.TWO_MAY_NOT_LEAD, "a two may not be led in this round"
            )
        led = trick[0].effective.suit
        return Refusal(IllegalPlayError, Reason.MUST_FOLLOW_SUIT, f"must follow suit {led.letter}")
    if twos is not None and wild:
        legal = declarations(twos, trick, held, trump, seen)
        if type(as_card) is not Card or as_card not in legal:
            why = (
                "a wild two must name the card it stands for"
                if as_card is None
                else f"{card} may not stand for {card_text(as_card)}"
            )
            tail = f"legal declarations: {' '.join(map(str, legal))}"
            return Refusal(IllegalDeclarationError, Reason.BAD_DECLARATION, why, legal, tail)
    return None


def shown_voids(
    twos: TwosWild | None, tricks: Sequence[Sequence[Play]], players: int
) -> tuple[int, ...]:
    """The cards each seat has shown it does not hold, as masks, from the
    plays of ``tricks`` (finished or in progress): the other side of the rules
    above. A seat that did not follow the suit led holds none of it (§1.8;
    natural cards only when twos are wild, rule 5); a seat that led a two where
    twos may not lead held nothing else (rule 6); a two may not stand for a card
    its player holds under ``any_identity=False`` (rule 7).

    >>> lead, off = Play(0, Card.parse("KH")), Play(1, Card.parse("4D"))
    >>> from pyclag.hand import Hand
    >>> str(Hand(shown_voids(None, [(lead, off)], 2)[1]))
    '2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH'
    """
    forbidden = [0] * players
    for plays in tricks:
        if not plays:
            continue
        lead = plays[0]
        led = lead.effective.suit.mask
        if twos is not None and not twos.may_lead and lead.card.rank is Rank.TWO:
            forbidden[lead.seat] |= NOT_TWOS
        for play in plays[1:]:
            if not play.effective.mask & led:
                forbidden[play.seat] |= led & ~TWOS if twos is not None else led
        if twos is not None and not twos.any_identity:
            for play in plays:
                if play.as_card is not None:
                    forbidden[play.seat] |= play.as_card.mask
    return tuple(forbidden)


def _within(twos: TwosWild, trick: Sequence[Play], held: int, trump: Suit | None, seen: int) -> int:
    """Where a two's identity must lie: the suit led for a player who can follow it."""
    if trick and _follow(twos, trick, held, trump, seen):
        return trick[0].effective.suit.mask
    return DECK_MASK


def _follow(twos: TwosWild, trick: Sequence[Play], held: int, trump: Suit | None, seen: int) -> int:
    """The cards of ``held`` that follow the suit led; 0 if it cannot follow.

    A two has no natural suit (rule 5), unless ``natural_suit`` is set: then
    the two of the suit led follows it, as long as it has a card of that suit
    left to stand for."""
    led = trick[0].effective.suit.mask
    naturals = held & led & ~TWOS
    if naturals or not twos.natural_suit or not held & led & TWOS:
        return naturals
    return held & led & TWOS if _identities(twos, trick, held, trump, seen, led) else 0


def _identities(
    twos: TwosWild, trick: Sequence[Play], held: int, trump: Suit | None, seen: int, within: int
) -> int:
    """The cards within ``within`` that a two may stand for, as a mask."""
    allowed = within
    led = trick[0].effective.suit if trick else None
    if not twos.wild_trumps and trump is not None and led is not trump:
        allowed &= ~trump.mask
    if not twos.any_identity:
        allowed &= ~(TWOS | seen | held)
    for play in trick:
        if play.as_card is not None:
            allowed &= ~play.as_card.mask
    return allowed


def best_play(plays: Sequence[Play], round_rules: RoundRules) -> Play:
    """The winning play of a non-empty trick (the engine's unchecked ruling).

    >>> from pyclag.cards import Suit, parse_cards
    >>> from pyclag.scoring.schemes import F1
    >>> trick = [Play(s, c) for s, c in enumerate(parse_cards("3D QS TD 8C"))]
    >>> str(best_play(trick, RoundRules(Suit.HEARTS, F1)))
    'TD'
    """
    # The §1.8 comparator as a table lookup: the strength of each card, by the
    # suit led (RoundRules.strength); the first of the strongest wins
    # (first_strongest, as pyclag.rollouts rules a trick of card indices).
    first = plays[0]  # the suit led, as following reads it (a property call costs more)
    led = first.card if first.as_card is None else first.as_card
    table = round_rules.tables[led.index // 13]
    strengths = []  # a loop rather than a comprehension: a hot path (a trick's end)
    for play in plays:
        strengths.append(play_strength(play, table))
    return plays[first_strongest(strengths)]


def first_strongest(strengths: list[int]) -> int:
    """The place of the trick's winning card among the ``strengths`` of its
    cards in the order played (:func:`play_strength`): the first of the
    strongest (ties are only between cards that cannot win, §1.8).
    :func:`best_play` rules a trick of plays by it, :func:`pyclag.rollouts` a
    trick of card indices.

    >>> first_strongest([3, 9, 9, 1])
    1
    """
    best, top = 0, strengths[0]
    for place in range(1, len(strengths)):
        if strengths[place] > top:
            best, top = place, strengths[place]
    return best


def play_strength(play: Play, table: Sequence[int]) -> int:
    """The strength of ``play`` by ``table`` (:meth:`~pyclag.rules.round.RoundRules.strength` of the
    suit led): the one reading of a card's strength, the engine's and the bots'.
    A wild two counts as the card it names, one above that card played
    naturally (§1.8 TWOS_WILD, §4 invariant 27; the table's values are even,
    so 1 more beats the twin).

    >>> from pyclag.cards import Suit
    >>> from pyclag.scoring.schemes import F1
    >>> table = RoundRules(Suit.HEARTS, F1).strength(Suit.CLUBS)
    >>> natural, wild = Play(0, Card.parse("AC")), Play(1, Card.parse("2H"), Card.parse("AC"))
    >>> play_strength(wild, table) - play_strength(natural, table)
    1
    """
    as_card = play.as_card
    return table[play.card.index] if as_card is None else table[as_card.index] + 1
