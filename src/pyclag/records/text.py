"""Records as JSON text: :func:`dump` writes one, :func:`load` reads one and
checks its form (DESIGN.md §6). The text comes from strangers: it is read with
the standard ``json`` module only, within :data:`MAX_TEXT` characters and
:data:`MAX_ROUNDS` rounds, with no repeated field, no NaN and no nesting
deeper than the format's; every fault is a RecordError at its path.

>>> load('{"format": "pyclag/1", "preset": "wp", "players": 4, "rounds": []}').players
4
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final, NoReturn

from pyclag import presets
from pyclag.actions import CallChoice, Madness
from pyclag.cards import Card, Suit
from pyclag.checks import not_a
from pyclag.dealing import deck_refusal
from pyclag.errors import RecordError, Refusal, RulesError
from pyclag.notation import read_play
from pyclag.records.model import ROUND_FIELDS, Record, RoundRecord, record_of
from pyclag.records.model import refused as _refused
from pyclag.refusals import check_state
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP, NoTrumps, Precedence, TurnUp
from pyclag.state import GameState

__all__ = ["FORMAT", "MAX_ROUNDS", "MAX_TEXT", "dump", "load"]

FORMAT: Final = "pyclag/1"
"""The value of a record's ``format`` field."""

MAX_TEXT: Final = 1_000_000
"""The longest record text read, in characters. A real game takes 20-40 thousand."""

MAX_ROUNDS: Final = 1000
"""The most rounds a record may hold (the largest ``num_deals`` a rule set allows)."""


def dump(state: GameState) -> str:
    """The JSON record of ``state`` (DESIGN.md §6), finished or not.

    The rules are written as a preset and the options changed from it; a rule
    set that is not a preset with options and a schedule of its rounds (one
    built from rule objects) cannot be written, and raises RecordError.

    >>> import pyclag
    >>> print(dump(pyclag.new_game(pyclag.presets.get("raf", num_deals=3), players=4)))
    {
      "format": "pyclag/1",
      "preset": "raf",
      "options": {"num_deals": 3},
      "players": 4,
      "first_dealer": 0,
      "rounds": []
    }
    """
    record = record_of(check_state("dump", state))
    head = {"format": FORMAT, **_rules_fields(record.rules)}
    head.update(players=record.players, first_dealer=record.first_dealer)
    lines = [f"  {json.dumps(key)}: {_compact(value)}," for key, value in head.items()]
    rounds = [f"    {_compact(_round_fields(rnd))}" for rnd in record.rounds]
    body = "[\n" + ",\n".join(rounds) + "\n  ]" if rounds else "[]"
    return "{\n" + "\n".join(lines) + f'\n  "rounds": {body}\n}}'


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _rules_fields(rules: RuleSet) -> dict[str, Any]:
    """The preset, options and schedule that rebuild ``rules`` exactly: only
    what :func:`load` reads back to the very same rule set is written."""
    if rules.name in presets.names():
        preset = presets.get(rules.name)
        for schedule in (None, [_spec_text(spec) for spec in rules.schedule]):
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
                if _rules(fields) == rules:
                    return fields
            except RecordError:  # a round or an option value a record cannot hold
                continue
    raise RecordError(
        f"rule set {rules.name!r} cannot be written as a record: it is not a preset with "
        f"options and a schedule of the preset's own rounds (presets: {', '.join(presets.names())})"
    )


def _spec_text(spec: RoundSpec) -> int | str:
    """A schedule entry: the hand size of a normal round, else "<cards> <label>"."""
    return spec.hand_size if spec == RoundSpec(spec.hand_size) else f"{spec.hand_size} {spec.label}"


def _round_fields(rnd: RoundRecord) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if rnd.draw is not None:
        fields["draw"] = " ".join(map(str, rnd.draw))
    if rnd.deck is not None:
        fields["deck"] = " ".join(map(str, rnd.deck))
    if rnd.hand_size is not None:
        fields["hand_size"] = rnd.hand_size
    if rnd.call is not None:
        fields["call"] = _call_fields(rnd.call)
    if rnd.trump is not None:
        fields["trump"] = rnd.trump.letter if isinstance(rnd.trump, Suit) else None
    if rnd.blind_orders is not None:
        fields["blind_orders"] = [[str(card) for card in pile] for pile in rnd.blind_orders]
    if rnd.bids:
        fields["bids"] = list(rnd.bids)
    if rnd.plays:
        fields["plays"] = [
            str(card) if declared is None else f"{card}={declared}" for card, declared in rnd.plays
        ]
    return fields


def _call_fields(call: CallChoice) -> dict[str, Any]:
    suits = call.suits
    if isinstance(suits, Suit):
        text = f"trumps:{suits.letter}"
    elif isinstance(suits, Precedence):
        text = "precedence:" + "".join(suit.letter for suit in suits.order)
    else:
        text = "no-trumps" if isinstance(suits, NoTrumps) else "turn-up"
    madness = None if call.madness is None else call.madness.value
    return {
        "suits": text,
        "nuloss": call.nuloss,
        "blind": call.blind,
        "misere": call.misere,
        "madness": madness,
    }


# --- from text ---------------------------------------------------------------------------


def load(text: str | bytes) -> Record:
    """Read a record from JSON text, checking its form (replay checks its play).

    >>> load('{"format": "pyclag/1", "preset": "wp", "players": 4, "rounds": []}').rules.name
    'wikipedia'
    >>> load('{"format": "pyclag/1", "preset": "wp", "players": 4, "rounds": [], "extra": 1}')
    Traceback (most recent call last):
    pyclag.errors.RecordError: extra: unknown field; a record has format, preset, options, schedule, players, first_dealer, rounds
    """
    data = _parse_json(text)
    fields = _fields(data, "", _RECORD_FIELDS, required=("format", "preset", "players", "rounds"))
    if fields["format"] != FORMAT:
        raise _refused("format", f"expected {FORMAT!r}, not {fields['format']!r}")
    rules = _rules(fields)
    players = _int(fields["players"], "players", 1, 52)
    if not rules.min_players <= players <= rules.max_players:
        raise _refused(
            "players",
            f"{rules.name} is for {rules.min_players}..{rules.max_players} players, not {players}",
        )
    first_dealer = _int(fields.get("first_dealer", 0), "first_dealer", 0, players - 1)
    rounds = _list(fields["rounds"], "rounds", rules.num_rounds(players))
    return Record(
        rules,
        players,
        first_dealer,
        tuple(_round(item, f"rounds[{n}]", players) for n, item in enumerate(rounds)),
    )


_RECORD_FIELDS: Final = (
    "format",
    "preset",
    "options",
    "schedule",
    "players",
    "first_dealer",
    "rounds",
)
_CALL_FIELDS: Final = ("suits", "nuloss", "blind", "misere", "madness")


def _parse_json(text: object) -> object:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")  # a byte-order mark is harmless
        except UnicodeDecodeError as err:
            raise _refused("", f"not UTF-8 text ({err.reason} at byte {err.start})") from None
    if not isinstance(text, str):
        raise not_a("load", "text", "a str or bytes", text)
    if len(text) > MAX_TEXT:
        raise _refused("", f"{len(text)} characters is more than a record may hold ({MAX_TEXT})")
    try:
        return json.loads(
            text.removeprefix("\ufeff"),
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
        )
    except json.JSONDecodeError as err:
        raise _refused("", f"not JSON: {err.msg} at line {err.lineno} column {err.colno}") from None
    except RecursionError:
        raise _refused("", "nested too deeply for a record") from None
    except ValueError as err:  # an integer too long to read, NaN
        raise _refused("", f"not a valid record: {err}") from None


class _Twice(dict[str, object]):
    """A JSON object with a repeated field, kept so that the refusal can name
    where it is (see :func:`_fields`)."""

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


def _kind(value: object) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true or false"}.get(
        type(value), "null" if value is None else "a number"
    )


def _shown(value: object) -> str:
    """A JSON value as a message quotes it: a scalar as written (cut short), a
    list or object by its kind (printing one could recurse as deep as it nests)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return json.dumps(value)[:40]
    return _kind(value)


def _fields(
    value: object, path: str, allowed: Sequence[str], required: Sequence[str] = ()
) -> dict[str, object]:
    if not isinstance(value, dict):
        raise _refused(path, f"{path or 'the record'} must be an object, not {_kind(value)}")
    twice = getattr(value, "twice", None)
    if twice is not None:
        raise _refused(f"{path}.{twice}" if path else twice, "this field appears twice")
    for key in value:
        if allowed and key not in allowed:
            raise _refused(
                f"{path}.{key}" if path else key,
                f"unknown field; {_has(path)} {', '.join(allowed)}",
            )
    for key in required:
        if key not in value:
            raise _refused(
                f"{path}.{key}" if path else key, f"missing; {_has(path)} {', '.join(allowed)}"
            )
    return value


def _has(path: str) -> str:
    return "a record has" if not path else "a call has" if path.endswith("call") else "a round has"


def _int(value: object, path: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _refused(path, f"expected a whole number in {low}..{high}, not {_shown(value)}")
    return value


def _str(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise _refused(path, f"expected a string, not {_kind(value)}")
    return value


def _list(value: object, path: str, most: int) -> list[object]:
    if not isinstance(value, list):
        raise _refused(path, f"expected a list, not {_kind(value)}")
    if len(value) > most:
        raise _refused(path, f"{len(value)} items, more than the {most} this game can have")
    return value


def _rules(fields: dict[str, object]) -> RuleSet:
    name = _str(fields["preset"], "preset")
    try:
        rules = presets.get(name)
    except RulesError as err:
        raise _refused("preset", str(err)) from None
    if "schedule" in fields:
        entries = _list(fields["schedule"], "schedule", MAX_ROUNDS)
        if not entries:
            raise _refused("schedule", "a schedule needs at least one round")
        rules = rules.with_schedule(
            _schedule_entry(rules, entry, f"schedule[{n}]") for n, entry in enumerate(entries)
        )
    options = fields.get("options", {})
    if not isinstance(options, dict):
        raise _refused("options", f"expected an object, not {_kind(options)}")
    options = _fields(options, "options", ())
    for key, value in options.items():
        if value is not None and not isinstance(value, (bool, int, str)):
            raise _refused(
                f"options.{key}",
                f"expected null, true, false, a number or a string, not {_kind(value)}",
            )
    for key, value in options.items():  # one at a time, so a refusal points at its option
        try:
            rules = rules.with_options(**{key: value})
        except RulesError as err:
            raise _refused(f"options.{key}", str(err)) from None
    return rules


def _schedule_entry(preset: RuleSet, entry: object, path: str) -> int | RoundSpec:
    if type(entry) is int:
        return _int(entry, path, 1, 52)
    text = _str(entry, path)
    known = [
        *preset.schedule,
        *(spec for c in preset.choices for _, specs in c.choices for spec in specs),
    ]
    for spec in known:
        if _spec_text(spec) == text:
            return spec
    raise _refused(path, f"{text!r} is neither a hand size nor a round of {preset.name}")


def _round(value: object, path: str, players: int) -> RoundRecord:
    fields = _fields(value, path, ROUND_FIELDS)
    deck = fields.get("deck")
    draw = fields.get("draw")
    blind = fields.get("blind_orders")
    return RoundRecord(
        draw=None if draw is None else _cards(draw, f"{path}.draw", 52),
        deck=None if deck is None else _deck(deck, f"{path}.deck"),
        hand_size=None
        if "hand_size" not in fields
        else _int(fields["hand_size"], f"{path}.hand_size", 1, 52),
        call=None if "call" not in fields else _call(fields["call"], f"{path}.call"),
        trump=None if "trump" not in fields else _trump(fields["trump"], f"{path}.trump"),
        blind_orders=None if blind is None else _orders(blind, f"{path}.blind_orders", players),
        bids=tuple(
            _int(bid, f"{path}.bids[{n}]", 0, 52)
            for n, bid in enumerate(_list(fields.get("bids", []), f"{path}.bids", players))
        ),
        plays=tuple(
            _play(play, f"{path}.plays[{n}]")
            for n, play in enumerate(_list(fields.get("plays", []), f"{path}.plays", 52))
        ),
    )


def _cards(text: object, path: str, most: int) -> tuple[Card, ...]:
    words = _str(text, path).split()
    if len(words) > most:
        raise _refused(path, f"{len(words)} cards, more than {most}")
    return tuple(_card(word, path) for word in words)


def _card(value: object, path: str) -> Card:
    try:
        return Card.parse(_str(value, path))
    except RecordError as err:
        raise _refused(path, str(err)) from None


def _deck(value: object, path: str) -> tuple[Card, ...]:
    deck = _cards(value, path, 52)
    ruling = deck_refusal(deck)
    if isinstance(ruling, Refusal):
        raise _refused(path, ruling.why)
    return deck


def _orders(value: object, path: str, players: int) -> tuple[tuple[Card, ...], ...]:
    piles = _list(value, path, players)
    return tuple(
        tuple(
            _card(card, f"{path}[{n}][{k}]")
            for k, card in enumerate(_list(pile, f"{path}[{n}]", 52))
        )
        for n, pile in enumerate(piles)
    )


def _play(value: object, path: str) -> tuple[Card, Card | None]:
    try:
        play = read_play(_str(value, path), 0)
    except RecordError as err:
        raise _refused(path, str(err)) from None
    return play.card, play.as_card


def _trump(value: object, path: str) -> Suit | NoTrumps:
    if value is None:
        return NO_TRUMPS
    try:
        return Suit.parse(_str(value, path))
    except RecordError as err:
        raise _refused(path, str(err)) from None


def _call(value: object, path: str) -> CallChoice:
    fields = _fields(value, path, _CALL_FIELDS, required=("suits",))
    flags = {flag: _flag(fields.get(flag, False), f"{path}.{flag}") for flag in _CALL_FIELDS[1:4]}
    madness = fields.get("madness")
    if madness is not None and madness not in ("ascending", "descending"):
        raise _refused(
            f"{path}.madness",
            f'expected null, "ascending" or "descending", not {_shown(madness)}',
        )
    return CallChoice(
        _call_suits(fields["suits"], f"{path}.suits"),
        nuloss=flags["nuloss"],
        blind=flags["blind"],
        misere=flags["misere"],
        madness=None if madness is None else Madness(madness),
    )


def _flag(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise _refused(path, f"expected true or false, not {_kind(value)}")
    return value


def _call_suits(value: object, path: str) -> Suit | TurnUp | NoTrumps | Precedence:
    text = _str(value, path)
    kind, _, rest = text.partition(":")
    try:
        if kind == "trumps" and rest:
            return Suit.parse(rest)
        if kind == "precedence" and rest:
            return Precedence(rest)
    except (RecordError, RulesError) as err:
        raise _refused(path, str(err)) from None
    if text == "no-trumps":
        return NO_TRUMPS
    if text == "turn-up":
        return TURN_UP
    raise _refused(
        path,
        f'expected "trumps:<suit>", "no-trumps", "turn-up" or "precedence:<4 suits>", not {text[:40]!r}',
    )
