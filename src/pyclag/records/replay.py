"""Replaying a record through the engine, so that every decision in it is
checked (DESIGN.md §6), and the summary ``pyclag replay --json`` prints.

>>> import pyclag
>>> replay(Record(pyclag.NORMAL, players=3)) == pyclag.new_game(pyclag.NORMAL, 3)
True
"""

from __future__ import annotations

from typing import Any, Final

from pyclag._checks import not_a
from pyclag.actions import Action
from pyclag.engine import apply, is_over, new_game, winners
from pyclag.engine.decisions import BY_PHASE, DECISIONS, Decision, round_phases
from pyclag.engine.rounds import check_state
from pyclag.engine.state import GameState, RoundSetup
from pyclag.errors import ClagError, RulesError
from pyclag.records.model import ROUND_FIELDS, Record, RoundRecord
from pyclag.records.model import refused as _refused
from pyclag.rules.deals import PlayMode

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
        step = queue.next(BY_PHASE[state.round.phase], actor if type(actor) is int else 0)
        if step is None:
            break
        field, action = step
        try:
            state = apply(state, action)
        except ClagError as err:
            raise _refused(f"{path}.{field}", str(err)) from None
    queue.check_used(state, index, path)
    return state


_ROWS_OF: Final = {
    field: tuple(row for row in DECISIONS if row.record_field == field) for field in ROUND_FIELDS
}
"""The decisions each field of a round record holds (``bids``: before the deal or after)."""
_LISTS: Final = frozenset({"bids", "plays"})
"""The fields that hold one entry per decision taken; the others hold one decision."""


class _Queue:
    """A round record's decisions, handed out one at a time as the round asks."""

    __slots__ = ("rnd", "taken")

    def __init__(self, rnd: RoundRecord) -> None:
        self.rnd = rnd
        self.taken = dict.fromkeys(ROUND_FIELDS, 0)

    def next(self, row: Decision[Any], seat: int) -> tuple[str, Action] | None:
        """The record's next decision for ``row`` by ``seat``, with its field;
        ``None`` where the record stops."""
        field = row.record_field
        value = getattr(self.rnd, field)
        count = self.taken[field]
        if field in _LISTS:
            if count == len(value):
                return None
            self.taken[field] += 1
            return f"{field}[{count}]", row.from_record(value[count], seat)
        if count or value is None:
            return None
        self.taken[field] = 1
        return field, row.from_record(value, seat)

    def left(self, field: str) -> int:
        """How many of the decisions in ``field`` the round has not taken."""
        value = getattr(self.rnd, field)
        if field in _LISTS:
            return len(value) - self.taken[field]
        return int(value is not None and not self.taken[field])

    def check_used(self, state: GameState, index: int, path: str) -> None:
        """Refuse whatever the record holds that the round did not take."""
        over = is_over(state) or state.round.setup.index != index
        setup = state.history[index].setup if over else state.round.setup
        phases = round_phases(setup.played, state.rules)
        for field in ROUND_FIELDS:
            left = self.left(field)
            if not left:
                continue
            name = field.replace("_", " ")
            if not any(row.phase in phases for row in _ROWS_OF[field]):
                why = f"this round ({_label(setup)}) has no {name}"
            elif field == "plays" and setup.played.play is not PlayMode.HAND:
                why = f"this round ({_label(setup)}) plays itself from face-down piles"
            elif over:
                why = f"{left} left over after the round ended"
            else:
                waiting = BY_PHASE[state.round.phase].waiting
                why = f"the round is waiting for its {waiting}, so the {name} cannot be used yet"
            raise _refused(f"{path}.{field}", why)


def _label(setup: RoundSetup) -> str:
    return setup.played.label or f"{setup.hand_size} cards"


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
