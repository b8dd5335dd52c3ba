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
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from pyclag._caches import bounded
from pyclag._checks import Frozen, Validator, integer, is_instance, is_member
from pyclag.errors import RulesError
from pyclag.limits import MAX_POINTS
from pyclag.rules.bidding import GtInfeasible, HookForm
from pyclag.rules.calls import CallerRule, FirstCaller
from pyclag.rules.deals import Bidding, PlayMode, Reveal
from pyclag.rules.ordering import RankOrder
from pyclag.rules.round import RoundSpec
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP, DealerCalls, NoTrumps, NoTurnUp, TurnUp
from pyclag.scoring.schemes import SCHEMES, ContractScoring, MostTricks, misere
from pyclag.scoring.tally import TieBreak

__all__ = ["OPTIONS", "DealOptions", "Option", "RollOrder"]


def _maybe(check: Validator) -> Validator:
    return attrs.validators.optional(check)


def _flag() -> Any:
    return attrs.field(default=None, validator=_maybe(is_instance(bool, label="True or False")))


def _int() -> Any:
    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None and (type(value) is not int or not -MAX_POINTS <= value <= MAX_POINTS):
            raise RulesError(
                f"{attribute.name} must be an int in {-MAX_POINTS}..{MAX_POINTS}, not {value!r}"
            )

    return attrs.field(default=None, converter=attrs.converters.optional(integer), validator=check)


class RollOrder(enum.Enum):
    """The order a Roll 'Em pile is played in (A17)."""

    DEALT = "dealt"
    REVERSE = "reverse"


@attrs.frozen(cache_hash=True)
class DealOptions(Frozen):
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
      ``twos_wild_trumps``: wild-two rules 5-8 (A13, see :class:`~pyclag.rules.deals.TwosWild`).
    * ``most_tricks_bonus``: the most-tricks prize (10); ``most_tricks_trumps``
      (A14): the most-tricks deal keeps the turn-up trump (True) or has none.
    * ``aces_low_trumps`` (A37): in Aces Low the ace is low in trumps too
      (True) or stays high there (False).
    * ``first_deal_caller`` and ``caller_rule`` (A18), ``raf_trumps_from_turnup``
      (A19), ``madness_points_on_miss`` (A21): the RAF caller's rules. When
      the RAF hands are shuffled face down (A20) is no option: the bids are
      made with the hands seen either way and nobody sees a pile's order, so
      no timing could change a result.

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
    caller_rule: CallerRule | None = attrs.field(
        default=None, validator=_maybe(is_member(CallerRule))
    )

    def apply(self, spec: RoundSpec) -> RoundSpec:
        """``spec`` with these options applied (cached: it runs once per round
        spec and options).

        >>> from pyclag.rules.catalogue import roll_em
        >>> DealOptions(roll_order=RollOrder.REVERSE).apply(roll_em()).play.value
        'reverse'
        """
        return _apply(self, spec)


# Keyed by user-built DealOptions and RoundSpec; read when a rule set is built, once per
# schedule entry. It was unbounded: a server building rule sets must not grow it.
@bounded(1024)
def _apply(options: DealOptions, spec: RoundSpec) -> RoundSpec:
    change: dict[str, Any] = {}
    for step in _STEPS:  # in order: a later step's field wins over an earlier one's
        change.update(step(options, spec))
    return attrs.evolve(spec, **change) if change else spec


_Changes = dict[str, Any]
"""The fields of a round spec that one step of :func:`_apply` changes."""


def _turn_up_or_no_trumps(spec: RoundSpec) -> bool:
    """A turn-up or no trumps: the suit modes a misère or Most Tricks option switches between."""
    return isinstance(spec.suits, (TurnUp, NoTrumps))


def _misere(options: DealOptions, spec: RoundSpec) -> _Changes:
    """A misère deal's points per trick and its trumps."""
    change: _Changes = {}
    if spec.bidding is not Bidding.FORCED_ZERO or not _turn_up_or_no_trumps(spec):
        return change
    p = options.misere_points_per_trick
    if p is not None and isinstance(spec.scoring, ContractScoring):
        change["scoring"] = misere(p)
    if options.misere_trumps is not None:
        change["suits"] = TURN_UP if options.misere_trumps else NO_TRUMPS
    return change


def _roll_order(options: DealOptions, spec: RoundSpec) -> _Changes:
    """The order Roll 'Em's piles are played in."""
    rolled = spec.play in (PlayMode.DEALT_ORDER, PlayMode.REVERSE_ORDER)
    if options.roll_order is None or not rolled:
        return {}
    reverse = options.roll_order is RollOrder.REVERSE
    return {"play": PlayMode.REVERSE_ORDER if reverse else PlayMode.DEALT_ORDER}


def _blind_trump(options: DealOptions, spec: RoundSpec) -> _Changes:
    """Whether a blind deal's trump shows before the bids."""
    visible = options.blind_trump_visible
    if visible is None or spec.bidding is not Bidding.UNSEEN:
        return {}
    return {"reveal": Reveal.BEFORE_BIDS if visible else Reveal.AFTER_BIDS}


def _dealer_calls(options: DealOptions, spec: RoundSpec) -> _Changes:
    """Whether the dealer may call no trumps."""
    allow = options.dealer_calls_allow_nt
    if allow is None or not isinstance(spec.suits, DealerCalls):
        return {}
    return {"suits": DealerCalls(allow)}


def _aces_low(options: DealOptions, spec: RoundSpec) -> _Changes:
    """Whether aces low play trumps."""
    low = options.aces_low_trumps
    if low is None or spec.rank_order not in _ACES_LOW.values():
        return {}
    return {"rank_order": _ACES_LOW[low]}


def _twos(options: DealOptions, spec: RoundSpec) -> _Changes:
    """The wild twos' rules."""
    if spec.twos is None:
        return {}
    twos = _override(
        spec.twos,
        natural_suit=options.twos_natural_suit,
        may_lead=options.twos_may_lead,
        any_identity=options.twos_any_identity,
        wild_trumps=options.twos_wild_trumps,
    )
    return {"twos": twos}


def _most_tricks(options: DealOptions, spec: RoundSpec) -> _Changes:
    """Most Tricks' bonus and its trumps."""
    change: _Changes = {}
    if not isinstance(spec.scoring, MostTricks):
        return change
    if options.most_tricks_bonus is not None:
        change["scoring"] = MostTricks(options.most_tricks_bonus)
    if options.most_tricks_trumps is not None and _turn_up_or_no_trumps(spec):
        change["suits"] = TURN_UP if options.most_tricks_trumps else NO_TRUMPS
    return change


def _calls(options: DealOptions, spec: RoundSpec) -> _Changes:
    """The RAF calls' rules."""
    if spec.calls is None:
        return {}
    calls = _override(
        spec.calls,
        first_caller=options.first_deal_caller,
        trumps_from_turnup=options.raf_trumps_from_turnup,
        misere_per_trick=options.misere_points_per_trick,
        madness_points_on_miss=options.madness_points_on_miss,
        caller_rule=options.caller_rule,
    )
    return {"calls": calls}


_STEPS: Final[tuple[Callable[[DealOptions, RoundSpec], _Changes], ...]] = (
    _misere,
    _roll_order,
    _blind_trump,
    _dealer_calls,
    _aces_low,
    _twos,
    _most_tricks,
    _calls,
)
"""The steps of :meth:`DealOptions.apply`, each the fields one kind of deal's
options change; where two set one field (a misère Most Tricks deal's trumps),
the later wins, as the options were always applied."""


_ACES_LOW: Final = {True: RankOrder.ACES_LOW, False: RankOrder.ACES_LOW_PLAIN}


def _override(value: Any, **changes: Any) -> Any:
    """``value`` with the fields that ``changes`` sets (those not None)."""
    return attrs.evolve(value, **{k: v for k, v in changes.items() if v is not None})


@attrs.frozen
class Option(Frozen):
    """One named option: a field of the rule set, of its hook (``where="hook"``),
    its scoring (``"scoring"``) or its deal options (``"deals"``), the plain
    values it also accepts by name, and what it rules (``about``, citing the
    RULES.md clause). :data:`OPTIONS` holds them by name;
    :meth:`RuleSet.with_options <pyclag.rules.ruleset.RuleSet.with_options>`
    reads and sets them.

    >>> OPTIONS["hook"].about[:45]
    "The restriction on the dealer's bid (§1.7, A1"
    """

    field: str
    where: str = "rules"
    names: Mapping[Any, object] = attrs.field(factory=dict)
    about: str = attrs.field(default="", kw_only=True)


def _names(kind: type[enum.Enum]) -> dict[object, object]:
    return {member.value: member for member in kind}


def _deal(field: str, about: str, kind: type[enum.Enum] | None = None) -> Option:
    return Option(field, "deals", _names(kind) if kind is not None else {}, about=about)


OPTIONS: Final[Mapping[str, Option]] = {
    "hook": Option(
        "form",
        "hook",
        _names(HookForm),
        about="The restriction on the dealer's bid (§1.7, A1): the total of bids must not "
        'equal the hand size ("ne"), must exceed it ("gt"), or is free ("none").',
    ),
    "hook_min_hand_size": Option(
        "min_hand_size",
        "hook",
        about="Hands smaller than this are not restricted (A4; WP-IPFS restricted from "
        "round 4 on).",
    ),
    "gt_exact": Option(
        "gt_exact",
        "hook",
        about='Under "gt", the bids must total exactly one more than the hand size, rather '
        "than at least that (A2).",
    ),
    "gt_infeasible": Option(
        "gt_infeasible",
        "hook",
        _names(GtInfeasible),
        about='Under "gt", when the others bid 0 in all: fall back to "must not equal" '
        '("fallback_ne") or make the dealer bid one more than the hand size (A3).',
    ),
    "scoring": Option(
        "scoring",
        names=dict(SCHEMES),
        about="The scoring family of the contract rounds (§1.9): F1 10 + 2 per trick, exact "
        "bids only; F2 10 for an exact bid and 1 per trick always; F3 10 + 5 per trick.",
    ),
    "min_players": Option("min_players", about="The smallest table allowed (A28)."),
    "max_players": Option("max_players", about="The largest table allowed (A28)."),
    "trick_points_on_miss": Option(
        "per_trick_on_miss",
        "scoring",
        about="Points per trick won on a missed bid in contract rounds (A6: 1 under F2, "
        "0 under F1 and F3).",
    ),
    "tie_break": Option(
        "tie_break",
        names=_names(TieBreak),
        about="Equal top totals share the win, or the most contracts made wins first (A29).",
    ),
    "no_turnup": Option(
        "no_turnup",
        names=_names(NoTurnUp),
        about="A turn-up round that deals the whole pack plays without trumps, or the "
        "schedule is refused (§1.5, A30).",
    ),
    "scottish_draw_each_round": Option(
        "draw_first_bidder",
        about="A card is turned for each player before every deal, and the highest bids "
        "first and leads; the restriction binds the last bidder, on the first bidder's "
        "right (A25, read literally). Off: the draw is made once, for the first dealer.",
    ),
    "num_deals": Option(
        "num_deals",
        about="The number of deals in a game; past the schedule its last deal repeats "
        "(A24: the RAF game lasts twice the players by default).",
    ),
    "misere_points_per_trick": _deal(
        "misere_points_per_trick",
        "Points per trick taken in misère rounds and RAF misère calls (A8, A22, A38).",
    ),
    "misere_trumps": _deal(
        "misere_trumps", "Misère rounds keep a turn-up trump, or have none (A9)."
    ),
    "roll_order": _deal(
        "roll_order",
        "Roll 'Em piles play from the first card dealt, or from the last (A17).",
        RollOrder,
    ),
    "blind_trump_visible": _deal(
        "blind_trump_visible",
        "Bids made without seeing one's own cards (Blind, Roll 'Em) see the turn-up, or not (A16).",
    ),
    "dealer_calls_allow_nt": _deal(
        "dealer_calls_allow_nt",
        "In Dealer Calls the dealer may also call no trumps, besides the four suits (A11).",
    ),
    "twos_natural_suit": _deal(
        "twos_natural_suit",
        "Twos Wild, rule 5: a two keeps its natural suit for following suit (the default, "
        "False: it has none) (A13).",
    ),
    "twos_may_lead": _deal("twos_may_lead", "Twos Wild, rule 6: a two may be led (A13)."),
    "twos_any_identity": _deal(
        "twos_any_identity",
        "Twos Wild, rule 7: a two may be declared as any card, even one held or already "
        "played (A13).",
    ),
    "twos_wild_trumps": _deal(
        "twos_wild_trumps",
        "Twos Wild, rule 8: a two declared as a trump is a trump (A13).",
    ),
    "most_tricks_bonus": _deal(
        "most_tricks_bonus",
        "The prize for the sole player with most tricks in Most Tricks (§2.0).",
    ),
    "most_tricks_trumps": _deal(
        "most_tricks_trumps", "Most Tricks keeps the turn-up trump, or has none (A14)."
    ),
    "aces_low_trumps": _deal(
        "aces_low_trumps",
        "In Aces Low the ace is low in trumps too, or stays high there (A37).",
    ),
    "raf_trumps_from_turnup": _deal(
        "raf_trumps_from_turnup",
        'The RAF caller calls "trumps" and the turn-up names the suit, rather than '
        "naming it (A19).",
    ),
    "madness_points_on_miss": _deal(
        "madness_points_on_miss",
        "A missed bid in a madness deal keeps its weighted trick points, rather than "
        "scoring 0 (A21).",
    ),
    "caller_rule": _deal(
        "caller_rule",
        "Who calls each RAF deal after the first: the top scorer of the deal before "
        '("deal_winner"), or the leader of the running totals after it ("game_leader"); '
        "ties go to the most tricks in that deal, then the earliest seat in its order (A18).",
        CallerRule,
    ),
    "misere_counts_as_contract": Option(
        "misere_counts_as_contract",
        about="A seat that takes no tricks in a misère round has made its contract, for the "
        "contracts made and their tie-break; off, misère rounds count no contracts (A15).",
    ),
    "first_deal_caller": _deal(
        "first_deal_caller",
        'Who calls the first RAF deal: nobody, so it is a standard deal ("none"), or the '
        'eldest ("eldest") (A18).',
        FirstCaller,
    ),
}
"""Every option :meth:`~pyclag.rules.ruleset.RuleSet.with_options` accepts (RULES.md Appendix A
names), besides a preset's own schedule options such as ``phase2``."""
