"""Determinization can place the unseen cards of a small endgame in every consistent way, and
no hidden card reaches an observation.

:func:`pyclag.observe` shows one seat exactly what it may know at one moment
(RULES.md §2.0, Appendix B steps 4-7 and its test hooks, invariants 6 and 18):
its own hand unless it lies face down unseen, the hand sizes, the turn-up only
once it is shown, every bid, card, declaration and call made, the results, and
its legal actions. :func:`pyclag.determinize` goes back to a full state that
the seat cannot tell from the real one.

The games are played as :mod:`tests.views.games` describes; what a seat may see
is written out there from the rules, not read from the engine.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TypeAlias

import pytest
from hypothesis import given, settings

import pyclag
from pyclag import (
    DECK,
    Card,
    Deal,
    Phase,
    Rank,
    RoundSpec,
    RuleSet,
    determinize,
    observe,
)
from pyclag._values import replace
from pyclag.errors import IllegalActionError
from pyclag.rules.deals import TwosWild
from tests.views.games import (
    PRESETS,
    TABLES,
    Game,
    Memo,
    Moment,
    check_nothing_hidden,
    moments,
    play,
    played,
    shown_voids,
)

# --- 4. every consistent placement of a small endgame can occur ------------------------------


@dataclass(frozen=True)
class Endgame:
    rules: RuleSet
    game: Game
    seat: int

    @property
    def others(self) -> tuple[int, ...]:
        return tuple(s for s in range(4) if s != self.seat)


Placement: TypeAlias = tuple[frozenset[Card], ...]


def splits(cards: Sequence[Card], sizes: Sequence[int]) -> Iterator[Placement]:
    """Every way to deal ``cards`` into hands of ``sizes``."""
    if not sizes:
        yield ()
        return
    for first in itertools.combinations(cards, sizes[0]):
        rest = [card for card in cards if card not in first]
        for tail in splits(rest, sizes[1:]):
            yield (frozenset(first), *tail)


def consistent_placements(endgame: Endgame) -> set[Placement]:
    """By brute force: every placement of the cards the seat has not seen, in
    hands of the right sizes, from which the engine accepts every action
    taken so far (so the voids come from the rules, not from pyclag.views)."""
    game, seat = endgame.game, endgame.seat
    state = game.states[-1]
    rnd = state.round
    view = observe(state, seat)
    assert view.hand is not None
    mine = frozenset(view.hand)
    gone: list[list[Card]] = [[] for _ in range(4)]
    for done in (*(t.plays for t in rnd.tricks), rnd.trick):
        for p in done:
            gone[p.seat].append(p.card)
    unseen = [card for card in DECK if card not in mine | played(rnd.tricks, rnd.trick)]
    found = set()
    for placement in splits(unseen, [view.hand_sizes[s] for s in endgame.others]):
        hands = dict(zip(endgame.others, placement, strict=True)) | {seat: mine}
        deck: list[Card | None] = [None] * 52
        for s in range(4):
            deck[(s - rnd.setup.dealer - 1) % 4 :: 4] = gone[s] + sorted(hands[s], key=str)
        again = pyclag.new_game(endgame.rules, players=4)
        try:
            again = pyclag.apply(again, Deal(tuple(c for c in deck if c is not None)))
            for action in game.actions[1:]:
                again = pyclag.apply(again, action)
        except IllegalActionError:
            continue
        assert observe(again, seat) == view
        found.add(placement)
    return found


def find_endgame(spec: RoundSpec) -> tuple[Endgame, set[Placement]]:
    """A 13-card round for four (the whole pack dealt, no stock) played to its
    last two tricks, seen by a seat for which another seat has shown a void
    that rules placements out (and, with wild twos, a two is still unseen and
    one was declared out of the suit led)."""
    rules = pyclag.NORMAL.with_schedule([spec])
    for seed in range(500):
        game = play(rules, 4, seed, stop=1 + 4 + 4 * 11)  # the deal, the bids, 11 tricks
        rnd = game.states[-1].round
        for seat in range(4):
            endgame = Endgame(rules, game, seat)
            voids = [s for s, _ in shown_voids(spec, rnd.tricks, rnd.trick) if s != seat]
            if not voids:
                continue
            if spec.twos is not None:
                gone = played(rnd.tricks, rnd.trick) | set(rnd.hands[seat])
                if all(c in gone for c in DECK if c.rank is Rank.TWO):
                    continue
                if not any(
                    p.as_card is not None
                    and p.seat != seat
                    and p.as_card.suit is not t.plays[0].effective.suit
                    for t in rnd.tricks
                    for p in t.plays[1:]
                ):
                    continue
            placements = consistent_placements(endgame)
            sizes = [len(rnd.hands[s]) for s in endgame.others]
            every = math.factorial(sum(sizes)) // math.prod(map(math.factorial, sizes))
            if 4 < len(placements) < every:
                return endgame, placements
    raise AssertionError("no endgame with a telling void in 500 deals")


@pytest.mark.parametrize(
    "spec",
    [
        pytest.param(RoundSpec(13), id="normal"),
        pytest.param(RoundSpec(13, twos=TwosWild()), id="twos-wild"),
        pytest.param(
            RoundSpec(
                13,
                twos=TwosWild(
                    natural_suit=True, may_lead=False, any_identity=False, wild_trumps=False
                ),
            ),
            id="twos-wild-options",
        ),
    ],
)
def test_every_consistent_placement_of_a_small_endgame_can_occur(spec: RoundSpec) -> None:
    """Required: "across many samples every consistent placement of a
    small endgame can occur" -- and nothing else does: the placements drawn
    are exactly the consistent ones."""
    endgame, placements = find_endgame(spec)
    view = observe(endgame.game.states[-1], endgame.seat)
    rng = random.Random(2024)
    drawn = set()
    for sample in range(2000):
        guess = determinize(view, rng)
        if sample < 20:
            assert observe(guess, endgame.seat) == view
        drawn.add(tuple(frozenset(guess.round.hands[s]) for s in endgame.others))
    assert drawn == placements


# --- 5. no hidden card reaches an observation -----------------------------------------------------


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_no_hidden_card_reaches_an_observation(name: str, players: int) -> None:
    """Required: "no hidden card reaches an observation in any preset": every card
    in an observation is the seat's own (while it may look at them), played,
    or a turn-up that was shown; the pack never appears."""
    game = play(PRESETS[name], players, seed=players, first_dealer=players - 1)
    memo: Memo = {}
    last: tuple[int, Phase] | None = None
    for at, state in enumerate(game.states):
        moment = (state.round.setup.index, state.round.phase)
        if moment == last and at % 5:  # every change of phase, and every fifth state
            continue
        last = moment
        for seat in range(players):
            check_nothing_hidden(state, seat, memo)


@settings(max_examples=60)
@given(moments())
def test_observe_shows_the_table(moment: Moment) -> None:
    """Required: the observation holds every bid made, every card played
    and by whom, wild-two declarations, tricks won, scores, the rule set, the
    dealer, the caller and the call, whose turn it is and the hand sizes; the
    finished rounds and the round's setup as they were, less the pack."""
    state = moment.state
    rnd = state.round
    for seat in range(state.players):
        view = observe(state, seat)
        assert view.seat == seat
        assert view.rules == state.rules
        assert view.phase is pyclag.phase(state)
        assert view.to_act == pyclag.next_actor(state)
        assert view.bids == rnd.bids
        assert view.trick == rnd.trick
        assert view.tricks == rnd.tricks
        assert view.tricks_won == rnd.tricks_won
        assert view.hand_sizes == tuple(len(hand) for hand in rnd.hands)
        assert view.scores == state.scores
        assert view.players == state.players
        assert view.first_dealer == state.first_dealer
        assert (view.dealer, view.caller, view.call) == (
            rnd.dealer,
            rnd.setup.caller,
            rnd.setup.call,
        )
        assert view.setup == replace(rnd.setup, deck=None)
        assert view.history == tuple(
            replace(result, setup=replace(result.setup, deck=None)) for result in state.history
        )
