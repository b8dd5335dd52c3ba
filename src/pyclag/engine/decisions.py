"""The decision table: one :class:`Decision` row per kind of pending decision,
in the order a round meets them (RULES.md Appendix B), and the one place
that says, for each, which rounds have it, who takes it, what is legal and
why not, how it changes the state, how it is written and where a record
keeps it (DESIGN.md §4a).

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

import functools
import random
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from pyclag import notation
from pyclag._caches import bounded
from pyclag._checks import Frozen
from pyclag.actions import (
    Action,
    Bid,
    Call,
    CallChoice,
    ChanceAction,
    ChooseHandSize,
    Deal,
    DeclareTrump,
    Draw,
    Play,
    PlayerAction,
    ShuffleHands,
)
from pyclag.cards import Card
from pyclag.engine import _chance, _flow, _plays, _turns
from pyclag.engine.state import CHANCE, Actor, GameState, Phase, RoundSetup, RoundState
from pyclag.errors import Refusal
from pyclag.rules.deals import Bidding, PlayMode
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.trumps import DealerCalls

__all__ = [
    "BID_TRICKS",
    "DECISIONS",
    "PLAY_CARD",
    "Decision",
    "advance",
    "decision",
    "direct_step",
    "finish",
    "round_phases",
]


@attrs.frozen(eq=False, repr=False)
class Decision(Frozen):
    """One kind of decision: a row of :data:`DECISIONS`.

    * ``phase``: the phase a round is in while it waits for this decision.
    * ``action``: the action class that takes it; ``noun`` and ``verb`` name
      it in messages ("illegal *bid* 2 by seat 3", "seat 1's turn to *bid*");
      ``record_field`` is where a game record keeps it (DESIGN.md §6).
    * ``needed(spec, rules)``: whether a round of ``spec`` (as played) has it.
    * ``actor(setup)``: who takes it on entering the phase: a seat or CHANCE.
    * ``legal(state)``: the legal actions (``()`` at a chance node).
    * ``check(state, action)``: why an action of the right kind, by the seat to
      act, is refused, or ``None``: the rule's :class:`~pyclag.errors.Refusal`.
    * ``take(state, action)``: the transition, which refuses what ``check``
      refuses (with a fast path for what is plainly legal).
    * ``read(text, seat)``: the action from its notation (:mod:`pyclag.notation`);
      ``from_record(value, seat)`` the action from the value a record keeps
      (one entry of ``bids`` or ``plays``, or the whole field).
    * ``sample(state, rng)``: for a chance step, its outcome drawn from ``rng``.
    """

    phase: Phase
    action: type
    noun: str
    verb: str
    record_field: str
    needed: Callable[[RoundSpec, RuleSet], bool]
    actor: Callable[[RoundSetup], Actor]
    legal: Callable[[GameState], tuple[PlayerAction, ...]]
    check: Callable[[GameState, Any], Refusal | None]
    take: Callable[[GameState, Any], GameState]
    read: Callable[[str, Any], Action]
    from_record: Callable[[Any, Any], Action]
    sample: Callable[[GameState, random.Random], ChanceAction] | None = None

    def __repr__(self) -> str:
        return f"<Decision {self.phase.value}: {self.action.__name__}, record field {self.record_field!r}>"

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


# --- the flow, bound to the table -------------------------------------------------------


class _Table:
    """The table as the flow reads it (:class:`pyclag.engine._flow.Table`)."""

    def phases(self, spec: RoundSpec, rules: RuleSet) -> tuple[Phase, ...]:
        return round_phases(spec, rules)

    def actor(self, phase: Phase, setup: RoundSetup) -> Actor:
        return BY_PHASE[phase].actor(setup)


TABLE: Final = _Table()


def advance(
    state: GameState,
    setup: RoundSetup,
    done: Phase,
    bids: tuple[int | None, ...],
    masks: tuple[int, ...],
    deck: tuple[Card, ...] | None = None,
) -> GameState:
    """Leave phase ``done`` for the next phase the round has (:func:`pyclag.engine._flow.advance`).

    >>> import pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), deck=pyclag.DECK)
    >>> rnd = state.round
    >>> advance(state, rnd.setup, Phase.BID, (1, 0, 1), rnd.masks).round.phase.value
    'play'
    """
    return _flow.advance(TABLE, state, setup, done, bids, masks, deck)


def finish(state: GameState, rnd: RoundState) -> GameState:
    """Score the finished round ``rnd`` and start the next (:func:`pyclag.engine._flow.finish_round`).

    >>> import random, pyclag
    >>> from pyclag.engine._playout import play_out
    >>> over = play_out(pyclag.new_game(pyclag.NORMAL.with_schedule([1]), 3), random.Random(5))
    >>> state = finish(pyclag.new_game(pyclag.NORMAL, players=3), over.round)  # a longer game
    >>> state.scores, state.round.setup.index, state.round.phase.value
    ((10, 12, 0), 1, 'deal')
    """
    return _flow.finish_round(TABLE, state, rnd)


def start(rules: RuleSet, players: int, first_dealer: int) -> GameState:
    """A new game's state: its first round waiting for its first decision.

    >>> import pyclag
    >>> state = start(pyclag.presets.RAF, 4, 2)
    >>> state.round.phase.value, state.round.to_act  # the dealer chooses the hand size
    ('choose-hand-size', 2)
    """
    return GameState(rules, (), _flow.start_round(TABLE, rules, players, 0, first_dealer))


PLAY_CARD: Final[_plays.PlayCard] = functools.partial(_plays.play_card, finish)
"""The play transition by its parts, for the verb :func:`pyclag.play` and the row."""

BID_TRICKS: Final = _turns.bid_tricks(advance)
"""The bid transition by its parts, for the verb :func:`pyclag.bid` and the rows."""

TAKE_DEAL: Final = _chance.take_deal(advance)
"""The deal's transition, which checks a pack it did not shuffle itself."""

# Read at every step: an enum member read through its class costs a lookup
# interpreted, and a module global that is not Final a dict lookup compiled.
_PLAY: Final = Phase.PLAY
_BID: Final = Phase.BID
_BID_FIRST: Final = Phase.BID_BEFORE_DEAL
_DEAL: Final = Phase.DEAL


# Keyed by a user-built RoundSpec and RuleSet: read at every round start and step.
@bounded(1024, same_arguments=True)
def round_phases(spec: RoundSpec, rules: RuleSet) -> tuple[Phase, ...]:
    """The phases a round of ``spec`` (as played) has under ``rules``, in order.

    >>> import pyclag
    >>> [phase.value for phase in round_phases(pyclag.presets.RAF.round_spec(1), pyclag.presets.RAF)]
    ['choose-hand-size', 'deal', 'call', 'bid', 'play']
    """
    return tuple(row.phase for row in DECISIONS if row.needed(spec, rules))


# --- who acts ----------------------------------------------------------------------------


def _by_chance(setup: RoundSetup) -> Actor:
    return CHANCE


def _dealer(setup: RoundSetup) -> Actor:
    return setup.dealer


def _caller(setup: RoundSetup) -> Actor:
    return setup.caller


def _first_bidder(setup: RoundSetup) -> Actor:
    return setup.first_bidder


def _always(spec: RoundSpec, rules: RuleSet) -> bool:
    return True


def _no_legal(state: GameState) -> tuple[PlayerAction, ...]:
    return ()


_BIDS: Final = (Bidding.SEEN, Bidding.UNSEEN)


def _bidding(phase: Phase, needed: Callable[[RoundSpec, RuleSet], bool]) -> Decision:
    """A row of bids: after the deal (§1.6), or before it in pagat's Blind (A32);
    the first bidder bids first, the last bidder is bound by the hook (§1.7)."""
    return Decision(
        phase,
        Bid,
        "bid",
        "bid",
        "bids",
        needed=needed,
        actor=_first_bidder,
        legal=_turns.bid_actions,
        check=_turns.bid_refusal,
        take=_turns.take_bid(BID_TRICKS),
        read=notation.read_bid,
        from_record=lambda tricks, seat: Bid(seat, tricks),
    )


# --- the table -------------------------------------------------------------------------------

DECISIONS: Final[tuple[Decision, ...]] = (
    Decision(
        Phase.DRAW,
        Draw,
        "draw",
        "draw for the first bidder",
        "draw",
        needed=lambda spec, rules: rules.draw_first_bidder,  # A25 option
        actor=_by_chance,
        legal=_no_legal,
        check=_chance.draw_refusal,
        take=_chance.take_draw(advance),
        read=notation.read_draw,
        from_record=lambda cards, seat: Draw(cards),
        sample=_chance.sample_draw,
    ),
    Decision(
        Phase.CHOOSE_HAND_SIZE,
        ChooseHandSize,
        "hand size",
        "choose the hand size",
        "hand_size",
        needed=lambda spec, rules: bool(spec.hand_sizes),  # the RAF dealer (§2.3)
        actor=_dealer,
        legal=_turns.hand_size_actions,
        check=_turns.hand_size_refusal,
        take=_turns.take_hand_size(advance),
        read=notation.read_hand_size,
        from_record=lambda size, seat: ChooseHandSize(seat, size),
    ),
    _bidding(Phase.BID_BEFORE_DEAL, lambda spec, rules: spec.bidding is Bidding.BEFORE_DEAL),  # A32
    Decision(
        Phase.DEAL,
        Deal,
        "deal",
        "deal",
        "deck",
        needed=_always,  # §1.4
        actor=_by_chance,
        legal=_no_legal,
        check=_chance.deal_refusal,
        take=TAKE_DEAL,
        read=notation.read_deal,
        from_record=lambda deck, seat: Deal(deck),
        sample=_chance.sample_deal,
    ),
    Decision(
        Phase.CALL,
        Call,
        "call",
        "call",
        "call",
        needed=lambda spec, rules: spec.calls is not None,  # the RAF caller (§2.3)
        actor=_caller,
        legal=_turns.call_actions,
        check=_turns.call_refusal,
        take=_turns.take_call(advance),
        read=notation.read_call,
        from_record=lambda choice, seat: CallChoice.by(choice, seat),
    ),
    Decision(
        Phase.DECLARE_TRUMP,
        DeclareTrump,
        "trump declaration",
        "declare trumps",
        "trump",
        needed=lambda spec, rules: isinstance(spec.suits, DealerCalls),  # §2.0 DEALER_CALLS
        actor=_dealer,
        legal=_turns.trump_actions,
        check=_turns.trump_refusal,
        take=_turns.take_trump(advance),
        read=notation.read_trump,
        from_record=lambda suit, seat: DeclareTrump(seat, suit),
    ),
    _bidding(Phase.BID, lambda spec, rules: spec.bidding in _BIDS),  # §1.6; not misère, most tricks
    Decision(
        Phase.SHUFFLE,
        ShuffleHands,
        "shuffle",
        "shuffle",
        "blind_orders",
        needed=lambda spec, rules: spec.play is PlayMode.SHUFFLED,  # RAF Blind (§2.3)
        actor=_by_chance,
        legal=_no_legal,
        check=_chance.shuffle_refusal,
        take=_chance.take_shuffle(advance),
        read=notation.read_shuffle,
        from_record=lambda piles, seat: ShuffleHands(piles),
        sample=_chance.sample_shuffle,
    ),
    Decision(
        Phase.PLAY,
        Play,
        "play",
        "play",
        "plays",
        needed=_always,  # §1.8
        actor=_first_bidder,  # who leads the first trick
        legal=_plays.play_actions,
        check=_plays.play_refusal_now,
        take=_plays.take_play(PLAY_CARD),
        read=notation.read_play,
        from_record=lambda play, seat: Play(seat, *play),
    ),
)
"""Every decision, in the order a round meets them (the order of :class:`~pyclag.engine.phases.Phase`)."""

BY_PHASE: Final[Mapping[Phase, Decision]] = {row.phase: row for row in DECISIONS}
"""The row of each phase."""


def decision(state: GameState) -> Decision | None:
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
            return _plays.play_card(finish, state, rnd, seat, action.card, action.as_card)
    elif type(action) is Bid and (current is _BID or current is _BID_FIRST):
        bid: Any = action  # as given: the bid's ruling says why a bid of "2" is none
        # Not ``seat`` (typed int above: compiled, a read into it would check the value).
        bidder = bid.seat
        # The type check refuses True or 1.0 standing for seat 1.
        if type(bidder) is int and bidder == rnd.to_act:
            return BID_TRICKS(state, rnd, bidder, bid.tricks)
    elif type(action) is Deal and current is _DEAL:
        return TAKE_DEAL(state, action)
    return None
