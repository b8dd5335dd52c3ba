"""The text forms of a game: what ``print(state)``, ``print(observation)`` and
their short reprs say (``docs/text.rst``). The text of an action is its
notation (``pyclag.notation``), written by ``str(action)``.

This module sits below :mod:`pyclag.engine.state`, so that ``GameState.__str__`` can
call it: it reads a round through the small protocols below, which a
:class:`~pyclag.engine.state.RoundState` and an :class:`~pyclag.views.Observation`
both satisfy.

>>> import random, pyclag
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, 3), rng=random.Random(2))
>>> round_words(state.round.setup, 13), trumps_words(state.round.setup)
('round 1 of 13 (1 card)', 'trumps D (turn-up TD)')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pyclag.actions import Call, Play
from pyclag.cards import Card, Suit
from pyclag.engine.phases import Phase
from pyclag.rules.round import RoundRules, RoundSpec

__all__ = [
    "RoundLike",
    "SetupLike",
    "TableLike",
    "TrickLike",
    "numbers",
    "phase_words",
    "round_words",
    "table_text",
    "trumps_words",
]


class SetupLike(Protocol):
    """What the text reads of a round's setup (:class:`~pyclag.engine.state.RoundSetup`)."""

    @property
    def index(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def played(self) -> RoundSpec: ...
    @property
    def round_rules(self) -> RoundRules | None: ...
    @property
    def turnup(self) -> Card | None: ...
    @property
    def caller(self) -> int | None: ...
    @property
    def call(self) -> Call | None: ...
    @property
    def draw(self) -> tuple[Card, ...] | None: ...
    @property
    def first_bidder(self) -> int: ...


class TrickLike(Protocol):
    """What the text reads of a finished trick (:class:`~pyclag.engine.state.Trick`)."""

    @property
    def leader(self) -> int: ...
    @property
    def plays(self) -> tuple[Play, ...]: ...
    @property
    def winner(self) -> int: ...


class RoundLike(Protocol):
    """What a round's short repr reads: its setup, phase and who is to act."""

    @property
    def setup(self) -> SetupLike: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_act(self) -> object: ...


class TableLike(RoundLike, Protocol):
    """What a round's text reads: a :class:`~pyclag.engine.state.RoundState` or an observation."""

    @property
    def bids(self) -> tuple[int | None, ...]: ...
    @property
    def trick(self) -> tuple[Play, ...]: ...
    @property
    def tricks(self) -> Sequence[TrickLike]: ...
    @property
    def tricks_won(self) -> tuple[int, ...]: ...


def table_text(
    table: TableLike,
    rounds: int,
    hands: Sequence[str],
    scores: Sequence[int],
    winners: Sequence[int] | None = None,
    you: int | None = None,
) -> str:
    """A round at the table in a few lines: the round of ``rounds``, trumps,
    the caller or the draw, a line per seat (its ``hands`` text, bid, tricks
    and score, marked where it is ``you``), the trick on the table, and who is
    to act, or the ``winners`` once the game is over. ``str(state)`` and
    ``str(observation)`` are this text.

    >>> import pyclag
    >>> rnd = pyclag.new_game(pyclag.NORMAL, 3).round
    >>> print(table_text(rnd, 13, ["-", "-", "-"], (0, 0, 0), you=1))
    round 1 of 13 (1 card), dealer seat 0; trumps not yet shown
    seat 0: -  bid -  tricks 0  score 0
    seat 1: -  bid -  tricks 0  score 0  (you)
    seat 2: -  bid -  tricks 0  score 0
    to act: chance (deal)
    """
    setup = table.setup
    lines = [f"{round_words(setup, rounds)}, dealer seat {setup.dealer}; {trumps_words(setup)}"]
    if setup.caller is not None:  # the RAF caller (§2.3)
        called = "" if setup.call is None else f" called {setup.call}"
        lines.append(f"caller: seat {setup.caller}{called}")
    if setup.draw is not None:  # the draw for the first bidder (A25)
        drawn = " ".join(map(str, setup.draw))
        lines.append(f"draw: {drawn}; seat {setup.first_bidder} bids first")
    width = max(map(len, hands))
    # A round without bids (misère, most tricks) has no bid column (§2.0).
    has_bids = setup.played.has_bids or any(bid is not None for bid in table.bids)
    for seat, (hand, score) in enumerate(zip(hands, scores, strict=True)):
        words = [f"seat {seat}: {hand:<{width}}"]
        if has_bids:
            words.append(f"bid {numbers(table.bids[seat : seat + 1])}")
        words += [f"tricks {table.tricks_won[seat]}", f"score {score}"]
        lines.append("  ".join(words) + ("  (you)" if seat == you else ""))
    if table.trick:
        lines.append(f"trick: {_plays(table.trick)} (seat {table.trick[0].seat} led)")
    elif table.tricks:
        last = table.tricks[-1]
        led = f"seat {last.leader} led, seat {last.winner} won"
        lines.append(f"last trick: {_plays(last.plays)} ({led})")
    if winners is None:
        lines.append(f"to act: {_who(table.to_act)} ({table.phase.value.replace('-', ' ')})")
    elif len(winners) == 1:
        lines.append(f"game over: seat {winners[0]} wins with {scores[winners[0]]}")
    else:
        seats = ", ".join(map(str, winners))
        lines.append(f"game over: seats {seats} share the win with {scores[winners[0]]}")
    return "\n".join(lines)


def round_words(setup: SetupLike, rounds: int | None = None) -> str:
    """The round (of ``rounds``), its cards and its special deal as played.

    >>> from pyclag.engine.state import RoundSetup
    >>> from pyclag.rules.deals import Reveal
    >>> from pyclag.rules.round import RoundSpec
    >>> setup = RoundSetup(index=4, spec=RoundSpec(7, reveal=Reveal.AFTER_BIDS), players=4, dealer=0, hand_size=7)
    >>> round_words(setup), round_words(setup, 22)
    ('round 5 (7 cards, Guess Trumps)', 'round 5 of 22 (7 cards, Guess Trumps)')
    """
    size = setup.hand_size
    words = [
        (f"{size} card" if size == 1 else f"{size} cards") if size else "hand size not yet chosen"
    ]
    if setup.played.label:
        words.append(setup.played.label)
    of = "" if rounds is None else f" of {rounds}"
    return f"round {setup.index + 1}{of} ({', '.join(words)})"


def trumps_words(setup: SetupLike) -> str:
    """What is known of trumps: the suit and its turn-up, no trumps, a
    precedence, or not yet (shown, declared or called).

    >>> from pyclag.engine.state import RoundSetup
    >>> from pyclag.rules.round import RoundSpec
    >>> from pyclag.rules.trumps import DealerCalls
    >>> setup = RoundSetup(index=0, spec=RoundSpec(7, suits=DealerCalls()), players=4, dealer=0, hand_size=7)
    >>> trumps_words(setup)
    'trumps not yet declared'
    """
    rules = setup.round_rules
    if rules is not None:
        trump, precedence, turnup = rules.trump, rules.precedence, setup.turnup
    else:  # before the deal, or until shown, declared or called
        suits = setup.played.suits
        if setup.played.calls is not None:
            return "trumps not yet called"
        if suits.dealer_declares:
            return "trumps not yet declared"
        if suits.turns_up:
            return "trumps not yet shown"
        trump, precedence, turnup = suits.trump, suits.precedence, None
    if precedence is not None:
        return _precedence(precedence)
    text = "no trumps" if trump is None else f"trumps {trump.letter}"
    return text if turnup is None else f"{text} (turn-up {turnup})"


def phase_words(round_: RoundLike) -> str:
    """The round's phase and who is to act, for a short repr.

    >>> import pyclag
    >>> phase_words(pyclag.new_game(pyclag.NORMAL, 3).round)
    'deal phase, chance to act'
    """
    text = f"{round_.phase.value} phase"
    return text if round_.to_act is None else f"{text}, {_who(round_.to_act)} to act"


def numbers(values: Sequence[int | None]) -> str:
    """Numbers by seat, ``-`` where there is none (a bid not yet made).

    >>> numbers((1, None, 0))
    '1 - 0'
    """
    return " ".join("-" if value is None else str(value) for value in values)


def _who(actor: object) -> str:
    return f"seat {actor}" if type(actor) is int else "chance"


def _precedence(order: Sequence[Suit]) -> str:
    return "precedence " + "".join(suit.letter for suit in order)


def _plays(plays: Sequence[Play]) -> str:
    return " ".join(map(str, plays))
