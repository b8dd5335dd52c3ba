"""The observation vector of the seat to act in each game of a batch: the
vector :func:`pyclag.codec.encode` gives for
``pyclag.observe(state, seat)``, float for float, built from the arrays.

The layout is the codec's own (:func:`pyclag.views.encoding.layout`); the
pieces fixed for a round come compiled with the rules
(:attr:`~pyclag.vector._tables.Tables.static_view`); the rest is placed here.
A finished game has no seat to act: its row is all zeros.
"""

from __future__ import annotations

from typing import Any, Final

from pyclag.engine.phases import Phase
from pyclag.vector._backend import Backend
from pyclag.vector._rounds import BID, OVER
from pyclag.vector._state import Arrays
from pyclag.vector._tables import UNKNOWN, Tables
from pyclag.views.encoding import layout

__all__ = ["observation"]

_UNSEEN: Final = 1  # Bidding.UNSEEN's place in its enum


def observation(bk: Backend, t: Tables, s: Arrays) -> Any:
    """(B, encoding size) float32: each game's vector for its seat to act."""
    xp = bk.xp
    count, players = s.bids.shape
    at = {piece.name: piece.start for piece in layout(players)}
    live = s.phase != OVER
    me = s.to_act % players  # a finished game's row is zeroed below
    v = s.played
    # The hand size, or the round's as scheduled while the RAF dealer has yet to choose.
    size = xp.where(s.size > 0, s.size, t.view_size[s.round])[:, None]

    def per_size(counts: Any) -> Any:  # counts / the hand size, as the codec rounds it
        return t.quotient[counts, size]

    order = (me[:, None] + xp.arange(players)[None, :]) % players  # relative seat k's seat

    def rel(values: Any) -> Any:  # per-seat values, observer first
        return xp.take_along_axis(
            values, order.reshape(count, players, *([1] * (values.ndim - 2))), axis=1
        )

    def relative(seat: Any) -> Any:
        return (seat - me) % players

    all_ = live
    unseen = (s.phase == BID) & (t.bidding[v] == _UNSEEN)
    hand = bk.spread(s.hand[xp.arange(count), me])
    played = s.dealt & ~s.hand
    in_trick = s.trick >= 0
    known = s.trump != UNKNOWN
    trumps = xp.where(known, s.trump, 5)
    caller = xp.where(s.caller >= 0, relative(s.caller), players)
    bid = s.bids >= 0
    pieces = {
        "observer": bk.one_hot(me, players, all_),
        "dealer": bk.one_hot(relative(s.dealer), players, all_),
        "to act": bk.one_hot(xp.zeros_like(me), players + 1, all_),
        "phase": bk.one_hot(s.phase, len(Phase), all_),
        "hand": hand & ~unseen[:, None],
        "hand unseen": unseen[:, None],
        "hand sizes": per_size(rel(bk.popcount(s.hand).sum(axis=2))),
        "played": bk.spread(rel(played)).reshape(count, players * 52),
        "trick": bk.one_hot(s.trick, 52, in_trick).reshape(count, players * 52),
        "trick wild": s.wild & in_trick,
        "trick leader": bk.one_hot(relative(s.leader), players, s.trick_len > 0),
        "turn-up": bk.one_hot(s.turnup, 52, s.turnup >= 0),
        "trumps": bk.one_hot(trumps, 6, all_),
        "precedence": t.precedence_view[v] * known[:, None],
        "rank order": t.order_view[v] * known[:, None],
        "bids": per_size(rel(xp.where(bid, s.bids, 0))),
        "bid made": rel(bid),
        "tricks won": per_size(rel(s.won)),
        "deal": xp.stack([t.round_view[s.round, at["deal"]], t.quotient[size[:, 0], 13]], axis=1),
        "caller": bk.one_hot(caller, players + 1, all_),
        "scores": _hundredths(xp, t, rel(s.scores)),
    }
    blocks = [(at[name], xp.asarray(piece)) for name, piece in pieces.items()]
    return bk.overlay(t.static_view[v], blocks, keep=live)


def _hundredths(xp: Any, t: Tables, totals: Any) -> Any:
    """``totals / 100`` rounded once, as the codec divides (a table within the
    rules' reach)."""
    reach = (t.hundredths.shape[0] - 1) // 2
    inside = xp.abs(totals) <= reach
    looked = t.hundredths[xp.minimum(xp.maximum(totals + reach, 0), 2 * reach)]
    return xp.where(inside, looked, totals.astype(xp.float32) / xp.float32(100))
