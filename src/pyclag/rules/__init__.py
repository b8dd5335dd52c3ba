"""The rule vocabulary: one module per axis (ordering, trumps, bidding, tricks,
round specs, rule set)."""

from pyclag.rules.bidding import GtInfeasible, Hook, HookForm
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
from pyclag.rules.ruleset import NORMAL, OPTIONS, NoTurnUp, RuleSet, normal_schedule
from pyclag.rules.tricks import trick_winner
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP, NoTrumps, Precedence, SuitRule, TurnUp

__all__ = [
    "BLACK_OVER_RED",
    "NAMED_PRECEDENCES",
    "NORMAL",
    "NO_TRUMPS",
    "OPTIONS",
    "PRECEDENCE",
    "RED_OVER_BLACK",
    "REVERSE_PRECEDENCE",
    "TURN_UP",
    "GtInfeasible",
    "Hook",
    "HookForm",
    "NoTrumps",
    "NoTurnUp",
    "Precedence",
    "RankOrder",
    "RoundRules",
    "RoundSpec",
    "RuleSet",
    "SuitRule",
    "TurnUp",
    "normal_schedule",
    "precedence_order",
    "trick_winner",
]
