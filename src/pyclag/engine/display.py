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
from pyclag.hand import Hand
from pyclag.rules.deals import Bidding
from pyclag.rules.round import RoundRules, RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.scoring.tally import winners_by_totals

__all__ = [
    "DealtLike",
    "GameLike",
    "RoundLike",
    "SetupLike",
    "TableLike",
    "TrickLike",
    "face_down",
    "game_text",
    "game_winners",
    "numbers",
    "phase_words",
    "round_words",
    "seat_words",
    "setup_lines",
    "status_words",
    "table_text",
    "trick_words",
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


class DealtLike(TableLike, Protocol):
    """A round with every hand: a :class:`~pyclag.engine.state.RoundState`."""

    @property
    def hands(self) -> tuple[Hand, ...]: ...


class GameLike(Protocol):
    """What a whole game's text reads: a :class:`~pyclag.engine.state.GameState`."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def round(self) -> DealtLike: ...
    @property
    def players(self) -> int: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def contracts_made(self) -> tuple[int, ...]: ...


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
    lines += setup_lines(setup)
    width = max(map(len, hands))
    for seat, hand in enumerate(hands):
        words = [f"seat {seat}: {hand:<{width}}", *seat_words(table, seat, scores)]
        lines.append("  ".join(words) + ("  (you)" if seat == you else ""))
    trick = trick_words(table)
    if trick:
        lines.append(trick)
    lines.append(status_words(table, scores, winners))
    return "\n".join(lines)


def game_text(game: GameLike) -> str:
    """``str(state)``: the table of a whole game, every hand shown (with
    ``(face down)`` while the blind bids are made), the winners once it is over.

    >>> import pyclag
    >>> print(game_text(pyclag.new_game(pyclag.NORMAL, 3)).splitlines()[-1])
    to act: chance (deal)
    """
    rnd = game.round
    down = " (face down)" if face_down(rnd) else ""
    hands = [(str(hand) or "-") + down for hand in rnd.hands]
    rounds = game.rules.num_rounds(game.players)
    return table_text(rnd, rounds, hands, game.scores, game_winners(game))


def face_down(table: RoundLike) -> bool:
    """Whether the hands lie face down: bids made with the cards unseen (§2.0
    BLIND_*, ROLL; Appendix B.5).

    >>> import pyclag
    >>> face_down(pyclag.new_game(pyclag.NORMAL, 3).round)
    False
    """
    return table.phase is Phase.BID and table.setup.played.bidding is Bidding.UNSEEN


def game_winners(game: GameLike) -> tuple[int, ...] | None:
    """The winning seats once the game is over (the highest total, then the
    rule set's tie-break), ``None`` before.

    >>> import pyclag
    >>> game_winners(pyclag.new_game(pyclag.NORMAL, 3)) is None
    True
    """
    if game.round.phase is not Phase.ROUND_OVER:
        return None
    return winners_by_totals(game.scores, game.contracts_made, game.rules.tie_break)


def setup_lines(setup: SetupLike) -> list[str]:
    """The RAF caller and its call, and the draw for the first bidder, where the
    round has them (one line each).

    >>> import pyclag
    >>> setup_lines(pyclag.new_game(pyclag.NORMAL, 3).round.setup)
    []
    """
    lines = []
    if setup.caller is not None:  # the RAF caller (§2.3)
        called = "" if setup.call is None else f" called {setup.call}"
        lines.append(f"caller: seat {setup.caller}{called}")
    if setup.draw is not None:  # the draw for the first bidder (A25)
        drawn = " ".join(map(str, setup.draw))
        lines.append(f"draw: {drawn}; seat {setup.first_bidder} bids first")
    return lines


def seat_words(table: TableLike, seat: int, scores: Sequence[int]) -> list[str]:
    """A seat's bid (none in a round without bids), tricks and score.

    >>> import pyclag
    >>> seat_words(pyclag.new_game(pyclag.NORMAL, 3).round, 1, (0, 5, 0))
    ['bid -', 'tricks 0', 'score 5']
    """
    # A round without bids (misère, most tricks) has no bid column (§2.0).
    has_bids = table.setup.played.has_bids or any(bid is not None for bid in table.bids)
    words = [f"bid {numbers(table.bids[seat : seat + 1])}"] if has_bids else []
    return [*words, f"tricks {table.tricks_won[seat]}", f"score {scores[seat]}"]


def trick_words(table: TableLike) -> str | None:
    """The trick on the table and who led it; between tricks, the last trick,
    who led it and who won it; ``None`` before the first card.

    >>> import pyclag
    >>> trick_words(pyclag.new_game(pyclag.NORMAL, 3).round) is None
    True
    """
    if table.trick:
        return f"trick: {_plays(table.trick)} (seat {table.trick[0].seat} led)"
    if table.tricks:
        last = table.tricks[-1]
        return f"last trick: {_plays(last.plays)} (seat {last.leader} led, seat {last.winner} won)"
    return None


def status_words(
    table: RoundLike, scores: Sequence[int], winners: Sequence[int] | None = None
) -> str:
    """Who is to act and in what phase, or, given the ``winners``, who won with what.

    >>> import pyclag
    >>> status_words(pyclag.new_game(pyclag.NORMAL, 3).round, (0, 0, 0))
    'to act: chance (deal)'
    >>> status_words(pyclag.new_game(pyclag.NORMAL, 3).round, (9, 20, 20), (1, 2))
    'game over: seats 1, 2 share the win with 20'
    """
    if winners is None:
        return f"to act: {_who(table.to_act)} ({table.phase.value.replace('-', ' ')})"
    if len(winners) == 1:
        return f"game over: seat {winners[0]} wins with {scores[winners[0]]}"
    seats = ", ".join(map(str, winners))
    return f"game over: seats {seats} share the win with {scores[winners[0]]}"


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
