"""The JSON Schemas of the record formats (issue 32 item 3), as the suite uses them.

The package ships them in ``pyclag/records/schema/`` (``docs/formats.rst``):
``record.schema.json`` (a game record, ``pyclag/1`` and ``pyclag/2``),
``scoresheet.schema.json`` (a score sheet's file, ``pyclag-sheet/1`` and
``pyclag-sheet/2``), and ``rules.schema.json`` (the ``rules`` object both hold),
which :func:`rules_schema` derives from the rule classes the way
:mod:`pyclag.records.codec` reads them. Rewrite it after a rule class changes::

    python -m tests.records.schemas

:func:`check_text` validates a file's text against the schema its ``format``
names; tests/conftest.py runs it on every record and score sheet the suite writes.
"""

from __future__ import annotations

import enum
import functools
import json
import re
import sys
import types
import typing
from importlib import resources
from typing import Any

import attrs
import jsonschema
import referencing
import referencing.jsonschema

from pyclag.cards import Suit
from pyclag.limits import MAX_ROUNDS
from pyclag.records.codec import MAX_INT, MAX_ITEMS, MAX_NAME, _classes_in, _union_members
from pyclag.rules.ruleset import RuleSet

SCHEMA_DIR = resources.files("pyclag.records") / "schema"
"""The schemas as the installed package holds them."""

FILES = {"pyclag": "record.schema.json", "pyclag-sheet": "scoresheet.schema.json"}
"""The schema of each family of formats (the ``format`` field's text before the ``/``)."""

RULES_FILE = "rules.schema.json"
RULES_ID = "https://pyclag.readthedocs.io/en/latest/_static/rules.schema.json"


def read(name: str) -> dict[str, Any]:
    """A shipped schema, as JSON."""
    schema: dict[str, Any] = json.loads(SCHEMA_DIR.joinpath(name).read_text("utf-8"))
    return schema


@functools.cache
def validator(family: str) -> jsonschema.protocols.Validator:
    """The validator of a family of formats (``"pyclag"`` or ``"pyclag-sheet"``), with
    the schemas it refers to registered by their ``$id``."""
    shipped = [read(name) for name in (*FILES.values(), RULES_FILE)]
    registry: referencing.Registry[Any] = referencing.Registry().with_resources(
        (each["$id"], referencing.jsonschema.DRAFT202012.create_resource(each)) for each in shipped
    )
    schema = read(FILES[family])
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    made: jsonschema.protocols.Validator = cls(
        schema, registry=registry, format_checker=cls.FORMAT_CHECKER
    )
    return made


def errors(value: Any) -> list[str]:
    """What the schema of ``value``'s format (a file's JSON value) finds wrong with it,
    each at its path; ``[]`` when it is valid."""
    fmt = value.get("format") if isinstance(value, dict) else None
    family = fmt.partition("/")[0] if isinstance(fmt, str) else ""
    if family not in FILES:
        return [f"format: not a pyclag format: {fmt!r}"]
    found = validator(family).iter_errors(value)
    return sorted(f"{error.json_path}: {error.message}" for error in found)


def check_text(text: str) -> None:
    """Refuse (AssertionError) a file's text that its format's schema does not accept."""
    found = errors(json.loads(text))
    assert not found, "the schema refuses the text:\n" + "\n".join(found[:10]) + "\n" + text[:2000]


# --- the rules schema, derived from the rule classes -------------------------------------


def rules_schema() -> dict[str, Any]:
    """The schema of a ``rules`` object: each rule class a definition of its fields,
    as :mod:`pyclag.records.codec` writes and reads them."""
    defs: dict[str, Any] = {}
    todo: list[type] = [RuleSet]
    members = _union_members()  # the codec's own: the classes written with ``kind``
    while todo:
        cls = todo.pop()
        if cls.__name__ in defs:
            continue
        hints = typing.get_type_hints(cls)
        properties: dict[str, Any] = {}
        if cls in members:
            properties["kind"] = {"const": _tag(cls)}
        required = []
        for field in attrs.fields(cls):
            if not field.init:
                continue
            properties[field.name] = _schema_of(hints[field.name], field.name)
            if field.default is attrs.NOTHING:
                required.append(field.name)
            todo.extend(kind for kind in _classes_in(hints[field.name]) if attrs.has(kind))
        definition: dict[str, Any] = {
            "description": f"pyclag's {cls.__module__}.{cls.__name__}: its fields by name, "
            "each left out at its default",
            "type": "object",
            "properties": properties,
            "additionalProperties": False,
        }
        if required:
            definition["required"] = required
        defs[cls.__name__] = definition
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": RULES_ID,
        "title": "pyclag rules object",
        "description": "Any rule set as data: the rules object of a pyclag/2 game record "
        "and of a pyclag-sheet/2 score sheet (docs/formats.rst). Generated from the rule "
        "classes by tests/records/schemas.py; do not edit by hand.",
        "$ref": "#/$defs/RuleSet",
        "$defs": dict(sorted(defs.items())),
    }


def _schema_of(hint: Any, name: str) -> dict[str, Any]:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        kinds = [arg for arg in args if arg is not type(None)]
        if len(kinds) == 1:
            one = _schema_of(kinds[0], name)
        else:  # several classes: the object names its class in "kind"
            one = {
                "oneOf": [{"$ref": f"#/$defs/{k.__name__}", "required": ["kind"]} for k in kinds]
            }
        return {"anyOf": [{"type": "null"}, one]} if type(None) in args else one
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            most = MAX_ITEMS.get(name, MAX_ROUNDS)
            return {"type": "array", "items": _schema_of(args[0], ""), "maxItems": most}
        return {
            "type": "array",
            "prefixItems": [_schema_of(arg, "") for arg in args],
            "items": False,
            "minItems": len(args),
        }
    if attrs.has(hint):
        return {"$ref": f"#/$defs/{hint.__name__}"}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer", "minimum": -MAX_INT, "maximum": MAX_INT}
    if hint is str:
        return {"type": "string", "maxLength": MAX_NAME}
    if hint is Suit:
        return {"enum": [suit.letter for suit in Suit]}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return {"enum": [member.value for member in hint]}
    raise TypeError(f"no schema for {hint!r}")  # a rule class's new kind of field


def _tag(cls: type) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def rules_schema_text() -> str:
    """The text of ``rules.schema.json`` as :func:`rules_schema` makes it."""
    return json.dumps(rules_schema(), indent=1) + "\n"


if __name__ == "__main__":  # rewrite the shipped rules schema in the source tree
    from pathlib import Path

    target = Path(__file__).resolve().parents[2] / "src/pyclag/records/schema" / RULES_FILE
    target.write_text(rules_schema_text(), "utf-8")
    sys.stdout.write(f"wrote {target}\n")
