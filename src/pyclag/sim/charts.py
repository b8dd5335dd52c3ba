"""Pictures of games: ``pyclag replay FILE --chart OUT`` draws the running totals
of a game deal by deal, its special deals shaded and named; ``pyclag simulate
--games K --chart OUT`` the final scores of the K games, by seat and by bot.

matplotlib is the optional extra ``pyclag[plot]``, imported only when a picture
is drawn (a missing extra is a one-line :class:`~pyclag.errors.ClagError`
naming it), and it draws off screen: a :class:`matplotlib.figure.Figure` of its
own, rendered by Agg, never pyplot's windows or its global figures. The
figures are returned before they are saved, so a program can look at them or
change them. The data they draw are plain functions of the game or the tally
(:func:`running_totals`, :func:`special_deals`, :func:`quartiles`).

>>> import pyclag
>>> from pyclag.sim.sweep import seeded_game
>>> game = seeded_game(pyclag.NORMAL.with_schedule([2, 1]), 3, ["heuristic"], 1)
>>> running_totals(game)
[(0, 0, 0), (10, 0, 10), (10, 12, 20)]
"""

from __future__ import annotations

import importlib
import io
import math
import pathlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from pyclag._saving import check_target, write_whole
from pyclag.engine.state import GameState
from pyclag.errors import ClagError
from pyclag.sim.sweep import Summary

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "FORMATS",
    "PIXELS",
    "bin_edges",
    "check",
    "distribution_figure",
    "quartiles",
    "running_totals",
    "save",
    "special_deals",
    "totals_figure",
]

FORMATS: Final = ("png", "svg")
"""The picture formats ``--chart`` writes, chosen by the file's suffix."""

PIXELS: Final = (1280, 720)
"""The size of a picture at 100 dots to the inch: a PNG's pixels; an SVG's
size is the same in inches, which matplotlib writes in points (72 an inch)."""

_DPI: Final = 100
_SHADE: Final = "#f3e3c3"


def check(path: str) -> str:
    """The format of a picture to be written to ``path`` (its suffix), once
    the plot extra is known to be installed and ``path`` a file that may be
    written (:func:`~pyclag._saving.check_target`): refused before any game is played.

    >>> check("scores.jpg")
    Traceback (most recent call last):
    pyclag.errors.ClagError: --chart scores.jpg: a chart is a .png or .svg file, not .jpg
    """
    suffix = pathlib.PurePath(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        shown = f".{suffix}" if suffix else "a file without a suffix"
        raise ClagError(f"--chart {path}: a chart is a .png or .svg file, not {shown}")
    check_target(path, "--chart")  # a directory, a device, a missing folder
    _figure_class()
    return suffix


def _figure_class() -> Any:
    """matplotlib's Figure, or the one-line error naming the extra."""
    try:
        return importlib.import_module("matplotlib.figure").Figure
    except ImportError:
        raise ClagError(
            "pictures need the plot extra (matplotlib): pip install 'pyclag[plot]'"
        ) from None


def _new_figure() -> Figure:
    figure: Figure = _figure_class()(
        figsize=(PIXELS[0] / _DPI, PIXELS[1] / _DPI), dpi=_DPI, layout="constrained"
    )
    return figure


def save(figure: Figure, path: str) -> None:
    """Write ``figure`` to ``path``, a ``.png`` or ``.svg`` file, at :data:`PIXELS`,
    whole or not at all (:func:`~pyclag._saving.write_whole`); a file that cannot
    be written is a one-line ClagError.

    >>> save(None, "scores.gif")
    Traceback (most recent call last):
    pyclag.errors.ClagError: --chart scores.gif: a chart is a .png or .svg file, not .gif
    """
    form = check(path)
    picture = io.BytesIO()
    # No date in an SVG: the same games draw the same file.
    stamp = {"Date": None} if form == "svg" else {}
    figure.savefig(picture, format=form, dpi=_DPI, metadata=stamp)
    write_whole(path, picture.getvalue())  # whole or not at all, a link's target


# --- a game: running totals ------------------------------------------------------------------


def running_totals(state: GameState) -> list[tuple[int, ...]]:
    """Each seat's total before the first deal and after each finished one.

    >>> import pyclag
    >>> running_totals(pyclag.new_game(pyclag.NORMAL, 3))
    [(0, 0, 0)]
    """
    return [tuple(0 for _ in range(state.players)), *(r.totals for r in state.history)]


def special_deals(state: GameState) -> list[tuple[int, str]]:
    """The finished deals that are not plain ones: ``(deal number, rule)``, the
    rule as played (a call, a declared trump), as the score card names it.

    >>> import pyclag
    >>> from pyclag.sim.sweep import seeded_game
    >>> special_deals(seeded_game(pyclag.presets.get("wikipedia"), 4, ["heuristic"], 1))[:3]
    [(8, 'No Trumps'), (9, 'Misère'), (10, 'Guess Trumps')]
    """
    return [
        (number, result.setup.played.label)
        for number, result in enumerate(state.history, 1)
        if result.setup.played.label
    ]


def totals_figure(state: GameState, names: Sequence[str] = ()) -> Figure:
    """The running totals of ``state``'s players over its deals, one line a
    seat (named ``names``, or ``seat N``), the special deals shaded and named.

    >>> import pytest; _ = pytest.importorskip("matplotlib")  # the plot extra
    >>> import pyclag
    >>> from pyclag.sim.sweep import seeded_game
    >>> figure = totals_figure(seeded_game(pyclag.NORMAL.with_schedule([2, 1]), 3, ["heuristic"], 1))
    >>> [line.get_ydata().tolist() for line in figure.axes[0].lines]
    [[0, 10, 10], [0, 0, 12], [0, 10, 20]]
    """
    figure = _new_figure()
    axes = figure.add_subplot()
    totals = running_totals(state)
    deals = range(len(totals))
    labels = list(names) or [f"seat {seat}" for seat in range(state.players)]
    for number, rule in special_deals(state):
        axes.axvspan(number - 0.47, number + 0.47, color=_SHADE, linewidth=0, zorder=0)
        axes.text(  # the rule's parts on lines of their own, above the scores
            number,
            0.99,
            rule.replace(", ", "\n"),
            transform=axes.get_xaxis_transform(),
            rotation=90,
            ha="center",
            va="top",
            fontsize=8,
            linespacing=1.1,
            color="#5a4a2a",
            zorder=4,
            bbox={"facecolor": _SHADE, "edgecolor": "none", "alpha": 0.85, "pad": 1},
        )
    for seat, label in enumerate(labels):
        axes.plot(
            deals, [row[seat] for row in totals], marker="o", markersize=4, label=label, zorder=3
        )
    sizes = [result.setup.hand_size for result in state.history]
    axes.set_xticks(list(deals), ["start", *(f"{n}\n{s}" for n, s in enumerate(sizes, 1))])
    axes.set_xlim(-0.5, max(len(totals) - 0.5, 0.5))
    if special_deals(state):  # room above the scores for the rules' names
        low = min(min(row) for row in totals)
        high = max(max(row) for row in totals)
        axes.set_ylim(top=high + 0.35 * (high - low or 1))
    axes.set_xlabel("deal (and its cards a hand); shaded: special deals")
    axes.set_ylabel("total score")
    axes.grid(axis="y", alpha=0.3)
    axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    axes.set_title(f"{state.rules.name}: running totals, {state.players} players")
    return figure


# --- many games: the final scores ------------------------------------------------------------


def quartiles(counts: Sequence[tuple[int, int]]) -> tuple[float, float, float]:
    """The first quartile, median and third quartile of scores given as
    ``(score, games)`` pairs (a tally's ``score_counts`` of a seat), by linear
    interpolation between the sorted scores (numpy's default percentile).

    >>> quartiles([(0, 1), (10, 2), (40, 1)])
    (7.5, 10.0, 17.5)
    """
    total = sum(games for _, games in counts)

    def at(rank: int) -> int:  # the score of the rank-th game, 0-based, in score order
        seen = 0
        for score, games in counts:
            seen += games
            if rank < seen:
                return score
        raise ClagError(f"quartiles: rank {rank} past {total} games")

    def quantile(q: float) -> float:
        position = (total - 1) * q
        low = math.floor(position)
        below = at(low)
        return below + (at(min(low + 1, total - 1)) - below) * (position - low)

    return quantile(0.25), quantile(0.5), quantile(0.75)


def _box(counts: Sequence[tuple[int, int]], label: str) -> dict[str, object]:
    """The statistics matplotlib's ``bxp`` draws a box from (whiskers at 1.5
    times the box, each score beyond them drawn once)."""
    q1, median, q3 = quartiles(counts)
    reach = 1.5 * (q3 - q1)
    inside = [score for score, _ in counts if q1 - reach <= score <= q3 + reach]
    games = sum(n for _, n in counts)
    mean = sum(score * n for score, n in counts) / games
    return {
        "label": label,
        "q1": q1,
        "med": median,
        "q3": q3,
        "mean": mean,
        "whislo": min(inside, default=q1),
        "whishi": max(inside, default=q3),
        "fliers": [score for score, _ in counts if not q1 - reach <= score <= q3 + reach],
    }


def bin_edges(low: int, high: int) -> list[int]:
    """Edges of whole-number bins over scores ``low`` to ``high``: about 30
    bins at most, each score in exactly one (``[edge, next edge)``).

    >>> bin_edges(-4, 3), bin_edges(0, 100)[:3]
    ([-4, -3, -2, -1, 0, 1, 2, 3, 4], [0, 4, 8])
    """
    width = max(1, math.ceil((high - low + 1) / 30))
    bins = math.ceil((high - low + 1) / width)
    return [low + width * number for number in range(bins + 1)]


def _binned(counts: Sequence[tuple[int, int]], edges: Sequence[int]) -> list[int]:
    width = edges[1] - edges[0]
    games = [0] * (len(edges) - 1)
    for score, number in counts:
        games[(score - edges[0]) // width] += number
    return games


def distribution_figure(summary: Summary, title: str = "") -> Figure:
    """The final scores of a run's games: a box a seat (its bot named), and
    the histogram of each bot's final scores over every seat it held (as a
    share of its games, so that a bot at two seats compares with one at one); a
    summary without them (a tally made by hand) is a ClagError.

    >>> import pytest; _ = pytest.importorskip("matplotlib")  # the plot extra
    >>> import pyclag
    >>> from pyclag.sim.sweep import simulate_many
    >>> summary = simulate_many(pyclag.NORMAL.with_schedule([2, 1]), 3, ["heuristic", "random"], 20)
    >>> figure = distribution_figure(summary)
    >>> [round(sum(step.get_data().values)) for step in figure.axes[1].patches]
    [100, 100]
    """
    tally, kinds = summary.tally, summary.kinds
    if not tally.score_counts:
        raise ClagError("distribution_figure: the summary holds no final scores to draw")
    figure = _new_figure()
    boxes, bars = figure.subplots(1, 2, width_ratios=(1, 1))
    stats = [
        _box(counts, f"seat {seat}\n{kinds[seat]}")
        for seat, counts in enumerate(tally.score_counts)
    ]
    colours = {kind: f"C{number}" for number, kind in enumerate(dict.fromkeys(kinds))}
    drawn = boxes.bxp(
        stats,
        showmeans=True,
        patch_artist=True,
        meanprops={"marker": "^", "markerfacecolor": "white", "markeredgecolor": "black"},
        medianprops={"color": "black", "linewidth": 1.5, "gid": "median"},
    )
    for box, kind in zip(drawn["boxes"], kinds, strict=True):
        box.set_facecolor(colours[kind])
        box.set_alpha(0.6)
    boxes.set_ylabel("final score")
    boxes.set_title("by seat (box: the middle half; line: median; triangle: mean)", fontsize=10)
    boxes.grid(axis="y", alpha=0.3)
    scores = [score for counts in tally.score_counts for score, _ in counts]
    edges = bin_edges(min(scores), max(scores))
    for kind in colours:
        pooled: dict[int, int] = {}
        for seat, counts in enumerate(tally.score_counts):
            if kinds[seat] == kind:
                for score, games in counts:
                    pooled[score] = pooled.get(score, 0) + games
        binned = _binned(sorted(pooled.items()), edges)
        share = [100 * games / sum(binned) for games in binned]
        bars.stairs(share, edges, label=kind, linewidth=2, color=colours[kind])
    bars.set_xlabel("final score")
    bars.set_ylabel("% of the bot's games (its seats pooled)")
    bars.set_title("by bot", fontsize=10)
    bars.grid(axis="y", alpha=0.3)
    bars.legend(frameon=False)
    figure.suptitle(f"{title}{': ' if title else ''}final scores of {tally.games:,} games")
    return figure
