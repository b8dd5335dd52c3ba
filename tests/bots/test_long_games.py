"""Issue 30 item 6: long games cost linear time. What PIMCBot's game objective
reads of the deals to come (:func:`pyclag.bots.standing.remaining_spread`) is
worked out once per game, not summed again over every deal to come at each
decision: counted, never timed."""

from __future__ import annotations

import math
from typing import Any

import pytest

import pyclag
import pyclag.bots.standing
from pyclag._caches import clear_caches
from pyclag.bots.standing import deal_variance, remaining_spread


def test_issue_30_item_6_the_spread_to_come_reads_each_deal_once_a_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Asked at each of a 300-deal game's deals, the spread of the deals to
    come works out each deal's variance once (not 44,850 times), and is the
    sum of the variances still to come, in order, as it always was."""
    clear_caches()
    rules = pyclag.presets.get("wikipedia").with_schedule([1, 7, 3] * 100)
    worked: list[Any] = []

    def counted(*args: Any) -> float:
        worked.append(args[0])
        return deal_variance(*args)

    monkeypatch.setattr(pyclag.bots.standing, "deal_variance", counted)
    spreads = [remaining_spread(rules, 4, deal) for deal in range(300)]
    assert len(worked) == 300
    variances = [deal_variance(rules.round_spec(n), rules, 4) for n in range(300)]
    for deal in range(300):
        assert spreads[deal] == math.sqrt(sum(variances[later] for later in range(deal + 1, 300)))
    assert spreads[0] > spreads[150] > spreads[298] > spreads[299] == 0.0
