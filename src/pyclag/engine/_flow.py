"""The flow of a round through its decisions (RULES.md Appendix B): entering a
phase, revealing the trump when the round's rules allow, playing face-down
piles, scoring and starting the next round.

Which decisions a round has and who takes each first come from
:mod:`pyclag.engine._schedule`, the part of the decision table read here. The
players' and chance's transitions (:mod:`pyclag.engine._turns`,
:mod:`pyclag.engine._plays`, :mod:`pyclag.engine._chance`) end here: a decision
that ends its phase calls :func:`advance`, the last card of a round
:func:`finish_round`.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from pyclag._caches import bounded
from pyclag.actions import Play
from pyclag.cards import DECK, Card, Suit
from pyclag.engine._build import new_game_state, new_round_state, revise
from pyclag.engine._schedule import first_actor, round_phases
from pyclag.engine.state import (
    GameState,
    Phase,
    RoundResult,
    RoundSetup,
    RoundState,
    Seat,
    Trick,
)
from pyclag.rules.dealing import dealt_piles
from pyclag.rules.deals import Bidding, PlayMode, Reveal
from pyclag.rules.ordering import RankOrder
from pyclag.rules.play import best_play
from pyclag.rules.round import RoundRules, RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.scoring.schemes import Scoring, tricks_won
from pyclag.scoring.tally import contracts_kept

__all__ = [
    "NATURAL_PLAYS",
    "advance",
    "contracts",
    "finish_round",
    "next_round",
    "round_rules",
    "round_scoring",
    "start_round",
    "tally",
]

_BID: Final = Phase.BID
_PLAY: Final = Phase.PLAY
_ROUND_OVER: Final = Phase.ROUND_OVER
_HAND: Final = PlayMode.HAND
_FORCED_ZERO: Final = Bidding.FORCED_ZERO
_AFTER_BIDS: Final = Reveal.AFTER_BIDS


def start_round(
    rules: RuleSet,
    players: int,
    index: int,
    dealer: Seat,
    last: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], Seat] | None = None,
) -> RoundState:
    """Round ``index`` waiting for its first decision; ``last`` is the previous
    round's points, the running totals after it, its tricks won and its first
    bidder, from which the caller of this round is found if it has one (A18).

    >>> import pyclag
    >>> rnd = start_round(pyclag.NORMAL, 3, 2, 1)  # round 3, dealt by seat 1
    >>> rnd.phase.value, rnd.setup.hand_size, rnd.to_act
    ('deal', 3, CHANCE)
    """
    spec = rules.round_spec(index)
    caller = None
    played = spec
    if spec.calls is not None:
        caller = spec.calls.caller(players, dealer, last)
        if caller is None:  # the first deal has no caller: a standard deal (A18)
            played = _uncalled(spec)
    # Until the RAF dealer chooses, the hand size is 0 (no cards are promised).
    hand_size = 0 if spec.hand_sizes else spec.hand_size
    setup = RoundSetup(index, spec, players, dealer, hand_size, caller=caller, played=played)
    first = round_phases(played, rules)[0]
    return enter(rules, setup, first, (None,) * players, (0,) * players)


# Keyed by a user-built RoundSpec: one entry per called round spec in play (a few per rule set).
@bounded(256)
def _uncalled(spec: RoundSpec) -> RoundSpec:
    """A called round that nobody calls is a standard deal."""
    return attrs.evolve(spec, calls=None)


_STEP: Final = {phase: number for number, phase in enumerate(Phase)}


class _After(dict[tuple[tuple[Phase, ...], Phase], Phase]):
    """The phase after ``done`` in a round of ``phases``: the first of them later
    in the order of the table (``done`` itself may be gone from them, after a
    call or a declaration). Filled on first sight: phases are a subsequence of
    the enum, so the entries are bounded by construction."""

    def __missing__(self, key: tuple[tuple[Phase, ...], Phase]) -> Phase:
        phases, done = key
        after = self[key] = next(phase for phase in phases if _STEP[phase] > _STEP[done])
        return after


_AFTER: Final = _After()


def advance(
    state: GameState,
    setup: RoundSetup,
    done: Phase,
    bids: tuple[int | None, ...],
    masks: tuple[int, ...],
    deck: tuple[Card, ...] | None = None,
) -> GameState:
    """Leave phase ``done`` and enter the next (which may end the round);
    ``deck`` is the pack just dealt, if ``done`` is the deal. Phases run in
    the order of the table; a call or a declaration may have changed which of
    them the round still has, so the next is found by that order.

    >>> import pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), deck=pyclag.DECK)
    >>> advance(state, state.round.setup, Phase.BID, (1, 0, 1), state.round.masks).round
    <RoundState round 1 (1 card), play phase, seat 1 to act>
    """
    following = _AFTER[round_phases(setup.played, state.rules), done]
    rnd = enter(state.rules, setup, following, bids, masks, deck)
    if rnd.phase is _ROUND_OVER:
        return finish_round(state, rnd)
    return new_game_state(state.rules, state.history, rnd)


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
    are recorded (Appendix B).

    >>> import pyclag
    >>> rnd = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), deck=pyclag.DECK).round
    >>> enter(pyclag.NORMAL, rnd.setup, Phase.PLAY, (1, 0, 1), rnd.masks).to_act  # leads
    1
    """
    if deck is not None:
        setup = _dealt(rules, setup, deck, phase)
    elif setup.round_rules is None and setup.deck is not None and _trump_known(setup, phase):
        setup = _reveal(rules, setup, setup.deck)
    played = setup.played
    if _STEP[phase] > _STEP[_BID]:
        bids = contracts(played, bids)
    if phase is _PLAY and played.play is not _HAND:
        return _play_piles(setup, bids)
    return new_round_state(setup, phase, first_actor(phase, setup), bids, masks, (), ())


def contracts(played: RoundSpec, bids: tuple[int | None, ...]) -> tuple[int | None, ...]:
    """The contracts of a round once its bidding is over: the bids by seat, or
    under misère every contract 0, recorded as the bids (§2.0 ``MISERE``).

    >>> from pyclag.rules.deals import Bidding
    >>> contracts(RoundSpec(7, bidding=Bidding.FORCED_ZERO), (None, None)), contracts(RoundSpec(7), (1, 2))
    ((0, 0), (1, 2))
    """
    return (0,) * len(bids) if played.bidding is _FORCED_ZERO else bids


def _trump_known(setup: RoundSetup, phase: Phase) -> bool:
    """Whether the round's trump may be shown on entering ``phase``."""
    played = setup.played
    if played.suits.dealer_declares:  # the dealer has not declared yet
        return False
    if played.calls is not None and setup.call is None:  # the caller has not called yet
        return False
    # Guess Trumps and Scottish blind: the turn-up waits for the last bid (§2.0).
    return not (played.reveal is _AFTER_BIDS and phase is _BID)


def _dealt(rules: RuleSet, setup: RoundSetup, deck: tuple[Card, ...], phase: Phase) -> RoundSetup:
    """``setup`` dealt from ``deck``, with its trump revealed if known on
    entering ``phase``."""
    if setup.round_rules is None and _trump_known(setup, phase):
        return _reveal(rules, setup, deck)
    return revise(setup, deck=deck)


def _reveal(rules: RuleSet, setup: RoundSetup, deck: tuple[Card, ...]) -> RoundSetup:
    """``setup`` with its trump known: the turn-up turned (§1.5; none with no
    card left, A30), or the named trump, or none."""
    played = setup.played
    dealt = setup.players * setup.hand_size
    suits = played.suits
    turnup = deck[dealt] if suits.turns_up and dealt < 52 else None
    trump = turnup.suit if turnup is not None else suits.trump
    precedence = suits.precedence
    known = round_rules(trump, rules.round_scoring(played), played.rank_order, precedence)
    return revise(setup, deck=deck, turnup=turnup, round_rules=known)


# Keyed by a user-built Scoring (with trump, order and precedence): a rule set uses a few
# dozen combinations, read at every deal and by the bots, so the bound keeps many sets hot;
# the very objects of the last calls first (an enum's hash is computed in Python).
@bounded(1024, same_arguments=True)
def round_rules(
    trump: Suit | None, scoring: Scoring, order: RankOrder, precedence: tuple[Suit, ...] | None
) -> RoundRules:
    """One RoundRules, and one set of strength tables, per combination.

    >>> from pyclag.scoring.schemes import F1
    >>> round_rules(None, F1, RankOrder.ACE_HIGH, None) is round_rules(None, F1, RankOrder.ACE_HIGH, None)
    True
    """
    return RoundRules(trump, scoring, order, precedence)


def _play_piles(setup: RoundSetup, bids: tuple[int | None, ...]) -> RoundState:
    """Play every trick from the face-down piles: each player's next card, with
    no duty to follow (§2.0 ``ROLL``, §2.3 Blind). Nobody has a choice to make,
    so the engine plays them (DESIGN.md §4: forced decisions are not offered)."""
    mode = setup.played.play
    piles: Sequence[Sequence[Card]] = ()
    if mode is PlayMode.SHUFFLED and setup.piles is not None:
        piles = setup.piles
    elif setup.deck is not None:
        piles = dealt_piles(setup.deck, setup.players, setup.hand_size, setup.dealer)
        if mode is PlayMode.REVERSE_ORDER:
            piles = tuple(pile[::-1] for pile in piles)
    rules = setup.round_rules
    players, leader = setup.players, setup.first_bidder
    tricks = []
    if rules is not None and piles:  # both are set by the time the piles are played
        for k in range(setup.hand_size):
            plays = tuple(
                NATURAL_PLAYS[seat][piles[seat][k].index]
                for seat in ((leader + i) % players for i in range(players))
            )
            winner = best_play(plays, rules).seat
            tricks.append(Trick(leader, plays, winner))
            leader = winner
    return new_round_state(setup, _ROUND_OVER, None, bids, (0,) * players, (), tuple(tricks))


def finish_round(state: GameState, rnd: RoundState) -> GameState:
    """Score the finished round ``rnd`` and start the next one, if any.

    >>> import random, pyclag
    >>> from pyclag.engine._playout import play_out
    >>> over = play_out(pyclag.new_game(pyclag.NORMAL.with_schedule([1]), 3), random.Random(5))
    >>> finish_round(pyclag.new_game(pyclag.NORMAL, 3), over.round).scores  # a longer game
    (10, 12, 0)
    """
    setup = rnd.setup
    scoring = round_scoring(state.rules, setup)
    game = state.rules
    counted = game.counts_contracts(setup.played)
    points, won, made, totals = tally(scoring, rnd.bids, rnd.trick_winners, state.scores, counted)
    history = (*state.history, RoundResult(setup, rnd.bids, rnd.tricks, points, made, totals))
    following = next_round(game, setup, points, won, totals)
    return new_game_state(game, history, rnd if following is None else following)


def round_scoring(rules: RuleSet, setup: RoundSetup) -> Scoring:
    """How the round of ``setup`` is scored: its resolved rules' scheme, or the
    rule set's while they are not known (the engine's and a rollout's scoring).

    >>> import pyclag
    >>> round_scoring(pyclag.NORMAL, pyclag.new_game(pyclag.NORMAL, players=3).round.setup).name
    'F1'
    """
    return setup.round_rules.scoring if setup.round_rules is not None else rules.scoring


def tally(
    scoring: Scoring,
    bids: tuple[int | None, ...],
    trick_winners: Sequence[Seat],
    before: tuple[int, ...],
    counted: bool = True,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...], tuple[int, ...]]:
    """A finished round's points, tricks won and contracts made by seat, and
    the running totals after it from the totals ``before`` (§1.9, §1.11): the
    one scoring of a round, the engine's and the score sheet's. A round whose
    contracts are not ``counted`` (:meth:`RuleSet.counts_contracts
    <pyclag.rules.ruleset.RuleSet.counts_contracts>`, A15) makes none.

    >>> from pyclag.scoring.schemes import F1
    >>> tally(F1, (1, 0, 1), (0, 2, 0), (10, 0, 5))
    ((0, 10, 12), (2, 0, 1), (False, True, True), (10, 10, 17))
    >>> tally(F1, (1, 0, 1), (0, 2, 0), (10, 0, 5), counted=False)[2]
    (False, False, False)
    """
    points = scoring.points(bids, trick_winners)
    won = tricks_won(len(bids), trick_winners)
    made = contracts_kept(bids, won) if counted else (False,) * len(bids)
    return points, won, made, tuple(map(operator.add, before, points))


def next_round(
    rules: RuleSet,
    setup: RoundSetup,
    points: tuple[int, ...],
    won: tuple[int, ...],
    totals: tuple[int, ...],
) -> RoundState | None:
    """The round after the round of ``setup``, which scored ``points`` with
    ``won`` tricks by seat and left the running ``totals``, waiting for its
    first decision; ``None`` after the last round (§1.10).

    >>> import pyclag
    >>> first = pyclag.new_game(pyclag.NORMAL.with_schedule([1, 2]), players=3).round.setup
    >>> after = ((0, 12, 10), (0, 1, 0), (0, 12, 10))  # points, tricks won, totals
    >>> nxt = next_round(pyclag.NORMAL.with_schedule([1, 2]), first, *after)
    >>> nxt.setup.index, nxt.dealer, next_round(pyclag.NORMAL.with_schedule([1]), first, *after)
    (1, 1, None)
    """
    index = setup.index + 1
    if index >= rules.num_rounds(setup.players):
        return None
    # The deal passes one seat to the left after every round (§1.3); the caller
    # of the next round comes out on top of this one or of the totals (A18).
    dealer = (setup.dealer + 1) % setup.players
    last = (points, totals, won, setup.first_bidder)
    return start_round(rules, setup.players, index, dealer, last)


class _NaturalPlays(dict[int, tuple[Play, ...]]):
    """Each seat's plays of the 52 natural cards, in pack order, made when the
    seat is first seen (seats are below 52: bounded by construction)."""

    def __missing__(self, seat: int) -> tuple[Play, ...]:
        plays = self[seat] = tuple(Play(seat, card) for card in DECK)
        return plays


# Plays of natural cards are interned like the cards: a play is a table lookup.
NATURAL_PLAYS: Final[Mapping[int, tuple[Play, ...]]] = _NaturalPlays()
"""The play of each natural card by each seat: ``NATURAL_PLAYS[seat][card.index]``."""
