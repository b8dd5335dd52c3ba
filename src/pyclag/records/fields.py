"""The fields of the JSON files pyclag reads and writes (game records,
DESIGN.md §6, and the score sheets of :mod:`pyclag.scoresheet`): the rules as
a preset, its options and schedule; a RAF call; a declared trump; and the
checked reading of JSON text from strangers, within :data:`MAX_TEXT`
characters, with no repeated field, no NaN and no nesting deeper than a
format's. Every fault is a :class:`~pyclag.errors.RecordError` at its path.
Internal surface: :mod:`pyclag.records.text` and the score sheet's files read
and write through it.

>>> whole(parse_json('{"players": 4}')["players"], "players", 3, 7)
4
>>> whole(parse_json('{"players": 9}')["players"], "players", 3, 7)
Traceback (most recent call last):
pyclag.errors.RecordError: players: expected a whole number in 3..7, not 9
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Final, NoReturn

from pyclag import presets
from pyclag._checks import not_a
from pyclag.actions import CallChoice, Madness
from pyclag.cards import Suit
from pyclag.errors import RecordError, RulesError
from pyclag.limits import MAX_HAND_SIZE, MAX_PLAYERS
from pyclag.records.model import refused
from pyclag.rules import ruleset
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP, NoTrumps, Precedence, TurnUp

__all__ = [
    "HEAD_FIELDS",
    "MAX_ROUNDS",
    "MAX_TEXT",
    "boolean",
    "call_fields",
    "call_from",
    "kind",
    "layout",
    "listed",
    "object_fields",
    "parse_json",
    "rules_fields",
    "rules_from",
    "shown",
    "spec_text",
    "string",
    "table_from",
    "trump_from",
    "whole",
]

HEAD_FIELDS: Final = ("format", "preset", "options", "schedule", "players", "first_dealer")
"""The fields at the head of every file: its format, the rules (:func:`rules_from`) and the table."""

MAX_TEXT: Final = 1_000_000
"""The longest record text read, in characters. A real game takes 20-40 thousand."""


MAX_ROUNDS: Final = ruleset.MAX_ROUNDS
"""The most rounds a record may hold, and the longest schedule: the most a game
may have, :data:`pyclag.limits.MAX_ROUNDS` (one limit, defined in :mod:`pyclag.limits`)."""


def rules_fields(rules: RuleSet) -> dict[str, Any]:
    """The preset, options and schedule that rebuild ``rules`` exactly: only
    what :func:`rules_from` reads back to the very same rule set is written.

    >>> rules_fields(presets.get("raf", num_deals=3))
    {'preset': 'raf', 'options': {'num_deals': 3}}
    """
    if rules.name in presets.names():
        preset = presets.get(rules.name)
        for schedule in (None, [spec_text(spec) for spec in rules.schedule]):
            base = preset if schedule is None else preset.with_schedule(rules.schedule)
            changed = {
                name: value
                for name, value in rules.options.items()
                if base.options.get(name, value) != value
            }
            fields: dict[str, Any] = {"preset": rules.name, "options": changed}
            if schedule is not None:
                fields["schedule"] = schedule
            try:
                if rules_from(fields) == rules:
                    return fields
            except RecordError:  # a round or an option value a record cannot hold
                continue
    raise RecordError(
        f"rule set {rules.name!r} cannot be written as a record: it is not a preset with "
        f"options and a schedule of the preset's own rounds (presets: {', '.join(presets.names())})"
    )


def layout(head: dict[str, Any], key: str, items: Sequence[dict[str, Any]]) -> str:
    """A file's JSON as pyclag writes it: a field of ``head`` a line, then the
    list ``key`` holds, an item a line (a record's rounds, a sheet's deals).

    >>> print(layout({"format": "x/1", "players": 3}, "rounds", [{"bids": [1, 0]}]))
    {
      "format": "x/1",
      "players": 3,
      "rounds": [
        {"bids": [1, 0]}
      ]
    }
    """
    lines = [f"  {json.dumps(name)}: {_compact(value)}," for name, value in head.items()]
    rows = [f"    {_compact(item)}" for item in items]
    body = "[\n" + ",\n".join(rows) + "\n  ]" if rows else "[]"
    return "{\n" + "\n".join(lines) + f"\n  {json.dumps(key)}: {body}\n}}"


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def spec_text(spec: RoundSpec) -> int | str:
    """A schedule entry: the hand size of a normal round, else "<cards> <label>".

    >>> spec_text(RoundSpec(3)), spec_text(RoundSpec(7, suits=NO_TRUMPS))
    (3, '7 No Trumps')
    """
    return spec.hand_size if spec == RoundSpec(spec.hand_size) else f"{spec.hand_size} {spec.label}"


def call_fields(call: CallChoice) -> dict[str, Any]:
    """A RAF call as a file writes it (DESIGN.md §6).

    >>> call_fields(CallChoice(Suit.HEARTS, nuloss=True))
    {'suits': 'trumps:H', 'nuloss': True, 'blind': False, 'misere': False, 'madness': None}
    """
    suits = call.suits
    text = f"trumps:{suits.letter}" if isinstance(suits, Suit) else suits.notation
    madness = None if call.madness is None else call.madness.value
    return {
        "suits": text,
        "nuloss": call.nuloss,
        "blind": call.blind,
        "misere": call.misere,
        "madness": madness,
    }


_CALL_FIELDS: Final = ("suits", "nuloss", "blind", "misere", "madness")


def parse_json(text: object, func: str = "load") -> object:
    """The JSON value of ``text`` (str, or UTF-8 bytes), read within the
    limits; ``func`` names the reader in the TypeError for another type.

    >>> parse_json('{"a": 1, "a": 2}')["a"]
    2
    >>> object_fields(parse_json('{"a": 1, "a": 2}'), "", ("a",))
    Traceback (most recent call last):
    pyclag.errors.RecordError: a: this field appears twice
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")  # a byte-order mark is harmless
        except UnicodeDecodeError as err:
            raise refused("", f"not UTF-8 text ({err.reason} at byte {err.start})") from None
    if not isinstance(text, str):
        raise not_a(func, "text", "a str or bytes", text)
    if len(text) > MAX_TEXT:
        raise refused("", f"{len(text)} characters is more than a record may hold ({MAX_TEXT})")
    try:
        return json.loads(
            text.removeprefix("\ufeff"),
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
        )
    except json.JSONDecodeError as err:
        raise refused("", f"not JSON: {err.msg} at line {err.lineno} column {err.colno}") from None
    except RecursionError:
        raise refused("", "nested too deeply for a record") from None
    except ValueError as err:  # an integer too long to read, NaN
        raise refused("", f"not a valid record: {err}") from None


class _Twice(dict[str, object]):
    """A JSON object with a repeated field, kept so that the refusal can name
    where it is (see :func:`object_fields`)."""

    twice: str = ""


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    fields = dict(pairs)
    if len(fields) != len(pairs):
        keys = [key for key, _ in pairs]
        fields = _Twice(pairs)
        fields.twice = next(key for key in keys if keys.count(key) > 1)
    return fields


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number a record may hold")


def kind(value: object) -> str:
    """What kind of JSON value ``value`` is, as a message says it.

    >>> kind([]), kind(None), kind(2.5)
    ('a list', 'null', 'a number')
    """
    return {dict: "an object", list: "a list", str: "a string", bool: "true or false"}.get(
        type(value), "null" if value is None else "a number"
    )


def shown(value: object) -> str:
    """A JSON value as a message quotes it: a scalar as written (cut short), a
    list or object by its kind (printing one could recurse as deep as it nests).

    >>> shown("x" * 99)[-3:], shown({"a": 1})
    ('xxx', 'an object')
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return json.dumps(value)[:40]
    return kind(value)


def table_from(
    text: object,
    form: str | tuple[str, ...],
    allowed: Sequence[str],
    items: str,
    func: str = "load",
    has: str | None = None,
    read_rules: Callable[[dict[str, object]], RuleSet] | None = None,
) -> tuple[dict[str, object], RuleSet, int, int]:
    """The head of a file of format ``form`` (or one of them): its fields
    (those ``allowed``, with ``items``, the list of rounds or deals), the
    rules they name (:func:`rules_from`, or ``read_rules`` where the file may
    hold a ``rules`` object in place of a ``preset``), the player count those
    rules allow and the first dealer, each checked.

    >>> fields, rules, players, first = table_from(
    ...     '{"format": "x/1", "preset": "raf", "players": 5, "rounds": []}',
    ...     "x/1", ("format", "preset", "players", "rounds"), "rounds")
    >>> rules.name, players, first
    ('raf', 5, 0)
    """
    value = parse_json(text, func)
    named = (
        "rules" if isinstance(value, dict) and "rules" in value and "rules" in allowed else "preset"
    )
    fields = object_fields(value, "", allowed, ("format", named, "players", items), has)
    forms = (form,) if isinstance(form, str) else form
    if fields["format"] not in forms:
        expected = " or ".join(map(repr, forms))
        raise refused("format", f"expected {expected}, not {fields['format']!r}")
    rules = (rules_from if read_rules is None else read_rules)(fields)
    players = whole(fields["players"], "players", 1, MAX_PLAYERS)
    if not rules.min_players <= players <= rules.max_players:
        raise refused(
            "players",
            f"{rules.name} is for {rules.min_players}..{rules.max_players} players, not {players}",
        )
    first_dealer = whole(fields.get("first_dealer", 0), "first_dealer", 0, players - 1)
    return fields, rules, players, first_dealer


def object_fields(
    value: object,
    path: str,
    allowed: Sequence[str],
    required: Sequence[str] = (),
    has: str | None = None,
) -> dict[str, object]:
    """The fields of the JSON object ``value`` at ``path``: each of them
    ``allowed`` (any, if empty), each of ``required`` there, none twice.
    ``has`` names what holds them in a refusal (``"a deal has"``).

    >>> object_fields({"bids": []}, "rounds[0]", ("deck", "bids"), required=("deck",))
    Traceback (most recent call last):
    pyclag.errors.RecordError: rounds[0].deck: missing; a round has deck, bids
    """
    holder = _has(path) if has is None else has
    if not isinstance(value, dict):
        raise refused(path, f"{path or 'the record'} must be an object, not {kind(value)}")
    twice = getattr(value, "twice", None)
    if twice is not None:
        raise refused(f"{path}.{twice}" if path else twice, "this field appears twice")
    for key in value:
        if allowed and key not in allowed:
            raise refused(
                f"{path}.{key}" if path else key,
                f"unknown field; {holder} {', '.join(allowed)}",
            )
    for key in required:
        if key not in value:
            raise refused(
                f"{path}.{key}" if path else key, f"missing; {holder} {', '.join(allowed)}"
            )
    return value


def _has(path: str) -> str:
    return "a record has" if not path else "a call has" if path.endswith("call") else "a round has"


def whole(value: object, path: str, low: int, high: int) -> int:
    """``value``, an int in ``low..high`` (not a bool, not a float).

    >>> whole(True, "bids[0]", 0, 7)
    Traceback (most recent call last):
    pyclag.errors.RecordError: bids[0]: expected a whole number in 0..7, not true
    """
    if type(value) is not int or not low <= value <= high:
        raise refused(path, f"expected a whole number in {low}..{high}, not {shown(value)}")
    return value


def string(value: object, path: str) -> str:
    """``value``, a string.

    >>> string(3, "preset")
    Traceback (most recent call last):
    pyclag.errors.RecordError: preset: expected a string, not a number
    """
    if not isinstance(value, str):
        raise refused(path, f"expected a string, not {kind(value)}")
    return value


def listed(value: object, path: str, most: int) -> list[object]:
    """``value``, a list of at most ``most`` items.

    >>> listed([1, 2, 3], "bids", 2)
    Traceback (most recent call last):
    pyclag.errors.RecordError: bids: 3 items, more than the 2 this game can have
    """
    if not isinstance(value, list):
        raise refused(path, f"expected a list, not {kind(value)}")
    if len(value) > most:
        raise refused(path, f"{len(value)} items, more than the {most} this game can have")
    return value


def rules_from(fields: dict[str, object]) -> RuleSet:
    """The rule set a file's ``preset``, ``options`` and ``schedule`` fields name.

    >>> rules_from({"preset": "wp", "options": {"phase2": "six"}}).num_rounds(4)
    20
    >>> rules_from({"preset": "wp", "options": {"hook": "maybe"}})
    Traceback (most recent call last):
    pyclag.errors.RecordError: options.hook: option hook='maybe': form must be one of 'ne', 'gt', 'none', not 'maybe'
    """
    name = string(fields["preset"], "preset")
    try:
        rules = presets.get(name)
    except RulesError as err:
        raise refused("preset", str(err)) from None
    if "schedule" in fields:
        entries = listed(fields["schedule"], "schedule", MAX_ROUNDS)
        if not entries:
            raise refused("schedule", "a schedule needs at least one round")
        rules = rules.with_schedule(
            _schedule_entry(rules, entry, f"schedule[{n}]") for n, entry in enumerate(entries)
        )
    options = fields.get("options", {})
    if not isinstance(options, dict):
        raise refused("options", f"expected an object, not {kind(options)}")
    options = object_fields(options, "options", ())
    for key, value in options.items():
        if value is not None and not isinstance(value, (bool, int, str)):
            raise refused(
                f"options.{key}",
                f"expected null, true, false, a number or a string, not {kind(value)}",
            )
    for key, value in options.items():  # one at a time, so a refusal points at its option
        try:
            rules = rules.with_options(**{key: value})
        except RulesError as err:
            raise refused(f"options.{key}", str(err)) from None
    return rules


def _schedule_entry(preset: RuleSet, entry: object, path: str) -> int | RoundSpec:
    if type(entry) is int:
        return whole(entry, path, 1, MAX_HAND_SIZE)
    text = string(entry, path)
    known = [
        *preset.schedule,
        *(spec for c in preset.choices for _, specs in c.choices for spec in specs),
    ]
    for spec in known:
        if spec_text(spec) == text:
            return spec
    raise refused(path, f"{text!r} is neither a hand size nor a round of {preset.name}")


def trump_from(value: object, path: str) -> Suit | NoTrumps:
    """A declared trump as a file writes it: a suit letter, or null for no trumps.

    >>> trump_from("H", "trump"), trump_from(None, "trump")
    (<Suit.HEARTS: 2>, NoTrumps())
    """
    if value is None:
        return NO_TRUMPS
    try:
        return Suit.parse(string(value, path))
    except RecordError as err:
        raise refused(path, str(err)) from None


def call_from(value: object, path: str) -> CallChoice:
    """A RAF call as a file writes it (:func:`call_fields`).

    >>> str(call_from({"suits": "precedence:DHSC", "madness": "ascending"}, "call"))
    'precedence:DHSC ascending'
    """
    fields = object_fields(value, path, _CALL_FIELDS, required=("suits",))
    flags = {flag: boolean(fields.get(flag, False), f"{path}.{flag}") for flag in _CALL_FIELDS[1:4]}
    madness = fields.get("madness")
    if madness is not None and madness not in ("ascending", "descending"):
        raise refused(
            f"{path}.madness",
            f'expected null, "ascending" or "descending", not {shown(madness)}',
        )
    return CallChoice(
        _call_suits(fields["suits"], f"{path}.suits"),
        nuloss=flags["nuloss"],
        blind=flags["blind"],
        misere=flags["misere"],
        madness=None if madness is None else Madness(madness),
    )


def boolean(value: object, path: str) -> bool:
    """``value``, true or false.

    >>> boolean(1, "call.nuloss")
    Traceback (most recent call last):
    pyclag.errors.RecordError: call.nuloss: expected true or false, not a number
    """
    if not isinstance(value, bool):
        raise refused(path, f"expected true or false, not {kind(value)}")
    return value


def _call_suits(value: object, path: str) -> Suit | TurnUp | NoTrumps | Precedence:
    text = string(value, path)
    mode, _, rest = text.partition(":")
    try:
        if mode == "trumps" and rest:
            return Suit.parse(rest)
        if mode == "precedence" and rest:
            return Precedence(rest)
    except (RecordError, RulesError) as err:
        raise refused(path, str(err)) from None
    if text == "no-trumps":
        return NO_TRUMPS
    if text == "turn-up":
        return TURN_UP
    raise refused(
        path,
        f'expected "trumps:<suit>", "no-trumps", "turn-up" or "precedence:<4 suits>", not {text[:40]!r}',
    )
