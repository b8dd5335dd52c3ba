"""A rule set compiled to arrays: what the batched kernel reads instead of the
rule values (DESIGN.md §4b).

Every table is filled by asking the rule values themselves (the hook's legal
bids, a round's strength tables, its scoring, the schedule's phases), so the
rules stay data with one source of truth: the kernel never decides a rule
on its own.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import attrs
import numpy as np

from pyclag.cards import DECK, Suit
from pyclag.codec import ID_BLOCKS, NUM_ACTIONS, card_id
from pyclag.engine import new_game
from pyclag.engine.decisions import round_phases
from pyclag.engine.phases import Phase
from pyclag.engine.rounds import round_rules
from pyclag.rules.calls import CallerRule, FirstCaller
from pyclag.rules.ordering import RankOrder
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.scoring.schemes import F1
from pyclag.vector._rounds import MADNESSES, NO_TRUMP, PHASE, PILES, SUIT_KINDS, UNKNOWN, Played
from pyclag.views.encoding import layout, suit_index

__all__ = [
    "BID_ID",
    "CALL_ID",
    "HAND_ID",
    "NO_TRUMP",
    "NUM_ACTIONS",
    "PHASE",
    "PILES",
    "SUIT_KINDS",
    "TRUMP_ID",
    "UNKNOWN",
    "WILD_ID",
    "Tables",
    "compile_rules",
]

BID_ID: Final = ID_BLOCKS[1].start
HAND_ID: Final = ID_BLOCKS[2].start
TRUMP_ID: Final = ID_BLOCKS[3].start
CALL_ID: Final = ID_BLOCKS[4].start
WILD_ID: Final = ID_BLOCKS[5].start

_CODEC_SUITS: Final = tuple(sorted(Suit, key=suit_index))  # C D S H
_IDS: Final = np.array([card_id(card) for card in DECK])  # by Card.index


class Tables(NamedTuple):
    """The arrays one rule set for one table size compiles to (a JAX pytree).

    By round (``R`` rounds of the schedule), by round as played (``V`` specs:
    :class:`~pyclag.vector._rounds.Played`), or whole.
    """

    size: Any  # (R,) cards dealt to each player, 0 where the dealer chooses
    view_size: Any  # (R,) what the observation divides by until the dealer chooses
    scheduled: Any  # (R,) the round as scheduled (a caller's round awaiting the call)
    uncalled: Any  # (R,) the round when nobody calls: a standard deal
    has_calls: Any  # (R,) a caller may call the round
    by_totals: Any  # (R,) the caller leads the running totals, not the last deal
    eldest_calls: Any  # (R,) in the first round, the eldest calls
    hand_sizes: Any  # (R, 52) the hand sizes the dealer may choose (h - 1)
    call_to: Any  # (R, calls) the round as each call makes it, -1: no such call
    declare_to: Any  # (R, 5) the round as each trump declared makes it, -1: none
    round_view: Any  # (R, encoding size) the round's place in the game, in the observation
    first_phase: Any  # (V,) the phase a round starts in
    next_phase: Any  # (V, phases) the phase after each (ROUND_OVER's after the last)
    bidding: Any  # (V,) the Bidding's place in its enum
    reveal_after: Any  # (V,) the turn-up waits for the last bid
    pile: Any  # (V,) the play mode's place in PILES
    turns_up: Any  # (V,) the trump is the turn-up's suit
    fixed_trump: Any  # (V,) the trump when no turn-up sets it (NO_TRUMP, a suit, UNKNOWN)
    strength_kind: Any  # (V,) which row of ``strength``
    twos: Any  # (V,) twos are wild
    natural_suit: Any  # (V,) the TwosWild flags (False where twos are not wild)
    may_lead: Any  # (V,)
    any_identity: Any  # (V,)
    wild_trumps: Any  # (V,)
    most_tricks: Any  # (V,) Most Tricks scoring
    bonus: Any  # (V,)
    per_trick: Any  # (V,)
    on_miss: Any  # (V,)
    madness: Any  # (V,) 0 none, 1 ascending, 2 descending
    static_view: Any  # (V, encoding size) the observation's pieces the round as played fixes
    precedence_view: Any  # (V, 16) the precedence piece, once the trump is known
    order_view: Any  # (V, rank orders) the rank order piece, once the trump is known
    weights: Any  # (3 madnesses, hand size, trick) what a trick counts for (1 without)
    strength: Any  # (kinds, 5 trumps, 4 led suits, 52 card ids) trick strength
    bids: Any  # (max size + 1, max sum + 1, 2 last?, 53) the hook's legal bids
    bid_count: Any  # (max size + 1, max sum + 1, 2) how many bids ``bids`` allows
    bid_pick: Any  # (..., 54) the k-th bid it allows
    quotient: Any  # (54, 14 or more) float32 n / d, rounded once (not n * (1 / d))
    hundredths: Any  # (2 * reach + 1,) float32 (n - reach) / 100 for every total the rules reach
    chained: int  # the most rounds in a row with no decision, plus two
    players: int
    largest: int  # the largest hand size
    width: int  # the most actions a round takes
    live: int  # one past the highest action id these rules use
    phases: frozenset[int]  # the phases a round of these rules can be in
    wild: bool  # some round has wild twos
    piled: bool  # some round is played from face-down piles


def compile_rules(rules: RuleSet, players: int) -> tuple[Tables, dict[RoundSpec, int]]:
    """``rules`` for a table of ``players`` as arrays, and the number of each
    round spec as played (a table size the rules refuse is the engine's RulesError)."""
    new_game(rules, players)
    count = rules.num_rounds(players)
    specs = [rules.round_spec(index) for index in range(count)]
    played = Played(rules, players)
    scheduled = [played.number(spec) for spec in specs]
    uncalled = [played.number(attrs.evolve(spec, calls=None)) for spec in specs]
    call_to = [played.calls(spec) for spec in specs]
    declare_to = [played.declarations(spec) for spec in specs]
    rows = played.rows()
    largest = max(max((spec.hand_size, *spec.hand_sizes)) for spec in specs)
    strength = np.zeros((len(played.kinds), 5, 4, 52), np.int32)
    for (order, precedence), kind in played.kinds.items():
        strength[kind] = _strengths(order, precedence)
    i32 = np.int32
    bids = _bid_table(rules, players, largest)
    calls = [spec.calls for spec in specs]
    return Tables(
        size=np.array([0 if spec.hand_sizes else spec.hand_size for spec in specs], i32),
        view_size=np.array([spec.hand_size for spec in specs], i32),
        scheduled=np.array(scheduled, i32),
        uncalled=np.array(uncalled, i32),
        has_calls=np.array([call is not None for call in calls]),
        by_totals=np.array(
            [call is not None and call.caller_rule is CallerRule.GAME_LEADER for call in calls]
        ),
        eldest_calls=np.array(
            [call is not None and call.first_caller is FirstCaller.ELDEST for call in calls]
        ),
        hand_sizes=np.array([_hand_sizes(rules, players, spec) for spec in specs]),
        call_to=np.array(call_to, i32),
        declare_to=np.array(declare_to, i32),
        round_view=np.array([_round_view(rules, players, index) for index in range(count)]),
        weights=_weights(largest),
        strength=strength,
        bids=bids,
        bid_count=bids.sum(axis=3).astype(i32),
        bid_pick=_picks(bids),
        quotient=np.array(
            [
                [n / size if size else 0.0 for size in range(max(largest, 13) + 1)]
                for n in range(54)
            ],
            np.float32,
        ),
        hundredths=_hundredths(rows, specs, largest),
        chained=_idle(specs, rules) + 2,
        players=players,
        largest=largest,
        width=players + 2 + players * largest,
        live=_live(specs),
        phases=frozenset(PHASE[p] for spec in played.specs for p in round_phases(spec, rules)),
        wild=any(spec.twos is not None for spec in played.specs),
        piled=any(spec.play.is_pile for spec in played.specs),
        **rows,
    ), played.numbers


def _weights(largest: int) -> Any:
    """Each trick's weight by madness (none, ascending, descending), hand size
    and place: the madness's own trick values, halved (§2.3: F1's 2 a trick)."""
    out = np.ones((3, largest + 1, max(largest, 1)), np.int32)
    for number, madness in enumerate(MADNESSES):
        for size in range(1, largest + 1):
            for j in range(1, size + 1):
                if madness is not None:
                    out[number, size, j - 1] = madness.trick_value(j, size) // 2
    return out


def _hand_sizes(rules: RuleSet, players: int, spec: RoundSpec) -> list[bool]:
    out = [False] * 52
    for size in spec.legal_hand_sizes(players, rules.no_turnup):
        out[size - 1] = True
    return out


def _round_view(rules: RuleSet, players: int, index: int) -> Any:
    at = {piece.name: piece.start for piece in layout(players)}
    out = np.zeros(sum(piece.size for piece in layout(players)), np.float32)
    out[at["deal"]] = (index + 1) / rules.num_rounds(players)
    return out


def _idle(specs: list[RoundSpec], rules: RuleSet) -> int:
    """The most rounds in a row that no player has a decision in."""
    idle = run = 0
    asks = {Phase.BID, Phase.BID_BEFORE_DEAL, Phase.DECLARE_TRUMP, Phase.CHOOSE_HAND_SIZE}
    for spec in specs:
        quiet = not set(round_phases(spec, rules)) & asks and spec.play.is_pile
        run = run + 1 if quiet and spec.calls is None else 0
        idle = max(idle, run)
    return idle


REACH_LIMIT: Final = 1 << 18
"""The largest total whose observation is read from a table; past it the
kernel divides (XLA's vector division on a CPU may differ from NumPy's in the
last bit, so the table keeps the JAX backend's vectors equal to the codec's)."""


def _hundredths(rows: dict[str, Any], specs: list[RoundSpec], largest: int) -> Any:
    """(n - reach) / 100 for every total a game of these rounds can reach,
    either way (at most REACH_LIMIT)."""
    tricks = largest * (largest + 1) // 2  # the most a madness weighs a round's tricks
    most = np.maximum(
        np.abs(rows["bonus"]) + np.abs(rows["per_trick"]) * tricks,
        np.abs(rows["on_miss"]) * tricks,
    )
    reach = min(int(most.max()) * len(specs), REACH_LIMIT)
    return (np.arange(-reach, reach + 1, dtype=np.float64) / 100).astype(np.float32)


def _live(specs: list[RoundSpec]) -> int:
    """One past the highest action id rounds of these specs use."""
    if any(spec.twos is not None for spec in specs):
        return NUM_ACTIONS
    if any(spec.calls is not None for spec in specs):
        return WILD_ID
    if any(spec.suits.dealer_declares for spec in specs):
        return CALL_ID
    return TRUMP_ID


def _strengths(order: RankOrder, precedence: tuple[Suit, ...] | None) -> Any:
    """Trick strength by trump (C D S H, none), led suit and card id, from the
    round's own strength tables."""
    out = np.zeros((5, 4, 52), np.int32)
    for trump in range(5):
        suit = None if trump == NO_TRUMP or precedence is not None else _CODEC_SUITS[trump]
        known = round_rules(suit, F1, order, precedence)
        for led in range(4):
            out[trump, led, _IDS] = known.strength(_CODEC_SUITS[led])
    return out


def _picks(flags: Any) -> Any:
    """For each row of ``flags``, the place of its k-th set flag, k along the
    last axis (0 past the count)."""
    out = np.zeros((*flags.shape[:-1], flags.shape[-1] + 1), np.int32)
    for index in np.ndindex(*flags.shape[:-1]):
        places = np.flatnonzero(flags[index])
        out[index][: places.size] = places
    return out


def _bid_table(rules: RuleSet, players: int, largest: int) -> Any:
    """The legal bids by hand size, the others' total and whether the bidder
    is last, as masks over the bid ids (the hook's own answers)."""
    top = largest * (players - 1)
    table = np.zeros((largest + 1, top + 1, 2, ID_BLOCKS[1].size), bool)
    for size in range(1, largest + 1):
        for others in range(top + 1):
            for last in (False, True):
                table[size, others, int(last), list(rules.hook.legal_bids(size, others, last))] = (
                    True
                )
    return table
