"""The loop of :func:`pyclag.rollouts`: a deal played out
at random over int masks, without a state per step, with the engine's own
rule functions. It is a module of its own so that the compiled build compiles
it while its door, :mod:`pyclag.engine._playout`, checks what it is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, TypeAlias

from pyclag.cards import DECK
from pyclag.engine._chance import deal_pack
from pyclag.engine._flow import advance, round_scoring
from pyclag.engine._turns import bid_choices
from pyclag.engine.state import GameState, Phase
from pyclag.rules.play import first_strongest, follow_suit
from pyclag.rules.shuffle import shuffled_deck

__all__ = ["PlayOut", "continuation"]

PlayOut: TypeAlias = Callable[[GameState, random.Random, int], GameState]
"""``play_out(state, rng, rounds)``: the step engine's random playout, for the steps
this loop leaves to it."""

_BID: Final = Phase.BID
_PLAY: Final = Phase.PLAY
_DEAL: Final = Phase.DEAL


def continuation(
    state: GameState, rng: random.Random, index: int, play_out: PlayOut
) -> tuple[int, ...]:
    """The points by seat of one random continuation of deal ``index`` from
    ``state``, drawn from ``rng`` as ``play_out`` (:func:`pyclag.engine._playout.play_out`)
    draws. The deal and each change of phase go through the engine (one state
    each); the bids and the cards of a hand-played round without wild twos are
    drawn over ints with the engine's own rule functions (the legal bids, the
    suit to follow, the trick's winner, the scoring). Any other step is left
    to ``play_out`` itself.

    >>> import pyclag
    >>> from pyclag.engine._playout import play_out
    >>> state = pyclag.new_game(pyclag.NORMAL.with_schedule([7]), players=4)
    >>> continuation(state, random.Random(1), 0, play_out)
    (0, 12, 0, 0)
    """
    random_ = rng.random
    while len(state.history) <= index:
        rnd = state.round
        current, seat = rnd.phase, rnd.to_act
        if current is _DEAL:  # the deal's own path for a pack just shuffled (engine.deal)
            state = deal_pack(state, shuffled_deck(rng))
            continue
        if current is _BID and type(seat) is int:
            # The bids in turn, as bid_tricks takes them; the last ends the phase.
            setup, rules, bids = rnd.setup, state.rules, list(rnd.bids)
            last, players = setup.last_bidder, setup.players
            while True:
                values = bid_choices(rules, setup, seat, rnd.bids if seat != last else tuple(bids))
                bids[seat] = values[int(random_() * len(values))]
                if seat == last:
                    break
                seat = (seat + 1) % players
            state = advance(state, setup, current, tuple(bids), rnd.masks)
            continue
        if current is _PLAY and type(seat) is int and rnd.setup.played.twos is None:
            return _play_round(state, seat, random_)
        return play_out(state, rng, 1).history[index].points
    return state.history[index].points


def _play_round(state: GameState, seat: int, random_: Callable[[], float]) -> tuple[int, ...]:
    """The rest of a round without wild twos, from ``seat`` to play, as
    play_card plays it, over card indices: follow suit, the best card takes
    the trick and leads (the engine's own :func:`follow_suit` and
    :func:`first_strongest`, on the round's strength tables)."""
    rnd = state.round
    setup = rnd.setup
    rules, players, hand_size = setup.round_rules, setup.players, setup.hand_size
    masks = list(rnd.masks)
    winners = [done.winner for done in rnd.tricks]
    turns = _TURNS[players]
    # The trick in progress, as its first seat, the suit led and each card's strength.
    cards = [play.card.index for play in rnd.trick]
    first = rnd.trick[0].seat if cards else seat
    led = _SUIT_MASK[cards[0]] if cards else 0
    table = rules.tables[cards[0] // 13] if rules is not None and cards else _NO_TABLE
    strengths = [table[card] for card in cards]
    rest = turns[seat][: players - len(cards)]
    while True:
        for seat in rest:
            held = masks[seat]
            legal = follow_suit(held, led)  # led is 0 on the lead: any card
            skip = int(random_() * legal.bit_count())  # nth_card's pick, over the bits
            while skip:
                legal &= legal - 1
                skip -= 1
            low = legal & -legal
            masks[seat] = held ^ low
            card = low.bit_length() - 1
            if not led:
                led = _SUIT_MASK[card]
                if rules is not None:
                    table = rules.tables[card // 13]
            strengths.append(table[card])
        # The round's rules decide the trick; with none (as play_card), the leader takes it.
        leader = (first + first_strongest(strengths)) % players if rules is not None else first
        winners.append(leader)
        if len(winners) == hand_size:
            return round_scoring(state.rules, setup).points(rnd.bids, winners)
        first, led, strengths = leader, 0, []
        rest = turns[leader]


_SUIT_MASK: Final = tuple(card.suit_mask for card in DECK)
"""The mask of each card's suit, by card index."""
_NO_TABLE: Final = (0,) * 52


class _Turns(dict[int, tuple[tuple[int, ...], ...]]):
    """For a table of ``players``: each leader's turn order, clockwise
    (play_card passes the turn to seat + 1). Made when the table size is first
    seen (below 53: bounded by construction)."""

    def __missing__(self, players: int) -> tuple[tuple[int, ...], ...]:
        turns = self[players] = tuple(
            tuple((first + i) % players for i in range(players)) for first in range(players)
        )
        return turns


_TURNS: Final = _Turns()
