"""Game records (DESIGN.md §6): the bad corpus (each file refused with exactly its RecordError, by
``load``/``replay`` and by ``pyclag replay``) and the good corpus (odd spellings that are valid).

The corpora are described in :mod:`tests.records.corpus`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pyclag import NORMAL
from pyclag.cli import main
from pyclag.errors import RecordError
from pyclag.records import MAX_TEXT, dump, load, replay
from tests.helpers import run_pyclag
from tests.records.corpus import (
    BAD,
    BAD_EXPECTED,
    BAD_FILES,
    GOOD,
    GOOD_EXPECTED,
    bad_text,
    names_its_path,
    raised,
    refusal,
    seeded_game,
)

# --- the bad corpus ------------------------------------------------------------------------


def test_bad_corpus_has_at_least_60_files_each_with_an_expectation() -> None:
    assert len(BAD_FILES) >= 60
    assert set(BAD_FILES) == set(BAD_EXPECTED)
    assert all(name.endswith((".json", ".txt")) for name in BAD_FILES)
    assert all((BAD / name).stat().st_size < 8000 for name in BAD_FILES)


@pytest.mark.parametrize("name", BAD_FILES)
def test_bad_record_raises_exactly_record_error_at_its_path(name: str) -> None:
    expected = BAD_EXPECTED[name]
    data = bad_text(name)
    try:
        text: str | bytes = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data  # only load(bytes) can see text that is not UTF-8
    err = raised(lambda: replay(load(text)))
    assert err is not None, f"{name} was accepted"
    # exactly RecordError: any other exception is a failure, reported by its type
    assert type(err) is RecordError, f"{type(err).__name__}: {err}"
    assert err.path == expected["path"], str(err)
    assert expected["reason"] in str(err), str(err)
    assert names_its_path(err)


@pytest.mark.parametrize("name", BAD_FILES)
def test_bad_record_bytes_and_text_give_the_same_error(name: str) -> None:
    data = bad_text(name)
    from_bytes = refusal(data)
    if data.isascii():
        from_text = refusal(data.decode("ascii"))
        assert (from_text.path, str(from_text)) == (from_bytes.path, str(from_bytes))
    assert from_bytes.path == BAD_EXPECTED[name]["path"]


@pytest.mark.parametrize("name", BAD_FILES)
def test_cli_replay_of_bad_record_exits_1_with_the_message_on_stderr(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(BAD / name)
    message = str(refusal(bad_text(name)))
    with pytest.raises(SystemExit) as exit_:
        main(["replay", path, "--json"])
    assert exit_.value.code == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"pyclag replay: {path}: {message}\n"
    assert BAD_EXPECTED[name]["reason"] in err


@pytest.mark.parametrize(
    "name", ["revoke_not_following_suit.json", "not_json_prose.txt", "raf_hand_size_too_big.json"]
)
def test_pyclag_replay_subprocess_refuses_bad_record_with_status_1(name: str) -> None:
    done = run_pyclag("replay", str(BAD / name))
    assert done.returncode == 1
    assert done.stdout == ""
    message = str(refusal(bad_text(name)))
    assert done.stderr == f"pyclag replay: {BAD / name}: {message}\n"
    assert message.startswith(BAD_EXPECTED[name]["path"])
    assert BAD_EXPECTED[name]["reason"] in done.stderr
    assert "Traceback" not in done.stderr


def test_load_refuses_100000_nested_brackets_as_too_deep() -> None:
    for deep in ("[" * 100_000 + "]" * 100_000, '{"a": ' * 100_000 + "1" + "}" * 100_000):
        err = refusal(deep)
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
    text = dump(seeded_game(NORMAL.with_schedule([1]), 3, 1))
    padded = text + " " * (MAX_TEXT - len(text))
    assert len(padded) == MAX_TEXT
    assert replay(load(padded)) == replay(load(text))  # exactly at the limit: read
    for over in (padded + " ", "[" * (MAX_TEXT + 1), "x" * (3 * MAX_TEXT)):
        err = refusal(over)
        assert err.path == ""
        assert f"more than a record may hold ({MAX_TEXT})" in str(err)
    assert refusal((padded + " ").encode()).path == ""


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
    err = refusal("not a record")
    assert err.path == ""
    assert str(err).startswith("not JSON"), str(err)


def test_options_key_self_is_an_unknown_option_not_a_type_error() -> None:
    text = '{"format": "pyclag/1", "preset": "normal", "players": 3, "rounds": [], "options": {"self": 1}}'
    err = refusal(text)
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
