"""The decision table: one :class:`Decision` row per kind of pending decision,
in the order a round meets them (RULES.md Appendix B), and the one place
that says, for each, what is legal and why not, how it changes the state, how
it is written and where a record keeps it (DESIGN.md §4a). Which rounds have
it and who takes it, a row reads from the engine's schedule, where the flow
of a round reads them too.

``engine.apply``, ``legal_actions``, ``is_legal``, ``parse_action``, record
replay, the refusal messages, the terminal and the bots read the row of the
phase a state is in (:func:`decision`); nothing keeps a table of its own.

>>> import pyclag
>>> [row.phase.value for row in DECISIONS]
['draw', 'choose-hand-size', 'bid-before-deal', 'deal', 'call', 'declare-trump', 'bid', 'shuffle', 'play']
>>> row = decision(pyclag.new_game(pyclag.NORMAL, players=4))
>>> row.noun, row.chance, row.record_field
('deal', True, 'deck')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Final, Generic, NoReturn, TypeVar

import attrs

from pyclag import notation
from pyclag._checks import Frozen
from pyclag.actions import (
    Action,
    Bid,
    Call,
    CallChoice,
    ChooseHandSize,
    Deal,
    DeclareTrump,
    Draw,
    Play,
    ShuffleHands,
)
from pyclag.engine import _chance, _flow, _plays, _turns
from pyclag.engine._schedule import ACTOR, NEEDED, First, Needed, round_phases
from pyclag.engine.position import Position
from pyclag.engine.state import GameState, Phase
from pyclag.errors import Refusal
from pyclag.rules.ruleset import RuleSet

__all__ = [
    "BY_PHASE",
    "DECISIONS",
    "Decision",
    "decision",
    "direct_step",
    "round_phases",
    "start",
]

A = TypeVar("A", bound=Action)
"""The action class of a row."""


@attrs.frozen(eq=False, repr=False)
class Decision(Frozen, Generic[A]):
    """One kind of decision: a row of :data:`DECISIONS`.

    * ``phase``: the phase a round is in while it waits for this decision.
    * ``action``: the action class that takes it; ``noun`` and ``verb`` name
      it in messages ("illegal *bid* 2 by seat 3", "seat 1's turn to *bid*");
      ``record_field`` is where a game record keeps it (DESIGN.md §6).
    * ``needed(spec, rules)``: whether a round of ``spec`` (as played) has it,
      and ``actor(setup)``: who takes it on entering the phase, a seat or
      CHANCE (both from :mod:`pyclag.engine._schedule`, which the flow reads).
    * ``legal(state)``: the legal actions (``()`` at a chance node).
    * ``check(position, action)``: why an action of the right kind, by the seat
      to act, is refused, or ``None``: the rule's :class:`~pyclag.errors.Refusal`,
      read from a state or from the observation of the seat to act
      (:class:`~pyclag.engine.position.Position`).
    * ``take(state, action)``: the transition, which refuses what ``check``
      refuses (with a fast path for what is plainly legal).
    * ``read(text, seat)``: the action from its notation (:mod:`pyclag.notation`);
      ``from_record(value, seat)`` the action from the value a record keeps
      (one entry of ``bids`` or ``plays``, or the whole field).
    * ``most(players, size)``: the most times a round of ``players`` seats and
      ``size`` cards each takes it (what a game's length is counted from).
    * ``sample(state, rng)``: for a chance step, its outcome drawn from ``rng``.
    """

    phase: Phase
    action: type[A]
    noun: str
    verb: str
    record_field: str
    most: Callable[[int, int], int]
    legal: Callable[[GameState], tuple[A, ...]]
    check: Callable[[Position, A], Refusal | None]
    take: Callable[[GameState, A], GameState]
    read: Callable[[str, Any], A]  # the seat to act: CHANCE at a chance node
    from_record: Callable[[Any, Any], A]
    sample: Callable[[GameState, random.Random], A] | None = None

    def __repr__(self) -> str:
        return f"<Decision {self.phase.value}: {self.action.__name__}, record field {self.record_field!r}>"

    @property
    def needed(self) -> Needed:
        """Whether a round of a spec (as played) under a rule set has this decision.

        >>> import pyclag
        >>> BY_PHASE[Phase.CALL].needed(pyclag.NORMAL.round_spec(0), pyclag.NORMAL)
        False
        """
        return NEEDED[self.phase]

    @property
    def actor(self) -> First:
        """Who takes this decision on entering its phase: a seat or CHANCE.

        >>> import pyclag
        >>> BY_PHASE[Phase.BID].actor(pyclag.new_game(pyclag.NORMAL, players=3).round.setup)
        1
        """
        return ACTOR[self.phase]

    @property
    def chance(self) -> bool:
        """Whether chance takes this decision (a draw, a deal, a shuffle).

        >>> [row.noun for row in DECISIONS if row.chance]
        ['draw', 'deal', 'shuffle']
        """
        return self.sample is not None

    @property
    def waiting(self) -> str:
        """What a round in this phase is waiting for, as a record's field says it.

        >>> BY_PHASE[Phase.SHUFFLE].waiting
        'blind orders'
        """
        return self.record_field.replace("_", " ")


def start(rules: RuleSet, players: int, first_dealer: int) -> GameState:
    """A new game's state: its first round waiting for its first decision.

    >>> import pyclag
    >>> state = start(pyclag.presets.RAF, 4, 2)
    >>> state.round.phase.value, state.round.to_act  # the dealer chooses the hand size
    ('choose-hand-size', 2)
    """
    return GameState(rules, (), _flow.start_round(rules, players, 0, first_dealer))


# Read at every step: an enum member read through its class costs a lookup
# interpreted, and a module global that is not Final a dict lookup compiled.
_PLAY: Final = Phase.PLAY
_BID: Final = Phase.BID
_BID_FIRST: Final = Phase.BID_BEFORE_DEAL
_DEAL: Final = Phase.DEAL


def _once(players: int, size: int) -> int:
    return 1


def _each_seat(players: int, size: int) -> int:
    return players


def _each_card(players: int, size: int) -> int:
    return players * size


def _no_legal(state: GameState) -> tuple[NoReturn, ...]:
    return ()  # a chance node: no player acts


def _bidding(phase: Phase) -> Decision[Bid]:
    """A row of bids: after the deal (§1.6), or before it in pagat's Blind (A32);
    the first bidder bids first, the last bidder is bound by the hook (§1.7)."""
    return Decision(
        phase,
        Bid,
        "bid",
        "bid",
        "bids",
        most=_each_seat,
        legal=_turns.bid_actions,
        check=_turns.bid_refusal,
        take=_turns.take_bid,
        read=notation.read_bid,
        from_record=lambda tricks, seat: Bid(seat, tricks),
    )


# --- the table -------------------------------------------------------------------------------

# Each row a constant of its own, so that mypy checks its columns against its
# action class (in the tuple's context every row would be a Decision[Any]).
_DRAW_ROW: Final = Decision(
    Phase.DRAW,
    Draw,
    "draw",
    "draw for the first bidder",
    "draw",
    most=_once,
    legal=_no_legal,
    check=_chance.draw_refusal,
    take=_chance.take_draw,
    read=notation.read_draw,
    from_record=lambda cards, seat: Draw(cards),
    sample=_chance.sample_draw,
)
_HAND_SIZE_ROW: Final = Decision(
    Phase.CHOOSE_HAND_SIZE,
    ChooseHandSize,
    "hand size",
    "choose the hand size",
    "hand_size",
    most=_once,
    legal=_turns.hand_size_actions,
    check=_turns.hand_size_refusal,
    take=_turns.take_hand_size,
    read=notation.read_hand_size,
    from_record=lambda size, seat: ChooseHandSize(seat, size),
)
_BID_FIRST_ROW: Final = _bidding(Phase.BID_BEFORE_DEAL)  # A32
_DEAL_ROW: Final = Decision(
    Phase.DEAL,
    Deal,
    "deal",
    "deal",
    "deck",
    most=_once,
    legal=_no_legal,
    check=_chance.deal_refusal,
    take=_chance.take_deal,
    read=notation.read_deal,
    from_record=lambda deck, seat: Deal(deck),
    sample=_chance.sample_deal,
)
_CALL_ROW: Final = Decision(
    Phase.CALL,
    Call,
    "call",
    "call",
    "call",
    most=_once,
    legal=_turns.call_actions,
    check=_turns.call_refusal,
    take=_turns.take_call,
    read=notation.read_call,
    from_record=lambda choice, seat: CallChoice.by(choice, seat),
)
_TRUMP_ROW: Final = Decision(
    Phase.DECLARE_TRUMP,
    DeclareTrump,
    "trump declaration",
    "declare trumps",
    "trump",
    most=_once,
    legal=_turns.trump_actions,
    check=_turns.trump_refusal,
    take=_turns.take_trump,
    read=notation.read_trump,
    from_record=lambda suit, seat: DeclareTrump(seat, suit),
)
_BID_ROW: Final = _bidding(Phase.BID)  # §1.6
_SHUFFLE_ROW: Final = Decision(
    Phase.SHUFFLE,
    ShuffleHands,
    "shuffle",
    "shuffle",
    "blind_orders",
    most=_once,
    legal=_no_legal,
    check=_chance.shuffle_refusal,
    take=_chance.take_shuffle,
    read=notation.read_shuffle,
    from_record=lambda piles, seat: ShuffleHands(piles),
    sample=_chance.sample_shuffle,
)
_PLAY_ROW: Final = Decision(
    Phase.PLAY,
    Play,
    "play",
    "play",
    "plays",
    most=_each_card,
    legal=_plays.play_actions,
    check=_plays.play_refusal_now,
    take=_plays.take_play,
    read=notation.read_play,
    from_record=lambda play, seat: Play(seat, *play),
)

DECISIONS: Final[tuple[Decision[Any], ...]] = (
    _DRAW_ROW,
    _HAND_SIZE_ROW,
    _BID_FIRST_ROW,
    _DEAL_ROW,
    _CALL_ROW,
    _TRUMP_ROW,
    _BID_ROW,
    _SHUFFLE_ROW,
    _PLAY_ROW,
)
"""Every decision, in the order a round meets them (the order of :class:`~pyclag.engine.phases.Phase`)."""

BY_PHASE: Final[Mapping[Phase, Decision[Any]]] = {row.phase: row for row in DECISIONS}
"""The row of each phase."""


def decision(state: GameState) -> Decision[Any] | None:
    """The row of the decision ``state`` waits for; ``None`` once the game is over.

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> decision(state).noun
    'bid'
    """
    return BY_PHASE.get(state.round.phase)


def direct_step(state: object, action: object) -> GameState | None:
    """The next state when ``action`` is a play or a bid by the seat to act in
    ``state``, or the deal it waits for, taken by the rows' transitions, which
    check the card, the bid or the pack (and refuse an illegal one); ``None``
    for anything else, which :func:`pyclag.apply` takes by the general path,
    refusing a seat out of turn. The direct path of the commonest decisions:
    compiled, it reads a native :class:`~pyclag.actions.Play` natively.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> direct_step(state, pyclag.Bid(1, 0)).round.bids, direct_step(state, pyclag.Bid(2, 0))
    ((None, 0, None), None)
    """
    # ``object``: compiled, typed parameters would meet mypyc's own check first.
    if type(state) is not GameState:
        return None
    rnd = state.round
    current = rnd.phase
    if type(action) is Play:  # its fields are a seat and cards (pyclag._play)
        seat = action.seat
        if current is _PLAY and seat == rnd.to_act:
            return _plays.play_card(state, rnd, seat, action.card, action.as_card)
    elif type(action) is Bid and (current is _BID or current is _BID_FIRST):
        bid: Any = action  # as given: the bid's ruling says why a bid of "2" is none
        # Not ``seat`` (typed int above: compiled, a read into it would check the value).
        bidder = bid.seat
        # The type check refuses True or 1.0 standing for seat 1.
        if type(bidder) is int and bidder == rnd.to_act:
            return _turns.bid_tricks(state, rnd, bidder, bid.tricks)
    elif type(action) is Deal and current is _DEAL:
        return _chance.take_deal(state, action)
    return None
