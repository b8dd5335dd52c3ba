"""What a newcomer trips on in the terminal game (issue 30, item 9): lines that
wrap mid-word at 80 columns, the suit list of a bad card twice over, a bad wild-two
answer answered with the plays, "you names", Misere and Misère both, and a PIMC
bot that thinks in silence."""

from __future__ import annotations

import io
import random
import sys

import pytest

import pyclag
from pyclag.bots import Bot, HeuristicBot, SearchBot
from pyclag.bots.pimc import PIMCBot
from pyclag.cli import main
from pyclag.rules import catalogue
from pyclag.terminal import Session, lines
from pyclag.terminal.lines import Console
from tests.terminal.answerer import Answerer

GAMES = [  # a seed and seat per preset whose game asks every kind of question the preset has
    ("wikipedia", 1, 1),  # bids, cards, Dealer Calls' trump, Twos Wild's declarations
    ("scottish", 1, 1),
    ("raf", 2, 2),  # the hand size and the call as well
    ("indonesian", 1, 1),
    ("pagat", 1, 1),
    ("normal", 1, 1),
]


def _play_through_the_command(preset: str, seed: int, seat: int) -> Answerer:
    """A whole game of ``pyclag play`` (four players, heuristic bots), its answers
    typed by an :class:`Answerer`, bad ones among them."""
    out = Answerer(seed, mischief=True, twos=True)
    argv = ["play", "--preset", preset, "--seed", str(seed), "--seat", str(seat)]
    stdin, stdout = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = out.stdin, out
    try:
        assert main(argv) == 0
    finally:
        sys.stdin, sys.stdout = stdin, stdout
    return out


@pytest.mark.parametrize(("preset", "seed", "seat"), GAMES)
def test_30_9_every_line_of_a_game_fits_80_columns_in_whole_words(
    preset: str, seed: int, seat: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 30 item 9: the welcome line, the headers (Blind's among them), the deal
    explanations, refusals and the RAF call prompt wrap at spaces within 80 columns,
    and the prompt leaves room for the answer; the same game with the lines left as
    long as they come holds the same words in the same order, so none was split."""
    wrapped = _play_through_the_command(preset, seed, seat)
    text = wrapped.getvalue()
    answers = iter(wrapped.answered)
    prompt, answer = next(answers)
    for line in text.splitlines():
        if line == prompt + answer:  # the answer echoed after its prompt: typed, not printed
            assert len(prompt.rstrip()) <= lines.WIDTH - lines.ANSWER_ROOM, line
            prompt, answer = next(answers, ("", "\0"))
            continue
        assert len(line) <= lines.WIDTH, line
    assert answer == "\0"  # every answer was found after its prompt
    assert {"bid", "card"} <= wrapped.kinds
    if preset == "raf":
        assert {"size", "call"} <= wrapped.kinds
    if preset in ("wikipedia", "indonesian", "pagat"):
        assert {"declare", "trumps"} <= wrapped.kinds
    monkeypatch.setattr(lines, "WIDTH", 10**9)
    whole = _play_through_the_command(preset, seed, seat).getvalue()
    assert max(map(len, whole.splitlines())) > lines.ANSWER_ROOM + 80  # long lines to wrap
    assert text.split() == whole.split()
    assert text != whole


def test_30_9_the_headers_that_ran_past_80_columns_now_wrap_between_words() -> None:
    """issue 30 item 9: the welcome line and Blind's header, which the terminal
    wrapped mid-word, come as whole words within 80 columns."""
    wikipedia = pyclag.presets.get("wikipedia")
    blind = wikipedia.round_spec(10)
    assert blind.label == "Blind (bids before the deal)"
    out = io.StringIO()
    Session(
        wikipedia.with_schedule([blind] * 10), 4, 1, random.Random(1), io.StringIO("quit\n"), out
    ).run()
    shown = out.getvalue().splitlines()
    assert shown[:2] == [
        "pyclag play: rules wikipedia, 4 players; you are seat 1.",
        "Type ? for help, quit to leave.",
    ]
    assert shown[2:4] == [
        "=== Round 1 of 10: 7 cards each, dealer: seat 0 -- Blind (bids before the deal)",
        "    ===",
    ]


def test_30_9_a_bad_card_lists_the_suits_once() -> None:
    """issue 30 item 9: a card that cannot be read is answered with the suits as
    letters or symbols, "(C D H S or ♣ ♦ ♥ ♠)", not "(C D H S or C D H S)"; a
    stream that cannot show the symbols reads "(C D H S)"."""
    rules = pyclag.NORMAL.with_schedule([2])
    answers = "1\nzz\nquit\n"
    out = io.StringIO()
    Session(rules, 3, 1, random.Random(2), io.StringIO(answers), out).run()
    assert "then a suit (C D H S or ♣ ♦ ♥ ♠), e.g. 'TH'" in " ".join(out.getvalue().split())
    raw = io.BytesIO()
    ascii_out = io.TextIOWrapper(raw, encoding="ascii", newline="\n")
    Session(rules, 3, 1, random.Random(2), io.StringIO(answers), ascii_out).run()
    ascii_out.flush()
    text = " ".join(raw.getvalue().decode("ascii").split())
    assert "then a suit (C D H S), e.g. 'TH'" in text
    assert "C D H S or C D H S" not in text


def test_30_9_misere_is_spelled_one_way() -> None:
    """issue 30 item 9: "Misère" as the rules page, the score card and the docs
    spell it, wherever the stream can show it; "Misere" only where it cannot."""
    wikipedia = pyclag.presets.get("wikipedia")
    rules = wikipedia.with_schedule([wikipedia.round_spec(8), 1])
    out = io.StringIO()
    Session(rules, 3, 0, random.Random(4), io.StringIO("rules\nquit\n"), out).run()
    text = out.getvalue()
    assert text.count("Misère") >= 4 and "Misere" not in text  # header, rules, table, command
    raw = io.BytesIO()
    ascii_out = io.TextIOWrapper(raw, encoding="ascii")
    Console("play", io.StringIO(), ascii_out).say("Misère: nobody bids")
    ascii_out.flush()
    assert raw.getvalue() == b"Misere: nobody bids\n"


def test_30_9_a_bad_wild_two_answer_lists_the_declarations() -> None:
    """issue 30 item 9: an answer to "2S stands for" that is no card is refused
    with the cards the two may stand for, not with the cards you may play."""
    rules = pyclag.NORMAL.with_schedule([pyclag.presets.get("pagat").schedule[11]])
    out = io.StringIO()
    Session(rules, 4, 1, random.Random(0), io.StringIO("0\n2S\nzz\nas zz\nquit\n"), out).run()
    refusals = [
        line for line in " ".join(out.getvalue().split()).split("Refused: ")[1:] if "zz" in line
    ]
    assert len(refusals) == 2
    for refusal in refusals:
        assert refusal.startswith("bad card text 'zz'")
        assert "; 2S may stand for: any card 2S stands for" in refusal
        assert "legal plays" not in refusal


def test_30_9_an_illegal_declaration_lists_what_the_two_may_stand_for() -> None:
    """issue 30 item 9: a card the two may not stand for is refused with the
    declarations as the prompt words them (any heart, ...), not the plays."""
    spec = catalogue.twos_wild(5)
    for seed in range(200):  # a deal where the two may stand for some cards only
        state = pyclag.deal(
            pyclag.new_game(pyclag.NORMAL.with_schedule([spec]), 3), rng=random.Random(seed)
        )
        state = pyclag.bid(pyclag.bid(pyclag.bid(state, 1), 1), 1)
        state = pyclag.play(
            state, next(c for c in pyclag.legal_plays(state) if c.rank is not pyclag.Rank.TWO)
        )
        seat = pyclag.next_actor(state)
        assert isinstance(seat, int)
        twos = [c for c in pyclag.legal_plays(state) if c.rank is pyclag.Rank.TWO]
        if twos and 1 < len(pyclag.legal_declarations(state, twos[0])) < 52:
            break
    else:
        pytest.fail("no deal with a restricted wild two")
    view = pyclag.observe(state, seat)
    two = twos[0]
    declarations = pyclag.legal_declarations(state, two)
    wrong = next(c for c in pyclag.DECK if c not in declarations and c.rank is not two.rank)
    with pytest.raises(pyclag.terminal.AnswerError) as refused:
        pyclag.terminal.read_answer(view, str(wrong), two)
    message = str(refused.value)
    assert message.startswith(f"you may not play {two}={wrong}: ")
    listed = message.split(f"; {two} may stand for: ", 1)[1]
    assert "legal plays" not in message
    assert listed in pyclag.terminal.declaration_prompt(view, two)


def test_30_9_you_name_the_deal_when_you_call() -> None:
    """issue 30 item 9: "Caller's choice: you name this deal's suits", not "you names"."""
    rules = pyclag.presets.get("raf", num_deals=3, first_deal_caller="eldest")
    out = Answerer(1, mischief=False)
    Session(rules, 3, 1, random.Random(4), out.stdin, out).run()  # seat 1, the eldest, calls
    text = " ".join(out.getvalue().split())
    assert "Caller's choice: you name this deal's suits and options" in text
    assert "you names" not in text


@pytest.mark.parametrize("name", ["pimc", "search"])
def test_30_9_a_search_bot_says_it_is_thinking_before_it_decides(name: str) -> None:
    """issue 30 item 9: before each decision a PIMC bot or the default search bot
    (issue 33) searches (it has a choice), the player hears that it is thinking, by
    the bot's ``--bots`` name; a heuristic bot, instant, says nothing."""
    rules = pyclag.NORMAL.with_schedule([2])
    out = Answerer(1, mischief=False)
    search = PIMCBot(worlds=4, seed=1) if name == "pimc" else SearchBot(simulations=20, seed=1)
    bots: list[Bot] = [search, HeuristicBot()]
    Session(rules, 3, 0, random.Random(1), out.stdin, out, bots=bots).run()
    said = out.getvalue().splitlines()
    thinking = [n for n, line in enumerate(said) if line.endswith("is thinking...")]
    assert thinking
    assert all(said[n] == f"Seat 1 ({name}) is thinking..." for n in thinking)
    # Seat 1 bids first (the eldest); its bid is told right after it thought.
    assert said[thinking[0] + 1].startswith("Seat 1 bids ")
    assert not any(line.startswith("Seat 2 (") for line in said)
