"""Bots at a table: what a bot is (:class:`Bot`), the random bot, the legal
actions a bot chooses from, and :func:`play_game`, which seats bots and plays
a game to its end. Users import these from :mod:`pyclag.bots`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from pyclag._checks import check_rng, is_whole, not_a, whole
from pyclag.actions import PlayerAction
from pyclag.engine import apply, is_over, sample_chance
from pyclag.engine.rounds import check_state
from pyclag.engine.state import GameState
from pyclag.errors import Reason, RulesError, WrongPhaseError
from pyclag.views import Observation, check_view, observe

__all__ = ["Bot", "RandomBot", "legal_choices", "play_game"]


class Bot(Protocol):
    """A player: ``choose`` returns one of ``observation.legal``."""

    def choose(self, observation: Observation) -> PlayerAction:
        """The action this bot takes, seeing only ``observation``.

        >>> class FirstBot:
        ...     def choose(self, observation: Observation) -> PlayerAction:
        ...         return observation.legal[0]
        >>> import random, pyclag
        >>> end = play_game(pyclag.new_game(pyclag.NORMAL.with_schedule([1]), 3), [FirstBot()] * 3, random.Random(1))
        >>> end.history[0].bids
        (0, 0, 0)
        """
        ...


class RandomBot:
    """Chooses uniformly among the legal actions, drawing from its own ``rng``.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, 3), rng=random.Random(1))
    >>> RandomBot(random.Random(2)).choose(pyclag.observe(state, 1))
    Bid(seat=1, tricks=0)
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = random.Random() if rng is None else check_rng("RandomBot", rng)

    def choose(self, observation: Observation) -> PlayerAction:
        """A legal action at random.

        >>> import pyclag
        >>> RandomBot().choose(pyclag.observe(pyclag.new_game(pyclag.NORMAL, 3), 0))
        Traceback (most recent call last):
        pyclag.errors.WrongPhaseError: RandomBot.choose: seat 0 has nothing to choose in the deal phase; it is CHANCE's turn
        """
        return self.rng.choice(legal_choices(observation, "RandomBot"))


def legal_choices(observation: Observation, who: str) -> tuple[PlayerAction, ...]:
    """The legal actions of ``observation``, for bot ``who`` to choose from: a
    WrongPhaseError when its seat has nothing to choose.

    >>> import pyclag
    >>> legal_choices(pyclag.observe(pyclag.new_game(pyclag.NORMAL, 3), 1), "MyBot")
    Traceback (most recent call last):
    pyclag.errors.WrongPhaseError: MyBot.choose: seat 1 has nothing to choose in the deal phase; it is CHANCE's turn
    """
    check_view(f"{who}.choose", observation)
    if not observation.legal:
        raise WrongPhaseError(
            f"{who}.choose: seat {observation.seat} has nothing to choose in the "
            f"{observation.phase.value} phase; it is {observation.to_act!r}'s turn",
            Reason.WRONG_PHASE,
        )
    return observation.legal


def play_game(
    state: GameState, bots: Sequence[Bot], rng: random.Random, rounds: int | None = None
) -> GameState:
    """Play ``state`` to the end, or until ``rounds`` more rounds have been
    scored: each seat's bot chooses from its own observation, and ``rng``
    deals. ``bots`` that are not a sequence are a TypeError; a sequence of the
    wrong length, or ``rounds`` below 0, a RulesError.

    >>> import random, pyclag
    >>> from pyclag.bots import HeuristicBot
    >>> end = play_game(pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 3), [HeuristicBot()] * 3, random.Random(1))
    >>> end.scores
    (10, 0, 10)
    >>> first = play_game(pyclag.new_game(pyclag.NORMAL, 3), [HeuristicBot()] * 3, random.Random(1), rounds=1)
    >>> len(first.history), pyclag.is_over(first)
    (1, False)
    """
    check_state("play_game", state)
    check_rng("play_game", rng)
    rounds = whole(rounds)  # a NumPy integer is a plain int from here on
    if rounds is not None and not is_whole(rounds):
        raise not_a("play_game", "rounds", "None or an int >= 0", rounds)
    if rounds is not None and rounds < 0:
        raise RulesError(f"play_game: rounds must be None or an int >= 0, not {rounds!r}")
    goal = None if rounds is None else len(state.history) + rounds
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise not_a("play_game", "bots", "a sequence of bots", bots)
    if len(bots) != state.players:
        # A table of bots is one per player: the player count's error (the policy in pyclag.errors).
        raise RulesError(
            f"play_game: {state.players} players need {state.players} bots, not {len(bots)}"
        )
    while not is_over(state) and (goal is None or len(state.history) < goal):
        actor = state.round.to_act
        if isinstance(actor, int):
            state = apply(state, bots[actor].choose(observe(state, actor)))
        else:  # chance: a draw, a deal or a face-down shuffle
            state = apply(state, sample_chance(state, rng))
    return state
