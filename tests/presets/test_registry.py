"""The preset registry: presets.get, names, aliases and options."""

from __future__ import annotations

from typing import Final

import pytest

import pyclag
from pyclag import RoundSpec, RulesError, presets
from pyclag.rules import NO_TRUMPS, OPTIONS
from tests.presets.tables import PRESET_NAMES

# --- presets.get, names, options ------------------------------------------------

ALIASES: Final = {
    "wp": "wikipedia",
    "scotland": "scottish",
    "scots": "scottish",
    "royal air force": "raf",
    "unified": "raf",
    "indonesia": "indonesian",
    "gamerules": "indonesian",
    "id": "indonesian",
    "mcleod": "pagat",
}
CONSTANTS: Final = {
    "wikipedia": presets.WIKIPEDIA,
    "scottish": presets.SCOTTISH,
    "raf": presets.RAF,
    "indonesian": presets.INDONESIAN,
    "pagat": presets.PAGAT,
    "normal": pyclag.NORMAL,
}


def test_presets_names() -> None:
    assert presets.names() == ("indonesian", "normal", "pagat", "raf", "scottish", "wikipedia")
    for name in presets.names():
        assert presets.get(name).name == name


@pytest.mark.parametrize("name", sorted(CONSTANTS))
def test_presets_get_is_case_insensitive(name: str) -> None:
    for spelling in (name, name.upper(), name.title(), f"  {name.capitalize()} "):
        assert presets.get(spelling) is CONSTANTS[name]


@pytest.mark.parametrize(("alias", "name"), sorted(ALIASES.items()))
def test_presets_get_takes_aliases(alias: str, name: str) -> None:
    assert presets.ALIASES[alias] == name
    assert presets.get(alias) is CONSTANTS[name]
    assert presets.get(alias.upper()) is CONSTANTS[name]


def test_presets_aliases_are_exactly_the_documented_ones() -> None:
    assert dict(presets.ALIASES) == ALIASES
    assert presets.get("Royal   Air\tForce") is presets.RAF


def test_presets_get_with_an_alias_applies_options() -> None:
    assert len(presets.get("WP", phase2="six").schedule) == 20
    assert presets.get("ID", undescribed_rounds="normal").schedule[7] == RoundSpec(7)


@pytest.mark.parametrize("name", ["nonesuch", "wikipedia2", "", "r a f", "paga"])
def test_presets_unknown_preset_lists_the_valid_ones(name: str) -> None:
    with pytest.raises(RulesError) as caught:
        presets.get(name)
    message = str(caught.value)
    assert message.startswith(f"unknown preset {name!r}; valid presets: ")
    assert "indonesian, normal, pagat, raf, scottish, wikipedia" in message
    for alias in ALIASES:
        assert alias in message


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_presets_unknown_option_lists_the_valid_ones(name: str) -> None:
    with pytest.raises(RulesError) as caught:
        presets.get(name, phase3="six")
    message = str(caught.value)
    assert message.startswith("unknown option 'phase3'; valid options: ")
    listed = message.split("valid options: ", 1)[1].split(", ")
    own = {"wikipedia": ["phase2"], "indonesian": ["undescribed_rounds"]}.get(name, [])
    assert listed == sorted([*OPTIONS, *own])


def test_presets_schedule_options_belong_to_their_preset_only() -> None:
    with pytest.raises(RulesError, match="unknown option 'phase2'"):
        presets.get("pagat", phase2="six")
    with pytest.raises(RulesError, match="unknown option 'undescribed_rounds'"):
        presets.get("wikipedia", undescribed_rounds="normal")


@pytest.mark.parametrize(
    ("name", "option", "value", "message"),
    [
        ("wikipedia", "phase2", "seven", "option phase2='seven': expected one of 'eight', 'six'"),
        ("wikipedia", "phase2", "Six", "expected one of 'eight', 'six'"),
        ("wikipedia", "phase2", 6, "option phase2=6: expected a string"),
        (
            "indonesian",
            "undescribed_rounds",
            "special",
            "option undescribed_rounds='special': expected one of 'pagat', 'normal'",
        ),
        ("indonesian", "undescribed_rounds", None, "expected a string"),
        ("raf", "num_deals", 0, "option num_deals=0: num_deals must be None or an int"),
        ("raf", "first_deal_caller", "dealer", "option first_deal_caller='dealer'"),
        ("pagat", "hook", "greater", "option hook='greater': form must be one of 'ne', 'gt'"),
        ("scottish", "scoring", "F9", "option scoring='F9'"),
    ],
)
def test_presets_bad_option_value_is_refused(
    name: str, option: str, value: object, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        presets.get(name, **{option: value})


def test_presets_options_include_the_schedule_choices() -> None:
    assert presets.WIKIPEDIA.options["phase2"] == "eight"
    assert presets.get("wikipedia", phase2="six").options["phase2"] == "six"
    assert presets.INDONESIAN.options["undescribed_rounds"] == "pagat"
    assert set(presets.WIKIPEDIA.options) == {*OPTIONS, "phase2"}
    assert set(presets.INDONESIAN.options) == {*OPTIONS, "undescribed_rounds"}
    for rules in (presets.SCOTTISH, presets.RAF, presets.PAGAT):
        assert set(rules.options) == set(OPTIONS)


def test_presets_get_leaves_the_constants_untouched() -> None:
    presets.get("wikipedia", phase2="six")
    presets.get("indonesian", undescribed_rounds="normal")
    assert len(presets.WIKIPEDIA.schedule) == 22
    assert presets.WIKIPEDIA.options["phase2"] == "eight"
    assert presets.INDONESIAN.schedule[7].suits == NO_TRUMPS
