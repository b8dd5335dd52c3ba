"""Replaying a record through the engine, so that every decision in it is
checked (DESIGN.md §6), and the summary ``pyclag replay --json`` prints.

>>> import pyclag
>>> replay(Record(pyclag.NORMAL, players=3)) == pyclag.new_game(pyclag.NORMAL, 3)
True
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from pyclag._refusals import check_state, not_a
from pyclag.actions import Action, Bid, ChooseHandSize, Deal, DeclareTrump, Play, ShuffleHands
from pyclag.cards import Suit
from pyclag.engine import apply, is_over, new_game, winners
from pyclag.errors import ClagError, RulesError
from pyclag.records.model import _ROUND_FIELDS, Record, RoundRecord, _refused
from pyclag.rules.deals import PlayMode
from pyclag.state import GameState, Phase, RoundSetup

__all__ = ["replay", "replay_round", "summary"]


def replay(record: Record) -> GameState:
    """Play ``record`` through the engine and return the state it reaches; a
    record that stops part-way gives the state there.

    >>> import pyclag
    >>> text = '{"format": "pyclag/1", "preset": "normal", "players": 3, "rounds": [{"bids": [1]}]}'
    >>> replay(pyclag.records.load(text))
    Traceback (most recent call last):
    pyclag.errors.RecordError: rounds[0].bids: the round is waiting for its deck, so the bids cannot be used yet
    """
    if not isinstance(record, Record):
        raise not_a("replay", "record", "a Record", record)
    try:
        state = new_game(record.rules, record.players, record.first_dealer)
    except RulesError as err:
        raise _refused("players", str(err)) from None
    last = len(record.rounds) - 1
    for number, rnd in enumerate(record.rounds):
        path = f"rounds[{number}]"
        if is_over(state):
            raise _refused(path, f"the game is over after {number} rounds")
        state = replay_round(state, rnd, path)
        if number < last and state.round.setup.index == number:
            raise _refused(path, "the round is not finished, yet another round follows it")
    return state


def replay_round(state: GameState, rnd: RoundRecord, path: str = "round") -> GameState:
    """Play the round ``rnd`` from ``state``, which is at the round's start: as
    far as the record goes, and to the round's end if it is complete.

    >>> import pyclag
    >>> state = replay_round(pyclag.new_game(pyclag.NORMAL, 3), RoundRecord(deck=pyclag.DECK))
    >>> pyclag.phase(state).value
    'bid'
    """
    check_state("replay_round", state)
    if not isinstance(rnd, RoundRecord):
        raise not_a("replay_round", "rnd", "a RoundRecord", rnd)
    index = state.round.setup.index
    queue = _Queue(rnd)
    while state.round.setup.index == index and not is_over(state):
        actor = state.round.to_act
        step = queue.next(state.round.phase, actor if type(actor) is int else 0)
        if step is None:
            break
        field, action = step
        try:
            state = apply(state, action)
        except ClagError as err:
            raise _refused(f"{path}.{field}", str(err)) from None
    queue.check_used(state, index, path)
    return state


_BID, _BID_FIRST, _PLAY = Phase.BID, Phase.BID_BEFORE_DEAL, Phase.PLAY

# The record field that holds each single decision, and the phase that takes it.
_SINGLE: Final = {
    Phase.CHOOSE_HAND_SIZE: "hand_size",
    Phase.DEAL: "deck",
    Phase.CALL: "call",
    Phase.DECLARE_TRUMP: "trump",
    Phase.SHUFFLE: "blind_orders",
}
_PHASE_OF: Final = {field: taker for taker, field in _SINGLE.items()}


class _Queue:
    """A round record's decisions, handed out one at a time as the round asks."""

    __slots__ = ("bids", "plays", "rnd", "taken")

    def __init__(self, rnd: RoundRecord) -> None:
        self.rnd = rnd
        self.bids = 0
        self.plays = 0
        self.taken: set[str] = set()

    def next(self, current: Phase, seat: int) -> tuple[str, Action] | None:
        """The record's next decision for ``current`` by ``seat``, with its field;
        ``None`` where the record stops."""
        rnd = self.rnd
        if current is _PLAY:
            if self.plays == len(rnd.plays):
                return None
            card, declared = rnd.plays[self.plays]
            self.plays += 1
            return f"plays[{self.plays - 1}]", Play(seat, card, declared)
        if current is _BID or current is _BID_FIRST:
            if self.bids == len(rnd.bids):
                return None
            self.bids += 1
            return f"bids[{self.bids - 1}]", Bid(seat, rnd.bids[self.bids - 1])
        field = _SINGLE[current]
        if field in self.taken or getattr(rnd, field) is None:
            return None
        self.taken.add(field)
        return field, _single(rnd, field, seat)

    def check_used(self, state: GameState, index: int, path: str) -> None:
        """Refuse whatever the record holds that the round did not take."""
        rnd = self.rnd
        over = is_over(state) or state.round.setup.index != index
        setup = state.history[index].setup if over else state.round.setup
        left = {
            "bids": len(rnd.bids) - self.bids,
            "plays": len(rnd.plays) - self.plays,
            **{
                field: int(getattr(rnd, field) is not None and field not in self.taken)
                for field in _PHASE_OF
            },
        }
        for field in _ROUND_FIELDS:
            if not left[field]:
                continue
            name = field.replace("_", " ")
            phases = (_BID, _BID_FIRST) if field == "bids" else (_PHASE_OF.get(field, _PLAY),)
            if not any(wanted in setup.spec.phases for wanted in phases):
                why = f"this round ({_label(setup)}) has no {name}"
            elif field == "plays" and setup.spec.play is not PlayMode.HAND:
                why = f"this round ({_label(setup)}) plays itself from face-down piles"
            elif over:
                why = f"{left[field]} left over after the round ended"
            else:
                waiting = _WAITING[state.round.phase]
                why = f"the round is waiting for its {waiting}, so the {name} cannot be used yet"
            raise _refused(f"{path}.{field}", why)


def _single(rnd: RoundRecord, field: str, seat: int) -> Action:
    """The action of a one-off decision ``field`` of ``rnd``, taken by ``seat``."""
    if field == "deck":
        assert rnd.deck is not None
        return Deal(rnd.deck)
    if field == "hand_size":
        assert rnd.hand_size is not None
        return ChooseHandSize(seat, rnd.hand_size)
    if field == "call":
        assert rnd.call is not None
        return attrs.evolve(rnd.call, seat=seat)
    if field == "trump":
        return DeclareTrump(seat, rnd.trump if isinstance(rnd.trump, Suit) else None)
    assert rnd.blind_orders is not None
    return ShuffleHands(rnd.blind_orders)


def _label(setup: RoundSetup) -> str:
    return setup.spec.label or f"{setup.hand_size} cards"


_WAITING: Final = {
    Phase.CHOOSE_HAND_SIZE: "hand size",
    Phase.BID_BEFORE_DEAL: "bids",
    Phase.DEAL: "deck",
    Phase.CALL: "call",
    Phase.DECLARE_TRUMP: "trump",
    Phase.BID: "bids",
    Phase.SHUFFLE: "blind orders",
    Phase.PLAY: "plays",
}


# --- what a replay shows ----------------------------------------------------------------------


def summary(state: GameState) -> dict[str, Any]:
    """The rounds and totals of ``state`` as ``pyclag replay --json`` prints them
    (DESIGN.md §6): every list by seat; ``winners`` is null until the game is over.

    >>> import pyclag
    >>> summary(pyclag.new_game(pyclag.NORMAL, 3))
    {'rounds': [], 'totals': [0, 0, 0], 'winners': None}
    """
    check_state("summary", state)
    return {
        "rounds": [
            {
                "bids": list(result.bids),
                "tricks": list(result.tricks_won),
                "points": list(result.points),
            }
            for result in state.history
        ],
        "totals": list(state.scores),
        "winners": list(winners(state)) if is_over(state) else None,
    }
