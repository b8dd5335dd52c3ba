"""The engine's doors: starting a game, the queries every decision shares,
the chance steps, and :func:`apply` for any action (the players' decisions
have their verbs in :mod:`pyclag.engine._verbs`); :mod:`pyclag.engine`
re-exports them. Each reads the decision table, :mod:`pyclag.engine.decisions`.

Nothing here mutates or keeps state; randomness enters only through an
explicit ``random.Random`` or an explicit deck (DESIGN.md §1). A failed call
raises the precise error of DESIGN.md §5 and leaves its input untouched.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import attrs

from pyclag._checks import Frozen, check_rng
from pyclag.actions import Action, Bid, ChanceAction, Deal, PlayerAction
from pyclag.cards import Card
from pyclag.engine._chance import deal_pack
from pyclag.engine._refusals import (
    check_state,
    describe,
    not_a_state,
    out_of_turn,
    refused,
    where,
    wrong_phase,
)
from pyclag.engine.decisions import BY_PHASE, DECISIONS, Decision, direct_step, start
from pyclag.engine.state import CHANCE, Actor, GameState, Phase, Seat
from pyclag.errors import IllegalActionError, IllegalBidError, Reason, WrongPhaseError
from pyclag.rules.deals import Bidding
from pyclag.rules.ruleset import RuleSet, check_schedule, check_table
from pyclag.rules.shuffle import shuffled_deck
from pyclag.scoring.tally import winners_by_totals

__all__ = [
    "Outcome",
    "apply",
    "deal",
    "is_legal",
    "is_over",
    "legal_actions",
    "misplaced_bid",
    "new_game",
    "next_actor",
    "outcome",
    "parse_action",
    "phase",
    "sample_chance",
    "shown_to",
    "shuffle_hands",
    "winners",
    "wrong_phase_error",
]

_ROUND_OVER: Final = Phase.ROUND_OVER
_PLAY, _BID, _DEAL = Phase.PLAY, Phase.BID, Phase.DEAL
_PLAY_LEGAL: Final = BY_PHASE[Phase.PLAY].legal
_BID_LEGAL: Final = BY_PHASE[Phase.BID].legal
_ROW_OF: Final = {row.action: row for row in DECISIONS}
"""The row an action class belongs to (a bid: the bidding after the deal)."""


# --- starting a game ------------------------------------------------------------


def new_game(rules: RuleSet, players: int = 4, first_dealer: Seat = 0) -> GameState:
    """A new game, waiting for the first deal.

    >>> import pyclag
    >>> pyclag.new_game(pyclag.NORMAL, players=8)
    Traceback (most recent call last):
    pyclag.errors.RulesError: players must be an int in 3..7 for rule set 'normal', not 8
    """
    players, first_dealer = check_table(rules, players, first_dealer)  # NumPy's: plain ints
    check_schedule(rules, players)
    return start(rules, players, first_dealer)


# --- queries --------------------------------------------------------------------------


def next_actor(state: GameState) -> Actor:
    """Who acts next: a seat, :data:`pyclag.CHANCE` at a chance node, or ``None``
    when the game is over.

    >>> import pyclag
    >>> pyclag.next_actor(pyclag.new_game(pyclag.NORMAL, players=4))
    CHANCE
    """
    try:
        return state.round.to_act
    except AttributeError:
        raise not_a_state("next_actor", state) from None


def phase(state: GameState) -> Phase:
    """The pending decision; ``Phase.GAME_OVER`` once the last round is scored.

    >>> import pyclag
    >>> pyclag.phase(pyclag.new_game(pyclag.NORMAL, players=4))
    <Phase.DEAL: 'deal'>
    """
    try:
        current = state.round.phase
    except AttributeError:
        raise not_a_state("phase", state) from None
    return Phase.GAME_OVER if current is _ROUND_OVER else current


def is_over(state: GameState) -> bool:
    """Whether the last round of the schedule has been scored.

    >>> import pyclag
    >>> pyclag.is_over(pyclag.new_game(pyclag.NORMAL, players=4))
    False
    """
    try:
        return state.round.phase is _ROUND_OVER
    except AttributeError:
        raise not_a_state("is_over", state) from None


def winners(state: GameState) -> tuple[Seat, ...]:
    """The winning seats of a finished game: the highest total, then the rule
    set's tie-break (§1.10, §2.4, A29).

    >>> import pyclag, random
    >>> state = pyclag.new_game(pyclag.NORMAL.with_schedule([1]), players=3)
    >>> state = pyclag.deal(state, deck=pyclag.parse_cards(
    ...     "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H "
    ...     "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"))
    >>> for tricks in (1, 0, 1):
    ...     state = pyclag.bid(state, tricks)
    >>> for card in ("AS", "KS", "QS"):
    ...     state = pyclag.play(state, pyclag.Card.parse(card))
    >>> state.scores, pyclag.winners(state)
    ((0, 12, 10), (1,))
    """
    if check_state("winners", state).round.phase is not _ROUND_OVER:
        raise WrongPhaseError(
            f"no winners yet: {where(state)} is still being played", Reason.WRONG_PHASE
        )
    return winners_by_totals(state.scores, state.contracts_made, state.rules.tie_break)


@attrs.frozen
class Outcome(Frozen):
    """How a finished game came out: the final ``scores`` by seat and the
    ``winners`` after the tie-break.

    >>> Outcome((30, 12, 30), (0, 2)).winners
    (0, 2)
    """

    scores: tuple[int, ...]
    winners: tuple[Seat, ...]


def outcome(state: GameState) -> Outcome | None:
    """``None`` until the game is over; then its final scores and winners.

    >>> import pyclag, random
    >>> from pyclag.engine._playout import play_out
    >>> state = pyclag.new_game(pyclag.NORMAL.with_schedule([2]), players=3)
    >>> pyclag.outcome(state) is None
    True
    >>> pyclag.outcome(play_out(state, random.Random(1)))
    Outcome(scores=(0, 0, 0), winners=(0, 1, 2))
    """
    if not is_over(state):
        return None
    return Outcome(state.scores, winners(state))


# --- the decision pending -------------------------------------------------------------


def legal_actions(state: GameState) -> tuple[PlayerAction, ...]:
    """Every legal action of the seat to act; ``()`` at a chance node (use
    :func:`sample_chance`: a deal has 52! outcomes) and once the game is over.
    It never raises for a state.

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> pyclag.legal_actions(state)
    (Bid(seat=1, tricks=0), Bid(seat=1, tricks=1))
    >>> pyclag.legal_actions(pyclag.new_game(pyclag.NORMAL, players=3))
    ()
    """
    try:
        current = state.round.phase
    except AttributeError:
        raise not_a_state("legal_actions", state) from None
    if current is _PLAY:  # the commonest decisions: their rows' legal sets, read once
        return _PLAY_LEGAL(state)
    if current is _BID:
        return _BID_LEGAL(state)
    row = BY_PHASE.get(current)
    return () if row is None else row.legal(state)


def is_legal(state: GameState, action: object) -> bool:
    """Whether ``action`` may be applied to ``state`` now: the same ruling as
    :func:`apply`, without raising.

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> pyclag.is_legal(state, pyclag.Bid(1, 0)), pyclag.is_legal(state, pyclag.Bid(1, 2))
    (True, False)
    >>> pyclag.is_legal(state, pyclag.Bid(2, 0)), pyclag.is_legal(state, "0")
    (False, False)
    """
    try:
        rnd = state.round
    except AttributeError:
        raise not_a_state("is_legal", state) from None
    row = BY_PHASE.get(rnd.phase)
    if row is None or type(action) is not row.action:
        return False
    if not row.chance:
        seat = getattr(action, "seat", None)
        if seat != rnd.to_act or type(seat) is not int:
            return False
    return row.check(state, action) is None


def apply(state: GameState, action: Action) -> GameState:
    """Apply any action, checking that its seat is the seat to act.

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> pyclag.apply(state, pyclag.Bid(2, 0))
    Traceback (most recent call last):
    pyclag.errors.OutOfTurnError: illegal bid 0 by seat 2: it is seat 1's turn to bid in round 1 (1 card, dealer seat 0)
    """
    # The direct path of the commonest decisions (a play or a bid by the seat to
    # act, the deal), compiled; anything else, a seat out of turn included, takes
    # the general path.
    after = direct_step(state, action)
    if after is not None:
        return after
    try:
        rnd = state.round
    except AttributeError:
        raise not_a_state("apply", state) from None
    row = BY_PHASE.get(rnd.phase)
    if row is None or type(action) is not row.action:
        raise _misplaced(state, action, row)
    if row.sample is None:  # a player's decision: the seat must be the seat to act
        taken: Any = action  # a player's action: its class is the row's
        seat = taken.seat
        # The type check refuses True or 1.0 standing for seat 1.
        if seat != rnd.to_act or type(seat) is not int:
            raise out_of_turn(state, action, row.noun, row.verb)
    return row.take(state, action)


def _misplaced(state: GameState, action: object, row: Decision[Any] | None) -> IllegalActionError:
    """The error for an action that is not what the state waits for."""
    owner = _ROW_OF.get(type(action))
    if owner is None:
        return IllegalActionError(
            f"not an action: {action!r}; expected one of "
            + ", ".join(kind.__name__ for kind in _ROW_OF),
            Reason.NOT_AN_ACTION,
            shown_to(state, action),
        )
    if owner.action is Bid:
        return misplaced_bid(state, describe(action, owner.noun), action)
    return wrong_phase_error(state, describe(action, owner.noun), owner.phase, action)


def shown_to(state: GameState, attempt: object) -> tuple[Action, ...]:
    """The legal actions that the refusal of ``attempt`` may carry: all of them
    when it is by the seat to act (or is chance's, at a chance node), none when
    it is by another seat, who may not learn them (a seat's legal plays show its
    cards), or by no seat at all.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> shown_to(state, pyclag.Bid(1, 5)), shown_to(state, pyclag.Bid(2, 0)), shown_to(state, "1")
    ((Bid(seat=1, tricks=0), Bid(seat=1, tricks=1)), (), ())
    """
    to_act = state.round.to_act
    seat = CHANCE if isinstance(attempt, ChanceAction) else getattr(attempt, "seat", None)
    if seat is None or seat != to_act or type(seat) is not type(to_act):
        return ()
    return legal_actions(state)


def misplaced_bid(state: GameState, what: str, attempt: object = None) -> IllegalActionError:
    """The error for a bid when the state waits for something else: in a round
    whose bids are forced (misère) or absent (most tricks), an IllegalBidError
    (``Reason.FORCED_BID``); otherwise the wrong phase.
    ``attempt`` is the action refused, whose seat decides what the error may
    show (:func:`~pyclag.engine._game.shown_to`); ``None`` for a verb, which acts for the seat to act.

    >>> import pyclag
    >>> rules = pyclag.NORMAL.with_schedule([pyclag.rules.catalogue.misere(True, -1, 3)])
    >>> misplaced_bid(pyclag.deal(pyclag.new_game(rules, 3), deck=pyclag.DECK), "bid(1)")
    IllegalBidError('bid(1): every bid is 0 in this round (Misère), so no bid is made
    in round 1 (3 cards, dealer seat 0)')
    """
    rnd = state.round
    played = rnd.setup.played
    if rnd.phase is not _ROUND_OVER and not played.has_bids:
        forced = "every bid is 0" if played.bidding is Bidding.FORCED_ZERO else "nobody bids"
        return IllegalBidError(
            f"{what}: {forced} in this round ({played.label}), so no bid is made in {where(state)}",
            Reason.FORCED_BID,
            _shown(state, attempt),
        )
    return wrong_phase_error(state, what, Phase.BID, attempt)


def wrong_phase_error(
    state: GameState, what: str, expected: Phase, attempt: object = None
) -> WrongPhaseError:
    """``what`` needs phase ``expected``, which the state is not in (internal
    surface). ``attempt`` is the action refused, whose seat decides what the
    error may show (:func:`~pyclag.engine._game.shown_to`); ``None`` for a verb or a query, which
    acts for the seat to act.

    >>> import pyclag
    >>> wrong_phase_error(pyclag.new_game(pyclag.NORMAL, players=3), "bid(1)", Phase.BID)
    WrongPhaseError('bid(1): round 1 (1 card, dealer seat 0) is in the deal phase,
    not bid; it is waiting for a chance step (deal)')
    """
    row = BY_PHASE.get(state.round.phase)
    waiting = "" if row is None else f"a chance step ({row.noun})" if row.chance else row.verb
    return wrong_phase(state, what, expected, waiting, _shown(state, attempt))


def _shown(state: GameState, attempt: object) -> tuple[Action, ...]:
    return legal_actions(state) if attempt is None else shown_to(state, attempt)


def parse_action(state: GameState, text: str) -> Action:
    """The action ``text`` names for the decision pending, in the notation of
    ``str(action)`` (:mod:`pyclag.notation`), checked as :func:`apply` checks
    it: unreadable text is a RecordError, an illegal action the rule's error.

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
    >>> pyclag.parse_action(state, "2")
    Bid(seat=1, tricks=2)
    >>> pyclag.parse_action(state, "4")
    Traceback (most recent call last):
    pyclag.errors.IllegalBidError: illegal bid 4 by seat 1: a bid is 0..3 tricks in round 1 (3 cards, dealer seat 0); legal bids: 0 1 2 3
    """
    row = BY_PHASE.get(check_state("parse_action", state).round.phase)
    if row is None:
        raise wrong_phase(state, f"parse_action({text!r})", Phase.GAME_OVER, "", ())
    action: Action = row.read(text, state.round.to_act)
    refusal = row.check(state, action)
    if refusal is not None:
        raise refused(state, action, refusal, row.noun, row.legal(state))
    return action


# --- chance -------------------------------------------------------------------------------


def sample_chance(state: GameState, rng: random.Random) -> Action:
    """The chance action at a chance node, drawn from ``rng``: a shuffled pack,
    each seat's face-down order in RAF Blind, or the draw for the first bidder.

    >>> import pyclag, random
    >>> action = pyclag.sample_chance(pyclag.new_game(pyclag.NORMAL, players=4), random.Random(2))
    >>> len(action.deck)
    52
    """
    check_state("sample_chance", state)
    check_rng("sample_chance", rng)
    row = BY_PHASE.get(state.round.phase)
    if row is None or row.sample is None:
        raise wrong_phase_error(state, "sample_chance", Phase.DEAL)
    drawn: Action = row.sample(state, rng)
    return drawn


def deal(
    state: GameState, rng: random.Random | None = None, deck: Sequence[Card] | None = None
) -> GameState:
    """Deal the round: shuffle with ``rng``, or use ``deck`` (52 cards, top first).

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=4), deck=pyclag.DECK)
    >>> [str(hand) for hand in state.round.hands], str(state.round.turnup)
    (['5C', '2C', '3C', '4C'], '6C')
    """
    rnd = check_state("deal", state).round
    if (rng is None) == (deck is None):
        raise TypeError("deal() needs exactly one of rng= (a random.Random) or deck= (52 cards)")
    shuffler = check_rng("deal", rng) if deck is None else None
    if rnd.phase is not _DEAL:
        raise wrong_phase_error(state, "deal" if deck is None else "a deal", _DEAL)
    if shuffler is not None:  # a pack just shuffled holds the 52 cards: no check to repeat
        return deal_pack(state, shuffled_deck(shuffler))
    given: Any = deck  # any value: the deal's rule refuses what is not a pack
    return BY_PHASE[Phase.DEAL].take(state, Deal(given))


def shuffle_hands(state: GameState, rng: random.Random) -> GameState:
    """RAF Blind: each player shuffles their hand face down (§2.3); the round
    is then played from the top of each pile, so it plays itself out.

    >>> import pyclag, random
    >>> rules = pyclag.presets.get("raf", first_deal_caller="eldest")
    >>> state = pyclag.choose_hand_size(pyclag.new_game(rules, players=4), 3)
    >>> state = pyclag.deal(state, rng=random.Random(4))
    >>> state = pyclag.call(state, pyclag.Call(1, pyclag.Suit.SPADES, blind=True))
    >>> for tricks in (1, 1, 0, 0):
    ...     state = pyclag.bid(state, tricks)
    >>> pyclag.phase(state).value
    'shuffle'
    >>> len(pyclag.shuffle_hands(state, random.Random(5)).history)
    1
    """
    rnd = check_state("shuffle_hands", state).round
    check_rng("shuffle_hands", rng)
    row = BY_PHASE[Phase.SHUFFLE]
    if rnd.phase is not Phase.SHUFFLE or row.sample is None:
        raise wrong_phase_error(state, "shuffle_hands", Phase.SHUFFLE)
    return row.take(state, row.sample(state, rng))
