"""Random legal playouts: the simplest player, for simulations and benchmarks.

>>> import random, pyclag
>>> state = play_out(pyclag.new_game(pyclag.NORMAL, players=4), random.Random(1))
>>> pyclag.is_over(state), len(state.history)
(True, 13)
"""

from __future__ import annotations

import random
from typing import Final

from pyclag.cards import Rank
from pyclag.checks import check_rng, not_a
from pyclag.decisions import BID_TRICKS, PLAY_CARD
from pyclag.engine import apply, deal, legal_actions, sample_chance
from pyclag.errors import RulesError
from pyclag.hand import nth_card
from pyclag.moves import legal_declarations, play
from pyclag.plays import play_mask
from pyclag.refusals import check_state
from pyclag.state import CHANCE, GameState, Phase
from pyclag.turns import bid_values

__all__ = ["play_out", "random_step"]

_BID: Final = Phase.BID
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.ROUND_OVER
_DEAL: Final = Phase.DEAL
_TWO: Final = Rank.TWO


def random_step(state: GameState, rng: random.Random) -> GameState:
    """One step: the chance outcome at a chance node, else a uniformly random
    legal action of the seat to act. All randomness comes from ``rng``.

    >>> import pyclag
    >>> state = random_step(pyclag.new_game(pyclag.NORMAL, players=4), random.Random(1))
    >>> pyclag.phase(state)
    <Phase.BID: 'bid'>
    """
    return play_out(check_state("random_step", state), check_rng("random_step", rng), steps=1)


def play_out(
    state: GameState, rng: random.Random, rounds: int | None = None, steps: int | None = None
) -> GameState:
    """Play random legal actions until the game is over, until ``rounds`` more
    rounds have been scored, or after ``steps`` actions (chance steps included).

    ``rounds`` and ``steps`` are ``None`` or ints >= 0: another type is a
    TypeError, a negative int a RulesError (how long to play is an option; the
    policy in :mod:`pyclag.errors`).

    >>> import pyclag
    >>> state = play_out(pyclag.new_game(pyclag.NORMAL, players=3), random.Random(2), rounds=2)
    >>> len(state.history)
    2
    >>> play_out(state, random.Random(2), steps=-1)
    Traceback (most recent call last):
    pyclag.errors.RulesError: play_out: steps must be None or an int >= 0, not -1
    """
    check_state("play_out", state)
    check_rng("play_out", rng)
    for name, count in (("rounds", rounds), ("steps", steps)):
        if count is None:
            continue
        if isinstance(count, bool) or not isinstance(count, int):
            raise not_a("play_out", name, "None or an int >= 0", count)
        if count < 0:
            raise RulesError(f"play_out: {name} must be None or an int >= 0, not {count!r}")
    goal = state.rules.num_rounds(state.players) if rounds is None else len(state.history) + rounds
    budget = -1 if steps is None else steps
    # This loop is what `pyclag bench` times. It reads the decision table's
    # columns for a play and a bid directly (the legal set, then the transition,
    # which checks the card or bid as the verbs do): the phase and the seat are
    # the ones it has just read. It picks with one float rather than rng.choice,
    # which draws integer bits in pure Python: as uniform here (the bias is
    # below 2**-50) and about twice as fast.
    random_ = rng.random
    while budget:
        budget -= 1
        rnd = state.round
        current, seat = rnd.phase, rnd.to_act
        if current is _PLAY and type(seat) is int:
            legal = play_mask(rnd, seat)
            card = nth_card(legal, int(random_() * legal.bit_count()))  # as from legal_plays
            if card.rank is _TWO and rnd.setup.played.twos is not None:  # a wild two
                named = legal_declarations(state, card)  # names any card it may stand for
                state = play(state, card, named[int(random_() * len(named))])
            else:
                state = PLAY_CARD(state, rnd, seat, card, None)
        elif current is _BID and type(seat) is int:
            bids = bid_values(state, rnd)
            state = BID_TRICKS(state, rnd, seat, bids[int(random_() * len(bids))])
        elif current is _OVER or len(state.history) >= goal:
            break
        elif current is _DEAL:
            state = deal(state, rng=rng)
        elif seat is CHANCE:
            state = apply(state, sample_chance(state, rng))
        else:
            actions = legal_actions(state)
            state = apply(state, actions[int(random_() * len(actions))])
    return state
