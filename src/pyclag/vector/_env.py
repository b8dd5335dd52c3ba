"""``Env`` and ``Batch``: the batched engine's public face (DESIGN.md §4b)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from pyclag._checks import is_whole, not_a, whole
from pyclag.codec import NUM_ACTIONS, action_of
from pyclag.engine import is_over, new_game
from pyclag.engine.state import GameState, seat_to_act
from pyclag.errors import IllegalActionError, RulesError
from pyclag.limits import MAX_ROUNDS
from pyclag.rules.ruleset import RuleSet
from pyclag.vector import _chance, _kernel, _legal, _playout, _view
from pyclag.vector._backend import BACKENDS, Backend, backend
from pyclag.vector._rounds import OVER
from pyclag.vector._state import Arrays
from pyclag.vector._states import check_states, from_states, to_states
from pyclag.vector._tables import Tables, compile_rules
from pyclag.views import observe

__all__ = ["Batch", "Env"]

_MAX_BATCH: Final = 1 << 24


class Batch:
    """A batch of games at one moment: an immutable value of arrays, the
    batch axis first (a game's row is its place in the batch).

    * ``current_player``: the seat to act in each game, -1 once it is over.
    * ``legal_mask``: (B, ``codec.NUM_ACTIONS``) bool, the legal action ids.
    * ``observation``: (B, ``codec.encoding_size(players)``) float32, the
      vector of the seat to act, equal to ``codec.encode(observe(state,
      seat))``; all zeros once a game is over. Built when first read.
    * ``rewards``: (B, players) the points each seat scored at the last step
      (with the rounds it ran on through, where no one had a decision to make).
    * ``scores``: (B, players) the running totals.
    * ``terminated``: (B,) bool, whether each game is over.

    ``arrays`` is the whole state (:class:`~pyclag.vector._state.Arrays`);
    ``phase`` each game's phase as its place in :class:`~pyclag.Phase`.
    """

    __slots__ = ("_env", "_mask", "_observation", "arrays", "origins")

    def __init__(self, env: Env, arrays: Arrays, origins: tuple[GameState | None, ...]) -> None:
        self._env = env
        self.arrays = arrays
        self.origins = origins
        """The state each game was built from (``Env.from_states``), or None."""
        self._mask: Any = None
        self._observation: Any = None

    def __setattr__(self, name: str, value: object) -> None:
        if name in ("_mask", "_observation") or not hasattr(self, name):
            object.__setattr__(self, name, value)
            return
        raise AttributeError(f"Batch is immutable: cannot set {name!r}")

    def __len__(self) -> int:
        return int(self.arrays.phase.shape[0])

    def __repr__(self) -> str:
        over = int(self._env.backend.to_numpy(self.terminated).sum())
        return f"<Batch of {len(self)} games ({over} over), {self._env.players} players, {self._env.rules.name}>"

    @property
    def current_player(self) -> Any:
        return self.arrays.to_act

    @property
    def terminated(self) -> Any:
        return self.arrays.phase == OVER

    @property
    def rewards(self) -> Any:
        return self.arrays.rewards

    @property
    def scores(self) -> Any:
        return self.arrays.scores

    @property
    def phase(self) -> Any:
        return self.arrays.phase

    @property
    def legal_mask(self) -> Any:
        if self._mask is None:
            self._mask = self._env._legal(self.arrays)
        return self._mask

    @property
    def observation(self) -> Any:
        if self._observation is None:
            self._observation = self._env._observe(self.arrays)
        return self._observation


class Env:
    """A batch of ``batch`` whole games of ``rules`` for ``players`` seats,
    stepped in lockstep on ``backend`` ("numpy" or "jax"). ``first_dealer``:
    the first round's dealer in every game (the engine's default when None).

    Every rule set the engine accepts is carried (a table size the rules do
    not allow is refused as :func:`pyclag.new_game` refuses it).
    """

    def __init__(
        self,
        rules: RuleSet,
        players: int,
        batch: int,
        *,
        backend: str = "numpy",
        first_dealer: int | None = None,
    ) -> None:
        if not isinstance(rules, RuleSet):
            raise not_a("Env", "rules", "a RuleSet", rules)
        players, batch = whole(players), whole(batch)
        if not is_whole(players):
            raise not_a("Env", "players", "an int", players)
        if not is_whole(batch):
            raise not_a("Env", "batch", "an int", batch)
        if not 1 <= batch <= _MAX_BATCH:
            raise RulesError(f"Env: batch must be an int in 1..{_MAX_BATCH}, not {batch!r}")
        if backend not in BACKENDS:
            raise RulesError(f"Env: backend must be one of {BACKENDS}, not {backend!r}")
        if first_dealer is None:  # the engine's default, and its refusals
            dealer = new_game(rules, players).first_dealer
        else:
            dealer = new_game(rules, players, first_dealer=first_dealer).first_dealer
        self.rules: Final = rules
        self.players: Final = players
        self.batch: Final = batch
        self.first_dealer: Final = dealer
        self.backend: Final[Backend] = _backend(backend)
        tables, played = compile_rules(rules, players)
        self.tables: Final[Tables] = tables
        self._played: Final = played
        bk = self.backend
        self._reset = bk.compile(_kernel.reset, self.tables)
        self._step = bk.compile(_kernel.step, self.tables)
        self._run_on = bk.compile(_kernel.run_on, self.tables)
        self._random = bk.compile(_legal.random_actions, self.tables)
        self._play_out = bk.compile(_playout.play_out, self.tables)
        self._play_out_observed = bk.compile(_playout.play_out_observed, self.tables)
        self._play_rounds = bk.compile(_playout.play_rounds, self.tables)
        self._legal = bk.compile(_mask, self.tables)
        self._observe = bk.compile(_view.observation, self.tables)

    def __repr__(self) -> str:
        return f"<Env {self.rules.name}, {self.players} players, batch {self.batch}, {self.backend.name}>"

    def reset(self, seed: int = 0) -> Batch:
        """``batch`` new games, each first round dealt from ``seed``."""
        keys = _chance.game_keys(self.backend, _seed("Env.reset", seed), self.batch)
        arrays = self._reset(keys, self.first_dealer)
        return Batch(self, arrays, (None,) * self.batch)

    def step(self, batch: Batch, actions: Any) -> Batch:
        """Each game takes its action (a ``pyclag.codec`` id; a finished
        game ignores its entry) and runs on to its next decision. An illegal
        action is refused, naming the games and what was legal there; the
        batch passed in is unchanged."""
        if not isinstance(batch, Batch) or batch._env is not self:
            raise not_a("Env.step", "batch", "a Batch of this Env", batch)
        bk = self.backend
        ids = np.asarray(bk.to_numpy(actions))
        if ids.shape != (len(batch),) or ids.dtype.kind not in "iu":
            raise TypeError(
                f"Env.step: actions must be {len(batch)} action ids (ints), one per game, "
                f"not an array of shape {ids.shape} and type {ids.dtype}"
            )
        self._check(batch, ids)
        return Batch(
            self, self._step(batch.arrays, bk.asarray(ids.astype(np.int32))), batch.origins
        )

    def _check(self, batch: Batch, ids: Any) -> None:
        bk = self.backend
        mask = np.asarray(bk.to_numpy(batch.legal_mask))
        over = np.asarray(bk.to_numpy(batch.terminated))
        inside = (ids >= 0) & (ids < NUM_ACTIONS)
        legal = inside & mask[np.arange(len(ids)), np.clip(ids, 0, NUM_ACTIONS - 1)]
        bad = np.flatnonzero(~legal & ~over)
        if bad.size:
            raise _refusal(self, batch, ids, bad)

    def random_actions(self, batch: Batch, seed: int = 0) -> Any:
        """A uniformly random legal action id for each game of ``batch`` (0
        where a game is over), drawn from ``seed`` and each game's own stream:
        the random player of rollouts and benchmarks, on the backend's arrays.

        >>> import pyclag
        >>> env = Env(pyclag.NORMAL, players=3, batch=2)
        >>> batch = env.reset(seed=4)
        >>> actions = env.random_actions(batch, seed=1)
        >>> bool(batch.legal_mask[[0, 1], actions].all())
        True
        """
        if not isinstance(batch, Batch) or batch._env is not self:
            raise not_a("Env.random_actions", "batch", "a Batch of this Env", batch)
        draw = _seed("Env.random_actions", seed) & 0xFFFFFFFF
        seed_array = self.backend.asarray(np.full(len(batch), draw, np.uint32))
        return self._random(batch.arrays, seed_array)

    def play_out(
        self, batch: Batch, seed: int = 0, *, observe: bool = False, rounds: int | None = None
    ) -> Batch:
        """Every game of ``batch`` played to its end by uniformly random
        legal actions drawn from ``seed`` (:meth:`random_actions`): one
        compiled loop on JAX. With ``observe``, each step also builds the
        observation vector of the seat to act (what a learner would read).
        With ``rounds``, each game stops once that many more of its rounds
        have ended (a game that gets there first waits as it stands).

        >>> import pyclag
        >>> env = Env(pyclag.NORMAL.with_schedule([3, 2]), players=3, batch=4)
        >>> end = env.play_out(env.reset(seed=1), seed=2)
        >>> bool(end.terminated.all()), end.scores.shape
        (True, (4, 3))
        >>> [int(played) for played in env.play_out(env.reset(seed=1), seed=2, rounds=1).arrays.round]
        [1, 1, 1, 1]
        """
        if not isinstance(batch, Batch) or batch._env is not self:
            raise not_a("Env.play_out", "batch", "a Batch of this Env", batch)
        draw = self.backend.asarray(np.uint32(_seed("Env.play_out", seed) & 0xFFFFFFFF))
        if rounds is not None:
            if observe:
                raise RulesError("Env.play_out: observe and rounds cannot be asked together")
            if not is_whole(rounds):
                raise not_a("Env.play_out", "rounds", "an int", rounds)
            if not 1 <= rounds <= MAX_ROUNDS:
                legal = f"an int in 1..{MAX_ROUNDS}"
                raise RulesError(f"Env.play_out: rounds must be {legal}, not {rounds!r}")
            ended = self._play_rounds(batch.arrays, draw, self.backend.asarray(np.int32(rounds)))
            return Batch(self, ended, batch.origins)
        run = self._play_out_observed if observe else self._play_out
        end, _ = run(batch.arrays, draw)
        return Batch(self, end, batch.origins)

    def rollouts(self, state: GameState, seed: int = 0) -> Any:
        """The points by seat of ``batch`` random continuations of the
        current deal from ``state`` (any phase, chance included, drawn from
        ``seed``), as a (batch, players) array: :func:`pyclag.rollouts` in
        lockstep, with the same distribution but the batch's own draws (a
        finished game's last deal gives its points, as there).

        >>> import pyclag, random
        >>> rules = pyclag.NORMAL.with_schedule([7])
        >>> state = pyclag.deal(pyclag.new_game(rules, players=4), rng=random.Random(1))
        >>> points = Env(rules, players=4, batch=256).rollouts(state, seed=2)
        >>> points.shape, bool((points.sum(axis=1) >= 0).all())
        ((256, 4), True)
        """
        if type(state) is not GameState:
            raise not_a("Env.rollouts", "state", "a GameState", state)
        if is_over(state):  # the last deal's points, as pyclag.rollouts gives them
            return np.tile(np.asarray(state.history[-1].points, np.int32), (self.batch, 1))
        start = self.from_states([state] * self.batch, seed=seed)
        end = self.play_out(start, seed, rounds=1)
        return self.backend.to_numpy(end.scores) - self.backend.to_numpy(start.scores)

    def to_states(self, batch: Batch) -> list[GameState]:
        """The exact :class:`~pyclag.GameState` of each game of ``batch``,
        the reference engine's own (each game replayed through it)."""
        return self._states(batch, range(len(batch)))

    def _states(self, batch: Batch, games: Sequence[int]) -> list[GameState]:
        if not isinstance(batch, Batch) or batch._env is not self:
            raise not_a("Env.to_states", "batch", "a Batch of this Env", batch)
        start = new_game(self.rules, self.players, first_dealer=self.first_dealer)
        return to_states(self.backend, batch.arrays, batch.origins, start, games)

    def from_states(self, states: Sequence[GameState], *, seed: int = 0) -> Batch:
        """A batch of these states (as many as the Env's batch), each game's
        later chance drawn from ``seed``; a game waiting for its deal is
        dealt at once."""
        states = list(states)
        check_states(states, new_game(self.rules, self.players), self.batch)
        keys = _chance.game_keys(self.backend, _seed("Env.from_states", seed), self.batch)
        arrays = from_states(self.backend, self.tables, self._played, states, keys)
        return Batch(self, self._run_on(arrays), tuple(states))


def _refusal(env: Env, batch: Batch, ids: Any, bad: Any) -> IllegalActionError:
    """The engine's own refusal of the first illegal action, as the seat to
    act there sees it (its class, its reason, its legal actions), naming
    every game of the batch that was refused."""
    game = int(bad[0])
    state = env._states(batch, [game])[0]
    seat = seat_to_act(state.round)  # a game not over waits for a seat: chance runs on inside
    others = ", ".join(f"game {int(g)} (id {int(ids[g])})" for g in bad[1:6])
    more = f"; also refused: {others}" if others else ""
    more += f" and {bad.size - 6} more" if bad.size > 6 else ""
    try:
        action_of(observe(state, seat), int(ids[game]))
    except IllegalActionError as refused:
        message = f"Env.step: game {game} of the batch: {refused}{more}"
        return type(refused)(message, refused.reason, refused.legal)
    raise AssertionError(f"Env.step: game {game}: the engine takes id {int(ids[game])}")


def _seed(func: str, seed: object) -> int:
    given = whole(seed)
    if not is_whole(given) or not 0 <= given < 1 << 64:
        raise not_a(func, "seed", "an int in 0..2**64-1", seed)
    return given


def _mask(bk: Backend, t: Tables, s: Arrays) -> Any:
    return _legal.legal_mask(bk, t, s, NUM_ACTIONS)


def _backend(name: str) -> Backend:
    return backend(name)
