"""Drawn tables and games of normal rounds for the properties of RULES.md §4, and plain
reference implementations of the rulings they are checked against.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass

from hypothesis import strategies as st

import pyclag
from pyclag import (
    CHANCE,
    NORMAL,
    Action,
    Bid,
    Card,
    Deal,
    GameState,
    Play,
    RoundResult,
    Suit,
)
from pyclag.rules import RankOrder
from tests.helpers import rank_value

SCORINGS = ("F1", "F2", "F3")
# Every form of the hook: (hook, gt_infeasible, gt_exact). Tests on the hook run
# once per form, so that none is left to chance.
HookForm = tuple[str, str, bool]
HOOK_FORMS: tuple[HookForm, ...] = (
    ("ne", "fallback_ne", False),
    ("gt", "fallback_ne", False),
    ("gt", "fallback_ne", True),
    ("gt", "allow_bid_h_plus_1", False),
    ("gt", "allow_bid_h_plus_1", True),
    ("none", "fallback_ne", False),
)
HOOKED = tuple(form for form in HOOK_FORMS if form[0] != "none")


def form_id(form: HookForm) -> str:
    hook, infeasible, exact = form
    return hook if hook != "gt" else f"gt-{infeasible}" + ("-exact" if exact else "")


# --- drawn tables and games ---------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """The drawn rule options, kept as drawn so expectations never read them back from pyclag."""

    hook: str
    hook_min_hand_size: int
    gt_exact: bool
    gt_infeasible: str
    scoring: str
    tie_break: str

    def hook_applies(self, hand_size: int) -> bool:
        """Whether the dealer is restricted in a round of this hand size (§1.7, A4)."""
        return self.hook != "none" and hand_size >= self.hook_min_hand_size


@dataclass(frozen=True)
class Table:
    """A drawn game set-up."""

    players: int
    first_dealer: int
    schedule: tuple[int, ...]
    options: Options

    def new_game(self) -> GameState:
        rules = NORMAL.with_schedule(self.schedule).with_options(**asdict(self.options))
        return pyclag.new_game(rules, players=self.players, first_dealer=self.first_dealer)


@dataclass(frozen=True, repr=False)
class Game:
    """A game played from ``seed``: ``states[i + 1]`` is ``states[i]`` after ``actions[i]``."""

    table: Table
    seed: int
    zero_bias: float
    actions: tuple[Action, ...]
    states: tuple[GameState, ...]

    @property
    def final(self) -> GameState:
        return self.states[-1]

    def __repr__(self) -> str:
        # Short: the table, seed and bias rebuild the game (see play_game).
        return (
            f"Game({self.table!r}, seed={self.seed}, zero_bias={self.zero_bias}, "
            f"actions={len(self.actions)}, over={pyclag.is_over(self.final)})"
        )

    def steps(self) -> Iterator[tuple[GameState, Action, GameState]]:
        """Each action with the states before and after it."""
        return zip(self.states[:-1], self.actions, self.states[1:], strict=True)


@dataclass(frozen=True)
class RoundLog:
    """One round of a game: the state just after its deal, the player actions
    taken in it (with the state each was taken in) and its result once scored."""

    dealt: GameState
    moves: tuple[tuple[GameState, Action], ...]
    result: RoundResult | None


@st.composite
def options(
    draw: st.DrawFn, form: HookForm | None = None, scorings: Sequence[str] = SCORINGS
) -> Options:
    """Drawn options; the hook's form is drawn too unless ``form`` is given."""
    hook, infeasible, exact = draw(st.sampled_from(HOOK_FORMS)) if form is None else form
    return Options(
        hook=hook,
        # Mostly the default 1, so that the hook bites in most rounds.
        hook_min_hand_size=draw(st.one_of(st.just(1), st.integers(1, 6))),
        gt_exact=exact,
        gt_infeasible=infeasible,
        scoring=draw(st.sampled_from(scorings)),
        tie_break=draw(st.sampled_from(("shared", "contracts_then_shared"))),
    )


@st.composite
def tables(
    draw: st.DrawFn, form: HookForm | None = None, scorings: Sequence[str] = SCORINGS
) -> Table:
    players = draw(st.integers(3, 7))
    normal = tuple(spec.hand_size for spec in NORMAL.schedule)
    # Short schedules keep games quick; any hand size with N·h <= 52 is allowed.
    if draw(st.integers(0, 4)) == 4:  # one game in five plays NORMAL's own 1..7..1
        schedule = normal
    else:
        sizes = st.integers(1, 52 // players)
        schedule = tuple(draw(st.lists(sizes, min_size=1, max_size=4)))
    first_dealer = draw(st.integers(0, players - 1))
    return Table(players, first_dealer, schedule, draw(options(form, scorings)))


def choose(state: GameState, rng: random.Random, zero_bias: float) -> Action:
    """A random legal action; bids of 0 are favoured with probability ``zero_bias``
    so that the GT hook's infeasible case (the others bid 0 in all) comes up."""
    if pyclag.next_actor(state) is CHANCE:
        return pyclag.sample_chance(state, rng)
    legal = pyclag.legal_actions(state)
    zeros = [a for a in legal if isinstance(a, Bid) and a.tricks == 0]
    if zeros and rng.random() < zero_bias:
        return zeros[0]
    return rng.choice(legal)


def play_game(table: Table, seed: int, zero_bias: float, limit: int | None) -> Game:
    rng = random.Random(seed)
    state = table.new_game()
    states: list[GameState] = [state]
    actions: list[Action] = []
    while not pyclag.is_over(state) and (limit is None or len(actions) < limit):
        action = choose(state, rng, zero_bias)
        state = pyclag.apply(state, action)
        actions.append(action)
        states.append(state)
    return Game(table, seed, zero_bias, tuple(actions), tuple(states))


@st.composite
def games(
    draw: st.DrawFn,
    finished: bool | None = None,
    form: HookForm | None = None,
    scorings: Sequence[str] = SCORINGS,
) -> Game:
    """A game played with seeded random legal actions: finished, stopped after a
    drawn number of actions, or either (``finished=None``)."""
    table = draw(tables(form, scorings))
    seed = draw(st.integers(0, 2**32 - 1))
    zero_bias = draw(st.sampled_from((0.0, 0.5, 0.9)))
    if finished is None:
        finished = draw(st.booleans())
    limit = None if finished else draw(st.integers(0, 300))
    return play_game(table, seed, zero_bias, limit)


def round_logs(game: Game) -> list[RoundLog]:
    """The rounds of ``game`` that have been dealt, in order."""
    logs: list[RoundLog] = []
    dealt: GameState | None = None
    moves: list[tuple[GameState, Action]] = []
    for before, action, after in game.steps():
        if isinstance(action, Deal):
            dealt, moves = after, []
            continue
        assert dealt is not None
        moves.append((before, action))
        if len(after.history) > len(before.history):
            logs.append(RoundLog(dealt, tuple(moves), after.history[-1]))
            dealt = None
    if dealt is not None:
        logs.append(RoundLog(dealt, tuple(moves), None))
    return logs


def results(game: Game) -> tuple[RoundResult, ...]:
    return game.final.history


def initial_hands(dealt: GameState) -> list[set[Card]]:
    return [set(hand) for hand in dealt.round.hands]


def played_by_seat(state: GameState) -> list[list[Card]]:
    """Cards each seat has played so far in the current round."""
    rnd = state.round
    out: list[list[Card]] = [[] for _ in range(rnd.setup.players)]
    for play in [p for trick in rnd.tricks for p in trick.plays] + list(rnd.trick):
        out[play.seat].append(play.card)
    return out


# --- independent reference rulings ----------------------------------------------------


def reference_winner(
    plays: Sequence[Play],
    trump: Suit | None,
    order: RankOrder = RankOrder.ACE_HIGH,
    precedence: Sequence[Suit] | None = None,
) -> int:
    """The §1.8 comparator: the largest key wins."""
    led = plays[0].card.suit

    def key(card: Card) -> tuple[int, int]:
        if precedence is not None:
            return (4 - list(precedence).index(card.suit), rank_value(card.rank, order))
        cls = 2 if card.suit is trump else 1 if card.suit is led else 0
        # A37 option: under ACES_LOW_PLAIN the ace stays high in trumps.
        in_trumps = card.suit is trump and order is RankOrder.ACES_LOW_PLAIN
        return (cls, rank_value(card.rank, RankOrder.ACE_HIGH if in_trumps else order))

    return max(plays, key=lambda play: key(play.card)).seat


def reference_points(family: str, bid: int | None, tricks: int) -> int:
    """§1.9 per player per deal."""
    if family == "F1":
        return 10 + 2 * tricks if tricks == bid else 0
    if family == "F2":
        return tricks + (10 if tricks == bid else 0)
    assert family == "F3"
    return 10 + 5 * tricks if tricks == bid else 0


def reference_dealer_bids(opts: Options, hand_size: int, others: int) -> set[int]:
    """§1.7 with A2 (gt_exact), A3 (gt_infeasible) and A4 (hook_min_hand_size)."""
    h = hand_size
    every = set(range(h + 1))
    if not opts.hook_applies(h):
        return every
    if opts.hook == "gt":
        need = max(0, h + 1 - others)
        if need <= h:
            return {need} if opts.gt_exact else set(range(need, h + 1))
        if opts.gt_infeasible == "allow_bid_h_plus_1":
            return {h + 1}
    return every - {h - others}


def won_counts(players: int, winners: Sequence[int]) -> list[int]:
    counts = Counter(winners)
    return [counts[seat] for seat in range(players)]
