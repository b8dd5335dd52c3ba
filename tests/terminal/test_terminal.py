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
from pyclag.engine.decisions import round_phases
from pyclag.rules import catalogue
from pyclag.rules.trumps import NO_TRUMPS
from pyclag.terminal import (
    AnswerError,
    Session,
    UndeclaredTwoError,
    read_answer,
    run,
    show_hand,
)
from tests.terminal.answerer import Answerer, hand_shown

# These tests read a message a line: the terminal's wrapping at 80 columns is
# tested on its own (issue 30 item 9, tests/terminal/test_newcomer_30.py).
pytestmark = pytest.mark.usefixtures("unwrapped")

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
    names = ["you", "seat 1", "seat 2", "seat 3"]  # your column is headed "you"
    assert pyclag.scoresheet.scorecard.score_card(state, names) in text
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
    # The reasons are the notation's (unreadable text) and the rules' own (pyclag.engine.decisions).
    reasons = {
        "unreadable bid": "bad bid text 'zz': expected a whole number, e.g. 3; legal bids: ",
        "bid too high": "you may not bid 99: a bid is 0..",
        "unreadable card": "bad card text 'zz': expected a rank ",
        "card not held": "you may not play ",
        "revoke": "you may not play ",
        "hooked bid": "you may not bid ",
    }
    because = {
        "card not held": ": seat 0 does not hold ",
        "revoke": ": must follow suit ",
        "hooked bid": ": total of bids would equal the hand size ",  # §1.7, the NE hook
    }
    assert set(reasons) <= set(stdin.bad)
    for name, reason in reasons.items():
        prompt, answer = stdin.bad[name]
        assert f"{prompt}{answer}\nRefused: {reason}" in text, name
        if name in because:
            assert f"{prompt}{answer}\nRefused: {reason}{answer}{because[name]}" in text, name
    _assert_refused_and_asked_again(text, stdin.bad)
    # One spelling wherever users read it (issue 30 item 9); a stream that cannot
    # show it reads Misere (tests/terminal/test_newcomer_30.py).
    assert "Misère" in text
    assert "Misere" not in text


def test_raf_asks_hand_size_and_calls_and_refuses_bad_ones() -> None:
    rules = pyclag.presets.get("raf")
    for seed in range(1, 40):  # a seed where you become the caller at least once
        session, stdin, text = _play(rules, partial(Answerer, seed=seed), seed=seed)
        if "call" in stdin.kinds:
            break
    assert {"size", "call", "bid", "card"} <= stdin.kinds
    assert {"bad size", "unreadable size", "unreadable call", "two madnesses"} <= set(stdin.bad)
    assert "Refused: bad call text 'trumps zz': 'zz' is not part of a call" in text
    assert "Refused: bad call text 'nt ascending descending': one madness at most" in text
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
    assert "Your play" not in roll
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
    assert re.fullmatch(r"Your play \(legal: .*\): 2[CDHS]", lines[-5])
    two = lines[-5][-2:]
    assert lines[-4] == (
        f"{two} is wild: it is played as the card you name, and beats that card played naturally"
    )
    assert re.fullmatch(
        rf"{two} stands for \(legal: .*; type it, e.g. AC or as AC; blank to go back\): ", lines[-3]
    )
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
    with pytest.raises(AnswerError, match="bad card text '11S'"):
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


# --- the notation and the rules, read from the decision table --------------------------------


def _until(state: pyclag.GameState, phase: Phase, seed: int = 1) -> pyclag.GameState:
    """``state`` played on by random bots (and chance) until it waits for ``phase``."""
    rng = random.Random(seed)
    bot = RandomBot(random.Random(seed))
    while state.round.phase is not phase:
        actor = state.round.to_act
        if actor is pyclag.CHANCE:
            state = pyclag.apply(state, pyclag.sample_chance(state, rng))
        else:
            assert isinstance(actor, int)
            state = pyclag.apply(state, bot.choose(pyclag.observe(state, actor)))
    return state


def test_answers_are_read_in_the_notation_suit_names_included() -> None:
    spec = catalogue.dealer_calls(6, allow_no_trumps=True)
    state = pyclag.deal(
        pyclag.new_game(pyclag.NORMAL.with_schedule([spec]), 4), rng=random.Random(1)
    )
    view = pyclag.observe(state, 0)  # the dealer declares (§2.0 DEALER_CALLS)
    assert read_answer(view, "spades") == pyclag.DeclareTrump(0, pyclag.Suit.SPADES)
    assert read_answer(view, " Hearts ") == pyclag.DeclareTrump(0, pyclag.Suit.HEARTS)
    assert read_answer(view, "nt") == pyclag.DeclareTrump(0, NO_TRUMPS)
    with pytest.raises(AnswerError, match="bad trump text 'x': expected a suit"):
        read_answer(view, "x")
    raf = _until(pyclag.new_game(pyclag.presets.get("raf"), 4), Phase.CALL)
    caller = raf.round.to_act
    assert isinstance(caller, int)
    calls = pyclag.observe(raf, caller)
    assert str(read_answer(calls, "trumps h")) == "trumps:H"
    assert str(read_answer(calls, "HSDC")) == "precedence:HSDC"
    assert str(read_answer(calls, "spades, misère, desc")) == "trumps:S misere descending"


def test_a_refused_card_gives_the_reason_the_rule_gives() -> None:
    rules = pyclag.NORMAL.with_schedule([7])
    for seed in itertools.count():
        state = pyclag.deal(pyclag.new_game(rules, 4), rng=random.Random(seed))
        for _ in range(4):
            state = pyclag.bid(state, pyclag.legal_bids(state)[0])
        state = pyclag.play(state, pyclag.legal_plays(state)[0])
        seat = state.round.to_act
        assert isinstance(seat, int)
        revokes = [c for c in state.round.hands[seat] if c not in pyclag.legal_plays(state)]
        if revokes:
            break
    card = revokes[0]
    assert isinstance(seat, int)
    refusal = pyclag.engine.decisions.BY_PHASE[Phase.PLAY].check(state, pyclag.Play(seat, card))
    assert refusal is not None and refusal.reason is pyclag.Reason.MUST_FOLLOW_SUIT
    with pytest.raises(AnswerError) as raised:
        read_answer(pyclag.observe(state, seat), str(card).lower())
    assert f"you may not play {card}: {refusal.why}; legal plays: " in str(raised.value)


# --- the Scottish draw for the first bidder before each deal (A25) ---------------------------


def test_a25_draw_each_deal_is_shown_and_a_scripted_game_runs() -> None:
    rules = pyclag.presets.get("scottish", scottish_draw_each_round=True)
    session, stdin, text = _play(rules, partial(Answerer, seed=4), seat=2, seed=6)
    state = session.state
    assert pyclag.is_over(state) and len(state.history) == rules.num_rounds(4)
    sections = text.split("=== Round ")[1:]
    assert len(sections) == len(state.history)
    for section, result in zip(sections, state.history, strict=True):
        setup = result.setup
        assert setup.draw is not None
        first, last = setup.first_bidder, setup.last_bidder
        line = next(ln for ln in section.split("\n") if ln.startswith("Draw for the first bidder:"))
        for card in setup.draw:
            assert str(card) in line
        if not setup.played.bidding.has_bids:  # misère: the draw names the leader alone
            assert line.endswith(("You lead.", f"Seat {first} leads."))
            continue
        who = "You bid" if first == 2 else f"Seat {first} bids"
        assert f"{who} first and lead" in line
        assert line.endswith(f"the restriction binds {'you' if last == 2 else f'seat {last}'}.")
        # The draw is told before any bid, and the bids are shown from the first bidder.
        first_bid = re.search(r"\n(You bid|Seat \d bids) \d+\.", section)
        assert first_bid is not None
        assert section.index("Draw for the first bidder") < first_bid.start()
    assert any(
        result.setup.first_bidder != (result.setup.dealer + 1) % 4 for result in state.history
    )
    _assert_refused_and_asked_again(text, stdin.bad)


def test_a25_the_hook_binds_the_last_bidder_not_the_dealer() -> None:
    rules = pyclag.presets.get("scottish", scottish_draw_each_round=True).with_schedule([3])
    for seed in itertools.count():
        state = _until(pyclag.new_game(rules, 4), Phase.BID, seed)
        setup = state.round.setup
        if setup.last_bidder != setup.dealer:
            break
    while state.round.to_act != setup.last_bidder:
        state = pyclag.bid(state, 0)
    view = pyclag.observe(state, setup.last_bidder)
    # Three noughts: the last bidder may not bid 3, the hand size (§1.7 NE, A25).
    assert [action.tricks for action in view.legal if isinstance(action, pyclag.Bid)] == [0, 1, 2]
    with pytest.raises(AnswerError, match="you may not bid 3: total of bids would equal"):
        read_answer(view, "3")
    assert "the restriction binds" in " ".join(pyclag.terminal.Teller().news(view))
