"""Sphinx directives that build the docs' tables and help texts from pyclag itself,
so that no schedule, option, matrix or help text in the docs is typed by hand (the
decision table's directive is in decisiondocs.py, the pieces they share in clagrest.py).

* ``.. clag-help:: [COMMAND]``: ``pyclag [COMMAND] --help`` as the command prints it.
* ``.. clag-presets::``: every preset, its aliases, table and length.
* ``.. clag-schedule:: PRESET`` (``:players: N``, ``:options: name=value, ...``): the
  deals of a preset's game, as ``pyclag rules`` prints them.
* ``.. clag-options:: [PRESET]``: a preset's options with their values, or without an
  argument every option with its values in every preset.
* ``.. clag-matrix::``: the presets against their rules and deal types.

Examples in docstrings run under pytest in their module's namespace (``--doctest-modules``);
the doctest builder runs the narrative pages' examples. So the examples autodoc brings in
from docstrings are shown as console code here rather than tested a second time without
their module's names.
"""

from __future__ import annotations

import argparse
import enum
import importlib
import os
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import attrs
from clagrest import ORDER, PLAYERS, Generated, deal_runs, table
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util.docutils import SphinxDirective

from pyclag import cli, presets
from pyclag.rules.options import OPTIONS
from pyclag.rules.ruleset import RuleSet
from pyclag.scoresheet.scorecard import ScheduleRow, schedule

# Help text is wrapped at this width whatever terminal builds the docs.
HELP_WIDTH = "88"
# The longest constant value shown in the API reference.
MAX_VALUE = 80


def _literal(value: object) -> str:
    """An option value as the user writes it."""
    if value is None:
        return "—"
    text = repr(value) if isinstance(value, (str, bool)) else str(value)
    return f"``{text}``"


class CliHelp(SphinxDirective):
    """``pyclag COMMAND --help`` (the top-level help without an argument)."""

    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        parser = cli._parser()
        if self.arguments:
            commands = next(
                action
                for action in parser._actions
                if isinstance(action, argparse._SubParsersAction)
            )
            parser = commands.choices[self.arguments[0]]
        width = os.environ.get("COLUMNS")
        os.environ["COLUMNS"] = HELP_WIDTH
        try:
            text = parser.format_help()
        finally:
            if width is None:
                del os.environ["COLUMNS"]
            else:
                os.environ["COLUMNS"] = width
        block = nodes.literal_block(text, text)
        block["language"] = "text"
        return [block]


class PresetTable(Generated):
    """Every preset: name, aliases, table, length and summary."""

    def text(self) -> str:
        rows = []
        for name in ORDER:
            rules = presets.get(name)
            aliases = sorted(alias for alias, to in presets.ALIASES.items() if to == name)
            length = (
                f"{rules.deals_per_player} per player"
                if rules.deals_per_player
                else str(len(rules.schedule))
            )
            rows.append(
                (
                    f":doc:`{name}`",
                    ", ".join(f"``{alias}``" for alias in aliases),
                    f"{rules.min_players}–{rules.max_players}",
                    length,
                    presets.summary(name),
                )
            )
        header = ("Preset", "Also", "Players", "Deals", "What it plays")
        return table(header, rows, classes="clag-stack")


def _options(text: str | None) -> dict[str, str]:
    """``name=value, ...`` as given to a directive."""
    pairs = [item.split("=", 1) for item in (text or "").split(",") if item.strip()]
    return {name.strip(): value.strip() for name, value in pairs}


class Schedule(Generated):
    """The deals of a preset's game at a table."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "players": directives.positive_int,
        "options": directives.unchanged,
    }

    def text(self) -> str:
        rules = presets.get(self.arguments[0], **_options(self.options.get("options")))
        rows: Sequence[ScheduleRow] = schedule(rules, self.options.get("players", PLAYERS))
        return table(
            ("Deal", "Cards", "Special rule", "Scoring"),
            ((str(r.deal), r.cards, r.rule, r.scoring) for r in rows),
            "10 10 50 30",
        )


def _values(rules: RuleSet, name: str) -> str:
    """The values an option takes."""
    for choice in rules.choices:
        if choice.option == name:
            return ", ".join(f"``{value!r}``" for value, _ in choice.choices)
    option = OPTIONS[name]
    if option.names:
        return ", ".join(f"``{value!r}``" for value in option.names)
    homes: dict[str, type[attrs.AttrsInstance]] = {
        "rules": RuleSet,
        "hook": type(rules.hook),
        "scoring": type(rules.scoring),
        "deals": type(rules.deal_options),
    }
    field_type = str(attrs.fields_dict(homes[option.where])[option.field].type)
    base = "``True``, ``False``" if "bool" in field_type else "an int"
    return f"{base}, ``None``" if "None" in field_type else base


class Options(Generated):
    """One preset's options, or every option in every preset."""

    optional_arguments = 1

    def text(self) -> str:
        if self.arguments:
            rules = presets.get(self.arguments[0])
            return table(
                ("Option", "Value", "What it rules"),
                (
                    (f"``{name}``", _literal(value), rules.explain(name))
                    for name, value in rules.options.items()
                ),
                "25 15 60",
                "clag-stack",
            )
        # Two tables, each narrow enough for a 1280-pixel page: what each option rules,
        # then its value in each preset.
        every = [presets.get(name) for name in ORDER]
        names = sorted({name for rules in every for name in rules.options})
        meanings, values = [], []
        for name in names:
            owner = next(rules for rules in every if name in rules.options)
            groups: dict[str, list[str]] = {}
            for preset, rules in zip(ORDER, every, strict=True):
                shown = _literal(rules.options[name]) if name in rules.options else "n/a"
                groups.setdefault(shown, []).append(preset)
            by_value = (
                f"{next(iter(groups))} in every preset"
                if len(groups) == 1
                else "; ".join(f"{shown}: {', '.join(held)}" for shown, held in groups.items())
            )
            meanings.append((f"``{name}``", owner.explain(name), _values(owner, name)))
            values.append((f"``{name}``", by_value))
        return "\n\n".join(
            (
                table(("Option", "What it rules", "Values"), meanings, "28 54 18", "clag-stack"),
                "Each option's value in the presets (" + ", ".join(ORDER) + "):",
                table(
                    ("Option", "Value, and the presets that give it"), values, "30 70", "clag-stack"
                ),
            )
        )


class Matrix(Generated):
    """The presets against their rules and the deals they play."""

    def text(self) -> str:
        every = [presets.get(name) for name in ORDER]
        rows: list[tuple[str, ...]] = [
            ("Players", *(f"{r.min_players}–{r.max_players}" for r in every)),
            (f"Deals ({PLAYERS} players)", *(str(r.num_rounds(PLAYERS)) for r in every)),
            *(
                (label, *(str(r.options[option]) for r in every))
                for label, option in (
                    ("Hook", "hook"),
                    ("Scoring", "scoring"),
                    ("Ties", "tie_break"),
                )
            ),
        ]
        game = rows  # the game's rules, then (a table of their own) its deal types
        rows = []
        played = [schedule(rules, PLAYERS) for rules in every]
        kinds: dict[str, None] = {}
        for rows_of in played:
            kinds.update((row.rule, None) for row in rows_of)
        for kind in kinds:
            cells = []
            for rules, rows_of in zip(every, played, strict=True):
                found = [row for row in rows_of if row.rule == kind]
                scorings = {row.scoring for row in found} - {rules.scoring.name}
                extra = f" ({', '.join(sorted(scorings))})" if scorings else ""
                cells.append(deal_runs([row.deal for row in found]) + extra if found else "—")
            rows.append((kind, *cells))
        header = ("", *(f":doc:`presets/{name}`" for name in ORDER))
        return "\n\n".join(
            (
                table(header, game, classes="clag-wide"),
                f"The deals of each type, in a game of {PLAYERS} players:",
                table(("Deal type", *header[1:]), rows, classes="clag-wide"),
            )
        )


def _label(
    name: str, rawtext: str, text: str, lineno: int, inliner: object, *args: object, **kw: object
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:clag-label:`Players:```: a column's name in a stacked table's cell, shown on a phone."""
    return [nodes.inline(rawtext, text, classes=["clag-label"])], []


class ShowDocstringExamples(SphinxTransform):
    """Show docstring examples as console code: pytest runs them (see the module doc)."""

    default_priority = 200

    def apply(self, **kwargs: Any) -> None:
        for block in list(self.document.findall(nodes.doctest_block)):
            if ":docstring of " in (block.source or ""):
                shown = nodes.literal_block(block.rawsource, block.astext())
                shown["language"] = "pycon"
                block.replace_self(shown)


class ShortValues(SphinxTransform):
    """Leave out a constant's value where it runs past a line: a rule set's repr runs to
    pages, and the docstring and the generated tables say what it holds."""

    default_priority = 200

    def apply(self, **kwargs: Any) -> None:
        for signature in self.document.findall(addnodes.desc_signature):
            for annotation in list(signature.findall(addnodes.desc_annotation)):
                text = annotation.astext().strip()
                if text.startswith("=") and len(text) > MAX_VALUE:
                    annotation.parent.remove(annotation)


def _defined_at(target: str) -> str | None:
    """Where the object ``target`` names is defined, when that is elsewhere: the
    public names are re-exported (``pyclag.bid`` is ``pyclag.engine.bid``)."""
    parts = target.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for name in parts[cut:]:
                found = getattr(found, name)
        except AttributeError:
            return None
        break
    else:
        return None
    if isinstance(found, enum.Enum):  # a constant such as CHANCE, bound in its enum's module
        home = importlib.import_module(type(found).__module__)
        return f"{home.__name__}.{parts[-1]}" if getattr(home, parts[-1], None) is found else None
    found = getattr(found, "fget", found)  # a property
    module, qualname = getattr(found, "__module__", None), getattr(found, "__qualname__", None)
    return f"{module}.{qualname}" if module and qualname else None


def _resolve_reexport(
    app: Sphinx, env: Any, node: nodes.Element, contnode: nodes.TextElement
) -> nodes.Element | None:
    """Resolve a reference to a re-exported name to the object's own entry."""
    target = node.get("reftarget", "")
    if node.get("refdomain") != "py" or not target.startswith("pyclag."):
        return None
    real = _defined_at(target)
    if real is None or real == target:
        return None
    domain = env.get_domain("py")
    for home in (real, _public(real)):
        found: nodes.Element | None = domain.resolve_xref(
            env, node["refdoc"], app.builder, "obj", home, node, contnode
        )
        if found is not None:
            return found
    return None


def _public(name: str) -> str:
    """Where a name defined in a private module is documented: in the package the
    module belongs to (``pyclag.engine._game.apply`` is ``pyclag.engine.apply``)."""
    parts = name.split(".")
    private = [
        i for i, part in enumerate(parts) if part.startswith("_") and not part.endswith("__")
    ]
    return ".".join([*parts[: private[0]], parts[-1]]) if private else name


def setup(app: Sphinx) -> dict[str, Any]:
    if sorted(ORDER) != sorted(presets.names()):  # a new preset needs its place and page
        raise ValueError(f"docs show presets {ORDER}, the library has {presets.names()}")
    app.connect("missing-reference", _resolve_reexport)
    app.add_directive("clag-help", CliHelp)
    app.add_directive("clag-presets", PresetTable)
    app.add_directive("clag-schedule", Schedule)
    app.add_directive("clag-options", Options)
    app.add_directive("clag-matrix", Matrix)
    app.add_role("clag-label", _label)
    app.add_transform(ShowDocstringExamples)
    app.add_transform(ShortValues)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
