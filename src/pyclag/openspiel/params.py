"""The parameters of ``python_clag`` and the game facts OpenSpiel asks for:
the rule set, table and first dealer a set of parameters names, the bounds
of the utility and the longest game.

Every rule option (:attr:`RuleSet.options <pyclag.rules.ruleset.RuleSet.options>`)
is a parameter, typed after the field the library keeps it in: a whole
number is an ``int`` parameter, a flag and a named choice a ``str`` one. An
option left at its default (:data:`PRESET`, or :data:`PRESET_INT` for a
number) keeps the preset's value. OpenSpiel's parameters have one type and
no "unset": a flag is written ``yes`` or ``no`` because a game string reads
a bare ``true`` as a bool, which a parameter that must also say ``preset``
cannot be.

>>> rules, players, dealer = rules_of({**DEFAULTS, "preset": "pagat", "hand_size": 7})
>>> rules.name, [spec.hand_size for spec in rules.schedule], players, dealer
('pagat', [7], 4, 0)
>>> rules_of({**DEFAULTS, "hook": "gtt"})
Traceback (most recent call last):
pyclag.errors.RulesError: python_clag parameter hook='gtt': option hook='gtt': form must be one of 'ne', 'gt', 'none', not 'gtt'; or preset, the preset's own
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Any, Final

from pyclag import presets
from pyclag._checks import whole
from pyclag.actions import CallChoice, Madness
from pyclag.cards import Suit
from pyclag.errors import ClagError, RulesError
from pyclag.rules import NORMAL
from pyclag.rules.options import OPTIONS, DealOptions
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.scoring.schemes import ContractScoring, MostTricks, Scoring

__all__ = [
    "DEFAULTS",
    "FLAGS",
    "KINDS",
    "PRESET",
    "PRESET_INT",
    "deal_bounds",
    "max_game_length",
    "rules_of",
    "utility_bounds",
]

PRESET: Final = "preset"
"""A ``str`` option's default: the preset's own value."""
PRESET_INT: Final = -9999
"""An ``int`` option's default: the preset's own value (outside every option's range)."""
FLAGS: Final = {"yes": True, "no": False}
"""How a flag option is written."""


def _kind(option: str) -> type:
    """The type the library keeps ``option`` as: int, bool or a named choice (str)."""
    home = {
        "rules": RuleSet,
        "hook": type(NORMAL.hook),
        "scoring": ContractScoring,
        "deals": DealOptions,
    }[OPTIONS[option].where]
    hint = typing.get_type_hints(home)[OPTIONS[option].field]
    kinds = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
    kind = next(kind for kind in kinds if kind is not type(None))
    return kind if kind in (int, bool) else str


def _choices() -> list[str]:
    """The preset-chosen options (such as Wikipedia's ``phase2``): named choices."""
    return sorted({c.option for name in presets.names() for c in presets.get(name).choices})


KINDS: Final[Mapping[str, type]] = {
    **{name: _kind(name) for name in OPTIONS},
    **dict.fromkeys(_choices(), str),
}
"""The type each option parameter has: ``int``, ``bool`` (written yes/no) or ``str``."""

DEFAULTS: Final[Mapping[str, object]] = {
    "preset": "wikipedia",
    "players": 4,
    "first_dealer": 0,
    "schedule": PRESET,
    "hand_size": 0,
    **{name: PRESET_INT if kind is int else PRESET for name, kind in sorted(KINDS.items())},
}
"""The parameter specification: every parameter and its default (which sets its type)."""


def _bad(name: str, value: object, allowed: str) -> RulesError:
    return RulesError(f"python_clag parameter {name}={value!r}: allowed: {allowed}")


def _option_value(name: str, value: object) -> object:
    """The value to give ``with_options`` for parameter ``name`` (PRESET: none)."""
    if value in (PRESET, PRESET_INT):
        return PRESET
    if KINDS[name] is bool:
        if value not in FLAGS:
            raise _bad(name, value, "preset, yes, no")
        return FLAGS[str(value)]
    return value


def rules_of(params: Mapping[str, Any]) -> tuple[RuleSet, int, int]:
    """The rule set, the number of players and the first dealer ``params``
    name: a RulesError naming the parameter, its value and what is allowed
    for any that cannot be.

    >>> rules, players, dealer = rules_of({"preset": "raf", "players": 5, "misere_trumps": "yes"})
    >>> rules.name, rules.options["misere_trumps"], players, dealer
    ('raf', True, 5, 0)
    """
    unknown = sorted(set(params) - set(DEFAULTS))
    if unknown:
        raise _bad(unknown[0], params[unknown[0]], "the parameters " + ", ".join(DEFAULTS))
    given = {**DEFAULTS, **params}
    try:
        rules = presets.get(str(given["preset"]))
    except ClagError:
        raise _bad("preset", given["preset"], ", ".join(presets.names())) from None
    changes = {name: _option_value(name, given[name]) for name in KINDS}
    changes = {name: value for name, value in changes.items() if value != PRESET}
    for name, value in changes.items():
        if name not in rules.options:  # a choice of another preset's schedule
            raise _bad(name, value, f"preset (the {rules.name} rules have no {name})")
        try:
            rules = rules.with_options(**{name: value})
        except RulesError as err:
            # The rule set's own refusal says what the option allows (one source).
            raise RulesError(
                f"python_clag parameter {name}={value!r}: {err}; or preset, the preset's own"
            ) from None
    rules = _scheduled(rules, given["schedule"], given["hand_size"])
    players, dealer = whole(given["players"]), whole(given["first_dealer"])  # NumPy's too
    if type(players) is not int or not rules.min_players <= players <= rules.max_players:
        raise _bad("players", players, f"{rules.min_players}..{rules.max_players} for {rules.name}")
    if type(dealer) is not int or not 0 <= dealer < players:
        raise _bad("first_dealer", dealer, f"a seat in 0..{players - 1}")
    return rules, players, dealer


def _scheduled(rules: RuleSet, schedule: object, hand_size: object) -> RuleSet:
    """``rules`` over the ``schedule`` (hand sizes parted by ``:``) or the single deal."""
    if hand_size != 0:
        if schedule != PRESET:
            raise _bad("hand_size", hand_size, "0 (the schedule) when a schedule is given")
        schedule = str(hand_size)
    if schedule == PRESET:
        return rules
    text = str(schedule)
    sizes = text.split(":")
    if not all(size.strip().isdigit() for size in sizes):
        raise _bad(
            "schedule",
            schedule,
            "preset, or hand sizes parted by ':' such as 7:7:3 (a game "
            "string parts its parameters at commas)",
        )
    try:
        return rules.with_schedule([int(size) for size in sizes])
    except RulesError as err:
        raise RulesError(f"python_clag parameter schedule={schedule!r}: {err}") from None


def _scorings(rules: RuleSet, spec: RoundSpec) -> list[Scoring]:
    """Every scoring a round of ``spec`` may be played under: its own, or under
    a RAF call that of each call (only misère and madness change it, §2.3)."""
    if spec.calls is None or not isinstance(rules.scoring, ContractScoring):
        return [rules.round_scoring(spec)]
    return [
        rules.round_scoring(
            spec.with_call(CallChoice(Suit.CLUBS, misere=m, madness=w), rules.scoring)
        )
        for m in (False, True)
        for w in (None, *Madness)
    ]


def deal_bounds(scoring: Scoring, hand_size: int) -> tuple[int, int]:
    """The least and the most one seat can score in a deal of ``hand_size``
    cards: the scheme's formula at no trick and at every trick (its points are
    linear in the tricks won, each counted by its madness weight), made or
    missed. A bound, not always reached (the hook may forbid the exact bid).

    >>> from pyclag.scoring.schemes import F1, F2, MostTricks, misere
    >>> deal_bounds(F1, 7), deal_bounds(F2, 7), deal_bounds(misere(-2), 5), deal_bounds(MostTricks(), 3)
    ((0, 24), (0, 17), (-10, 10), (0, 10))
    """
    if isinstance(scoring, MostTricks):
        return min(0, scoring.bonus), max(0, scoring.bonus)
    weight = hand_size
    if scoring.madness is not None:
        weight = sum(
            scoring.madness.trick_value(j, hand_size) // 2 for j in range(1, hand_size + 1)
        )
    values = (
        0,
        scoring.bonus,
        scoring.bonus + scoring.per_trick * weight,
        scoring.per_trick_on_miss * weight,
    )
    return min(values), max(values)


def _round_specs(rules: RuleSet, players: int) -> list[RoundSpec]:
    return [rules.round_spec(index) for index in range(rules.num_rounds(players))]


def _sizes(rules: RuleSet, spec: RoundSpec, players: int) -> tuple[int, ...]:
    return spec.legal_hand_sizes(players, rules.no_turnup) if spec.hand_sizes else (spec.hand_size,)


def utility_bounds(rules: RuleSet, players: int) -> tuple[float, float]:
    """The least and the most a seat can score in a whole game: the sum over
    its deals of :func:`deal_bounds`, under every scoring and hand size each
    deal may be played with.

    >>> utility_bounds(presets.get("pagat").with_schedule([7]), 4)
    (0.0, 17.0)
    """
    low = high = 0
    for spec in _round_specs(rules, players):
        bounds = [
            deal_bounds(scoring, size)
            for scoring in _scorings(rules, spec)
            for size in _sizes(rules, spec, players)
        ]
        low += min(bound[0] for bound in bounds)
        high += max(bound[1] for bound in bounds)
    return float(low), float(high)


def max_game_length(rules: RuleSet, players: int) -> int:
    """The most decisions a game can take (chance outcomes not counted, as
    OpenSpiel counts): per deal a hand size, a call and a trump declaration
    where the deal has them, a bid per seat and a play per card.

    >>> max_game_length(presets.get("pagat").with_schedule([7]), 4)
    32
    """
    total = 0
    for spec in _round_specs(rules, players):
        choices = bool(spec.hand_sizes) + (spec.calls is not None) + spec.suits.dealer_declares
        total += choices + players + players * max(_sizes(rules, spec, players))
    return total
