"""What the seat to act may do in each game of a batch: the legal sets as
suit masks (the kernel's own form), the legal mask spread from them, and a
uniformly random legal action picked from them (the k-th of their cards).

The sets are :func:`pyclag.rules.play.legal_mask` and
:func:`~pyclag.rules.play.declarations` (following suit, §1.8; wild twos, §2.0
rules 1-8) and the hook's legal bids (:meth:`~pyclag.rules.bidding.Hook.legal_bids`,
compiled into a table), over arrays; the suite holds them to the engine's
after every step.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from pyclag.vector._backend import Backend
from pyclag.vector._chance import mix
from pyclag.vector._rounds import BID, BID_FIRST, CALL, DECLARE, HAND_SIZE, PLAY
from pyclag.vector._state import Arrays
from pyclag.vector._tables import (
    BID_ID,
    CALL_ID,
    HAND_ID,
    NO_TRUMP,
    TRUMP_ID,
    WILD_ID,
    Tables,
)

__all__ = ["Cards", "legal_cards", "legal_mask", "random_actions"]

_RANKS: Final = 0x1FFF  # a whole suit
_TWO: Final = 1  # a two's bit in its suit's mask


class Cards(NamedTuple):
    """The cards the seat to act may play, as (B, 4) suit masks: natural
    cards, the twos it may play wild (bool per suit), and the cards a wild
    two may stand for now."""

    natural: Any
    twos: Any
    identities: Any


def _bits(xp: Any, cards: Any, on: Any) -> Any:
    """(..., 4) suit masks of the card ids ``cards`` where ``on``."""
    suit = xp.arange(4) == (cards % 4)[..., None]
    return xp.where(suit & on[..., None], 1 << (cards // 4)[..., None], 0)


def legal_cards(bk: Backend, t: Tables, s: Arrays) -> Cards:
    """The cards the seat to act may play in each game (meaningful where it
    is to play)."""
    xp = bk.xp
    players = s.bids.shape[1]
    hand = bk.pick(s.hand, s.to_act % players)
    leading = s.trick_len == 0
    led = xp.arange(4)[None, :] == (s.trick[:, 0] % 4)[:, None]  # by the card it counts as
    in_led = xp.where(led, hand, 0)
    follows = (in_led.sum(axis=1) > 0) & ~leading
    plain = xp.where(follows[:, None] & ~led, 0, hand)
    none = xp.zeros_like(hand)
    wild = t.twos[s.played] & (s.phase == PLAY)
    if not t.wild or not bk.any(wild):
        return Cards(plain, none > 0, none)
    return bk.maybe(wild, _wild_cards, t, Cards(plain, none > 0, none), s, hand, led, leading)


def _wild_cards(
    bk: Backend, t: Tables, plain: Cards, s: Arrays, hand: Any, led: Any, leading: Any
) -> Cards:
    """The cards of a twos-wild round (§2.0 rules 3-8, as
    :func:`pyclag.rules.play.legal_mask` rules them); ``plain`` elsewhere."""
    xp = bk.xp
    r = s.played
    positions = xp.arange(s.trick.shape[1])[None, :]
    naturals = hand & ~_TWO
    # What a two may stand for before the duty to follow narrows it.
    allowed = xp.full_like(hand, _RANKS)
    trump = xp.arange(4)[None, :] == s.trump[:, None]
    led_trump = (led & trump).any(axis=1) & ~leading
    no_trump_wilds = ~t.wild_trumps[r] & (s.trump >= 0) & (s.trump < NO_TRUMP) & ~led_trump
    allowed = xp.where(no_trump_wilds[:, None] & trump, 0, allowed)
    seen = (s.dealt & ~s.hand).sum(axis=1) + _bits(xp, s.turnup, s.turnup >= 0)
    allowed = xp.where(t.any_identity[r][:, None], allowed, allowed & ~(_TWO | seen | hand))
    named = _bits(xp, s.trick, s.wild & (positions < s.trick_len[:, None])).sum(axis=1)
    allowed = allowed & ~named
    # The duty to follow: a natural card of the suit led, or its two (rule 5 option).
    in_suit = xp.where(led, allowed, 0)
    by_natural = (xp.where(led, naturals, 0).sum(axis=1) > 0) & ~leading
    led_two = (xp.where(led, hand, 0).sum(axis=1) & _TWO) > 0
    by_two = ~by_natural & ~leading & t.natural_suit[r] & led_two & (in_suit.sum(axis=1) > 0)
    follows = by_natural | by_two
    identities = xp.where(follows[:, None], in_suit, allowed)
    following = xp.where(
        by_natural[:, None], xp.where(led, naturals, 0), xp.where(led, hand & _TWO, 0)
    )
    lead = xp.where(t.may_lead[r] | (naturals.sum(axis=1) == 0), 1, 0)[:, None]
    leads = xp.where(lead > 0, hand, naturals)
    playable = xp.where(
        leading[:, None], leads, xp.where(follows[:, None], following | (hand & _TWO), hand)
    )
    playable = xp.where(identities.sum(axis=1)[:, None] > 0, playable, playable & ~_TWO)
    wild = t.twos[r][:, None]
    return Cards(
        xp.where(wild, playable & ~_TWO, plain.natural),
        xp.where(wild, (playable & _TWO) > 0, plain.twos),
        xp.where(wild, identities, plain.identities),
    )


def _bid_row(bk: Backend, t: Tables, s: Arrays) -> tuple[Any, Any, Any]:
    """The index of each game's row of legal bids: hand size, the others'
    total (capped at the table's edge) and whether the bidder is last."""
    xp = bk.xp
    players = s.bids.shape[1]
    others = xp.minimum(xp.maximum(s.bids, 0).sum(axis=1), t.bids.shape[1] - 1)
    last = (s.to_act == (s.first + players - 1) % players).astype(xp.int32)
    return s.size, others, last


def legal_mask(bk: Backend, t: Tables, s: Arrays, width: int) -> Any:
    """Each game's legal action ids, as flags ``width`` wide (the codec's ids)."""
    xp = bk.xp
    count = s.bids.shape[0]
    blocks = []
    playing = s.phase == PLAY
    if bk.any(playing):
        cards = legal_cards(bk, t, s)
        blocks.append((0, bk.spread(cards.natural) & playing[:, None]))
        if width > WILD_ID and bk.any(cards.twos.any(axis=1)):
            named = bk.spread(cards.identities)[:, None, :] & cards.twos[:, :, None]
            blocks.append((WILD_ID, (named & playing[:, None, None]).reshape(count, 4 * 52)))
    bidding = (s.phase == BID) | (s.phase == BID_FIRST)
    if bk.any(bidding):
        blocks.append((BID_ID, t.bids[_bid_row(bk, t, s)] & bidding[:, None]))
    choosing = s.phase == HAND_SIZE
    if width > HAND_ID and HAND_SIZE in t.phases and bk.any(choosing):
        blocks.append((HAND_ID, t.hand_sizes[s.round] & choosing[:, None]))
    declaring = s.phase == DECLARE
    if width > TRUMP_ID and DECLARE in t.phases and bk.any(declaring):
        blocks.append((TRUMP_ID, (t.declare_to[s.round] >= 0) & declaring[:, None]))
    calling = s.phase == CALL
    if width > CALL_ID and CALL in t.phases and bk.any(calling):
        blocks.append((CALL_ID, (t.call_to[s.round] >= 0) & calling[:, None]))
    return bk.overlay(xp.zeros((count, width), bool), blocks)


def _kth_card(bk: Backend, t: Tables, masks: Any, k: Any) -> Any:
    """The id of the ``k``-th card of (B, 4) suit masks (suits in id order,
    then ranks), ``k`` below their count."""
    xp = bk.xp
    counts = bk.popcount(masks)
    below = xp.cumsum(counts, axis=1) - counts  # cards in the suits before each
    suit = (below <= k[:, None]).sum(axis=1) - 1  # the last such suit holds a card
    within = k - bk.pick(below, suit)
    return bk.kth_rank(bk.pick(masks, suit), within) * 4 + suit


def random_actions(bk: Backend, t: Tables, s: Arrays, seed: Any) -> Any:
    """A uniformly random legal action id in each game (0 in a finished game),
    drawn from ``seed`` and each game's stream and moment: the ``k``-th legal
    action for a uniform ``k``, picked from the legal sets (bids by table)."""
    xp = bk.xp
    moment = (s.round * 4096 + s.logged).astype(xp.uint32)
    draw = mix(xp, s.key ^ mix(xp, moment * xp.uint32(0x27D4EB2F) + seed.astype(xp.uint32)))
    unit = (draw >> 8).astype(xp.float32) * xp.float32(1.0 / (1 << 24))
    action = xp.zeros_like(s.to_act)
    playing = s.phase == PLAY
    if bk.any(playing):  # the k-th natural card, else the k-th (two, identity) pair
        cards = legal_cards(bk, t, s)
        naturals = bk.popcount(cards.natural).sum(axis=1)
        if not t.wild:  # no round of these rules has wild twos
            card = _kth_card(bk, t, cards.natural, (unit * naturals).astype(xp.int32))
            action = xp.where(playing, card, action)
        else:
            names = bk.popcount(cards.identities).sum(axis=1)
            twos = cards.twos.sum(axis=1)
            k = (unit * (naturals + twos * names)).astype(xp.int32)
            card = _kth_card(bk, t, cards.natural, xp.minimum(k, xp.maximum(naturals - 1, 0)))
            extra = xp.maximum(k - naturals, 0)
            which = extra // xp.maximum(names, 1)  # the which-th playable two, by suit
            two = xp.argmax(xp.cumsum(cards.twos, axis=1) > which[:, None], axis=1)
            named = _kth_card(bk, t, cards.identities, extra % xp.maximum(names, 1))
            wild = WILD_ID + two * 52 + named
            action = xp.where(playing, xp.where(k < naturals, card, wild), action)
    bidding = (s.phase == BID) | (s.phase == BID_FIRST)
    if bk.any(bidding):  # the k-th bid of the legal row
        row = _bid_row(bk, t, s)
        bid = BID_ID + t.bid_pick[(*row, (unit * t.bid_count[row]).astype(xp.int32))]
        action = xp.where(bidding, bid, action)
    for phase, first, table in (
        (HAND_SIZE, HAND_ID, t.hand_sizes),
        (DECLARE, TRUMP_ID, t.declare_to >= 0),
        (CALL, CALL_ID, t.call_to >= 0),
    ):
        asked = s.phase == phase
        if phase in t.phases and bk.any(asked):  # the k-th of the round's choices
            row = table[s.round]
            k = (unit * row.sum(axis=1)).astype(xp.int32)
            action = xp.where(asked, first + bk.kth(row, k), action)
    return action.astype(xp.int32)
