"""RuleSet: a whole game's rules as a tree of small frozen values
(DESIGN.md §1.2, §4).

>>> rules = NORMAL.with_options(hook="gt", scoring="F2", misere_points_per_trick=-5)
>>> rules.hook.form.value, rules.scoring.name, len(rules.schedule)
('gt', 'F2', 13)
>>> [spec.hand_size for spec in rules.with_schedule([7, 3]).schedule]
[7, 3]
"""

from __future__ import annotations

from collections.abc import Iterable, Sized
from typing import Any, Final

import attrs

from pyclag._checks import (
    Frozen,
    integer,
    is_flag,
    is_instance,
    is_int,
    is_member,
    is_name,
    is_whole,
    whole,
)
from pyclag.errors import RulesError
from pyclag.limits import MAX_CHOICES, MAX_NAME, MAX_PLAYERS, MAX_ROUNDS
from pyclag.rules.bidding import Hook
from pyclag.rules.deals import Bidding
from pyclag.rules.options import OPTIONS, DealOptions, Option
from pyclag.rules.round import RoundSpec
from pyclag.rules.trumps import NoTurnUp, TurnUp
from pyclag.scoring.schemes import F1, SCHEMES, ContractScoring, Scoring
from pyclag.scoring.tally import TieBreak

__all__ = [
    "MAX_CHOICES",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "NORMAL",
    "OPTIONS",
    "NoTurnUp",
    "RuleSet",
    "ScheduleChoice",
    "normal_schedule",
]


def _to_schedule(specs: Iterable[int | RoundSpec]) -> tuple[RoundSpec, ...]:
    if isinstance(specs, (str, bytes)) or not isinstance(specs, Iterable):
        raise RulesError(f"a schedule is a sequence of hand sizes or RoundSpecs, not {specs!r}")
    if isinstance(specs, Sized) and len(specs) > MAX_ROUNDS:
        raise RulesError(_too_long(f"{len(specs)} rounds"))
    out = []
    for number, given in enumerate(specs, 1):
        if number > MAX_ROUNDS:  # an iterator, perhaps endless: stop at the limit
            raise RulesError(_too_long(f"more than {MAX_ROUNDS} rounds"))
        spec = whole(given)  # a NumPy integer is a hand size too
        if isinstance(spec, RoundSpec):
            out.append(spec)
        elif is_whole(spec):
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


def _too_long(rounds: str) -> str:
    return f"a schedule of {rounds} is too long: a game has 1..{MAX_ROUNDS} rounds (MAX_ROUNDS)"


def _named_schedules(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not (
        isinstance(value, tuple)
        and value
        and all(
            isinstance(pair, tuple)
            and len(pair) == 2
            and isinstance(pair[0], str)
            and isinstance(pair[1], tuple)
            and pair[1]
            and all(isinstance(spec, RoundSpec) for spec in pair[1])
            for pair in value
        )
    ):
        raise RulesError(
            f"{attribute.name} must be a tuple of (name, tuple of RoundSpecs) pairs, not {value!r}"
        )
    _check_choices(attribute.name, len(value))
    for name, schedule in value:
        if len(name) > MAX_NAME:
            raise RulesError(
                f"{attribute.name}: a name has at most {MAX_NAME} characters, not {len(name)}"
            )
        if len(schedule) > MAX_ROUNDS:
            raise RulesError(f"{attribute.name}: {name!r}: {_too_long(f'{len(schedule)} rounds')}")


def _schedule_choices(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(c, ScheduleChoice) for c in value):
        raise RulesError(f"{attribute.name} must be a tuple of ScheduleChoices, not {value!r}")
    _check_choices(attribute.name, len(value))


def _check_choices(name: str, count: int) -> None:
    if count > MAX_CHOICES:
        raise RulesError(f"{name}: {count} choices, more than the {MAX_CHOICES} (MAX_CHOICES)")


@attrs.frozen
class ScheduleChoice(Frozen):
    """A preset's option between whole schedules, such as Wikipedia's
    ``phase2`` (Decision 2) or Indonesian's ``undescribed_rounds`` (Decision 3);
    ``about`` says what it chooses.

    >>> choice = ScheduleChoice("length", (("short", (RoundSpec(1),)), ("long", (RoundSpec(2),))), "short")
    >>> choice.schedule("long")[0].hand_size
    2
    """

    option: str = attrs.field(validator=is_name)
    choices: tuple[tuple[str, tuple[RoundSpec, ...]], ...] = attrs.field(validator=_named_schedules)
    chosen: str = attrs.field(validator=is_name)
    about: str = attrs.field(default="", kw_only=True, validator=is_name)

    def schedule(self, name: str) -> tuple[RoundSpec, ...]:
        """The schedule chosen by ``name``; a RulesError lists the choices.

        >>> ScheduleChoice("length", (("short", (RoundSpec(1),)),), "short").schedule("long")
        Traceback (most recent call last):
        pyclag.errors.RulesError: expected one of 'short'
        """
        for choice, specs in self.choices:
            if choice == name:
                return specs
        valid = ", ".join(repr(choice) for choice, _ in self.choices)
        raise RulesError(f"expected one of {valid}")


def _optional_count(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and (type(value) is not int or not 1 <= value <= MAX_ROUNDS):
        raise RulesError(
            f"{attribute.name} must be None or an int in 1..{MAX_ROUNDS}, not {value!r}"
        )


@attrs.frozen(cache_hash=True)
class RuleSet(Frozen):
    """The rules of a whole game.

    ``schedule`` lists the rounds in order; ``hook`` restricts the dealer's bid;
    ``scoring`` scores every round whose spec does not name its own;
    ``min_players``..``max_players`` is the allowed table; ``tie_break``
    separates equal totals; ``no_turnup`` guards a turn-up with no card left.

    A game has ``num_deals`` rounds when set, else ``deals_per_player`` times
    the players when set (RAF, A24), else one per schedule entry; past the end
    of the schedule its last entry repeats. ``deal_options`` change the special
    deals (:class:`~pyclag.rules.options.DealOptions`); ``choices`` are a
    preset's options between schedules. ``draw_first_bidder`` turns a card
    for each player before every deal to choose who bids first (A25, option
    ``scottish_draw_each_round``). ``misere_counts_as_contract``: a misère
    seat that takes no tricks has made its contract, for the contracts count
    and its tie-break (A15; :meth:`counts_contracts`).

    >>> RuleSet("mine", [3, 2, 1]).round_spec(0)
    RoundSpec(hand_size=3, ...)
    >>> RuleSet("mine", [3, 2, 1])
    <RuleSet mine: 3 rounds, 3-7 players, hook ne, F1 scoring>
    """

    name: str = attrs.field(validator=is_name)
    schedule: tuple[RoundSpec, ...] = attrs.field(converter=_to_schedule)
    hook: Hook = attrs.field(factory=Hook, validator=is_instance(Hook, label="a Hook"))
    scoring: ContractScoring = attrs.field(
        default=F1, validator=is_instance(ContractScoring, label="a contract Scoring")
    )
    min_players: int = attrs.field(default=3, converter=integer, validator=is_int(2, MAX_PLAYERS))
    max_players: int = attrs.field(default=7, converter=integer, validator=is_int(2, MAX_PLAYERS))
    tie_break: TieBreak = attrs.field(default=TieBreak.SHARED, validator=is_member(TieBreak))
    no_turnup: NoTurnUp = attrs.field(default=NoTurnUp.NO_TRUMPS, validator=is_member(NoTurnUp))
    num_deals: int | None = attrs.field(
        default=None, converter=attrs.converters.optional(integer), validator=_optional_count
    )
    deals_per_player: int | None = attrs.field(
        default=None, converter=attrs.converters.optional(integer), validator=_optional_count
    )
    deal_options: DealOptions = attrs.field(
        factory=DealOptions, validator=is_instance(DealOptions, label="DealOptions")
    )
    choices: tuple[ScheduleChoice, ...] = attrs.field(default=(), validator=_schedule_choices)
    draw_first_bidder: bool = attrs.field(default=False, validator=is_flag)
    misere_counts_as_contract: bool = attrs.field(default=True, validator=is_flag)
    # The schedule with the deal options applied, built once: read every round.
    _rounds: tuple[RoundSpec, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.min_players > self.max_players:
            raise RulesError(
                f"min_players {self.min_players} exceeds max_players {self.max_players}"
            )
        per_player = self.deals_per_player
        if per_player is not None and per_player * self.max_players > MAX_ROUNDS:
            raise RulesError(
                f"deals_per_player {per_player} x max_players {self.max_players} = "
                f"{per_player * self.max_players} rounds: a game has 1..{MAX_ROUNDS} rounds "
                "(MAX_ROUNDS)"
            )
        object.__setattr__(self, "_rounds", tuple(map(self.deal_options.apply, self.schedule)))

    def __repr__(self) -> str:
        # Short: the whole schedule runs to pages; ``options`` lists every value.
        if self.num_deals is not None:
            rounds = f"{self.num_deals} rounds"
        elif self.deals_per_player is not None:
            rounds = f"{self.deals_per_player} rounds a player"
        else:
            rounds = f"{len(self.schedule)} rounds"
        return (
            f"<RuleSet {self.name}: {rounds}, {self.min_players}-{self.max_players} players, "
            f"hook {self.hook.form.value}, {self.scoring.name} scoring>"
        )

    def num_rounds(self, players: int) -> int:
        """How many rounds a game of ``players`` lasts (§1.10; RAF: A24).

        >>> NORMAL.num_rounds(4), NORMAL.with_options(num_deals=3).num_rounds(4)
        (13, 3)
        """
        players = check_players(self, players)
        if self.num_deals is not None:
            return self.num_deals
        if self.deals_per_player is not None:
            return self.deals_per_player * players
        return len(self.schedule)

    def round_spec(self, index: int) -> RoundSpec:
        """The spec of round ``index`` (0-based) as played: the schedule entry
        (its last entry repeats) with the deal options applied.

        >>> NORMAL.round_spec(3).hand_size
        4
        >>> NORMAL.round_spec(-1)
        Traceback (most recent call last):
        pyclag.errors.RulesError: round_spec: index must be an int >= 0 (a round of the game, 0-based), not -1
        """
        index = whole(index)
        if not is_whole(index) or index < 0:
            raise RulesError(
                f"round_spec: index must be an int >= 0 (a round of the game, 0-based), not {index!r}"
            )
        rounds = self._rounds
        return rounds[index] if index < len(rounds) else rounds[-1]

    def round_scoring(self, spec: RoundSpec) -> Scoring:
        """The scoring of a round of ``spec`` (as played): its own, else the rule set's.

        >>> from pyclag.scoring.schemes import F3
        >>> NORMAL.round_scoring(RoundSpec(3)).name, NORMAL.round_scoring(RoundSpec(3, scoring=F3)).name
        ('F1', 'F3')
        """
        return self.scoring if spec.scoring is None else spec.scoring

    def counts_contracts(self, played: RoundSpec) -> bool:
        """Whether a round played as ``played`` counts its contracts made (§1.11):
        a misère round (every bid forced to 0, RAF misère calls too) counts
        only under ``misere_counts_as_contract`` (A15). A most-tricks round
        has no bids, so it makes no contract either way.

        >>> from pyclag.rules.catalogue import misere
        >>> NORMAL.counts_contracts(misere(True, -2)), NORMAL.with_options(
        ...     misere_counts_as_contract=False).counts_contracts(misere(True, -2))
        (True, False)
        """
        return self.misere_counts_as_contract or played.bidding is not Bidding.FORCED_ZERO

    def with_schedule(self, specs: Iterable[int | RoundSpec]) -> RuleSet:
        """The same rules over another schedule: an int is a normal round of
        that many cards, a round spec is used as it is. The game then has one
        round per entry, and the preset's schedule choices no longer apply.

        >>> len(NORMAL.with_schedule([1, 1]).schedule)
        2
        >>> NORMAL.with_schedule([1] * (MAX_ROUNDS + 1))
        Traceback (most recent call last):
        pyclag.errors.RulesError: a schedule of 1001 rounds is too long: a game has 1..1000 rounds (MAX_ROUNDS)
        """
        return attrs.evolve(
            self, schedule=_to_schedule(specs), num_deals=None, deals_per_player=None, choices=()
        )

    def with_options(self, /, **options: Any) -> RuleSet:
        """The same rules with some options changed; each name and value is checked.

        >>> NORMAL.with_options(hook_min_hand_size=4).hook.min_hand_size
        4
        >>> NORMAL.with_options(hookk="ne")
        Traceback (most recent call last):
        pyclag.errors.RulesError: unknown option 'hookk'; valid options: aces_low_trumps, ...
        """
        rules = self
        for name, value in options.items():
            try:
                rules = rules._with_option(name, value)
            except RulesError as err:
                if name not in self.options:
                    raise
                raise RulesError(f"option {name}={value!r}: {err}") from None
        return rules

    def _with_option(self, name: str, value: object) -> RuleSet:
        for number, choice in enumerate(self.choices):
            if choice.option == name:
                if not isinstance(value, str):
                    raise RulesError("expected a string")
                schedule = choice.schedule(value)
                chosen = attrs.evolve(choice, chosen=value)
                choices = (*self.choices[:number], chosen, *self.choices[number + 1 :])
                return attrs.evolve(self, schedule=schedule, choices=choices)
        option = OPTIONS.get(name)
        if option is None:
            raise self._unknown(name)
        return _set_option(self, option, value)

    @property
    def options(self) -> dict[str, object]:
        """The current value of every option, by name (``None``: as the schedule says).

        >>> NORMAL.options["hook"], NORMAL.options["misere_points_per_trick"]
        ('ne', None)
        """
        values = {name: _read_option(self, option) for name, option in OPTIONS.items()}
        values.update((choice.option, choice.chosen) for choice in self.choices)
        return dict(sorted(values.items()))

    def explain(self, option: str) -> str:
        """What ``option`` rules, citing its RULES.md clause.

        >>> NORMAL.explain("roll_order")
        "Roll 'Em piles play from the first card dealt, or from the last (A17)."
        >>> NORMAL.explain("phase2")
        Traceback (most recent call last):
        pyclag.errors.RulesError: unknown option 'phase2'; valid options: aces_low_trumps, ...
        """
        for choice in self.choices:
            if choice.option == option:
                return choice.about
        known = OPTIONS.get(option) if isinstance(option, str) else None
        if known is None:
            raise self._unknown(option)
        return known.about

    def _unknown(self, name: object) -> RulesError:
        valid = sorted([*OPTIONS, *(choice.option for choice in self.choices)])
        return RulesError(f"unknown option {name!r}; valid options: {', '.join(valid)}")


def _home(rules: RuleSet, option: Option) -> Any:
    """The value that holds ``option``: the rule set, its hook, scoring or deal options."""
    homes = {"rules": rules, "hook": rules.hook, "deals": rules.deal_options}
    return rules.scoring if option.where == "scoring" else homes[option.where]


def _read_option(rules: RuleSet, option: Option) -> object:
    """``option``'s value in ``rules``, by its plain name where it has one."""
    value = getattr(_home(rules, option), option.field)
    if isinstance(value, ContractScoring):
        # A scheme keeps its name when trick_points_on_miss, an option of its own, changes it.
        value = (
            attrs.evolve(value, per_trick_on_miss=SCHEMES[value.name].per_trick_on_miss)
            if value.name in SCHEMES
            else value
        )
    for name, member in option.names.items():
        if member == value:
            return name
    return value


def _set_option(rules: RuleSet, option: Option, value: Any) -> RuleSet:
    """``rules`` with ``option`` set to ``value`` (a plain name or the value
    itself); the field's validator refuses a bad value with a RulesError."""
    if isinstance(value, str):  # a name, or left for the field's validator to refuse
        value = option.names.get(value, value)
    if option.where == "rules":
        return attrs.evolve(rules, **{option.field: value})
    changed = attrs.evolve(_home(rules, option), **{option.field: value})
    key = {"hook": "hook", "deals": "deal_options", "scoring": "scoring"}[option.where]
    return attrs.evolve(rules, **{key: changed})


def check_players(rules: object, players: object) -> int:
    """Refuse a table: ``rules`` that are not a RuleSet, or a player count they
    do not allow (RulesError); else the count, a plain int (of a NumPy integer too).

    >>> check_players(NORMAL, 2)
    Traceback (most recent call last):
    pyclag.errors.RulesError: players must be an int in 3..7 for rule set 'normal', not 2
    >>> check_players("normal", 4)
    Traceback (most recent call last):
    pyclag.errors.RulesError: rules must be a RuleSet, not 'normal'
    """
    if not isinstance(rules, RuleSet):
        raise RulesError(f"rules must be a RuleSet, not {rules!r}")
    low, high = rules.min_players, rules.max_players
    count = whole(players)
    if not is_whole(count) or not low <= count <= high:
        raise RulesError(
            f"players must be an int in {low}..{high} for rule set {rules.name!r}, not {players!r}"
        )
    return count


def check_table(rules: object, players: int, first_dealer: object) -> tuple[int, int]:
    """Refuse a table as :func:`check_players` does, or a first dealer who is
    not one of its seats (RulesError); else the count and the first dealer,
    plain ints.

    >>> check_table(NORMAL, 4, 4)
    Traceback (most recent call last):
    pyclag.errors.RulesError: first_dealer must be a seat in 0..3, not 4
    """
    players = check_players(rules, players)
    dealer = whole(first_dealer)
    if not is_whole(dealer) or not 0 <= dealer < players:
        raise RulesError(f"first_dealer must be a seat in 0..{players - 1}, not {first_dealer!r}")
    return players, dealer


def schedule_fault(rules: RuleSet, players: int) -> tuple[int, str] | None:
    """The first round of a game of ``rules`` for ``players`` that the pack
    cannot deal, as its index (0-based) and the reason, or ``None``: more cards
    than the pack holds (a dealer's choice by its fewest), or under
    ``no_turnup`` ``REJECT`` the whole pack in a turn-up round (§1.5, A30).

    >>> schedule_fault(NORMAL.with_schedule([7, 13]), 4) is None  # no trumps in round 2
    True
    >>> index, reason = schedule_fault(NORMAL.with_schedule([7, 13]).with_options(no_turnup="reject"), 4)
    >>> index, reason[:29]
    (1, '4 players x 13 cards leave no')
    """
    for index in range(rules.num_rounds(players)):
        spec = rules.round_spec(index)
        # A dealer's choice needs one size that fits; legal_hand_sizes offers those.
        fewest = spec.hand_sizes[0] if spec.hand_sizes else spec.hand_size
        dealt = players * fewest
        if dealt > 52:
            return (
                index,
                f"{players} players x {fewest} cards = {dealt} cards, more than the 52 in the pack",
            )
        if dealt == 52 and isinstance(spec.suits, TurnUp) and rules.no_turnup is NoTurnUp.REJECT:
            return index, (
                f"{players} players x {spec.hand_size} cards leave no card to turn up for "
                "trumps, and no_turnup is 'reject'"
            )
    return None


def check_schedule(rules: RuleSet, players: int) -> None:
    """Refuse a game of ``rules`` for ``players`` whose schedule the pack
    cannot deal (RulesError, naming the round: :func:`schedule_fault`).

    >>> check_schedule(NORMAL.with_schedule([7, 14]), 4)
    Traceback (most recent call last):
    pyclag.errors.RulesError: schedule round 2: 4 players x 14 cards = 56 cards, more than the 52 in the pack
    """
    fault = schedule_fault(rules, players)
    if fault is not None:
        raise RulesError(f"schedule round {fault[0] + 1}: {fault[1]}")


def normal_schedule(top: int = 7) -> tuple[RoundSpec, ...]:
    """Normal rounds of 1 card up to ``top`` and back down to 1.

    >>> [spec.hand_size for spec in normal_schedule(3)]
    [1, 2, 3, 2, 1]
    """
    return _to_schedule([*range(1, top + 1), *range(top - 1, 0, -1)])


NORMAL: Final[RuleSet] = RuleSet("normal", normal_schedule(7))
"""Normal rounds only (RULES.md §1), with 1..7..1 cards, turn-up trumps, the
"not equal" hook, F1 scoring, 3-7 players, ties shared. The common core of
the Wikipedia, RAF and Foss games before their special deals."""
