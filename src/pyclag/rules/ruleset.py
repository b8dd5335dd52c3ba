"""RuleSet: a whole game's rules as a tree of small frozen values
(DESIGN.md §1.2, §4).

>>> rules = NORMAL.with_options(hook="gt", scoring="F2")
>>> rules.hook.form.value, rules.scoring.name, len(rules.schedule)
('gt', 'F2', 13)
>>> [spec.hand_size for spec in rules.with_schedule([7, 3]).schedule]
[7, 3]
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from pyclag._check import is_instance, is_int, is_member
from pyclag.errors import RulesError
from pyclag.rules.bidding import GtInfeasible, Hook, HookForm
from pyclag.rules.round import RoundSpec
from pyclag.scoring.schemes import F1, SCHEMES, ContractScoring, Scoring
from pyclag.scoring.tally import TieBreak

__all__ = ["NORMAL", "OPTIONS", "NoTurnUp", "RuleSet", "normal_schedule"]


class NoTurnUp(enum.Enum):
    """What happens when a turn-up round deals the whole pack (N·h = 52, §1.5, A30).

    * ``NO_TRUMPS``: the round is played without trumps (the Oh Hell convention, [V: OH-WP]).
    * ``REJECT``: such a schedule is refused when the game starts.
    """

    NO_TRUMPS = "no_trumps"
    REJECT = "reject"


def _to_schedule(specs: Iterable[int | RoundSpec]) -> tuple[RoundSpec, ...]:
    if isinstance(specs, (str, bytes)) or not isinstance(specs, Iterable):
        raise RulesError(f"a schedule is a sequence of hand sizes or RoundSpecs, not {specs!r}")
    out = []
    for number, spec in enumerate(specs, 1):
        if isinstance(spec, RoundSpec):
            out.append(spec)
        elif isinstance(spec, int) and not isinstance(spec, bool):
            try:
                out.append(RoundSpec(spec))
            except RulesError as err:
                raise RulesError(f"schedule round {number}: {err}") from None
        else:
            raise RulesError(
                f"schedule round {number}: expected a hand size (int) or a RoundSpec, not {spec!r}"
            )
    if not out:
        raise RulesError("a schedule needs at least one round")
    return tuple(out)


@attrs.frozen
class RuleSet:
    """The rules of a whole game.

    ``schedule`` lists the rounds in order; ``hook`` restricts the dealer's bid;
    ``scoring`` scores every round whose spec does not name its own;
    ``min_players``..``max_players`` is the allowed table; ``tie_break``
    separates equal totals; ``no_turnup`` guards a turn-up with no card left.

    >>> RuleSet("mine", [3, 2, 1]).schedule[0]
    RoundSpec(hand_size=3, suits=TurnUp(), rank_order=<RankOrder.ACE_HIGH: 'ace-high'>, scoring=None)
    """

    name: str = attrs.field(validator=is_instance(str, label="a string"))
    schedule: tuple[RoundSpec, ...] = attrs.field(converter=_to_schedule)
    hook: Hook = attrs.field(factory=Hook, validator=is_instance(Hook, label="a Hook"))
    scoring: Scoring = attrs.field(
        default=F1, validator=is_instance(ContractScoring, label="a Scoring")
    )
    min_players: int = attrs.field(default=3, validator=is_int(2, 52))
    max_players: int = attrs.field(default=7, validator=is_int(2, 52))
    tie_break: TieBreak = attrs.field(default=TieBreak.SHARED, validator=is_member(TieBreak))
    no_turnup: NoTurnUp = attrs.field(default=NoTurnUp.NO_TRUMPS, validator=is_member(NoTurnUp))

    def __attrs_post_init__(self) -> None:
        if self.min_players > self.max_players:
            raise RulesError(
                f"min_players {self.min_players} exceeds max_players {self.max_players}"
            )

    def with_schedule(self, specs: Iterable[int | RoundSpec]) -> RuleSet:
        """The same rules over another schedule: an int is a normal round of
        that many cards, a round spec is used as it is.

        >>> len(NORMAL.with_schedule([1, 1]).schedule)
        2
        """
        return attrs.evolve(self, schedule=_to_schedule(specs))

    def with_options(self, **options: Any) -> RuleSet:
        """The same rules with some options changed; each name and value is checked.

        >>> NORMAL.with_options(hook_min_hand_size=4).hook.min_hand_size
        4
        >>> NORMAL.with_options(hookk="ne")
        Traceback (most recent call last):
        pyclag.errors.RulesError: unknown option 'hookk'; valid options: gt_exact, gt_infeasible, hook, hook_min_hand_size, max_players, min_players, no_turnup, scoring, tie_break
        """
        rules = self
        for name, value in options.items():
            option = OPTIONS.get(name)
            if option is None:
                raise RulesError(
                    f"unknown option {name!r}; valid options: {', '.join(sorted(OPTIONS))}"
                )
            try:
                rules = option.apply(rules, value)
            except RulesError as err:
                raise RulesError(f"option {name}={value!r}: {err}") from None
        return rules

    @property
    def options(self) -> dict[str, object]:
        """The current value of every option, by name.

        >>> NORMAL.options["hook"]
        'ne'
        """
        return {name: option.read(self) for name, option in sorted(OPTIONS.items())}


@attrs.frozen
class _Option:
    """One named option: a field of the rule set (or of its hook, when
    ``in_hook``), and the plain values it also accepts by name."""

    field: str
    in_hook: bool = False
    names: Mapping[Any, object] = attrs.field(factory=dict)

    def read(self, rules: RuleSet) -> object:
        value = getattr(rules.hook if self.in_hook else rules, self.field)
        for name, member in self.names.items():
            if member is value:
                return name
        return value

    def apply(self, rules: RuleSet, value: object) -> RuleSet:
        value = self.names.get(value, value) if isinstance(value, str) else value
        change: dict[str, Any] = {self.field: value}
        if self.in_hook:
            return attrs.evolve(rules, hook=attrs.evolve(rules.hook, **change))
        return attrs.evolve(rules, **change)


def _names(kind: type[enum.Enum]) -> dict[object, object]:
    return {member.value: member for member in kind}


OPTIONS: Final[Mapping[str, _Option]] = {
    "hook": _Option("form", in_hook=True, names=_names(HookForm)),
    "hook_min_hand_size": _Option("min_hand_size", in_hook=True),
    "gt_exact": _Option("gt_exact", in_hook=True),
    "gt_infeasible": _Option("gt_infeasible", in_hook=True, names=_names(GtInfeasible)),
    "scoring": _Option("scoring", names=dict(SCHEMES)),
    "min_players": _Option("min_players"),
    "max_players": _Option("max_players"),
    "tie_break": _Option("tie_break", names=_names(TieBreak)),
    "no_turnup": _Option("no_turnup", names=_names(NoTurnUp)),
}
"""Every option :meth:`RuleSet.with_options` accepts (RULES.md Appendix A names)."""


def normal_schedule(top: int = 7) -> tuple[RoundSpec, ...]:
    """Normal rounds of 1 card up to ``top`` and back down to 1.

    >>> [spec.hand_size for spec in normal_schedule(3)]
    [1, 2, 3, 2, 1]
    """
    return _to_schedule([*range(1, top + 1), *range(top - 1, 0, -1)])


NORMAL: Final = RuleSet("normal", normal_schedule(7))
"""Normal rounds only (RULES.md §1): 1..7..1 cards, turn-up trumps, the
"not equal" hook, F1 scoring, 3-7 players, ties shared. The common core of
the Wikipedia, RAF and Foss games before their special deals."""
