"""Hand: an immutable set of cards over a 52-bit mask."""

from __future__ import annotations

import pytest

from pyclag import DECK, Card, Hand, RecordError, Suit
from pyclag.hand import ONE_SUIT, cards_of


def test_hand_membership_size_and_canonical_order() -> None:
    hand = Hand.parse("AS KS 2H 7C")
    assert len(hand) == 4
    assert Card.parse("KS") in hand
    assert Card.parse("QS") not in hand
    assert "KS" not in hand  # only cards are members
    assert [str(card) for card in hand] == ["7C", "2H", "KS", "AS"]
    assert hand.cards == tuple(hand)


def test_of_suit() -> None:
    hand = Hand.parse("AS KS 2H 7C")
    assert hand.of_suit(Suit.SPADES) == Hand.parse("KS AS")
    assert not hand.of_suit(Suit.DIAMONDS)
    assert len(hand.of_suit(Suit.DIAMONDS)) == 0


def test_hand_equality_and_hash_follow_the_cards() -> None:
    assert Hand.parse("AS 2C") == Hand.of([Card.parse("2C"), Card.parse("AS")])
    assert hash(Hand.parse("AS 2C")) == hash(Hand.parse("2c as"))
    assert Hand.of(DECK).mask == (1 << 52) - 1


def test_repr_and_str_round_trip() -> None:
    hand = Hand.parse("QH 3D")
    assert eval(repr(hand), {"Hand": Hand}) == hand
    assert Hand.parse(str(hand)) == hand


def test_a_hand_refuses_duplicates_and_non_cards() -> None:
    with pytest.raises(RecordError, match="AS appears twice"):
        Hand.parse("AS AS")
    # Cards that are not Card values are not game input: a TypeError (pyclag.errors).
    with pytest.raises(TypeError, match=r"Hand\.of: cards must be Card values"):
        Hand.of(["AS"])  # type: ignore[list-item]


@pytest.mark.parametrize("mask", [-1, 1 << 52])
def test_a_hand_mask_must_be_a_52_bit_int(mask: object) -> None:
    with pytest.raises(RecordError):
        Hand(mask)  # type: ignore[arg-type]


@pytest.mark.parametrize("mask", [True, 1.5, "3"])
def test_a_hand_mask_that_is_not_an_int_is_a_type_error(mask: object) -> None:
    # A mask of the wrong type is not game input (the policy in pyclag.errors).
    with pytest.raises(TypeError, match="Hand: mask must be an int"):
        Hand(mask)  # type: ignore[arg-type]


def test_cards_of_matches_a_plain_bit_scan() -> None:
    masks = [0, 1, (1 << 52) - 1, 0x5555_5555_5555, 0xABC_DEF0_1234, 1 << 51 | 1 << 13 | 1]
    for mask in masks:
        plain = tuple(card for card in DECK if mask >> card.index & 1)
        assert cards_of(mask) == plain
    for suit in Suit:
        part = 0x5A5 << (13 * suit.value)
        assert ONE_SUIT[part] == cards_of(part)
