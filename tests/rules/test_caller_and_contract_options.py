"""Clause tests for the options of RULES.md §3 added by issue 13: A15
(``misere_counts_as_contract``), A18 (``caller_rule``), A30 for dealer's-choice
rounds (``no_turnup="reject"``), and the clauses that need no option (A20,
A26, A27). Games are random legal games (:func:`tests.helpers.random_game`,
whose records round-trip); every refusal leaves the state unchanged.
"""

from __future__ import annotations

import pytest

import pyclag
from pyclag import GameState, IllegalHandSizeError, Phase, RuleSet, presets
from pyclag.rules import catalogue
from pyclag.rules.calls import CallerRule, caller_after
from pyclag.rules.deals import Bidding
from pyclag.scoresheet import ScoreSheet
from pyclag.scoring.schemes import tricks_won
from pyclag.scoring.tally import TieBreak
from tests.helpers import random_game
from tests.scoresheet.games import entries_of

MISERE_GAME = RuleSet(
    "misere",
    [3, catalogue.misere(trumps=True, per_trick=-2, hand_size=3), catalogue.most_tricks(3)],
    tie_break=TieBreak.CONTRACTS_THEN_SHARED,
)


def _won(result: pyclag.RoundResult) -> tuple[int, ...]:
    return tricks_won(result.setup.players, [trick.winner for trick in result.tricks])


@pytest.mark.parametrize("seed", range(6))
def test_a15_a_misere_seat_with_no_tricks_has_made_its_contract_by_default(seed: int) -> None:
    state = random_game(MISERE_GAME, 4, seed)
    misere, most = state.history[1], state.history[2]
    assert misere.made == tuple(won == 0 for won in _won(misere))
    assert most.made == (False,) * 4  # most tricks has no bid: never a contract (A15)
    assert state.contracts_made == tuple(
        sum(result.made[seat] for result in state.history) for seat in range(4)
    )


@pytest.mark.parametrize("seed", range(6))
def test_a15_when_off_misere_rounds_count_no_contracts(seed: int) -> None:
    rules = MISERE_GAME.with_options(misere_counts_as_contract=False)
    state = random_game(rules, 4, seed)
    assert state.history[1].made == (False,) * 4
    assert state.history[1].points == random_game(MISERE_GAME, 4, seed).history[1].points
    assert state.contracts_made == state.history[0].made  # only the normal round counts
    assert rules.options["misere_counts_as_contract"] is False
    assert "A15" in rules.explain("misere_counts_as_contract")


def test_a15_raf_misere_calls_count_no_contracts_when_off() -> None:
    rules = presets.get("raf", misere_counts_as_contract=False, num_deals=12)
    for seed in range(12):
        state = random_game(rules, 4, seed)
        for result in state.history:
            if result.setup.played.bidding is Bidding.FORCED_ZERO:
                assert result.made == (False,) * 4


def test_a15_the_score_sheet_counts_contracts_as_the_engine() -> None:
    rules = MISERE_GAME.with_options(misere_counts_as_contract=False)
    state = random_game(rules, 4, 3)
    sheet = ScoreSheet(rules, 4, entries=entries_of(state))
    assert sheet.contracts_made == state.contracts_made
    assert sheet.rows[1].made == (False,) * 4


def _callers(state: GameState, rule: CallerRule) -> None:
    for before, result in zip(state.history, state.history[1:], strict=False):
        leading = before.totals if rule is CallerRule.GAME_LEADER else before.points
        expected = caller_after(leading, _won(before), before.setup.first_bidder)
        assert result.setup.caller == expected


@pytest.mark.parametrize("seed", range(8))
def test_a18_by_default_the_top_scorer_of_the_deal_before_calls(seed: int) -> None:
    rules = presets.get("raf")
    assert rules.options["caller_rule"] is None  # as the schedule says: the deal winner
    calls = rules.round_spec(1).calls
    assert calls is not None and calls.caller_rule is CallerRule.DEAL_WINNER
    _callers(random_game(rules, 4, seed), CallerRule.DEAL_WINNER)


@pytest.mark.parametrize("seed", range(8))
def test_a18_game_leader_the_leader_of_the_running_totals_calls(seed: int) -> None:
    rules = presets.get("raf", caller_rule="game_leader")
    state = random_game(rules, 4, seed)
    _callers(state, CallerRule.GAME_LEADER)
    assert state.history[0].setup.caller is None  # deal 1 still has no caller
    assert "A18" in rules.explain("caller_rule")


def test_a18_game_leader_ties_go_to_most_tricks_then_the_earliest_seat() -> None:
    # Totals tied at 30: seat 2 took more tricks in the deal; then seats 1 and 3
    # tie on tricks too, and seat 3 is earlier from eldest seat 3.
    assert caller_after((30, 30, 30, 0), (0, 1, 2, 0), 0) == 2
    assert caller_after((0, 30, 0, 30), (0, 1, 0, 1), 3) == 3


def test_a18_game_leader_differs_from_deal_winner_in_some_game() -> None:
    leader = presets.get("raf", caller_rule="game_leader")
    differ = [
        seed
        for seed in range(10)
        if random_game(leader, 4, seed).history != random_game(presets.get("raf"), 4, seed).history
    ]
    assert differ


def test_a18_caller_rule_refuses_an_unknown_rule() -> None:
    with pytest.raises(pyclag.RulesError, match="caller_rule"):
        presets.get("raf", caller_rule="loudest")


def test_a20_has_no_option_and_a26_a27_are_schedules() -> None:
    assert not any(name.startswith("blind_timing") for name in presets.get("raf").options)
    scottish = presets.get("scottish")
    mine = scottish.with_schedule([*range(7, 0, -1), catalogue.no_trumps(5), *range(1, 8)])
    assert [spec.hand_size for spec in mine.schedule[6:9]] == [1, 5, 1]


# --- A30 in dealer's-choice rounds -------------------------------------------------------


def _choosing(no_turnup: str) -> GameState:
    rules = presets.get("raf", max_players=13, no_turnup=no_turnup)
    state = pyclag.new_game(rules, players=13)
    assert state.round.phase is Phase.CHOOSE_HAND_SIZE
    return state


def test_a30_reject_the_raf_dealer_is_not_offered_a_size_that_deals_the_whole_pack() -> None:
    assert pyclag.legal_hand_sizes(_choosing("no_trumps")) == (3, 4)  # 13 x 4 = 52
    assert pyclag.legal_hand_sizes(_choosing("reject")) == (3,)
    assert pyclag.legal_actions(_choosing("reject")) == (pyclag.ChooseHandSize(0, 3),)


def test_a30_reject_the_raf_dealer_choosing_a_size_that_deals_the_whole_pack_is_refused() -> None:
    state = _choosing("reject")
    with pytest.raises(IllegalHandSizeError, match="hand size") as err:
        pyclag.choose_hand_size(state, 4)
    assert "3" in str(err.value)
    assert state == _choosing("reject")
    assert pyclag.choose_hand_size(state, 3).round.hand_size == 3
    assert pyclag.choose_hand_size(_choosing("no_trumps"), 4).round.hand_size == 4


def test_a30_reject_the_score_sheet_refuses_the_whole_pack_too() -> None:
    sheet = ScoreSheet(presets.get("raf", max_players=13, no_turnup="reject"), 13)
    current = sheet.current
    assert current is not None and current.legal == (3,)
    with pytest.raises(IllegalHandSizeError):
        sheet.choose_hand_size(4)
    chosen = sheet.choose_hand_size(3).current
    assert chosen is not None and chosen.setup.hand_size == 3
