"""pyclag's ISMCTS bot (issue 33 items 2 and 4): legal on every preset's deals
and the RAF calls, deterministic from its seed, and blind to what its seat
may not see. Its strength is measured in the arena (pyclag.openspiel.arena),
never here."""

from __future__ import annotations

import random

import pytest

import pyclag
from pyclag.bots import Bot, HeuristicBot, play_game
from pyclag.bots.ismcts import ISMCTSBot
from tests.helpers import Watcher


@pytest.mark.parametrize("preset", pyclag.presets.names())
def test_ismcts_bot_plays_every_presets_special_deals_legally(preset: str) -> None:
    """issue 33 item 4: every deal type of every preset, through the engine's legal actions."""
    rules = pyclag.presets.get(preset)
    if preset == "raf":
        rules = pyclag.presets.get("raf", num_deals=3)
    watchers = [
        Watcher(ISMCTSBot(simulations=12, seed=seat) if seat % 2 == 0 else HeuristicBot())
        for seat in range(4)
    ]
    end = play_game(pyclag.new_game(rules, 4), watchers, random.Random(5))
    assert pyclag.is_over(end)
    for seat in (0, 2):
        seen = watchers[seat].seen
        assert seen and all(view.seat == seat and view.to_act == seat for view in seen)


def test_ismcts_bot_makes_the_raf_call_and_chooses_the_hand_size() -> None:
    """issue 33 item 4: the RAF call and the hand size, each a legal choice."""
    rules = pyclag.presets.get("raf", num_deals=4)
    watchers = [Watcher(ISMCTSBot(simulations=12, seed=seat)) for seat in range(4)]
    end = play_game(pyclag.new_game(rules, 4), watchers, random.Random(2))
    assert pyclag.is_over(end)
    kinds = {type(view.legal[0]).__name__ for watcher in watchers for view in watcher.seen}
    assert {"Call", "ChooseHandSize", "Bid", "Play"} <= kinds


def test_ismcts_bot_is_deterministic_from_its_seed() -> None:
    """issue 33 item 2: the same seed and game, the same choices; another seed may differ."""
    rules = pyclag.presets.get("wikipedia").with_schedule([7, 1, 4])

    def game(seed: int) -> pyclag.GameState:
        bots: list[Bot] = [ISMCTSBot(simulations=60, seed=seed), HeuristicBot()] * 2
        return play_game(pyclag.new_game(rules, 4), bots, random.Random(3))

    assert game(1) == game(1)
    assert len({game(seed).history for seed in range(1, 5)}) > 1


def test_ismcts_bot_sees_only_its_observation() -> None:
    """issue 33 item 2: two deals that look alike to its seat get the same choice."""
    rules = pyclag.NORMAL.with_schedule([5])
    state = pyclag.deal(pyclag.new_game(rules, 4), rng=random.Random(1))
    seat = state.round.to_act
    assert isinstance(seat, int)
    view = pyclag.observe(state, seat)
    other = pyclag.determinize(view, random.Random(9))
    assert other.round.masks != state.round.masks  # the hidden hands differ
    assert pyclag.observe(other, view.seat) == view
    choices = [
        ISMCTSBot(simulations=80, seed=4).choose(pyclag.observe(s, view.seat))
        for s in (state, other)
    ]
    assert choices[0] == choices[1] and choices[0] in view.legal


def test_ismcts_bot_checks_its_settings() -> None:
    """issue 33 item 2: settings refused by name, with what was legal."""
    with pytest.raises(pyclag.RulesError, match="simulations must be an int >= 1, not 0"):
        ISMCTSBot(simulations=0)
    with pytest.raises(pyclag.RulesError, match="uct_c must be a number >= 0, not -1"):
        ISMCTSBot(uct_c=-1)
    with pytest.raises(pyclag.RulesError, match="objective must be one of points, game"):
        ISMCTSBot(objective="wins")
    with pytest.raises(pyclag.RulesError, match="worlds must be an int >= 1, not 0"):
        ISMCTSBot(worlds=0)


@pytest.mark.parametrize(
    ("settings", "error", "message"),
    [
        ({"simulations": "100"}, TypeError, "simulations must be an int >= 1, not str"),
        ({"simulations": 2.0}, TypeError, "simulations must be an int >= 1, not float"),
        ({"uct_c": "2"}, TypeError, "uct_c must be a number >= 0, not str"),
        ({"uct_c": float("nan")}, pyclag.RulesError, "uct_c must be a number >= 0, not nan"),
        ({"private": "no"}, TypeError, "private must be a bool, not str"),
        ({"fit": 1.5}, pyclag.RulesError, "fit must be None or an int >= 0, not 1.5"),
        ({"seconds": 0}, pyclag.RulesError, "seconds must be None or a number > 0, not 0"),
        ({"seconds": float("nan")}, pyclag.RulesError, "seconds must be None or a number > 0"),
        ({"seconds": True}, TypeError, "seconds must be None or a number > 0, not bool"),
        ({"seconds": "1"}, TypeError, "seconds must be None or a number > 0, not str"),
        ({"rollout": "greedy"}, pyclag.RulesError, "rollout must be one of bid, random"),
        ({"loose": -1}, pyclag.RulesError, "loose must be None or an int >= 0, not -1"),
    ],
)
def test_ismcts_bot_refuses_settings_of_the_wrong_type_or_value(
    settings: dict[str, object], error: type[Exception], message: str
) -> None:
    """The errors policy: a setting of the wrong type is a TypeError, a value
    out of range a RulesError, as PIMCBot's settings are (one set of checks)."""
    with pytest.raises(error, match=message):
        ISMCTSBot(**settings)  # type: ignore[arg-type]


def test_ismcts_bot_takes_numpy_integers_as_ints() -> None:
    np = pytest.importorskip("numpy")
    bot = ISMCTSBot(simulations=np.int64(30), worlds=np.int32(4))
    assert (bot.simulations, bot.worlds) == (30, 4) and type(bot.simulations) is int


@pytest.mark.parametrize(
    "settings",
    [
        {"rollout": "random", "loose": None},
        {"rollout": "bid", "loose": None},
        {"rollout": "random", "loose": 0},
        {"rollout": "bid", "loose": None, "fit": 1},
    ],
)
def test_ismcts_bot_plays_with_each_rollout_and_reading(settings: dict[str, object]) -> None:
    """Each playout and each reading of the bids plays whole deals legally,
    replays alike from its seed, and says its settings in its repr."""
    rules = pyclag.NORMAL.with_schedule([5, 3])

    def game() -> pyclag.GameState:
        bots: list[Bot] = [ISMCTSBot(simulations=40, seed=2, **settings), HeuristicBot()] * 2  # type: ignore[arg-type]
        return play_game(pyclag.new_game(rules, 4), bots, random.Random(6))

    assert pyclag.is_over(game()) and game() == game()
    text = repr(ISMCTSBot(**settings))  # type: ignore[arg-type]
    if "fit" in settings:  # fit reads the bids exactly, whatever loose says
        assert ISMCTSBot(fit=1, loose=1).fitted.loose is None
    assert f"rollout={settings['rollout']!r}" in text and f"loose={settings['loose']}" in text
