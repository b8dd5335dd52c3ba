"""Named rule options: every ruling RULES.md leaves open is a value a table can
change (RULES.md Decision 6, §3, Appendix A).

:class:`DealOptions` holds the options that reach into the special deals of a
schedule (misère points, Roll 'Em order, wild-two rules, the RAF caller...);
each is ``None`` until set, meaning "as the schedule says".
:data:`OPTIONS` maps every option name to where it lives.

>>> from pyclag.rules.round import RoundSpec
>>> from pyclag.scoring.schemes import misere
>>> spec = RoundSpec(7, bidding=Bidding.FORCED_ZERO, scoring=misere(1))
>>> DealOptions(misere_points_per_trick=-5).apply(spec).scoring.per_trick_on_miss
-5
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import attrs

from pyclag._check import Validator, is_instance, is_member
from pyclag.errors import RulesError
from pyclag.rules.bidding import GtInfeasible, HookForm
from pyclag.rules.calls import FirstCaller
from pyclag.rules.deals import Bidding, PlayMode, Reveal
from pyclag.rules.ordering import RankOrder
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP, DealerCalls, NoTrumps, NoTurnUp, TurnUp
from pyclag.scoring.schemes import SCHEMES, ContractScoring, MostTricks, misere
from pyclag.scoring.tally import TieBreak

if TYPE_CHECKING:
    from pyclag.rules.round import RoundSpec
    from pyclag.rules.ruleset import RuleSet

__all__ = ["OPTIONS", "DealOptions", "RollOrder"]


def _maybe(check: Validator) -> Validator:
    return attrs.validators.optional(check)


def _flag() -> Any:
    return attrs.field(default=None, validator=_maybe(is_instance(bool, label="True or False")))


def _int() -> Any:
    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None and (type(value) is not int or not -1000 <= value <= 1000):
            raise RulesError(f"{attribute.name} must be an int in -1000..1000, not {value!r}")

    return attrs.field(default=None, validator=check)


class RollOrder(enum.Enum):
    """The order a Roll 'Em pile is played in (A17)."""

    DEALT = "dealt"
    REVERSE = "reverse"


@attrs.frozen(cache_hash=True)
class DealOptions:
    """Options that change the special deals of a schedule; ``None`` keeps
    what each round says.

    * ``misere_points_per_trick`` (A8, A22, A38): points per trick in misère
      rounds and RAF misère calls; ``misere_trumps`` (A9): misère rounds keep
      a turn-up trump (True) or have none (False).
    * ``roll_order`` (A17): Roll 'Em piles play from the first card dealt
      (``"dealt"``) or the last (``"reverse"``).
    * ``blind_trump_visible`` (A16): bids made without seeing one's cards
      (Blind, Roll 'Em) see the turn-up (True) or not.
    * ``dealer_calls_allow_nt`` (A11): the dealer may also call no trumps.
    * ``twos_natural_suit``, ``twos_may_lead``, ``twos_any_identity``,
      ``twos_wild_trumps``: wild-two rules 5-8 (A13, see :class:`TwosWild`).
    * ``most_tricks_bonus``: the most-tricks prize (10); ``most_tricks_trumps``
      (A14): the most-tricks deal keeps the turn-up trump (True) or has none.
    * ``aces_low_trumps`` (A37): in Aces Low the ace is low in trumps too
      (True) or stays high there (False).
    * ``first_deal_caller`` (A18), ``raf_trumps_from_turnup`` (A19),
      ``madness_points_on_miss`` (A21): the RAF caller's rules.

    >>> DealOptions(roll_order=RollOrder.REVERSE).roll_order.value
    'reverse'
    """

    misere_points_per_trick: int | None = _int()
    misere_trumps: bool | None = _flag()
    roll_order: RollOrder | None = attrs.field(default=None, validator=_maybe(is_member(RollOrder)))
    blind_trump_visible: bool | None = _flag()
    dealer_calls_allow_nt: bool | None = _flag()
    twos_natural_suit: bool | None = _flag()
    twos_may_lead: bool | None = _flag()
    twos_any_identity: bool | None = _flag()
    twos_wild_trumps: bool | None = _flag()
    most_tricks_bonus: int | None = _int()
    most_tricks_trumps: bool | None = _flag()
    aces_low_trumps: bool | None = _flag()
    first_deal_caller: FirstCaller | None = attrs.field(
        default=None, validator=_maybe(is_member(FirstCaller))
    )
    raf_trumps_from_turnup: bool | None = _flag()
    madness_points_on_miss: bool | None = _flag()

    def apply(self, spec: RoundSpec) -> RoundSpec:
        """``spec`` with these options applied (cached: it runs once per round
        spec and options).

        >>> from pyclag.rules.catalogue import roll_em
        >>> DealOptions(roll_order=RollOrder.REVERSE).apply(roll_em()).play.value
        'reverse'
        """
        return _apply(self, spec)


@functools.cache
def _apply(options: DealOptions, spec: RoundSpec) -> RoundSpec:
    change: dict[str, Any] = {}
    p = options.misere_points_per_trick
    if spec.bidding is Bidding.FORCED_ZERO and isinstance(spec.suits, (TurnUp, NoTrumps)):
        if p is not None and isinstance(spec.scoring, ContractScoring):
            change["scoring"] = misere(p)
        if options.misere_trumps is not None:
            change["suits"] = TURN_UP if options.misere_trumps else NO_TRUMPS
    if options.roll_order is not None and spec.play in (
        PlayMode.DEALT_ORDER,
        PlayMode.REVERSE_ORDER,
    ):
        reverse = options.roll_order is RollOrder.REVERSE
        change["play"] = PlayMode.REVERSE_ORDER if reverse else PlayMode.DEALT_ORDER
    if options.blind_trump_visible is not None and spec.bidding is Bidding.UNSEEN:
        change["reveal"] = Reveal.BEFORE_BIDS if options.blind_trump_visible else Reveal.AFTER_BIDS
    if options.dealer_calls_allow_nt is not None and isinstance(spec.suits, DealerCalls):
        change["suits"] = DealerCalls(options.dealer_calls_allow_nt)
    if options.aces_low_trumps is not None and spec.rank_order in _ACES_LOW.values():
        change["rank_order"] = _ACES_LOW[options.aces_low_trumps]
    if spec.twos is not None:
        change["twos"] = _override(
            spec.twos,
            natural_suit=options.twos_natural_suit,
            may_lead=options.twos_may_lead,
            any_identity=options.twos_any_identity,
            wild_trumps=options.twos_wild_trumps,
        )
    if isinstance(spec.scoring, MostTricks):
        if options.most_tricks_bonus is not None:
            change["scoring"] = MostTricks(options.most_tricks_bonus)
        if options.most_tricks_trumps is not None and isinstance(spec.suits, (TurnUp, NoTrumps)):
            change["suits"] = TURN_UP if options.most_tricks_trumps else NO_TRUMPS
    if spec.calls is not None:
        change["calls"] = _override(
            spec.calls,
            first_caller=options.first_deal_caller,
            trumps_from_turnup=options.raf_trumps_from_turnup,
            misere_per_trick=p,
            madness_points_on_miss=options.madness_points_on_miss,
        )
    return attrs.evolve(spec, **change) if change else spec


_ACES_LOW: Final = {True: RankOrder.ACES_LOW, False: RankOrder.ACES_LOW_PLAIN}


def _override(value: Any, **changes: Any) -> Any:
    """``value`` with the fields that ``changes`` sets (those not None)."""
    return attrs.evolve(value, **{k: v for k, v in changes.items() if v is not None})


@attrs.frozen
class _Option:
    """One named option: a field of the rule set, of its hook (``where="hook"``),
    its scoring (``"scoring"``) or its deal options (``"deals"``), and the plain
    values it also accepts by name."""

    field: str
    where: str = "rules"
    names: Mapping[Any, object] = attrs.field(factory=dict)

    def _home(self, rules: RuleSet) -> Any:
        homes = {"rules": rules, "hook": rules.hook, "deals": rules.deal_options}
        return rules.scoring if self.where == "scoring" else homes[self.where]

    def read(self, rules: RuleSet) -> object:
        value = getattr(self._home(rules), self.field)
        if isinstance(value, ContractScoring):
            # A scheme keeps its name when trick_points_on_miss, an option of its own, changes it.
            value = (
                attrs.evolve(value, per_trick_on_miss=SCHEMES[value.name].per_trick_on_miss)
                if value.name in SCHEMES
                else value
            )
        for name, member in self.names.items():
            if member == value:
                return name
        return value

    def apply(self, rules: RuleSet, value: Any) -> RuleSet:
        if isinstance(value, str):  # a name, or left for the field's validator to refuse
            value = self.names.get(value, value)
        if self.where == "rules":
            return attrs.evolve(rules, **{self.field: value})
        changed = attrs.evolve(self._home(rules), **{self.field: value})
        key = {"hook": "hook", "deals": "deal_options", "scoring": "scoring"}[self.where]
        return attrs.evolve(rules, **{key: changed})


def _names(kind: type[enum.Enum]) -> dict[object, object]:
    return {member.value: member for member in kind}


def _deal(field: str, kind: type[enum.Enum] | None = None) -> _Option:
    return _Option(field, "deals", _names(kind) if kind is not None else {})


OPTIONS: Final[Mapping[str, _Option]] = {
    "hook": _Option("form", "hook", _names(HookForm)),
    "hook_min_hand_size": _Option("min_hand_size", "hook"),
    "gt_exact": _Option("gt_exact", "hook"),
    "gt_infeasible": _Option("gt_infeasible", "hook", _names(GtInfeasible)),
    "scoring": _Option("scoring", names=dict(SCHEMES)),
    "min_players": _Option("min_players"),
    "max_players": _Option("max_players"),
    "trick_points_on_miss": _Option("per_trick_on_miss", "scoring"),
    "tie_break": _Option("tie_break", names=_names(TieBreak)),
    "no_turnup": _Option("no_turnup", names=_names(NoTurnUp)),
    "num_deals": _Option("num_deals"),
    **{
        name: _deal(name)
        for name in (
            "misere_points_per_trick",
            "misere_trumps",
            "blind_trump_visible",
            "dealer_calls_allow_nt",
            "twos_natural_suit",
            "twos_may_lead",
            "twos_any_identity",
            "twos_wild_trumps",
            "most_tricks_bonus",
            "most_tricks_trumps",
            "aces_low_trumps",
            "raf_trumps_from_turnup",
            "madness_points_on_miss",
        )
    },
    "roll_order": _deal("roll_order", RollOrder),
    "first_deal_caller": _deal("first_deal_caller", FirstCaller),
}
"""Every option :meth:`RuleSet.with_options` accepts (RULES.md Appendix A
names), besides a preset's own schedule options such as ``phase2``."""
