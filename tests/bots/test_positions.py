"""The heuristic and PIMC bots in positions real Oh Hell players report, and
small seeded margins (strength itself is measured by examples/bot_strength.py)."""

from __future__ import annotations

import random
import statistics

import pytest

import pyclag
from pyclag.bots import HeuristicBot, SearchBot, play_game
from pyclag.bots.names import Search, bot_names, make_bots
from pyclag.bots.odds import card_chances, win_chance
from pyclag.bots.pimc import PIMCBot
from pyclag.engine import play_out
from pyclag.rules.round import RoundRules
from pyclag.scoring.schemes import F1
from tests.helpers import bid_all, dealt


def _card(state: pyclag.GameState, seat: int) -> str:
    """The card the heuristic bot at ``seat`` plays."""
    action = HeuristicBot().choose(pyclag.observe(state, seat))
    assert isinstance(action, pyclag.Play)
    return str(action.card)


def test_a_side_ace_loses_only_to_an_opponent_void_in_its_suit() -> None:
    # §1.8: an opponent holding a spade must follow, so a trump beats AS only from a void.
    rules = RoundRules(pyclag.Suit.HEARTS, F1)
    ace = pyclag.Card.parse("AS")
    unseen = (1 << 52) - 1 - ace.mask
    chance = win_chance(ace, pyclag.Suit.SPADES, rules, [(7, unseen)] * 3)
    assert 0.6 < chance < 0.9
    # An opponent shown void in spades that may hold only trumps ruffs for sure.
    trumps = sum(card.mask for card in pyclag.DECK if card.suit is pyclag.Suit.HEARTS)
    assert win_chance(ace, pyclag.Suit.SPADES, rules, [(1, trumps)]) == 0.0


def test_the_hooked_dealer_holding_the_ace_of_trumps_does_not_bid_0() -> None:
    # Seat 0 deals and holds AH 2C 3D under hearts (turn-up 5H). The others bid 1, 1, 0,
    # so it may not bid 1 (§1.7); the ace is a sure trick, so 0 cannot be made: it bids 2.
    state = dealt(pyclag.NORMAL.with_schedule([3]), 4, "KS KD KC AH QS QD QC 2C JS JD JC 3D 5H")
    state = bid_all(state, [1, 1, 0])
    view = pyclag.observe(state, 0)
    assert view.hand == pyclag.Hand.parse("AH 2C 3D")
    assert pyclag.Bid(0, 1) not in view.legal
    assert HeuristicBot().choose(view) == pyclag.Bid(0, 2)


def test_when_every_trick_is_needed_it_leads_the_top_trump_first() -> None:
    # Seat 1 holds AS AH under spades and bid 2 of 2: it draws trumps with AS before
    # cashing AH, which a void opponent could ruff.
    state = dealt(pyclag.NORMAL.with_schedule([2]), 4, "AS KH 4D 6C AH 3S 5D 7C 2S")
    state = bid_all(state, [2, 0, 0, 1])
    assert _card(state, 1) == "AS"


def test_it_discards_and_waits_rather_than_trump_in_when_its_ace_makes_the_bid() -> None:
    # Seat 2 holds AS 3S 4D under spades and bid 1; hearts are led and it is void. The
    # ace of trumps makes its bid later: ruffing with 3S risks a trick too many.
    pack = "KH AS 5C 8C QH 3S 6C 9C JH 4D 7C TC 2S"
    state = bid_all(dealt(pyclag.NORMAL.with_schedule([3]), 4, pack), [1, 1, 0, 0])
    state = pyclag.play(state, pyclag.Card.parse("KH"))
    assert _card(state, 2) == "4D"


def test_the_2_card_deal_holding_two_trumps() -> None:
    # Seat 1 holds KS QS under spades in a 2-card deal: only AS beats either, and QS is
    # beaten only by an opponent holding AS and another spade: it bids 2.
    state = dealt(pyclag.NORMAL.with_schedule([2]), 4, "KS 4H 4D 6C QS 3H 5D 7C 2S")
    view = pyclag.observe(state, 1)
    assert view.hand is not None and view.round_rules is not None
    assert [round(c, 2) for c in card_chances(view, view.hand, view.round_rules)] == [
        0.98,
        0.88,
    ]  # QS, KS
    assert HeuristicBot().choose(view) == pyclag.Bid(1, 2)


def test_once_its_bid_is_made_it_leads_low_and_sheds_winners() -> None:
    # Seat 1 bid 0 and holds AC KD 3H (spades trumps): it leads 3H, its likeliest loser.
    state = dealt(pyclag.NORMAL.with_schedule([3]), 4, "AC 5S 6S 7S KD 8S 9S TS 3H JS QS KS 2S")
    state = bid_all(state, [0, 3, 0, 1])
    assert _card(state, 1) == "3H"


def _bids_and_contracts(deals: int, hand: int) -> tuple[float, float]:
    rules = pyclag.NORMAL.with_schedule([hand])
    totals: list[int] = []
    made: list[bool] = []
    for deal in range(deals):
        end = play_game(
            pyclag.new_game(rules, 4, deal % 4), [HeuristicBot()] * 4, random.Random(deal)
        )
        result = end.history[0]
        totals.append(sum(bid or 0 for bid in result.bids))
        made += [bid == won for bid, won in zip(result.bids, result.tricks_won, strict=True)]
    return statistics.fmean(totals), statistics.fmean(made)


def test_heuristic_bids_near_the_tricks_there_are_and_makes_many_contracts() -> None:
    # The 0.1 bot bid about 1.3 in all per 7-card deal and made 24% of its contracts.
    total, made = _bids_and_contracts(40, 7)
    assert 5.5 < total < 8.5, total
    assert made > 0.4, made


@pytest.mark.parametrize("preset", ["raf", "pagat", "scottish"])
def test_pimc_bot_plays_special_deals_legally_and_deterministically(preset: str) -> None:
    if preset == "raf":
        rules = pyclag.presets.get("raf", num_deals=2)
    else:  # misère and Guess Trumps (pagat), misère and Guess (Scottish)
        rules = pyclag.presets.get(preset)
        rules = rules.with_schedule(rules.schedule[8:10])
    games = [
        play_game(
            pyclag.new_game(rules, 4),
            [PIMCBot(worlds=2, seed=5), HeuristicBot(), PIMCBot(worlds=2, seed=6), HeuristicBot()],
            random.Random(3),
        )
        for _ in range(2)
    ]
    assert pyclag.is_over(games[0]) and games[0] == games[1]


def test_named_bots_and_their_settings() -> None:
    table = make_bots(bot_names("pimc,heuristic"), range(4), seed=2, settings=Search(worlds=3))
    assert [type(bot).__name__ for bot in table] == ["PIMCBot", "HeuristicBot"] * 2
    with pytest.raises(pyclag.ClagError, match="--pimc-worlds"):
        make_bots(["pimc"], [0], seed=2, settings=Search(worlds=0))
    with pytest.raises(pyclag.ClagError, match="--pimc-objective takes points, game; not 'wins'"):
        make_bots(["pimc"], [0], seed=2, settings=Search(objective="wins"))
    (bot,) = make_bots(["pimc"], [0], seed=2, settings=Search(objective="game"))
    assert isinstance(bot, PIMCBot) and bot.objective == "game"


def test_issue_33_item_3_search_names_the_default_search_bot() -> None:
    """``search`` seats :data:`pyclag.bots.SearchBot` with the table's objective and time
    budget, seeded from the game's seed and its seat; its refusals are the command line's."""
    table = make_bots(bot_names("Search,heuristic"), range(4), seed=2, settings=Search())
    assert [type(bot).__name__ for bot in table] == ["ISMCTSBot", "HeuristicBot"] * 2
    first, third = table[0], table[2]
    assert isinstance(first, SearchBot) and isinstance(third, SearchBot)
    assert first.objective == "game" and first.seconds is None
    assert first.rng.random() == SearchBot(seed="2:0").rng.random() != third.rng.random()
    (timed,) = make_bots(["search"], [1], 3, Search(seconds=0.5, objective="points"))
    assert isinstance(timed, SearchBot) and (timed.seconds, timed.objective) == (0.5, "points")
    with pytest.raises(pyclag.ClagError, match="--pimc-objective takes points, game; not 'wins'"):
        make_bots(["search"], [0], seed=2, settings=Search(objective="wins"))


def test_pimc_bot_random_policy_scores_each_world_as_a_random_playout() -> None:
    # The random policy rolls out with pyclag.rollouts: the same points as the
    # step engine's random playout of the deal (play_out), world by world.
    rules = pyclag.NORMAL.with_schedule([5])
    state = pyclag.deal(pyclag.new_game(rules, 4), rng=random.Random(8))
    bot = PIMCBot(worlds=3, policy="random", seed=1)
    after = pyclag.apply(state, pyclag.legal_actions(state)[0])
    ours = bot._points(after, random.Random(4), 0)
    end = play_out(after, random.Random(4), rounds=1)
    assert ours == end.history[0].points
    choices = [
        PIMCBot(worlds=3, policy="random", seed=1).choose(pyclag.observe(state, 1)) for _ in "ab"
    ]
    assert choices[0] == choices[1] and pyclag.is_legal(state, choices[0])
