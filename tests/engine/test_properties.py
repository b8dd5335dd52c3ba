"""Hypothesis properties for the normal-round invariants of RULES.md §4.

Each test is named after the invariant it checks and quotes its wording. Most
draw a whole or partial game: a table (3-7 players, a schedule with N·h <= 52,
hook and scoring options, a first dealer) played with seeded random legal
actions, every state kept. Trick and scoring rulings are also checked
directly against the plain reference implementations below.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pyclag
from pyclag import (
    CHANCE,
    DECK,
    NORMAL,
    Action,
    Bid,
    Card,
    Deal,
    GameState,
    Phase,
    Play,
    Rank,
    RoundResult,
    RoundRules,
    Suit,
)
from pyclag.errors import IllegalBidError, Reason, RulesError, WrongPhaseError
from pyclag.playout import play_out
from pyclag.rules import RankOrder
from pyclag.scoring import SCHEMES
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


# --- dealing and card conservation ------------------------------------------------------


@given(games())
def test_invariant_01_the_pack_is_52_distinct_cards(game: Game) -> None:
    """1. The pack is 52 distinct cards: 13 ranks × 4 suits."""
    assert len(DECK) == 52
    assert {(card.suit, card.rank) for card in DECK} == {(s, r) for s in Suit for r in Rank}
    assert all(Card(card.suit, card.rank) is card for card in DECK)
    for action in game.actions:
        if isinstance(action, Deal):
            # Every shuffled pack is a permutation of the 52 cards.
            assert len(action.deck) == 52
            assert set(action.deck) == set(DECK)


@given(games())
def test_invariant_02_every_hand_has_h_cards_after_the_deal(game: Game) -> None:
    """2. After dealing, each of the N hands has exactly h cards."""
    for log in round_logs(game):
        rnd = log.dealt.round
        assert len(rnd.hands) == game.table.players
        assert [len(hand) for hand in rnd.hands] == [rnd.hand_size] * game.table.players
        assert rnd.hand_size == game.table.schedule[rnd.setup.index]


@given(games())
def test_invariant_03_hands_turnup_and_stock_partition_the_pack(game: Game) -> None:
    """3. The hands, the turn-up card (0 or 1) and the stock are pairwise disjoint,
    and together they are all 52 cards: N·h + turnup + |stock| = 52."""
    n = game.table.players
    for log in round_logs(game):
        setup = log.dealt.round.setup
        h, deck, turnup = setup.hand_size, setup.deck, setup.turnup
        assert deck is not None
        hands = initial_hands(log.dealt)
        dealt = set().union(*hands)
        assert sum(map(len, hands)) == len(dealt) == n * h  # pairwise disjoint
        assert dealt == set(deck[: n * h])  # dealt from the top (§1.4)
        # §1.5: the next card is turned up; with none left there is no turn-up (A30).
        if n * h < 52:
            assert turnup is deck[n * h]
            assert setup.round_rules is not None and setup.round_rules.trump is turnup.suit
        else:
            assert turnup is None
            assert setup.round_rules is not None and setup.round_rules.trump is None
        shown = [] if turnup is None else [turnup]
        stock = deck[n * h + len(shown) :]
        assert turnup not in dealt and not dealt & set(stock)
        assert n * h + len(shown) + len(stock) == 52
        assert dealt | set(shown) | set(stock) == set(DECK)


@given(st.sampled_from(((4, 13), (13, 4), (26, 2), (52, 1))), st.integers(0, 2**32 - 1))
def test_invariant_03_a_whole_pack_deal_turns_no_card_or_is_rejected(
    shape: tuple[int, int], seed: int
) -> None:
    """3. (edge) When N·h = 52 the turn-up count is 0 (§1.5, A30); with
    no_turnup="reject" such a schedule is refused at the start."""
    players, h = shape
    rules = NORMAL.with_schedule([h]).with_options(min_players=2, max_players=52)
    state = pyclag.deal(pyclag.new_game(rules, players=players), rng=random.Random(seed))
    assert state.round.turnup is None and state.round.trump is None
    assert sum(len(hand) for hand in state.round.hands) == 52
    with pytest.raises(RulesError):
        pyclag.new_game(rules.with_options(no_turnup="reject"), players=players)


@given(games())
def test_invariant_05_the_turnup_is_never_in_a_hand_and_never_played(game: Game) -> None:
    """5. The turn-up card is never in any hand and is never played."""
    for state in game.states:
        turnup = state.round.turnup
        if turnup is not None:
            assert all(turnup not in hand for hand in state.round.hands)
            assert all(turnup not in cards for cards in played_by_seat(state))
    for result in results(game):
        turnup = result.setup.turnup
        assert turnup is None or all(
            play.card is not turnup for trick in result.tricks for play in trick.plays
        )


# --- schedule and rotation -----------------------------------------------------------------


@given(games())
def test_invariant_10_the_deal_passes_one_seat_left_each_round(game: Game) -> None:
    """10. dealer[k+1] == (dealer[k] + 1) % N."""
    n, first = game.table.players, game.table.first_dealer
    dealers = [result.setup.dealer for result in results(game)]
    if not pyclag.is_over(game.final):
        dealers.append(game.final.round.dealer)
    assert dealers[0] == first
    for k in range(len(dealers) - 1):
        assert dealers[k + 1] == (dealers[k] + 1) % n
    assert [r.setup.index for r in results(game)] == list(range(len(results(game))))


@given(games())
def test_invariant_11_eldest_is_left_of_dealer_bids_first_and_leads_trick_one(
    game: Game,
) -> None:
    """11. The eldest of each deal is (dealer+1) % N. It bids first and leads trick 1."""
    n = game.table.players
    for log in round_logs(game):
        setup = log.dealt.round.setup
        assert setup.eldest == (setup.dealer + 1) % n
        assert pyclag.next_actor(log.dealt) == setup.eldest
        bids = [action for _, action in log.moves if isinstance(action, Bid)]
        plays = [action for _, action in log.moves if isinstance(action, Play)]
        if bids:
            assert bids[0].seat == setup.eldest
        if plays:
            assert plays[0].seat == setup.eldest
        if log.result is not None:
            assert log.result.tricks[0].leader == setup.eldest


# --- bidding ------------------------------------------------------------------------------


@given(games())
def test_invariant_12_every_bid_is_an_integer_from_0_to_h(game: Game) -> None:
    """12. Every bid is an integer in 0..h. (The one exception is the A3 option
    allow_bid_h_plus_1, where the dealer bids h+1 when the others bid 0 in all.)"""
    opts = game.table.options
    for log in round_logs(game):
        setup = log.dealt.round.setup
        h = setup.hand_size
        for before, action in log.moves:
            if not isinstance(action, Bid):
                continue
            assert type(action.tricks) is int
            others = sum(b for b in before.round.bids if b is not None)
            exception = (
                action.seat == setup.dealer
                and opts.hook == "gt"
                and opts.gt_infeasible == "allow_bid_h_plus_1"
                and opts.hook_applies(h)
                and others == 0
            )
            assert 0 <= action.tricks <= h or (exception and action.tricks == h + 1)
        if log.result is not None:
            assert all(type(b) is int for b in log.result.bids)


@given(games())
def test_invariant_12_bids_outside_0_to_h_are_refused(game: Game) -> None:
    """12. Every bid is an integer in 0..h: any other bid is refused, as out of
    range (unless it is the dealer's legal h+1 under allow_bid_h_plus_1), or as
    not an integer."""
    for state in game.states:
        rnd = state.round
        if rnd.phase is not Phase.BID:
            continue
        h, seat = rnd.hand_size, rnd.to_act
        legal = pyclag.legal_bids(state)
        for tricks in (-1, h + 1, h + 7):
            if tricks in legal:
                continue
            with pytest.raises(IllegalBidError) as info:
                pyclag.bid(state, tricks)
            reason = info.value.reason
            assert reason is Reason.BID_OUT_OF_RANGE, f"seat {seat} bid {tricks}: {info.value}"
            assert info.value.legal == legal
        bad: Any
        for bad in (True, 1.0, "1"):
            with pytest.raises(IllegalBidError) as info:
                pyclag.bid(state, bad)
            assert info.value.reason is Reason.NOT_AN_INTEGER


@given(games())
def test_invariant_13_bids_go_from_eldest_to_dealer_once_each(game: Game) -> None:
    """13. Bids are made in order eldest → … → dealer; exactly N bids in bidding deals."""
    n = game.table.players
    for log in round_logs(game):
        setup = log.dealt.round.setup
        kinds = [type(action) for _, action in log.moves]
        bids = [action.seat for _, action in log.moves if isinstance(action, Bid)]
        assert bids == list(setup.bidding_order[: len(bids)])
        assert setup.bidding_order == tuple((setup.dealer + 1 + i) % n for i in range(n))
        assert setup.bidding_order[-1] == setup.dealer
        if Play in kinds:  # every bid comes before the first play
            assert kinds[:n] == [Bid] * n and Bid not in kinds[n:]
        if log.result is not None:
            assert len(bids) == n
            assert all(b is not None for b in log.result.bids)


@pytest.mark.parametrize("form", HOOK_FORMS, ids=form_id)
@given(st.data())
def test_invariant_14_the_hook_constrains_the_total_of_bids(
    form: HookForm, data: st.DataObject
) -> None:
    """14. NE form: sum(bids) != h. GT form: sum(bids) > h, unless the fallback was
    used, which happens only when the other players' bids total 0; then sum(bids) != h."""
    game = data.draw(games(form=form), label="game")
    opts = game.table.options
    for result in results(game):
        h, dealer = result.hand_size, result.setup.dealer
        bids = [b for b in result.bids if b is not None]
        total, others = sum(bids), sum(bids) - bids[dealer]
        if not opts.hook_applies(h):
            continue
        if opts.hook == "ne":
            assert total != h
        elif others > 0:
            assert total > h
            if opts.gt_exact:
                assert total == max(h + 1, others)
        elif opts.gt_infeasible == "fallback_ne":
            assert total != h
        else:
            assert bids[dealer] == h + 1
    # The dealer's legal set is exactly the one §1.7 describes.
    for state in game.states:
        rnd = state.round
        if rnd.phase is Phase.BID and rnd.to_act == rnd.dealer:
            others = sum(b for b in rnd.bids if b is not None)
            expected = reference_dealer_bids(opts, rnd.hand_size, others)
            assert set(pyclag.legal_bids(state)) == expected


@dataclass(frozen=True)
class DealerTurn:
    """A one-round game at the dealer's bid, after drawn bids by the others."""

    options: Options
    state: GameState
    others: tuple[int, ...]


@st.composite
def dealer_turns(draw: st.DrawFn, form: HookForm | None = None) -> DealerTurn:
    players = draw(st.integers(3, 7))
    h = draw(st.integers(1, 52 // players))
    opts = draw(options(form))
    table = Table(players, draw(st.integers(0, players - 1)), (h,), opts)
    state = pyclag.deal(table.new_game(), rng=random.Random(draw(st.integers(0, 2**32 - 1))))
    # All zeros half of the time: the GT hook's infeasible case.
    others = draw(
        st.one_of(
            st.just((0,) * (players - 1)),
            st.lists(st.integers(0, h), min_size=players - 1, max_size=players - 1).map(tuple),
        )
    )
    for tricks in others:
        assert pyclag.legal_bids(state) == tuple(range(h + 1))
        state = pyclag.bid(state, tricks)
    return DealerTurn(opts, state, others)


@pytest.mark.parametrize("form", HOOK_FORMS, ids=form_id)
@given(st.data())
def test_invariant_14_dealer_bids_follow_the_hook_form(form: HookForm, data: st.DataObject) -> None:
    """14. NE form: sum(bids) != h. GT form: sum(bids) > h, unless the fallback was
    used, which happens only when the other players' bids total 0; then sum(bids) != h."""
    turn = data.draw(dealer_turns(form), label="turn")
    rnd, opts = turn.state.round, turn.options
    h, others = rnd.hand_size, sum(turn.others)
    legal = pyclag.legal_bids(turn.state)
    assert set(legal) == reference_dealer_bids(opts, h, others)
    if not opts.hook_applies(h):
        return
    for tricks in legal:
        total = others + tricks
        if opts.hook == "ne" or (others == 0 and opts.gt_infeasible == "fallback_ne"):
            assert total != h
        else:
            assert total > h
    for tricks in set(range(h + 1)) - set(legal):
        with pytest.raises(IllegalBidError) as info:
            pyclag.bid(turn.state, tricks)
        assert info.value.reason is Reason.DEALER_RESTRICTION


@pytest.mark.parametrize("form", HOOK_FORMS, ids=form_id)
@given(st.data())
def test_invariant_15_legal_bids_are_never_empty(form: HookForm, data: st.DataObject) -> None:
    """15. The legal-bid generator is never empty for any bidder, the dealer
    included, under every hook setting."""
    turn = data.draw(dealer_turns(form), label="turn")
    legal = pyclag.legal_bids(turn.state)
    assert legal
    assert pyclag.legal_actions(turn.state) == tuple(Bid(turn.state.round.dealer, b) for b in legal)
    # Each legal bid is accepted and ends the bidding.
    for tricks in legal:
        assert pyclag.phase(pyclag.bid(turn.state, tricks)) is Phase.PLAY


@given(games())
def test_invariant_16_only_the_dealer_is_restricted(game: Game) -> None:
    """16. Only the dealer's legal set is ever restricted."""
    for state in game.states:
        rnd = state.round
        if rnd.phase is Phase.BID and rnd.to_act != rnd.dealer:
            assert pyclag.legal_bids(state) == tuple(range(rnd.hand_size + 1))


# --- play ----------------------------------------------------------------------------------


@given(games())
def test_invariant_19_h_tricks_of_n_cards_in_clockwise_order(game: Game) -> None:
    """19. Exactly h tricks are played. Each contains exactly N cards, one from
    each player, in clockwise order starting with the leader."""
    n = game.table.players
    for result in results(game):
        assert len(result.tricks) == result.hand_size
        for trick in result.tricks:
            seats = [play.seat for play in trick.plays]
            assert seats == [(trick.leader + i) % n for i in range(n)]
    for state in game.states:  # a trick in progress is a clockwise prefix
        rnd = state.round
        seats = [play.seat for play in rnd.trick]
        assert len(seats) < n
        assert seats == [(rnd.leader + i) % n for i in range(len(seats))]
        assert len(rnd.tricks) <= rnd.hand_size


@given(games())
def test_invariant_20_trick_winner_leads_the_next_trick(game: Game) -> None:
    """20. The leader of trick 1 is the eldest; the leader of trick k+1 is the
    winner of trick k."""
    for state in game.states:
        rnd = state.round
        if rnd.phase is Phase.PLAY:
            tricks = rnd.tricks
            expected = tricks[-1].winner if tricks else rnd.setup.eldest
            assert rnd.leader == expected
            if not rnd.trick:
                assert rnd.to_act == expected
    for result in results(game):
        tricks = result.tricks
        assert tricks[0].leader == result.setup.eldest
        for earlier, later in itertools.pairwise(tricks):
            assert later.leader == earlier.winner


@given(games())
def test_invariant_21_hands_empty_and_played_cards_equal_the_dealt_hands(game: Game) -> None:
    """21. After the deal every hand is empty, and the multiset of played cards
    equals the union of the initial hands."""
    logs = round_logs(game)
    for log in logs:
        dealt = initial_hands(log.dealt)
        if log.result is not None:
            played: list[list[Card]] = [[] for _ in dealt]
            for trick in log.result.tricks:
                for play in trick.plays:
                    played[play.seat].append(play.card)
            for seat, cards in enumerate(played):
                assert len(cards) == len(set(cards)) and set(cards) == dealt[seat]
    # Mid-round: what is held plus what was played is the dealt hand.
    if logs and logs[-1].result is None:
        state, dealt = game.final, initial_hands(logs[-1].dealt)
        for seat, cards in enumerate(played_by_seat(state)):
            held = set(state.round.hands[seat])
            assert not held & set(cards) and held | set(cards) == dealt[seat]
    if pyclag.is_over(game.final):
        assert all(mask == 0 for mask in game.final.round.masks)


@st.composite
def tricks(draw: st.DrawFn) -> tuple[Play, ...]:
    """A trick of 3-7 distinct cards, seats clockwise from a drawn leader."""
    n = draw(st.integers(3, 7))
    # Drawing from few suits makes following, ruffing and discarding all common.
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=4, unique=True))
    pool = [card for card in DECK if card.suit in suits]
    cards = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))
    leader = draw(st.integers(0, n - 1))
    return tuple(Play((leader + i) % n, card) for i, card in enumerate(cards))


@given(tricks(), st.one_of(st.none(), st.sampled_from(list(Suit))), st.sampled_from(RankOrder))
def test_invariant_24_trick_winner_follows_the_comparator(
    plays: tuple[Play, ...], trump: Suit | None, order: RankOrder
) -> None:
    """24. Trick winner: trumps beat non-trumps; otherwise the led suit beats
    others; within a class, rank order applies (ace high, ACES_LOW, or Nuloss
    reversed). The winner must be a player who played to the trick."""
    rules = RoundRules(trump=trump, scoring=SCHEMES["F1"], rank_order=order)
    winner = pyclag.trick_winner(plays, rules)
    assert winner == reference_winner(plays, trump, order)
    assert winner in {play.seat for play in plays}
    card = next(play.card for play in plays if play.seat == winner)
    if any(play.card.suit is trump for play in plays):
        assert card.suit is trump
    else:
        assert card.suit is plays[0].card.suit


@given(games())
def test_invariant_24_recorded_trick_winners_follow_the_comparator(game: Game) -> None:
    """24. Trick winner: trumps beat non-trumps; otherwise the led suit beats
    others; within a class, rank order applies. The winner must be a player who
    played to the trick."""
    for result in results(game):
        rules = result.setup.round_rules
        assert rules is not None
        trump = None if result.setup.turnup is None else result.setup.turnup.suit
        for trick in result.tricks:
            assert trick.winner == reference_winner(trick.plays, trump)
            assert trick.winner == pyclag.trick_winner(trick.plays, rules)


@given(tricks(), st.one_of(st.none(), st.sampled_from(list(Suit))), st.booleans(), st.data())
def test_invariant_26_nuloss_lower_natural_rank_wins_within_a_suit(
    plays: tuple[Play, ...], trump: Suit | None, with_precedence: bool, data: st.DataObject
) -> None:
    """26. Nuloss: for two cards of the same suit, the lower natural rank wins."""
    precedence = (
        tuple(data.draw(st.permutations(list(Suit)), label="precedence"))
        if with_precedence
        else None
    )
    rules = RoundRules(
        trump=None if precedence else trump,
        scoring=SCHEMES["F1"],
        rank_order=RankOrder.TWO_HIGH,
        precedence=precedence,
    )
    winner = pyclag.trick_winner(plays, rules)
    assert winner == reference_winner(plays, rules.trump, RankOrder.TWO_HIGH, precedence)
    card = next(play.card for play in plays if play.seat == winner)
    for play in plays:
        if play.card.suit is card.suit and play.seat != winner:
            assert card.rank.value < play.card.rank.value
    # Pairwise: of two cards of one suit, led by either, the lower natural rank wins.
    for a in plays:
        for b in plays:
            if a.card.suit is b.card.suit and a.card.rank.value < b.card.rank.value:
                pair = (Play(0, a.card), Play(1, b.card))
                assert pyclag.trick_winner(pair, rules) == 0
                assert pyclag.trick_winner(pair[::-1], rules) == 0


@given(games())
def test_invariant_28_tricks_won_sum_to_h(game: Game) -> None:
    """28. sum(tricks_won) == h and every tricks_won[i] >= 0."""
    n = game.table.players
    for result in results(game):
        won = result.tricks_won
        assert len(won) == n and all(t >= 0 for t in won)
        assert sum(won) == result.hand_size
        assert list(won) == won_counts(n, result.trick_winners)
    rnd = game.final.round
    assert sum(rnd.tricks_won) == len(rnd.tricks) and min(rnd.tricks_won) >= 0


# --- scoring -------------------------------------------------------------------------------


@given(games())
def test_invariant_29_round_points_follow_the_scoring_formula(game: Game) -> None:
    """29. Each deal score equals the preset formula applied to (bid, tricks). The
    running total equals the sum of the deal scores."""
    family, n = game.table.options.scoring, game.table.players
    running = [0] * n
    for result in results(game):
        won = won_counts(n, result.trick_winners)
        expected = tuple(
            reference_points(family, b, t) for b, t in zip(result.bids, won, strict=True)
        )
        assert result.points == expected
        assert result.setup.round_rules is not None
        assert (
            pyclag.score_round(result.setup.round_rules, result.bids, result.trick_winners)
            == expected
        )
        assert result.made == tuple(b == t for b, t in zip(result.bids, won, strict=True))
        running = [total + p for total, p in zip(running, result.points, strict=True)]
        assert result.totals == tuple(running)
    assert game.final.scores == tuple(running)


@st.composite
def scored_rounds(draw: st.DrawFn) -> tuple[str, int, tuple[int, ...], tuple[int, ...]]:
    """A scoring family, a hand size, bids by seat and trick winners."""
    n = draw(st.integers(3, 7))
    h = draw(st.integers(1, 52 // n))
    bids = draw(st.lists(st.integers(0, h + 1), min_size=n, max_size=n))
    winners = draw(st.lists(st.integers(0, n - 1), min_size=h, max_size=h))
    return draw(st.sampled_from(SCORINGS)), h, tuple(bids), tuple(winners)


@given(scored_rounds(), st.one_of(st.none(), st.sampled_from(list(Suit))))
def test_invariant_29_score_round_matches_the_formula(
    scored: tuple[str, int, tuple[int, ...], tuple[int, ...]], trump: Suit | None
) -> None:
    """29. Each deal score equals the preset formula applied to (bid, tricks)."""
    family, _, bids, winners = scored
    rules = RoundRules(trump=trump, scoring=SCHEMES[family])
    won = won_counts(len(bids), winners)
    expected = tuple(reference_points(family, b, t) for b, t in zip(bids, won, strict=True))
    assert pyclag.score_round(rules, bids, winners) == expected


@pytest.mark.parametrize("form", HOOKED, ids=form_id)
@given(st.data())
def test_invariant_30_the_hook_leaves_at_least_one_missed_contract(
    form: HookForm, data: st.DataObject
) -> None:
    """30. Hook consequence: in any deal with the NE or GT hook, at least one
    player misses their bid, so the number of exact contracts is <= N-1."""
    game = data.draw(games(form=form), label="game")
    n, opts = game.table.players, game.table.options
    for result in results(game):
        if not opts.hook_applies(result.hand_size):
            continue
        won = result.tricks_won
        missed = [seat for seat in range(n) if result.bids[seat] != won[seat]]
        assert missed
        assert sum(result.made) <= n - 1


@given(
    st.integers(3, 7),
    st.integers(1, 7),
    st.sampled_from(("fallback_ne", "allow_bid_h_plus_1")),
    st.booleans(),
    st.integers(0, 2**32 - 1),
)
def test_invariant_30_gt_fallback_leaves_at_least_one_missed_contract(
    players: int, h: int, infeasible: str, exact: bool, seed: int
) -> None:
    """30. Hook consequence: at least one player misses their bid, also when the
    others bid 0 in all and the GT hook cannot be met (A3)."""
    rules = NORMAL.with_schedule([h]).with_options(
        hook="gt", gt_infeasible=infeasible, gt_exact=exact
    )
    rng = random.Random(seed)
    state = pyclag.deal(pyclag.new_game(rules, players=players), rng=rng)
    for _ in range(players - 1):
        state = pyclag.bid(state, 0)
    legal = pyclag.legal_bids(state)
    assert legal == ((h + 1,) if infeasible == "allow_bid_h_plus_1" else tuple(range(h)))
    state = play_out(pyclag.bid(state, rng.choice(legal)), rng)
    (result,) = state.history
    assert not all(result.made)
    assert sum(result.made) <= players - 1


@given(games(scorings=("F1",)))
def test_invariant_31_f1_scores_are_zero_or_ten_plus_two_per_trick(game: Game) -> None:
    """31. F1 deals: each deal score is in {0} ∪ {10+2t}; 0 <= score <= 10+2h."""
    for result in results(game):
        h = result.hand_size
        for score, t in zip(result.points, result.tricks_won, strict=True):
            assert score in (0, 10 + 2 * t)
            assert 0 <= score <= 10 + 2 * h


@given(games(scorings=("F2",)))
def test_invariant_32_f2_scores_keep_tricks_plus_ten_per_exact_bid(game: Game) -> None:
    """32. F2 deals: t <= score <= t+10. The deal total equals h + 10·(number
    exact), which is at most h + 10(N-1) under a hook."""
    n, opts = game.table.players, game.table.options
    for result in results(game):
        h = result.hand_size
        for score, t in zip(result.points, result.tricks_won, strict=True):
            assert t <= score <= t + 10
        exact = sum(b == t for b, t in zip(result.bids, result.tricks_won, strict=True))
        assert sum(result.points) == h + 10 * exact
        if opts.hook_applies(h):
            assert sum(result.points) <= h + 10 * (n - 1)


@given(games(scorings=("F3",)))
def test_invariant_33_f3_scores_are_zero_or_ten_plus_five_per_trick(game: Game) -> None:
    """33. F3 deals: score is in {0} ∪ {10+5t}."""
    for result in results(game):
        for score, t in zip(result.points, result.tricks_won, strict=True):
            assert score in (0, 10 + 5 * t)


# --- game level ----------------------------------------------------------------------------


@given(games())
def test_invariant_39_winners_have_the_top_total_after_the_tie_break(game: Game) -> None:
    """39. The game ends after the last scheduled deal. The winner set = players
    with maximal total, reduced by the preset tie-break (most contracts made;
    then shared)."""
    state, n = game.final, game.table.players
    if not pyclag.is_over(state):
        assert len(state.history) < len(game.table.schedule)
        with pytest.raises(WrongPhaseError):
            pyclag.winners(state)
        return
    assert len(state.history) == len(game.table.schedule)
    assert pyclag.next_actor(state) is None and pyclag.phase(state) is Phase.GAME_OVER
    totals = [sum(r.points[seat] for r in state.history) for seat in range(n)]
    won = [won_counts(n, r.trick_winners) for r in state.history]
    contracts = [
        sum(r.bids[seat] == w[seat] for r, w in zip(state.history, won, strict=True))
        for seat in range(n)
    ]
    best = max(totals)
    leaders = [seat for seat in range(n) if totals[seat] == best]
    if game.table.options.tie_break == "contracts_then_shared":
        most = max(contracts[seat] for seat in leaders)
        leaders = [seat for seat in leaders if contracts[seat] == most]
    assert list(pyclag.winners(state)) == leaders


@given(games())
def test_invariant_41_same_seed_and_actions_give_the_same_game(game: Game) -> None:
    """41. Determinism: the same seed and the same action sequence give an
    identical history."""
    table = game.table
    limit = None if pyclag.is_over(game.final) else len(game.actions)
    again = play_game(table, game.seed, game.zero_bias, limit)
    assert again.actions == game.actions and again.states == game.states
    # Replaying the recorded actions, through apply and through the named
    # functions, rebuilds every state.
    via_apply = via_functions = table.new_game()
    for action, expected in zip(game.actions, game.states[1:], strict=True):
        via_apply = pyclag.apply(via_apply, action)
        if isinstance(action, Deal):
            via_functions = pyclag.deal(via_functions, deck=action.deck)
        elif isinstance(action, Bid):
            via_functions = pyclag.bid(via_functions, action.tricks)
        else:
            assert isinstance(action, Play)
            via_functions = pyclag.play(via_functions, action.card)
        assert via_apply == expected and via_functions == expected
    assert via_apply.history == game.final.history
    # A seeded shuffle is the same through deal(rng=) and sample_chance.
    start = table.new_game()
    dealt = pyclag.deal(start, rng=random.Random(game.seed))
    assert dealt == pyclag.apply(start, pyclag.sample_chance(start, random.Random(game.seed)))
    assert play_out(start, random.Random(game.seed)) == play_out(start, random.Random(game.seed))
