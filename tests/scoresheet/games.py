"""Games played through the engine, and what a table would enter for them on a score
sheet: the cross-check of :mod:`pyclag.scoresheet` against the engine reads an engine
game's history (each :class:`~pyclag.RoundResult`: its setup, bids, tricks, points and
totals) and enters it, deal by deal, as a table keeping score on paper would."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pyclag
from pyclag import GameState, RuleSet
from pyclag.actions import DeclareTrump
from pyclag.engine import play_out
from pyclag.scoresheet import DealEntry, ScoreSheet

PRESETS = ("wikipedia", "scottish", "raf", "indonesian", "pagat")

VARIANTS: tuple[tuple[str, dict[str, object]], ...] = (
    *((name, {}) for name in PRESETS),
    ("wikipedia", {"phase2": "six"}),
    ("scottish", {"scottish_draw_each_round": True}),
    ("raf", {"first_deal_caller": "eldest", "num_deals": 6}),
    ("raf", {"madness_points_on_miss": True}),
    ("raf", {"caller_rule": "game_leader", "misere_counts_as_contract": False}),
    ("indonesian", {"gt_exact": True, "undescribed_rounds": "normal"}),
    ("pagat", {"scottish_draw_each_round": True, "dealer_calls_allow_nt": True}),
)
"""Every preset, and options that change what a table enters or how it scores."""


def engine_game(rules: RuleSet, players: int, seed: int, first_dealer: int = 0) -> GameState:
    """A whole game of random legal actions from ``seed``."""
    state = pyclag.new_game(rules, players=players, first_dealer=first_dealer)
    return play_out(state, random.Random(seed))


def by_trick(result: pyclag.RoundResult) -> bool:
    """Whether the round's scoring counts which tricks each seat won (RAF madness)."""
    rules = result.setup.round_rules
    return rules is not None and rules.scoring.by_trick


def entries_of(state: GameState, winners: bool = False) -> tuple[DealEntry, ...]:
    """What a table enters for each finished round of ``state``: the draw's winner, the
    RAF hand size and call, the declared trump, the bids in bidding order, then the
    tricks each seat took, or (``winners``, or where the scoring needs it) the winner of
    each trick."""
    entries = []
    for result in state.history:
        setup = result.setup
        order = winners or by_trick(result)
        entries.append(
            DealEntry(
                draw=setup.first_bidder if state.rules.draw_first_bidder else None,
                hand_size=setup.hand_size if setup.spec.hand_sizes else None,
                call=None if setup.call is None else setup.call.choice,
                trump=setup.declared,
                bids=tuple(result.bids[seat] for seat in setup.bidding_order)
                if setup.played.has_bids
                else (),
                tricks=None if order else result.tricks_won,
                trick_winners=result.trick_winners if order else None,
            )
        )
    return tuple(entries)


def entered_step_by_step(sheet: ScoreSheet, entries: tuple[DealEntry, ...]) -> ScoreSheet:
    """``sheet`` with ``entries`` entered one value at a time, through the verbs."""
    for entry in entries:
        if entry.draw is not None:
            sheet = sheet.draw(entry.draw)
        if entry.hand_size is not None:
            sheet = sheet.choose_hand_size(entry.hand_size)
        if entry.call is not None:
            sheet = sheet.call(entry.call)
        if entry.trump is not None:
            sheet = sheet.declare_trump(entry.trump)
        for bid in entry.bids:
            sheet = sheet.bid(bid)
        if entry.trick_winners is not None:
            sheet = sheet.trick_winners(entry.trick_winners)
        else:
            assert entry.tricks is not None
            sheet = sheet.took(entry.tricks)
    return sheet


def assert_agrees(sheet: ScoreSheet, state: GameState) -> None:
    """The sheet scored every deal as the engine scored the round: the same dealer,
    first bidder, RAF caller, rules as played, bids, tricks, points, contracts, totals
    and winners."""
    assert len(sheet.rows) == len(state.history)
    for row, result in zip(sheet.rows, state.history, strict=True):
        deal, setup = row.deal, result.setup
        assert (deal.number, deal.hand_size) == (setup.index + 1, setup.hand_size)
        assert (deal.dealer, deal.setup.first_bidder) == (setup.dealer, setup.first_bidder)
        assert deal.setup.caller == setup.caller
        assert deal.setup.played == setup.played
        assert deal.bids == result.bids
        assert row.tricks_won == result.tricks_won
        assert row.points == result.points
        assert row.made == result.made
        assert row.totals == result.totals
    if pyclag.is_over(state):
        assert sheet.is_over
        assert sheet.winners() == pyclag.winners(state)
        assert sheet.contracts_made == state.contracts_made
    assert sheet.totals == state.scores


def answers(state: GameState, names: tuple[str, ...] | None = None) -> Iterator[str]:
    """The lines a person types at ``pyclag score`` for the game ``state``: the draw's
    winner, hand size, call and trump, each bid, then the tricks taken in seat order (or
    the winner of each trick, by name, where the scoring needs it)."""

    def who(seat: int) -> str:
        return str(seat) if names is None else names[seat]

    for result in state.history:
        setup = result.setup
        if state.rules.draw_first_bidder:
            yield who(setup.first_bidder)
        if setup.spec.hand_sizes:
            yield str(setup.hand_size)
        if setup.call is not None:
            yield str(setup.call.choice)
        if setup.declared is not None:
            yield str(DeclareTrump(setup.dealer, setup.declared))
        if setup.played.has_bids:
            yield from (str(result.bids[seat]) for seat in setup.bidding_order)
        if by_trick(result):
            yield " ".join(who(seat) for seat in result.trick_winners)
        else:
            yield " ".join(map(str, result.tricks_won))
