"""OpenSpiel's C++ ``oh_hell`` and ``python_clag`` on the pagat rules, one
7-card deal, agree action by action (issue 14, item 2).

What aligns them: pagat's scoring F2 is ``oh_hell``'s default (a point a
trick, 10 more for an exact bid: ``points_per_trick=1``, no
``off_bid_penalty``); pagat's hook (``ne`` from one card) is ``oh_hell``'s
rule for the last bidder; both turn the card after the hands up for trumps,
bid and lead from the dealer's left, and must follow suit, else play any
card. What differs, and how the test bridges it: ``oh_hell`` draws the number
of tricks and the dealer as chance outcomes (``num_tricks_fixed=7``; the
dealer drawn becomes ``first_dealer``), and deals card ``k`` to player
``k % N`` whatever the dealer, where pyclag deals from the dealer's left
(the same cards are given in pyclag's order). Pagat is for 4 to 7 players.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import pyclag.openspiel  # noqa: E402, F401  (registers python_clag)

HAND = 7


def _deal_both(players: int, rng: random.Random) -> tuple[Any, Any]:
    oh = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": HAND})
    theirs = oh.new_initial_state()
    assert theirs.chance_outcomes() == [(HAND, 1.0)]
    theirs.apply_action(HAND)
    dealer = rng.randrange(players)
    theirs.apply_action(dealer)
    cards = rng.sample(range(52), players * HAND + 1)  # the hands, then the trump card
    for card in cards:
        theirs.apply_action(card)
    game = pyspiel.load_game(
        "python_clag",
        {"preset": "pagat", "players": players, "hand_size": HAND, "first_dealer": dealer},
    )
    ours = game.new_initial_state()
    # oh_hell's card k went to player k % N; pyclag's card j goes to (dealer + 1 + j) % N.
    order = [
        cards[(j // players) * players + (dealer + 1 + j) % players] for j in range(players * HAND)
    ]
    used: set[int] = set()
    for card in [*order, cards[-1]]:
        assert ours.is_chance_node()
        assert sorted(o for o, _ in ours.chance_outcomes()) == sorted(set(range(52)) - used)
        ours.apply_action(card)
        used.add(card)
    return theirs, ours


@pytest.mark.parametrize("players", [4, 5, 6, 7])
@pytest.mark.parametrize("seed", range(4))
def test_issue_14_oh_hell_and_pagat_one_deal_agree_action_by_action(
    players: int, seed: int
) -> None:
    rng = random.Random(seed * 10 + players)
    theirs, ours = _deal_both(players, rng)
    steps = 0
    while not theirs.is_terminal():
        assert not ours.is_terminal()
        assert ours.current_player() == theirs.current_player()
        assert ours.legal_actions() == theirs.legal_actions()
        action = rng.choice(theirs.legal_actions())
        theirs.apply_action(action)
        ours.apply_action(action)
        steps += 1
    assert ours.is_terminal()
    assert steps == players * (HAND + 1)
    assert ours.returns() == theirs.returns()
