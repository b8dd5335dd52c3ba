"""The ``python_clag`` game, its states and its observer, over pyclag's engine.

A state holds one frozen :class:`Position` (the pyclag game state, the cards
of a chance step in progress), so OpenSpiel's clone (a
``copy.deepcopy`` of each attribute) copies it as itself, and its pickle (how
OpenSpiel serializes a Python state) is the pyclag game record of the game so
far with those pending cards.

.. warning::

   OpenSpiel serializes a Python game's state with ``pickle``, and
   ``pyspiel.deserialize_game_and_state`` (``deserialize_state`` too) unpickles
   it: a crafted string runs any code it likes as it loads, whatever pyclag
   writes into its own strings. Never deserialize a string from someone you do
   not trust. For a game from others, use :mod:`pyclag.records`, which reads
   JSON, unpickles nothing and checks every field against the rules.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import attrs

from pyclag import codec, presets
from pyclag._checks import Frozen, not_a, whole
from pyclag.engine import apply, is_over, new_game, next_actor
from pyclag.engine import phase as pyclag_phase
from pyclag.engine.state import CHANCE, GameState, Phase, RoundResult, RoundSetup, Trick
from pyclag.errors import IllegalActionError, IllegalChanceError, Reason, RulesError
from pyclag.openspiel import chance
from pyclag.openspiel.params import DEFAULTS, max_game_length, rules_of, utility_bounds
from pyclag.records import RoundRecord, dump, load, replay, round_record
from pyclag.rules.ruleset import RuleSet
from pyclag.views import Observation, determinize, observe

try:
    pyspiel: Any = importlib.import_module("pyspiel")
except ImportError:
    raise ImportError(
        "pyclag.openspiel needs the openspiel extra: pip install 'pyclag[openspiel]'"
    ) from None
np: Any = importlib.import_module("numpy")  # comes with open-spiel

if TYPE_CHECKING:  # OpenSpiel ships no types: the few base-class members used here

    class _Game:
        def __init__(self, game_type: Any, game_info: Any, params: Mapping[str, Any]) -> None: ...

    class _State:
        def __init__(self, game: Any) -> None: ...
        def get_game(self) -> Any: ...
        def clone(self) -> Any: ...
        def history(self) -> list[int]: ...

else:
    _Game, _State = pyspiel.Game, pyspiel.State

_CHANCE_REASONS: Final = {
    Phase.DEAL: Reason.BAD_DECK,
    Phase.SHUFFLE: Reason.BAD_SHUFFLE,
    Phase.DRAW: Reason.BAD_DRAW,
}

__all__ = ["GAME_TYPE", "ClagGame", "ClagObserver", "ClagState", "Position", "restore", "view_text"]

_NAMES: Final = presets.names()
GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_clag",
    long_name="Clag (Oh Hell with special deals), by pyclag",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    # The game's utility is its final totals (§1.10): OpenSpiel's MCTSBot takes no other
    # reward model. Each deal's points are in the state's history as it is scored.
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=max(presets.get(name).max_players for name in _NAMES),
    min_num_players=min(presets.get(name).min_players for name in _NAMES),
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(DEFAULTS),
)
"""The game's type: what OpenSpiel's algorithms read before they start."""


@attrs.frozen
class Position(Frozen):
    """A state's content: the pyclag game state and the ids of the cards of a
    chance step in progress (:mod:`pyclag.openspiel.chance`). Frozen, so it
    copies as itself; it pickles as its game record."""

    state: GameState
    pending: tuple[int, ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (restore, (dump(self.state), self.pending))


def restore(record: str, pending: tuple[int, ...]) -> Position:
    """The position a pickle holds: its game record replayed, and its pending cards.

    >>> import pyclag
    >>> state = pyclag.new_game(pyclag.NORMAL, 3)
    >>> restore(pyclag.records.dump(state), (7,)).state == state
    True
    """
    return Position(replay(load(record)), tuple(pending))


class ClagGame(_Game):
    """``python_clag``: a game of Clag under the rules its parameters name."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        # A NumPy integer is the plain int it stands for: OpenSpiel's parameters take no other.
        given = {name: whole(value) for name, value in dict(params or {}).items()}
        rules, players, dealer = rules_of(given)
        try:
            self.initial = Position(new_game(rules, players, first_dealer=dealer))
        except RulesError as err:  # a schedule the pack cannot deal to this table
            deals = {
                name: given[name]
                for name in ("schedule", "hand_size")
                if given.get(name, DEFAULTS[name]) != DEFAULTS[name]
            }
            named = ", ".join(f"{name}={value!r}" for name, value in deals.items()) or "preset"
            raise RulesError(f"python_clag parameters players={players}, {named}: {err}") from None
        low, high = utility_bounds(rules, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.NUM_ACTIONS,
            max_chance_outcomes=len(chance.CARDS),
            num_players=players,
            min_utility=low,
            max_utility=high,
            max_game_length=max_game_length(rules, players),
        )
        super().__init__(GAME_TYPE, info, {**DEFAULTS, **given})
        self.size = codec.encoding_size(players)

    def new_initial_state(self) -> ClagState:
        """The game before its first deal.

        >>> import pyspiel
        >>> pyspiel.load_game("python_clag").new_initial_state().is_chance_node()
        True
        """
        return ClagState(self, self.initial)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> ClagObserver:
        """An observer: the information state under perfect recall, else the observation.

        >>> import pyspiel
        >>> game = pyspiel.load_game("python_clag")
        >>> game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True)).perfect_recall
        True
        """
        if params:
            raise RulesError(f"python_clag observers take no parameters, not {dict(params)!r}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return ClagObserver(self.size, recall)


class ClagState(_State):
    """A state of ``python_clag``: a :class:`Position` behind OpenSpiel's API."""

    def __init__(self, game: ClagGame, position: Position | None = None) -> None:
        super().__init__(game)
        self.position = position if position is not None else game.initial

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player.

        >>> import pyspiel
        >>> pyspiel.load_game("python_clag").new_initial_state().current_player()
        -1
        """
        actor = next_actor(self.position.state)
        if actor is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.CHANCE) if actor is CHANCE else int(actor)

    def _legal_actions(self, player: int) -> list[int]:
        return list(codec.legal_ids(self.position.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card's ids, each equally likely.

        >>> import pyspiel
        >>> pyspiel.load_game("python_clag").new_initial_state().chance_outcomes()[:2]
        [(0, 0.019230769230769232), (1, 0.019230769230769232)]
        """
        ids = chance.outcomes(self.position.state, self.position.pending)
        chances = 1.0 / len(ids)
        return [(ident, chances) for ident in ids]

    def _apply_action(self, action: int) -> None:
        state, pending = self.position.state, self.position.pending
        if next_actor(state) is CHANCE:
            if not chance.possible(state, pending, action):  # the state is left as it was
                outcomes = chance.outcomes(state, pending)
                raise IllegalChanceError(
                    f"python_clag: chance outcome {action!r} cannot happen now; "
                    f"the outcomes are {' '.join(map(str, outcomes))}",
                    _CHANCE_REASONS[pyclag_phase(state)],
                    outcomes,
                )
            pending = (*pending, int(action))
            step = chance.settle(state, pending)
            if step is None:
                self.position = Position(state, pending)
                return
            self.position = Position(apply(state, step))
        else:
            self.position = Position(apply(state, codec.action_of(state, int(action))))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            card = chance.CARDS.get(action) if type(action) is int else None
            if card is None:
                raise IllegalActionError(
                    f"python_clag: {action!r} is no chance outcome; the outcomes are 0..51",
                    Reason.NOT_AN_ACTION,
                )
            return str(card)
        # The action's notation, legal now or not: the same whoever takes it.
        return str(codec.decode(action, 0))

    def is_terminal(self) -> bool:
        """Whether the game is over.

        >>> import pyspiel
        >>> pyspiel.load_game("python_clag").new_initial_state().is_terminal()
        False
        """
        return is_over(self.position.state)

    def returns(self) -> list[float]:
        """The final totals once the game is over, else zeros (terminal rewards;
        the running totals are ``position.state.scores``).

        >>> import pyspiel
        >>> pyspiel.load_game("python_clag", {"players": 3}).new_initial_state().returns()
        [0.0, 0.0, 0.0]
        """
        state = self.position.state
        return [float(score) if is_over(state) else 0.0 for score in state.scores]

    def rewards(self) -> list[float]:
        """The returns: the whole game's utility comes at its end.

        >>> import pyspiel
        >>> pyspiel.load_game("python_clag", {"players": 3}).new_initial_state().rewards()
        [0.0, 0.0, 0.0]
        """
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ClagState:
        """A state ``player_id`` cannot tell from this one, drawn through
        :func:`pyclag.determinize` seeded from ``probability_sampler``: the
        same point of the game, a chance step in progress included.

        >>> import pyspiel
        >>> state = pyspiel.load_game("python_clag", {"hand_size": 7}).new_initial_state()
        >>> for card in range(29):  # four hands and the turn-up
        ...     state.apply_action(card)
        >>> sampled = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        >>> sampled.information_state_string(1) == state.information_state_string(1)
        True
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        position = self.position
        state = determinize(observe(position.state, player_id), rng)
        pending = chance.resampled(state, position.pending, rng)
        return ClagState(self.get_game(), Position(state, pending))

    def __deepcopy__(self, memo: dict[int, object]) -> Any:
        return self.clone()

    def __copy__(self) -> Any:
        return self.clone()

    def __str__(self) -> str:
        text = str(self.position.state)
        if self.position.pending:
            text += "\n" + chance.text(self.position.state, self.position.pending)
        return text


class ClagObserver:
    """OpenSpiel's Python observer: a seat's view as a string and as the
    tensor :func:`pyclag.codec.encode` makes of its :func:`pyclag.observe`."""

    def __init__(self, size: int, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ClagState, player: int) -> None:
        """Fill the tensor with ``player``'s view of ``state``.

        >>> import pyspiel
        >>> game = pyspiel.load_game("python_clag")
        >>> observer = game.make_py_observer()
        >>> observer.set_from(game.new_initial_state(), 0)
        >>> import pyclag
        >>> observer.tensor.shape == (pyclag.codec.encoding_size(4),)
        True
        """
        self.tensor[:] = codec.encode(observe(_position("set_from", state).state, player))

    def string_from(self, state: ClagState, player: int) -> str:
        """``player``'s view of ``state``: under perfect recall every part of
        its :class:`~pyclag.views.Observation` (the whole game as it saw it),
        else the table as it sees it now (``str(observation)``).

        >>> import pyspiel
        >>> game = pyspiel.load_game("python_clag", {"players": 3})
        >>> print(game.make_py_observer().string_from(game.new_initial_state(), 0))
        round 1 of 22 (1 card), dealer seat 0; trumps not yet shown
        seat 0: -  bid -  tricks 0  score 0  (you)
        seat 1: -  bid -  tricks 0  score 0
        seat 2: -  bid -  tricks 0  score 0
        to act: chance (deal)
        """
        position = _position("string_from", state)
        view = observe(position.state, player)
        text = view_text(view) if self.perfect_recall else str(view)
        if position.pending:
            text += "\n" + chance.text(position.state, position.pending)
        return text


def _position(func: str, state: object) -> Position:
    """The position of ``state``, if it is a python_clag state; else the TypeError naming ``func``."""
    if not isinstance(state, ClagState):
        raise not_a(func, "state", "a python_clag state", state)
    return state.position


def view_text(view: Observation) -> str:
    """The whole game as ``view``'s seat saw it: each round's public record
    (the draw, the hand size chosen, the call, the trump declared, the bids and
    plays in order: every decision, :func:`pyclag.records.round_record`) and
    turn-up, then the round in progress with the seat's own hand and the
    phase. Equal views give equal texts, and views that differ give texts that
    differ (the rest of a view follows from these and the rules).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
    >>> print(view_text(pyclag.observe(pyclag.bid(state, 1), 2)))
    seat 2
    round 1: turnup 6S; bids 1
    hand 5D JD KS; phase bid; to act 2
    """
    rules = view.rules
    lines = [f"seat {view.seat}", *_history_lines(rules, view.history)]
    record = round_record(rules, view.setup, view.bids, view.tricks, view.trick)
    lines.append(_round_line(view.setup, record))
    hand = "face down" if view.hand is None else str(view.hand)
    lines.append(f"hand {hand}; phase {view.phase.value}; to act {view.to_act!r}")
    return "\n".join(lines)


def _round_line(setup: RoundSetup, record: RoundRecord, tricks: tuple[Trick, ...] = ()) -> str:
    parts = [f"turnup {setup.turnup}"] if setup.turnup is not None else []
    for field in attrs.fields(RoundRecord):
        value = getattr(record, field.name)
        if value is not None and value != () and field.name != "deck":
            parts.append(f"{field.name} {_words(value)}")
    if tricks and not record.plays:  # played from the piles: the record keeps no plays
        parts.append("tricks " + " ".join(str(play.card) for t in tricks for play in t.plays))
    return f"round {setup.index + 1}: " + "; ".join(parts)


def _words(value: object) -> str:
    if isinstance(value, tuple):
        return " ".join(_words(item) for item in value if item is not None)
    return str(value)


_HISTORIES: Final[dict[int, tuple[RuleSet, tuple[RoundResult, ...], list[str]]]] = {}
"""The lines of each finished-rounds history, by the identity of its last round (one
history object a round for all the states of that round, and each round shared by the
game's later histories), holding the history so its last round's id stays its own."""


def _history_lines(rules: RuleSet, history: tuple[RoundResult, ...]) -> list[str]:
    if not history:
        return []
    found = _HISTORIES.get(id(history[-1]))
    if found is not None and found[0] is rules and found[1] is history:
        return found[2]
    # The lines of the history one round shorter, kept from the round before, are reused:
    # only the round just finished is written, so a decision's cost does not
    # grow with the rounds played.
    shorter = _HISTORIES.get(id(history[-2])) if len(history) > 1 else None
    if shorter is not None and shorter[0] is rules and shorter[1] == history[:-1]:
        lines = [*shorter[2], _history_line(rules, history[-1])]
    else:
        lines = [_history_line(rules, result) for result in history]
    if len(_HISTORIES) >= 512:  # bounded: a search's worth of rounds
        _HISTORIES.clear()
    _HISTORIES[id(history[-1])] = (rules, history, lines)
    return lines


def _history_line(rules: RuleSet, result: RoundResult) -> str:
    record = round_record(rules, result.setup, result.bids, result.tricks, ())
    return _round_line(result.setup, record, result.tricks)
