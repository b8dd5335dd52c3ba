"""Clause tests for ACES_LOW, DEALER_CALLS and MOST_TRICKS, RULES.md §2.0.

Every deal is driven with an exact pack (``tests.helpers.dealt`` / ``deck_from``)
on a one- or two-round rule set built from ``pyclag.rules.catalogue``. Unless a
test says otherwise, players A-D sit at seats 0-3 and D deals, so A is eldest:
card ``i`` of the pack goes to seat ``i % 4`` and the turn-up is card ``4 * h``.
Every refusal also checks that the state passed in is left unchanged.
"""

from __future__ import annotations

from typing import Any

import pytest

import pyclag
from pyclag import (
    Card,
    DeclareTrump,
    IllegalBidError,
    IllegalTrumpError,
    OutOfTurnError,
    Phase,
    Reason,
    RoundSpec,
    RuleSet,
    Suit,
    WrongPhaseError,
)
from pyclag.engine.decisions import round_phases
from pyclag.rules import (
    RankOrder,
    catalogue,
)
from pyclag.rules.trumps import NO_TRUMPS
from tests.helpers import E1_TOP, bid_all, dealt, play_all
from tests.rules.deals import (
    CLUBS,
    DIAMONDS,
    E1_PLAY,
    HEARTS,
    SPADES,
    C,
    one_round,
    refused,
    top_of,
)

# --- ACES_LOW -----------------------------------------------------------------------------


def test_e10_aces_low_and_in_trumps_a37() -> None:
    # Spades trumps. A AC AS, B 2C 5D, C KC 3D, D 5H 2S; turn-up 9S.
    top = top_of(["AC AS", "2C 5D", "KC 3D", "5H 2S"], "9S")
    rules = one_round(catalogue.aces_low(2))
    assert rules.round_spec(0).rank_order is RankOrder.ACES_LOW
    state = bid_all(dealt(rules, 4, top, 3), [0, 0, 0, 0])
    assert state.round.trump is SPADES
    state = play_all(state, "AC 2C KC 5H")  # E10: the ace is the lowest club
    assert state.round.tricks[0].winner == 2
    state = play_all(state, "3D 2S AS 5D")  # A37: the 2S beats the AS in trumps too
    assert state.history[0].trick_winners == (2, 3)
    # Ace high, A's AC takes the first trick of the same pack.
    normal = bid_all(dealt(one_round(RoundSpec(2)), 4, top, 3), [0, 0, 0, 0])
    normal = play_all(normal, "AC 2C KC 5H")
    assert normal.round.tricks[0].winner == 0


def test_a37_aces_low_trumps_option() -> None:
    # aces_low_trumps=False: the ace stays high in trumps, low elsewhere.
    top = top_of(["AC AS", "2C 5D", "KC 3D", "5H 2S"], "9S")
    rules = one_round(catalogue.aces_low(2), aces_low_trumps=False)
    assert rules.round_spec(0).rank_order is RankOrder.ACES_LOW_PLAIN
    assert rules.round_spec(0).label == "Aces Low (not in trumps)"
    state = bid_all(dealt(rules, 4, top, 3), [0, 0, 0, 0])
    state = play_all(state, "AC 2C KC 5H")  # still the lowest club
    assert state.round.tricks[0].winner == 2
    state = play_all(state, "3D 2S AS 5D")  # but the highest trump
    assert state.history[0].trick_winners == (2, 0)


# --- DEALER_CALLS -------------------------------------------------------------------------


def test_s2_0_dealer_calls_declare_trump_phase() -> None:
    rules = one_round(catalogue.dealer_calls(3))
    assert round_phases(rules.round_spec(0), rules) == (
        Phase.DEAL,
        Phase.DECLARE_TRUMP,
        Phase.BID,
        Phase.PLAY,
    )
    state = dealt(rules, 4, E1_TOP, first_dealer=3)
    assert pyclag.phase(state) is Phase.DECLARE_TRUMP
    assert pyclag.next_actor(state) == 3
    assert state.round.turnup is None
    assert state.round.trump is None
    assert pyclag.legal_trumps(state) == (CLUBS, DIAMONDS, HEARTS, SPADES)
    assert pyclag.legal_actions(state) == tuple(DeclareTrump(3, suit) for suit in Suit)
    err = refused(state, IllegalTrumpError, lambda s: pyclag.declare_trump(s, NO_TRUMPS))
    assert type(err) is IllegalTrumpError
    assert err.reason is Reason.BAD_TRUMP
    assert err.legal == (CLUBS, DIAMONDS, HEARTS, SPADES)
    refused(state, IllegalTrumpError, lambda s: pyclag.declare_trump(s, "H"))  # type: ignore[arg-type]
    refused(state, OutOfTurnError, lambda s: pyclag.apply(s, DeclareTrump(0, SPADES)))
    refused(state, WrongPhaseError, lambda s: pyclag.bid(s, 0))
    state = pyclag.apply(state, DeclareTrump(3, SPADES))
    assert pyclag.phase(state) is Phase.BID
    assert pyclag.next_actor(state) == 0
    assert state.round.trump is SPADES
    assert state.round.turnup is None  # no turn-up in a dealer-calls deal
    refused(state, WrongPhaseError, lambda s: pyclag.declare_trump(s, HEARTS))
    state = bid_all(state, [1, 1, 0])
    assert pyclag.legal_bids(state) == (0, 2, 3)  # the hook applies
    state = pyclag.bid(state, 0)
    state = play_all(state, "AS KS 9S 4S  3D QH TD 8C  5H JH 7H 2C")
    result = state.history[0]
    assert result.trick_winners == (0, 2, 3)  # hearts are no trumps now
    assert result.setup.turnup is None


@pytest.mark.parametrize(
    "rules",
    [
        one_round(catalogue.dealer_calls(3), dealer_calls_allow_nt=True),
        one_round(catalogue.dealer_calls(3, allow_no_trumps=True)),
    ],
)
def test_a11_dealer_calls_allow_no_trumps_option(rules: RuleSet) -> None:
    state = dealt(rules, 4, E1_TOP, first_dealer=3)
    assert pyclag.legal_trumps(state) == (CLUBS, DIAMONDS, HEARTS, SPADES, NO_TRUMPS)
    state = pyclag.declare_trump(state, NO_TRUMPS)
    assert pyclag.phase(state) is Phase.BID
    assert state.round.trump is None
    assert state.round.turnup is None
    assert state.round.setup.round_rules is not None


# --- MOST_TRICKS --------------------------------------------------------------------------

# A AS AH 5D, B 2S 2H AD, C 3S 3H 3D, D 4S 4H 4D; turn-up 5C. A takes two, B one.
MOST_TOP = top_of(["AS AH 5D", "2S 2H AD", "3S 3H 3D", "4S 4H 4D"], "5C")


@pytest.mark.parametrize(("options", "bonus"), [({}, 10), ({"most_tricks_bonus": 5}, 5)])
def test_s2_0_most_tricks_sole_leader_scores_and_never_a_contract(
    options: dict[str, Any], bonus: int
) -> None:
    rules = one_round(catalogue.most_tricks(3), **options)
    assert round_phases(rules.round_spec(0), rules) == (Phase.DEAL, Phase.PLAY)
    state = dealt(rules, 4, MOST_TOP, first_dealer=3)
    assert pyclag.phase(state) is Phase.PLAY
    assert state.round.bids == (None, None, None, None)
    assert state.round.turnup == C("5C")  # A14: a turn-up trump as normal
    forced = refused(state, IllegalBidError, lambda s: pyclag.bid(s, 0))
    assert forced.reason is Reason.FORCED_BID
    state = play_all(state, "AS 2S 3S 4S  AH 2H 3H 4H  5D AD 3D 4D")
    result = state.history[0]
    assert result.tricks_won == (2, 1, 0, 0)
    assert result.points == (bonus, 0, 0, 0)
    # A15: most tricks has no nomination, so nobody makes a contract.
    assert result.made == (False, False, False, False)
    assert state.contracts_made == (0, 0, 0, 0)


def test_s2_0_most_tricks_tie_for_most_scores_nobody() -> None:
    state = dealt(one_round(catalogue.most_tricks(3)), 4, E1_TOP, first_dealer=3)
    for trick in E1_PLAY:
        state = play_all(state, trick)
    result = state.history[0]
    assert result.tricks_won == (1, 1, 0, 1)
    assert result.points == (0, 0, 0, 0)
    assert state.contracts_made == (0, 0, 0, 0)


def test_a14_most_tricks_trumps_option() -> None:
    # A14: the most-tricks deal keeps the turn-up trump by default; the option drops it.
    kept = dealt(one_round(catalogue.most_tricks(3)), 4, E1_TOP, first_dealer=3)
    assert kept.round.turnup == Card.parse("6H") and kept.round.trump is Suit.HEARTS
    rules = one_round(catalogue.most_tricks(3), most_tricks_trumps=False)
    assert rules.options["most_tricks_trumps"] is False
    state = dealt(rules, 4, E1_TOP, first_dealer=3)
    assert state.round.turnup is None and state.round.trump is None
    state = play_all(state, "AS KS 9S 4S")
    state = play_all(state, "3D QH TD 8C")  # no trumps: C's TD wins the diamond trick
    assert state.round.tricks[-1].winner == 2
