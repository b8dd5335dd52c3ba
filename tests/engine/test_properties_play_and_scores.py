"""Hypothesis properties for the normal-round invariants of RULES.md §4: play, scoring and the
game level (invariants 19-41).

Each test is named after the invariant it checks and quotes its wording. Most
draw a whole or partial game: a table (3-7 players, a schedule with N·h <= 52,
hook and scoring options, a first dealer) played with seeded random legal
actions, every state kept (:mod:`tests.engine.normal_games`). Trick and scoring
rulings are also checked directly against the plain reference implementations
there.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pyclag
from pyclag import (
    DECK,
    NORMAL,
    Bid,
    Card,
    Deal,
    Phase,
    Play,
    RoundRules,
    Suit,
)
from pyclag.errors import WrongPhaseError
from pyclag.rules import RankOrder
from pyclag.scoring import SCHEMES
from tests.engine.normal_games import (
    HOOKED,
    SCORINGS,
    Game,
    HookForm,
    form_id,
    games,
    initial_hands,
    play_game,
    played_by_seat,
    reference_points,
    reference_winner,
    results,
    round_logs,
    won_counts,
)
from tests.helpers import play_checked

# --- play ----------------------------------------------------------------------------------


@given(games())
def test_inv19_h_tricks_of_n_cards_in_clockwise_order(game: Game) -> None:
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
def test_inv20_trick_winner_leads_the_next_trick(game: Game) -> None:
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
def test_inv21_hands_empty_and_played_cards_equal_the_dealt_hands(game: Game) -> None:
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
def test_inv24_trick_winner_follows_the_comparator(
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
def test_inv24_recorded_trick_winners_follow_the_comparator(game: Game) -> None:
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
def test_inv26_nuloss_lower_natural_rank_wins_within_a_suit(
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
def test_inv28_tricks_won_sum_to_h(game: Game) -> None:
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
def test_inv29_round_points_follow_the_scoring_formula(game: Game) -> None:
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
def test_inv29_score_round_matches_the_formula(
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
def test_inv30_the_hook_leaves_at_least_one_missed_contract(
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
def test_inv30_gt_fallback_leaves_at_least_one_missed_contract(
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
    state = play_checked(pyclag.bid(state, rng.choice(legal)), rng)
    (result,) = state.history
    assert not all(result.made)
    assert sum(result.made) <= players - 1


@given(games(scorings=("F1",)))
def test_inv31_f1_scores_are_zero_or_ten_plus_two_per_trick(game: Game) -> None:
    """31. F1 deals: each deal score is in {0} ∪ {10+2t}; 0 <= score <= 10+2h."""
    for result in results(game):
        h = result.hand_size
        for score, t in zip(result.points, result.tricks_won, strict=True):
            assert score in (0, 10 + 2 * t)
            assert 0 <= score <= 10 + 2 * h


@given(games(scorings=("F2",)))
def test_inv32_f2_scores_keep_tricks_plus_ten_per_exact_bid(game: Game) -> None:
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
def test_inv33_f3_scores_are_zero_or_ten_plus_five_per_trick(game: Game) -> None:
    """33. F3 deals: score is in {0} ∪ {10+5t}."""
    for result in results(game):
        for score, t in zip(result.points, result.tricks_won, strict=True):
            assert score in (0, 10 + 5 * t)


# --- game level ----------------------------------------------------------------------------


@given(games())
def test_inv39_winners_have_the_top_total_after_the_tie_break(game: Game) -> None:
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
def test_inv41_same_seed_and_actions_give_the_same_game(game: Game) -> None:
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
    assert play_checked(start, random.Random(game.seed)) == play_checked(
        start, random.Random(game.seed)
    )
