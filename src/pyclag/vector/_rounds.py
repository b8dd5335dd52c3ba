"""The rounds of a rule set as the batch plays them: every round spec a game
can be in (each round as scheduled, and as a caller's call or a dealer's
declaration makes it), numbered, and each one's row of the tables.

A game holds the number of its round as played (the engine's
``RoundSetup.played``): the kernel reads every rule of the round from that
row, so a call or a declaration is one number changed.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from pyclag.actions import CallChoice, DeclareTrump, Madness
from pyclag.cards import Suit
from pyclag.codec import CALL_CHOICES, ID_BLOCKS, action_id
from pyclag.engine.decisions import round_phases
from pyclag.engine.phases import Phase
from pyclag.rules.deals import Bidding, PlayMode, Reveal
from pyclag.rules.ordering import RankOrder
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.trumps import DealerCalls, NoTrumps, Precedence, Trumps, TurnUp
from pyclag.scoring.schemes import MostTricks
from pyclag.views.encoding import layout, suit_index

__all__ = [
    "BID",
    "BID_FIRST",
    "CALL",
    "DEAL",
    "DECLARE",
    "DRAW",
    "HAND_SIZE",
    "MADNESSES",
    "NO_TRUMP",
    "OVER",
    "PHASE",
    "PILES",
    "PLAY",
    "ROUND_OVER",
    "SHUFFLE",
    "SUIT_KINDS",
    "UNKNOWN",
    "Played",
]

PHASE: Final = {phase: number for number, phase in enumerate(Phase)}
"""Each phase's number in the arrays: its place in :class:`~pyclag.engine.phases.Phase`."""

# The numbers the kernel compares a game's phase with.
DRAW: Final = PHASE[Phase.DRAW]
HAND_SIZE: Final = PHASE[Phase.CHOOSE_HAND_SIZE]
BID_FIRST: Final = PHASE[Phase.BID_BEFORE_DEAL]
DEAL: Final = PHASE[Phase.DEAL]
CALL: Final = PHASE[Phase.CALL]
DECLARE: Final = PHASE[Phase.DECLARE_TRUMP]
BID: Final = PHASE[Phase.BID]
SHUFFLE: Final = PHASE[Phase.SHUFFLE]
PLAY: Final = PHASE[Phase.PLAY]
ROUND_OVER: Final = PHASE[Phase.ROUND_OVER]
OVER: Final = PHASE[Phase.GAME_OVER]

NO_TRUMP: Final = 4
"""The trump code of a round without trumps (0..3 are the suits C, D, S, H)."""
UNKNOWN: Final = -1
"""The trump code of a round whose trump is not known yet."""

SUIT_KINDS: Final = (TurnUp, NoTrumps, Trumps, DealerCalls, Precedence)
"""The suit rules in the order of the encoding's ``suit rule`` piece."""

PILES: Final = (PlayMode.HAND, PlayMode.DEALT_ORDER, PlayMode.REVERSE_ORDER, PlayMode.SHUFFLED)
"""The play modes by their number in the arrays."""

MADNESSES: Final = (None, Madness.ASCENDING, Madness.DESCENDING)
"""The madnesses by their number in the arrays."""
_TRUMP_ID: Final = ID_BLOCKS[3].start


class Played:
    """The round specs a game of ``rules`` for ``players`` can be in, numbered
    as found: ``number(spec)`` gives (and makes) a spec's number; ``calls``
    the spec a call of each id's makes (by its place in ``CALL_CHOICES``)."""

    def __init__(self, rules: RuleSet, players: int) -> None:
        self.rules = rules
        self.players = players
        self.specs: list[RoundSpec] = []
        self.numbers: dict[RoundSpec, int] = {}
        self.called: dict[int, CallChoice] = {}  # the call that made a spec
        self.awaiting: set[int] = set()  # specs whose caller has not called yet
        self.kinds: dict[tuple[RankOrder, tuple[Suit, ...] | None], int] = {}

    def number(self, spec: RoundSpec) -> int:
        """``spec``'s number, given on first sight."""
        found = self.numbers.get(spec)
        if found is None:
            found = self.numbers[spec] = len(self.specs)
            self.specs.append(spec)
        return found

    def calls(self, spec: RoundSpec) -> list[int]:
        """The number of the spec each call id makes of ``spec`` (-1: not a
        call its rules allow); ``spec`` itself awaits its call."""
        calls = spec.calls
        if calls is None:
            return [-1] * len(CALL_CHOICES)
        self.awaiting.add(self.number(spec))
        legal = {call.choice for call in calls.legal_calls(0)}
        out = []
        for choice in CALL_CHOICES:
            if choice not in legal:
                out.append(-1)
                continue
            made = self.number(spec.with_call(choice, self.rules.scoring))
            self.called[made] = choice
            out.append(made)
        return out

    def declarations(self, spec: RoundSpec) -> list[int]:
        """The number of the spec each trump declaration makes of ``spec``
        (C D S H, no trumps; -1: not one its rules allow)."""
        out = [-1] * 5
        if spec.suits.dealer_declares:
            for choice in spec.suits.choices:  # at the place of its action id
                place = action_id(DeclareTrump(0, choice)) - _TRUMP_ID
                out[place] = self.number(spec.with_trump(choice))
        return out

    def rows(self) -> dict[str, Any]:
        """Every spec's row of the tables, by column."""
        rows = [self._row(number, spec) for number, spec in enumerate(self.specs)]
        columns = {name: [row[name] for row in rows] for name in rows[0]}
        out: dict[str, Any] = {}
        for name, values in columns.items():
            kind = np.float32 if name.endswith("view") else bool if name in _FLAGS else np.int32
            out[name] = np.array(values, kind)
        return out

    def _row(self, number: int, spec: RoundSpec) -> dict[str, Any]:
        rules = self.rules
        phases = round_phases(spec, rules)
        following = []
        for done in Phase:
            later = [phase for phase in phases if PHASE[phase] > PHASE[done]]
            following.append(PHASE[later[0] if later else Phase.ROUND_OVER])
        suits = spec.suits
        waiting = number in self.awaiting or suits.dealer_declares
        if waiting:
            fixed = UNKNOWN
        elif suits.trump is not None:
            fixed = suit_index(suits.trump)
        else:
            fixed = NO_TRUMP
        kind = self.kinds.setdefault((spec.rank_order, suits.precedence), len(self.kinds))
        scoring = rules.round_scoring(spec)
        most = isinstance(scoring, MostTricks)
        twos = spec.twos
        return {
            "first_phase": PHASE[phases[0]],
            "next_phase": following,
            "bidding": tuple(Bidding).index(spec.bidding),
            "reveal_after": spec.reveal is Reveal.AFTER_BIDS,
            "pile": PILES.index(spec.play),
            "turns_up": suits.turns_up and not waiting,
            "fixed_trump": fixed,
            "strength_kind": kind,
            "twos": twos is not None,
            "natural_suit": bool(twos and twos.natural_suit),
            "may_lead": bool(twos and twos.may_lead),
            "any_identity": bool(twos and twos.any_identity),
            "wild_trumps": bool(twos and twos.wild_trumps),
            "most_tricks": most,
            "bonus": scoring.bonus,
            "per_trick": 0 if isinstance(scoring, MostTricks) else scoring.per_trick,
            "on_miss": 0 if isinstance(scoring, MostTricks) else scoring.per_trick_on_miss,
            "madness": 0 if isinstance(scoring, MostTricks) else MADNESSES.index(scoring.madness),
            "static_view": self._view(number, spec),
            "precedence_view": _precedence_view(suits.precedence),
            "order_view": [float(order is spec.rank_order) for order in RankOrder],
        }

    def _view(self, number: int, spec: RoundSpec) -> Any:
        """The pieces of the observation a round as played fixes."""
        players = self.players
        at = {piece.name: piece.start for piece in layout(players)}
        out = np.zeros(sum(piece.size for piece in layout(players)), np.float32)
        out[at["bidding"] + tuple(Bidding).index(spec.bidding)] = 1
        out[at["reveal"] + tuple(Reveal).index(spec.reveal)] = 1
        out[at["play mode"] + tuple(PlayMode).index(spec.play)] = 1
        out[at["suit rule"] + SUIT_KINDS.index(type(spec.suits))] = 1
        twos = spec.twos
        if twos is not None:
            flags = (True, twos.natural_suit, twos.may_lead, twos.any_identity, twos.wild_trumps)
            out[at["wild twos"] : at["wild twos"] + 5] = flags
        call = self.called.get(number)
        if call is not None:
            called = (
                call.nuloss,
                call.blind,
                call.misere,
                call.madness is Madness.ASCENDING,
                call.madness is Madness.DESCENDING,
            )
            out[at["call"] : at["call"] + 5] = called
        scoring = self.rules.round_scoring(spec)
        base = at["scoring"]
        if isinstance(scoring, MostTricks):
            out[base] = 1
            out[base + 3] = scoring.bonus / 10
        else:
            out[base + 1] = scoring.per_trick / 10
            out[base + 2] = scoring.per_trick_on_miss / 10
            out[base + 3] = scoring.bonus / 10
            if scoring.madness is not None:
                out[base + (4 if scoring.madness is Madness.ASCENDING else 5)] = 1
        return out


_FLAGS: Final = frozenset(
    {
        "reveal_after",
        "turns_up",
        "twos",
        "natural_suit",
        "may_lead",
        "any_identity",
        "wild_trumps",
        "most_tricks",
    }
)


def _precedence_view(precedence: tuple[Suit, ...] | None) -> list[float]:
    out = [0.0] * 16
    for place, suit in enumerate(precedence or ()):
        out[4 * suit_index(suit) + place] = 1.0
    return out
