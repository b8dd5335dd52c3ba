"""Random legal playouts: the simplest player, for simulations and benchmarks.

>>> import random, pyclag
>>> state = play_out(pyclag.new_game(pyclag.NORMAL, players=4), random.Random(1))
>>> pyclag.is_over(state), len(state.history)
(True, 13)
"""

from __future__ import annotations

import random
from typing import Final

from pyclag._checks import check_rng, is_whole, not_a, whole
from pyclag.cards import Rank
from pyclag.engine._game import apply, deal, legal_actions, sample_chance
from pyclag.engine._plays import play_card, play_mask
from pyclag.engine._refusals import check_state
from pyclag.engine._rollout import continuation
from pyclag.engine._turns import bid_tricks, bid_values
from pyclag.engine._verbs import legal_declarations, play
from pyclag.engine.state import CHANCE, GameState, Phase
from pyclag.errors import RulesError
from pyclag.hand import nth_card

__all__ = ["play_out", "random_step", "rollouts"]

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


def _check_count(func: str, name: str, count: object, may_be_none: bool = True) -> int | None:
    """A count of ``func`` must be an int >= 0 (or None where ``may_be_none``):
    how long to play is an option, so another type is a TypeError, a negative
    int a RulesError (the policy in :mod:`pyclag.errors`). The count, a plain
    int (of a NumPy integer too)."""
    if count is None and may_be_none:
        return None
    legal = "None or an int >= 0" if may_be_none else "an int >= 0"
    count = whole(count)
    if not is_whole(count):
        raise not_a(func, name, legal, count)
    if count < 0:
        raise RulesError(f"{func}: {name} must be {legal}, not {count!r}")
    return count


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
    rounds = _check_count("play_out", "rounds", rounds)
    steps = _check_count("play_out", "steps", steps)
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
                state = play_card(state, rnd, seat, card, None)
        elif current is _BID and type(seat) is int:
            bids = bid_values(state, rnd)
            state = bid_tricks(state, rnd, seat, bids[int(random_() * len(bids))])
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


def rollouts(state: GameState, n: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """The points by seat of ``n`` random continuations of the current deal
    from ``state`` (any phase, chance included; a finished game's last deal
    gives its points): exactly what ``n`` calls of ``play_out(state, rng,
    rounds=1)`` score for that deal, with the same draws from ``rng``, played
    inside the library without a state per step. ``n`` is an int >= 0.

    >>> import pyclag
    >>> rules = pyclag.NORMAL.with_schedule([7])
    >>> rollouts(pyclag.new_game(rules, players=4), 2, random.Random(1))
    ((0, 12, 0, 0), (0, 0, 10, 12))
    >>> [play_out(pyclag.new_game(rules, 4), rng, rounds=1).history[0].points
    ...  for rng in [random.Random(1)] for _ in range(2)]
    [(0, 12, 0, 0), (0, 0, 10, 12)]
    >>> rollouts(pyclag.new_game(rules, 4), -1, random.Random(1))
    Traceback (most recent call last):
    pyclag.errors.RulesError: rollouts: n must be an int >= 0, not -1
    """
    check_state("rollouts", state)
    check_rng("rollouts", rng)
    _check_count("rollouts", "n", n, may_be_none=False)
    index = state.round.setup.index
    return tuple([continuation(state, rng, index, play_out) for _ in range(n)])
