"""Game records (DESIGN.md §6; issue 4): dump, load, replay and ``pyclag replay``.

The data these tests read:

* ``tests/data/bad_records/``: hand-made malformed records. ``EXPECTED.json``
  maps each file to the ``RecordError.path`` it must raise and a substring of
  its message. The illegal-play files were made from real seeded games
  (``pyclag.playout.play_out``), dumped, then edited in one field.
* ``tests/data/good_records/``: odd spellings and layouts that ARE valid
  (lower case, ``10`` for ten, suit symbols, tabs in the deck, a preset alias,
  omitted defaults, ...). ``EXPECTED.json`` maps each to its canonical twin,
  which is exactly what ``dump`` writes for the same game.
* ``tests/data/games/``: reference records of whole games, one per preset, a
  partial game stopped mid-trick and an RAF game whose eldest calls the first
  deal and which has a blind call; ``EXPECTED.json`` holds the final totals and
  winners. See :func:`test_reference_wikipedia_first_deals_hand_checked_against_rules_1_9`
  for the rounds checked by hand against RULES.md.
"""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import NORMAL, Card, GameState, Phase, RoundSpec, RuleSet, presets, records
from pyclag.cli import main
from pyclag.errors import RecordError
from pyclag.playout import play_out
from pyclag.presets import RAF, WIKIPEDIA
from pyclag.records import MAX_TEXT, dump, load, replay, summary
from pyclag.rules import catalogue
from pyclag.rules.deals import PlayMode
from pyclag.rules.trumps import NO_TRUMPS, DealerCalls

DATA = Path(__file__).parent.parent / "data"
BAD = DATA / "bad_records"
GOOD = DATA / "good_records"
GAMES = DATA / "games"

BAD_EXPECTED: dict[str, dict[str, str]] = json.loads((BAD / "EXPECTED.json").read_text("utf-8"))
GOOD_EXPECTED: dict[str, str] = json.loads((GOOD / "EXPECTED.json").read_text("utf-8"))
GAMES_EXPECTED: dict[str, dict[str, Any]] = json.loads((GAMES / "EXPECTED.json").read_text("utf-8"))

BAD_FILES = sorted(p.name for p in BAD.iterdir() if p.name != "EXPECTED.json")

SIX = presets.get("wikipedia", phase2="six")
RAF_ELDEST = presets.get("raf", first_deal_caller="eldest")

RECORD_KEYS = ("format", "preset", "options", "schedule", "players", "first_dealer", "rounds")
ROUND_KEYS = ("deck", "hand_size", "call", "trump", "blind_orders", "bids", "plays")
CALL_KEYS = ("suits", "nuloss", "blind", "misere", "madness")


# --- helpers -------------------------------------------------------------------------------


def _game(rules: RuleSet, players: int, seed: int, first_dealer: int = 0) -> GameState:
    """A whole seeded random game (see :func:`_states`)."""
    *_, last = _states(rules, players, seed, first_dealer)
    return last


def _states(rules: RuleSet, players: int, seed: int, first_dealer: int = 0) -> Iterator[GameState]:
    """Every state of a seeded random game, one action (chance steps included) apart.

    The steps are taken here with the public API, not with ``play_out``:
    tests/conftest.py wraps ``play_out`` (and so ``random_step``) in a record
    round trip of its own, which would make a step-by-step game quadratic and
    would fail before the tests below that must see dump fail for themselves."""
    rng = random.Random(seed)
    state = pyclag.new_game(rules, players, first_dealer)
    yield state
    while not pyclag.is_over(state):
        if pyclag.next_actor(state) is pyclag.CHANCE:
            action: pyclag.Action = pyclag.sample_chance(state, rng)
        else:
            action = rng.choice(pyclag.legal_actions(state))
        state = pyclag.apply(state, action)
        yield state


def _raised(action: Callable[[], object]) -> Exception | None:
    """The exception ``action`` raises, or None."""
    try:
        action()
    except Exception as err:
        return err
    return None


def _names_its_path(err: Exception) -> bool:
    """The message starts with the path: ``"rounds[2].plays[5]: <reason>"``. (A fault
    of the text as a whole has path "": see test_whole_text_errors_do_not_start_with_a_stray_colon.)
    """
    assert isinstance(err, RecordError)
    return str(err).startswith(f"{err.path}: " if err.path else "")


def _refusal(text: str | bytes) -> RecordError:
    """The error that loading and replaying ``text`` raises; fails if none (or another)."""
    with pytest.raises(RecordError) as caught:
        replay(load(text))
    return caught.value


def _bad_text(name: str) -> bytes:
    return (BAD / name).read_bytes()


# --- the bad corpus ------------------------------------------------------------------------


def test_bad_corpus_has_at_least_60_files_each_with_an_expectation() -> None:
    assert len(BAD_FILES) >= 60
    assert set(BAD_FILES) == set(BAD_EXPECTED)
    assert all(name.endswith((".json", ".txt")) for name in BAD_FILES)
    assert all((BAD / name).stat().st_size < 8000 for name in BAD_FILES)


@pytest.mark.parametrize("name", BAD_FILES)
def test_bad_record_raises_exactly_record_error_at_its_path(name: str) -> None:
    expected = BAD_EXPECTED[name]
    data = _bad_text(name)
    try:
        text: str | bytes = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data  # only load(bytes) can see text that is not UTF-8
    err = _raised(lambda: replay(load(text)))
    assert err is not None, f"{name} was accepted"
    # exactly RecordError: any other exception is a failure, reported by its type
    assert type(err) is RecordError, f"{type(err).__name__}: {err}"
    assert err.path == expected["path"], str(err)
    assert expected["reason"] in str(err), str(err)
    assert _names_its_path(err)


@pytest.mark.parametrize("name", BAD_FILES)
def test_bad_record_bytes_and_text_give_the_same_error(name: str) -> None:
    data = _bad_text(name)
    from_bytes = _refusal(data)
    if data.isascii():
        from_text = _refusal(data.decode("ascii"))
        assert (from_text.path, str(from_text)) == (from_bytes.path, str(from_bytes))
    assert from_bytes.path == BAD_EXPECTED[name]["path"]


@pytest.mark.parametrize("name", BAD_FILES)
def test_cli_replay_of_bad_record_exits_1_with_the_message_on_stderr(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(BAD / name)
    message = str(_refusal(_bad_text(name)))
    with pytest.raises(SystemExit) as exit_:
        main(["replay", path, "--json"])
    assert exit_.value.code == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"pyclag replay: {path}: {message}\n"
    assert BAD_EXPECTED[name]["reason"] in err


def _pyclag(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyclag", *args],
        capture_output=True,
        text=True,
        timeout=120,
        input=stdin,
        encoding="utf-8",
    )


@pytest.mark.parametrize(
    "name", ["revoke_not_following_suit.json", "not_json_prose.txt", "raf_hand_size_too_big.json"]
)
def test_pyclag_replay_subprocess_refuses_bad_record_with_status_1(name: str) -> None:
    done = _pyclag("replay", str(BAD / name))
    assert done.returncode == 1
    assert done.stdout == ""
    message = str(_refusal(_bad_text(name)))
    assert done.stderr == f"pyclag replay: {BAD / name}: {message}\n"
    assert message.startswith(BAD_EXPECTED[name]["path"])
    assert BAD_EXPECTED[name]["reason"] in done.stderr
    assert "Traceback" not in done.stderr


def test_load_refuses_100000_nested_brackets_as_too_deep() -> None:
    for deep in ("[" * 100_000 + "]" * 100_000, '{"a": ' * 100_000 + "1" + "}" * 100_000):
        err = _refusal(deep)
        assert type(err) is RecordError
        assert err.path == ""
        assert "nested too deeply" in str(err)


def test_load_refuses_nesting_at_every_depth_near_the_parser_limit_with_record_error() -> None:
    # The parser stops at the interpreter's recursion limit; a value nested just
    # below that depth must still be refused as a RecordError wherever it sits
    # (not a RecursionError from formatting the message about it).
    def template(value: str) -> list[str]:
        head = '{"format": "pyclag/1", "preset": "normal", "players": 3, "rounds": []'
        return [
            head.replace('"players": 3', f'"players": {value}') + "}",
            head + f', "options": {{"hook": {value}}}}}',
            head + f', "options": {{"misere_points_per_trick": {value}}}}}',
            head + f', "schedule": [{value}]}}',
            head.replace('"rounds": []', f'"rounds": [{{"bids": [{value}]}}]') + "}",
            head.replace('"rounds": []', f'"rounds": [{{"call": {{"suits": {value}}}}}]') + "}",
        ]

    limit = sys.getrecursionlimit()
    others: list[str] = []
    for depth in range(limit - 120, limit + 5):
        for value in ("[" * depth + "]" * depth, '{"a": ' * depth + "1" + "}" * depth):
            for text in template(value):
                try:
                    replay(load(text))
                except RecordError:
                    continue
                except Exception as err:
                    others.append(f"depth {depth} {text[:60]}...: {type(err).__name__}")
                else:
                    others.append(f"depth {depth}: accepted")
    assert others == []


def test_load_refuses_text_over_the_size_limit() -> None:
    text = dump(_game(NORMAL.with_schedule([1]), 3, 1))
    padded = text + " " * (MAX_TEXT - len(text))
    assert len(padded) == MAX_TEXT
    assert replay(load(padded)) == replay(load(text))  # exactly at the limit: read
    for over in (padded + " ", "[" * (MAX_TEXT + 1), "x" * (3 * MAX_TEXT)):
        err = _refusal(over)
        assert err.path == ""
        assert f"more than a record may hold ({MAX_TEXT})" in str(err)
    assert _refusal((padded + " ").encode()).path == ""


def test_cli_replay_refuses_an_oversized_file_as_too_long(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = tmp_path / "big.json"
    big.write_text(" " * (MAX_TEXT + 1))
    with pytest.raises(SystemExit) as exit_:
        main(["replay", str(big)])
    assert exit_.value.code == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert "more than a record may hold" in err


def test_cli_replay_refuses_an_oversized_file_of_multibyte_text_as_too_long(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Valid UTF-8, 1.3 million characters: too long. The CLI reads at most
    # 4 * MAX_TEXT + 1 bytes, which may cut a character in half; the diagnosis
    # must still be "too long", not "not UTF-8".
    big = tmp_path / "euro.json"
    big.write_text("€" * (4 * MAX_TEXT // 3 + 1), encoding="utf-8")
    assert big.stat().st_size > 4 * MAX_TEXT + 1
    with pytest.raises(SystemExit) as exit_:
        main(["replay", str(big)])
    assert exit_.value.code == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert "more than a record may hold" in err, err


def test_cli_replay_of_a_missing_file_exits_1_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere.json"
    with pytest.raises(SystemExit) as exit_:
        main(["replay", str(missing)])
    assert exit_.value.code == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"pyclag replay: {missing}: cannot read it: No such file or directory\n"


def test_whole_text_errors_do_not_start_with_a_stray_colon() -> None:
    # A fault in the text as a whole has path "": its message should be the
    # reason itself, not ": not JSON ..." (the CLI then prints "FILE: : not JSON").
    err = _refusal("not a record")
    assert err.path == ""
    assert str(err).startswith("not JSON"), str(err)


def test_options_key_self_is_an_unknown_option_not_a_type_error() -> None:
    text = '{"format": "pyclag/1", "preset": "normal", "players": 3, "rounds": [], "options": {"self": 1}}'
    err = _refusal(text)
    assert err.path == "options.self"
    assert "unknown option 'self'" in str(err)


# --- the good corpus: odd spellings that are valid --------------------------------------------


def test_good_corpus_names_a_canonical_twin_for_every_variant() -> None:
    files = {p.name for p in GOOD.iterdir()} - {"EXPECTED.json"}
    twins = set(GOOD_EXPECTED.values())
    assert files == set(GOOD_EXPECTED) | twins
    assert len(GOOD_EXPECTED) >= 8
    assert all(twin.startswith("canonical_") for twin in twins)


@pytest.mark.parametrize("name", sorted(GOOD_EXPECTED))
def test_odd_but_valid_spelling_replays_as_its_canonical_twin(name: str) -> None:
    twin = (GOOD / GOOD_EXPECTED[name]).read_text("utf-8")
    state = replay(load((GOOD / name).read_bytes()))
    assert state == replay(load(twin))
    assert dump(state) + "\n" == twin
    assert (GOOD / name).read_text("utf-8") != twin


@pytest.mark.parametrize("name", sorted(set(GOOD_EXPECTED.values())))
def test_canonical_record_is_exactly_what_dump_writes(name: str) -> None:
    text = (GOOD / name).read_text("utf-8")
    assert dump(replay(load(text))) + "\n" == text


# --- round trips ------------------------------------------------------------------------------

TABLES = [
    (name, players)
    for name in presets.names()
    for players in range(presets.get(name).min_players, presets.get(name).max_players + 1)
]


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_round_trip_at_every_17th_action_and_the_end(name: str, players: int) -> None:
    rules = presets.get(name)
    seed = 100 * players + len(name)
    checked = 0
    for step, state in enumerate(_states(rules, players, seed, first_dealer=players - 1)):
        if step % 17 and not pyclag.is_over(state):
            continue
        text = dump(state)
        again = replay(load(text))
        assert again == state, f"step {step}"
        assert dump(again) == text
        checked += 1
    assert pyclag.is_over(state)
    assert checked >= 3


@pytest.mark.parametrize(
    ("rules", "players", "seed"),
    [
        (RAF_ELDEST.with_options(num_deals=4), 4, 0),
        (RAF.with_options(num_deals=4), 3, 3),
        (WIKIPEDIA.with_schedule(WIKIPEDIA.schedule[7:15]), 3, 1),
        (SIX.with_schedule(SIX.schedule[7:13]), 4, 2),
        (presets.INDONESIAN.with_schedule([2, *presets.INDONESIAN.schedule[8:15]]), 4, 3),
    ],
    ids=["raf-eldest", "raf", "wikipedia-specials", "six-specials", "indonesian-specials"],
)
def test_round_trip_at_every_action_of_special_rounds(
    rules: RuleSet, players: int, seed: int
) -> None:
    phases: set[Phase] = set()
    for state in _states(rules, players, seed):
        phases.add(pyclag.phase(state))
        text = dump(state)
        assert replay(load(text)) == state
        assert dump(replay(load(text))) == text
    assert {Phase.DEAL, Phase.BID, Phase.GAME_OVER} <= phases


OPTION_RULES: list[tuple[str, RuleSet, dict[str, Any], list[int | str] | None]] = [
    (
        "wikipedia six, misere -5",
        presets.get("wikipedia", phase2="six", misere_points_per_trick=-5),
        {"phase2": "six", "misere_points_per_trick": -5},
        None,
    ),
    ("normal 2 3", NORMAL.with_schedule([2, 3]), {}, [2, 3]),
    (
        "wikipedia twos wild then 3",
        WIKIPEDIA.with_schedule([WIKIPEDIA.schedule[11], 3]),
        {},
        ["7 Twos Wild", 3],
    ),
    (
        "wikipedia six, roll em then 2",
        SIX.with_schedule([SIX.schedule[10], 2]),
        {},
        ["7 Roll 'Em", 2],
    ),
    (
        "indonesian undescribed normal",
        presets.get("indonesian", undescribed_rounds="normal"),
        {"undescribed_rounds": "normal"},
        None,
    ),
    (
        "raf 3 deals, eldest calls",
        presets.get("raf", num_deals=3, first_deal_caller="eldest"),
        {"num_deals": 3, "first_deal_caller": "eldest"},
        None,
    ),
    (
        "normal F2 gt hook",
        NORMAL.with_options(scoring="F2", hook="gt"),
        {"scoring": "F2", "hook": "gt", "trick_points_on_miss": 1},  # F2 keeps t on a miss
        None,
    ),
    (
        "pagat twos options, schedule",
        presets.PAGAT.with_schedule([presets.PAGAT.schedule[11], 1]).with_options(
            twos_may_lead=False
        ),
        {"twos_may_lead": False},
        ["7 Twos Wild", 1],
    ),
]


@pytest.mark.parametrize(
    ("label", "rules", "options", "schedule"), OPTION_RULES, ids=[r[0] for r in OPTION_RULES]
)
def test_round_trip_keeps_options_and_schedule(
    label: str, rules: RuleSet, options: dict[str, Any], schedule: list[int | str] | None
) -> None:
    for seed in range(3):
        state = _game(rules, rules.min_players + seed, seed)
        text = dump(state)
        fields = json.loads(text)
        assert fields["options"] == options, label
        assert fields.get("schedule") == schedule
        again = replay(load(text))
        assert again.rules == rules
        assert again == state
        assert dump(again) == text


def test_dump_refuses_a_rule_set_that_is_not_a_preset() -> None:
    foss = RuleSet(
        "foss",
        [
            *range(1, 8),
            catalogue.no_trumps(),
            catalogue.guess_trumps(),
            catalogue.misere(False, -2),
            catalogue.misere(True, -3),
            catalogue.blind_unseen(),
            catalogue.roll_em(),
            *range(7, 0, -1),
        ],
    )
    state = _game(foss, 4, 1)
    with pytest.raises(RecordError) as caught:
        dump(state)
    assert type(caught.value) is RecordError
    assert "'foss' cannot be written as a record" in str(caught.value)
    with pytest.raises(RecordError):
        dump(pyclag.new_game(foss, 4))


@pytest.mark.parametrize(
    "rules",
    [
        NORMAL.with_schedule([RoundSpec(7, suits=NO_TRUMPS)]),
        WIKIPEDIA.with_schedule([catalogue.misere(True, -7)]),
        WIKIPEDIA.with_schedule([catalogue.misere(True, -2, hand_size=5)]),
    ],
    ids=["normal-with-no-trumps-round", "wikipedia-misere-minus-7", "wikipedia-5-card-misere"],
)
def test_dump_refuses_a_schedule_round_that_load_cannot_rebuild(rules: RuleSet) -> None:
    # A preset name with rounds of its own making is not "a preset with options
    # and a schedule of its rounds": dump must refuse it, or write it so that
    # replay(load(...)) gives back the same game. It must never write a record
    # that load refuses or, worse, reads back as other rules.
    state = _game(rules, 3, 1)
    try:
        text = dump(state)
    except RecordError:
        return
    assert replay(load(text)) == state


# --- the exact §6 format --------------------------------------------------------------------

FORMAT_GAMES: list[tuple[RuleSet, int, int]] = [
    (WIKIPEDIA, 4, 2),
    (WIKIPEDIA, 3, 5),
    (SIX, 5, 1),
    (presets.SCOTTISH, 3, 7),
    (presets.INDONESIAN, 5, 4),
    (RAF_ELDEST, 4, 0),
    (RAF, 5, 3),
]


def test_dump_layout_is_one_field_a_line_and_one_round_a_line() -> None:
    state = _game(NORMAL.with_schedule([2, 1]), 3, 4)
    lines = dump(state).split("\n")
    assert lines[0] == "{"
    assert lines[1:7] == [
        '  "format": "pyclag/1",',
        '  "preset": "normal",',
        '  "options": {},',
        '  "schedule": [2, 1],',
        '  "players": 3,',
        '  "first_dealer": 0,',
    ]
    assert lines[7] == '  "rounds": ['
    assert [line[:13] for line in lines[8:10]] == ['    {"deck": '] * 2
    assert lines[8].endswith("]},")
    assert lines[9].endswith("]}")
    assert lines[10:] == ["  ]", "}"]
    assert dump(pyclag.new_game(NORMAL, 3)).split("\n")[-2:] == ['  "rounds": []', "}"]


def _dealt(deck: list[str], dealer: int, players: int, hand_size: int) -> list[set[str]]:
    """§1.4 as §6 states it: card i (i < N*h) goes to seat (dealer + 1 + i) % N."""
    hands: list[set[str]] = [set() for _ in range(players)]
    for i in range(players * hand_size):
        hands[(dealer + 1 + i) % players].add(deck[i])
    return hands


@pytest.mark.parametrize(
    ("rules", "players", "seed"), FORMAT_GAMES, ids=[f"{r.name}-{p}" for r, p, _ in FORMAT_GAMES]
)
def test_dump_writes_the_section_6_fields_exactly(rules: RuleSet, players: int, seed: int) -> None:
    state = _game(rules, players, seed)
    record = json.loads(dump(state))
    present = [key for key in RECORD_KEYS if key in record]
    assert list(record) == present
    assert record["format"] == "pyclag/1"
    assert record["preset"] == rules.name
    assert record["players"] == players
    assert len(record["rounds"]) == len(state.history)
    for number, (rnd, result) in enumerate(zip(record["rounds"], state.history, strict=True)):
        setup = result.setup
        n, h, dealer = players, result.hand_size, setup.dealer
        assert dealer == number % players
        assert list(rnd) == [key for key in ROUND_KEYS if key in rnd]
        # the deck: all 52 cards, top first; the deal and the turn-up come from it
        deck = rnd["deck"].split(" ")
        assert len(deck) == 52
        assert set(map(Card.parse, deck)) == set(pyclag.DECK)
        assert tuple(map(Card.parse, deck)) == setup.deck
        if setup.turnup is not None:
            assert str(setup.turnup) == deck[n * h]
        # hand_size only where the dealer chooses it (RAF)
        assert ("hand_size" in rnd) == (rules.name == "raf")
        if "hand_size" in rnd:
            assert rnd["hand_size"] == h
        # call only on RAF rounds that have a caller
        assert ("call" in rnd) == (setup.call is not None)
        if setup.call is not None:
            call = rnd["call"]
            assert list(call) == list(CALL_KEYS)
            assert re.fullmatch(r"trumps:[CDHS]|no-trumps|precedence:[CDHS]{4}", call["suits"])
            assert call["madness"] in (None, "ascending", "descending")
            assert [call[flag] for flag in CALL_KEYS[1:4]] == [
                setup.call.nuloss,
                setup.call.blind,
                setup.call.misere,
            ]
        # trump only on dealer-calls rounds: the suit named, null for no trumps
        dealer_calls = isinstance(rules.round_spec(number).suits, DealerCalls)
        assert ("trump" in rnd) == dealer_calls
        if dealer_calls:
            trump = setup.round_rules.trump if setup.round_rules else None
            assert rnd["trump"] == (None if trump is None else trump.letter)
        # blind_orders only on RAF blind rounds: each seat's own cards, face down
        blind = setup.call is not None and setup.call.blind
        assert ("blind_orders" in rnd) == blind
        if blind:
            hands = _dealt(deck, dealer, n, h)
            assert [set(pile) for pile in rnd["blind_orders"]] == hands
            assert [tuple(map(Card.parse, pile)) for pile in rnd["blind_orders"]] == list(
                setup.piles or ()
            )
        # bids in bidding order (eldest first), omitted where forced
        forced = all(b == 0 for b in result.bids) and Phase.BID not in setup.spec.phases
        no_bids = all(b is None for b in result.bids)
        assert ("bids" in rnd) == (not forced and not no_bids)
        if "bids" in rnd:
            assert rnd["bids"] == [result.bids[(dealer + 1 + i) % n] for i in range(n)]
        # plays in playing order; none where the piles play themselves
        played = [play for trick in result.tricks for play in trick.plays]
        assert len(played) == n * h
        if setup.spec.play is PlayMode.HAND:
            texts = [str(p.card) if p.as_card is None else f"{p.card}={p.as_card}" for p in played]
            assert rnd["plays"] == texts
        else:
            assert "plays" not in rnd
        # card i of the deck went to seat (dealer + 1 + i) % N: what each seat played
        hands = _dealt(deck, dealer, n, h)
        for seat in range(n):
            assert {str(p.card) for p in played if p.seat == seat} == hands[seat]


def test_dump_section_6_corpus_covers_every_optional_field() -> None:
    seen: set[str] = set()
    wild: list[str] = []
    forced_rounds = 0
    for rules, players, seed in FORMAT_GAMES:
        for rnd in json.loads(dump(_game(rules, players, seed)))["rounds"]:
            seen.update(rnd)
            wild += [p for p in rnd.get("plays", []) if "=" in p]
            forced_rounds += "bids" not in rnd
    assert seen == set(ROUND_KEYS)
    assert forced_rounds >= 5
    assert wild
    assert all(re.fullmatch(r"2[CDHS]=[2-9TJQKA][CDHS]", p) for p in wild)


def test_wild_two_is_written_two_equals_card() -> None:
    spec = WIKIPEDIA.schedule[11]
    state = pyclag.deal(
        pyclag.new_game(WIKIPEDIA.with_schedule([spec]), 4), deck=_deck_from("2H 5C 3C 4C")
    )
    for bid in (1, 1, 1, 1):
        state = pyclag.bid(state, bid)
    state = pyclag.play(state, Card.parse("2H"), Card.parse("AC"))
    record = json.loads(dump(state))
    assert record["rounds"][0]["plays"] == ["2H=AC"]
    assert record["rounds"][0]["bids"] == [1, 1, 1, 1]
    assert replay(load(dump(state))) == state


def _deck_from(top: str) -> tuple[Card, ...]:
    first = pyclag.parse_cards(top)
    return (*first, *(card for card in pyclag.DECK if card not in first))


# --- a record may stop part-way -----------------------------------------------------------------


def _decisions(rnd: dict[str, Any], bids_first: bool) -> list[tuple[str, int | None]]:
    """A round record's decisions in the order the round takes them (Appendix B):
    (field, None) for a one-off field, (field, k) for the k-th bid or play."""
    singles = {key: [(key, None)] for key in ("hand_size", "deck", "call", "trump", "blind_orders")}
    bids = [("bids", k) for k in range(len(rnd.get("bids", [])))]
    plays = [("plays", k) for k in range(len(rnd.get("plays", [])))]
    order: list[tuple[str, int | None]] = []
    if bids_first:  # Pagat blind: bids before the deal
        order += bids
    for key in ("hand_size", "deck", "call", "trump"):
        order += singles[key] if key in rnd else []
    if not bids_first:
        order += bids
    order += singles["blind_orders"] if "blind_orders" in rnd else []
    return order + plays


def _prefix(rnd: dict[str, Any], decisions: list[tuple[str, int | None]]) -> dict[str, Any]:
    """The round record holding only ``decisions``."""
    out: dict[str, Any] = {}
    for key, k in decisions:
        if k is None:
            out[key] = rnd[key]
        else:
            out.setdefault(key, []).append(rnd[key][k])
    return {key: out[key] for key in ROUND_KEYS if key in out}


@pytest.mark.parametrize(
    ("rules", "players", "seed"),
    [
        (WIKIPEDIA.with_schedule([2, *WIKIPEDIA.schedule[7:15]]), 3, 5),
        (SIX.with_schedule(SIX.schedule[7:13]), 3, 2),
        (RAF_ELDEST.with_options(num_deals=5), 4, 0),
        (presets.SCOTTISH.with_schedule([3, *presets.SCOTTISH.schedule[7:11]]), 4, 1),
    ],
    ids=["wikipedia-specials", "six-specials", "raf-eldest", "scottish-specials"],
)
def test_truncated_record_replays_to_the_state_after_the_same_actions(
    rules: RuleSet, players: int, seed: int
) -> None:
    states = list(_states(rules, players, seed))
    record = json.loads(dump(states[-1]))
    reached: list[GameState] = [pyclag.new_game(rules, players)]
    for number, rnd in enumerate(record["rounds"]):
        spec = states[-1].history[number].setup.spec
        decisions = _decisions(rnd, bids_first=Phase.BID_BEFORE_DEAL in spec.phases)
        for cut in range(len(decisions) + 1):
            partial = dict(
                record, rounds=[*record["rounds"][:number], _prefix(rnd, decisions[:cut])]
            )
            state = replay(load(json.dumps(partial)))
            if state != reached[-1]:
                reached.append(state)
    # every prefix gives the next state of the game played action by action
    assert reached == states


def test_truncated_last_round_without_its_plays_waits_for_the_first_play() -> None:
    state = _game(NORMAL.with_schedule([3, 4]), 4, 2)
    record = json.loads(dump(state))
    del record["rounds"][1]["plays"]
    partial = replay(load(json.dumps(record)))
    assert pyclag.phase(partial) is Phase.PLAY
    assert len(partial.history) == 1
    assert partial.scores == state.history[0].totals
    assert summary(partial)["winners"] is None


# --- reference games ---------------------------------------------------------------------------


def test_reference_games_cover_every_preset_a_partial_game_and_an_raf_blind_call() -> None:
    assert {entry["preset"] for entry in GAMES_EXPECTED.values()} == set(presets.names())
    assert sum(entry["winners"] is None for entry in GAMES_EXPECTED.values()) >= 1
    assert len(GAMES_EXPECTED) >= 8
    assert {p.name for p in GAMES.iterdir()} == {*GAMES_EXPECTED, "EXPECTED.json"}


@pytest.mark.parametrize("name", sorted(GAMES_EXPECTED))
def test_reference_game_replays_to_its_expected_totals_and_winners(name: str) -> None:
    expected = GAMES_EXPECTED[name]
    text = (GAMES / name).read_text("utf-8")
    state = replay(load(text))
    assert state.rules.name == expected["preset"]
    assert state.players == expected["players"]
    assert len(state.history) == expected["rounds_scored"]
    assert list(state.scores) == expected["totals"]
    if expected["winners"] is None:
        assert not pyclag.is_over(state)
        assert pyclag.phase(state).value == expected["phase"]
        assert [str(play.card) for play in state.round.trick] == expected["trick_so_far"]
    else:
        assert pyclag.is_over(state)
        assert list(pyclag.winners(state)) == expected["winners"]
    assert dump(state) + "\n" == text  # dump is deterministic


SEEDED = re.compile(r"([a-z]+)_(\d)p_seed(\d+)\.json")


@pytest.mark.parametrize("name", sorted(n for n in GAMES_EXPECTED if SEEDED.fullmatch(n)))
def test_reference_game_is_the_seeded_game_its_name_says(name: str) -> None:
    match = SEEDED.fullmatch(name)
    assert match is not None
    preset, players, seed = match.groups()
    record = json.loads((GAMES / name).read_text("utf-8"))
    table = pyclag.new_game(presets.get(preset), int(players), record["first_dealer"])
    state = play_out(table, random.Random(int(seed)))
    assert replay(load(json.dumps(record))) == state


def test_reference_raf_eldest_game_has_a_first_deal_call_and_a_blind_call() -> None:
    [name] = [n for n in GAMES_EXPECTED if n.startswith("raf_eldest")]
    record = json.loads((GAMES / name).read_text("utf-8"))
    assert record["options"] == {"first_deal_caller": "eldest"}
    assert "call" in record["rounds"][0]
    blind = [rnd for rnd in record["rounds"] if rnd.get("call", {}).get("blind")]
    assert blind
    assert all("blind_orders" in rnd and "plays" not in rnd for rnd in blind)


def test_reference_wikipedia_first_deals_hand_checked_against_rules_1_9() -> None:
    # Checked by hand from the record text (wikipedia_4p_seed2.json), not from the code:
    # Deal 1 (dealer 0, h=1): deck 4D 5H JC TD | turn-up 6C (clubs). Card i goes to seat
    #   (0+1+i)%4: s1 4D, s2 5H, s3 JC, s0 TD. Bids from s1: 0,1,0,1 (s0 dealer: S=1, may
    #   not bid 0; bids 1). s1 leads 4D, s2 5H, s3 JC (trump), s0 TD: JC wins, s3 takes 1.
    #   F1 (§1.9: 10+2t if t==b else 0): s1 b0 t0 -> 10; s2 b1 t0, s3 b0 t1, s0 b1 t0 -> 0.
    # Deal 2 (dealer 1, h=2): deck 7C AC AH 9C KH AD 3S 2D | turn-up 6C. s2 7C KH, s3 AC AD,
    #   s0 AH 3S, s1 9C 2D. Bids from s2: 0,1,0,0. Trick 1: 7C AC AH 9C -> AC (s3);
    #   trick 2: AD 3S 2D KH -> AD (s3). s3 b1 t2 -> 0; s0, s1, s2 b0 t0 -> 10 each.
    # Deal 3 (dealer 2, h=3): s0 6D AH QH, s1 KC 9D 6H, s2 JH 8C 2H, s3 AS 2D KS; turn-up 7C.
    #   Bids from s3: 1,0,0,1. 2D 6D 9D 8C -> 8C trumps (s2); 2H AS QH 6H -> QH (s0);
    #   AH KC JH KS -> KC trumps (s1). s2 b1 t1 -> 12; s0 b0 t1, s1 b0 t1, s3 b1 t0 -> 0.
    state = replay(load((GAMES / "wikipedia_4p_seed2.json").read_text("utf-8")))
    first = state.history[:3]
    assert [r.trick_winners for r in first] == [(3,), (3, 3), (2, 0, 1)]
    assert [r.points for r in first] == [(0, 10, 0, 0), (10, 10, 10, 0), (0, 0, 12, 0)]
    assert first[2].totals == (10, 20, 22, 0)


@pytest.mark.parametrize(
    "name", ["wikipedia_4p_seed2.json", "scottish_3p_seed7.json", "indonesian_4p_seed4.json"]
)
def test_reference_game_totals_recomputed_from_rules_1_9_and_2_0(name: str) -> None:
    # Every round's points from its bids and tricks, by the formulas of RULES.md
    # written out here: F1 10+2t exact else 0 (Wikipedia); F2 t + 10 if exact
    # (Scottish, Indonesian); misère +10 for no tricks else p*t (Wikipedia and
    # Scottish p=-2, Indonesian p=+1); most tricks +10 to the sole leader.
    state = replay(load((GAMES / name).read_text("utf-8")))
    family = {"wikipedia": "F1", "scottish": "F2", "indonesian": "F2"}[state.rules.name]
    per_trick = {"wikipedia": -2, "scottish": -2, "indonesian": 1}[state.rules.name]
    totals = [0] * state.players
    for result in state.history:
        tricks = result.tricks_won
        label = result.setup.spec.label
        for seat in range(state.players):
            t, b = tricks[seat], result.bids[seat]
            if "Misère" in label:
                points = 10 if t == 0 else per_trick * t
            elif "Most Tricks" in label:
                points = 10 if tricks.count(max(tricks)) == 1 and t == max(tricks) else 0
            elif family == "F1":
                points = 10 + 2 * t if t == b else 0
            else:
                points = t + (10 if t == b else 0)
            assert result.points[seat] == points, (label, seat)
            totals[seat] += points
    assert totals == GAMES_EXPECTED[name]["totals"]


# --- pyclag replay (subprocess) ------------------------------------------------------------------


def _summary_shape(summary_: Any, players: int) -> None:
    assert set(summary_) == {"rounds", "totals", "winners"}
    assert len(summary_["totals"]) == players
    for rnd in summary_["rounds"]:
        assert set(rnd) == {"bids", "tricks", "points"}
        assert [len(rnd[key]) for key in ("bids", "tricks", "points")] == [players] * 3


@pytest.mark.parametrize("name", ["pagat_6p_seed5.json", "scottish_5p_partial_mid_trick.json"])
def test_pyclag_replay_json_prints_rounds_totals_winners_by_seat(name: str) -> None:
    done = _pyclag("replay", str(GAMES / name), "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    printed = json.loads(done.stdout)
    state = replay(load((GAMES / name).read_text("utf-8")))
    _summary_shape(printed, state.players)
    assert printed == json.loads(json.dumps(summary(state)))
    assert printed["totals"] == GAMES_EXPECTED[name]["totals"]
    assert printed["winners"] == GAMES_EXPECTED[name]["winners"]
    assert len(printed["rounds"]) == GAMES_EXPECTED[name]["rounds_scored"]


def test_pyclag_replay_reads_standard_input_and_prints_the_score_card() -> None:
    name = "scottish_5p_partial_mid_trick.json"
    done = _pyclag("replay", "-", stdin=(GAMES / name).read_text("utf-8"))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "pyclag replay: -: preset scottish, 5 players"
    assert lines[-1] == "the record stops in round 6, at its play phase"


def test_summary_lists_bids_tricks_points_by_seat() -> None:
    state = replay(load((GAMES / "wikipedia_4p_seed2.json").read_text("utf-8")))
    shown = summary(state)
    _summary_shape(shown, 4)
    assert shown["rounds"][0] == {
        "bids": [1, 0, 1, 0],
        "tricks": [0, 0, 0, 1],
        "points": [0, 10, 0, 0],
    }
    assert shown["totals"] == GAMES_EXPECTED["wikipedia_4p_seed2.json"]["totals"]
    assert shown["winners"] == [2]
    # most tricks (deal 15) has no bids: null by seat
    assert shown["rounds"][14]["bids"] == [None] * 4
    assert shown["rounds"][8]["bids"] == [0] * 4  # misère: everyone's contract is 0


# --- hypothesis fuzz ---------------------------------------------------------------------------

JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
FIELD_NAMES = st.sampled_from((*RECORD_KEYS, *ROUND_KEYS, *CALL_KEYS))
JSON_VALUES: st.SearchStrategy[Any] = st.recursive(
    JSON_SCALARS,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(FIELD_NAMES | st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=20,
)


def _loads_or_refuses(text: str | bytes) -> records.Record | None:
    """``load(text)``, or None if it raised exactly RecordError (else the test fails)."""
    loaded: list[records.Record] = []
    err = _raised(lambda: loaded.append(load(text)))
    if err is None:
        return loaded[0]
    assert type(err) is RecordError, f"{type(err).__name__}: {err}"
    assert _names_its_path(err)
    return None


@settings(max_examples=300)
@given(st.text() | st.binary())
def test_fuzz_load_of_arbitrary_text_is_a_record_or_record_error(text: str | bytes) -> None:
    result = _loads_or_refuses(text)
    assert result is None or isinstance(result, records.Record)


@settings(max_examples=300)
@given(JSON_VALUES)
def test_fuzz_load_of_arbitrary_json_is_a_record_or_record_error(value: Any) -> None:
    result = _loads_or_refuses(json.dumps(value))
    assert result is None or isinstance(result, records.Record)


@settings(max_examples=200)
@given(
    st.fixed_dictionaries(
        {"format": st.just("pyclag/1"), "preset": st.sampled_from(presets.names())},
        optional=dict.fromkeys(RECORD_KEYS[2:], JSON_VALUES),
    )
)
def test_fuzz_record_shaped_json_loads_and_replays_or_raises_record_error(
    value: dict[str, Any],
) -> None:
    record = _loads_or_refuses(json.dumps(value))
    if record is not None:
        states: list[GameState] = []
        err = _raised(lambda: states.append(replay(record)))
        assert err is None or type(err) is RecordError, f"{type(err).__name__}: {err}"
        for state in states:
            assert replay(load(dump(state))) == state


def _base_records() -> list[dict[str, Any]]:
    games = [
        _game(NORMAL.with_schedule([2, 3]), 3, 1),
        _game(WIKIPEDIA.with_schedule(WIKIPEDIA.schedule[8:15]), 3, 2),
        _game(RAF_ELDEST.with_options(num_deals=3), 3, 4),
        _game(SIX.with_schedule([*SIX.schedule[9:11], 2]), 4, 3),
    ]
    # part-way through a round too
    partial = list(_states(presets.INDONESIAN.with_schedule([3, 2]), 4, 5))[9]
    return [json.loads(dump(state)) for state in [*games, partial]]


BASES = _base_records()


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into a JSON value (keys and indexes), the value itself first."""
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, (*path, index))


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


@st.composite
def _mutants(draw: st.DrawFn) -> dict[str, Any]:
    record: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(record))[1:]
        if not paths:
            break
        kind = draw(st.sampled_from(("replace", "delete", "swap", "add")))
        if kind == "swap":
            rounds = [r for r in record.get("rounds", []) if isinstance(r, dict)]
            with_plays = [
                r for r in rounds if isinstance(r.get("plays"), list) and len(r["plays"]) > 1
            ]
            if with_plays:
                plays = draw(st.sampled_from(with_plays))["plays"]
                i = draw(st.integers(0, len(plays) - 1))
                j = draw(st.integers(0, len(plays) - 1))
                plays[i], plays[j] = plays[j], plays[i]
                continue
        path = draw(st.sampled_from(paths))
        parent = _at(record, path[:-1])
        if kind == "delete":
            del parent[path[-1]]
        elif kind == "add" and isinstance(parent, dict):
            parent[draw(FIELD_NAMES)] = draw(JSON_VALUES)
        else:
            parent[path[-1]] = draw(JSON_VALUES)
    return record


@settings(max_examples=400)
@given(_mutants())
def test_fuzz_mutated_record_replays_or_raises_record_error(mutant: dict[str, Any]) -> None:
    text = json.dumps(mutant)
    states: list[GameState] = []
    err = _raised(lambda: states.append(replay(load(text))))
    assert err is None or type(err) is RecordError, f"{type(err).__name__}: {err}"
    assert err is None or _names_its_path(err)
    for state in states:  # accepted: it round-trips
        again = dump(state)
        assert replay(load(again)) == state
        assert dump(replay(load(again))) == again
