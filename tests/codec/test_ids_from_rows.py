"""Issue 34 item 4: the codec reads the decision table: every player's decision
of :data:`~pyclag.engine.decisions.DECISIONS` has its ids, an action is
encoded by its decision's class (no ladder), and a decision added to the table
without ids is refused by name when the codec is imported."""

from __future__ import annotations

import pytest

from pyclag import codec
from pyclag.engine.decisions import DECISIONS


def test_issue_34_item_4_every_players_decision_has_ids() -> None:
    players = {row.action for row in DECISIONS if not row.chance}
    assert players == set(codec._ENCODERS)


def test_issue_34_item_4_every_id_decodes_to_an_action_of_its_block() -> None:
    for block in codec.ID_BLOCKS:
        for number in (block.start, block.stop - 1):
            action = codec.decode(number, 2)
            assert action.seat == 2
            assert codec.action_id(action) == number


def test_issue_34_item_4_a_decision_without_ids_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    encode = {kind: coder for kind, coder in codec._ENCODE.items() if kind.__name__ != "Call"}
    monkeypatch.setattr(codec, "_ENCODE", encode)
    with pytest.raises(ImportError, match=r"no action ids for the decisions \['call'\]"):
        codec._encoders()
