"""The backends' primitives (issue 35 item 3: one kernel, two backends): each
primitive NumPy computes its own way (tables, writes in place) means what
JAX's does, on every input the kernel can give it."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from pyclag.vector._backend import BACKENDS, backend  # noqa: E402

ALL_MASKS = np.arange(1 << 13, dtype=np.int32)


def _backends() -> list[str]:
    try:
        import jax  # noqa: F401
    except ImportError:
        return ["numpy"]
    return list(BACKENDS)


@pytest.mark.parametrize("name", _backends())
def test_spread_lays_each_suits_ranks_out_by_card_id(name: str) -> None:
    bk = backend(name)
    # Every 13-bit mask in every suit's place, the other suits empty or full.
    masks = np.zeros((4 * ALL_MASKS.size, 4), np.int32)
    for suit in range(4):
        masks[suit * ALL_MASKS.size : (suit + 1) * ALL_MASKS.size, suit] = ALL_MASKS
    masks[::3] |= np.int32(0x1FFF) * (masks[::3] == 0)
    flags = np.asarray(bk.spread(bk.asarray(masks)))
    card = np.arange(52)
    expected = ((masks[:, card % 4] >> (card // 4)) & 1) > 0
    assert flags.shape == (masks.shape[0], 52) and flags.dtype == bool
    assert (flags == expected).all()


@pytest.mark.parametrize("name", _backends())
def test_spread_keeps_the_leading_axes(name: str) -> None:
    bk = backend(name)
    masks = np.arange(2 * 3 * 4, dtype=np.int32).reshape(2, 3, 4) * 331 % 8192
    flags = np.asarray(bk.spread(bk.asarray(masks)))
    assert flags.shape == (2, 3, 52)
    assert (flags[1, 2] == np.asarray(bk.spread(bk.asarray(masks[1, 2][None])))[0]).all()


@pytest.mark.parametrize("name", _backends())
def test_one_hot_flags_each_index_where_on_and_inside(name: str) -> None:
    bk = backend(name)
    rng = np.random.default_rng(3)
    index = rng.integers(-2, 9, (64, 3)).astype(np.int32)
    on = rng.random((64, 3)) < 0.7
    flags = np.asarray(bk.one_hot(bk.asarray(index), 7, bk.asarray(on)))
    expected = (index[..., None] == np.arange(7)) & on[..., None]
    assert flags.shape == (64, 3, 7)
    assert (flags == expected).all()
    assert not flags[index >= 7].any() and not flags[index < 0].any()


@pytest.mark.parametrize("name", _backends())
def test_popcount_and_kth_rank_read_every_suit_mask(name: str) -> None:
    bk = backend(name)
    counts = np.asarray(bk.popcount(bk.asarray(ALL_MASKS)))
    assert counts.tolist() == [int(mask).bit_count() for mask in ALL_MASKS]
    ranks = [[rank for rank in range(13) if mask >> rank & 1] for mask in range(1 << 13)]
    masks = np.asarray([mask for mask in range(1 << 13) for _ in ranks[mask]], np.int32)
    k = np.asarray([k for mask in range(1 << 13) for k in range(len(ranks[mask]))], np.int32)
    picked = np.asarray(bk.kth_rank(bk.asarray(masks), bk.asarray(k)))
    assert picked.tolist() == [rank for held in ranks for rank in held]


@pytest.mark.parametrize("name", _backends())
def test_pick_takes_each_games_entry(name: str) -> None:
    bk = backend(name)
    values = np.arange(5 * 4 * 3, dtype=np.int32).reshape(5, 4, 3)
    index = np.asarray([[0, 3], [1, 1], [2, 0], [3, 3], [0, 0]], np.int32)
    picked = np.asarray(bk.pick(bk.asarray(values), bk.asarray(index)))
    assert picked.shape == (5, 2, 3)
    assert (picked == values[np.arange(5)[:, None], index]).all()


@pytest.mark.parametrize("name", _backends())
def test_held_gathers_the_given_cards_into_suit_masks(name: str) -> None:
    bk = backend(name)
    rng = np.random.default_rng(5)
    cards = np.stack([rng.permutation(52)[:39] for _ in range(32)]).astype(np.int32)
    cards = cards.reshape(32, 13, 3)
    given = rng.random((32, 13, 1)) < 0.6
    masks = np.asarray(bk.held(bk.asarray(cards), bk.asarray(given)))
    expected = np.zeros((32, 3, 4), np.int64)
    for game, row, seat in np.ndindex(*cards.shape):
        if given[game, row, 0]:
            card = int(cards[game, row, seat])
            expected[game, seat, card % 4] |= 1 << (card // 4)
    assert masks.shape == (32, 3, 4) and masks.dtype == np.int32
    assert (masks == expected).all()


@pytest.mark.parametrize("name", _backends())
def test_write_sets_each_games_entry_where_on_and_leaves_the_input(name: str) -> None:
    bk = backend(name)
    rng = np.random.default_rng(7)
    array = rng.integers(0, 100, (64, 6)).astype(np.int32)
    index = rng.integers(-1, 8, 64).astype(np.int32)
    values = rng.integers(100, 200, 64).astype(np.int32)
    on = rng.random(64) < 0.7
    given = bk.asarray(array)
    out = np.asarray(bk.write(given, bk.asarray(index), bk.asarray(values), bk.asarray(on)))
    expected = array.copy()
    for game in range(64):
        if on[game] and 0 <= index[game] < 6:
            expected[game, index[game]] = values[game]
    assert out.dtype == np.int32 and (out == expected).all()
    assert (np.asarray(given) == array).all()  # the input is left as it was


@pytest.mark.parametrize("name", _backends())
def test_toggle_xors_each_games_entry_where_on(name: str) -> None:
    bk = backend(name)
    rng = np.random.default_rng(8)
    array = rng.integers(0, 1 << 13, (64, 16)).astype(np.int32)
    index = rng.integers(-1, 17, 64).astype(np.int32)
    bits = (1 << rng.integers(0, 13, 64)).astype(np.int32)
    on = rng.random(64) < 0.7
    out = np.asarray(
        bk.toggle(bk.asarray(array), bk.asarray(index), bk.asarray(bits), bk.asarray(on))
    )
    expected = array.copy()
    for game in range(64):
        if on[game] and 0 <= index[game] < 16:
            expected[game, index[game]] ^= bits[game]
    assert out.dtype == np.int32 and (out == expected).all()
