"""A rule set compiled to arrays: what the batched kernel reads instead of the
rule values (DESIGN.md §4b).

Every table is filled by asking the rule values themselves (the hook's legal
bids, a round's strength tables, its scoring, the schedule's phases), so the
rules stay data with one source of truth: the kernel never decides a rule
on its own. A rule the kernel cannot carry yet is refused here, by name.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import numpy as np

from pyclag.actions import Madness
from pyclag.cards import DECK, Suit
from pyclag.codec import ID_BLOCKS, NUM_ACTIONS, card_id
from pyclag.engine import new_game
from pyclag.engine.decisions import round_phases
from pyclag.engine.phases import Phase
from pyclag.engine.rounds import round_rules
from pyclag.errors import RulesError
from pyclag.rules.deals import Bidding, PlayMode, Reveal
from pyclag.rules.ordering import RankOrder
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.trumps import DealerCalls, NoTrumps, Precedence, Trumps, TurnUp
from pyclag.scoring.schemes import F1, MostTricks
from pyclag.views.encoding import layout, suit_index

__all__ = [
    "BID_ID",
    "NO_TRUMP",
    "NUM_ACTIONS",
    "PHASE",
    "SUIT_KINDS",
    "TRUMP_ID",
    "UNKNOWN",
    "WILD_ID",
    "Tables",
    "compile_rules",
]

PHASE: Final = {phase: number for number, phase in enumerate(Phase)}
"""Each phase's number in the arrays: its place in :class:`~pyclag.engine.phases.Phase`."""

BID_ID: Final = ID_BLOCKS[1].start
TRUMP_ID: Final = ID_BLOCKS[3].start
WILD_ID: Final = ID_BLOCKS[5].start
NO_TRUMP: Final = 4
"""The trump code of a round without trumps (0..3 are the suits C, D, S, H)."""
UNKNOWN: Final = -1
"""The trump code of a round whose trump is not known yet."""

SUIT_KINDS: Final = (TurnUp, NoTrumps, Trumps, DealerCalls, Precedence)
"""The suit rules in the order of the encoding's ``suit rule`` piece."""

_CODEC_SUITS: Final = tuple(sorted(Suit, key=suit_index))  # C D S H
_IDS: Final = np.array([card_id(card) for card in DECK])  # by Card.index


class Tables(NamedTuple):
    """The arrays one rule set for one table size compiles to (a JAX pytree).

    Indexed by round (``R`` rounds), unless said otherwise.
    """

    size: Any  # (R,) cards dealt to each player
    first_phase: Any  # (R,) the phase a round starts in
    next_phase: Any  # (R, phases) the phase after each, GAME_OVER's code for the round's end
    bidding: Any  # (R,) the Bidding's place in its enum
    reveal_after: Any  # (R,) the turn-up waits for the last bid
    pile: Any  # (R,) 0: cards from the hand; 1: dealt order; 2: reverse
    turns_up: Any  # (R,) the trump is the turn-up's suit
    fixed_trump: Any  # (R,) the trump when no turn-up sets it (NO_TRUMP, a suit, UNKNOWN)
    suit_kind: Any  # (R,) place in SUIT_KINDS
    strength_kind: Any  # (R,) which row of ``strength``
    strength: Any  # (kinds, 5 trumps, 4 led suits, 52 card ids) trick strength
    declare: Any  # (R, 5) the trumps the dealer may declare (C D S H, no trumps)
    twos: Any  # (R,) twos are wild
    natural_suit: Any  # (R,) the TwosWild flags (False where twos are not wild)
    may_lead: Any  # (R,)
    any_identity: Any  # (R,)
    wild_trumps: Any  # (R,)
    most_tricks: Any  # (R,) Most Tricks scoring
    bonus: Any  # (R,)
    per_trick: Any  # (R,)
    on_miss: Any  # (R,)
    weight: Any  # (R, max size) each trick's madness weight (1 without)
    bids: Any  # (max size + 1, max sum + 1, 2 last?, 53) the hook's legal bids
    static_view: Any  # (R, encoding size) the round's fixed pieces of the observation
    precedence_view: Any  # (R, 16) the precedence piece, once the trump is known
    order_view: Any  # (R, rank orders) the rank order piece, once the trump is known
    spread: Any  # (4, 8192, 52) bool: a suit's 13-bit mask as flags by card id
    popcount: Any  # (8192,) the cards in a suit's mask
    select: Any  # (8192, 13) the rank of a mask's k-th card
    bid_count: Any  # (max size + 1, max sum + 1, 2) how many bids ``bids`` allows
    bid_pick: Any  # (..., 54) the k-th bid it allows
    declare_count: Any  # (R,) how many trumps the dealer may declare
    declare_pick: Any  # (R, 5) the k-th of them
    quotient: Any  # (54, largest + 1) float32 n / size, rounded once (not n * (1 / size))
    hundredths: Any  # (2 * reach + 1,) float32 (n - reach) / 100 for every total the rules reach
    chained: int  # the most rounds in a row with no decision, plus two
    players: int
    largest: int  # the largest hand size
    width: int  # the most actions a round takes
    live: int  # one past the highest action id these rules use


def compile_rules(rules: RuleSet, players: int) -> Tables:
    """``rules`` for a table of ``players`` as arrays, or the RulesError that
    names the rule the kernel does not carry."""
    _refuse(rules, players)
    count = rules.num_rounds(players)
    specs = [rules.round_spec(index) for index in range(count)]
    largest = max(spec.hand_size for spec in specs)
    kinds: dict[tuple[RankOrder, tuple[Suit, ...] | None], int] = {}
    rows = [
        _round_row(rules, players, index, spec, largest, kinds) for index, spec in enumerate(specs)
    ]
    columns = list(zip(*rows, strict=True))
    strength = np.zeros((len(kinds), 5, 4, 52), np.int32)
    for (order, precedence), kind in kinds.items():
        strength[kind] = _strengths(order, precedence)
    idle = run = 0
    for spec in specs:
        run = run + 1 if _decisionless(spec, rules) else 0
        idle = max(idle, run)
    i32 = np.int32
    reach = _reach(columns)
    bids = _bid_table(rules, players, largest)
    declare = np.array(columns[10], bool)
    return Tables(
        size=np.array(columns[0], i32),
        first_phase=np.array(columns[1], i32),
        next_phase=np.array(columns[2], i32),
        bidding=np.array(columns[3], i32),
        reveal_after=np.array(columns[4], bool),
        pile=np.array(columns[5], i32),
        turns_up=np.array(columns[6], bool),
        fixed_trump=np.array(columns[7], i32),
        suit_kind=np.array(columns[8], i32),
        strength_kind=np.array(columns[9], i32),
        strength=strength,
        declare=declare,
        twos=np.array([spec.twos is not None for spec in specs]),
        natural_suit=np.array([bool(spec.twos and spec.twos.natural_suit) for spec in specs]),
        may_lead=np.array([bool(spec.twos and spec.twos.may_lead) for spec in specs]),
        any_identity=np.array([bool(spec.twos and spec.twos.any_identity) for spec in specs]),
        wild_trumps=np.array([bool(spec.twos and spec.twos.wild_trumps) for spec in specs]),
        most_tricks=np.array(columns[11], bool),
        bonus=np.array(columns[12], i32),
        per_trick=np.array(columns[13], i32),
        on_miss=np.array(columns[14], i32),
        weight=np.array(columns[15], i32),
        bids=bids,
        static_view=np.array(columns[16], np.float32),
        precedence_view=np.array(columns[17], np.float32),
        order_view=np.array(columns[18], np.float32),
        spread=_spread(),
        popcount=np.array([mask.bit_count() for mask in range(1 << 13)], i32),
        select=_select(),
        bid_count=bids.sum(axis=3).astype(i32),
        bid_pick=_picks(bids),
        declare_count=declare.sum(axis=1).astype(i32),
        declare_pick=_picks(declare),
        quotient=np.array(
            [[n / size if size else 0.0 for size in range(largest + 1)] for n in range(54)],
            np.float32,
        ),
        hundredths=(np.arange(-reach, reach + 1, dtype=np.float64) / 100).astype(np.float32),
        chained=idle + 2,
        players=players,
        largest=largest,
        width=players + 1 + players * largest,
        live=_live(specs, declare),
    )


REACH_LIMIT: Final = 1 << 18
"""The largest total whose observation is read from a table; past it the
kernel divides (XLA's vector division on a CPU may differ from NumPy's in the
last bit, so the table keeps the JAX backend's vectors equal to the codec's)."""


def _reach(columns: list[tuple[Any, ...]]) -> int:
    """The largest total, either way, that a game of these rounds can reach."""
    total = 0
    for bonus, per_trick, on_miss, weights in zip(*columns[12:16], strict=True):
        tricks = sum(weights)
        total += max(abs(bonus) + abs(per_trick) * tricks, abs(on_miss) * tricks)
    return min(total, REACH_LIMIT)


def _live(specs: list[RoundSpec], declare: Any) -> int:
    """One past the highest action id rounds of these specs use."""
    if any(spec.twos is not None for spec in specs):
        return NUM_ACTIONS
    return TRUMP_ID + 5 if declare.any() else TRUMP_ID


def _refuse(rules: RuleSet, players: int) -> None:
    new_game(rules, players)  # the engine's own refusal of a table size
    if rules.draw_first_bidder:
        raise _not_carried(rules, "draw_first_bidder (the Scottish draw for the first bidder)")
    for index in range(rules.num_rounds(players)):
        spec = rules.round_spec(index)
        if spec.calls is not None:
            raise _not_carried(rules, f"round {index + 1}: the RAF caller's calls")
        if spec.hand_sizes:
            raise _not_carried(rules, f"round {index + 1}: the RAF dealer's choice of hand size")
        if spec.play is PlayMode.SHUFFLED:
            raise _not_carried(rules, f"round {index + 1}: RAF Blind (shuffled face-down piles)")


def _not_carried(rules: RuleSet, rule: str) -> RulesError:
    return RulesError(
        f"pyclag.vector.Env: {rules.name!r}: the batched engine does not carry {rule} yet"
    )


def _decisionless(spec: RoundSpec, rules: RuleSet) -> bool:
    asks = {Phase.BID, Phase.BID_BEFORE_DEAL, Phase.DECLARE_TRUMP}
    phases = set(round_phases(spec, rules))
    return not phases & asks and spec.play.is_pile


def _round_row(
    rules: RuleSet,
    players: int,
    index: int,
    spec: RoundSpec,
    largest: int,
    kinds: dict[tuple[RankOrder, tuple[Suit, ...] | None], int],
) -> tuple[Any, ...]:
    phases = round_phases(spec, rules)
    following = [PHASE[Phase.GAME_OVER]] * len(Phase)
    for number, phase in enumerate(phases):
        after = phases[number + 1] if number + 1 < len(phases) else Phase.ROUND_OVER
        following[PHASE[phase]] = PHASE[after]
    suits = spec.suits
    size = spec.hand_size
    turns = suits.turns_up and players * size < 52
    if suits.dealer_declares:
        fixed = UNKNOWN
    elif suits.trump is not None:
        fixed = suit_index(suits.trump)
    else:
        fixed = NO_TRUMP
    kind = kinds.setdefault((spec.rank_order, suits.precedence), len(kinds))
    declare = [False] * 5
    if suits.dealer_declares:
        for choice in suits.choices:
            declare[NO_TRUMP if isinstance(choice, NoTrumps) else suit_index(choice)] = True
    scoring = rules.round_scoring(spec)
    most = isinstance(scoring, MostTricks)
    weights = [1] * largest
    per_trick = on_miss = 0
    if not isinstance(scoring, MostTricks):
        per_trick, on_miss = scoring.per_trick, scoring.per_trick_on_miss
        if scoring.madness is not None:
            madness = scoring.madness
            weights[:size] = [madness.trick_value(j, size) // 2 for j in range(1, size + 1)]
    return (
        size,
        PHASE[phases[0]],
        following,
        tuple(Bidding).index(spec.bidding),
        spec.reveal is Reveal.AFTER_BIDS,
        (PlayMode.HAND, PlayMode.DEALT_ORDER, PlayMode.REVERSE_ORDER).index(spec.play),
        turns,
        fixed,
        SUIT_KINDS.index(type(suits)),
        kind,
        declare,
        most,
        scoring.bonus,
        per_trick,
        on_miss,
        weights,
        _static_view(rules, players, index, spec),
        _precedence_view(suits.precedence),
        [float(order is spec.rank_order) for order in RankOrder],
    )


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


def _spread() -> Any:
    ranks = (np.arange(1 << 13)[:, None] >> np.arange(13)[None, :]) & 1  # (8192, 13)
    out = np.zeros((4, 1 << 13, 52), bool)
    for suit in range(4):
        out[suit][:, suit::4] = ranks.astype(bool)
    return out


def _select() -> Any:
    out = np.zeros((1 << 13, 13), np.int32)
    for mask in range(1 << 13):
        ranks = [rank for rank in range(13) if mask >> rank & 1]
        out[mask, : len(ranks)] = ranks
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


def _precedence_view(precedence: tuple[Suit, ...] | None) -> list[float]:
    out = [0.0] * 16
    for place, suit in enumerate(precedence or ()):
        out[4 * suit_index(suit) + place] = 1.0
    return out


def _static_view(rules: RuleSet, players: int, index: int, spec: RoundSpec) -> Any:
    """The pieces of a round's observation that do not change within it."""
    at = {piece.name: piece.start for piece in layout(players)}
    size = sum(piece.size for piece in layout(players))
    out = np.zeros(size, np.float32)
    out[at["bidding"] + tuple(Bidding).index(spec.bidding)] = 1
    out[at["reveal"] + tuple(Reveal).index(spec.reveal)] = 1
    out[at["play mode"] + tuple(PlayMode).index(spec.play)] = 1
    out[at["caller"] + players] = 1  # no caller
    twos = spec.twos
    if twos is not None:
        flags = (True, twos.natural_suit, twos.may_lead, twos.any_identity, twos.wild_trumps)
        out[at["wild twos"] : at["wild twos"] + 5] = flags
    out[at["deal"]] = (index + 1) / rules.num_rounds(players)
    out[at["deal"] + 1] = spec.hand_size / 13
    scoring = rules.round_scoring(spec)
    base = at["scoring"]
    if isinstance(scoring, MostTricks):
        out[base] = 1
        out[base + 3] = scoring.bonus / 10
    else:
        out[base + 1] = scoring.per_trick / 10
        out[base + 2] = scoring.per_trick_on_miss / 10
        out[base + 3] = scoring.bonus / 10
        if scoring.madness is not None:
            out[base + (4 if scoring.madness is Madness.ASCENDING else 5)] = 1
    return out
