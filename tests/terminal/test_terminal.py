"""The interactive game: ``pyclag.terminal.run`` driven by scripted input.

A scripted stdin (:class:`Answerer`) reads the prompt last written to the
output and answers it from the options the prompt lists, so whole games of
every preset can be played; it also slips in bad answers, which must be
refused with a reason and asked again.
"""

from __future__ import annotations

import io
import itertools
import random
import re
from collections.abc import Callable
from functools import partial

import pytest

import pyclag
from pyclag import Card, Hand, Phase
from pyclag.bots import RandomBot
from pyclag.decisions import round_phases
from pyclag.rules import catalogue
from pyclag.terminal import (
    AnswerError,
    Session,
    UndeclaredTwoError,
    read_answer,
    run,
    show_hand,
)
from tests.terminal.answerer import Answerer, hand_shown

PRESETS = ("wikipedia", "scottish", "raf", "indonesian", "pagat", "normal")


def _play(
    rules: pyclag.RuleSet,
    answerer: Callable[[], Answerer],
    seat: int = 0,
    seed: int = 1,
    players: int = 4,
) -> tuple[Session, Answerer, str]:
    out = answerer()
    session = Session(rules, players, seat, random.Random(seed), out.stdin, out)
    assert session.run() == 0
    return session, out, out.getvalue()


def _assert_refused_and_asked_again(text: str, bad: dict[str, tuple[str, str]]) -> None:
    for name, (prompt, answer) in bad.items():
        if answer == "?":
            assert f"{prompt}?\nPlay a card" in text, name
            continue
        shown = f"{prompt}{answer}\nRefused: "
        assert shown in text, name
        after = text.split(shown, 1)[1].split("\n")
        assert after[0], f"{name}: no reason given"
        # The same question again (a declaration asks the card again after a blank).
        assert after[1].startswith(prompt.split(" (")[0]), (name, after[:2])


# --- whole games of every preset -------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_scripted_game_of_each_preset_runs_to_the_end(preset: str) -> None:
    rules = pyclag.presets.get(preset)
    session, stdin, text = _play(rules, partial(Answerer, seed=3))
    state = session.state
    assert pyclag.is_over(state)
    assert len(state.history) == rules.num_rounds(4)
    assert "Game over." in text
    assert pyclag.scorecard.score_card(state).replace("è", "e") in text
    last = text.rstrip("\n").rsplit("\n", 1)[1]
    assert last.startswith(("You win", "You share", "Seat "))
    # Every round began, and ended with its result, in order.
    for index in range(len(state.history)):
        assert f"=== Round {index + 1} of {len(state.history)}: " in text
        assert f"Round {index + 1} over:" in text
    assert text.count("Your hand: ") >= len(state.history)
    _assert_refused_and_asked_again(text, stdin.bad)
    assert {"unreadable bid", "bid too high", "unreadable card", "card not held"} <= set(
        stdin.bad
    ) or preset == "raf"


def test_every_refusal_names_its_reason() -> None:
    _, stdin, text = _play(pyclag.presets.get("wikipedia"), partial(Answerer, seed=5))
    reasons = {
        "unreadable bid": "'zz' is not a number of tricks; legal bids: ",
        "bid too high": "a bid is 0 to ",
        "unreadable card": "'zz' is not a card: ",
        "card not held": "you do not hold ",
        "revoke": "you must follow suit: ",
        "hooked bid": "the dealer may not bid ",
    }
    assert set(reasons) <= set(stdin.bad)
    for name, reason in reasons.items():
        prompt, answer = stdin.bad[name]
        assert f"{prompt}{answer}\nRefused: {reason}" in text, name
    _assert_refused_and_asked_again(text, stdin.bad)
    assert text.isascii()  # Misère is shown as Misere: any terminal can show the game
    assert "Misere" in text


def test_raf_asks_hand_size_and_calls_and_refuses_bad_ones() -> None:
    rules = pyclag.presets.get("raf")
    for seed in range(1, 40):  # a seed where you become the caller at least once
        session, stdin, text = _play(rules, partial(Answerer, seed=seed), seed=seed)
        if "call" in stdin.kinds:
            break
    assert {"size", "call", "bid", "card"} <= stdin.kinds
    assert {"bad size", "unreadable size", "unreadable call", "two madnesses"} <= set(stdin.bad)
    assert "Refused: 'zz' is not part of a call" in text
    assert "Refused: a call has one madness at most" in text
    _assert_refused_and_asked_again(text, stdin.bad)
    assert re.search(r"You call (Trumps [CDHS]|No Trumps|Precedence [CDHS]{4})", text)
    assert pyclag.is_over(session.state)


def test_refused_answers_do_not_change_the_game() -> None:
    rules = pyclag.presets.get("wikipedia")
    clean, _, _ = _play(rules, partial(Answerer, mischief=False, first=True))
    messy, stdin, text = _play(rules, partial(Answerer, mischief=True, first=True))
    assert len(stdin.bad) >= 5
    assert "Refused: " in text
    assert messy.state == clean.state


def test_special_rounds_roll_em_twos_wild_dealer_calls_blind() -> None:
    specs = [
        catalogue.roll_em(5),
        catalogue.twos_wild(7),
        catalogue.dealer_calls(6, allow_no_trumps=True),
        catalogue.blind_unseen(5),
        catalogue.misere(trumps=True, per_trick=-2, hand_size=4),
        catalogue.most_tricks(4),
        catalogue.aces_low(6),
    ]
    rules = pyclag.NORMAL.with_schedule(specs * 2)
    session, stdin, text = _play(rules, partial(Answerer, seed=2), seat=2)
    assert pyclag.is_over(session.state)
    assert {"declare", "trumps", "bid", "card"} <= stdin.kinds
    assert re.search(r" stands for \(legal: ", text)
    assert re.search(
        r"(You declare|Seat \d declares) (clubs|diamonds|hearts|spades|no) trumps", text
    )
    assert re.search(r"; [a-z ]*\d? ?(plays? )?2[CDHS] as [2-9TJQKA][CDHS]", text) or re.search(
        r" 2[CDHS] as [2-9TJQKA][CDHS]", text
    )
    assert "Your hand: face down, not seen yet" in text
    assert "Tricks won: " in text  # most tricks: no bids
    # Roll 'Em: no card is asked for, yet every trick is told.
    roll = text.split("=== Round 1 of 14", 1)[1].split("=== Round 2 of 14", 1)[0]
    assert "Your card" not in roll
    assert roll.count("\nTrick ") == 5
    _assert_refused_and_asked_again(text, stdin.bad)


# --- quitting -------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["quit", "QUIT", " Quit ", "exit"])
def test_quit_mid_game_exits_cleanly(word: str) -> None:
    out = io.StringIO()
    answers = io.StringIO("1\n" * 3 + f"{word}\n" + "1\n" * 5)
    assert run(pyclag.presets.get("normal"), 4, 2, random.Random(1), answers, out) == 0
    text = out.getvalue()
    last = text.rstrip("\n").rsplit("\n", 1)[1]
    assert last.startswith("Goodbye: you left in round ")
    assert "Game over." not in text
    assert answers.readline() == "1\n"  # nothing read after the quit


def test_quit_after_many_prompts_keeps_the_game_unfinished() -> None:
    session, stdin, text = _play(pyclag.presets.get("pagat"), partial(Answerer, stop_after=40))
    assert stdin.asked == 41
    assert not pyclag.is_over(session.state)
    assert text.rstrip("\n").rsplit("\n", 1)[1].startswith("Goodbye: ")


@pytest.mark.parametrize("script", ["", "0\n", "0\n0\n0"])
def test_end_of_input_exits_cleanly(script: str) -> None:
    out = io.StringIO()
    status = run(pyclag.presets.get("normal"), 4, 0, random.Random(7), io.StringIO(script), out)
    assert status == 0
    assert out.getvalue().rstrip("\n").rsplit("\n", 1)[1].startswith("Goodbye: ")


def test_end_of_input_at_a_wild_two_declaration() -> None:
    rules = pyclag.NORMAL.with_schedule([catalogue.twos_wild(13)])
    out = Answerer(mischief=False, eof_at="declare", twos=True)
    assert Session(rules, 4, 1, random.Random(3), out.stdin, out).run() == 0
    lines = out.getvalue().split("\n")
    assert re.fullmatch(r"Your card \(legal: .*\): 2[CDHS]", lines[-4])
    assert re.fullmatch(r"2[CDHS] stands for \(legal: .*; blank to go back\): ", lines[-3])
    assert lines[-2].startswith("Goodbye: you left in round 1 of 1.")


def test_a_wild_two_names_its_card_inline_or_is_asked_for_it() -> None:
    rules = pyclag.NORMAL.with_schedule([catalogue.twos_wild(13)])
    for seed in itertools.count():
        state = pyclag.deal(pyclag.new_game(rules, 4), rng=random.Random(seed))
        if any(card.rank is pyclag.Rank.TWO for card in state.round.hands[1]):
            break
    two = next(card for card in state.round.hands[1] if card.rank is pyclag.Rank.TWO)
    for _ in range(4):
        state = pyclag.bid(state, pyclag.legal_bids(state)[0])
    view = pyclag.observe(state, 1)
    with pytest.raises(UndeclaredTwoError) as raised:
        read_answer(view, str(two).lower())
    assert raised.value.two is two
    play = read_answer(view, f"{two} = A\u2660")
    assert play == pyclag.Play(1, two, Card.parse("AS"))
    with pytest.raises(AnswerError, match="is not a card"):
        read_answer(view, f"{two}=11S")


# --- what you are never shown ----------------------------------------------------------------


def _before_last_bid(text: str, dealer: int) -> str:
    """The output of the (only) round up to the dealer's bid, the last one."""
    start = text.index("=== Round 1 of 1")
    return text[start : text.index(f"\nSeat {dealer} bids ", start)]


def test_guess_trumps_hides_the_turnup_until_the_last_bid() -> None:
    spec = pyclag.presets.get("scottish").round_spec(9)
    assert spec.label == "Guess Trumps"
    rules = pyclag.NORMAL.with_schedule([spec])
    for seed in range(1, 6):
        session, _, text = _play(rules, partial(Answerer, seed=seed), seat=1, seed=seed)
        turnup = session.state.history[0].setup.turnup
        assert turnup is not None
        before = _before_last_bid(text, dealer=0)
        assert "Your bid" in before  # you bid (first) in this part
        assert "Trumps: shown after the last bid" in before
        assert str(turnup) not in before
        assert "Turn-up" not in before
        assert "turn-up" not in before
        assert f"Turn-up: {turnup}, so " in text
        assert f"(turn-up {turnup})" in text


def test_blind_round_hides_your_hand_and_the_turnup_until_the_last_bid() -> None:
    spec = pyclag.presets.get("scottish").round_spec(10)
    assert spec.label == "Blind (cards and trumps unseen)"
    rules = pyclag.NORMAL.with_schedule([spec])
    for seed in range(1, 6):
        session, _, text = _play(rules, partial(Answerer, seed=seed), seat=1, seed=seed)
        result = session.state.history[0]
        mine = Hand.of(
            play.card for trick in result.tricks for play in trick.plays if play.seat == 1
        )
        assert len(mine) == 7
        before = _before_last_bid(text, dealer=0)
        assert "Your bid" in before
        assert "Your hand: face down, not seen yet" in before
        assert show_hand(mine) not in before
        assert not any(str(card) in before for card in mine)
        assert result.setup.turnup is not None and str(result.setup.turnup) not in before
        # You lead the first trick (eldest), holding the whole hand, once the bids are in.
        assert f"Your hand: {show_hand(mine)}" in text


def test_bids_before_the_deal_show_no_hand() -> None:
    spec = pyclag.presets.get("pagat").round_spec(10)
    assert round_phases(spec, pyclag.NORMAL)[0] is Phase.BID_BEFORE_DEAL
    rules = pyclag.NORMAL.with_schedule([spec])
    session, _, text = _play(rules, partial(Answerer, seed=1), seat=1)
    before = text.split("Seat 0 bids ", 1)[0]
    assert "Your hand: not dealt yet" in before
    assert "Turn-up" not in before
    mine = Hand.of(
        play.card
        for trick in session.state.history[0].tricks
        for play in trick.plays
        if play.seat == 1
    )
    assert not any(str(card) in before for card in mine)


def test_every_hand_shown_is_your_own_hand_of_that_round() -> None:
    out = Answerer(seed=9)
    bots = [RandomBot(random.Random(1)), RandomBot(random.Random(2)), RandomBot(random.Random(3))]
    session = Session(pyclag.presets.get("normal"), 4, 3, random.Random(4), out.stdin, out, bots)
    assert session.run() == 0
    sections = out.getvalue().split("=== Round ")[1:]
    assert len(sections) == len(session.state.history) == 13
    for section, result in zip(sections, session.state.history, strict=True):
        dealt = Hand.of(
            play.card for trick in result.tricks for play in trick.plays if play.seat == 3
        )
        shown = [hand_shown(line) for line in section.split("\n") if line.startswith("Your hand: ")]
        assert shown[0] == dealt  # at your bid: the whole hand
        assert all(hand.mask & ~dealt.mask == 0 for hand in shown)
        assert [len(hand) for hand in shown[1:]] == list(range(len(dealt), 0, -1))


def test_bad_arguments_are_refused() -> None:
    rules = pyclag.presets.get("normal")
    with pytest.raises(pyclag.RulesError, match="seat must be"):
        run(rules, 4, 4, random.Random(1), io.StringIO(), io.StringIO())
    with pytest.raises(pyclag.RulesError, match="need 3 bots"):
        run(rules, 4, 0, random.Random(1), io.StringIO(), io.StringIO(), bots=[RandomBot()])
    with pytest.raises(pyclag.RulesError):
        run(rules, 9, 0, random.Random(1), io.StringIO(), io.StringIO())
