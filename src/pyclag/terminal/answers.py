"""Reading your answers: a line of text, read as the legal action it names
for the decision in your view (a bid, a card, a hand size, a trump or a
RAF call), or refused with the reason."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pyclag.actions import Bid, Call, ChooseHandSize, DeclareTrump, Madness, Play, PlayerAction
from pyclag.cards import Card, Rank, Suit
from pyclag.checks import not_a
from pyclag.errors import ClagError
from pyclag.rules.ordering import precedence_order
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP, NoTrumps, Precedence, TurnUp
from pyclag.terminal._words import (
    _bids,
    _cards_to_play,
    _join,
    _sizes,
    _sorted_cards,
    _suit_name,
    _trump_words,
    _trumps,
)
from pyclag.views import Observation, check_view

__all__ = ["AnswerError", "UndeclaredTwoError", "read_answer"]

_LONGEST: Final = 60
"""The longest answer read (a call with every option fits)."""


class AnswerError(ClagError, ValueError):
    """An answer that cannot be read, or that the rules do not allow here;
    the message says why.

    >>> raise AnswerError("you do not hold AS")
    Traceback (most recent call last):
    pyclag.terminal.answers.AnswerError: you do not hold AS
    """


class UndeclaredTwoError(AnswerError):
    """A wild two played without naming the card it stands for: ``two`` is
    the card, still to be declared.

    >>> UndeclaredTwoError(Card.parse("2H")).two
    Card(Suit.HEARTS, Rank.TWO)
    """

    def __init__(self, two: Card) -> None:
        super().__init__(f"{two} is wild: name the card it stands for, e.g. {two}=AC")
        self.two = two


def read_answer(view: Observation, text: str) -> PlayerAction:
    """Your answer to the decision in ``view``, as a legal action; raises
    :class:`AnswerError` with the reason if it cannot be read or is not legal
    (:class:`UndeclaredTwoError` for a wild two that names no card).

    >>> import random, pyclag
    >>> from pyclag.views import observe
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
    >>> read_answer(observe(state, 1), " 2 ")
    Bid(seat=1, tricks=2)
    >>> read_answer(observe(state, 1), "zz")
    Traceback (most recent call last):
    pyclag.terminal.answers.AnswerError: 'zz' is not a number of tricks; legal bids: 0 1 2 3
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 1), 0), 1)
    >>> read_answer(observe(state, 1), "as")
    Traceback (most recent call last):
    pyclag.terminal.answers.AnswerError: you do not hold AS; legal cards: KH 4H TD
    >>> read_answer(observe(state, 1), "10d")
    Play(seat=1, card=Card(Suit.DIAMONDS, Rank.TEN), as_card=None)
    """
    if not isinstance(text, str):
        raise not_a("read_answer", "text", "a str", text)
    if len(text) > _LONGEST:
        raise AnswerError(f"that answer is too long ({len(text)} characters)")
    first = _first(view, "read_answer")
    if isinstance(first, Bid):
        return _read_bid(view, text)
    if isinstance(first, Play):
        return _read_play(view, text)
    if isinstance(first, ChooseHandSize):
        return _read_size(view, text)
    if isinstance(first, DeclareTrump):
        return _read_trump(view, text)
    return _read_call(view, text)


def _first(view: Observation, func: str) -> PlayerAction:
    """The first legal action of ``view``, the decision's kind; ``func`` is refused
    anything but an Observation."""
    check_view(func, view)
    if not view.legal:
        raise AnswerError(f"seat {view.seat} has no decision to make now")
    return view.legal[0]


def _read_bid(view: Observation, text: str) -> Bid:
    legal = _bids(view)
    try:
        tricks = int(text)
    except ValueError:
        raise AnswerError(
            f"{text!a} is not a number of tricks; legal bids: {_join(legal)}"
        ) from None
    if tricks in legal:
        return Bid(view.seat, tricks)
    size = view.setup.hand_size
    if not 0 <= tricks <= size:
        why = f"a bid is 0 to {size} tricks"
    elif view.seat == view.dealer:
        others = sum(b for b in view.bids if b is not None)
        why = f"the dealer may not bid {tricks} after bids of {others} in all (the hook)"
    else:
        why = f"you may not bid {tricks} here"
    raise AnswerError(f"{why}; legal bids: {_join(legal)}")


def _read_play(view: Observation, text: str) -> Play:
    named, _, stands_for = text.partition("=")
    card = _parse_card(named)
    as_card = _parse_card(stands_for) if stands_for.strip() else None
    plays = [action for action in view.legal if isinstance(action, Play)]
    wanted = Play(view.seat, card, as_card)
    if wanted in plays:
        return wanted
    legal = f"legal cards: {_join(_cards_to_play(view))}"
    if view.hand is None or card not in view.hand:
        raise AnswerError(f"you do not hold {card}; {legal}")
    options = [play for play in plays if play.card is card]
    if not options:
        raise AnswerError(f"{_why_not(view, card)}; {legal}")
    if as_card is None:
        if len(options) == 1:
            return options[0]
        raise UndeclaredTwoError(card)
    if all(play.as_card is None for play in options):
        raise AnswerError(f"{card} is not wild here: play it as itself")
    allowed = _sorted_cards(play.as_card for play in options if play.as_card is not None)
    raise AnswerError(f"{card} may not stand for {as_card} here; it may stand for {_join(allowed)}")


def _parse_card(text: str) -> Card:
    try:
        return Card.parse(text)
    except ClagError:
        raise AnswerError(
            f"{text.strip()!a} is not a card: type its rank then its suit, e.g. AS, 10H, TH or 7c"
        ) from None


def _why_not(view: Observation, card: Card) -> str:
    """Why a card you hold may not be played now."""
    if view.trick:
        led = view.trick[0].effective.suit
        assert view.hand is not None
        if card.suit is not led and view.hand.of_suit(led):
            return f"you must follow suit: {_suit_name(led)} were led"
    elif card.rank is Rank.TWO and view.spec.twos is not None:
        return f"{card} may not lead here"
    return f"{card} may not be played now"


def _read_size(view: Observation, text: str) -> ChooseHandSize:
    legal = _sizes(view)
    try:
        size = int(text)
    except ValueError:
        raise AnswerError(f"{text!a} is not a hand size; legal sizes: {_join(legal)}") from None
    if size not in legal:
        raise AnswerError(f"you may not deal {size} cards each; legal sizes: {_join(legal)}")
    return ChooseHandSize(view.seat, size)


def _read_trump(view: Observation, text: str) -> DeclareTrump:
    legal = _trumps(view)
    words = " ".join(text.lower().split())
    if words in ("nt", "no trumps", "no trump", "notrumps", "none"):
        if NO_TRUMPS not in legal:
            raise AnswerError(f"no trumps is not allowed here; legal: {_join(_trump_words(view))}")
        return DeclareTrump(view.seat, NO_TRUMPS)
    try:
        suit = Suit.parse(text)
    except ClagError:
        raise AnswerError(f"{text!a} is not a suit; legal: {_join(_trump_words(view))}") from None
    if suit not in legal:
        raise AnswerError(
            f"you may not declare {_suit_name(suit)}; legal: {_join(_trump_words(view))}"
        )
    return DeclareTrump(view.seat, suit)


# --- the RAF call --------------------------------------------------------------------------

_FLAGS: Final = {
    "nuloss": "nuloss",
    "blind": "blind",
    "misere": "misere",
    "misère": "misere",
    "ascending": "ascending",
    "asc": "ascending",
    "descending": "descending",
    "desc": "descending",
}
_SuitMode = Suit | TurnUp | NoTrumps | Precedence


def _read_call(view: Observation, text: str) -> Call:
    words = text.lower().replace(",", " ").split()
    modes: list[_SuitMode] = []
    flags: set[str] = set()
    position = 0
    while position < len(words):
        word = words[position]
        following = words[position + 1] if position + 1 < len(words) else ""
        position += 1
        if word in _FLAGS:
            flags.add(_FLAGS[word])
        elif word == "madness":
            continue
        elif word in ("trumps", "trump"):
            suit = _suit_or_none(following)
            modes.append(TURN_UP if suit is None else suit)
            if suit is not None:
                position += 1
        elif word in ("nt", "notrumps", "no-trumps"):
            modes.append(NO_TRUMPS)
        elif word == "no" and following in ("trumps", "trump"):
            modes.append(NO_TRUMPS)
            position += 1
        elif word in ("turnup", "turn-up"):
            modes.append(TURN_UP)
        elif word in ("precedence", "prec"):
            modes.append(_precedence(following))
            position += 1
        elif _suit_or_none(word) is not None:
            modes.append(Suit.parse(word))
        elif len(word) == 4 and set(word) == set("cdhs"):
            modes.append(_precedence(word))
        else:
            raise AnswerError(f"{word!a} is not part of a call; type ? for the options")
    return _checked_call(view, modes, flags)


def _suit_or_none(word: str) -> Suit | None:
    try:
        return Suit.parse(word) if len(word) == 1 else None
    except ClagError:
        return None


def _precedence(word: str) -> Precedence:
    try:
        return Precedence(precedence_order(word))
    except ClagError:
        raise AnswerError(
            f"a precedence names the four suits once each, top first (e.g. HSDC), not {word!a}"
        ) from None


def _checked_call(view: Observation, modes: Sequence[_SuitMode], flags: set[str]) -> Call:
    if len(modes) != 1:
        raise AnswerError(
            "a call names one of: trumps (e.g. 'trumps h'), 'nt' or a precedence "
            "(e.g. 'precedence HSDC'); type ? for the options"
        )
    if {"ascending", "descending"} <= flags:
        raise AnswerError("a call has one madness at most: ascending or descending")
    madness = (
        Madness.ASCENDING
        if "ascending" in flags
        else Madness.DESCENDING
        if "descending" in flags
        else None
    )
    made = Call(
        view.seat, modes[0], "nuloss" in flags, "blind" in flags, "misere" in flags, madness
    )
    if made in view.legal:
        return made
    turnup_trumps = any(isinstance(a, Call) and a.suits == TURN_UP for a in view.legal)
    if isinstance(modes[0], Suit) and turnup_trumps:
        raise AnswerError("trumps are the turn-up in these rules: call 'trumps' with no suit")
    if modes[0] == TURN_UP and not turnup_trumps:
        raise AnswerError("name the trump suit, e.g. 'trumps h'")
    raise AnswerError(f"{made.label} is not a call you may make here; type ? for the options")
