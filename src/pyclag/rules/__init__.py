"""The rule vocabulary: one module per axis (ordering, trumps, bidding, the
special-deal axes, wild twos, the RAF caller, tricks, round specs, options,
rule set), and :mod:`~pyclag.rules.catalogue`, the deal types built from them
(imported the first time it is asked for).

The limits of a game are each defined once, exported here, and shared by the rule values
that build a game and the readers of records and score sheets, so that every
game that can be built is written and read back whole:
:data:`~pyclag.limits.MAX_ROUNDS` rounds,
:data:`~pyclag.limits.MAX_PLAYERS` players,
:data:`~pyclag.limits.MAX_HAND_SIZE` cards a hand,
:data:`~pyclag.limits.MAX_POINTS` points a trick or a bonus,
:data:`~pyclag.limits.MAX_NAME` characters of a name, and
:data:`~pyclag.limits.MAX_CHOICES` schedule choices.

>>> MAX_ROUNDS, MAX_PLAYERS, MAX_HAND_SIZE, MAX_POINTS, MAX_NAME
(1000, 52, 52, 1000, 200)
"""

from typing import TYPE_CHECKING, Final

from pyclag._caches import lazy_names
from pyclag.limits import MAX_NAME
from pyclag.rules.bidding import GtInfeasible, Hook, HookForm
from pyclag.rules.calls import ALL_PRECEDENCES, CallRules, FirstCaller, caller_after
from pyclag.rules.deals import Bidding, PlayMode, Reveal, TwosWild
from pyclag.rules.options import DealOptions, RollOrder
from pyclag.rules.ordering import (
    BLACK_OVER_RED,
    NAMED_PRECEDENCES,
    PRECEDENCE,
    RED_OVER_BLACK,
    REVERSE_PRECEDENCE,
    RankOrder,
    precedence_order,
)
from pyclag.rules.round import MAX_HAND_SIZE, RoundRules, RoundSpec
from pyclag.rules.ruleset import (
    MAX_CHOICES,
    MAX_PLAYERS,
    MAX_ROUNDS,
    NORMAL,
    OPTIONS,
    NoTurnUp,
    RuleSet,
    ScheduleChoice,
    normal_schedule,
)
from pyclag.rules.trumps import (
    NO_TRUMPS,
    TURN_UP,
    DealerCalls,
    NoTrumps,
    Precedence,
    SuitRule,
    Trumps,
    TurnUp,
)
from pyclag.scoring.schemes import MAX_POINTS

if TYPE_CHECKING:
    from pyclag.rules import catalogue
    from pyclag.rules.tricks import beats, card_strength, score_round, trick_winner, winning_play

__all__ = [
    "ALL_PRECEDENCES",
    "BLACK_OVER_RED",
    "MAX_CHOICES",
    "MAX_HAND_SIZE",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_POINTS",
    "MAX_ROUNDS",
    "NAMED_PRECEDENCES",
    "NORMAL",
    "NO_TRUMPS",
    "OPTIONS",
    "PRECEDENCE",
    "RED_OVER_BLACK",
    "REVERSE_PRECEDENCE",
    "TURN_UP",
    "Bidding",
    "CallRules",
    "DealOptions",
    "DealerCalls",
    "FirstCaller",
    "GtInfeasible",
    "Hook",
    "HookForm",
    "NoTrumps",
    "NoTurnUp",
    "PlayMode",
    "Precedence",
    "RankOrder",
    "Reveal",
    "RollOrder",
    "RoundRules",
    "RoundSpec",
    "RuleSet",
    "ScheduleChoice",
    "SuitRule",
    "Trumps",
    "TurnUp",
    "TwosWild",
    "beats",
    "caller_after",
    "card_strength",
    "catalogue",
    "normal_schedule",
    "precedence_order",
    "score_round",
    "trick_winner",
    "winning_play",
]

_LAZY: Final = {
    "catalogue": None,
    **dict.fromkeys(
        ("beats", "card_strength", "score_round", "trick_winner", "winning_play"),
        "pyclag.rules.tricks",
    ),
}
"""The names imported the first time they are asked for: :mod:`~pyclag.rules.catalogue`
(the engine plays rule values; the presets and the terminal build them from the
catalogue) and the checked rulings of :mod:`~pyclag.rules.tricks` (the engine rules
its own tricks)."""

__getattr__, __dir__ = lazy_names(__name__, _LAZY)
