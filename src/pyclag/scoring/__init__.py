"""Scoring: schemes per round, contracts made and the game's winners."""

from pyclag.scoring.schemes import F1, F2, F3, SCHEMES, ContractScoring, Scoring, tricks_won
from pyclag.scoring.tally import (
    TieBreak,
    contracts_kept,
    contracts_made,
    winners_by_totals,
)

__all__ = [
    "F1",
    "F2",
    "F3",
    "SCHEMES",
    "ContractScoring",
    "Scoring",
    "TieBreak",
    "contracts_kept",
    "contracts_made",
    "tricks_won",
    "winners_by_totals",
]
