"""Reading your answers: a line of text, read in the notation of the decision
in your view (:mod:`pyclag.notation`, the one grammar records and error
messages use too), as the legal action it names, or refused with the reason
the rule gives (the row's ``check``, :mod:`pyclag.engine.decisions`)."""

from __future__ import annotations

from typing import Any, Final

from pyclag._checks import not_a
from pyclag.actions import Play, PlayerAction
from pyclag.cards import Card
from pyclag.engine.decisions import BY_PHASE, Decision
from pyclag.errors import ClagError, RecordError
from pyclag.notation import read_typed_play
from pyclag.terminal.words import declarations_text, options_text
from pyclag.views import Observation, check_view

__all__ = ["AnswerError", "UndeclaredTwoError", "pending_decision", "read_answer"]

_LONGEST: Final = 60
"""The longest answer read (a call with every option fits)."""


class AnswerError(ClagError, ValueError):
    """An answer that cannot be read, or that the rules do not allow here;
    the message says why.

    >>> raise AnswerError("you do not hold AS")
    Traceback (most recent call last):
    pyclag.terminal._answers.AnswerError: you do not hold AS
    """


class UndeclaredTwoError(AnswerError):
    """A wild two played without naming the card it stands for: ``two`` is
    the card, still to be declared.

    >>> UndeclaredTwoError(Card.parse("2H")).two
    Card(Suit.HEARTS, Rank.TWO)
    """

    def __init__(self, two: Card) -> None:
        super().__init__(
            f"{two} is wild: it is played as the card you name, and beats that card played naturally"
        )
        self.two = two


def pending_decision(view: Observation, func: str) -> Decision[Any]:
    """The row of the decision ``view``'s seat is to take; ``func``, the caller,
    is refused anything but an Observation, and a view with nothing to decide.

    >>> import pyclag
    >>> pending_decision(pyclag.observe(pyclag.new_game(pyclag.presets.RAF, 3), 0), "prompt").noun
    'hand size'
    >>> pending_decision(pyclag.observe(pyclag.new_game(pyclag.NORMAL, 3), 0), "prompt")
    Traceback (most recent call last):
    pyclag.terminal._answers.AnswerError: seat 0 has no decision to make now
    """
    check_view(func, view)
    if not view.legal:
        raise AnswerError(f"seat {view.seat} has no decision to make now")
    return BY_PHASE[view.phase]


def read_answer(view: Observation, text: str, two: Card | None = None) -> PlayerAction:
    """Your answer to the decision in ``view``, as a legal action; raises
    :class:`AnswerError` with the reason if it cannot be read or is not legal
    (:class:`UndeclaredTwoError` for a wild two that names no card where it
    may stand for more than one). With ``two``, a wild two played,
    ``text`` is the card it stands for (``AC``, or ``as AC``), and a refusal
    lists the cards it may stand for.

    >>> import random, pyclag
    >>> from pyclag.views import observe
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
    >>> read_answer(observe(state, 1), " 2 ")
    Bid(seat=1, tricks=2)
    >>> read_answer(observe(state, 1), "zz")
    Traceback (most recent call last):
    pyclag.terminal._answers.AnswerError: bad bid text 'zz': expected a whole number, e.g. 3; legal bids: 0 1 2 3
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 1), 0), 1)
    >>> read_answer(observe(state, 1), "as")
    Traceback (most recent call last):
    pyclag.terminal._answers.AnswerError: you may not play AS: seat 1 does not hold AS; legal plays: KH 4H TD
    >>> read_answer(observe(state, 1), "10d")
    Play(seat=1, card=Card(Suit.DIAMONDS, Rank.TEN), as_card=None)
    """
    if not isinstance(text, str):
        raise not_a("read_answer", "text", "a str", text)
    if len(text) > _LONGEST:
        raise AnswerError(f"that answer is too long ({len(text)} characters)")
    row = pending_decision(view, "read_answer")
    listed = f"legal {row.noun}s: {options_text(view, row)}"
    if two is not None:
        if not isinstance(two, Card):
            raise not_a("read_answer", "two", "None or a Card", two)
        # "AC", or "as AC" as the prompt allows: the two's own card comes first.
        text = f"{two} {text}" if text.lower().startswith("as ") else f"{two}={text}"
        listed = f"{two} may stand for: {declarations_text(view, two)}"
    # People type cards as words too ("ten of hearts", "2H as AC"); records stay strict.
    reader = read_typed_play if row.action is Play else row.read
    try:
        action = reader(text, view.seat)
    except RecordError as unreadable:
        raise AnswerError(f"{unreadable}; {listed}") from None
    chosen = [legal for legal in view.legal if legal == action]
    if chosen:  # the legal action as the table lists it
        return chosen[0]
    if isinstance(action, Play) and action.as_card is None:
        # A wild two typed alone: the card it stands for, if only one, or ask for it.
        named = [play for play in view.legal if isinstance(play, Play) and play.card is action.card]
        if len(named) == 1:
            return named[0]
        if named:
            raise UndeclaredTwoError(action.card)
    # The rule's own refusal, read from what this seat knows (a Position).
    refusal = row.check(view, action)
    if refusal is None:  # the table lists every legal action (tests/engine/test_decisions.py)
        raise AnswerError(f"you may not {row.verb} {action} now; {listed}")
    # A refusal lists its own options where they are not the decision's (a two's cards).
    own = two is None and refusal.legal is not None and bool(refusal.tail)
    tail = refusal.tail if own else listed
    raise AnswerError(f"you may not {row.verb} {action}: {refusal.why}; {tail}")
