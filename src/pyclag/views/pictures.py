"""Pictures of cards, hands, tricks, tables and score sheets, in SVG: pure
Python, each a whole SVG document (a ``str``) that a page, a notebook or a file
can show. They are drawn from the same named pieces as the text forms
(:mod:`pyclag.engine.display`, ``docs/text.rst``), so a picture and ``print``
say the same words, and the same input gives the same picture.

- :func:`card_svg`, :func:`hand_svg` (the legal cards marked), :func:`trick_svg`;
- :func:`table_svg`: the table of a :class:`~pyclag.engine.state.GameState`
  (every hand) or of an :class:`~pyclag.views.Observation` (one seat's view:
  the others' cards are backs);
- :func:`chart_svg`: the running totals of a
  :class:`~pyclag.scoresheet.sheet.ScoreSheet` or a game, a line a player.

Cards, hands, states, observations and score sheets have ``_repr_svg_``, so a
Jupyter notebook shows them as these pictures. A picture has no ``id``: a card
is a group ``<g class="card" data-card="TH">`` (``card legal``, ``card
illegal`` and ``card back`` too), a seat ``<g class="seat" data-seat="2">``
(with ``you``, ``to-act`` or ``winner``), a chart's player ``<g class="player"
data-seat="0">``, for a page to style and find. Sizes are in user units, with a
``viewBox``: a table or chart is :data:`~pyclag.engine.pictures.WIDTH` wide, a phone's width, and scales.

>>> import random, pyclag
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, 4), rng=random.Random(1))
>>> seen = table_svg(pyclag.observe(state, 1))
>>> seen.count('class="card back"'), seen.count('class="seat you')
(3, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from pyclag._checks import not_a
from pyclag.actions import Play
from pyclag.cards import CARD_HEIGHT, CARD_WIDTH, card_svg
from pyclag.engine.pictures import PALETTE, WIDTH, game_svg
from pyclag.engine.pictures import trick_svg as _plays_svg
from pyclag.engine.state import GameState, Trick
from pyclag.hand import hand_svg
from pyclag.scoresheet.scorecard import totals_svg
from pyclag.scoresheet.sheet import ScoreSheet
from pyclag.views._observe import Observation

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "PALETTE",
    "WIDTH",
    "card_svg",
    "chart_svg",
    "hand_svg",
    "table_svg",
    "trick_svg",
]


def trick_svg(trick: Trick | Sequence[Play], title: str | None = None) -> str:
    """A picture of a trick: a finished :class:`~pyclag.engine.state.Trick`
    (titled with who led and who won) or the plays of one in progress, each
    card with its seat beneath.

    >>> import pyclag
    >>> trick = pyclag.engine.state.Trick(0, (pyclag.Play(0, pyclag.Card.parse("AS")),), 0)
    >>> "seat 0 led, seat 0 won" in trick_svg(trick)
    True
    """
    if isinstance(trick, Trick):
        led = f"seat {trick.leader} led, seat {trick.winner} won"
        return _plays_svg(trick.plays, led if title is None else title)
    if isinstance(trick, (str, bytes)) or not isinstance(trick, Sequence):
        raise not_a("trick_svg", "trick", "a Trick or a sequence of Play values", trick)
    for play in trick:
        if not isinstance(play, Play):
            raise not_a("trick_svg", "trick", "a Trick or a sequence of Play values", play)
    return _plays_svg(trick, title)


def table_svg(view: GameState | Observation) -> str:
    """A picture of the table, as ``print`` writes it: the round and trumps
    (with the turn-up card), a band per seat with its cards, bid, tricks and
    score, the trick on the table and who is to act (or the winners). A
    :class:`~pyclag.engine.state.GameState` shows every hand; an
    :class:`~pyclag.views.Observation` only what its seat may know: its own
    cards (the legal ones marked when it is to play), the others' as backs.

    >>> import pyclag
    >>> table_svg("a game")
    Traceback (most recent call last):
    TypeError: table_svg: view must be a GameState or an Observation, not str
    """
    if isinstance(view, GameState):
        return game_svg(view)
    if isinstance(view, Observation):
        return view._repr_svg_()
    raise not_a("table_svg", "view", "a GameState or an Observation", view)


def chart_svg(source: ScoreSheet | GameState, names: Sequence[str] | None = None) -> str:
    """A chart of the running totals after each deal, a line a player in
    :data:`~pyclag.engine.pictures.PALETTE` colours, the special deals shaded, and a legend of the
    ``names`` (a sheet's own names by default, else ``seat 0``, ...) with their
    totals: of a :class:`~pyclag.scoresheet.sheet.ScoreSheet` (what
    ``pyclag score --chart FILE`` writes) or of a game's finished rounds.

    >>> import pyclag
    >>> sheet = pyclag.scoresheet.ScoreSheet(pyclag.NORMAL, 3, names=("Ann", "Bob", "Cy"))
    >>> "Bob 12" in chart_svg(sheet.bid(1).bid(0).bid(1).took((0, 1, 0)))
    True
    """
    if isinstance(source, ScoreSheet):
        if names is None:
            return source.chart()
        deals = [(row.deal.setup, row.totals) for row in source.rows]
        return totals_svg(f"{source.rules.name}: running totals", source.players, deals, names)
    if isinstance(source, GameState):
        deals = [(result.setup, result.totals) for result in source.history]
        title = f"{source.rules.name}: running totals"
        return totals_svg(title, source.players, deals, names)
    raise not_a("chart_svg", "source", "a ScoreSheet or a GameState", source)
