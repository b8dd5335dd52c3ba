"""The special-deal worked examples of RULES.md §5: E2, E3, E4, E7-E14.

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
from collections.abc import Sequence
from typing import Final

import attrs
import pytest

import pyclag
from pyclag import (
    DECK,
    Call,
    Card,
    GameState,
    IllegalDeclarationError,
    Madness,
    Phase,
    Play,
    Reason,
    RoundRules,
    RoundSpec,
    RuleSet,
    Suit,
    presets,
)
from pyclag.rules import catalogue
from pyclag.rules.calls import caller_after
from pyclag.rules.deals import Bidding, PlayMode
from pyclag.rules.ordering import PRECEDENCE, RED_OVER_BLACK, RankOrder
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP, Precedence
from pyclag.scoring import F1, F2, F3, ContractScoring
from pyclag.scoring.schemes import MostTricks, misere
from tests.helpers import bid_all, dealt, play_all

A, B, C, D, E = range(5)
E1_TOP: Final = "AS KS 9S 4S 7H QH TD JH 3D 2C 5H 8C 6H"


# --- building a pack that produces given trick winners ------------------------------


def single_suit_tricks(
    winners: Sequence[int], players: int, order: RankOrder = RankOrder.ACE_HIGH
) -> list[tuple[Card, ...]]:
    """Cards by seat for each trick: every trick is one suit (spades, hearts,
    diamonds, clubs in turn) and its winner holds the best card of it, so any
    leader and any follow-suit duty give exactly ``winners``."""
    pools = {suit: list(order.high_to_low()) for suit in Suit}
    suits = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    tricks = []
    for number, winner in enumerate(winners):
        suit = suits[number % 4]
        ranks, pools[suit] = pools[suit][:players], pools[suit][players:]
        others = iter(ranks[1:])
        tricks.append(
            tuple(
                Card(suit, ranks[0] if seat == winner else next(others)) for seat in range(players)
            )
        )
    return tricks


def pack(
    tricks: Sequence[Sequence[Card]], dealer: int, turnup: Card | None = None
) -> tuple[Card, ...]:
    """A 52-card pack, top first, that deals seat ``s`` the cards ``tricks[k][s]``
    (§1.4: card i goes to seat (dealer + 1 + i) % N), then ``turnup``."""
    players = len(tricks[0])
    top = [
        tricks[k][(dealer + 1 + j) % players] for k in range(len(tricks)) for j in range(players)
    ]
    if turnup is not None:
        top.append(turnup)
    return (*top, *(card for card in DECK if card not in top))


def play_tricks(state: GameState, tricks: Sequence[Sequence[Card]]) -> GameState:
    """Play each trick's cards (given by seat) in playing order from its leader."""
    for trick in tricks:
        players = len(trick)
        leader = state.round.leader
        for i in range(players):
            seat = (leader + i) % players
            assert pyclag.next_actor(state) == seat
            state = pyclag.play(state, trick[seat])
    return state


def one_deal(rules: RuleSet, spec: RoundSpec) -> RuleSet:
    """``rules`` (its scoring, hook and options) with ``spec`` as its only deal."""
    return rules.with_schedule([spec])


def misere_deal(rules: RuleSet, winners: Sequence[int], players: int = 4) -> GameState:
    """A whole misère (or most-tricks) deal of ``rules`` whose tricks go to ``winners``."""
    tricks = single_suit_tricks(winners, players)
    state = pyclag.new_game(rules, players=players, first_dealer=players - 1)
    state = pyclag.deal(state, deck=pack(tricks, dealer=players - 1))
    assert pyclag.phase(state) is Phase.PLAY  # no bidding (§2.0)
    state = play_tricks(state, tricks)
    assert pyclag.is_over(state)
    assert state.history[0].trick_winners == tuple(winners)
    return state


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

E3_WINNERS: Final = (B, B, B, C, C, D, D)  # tricks A 0, B 3, C 2, D 2


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


def test_e9a_twos_wild_declared_ace_beats_the_natural_ace() -> None:
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


def test_e9a_trick_winner_rule_2() -> None:
    plays = [
        Play(A, Card.parse("AC")),
        Play(B, Card.parse("2H"), Card.parse("AC")),
        Play(C, Card.parse("2D"), Card.parse("KC")),
        Play(D, Card.parse("5C")),
    ]
    assert pyclag.trick_winner(plays, RoundRules(Suit.CLUBS, F2)) == B


def test_e9b_twos_wild_declared_in_the_led_suit_is_not_a_trump() -> None:
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


def test_e9b_without_a_natural_heart_the_two_may_be_the_ace_of_trumps() -> None:
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
    assert setup.spec.label == "Precedence DHSC, Nuloss, Ascending Madness"
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
