"""The terminal game as a newcomer wants it (issue 18, items 1-4): each special
deal explained when it starts, unusual scores explained, the score card within
its width, the commands at any prompt, ``--record``, suits as words, and the
bots named by seat in ``simulate``."""

from __future__ import annotations

import io
import json
import os
import random
import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import records
from pyclag.engine import play_out
from pyclag.rules import catalogue
from pyclag.scoresheet.scorecard import CardRow, card_text, card_width, score_card
from pyclag.terminal import Session, help_text, read_answer
from pyclag.terminal._commands import COMMANDS
from pyclag.terminal._explain import deal_lines, spec_lines
from pyclag.terminal.lines import plain
from pyclag.terminal.page import rules_page
from tests.helpers import run_pyclag
from tests.terminal.answerer import Answerer

# These tests read a message a line: the terminal's wrapping at 80 columns is
# tested on its own (issue 30 item 9, tests/terminal/test_newcomer_30.py).
pytestmark = pytest.mark.usefixtures("unwrapped")

PRESETS = ("wikipedia", "scottish", "raf", "indonesian", "pagat", "normal")


def _session(
    rules: pyclag.RuleSet,
    out: io.StringIO,
    stdin: io.StringIO,
    seat: int = 0,
    seed: int = 1,
    players: int = 4,
    record: str | None = None,
) -> Session:
    return Session(rules, players, seat, random.Random(seed), stdin, out, record=record)


def _scripted(rules: pyclag.RuleSet, seed: int = 1, players: int = 4, mischief: bool = True) -> str:
    out = Answerer(seed, mischief=mischief)
    assert _session(rules, out, out.stdin, seed=seed, players=players).run() == 0
    return out.getvalue()


def _text(path: str) -> str:
    with open(path, encoding="utf-8") as file:
        return file.read()


# --- 2. the score card fits ------------------------------------------------------------------


def _tables(preset: str) -> list[int]:
    rules = pyclag.presets.get(preset)
    return [n for n in range(2, 8) if rules.min_players <= n <= rules.max_players]


@pytest.mark.parametrize(("preset", "players"), [(p, n) for p in PRESETS for n in _tables(p)])
def test_2_every_line_of_the_card_fits_its_width(preset: str, players: int) -> None:
    state = play_out(pyclag.new_game(pyclag.presets.get(preset), players), random.Random(players))
    width = card_width(players)
    assert width <= (80 if players <= 4 else 100)
    heads = ["you" if seat == 0 else f"seat {seat}" for seat in range(players)]
    for card in (score_card(state), score_card(state, heads, ["heuristic"] * players)):
        lines = card.splitlines()
        assert len(lines) > state.rules.num_rounds(players)
        assert max(map(len, lines)) <= width, card
    assert "winner" in score_card(state).splitlines()[-1]


@settings(max_examples=10)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 7))
def test_2_property_raf_cards_with_any_calls_fit(seed: int, players: int) -> None:
    state = play_out(pyclag.new_game(pyclag.presets.get("raf"), players), random.Random(seed))
    card = score_card(state)
    assert max(map(len, card.splitlines())) <= card_width(players)
    # A rule too long for its column is a key, spelled out in the legend under the card.
    for key in re.findall(r"\|?\s(\[[a-z]+\])\s+\|", card):
        assert re.search(rf"^{re.escape(key)} \S", card, re.M), key


def test_2_long_names_are_cut_to_their_column_and_the_winner_line_wraps() -> None:
    names = ["Bartholomew-the-Magnificent"] * 7
    rows = [
        CardRow(1, 7, "Precedence DHSC, Nuloss, Blind play, Misère (x called)", (1,) * 7, (0,) * 7)
    ]
    card = card_text(rows, 7, best=(0, 1, 2, 3, 4, 5, 6), names=names)
    assert max(map(len, card.splitlines())) <= 100
    assert card.splitlines()[0].endswith("Bartholome")
    assert card.splitlines()[2] == "[a] Precedence DHSC, Nuloss, Blind play, Misère (x called)"
    assert "winners: Bartholomew-the-Magnificent, " in card


def test_2_play_heads_your_column_you() -> None:
    text = _scripted(pyclag.NORMAL.with_schedule([1, 2]), mischief=False)
    card = text.split("Game over.\n", 1)[1]
    assert card.startswith("round cards rule |    you       seat 1     seat 2     seat 3\n")


# --- 1. each special deal explained ----------------------------------------------------------


def test_1_each_special_deal_is_explained_under_its_heading() -> None:
    rules = pyclag.presets.get("wikipedia")
    text = _scripted(rules, mischief=False)
    for index in range(rules.num_rounds(4)):
        spec = rules.round_spec(index)
        head = text.split(f"=== Round {index + 1} of 22: ", 1)[1].split("\n")
        lines = spec_lines(spec, rules, spec.hand_size)
        if spec.label:
            assert lines, spec.label
            assert head[1 : 1 + len(lines)] == lines
        else:
            assert not lines


def test_1_the_misere_cost_is_read_from_the_rules() -> None:
    rules = pyclag.presets.get("wikipedia", misere_points_per_trick=-3)
    text = _scripted(rules, mischief=False)
    assert (
        "=== Round 9 of 22: 7 cards each, dealer: you -- Misère ===\n"
        "Misère: nobody bids; every contract is 0 tricks. Taking no tricks scores 10; "
        "each trick taken scores -3.\n"
    ) in text
    result = text.split("Round 9 over:\n", 1)[1].split("\n=== ", 1)[0]
    taken = re.findall(r"  (you|seat \d) +bid 0  took (\d)", result)
    missed = [f"{who} {count} x -3" for who, count in taken if count != "0"]
    assert result.splitlines()[-1] == f"Misère: each trick taken scores -3: {', '.join(missed)}."


def test_1_a_most_tricks_tie_says_nobody_scores() -> None:
    rules = pyclag.NORMAL.with_schedule([catalogue.most_tricks(4)] * 6)
    text = _scripted(rules, mischief=False, players=3)
    assert "Most Tricks: nobody bids. The one player who takes the most tricks scores 10; " in text
    ties = re.findall(r"Most Tricks: (.*) tie with (\d) tricks, so nobody scores\.", text)
    assert ties  # six 4-card deals among three: some tie
    for result in text.split("over:\n")[1:]:
        rows = re.findall(r"took (\d) +([+-]\d+)", result.split("\n===")[0])
        counts = [int(took) for took, _ in rows]
        tied = counts.count(max(counts)) > 1
        assert ("so nobody scores" in result.split("\n===")[0]) == tied
        if tied:
            assert all(points == "+0" for _, points in rows)


def test_1_raf_calls_are_explained_when_made_and_madness_values_in_the_result() -> None:
    text = _scripted(pyclag.presets.get("raf"), seed=1, mischief=False)
    assert (
        "Caller's choice: seat 1 names this deal's suits and options after seeing the hand" in text
    )
    called = re.findall(r"(?:You call|Seat \d calls) (.*)\.\n((?:.+\n)+?)---", text)
    assert called
    for label, explained in called:
        if "Madness" in label:
            assert re.search(r"madness: each trick is worth its own value: 2 4 ", explained)
        if "Nuloss" in label:
            assert "Nuloss: ranks run upside down, high to low 2 3 4 " in explained
        if "Precedence" in label:
            order = " ".join(label.split("Precedence ")[1][:4])
            assert f"Suit precedence {order}: a card of a higher suit beats every card" in explained
    assert re.search(r"\nTrick values 2 4 6[ \d]*; taken: ", text)


def _until(
    rules: pyclag.RuleSet, players: int, done: Callable[[pyclag.GameState], bool]
) -> pyclag.GameState:
    """A game played on (first legal answers, seeded chance) until ``done``."""
    game, rng = pyclag.new_game(rules, players), random.Random(3)
    while not done(game):
        actor = pyclag.next_actor(game)
        if isinstance(actor, int):
            game = pyclag.apply(game, pyclag.legal_actions(game)[0])
        else:
            game = pyclag.apply(game, pyclag.sample_chance(game, rng))
    return game


def test_1_the_call_help_says_what_each_word_means() -> None:
    game = _until(pyclag.presets.get("raf"), 3, lambda g: pyclag.phase(g) is pyclag.Phase.CALL)
    caller = pyclag.next_actor(game)
    assert isinstance(caller, int)
    text_before = plain(help_text(pyclag.observe(game, caller)))
    helped = text_before.split("What each word means:\n", 1)[1]
    for word, meaning in [
        ("nt", "No trumps: the highest card of the suit led wins each trick."),
        ("precedence HSDC", "Suit precedence H S D C: a card of a higher suit beats"),
        ("nuloss", "Nuloss: ranks run upside down, high to low 2 3 4 5 6 7 8 9 T J Q K A."),
        ("blind", "Each hand is shuffled face down and its top card played to each trick"),
        (
            "misere",
            "Misere: nobody bids; every contract is 0 tricks. Taking no tricks scores 10; each trick taken scores -2.",
        ),
        ("ascending", "Ascending madness: each trick is worth its own value: 2 4 6"),
        ("descending", "Descending madness: each trick is worth its own value: "),
    ]:
        assert f"\n  {word}: {meaning}" in "\n" + helped, word


def test_1_face_down_piles_are_announced() -> None:
    rules = pyclag.NORMAL.with_schedule([catalogue.roll_em(5), 1])
    text = _scripted(rules, mischief=False)
    roll = text.split("=== Round 2 of 2", 1)[0]
    assert (
        "Each player's cards stay face down and are played one a trick in the order they were dealt"
        in roll
    )
    assert (
        "\nThe cards come off face-down piles, so all 5 tricks play themselves:\nTrick 1: " in roll
    )


def test_1_a_normal_deal_is_not_explained() -> None:
    game = pyclag.new_game(pyclag.presets.get("raf"), 3)
    assert deal_lines(game.round.setup, game.rules) == []  # A18: the first RAF deal is standard


def test_1_rules_page_shows_every_option_with_its_meaning() -> None:
    for preset in PRESETS:
        rules = pyclag.presets.get(preset)
        page = rules_page(rules, max(4, rules.min_players))
        assert max(map(len, page.splitlines())) <= 80
        options = page.split("options (name = value; none: as the schedule says):\n", 1)[1]
        flat = " ".join(options.split())
        for name in rules.options:
            about = " ".join(rules.explain(name).split())
            assert re.search(rf"{name} = \S+.*? {re.escape(about)}", flat), (preset, name)
    assert "Scoring F1: an exact bid scores 10 + 2 a trick; a missed bid scores nothing." in (
        rules_page(pyclag.presets.get("wikipedia"), 4)
    )


# --- 3. play: commands at any prompt, suits as words, the wild two, --record ------------------


class Scripted(io.StringIO):
    """A stdout that answers each prompt with ``commands`` first (once each a
    kind of prompt), then what ``Answerer`` would."""

    def __init__(self, commands: list[str], seed: int = 0) -> None:
        super().__init__()
        self.answerer = Answerer(seed, mischief=False, twos=True)
        self.stdin = self.answerer.stdin
        self.commands = commands
        self.done: dict[str, list[str]] = {}

    def flush(self) -> None:
        text = self.getvalue()
        prompt = text.rsplit("\n", 1)[-1]
        kind = prompt.split(" (")[0]
        kind = "declare" if " stands for " in prompt else kind
        left = [c for c in self.commands if c not in self.done.setdefault(kind, [])]
        if left:
            self.done[kind].append(left[0])
            self.answerer.answer(left[0])
            return
        self.answerer.truncate(0)
        self.answerer.seek(0)
        self.answerer.write(text[: len(text) - len(prompt)])
        self.answerer.write(prompt)  # the prompt written last, as the Answerer reads it
        self.answerer.flush()


def test_3_commands_work_at_every_kind_of_prompt() -> None:
    words = ["score", "LAST", "rules", "hand", "help"]
    shown = {
        "score": ("No deal is finished yet.", "round cards rule "),
        "LAST": ("No trick has been played yet.", "Last trick, round "),
        "rules": ("Round ",),
        "hand": ("--- Round ",),
        "help": tuple(
            f"{verb[0].upper()}{verb[1:]}" for verb in ("bid", "play", "choose", "call", "declare")
        ),
    }
    specs = [catalogue.dealer_calls(5), catalogue.twos_wild(13)]
    kinds: set[str] = set()
    tables = [
        (pyclag.presets.get("raf", num_deals=3), 3, 0),
        (pyclag.presets.get("raf", num_deals=4, first_deal_caller="eldest"), 3, 1),
        (pyclag.NORMAL.with_schedule(specs), 4, 0),
    ]
    for rules, players, seat in tables:
        out = Scripted(words, seed=2)
        session = Session(rules, players, seat, random.Random(4), out.stdin, out)
        assert session.run() == 0
        text = out.getvalue()
        assert "Refused" not in text  # a command is never read as an answer
        lines = text.split("\n")
        for kind, done in out.done.items():
            assert done == words, kind
            for word, starts in shown.items():  # each command's answer follows it
                mark = " stands for (" if kind == "declare" else kind
                asked = [n for n, line in enumerate(lines) if mark in line and line.endswith(word)]
                said = [n + 1 for n in asked if lines[n].endswith(f": {word}")]
                assert said, (kind, word)
                assert lines[said[0]].startswith(starts), (kind, word, lines[said[0]])
        kinds |= set(out.done)
    assert {
        "Your bid",
        "Your play",
        "Your trump declaration",
        "declare",
        "Your hand size",
        "Your call",
    } <= kinds


def test_3_the_commands_say_the_card_the_last_trick_and_the_rules() -> None:
    rules = pyclag.NORMAL.with_schedule([2, 3])
    game = _until(rules, 3, lambda g: bool(g.history))  # the second deal not dealt yet
    view = pyclag.observe(game, 1)
    card = COMMANDS["score"](view).splitlines()
    assert card[0] == "round cards rule |   seat 0      you       seat 2"
    assert card[1].startswith("    1     2      | ")
    last = game.history[0].tricks[-1]
    assert COMMANDS["last"](view) == (
        "Last trick, round 1 of 2: Trick 2: "
        + ", ".join(f"{'you' if p.seat == 1 else f'seat {p.seat}'} {p.card}" for p in last.plays)
        + f"; {'you win' if last.winner == 1 else f'seat {last.winner} wins'}."
    )
    assert COMMANDS["rules"](view).splitlines() == [
        "Round 2 of 2, 3 cards:",
        "Trumps: shown at the deal.",
        "A normal deal: the turn-up names trumps; follow suit if you can.",
        "An exact bid scores 10 + 2 a trick; a missed bid scores nothing.",
        "The last bidder may not bid so that the bids total 3, the number of tricks.",
    ]
    assert COMMANDS["hand"](view).startswith("--- Round 2 of 2, 3 cards, dealer: you")


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("S", "S"),
        ("spades", "S"),
        ("Spade", "S"),
        ("\u2660", "S"),
        ("HEARTS", "H"),
        ("nt", "no-trumps"),
    ],
)
def test_3_suits_as_letters_words_and_symbols_at_a_trump_declaration(
    typed: str, expected: str
) -> None:
    rules = pyclag.NORMAL.with_schedule([catalogue.dealer_calls(5, allow_no_trumps=True)])
    game = pyclag.deal(pyclag.new_game(rules, 3), rng=random.Random(1))
    dealer = pyclag.next_actor(game)
    assert isinstance(dealer, int)
    assert str(read_answer(pyclag.observe(game, dealer), typed)) == f"{expected}"


@pytest.mark.parametrize(
    "typed",
    [
        "trumps spades",
        "trumps \u2660",
        "trumps S",
        "spades",
        "precedence hearts spades diamonds clubs",
    ],
)
def test_3_suits_as_words_in_a_call(typed: str) -> None:
    call = pyclag.notation.read_call(typed, seat=0)
    assert str(call) in ("trumps:S", "precedence:HSDC")


@pytest.mark.parametrize("typed", ["AS", "as", "A\u2660", "ace of spades", "A spades", "ace spade"])
def test_3_cards_as_letters_words_and_symbols(typed: str) -> None:
    assert pyclag.notation.read_typed_play(typed, seat=0).card is pyclag.Card.parse("AS")


@pytest.mark.parametrize("typed", ["ace of spades", "2H as AC", "ten hearts"])
def test_3_records_keep_their_strict_card_form(typed: str) -> None:
    with pytest.raises(pyclag.RecordError, match="bad card text"):
        pyclag.notation.read_play(typed, seat=0)  # the reader of records' plays


def test_3_the_wild_two_prompt_explains_and_takes_as() -> None:
    rules = pyclag.NORMAL.with_schedule([catalogue.twos_wild(13)])
    out = Answerer(seed=0, mischief=False, twos=True, declare_as="as AC")
    assert Session(rules, 4, 1, random.Random(3), out.stdin, out).run() == 0
    text = out.getvalue()
    assert re.search(
        r"\n(2[CDHS]) is wild: it is played as the card you name, and beats that card played "
        r"naturally\n\1 stands for \(legal: any card; type it, e.g. AC or as AC; blank to go back\): as AC\n",
        text,
    )
    assert re.search(r"You play 2[CDHS] as AC|you 2[CDHS] as AC", text)
    assert "stands for (legal: AS KS" not in text  # the pack is not listed


def test_3_record_is_saved_as_it_goes_and_replays(tmp_path: object) -> None:
    path = os.path.join(str(tmp_path), "game.json")
    rules = pyclag.presets.get("wikipedia", num_deals=4)
    seen: list[tuple[int, str]] = []

    def look() -> None:
        # At every decision, the file holds the deals finished so far: nothing of the deal in play.
        saved = _text(path)
        state = records.replay(records.load(saved))
        seen.append((len(state.history), saved))
        assert state.history == session.state.history
        assert len(json.loads(saved)["rounds"]) == len(session.state.history)

    out = Answerer(seed=1, mischief=False, before_reply=look)
    session = Session(rules, 4, 0, random.Random(1), out.stdin, out, record=path)
    assert session.run() == 0
    assert f"The game is saved in {path} as it goes (pyclag replay reads it)." in out.getvalue()
    assert {count for count, _ in seen} == {0, 1, 2, 3}
    assert records.replay(records.load(_text(path))) == session.state
    assert not os.path.exists(path + ".partial")


def test_3_record_on_quit_holds_the_deal_in_progress(tmp_path: object) -> None:
    path = os.path.join(str(tmp_path), "game.json")
    out = io.StringIO()
    session = _session(pyclag.NORMAL, out, io.StringIO("0\nquit\n"), seat=1, record=path)
    session.run()
    assert records.replay(records.load(_text(path))) == session.state


def test_3_play_record_from_the_command_line(tmp_path: object) -> None:
    path = os.path.join(str(tmp_path), "game.json")
    done = run_pyclag(
        "play",
        "--preset",
        "normal",
        "--players",
        "3",
        "--seed",
        "2",
        "--record",
        path,
        stdin="quit\n",
    )
    assert done.returncode == 0, done.stderr
    replayed = run_pyclag("replay", path)
    assert replayed.returncode == 0
    assert replayed.stdout.startswith(f"pyclag replay: {path}: preset normal, 3 players\n")
    bad = run_pyclag("play", "--record", "/nonexistent/x.json", stdin="quit\n")
    assert bad.returncode == 2
    assert bad.stderr == (  # refused before the game starts: nothing is played
        "pyclag play: error: --record /nonexistent/x.json: its folder /nonexistent does not "
        "exist; give a regular file, or a new file in an existing folder\n"
    )
    assert bad.stdout == ""
