"""Thousands of games of Clag in lockstep, as arrays: for learning, search and
simulation (DESIGN.md §4b; ``docs/vector.rst``). Needs the ``vector`` extra
(NumPy); the JAX backend the ``jax`` extra.

``Env(rules, players, batch)`` holds a batch of whole games of a rule set;
``env.reset(seed)`` deals them and ``env.step(batch, actions)`` takes one
action id (:mod:`pyclag.codec`) per game, both pure functions of an immutable
:class:`Batch` of arrays, the batch axis first. ``env.to_states`` and
``env.from_states`` go to and from the reference engine's states, which the
batch agrees with after every step.

>>> import numpy as np, pyclag
>>> from pyclag.vector import Env
>>> env = Env(pyclag.NORMAL, players=4, batch=3)
>>> batch = env.reset(seed=1)
>>> batch.current_player.tolist(), batch.legal_mask.shape
([1, 1, 1], (3, 1090))
>>> first = batch.legal_mask.argmax(axis=1)  # the lowest legal id in each game
>>> env.step(batch, first).current_player.tolist()
[2, 2, 2]
"""

from __future__ import annotations

try:
    import numpy as _numpy  # noqa: F401  (the extra's one requirement)
except ImportError:  # pragma: no cover - depends on the environment
    raise ImportError("pyclag.vector needs NumPy: pip install 'pyclag[vector]'") from None

from pyclag.vector._backend import BACKENDS
from pyclag.vector._env import Batch, Env

__all__ = ["BACKENDS", "Batch", "Env"]
