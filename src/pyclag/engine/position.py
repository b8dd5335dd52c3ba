"""What a decision's ruling reads: :class:`Position`.

A row's ``check`` (:mod:`pyclag.engine.decisions`) says why an action is
refused from a position: a whole :class:`~pyclag.engine.state.GameState`, or
the :class:`~pyclag.views.Observation` of the seat to act, which holds all
that a ruling on that seat's own action reads. So a program that holds only
an observation (the terminal, a bot, a server) explains a refusal with the
engine's own rule, without imagining the hidden cards.

>>> import random, pyclag
>>> from pyclag.engine.decisions import BY_PHASE
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
>>> view = pyclag.observe(state, 1)  # seat 1 bids first
>>> check = BY_PHASE[pyclag.Phase.BID].check
>>> check(view, pyclag.Bid(1, 5)) == check(state, pyclag.Bid(1, 5))
True
>>> check(view, pyclag.Bid(1, 5)).why
'a bid is 0..1 tricks'
"""

from __future__ import annotations

from typing import Protocol

from pyclag.actions import Play
from pyclag.engine.state import RoundSetup, Seat
from pyclag.rules.ruleset import RuleSet

__all__ = ["Position"]


class Position(Protocol):
    """A game as a ruling reads it: a :class:`~pyclag.engine.state.GameState`,
    or the :class:`~pyclag.views.Observation` of the seat whose action is ruled
    on (its :meth:`held` answers for that seat alone)."""

    @property
    def rules(self) -> RuleSet:
        """The rule set."""
        ...

    @property
    def setup(self) -> RoundSetup:
        """The current round's setup, as the table knows it."""
        ...

    @property
    def bids(self) -> tuple[int | None, ...]:
        """The current round's bids by seat."""
        ...

    @property
    def trick(self) -> tuple[Play, ...]:
        """The trick in progress."""
        ...

    @property
    def seen(self) -> int:
        """The cards every player has seen this round (the turn-up, the cards played), as a mask."""
        ...

    def held(self, seat: Seat) -> int:
        """The cards ``seat`` holds, as a mask.

        >>> import pyclag
        >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, 3), deck=pyclag.DECK)
        >>> state.held(1) == pyclag.observe(state, 1).held(1) == pyclag.Card.parse("2C").mask
        True
        """
        ...
