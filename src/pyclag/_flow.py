"""The flow of a round through its phases (RULES.md Appendix B): entering a
phase, revealing the trump when the round's rules allow, playing face-down
piles, scoring and starting the next round. The engine's transitions end here.
"""

from __future__ import annotations

import functools
import operator
from typing import Final

import attrs

from pyclag.actions import Play
from pyclag.cards import DECK, Card, Suit
from pyclag.rules.calls import FirstCaller, caller_after
from pyclag.rules.deals import Bidding, PlayMode, Reveal
from pyclag.rules.ordering import RankOrder
from pyclag.rules.round import RoundRules, RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.tricks import best_play
from pyclag.rules.trumps import DealerCalls, Precedence, Trumps, TurnUp
from pyclag.scoring.schemes import Scoring, tricks_won
from pyclag.scoring.tally import contracts_kept
from pyclag.state import (
    CHANCE,
    Actor,
    GameState,
    Phase,
    RoundResult,
    RoundSetup,
    RoundState,
    Seat,
    Trick,
    _game_state,
    _round_state,
)

_DEAL, _BID, _PLAY, _ROUND_OVER = Phase.DEAL, Phase.BID, Phase.PLAY, Phase.ROUND_OVER
_HAND, _FORCED_ZERO, _AFTER_BIDS = PlayMode.HAND, Bidding.FORCED_ZERO, Reveal.AFTER_BIDS


def start_round(
    rules: RuleSet,
    players: int,
    index: int,
    dealer: Seat,
    last: tuple[tuple[int, ...], tuple[int, ...], Seat] | None = None,
) -> RoundState:
    """Round ``index`` waiting for its first decision; ``last`` is the previous
    round's points, tricks won and eldest, from which its top scorer calls this
    round if it has a caller (A18)."""
    spec = rules.round_spec(index)
    caller = None
    if spec.calls is not None:
        if last is not None:
            caller = caller_after(*last)
        elif spec.calls.first_caller is FirstCaller.ELDEST:
            caller = (dealer + 1) % players
        else:  # the first deal has no caller: a standard deal (A18)
            spec = _uncalled(spec)
    # Until the RAF dealer chooses, the hand size is 0 (no cards are promised).
    hand_size = 0 if spec.hand_sizes else spec.hand_size
    setup = RoundSetup(index, spec, players, dealer, hand_size, None, None, None, caller)
    return enter(rules, setup, spec.phases[0], (None,) * players, (0,) * players)


@functools.cache
def _uncalled(spec: RoundSpec) -> RoundSpec:
    """A called round that nobody calls is a standard deal."""
    return attrs.evolve(spec, calls=None)


@functools.lru_cache(maxsize=1024)
def after(spec: RoundSpec, done: Phase) -> Phase:
    """The phase of the round that follows ``done``. Phases run in the order
    of their enum (Appendix B); a call or a declaration may have changed which
    of them the round still has, so the next is found by that order."""
    step = _STEP[done]
    return next(phase for phase in spec.phases if _STEP[phase] > step)


_STEP: Final = {phase: number for number, phase in enumerate(Phase)}


def advance(
    state: GameState,
    setup: RoundSetup,
    done: Phase,
    bids: tuple[int | None, ...],
    masks: tuple[int, ...],
    deck: tuple[Card, ...] | None = None,
) -> GameState:
    """Leave phase ``done`` and enter the next (which may end the round);
    ``deck`` is the pack just dealt, if ``done`` is the deal."""
    rnd = enter(state.rules, setup, after(setup.spec, done), bids, masks, deck)
    if rnd.phase is _ROUND_OVER:
        return finish_round(state, rnd)
    return _game_state(state.rules, state.history, rnd)


def enter(
    rules: RuleSet,
    setup: RoundSetup,
    phase: Phase,
    bids: tuple[int | None, ...],
    masks: tuple[int, ...],
    deck: tuple[Card, ...] | None = None,
) -> RoundState:
    """The round state on entering ``phase`` (``deck``: the pack just dealt);
    the trump is revealed as soon as the round's rules allow, and forced bids
    are recorded (Appendix B)."""
    if deck is not None:
        setup = _dealt(rules, setup, deck, phase)
    elif setup.round_rules is None and setup.deck is not None and _trump_known(setup, phase):
        setup = _reveal(rules, setup, setup.deck)
    spec = setup.spec
    if spec.bidding is _FORCED_ZERO and _STEP[phase] > _STEP[_BID]:
        bids = (0,) * setup.players  # misère: every contract is 0 (§2.0), recorded for the bids
    if phase is _PLAY and spec.play is not _HAND:
        return _play_piles(setup, bids)
    return _round_state(setup, phase, _actor(setup, phase), bids, masks, (), ())


def _actor(setup: RoundSetup, phase: Phase) -> Actor:
    """Who acts first in ``phase``: chance deals and shuffles; the dealer
    chooses the hand size and declares trumps; the caller calls; the eldest
    bids and leads (§1.6, §1.8, §2.3)."""
    if phase is _BID or phase is _PLAY:
        return setup.eldest
    if phase is _DEAL or phase is Phase.SHUFFLE:
        return CHANCE
    if phase is Phase.CALL:
        return setup.caller
    if phase is Phase.CHOOSE_HAND_SIZE or phase is Phase.DECLARE_TRUMP:
        return setup.dealer
    return setup.eldest


def _trump_known(setup: RoundSetup, phase: Phase) -> bool:
    """Whether the round's trump may be shown on entering ``phase``."""
    spec = setup.spec
    if isinstance(spec.suits, DealerCalls):  # the dealer has not declared yet
        return False
    if setup.caller is not None and setup.call is None:  # the caller has not called yet
        return False
    # Guess Trumps and Scottish blind: the turn-up waits for the last bid (§2.0).
    return not (spec.reveal is _AFTER_BIDS and phase is _BID)


def _dealt(rules: RuleSet, setup: RoundSetup, deck: tuple[Card, ...], phase: Phase) -> RoundSetup:
    """``setup`` dealt from ``deck``, with its trump revealed if known on
    entering ``phase``."""
    if setup.round_rules is None and _trump_known(setup, phase):
        return _reveal(rules, setup, deck)
    return RoundSetup(
        setup.index,
        setup.spec,
        setup.players,
        setup.dealer,
        setup.hand_size,
        deck,
        caller=setup.caller,
    )


def _reveal(rules: RuleSet, setup: RoundSetup, deck: tuple[Card, ...]) -> RoundSetup:
    """``setup`` with its trump known: the turn-up turned (§1.5; none with no
    card left, A30), or the named trump, or none."""
    spec = setup.spec
    dealt = setup.players * setup.hand_size
    suits = spec.suits
    turnup = deck[dealt] if isinstance(suits, TurnUp) and dealt < 52 else None
    trump = turnup.suit if turnup is not None else suits.suit if isinstance(suits, Trumps) else None
    precedence = suits.order if isinstance(suits, Precedence) else None
    scoring = rules.scoring if spec.scoring is None else spec.scoring
    return RoundSetup(
        setup.index,
        spec,
        setup.players,
        setup.dealer,
        setup.hand_size,
        deck,
        turnup,
        round_rules(trump, scoring, spec.rank_order, precedence),
        setup.caller,
        setup.call,
        setup.piles,
    )


@functools.lru_cache(maxsize=1024)
def round_rules(
    trump: Suit | None, scoring: Scoring, order: RankOrder, precedence: tuple[Suit, ...] | None
) -> RoundRules:
    """One RoundRules, and one set of strength tables, per combination."""
    return RoundRules(trump, scoring, order, precedence)


def dealt_piles(setup: RoundSetup) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards in the order dealt, first card first (A17)."""
    deck = setup.deck
    assert deck is not None
    players = setup.players
    dealt = players * setup.hand_size
    return tuple(
        deck[(seat - setup.dealer - 1) % players : dealt : players] for seat in range(players)
    )


def _play_piles(setup: RoundSetup, bids: tuple[int | None, ...]) -> RoundState:
    """Play every trick from the face-down piles: each player's next card, with
    no duty to follow (§2.0 ``ROLL``, §2.3 Blind). Nobody has a choice to make,
    so the engine plays them (DESIGN.md §4: forced decisions are not offered)."""
    mode = setup.spec.play
    if mode is PlayMode.SHUFFLED:
        piles = setup.piles
        assert piles is not None
    else:
        piles = dealt_piles(setup)
        if mode is PlayMode.REVERSE_ORDER:
            piles = tuple(pile[::-1] for pile in piles)
    rules = setup.round_rules
    assert rules is not None
    players, leader = setup.players, setup.eldest
    tricks = []
    for k in range(setup.hand_size):
        plays = tuple(
            NATURAL_PLAYS[seat][piles[seat][k].index]
            for seat in ((leader + i) % players for i in range(players))
        )
        winner = best_play(plays, rules).seat
        tricks.append(Trick(leader, plays, winner))
        leader = winner
    return _round_state(setup, _ROUND_OVER, None, bids, (0,) * players, (), tuple(tricks))


def finish_round(state: GameState, rnd: RoundState) -> GameState:
    """Score the finished round ``rnd`` and start the next one, if any."""
    setup = rnd.setup
    rules = setup.round_rules
    assert rules is not None  # set when the trump is known
    winners = rnd.trick_winners
    points = rules.scoring.points(rnd.bids, winners)
    won = tricks_won(setup.players, winners)
    made = contracts_kept(rnd.bids, won)
    totals = tuple(map(operator.add, state.scores, points))
    history = (*state.history, RoundResult(setup, rnd.bids, rnd.tricks, points, made, totals))
    game = state.rules
    index = setup.index + 1
    if index < game.num_rounds(setup.players):
        # The deal passes one seat to the left after every round (§1.3).
        dealer = (setup.dealer + 1) % setup.players
        rnd = start_round(game, setup.players, index, dealer, (points, won, setup.eldest))
    return _game_state(game, history, rnd)


# Plays of natural cards are interned like the cards: a play is a table lookup.
NATURAL_PLAYS: Final = tuple(tuple(Play(seat, card) for card in DECK) for seat in range(52))
