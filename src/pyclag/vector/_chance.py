"""Chance inside the batch: each game's stream (a counter-based hash, the
same bits on every backend), and the chance steps a round meets: the draw
for the first bidder, the deal, the face-down shuffle."""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from pyclag.vector._backend import Backend
from pyclag.vector._rounds import DEAL, DRAW, SHUFFLE
from pyclag.vector._state import Arrays
from pyclag.vector._tables import Tables

__all__ = ["deal", "draw", "game_keys", "mix", "shuffle", "shuffled"]


def mix(xp: Any, x: Any) -> Any:
    """A 32-bit integer hash (lowbias32): the same bits on every backend."""
    x = x ^ (x >> 16)
    x = x * xp.uint32(0x7FEB352D)
    x = x ^ (x >> 15)
    x = x * xp.uint32(0x846CA68B)
    return x ^ (x >> 16)


def game_keys(bk: Backend, seed: int, count: int) -> Any:
    """Each game's stream of chance for a batch reset from ``seed`` (hashed
    with NumPy, whichever the backend: a few operations, each of which JAX
    would dispatch one at a time outside a compiled step)."""
    halves = np.asarray([seed & 0xFFFFFFFF, (seed >> 32) & 0xFFFFFFFF], dtype=np.uint32)
    base = mix(np, halves[:1] ^ mix(np, halves[1:] + np.uint32(0x9E3779B9)))
    games = np.arange(count, dtype=np.uint32)
    return bk.asarray(mix(np, base + games * np.uint32(0x85EBCA6B)))


def _order(xp: Any, keys: Any) -> Any:
    """The card ids 0..51 in the order of their (B, 52) uint32 ``keys``. Each
    key's low six bits are replaced by its card's id, so that the keys are
    distinct and one plain sort of them gives the same order on every backend
    (an argsort sorts pairs: several times slower, most of all under XLA)."""
    ids = xp.arange(52, dtype=xp.uint32)
    return (xp.sort((keys & xp.uint32(0xFFFFFFC0)) | ids, axis=1) & xp.uint32(63)).astype(xp.int32)


def shuffled(bk: Backend, key: Any, rnd: Any) -> Any:
    """The pack of round ``rnd`` of each game, top first, from its stream."""
    xp = bk.xp
    stream = mix(xp, key + (rnd.astype(xp.uint32) + 1) * xp.uint32(0x9E3779B9))
    ranks = mix(xp, stream[:, None] ^ (xp.arange(52, dtype=xp.uint32) * xp.uint32(0xC2B2AE35) + 1))
    return _order(xp, ranks)


_DRAW_TURNS: Final = 26
"""The most turns of a draw from one pack (two contenders a turn); a draw tied
that long (a chance far below 1e-30) stops with the first of those still tied."""


def draw(bk: Backend, t: Tables, s: Arrays) -> Arrays:
    """The draw for the first bidder (A25): a card turned to each seat from
    the eldest round, the highest rank (ace high) wins, and tied seats draw
    again in the same order; the cards come from one pack from the game's stream."""
    xp = bk.xp
    players = s.bids.shape[1]
    drawing = s.phase == DRAW
    ids = xp.arange(52)
    stream = mix(xp, s.key + (s.round.astype(xp.uint32) + 1) * xp.uint32(0x2545F491))
    draw = mix(xp, stream[:, None] ^ (ids.astype(xp.uint32) * xp.uint32(0x85EBCA77) + 11))
    pack = _order(xp, draw)
    left = xp.ones((drawing.shape[0], players), bool)  # in turn from the eldest
    used = xp.zeros_like(s.round)
    for _ in range(_DRAW_TURNS):
        count = left.sum(axis=1)
        going = count > 1
        if not bk.any(going):
            break
        place = xp.minimum(used[:, None] + xp.cumsum(left, axis=1) - 1, 51)
        rank = xp.where(left, xp.take_along_axis(pack, place, axis=1) // 4, -1)
        best = rank.max(axis=1, keepdims=True)
        left = xp.where(going[:, None], left & (rank == best), left)
        used = used + xp.where(going, count, 0)
    first = (s.dealer + 1 + xp.argmax(left, axis=1)) % players
    return s._replace(
        drawn=xp.where(drawing[:, None] & (ids[None, :] < used[:, None]), pack, s.drawn),
        first=xp.where(drawing, first, s.first),
        leader=xp.where(drawing, first, s.leader),
        phase=xp.where(drawing, t.next_phase[s.played, DRAW], s.phase),
    )


def deal(bk: Backend, t: Tables, s: Arrays) -> Arrays:
    """Deal the rounds waiting for their deal (§1.4): one card at a time from
    the eldest, ``size`` each."""
    xp = bk.xp
    players = s.bids.shape[1]
    dealing = s.phase == DEAL
    deck = xp.where(dealing[:, None], shuffled(bk, s.key, s.round), s.deck)
    # The pack's top cards as rows of a round of dealing, a column a seat from the eldest.
    rows = 52 // players
    cards = deck[:, : rows * players].reshape(-1, rows, players)
    given = (xp.arange(rows)[None, :] < s.size[:, None])[:, :, None]
    by_column = bk.held(cards, given)  # (B, players, 4)
    column = (xp.arange(players)[None, :] - s.dealer[:, None] - 1) % players  # each seat's
    hands = bk.pick(by_column, column)
    hand = xp.where(dealing[:, None, None], hands, s.hand)
    after = t.next_phase[s.played, DEAL]
    return s._replace(
        deck=deck,
        hand=hand,
        dealt=xp.where(dealing[:, None, None], hands, s.dealt),
        phase=xp.where(dealing, after, s.phase),
    )


def shuffle(bk: Backend, t: Tables, s: Arrays) -> Arrays:
    """Each player shuffles their own hand face down (RAF Blind, §2.3): the
    piles, seat by seat, each its cards in an order drawn from the game's stream."""
    xp = bk.xp
    players = s.bids.shape[1]
    shuffling = s.phase == SHUFFLE
    ids = xp.arange(52)
    held = (xp.take(s.dealt, ids % 4, axis=2) >> (ids // 4)) & 1  # (B, P, 52)
    owner = xp.where(held.sum(axis=1) > 0, xp.argmax(held, axis=1), players)  # (B, 52)
    stream = mix(xp, s.key + (s.round.astype(xp.uint32) + 1) * xp.uint32(0x632BE5AB))
    draw = mix(xp, stream[:, None] ^ (ids.astype(xp.uint32) * xp.uint32(0x9E3779B1) + 7))
    order = _order(xp, owner.astype(xp.uint32) * xp.uint32(1 << 26) + (draw >> 6))
    return s._replace(
        piles=xp.where(shuffling[:, None], order, s.piles),
        phase=xp.where(shuffling, t.next_phase[s.played, SHUFFLE], s.phase),
    )
