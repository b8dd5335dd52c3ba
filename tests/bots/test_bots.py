"""Bots: they choose from their observation alone, always legally, and
the heuristic bot beats the random one."""

from __future__ import annotations

import random
import statistics

import pytest

import pyclag
from pyclag.bots import Bot, HeuristicBot, RandomBot, play_game
from tests.helpers import Watcher, dealt


@pytest.mark.parametrize("preset", pyclag.presets.names())
def test_every_bot_choice_is_legal_and_made_from_its_own_observation(preset: str) -> None:
    rules = pyclag.presets.get(preset)
    watchers = [
        Watcher(HeuristicBot() if seat % 2 else RandomBot(random.Random(seat))) for seat in range(4)
    ]
    end = play_game(pyclag.new_game(rules, 4), watchers, random.Random(5))
    assert pyclag.is_over(end)
    for seat, watcher in enumerate(watchers):
        assert watcher.seen
        assert all(view.seat == seat and view.to_act == seat for view in watcher.seen)


def test_heuristic_bot_is_deterministic_and_random_bot_follows_its_seed() -> None:
    rules = pyclag.presets.get("wikipedia")
    games = [
        play_game(
            pyclag.new_game(rules, 4),
            [
                HeuristicBot(),
                RandomBot(random.Random(3)),
                HeuristicBot(),
                RandomBot(random.Random(4)),
            ],
            random.Random(8),
        )
        for _ in range(2)
    ]
    assert games[0] == games[1]


def _margin(preset: str, games: int) -> tuple[float, float]:
    """Mean final scores of heuristic and random bots, seated alternately."""
    scores: dict[bool, list[int]] = {True: [], False: []}
    for game in range(games):
        bots: list[Bot] = [
            HeuristicBot() if (seat + game) % 2 == 0 else RandomBot(random.Random(game * 10 + seat))
            for seat in range(4)
        ]
        end = play_game(
            pyclag.new_game(pyclag.presets.get(preset), 4, game % 4), bots, random.Random(game)
        )
        for seat, bot in enumerate(bots):
            scores[isinstance(bot, HeuristicBot)].append(end.scores[seat])
    return statistics.fmean(scores[True]), statistics.fmean(scores[False])


@pytest.mark.parametrize("preset", pyclag.presets.names())
def test_heuristic_bot_beats_random_bot_by_a_clear_margin(preset: str) -> None:
    # 30 seeded games each, to keep the suite fast.
    heuristic, rand = _margin(preset, 30)
    assert heuristic > 1.4 * rand + 5, (heuristic, rand)


def test_heuristic_bot_bids_its_sure_tricks_and_ducks_when_it_needs_none() -> None:
    # Dealt singly from the dealer's left (§1.4), seat 1 gets AS KS QS; 2S turns: spades
    # are trumps, so its three tricks are sure and it bids 3 (§1.6).
    state = dealt(pyclag.NORMAL.with_schedule([3]), 3, "AS 2H 3H KS 4H 5H QS 6H 7H 2S")
    view = pyclag.observe(state, 1)
    assert view.hand == pyclag.Hand.parse("AS KS QS") and view.trump is pyclag.Suit.SPADES
    assert HeuristicBot().choose(view) == pyclag.Bid(1, 3)
    # Seat 2 holds 2H 4H 6H under spade trumps: no sure trick, so it bids 0.
    state = pyclag.bid(state, 3)
    assert HeuristicBot().choose(pyclag.observe(state, 2)) == pyclag.Bid(2, 0)
    # Seat 0 (3H 5H 7H) may not bid 0 (3 + 0 + 0 = 3 cards): it bids 1, the nearest legal bid.
    state = pyclag.bid(state, 0)
    assert HeuristicBot().choose(pyclag.observe(state, 0)) == pyclag.Bid(0, 1)
    state = pyclag.bid(state, 1)
    # Seat 1 leads its strongest card to win; seat 2, needing nothing, ducks under it with 6H.
    assert HeuristicBot().choose(pyclag.observe(state, 1)) == pyclag.Play(
        1, pyclag.Card.parse("AS")
    )
    state = pyclag.play(state, pyclag.Card.parse("KS"))
    assert HeuristicBot().choose(pyclag.observe(state, 2)) == pyclag.Play(
        2, pyclag.Card.parse("6H")
    )
    # Seat 0 needs a trick but cannot beat a trump: it throws its weakest card.
    state = pyclag.play(state, pyclag.Card.parse("6H"))
    assert HeuristicBot().choose(pyclag.observe(state, 0)) == pyclag.Play(
        0, pyclag.Card.parse("3H")
    )


def test_bots_refuse_to_choose_out_of_turn_and_bad_tables() -> None:
    state = pyclag.new_game(pyclag.NORMAL, 3)
    with pytest.raises(pyclag.WrongPhaseError, match="nothing to choose"):
        HeuristicBot().choose(pyclag.observe(state, 0))
    with pytest.raises(TypeError, match="observation must be an Observation"):
        RandomBot().choose("view")  # type: ignore[arg-type]
    with pytest.raises(pyclag.RulesError, match="3 players need 3 bots"):
        play_game(state, [HeuristicBot()], random.Random(1))


def test_heuristic_bot_takes_every_players_decision_of_the_table() -> None:
    # One game of each shape that meets a players' row: hand size and call (RAF),
    # bids before the deal (pagat's Blind, A32), a trump declaration, the draw (A25).
    games = [
        pyclag.presets.get("raf", num_deals=4),
        pyclag.presets.get("pagat"),
        pyclag.NORMAL.with_schedule([pyclag.rules.catalogue.dealer_calls(5)] * 4),
        pyclag.presets.get("scottish", scottish_draw_each_round=True),
    ]
    met: set[pyclag.Phase] = set()
    for rules in games:
        watchers = [Watcher(HeuristicBot()) for _ in range(4)]
        end = play_game(pyclag.new_game(rules, 4), watchers, random.Random(3))
        assert pyclag.is_over(end)
        met |= {view.phase for watcher in watchers for view in watcher.seen}
    players_rows = {row.phase for row in pyclag.engine.decisions.DECISIONS if not row.chance}
    assert met == players_rows
