"""The worked examples of RULES.md §5 for RAF, Foss and WP-IPFS: E11-E14.

Players A-D (A-E in E8) sit at seats 0.. clockwise; unless stated the last
seat deals, so A is eldest, bids first and leads trick 1. Where an example is
a whole deal it is played through the engine on a pack built for it; where it
gives only bids and trick winners, the scoring is checked with
:func:`pyclag.score_round` (and, where a pack can produce those winners, the
engine as well).
"""

from __future__ import annotations

import importlib.util
import pathlib
from typing import Final

import attrs
import pytest

import pyclag
from pyclag import (
    Call,
    Madness,
    Phase,
    Play,
    RoundRules,
    RoundSpec,
    RuleSet,
    Suit,
    presets,
)
from pyclag.rules import catalogue
from pyclag.rules.calls import caller_after
from pyclag.rules.deals import Bidding
from pyclag.rules.ordering import PRECEDENCE, RED_OVER_BLACK, RankOrder
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP, Precedence
from pyclag.scoring import F1, F3, ContractScoring
from pyclag.scoring.schemes import misere
from tests.helpers import bid_all, dealt, play_all
from tests.rules.worked import (
    E3_WINNERS,
    A,
    B,
    C,
    D,
    misere_deal,
    one_deal,
    pack,
    play_tricks,
    single_suit_tricks,
)

# --- E11 ------------------------------------------------------------------------------

E11_RULES: Final = RoundRules(
    trump=None, scoring=F1, rank_order=RankOrder.TWO_HIGH, precedence=RED_OVER_BLACK
)
E11_CALL: Final = Call(A, Precedence(RED_OVER_BLACK), nuloss=True, madness=Madness.ASCENDING)


def _trick(cards: str) -> list[Play]:
    return [Play(seat, card) for seat, card in enumerate(pyclag.parse_cards(cards))]


def test_e11_red_over_black_nuloss_spades_beat_clubs_and_nine_beats_ace() -> None:
    assert RED_OVER_BLACK == (Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.CLUBS)
    # A leads 5♣; B (void) 9♠; C K♣; D (void) A♠: spades outrank clubs, 9♠ beats A♠.
    assert pyclag.trick_winner(_trick("5C 9S KC AS"), E11_RULES) == B


def test_e11_red_over_black_nuloss_a_diamond_is_top() -> None:
    assert pyclag.trick_winner(_trick("5C 9S KC 2D"), E11_RULES) == D


def test_e11_plain_precedence_highest_suit_present_wins() -> None:
    # ♥ > ♣ > ♦ > ♠, spade led: A A♠, B 2♦, C K♠, D 3♣. Clubs are highest present.
    assert PRECEDENCE == (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
    rules = RoundRules(trump=None, scoring=F1, precedence=PRECEDENCE)
    assert pyclag.trick_winner(_trick("AS 2D KS 3C"), rules) == D


def test_e11_bids_and_hook() -> None:
    # A 2, B 1, C 1: S = 4, so D may not bid 1.
    assert presets.RAF.hook.dealer_bids(hand_size=5, others=4) == (0, 2, 3, 4, 5)


def _e11_scoring(madness: Madness) -> ContractScoring:
    call = attrs.evolve(E11_CALL, madness=madness)
    scoring = presets.RAF.round_spec(0).with_call(call, presets.RAF.scoring).scoring
    assert isinstance(scoring, ContractScoring)
    return scoring


E11_BIDS: Final = (2, 1, 1, 0)


def test_e11_ascending_scores() -> None:
    # Winners by trick: 1 C, 2 A, 3 B, 4 A, 5 C; values 2, 4, 6, 8, 10.
    winners = (C, A, B, A, C)
    rules = RoundRules(None, _e11_scoring(Madness.ASCENDING), precedence=RED_OVER_BLACK)
    points = pyclag.score_round(rules, E11_BIDS, winners)
    assert points == (22, 16, 0, 10)  # A 10+4+8, B 10+6, C missed, D 10
    assert caller_after(points, (2, 1, 2, 0), eldest=A) == A


def test_e11_variant_ascending_and_descending_scores() -> None:
    winners = (A, A, B, C, C)
    ascending = _e11_scoring(Madness.ASCENDING).points(E11_BIDS, winners)
    descending = _e11_scoring(Madness.DESCENDING).points(E11_BIDS, winners)
    assert ascending == (16, 16, 0, 10)  # A 10+2+4
    assert descending == (28, 16, 0, 10)  # A 10+10+8


def test_e11_caller_tie_break_after_the_variant() -> None:
    # A and B tie on 16; A took 2 tricks and B 1, so A calls next (A18).
    assert caller_after((16, 16, 0, 10), (2, 1, 2, 0), eldest=A) == A
    assert caller_after((16, 16, 0, 10), (2, 1, 2, 0), eldest=B) == A
    # Equal points and tricks: the earliest in the deal's order from its eldest.
    assert caller_after((16, 16, 0, 10), (1, 1, 2, 0), eldest=B) == B


def test_e11_full_raf_deal_with_a_call_through_the_engine() -> None:
    rules = presets.get("raf", first_deal_caller="eldest", num_deals=2)
    state = pyclag.new_game(rules, players=4, first_dealer=D)
    assert state.round.setup.caller == A
    assert pyclag.next_actor(state) == D
    state = pyclag.choose_hand_size(state, 5)
    # Every trick one suit; under Nuloss the lowest card of it wins.
    winners = (C, A, B, A, C)
    tricks = single_suit_tricks(winners, 4, order=RankOrder.TWO_HIGH)
    state = pyclag.deal(state, deck=pack(tricks, D))
    assert pyclag.phase(state) is Phase.CALL
    assert pyclag.next_actor(state) == A
    assert E11_CALL in pyclag.legal_calls(state)
    state = pyclag.call(state, E11_CALL)
    setup = state.round.setup
    assert setup.played.label == "Precedence DHSC, Nuloss, Ascending Madness"
    assert setup.turnup is None  # invariant 6: no turn-up on a called deal
    assert setup.round_rules is not None
    assert setup.round_rules.precedence == RED_OVER_BLACK
    assert setup.round_rules.rank_order is RankOrder.TWO_HIGH
    state = bid_all(state, [2, 1, 1])
    assert pyclag.legal_bids(state) == (0, 2, 3, 4, 5)
    state = pyclag.bid(state, 0)
    state = play_tricks(state, tricks)
    result = state.history[0]
    assert result.trick_winners == winners
    assert result.points == (22, 16, 0, 10)
    # The next caller is A (22); the deal passes left, so A also deals and chooses h.
    assert state.round.setup.caller == A
    assert state.round.setup.dealer == A
    assert pyclag.phase(state) is Phase.CHOOSE_HAND_SIZE


# --- E12 ------------------------------------------------------------------------------

E12_WINNERS: Final = (B, B, C, D)  # A took none


@pytest.mark.parametrize(
    ("madness", "points"),
    [
        (Madness.DESCENDING, (10, -14, -4, -2)),
        (Madness.ASCENDING, (10, -6, -6, -8)),
        (None, (10, -4, -2, -2)),
    ],
)
def test_e12_raf_misere_with_madness(madness: Madness | None, points: tuple[int, ...]) -> None:
    misere_call = Call(A, Suit.HEARTS, misere=True, madness=madness)
    spec = presets.RAF.round_spec(0).with_call(misere_call, presets.RAF.scoring)
    assert spec.bidding is Bidding.FORCED_ZERO
    assert spec.scoring is not None
    assert spec.scoring.points((0, 0, 0, 0), E12_WINNERS) == points

    # The same deal through the engine: no bids after the call, all contracts 0.
    rules = presets.get("raf", first_deal_caller="eldest", num_deals=1)
    state = pyclag.choose_hand_size(pyclag.new_game(rules, players=4, first_dealer=D), 4)
    tricks = single_suit_tricks(E12_WINNERS, 4)
    state = pyclag.call(pyclag.deal(state, deck=pack(tricks, D)), misere_call)
    assert pyclag.phase(state) is Phase.PLAY
    state = play_tricks(state, tricks)
    assert pyclag.is_over(state)
    result = state.history[0]
    assert result.bids == (0, 0, 0, 0)
    assert result.trick_winners == E12_WINNERS
    assert result.points == points


# --- E13 ------------------------------------------------------------------------------


def _example_rules(name: str) -> RuleSet:
    """The rule set an example program builds (examples/ is not a package)."""
    path = pathlib.Path(__file__).parent.parent.parent / "examples" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"examples.{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rules = module.FOSS
    assert isinstance(rules, RuleSet)
    return rules


# E13 checks the Foss rules exactly as examples/custom_ruleset.py builds them (§2.6).
FOSS: Final = _example_rules("custom_ruleset")


def test_e13_foss_is_a_custom_rule_set() -> None:
    # §2.6: 1..7, NT, Guess, misère NT -2, misère trumps -3, Blind, Roll 'Em, 7..1.
    assert [spec.hand_size for spec in FOSS.schedule] == [*range(1, 8), *[7] * 6, *range(7, 0, -1)]
    assert FOSS.num_rounds(4) == 20
    labels = [spec.label for spec in FOSS.schedule[7:13]]
    assert labels == [
        "No Trumps",
        "Guess Trumps",
        "No Trumps, Misère",
        "Misère",
        "Blind",
        "Roll 'Em",
    ]


def test_e13_foss_deal_4() -> None:
    assert FOSS.round_spec(3) == RoundSpec(4)
    rules = one_deal(FOSS, FOSS.round_spec(3))
    winners = (A, B, B, C)  # tricks A 1, B 2, C 1, D 0
    tricks = single_suit_tricks(winners, 4)
    state = pyclag.new_game(rules, players=4, first_dealer=D)
    state = pyclag.deal(state, deck=pack(tricks, D))
    # Bids A 1, B 2, C 0: S = 3, so D may not bid 1; D bids 2 (total 5).
    state = bid_all(state, [1, 2, 0])
    assert pyclag.legal_bids(state) == (0, 2, 3, 4)
    state = pyclag.bid(state, 2)
    state = play_tricks(state, tricks)
    result = state.history[0]
    assert result.tricks_won == (1, 2, 1, 0)
    assert result.points == (12, 14, 0, 0)


@pytest.mark.parametrize(("index", "points"), [(9, (10, -6, -4, -4)), (10, (10, -9, -6, -6))])
def test_e13_foss_misere_values(index: int, points: tuple[int, ...]) -> None:
    # Deal 10: misère no trumps, -2; deal 11: misère with trumps, -3. Tricks A 0, B 3, C 2, D 2.
    spec = FOSS.round_spec(index)
    assert spec.suits == (NO_TRUMPS if index == 9 else TURN_UP)
    state = misere_deal(one_deal(FOSS, spec), E3_WINNERS)
    assert state.history[0].points == points
    assert spec.scoring is not None
    assert pyclag.score_round(RoundRules(None, spec.scoring), (0,) * 4, E3_WINNERS) == points


# --- E14 ------------------------------------------------------------------------------


def test_e14_wp_ipfs_f3_round_1() -> None:
    # Bid 1 and take 1: 10 + 5 = 15; bid 0 and take 0: 10.
    assert pyclag.score_round(RoundRules(None, F3), (1, 0, 0, 0), (A,)) == (15, 10, 10, 10)
    # Through the engine, with WP-IPFS's hook only from round 4 (so D may make it 1).
    rules = pyclag.NORMAL.with_schedule([1]).with_options(scoring="F3", hook_min_hand_size=4)
    state = bid_all(dealt(rules, 4, "AS KS QS JS 2H", first_dealer=D), [1, 0, 0])
    assert pyclag.legal_bids(state) == (0, 1)
    state = play_all(pyclag.bid(state, 0), "AS KS QS JS")
    assert state.history[0].points == (15, 10, 10, 10)


def test_e14_wp_ipfs_round_9_miss_minus_5() -> None:
    spec = catalogue.misere(trumps=False, per_trick=-5)
    assert spec.scoring == misere(-5)
    rules = RoundRules(None, spec.scoring)
    # B takes 2 tricks: -10; A (none) +10.
    assert pyclag.score_round(rules, (0,) * 4, (B, B, C, D, C, D, C)) == (10, -10, -15, -10)
    state = misere_deal(one_deal(pyclag.NORMAL.with_options(scoring="F3"), spec), E3_WINNERS)
    assert state.history[0].points == (10, -15, -10, -10)


def test_e14_wp_ipfs_misere_p_as_an_option() -> None:
    spec = presets.get("wikipedia", phase2="six", misere_points_per_trick=-5).round_spec(12)
    assert spec.suits == NO_TRUMPS
    assert spec.scoring is not None
    assert spec.scoring.points((0,) * 4, (B, B, A, A, A, A, A)) == (-25, -10, 10, 10)
