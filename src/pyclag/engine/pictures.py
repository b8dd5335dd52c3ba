"""The pictures of a game, in SVG: a trick, the table and a chart of the running
totals, drawn from the same named pieces as the text (:mod:`pyclag.engine.display`)
and the cards' own faces (:func:`pyclag.cards.card_face`).

This module sits below :mod:`pyclag.engine.state`, as the text does, so that
``GameState._repr_svg_`` can call it; :mod:`pyclag.views.pictures` is the
module to use (``docs/pictures.rst``). Every picture is a whole SVG document
(a ``str``), the same for the same input, with classes and ``data-`` attributes
a page can style and find (no ``id``, so that many pictures can share a page).

>>> import random, pyclag
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, 3), rng=random.Random(2))
>>> game_svg(state).count('class="card"')  # three hands of one card, and the turn-up
4
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Final

from pyclag.actions import Play
from pyclag.cards import CARD_HEIGHT, CARD_WIDTH, Card, card_face, escape, svg_document
from pyclag.engine.display import (
    GameLike,
    TableLike,
    face_down,
    game_winners,
    round_words,
    seat_words,
    setup_lines,
    status_words,
    trick_words,
    trumps_words,
)
from pyclag.hand import RAISE, ROW_WIDTH, backs_row, cards_row, row_step

__all__ = ["PALETTE", "WIDTH", "game_svg", "table_picture", "totals_chart", "trick_svg"]

PAD: Final = 12
WIDTH: Final = ROW_WIDTH + 2 * PAD
"""The width of a table or a chart (user units): a phone's, about; they scale."""
PALETTE: Final = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000")
"""The players' colours in a chart, by seat (Okabe and Ito's, told apart by most eyes)."""
_LINE: Final = 19  # the height of a line of 14-unit text


def _text(x: float, y: float, text: str, size: int = 14, extra: str = "") -> str:
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{escape(text)}</text>'


def _wrap(text: str, size: int, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` units, by an estimate of the
    font's widths (0.6 of its size a character), broken between words."""
    most = max(8, int(width / (0.6 * size)))
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _lines(text: str, y: int, size: int = 14, width: int = ROW_WIDTH, extra: str = "") -> str:
    """``text`` wrapped to ``width``, from baseline ``y``."""
    step = round(size * 1.35)
    lines = _wrap(text, size, width)
    return "".join(_text(PAD, y + n * step, line, size, extra) for n, line in enumerate(lines))


def _height(text: str, size: int = 14, width: int = ROW_WIDTH) -> int:
    return len(_wrap(text, size, width)) * round(size * 1.35)


def _plays_row(plays: Sequence[Play], x: int, y: int) -> str:
    """The plays' cards in a row, each with its seat (and a wild two's card) beneath."""
    step = row_step(len(plays))
    parts = []
    for n, play in enumerate(plays):
        left = x + n * step
        parts.append(card_face(play.card, left, y))
        under = f"seat {play.seat}"
        mid = left + CARD_WIDTH / 2
        parts.append(_text(mid, y + CARD_HEIGHT + 14, under, 12, ' text-anchor="middle"'))
        if play.as_card is not None:  # a wild two stands for another card (§2.0 TWOS_WILD)
            said = f"= {play.as_card.symbol}"
            parts.append(_text(mid, y + CARD_HEIGHT + 28, said, 12, ' text-anchor="middle"'))
    return f'<g class="plays">{"".join(parts)}</g>'


def _plays_height(plays: Sequence[Play]) -> int:
    wild = any(play.as_card is not None for play in plays)
    return CARD_HEIGHT + (32 if wild else 18)


def trick_svg(plays: Sequence[Play], title: str | None = None) -> str:
    """A picture of a trick: its ``plays`` in order, each card with its seat
    beneath, under ``title`` (none by default).

    >>> import pyclag
    >>> picture = trick_svg([pyclag.Play(1, pyclag.Card.parse("4D")), pyclag.Play(2, pyclag.Card.parse("6C"))])
    >>> picture.count('class="card"'), "seat 2" in picture
    (2, True)
    """
    plays = tuple(plays)
    top = 0 if title is None else _height(title) + 6
    body = "" if title is None else _lines(title, PAD + 10)
    body += _plays_row(plays, PAD, PAD + top)
    width = PAD * 2 + CARD_WIDTH + max(len(plays) - 1, 0) * row_step(len(plays))
    label = title or " ".join(map(str, plays)) or "no cards played"
    return svg_document(width, PAD * 2 + top + _plays_height(plays), body, label)


def _count(cards: int) -> str:
    return "no cards" if not cards else "1 card" if cards == 1 else f"{cards} cards"


def table_picture(
    table: TableLike,
    rounds: int,
    hands: Sequence[Sequence[Card] | int],
    scores: Sequence[int],
    winners: Sequence[int] | None = None,
    you: int | None = None,
    legal: Iterable[Card] | None = None,
    notes: Sequence[str] = (),
) -> str:
    """A round at the table as a picture, as :func:`~pyclag.engine.display.table_text`
    writes it: the round of ``rounds`` and trumps (with the turn-up card), the
    caller or the draw, a band per seat (its ``hands``: the cards face up, or
    a count of cards drawn face down; its bid, tricks and score; marked where it
    is ``you``, to act, or among the ``winners``), the trick on the table and
    who is to act, then the ``notes``. ``you``'s ``legal`` cards are marked.

    >>> import pyclag
    >>> rnd = pyclag.new_game(pyclag.NORMAL, 3).round
    >>> picture = table_picture(rnd, 13, [3, (), 2], (0, 0, 0), you=1)
    >>> picture.count('class="card back"'), 'class="seat you" data-seat="1"' in picture
    (5, True)
    """
    setup = table.setup
    body: list[str] = []
    heading = f"{round_words(setup, rounds)}, dealer seat {setup.dealer}"
    facts = [trumps_words(setup), *setup_lines(setup)]
    room = ROW_WIDTH if setup.turnup is None else ROW_WIDTH - CARD_WIDTH - 8
    y = PAD
    body.append(_lines(heading, y + 14, 15, room, ' font-weight="bold" class="round"'))
    y += _height(heading, 15, room)
    for fact in facts:
        body.append(_lines(fact, y + 14, 14, room, ' class="fact"'))
        y += _height(fact, 14, room)
    if setup.turnup is not None:
        turnup = card_face(setup.turnup, PAD + ROW_WIDTH - CARD_WIDTH, PAD)
        body.append(f'<g class="turnup">{turnup}</g>')
        y = max(y, PAD + CARD_HEIGHT)
    y += 8
    to_act = table.to_act
    down = face_down(table)
    for seat, hand in enumerate(hands):
        mine = seat == you
        marked = legal if mine else None
        empty = not hand
        band = 30 if empty else CARD_HEIGHT + 32 + (RAISE if marked is not None else 0)
        kinds = " you" * mine + " to-act" * (to_act == seat and winners is None)
        kinds += " winner" * (winners is not None and seat in winners)
        fill = "#fff4c2" if " winner" in kinds else "#e3effc" if " to-act" in kinds else "#f4f4f2"
        words = [f"seat {seat}" + (" (you)" if mine else "")]
        if isinstance(hand, int):
            words.append(_count(hand) + (" face down" if mine or down else ""))
        elif down:
            words.append("face down")
        words += seat_words(table, seat, scores)
        parts = [
            f'<rect x="4" y="{y}" width="{WIDTH - 8}" height="{band - 4}" rx="8" fill="{fill}"/>',
            _text(PAD, y + 18, "  ".join(words), 14, ' xml:space="preserve"'),
        ]
        top = y + 26
        if isinstance(hand, int):
            parts.append(backs_row(hand, PAD, top))
        else:
            parts.append(cards_row(hand, PAD, top, marked))
        body.append(f'<g class="seat{kinds}" data-seat="{seat}">{"".join(parts)}</g>')
        y += band
    trick = trick_words(table)
    if trick is not None:
        plays = table.trick or table.tricks[-1].plays
        kind = "trick" if table.trick else "trick last"
        body.append(f'<g class="{kind}">{_lines(trick, y + 16)}')
        y += _height(trick) + 6
        body.append(f"{_plays_row(plays, PAD, y)}</g>")
        y += _plays_height(plays)
    for line in (status_words(table, scores, winners), *notes):
        body.append(_lines(line, y + 18, 14, extra=' font-weight="bold" class="status"'))
        y += _height(line) + 4
    return svg_document(WIDTH, y + PAD, "".join(body), heading)


def game_svg(game: GameLike) -> str:
    """A picture of a whole game's table, every hand face up: what a notebook
    shows for a :class:`~pyclag.engine.state.GameState` (one seat's view is
    :meth:`pyclag.views.Observation._repr_svg_`).

    >>> import pyclag
    >>> "to act: chance (deal)" in game_svg(pyclag.new_game(pyclag.NORMAL, 3))
    True
    """
    rnd = game.round
    hands = [hand.cards for hand in rnd.hands]
    rounds = game.rules.num_rounds(game.players)
    return table_picture(rnd, rounds, hands, game.scores, game_winners(game))


def _ticks(low: int, high: int) -> list[int]:
    """Round numbers from below ``low`` to above ``high``, at most about 6."""
    span = max(high - low, 1)
    step = 1
    for power in range(12):
        found = next((m * 10**power for m in (1, 2, 5) if span / (m * 10**power) <= 5), None)
        if found is not None:
            step = found
            break
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return list(range(first, last + step, step))


def totals_chart(
    totals: Sequence[Sequence[int]],
    names: Sequence[str],
    ticks: Sequence[str],
    shaded: Sequence[tuple[int, str]] = (),
    title: str = "running totals",
) -> str:
    """A line chart of running totals: ``totals[n][seat]`` after deal ``n``
    (row 0 the start), a line a player in :data:`PALETTE` colours, named by
    ``names`` in the legend with the last total; ``ticks`` label the points
    (``""`` for none); the points of ``shaded`` (index, words) are shaded,
    the words their tooltip (special deals).

    >>> picture = totals_chart([(0, 0), (10, 2), (12, 13)], ["Ann", "Bob"], ["start", "1", "2"])
    >>> picture.count("<polyline"), "Ann 12" in picture
    (2, True)
    """
    rows = [tuple(row) for row in totals] or [(0,) * len(names)]
    left, right, top, plot_h = 44, WIDTH - PAD - 8, 34, 180
    values = [value for row in rows for value in row] or [0]
    marks = _ticks(min(0, *values), max(0, *values))
    low, high = marks[0], marks[-1]

    def at_y(value: int) -> float:
        return round(top + plot_h - (value - low) * plot_h / max(high - low, 1), 1)

    gap = (right - left) / max(len(rows) - 1, 1)

    def at_x(index: int) -> float:
        return round(left + (index * gap if len(rows) > 1 else (right - left) / 2), 1)

    body = [_text(PAD, 20, title, 15, ' font-weight="bold" class="title"')]
    for index, words in shaded:
        x = at_x(index) - gap * 0.45
        body.append(
            f'<rect class="special" x="{x:g}" y="{top}" width="{round(gap * 0.9, 1):g}" '
            f'height="{plot_h}" fill="#f3e6c4"><title>{escape(words)}</title></rect>'
        )
    for mark in marks:
        y = at_y(mark)
        body.append(f'<line x1="{left}" y1="{y:g}" x2="{right}" y2="{y:g}" stroke="#ddd"/>')
        body.append(_text(left - 6, y + 4, str(mark), 12, ' text-anchor="end" class="tick"'))
    every = math.ceil(len(rows) / 12)
    for index, tick in enumerate(ticks):
        if tick and index % every == 0:
            extra = ' text-anchor="middle" class="tick"'
            body.append(_text(at_x(index), top + plot_h + 16, tick, 12, extra))
    for seat, name in enumerate(names):
        colour = PALETTE[seat % len(PALETTE)]
        points = " ".join(f"{at_x(n):g},{at_y(row[seat]):g}" for n, row in enumerate(rows))
        dots = "".join(
            f'<circle cx="{at_x(n):g}" cy="{at_y(row[seat]):g}" r="3" fill="{colour}">'
            f"<title>{escape(name)}: {row[seat]}</title></circle>"
            for n, row in enumerate(rows)
        )
        body.append(
            f'<g class="player" data-seat="{seat}"><polyline points="{points}" fill="none" '
            f'stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"/>{dots}</g>'
        )
    y, x = top + plot_h + 40, PAD
    if shaded:
        body.append(_text(PAD, y, "shaded: special deals", 12, ' class="note"'))
        y += 22
    for seat, name in enumerate(names):
        words = f"{name} {rows[-1][seat]}"
        wide = 22 + round(len(words) * 8.4)
        if x > PAD and x + wide > WIDTH - PAD:
            x, y = PAD, y + 22
        colour = PALETTE[seat % len(PALETTE)]
        body.append(
            f'<g class="legend" data-seat="{seat}"><rect x="{x}" y="{y - 11}" width="14" '
            f'height="14" rx="3" fill="{colour}"/>{_text(x + 19, y + 1, words)}</g>'
        )
        x += wide + 10
    return svg_document(WIDTH, y + PAD + 4, "".join(body), title)
