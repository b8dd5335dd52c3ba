"""The arena (issue 33 item 1: "an arena in the project"): pyclag's bots against
OpenSpiel's C++ ISMCTS on native ``oh_hell``, the deals mirrored, pyclag's state
kept in step with OpenSpiel's. Nothing here measures a speed or a strength."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from pyclag import codec  # noqa: E402
from pyclag.actions import PlayerAction  # noqa: E402
from pyclag.bots import HeuristicBot, RandomBot  # noqa: E402
from pyclag.cards import Card  # noqa: E402
from pyclag.engine import apply, is_over, next_actor  # noqa: E402
from pyclag.engine.state import Phase  # noqa: E402
from pyclag.errors import ClagError, RulesError  # noqa: E402
from pyclag.openspiel import arena  # noqa: E402
from pyclag.views import Observation  # noqa: E402


class Recorder:
    """The heuristic bot, noting the hand and turn-up it sees when it bids."""

    seen: list[tuple[int, frozenset[int], int]]

    def __init__(self, seen: list[tuple[int, frozenset[int], int]]) -> None:
        self.seen = seen
        self.inner = HeuristicBot()

    def choose(self, observation: Observation) -> PlayerAction:
        hand, turnup = observation.hand, observation.setup.turnup
        assert hand is not None and isinstance(turnup, Card)
        if observation.phase is Phase.BID:
            ids = frozenset(codec.card_id(card) for card in hand)
            self.seen.append((observation.seat, ids, codec.card_id(turnup)))
        return self.inner.choose(observation)


def test_issue_33_item_1_mirrored_deals_are_the_same_deals() -> None:
    """Both games of a paired deal deal every seat the same hand and turn the
    same trump card, the hands of the seeded stream."""
    seen: list[tuple[int, frozenset[int], int]] = []

    def recorded(seat: int) -> Recorder:
        return Recorder(seen)

    result = arena.match(recorded, recorded, deals=3, seed=11)
    stream = arena.deals(3, seed=11)
    assert len(seen) == 3 * 2 * arena.PLAYERS
    for number, dealt in enumerate(stream):
        games = seen[number * 8 : number * 8 + 4], seen[number * 8 + 4 : number * 8 + 8]
        for game in games:
            assert {seat: hand for seat, hand, _ in game} == {
                seat: dealt.hand(seat) for seat in range(arena.PLAYERS)
            }
            assert {turnup for _, _, turnup in game} == {dealt.cards[-1]}
    assert len({dealt.cards for dealt in stream}) == 3  # three different deals
    # The same bot on both sides plays each game of a pair alike: no margin at all.
    assert result.margins == (0.0, 0.0, 0.0)


def _walk(dealt: arena.Dealt, rng: random.Random) -> int:
    """Play ``dealt`` at random in both engines, checking them at every step;
    the number of decisions."""
    ours, theirs = arena.pyclag_state(dealt), arena.openspiel_state(dealt)
    steps = 0
    while not theirs.is_terminal():
        assert next_actor(ours) == theirs.current_player()
        legal = theirs.legal_actions()
        assert sorted(codec.legal_ids(ours)) == legal
        action = rng.choice(legal)
        theirs.apply_action(action)
        ours = apply(ours, codec.action_of(ours, action))
        steps += 1
    assert is_over(ours)
    assert ours.scores == tuple(round(value) for value in theirs.returns())
    return steps


@pytest.mark.parametrize("tricks", [1, 2, 7, 12])
def test_issue_33_item_1_pyclag_stays_in_step_with_oh_hell(tricks: int) -> None:
    """The same seat to act and the same legal ids at every decision, the same
    points at the end, under :func:`arena.rules` at any hand size (random
    play reaches the dealer's restricted bid and every way to follow suit)."""
    rng = random.Random(tricks)
    for dealt in arena.deals(25, seed=f"step{tricks}", tricks=tricks):
        assert _walk(dealt, rng) == arena.PLAYERS * (tricks + 1)


def test_issue_33_item_1_the_table_stops_when_the_engines_disagree() -> None:
    """The arena's own checks bite: pyclag without the dealer's restriction
    offers a bid oh_hell refuses, and F1 scoring scores a deal differently."""
    unhooked = arena.rules().with_options(hook="none")
    with pytest.raises(RulesError, match="choose from"):
        arena.match("random", "random", deals=5, seed=1, ruleset=unhooked)
    with pytest.raises(RulesError, match="oh_hell scores"):
        arena.match(
            "heuristic",
            "heuristic",
            deals=5,
            seed=1,
            ruleset=arena.rules().with_options(scoring="F1"),
        )


def test_issue_33_item_1_margin_and_standard_error_by_hand() -> None:
    """A paired deal's margin: the bot's points over its four seat-games less
    the opponent's, over four; the match's margin their mean, its standard
    error the sample deviation over the root of the count."""
    # Bot at seats 0 and 2, then 1 and 3: 10 + 11 + 12 + 13 = 46 to 1 + 2 + 0 + 3 = 6.
    assert arena.paired_margin((10, 1, 11, 2), (0, 12, 3, 13)) == 10.0
    assert arena.paired_margin((0, 12, 3, 13), (10, 1, 11, 2)) == -10.0
    mean, stderr = arena.mean_stderr([10.0, -2.0, 4.0])
    assert mean == 4.0
    assert stderr == pytest.approx(math.sqrt((36 + 36 + 0) / 2) / math.sqrt(3))
    assert math.isnan(arena.mean_stderr([1.0])[1])
    result = arena.Result("a", "b", 3, (10.0, -2.0, 4.0), 9.0, 5.0, 0.1, 2.0, 1.0)
    assert (result.margin, result.stderr) == (mean, stderr)
    assert result.line().startswith("a vs b: +4.00 (se 3.46) points a deal over 3 deals")


def test_issue_33_item_1_match_margin_is_its_deals_paired() -> None:
    """The match's margins are the paired margins of its deals, played again
    seat by seat with the same (deterministic) bots."""
    first = type("First", (), {"choose": lambda self, view: view.legal[0]})

    result = arena.match(lambda seat: HeuristicBot(), lambda seat: first(), deals=3, seed=7)
    assert result.bot == "<lambda>"
    expected = []
    for dealt in arena.deals(3, seed=7):
        games = [
            arena.play_deal(
                dealt,
                [
                    arena.Pyclag(HeuristicBot() if seat % 2 == side else first())
                    for seat in range(4)
                ],
            ).points
            for side in (0, 1)
        ]
        expected.append(arena.paired_margin(*games))
    assert result.margins == tuple(expected)
    assert result.bot_points - result.opponent_points == pytest.approx(result.margin)


def test_issue_33_item_1_smoke_two_deals_against_cpp_ismcts() -> None:
    """Two paired deals against OpenSpiel's C++ ISMCTS at a few simulations:
    a margin, its error, both sides' points and times (never judged)."""
    result = arena.match("heuristic", "ismcts:8", deals=2, seed=3)
    assert (result.bot, result.opponent, result.deals, len(result.margins)) == (
        "heuristic",
        "ismcts:8",
        2,
        2,
    )
    assert math.isfinite(result.margin) and math.isfinite(result.stderr)
    assert result.bot_points - result.opponent_points == pytest.approx(result.margin)
    assert result.bot_ms > 0 and result.opponent_ms > 0
    # pyclag's bots replay from the seed (ISMCTS does not: ties go by hash order).
    again = [arena.match("random", "heuristic", deals=2, seed=3).margins for _ in range(2)]
    assert again[0] == again[1]


def test_issue_33_item_1_sides_by_name() -> None:
    """Names are checked: ``ismcts:N`` or ``fair-ismcts:N``, either bare, or a pyclag bot."""
    made: Any = arena.opponent_of("ismcts", seed=1)(0)
    assert isinstance(made, arena.Ismcts) and made.simulations == arena.ISMCTS_SIMULATIONS
    made = arena.opponent_of(" Fair-ISMCTS:30 ", seed=1)(3)
    assert isinstance(made, arena.FairIsmcts) and made.simulations == 30
    pimc: Any = arena.opponent_of("PIMC", seed=1)(2)
    assert type(pimc.bot).__name__ == "PIMCBot" and pimc.bot.objective == "points"
    made = arena.opponent_of("random", seed=1)(1)
    assert isinstance(made, arena.Pyclag) and isinstance(made.bot, RandomBot)
    for bad in ("ismcts:x", "ismcts:1", "clever", "ismcts:", "ismcts:-5", "fair-ismcts:1", "fair"):
        with pytest.raises(ClagError, match="an arena side is"):
            arena.opponent_of(bad, seed=1)
    with pytest.raises(ClagError, match="deals must be"):
        arena.match("heuristic", "heuristic", deals=0, seed=1)
    with pytest.raises(ClagError, match=r"tricks must be an int in 1\.\.12"):
        arena.match("heuristic", "heuristic", deals=1, seed=1, tricks=13)


def test_issue_33_the_arena_seats_the_search_bot_by_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``search`` seats pyclag's default search bot (the bots page's rows for it),
    playing for the deal's points, each seat seeded from the stream, its side and
    its seat; ``examples/arena.py search ...`` plays it."""
    from pyclag.bots import SearchBot
    from tests.helpers import load_example

    made: Any = arena.opponent_of("Search", seed="1:bot")(2)
    assert isinstance(made.bot, SearchBot) and made.bot.objective == "points"
    assert made.bot.rng.random() == SearchBot(seed="1:bot:2").rng.random()
    example = load_example("arena")
    assert example.main(["search", "random", "--deals", "1", "--seed", "4", "--tricks", "2"]) == 0
    assert "search vs random:" in capsys.readouterr().out
