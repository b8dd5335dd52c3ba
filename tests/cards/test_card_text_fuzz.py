"""Hostile input (DESIGN.md §5) into the card parsers: arbitrary card text parses to a value
that round-trips or raises RecordError (RULES.md §1.1 card text).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import (
    DECK,
    Card,
    Hand,
    RecordError,
    Suit,
)

# --- 3. arbitrary text into the card parsers ---------------------------------------------------

CARD_TEXT: Final = st.one_of(
    st.text(),
    st.text(alphabet="23456789TJQKA10tjqkacdhsCDHS♣♦♥♠♤♡♢♧\ufe0f ,\t\n\u00a0ſß", max_size=30),
    st.builds(lambda word, times: word * times, st.text(max_size=6), st.integers(100, 5000)),
)
"""Any text; text made of card symbols; very long text."""

PARSERS: Final[tuple[tuple[str, Callable[[str], object], Callable[[Any], str]], ...]] = (
    ("Card.parse", Card.parse, str),
    ("Suit.parse", Suit.parse, str),
    ("parse_cards", pyclag.parse_cards, lambda cards: " ".join(map(str, cards))),
    ("Hand.parse", Hand.parse, str),
)


@settings(max_examples=500)
@given(CARD_TEXT)
def test_design_5_card_text_parses_to_a_value_that_round_trips_or_is_a_record_error(
    text: str,
) -> None:
    for name, parse, show in PARSERS:
        value = _parsed(parse, text)
        if isinstance(value, RecordError):
            assert type(value) is RecordError, name
            assert str(value), name
        else:
            assert parse(show(value)) == value, name


def _parsed(parse: Callable[[str], object], text: str) -> object:
    """What ``parse`` makes of ``text``, or the RecordError it raises."""
    try:
        return parse(text)
    except RecordError as err:
        return err


@pytest.mark.parametrize(
    ("text", "expected"),
    [("10♥\ufe0f", "TH"), (" as ", "AS"), ("\u00a0qd\u2003", "QD"), ("T♤", "TS")],
)
def test_s1_1_card_text_of_any_case_and_spacing_round_trips(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected
    assert pyclag.parse_cards(text) == (Card.parse(expected),)


def _words(cards: Sequence[Card]) -> str:
    return ", ".join(card.symbol for card in cards)


@given(st.lists(st.sampled_from(DECK), unique=True, max_size=52))
def test_s1_1_every_hand_written_with_symbols_parses_back(cards: list[Card]) -> None:
    hand = Hand.of(cards)
    assert Hand.parse(_words(cards)) == hand
    assert pyclag.parse_cards(_words(cards)) == tuple(cards)
