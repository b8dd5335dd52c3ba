"""The cases of the hostile-input tests (DESIGN.md §5; the policy is in :mod:`pyclag.errors`):
a call that must raise exactly its documented error, and the check every case gets."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest

from pyclag import GameState, IllegalActionError, Reason
from tests.engine.situations import param_id


@dataclass(frozen=True)
class Case:
    """A call that must raise exactly ``error`` with ``fragment`` in its message,
    leaving ``state`` (if any) unchanged; ``reason`` for an illegal action."""

    call: Callable[[], object]
    error: type[Exception]
    fragment: str
    state: GameState | None = None
    reason: Reason | None = None


def cases(
    label: str,
    function: Callable[[Any], object],
    values: Iterable[object],
    error: type[Exception],
    fragment: Callable[[Any], str],
    state: GameState | None = None,
    reason: Callable[[Any], Reason] | None = None,
) -> list[Any]:
    """One pytest param per bad value for ``function``."""
    return [
        pytest.param(
            Case(
                partial(function, value),
                error,
                fragment(value),
                state,
                None if reason is None else reason(value),
            ),
            id=f"{label}-{param_id(value)}",
        )
        for value in values
    ]


def bid_reason(tricks: object) -> Reason:
    whole = isinstance(tricks, int) and not isinstance(tricks, bool)
    return Reason.BID_OUT_OF_RANGE if whole else Reason.NOT_AN_INTEGER


def check(case: Case) -> None:
    """``case.call()`` raises exactly ``case.error``, with ``case.fragment`` in its
    message and, for an illegal action, its reason and what was legal; the state
    it was given is unchanged."""
    before = copy.deepcopy(case.state)
    with pytest.raises(case.error) as caught:
        case.call()
    err = caught.value
    assert type(err) is case.error, f"{type(err).__name__}: {err}"
    assert case.fragment in str(err)
    if case.reason is not None:
        assert isinstance(err, IllegalActionError)
        assert err.reason is case.reason
        assert isinstance(err.legal, tuple)
    assert case.state == before
