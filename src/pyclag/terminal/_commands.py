"""The commands ``pyclag play`` takes at any prompt, besides ``help`` and
``quit``: the score card, the last trick, the rules of the deal in play and
your hand, each read from your :func:`pyclag.observe` view alone. Internal
surface of :mod:`pyclag.terminal`.

>>> import pyclag
>>> view = pyclag.observe(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), 1)
>>> print(COMMANDS["last"](view))
No trick has been played yet.
>>> print(COMMANDS["rules"](view))
Round 1 of 1, 3 cards:
Trumps: shown at the deal.
A normal deal: the turn-up names trumps; follow suit if you can.
An exact bid scores 10 + 2 a trick; a missed bid scores nothing.
The last bidder may not bid so that the bids total 3, the number of tricks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from pyclag.scoresheet.scorecard import results_card
from pyclag.terminal._explain import rules_lines
from pyclag.terminal._news import trick_text
from pyclag.terminal._screen import show_status
from pyclag.terminal.words import cards_text, name, rounds, trump_text
from pyclag.views import Observation

__all__ = ["COMMANDS", "last_text", "rules_text", "score_text"]


def score_text(view: Observation) -> str:
    """The score card of the deals finished, headed by the names you hear.

    >>> import pyclag
    >>> print(score_text(pyclag.observe(pyclag.new_game(pyclag.NORMAL, 3), 1)))
    No deal is finished yet.
    """
    if not view.history:
        return "No deal is finished yet."
    names = [name(view, seat) for seat in range(view.players)]
    return results_card(view.history, view.players, names=names)


def last_text(view: Observation) -> str:
    """The last trick finished: of this deal, else the last of the deal before.

    >>> import random, pyclag
    >>> from pyclag.engine import play_out
    >>> state = play_out(pyclag.new_game(pyclag.NORMAL.with_schedule([1, 2]), 3), random.Random(4))
    >>> last_text(pyclag.observe(state, 2))
    'Last trick, round 2 of 2: Trick 2: seat 1 AD, you KH, seat 0 2D; seat 1 wins.'
    """
    if view.tricks:
        where, tricks = view.setup, view.tricks
    elif view.history:
        where, tricks = view.history[-1].setup, view.history[-1].tricks
    else:
        return "No trick has been played yet."
    if not tricks:  # a deal with no tricks cannot end, but say so rather than fail
        return "No trick has been played yet."
    round_text = f"round {where.index + 1} of {rounds(view)}"
    return f"Last trick, {round_text}: {trick_text(view, len(tricks), tricks[-1])}"


def rules_text(view: Observation) -> str:
    """What the rules of the deal in play are (:func:`~pyclag.terminal._explain.rules_lines`).

    >>> import pyclag
    >>> print(rules_text(pyclag.observe(pyclag.new_game(pyclag.presets.get("raf"), 3), 0)))
    Round 1 of 6, hand size to choose:
    Trumps: shown at the deal.
    A normal deal: the turn-up names trumps; follow suit if you can.
    An exact bid scores 10 + 2 a trick; a missed bid scores nothing.
    The last bidder may not bid so that the bids total the number of tricks.
    """
    setup = view.setup
    size = cards_text(setup, each=False) if setup.hand_size else "hand size to choose"
    head = f"Round {setup.index + 1} of {rounds(view)}, {size}"
    label = setup.played.label
    lines = [f"{head}{' -- ' + label if label else ''}:", f"{trump_text(view, setup)}."]
    return "\n".join([*lines, *rules_lines(setup, view.rules)])


COMMANDS: Final[Mapping[str, Callable[[Observation], str]]] = {
    "score": score_text,
    "card": score_text,
    "last": last_text,
    "rules": rules_text,
    "hand": show_status,
}
"""Each command, by the word typed (any case), and what it shows."""
