"""Dealer, shuffle, deal and turn-up (RULES.md §1.3-§1.5)."""

from __future__ import annotations

import random
from collections.abc import MutableSequence

import pytest

import pyclag
from pyclag import DECK, Card, Hand, RulesError, Suit
from pyclag.rules.dealing import deal_hands, draw_for_dealer
from pyclag.rules.shuffle import shuffled_deck
from tests.helpers import deck_from, random_game


@pytest.mark.parametrize(("players", "first_dealer"), [(3, 0), (4, 2), (5, 4), (7, 6)])
def test_s1_3_the_deal_passes_one_seat_left_every_round(players: int, first_dealer: int) -> None:
    state = random_game(pyclag.NORMAL, players, seed=players, first_dealer=first_dealer)
    dealers = [result.setup.dealer for result in state.history]
    assert dealers == [(first_dealer + k) % players for k in range(len(state.history))]
    assert state.first_dealer == first_dealer


class _StackedRandom(random.Random):
    """A Random whose shuffle lays the pack out in a given order (drawn from the end)."""

    def __init__(self, order: str) -> None:
        super().__init__(0)
        self.order = pyclag.parse_cards(order)

    def shuffle(self, x: MutableSequence[object]) -> None:
        rest = [card for card in DECK if card not in self.order]
        x[:] = [*rest, *reversed(self.order)]


def test_s1_3_draw_for_dealer_highest_card_deals_ace_high() -> None:
    # Seats 0, 1, 2 draw 5C, KD, 9H: the king deals.
    assert draw_for_dealer(3, _StackedRandom("5C KD 9H")) == 1
    # Aces are high in the draw.
    assert draw_for_dealer(3, _StackedRandom("AC KD 9H")) == 0


def test_s1_3_draw_for_dealer_tied_players_draw_again() -> None:
    # Seats 0 and 1 tie on aces, seat 2 is out; then 3C against QC.
    assert draw_for_dealer(3, _StackedRandom("AS AH KD 3C QC")) == 1


def test_s1_3_draw_for_dealer_is_reproducible_and_in_range() -> None:
    for players in range(3, 8):
        seats = {draw_for_dealer(players, random.Random(seed)) for seed in range(60)}
        assert seats <= set(range(players))
        assert len(seats) > 1
        assert draw_for_dealer(players, random.Random(5)) == draw_for_dealer(
            players, random.Random(5)
        )


def test_s1_4_shuffle_is_a_permutation_of_the_pack_from_the_rng_alone() -> None:
    deck = shuffled_deck(random.Random(11))
    assert sorted(card.index for card in deck) == list(range(52))
    assert deck == shuffled_deck(random.Random(11))
    assert deck != shuffled_deck(random.Random(12))


def test_s1_4_cards_go_one_at_a_time_clockwise_from_the_eldest() -> None:
    # E1's pack: A, B, C, D at seats 0-3, D (seat 3) deals, so A is eldest.
    deck = deck_from("AS KS 9S 4S 7H QH TD JH 3D 2C 5H 8C 6H")
    hands = [Hand(mask) for mask in deal_hands(deck, players=4, hand_size=3, dealer=3)]
    assert hands == [
        Hand.parse("AS 7H 3D"),
        Hand.parse("KS QH 2C"),
        Hand.parse("9S TD 5H"),
        Hand.parse("4S JH 8C"),
    ]


@pytest.mark.parametrize(("players", "hand_size", "dealer"), [(3, 7, 0), (5, 4, 2), (7, 7, 6)])
def test_s1_4_card_i_goes_to_seat_dealer_plus_1_plus_i(
    players: int, hand_size: int, dealer: int
) -> None:
    deck = shuffled_deck(random.Random(players * hand_size))
    masks = deal_hands(deck, players, hand_size, dealer)
    for i in range(players * hand_size):
        assert masks[(dealer + 1 + i) % players] & deck[i].mask
    assert sum(bin(mask).count("1") for mask in masks) == players * hand_size


def test_s1_5_the_next_card_is_turned_up_and_its_suit_is_trumps() -> None:
    state = pyclag.new_game(pyclag.NORMAL.with_schedule([3]), players=4, first_dealer=3)
    state = pyclag.deal(state, deck=deck_from("AS KS 9S 4S 7H QH TD JH 3D 2C 5H 8C 6H"))
    assert state.round.turnup is Card.parse("6H")
    assert state.round.trump is Suit.HEARTS
    # The turn-up belongs to no hand.
    assert all(Card.parse("6H") not in hand for hand in state.round.hands)


def test_s1_5_with_no_card_left_to_turn_the_round_has_no_trumps() -> None:
    # 4 players x 13 cards deal the whole pack (OH-WP convention, A30).
    rules = pyclag.NORMAL.with_schedule([13])
    state = pyclag.deal(pyclag.new_game(rules, players=4), rng=random.Random(1))
    assert state.round.turnup is None
    assert state.round.trump is None
    assert sum(len(hand) for hand in state.round.hands) == 52


def test_s1_5_no_turnup_reject_refuses_such_a_schedule() -> None:
    rules = pyclag.NORMAL.with_schedule([13]).with_options(no_turnup="reject")
    with pytest.raises(RulesError, match="no card to turn up"):
        pyclag.new_game(rules, players=4)
    # With one fewer player a card is left, so the schedule is fine.
    pyclag.new_game(rules, players=3)


def test_a_schedule_that_needs_more_than_the_pack_is_refused() -> None:
    rules = pyclag.NORMAL.with_schedule([7, 11])
    with pytest.raises(RulesError, match=r"round 2: 5 players x 11 cards = 55 cards"):
        pyclag.new_game(rules, players=5)


def test_a_deal_given_as_a_list_is_kept_immutable() -> None:
    state = pyclag.apply(pyclag.new_game(pyclag.NORMAL, players=3), pyclag.Deal(list(DECK)))  # type: ignore[arg-type]
    assert state.round.setup.deck == DECK
    assert isinstance(state.round.setup.deck, tuple)
    assert hash(state) == hash(pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), deck=DECK))


@pytest.mark.parametrize("players", [0, -2, 53, True, "4"])
def test_draw_for_dealer_refuses_an_impossible_table(players: object) -> None:
    with pytest.raises(RulesError, match="draw_for_dealer needs an int of players"):
        draw_for_dealer(players, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        draw_for_dealer(4, 7)  # type: ignore[arg-type]


def test_shuffled_deck_is_the_pack_random_shuffle_makes_and_draws_the_same_bits() -> None:
    # The inlined Fisher-Yates must give rng.shuffle's very pack, so that seeded games
    # and records are the same whichever way the pack is shuffled.
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        for _ in range(3):
            pack = list(DECK)
            theirs.shuffle(pack)
            assert shuffled_deck(ours) == tuple(pack)
        assert ours.getstate() == theirs.getstate()


def test_shuffled_deck_lets_a_random_subclass_draw_its_own_way() -> None:
    class Halves(random.Random):
        def random(self) -> float:
            return 0.5

    pack = list(DECK)
    Halves(1).shuffle(pack)
    assert shuffled_deck(Halves(1)) == tuple(pack)
    assert shuffled_deck(Halves(1)) != shuffled_deck(random.Random(1))
