"""OpenSpiel's information-set MCTS at the arena's table (the ``openspiel``
extra), two ways.

* :class:`Ismcts`: the C++ ``pyspiel.ISMCTSBot`` as OpenSpiel ships it. Its
  worlds come from ``oh_hell``'s own ``ResampleFromInfostate``, which shuffles
  among the opponents **only the cards really dealt to them**: every world it
  searches holds the very cards that are out against it, and none of the
  cards left in the stock (in a 4-player 7-card deal, 21 cards out of the 44
  it has not seen). It does not see who holds which, but it sees which cards
  are out: hidden information a player at the table does not have
  (:func:`resampled_out` shows it).
* :class:`FairIsmcts`: the same algorithm as OpenSpiel's own Python port,
  ``open_spiel.python.algorithms.ismcts.ISMCTSBot``, with a resampler that
  draws each world from what the seat has seen: :func:`pyclag.determinize`
  of its observation, dealt into an ``oh_hell`` state by :func:`oh_hell_world`.

Both take random rollouts, ``uct_c`` 2.0 on ``oh_hell``'s points, a fresh
world each simulation and the most visited action.

>>> from pyclag.openspiel.arena import deals, openspiel_state
>>> state = openspiel_state(deals(1, seed=1)[0])
>>> Ismcts(10, seed=1).act(None, state) >= 52  # a bid
True
"""

from __future__ import annotations

import random
from typing import Any, Final

from pyclag import codec
from pyclag._checks import not_a, whole
from pyclag.cards import Card
from pyclag.engine import next_actor
from pyclag.engine.state import GameState
from pyclag.errors import RulesError
from pyclag.hand import Hand
from pyclag.openspiel.game import pyspiel
from pyclag.views import Observation, determinize, observe

__all__ = ["UCT_C", "FairIsmcts", "Ismcts", "cards_out", "oh_hell_world", "resampled_out"]

UCT_C: Final = 2.0
"""ISMCTS's exploration constant (on ``oh_hell``'s points)."""


def _settings(kind: str, simulations: object, seed: object) -> tuple[int, int]:
    """``simulations`` an int >= 2 (OpenSpiel's ISMCTS fails a check at one)
    and ``seed`` an int: another type is a TypeError, a count below 2 a
    RulesError (the errors policy).

    >>> _settings("Ismcts", 1, 0)
    Traceback (most recent call last):
    pyclag.errors.RulesError: Ismcts: simulations must be an int >= 2, not 1
    >>> _settings("FairIsmcts", 10, "7")
    Traceback (most recent call last):
    TypeError: FairIsmcts: seed must be an int, not str
    """
    simulations, seed = whole(simulations), whole(seed)
    if isinstance(simulations, bool) or not isinstance(simulations, int):
        raise not_a(kind, "simulations", "an int >= 2", simulations)
    if simulations < 2:
        raise RulesError(f"{kind}: simulations must be an int >= 2, not {simulations!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise not_a(kind, "seed", "an int", seed)
    return simulations, seed


class Ismcts:
    """OpenSpiel's C++ ``ISMCTSBot`` on the native state: ``simulations`` a
    decision, random rollouts, ``uct_c`` :data:`UCT_C`, unlimited world
    samples from ``oh_hell``'s own resampler (which keeps the opponents' cards
    as a set: the module's docstring), the most visited action.

    >>> from pyclag.openspiel.arena import deals, openspiel_state
    >>> Ismcts(4, seed=2).act(None, openspiel_state(deals(1, seed=1)[0])) >= 52
    True
    """

    def __init__(self, simulations: int, seed: int) -> None:
        simulations, seed = _settings("Ismcts", simulations, seed)
        self.simulations, self.seed = simulations, seed
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.bot: Any = pyspiel.ISMCTSBot(
            seed,
            evaluator,
            UCT_C,
            simulations,
            -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,
            False,
        )

    def act(self, ours: GameState | None, theirs: Any) -> int:
        """The search's choice, on OpenSpiel's state ``theirs`` (``ours`` unread).

        >>> from pyclag.openspiel.arena import deals, openspiel_state
        >>> state = openspiel_state(deals(1, seed=2)[0])
        >>> Ismcts(8, seed=1).act(None, state) in state.legal_actions()
        True
        """
        return int(self.bot.step(theirs))


class FairIsmcts:
    """OpenSpiel's ISMCTS (its Python port) whose worlds are drawn from the
    seat's observation: ``simulations`` a decision, random rollouts, ``uct_c``
    :data:`UCT_C`, a fresh world each simulation, the most visited action.
    It decides on OpenSpiel's state and reads pyclag's (the same position)
    only to draw its worlds.

    >>> from pyclag.openspiel.arena import deals, openspiel_state, pyclag_state
    >>> dealt = deals(1, seed=1)[0]
    >>> FairIsmcts(10, seed=1).act(pyclag_state(dealt), openspiel_state(dealt)) >= 52
    True
    """

    def __init__(self, simulations: int, seed: int) -> None:
        from open_spiel.python.algorithms import ismcts, mcts

        simulations, seed = _settings("FairIsmcts", simulations, seed)
        game = pyspiel.load_game("oh_hell", {"players": 4})  # the tree never asks the game
        self.simulations, self.seed = simulations, seed
        self.rng = random.Random(seed)
        numpy_rng = _numpy_rng(seed)
        self.bot: Any = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(1, numpy_rng),
            UCT_C,
            simulations,
            random_state=numpy_rng,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        self.view: Observation | None = None
        self.bot.set_resampler(self._resample)

    def act(self, ours: GameState, theirs: Any) -> int:
        """The search's choice, on OpenSpiel's state ``theirs``; its worlds
        are drawn from the view of the seat to act in ``ours``.

        >>> from pyclag.openspiel.arena import deals, openspiel_state, pyclag_state
        >>> dealt = deals(1, seed=2)[0]
        >>> theirs = openspiel_state(dealt)
        >>> FairIsmcts(8, seed=1).act(pyclag_state(dealt), theirs) in theirs.legal_actions()
        True
        """
        seat = next_actor(ours)
        if not isinstance(seat, int):
            raise RulesError(f"no seat is to act in {ours!r}")
        self.view = observe(ours, seat)
        try:
            return int(self.bot.step(theirs))
        finally:
            self.view = None

    def _resample(self, state: Any, player: int) -> Any:
        """A world the seat cannot tell from ``state``, drawn from its view."""
        if self.view is None or self.view.seat != player:
            raise RulesError(f"FairIsmcts: no view of seat {player} to draw a world from")
        return oh_hell_world(determinize(self.view, self.rng), self.view, state)


def _numpy_rng(seed: int) -> Any:
    import numpy

    return numpy.random.RandomState(seed % 2**32)


def oh_hell_world(world: GameState, view: Observation, state: Any) -> Any:
    """The ``oh_hell`` state of ``state``'s deal with the hands of the pyclag
    ``world`` (a :func:`pyclag.determinize` of ``view``, the same position):
    each seat dealt the cards it holds there and those it has played, then
    every bid and card of ``state`` replayed.

    >>> import random
    >>> from pyclag.openspiel.arena import deals, openspiel_state, pyclag_state
    >>> dealt = deals(1, seed=1)[0]
    >>> ours, theirs = pyclag_state(dealt), openspiel_state(dealt)
    >>> view = observe(ours, next_actor(ours))
    >>> copy = oh_hell_world(determinize(view, random.Random(2)), view, theirs)
    >>> copy.information_state_string(view.seat) == theirs.information_state_string(view.seat)
    True
    """
    players, tricks = view.players, view.hand_size
    hands = [
        sorted(codec.card_id(card) for card in Hand(world.round.masks[seat] | view.played[seat]))
        for seat in range(players)
    ]
    cards = [hands[k % players][k // players] for k in range(players * tricks)]
    turnup = view.turnup
    if turnup is None:
        raise RulesError("oh_hell_world: oh_hell always turns a card for trumps")
    copy = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": tricks})
    copy = copy.new_initial_state()
    history = state.history()
    dealt = 2 + players * tricks + 1  # the hand size, the dealer, the hands, the trump card
    for action in (*history[:2], *cards, codec.card_id(turnup), *history[dealt:]):
        if action not in copy.legal_actions():
            raise RulesError(
                f"oh_hell_world: the world of seat {view.seat} does not fit the deal in progress "
                f"(action {action} of {len(history)} refused)"
            )
        copy.apply_action(action)
    if copy.information_state_string(view.seat) != state.information_state_string(view.seat):
        raise RulesError(f"oh_hell_world: seat {view.seat} could tell the world from the deal")
    return copy


def resampled_out(state: Any, samples: int, seed: int = 0) -> float:
    """The share of ``samples`` worlds of ``oh_hell``'s own resampler, for
    the seat to act in ``state``, whose opponents hold between them exactly
    the cards really dealt to them (1.0: all of them; a fair draw from the
    unseen cards almost never does in a deal of a few cards a hand).

    >>> from pyclag.openspiel.arena import deals, openspiel_state
    >>> resampled_out(openspiel_state(deals(1, seed=1)[0]), 20)
    1.0
    """
    player = state.current_player()
    if player < 0:
        raise RulesError("resampled_out: no seat is to act (a chance step or the deal's end)")
    if isinstance(samples, bool) or not isinstance(samples, int):
        raise not_a("resampled_out", "samples", "an int >= 1", samples)
    if samples < 1:
        raise RulesError(f"resampled_out: samples must be an int >= 1, not {samples!r}")
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    truth = cards_out(state, player)
    same = sum(
        cards_out(state.resample_from_infostate(player, sampler), player) == truth
        for _ in range(samples)
    )
    return same / samples


def cards_out(state: Any, player: int) -> frozenset[int]:
    """The ids of the cards the seats other than ``player`` hold in the
    ``oh_hell`` state ``state``, read off its text (``Player: n``, then a line
    a suit: ``    C: QT7``).

    >>> from pyclag.openspiel.arena import deals, openspiel_state
    >>> dealt = deals(1, seed=1)[0]
    >>> cards_out(openspiel_state(dealt), 0) == dealt.hand(1) | dealt.hand(2) | dealt.hand(3)
    True
    """
    held: set[int] = set()
    seat = None
    for line in str(state).splitlines():
        if line.startswith("Player: "):
            seat = int(line.split()[1])
        elif seat is not None and seat != player and line.startswith("    ") and ":" in line:
            suit, _, ranks = line.strip().partition(":")
            held.update(codec.card_id(Card.parse(rank + suit)) for rank in ranks.strip())
        elif not line.startswith("    "):
            seat = None
    return frozenset(held)
