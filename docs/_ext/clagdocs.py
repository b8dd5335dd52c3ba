"""Sphinx directives that build the docs' tables and help texts from pyclag itself,
so that no schedule, option, matrix or help text in the docs is typed by hand.

* ``.. clag-help:: [COMMAND]``: ``pyclag [COMMAND] --help`` as the command prints it.
* ``.. clag-presets::``: every preset, its aliases, table and length.
* ``.. clag-schedule:: PRESET`` (``:players: N``, ``:options: name=value, ...``): the
  deals of a preset's game, as ``pyclag rules`` prints them.
* ``.. clag-options:: [PRESET]``: a preset's options with their values, or without an
  argument every option with its values in every preset.
* ``.. clag-matrix::``: the presets against their rules and deal types.
* ``.. clag-decisions::``: the rows of the decision table (``pyclag.decisions.DECISIONS``):
  phase, action, noun, who acts, record field, refusal and reader, and the rounds that
  have each decision, found by playing every preset's game through the engine.

Examples in docstrings run under pytest in their module's namespace (``--doctest-modules``);
the doctest builder runs the narrative pages' examples. So the examples autodoc brings in
from docstrings are shown as console code here rather than tested a second time without
their module's names.
"""

from __future__ import annotations

import argparse
import enum
import functools
import importlib
import os
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util.docutils import SphinxDirective

import pyclag
from pyclag import cli, presets
from pyclag.decisions import DECISIONS, Decision, round_phases
from pyclag.errors import RulesError
from pyclag.playout import play_out
from pyclag.rules.options import OPTIONS
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.scorecard import ScheduleRow, schedule
from pyclag.state import CHANCE, GameState, Phase, RoundSetup

# Help text is wrapped at this width whatever terminal builds the docs.
HELP_WIDTH = "88"
# The longest constant value shown in the API reference.
MAX_VALUE = 80
# The table size the schedules and the matrix are shown for.
PLAYERS = 4
# Presets in the order the docs present them: the four the library exists for, then the
# source they derive from, then the common core (RULES.md Decision 1).
ORDER = ("wikipedia", "scottish", "raf", "indonesian", "pagat", "normal")


def _table(header: Sequence[str], rows: Iterable[Sequence[str]], widths: str = "") -> str:
    """A list-table in reST; cells are reST too."""
    lines = [".. list-table::", "   :header-rows: 1"]
    if widths:
        lines.append(f"   :widths: {widths}")
    lines.append("")
    for row in (header, *rows):
        for number, cell in enumerate(row):
            # An empty cell is written as an empty comment, which reST requires.
            lines.append(f"   {'*' if number == 0 else ' '} - {cell or '..'}")
    return "\n".join(lines)


def _literal(value: object) -> str:
    """An option value as the user writes it."""
    if value is None:
        return "—"
    text = repr(value) if isinstance(value, (str, bool)) else str(value)
    return f"``{text}``"


def _deals(numbers: Sequence[int]) -> str:
    """Deal numbers with runs joined: 1-7, 16-22."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)


class _Generated(SphinxDirective):
    """A directive whose reST is built from the library."""

    def text(self) -> str:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        return self.parse_text_to_nodes(self.text())


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


class PresetTable(_Generated):
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
        return _table(("Preset", "Also", "Players", "Deals", "What it plays"), rows)


def _options(text: str | None) -> dict[str, str]:
    """``name=value, ...`` as given to a directive."""
    pairs = [item.split("=", 1) for item in (text or "").split(",") if item.strip()]
    return {name.strip(): value.strip() for name, value in pairs}


class Schedule(_Generated):
    """The deals of a preset's game at a table."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "players": directives.positive_int,
        "options": directives.unchanged,
    }

    def text(self) -> str:
        rules = presets.get(self.arguments[0], **_options(self.options.get("options")))
        rows: Sequence[ScheduleRow] = schedule(rules, self.options.get("players", PLAYERS))
        return _table(
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


class Options(_Generated):
    """One preset's options, or every option in every preset."""

    optional_arguments = 1

    def text(self) -> str:
        if self.arguments:
            rules = presets.get(self.arguments[0])
            return _table(
                ("Option", "Value", "What it rules"),
                (
                    (f"``{name}``", _literal(value), rules.explain(name))
                    for name, value in rules.options.items()
                ),
                "25 15 60",
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
                _table(("Option", "What it rules", "Values"), meanings, "28 54 18"),
                "Each option's value in the presets (" + ", ".join(ORDER) + "):",
                _table(("Option", "Value, and the presets that give it"), values, "30 70"),
            )
        )


class Matrix(_Generated):
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
                cells.append(_deals([row.deal for row in found]) + extra if found else "—")
            rows.append((kind, *cells))
        header = ("", *(f":doc:`presets/{name}`" for name in ORDER))
        return "\n\n".join(
            (
                _table(header, game),
                f"The deals of each type, in a game of {PLAYERS} players:",
                _table(("Deal type", *header[1:]), rows),
            )
        )


# --- the decision table -------------------------------------------------------------------

# A round with every role on another seat, to tell the actors apart by what they return.
_ROLES = RoundSetup(
    index=0, spec=RoundSpec(3), players=4, dealer=0, hand_size=3, caller=2, first_bidder=3
)
_ACTORS: dict[object, str] = {
    CHANCE: "chance (``CHANCE``)",
    _ROLES.dealer: "the dealer",
    _ROLES.caller: "the RAF caller",
    _ROLES.first_bidder: "the first bidder, then each player in turn",
}
# The call flags that may decide whether a called round has a decision, with their words.
_CALL_FLAGS = (("blind", "Blind"), ("misere", "Misère"), ("nuloss", "Nuloss"))


def _who(row: Decision) -> str:
    """Who takes a row's decision on entering its phase."""
    actor = row.actor(_ROLES)
    if actor not in _ACTORS:  # a new kind of actor needs its words here
        raise ValueError(f"decision {row.noun!r}: no words for its actor {actor!r}")
    words = _ACTORS[actor]
    if row.phase is Phase.PLAY:
        return "the first bidder leads the first trick, each trick's winner the next"
    return words


def _function(func: object) -> str:
    """A reference to a public function of the table's modules, or nothing for a lambda."""
    module, name = getattr(func, "__module__", ""), getattr(func, "__qualname__", "")
    if not module or not name or "<" in name or name.startswith("_"):
        return ""
    return f":func:`~{module}.{name}`"


@functools.cache
def _start_phases(name: str, option: str | None = None) -> tuple[tuple[Phase, ...], ...] | None:
    """The phases of each round of a preset's game at its start, as played (a round
    the RAF rules give no caller has no call), at the docs' table size: the game is
    played out at random, as nothing but the calls depends on the play. ``option``
    is a boolean option turned on; ``None`` if the preset refuses it."""
    try:
        rules = presets.get(name, **({option: True} if option else {}))
    except RulesError:
        return None
    state = pyclag.new_game(rules, players=PLAYERS)
    rng = random.Random(0)
    found = []
    while not pyclag.is_over(state):
        found.append(round_phases(state.round.setup.played, rules))
        state = play_out(state, rng, rounds=1)
    return tuple(found)


def _at_call(name: str) -> GameState | None:
    """A preset's game at its first call, or ``None`` if it has none."""
    state = pyclag.new_game(presets.get(name), players=PLAYERS)
    rng = random.Random(0)
    while pyclag.phase(state) is not Phase.CALL:
        if pyclag.is_over(state):
            return None
        legal = pyclag.legal_actions(state)
        state = pyclag.apply(state, legal[0] if legal else pyclag.sample_chance(state, rng))
    return state


@functools.cache
def _called(name: str) -> dict[Phase, str] | None:
    """For a preset with calls: for each later phase, the calls that have it, in words
    (``""``: every call, ``None``: no call). ``None`` for a preset without calls."""
    state = _at_call(name)
    if state is None:
        return None
    calls = pyclag.legal_actions(state)
    having = {
        call: round_phases(pyclag.apply(state, call).round.setup.played, state.rules)
        for call in calls
    }
    later = [row.phase for row in DECISIONS[[r.phase for r in DECISIONS].index(Phase.CALL) + 1 :]]
    words: dict[Phase, str] = {}
    for phase in later:
        yes = {call for call in calls if phase in having[call]}
        if len(yes) == len(calls):
            words[phase] = ""
            continue
        if not yes:
            continue
        for flag, label in _CALL_FLAGS:
            flagged = {call for call in calls if getattr(call, flag)}
            if yes == flagged:
                words[phase] = f"when the call has {label}"
                break
            if yes == set(calls) - flagged:
                words[phase] = f"unless the call has {label}"
                break
        else:
            words[phase] = f"after {len(yes)} of the {len(calls)} calls"
    return words


def _some(deals: Sequence[int], count: int) -> str:
    """Deal numbers among ``count``, briefly."""
    if len(deals) == count:
        return "every deal"
    if len(deals) > count / 2:
        rest = [number for number in range(1, count + 1) if number not in deals]
        return f"every deal but {_deals(rest)}"
    return _deals(deals)


def _rounds(row: Decision) -> str:
    """The rounds of the presets' games that have the decision of ``row``."""
    parts = []
    for name in ORDER:
        phases = _start_phases(name)
        assert phases is not None
        calls = _called(name)
        count = len(phases)
        has = [n for n, found in enumerate(phases, 1) if row.phase in found]
        called = [n for n, found in enumerate(phases, 1) if Phase.CALL in found]
        words = None if calls is None else calls.get(row.phase)
        if calls is None or row.phase not in calls or words == "":
            text = _some(has, count) if has else ""
        else:
            plain = [n for n in has if n not in called]
            clause = f"{_deals(called)} {words}" if words is not None else ""
            text = "; ".join(part for part in (_deals(plain), clause) if part)
        if text:
            parts.append((name, text))
    if parts and len(parts) == len(ORDER) and {text for _, text in parts} == {"every deal"}:
        found = "every deal of every preset"
    else:
        found = "; ".join(f":doc:`presets/{name}`: {text}" for name, text in parts)
    # A decision no preset has by default may come with an option (the Scottish draw).
    switched = []
    for option in sorted(OPTIONS):
        if parts or any(presets.get(name).options.get(option) is not False for name in ORDER):
            continue
        texts = {}
        for name in ORDER:
            phases = _start_phases(name, option)
            deals = [] if phases is None else [n for n, p in enumerate(phases, 1) if row.phase in p]
            if phases is not None and deals:
                texts[name] = _some(deals, len(phases))
        if len(texts) == len(ORDER) and set(texts.values()) == {"every deal"}:
            switched.append(f"every deal of every preset with ``{option}=True``")
        elif texts:
            every = "; ".join(f":doc:`presets/{name}`: {text}" for name, text in texts.items())
            switched.append(f"with ``{option}=True``: {every}")
    return "; ".join(part for part in (found, *switched) if part) or "none of the presets"


class DecisionTable(_Generated):
    """The rows of the decision table, as the engine reads them."""

    def text(self) -> str:
        # Two tables, each narrow enough for a 1280-pixel page: who takes each decision
        # and where it is kept, then how it is refused and read and which rounds have it.
        who, how = [], []
        for row in DECISIONS:
            refusal, reader = _function(row.check), _function(row.read)
            phase = f"``{row.phase.name}``"
            action = f":class:`~pyclag.actions.{row.action.__name__}`"
            who.append((phase, action, row.noun, _who(row), f"``{row.record_field}``"))
            how.append((phase, ", ".join(part for part in (refusal, reader) if part), _rounds(row)))
        return "\n\n".join(
            (
                _table(
                    ("Phase", "Action", "Noun", "Who acts", "Record field"), who, "20 18 14 30 18"
                ),
                "How each is refused and read, and the rounds that have it:",
                _table(("Phase", "Refusal, reader", "Rounds"), how, "20 25 55"),
            )
        )


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
    public names are re-exported (``pyclag.bid`` is ``pyclag.moves.bid``)."""
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
    found: nodes.Element | None = domain.resolve_xref(
        env, node["refdoc"], app.builder, "obj", real, node, contnode
    )
    return found


def setup(app: Sphinx) -> dict[str, Any]:
    if sorted(ORDER) != sorted(presets.names()):  # a new preset needs its place and page
        raise ValueError(f"docs show presets {ORDER}, the library has {presets.names()}")
    app.connect("missing-reference", _resolve_reexport)
    app.add_directive("clag-help", CliHelp)
    app.add_directive("clag-presets", PresetTable)
    app.add_directive("clag-schedule", Schedule)
    app.add_directive("clag-options", Options)
    app.add_directive("clag-matrix", Matrix)
    app.add_directive("clag-decisions", DecisionTable)
    app.add_transform(ShowDocstringExamples)
    app.add_transform(ShortValues)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
