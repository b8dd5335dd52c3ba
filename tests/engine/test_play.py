"""Trick play and trick resolution (RULES.md §1.8, A35, A36)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import Card, IllegalPlayError, Phase, Play, Reason, RoundRules, RoundSpec, Suit
from pyclag.rules import (
    BLACK_OVER_RED,
    NO_TRUMPS,
    PRECEDENCE,
    RED_OVER_BLACK,
    Precedence,
    RankOrder,
    trick_winner,
)
from pyclag.rules.play import best_play, first_strongest, follow_suit, following
from pyclag.scoring import F1
from tests.helpers import E1_TOP, bid_all, dealt, play_all, random_game


def _e1_play_phase() -> pyclag.GameState:
    state = dealt(pyclag.NORMAL.with_schedule([3]), 4, E1_TOP, first_dealer=3)
    return bid_all(state, [1, 1, 0, 0])


def _winner(cards: str, trump: Suit | None = None, **rules: Any) -> int:
    plays = [Play(seat, card) for seat, card in enumerate(pyclag.parse_cards(cards))]
    return trick_winner(plays, RoundRules(trump, F1, **rules))


def test_s1_8_eldest_leads_the_first_trick_and_the_winner_leads_the_next() -> None:
    state = _e1_play_phase()
    assert pyclag.next_actor(state) == 0  # A, the eldest
    state = play_all(state, "AS KS 9S 4S")
    assert state.round.trick_winners == (0,)
    assert pyclag.next_actor(state) == 0
    state = play_all(state, "3D QH TD 8C")
    assert state.round.trick_winners == (0, 1)
    assert pyclag.next_actor(state) == 1  # B ruffed and leads


def test_s1_8_any_card_may_be_led_including_a_trump() -> None:
    state = _e1_play_phase()
    assert set(pyclag.legal_plays(state)) == set(state.round.hands[0])
    assert Card.parse("7H") in pyclag.legal_plays(state)  # hearts are trumps


def test_s1_8_follow_suit_if_able() -> None:
    state = play_all(_e1_play_phase(), "AS")
    assert pyclag.legal_plays(state) == (Card.parse("KS"),)
    with pytest.raises(IllegalPlayError) as caught:
        pyclag.play(state, Card.parse("QH"))
    assert caught.value.reason is Reason.MUST_FOLLOW_SUIT
    assert str(caught.value) == (
        "illegal play QH by seat 1: must follow suit S in round 1 (3 cards, dealer seat 3); "
        "legal plays: KS"
    )


def test_s1_8_holding_a_trump_never_excuses_following_suit() -> None:
    # Trick 2 of E1: C holds TD and the trump 5H, diamonds were led: C must play TD.
    state = play_all(_e1_play_phase(), "AS KS 9S 4S 3D QH")
    assert pyclag.legal_plays(state) == (Card.parse("TD"),)
    with pytest.raises(IllegalPlayError, match="must follow suit D"):
        pyclag.play(state, Card.parse("5H"))


def test_s1_8_a_void_player_may_ruff_or_discard() -> None:
    state = play_all(_e1_play_phase(), "AS KS 9S 4S 3D")
    assert set(pyclag.legal_plays(state)) == {Card.parse("QH"), Card.parse("2C")}


def test_s1_8_highest_trump_wins_else_highest_of_the_suit_led() -> None:
    assert _winner("3D QH TD 8C", Suit.HEARTS) == 1
    assert _winner("3D 2H TD JH", Suit.HEARTS) == 3
    assert _winner("3D QS TD 8C", Suit.HEARTS) == 2
    # A higher card of another plain suit never wins.
    assert _winner("3D AS 2D AC", Suit.HEARTS) == 0
    assert _winner("3D AS 2D AC", None) == 0


def test_s1_8_no_trumps_the_highest_card_of_the_suit_led_wins() -> None:
    assert _winner("9C AH KC AS", None) == 2


def test_s1_8_aces_low_the_ace_is_below_the_two() -> None:
    # E10: spades trumps; A leads AC, B 2C, C KC, D 5H (void): C wins.
    assert _winner("AC 2C KC 5H", Suit.SPADES, rank_order=RankOrder.ACES_LOW) == 2
    # A37: the ace is low in trumps too.
    assert _winner("5C AS 2S 3C", Suit.SPADES, rank_order=RankOrder.ACES_LOW) == 2


def test_s1_8_two_high_reverses_every_suit_nuloss() -> None:
    assert _winner("5C 2C AC KC", None, rank_order=RankOrder.TWO_HIGH) == 1
    # A36: the reversal applies to trumps as well.
    assert _winner("5C AS 9S 3C", Suit.SPADES, rank_order=RankOrder.TWO_HIGH) == 2


def test_s1_8_precedence_highest_suit_present_wins_whatever_was_led() -> None:
    # E11: plain Precedence H > C > D > S, spade led: the club wins over the led spades.
    assert _winner("AS 2D KS 3C", precedence=PRECEDENCE) == 3
    # E11 with Nuloss and Red over Black (D > H > S > C).
    nuloss: dict[str, Any] = {"precedence": RED_OVER_BLACK, "rank_order": RankOrder.TWO_HIGH}
    assert _winner("5C 9S KC AS", **nuloss) == 1
    assert _winner("5C 9S KC 2D", **nuloss) == 3
    assert _winner("2C 3C 4C 5C", precedence=BLACK_OVER_RED) == 3


def test_s1_8_the_comparator_key_never_lets_an_off_suit_card_win() -> None:
    rules = RoundRules(Suit.HEARTS, F1)
    for led in Suit:
        table = rules.strength(led)
        for card in pyclag.DECK:
            if card.suit not in (led, Suit.HEARTS):
                assert table[card.index] == 0
            else:
                assert table[card.index] > 0


def test_s1_8_a_round_has_exactly_h_tricks_of_one_card_from_each_player() -> None:
    state = random_game(pyclag.NORMAL, players=5, seed=3)
    for result in state.history:
        assert len(result.tricks) == result.hand_size
        for trick in result.tricks:
            assert [play.seat for play in trick.plays] == [(trick.leader + k) % 5 for k in range(5)]
            assert trick.winner in {play.seat for play in trick.plays}


def test_s1_8_rank_order_and_precedence_in_a_schedule() -> None:
    # A round spec may play no trumps, aces low or a fixed precedence through the engine.
    rules = pyclag.NORMAL.with_schedule(
        [
            RoundSpec(3, suits=NO_TRUMPS),
            RoundSpec(3, rank_order=RankOrder.ACES_LOW),
            RoundSpec(3, suits=Precedence("HCDS"), rank_order=RankOrder.TWO_HIGH),
        ]
    )
    state = pyclag.new_game(rules, players=4)
    rng = random.Random(4)
    seen = []
    while not pyclag.is_over(state):
        if pyclag.phase(state) is Phase.DEAL:
            state = pyclag.deal(state, rng=rng)
            setup = state.round.setup
            seen.append((setup.turnup, setup.round_rules))
        else:
            state = pyclag.apply(state, rng.choice(pyclag.legal_actions(state)))
    (no_card, nt_rules), (aces_card, aces_rules), (prec_card, prec_rules) = seen
    assert no_card is None and nt_rules is not None and nt_rules.trump is None
    assert aces_card is not None and aces_rules is not None
    assert aces_rules.rank_order is RankOrder.ACES_LOW and aces_rules.trump is aces_card.suit
    assert prec_card is None and prec_rules is not None and prec_rules.precedence == PRECEDENCE
    for result in state.history:
        rules_of_round = result.setup.round_rules
        assert rules_of_round is not None
        for trick in result.tricks:
            assert trick.winner == trick_winner(trick.plays, rules_of_round)
    assert [result.setup.played.label for result in state.history] == [
        "No Trumps",
        "Aces Low",
        "Precedence HCDS, Nuloss",
    ]


def test_trick_winner_refuses_an_empty_trick() -> None:
    with pytest.raises(IllegalPlayError, match="one or more Play values"):
        trick_winner([], RoundRules(None, F1))


def test_trick_winner_refuses_plays_that_are_not_cards() -> None:
    rules = RoundRules(None, F1)
    for plays in ([("AS", 0)], [Play(0, Card.parse("AS")), "KS"], [None]):
        with pytest.raises(IllegalPlayError, match="one or more Play values of cards"):
            trick_winner(plays, rules)  # type: ignore[arg-type]
    # Card text is not a sequence of plays: a TypeError, as for any other container.
    with pytest.raises(TypeError, match="trick_winner: plays must be a sequence of Play values"):
        trick_winner("AS", rules)  # type: ignore[arg-type]


@settings(max_examples=60)
@given(
    cards=st.permutations(range(52)).map(lambda order: order[:4]),
    trump=st.sampled_from([None, *Suit]),
    held=st.integers(0, (1 << 52) - 1),
)
def test_s1_8_the_rulings_over_card_indices_are_the_rulings_over_plays(
    cards: list[int], trump: Suit | None, held: int
) -> None:
    """follow_suit and first_strongest (what pyclag.rollouts rules tricks of card
    indices with) give what following and best_play give the same trick as plays."""
    plays = [Play(seat, pyclag.DECK[index]) for seat, index in enumerate(cards)]
    rules = RoundRules(trump, F1)
    table = rules.tables[cards[0] // 13]
    assert best_play(plays, rules) is plays[first_strongest([table[i] for i in cards])]
    assert following(plays[:1], held) == follow_suit(held, pyclag.DECK[cards[0]].suit_mask)
    assert following((), held) == follow_suit(held, 0) == held
