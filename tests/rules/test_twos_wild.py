"""Clause tests for TWOS_WILD, RULES.md §2.0 rules 1-8 (A13).

Every deal is driven with an exact pack (``tests.helpers.dealt`` / ``deck_from``)
on a one- or two-round rule set built from ``pyclag.rules.catalogue``. Unless a
test says otherwise, players A-D sit at seats 0-3 and D deals, so A is eldest:
card ``i`` of the pack goes to seat ``i % 4`` and the turn-up is card ``4 * h``.
Every refusal also checks that the state passed in is left unchanged.
"""

from __future__ import annotations

import pytest

import pyclag
from pyclag import (
    DECK,
    IllegalActionError,
    IllegalDeclarationError,
    IllegalPlayError,
    Play,
    Rank,
    Reason,
    RoundSpec,
)
from pyclag.rules import (
    catalogue,
)
from tests.helpers import E1_TOP, bid_all, dealt, play_all
from tests.rules.deals import (
    CLUBS,
    HEARTS,
    SPADES,
    C,
    cards,
    one_round,
    refused,
    top_of,
)

# --- TWOS_WILD ----------------------------------------------------------------------------

# E9(a): clubs trumps. A AC 3S, B 2H 4S, C 2D 7C, D 5C 6S; turn-up 9C.
E9A_TOP = top_of(["AC 3S", "2H 4S", "2D 7C", "5C 6S"], "9C")


def test_e9_a_twos_wild_rules_1_to_4() -> None:
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


def test_e9_b_twos_wild_two_must_be_declared_in_the_led_suit_rule_4() -> None:
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
