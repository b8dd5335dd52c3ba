"""The score card: one row per round, one column per player with the running
total and that round's bid, as a paper Clag sheet keeps it (RULES.md §1.11).

>>> import random, pyclag
>>> from pyclag.playout import play_out
>>> state = play_out(pyclag.new_game(pyclag.NORMAL.with_schedule([1, 2]), players=3), random.Random(4))
>>> print(score_card(state))
round  cards  rule  |   seat 0      seat 1      seat 2
    1      1        |      0 (1)      10 (0)      12 (1)
    2      2        |      0 (2)      24 (2)      12 (2)
winner: seat 1 with 24
"""

from __future__ import annotations

import attrs

from pyclag.checks import Frozen
from pyclag.engine import is_over, winners
from pyclag.refusals import check_state
from pyclag.rules.ruleset import RuleSet, check_players
from pyclag.state import GameState, RoundSetup

__all__ = ["ScheduleRow", "schedule", "score_card"]


@attrs.frozen
class ScheduleRow(Frozen):
    """One deal of a rule set's schedule, as the head of a score card lists it:
    its number (from 1), its cards (``"3-7"`` where the RAF dealer chooses),
    its special rule (``"normal"`` for none) and its scoring scheme's name."""

    deal: int
    cards: str
    rule: str
    scoring: str


def schedule(rules: RuleSet, players: int) -> tuple[ScheduleRow, ...]:
    """The deals ``rules`` plays at a table of ``players``, options applied.

    A schedule shorter than the game repeats its last deal (the RAF called
    deal); each repeat gets its own row.

    >>> import pyclag
    >>> for row in schedule(pyclag.presets.get("wikipedia"), 4)[6:9]:
    ...     print(row.deal, row.cards, row.rule, row.scoring, sep=" | ")
    7 | 7 | normal | F1
    8 | 7 | No Trumps | F1
    9 | 7 | Misère | misère -2
    >>> [row.rule for row in schedule(pyclag.presets.get("raf"), 3)][:3]
    ['normal (no caller yet)', "Caller's choice", "Caller's choice"]
    """
    check_players(rules, players)  # rules of the wrong type are game input, as in new_game
    rows = []
    for index in range(rules.num_rounds(players)):
        spec = rules.round_spec(index)
        sizes = spec.hand_sizes
        cards = f"{min(sizes)}-{max(sizes)}" if sizes else str(spec.hand_size)
        scoring = (spec.scoring or rules.scoring).name
        rule = spec.label or "normal"
        if spec.calls is not None:
            if index == 0 and spec.calls.caller(players, 0, None) is None:
                rule = "normal (no caller yet)"  # the first deal has no previous winner (A18)
            else:
                scoring += " or as called"  # misère and madness are the caller's (§2.3)
        rows.append(ScheduleRow(index + 1, cards, rule, scoring))
    return tuple(rows)


def score_card(state: GameState) -> str:
    """The score card of a game so far, and its winners once it is over.

    Each cell is the running total, then the bid in brackets (``-`` where the
    round had no bids).

    >>> import pyclag
    >>> print(score_card(pyclag.new_game(pyclag.NORMAL, players=3)))
    round  cards  rule  |   seat 0      seat 1      seat 2
    """
    check_state("score_card", state)
    labels = [_label(result.setup) for result in state.history]
    wide = max([4, *map(len, labels)])
    header = "".join(f"{f'seat {seat}':>9}   " for seat in range(state.players))
    rows = [f"round  cards  {'rule':<{wide}}  |{header}".rstrip()]
    for result, label in zip(state.history, labels, strict=True):
        cells = "".join(
            f"{total:>7} {_bracket(bid):<4}"
            for total, bid in zip(result.totals, result.bids, strict=True)
        )
        rows.append(
            f"{result.setup.index + 1:5d}  {result.hand_size:5d}  {label:<{wide}}  |{cells}".rstrip()
        )
    if is_over(state):
        best = winners(state)
        score = state.scores[best[0]]
        if len(best) == 1:
            rows.append(f"winner: seat {best[0]} with {score}")
        else:
            shared = ", ".join(str(seat) for seat in best)
            rows.append(f"winners: seats {shared} share the win with {score}")
    return "\n".join(rows)


def _label(setup: RoundSetup) -> str:
    """The round's rule; on a called RAF round, who called it."""
    label = setup.played.label
    return label if setup.caller is None else f"{label} (seat {setup.caller} called)"


def _bracket(bid: int | None) -> str:
    return "(-)" if bid is None else f"({bid})"
