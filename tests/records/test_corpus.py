"""The record formats' schemas and the corpus of seeded games (issue 32 item 3).

The schemas ship in the package (``pyclag/records/schema/``, ``docs/formats.rst``);
tests/conftest.py validates every record and score sheet the suite writes against
them. The corpus (``tests/data/corpus/``, made by tests/records/make_corpus.py) is
loaded, replayed and compared here, and validated against the schema.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import pyclag
from pyclag import presets
from pyclag.records import FORMATS, load, replay, summary
from pyclag.records.codec import rules_object
from pyclag.scoresheet import ScoreSheet
from pyclag.scoresheet.files import FORMAT, FORMAT_WITH_RULES, dump_sheet
from tests.records import make_corpus, schemas
from tests.records.corpus import BAD, GAMES

CORPUS = make_corpus.CORPUS
MANIFEST: dict[str, dict[str, Any]] = json.loads((CORPUS / "MANIFEST.json").read_text("utf-8"))
FILES = sorted(path.name for path in CORPUS.glob("*.json") if path.name != "MANIFEST.json")


# --- the schemas ---------------------------------------------------------------------------


def test_the_package_ships_the_three_schemas_each_a_valid_draft_2020_12_schema() -> None:
    """issue 32 item 3: the schemas lie in the installed package (the wheel's, in the wheel
    runs), and each is a schema its metaschema accepts."""
    import jsonschema

    for name in ("record.schema.json", "scoresheet.schema.json", "rules.schema.json"):
        schema = schemas.read(name)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["$id"].endswith(f"/{name}")
        jsonschema.Draft202012Validator.check_schema(schema)
    assert schemas.read("record.schema.json")["properties"]["format"]["enum"] == list(FORMATS)
    sheet_formats = schemas.read("scoresheet.schema.json")["properties"]["format"]["enum"]
    assert sheet_formats == [FORMAT, FORMAT_WITH_RULES]


def test_the_shipped_rules_schema_is_the_one_the_rule_classes_give() -> None:
    """issue 32 item 3: rules.schema.json is derived from the rule classes as the codec
    reads them; a rule class's new field must be added to it (python -m
    tests.records.schemas)."""
    shipped = schemas.SCHEMA_DIR.joinpath(schemas.RULES_FILE).read_text("utf-8")
    assert shipped == schemas.rules_schema_text()


def test_every_preset_and_catalogue_rule_set_as_a_rules_object_is_valid() -> None:
    """issue 32 item 3: the rules object of every preset (under every value of its
    options the catalogue changes) validates against the rules schema."""
    from pyclag.rules import catalogue

    rounds = [catalogue.no_trumps(4), catalogue.roll_em(3), catalogue.misere(False, -2, 5)]
    for rules in [*(presets.get(name) for name in presets.names()), pyclag.RuleSet("x", rounds)]:
        record = {"format": "pyclag/2", "rules": rules_object(rules), "players": 4, "rounds": []}
        assert schemas.errors(record) == []


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda r: r.update(format="pyclag/3"), "$.format"),
        (lambda r: r.update(players="4"), "$.players"),
        (lambda r: r.update(extra=1), "$"),
        (lambda r: r["rounds"][0].update(deck=r["rounds"][0]["deck"][3:]), "$.rounds[0].deck"),
        (lambda r: r["rounds"][0].update(plays=["AS=", "KS"]), "$.rounds[0].plays[0]"),
        (lambda r: r["rounds"][0].update(bids=[-1]), "$.rounds[0].bids[0]"),
        (lambda r: r["rounds"][0].update(trump="X"), "$.rounds[0].trump"),
        (lambda r: r.update(rules={"name": "x", "schedule": []}), "$"),
        (lambda r: r.pop("preset"), "$"),
    ],
)
def test_the_record_schema_refuses_a_record_changed_in_one_field(change: Any, path: str) -> None:
    """issue 32 item 3: the schema is no rubber stamp: a written record changed in one
    field is refused, at that field's path."""
    text = pyclag.records.dump(
        pyclag.bid(pyclag.deal(pyclag.new_game(pyclag.NORMAL, 3), rng=random.Random(1)), 1)
    )
    record = json.loads(text)
    assert schemas.errors(record) == []
    change(record)
    found = schemas.errors(record)
    assert found
    assert any(error.startswith(f"{path}:") for error in found), found


def test_the_sheet_schema_accepts_a_written_sheet_and_refuses_a_changed_one() -> None:
    """issue 32 item 3: a score sheet's file validates; with tricks and trick winners
    both, or a name that is a number, it does not."""
    sheet = ScoreSheet(pyclag.NORMAL, 3, names=("Ann", "Bob", "Cy")).bid(1).bid(0).bid(1)
    value = json.loads(dump_sheet(sheet.took((0, 1, 0))))
    assert schemas.errors(value) == []
    value["deals"][0]["trick_winners"] = [1]
    assert schemas.errors(value)
    del value["deals"][0]["trick_winners"]
    value["names"][0] = 7
    assert any(error.startswith("$.names:") for error in schemas.errors(value))


def test_the_schema_refuses_the_bad_records_whose_fault_is_of_form() -> None:
    """issue 32 item 3: of the hand-made bad records, the schema refuses those whose fault
    is of form (a wrong type, an unknown or missing field, a bad card, a deck of 51);
    those whose fault is of play (an illegal bid, a card not in the hand) need a replay."""
    form = [
        "bid_string.json",
        "call_suits_bad_suit.json",
        "deck_51_cards.json",
        "deck_comma_separated.json",
        "first_dealer_negative.json",
        "format_version_3.json",
        "play_double_declaration.json",
        "players_missing.json",
        "preset_unknown.json",
        "rules_and_preset.json",
        "rules_suits_kind_unknown.json",
        "rules_trumps_suit_missing.json",
        "schedule_zero.json",
        "unknown_field_round.json",
    ]
    play = ["bid_dealer_hook_gt.json", "play_not_in_hand.json", "revoke_not_following_suit.json"]
    refused = {}
    for name in [*form, *play]:
        refused[name] = bool(schemas.errors(json.loads((BAD / name).read_text("utf-8"))))
    assert refused == {name: name in form for name in refused}


def test_the_reference_games_validate() -> None:
    """issue 32 item 3: the reference records of tests/data/games, written by pyclag,
    validate against the record schema."""
    for path in sorted(GAMES.glob("*.json")):
        if path.name != "EXPECTED.json":
            assert schemas.errors(json.loads(path.read_text("utf-8"))) == [], path.name


# --- the corpus ----------------------------------------------------------------------------


def test_the_corpus_holds_at_least_100_games_each_in_the_manifest_and_small() -> None:
    """issue 32 item 3: 100 games or more, one file each, each named in the manifest."""
    assert len(FILES) >= 100
    assert set(FILES) == set(MANIFEST)
    assert sum((CORPUS / name).stat().st_size for name in FILES) < 400_000


@pytest.mark.parametrize("name", FILES)
def test_each_corpus_game_validates_replays_and_writes_back_the_same(name: str) -> None:
    """issue 32 item 3: each game of the corpus validates against the schema, replays
    through the engine to the summary the manifest holds, and dumps back to its text."""
    text = (CORPUS / name).read_text("utf-8")
    assert schemas.errors(json.loads(text)) == []
    state = replay(load(text))
    assert summary(state) == MANIFEST[name]["summary"]
    assert pyclag.records.dump(state) + "\n" == text


def test_the_script_makes_the_corpus_as_it_lies() -> None:
    """issue 32 item 3: the corpus is what tests/records/make_corpus.py makes from the
    seeds, game for game (rerun the script after a change to the rules)."""
    made = {name: text for name, _game, text, _summary in make_corpus.made()}
    assert sorted(made) == FILES
    for name in FILES:
        assert made[name] + "\n" == (CORPUS / name).read_text("utf-8"), name


def test_the_corpus_covers_every_preset_special_deal_and_raf_call() -> None:
    """issue 32 item 3: every preset, every special deal of the presets and of the
    catalogue, the Scottish draw, both formats, games stopped part-way, and the RAF
    calls: each suits form, nuloss, blind, misère and both madnesses."""
    from pyclag.rules import catalogue

    records = [load((CORPUS / name).read_text("utf-8")) for name in FILES]
    values = [json.loads((CORPUS / name).read_text("utf-8")) for name in FILES]
    assert {record.rules.name for record in records} >= set(presets.names())
    labels = {spec.label for record in records for spec in record.rules.schedule}
    wanted = {spec.label for name in presets.names() for spec in presets.get(name).schedule}
    wanted |= {
        getattr(catalogue, name)().label
        for name in (
            *("no_trumps", "guess_trumps", "blind_unseen", "blind_before_deal", "roll_em"),
            *("twos_wild", "aces_low", "dealer_calls", "most_tricks"),
        )
    }
    wanted |= {catalogue.misere(True, -1).label, catalogue.misere(False, -1).label}
    assert wanted <= labels
    assert {value["format"] for value in values} == {"pyclag/1", "pyclag/2"}
    rounds = [rnd for value in values for rnd in value["rounds"]]
    assert any("draw" in rnd for rnd in rounds)
    assert any("blind_orders" in rnd for rnd in rounds)
    assert any("=" in play for rnd in rounds for play in rnd.get("plays", ()))
    assert any("trump" in rnd for rnd in rounds)
    calls = [rnd["call"] for rnd in rounds if "call" in rnd]
    kinds = {call["suits"].partition(":")[0] for call in calls}
    assert kinds >= {"trumps", "no-trumps", "precedence", "turn-up"}
    for flag in ("nuloss", "blind", "misere"):
        assert any(call[flag] for call in calls), flag
    assert {call["madness"] for call in calls} >= {None, "ascending", "descending"}
    assert any(not summary(replay(record))["winners"] for record in records)  # part-way
