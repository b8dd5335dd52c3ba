"""The special-deal worked examples of RULES.md §5: E2, E3, E4, E7-E10.

Players A-D (A-E in E8) sit at seats 0.. clockwise; unless stated the last
seat deals, so A is eldest, bids first and leads trick 1. Where an example is
a whole deal it is played through the engine on a pack built for it; where it
gives only bids and trick winners, the scoring is checked with
:func:`pyclag.score_round` (and, where a pack can produce those winners, the
engine as well).
"""

from __future__ import annotations

import attrs
import pytest

import pyclag
from pyclag import (
    DECK,
    Card,
    GameState,
    IllegalDeclarationError,
    Phase,
    Play,
    Reason,
    RoundRules,
    Suit,
    presets,
)
from pyclag.rules import catalogue
from pyclag.rules.deals import Bidding, PlayMode
from pyclag.rules.ordering import RankOrder
from pyclag.rules.trumps import TURN_UP
from pyclag.scoring import F2
from pyclag.scoring.schemes import MostTricks
from tests.helpers import E1_TOP, bid_all, dealt, play_all
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

# --- E2 -------------------------------------------------------------------------------


def test_e2_roll_em_with_the_e1_pack() -> None:
    rules = pyclag.NORMAL.with_schedule([catalogue.roll_em(3)])
    state = dealt(rules, 4, E1_TOP, first_dealer=D)
    # Same hands and trump as E1; the turn-up is shown before the bids (ROLL).
    assert state.round.turnup is Card.parse("6H")
    assert state.round.trump is Suit.HEARTS
    assert pyclag.phase(state) is Phase.BID
    # Bids A 1, B 1, C 1: S = 3, so D may not bid 0; D bids 1 (total 4).
    state = bid_all(state, [1, 1, 1])
    assert pyclag.legal_bids(state) == (1, 2, 3)
    state = pyclag.bid(state, 1)
    # No play decisions: the piles are played in dealt order and the deal is scored.
    assert pyclag.is_over(state)
    result = state.history[0]
    plays = [[str(play.card) for play in trick.plays] for trick in result.tricks]
    assert plays == [
        ["AS", "KS", "9S", "4S"],
        ["7H", "QH", "TD", "JH"],  # C's 10♦ while holding 5♥ is legal here
        ["2C", "5H", "8C", "3D"],
    ]
    assert [trick.leader for trick in result.tricks] == [A, A, B]
    assert result.trick_winners == (A, B, C)
    assert result.tricks_won == (1, 1, 1, 0)
    assert result.points == (12, 12, 12, 0)  # F1; D bid 1, took 0


def test_e2_roll_em_is_wikipedia_deal_11_under_phase2_six() -> None:
    spec = presets.get("wikipedia", phase2="six").round_spec(10)
    assert spec == attrs.evolve(catalogue.roll_em(3), hand_size=7)
    assert spec.bidding is Bidding.UNSEEN
    assert spec.play is PlayMode.DEALT_ORDER
    assert spec.suits == TURN_UP


def test_e2_roll_em_under_wikipedia_rules_scores_the_same() -> None:
    rules = one_deal(presets.WIKIPEDIA.with_options(phase2="six"), catalogue.roll_em(3))
    state = bid_all(dealt(rules, 4, E1_TOP, first_dealer=D), [1, 1, 1, 1])
    assert state.history[0].points == (12, 12, 12, 0)


# --- E3 -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "index"), [({}, 8), ({"phase2": "six"}, 11), ({"phase2": "six"}, 12)]
)
def test_e3_wikipedia_misere_p_minus_2(options: dict[str, str], index: int) -> None:
    wikipedia = presets.get("wikipedia", **options)
    spec = wikipedia.round_spec(index)
    assert spec.bidding is Bidding.FORCED_ZERO
    state = misere_deal(one_deal(wikipedia, spec), E3_WINNERS)
    result = state.history[0]
    assert result.bids == (0, 0, 0, 0)
    assert result.tricks_won == (0, 3, 2, 2)
    assert result.points == (10, -6, -4, -4)
    assert sum(p for p in result.points if p < 0) == -2 * 7
    assert result.made == (True, False, False, False)


def test_e3_wikipedia_misere_scoring_from_the_winners() -> None:
    spec = presets.WIKIPEDIA.round_spec(8)
    assert spec.scoring is not None
    rules = RoundRules(Suit.HEARTS, spec.scoring)
    assert pyclag.score_round(rules, (0, 0, 0, 0), E3_WINNERS) == (10, -6, -4, -4)


def test_e3_misere_with_trumps_turns_up_and_without_does_not() -> None:
    six = presets.get("wikipedia", phase2="six")
    with_trumps = misere_deal(one_deal(six, six.round_spec(11)), E3_WINNERS)
    assert with_trumps.history[0].setup.turnup is not None
    without = misere_deal(one_deal(six, six.round_spec(12)), E3_WINNERS)
    assert without.history[0].setup.turnup is None
    assert without.history[0].setup.round_rules is not None
    assert without.history[0].setup.round_rules.trump is None


# --- E4 -------------------------------------------------------------------------------


def test_e4_scottish_misere_deal_9() -> None:
    spec = presets.SCOTTISH.round_spec(8)
    state = misere_deal(one_deal(presets.SCOTTISH, spec), (B, B, B, B, C, C, D))
    result = state.history[0]
    assert result.tricks_won == (0, 4, 2, 1)
    assert result.points == (10, -8, -4, -2)


def test_e4_scottish_blind_deal_11() -> None:
    spec = presets.SCOTTISH.round_spec(10)
    assert spec.bidding is Bidding.UNSEEN
    winners = (A, A, B, C, C, C, D)  # tricks A 2, B 1, C 3, D 1
    tricks = single_suit_tricks(winners, 4)
    state = pyclag.new_game(one_deal(presets.SCOTTISH, spec), players=4, first_dealer=D)
    state = pyclag.deal(state, deck=pack(tricks, D, turnup=Card.parse("2S")))
    # Bids seeing neither cards nor trumps: no trump is shown while bidding.
    assert state.round.turnup is None
    assert state.round.trump is None
    state = bid_all(state, [2, 2, 2])
    assert state.round.turnup is None
    # S = 6: D may not bid 1. D bids 3; total 9.
    assert 1 not in pyclag.legal_bids(state)
    assert pyclag.legal_bids(state) == (0, 2, 3, 4, 5, 6, 7)
    state = pyclag.bid(state, 3)
    assert state.round.turnup is Card.parse("2S")
    assert state.round.trump is Suit.SPADES
    state = play_tricks(state, tricks)
    result = state.history[0]
    assert result.bids == (2, 2, 2, 3)
    assert result.tricks_won == (2, 1, 3, 1)
    assert result.points == (12, 1, 3, 1)  # F2: B, C, D missed and keep 1 per trick


def test_e4_scottish_scores_from_the_winners() -> None:
    misere_spec = presets.SCOTTISH.round_spec(8)
    assert misere_spec.scoring is not None
    misere_rules = RoundRules(Suit.HEARTS, misere_spec.scoring)
    assert pyclag.score_round(misere_rules, (0,) * 4, (B, B, B, B, C, C, D)) == (10, -8, -4, -2)
    blind = RoundRules(None, presets.SCOTTISH.scoring)
    assert pyclag.score_round(blind, (2, 2, 2, 3), (A, A, B, C, C, C, D)) == (12, 1, 3, 1)


# --- E7 -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["indonesian", "pagat"])
def test_e7_misere_plus_one(name: str) -> None:
    rules = presets.get(name)
    spec = rules.round_spec(8)
    state = misere_deal(one_deal(rules, spec), (B, B, C, D, D, D, D))
    result = state.history[0]
    assert result.bids == (0, 0, 0, 0)
    assert result.tricks_won == (0, 2, 1, 4)
    assert result.points == (10, 2, 1, 4)
    assert sum(result.points) == 17 == 7 + 10 * 1
    assert result.made == (True, False, False, False)  # A15: a misère with no tricks counts


# --- E8 -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["indonesian", "pagat"])
@pytest.mark.parametrize(
    ("winners", "points"),
    [
        ((A, A, A, B, B, C, D), (10, 0, 0, 0, 0)),  # A 3, B 2, C 1, D 1, E 0
        ((A, A, A, B, B, B, C), (0, 0, 0, 0, 0)),  # A 3, B 3: a tie for most
    ],
)
def test_e8_most_tricks_five_players(
    name: str, winners: tuple[int, ...], points: tuple[int, ...]
) -> None:
    rules = presets.get(name)
    spec = rules.round_spec(14)
    assert spec.bidding is Bidding.NONE
    state = misere_deal(one_deal(rules, spec), winners, players=5)
    result = state.history[0]
    assert result.bids == (None,) * 5
    assert result.points == points
    assert result.made == (False,) * 5  # A15: most tricks never counts as a contract


def test_e8_most_tricks_seven_players_one_trick_each() -> None:
    spec = presets.PAGAT.round_spec(14)
    assert spec.scoring == MostTricks(10)
    rules = RoundRules(Suit.HEARTS, spec.scoring)
    assert pyclag.score_round(rules, (None,) * 7, tuple(range(7))) == (0,) * 7
    assert pyclag.score_round(rules, (None,) * 7, (6, 0, 1, 2, 3, 4, 6)) == (0,) * 6 + (10,)


# --- E9 -------------------------------------------------------------------------------


def twos_wild_deal(top: str) -> GameState:
    """A pagat Twos Wild deal of 2 cards each, D dealing, dealt from ``top``."""
    spec = catalogue.twos_wild(2)
    assert presets.PAGAT.round_spec(11) == attrs.evolve(spec, hand_size=7)
    assert presets.INDONESIAN.round_spec(11) == attrs.evolve(spec, hand_size=7)
    state = dealt(one_deal(presets.PAGAT, spec), 4, top, first_dealer=D)
    return bid_all(state, [0, 0, 0, 1])


def test_e9_a_twos_wild_declared_ace_beats_the_natural_ace() -> None:
    # A: A♣ 3♠; B: 2♥ 4♠; C: 7♣ 2♦; D: 5♣ 6♠; turn-up 9♣ (clubs are trumps).
    state = twos_wild_deal("AC 2H 7C 5C 3S 4S 2D 6S 9C")
    assert state.round.trump is Suit.CLUBS
    state = play_all(state, "AC")
    # B has no club, so its 2♥ may stand for any card, the A♣ included.
    assert Card.parse("AC") in pyclag.legal_declarations(state, Card.parse("2H"))
    state = pyclag.play(state, Card.parse("2H"), as_card=Card.parse("AC"))
    # C may play the 2♦ though it holds the 7♣ (rule 4) ...
    assert set(pyclag.legal_plays(state)) == {Card.parse("7C"), Card.parse("2D")}
    # ... but must declare it a club, and not the A♣ that B declared (rule 3). Any
    # other club will do, even the 7♣ C holds or the 9♣ turn-up (rule 7).
    legal = pyclag.legal_declarations(state, Card.parse("2D"))
    clubs = {card for card in DECK if card.suit is Suit.CLUBS}
    assert set(legal) == clubs - {Card.parse("AC")}
    for wrong in ("AC", "KH"):
        with pytest.raises(IllegalDeclarationError) as caught:
            pyclag.play(state, Card.parse("2D"), as_card=Card.parse(wrong))
        assert caught.value.reason is Reason.BAD_DECLARATION
    state = pyclag.play(state, Card.parse("2D"), as_card=Card.parse("KC"))
    state = play_all(state, "5C")
    trick = state.round.tricks[0]
    assert [str(play) for play in trick.plays] == ["AC", "2H=AC", "2D=KC", "5C"]
    assert trick.winner == B  # a wild declared A♣ beats the natural A♣


def test_e9_a_trick_winner_rule_2() -> None:
    plays = [
        Play(A, Card.parse("AC")),
        Play(B, Card.parse("2H"), Card.parse("AC")),
        Play(C, Card.parse("2D"), Card.parse("KC")),
        Play(D, Card.parse("5C")),
    ]
    assert pyclag.trick_winner(plays, RoundRules(Suit.CLUBS, F2)) == B


def test_e9_b_twos_wild_declared_in_the_led_suit_is_not_a_trump() -> None:
    # A: K♥ 5♦; B: 2♠ 3♥; C: Q♥ 6♦; D: 4♠ 7♦; turn-up 9♠ (spades are trumps).
    state = twos_wild_deal("KH 2S QH 4S 5D 3H 6D 7D 9S")
    assert state.round.trump is Suit.SPADES
    state = play_all(state, "KH")
    # B holds the 3♥, so the 2♠ must be declared a heart (rule 4).
    legal = pyclag.legal_declarations(state, Card.parse("2S"))
    assert {card.suit for card in legal} == {Suit.HEARTS}
    assert {Card.parse("KH"), Card.parse("3H")} <= set(legal)  # rule 7: played or held
    with pytest.raises(IllegalDeclarationError):
        pyclag.play(state, Card.parse("2S"), as_card=Card.parse("AS"))
    state = pyclag.play(state, Card.parse("2S"), as_card=Card.parse("AH"))
    state = play_all(state, "QH 4S")  # D has no hearts and ruffs
    trick = state.round.tricks[0]
    assert [str(play) for play in trick.plays] == ["KH", "2S=AH", "QH", "4S"]
    assert trick.winner == D  # B's wild counts as a heart, not a trump


def test_e9_b_without_a_natural_heart_the_two_may_be_the_ace_of_trumps() -> None:
    # As (b), but B holds 3♣ instead of 3♥.
    state = twos_wild_deal("KH 2S QH 4S 5D 3C 6D 7D 9S")
    state = play_all(state, "KH")
    assert Card.parse("AS") in pyclag.legal_declarations(state, Card.parse("2S"))
    state = pyclag.play(state, Card.parse("2S"), as_card=Card.parse("AS"))
    state = play_all(state, "QH 4S")
    assert state.round.tricks[0].winner == B


# --- E10 ------------------------------------------------------------------------------


def test_e10_aces_low() -> None:
    spec = catalogue.aces_low(1)
    assert presets.PAGAT.round_spec(12) == attrs.evolve(spec, hand_size=7)
    # A: A♣, B: 2♣, C: K♣, D: 5♥ (void); turn-up 9♠ (spades are trumps).
    state = dealt(one_deal(presets.PAGAT, spec), 4, "AC 2C KC 5H 9S", first_dealer=D)
    assert state.round.trump is Suit.SPADES
    state = bid_all(state, [0, 0, 1, 1])
    state = play_all(state, "AC 2C KC 5H")
    result = state.history[0]
    assert result.trick_winners == (C,)  # K♣; the A♣ is the lowest club, below the 2♣
    assert result.points == (10, 10, 11, 0)  # F2: D bid 1, took none


def test_e10_aces_low_trick_winner() -> None:
    plays = [Play(seat, card) for seat, card in enumerate(pyclag.parse_cards("AC 2C KC 5H"))]
    assert pyclag.trick_winner(plays, RoundRules(Suit.SPADES, F2, RankOrder.ACES_LOW)) == C
    assert pyclag.trick_winner(plays, RoundRules(Suit.SPADES, F2)) == A  # ace high: A♣ wins
    low_two = [Play(A, Card.parse("AC")), Play(B, Card.parse("2C"))]
    assert pyclag.trick_winner(low_two, RoundRules(Suit.SPADES, F2, RankOrder.ACES_LOW)) == B
