"""The ``.. clag-decisions::`` directive: the rows of the decision table
(``pyclag.engine.decisions.DECISIONS``): phase, action, noun, who acts, record field, refusal
and reader, and the rounds that have each decision, found by playing every preset's game
through the engine.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from clagrest import ORDER, PLAYERS, Generated, deal_runs, table
from sphinx.application import Sphinx

import pyclag
from pyclag import presets
from pyclag.engine import play_out
from pyclag.engine.decisions import DECISIONS, Decision, round_phases
from pyclag.engine.state import CHANCE, GameState, Phase, RoundSetup
from pyclag.errors import RulesError
from pyclag.rules.options import OPTIONS
from pyclag.rules.round import RoundSpec

# A round with every role on another seat, to tell the actors apart by what they return.
_ROLES = RoundSetup(
    index=0, spec=RoundSpec(3), players=4, dealer=0, hand_size=3, caller=2, first_bidder=3
)
_ACTORS: dict[object, str] = {
    CHANCE: "chance (``CHANCE``)",
    _ROLES.dealer: "the dealer",
    _ROLES.caller: "the RAF caller",
    _ROLES.first_bidder: "the first bidder, then each player in turn",
}
# The call flags that may decide whether a called round has a decision, with their words.
_CALL_FLAGS = (("blind", "Blind"), ("misere", "Misère"), ("nuloss", "Nuloss"))


def _who(row: Decision[Any]) -> str:
    """Who takes a row's decision on entering its phase."""
    actor = row.actor(_ROLES)
    if actor not in _ACTORS:  # a new kind of actor needs its words here
        raise ValueError(f"decision {row.noun!r}: no words for its actor {actor!r}")
    words = _ACTORS[actor]
    if row.phase is Phase.PLAY:
        return "the first bidder leads the first trick, each trick's winner the next"
    return words


def _function(func: object) -> str:
    """A reference to a public function of the table's modules, or nothing for a lambda."""
    module, name = getattr(func, "__module__", ""), getattr(func, "__qualname__", "")
    if not module or not name or "<" in name or name.startswith("_"):
        return ""
    return f":func:`~{module}.{name}`"


@functools.cache
def _start_phases(name: str, option: str | None = None) -> tuple[tuple[Phase, ...], ...] | None:
    """The phases of each round of a preset's game at its start, as played (a round
    the RAF rules give no caller has no call), at the docs' table size: the game is
    played out at random, as nothing but the calls depends on the play. ``option``
    is a boolean option turned on; ``None`` if the preset refuses it."""
    try:
        rules = presets.get(name, **({option: True} if option else {}))
    except RulesError:
        return None
    state = pyclag.new_game(rules, players=PLAYERS)
    rng = random.Random(0)
    found = []
    while not pyclag.is_over(state):
        found.append(round_phases(state.round.setup.played, rules))
        state = play_out(state, rng, rounds=1)
    return tuple(found)


def _at_call(name: str) -> GameState | None:
    """A preset's game at its first call, or ``None`` if it has none."""
    state = pyclag.new_game(presets.get(name), players=PLAYERS)
    rng = random.Random(0)
    while pyclag.phase(state) is not Phase.CALL:
        if pyclag.is_over(state):
            return None
        legal = pyclag.legal_actions(state)
        state = pyclag.apply(state, legal[0] if legal else pyclag.sample_chance(state, rng))
    return state


@functools.cache
def _called(name: str) -> dict[Phase, str] | None:
    """For a preset with calls: for each later phase, the calls that have it, in words
    (``""``: every call, ``None``: no call). ``None`` for a preset without calls."""
    state = _at_call(name)
    if state is None:
        return None
    calls = pyclag.legal_actions(state)
    having = {
        call: round_phases(pyclag.apply(state, call).round.setup.played, state.rules)
        for call in calls
    }
    later = [row.phase for row in DECISIONS[[r.phase for r in DECISIONS].index(Phase.CALL) + 1 :]]
    words: dict[Phase, str] = {}
    for phase in later:
        yes = {call for call in calls if phase in having[call]}
        if len(yes) == len(calls):
            words[phase] = ""
            continue
        if not yes:
            continue
        for flag, label in _CALL_FLAGS:
            flagged = {call for call in calls if getattr(call, flag)}
            if yes == flagged:
                words[phase] = f"when the call has {label}"
                break
            if yes == set(calls) - flagged:
                words[phase] = f"unless the call has {label}"
                break
        else:
            words[phase] = f"after {len(yes)} of the {len(calls)} calls"
    return words


def _some(deals: Sequence[int], count: int) -> str:
    """Deal numbers among ``count``, briefly."""
    if len(deals) == count:
        return "every deal"
    if len(deals) > count / 2:
        rest = [number for number in range(1, count + 1) if number not in deals]
        return f"every deal but {deal_runs(rest)}"
    return deal_runs(deals)


def _rounds(row: Decision[Any]) -> str:
    """The rounds of the presets' games that have the decision of ``row``."""
    parts = []
    for name in ORDER:
        phases = _start_phases(name)
        assert phases is not None
        calls = _called(name)
        count = len(phases)
        has = [n for n, found in enumerate(phases, 1) if row.phase in found]
        called = [n for n, found in enumerate(phases, 1) if Phase.CALL in found]
        words = None if calls is None else calls.get(row.phase)
        if calls is None or row.phase not in calls or words == "":
            text = _some(has, count) if has else ""
        else:
            plain = [n for n in has if n not in called]
            clause = f"{deal_runs(called)} {words}" if words is not None else ""
            text = "; ".join(part for part in (deal_runs(plain), clause) if part)
        if text:
            parts.append((name, text))
    if parts and len(parts) == len(ORDER) and {text for _, text in parts} == {"every deal"}:
        found = "every deal of every preset"
    else:
        found = "; ".join(f":doc:`presets/{name}`: {text}" for name, text in parts)
    # A decision no preset has by default may come with an option (the Scottish draw).
    switched = []
    for option in sorted(OPTIONS):
        if parts or any(presets.get(name).options.get(option) is not False for name in ORDER):
            continue
        texts = {}
        for name in ORDER:
            phases = _start_phases(name, option)
            deals = [] if phases is None else [n for n, p in enumerate(phases, 1) if row.phase in p]
            if phases is not None and deals:
                texts[name] = _some(deals, len(phases))
        if len(texts) == len(ORDER) and set(texts.values()) == {"every deal"}:
            switched.append(f"every deal of every preset with ``{option}=True``")
        elif texts:
            every = "; ".join(f":doc:`presets/{name}`: {text}" for name, text in texts.items())
            switched.append(f"with ``{option}=True``: {every}")
    return "; ".join(part for part in (found, *switched) if part) or "none of the presets"


class DecisionTable(Generated):
    """The rows of the decision table, as the engine reads them."""

    def text(self) -> str:
        # Two tables, each narrow enough for a 1280-pixel page: who takes each decision
        # and where it is kept, then how it is refused and read and which rounds have it.
        who, how = [], []
        for row in DECISIONS:
            refusal, reader = _function(row.check), _function(row.read)
            phase = f"``{row.phase.name}``"
            action = f":class:`~pyclag.actions.{row.action.__name__}`"
            who.append((phase, action, row.noun, _who(row), f"``{row.record_field}``"))
            how.append((phase, ", ".join(part for part in (refusal, reader) if part), _rounds(row)))
        return "\n\n".join(
            (
                table(
                    ("Phase", "Action", "Noun", "Who acts", "Record field"), who, "20 18 14 30 18"
                ),
                "How each is refused and read, and the rounds that have it:",
                table(("Phase", "Refusal, reader", "Rounds"), how, "20 25 55"),
            )
        )


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("clag-decisions", DecisionTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
