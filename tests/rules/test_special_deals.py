"""Clause tests for the special deals of RULES.md §2.0 and the RAF rules of §2.3.

Every deal is driven with an exact pack (``tests.helpers.dealt`` / ``deck_from``)
on a one- or two-round rule set built from ``pyclag.rules.catalogue``. Unless a
test says otherwise, players A-D sit at seats 0-3 and D deals, so A is eldest:
card ``i`` of the pack goes to seat ``i % 4`` and the turn-up is card ``4 * h``.
Every refusal also checks that the state passed in is left unchanged.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pytest

import pyclag
from pyclag import (
    CHANCE,
    DECK,
    Bid,
    Call,
    Card,
    ChooseHandSize,
    DeclareTrump,
    GameState,
    IllegalActionError,
    IllegalBidError,
    IllegalCallError,
    IllegalDeclarationError,
    IllegalPlayError,
    Madness,
    OutOfTurnError,
    Phase,
    Play,
    Rank,
    Reason,
    RoundSpec,
    RulesError,
    RuleSet,
    ShuffleHands,
    Suit,
    WrongPhaseError,
)
from pyclag.playout import play_out
from pyclag.presets import RAF
from pyclag.rules import (
    BLACK_OVER_RED,
    NO_TRUMPS,
    PRECEDENCE,
    RED_OVER_BLACK,
    REVERSE_PRECEDENCE,
    TURN_UP,
    NoTrumps,
    Precedence,
    RankOrder,
    RoundRules,
    catalogue,
)
from pyclag.rules.calls import ALL_PRECEDENCES
from pyclag.rules.deals import Bidding, PlayMode, Reveal
from pyclag.scoring.schemes import F1
from tests.helpers import bid_all, dealt, deck_from, play_all

E = TypeVar("E", bound=Exception)

C = Card.parse
CLUBS, DIAMONDS, HEARTS, SPADES = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES

# E1's pack (RULES.md §5): A AS 7H 3D, B KS QH 2C, C 9S TD 5H, D 4S JH 8C; turn-up 6H.
E1_TOP = "AS KS 9S 4S 7H QH TD JH 3D 2C 5H 8C 6H"
E1_PLAY = ("AS KS 9S 4S", "3D QH TD 8C", "2C 5H JH 7H")


def top_of(hands: Sequence[str], turnup: str) -> str:
    """The top of a pack that deals ``hands`` (eldest first, one text per seat)
    one card at a time, followed by ``turnup``."""
    rows = [hand.split() for hand in hands]
    size = len(rows[0])
    assert all(len(row) == size for row in rows)
    return " ".join([*(row[k] for k in range(size) for row in rows), turnup])


def refused(state: GameState, error: type[E], attempt: Callable[..., object], *args: object) -> E:
    """``attempt(state, *args)`` raises ``error`` and leaves ``state`` unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(error) as info:
        attempt(state, *args)
    assert state == before
    return info.value


def one_round(*specs: RoundSpec, **options: Any) -> RuleSet:
    """NORMAL rules (F1, NE hook) over ``specs``, with ``options`` applied."""
    rules = pyclag.NORMAL.with_schedule(list(specs))
    return rules.with_options(**options) if options else rules


def cards(text: str) -> tuple[Card, ...]:
    return pyclag.parse_cards(text)


def trick_cards(state: GameState, result: int = -1) -> list[str]:
    """Each trick of a finished round as text, cards in playing order."""
    return [" ".join(str(p.card) for p in t.plays) for t in state.history[result].tricks]


# --- NT -----------------------------------------------------------------------------------


def test_nt_no_turnup_no_trump_highest_of_led_suit_wins() -> None:
    rules = one_round(catalogue.no_trumps(3))
    assert rules.round_spec(0).phases == (Phase.DEAL, Phase.BID, Phase.PLAY)
    state = dealt(rules, 4, E1_TOP, first_dealer=3)
    assert pyclag.phase(state) is Phase.BID
    assert state.round.turnup is None
    assert state.round.trump is None
    state = bid_all(state, [1, 1, 0, 0])
    assert state.round.turnup is None  # nothing is turned after the bids either
    state = play_all(state, "AS KS 9S 4S")
    # B's QH is no trump now: C's TD, the highest diamond, wins.
    state = play_all(state, "3D QH TD 8C")
    assert state.round.tricks[-1].winner == 2
    state = play_all(state, "5H JH 7H 2C")
    result = state.history[0]
    assert result.setup.turnup is None
    assert result.trick_winners == (0, 2, 3)
    assert result.points == (12, 0, 0, 0)


# --- MISERE -------------------------------------------------------------------------------

# A AS 4D KC, B AH KH 5C, C 2S 3S 4S, D 5S 6S 7S; turn-up 6H.
MISERE_TOP = "AS AH 2S 5S 4D KH 3S 6S KC 5C 4S 7S 6H"
MISERE_TRUMPS_PLAY = (
    "AS AH 2S 5S  KH 3S 6S 4D  5C 4S 7S KC"  # B ruffs, leads a trump; A takes the last
)
MISERE_NT_PLAY = "AS AH 2S 5S  4D KH 3S 6S  KC 5C 4S 7S"  # no trumps: A takes all three


@pytest.mark.parametrize("trumps", [True, False])
def test_misere_has_no_bid_phase_and_every_bid_is_zero(trumps: bool) -> None:
    rules = one_round(catalogue.misere(trumps=trumps, per_trick=-2, hand_size=3))
    assert rules.round_spec(0).phases == (Phase.DEAL, Phase.PLAY)
    state = pyclag.new_game(rules, players=4, first_dealer=3)
    assert pyclag.phase(state) is Phase.DEAL
    state = pyclag.deal(state, deck=deck_from(MISERE_TOP))
    assert pyclag.phase(state) is Phase.PLAY  # DEAL -> PLAY
    assert pyclag.next_actor(state) == 0
    assert state.round.bids == (0, 0, 0, 0)
    assert state.round.turnup == (C("6H") if trumps else None)
    assert state.round.trump is (HEARTS if trumps else None)
    refused(state, WrongPhaseError, lambda s: pyclag.bid(s, 0))
    refused(state, WrongPhaseError, pyclag.legal_bids)
    refused(state, WrongPhaseError, lambda s: pyclag.apply(s, Bid(0, 0)))
    assert all(isinstance(action, Play) for action in pyclag.legal_actions(state))


@pytest.mark.parametrize(
    ("spec", "options", "plays", "winners", "points"),
    [
        # +10 for no tricks, p * t otherwise (§2.0), with a turn-up trump (hearts).
        (catalogue.misere(True, -2, 3), {}, MISERE_TRUMPS_PLAY, (1, 1, 0), (-2, -4, 10, 10)),
        (catalogue.misere(True, 1, 3), {}, MISERE_TRUMPS_PLAY, (1, 1, 0), (1, 2, 10, 10)),
        # misere_points_per_trick (A8) replaces p.
        (
            catalogue.misere(True, -2, 3),
            {"misere_points_per_trick": -5},
            MISERE_TRUMPS_PLAY,
            (1, 1, 0),
            (-5, -10, 10, 10),
        ),
        # Without trumps B's hearts are no ruffs, so A's lead wins every trick.
        (catalogue.misere(False, -2, 3), {}, MISERE_NT_PLAY, (0, 0, 0), (-6, 10, 10, 10)),
        (
            catalogue.misere(False, -2, 3),
            {"misere_points_per_trick": -3},
            MISERE_NT_PLAY,
            (0, 0, 0),
            (-9, 10, 10, 10),
        ),
    ],
)
def test_misere_scores_ten_for_no_tricks_else_p_per_trick(
    spec: RoundSpec,
    options: dict[str, Any],
    plays: str,
    winners: tuple[int, ...],
    points: tuple[int, ...],
) -> None:
    state = dealt(one_round(spec, **options), 4, MISERE_TOP, first_dealer=3)
    state = play_all(state, plays)
    result = state.history[0]
    assert result.bids == (0, 0, 0, 0)
    assert result.trick_winners == winners
    assert result.points == points
    # A15: a forced zero made (no tricks) counts as a contract made.
    assert result.made == tuple(t == 0 for t in result.tricks_won)
    assert state.contracts_made == tuple(int(t == 0) for t in result.tricks_won)


@pytest.mark.parametrize(("misere_trumps", "turnup"), [(False, None), (True, "6H")])
def test_misere_trumps_option_a9(misere_trumps: bool, turnup: str | None) -> None:
    for spec in (catalogue.misere(True, -2, 3), catalogue.misere(False, -2, 3)):
        state = dealt(one_round(spec, misere_trumps=misere_trumps), 4, MISERE_TOP, 3)
        assert state.round.turnup == (None if turnup is None else C(turnup))


# --- GUESS --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "dealer"), [(4, 3), (5, 0), (3, 1)])
def test_guess_trumps_turnup_hidden_until_last_bid(players: int, dealer: int) -> None:
    rules = one_round(catalogue.guess_trumps(3))
    state = dealt(rules, players, E1_TOP, first_dealer=dealer)
    deck = deck_from(E1_TOP)
    hidden = deck[players * 3]
    for _ in range(players):
        assert pyclag.phase(state) is Phase.BID
        assert state.round.turnup is None
        assert state.round.trump is None
        assert state.round.setup.round_rules is None
        assert all(isinstance(action, Bid) for action in pyclag.legal_actions(state))
        # Nothing a bidder may ask reveals the turn-up: the legal bids are plain
        # counts, and refusals name neither the card nor the trump.
        assert all(type(b) is int for b in pyclag.legal_bids(state))
        err = refused(state, IllegalBidError, lambda s: pyclag.bid(s, 9))
        assert all(type(b) is int for b in err.legal)
        wrong = refused(state, WrongPhaseError, lambda s: pyclag.play(s, deck[0]))
        assert all(isinstance(action, Bid) for action in wrong.legal)
        for message in (str(err), str(wrong)):
            assert str(hidden) not in message
            assert "trump" not in message.lower()
        state = pyclag.bid(state, pyclag.legal_bids(state)[0])
    # Revealed with the last bid: the card after the last one dealt (§1.5).
    assert pyclag.phase(state) is Phase.PLAY
    assert state.round.turnup is hidden
    assert state.round.trump is hidden.suit


def test_guess_trumps_hook_still_applies_a33() -> None:
    state = dealt(one_round(catalogue.guess_trumps(3)), 4, E1_TOP, first_dealer=3)
    state = bid_all(state, [1, 1, 0])
    assert pyclag.legal_bids(state) == (0, 2, 3)
    err = refused(state, IllegalBidError, lambda s: pyclag.bid(s, 1))
    assert err.reason is Reason.DEALER_RESTRICTION
    assert err.legal == (0, 2, 3)
    assert state.round.turnup is None
    state = pyclag.bid(state, 0)
    assert state.round.turnup == C("6H")
    assert state.round.trump is HEARTS


# --- BLIND_TK / Scottish blind --------------------------------------------------------------


def test_blind_tk_turnup_visible_during_bids_and_hook_applies() -> None:
    spec = catalogue.blind_unseen(3)
    assert spec.bidding is Bidding.UNSEEN
    state = dealt(one_round(spec), 4, E1_TOP, first_dealer=3)
    assert pyclag.phase(state) is Phase.BID
    assert state.round.turnup == C("6H")
    assert state.round.trump is HEARTS
    state = bid_all(state, [1, 1, 0])
    assert pyclag.legal_bids(state) == (0, 2, 3)
    refused(state, IllegalBidError, lambda s: pyclag.bid(s, 1))


def test_scottish_blind_hides_turnup_until_last_bid() -> None:
    spec = catalogue.blind_unseen(3, trump_visible=False)
    assert (spec.bidding, spec.reveal) == (Bidding.UNSEEN, Reveal.AFTER_BIDS)
    state = dealt(one_round(spec), 4, E1_TOP, first_dealer=3)
    for tricks in (2, 1, 0):
        assert state.round.turnup is None
        assert state.round.trump is None
        state = pyclag.bid(state, tricks)
    assert pyclag.legal_bids(state) == (1, 2, 3)  # hook: total 3 would equal h
    state = pyclag.bid(state, 1)
    assert pyclag.phase(state) is Phase.PLAY
    assert state.round.turnup == C("6H")
    assert state.round.trump is HEARTS


@pytest.mark.parametrize(
    ("spec", "visible"),
    [
        (catalogue.blind_unseen(3, trump_visible=True), False),
        (catalogue.blind_unseen(3, trump_visible=False), True),
    ],
)
def test_blind_trump_visible_option_a16(spec: RoundSpec, visible: bool) -> None:
    rules = one_round(spec, blind_trump_visible=visible)
    assert rules.options["blind_trump_visible"] is visible
    state = dealt(rules, 4, E1_TOP, first_dealer=3)
    assert pyclag.phase(state) is Phase.BID
    assert state.round.turnup == (C("6H") if visible else None)
    state = bid_all(state, [1, 1, 0, 0])
    assert state.round.turnup == C("6H")


# --- BLIND before the deal (pagat deal 11) ------------------------------------------------


def test_pagat_blind_bids_before_the_deal_a32() -> None:
    spec = catalogue.blind_before_deal(3)
    assert spec.phases == (Phase.BID_BEFORE_DEAL, Phase.DEAL, Phase.PLAY)
    state = pyclag.new_game(one_round(spec), players=4, first_dealer=3)
    assert pyclag.phase(state) is Phase.BID_BEFORE_DEAL
    assert pyclag.next_actor(state) == 0
    assert state.round.setup.deck is None
    assert all(len(hand) == 0 for hand in state.round.hands)
    assert state.round.turnup is None
    assert pyclag.legal_bids(state) == (0, 1, 2, 3)
    refused(state, WrongPhaseError, lambda s: pyclag.deal(s, deck=deck_from(E1_TOP)))
    state = bid_all(state, [1, 1, 0])
    # The dealer still bids last under the hook, before any card is dealt (A32).
    assert pyclag.next_actor(state) == 3
    assert pyclag.legal_bids(state) == (0, 2, 3)
    err = refused(state, IllegalBidError, lambda s: pyclag.bid(s, 1))
    assert err.reason is Reason.DEALER_RESTRICTION
    state = pyclag.bid(state, 0)
    assert pyclag.phase(state) is Phase.DEAL
    assert pyclag.next_actor(state) is CHANCE
    assert state.round.bids == (1, 1, 0, 0)
    state = pyclag.deal(state, deck=deck_from(E1_TOP))
    assert pyclag.phase(state) is Phase.PLAY
    assert pyclag.next_actor(state) == 0
    assert state.round.turnup == C("6H")
    assert state.round.trump is HEARTS
    assert state.round.bids == (1, 1, 0, 0)
    refused(state, WrongPhaseError, lambda s: pyclag.bid(s, 0))
    for trick in E1_PLAY:
        state = play_all(state, trick)
    assert state.history[0].points == (12, 12, 10, 0)  # as E1 (F1)


# --- ROLL ---------------------------------------------------------------------------------


def test_roll_em_e2_plays_itself_in_dealt_order() -> None:
    rules = one_round(catalogue.roll_em(3), RoundSpec(1))
    assert rules.round_spec(0).play is PlayMode.DEALT_ORDER
    state = dealt(rules, 4, E1_TOP, first_dealer=3)
    assert state.round.turnup == C("6H")  # turned before the blind bids
    state = bid_all(state, [1, 1, 1])
    assert pyclag.legal_bids(state) == (1, 2, 3)  # hook: D may not bid 0
    state = pyclag.bid(state, 1)
    # No PLAY decision: the round has been played and scored, the next one waits for its deal.
    assert len(state.history) == 1
    assert pyclag.phase(state) is Phase.DEAL
    assert state.round.setup.index == 1
    result = state.history[0]
    # First card dealt first; C's TD while holding 5H is legal (no duty to follow).
    assert trick_cards(state) == ["AS KS 9S 4S", "7H QH TD JH", "2C 5H 8C 3D"]
    assert [t.leader for t in result.tricks] == [0, 0, 1]
    assert result.trick_winners == (0, 1, 2)
    assert result.points == (12, 12, 12, 0)


def test_roll_em_reverse_order_option_a17() -> None:
    rules = one_round(catalogue.roll_em(3), roll_order="reverse")
    assert rules.round_spec(0).play is PlayMode.REVERSE_ORDER
    state = bid_all(dealt(rules, 4, E1_TOP, first_dealer=3), [1, 1, 1, 1])
    assert pyclag.is_over(state)
    result = state.history[0]
    # Last card dealt first: A 3D 7H AS, B 2C QH KS, C 5H TD 9S, D 8C JH 4S.
    assert trick_cards(state) == ["3D 2C 5H 8C", "TD JH 7H QH", "KS 9S 4S AS"]
    assert result.trick_winners == (2, 1, 0)
    assert result.points == (12, 12, 12, 0)


# --- TWOS_WILD ----------------------------------------------------------------------------

# E9(a): clubs trumps. A AC 3S, B 2H 4S, C 2D 7C, D 5C 6S; turn-up 9C.
E9A_TOP = top_of(["AC 3S", "2H 4S", "2D 7C", "5C 6S"], "9C")


def test_twos_wild_e9a_rules_1_to_4() -> None:
    state = dealt(one_round(catalogue.twos_wild(2)), 4, E9A_TOP, first_dealer=3)
    assert state.round.trump is CLUBS
    state = bid_all(state, [0, 0, 0, 0])
    state = play_all(state, "AC")
    # B holds no club: any card, and the two may stand for any of the 52 (rule 7).
    assert set(pyclag.legal_plays(state)) == set(cards("2H 4S"))
    assert len(pyclag.legal_declarations(state, C("2H"))) == 52
    # Rule 1: a two must name a card.
    err = refused(state, IllegalDeclarationError, lambda s: pyclag.play(s, C("2H")))
    assert err.reason is Reason.BAD_DECLARATION
    assert len(err.legal) == 52
    state = pyclag.play(state, C("2H"), as_card=C("AC"))
    assert state.round.trick[-1] == Play(1, C("2H"), C("AC"))
    # C holds the natural 7C: a two must be a club (rule 4), not AC again (rule 3).
    assert set(pyclag.legal_plays(state)) == set(cards("7C 2D"))
    declarations = pyclag.legal_declarations(state, C("2D"))
    assert set(declarations) == {card for card in DECK if card.suit is CLUBS} - {C("AC")}
    for bad in ("AC", "KH"):
        err = refused(state, IllegalDeclarationError, pyclag.play, C("2D"), C(bad))
        assert err.reason is Reason.BAD_DECLARATION
        assert set(err.legal) == set(declarations)
        assert f"2D may not stand for {bad} " in str(err)  # cards as the player writes them
    # Only a two is wild.
    refused(state, IllegalDeclarationError, lambda s: pyclag.play(s, C("7C"), C("KC")))
    refused(state, IllegalDeclarationError, lambda s: pyclag.legal_declarations(s, C("7C")))
    # legal_actions offers one Play per declaration of the two.
    actions = pyclag.legal_actions(state)
    assert len(actions) == 1 + len(declarations)
    assert set(actions) == {Play(2, C("7C"))} | {Play(2, C("2D"), d) for d in declarations}
    state = pyclag.play(state, C("2D"), C("KC"))
    state = play_all(state, "5C")
    # Rule 2: the wild AC beats the natural AC.
    trick = state.round.tricks[0]
    assert trick.winner == 1
    assert [p.effective for p in trick.plays] == list(cards("AC AC KC 5C"))


def test_twos_wild_e9b_two_must_be_declared_in_the_led_suit_rule_4() -> None:
    # Spades trumps. A KH 5D 8C, B 2S 3H 9C, C QH 6D TC, D 4S 7D JC; turn-up 9S.
    top = top_of(["KH 5D 8C", "2S 3H 9C", "QH 6D TC", "4S 7D JC"], "9S")
    state = bid_all(dealt(one_round(catalogue.twos_wild(3)), 4, top, 3), [0, 0, 0, 0])
    assert state.round.trump is SPADES
    state = play_all(state, "KH")
    assert set(pyclag.legal_plays(state)) == set(cards("3H 2S"))
    hearts = {card for card in DECK if card.suit is HEARTS}
    assert set(pyclag.legal_declarations(state, C("2S"))) == hearts
    err = refused(state, IllegalDeclarationError, lambda s: pyclag.play(s, C("2S"), C("AS")))
    assert set(err.legal) == hearts
    err2 = refused(state, IllegalPlayError, lambda s: pyclag.play(s, C("9C")))
    assert err2.reason is Reason.MUST_FOLLOW_SUIT
    state = pyclag.play(state, C("2S"), C("AH"))
    state = play_all(state, "QH 4S")
    # B's wild counts as a heart, not a trump: D ruffs and wins.
    assert state.round.tricks[0].winner == 3


@pytest.mark.parametrize(("wild_trumps", "winner"), [(True, 1), (False, 3)])
def test_twos_wild_declared_trump_is_a_trump_rule_8(wild_trumps: bool, winner: int) -> None:
    # E9(b) with B holding no natural heart: B may declare the 2S as AS and win.
    top = top_of(["KH 5D 8C", "2S 3D 9C", "QH 6D TC", "4S 7D JC"], "9S")
    rules = one_round(catalogue.twos_wild(3), twos_wild_trumps=wild_trumps)
    state = bid_all(dealt(rules, 4, top, 3), [0, 0, 0, 0])
    state = play_all(state, "KH")
    declarations = set(pyclag.legal_declarations(state, C("2S")))
    spades = {card for card in DECK if card.suit is SPADES}
    if wild_trumps:
        assert len(declarations) == 52
        state = pyclag.play(state, C("2S"), C("AS"))
    else:
        # Trumps were not led: the two may not be declared a trump.
        assert declarations == set(DECK) - spades
        refused(state, IllegalDeclarationError, lambda s: pyclag.play(s, C("2S"), C("AS")))
        state = pyclag.play(state, C("2S"), C("AH"))
    state = play_all(state, "QH 4S")
    assert state.round.tricks[0].winner == winner


def test_twos_wild_trumps_option_off_still_allows_trumps_when_trumps_led() -> None:
    # Spades trumps and led; B holds no natural spade. A KS 5D, B 2H 3D, C QS 6D, D 4S 7D.
    top = top_of(["KS 5D", "2H 3D", "QS 6D", "4S 7D"], "9S")
    rules = one_round(catalogue.twos_wild(2), twos_wild_trumps=False)
    state = play_all(bid_all(dealt(rules, 4, top, 3), [0, 0, 0, 0]), "KS")
    assert C("AS") in pyclag.legal_declarations(state, C("2H"))
    state = play_all(pyclag.play(state, C("2H"), C("AS")), "QS 4S")
    assert state.round.tricks[0].winner == 1


@pytest.mark.parametrize("natural_suit", [False, True])
def test_twos_wild_two_has_no_natural_suit_rule_5(natural_suit: bool) -> None:
    # Hearts led; B holds 2H and 5C but no natural (non-two) heart.
    top = top_of(["KH 6D", "2H 5C", "QH 7D", "4H 8D"], "9S")
    rules = one_round(catalogue.twos_wild(2), twos_natural_suit=natural_suit)
    state = play_all(bid_all(dealt(rules, 4, top, 3), [0, 0, 0, 0]), "KH")
    declarations = set(pyclag.legal_declarations(state, C("2H")))
    if natural_suit:
        # The option: 2H is a heart, so B must follow with it, and declare a heart.
        assert pyclag.legal_plays(state) == (C("2H"),)
        assert declarations == {card for card in DECK if card.suit is HEARTS}
        err = refused(state, IllegalPlayError, lambda s: pyclag.play(s, C("5C")))
        assert err.reason is Reason.MUST_FOLLOW_SUIT
    else:
        # Default: a two has no natural suit; B is void and plays anything.
        assert set(pyclag.legal_plays(state)) == set(cards("2H 5C"))
        assert len(declarations) == 52
        state = pyclag.play(state, C("5C"))
        assert state.round.trick[-1] == Play(1, C("5C"))


# Rule 6: A 2C 5S, B 3H 4D, C 6H 7D, D 8D 9D; turn-up JC (clubs trumps).
LEAD_TWO_TOP = top_of(["2C 5S", "3H 4D", "6H 7D", "8D 9D"], "JC")


def test_twos_wild_leading_a_two_sets_the_led_suit_rule_6() -> None:
    state = bid_all(dealt(one_round(catalogue.twos_wild(2)), 4, LEAD_TWO_TOP, 3), [0, 0, 0, 0])
    assert set(pyclag.legal_plays(state)) == set(cards("2C 5S"))
    assert len(pyclag.legal_declarations(state, C("2C"))) == 52
    state = pyclag.play(state, C("2C"), C("KH"))
    # Hearts are led now: B and C must follow with their hearts; D is void.
    assert pyclag.legal_plays(state) == (C("3H"),)
    refused(state, IllegalPlayError, lambda s: pyclag.play(s, C("4D")))
    state = play_all(state, "3H")
    assert pyclag.legal_plays(state) == (C("6H"),)
    state = play_all(state, "6H")
    assert set(pyclag.legal_plays(state)) == set(cards("8D 9D"))
    state = play_all(state, "8D")
    assert state.round.tricks[0].winner == 0  # the declared KH is the highest heart


def test_twos_wild_may_lead_option_off_rule_6() -> None:
    rules = one_round(catalogue.twos_wild(2), twos_may_lead=False)
    state = bid_all(dealt(rules, 4, LEAD_TWO_TOP, 3), [0, 0, 0, 0])
    assert pyclag.legal_plays(state) == (C("5S"),)
    assert pyclag.legal_declarations(state, C("2C")) == ()
    assert Play(0, C("5S")) in pyclag.legal_actions(state)
    assert not any(isinstance(a, Play) and a.card == C("2C") for a in pyclag.legal_actions(state))
    # A two may still be led when nothing else is left.
    state = play_all(state, "5S 4D 7D 8D")
    assert state.round.tricks[0].winner == 0
    assert pyclag.legal_plays(state) == (C("2C"),)
    assert len(pyclag.legal_declarations(state, C("2C"))) == 52


@pytest.mark.parametrize("as_card", [None, "KH"])
def test_twos_wild_may_lead_option_off_refuses_leading_a_two(as_card: str | None) -> None:
    rules = one_round(catalogue.twos_wild(2), twos_may_lead=False)
    state = bid_all(dealt(rules, 4, LEAD_TWO_TOP, 3), [0, 0, 0, 0])
    named = None if as_card is None else C(as_card)
    err = refused(state, IllegalPlayError, lambda s: pyclag.play(s, C("2C"), named))
    assert err.legal == (C("5S"),)


def test_twos_wild_refusing_a_non_following_card_names_the_duty_to_follow() -> None:
    # Hearts led; B holds 3H. A club named as a heart is refused for not following,
    # not with the claim that twos are not wild (they are, in this round).
    top = top_of(["KH 5D 8C", "2S 3H 9C", "QH 6D TC", "4S 7D JC"], "9S")
    state = bid_all(dealt(one_round(catalogue.twos_wild(3)), 4, top, 3), [0, 0, 0, 0])
    state = play_all(state, "KH")
    err = refused(state, IllegalActionError, pyclag.play, C("9C"), C("AH"))
    assert "twos are not wild" not in str(err)


@pytest.mark.parametrize("any_identity", [True, False])
def test_twos_wild_any_identity_rule_7(any_identity: bool) -> None:
    rules = one_round(catalogue.twos_wild(2), twos_any_identity=any_identity)
    state = play_all(bid_all(dealt(rules, 4, E9A_TOP, 3), [0, 0, 0, 0]), "AC")
    declarations = set(pyclag.legal_declarations(state, C("2H")))
    twos = {card for card in DECK if card.rank is Rank.TWO}
    if any_identity:
        # A card already played (AC), the turn-up (9C), a two, B's own 4S: all allowed.
        assert declarations == set(DECK)
    else:
        assert declarations == set(DECK) - twos - set(cards("AC 9C 4S"))
        for bad in ("AC", "9C", "4S", "2S"):
            refused(state, IllegalDeclarationError, pyclag.play, C("2H"), C(bad))
        assert C("3S") in declarations  # held by A: not the declaring player's own card


def test_twos_wild_turnup_two_gives_its_natural_suit() -> None:
    # §1.5: a two turned up makes its natural suit trumps.
    state = dealt(one_round(catalogue.twos_wild(2)), 4, E9A_TOP[:-2] + "2S", 3)
    assert state.round.turnup == C("2S")
    assert state.round.trump is SPADES


def test_as_card_outside_twos_wild_is_a_bad_declaration() -> None:
    state = bid_all(dealt(one_round(RoundSpec(3)), 4, E1_TOP, 3), [1, 1, 0, 0])
    err = refused(state, IllegalDeclarationError, lambda s: pyclag.play(s, C("AS"), C("KS")))
    assert err.reason is Reason.BAD_DECLARATION
    refused(state, IllegalDeclarationError, lambda s: pyclag.legal_declarations(s, C("AS")))


# --- ACES_LOW -----------------------------------------------------------------------------


def test_aces_low_e10_and_in_trumps_a37() -> None:
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


def test_aces_low_trumps_option_a37() -> None:
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


def test_dealer_calls_declare_trump_phase() -> None:
    rules = one_round(catalogue.dealer_calls(3))
    assert rules.round_spec(0).phases == (Phase.DEAL, Phase.DECLARE_TRUMP, Phase.BID, Phase.PLAY)
    state = dealt(rules, 4, E1_TOP, first_dealer=3)
    assert pyclag.phase(state) is Phase.DECLARE_TRUMP
    assert pyclag.next_actor(state) == 3
    assert state.round.turnup is None
    assert state.round.trump is None
    assert pyclag.legal_trumps(state) == (CLUBS, DIAMONDS, HEARTS, SPADES)
    assert pyclag.legal_actions(state) == tuple(DeclareTrump(3, suit) for suit in Suit)
    err = refused(state, IllegalCallError, lambda s: pyclag.declare_trump(s, None))
    assert err.reason is Reason.BAD_CALL
    assert err.legal == (CLUBS, DIAMONDS, HEARTS, SPADES)
    refused(state, IllegalCallError, lambda s: pyclag.declare_trump(s, "H"))  # type: ignore[arg-type]
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
def test_dealer_calls_allow_no_trumps_option_a11(rules: RuleSet) -> None:
    state = dealt(rules, 4, E1_TOP, first_dealer=3)
    assert pyclag.legal_trumps(state) == (CLUBS, DIAMONDS, HEARTS, SPADES, None)
    state = pyclag.declare_trump(state, None)
    assert pyclag.phase(state) is Phase.BID
    assert state.round.trump is None
    assert state.round.turnup is None
    assert state.round.setup.round_rules is not None


# --- MOST_TRICKS --------------------------------------------------------------------------

# A AS AH 5D, B 2S 2H AD, C 3S 3H 3D, D 4S 4H 4D; turn-up 5C. A takes two, B one.
MOST_TOP = top_of(["AS AH 5D", "2S 2H AD", "3S 3H 3D", "4S 4H 4D"], "5C")


@pytest.mark.parametrize(("options", "bonus"), [({}, 10), ({"most_tricks_bonus": 5}, 5)])
def test_most_tricks_sole_leader_scores_and_never_a_contract(
    options: dict[str, Any], bonus: int
) -> None:
    rules = one_round(catalogue.most_tricks(3), **options)
    assert rules.round_spec(0).phases == (Phase.DEAL, Phase.PLAY)
    state = dealt(rules, 4, MOST_TOP, first_dealer=3)
    assert pyclag.phase(state) is Phase.PLAY
    assert state.round.bids == (None, None, None, None)
    assert state.round.turnup == C("5C")  # A14: a turn-up trump as normal
    refused(state, WrongPhaseError, lambda s: pyclag.bid(s, 0))
    state = play_all(state, "AS 2S 3S 4S  AH 2H 3H 4H  5D AD 3D 4D")
    result = state.history[0]
    assert result.tricks_won == (2, 1, 0, 0)
    assert result.points == (bonus, 0, 0, 0)
    # A15: most tricks has no nomination, so nobody makes a contract.
    assert result.made == (False, False, False, False)
    assert state.contracts_made == (0, 0, 0, 0)


def test_most_tricks_tie_for_most_scores_nobody() -> None:
    state = dealt(one_round(catalogue.most_tricks(3)), 4, E1_TOP, first_dealer=3)
    for trick in E1_PLAY:
        state = play_all(state, trick)
    result = state.history[0]
    assert result.tricks_won == (1, 1, 0, 1)
    assert result.points == (0, 0, 0, 0)
    assert state.contracts_made == (0, 0, 0, 0)


def test_most_tricks_trumps_option_a14() -> None:
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


# --- RAF ----------------------------------------------------------------------------------


def raf_called(top: str, hand_size: int, **options: Any) -> GameState:
    """A RAF game (A B C D, D deals) whose first deal is called by the eldest A,
    dealt from ``top`` with ``hand_size`` cards each, waiting for the call."""
    rules = RAF.with_options(first_deal_caller="eldest", **options)
    state = pyclag.choose_hand_size(pyclag.new_game(rules, players=4, first_dealer=3), hand_size)
    state = pyclag.deal(state, deck=deck_from(top))
    assert pyclag.phase(state) is Phase.CALL
    assert pyclag.next_actor(state) == 0
    return state


# E11: Nuloss + Red over Black (D > H > S > C) + Ascending Madness, h = 5, caller A.
# Tricks: 1 A 6S B 8S C 3D D 7S (C's diamond tops the spades), 2 C 9H D 6H A 2H B 8H,
# 3 A 5C B 9S C KC D AS (E11's first check: 9S beats AS), 4 B 4S C 7C D 3S A 2S,
# 5 A 5D B 6D C 2D D 7D. Winners C A B A C.
E11_TOP = top_of(["6S 2H 5C 2S 5D", "8S 8H 9S 4S 6D", "3D 9H KC 7C 2D", "7S 6H AS 3S 7D"], "KH")
E11_PLAY = "6S 8S 3D 7S  9H 6H 2H 8H  5C 9S KC AS  4S 7C 3S 2S  5D 6D 2D 7D"
E11_CALL = Call(0, Precedence("Red over Black"), nuloss=True, madness=Madness.ASCENDING)


def test_raf_dealer_chooses_hand_size_3_to_7() -> None:
    state = pyclag.new_game(RAF, players=4, first_dealer=3)
    assert pyclag.phase(state) is Phase.CHOOSE_HAND_SIZE
    assert pyclag.next_actor(state) == 3
    assert pyclag.legal_hand_sizes(state) == (3, 4, 5, 6, 7)
    assert pyclag.legal_actions(state) == tuple(ChooseHandSize(3, h) for h in range(3, 8))
    for size in (2, 8, 0, True):
        err = refused(state, IllegalActionError, pyclag.choose_hand_size, size)
        assert type(err) is IllegalActionError
        assert err.reason is Reason.BAD_HAND_SIZE
        assert err.legal == (3, 4, 5, 6, 7)
    err = refused(state, IllegalActionError, pyclag.choose_hand_size, "5")
    assert err.reason is Reason.BAD_HAND_SIZE
    err = refused(state, IllegalActionError, pyclag.choose_hand_size, 5.0)
    assert err.reason is Reason.BAD_HAND_SIZE
    refused(state, OutOfTurnError, lambda s: pyclag.apply(s, ChooseHandSize(0, 5)))
    refused(state, WrongPhaseError, lambda s: pyclag.deal(s, deck=DECK))
    refused(state, WrongPhaseError, lambda s: pyclag.bid(s, 0))
    state = pyclag.choose_hand_size(state, 5)
    assert pyclag.phase(state) is Phase.DEAL
    assert state.round.hand_size == 5
    seven = pyclag.new_game(RAF, players=7)
    assert pyclag.legal_hand_sizes(seven) == (3, 4, 5, 6, 7)


def test_raf_deal_1_is_standard_and_its_top_scorer_calls_deal_2_a18() -> None:
    # C deals, so D (seat 3) is eldest: E1's hands go to D, A, B, C.
    state = pyclag.new_game(RAF, players=4, first_dealer=2)
    state = pyclag.deal(pyclag.choose_hand_size(state, 3), deck=deck_from(E1_TOP))
    assert pyclag.phase(state) is Phase.BID  # no CALL phase in deal 1
    assert state.round.setup.caller is None
    assert state.round.turnup == C("6H")  # a standard deal: turn-up trumps
    assert state.round.trump is HEARTS
    state = bid_all(state, [1, 1, 0])
    assert pyclag.legal_bids(state) == (0, 2, 3)
    state = pyclag.bid(state, 0)
    for trick in E1_PLAY:
        state = play_all(state, trick)
    result = state.history[0]
    assert result.setup.call is None
    assert result.points == (12, 10, 0, 12)  # F1: E1's scores, seat by seat
    # D and A tie on 12 points and 1 trick: D is earlier from deal 1's eldest (D).
    assert pyclag.phase(state) is Phase.CHOOSE_HAND_SIZE
    assert state.round.dealer == 3
    assert state.round.setup.caller == 3
    state = pyclag.deal(pyclag.choose_hand_size(state, 4), rng=random.Random(1))
    assert pyclag.phase(state) is Phase.CALL
    assert pyclag.next_actor(state) == 3
    assert state.round.turnup is None


def test_raf_caller_tie_on_points_broken_by_most_tricks_a18() -> None:
    state = pyclag.new_game(RAF, players=4, first_dealer=3)
    state = pyclag.deal(pyclag.choose_hand_size(state, 3), deck=deck_from(MISERE_TOP))
    state = bid_all(state, [0, 0, 1])
    assert pyclag.legal_bids(state) == (0, 1, 3)
    state = bid_all(state, [1])
    state = play_all(state, MISERE_TRUMPS_PLAY)
    result = state.history[0]
    assert result.points == (0, 0, 0, 0)  # everyone missed
    assert result.tricks_won == (1, 2, 0, 0)
    assert state.round.setup.caller == 1  # B: most tricks, though A is eldest


def test_raf_legal_calls_are_696_with_the_24_precedence_orders() -> None:
    state = raf_called(E11_TOP, 5)
    assert state.round.turnup is None
    assert state.round.trump is None
    calls = pyclag.legal_calls(state)
    assert len(calls) == 696
    assert len(set(calls)) == 696
    assert pyclag.legal_actions(state) == calls
    assert {call.seat for call in calls} == {0}
    modes = [call.suits for call in calls]
    orders = {mode for mode in modes if isinstance(mode, Precedence)}
    assert len(orders) == 24
    assert orders == set(ALL_PRECEDENCES)
    assert set(modes) == {*Suit, NO_TRUMPS, *orders}
    assert all(modes.count(mode) == 24 for mode in set(modes))  # 2 x 2 x 2 x 3 each
    assert {call.madness for call in calls} == {None, Madness.ASCENDING, Madness.DESCENDING}


@pytest.mark.parametrize(
    ("name", "order"),
    [
        ("Precedence", PRECEDENCE),
        ("Reverse Precedence", REVERSE_PRECEDENCE),
        ("Red over Black", RED_OVER_BLACK),
        ("black over red", BLACK_OVER_RED),
    ],
)
def test_raf_named_precedence_orders(name: str, order: tuple[Suit, ...]) -> None:
    named = {
        "Precedence": "HCDS",
        "Reverse Precedence": "SDCH",
        "Red over Black": "DHSC",
        "black over red": "CSHD",
    }[name]
    assert Precedence(name).order == order == tuple(map(Suit.parse, named))
    assert Precedence(name) == Precedence(named)
    assert Call(0, Precedence(name)) in pyclag.legal_calls(raf_called(E11_TOP, 5))


def test_raf_call_refusals() -> None:
    state = raf_called(E11_TOP, 5)
    err = refused(state, IllegalCallError, lambda s: pyclag.call(s, Call(0, TURN_UP)))
    assert err.reason is Reason.BAD_CALL
    assert len(err.legal) == 696
    bad_madness = Call(0, HEARTS, madness="up")  # type: ignore[arg-type]
    assert refused(state, IllegalCallError, lambda s: pyclag.call(s, bad_madness)).reason is (
        Reason.BAD_CALL
    )
    refused(state, IllegalCallError, lambda s: pyclag.call(s, "hearts"))  # type: ignore[arg-type]
    err2 = refused(state, OutOfTurnError, lambda s: pyclag.call(s, Call(1, HEARTS)))
    assert err2.reason is Reason.OUT_OF_TURN
    refused(state, OutOfTurnError, lambda s: pyclag.apply(s, Call(2, NO_TRUMPS)))
    refused(state, WrongPhaseError, lambda s: pyclag.bid(s, 0))
    refused(state, WrongPhaseError, lambda s: pyclag.play(s, C("6S")))
    called = pyclag.call(state, Call(0, HEARTS))
    assert pyclag.phase(called) is Phase.BID
    refused(called, WrongPhaseError, lambda s: pyclag.call(s, Call(0, HEARTS)))
    refused(called, WrongPhaseError, pyclag.legal_calls)


@pytest.mark.parametrize(
    ("suits", "trump"),
    [(SPADES, SPADES), (NO_TRUMPS, None), (Precedence("HCDS"), None)],
)
def test_raf_called_deal_exposes_no_turnup_invariant_6(
    suits: Suit | NoTrumps | Precedence, trump: Suit | None
) -> None:
    state = raf_called(E11_TOP, 5)
    choice = Call(0, suits)
    state = pyclag.call(state, choice)
    assert state.round.setup.call == choice
    assert state.round.turnup is None
    assert state.round.trump is trump
    rules = state.round.setup.round_rules
    assert rules is not None
    assert rules.precedence == (suits.order if isinstance(suits, Precedence) else None)
    state = play_out(state, random.Random(3), rounds=1)
    assert state.history[0].setup.turnup is None


def test_raf_trumps_from_turnup_option_a19() -> None:
    state = raf_called(E11_TOP, 5, raf_trumps_from_turnup=True)
    assert state.round.turnup is None  # not before the call
    calls = pyclag.legal_calls(state)
    modes = {call.suits for call in calls}
    assert TURN_UP in modes
    assert not modes & set(Suit)
    assert len(calls) == 26 * 24  # the turn-up replaces the four named suits
    refused(state, IllegalCallError, lambda s: pyclag.call(s, Call(0, HEARTS)))
    turned = pyclag.call(state, Call(0, TURN_UP))
    assert turned.round.turnup == C("KH")  # deck[4 * 5]
    assert turned.round.trump is HEARTS
    # Only a trumps call turns the card up (invariant 6).
    for suits in (NO_TRUMPS, Precedence("DHSC")):
        assert pyclag.call(state, Call(0, suits)).round.turnup is None


def test_raf_e11_nuloss_red_over_black_ascending_madness() -> None:
    state = pyclag.call(raf_called(E11_TOP, 5), E11_CALL)
    assert state.round.turnup is None
    assert state.round.setup.spec.rank_order is RankOrder.TWO_HIGH
    state = bid_all(state, [2, 1, 1])
    assert pyclag.legal_bids(state) == (0, 2, 3, 4, 5)  # S = 4: D may not bid 1
    state = bid_all(state, [0])
    state = play_all(state, E11_PLAY)
    result = state.history[0]
    # A35: trick 1 (spades led) goes to C's diamond, trick 3 (clubs led) to B's spade.
    assert result.trick_winners == (2, 0, 1, 0, 2)
    assert result.points == (22, 16, 0, 10)
    assert result.setup.turnup is None
    assert state.round.setup.caller == 0  # A, the top scorer, calls deal 2


def test_raf_e11_trick_checks_precedence_winner_rule_a35() -> None:
    state = pyclag.call(raf_called(E11_TOP, 5), E11_CALL)
    rules = state.round.setup.round_rules
    assert rules is not None
    assert rules.precedence == RED_OVER_BLACK

    def winner(text: str, round_rules: RoundRules) -> int:
        return pyclag.trick_winner([Play(s, c) for s, c in enumerate(cards(text))], round_rules)

    assert winner("5C 9S KC AS", rules) == 1  # spades over clubs; Nuloss: 9S beats AS
    assert winner("5C 9S KC 2D", rules) == 3  # diamonds are the top suit
    plain = RoundRules(None, F1, precedence=PRECEDENCE)  # H > C > D > S
    assert winner("AS 2D KS 3C", plain) == 3  # clubs top the led spades and the diamond


@pytest.mark.parametrize(("on_miss", "c_points"), [(False, 0), (True, 12)])
def test_raf_madness_points_on_miss_option_a21(on_miss: bool, c_points: int) -> None:
    state = pyclag.call(raf_called(E11_TOP, 5, madness_points_on_miss=on_miss), E11_CALL)
    state = play_all(bid_all(state, [2, 1, 1, 0]), E11_PLAY)
    # C bid 1 and won tricks 1 and 5 (ascending values 2 + 10).
    assert state.history[0].points == (22, 16, c_points, 10)


def test_raf_nuloss_reverses_ranks_in_trumps_a36() -> None:
    # Hearts named, Nuloss. A AS KD 7C, B 2S AD 8C, C KS 2H 5C, D 3S AH 6C.
    top = top_of(["AS KD 7C", "2S AD 8C", "KS 2H 5C", "3S AH 6C"], "9H")
    state = pyclag.call(raf_called(top, 3), Call(0, HEARTS, nuloss=True))
    assert state.round.trump is HEARTS
    assert state.round.turnup is None
    state = bid_all(state, [0, 0, 2])
    assert pyclag.legal_bids(state) == (0, 2, 3)
    state = bid_all(state, [0])
    state = play_all(state, "AS 2S KS 3S")  # the 2S is the best spade
    state = play_all(state, "AD 2H AH KD")  # the 2H is the best trump, above the AH
    state = play_all(state, "5C 6C 7C 8C")
    result = state.history[0]
    assert result.trick_winners == (1, 2, 2)
    assert result.points == (10, 0, 14, 10)
    assert state.round.setup.caller == 2  # C, the sole top scorer, calls next


def test_raf_blind_call_shuffle_then_auto_play() -> None:
    state = pyclag.call(raf_called(E1_TOP, 3), Call(0, HEARTS, blind=True))
    state = bid_all(state, [1, 1, 1])
    assert pyclag.legal_bids(state) == (1, 2, 3)
    state = pyclag.bid(state, 1)
    assert pyclag.phase(state) is Phase.SHUFFLE
    assert pyclag.next_actor(state) is CHANCE
    assert isinstance(pyclag.sample_chance(state, random.Random(0)), ShuffleHands)
    refused(state, WrongPhaseError, lambda s: pyclag.apply(s, Play(0, C("AS"))))
    piles = tuple(cards(text) for text in ("3D 7H AS", "2C QH KS", "5H TD 9S", "8C JH 4S"))
    bad_orders = [
        (cards("3D 7H KS"), *piles[1:]),  # a card of another seat
        piles[:3],  # a seat without a pile
        (cards("3D 7H 7H"), *piles[1:]),  # a card twice
        (cards("3D 7H"), *piles[1:]),  # a card missing
    ]
    for orders in bad_orders:
        err = refused(state, IllegalActionError, pyclag.apply, ShuffleHands(orders))
        assert type(err) is IllegalActionError
        assert err.reason is Reason.BAD_SHUFFLE
    state = pyclag.apply(state, ShuffleHands(piles))
    # The round played itself from the top of each pile, with no duty to follow
    # (C's 5H to the diamond lead while holding TD).
    result = state.history[0]
    assert result.setup.piles == piles
    assert trick_cards(state) == ["3D 2C 5H 8C", "TD JH 7H QH", "KS 9S 4S AS"]
    assert result.trick_winners == (2, 1, 0)
    assert result.points == (12, 12, 12, 0)
    # shuffle_hands draws the face-down orders from an rng: each pile is the seat's hand.
    blind = pyclag.call(raf_called(E1_TOP, 3), Call(0, HEARTS, blind=True))
    shuffled = pyclag.shuffle_hands(bid_all(blind, [1, 1, 1, 1]), random.Random(5))
    drawn = shuffled.history[0].setup.piles
    assert drawn is not None
    assert [set(pile) for pile in drawn] == [set(pile) for pile in piles]


def test_raf_call_flags_must_be_bools() -> None:
    # Like a seat given as True, a flag given as 1 is not a legal call.
    state = raf_called(E11_TOP, 5)
    odd = Call(0, HEARTS, nuloss=1)  # type: ignore[arg-type]
    err = refused(state, IllegalCallError, pyclag.call, odd)
    assert err.reason is Reason.BAD_CALL


def test_raf_blind_misere_call_records_zero_bids_at_once() -> None:
    # Misère forces every contract to 0 when called, before the face-down shuffle.
    state = pyclag.call(raf_called(E1_TOP, 3), Call(0, HEARTS, blind=True, misere=True))
    assert pyclag.phase(state) is Phase.SHUFFLE  # no BID phase
    refused(state, WrongPhaseError, pyclag.bid, 0)
    assert state.round.bids == (0, 0, 0, 0)


def test_raf_blind_misere_call_plays_itself_after_the_shuffle() -> None:
    state = pyclag.call(raf_called(E1_TOP, 3), Call(0, HEARTS, blind=True, misere=True))
    piles = tuple(cards(text) for text in ("AS 7H 3D", "KS QH 2C", "9S TD 5H", "4S JH 8C"))
    state = pyclag.apply(state, ShuffleHands(piles))
    result = state.history[0]
    assert trick_cards(state) == ["AS KS 9S 4S", "7H QH TD JH", "2C 5H 8C 3D"]  # as E2
    assert result.bids == (0, 0, 0, 0)
    assert result.points == (-2, -2, -2, 10)


# E12: winners 1 B, 2 B, 3 C, 4 D; A takes none. A 3C 5D 4S 3H, B KC KD 2S 4H,
# C 4C 3D KS 2H, D 5C 4D 3S KH.
E12_TOP = top_of(["3C 5D 4S 3H", "KC KD 2S 4H", "4C 3D KS 2H", "5C 4D 3S KH"], "9D")
E12_PLAY = "3C KC 4C 5C  KD 3D 4D 5D  2S KS 3S 4S  2H KH 3H 4H"


@pytest.mark.parametrize(
    ("madness", "options", "points"),
    [
        (None, {}, (10, -4, -2, -2)),
        (Madness.DESCENDING, {}, (10, -14, -4, -2)),
        (Madness.ASCENDING, {}, (10, -6, -6, -8)),
        (None, {"misere_points_per_trick": -3}, (10, -6, -3, -3)),
        (Madness.ASCENDING, {"misere_points_per_trick": -3}, (10, -9, -9, -12)),
    ],
)
def test_raf_misere_call_forces_zero_bids_e12(
    madness: Madness | None, options: dict[str, Any], points: tuple[int, ...]
) -> None:
    state = raf_called(E12_TOP, 4, **options)
    state = pyclag.call(state, Call(0, NO_TRUMPS, misere=True, madness=madness))
    assert pyclag.phase(state) is Phase.PLAY  # no BID phase
    assert state.round.bids == (0, 0, 0, 0)
    refused(state, WrongPhaseError, lambda s: pyclag.bid(s, 0))
    state = play_all(state, E12_PLAY)
    result = state.history[0]
    assert result.trick_winners == (1, 1, 2, 3)
    assert result.bids == (0, 0, 0, 0)
    assert result.points == points
    assert result.made == (True, False, False, False)


def test_raf_dealer_may_choose_only_sizes_that_fit_the_pack() -> None:
    # A dealer's-choice round up to 13 cards: with 5 players only 3..10 fit in 52 cards.
    spec = RoundSpec(13, hand_sizes=range(3, 14))
    state = pyclag.new_game(pyclag.NORMAL.with_schedule([spec]).with_options(max_players=9), 5)
    assert pyclag.legal_hand_sizes(state) == tuple(range(3, 11))
    refused(state, IllegalActionError, pyclag.choose_hand_size, 11)
    with pytest.raises(RulesError, match="9 players x 6 cards = 54 cards"):
        pyclag.new_game(
            pyclag.NORMAL.with_schedule([RoundSpec(7, hand_sizes=range(6, 8))]).with_options(
                max_players=9
            ),
            9,
        )
