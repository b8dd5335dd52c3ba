"""Clag as a PettingZoo environment (AEC: one agent acts at a time), and as a
Gymnasium environment for one learner with bots in the other seats. Needs the
``pettingzoo`` extra (``pip install 'pyclag[pettingzoo]'``: PettingZoo,
Gymnasium, NumPy), imported when an environment is first made.

* Agents are ``player_0`` .. ``player_{n-1}``, the seats.
* An action is an id of :mod:`pyclag.codec` (``Discrete(NUM_ACTIONS)``); an
  observation is a dict: ``observation``, the seat's
  :func:`~pyclag.codec.encode` as float32, and ``action_mask``, its
  :func:`~pyclag.codec.legal_mask` as int8 (all zeros when it is not to act).
  Each agent's spaces are the same objects at every call.
* Chance (the deal, the draw, the RAF blind shuffle) is resolved inside, from
  the environment's own generator, seeded by ``reset(seed=...)``.
* Each agent's reward is its points, given when a deal is scored; the game's
  end terminates every agent (there is no truncation).
* An illegal action passed to ``step`` raises the error :func:`pyclag.apply`
  raises for it (a subclass of :class:`~pyclag.errors.IllegalActionError`,
  the message naming the id and the legal ids; a number that is no id an
  IllegalActionError itself) and leaves the environment as it was. An id may
  be any integer (NumPy's, as a Discrete space samples it); once the game is
  over the only action is ``None``, anything else a WrongPhaseError.
* ``render_mode="ansi"``: ``render()`` returns the table as the agent to act
  sees it (``str`` of its :class:`~pyclag.views.Observation`).
* Every other error follows :mod:`pyclag.errors`: a bad preset, option, table,
  seat, agent name or render mode is a RulesError; an argument of the wrong
  type (a seat or seed that is not an int, bots that are not bots) a TypeError.

>>> import pytest; _ = pytest.importorskip("pettingzoo")  # the examples need the extra
>>> game = env(preset="wikipedia", players=3)
>>> game.reset(seed=1)
>>> game.agent_selection, int(game.last()[0]["action_mask"].sum())
('player_1', 2)
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Sequence
from typing import Any, Final

from pyclag import presets
from pyclag._checks import is_whole, not_a, whole
from pyclag.bots import Bot, HeuristicBot
from pyclag.codec import (
    NUM_ACTIONS,
    action_id,
    action_of,
    encode,
    encoding_size,
    layout,
    legal_ids,
)
from pyclag.engine import apply, is_over, new_game, next_actor, sample_chance
from pyclag.engine.state import CHANCE, GameState
from pyclag.errors import IllegalActionError, Reason, RulesError, WrongPhaseError
from pyclag.rules.ruleset import RuleSet, check_table
from pyclag.views import observe

__all__ = ["EXTRA", "env", "raw_env", "single_agent_env"]

EXTRA: Final = "pettingzoo"
"""The extra that installs what this module needs."""


def _extra(module: str) -> Any:
    """An optional module, or the one-line error naming the extra."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(
            f"pyclag.pettingzoo needs the {EXTRA} extra: pip install 'pyclag[{EXTRA}]'"
        ) from None


def _rules(preset: str | RuleSet, options: dict[str, Any]) -> RuleSet:
    if isinstance(preset, RuleSet):
        return preset.with_options(**options) if options else preset
    return presets.get(preset, **options)


def _spaces(players: int) -> tuple[Any, Any]:
    """A new observation space (a Dict of the vector and the mask) and action space."""
    spaces, np = _extra("gymnasium.spaces"), _extra("numpy")
    low = np.zeros(encoding_size(players), dtype=np.float32)
    high = np.ones(encoding_size(players), dtype=np.float32)
    for piece in layout(players):  # the pieces that are not 0..1 (pyclag.codec)
        part = slice(piece.start, piece.start + piece.size)
        if piece.name == "deal":
            high[part] = 52 / 13  # the hand size / 13
        elif piece.name == "scoring":
            low[part], high[part] = -100.0, 100.0  # points of -1000..1000, / 10
        elif piece.name == "scores":
            low[part], high[part] = np.finfo(np.float32).min, np.finfo(np.float32).max
    vector = spaces.Box(low, high, dtype=np.float32)
    mask = spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8)
    observation = spaces.Dict({"observation": vector, "action_mask": mask})
    return observation, spaces.Discrete(NUM_ACTIONS)


@functools.cache
def _built(name: str, methods: type, module: str, base: str) -> type[Any]:
    """The class of ``methods`` on the extra's ``module.base`` (made once it is imported)."""
    kind: type[Any] = type(name, (methods, getattr(_extra(module), base)), {"__module__": __name__})
    return kind


RENDER_MODES: Final = (None, "ansi")
"""The render modes the environments support (``None``: no rendering)."""


def _check_render(render_mode: object) -> None:
    # An option of the environment, refused as a bad option is (pyclag.errors).
    if not (render_mode is None or (isinstance(render_mode, str) and render_mode in RENDER_MODES)):
        raise RulesError(
            f"render_mode must be None or 'ansi' (the render modes supported), not {render_mode!r}"
        )


def _check_seed(func: str, seed: object) -> int | None:
    """``seed`` as a plain int (a NumPy integer too), or None; else a TypeError."""
    given = whole(seed)
    if given is not None and not is_whole(given):
        raise not_a(func, "seed", "None or an int", seed)
    return given


class _Table:
    """A game of Clag stepped one action id at a time, chance resolved from ``rng``:
    what both environments share."""

    def __init__(self, rules: RuleSet, players: int, first_dealer: int) -> None:
        players, first_dealer = check_table(rules, players, first_dealer)  # NumPy's: plain ints
        new_game(rules, players, first_dealer)  # the table is checked before any reset
        self.rules, self.players, self.first_dealer = rules, players, first_dealer
        self.rng = random.Random()
        self.game = self.start(None)

    def start(self, seed: int | None) -> GameState:
        if seed is not None:
            self.rng = random.Random(seed)
        self.game = self.settle(new_game(self.rules, self.players, self.first_dealer))
        return self.game

    def settle(self, state: GameState) -> GameState:
        """``state`` with chance resolved until a seat is to act or the game is over."""
        while next_actor(state) is CHANCE:
            state = apply(state, sample_chance(state, self.rng))
        return state

    def take(self, number: object) -> tuple[GameState, tuple[int, ...]]:
        """The next state after the seat to act takes action id ``number`` (an
        illegal one refused, nothing changed), and the points of each deal
        scored on the way, summed by seat."""
        given: Any = number  # action_of refuses what is no id (a NumPy integer is one)
        action = action_of(self.game, given)
        before = len(self.game.history)
        state = self.settle(apply(self.game, action))
        points = [0] * self.players
        for result in state.history[before:]:
            for seat, value in enumerate(result.points):
                points[seat] += value
        self.game = state
        return state, tuple(points)

    def seat_to_act(self) -> int | None:
        actor = next_actor(self.game)
        return actor if type(actor) is int else None

    def view(self, seat: int) -> dict[str, Any]:
        np = _extra("numpy")
        seen = observe(self.game, seat)
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[list(legal_ids(seen))] = 1  # legal_mask(seen), set from its ids
        return {"observation": np.asarray(encode(seen), dtype=np.float32), "action_mask": mask}


class _AEC:
    """The methods of the PettingZoo environment; :func:`raw_env` makes it an
    ``AECEnv`` once the extra is imported."""

    metadata: Final = {"render_modes": ["ansi"], "name": "clag_v0", "is_parallelizable": False}
    # PettingZoo's AECEnv gives these (the base class the environment is built with).
    _was_dead_step: Any
    _accumulate_rewards: Any

    def __init__(
        self, rules: RuleSet, players: int, first_dealer: int, render_mode: str | None
    ) -> None:
        _check_render(render_mode)
        self.table = _Table(rules, players, first_dealer)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        built = [_spaces(players) for _ in range(players)]
        self.observation_spaces = {
            a: b[0] for a, b in zip(self.possible_agents, built, strict=True)
        }
        self.action_spaces = {a: b[1] for a, b in zip(self.possible_agents, built, strict=True)}
        self._start()

    def _start(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.table.seat_to_act()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        else:  # the game is over: every agent is done (the last to act stays selected)
            self.terminations = dict.fromkeys(self.agents, True)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, its first deal made; ``seed`` seeds chance."""
        self.table.start(_check_seed("reset", seed))
        self._start()

    def _seat(self, func: str, agent: object) -> int:
        """The seat of ``agent``, one of :attr:`possible_agents`; else a
        TypeError (not a str) or a RulesError (no agent of this table)."""
        if not isinstance(agent, str):
            raise not_a(func, "agent", "an agent's name (a str)", agent)
        if agent not in self.possible_agents:
            raise RulesError(
                f"{func}: agent must be one of {', '.join(self.possible_agents)}, not {agent!r}"
            )
        return self.possible_agents.index(agent)

    def observation_space(self, agent: str) -> Any:
        """The agent's observation space (the same object every call)."""
        self._seat("observation_space", agent)
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The agent's action space (the same object every call)."""
        self._seat("action_space", agent)
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees: its encoded view and its action mask."""
        return self.table.view(self._seat("observe", agent))

    def step(self, action: object) -> None:
        """The agent to act takes action id ``action`` (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:  # PettingZoo's own check raises a bare ValueError
                raise WrongPhaseError(
                    f"step: the game is over, so {agent}'s only action is None, not {action!r}",
                    Reason.GAME_OVER,
                )
            self._was_dead_step(action)
            return
        _, points = self.table.take(action)  # refused before anything changes
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {name: float(points[seat]) for seat, name in enumerate(self.possible_agents)}
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        """The table as the agent to act sees it (``render_mode="ansi"``), else ``None``."""
        if self.render_mode != "ansi":
            return None
        return str(observe(self.table.game, self.possible_agents.index(self.agent_selection)))

    def state(self) -> GameState:
        """The full game state (for debugging: it shows every hand)."""
        return self.table.game

    def close(self) -> None:
        """Nothing to release."""


def raw_env(
    preset: str | RuleSet = "wikipedia",
    players: int = 4,
    *,
    first_dealer: int = 0,
    render_mode: str | None = None,
    **options: Any,
) -> Any:
    """The PettingZoo AEC environment of a game of ``preset`` (a preset's name or
    a :class:`~pyclag.rules.RuleSet`) with its ``options``, for ``players``.
    A bad preset, option or table is a RulesError, as for :func:`pyclag.new_game`.

    >>> import pytest; _ = pytest.importorskip("pettingzoo")
    >>> game = raw_env("raf", players=4, render_mode="ansi")
    >>> game.reset(seed=3)
    >>> game.agent_selection, int(game.action_space("player_0").n)
    ('player_0', 1090)
    """
    kind = _built("ClagEnv", _AEC, "pettingzoo", "AECEnv")
    return kind(_rules(preset, options), players, first_dealer, render_mode)


def env(**kwargs: Any) -> Any:
    """:func:`raw_env` in PettingZoo's order-enforcing wrapper (``step`` before
    ``reset`` is refused); the arguments are :func:`raw_env`'s.

    >>> import pytest; _ = pytest.importorskip("pettingzoo")
    >>> game = env(preset="pagat", players=5)
    >>> game.reset(seed=0)
    >>> sorted(game.rewards.values())
    [0.0, 0.0, 0.0, 0.0, 0.0]
    """
    wrappers = _extra("pettingzoo.utils.wrappers")
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


# --- one learner, bots in the other seats ---------------------------------------------------


class _Single:
    """The methods of the Gymnasium environment; :func:`single_agent_env` makes it
    a ``gymnasium.Env``."""

    metadata: Final = {"render_modes": ["ansi"]}

    def __init__(
        self,
        rules: RuleSet,
        players: int,
        seat: int,
        bots: Sequence[Bot] | None,
        illegal_reward: float,
        render_mode: str | None,
    ) -> None:
        _check_render(render_mode)
        self.table = _Table(rules, players, 0)
        players, seat = self.table.players, whole(seat)
        if type(seat) is not int:
            raise not_a("single_agent_env", "seat", "an int", seat)
        if not 0 <= seat < players:  # about the table, as the player count is (pyclag.errors)
            raise RulesError(
                f"single_agent_env: seat must be a seat in 0..{players - 1}, not {seat}"
            )
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, (int, float)):
            raise not_a("single_agent_env", "illegal_reward", "a number", illegal_reward)
        self.seat, self.render_mode, self.illegal_reward = seat, render_mode, illegal_reward
        self.bots: list[Bot] = _bots(players, bots)
        self.observation_space, self.action_space = _spaces(players)

    def _bots_play(self) -> float:
        """The bots act until the learner is to act or the game is over; the learner's points."""
        earned = 0
        while (seat := self.table.seat_to_act()) is not None and seat != self.seat:
            choice = self.bots[seat].choose(observe(self.table.game, seat))
            earned += self.table.take(action_id(choice))[1][self.seat]
        return float(earned)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game, played by the bots up to the learner's first decision."""
        seed = _check_seed("reset", seed)
        _extra("gymnasium").Env.reset(self, seed=seed)  # Gymnasium's own generator, seeded
        self.table.start(seed)
        self._bots_play()
        return self.table.view(self.seat), {}

    def step(self, action: object) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The learner takes action id ``action``; the bots answer. An illegal
        action ends the episode with ``illegal_reward`` and the error's message
        in the info (``"illegal"``), the game left as it was."""
        try:
            _, points = self.table.take(action)
        except IllegalActionError as error:
            info = {"illegal": str(error)}
            return self.table.view(self.seat), self.illegal_reward, True, False, info
        reward = points[self.seat] + self._bots_play()
        return self.table.view(self.seat), float(reward), is_over(self.table.game), False, {}

    def render(self) -> str | None:
        """The table as the learner sees it (``render_mode="ansi"``), else ``None``."""
        return str(observe(self.table.game, self.seat)) if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""


def _bots(players: int, bots: Sequence[Bot] | None) -> list[Bot]:
    """The bots of the single-agent environment, one per seat: not a sequence of
    bots a TypeError, as for :func:`~pyclag.bots.play_game`; not one per seat a
    RulesError, as for the player count."""
    if bots is None:
        return [HeuristicBot()] * players
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise not_a("single_agent_env", "bots", "a sequence of bots", bots)
    for bot in bots:
        if not callable(getattr(bot, "choose", None)):
            raise not_a("single_agent_env", "bots", "bots (each with a choose method)", bot)
    if len(bots) != players:
        raise RulesError(
            f"single_agent_env: bots must be one per seat ({players}), not {len(bots)}"
        )
    return list(bots)


def single_agent_env(
    preset: str | RuleSet = "wikipedia",
    players: int = 4,
    *,
    seat: int = 0,
    bots: Sequence[Bot] | None = None,
    illegal_reward: float = -100.0,
    render_mode: str | None = None,
    **options: Any,
) -> Any:
    """A Gymnasium environment in which the learner holds ``seat`` and ``bots``
    (one per seat, the learner's ignored; :class:`~pyclag.bots.HeuristicBot`
    by default) hold the others. Observations, actions and rewards are as in
    :func:`raw_env`, for the learner; an illegal action ends the episode with
    ``illegal_reward``.

    >>> import pytest; _ = pytest.importorskip("gymnasium")
    >>> game = single_agent_env("wikipedia", players=3, seat=2)
    >>> view, info = game.reset(seed=4)
    >>> view["observation"].shape, int(view["action_mask"].sum()) > 0
    ((523,), True)
    """
    rules = _rules(preset, options)
    kind = _built("ClagSingleEnv", _Single, "gymnasium", "Env")
    return kind(rules, players, seat, bots, illegal_reward, render_mode)
