"""Any rule set as JSON data: the ``rules`` object of a ``pyclag/2`` record
(DESIGN.md §6, ``docs/records.rst``).

The codec is driven by the rule values themselves: one writer and one reader
serve every attrs rule class (:class:`~pyclag.rules.ruleset.RuleSet`,
:class:`~pyclag.rules.round.RoundSpec`, hooks, scorings, suit rules...),
reading each class's attrs fields and their types. A rule value is an object
of its fields, those at their default left out; an enum is its value (a suit
its letter); a tuple is a list. Where a field may hold one of several classes
(a round's ``suits`` or ``scoring``) the object names its class in ``kind``
(``"precedence"``, ``"most_tricks"``). Reading checks each field with the
class's own validator, then the class's checks of the fields together, and
nothing is evaluated: every fault is a RecordError at the field's path.

>>> import pyclag
>>> from pyclag.rules import catalogue
>>> rules = pyclag.NORMAL.with_schedule([2, catalogue.no_trumps(3)])
>>> rules_object(rules)["schedule"]
[{'hand_size': 2}, {'hand_size': 3, 'suits': {'kind': 'no_trumps'}}]
>>> rules_object_from(rules_object(rules)) == rules
True
>>> rules_object_from({"name": "x", "schedule": [{"hand_size": 3, "suits": {"kind": "trumps"}}]})
Traceback (most recent call last):
pyclag.errors.RecordError: rules.schedule[0].suits.suit: missing; Trumps has kind, suit
"""

from __future__ import annotations

import enum
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from pyclag import limits
from pyclag._caches import bounded
from pyclag._checks import not_a
from pyclag.cards import Suit
from pyclag.errors import RecordError, RulesError
from pyclag.limits import MAX_CHOICES, MAX_HAND_SIZE
from pyclag.records.fields import (
    MAX_ROUNDS,
    boolean,
    listed,
    object_fields,
    rules_fields,
    rules_from,
    shown,
    string,
    whole,
)
from pyclag.records.model import refused
from pyclag.rules.ruleset import RuleSet, schedule_fault
from pyclag.scoring.schemes import ContractScoring

__all__ = [
    "MAX_INT",
    "MAX_ITEMS",
    "MAX_NAME",
    "check_deals",
    "rules_head",
    "rules_object",
    "rules_object_from",
    "rules_of",
]

MAX_INT: Final = 1_000_000
"""The largest number (either sign) a ``rules`` object may hold; each field's own
validator then narrows it (points per trick within -1000..1000, say)."""

MAX_NAME: Final = limits.MAX_NAME
"""The longest string a ``rules`` object may hold (a rule set's or a round's name):
the longest a rule value holds, :data:`pyclag.limits.MAX_NAME`."""

MAX_ITEMS: Final[Mapping[str, int]] = {
    "hand_sizes": MAX_HAND_SIZE,
    "order": len(Suit),
    "choices": MAX_CHOICES,
}
"""The longest list each field may hold, as the rule values allow it; any other
list (a schedule) holds at most :data:`~pyclag.records.fields.MAX_ROUNDS` items."""


def rules_object(rules: RuleSet) -> dict[str, Any]:
    """``rules`` as the ``rules`` object of a record: its fields, those at
    their default left out (the schema of ``docs/records.rst``).

    >>> import pyclag
    >>> rules_object(pyclag.NORMAL.with_schedule([1]).with_options(hook="gt"))
    {'name': 'normal', 'schedule': [{'hand_size': 1}], 'hook': {'form': 'gt'}}
    """
    if not isinstance(rules, RuleSet):
        raise not_a("rules_object", "rules", "a RuleSet", rules)
    written: dict[str, Any] = _write(rules)
    return written


def rules_object_from(value: object, path: str = "rules") -> RuleSet:
    """The rule set a record's ``rules`` object at ``path`` holds, each field
    checked (:func:`rules_object` writes it).

    >>> rules_object_from({"name": "x", "schedule": [{"hand_size": 1}], "hook": {"form": "gt"}}).hook.form
    <HookForm.EXCEED: 'gt'>
    >>> rules_object_from({"name": "x", "schedule": [], "min_players": 4})
    Traceback (most recent call last):
    pyclag.errors.RecordError: rules.schedule: a schedule needs at least one round
    >>> rules_object_from({"name": "x", "schedule": [{"hand_size": 1}], "min_players": 4, "max_players": 3})
    Traceback (most recent call last):
    pyclag.errors.RecordError: rules: min_players 4 exceeds max_players 3
    """
    rules: RuleSet = _read(value, RuleSet, path)
    return rules


def check_deals(rules: RuleSet, players: int, path: str = "rules") -> None:
    """Refuse a rules object whose schedule a table of ``players`` cannot deal:
    a hand size beyond the pack, or one that leaves no turn-up under
    ``no_turnup`` ``reject`` (§1.5, A30), at the path of that round's hand size.

    >>> import pyclag
    >>> check_deals(pyclag.NORMAL.with_schedule([9]), 6)
    Traceback (most recent call last):
    pyclag.errors.RecordError: rules.schedule[0].hand_size: 6 players x 9 cards = 54 cards, more than the 52 in the pack
    """
    fault = schedule_fault(rules, players)
    if fault is not None:
        index, reason = fault
        entry = min(index, len(rules.schedule) - 1)  # past the schedule its last entry repeats
        raise refused(f"{path}.schedule[{entry}].hand_size", reason)


def rules_head(rules: RuleSet, compact: str, with_rules: str) -> dict[str, Any]:
    """The head of a file that names ``rules``: a preset with its options
    (and schedule) in format ``compact`` whenever that is exact, else the rules
    object in format ``with_rules`` (a game record: ``pyclag/1`` or ``pyclag/2``).

    >>> import pyclag
    >>> rules_head(pyclag.presets.get("raf"), "x/1", "x/2")
    {'format': 'x/1', 'preset': 'raf', 'options': {}}
    >>> rules_head(pyclag.RuleSet("mine", [1]), "x/1", "x/2")
    {'format': 'x/2', 'rules': {'name': 'mine', 'schedule': [{'hand_size': 1}]}}
    """
    try:
        return {"format": compact, **rules_fields(rules)}
    except RecordError:  # no preset with options is exact: the rules as data
        return {"format": with_rules, "rules": rules_object(rules)}


def rules_of(fields: dict[str, object], with_rules: str) -> RuleSet:
    """The rules a file's head ``fields`` name: its preset, options and
    schedule (:func:`~pyclag.records.fields.rules_from`), or its ``rules``
    object, which only a file of format ``with_rules`` holds, and alone.

    >>> rules_of({"format": "x/1", "rules": {}}, "x/2")
    Traceback (most recent call last):
    pyclag.errors.RecordError: rules: a rules object needs the format 'x/2'
    """
    if "rules" not in fields:
        return rules_from(fields)
    if fields["format"] != with_rules:
        raise refused("rules", f"a rules object needs the format {with_rules!r}")
    for key in ("preset", "options", "schedule"):
        if key in fields:
            raise refused(key, "a file with a rules object names no preset, options or schedule")
    return rules_object_from(fields["rules"])


# --- the writer -----------------------------------------------------------------------


def _write(value: object) -> Any:
    if attrs.has(type(value)):
        written = {}
        if type(value) in _union_members():
            written["kind"] = _tag(type(value))
        for field in _fields(type(value)):
            item = getattr(value, field.name)
            if field.default is attrs.NOTHING or item != _default(field):
                written[field.name] = _write(item)
        return written
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [_write(item) for item in value]
    return value  # None, a bool, an int or a str: JSON as it is


def _default(field: attrs.Attribute[Any]) -> object:
    default: Any = field.default
    return default.factory() if isinstance(default, _FACTORY) else default


_FACTORY: Final[Any] = type(attrs.Factory(list))


# --- the reader -----------------------------------------------------------------------


def _read(value: object, kind: Any, path: str, name: str = "") -> Any:
    """``value`` at ``path`` read as the type ``kind`` (the annotation of the
    field ``name``, or of an item of it)."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (types.UnionType, typing.Union):
        return _read_union(value, args, path, name)
    if origin is tuple:
        return _read_tuple(value, args, path, name)
    if attrs.has(kind):
        return _read_object(value, kind, path)
    if kind is bool:
        return boolean(value, path)
    if kind is int:
        return whole(value, path, -MAX_INT, MAX_INT)
    if kind is str:
        text = string(value, path)
        if len(text) > MAX_NAME:
            raise refused(path, f"{len(text)} characters, more than the {MAX_NAME} a name may hold")
        return text
    if kind is Suit:
        text = string(value, path)
        try:
            return Suit.parse(text)
        except (RecordError, RulesError) as err:
            raise refused(path, str(err)) from None
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        for member in kind:
            if member.value == value and type(value) is str:
                return member
        names = ", ".join(f'"{member.value}"' for member in kind)
        raise refused(path, f"expected one of {names}, not {shown(value)}")
    raise TypeError(f"the rules codec has no reader for {kind!r}")  # a rule class's new field


def _read_union(value: object, args: tuple[Any, ...], path: str, name: str) -> Any:
    if value is None and type(None) in args:
        return None
    kinds = [arg for arg in args if arg is not type(None)]
    if len(kinds) == 1:
        return _read(value, kinds[0], path, name)
    by_tag = {_tag(kind): kind for kind in kinds}
    names = ", ".join(f'"{name}"' for name in by_tag)
    fields = object_fields(value, path, ())
    if "kind" not in fields:
        raise refused(f"{path}.kind", f"missing; its kind is one of {names}")
    tag = fields["kind"]
    if not isinstance(tag, str) or tag not in by_tag:
        raise refused(f"{path}.kind", f"expected one of {names}, not {shown(tag)}")
    return _read_object(value, by_tag[tag], path)


def _read_tuple(value: object, args: tuple[Any, ...], path: str, name: str) -> tuple[Any, ...]:
    if len(args) == 2 and args[1] is Ellipsis:
        items = listed(value, path, MAX_ITEMS.get(name, MAX_ROUNDS))
        return tuple(_read(item, args[0], f"{path}[{n}]") for n, item in enumerate(items))
    items = listed(value, path, len(args))
    if len(items) != len(args):
        raise refused(path, f"expected a list of {len(args)} items, not {len(items)}")
    return tuple(
        _read(item, kind, f"{path}[{n}]")
        for n, (item, kind) in enumerate(zip(items, args, strict=True))
    )


def _read_object(value: object, cls: type, path: str) -> Any:
    fields = _fields(cls)
    allowed = (*(("kind",) if cls in _union_members() else ()), *(field.name for field in fields))
    required = [field.name for field in fields if field.default is attrs.NOTHING]
    holder = f"{cls.__name__} has"
    given = object_fields(value, path, allowed, has=holder)
    if cls in _union_members() and given.get("kind", _tag(cls)) != _tag(cls):
        raise refused(f"{path}.kind", f'expected "{_tag(cls)}", not {shown(given["kind"])}')
    object_fields(given, path, allowed, required, has=holder)
    hints = _hints(cls)
    kwargs = {}
    for field in fields:
        if field.name in given:
            at = f"{path}.{field.name}"
            item = _read(given[field.name], hints[field.name], at, field.name)
            _check_field(field, item, at)
            kwargs[field.name] = item
    try:
        made = cls(**kwargs)
    except RulesError as err:  # the fields together: the class's own checks
        raise refused(path, str(err)) from None
    for check in _COMBINATIONS.get(cls, ()):
        reason = check(made)
        if reason is not None:
            raise refused(path, reason)
    return made


def _check_field(field: attrs.Attribute[Any], value: object, path: str) -> None:
    """The class's own check of one field (its converter, then its validator)."""
    try:
        converter: Any = field.converter
        if converter is not None:
            value = converter(value)
        if field.validator is not None:
            field.validator(None, field, value)
    except RulesError as err:
        raise refused(path, str(err)) from None


def _madness_weighs_tricks(scoring: ContractScoring) -> str | None:
    # §2.3: a madness weighs each trick's points; on a scoring whose tricks score
    # nothing, made or missed, it could change nothing, so it is no rule at all.
    if scoring.madness is not None and scoring.per_trick == scoring.per_trick_on_miss == 0:
        return "a madness weighs the points of tricks, and this scoring gives tricks none"
    return None


_COMBINATIONS: Final[Mapping[type, tuple[Callable[[Any], str | None], ...]]] = {
    ContractScoring: (_madness_weighs_tricks,),
}
"""Checks of a rule value's fields together that its class leaves to its users."""


# --- the rule classes -------------------------------------------------------------------


@bounded(64)
def _fields(cls: type) -> tuple[attrs.Attribute[Any], ...]:
    """The fields of a rule class a record holds: those set when it is made."""
    return tuple(field for field in attrs.fields(cls) if field.init)


@bounded(64)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _tag(cls: type) -> str:
    """A rule class's ``kind`` in a record: its name in snake case."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


# Found once, on first use: reading the type hints evaluates every annotation of the
# rule classes, which import pyclag need not pay for.
@bounded(1)
def _union_members() -> frozenset[type]:
    """The rule classes that share a field with another class (written with ``kind``)."""
    found: set[type] = set()
    todo: list[type] = [RuleSet]
    seen: set[type] = set()
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        for hint in _hints(cls).values():
            classes = [kind for kind in _classes_in(hint) if attrs.has(kind)]
            if typing.get_origin(hint) in (types.UnionType, typing.Union) and len(classes) > 1:
                found.update(classes)
            todo.extend(classes)
    return frozenset(found)


def _classes_in(hint: Any) -> list[Any]:
    args = typing.get_args(hint)
    if not args:
        return [hint]
    return [kind for arg in args for kind in _classes_in(arg)]
