"""Cards, suits and ranks (RULES.md §1.1)."""

from __future__ import annotations

import copy
import os
import pickle
import types

import pytest

from pyclag import DECK, Card, Rank, RecordError, Suit, parse_cards


def test_s1_1_pack_is_52_distinct_cards_of_13_ranks_in_4_suits() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert {(card.suit, card.rank) for card in DECK} == {(s, r) for s in Suit for r in Rank}


def test_s1_1_suits_and_ranks_are_not_orderable() -> None:
    # Only a rank order or a precedence orders them (§1.1, DESIGN §3).
    with pytest.raises(TypeError):
        _ = Suit.SPADES < Suit.HEARTS  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = Rank.ACE > Rank.TWO  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = DECK[0] < DECK[1]  # type: ignore[operator]


def test_cards_are_interned() -> None:
    for card in DECK:
        assert Card(card.suit, card.rank) is card
        assert Card.parse(str(card)) is card
        assert DECK[card.index] is card
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
        assert pickle.loads(pickle.dumps(card)) is card


def test_card_masks_are_distinct_single_bits() -> None:
    assert sum(card.mask for card in DECK) == (1 << 52) - 1
    assert all(card.mask.bit_count() == 1 for card in DECK)
    assert all(card.mask & card.suit_mask for card in DECK)


def test_cards_are_immutable() -> None:
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del card.suit
    for name in ("suit", "rank", "index", "mask", "suit_mask", "colour"):
        with pytest.raises(AttributeError):
            setattr(card, name, 0)
    assert (card.suit, card.rank, card.index) == (Suit.SPADES, Rank.ACE, 51)


def test_cards_are_native_only_in_the_compiled_build() -> None:
    # Compiled, Card is a native class (its __init__ a slot wrapper, its fields
    # without setters); interpreted, a class whose __setattr__ refuses.
    build = os.environ.get("PYCLAG_TEST_BUILD")
    if build is None:
        pytest.skip("the build under test is named by PYCLAG_TEST_BUILD (.ci/run)")
    interpreted = isinstance(vars(Card)["__init__"], types.FunctionType)
    assert interpreted is (build == "pure")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("TH", "TH"),
        ("10h", "TH"),
        ("10H", "TH"),
        ("T♥", "TH"),
        ("t♡", "TH"),
        (" as ", "AS"),
        ("2♣", "2C"),
        ("Qd", "QD"),
        ("k♠", "KS"),
        ("T♥\ufe0f", "TH"),
    ],
)
def test_card_text_forms(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "1H", "11H", "ZS", "TX", "AS KS", "A", "♥T", "10"])
def test_bad_card_text_is_a_record_error_naming_the_text(text: str) -> None:
    with pytest.raises(RecordError, match="bad card text"):
        Card.parse(text)


@pytest.mark.parametrize("value", [None, 5, b"AS", ["AS"]])
def test_card_text_of_the_wrong_type_is_a_record_error(value: object) -> None:
    with pytest.raises(RecordError):
        Card.parse(value)
    with pytest.raises(RecordError):
        parse_cards(value)


def test_card_constructor_refuses_non_members() -> None:
    # Not game input (card text is Card.parse's): a TypeError (the policy in pyclag.errors).
    with pytest.raises(TypeError, match="Card: suit must be a Suit, not str"):
        Card("S", Rank.ACE)  # type: ignore[arg-type]


def test_repr_rebuilds_the_card() -> None:
    for card in DECK:
        assert eval(repr(card), {"Card": Card, "Suit": Suit, "Rank": Rank}) is card


def test_text_forms_round_trip() -> None:
    assert parse_cards(" ".join(map(str, DECK))) == DECK
    assert parse_cards(", ".join(card.symbol for card in DECK)) == DECK


def test_suit_parse() -> None:
    assert Suit.parse("h") is Suit.HEARTS
    assert Suit.parse("♣") is Suit.CLUBS
    with pytest.raises(RecordError, match="bad suit text"):
        Suit.parse("X")


def test_card_text_upper_cases_ascii_letters_only() -> None:
    # "ſ".upper() == "S" and "ı".upper() == "I": neither is a suit or a rank letter.
    for text in ("ſ", "Aſ", "ıS", "\u212a" + "S"):  # long s, dotless i, the Kelvin sign
        with pytest.raises(RecordError):
            Card.parse(text) if len(text) > 1 else Suit.parse(text)
    assert Card.parse("qs") is Card.parse("QS")
