"""Hypothesis properties for the special-deal and preset invariants of RULES.md §4: dealing,
schedule and bidding (invariants 4, 6, 8, 9, 17 and 18).

Each test is named after the invariant it checks and quotes its wording. Most
draw a table of one of the five presets (a player count in the preset's range,
a first dealer and some of its options) and play a whole game with seeded
random legal actions, every state kept (:mod:`tests.engine.special_games`). The
expectations come from the preset tables of RULES.md §2 written out there, not
from the rule set pyclag builds, so a preset that drifts from the rules fails.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyclag
from pyclag import (
    Bid,
    ChooseHandSize,
    Deal,
    DeclareTrump,
    Phase,
    Suit,
)
from pyclag.errors import WrongPhaseError
from pyclag.rules import NO_TRUMPS, TURN_UP, Precedence
from tests.engine.special_games import PRESETS, TURNUP_KINDS, Kind, games, is_misere, turnup_trump

# --- dealing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=20)
@given(data=st.data())
def test_inv4_at_most_49_cards_are_dealt_so_a_turnup_exists(
    preset: str, data: st.DataObject
) -> None:
    """4. N·h <= 49 in every preset, so |stock| >= 3 and a turn-up card always
    exists when the deal needs one."""
    game = data.draw(games(preset), label="game")
    table, n = game.table, game.table.players
    rules = game.final.rules
    for index in range(rules.num_rounds(n)):
        spec = rules.round_spec(index)
        assert n * max(spec.hand_sizes or (spec.hand_size,)) <= 49
    for state in game.states:
        if pyclag.phase(state) is Phase.CHOOSE_HAND_SIZE:
            assert pyclag.legal_hand_sizes(state) == (3, 4, 5, 6, 7)
    for log in game.rounds():
        setup = log.result.setup
        h, deck = setup.hand_size, setup.deck
        assert deck is not None and len(deck) == 52
        assert n * h <= 49 and len(deck) - n * h >= 3
        if turnup_trump(table, log):
            assert setup.turnup is deck[n * h]
            assert setup.round_rules is not None
            assert setup.round_rules.trump is deck[n * h].suit


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=30)
@given(data=st.data())
def test_inv6_no_turnup_where_the_trump_is_not_turned_up(preset: str, data: st.DataObject) -> None:
    """6. No turn-up card is exposed in deals whose trump is not set by a turn-up:
    NT, MISERE(trumps=False), DEALER_CALLS, and every RAF deal that has a Caller
    (unless raf_trumps_from_turnup is set, and then only for a TRUMPS call).

    Checked in every state of the deal (waiting for the call, the declaration,
    the bids, the play) and in the record."""
    game = data.draw(games(preset), label="game")
    table, n = game.table, game.table.players
    for log in game.rounds():
        kind, call = table.kind(log.index), log.call()
        declared = log.actions(DeclareTrump)
        from_turnup = turnup_trump(table, log)
        if kind is Kind.RAF_CALLED:
            assert call is not None and call.seat == log.result.setup.caller
            assert call.suits is not TURN_UP or table.option("raf_trumps_from_turnup") is True
        else:
            assert call is None and log.result.setup.caller is None
        assert len(declared) == (kind is Kind.DEALER_CALLS)
        for setup in (*(state.round.setup for state in log.states), log.result.setup):
            rules = setup.round_rules
            if setup.deck is None:  # before the deal (RAF hand size, bids before the deal)
                assert setup.turnup is None and rules is None
                continue
            if not from_turnup:
                assert setup.turnup is None, f"{kind}: turn-up {setup.turnup} exposed"
            if rules is None:  # the trump is not known yet: nothing is shown
                assert setup.turnup is None
                continue
            if from_turnup:
                assert setup.turnup is setup.deck[n * setup.hand_size]
                assert rules.trump is setup.turnup.suit and rules.precedence is None
            elif kind is Kind.DEALER_CALLS:
                (declaration,) = declared
                assert isinstance(declaration, DeclareTrump)
                assert rules.trump is declaration.suit and rules.precedence is None
            elif kind is Kind.RAF_CALLED:
                assert call is not None
                if isinstance(call.suits, Precedence):
                    assert rules.trump is None and rules.precedence == call.suits.order
                else:
                    expected = call.suits if isinstance(call.suits, Suit) else None
                    assert call.suits in (*Suit, NO_TRUMPS)
                    assert rules.trump is expected and rules.precedence is None
            else:  # NT and misère without trumps
                assert kind in (Kind.NT, Kind.MISERE, Kind.MISERE_NT)
                assert rules.trump is None and rules.precedence is None
        # The trump is known before any card is played.
        for state in log.states:
            if pyclag.phase(state) is Phase.PLAY:
                assert state.round.setup.round_rules is not None


# --- schedule ----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=15)
@given(data=st.data())
def test_inv8_hand_sizes_follow_the_preset_table(preset: str, data: st.DataObject) -> None:
    """8. The hand sizes per deal equal the preset table exactly (Wikipedia 20/22,
    Scottish 18, Indonesian/Pagat 22). RAF: each h is in 3..7 and equals the
    dealer's choice."""
    game = data.draw(games(preset), label="game")
    table, n = game.table, game.table.players
    sizes = [result.hand_size for result in game.results]
    if table.preset == "raf":
        for log in game.rounds():
            (choice,) = log.actions(ChooseHandSize)
            assert isinstance(choice, ChooseHandSize)
            assert choice.seat == log.result.setup.dealer
            assert 3 <= log.result.hand_size <= 7 and log.result.hand_size == choice.size
    else:
        assert sizes == [h for h, _ in table.schedule()]
        expected: dict[tuple[str, object], int] = {("wikipedia", "six"): 20, ("scottish", None): 18}
        assert len(sizes) == expected.get((table.preset, table.option("phase2")), 22)
    for log in game.rounds():
        h = log.result.hand_size
        for state in log.states:
            rnd = state.round
            if rnd.setup.deck is None:  # not dealt yet
                continue
            played = Counter(p.seat for t in rnd.tricks for p in t.plays)
            played.update(p.seat for p in rnd.trick)
            assert [len(rnd.hands[seat]) + played[seat] for seat in range(n)] == [h] * n


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=12)
@given(data=st.data())
def test_inv9_the_game_has_as_many_deals_as_the_schedule(preset: str, data: st.DataObject) -> None:
    """9. The number of deals played equals the schedule length (RAF: num_deals,
    by default 2·N)."""
    game = data.draw(games(preset), label="game")
    table, state = game.table, game.final
    assert pyclag.is_over(state) and pyclag.phase(state) is Phase.GAME_OVER
    assert pyclag.next_actor(state) is None and pyclag.legal_actions(state) == ()
    assert len(state.history) == table.num_deals()
    assert [r.setup.index for r in state.history] == list(range(table.num_deals()))
    # Every state before the end was in a deal of the schedule.
    assert all(s.round.setup.index < table.num_deals() for s in game.states)


# --- bidding -----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=20)
@given(data=st.data())
def test_inv17_misere_contracts_are_zero(preset: str, data: st.DataObject) -> None:
    """17. In MISERE (and RAF misère calls) every recorded contract is 0."""
    game = data.draw(games(preset), label="game")
    n = game.table.players
    for log in game.rounds():
        if not is_misere(game.table, log):
            # Other deals have real bids, or none at all (most tricks).
            most = game.table.kind(log.index) is Kind.MOST_TRICKS
            assert len(log.actions(Bid)) == (0 if most else n)
            continue
        result = log.result
        assert result.bids == (0,) * n
        assert not log.actions(Bid)  # nobody bids: the zeros are forced
        won = result.tricks_won
        assert result.made == tuple(t == 0 for t in won)
        for state in log.states:
            assert pyclag.phase(state) is not Phase.BID
            if pyclag.phase(state) in (Phase.SHUFFLE, Phase.PLAY):
                assert state.round.bids == (0,) * n
                with pytest.raises(WrongPhaseError):
                    pyclag.legal_bids(state)


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=30)
@given(data=st.data())
def test_inv18_trump_and_own_cards_hidden_while_bidding(preset: str, data: st.DataObject) -> None:
    """18. GUESS: the trump is hidden from all players until the last bid is
    recorded. BLIND_*: no player can see their own hand when bidding. BLIND_NK:
    no trump is visible when bidding.

    Own cards: bids before the deal are made with no card dealt; other blind
    bids are made in a round whose spec says the bidder does not see the hand
    (pyclag has no per-seat view yet)."""
    game = data.draw(games(preset), label="game")
    table, n = game.table, game.table.players
    for log in game.rounds():
        kind = table.kind(log.index)
        setup = log.result.setup
        assert setup.deck is not None
        turnup = setup.deck[n * setup.hand_size]
        hidden = table.trump_hidden_while_bidding(kind)
        bidding = [s for s in log.states if pyclag.phase(s) in (Phase.BID, Phase.BID_BEFORE_DEAL)]
        bids = log.actions(Bid)
        assert len(bidding) == len(bids)
        if is_misere(table, log) or kind is Kind.MOST_TRICKS:
            assert not bidding
            continue
        assert len(bids) == n
        for state in bidding:
            rnd = state.round
            if kind is Kind.BLIND_BEFORE_DEAL:
                assert pyclag.phase(state) is Phase.BID_BEFORE_DEAL
                assert rnd.setup.deck is None and all(mask == 0 for mask in rnd.masks)
                assert rnd.turnup is None and rnd.trump is None
                continue
            assert pyclag.phase(state) is Phase.BID
            sees = rnd.setup.played.bidding.sees_hand
            assert sees is (kind not in (Kind.BLIND_TK, Kind.BLIND_NK, Kind.ROLL))
            if hidden:
                assert rnd.turnup is None and rnd.trump is None
                assert rnd.setup.round_rules is None
            elif kind in TURNUP_KINDS:
                assert rnd.turnup is turnup and rnd.trump is turnup.suit
        if kind is Kind.BLIND_BEFORE_DEAL:  # every bid comes before the deal
            kinds = [type(action) for _, action in log.steps]
            assert kinds[:n] == [Bid] * n and kinds[n] is Deal
        if hidden or kind is Kind.BLIND_BEFORE_DEAL:
            # Revealed once the last bid is recorded: in the first state of play
            # (a Roll 'Em deal plays itself out on the last bid).
            playing = [s for s in log.states if pyclag.phase(s) is Phase.PLAY]
            if kind is not Kind.ROLL:
                assert playing and playing[0].round.turnup is turnup
            assert setup.turnup is turnup and setup.round_rules is not None
