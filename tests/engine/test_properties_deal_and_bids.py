"""Hypothesis properties for the normal-round invariants of RULES.md §4: dealing and card
conservation, schedule and rotation, bidding (invariants 1-16).

Each test is named after the invariant it checks and quotes its wording. Most
draw a whole or partial game: a table (3-7 players, a schedule with N·h <= 52,
hook and scoring options, a first dealer) played with seeded random legal
actions, every state kept (:mod:`tests.engine.normal_games`). Trick and scoring
rulings are also checked directly against the plain reference implementations
there.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

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
    GameState,
    Phase,
    Play,
    Rank,
    Suit,
)
from pyclag.errors import IllegalBidError, Reason, RulesError
from tests.engine.normal_games import (
    HOOK_FORMS,
    Game,
    HookForm,
    Options,
    Table,
    form_id,
    games,
    initial_hands,
    options,
    played_by_seat,
    reference_dealer_bids,
    results,
    round_logs,
)

# --- dealing and card conservation ------------------------------------------------------


@given(games())
def test_inv1_the_pack_is_52_distinct_cards(game: Game) -> None:
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
def test_inv2_every_hand_has_h_cards_after_the_deal(game: Game) -> None:
    """2. After dealing, each of the N hands has exactly h cards."""
    for log in round_logs(game):
        rnd = log.dealt.round
        assert len(rnd.hands) == game.table.players
        assert [len(hand) for hand in rnd.hands] == [rnd.hand_size] * game.table.players
        assert rnd.hand_size == game.table.schedule[rnd.setup.index]


@given(games())
def test_inv3_hands_turnup_and_stock_partition_the_pack(game: Game) -> None:
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
def test_inv3_a_whole_pack_deal_turns_no_card_or_is_rejected(
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
def test_inv5_the_turnup_is_never_in_a_hand_and_never_played(game: Game) -> None:
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
def test_inv10_the_deal_passes_one_seat_left_each_round(game: Game) -> None:
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
def test_inv11_eldest_is_left_of_dealer_bids_first_and_leads_trick_one(
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
def test_inv12_every_bid_is_an_integer_from_0_to_h(game: Game) -> None:
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
def test_inv12_bids_outside_0_to_h_are_refused(game: Game) -> None:
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
def test_inv13_bids_go_from_eldest_to_dealer_once_each(game: Game) -> None:
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
def test_inv14_the_hook_constrains_the_total_of_bids(form: HookForm, data: st.DataObject) -> None:
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
def test_inv14_dealer_bids_follow_the_hook_form(form: HookForm, data: st.DataObject) -> None:
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
def test_inv15_legal_bids_are_never_empty(form: HookForm, data: st.DataObject) -> None:
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
def test_inv16_only_the_dealer_is_restricted(game: Game) -> None:
    """16. Only the dealer's legal set is ever restricted."""
    for state in game.states:
        rnd = state.round
        if rnd.phase is Phase.BID and rnd.to_act != rnd.dealer:
            assert pyclag.legal_bids(state) == tuple(range(rnd.hand_size + 1))
