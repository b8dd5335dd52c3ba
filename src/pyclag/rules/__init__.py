"""The rule vocabulary: one module per axis (ordering, trumps, bidding, the
special-deal axes, wild twos, the RAF caller, tricks, round specs, options,
rule set), and :mod:`~pyclag.rules.catalogue`, the deal types built from them."""

from pyclag.rules import catalogue
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
from pyclag.rules.round import RoundRules, RoundSpec
from pyclag.rules.ruleset import (
    NORMAL,
    OPTIONS,
    NoTurnUp,
    RuleSet,
    ScheduleChoice,
    normal_schedule,
)
from pyclag.rules.tricks import beats, card_strength, score_round, trick_winner, winning_play
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

__all__ = [
    "ALL_PRECEDENCES",
    "BLACK_OVER_RED",
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
