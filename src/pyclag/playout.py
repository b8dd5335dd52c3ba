"""Random legal playouts: the simplest player, for simulations and benchmarks.

>>> import random, pyclag
>>> state = play_out(pyclag.new_game(pyclag.NORMAL, players=4), random.Random(1))
>>> pyclag.is_over(state), len(state.history)
(True, 13)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from pyclag.actions import Play
from pyclag.cards import Rank
from pyclag.chance import deal_pack
from pyclag.checks import check_rng, not_a
from pyclag.dealing import shuffled_deck
from pyclag.decisions import BID_TRICKS, PLAY_CARD, advance
from pyclag.engine import apply, deal, legal_actions, sample_chance
from pyclag.errors import RulesError
from pyclag.flow import NATURAL_PLAYS, round_scoring
from pyclag.hand import nth_card
from pyclag.moves import legal_declarations, play
from pyclag.plays import play_mask
from pyclag.refusals import check_state
from pyclag.rules.play import following
from pyclag.rules.tricks import best_play
from pyclag.state import CHANCE, GameState, Phase
from pyclag.turns import bid_choices, bid_values

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


def _check_count(func: str, name: str, count: object, may_be_none: bool = True) -> None:
    """A count of ``func`` must be an int >= 0 (or None where ``may_be_none``):
    how long to play is an option, so another type is a TypeError, a negative
    int a RulesError (the policy in :mod:`pyclag.errors`)."""
    if count is None and may_be_none:
        return
    legal = "None or an int >= 0" if may_be_none else "an int >= 0"
    if isinstance(count, bool) or not isinstance(count, int):
        raise not_a(func, name, legal, count)
    if count < 0:
        raise RulesError(f"{func}: {name} must be {legal}, not {count!r}")


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
    _check_count("play_out", "rounds", rounds)
    _check_count("play_out", "steps", steps)
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
    return tuple([_rollout(state, rng, index) for _ in range(n)])


def _rollout(state: GameState, rng: random.Random, index: int) -> tuple[int, ...]:
    """One continuation of deal ``index``, drawn from ``rng`` as :func:`play_out`
    draws. The deal and each change of phase go through the engine (one state
    each); the bids and the cards of a hand-played round without wild twos are
    drawn over ints with the engine's own rule functions (the legal bids, the
    suit to follow, the trick's winner, the scoring). Any other step is left
    to :func:`play_out` itself."""
    random_ = rng.random
    while len(state.history) <= index:
        rnd = state.round
        current, seat = rnd.phase, rnd.to_act
        if current is _DEAL:  # the deal's own path for a pack just shuffled (engine.deal)
            state = deal_pack(advance, state, shuffled_deck(rng))
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
        return play_out(state, rng, rounds=1).history[index].points
    return state.history[index].points


def _play_round(state: GameState, seat: int, random_: Callable[[], float]) -> tuple[int, ...]:
    """The rest of a round without wild twos, from ``seat`` to play, as
    play_card plays it: follow suit, the best card takes the trick and leads."""
    rnd = state.round
    setup = rnd.setup
    rules, players, hand_size = setup.round_rules, setup.players, setup.hand_size
    masks, trick = list(rnd.masks), list(rnd.trick)
    winners = [done.winner for done in rnd.tricks]
    plays, turns = _TABLES[players]
    rest = turns[seat][: players - len(trick)]
    while True:
        for seat in rest:
            held = masks[seat]
            legal = following(trick, held)
            skip = int(random_() * legal.bit_count())  # nth_card's pick, over the bits
            while skip:
                legal &= legal - 1
                skip -= 1
            low = legal & -legal
            masks[seat] = held ^ low
            trick.append(plays[seat][low.bit_length() - 1])
        leader = best_play(trick, rules).seat if rules is not None else trick[0].seat
        winners.append(leader)
        if len(winners) == hand_size:
            return round_scoring(state.rules, setup).points(rnd.bids, winners)
        trick = []
        rest = turns[leader]


class _Tables(dict[int, tuple[tuple[tuple[Play, ...], ...], tuple[tuple[int, ...], ...]]]):
    """For a table of ``players``: each seat's natural plays by card index, and
    each leader's turn order, clockwise (play_card passes the turn to seat + 1).
    Made when the table size is first seen (below 53: bounded by construction)."""

    def __missing__(
        self, players: int
    ) -> tuple[tuple[tuple[Play, ...], ...], tuple[tuple[int, ...], ...]]:
        plays = tuple(NATURAL_PLAYS[seat] for seat in range(players))
        turns = tuple(
            tuple((first + i) % players for i in range(players)) for first in range(players)
        )
        tables = self[players] = (plays, turns)
        return tables


_TABLES: Final = _Tables()
