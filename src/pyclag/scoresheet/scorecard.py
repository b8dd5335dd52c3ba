"""The score card: one row per round, one column per player with the running
total and that round's bid, as a paper Clag sheet keeps it (RULES.md §1.11).

>>> import random, pyclag
>>> from pyclag.engine import play_out
>>> state = play_out(pyclag.new_game(pyclag.NORMAL.with_schedule([1, 2]), players=3), random.Random(4))
>>> print(score_card(state))
round cards rule |   seat 0     seat 1     seat 2
    1     1      |     0 (1)     10 (0)     12 (1)
    2     2      |     0 (2)     24 (2)     12 (2)
winner: seat 1 with 24
"""

from __future__ import annotations

import string
import textwrap
from collections.abc import Sequence
from typing import Final

import attrs

from pyclag._checks import Frozen
from pyclag.engine import is_over, winners
from pyclag.engine.pictures import totals_chart
from pyclag.engine.rounds import check_state
from pyclag.engine.state import GameState, RoundResult, RoundSetup
from pyclag.rules.ruleset import RuleSet, check_players

__all__ = [
    "CardRow",
    "ScheduleRow",
    "card_text",
    "card_width",
    "label",
    "results_card",
    "schedule",
    "score_card",
    "totals_svg",
]


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


def score_card(
    state: GameState,
    names: Sequence[str] | None = None,
    roles: Sequence[str] | None = None,
) -> str:
    """The score card of a game so far, and its winners once it is over
    (:func:`card_text`: ``names`` head the columns, ``roles`` under them).

    Each cell is the running total, then the bid in brackets (``-`` where the
    round had no bids).

    >>> import pyclag
    >>> print(score_card(pyclag.new_game(pyclag.NORMAL, players=3), names=("you", "seat 1", "seat 2")))
    round cards rule |    you       seat 1     seat 2
    """
    check_state("score_card", state)
    best = winners(state) if is_over(state) else None
    return results_card(state.history, state.players, best, names, roles)


def results_card(
    history: Sequence[RoundResult],
    players: int,
    best: Sequence[int] | None = None,
    names: Sequence[str] | None = None,
    roles: Sequence[str] | None = None,
) -> str:
    """The score card of the deals ``history`` holds (a game's, or a seat's
    view of it: only what every seat saw), through :func:`card_text`.

    >>> import pyclag
    >>> print(results_card((), 2))
    round cards rule |   seat 0     seat 1
    """
    rows = [
        CardRow(
            result.setup.index + 1,
            result.hand_size,
            label(result.setup, names),
            result.totals,
            result.bids,
        )
        for result in history
    ]
    return card_text(rows, players, best, names, roles)


@attrs.frozen
class CardRow(Frozen):
    """One line of a score card: the deal's number (from 1), its cards, its
    rule, and by seat the running total and the bid (``None``: no bid)."""

    deal: int
    cards: int
    rule: str
    totals: tuple[int, ...]
    bids: tuple[int | None, ...]


def card_width(players: int) -> int:
    """The widest line of a score card for ``players``: 80 columns up to four
    players, then a step a player to 100 for seven (a terminal that does not wrap).

    >>> [card_width(players) for players in range(2, 8)]
    [80, 80, 80, 87, 94, 100]
    """
    return 80 + (20 * max(0, players - 4) + 2) // 3


_CELL: Final = 10
"""A cell: the running total in five columns, a space and the bid in brackets."""
_LEFT: Final = 14
"""The columns of a line before its rule: the deal's number, its cards, spaces, and after
the rule its bar (``round cards RULE |``)."""


def card_text(
    rows: Sequence[CardRow],
    players: int,
    best: Sequence[int] | None = None,
    names: Sequence[str] | None = None,
    roles: Sequence[str] | None = None,
) -> str:
    """A score card as a paper Clag sheet keeps it (§1.11): a line per deal and
    a column per player (headed by ``names``, else ``seat N``, and ``roles``
    under them, such as the bot at each seat), each cell the running total and
    the bid; then the winners ``best``, if the game is over. The one layout of
    :func:`score_card`, the table's score sheet and every command.

    Every line fits :func:`card_width`: a rule too long for its column is
    written as a key (``[a]``) and spelled out in a legend under the card.

    >>> rows = [CardRow(1, 1, "", (10, 0), (0, 0)), CardRow(2, 7, "Misère", (20, -4), (None, None))]
    >>> print(card_text(rows, 2, best=(0,), names=("Ann", "Bob")))
    round cards rule   |    Ann        Bob
        1     1        |    10 (0)      0 (0)
        2     7 Misère |    20 (-)     -4 (-)
    winner: Ann with 20
    >>> rows = [CardRow(1, 7, "Precedence DHSC, Nuloss, Ascending Madness (seat 3 called)", (14,) * 7, (1,) * 7)]
    >>> print(card_text(rows, 7))
    round cards rule |   seat 0     seat 1     seat 2     seat 3     seat 4     seat 5     seat 6
        1     7 [a]  |    14 (1)     14 (1)     14 (1)     14 (1)     14 (1)     14 (1)     14 (1)
    [a] Precedence DHSC, Nuloss, Ascending Madness (seat 3 called)
    """
    width = card_width(players)
    heads = [f"seat {seat}" for seat in range(players)] if names is None else list(names)
    room = max(4, width - _LEFT - (_CELL + 1) * players)
    keys: dict[str, str] = {}
    for row in rows:
        if len(row.rule) > room and row.rule not in keys:
            keys[row.rule] = f"[{_key(len(keys))}]"
    rules = [keys.get(row.rule, row.rule) for row in rows]
    wide = max([4, *map(len, rules)])
    lines = [f"round cards {'rule':<{wide}} |{_heads(heads)}".rstrip()]
    if roles is not None:
        lines.append(f"{'':<{wide + 12}} |{_heads(roles)}".rstrip())
    for row, rule in zip(rows, rules, strict=True):
        cells = "".join(
            f" {total:>5} {_bracket(bid):<4}"
            for total, bid in zip(row.totals, row.bids, strict=True)
        )
        lines.append(f"{row.deal:5d} {row.cards:5d} {rule:<{wide}} |{cells}".rstrip())
    notes = [f"{key} {rule}" for rule, key in keys.items()]
    if best and rows:
        score = rows[-1].totals[best[0]]
        if len(best) == 1:
            notes.append(f"winner: {heads[best[0]]} with {score}")
        elif names is None:
            shared = ", ".join(str(seat) for seat in best)
            notes.append(f"winners: seats {shared} share the win with {score}")
        else:
            shared = ", ".join(heads[seat] for seat in best)
            notes.append(f"winners: {shared} share the win with {score}")
    for note in notes:
        lines += textwrap.wrap(note, width, subsequent_indent="    ", break_on_hyphens=False)
    return "\n".join(lines)


def _heads(heads: Sequence[str]) -> str:
    """Column headings, each cut to its cell and centred over the total."""
    return "".join(f" {head[:_CELL]:^{_CELL}}" for head in heads)


def _key(number: int) -> str:
    """The legend key of the ``number``-th long rule: a, b, ..., z, aa, ab, ..."""
    letters = string.ascii_lowercase
    return letters[number] if number < 26 else _key(number // 26 - 1) + letters[number % 26]


def label(setup: RoundSetup, names: Sequence[str] | None = None) -> str:
    """A round's rule as a score card names it; on a called RAF round, who
    called it (by ``names``, if given).

    >>> import pyclag
    >>> label(pyclag.new_game(pyclag.presets.get("wikipedia"), 4).round.setup)
    ''
    """
    rule = setup.played.label
    if setup.caller is None:
        return rule
    caller = f"seat {setup.caller}" if names is None else names[setup.caller]
    return f"{rule} ({caller} called)"


def totals_svg(
    title: str,
    players: int,
    deals: Sequence[tuple[RoundSetup, tuple[int, ...]]],
    names: Sequence[str] | None = None,
) -> str:
    """The chart of a game's running totals, an SVG picture: ``deals`` are each
    deal's setup and the totals after it; the special deals are shaded, named
    as the score card names them (:func:`label`).

    >>> import pyclag
    >>> "seat 2 0" in totals_svg("a game", 3, [])
    True
    """
    heads = list(names) if names is not None else [f"seat {seat}" for seat in range(players)]
    totals = [(0,) * players, *(after for _, after in deals)]
    ticks = ["start", *(str(number) for number in range(1, len(deals) + 1))]
    shaded = [
        (number, words)
        for number, (setup, _) in enumerate(deals, 1)
        if (words := label(setup, names))
    ]
    return totals_chart(totals, heads, ticks, shaded, title)


def _bracket(bid: int | None) -> str:
    return "(-)" if bid is None else f"({bid})"
