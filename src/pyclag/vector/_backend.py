"""The two array backends the one kernel runs on: NumPy and JAX.

The kernel (:mod:`pyclag.vector._kernel`) is written once over ``xp``, the
array namespace, and these few primitives, each with one meaning on both
backends (``tests/vector/test_backend.py`` checks them side by side). What
differs is only how each is computed where the two are fast in different ways:
how a part of a step that no game of the batch needs is skipped (NumPy skips
it in Python, JAX runs it in a loop taken once or not at all), how a game's
entries are read and written (NumPy reads tables with ``take`` and writes into
a copy in place; JAX, whose CPU gathers go one element at a time, selects by
flags), how columns are laid into an array, and how a step is compiled.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final, TypeVar

import numpy as np

__all__ = ["BACKENDS", "Backend", "backend"]

S = TypeVar("S")


class Backend:
    """One backend: its name, its array namespace ``xp`` and the primitives
    the kernel needs beyond ``xp``."""

    name: str = "numpy"
    xp: Any = np

    def asarray(self, value: Any) -> Any:
        """``value`` as an array of this backend."""
        return self.xp.asarray(value)

    def to_numpy(self, value: Any) -> Any:
        """An array of this backend as a NumPy array."""
        return np.asarray(value)

    def any(self, flags: Any) -> bool:
        """Whether any flag is set, when the backend can ask without
        compiling both ways (NumPy); otherwise True."""
        return bool(flags.any())

    def maybe(self, flags: Any, part: Callable[..., S], tables: Any, state: S, *more: Any) -> S:
        """``part(self, tables, state, *more)`` if any of ``flags`` is set, else
        ``state``: the part of a step only some games need, skipped when none do."""
        return part(self, tables, state, *more) if flags.any() else state

    def pick(self, values: Any, index: Any) -> Any:
        """Each game's entries of ``values`` (B, K, *rest) at ``index`` (B, *shape)
        along the second axis: an array (B, *shape, *rest) (a gather)."""
        games, width = values.shape[:2]
        rows = np.arange(games).reshape(-1, *[1] * (index.ndim - 1)) * width + index
        return values.reshape(games * width, *values.shape[2:]).take(rows, axis=0)

    def popcount(self, masks: Any) -> Any:
        """The cards in each 13-bit suit mask (a table: NumPy has no popcount
        before 2.0)."""
        return _POPCOUNT.take(masks)

    def kth_rank(self, masks: Any, k: Any) -> Any:
        """The rank of the ``k``-th card (0-based, lowest rank first) of each
        13-bit suit mask, ``k`` below its count (a table)."""
        return _SELECT.take(masks * 13 + np.minimum(k, 12))

    def spread(self, masks: Any) -> Any:
        """(..., 4) suit masks as (..., 52) flags by card id (``rank * 4 +
        suit``): each rank's bit of each suit, laid out rank by rank (NumPy:
        each suit's mask a 52-bit word from a table, the four or-ed, the
        word's bits unpacked)."""
        words = np.bitwise_or.reduce(_WORDS.take(masks + _SUIT_ROWS), axis=-1)
        octets = words.astype("<u8", copy=False).view(np.uint8).reshape(*words.shape, 8)
        bits = np.unpackbits(octets, axis=-1, bitorder="little")
        return bits[..., :52].view(bool)

    def held(self, cards: Any, given: Any) -> Any:
        """The suit masks of the cards along the second axis of ``cards``
        (B, N, *rest) where ``given`` (broadcast to its shape) is set: (B,
        *rest, 4). NumPy ors each card's bit into a 52-bit word and reads the
        word's bytes, two ranks each, by table."""
        bits = np.left_shift(np.uint64(1), cards.astype(np.uint64)) * given
        words = bits[:, 0]
        for row in range(1, cards.shape[1]):  # a few rows: cheaper than a strided reduction
            words = words | bits[:, row]
        octets = words.astype("<u8", copy=False).view(np.uint8).reshape(*words.shape, 8)
        pairs = _PAIRS.take(octets, axis=0)  # (B, *rest, 8 octets, 4 suits)
        masks = pairs[..., 0, :]
        for octet in range(1, 7):  # ranks 2k and 2k + 1
            masks = masks | pairs[..., octet, :] << 2 * octet
        return masks

    def write(self, array: Any, index: Any, values: Any, on: Any) -> Any:
        """A new (B, K) ``array`` with each game's entry at ``index`` (B,) set
        to its ``values`` (B,) where ``on`` (and the index is inside 0..K-1).
        NumPy copies and writes in place; JAX selects by flags."""
        out = array.copy()
        places = np.flatnonzero(on & (index >= 0) & (index < array.shape[1]))
        out[places, index[places]] = values[places]
        return out

    def toggle(self, array: Any, index: Any, bits: Any, on: Any) -> Any:
        """As :meth:`write`, each entry xor-ed with its ``bits`` instead of set."""
        out = array.copy()
        places = np.flatnonzero(on & (index >= 0) & (index < array.shape[1]))
        out[places, index[places]] ^= bits[places]
        return out

    def one_hot(self, index: Any, size: int, on: Any) -> Any:
        """(*index.shape, size) bool: a flag at each ``index`` where ``on``
        (none where the index is outside 0..size-1). NumPy writes the flags
        into zeros; JAX compares."""
        out = np.zeros((*index.shape, size), bool)
        ok = (on & (index >= 0) & (index < size)).ravel()
        places = np.flatnonzero(ok)
        out.reshape(-1, size)[places, index.ravel()[places]] = True
        return out

    def kth(self, flags: Any, k: Any) -> Any:
        """Per row of ``flags``, the column of its ``k``-th set flag (0-based,
        ``k`` below the row's count; 0 for a row with none)."""
        return (np.cumsum(flags, axis=1) > k[:, None]).argmax(axis=1)

    def loop(self, going: Callable[[S], Any], body: Callable[[S], S], start: S) -> S:
        """``body`` applied to ``start`` while ``going`` says so (one compiled
        loop on JAX)."""
        value = start
        while going(value):
            value = body(value)
        return value

    def overlay(self, base: Any, blocks: list[tuple[int, Any]], keep: Any = None) -> Any:
        """``base`` with each ``(start, block)`` written over its columns from
        ``start``, and the rows where ``keep`` is False zeroed. ``base`` must
        be the caller's own new array: NumPy writes into it."""
        for start, block in blocks:
            base[:, start : start + block.shape[1]] = block
        if keep is not None and not keep.all():
            base[~keep] = 0
        return base

    def compile(self, function: Callable[..., Any], tables: Any) -> Callable[..., Any]:
        """``function`` with this backend and ``tables`` bound, compiled where
        the backend compiles."""
        return Bound(function, self, tables)


class JaxBackend(Backend):
    """JAX: every step jitted, fixed shapes, no per-game Python control flow."""

    name = "jax"

    def __init__(self) -> None:
        import jax
        import jax.numpy as jnp

        self.jax = jax
        self.xp = jnp

    def any(self, flags: Any) -> bool:
        return True

    def maybe(self, flags: Any, part: Callable[..., S], tables: Any, state: S, *more: Any) -> S:
        # A loop run once or not at all, not a cond: a loop's state stays in its buffers
        # when the body does not run, where a cond's untaken branch copies what it returns
        # (at every step, and a batch's packs and logs are most of its bytes).
        def body(carry: tuple[Any, S]) -> tuple[Any, S]:
            return carry[0] & False, part(self, tables, carry[1], *more)

        _, taken = self.jax.lax.while_loop(lambda carry: carry[0], body, (flags.any(), state))
        result: S = taken
        return result

    def pick(self, values: Any, index: Any) -> Any:
        # A choice by flags, summed: XLA gathers one element at a time.
        xp = self.xp
        flags = index[..., None] == xp.arange(values.shape[1])  # (B, ..., K)
        flags = flags.reshape(*flags.shape, *[1] * (values.ndim - 2))
        spread = values.reshape(values.shape[0], *[1] * (index.ndim - 1), *values.shape[1:])
        return xp.where(flags, spread, 0).sum(axis=index.ndim)

    def popcount(self, masks: Any) -> Any:
        return self.jax.lax.population_count(masks)

    def kth_rank(self, masks: Any, k: Any) -> Any:
        # Bit by bit, in one fused loop: XLA gathers from a table one element at a time.
        xp = self.xp
        seen = xp.zeros_like(masks)
        rank = xp.zeros_like(masks)
        for bit in range(13):
            held = (masks >> bit) & 1
            rank = xp.where((held > 0) & (seen == k), bit, rank)
            seen = seen + held
        return rank

    def spread(self, masks: Any) -> Any:
        # By shifts: a table would be a gather, one element at a time under XLA.
        xp = self.xp
        flags = (masks[..., None, :] >> xp.arange(13)[:, None]) & 1  # (..., 13 ranks, 4 suits)
        return flags.reshape(*masks.shape[:-1], 52) > 0

    def held(self, cards: Any, given: Any) -> Any:
        xp = self.xp
        suits = (cards % 4)[..., None] == xp.arange(4)
        flags = xp.broadcast_to(given, cards.shape)[..., None] & suits
        return xp.where(flags, 1 << (cards // 4)[..., None], 0).sum(axis=1).astype(xp.int32)

    def write(self, array: Any, index: Any, values: Any, on: Any) -> Any:
        flags = self.one_hot(index, array.shape[1], on)
        return self.xp.where(flags, values[:, None].astype(array.dtype), array)

    def toggle(self, array: Any, index: Any, bits: Any, on: Any) -> Any:
        flags = self.one_hot(index, array.shape[1], on)
        return array ^ self.xp.where(flags, bits[:, None].astype(array.dtype), 0)

    def one_hot(self, index: Any, size: int, on: Any) -> Any:
        return (index[..., None] == self.xp.arange(size)) & on[..., None]

    def kth(self, flags: Any, k: Any) -> Any:
        xp = self.xp
        running = self.jax.lax.associative_scan(xp.add, flags.astype(xp.int32), axis=1)
        return xp.argmax(running > k[:, None], axis=1)

    def loop(self, going: Callable[[S], Any], body: Callable[[S], S], start: S) -> S:
        ended: S = self.jax.lax.while_loop(going, body, start)
        return ended

    def overlay(self, base: Any, blocks: list[tuple[int, Any]], keep: Any = None) -> Any:
        xp = self.xp
        pieces, at = [], 0
        for start, block in sorted(blocks, key=lambda placed: placed[0]):
            pieces += [base[:, at:start], block.astype(base.dtype)]
            at = start + block.shape[1]
        pieces.append(base[:, at:])
        out = xp.concatenate(pieces, axis=1)
        return out if keep is None else xp.where(keep[:, None], out, xp.zeros_like(out))

    def compile(self, function: Callable[..., Any], tables: Any) -> Callable[..., Any]:
        arrays = {
            name: self.xp.asarray(value)
            for name, value in tables._asdict().items()
            if isinstance(value, np.ndarray)
        }
        jitted: Callable[..., Any] = self.jax.jit(Bound(function, self, tables._replace(**arrays)))
        return jitted


class Bound:
    """A kernel function with its backend and compiled rules bound: the
    rules are constants of the step, not arguments JAX would trace."""

    __slots__ = ("__weakref__", "backend", "function", "tables")

    def __init__(self, function: Callable[..., Any], backend: Backend, tables: Any) -> None:
        self.function = function
        self.backend = backend
        self.tables = tables

    def __call__(self, *arrays: Any) -> Any:
        return self.function(self.backend, self.tables, *arrays)


def _select() -> Any:
    out = np.zeros((1 << 13, 13), np.int32)
    for mask in range(1 << 13):
        ranks = [rank for rank in range(13) if mask >> rank & 1]
        out[mask, : len(ranks)] = ranks
    return out.reshape(-1)  # row mask * 13 + k


def _words() -> Any:
    """Each suit's 13-bit masks as 52-bit words by card id (rank * 4 + suit):
    row ``suit * 8192 + mask``, in little-endian byte order."""
    ranks = (np.arange(1 << 13)[:, None] >> np.arange(13)) & 1  # (mask, rank)
    out = np.zeros((4, 1 << 13), np.uint64)
    for suit in range(4):
        places = np.uint64(1) << (np.arange(13, dtype=np.uint64) * np.uint64(4) + np.uint64(suit))
        out[suit] = (ranks.astype(np.uint64) * places).sum(axis=1, dtype=np.uint64)
    return out.reshape(-1).astype("<u8")


_WORDS: Final = _words()
_SUIT_ROWS: Final = np.arange(4, dtype=np.int32) * (1 << 13)
_PAIRS: Final = np.asarray(
    [
        [(octet >> suit & 1) | (octet >> (suit + 4) & 1) << 1 for suit in range(4)]
        for octet in range(256)
    ],
    np.int32,
)
"""An octet of a 52-bit card word (card ids ``8k``..``8k + 7``: two ranks of
four suits) as each suit's two bits."""
_POPCOUNT: Final = np.array([mask.bit_count() for mask in range(1 << 13)], np.int32)
_SELECT: Final = _select()

NUMPY: Final = Backend()

BACKENDS: Final = ("numpy", "jax")
"""The backends :class:`~pyclag.vector.Env` runs on."""


@functools.cache
def backend(name: str) -> Backend:
    """The backend called ``name`` (JAX imported on first use)."""
    if name == "numpy":
        return NUMPY
    return JaxBackend()
