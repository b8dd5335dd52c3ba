"""The SVG pictures of :mod:`pyclag.views.pictures` (issue 31 item 1): valid XML
always, the same picture for the same input, drawn from the text's own pieces,
and a seat's picture shows only what that seat may know."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import DECK, Card, GameState, Hand, Play, observe
from pyclag.engine import display
from pyclag.engine.pictures import PALETTE, totals_chart
from pyclag.scoresheet import ScoreSheet
from pyclag.views.pictures import card_svg, chart_svg, hand_svg, table_svg, trick_svg
from tests.views.games import Moment, hand_shown, moments, played, shown_turnup
from tests.views.test_refusals_leak_nothing import worlds

SVG = "{http://www.w3.org/2000/svg}"


def parsed(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    return root


def groups(root: ET.Element, kind: str) -> list[ET.Element]:
    """The groups whose class list holds ``kind``."""
    return [g for g in root.iter(f"{SVG}g") if kind in (g.get("class") or "").split()]


def faces(root: ET.Element) -> list[str]:
    """The texts of the cards drawn face up."""
    return [
        g.get("data-card") or "" for g in groups(root, "card") if "back" not in g.get("class", "")
    ]


def words(root: ET.Element) -> str:
    """The picture's texts (its title's excepted), one space between each."""
    texts = list(root.iter(f"{SVG}text"))
    return " ".join(" ".join("".join(t.itertext()).split()) for t in texts)


def a_state() -> GameState:
    state = pyclag.deal(
        pyclag.new_game(pyclag.NORMAL.with_schedule([3, 2]), 3), rng=random.Random(2)
    )
    for tricks in (1, 0, 1):
        state = pyclag.bid(state, tricks)
    return pyclag.play(state, Card.parse("4D"))


def test_issue_31_item_1_every_card_draws_its_rank_and_suit_in_its_colour() -> None:
    """A card's picture: valid XML, its rank letter and suit symbol, red for
    hearts and diamonds and black for clubs and spades, one picture a card."""
    seen = set()
    for card in DECK:
        root = parsed(card_svg(card))
        assert faces(root) == [str(card)]
        texts = list(root.iter(f"{SVG}text"))
        assert [t.text for t in texts[:2]] == [card.rank.letter, card.suit.symbol]
        red = card.suit in (pyclag.Suit.HEARTS, pyclag.Suit.DIAMONDS)
        assert {t.get("fill") for t in texts} == {"#c8102e" if red else "#1a1a1a"}
        assert card._repr_svg_() == card_svg(card)
        seen.add(card_svg(card))
    assert len(seen) == 52
    with pytest.raises(TypeError, match="card_svg: card must be a Card, not str"):
        card_svg("AS")


def test_issue_31_item_1_a_hand_marks_its_legal_cards() -> None:
    """A hand in its order, the legal cards raised and outlined, the others
    dimmed; without ``legal``, no card marked; a Hand shows itself the same."""
    hand = Hand.parse("3C 9C KD 2H")
    root = parsed(hand_svg(hand, legal=[Card.parse("9C"), Card.parse("KD")]))
    assert faces(root) == ["3C", "9C", "KD", "2H"]
    assert [g.get("data-card") for g in groups(root, "legal")] == ["9C", "KD"]
    assert [g.get("data-card") for g in groups(root, "illegal")] == ["3C", "2H"]
    veils = [[r.get("class") for r in g.iter(f"{SVG}rect")] for g in groups(root, "illegal")]
    assert veils == [[None, "veil"], [None, "veil"]]  # dimmed, still hiding what lies beneath
    plain = parsed(hand._repr_svg_())
    assert faces(plain) == ["3C", "9C", "KD", "2H"] and not groups(plain, "legal")
    assert parsed(hand_svg(Hand())).get("aria-label") == "no cards"
    with pytest.raises(TypeError, match="hand_svg: cards must be Card values only, not str"):
        hand_svg(["AS"])  # type: ignore[list-item]


def test_issue_31_item_1_the_table_is_drawn_from_the_texts_pieces() -> None:
    """The table of a state says the words ``print(state)`` says, from the same
    named pieces, and draws every hand, the turn-up and the trick."""
    state = a_state()
    root = parsed(table_svg(state))
    said = words(root)
    rnd = state.round
    for piece in (
        display.round_words(rnd.setup, 2),
        display.trumps_words(rnd.setup),
        display.trick_words(rnd) or "?",
        display.status_words(rnd, state.scores),
        *("  ".join(display.seat_words(rnd, seat, state.scores)) for seat in range(3)),
    ):
        assert " ".join(piece.split()) in said, piece
    cards = [str(card) for hand in rnd.hands for card in hand]
    assert faces(root) == [*["KD"], *cards, "4D"]  # the turn-up, the hands, the trick
    assert [g.get("data-seat") for g in groups(root, "seat")] == ["0", "1", "2"]
    assert [g.get("data-seat") for g in groups(root, "to-act")] == ["2"]
    assert state._repr_svg_() == table_svg(state) == table_svg(a_state())
    assert str(state).startswith("round 1 of 2 (3 cards), dealer seat 0")  # text unchanged
    with pytest.raises(TypeError, match="table_svg: view must be a GameState or an Observation"):
        table_svg(rnd)  # type: ignore[arg-type]


def test_issue_31_item_1_a_seats_table_shows_its_own_cards_and_the_others_backs() -> None:
    """An observation's picture: its own cards (the legal ones marked), the
    backs of the others' cards, its band marked ``you``."""
    view = observe(a_state(), 2)
    root = parsed(table_svg(view))
    assert faces(root) == ["KD", "6C", "2H", "5H", "4D"]
    assert len(groups(root, "back")) == 3 + 2
    assert [g.get("data-seat") for g in groups(root, "you")] == ["2"]
    assert {g.get("data-card") for g in groups(root, "legal")} == {"6C", "2H", "5H"}
    assert view._repr_svg_() == table_svg(view)


def test_issue_31_item_1_a_trick_shows_each_card_with_its_seat() -> None:
    """A trick's cards in order, each with its seat; a finished trick names
    who led and who won; a wild two says what it stands for."""
    two = Play(2, Card.parse("2H"), Card.parse("AC"))
    root = parsed(trick_svg([Play(1, Card.parse("4D")), two]))
    assert faces(root) == ["4D", "2H"]
    assert "♦ seat 1" in words(root) and words(root).endswith("♥ seat 2 = A♣")
    done = pyclag.engine.state.Trick(1, (Play(1, Card.parse("4D")),), 1)
    assert "seat 1 led, seat 1 won" in words(parsed(trick_svg(done)))


def test_issue_31_item_1_a_sheets_chart_has_a_line_a_player() -> None:
    """The chart of a sheet: a line a player through the running totals (a point
    a deal and the start), the names with their totals, the special deals shaded."""
    rules = pyclag.presets.get("wikipedia")
    sheet = ScoreSheet(rules, 4, names=("Ann", "Bob", "Cy", "Di"))
    sheet = sheet.bid(1).bid(0).bid(0).bid(1).took((0, 1, 0, 0))
    root = parsed(chart_svg(sheet))
    players = groups(root, "player")
    assert [g.get("data-seat") for g in players] == ["0", "1", "2", "3"]
    lines = [next(g.iter(f"{SVG}polyline")) for g in players]
    assert [line.get("stroke") for line in lines] == list(PALETTE[:4])
    assert [len((line.get("points") or "").split()) for line in lines] == [2] * 4
    assert "Ann 0 Bob 12 Cy 10 Di 10" in words(root)
    assert sheet._repr_svg_() == sheet.chart() == chart_svg(sheet)
    assert "A 0 B 12" in words(parsed(chart_svg(sheet, names=["A", "B", "C", "D"])))
    # A game's finished rounds chart alike.
    game = pyclag.new_game(pyclag.NORMAL.with_schedule([1]), 3)
    assert len(groups(parsed(chart_svg(game)), "player")) == 3


def test_issue_31_item_1_names_are_escaped_and_the_xml_stays_valid() -> None:
    """Whatever the names hold, the picture is valid XML and says them."""
    root = parsed(
        totals_chart([(0, 0), (3, -4)], ['A&<"B>', "\x00C"], ["start", "1"], [(1, "x<y")])
    )
    assert 'A&<"B> 3' in words(root) and "C -4" in words(root)
    assert [t.text for t in root.iter(f"{SVG}title")][1] == "x<y"


@settings(max_examples=100, deadline=None)
@given(moments(), st.integers(0, 6), st.integers(0, 2**16))
def test_issue_31_item_1_a_seats_picture_leaks_no_hidden_card(
    moment: Moment, seat_pick: int, seed: int
) -> None:
    """A seat's picture shows face up only the cards it may see (its own hand
    when shown, the turn-up once shown, the cards played), as many backs as the
    cards it may not see in hands, and is the same in two worlds it cannot tell
    apart (the no-leak property of ``observe``, for the pictures)."""
    seat, real, other = worlds(moment, seat_pick, seed)
    picture = table_svg(observe(real, seat))
    assert table_svg(observe(other, seat)) == picture
    root = parsed(picture)
    rnd = real.round
    phase = pyclag.phase(real)
    mine = set(rnd.hands[seat]) if hand_shown(rnd.setup, phase) else set()
    turnup = shown_turnup(rnd.setup, phase)
    may_see = mine | played(rnd.tricks, rnd.trick) | ({turnup} if turnup else set())
    shown = {Card.parse(text) for text in faces(root)}
    assert shown <= may_see
    assert mine <= shown
    hidden = sum(len(hand) for n, hand in enumerate(rnd.hands) if n != seat or not mine)
    assert len(groups(root, "back")) == hidden
