"""The engine: pure functions from a state (and an action) to a new state:
starting a game, the chance steps, and :func:`apply` for any action (the
players' decisions are in :mod:`pyclag.moves`).

Nothing here mutates or keeps state; randomness enters only through an
explicit ``random.Random`` or an explicit deck (DESIGN.md §1). A failed call
raises the precise error of DESIGN.md §5 and leaves its input untouched.

>>> import random
>>> import pyclag
>>> state = pyclag.new_game(pyclag.NORMAL, players=3)
>>> state = pyclag.deal(state, rng=random.Random(7))
>>> pyclag.phase(state), pyclag.next_actor(state), pyclag.legal_bids(state)
(<Phase.BID: 'bid'>, 1, (0, 1))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from pyclag import _flow as flow
from pyclag import _refusals as refusals
from pyclag import moves
from pyclag.actions import (
    Action,
    Bid,
    Call,
    ChooseHandSize,
    Deal,
    DeclareTrump,
    Play,
    ShuffleHands,
)
from pyclag.cards import Card
from pyclag.dealing import deal_hands, shuffled_deck
from pyclag.errors import IllegalActionError, Reason, RulesError, WrongPhaseError
from pyclag.hand import cards_of
from pyclag.rules.ruleset import NoTurnUp, RuleSet, check_players
from pyclag.rules.trumps import TurnUp
from pyclag.scoring.tally import winners_by_totals
from pyclag.state import CHANCE, Actor, GameState, Phase, RoundSetup, RoundState, Seat

__all__ = [
    "apply",
    "deal",
    "is_over",
    "new_game",
    "next_actor",
    "phase",
    "sample_chance",
    "shuffle_hands",
    "winners",
]


# --- starting a game and a round ------------------------------------------------


def new_game(rules: RuleSet, players: int = 4, first_dealer: Seat = 0) -> GameState:
    """A new game, waiting for the first deal.

    >>> import pyclag
    >>> pyclag.new_game(pyclag.NORMAL, players=8)
    Traceback (most recent call last):
    pyclag.errors.RulesError: players must be an int in 3..7 for rule set 'normal', not 8
    """
    check_players(rules, players)
    if not refusals.is_int(first_dealer) or not 0 <= first_dealer < players:
        raise RulesError(f"first_dealer must be a seat in 0..{players - 1}, not {first_dealer!r}")
    for index in range(rules.num_rounds(players)):
        spec, number = rules.round_spec(index), index + 1
        # A dealer's choice needs one size that fits; legal_hand_sizes offers those.
        fewest = spec.hand_sizes[0] if spec.hand_sizes else spec.hand_size
        dealt = players * fewest
        if dealt > 52:
            raise RulesError(
                f"schedule round {number}: {players} players x {fewest} cards "
                f"= {dealt} cards, more than the 52 in the pack"
            )
        if dealt == 52 and isinstance(spec.suits, TurnUp) and rules.no_turnup is NoTurnUp.REJECT:
            raise RulesError(
                f"schedule round {number}: {players} players x {spec.hand_size} cards leave "
                "no card to turn up for trumps, and no_turnup is 'reject'"
            )
    return GameState(rules, (), flow.start_round(rules, players, 0, first_dealer))


# --- queries ------------------------------------------------------------------


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
        raise refusals.not_a_state("next_actor", state) from None


def phase(state: GameState) -> Phase:
    """The pending decision; ``Phase.GAME_OVER`` once the last round is scored.

    >>> import pyclag
    >>> pyclag.phase(pyclag.new_game(pyclag.NORMAL, players=4))
    <Phase.DEAL: 'deal'>
    """
    try:
        current = state.round.phase
    except AttributeError:
        raise refusals.not_a_state("phase", state) from None
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
        raise refusals.not_a_state("is_over", state) from None


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
    if refusals.check_state("winners", state).round.phase is not _ROUND_OVER:
        raise WrongPhaseError(
            f"no winners yet: {refusals.where(state)} is still being played", Reason.WRONG_PHASE
        )
    return winners_by_totals(state.scores, state.contracts_made, state.rules.tie_break)


def sample_chance(state: GameState, rng: random.Random) -> Deal | ShuffleHands:
    """The chance action at a chance node, drawn from ``rng``: a shuffled deck,
    or each seat's face-down order in RAF Blind.

    >>> import pyclag, random
    >>> action = pyclag.sample_chance(pyclag.new_game(pyclag.NORMAL, players=4), random.Random(2))
    >>> len(action.deck)
    52
    """
    rnd = refusals.check_state("sample_chance", state).round
    refusals.check_rng("sample_chance", rng)
    if rnd.phase is Phase.SHUFFLE:
        return ShuffleHands(_shuffled_piles(rnd, rng))
    if rnd.phase is not _DEAL:
        raise moves._wrong_phase(state, "sample_chance", Phase.DEAL)
    return Deal(shuffled_deck(rng))


def _shuffled_piles(rnd: RoundState, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    piles = []
    for mask in rnd.masks:
        pile = list(cards_of(mask))
        rng.shuffle(pile)
        piles.append(tuple(pile))
    return tuple(piles)


# --- chance steps --------------------------------------------------------------------


def deal(
    state: GameState, rng: random.Random | None = None, deck: Sequence[Card] | None = None
) -> GameState:
    """Deal the round: shuffle with ``rng``, or use ``deck`` (52 cards, top first).

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=4), deck=pyclag.DECK)
    >>> [str(hand) for hand in state.round.hands], str(state.round.turnup)
    (['5C', '2C', '3C', '4C'], '6C')
    """
    try:
        rnd = state.round
    except AttributeError:
        raise refusals.not_a_state("deal", state) from None
    if (rng is None) == (deck is None):
        raise TypeError("deal() needs exactly one of rng= (a random.Random) or deck= (52 cards)")
    if deck is not None:
        return _deal_deck(state, deck)
    shuffler = refusals.check_rng("deal", rng)
    if rnd.phase is not _DEAL:
        raise moves._wrong_phase(state, "deal", Phase.DEAL)
    return _deal_cards(state, shuffled_deck(shuffler))


def _deal_deck(state: GameState, deck: object) -> GameState:
    """Deal ``deck``, in the deal phase, if it is 52 distinct cards."""
    if state.round.phase is not _DEAL:
        raise moves._wrong_phase(state, "a deal", Phase.DEAL)
    # check_deck makes a tuple: a list would make the state mutable.
    return _deal_cards(state, refusals.check_deck(deck))


def _deal_cards(state: GameState, deck: tuple[Card, ...]) -> GameState:
    """Deal ``deck`` (checked, or shuffled here) for the round waiting to be dealt."""
    rnd = state.round
    setup = rnd.setup
    masks = deal_hands(deck, setup.players, setup.hand_size, setup.dealer)
    return flow.advance(state, setup, _DEAL, rnd.bids, masks, deck)


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
    rnd = refusals.check_state("shuffle_hands", state).round
    refusals.check_rng("shuffle_hands", rng)
    if rnd.phase is not Phase.SHUFFLE:
        raise moves._wrong_phase(state, "shuffle_hands", Phase.SHUFFLE)
    return _apply_shuffle(state, ShuffleHands(_shuffled_piles(rnd, rng)))


def _apply_shuffle(state: GameState, action: ShuffleHands) -> GameState:
    rnd = state.round
    if rnd.phase is not Phase.SHUFFLE:
        raise moves._wrong_phase(state, "a shuffle", Phase.SHUFFLE)
    piles = refusals.check_piles(state, action.orders)
    old = rnd.setup
    setup = RoundSetup(
        old.index,
        old.spec,
        old.players,
        old.dealer,
        old.hand_size,
        old.deck,
        old.turnup,
        old.round_rules,
        old.caller,
        old.call,
        piles,
    )
    return flow.advance(state, setup, Phase.SHUFFLE, rnd.bids, rnd.masks)


# --- any action -------------------------------------------------------------------------


def apply(state: GameState, action: Action) -> GameState:
    """Apply any action, checking that its seat is the seat to act.

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> pyclag.apply(state, pyclag.Bid(2, 0))
    Traceback (most recent call last):
    pyclag.errors.OutOfTurnError: illegal bid 0 by seat 2: it is seat 1's turn to bid in round 1 (1 card, dealer seat 0)
    """
    try:
        rnd = state.round
    except AttributeError:
        raise refusals.not_a_state("apply", state) from None
    expected = _PHASES_OF.get(type(action))
    if expected is None:
        raise IllegalActionError(
            f"not an action: {action!r}; expected one of "
            + ", ".join(kind.__name__ for kind in _PHASES_OF),
            Reason.NOT_AN_ACTION,
            moves._safe_legal(state),
        )
    if rnd.phase not in expected:
        raise moves._wrong_phase(state, refusals.describe(action), expected[0])
    seat = getattr(action, "seat", CHANCE)  # chance actions have no seat
    # The type check refuses True or 1.0 standing for seat 1.
    if seat != rnd.to_act or type(seat) is not type(rnd.to_act):
        raise refusals.out_of_turn(state, action, moves._safe_legal(state))
    return _HANDLERS[type(action)](state, action)


# Module aliases: an enum member read through its class costs ~50 ns in CPython 3.11.
_DEAL, _ROUND_OVER = Phase.DEAL, Phase.ROUND_OVER

_HANDLERS: Final[dict[type, Callable[[GameState, Any], GameState]]] = {
    Bid: lambda state, action: moves.bid(state, action.tricks),
    Play: lambda state, action: moves.play(state, action.card, action.as_card),
    Call: moves.call,
    ChooseHandSize: lambda state, action: moves.choose_hand_size(state, action.size),
    DeclareTrump: lambda state, action: moves.declare_trump(state, action.suit),
    Deal: lambda state, action: _deal_deck(state, action.deck),
    ShuffleHands: _apply_shuffle,
}
_PHASES_OF: Final[dict[type, tuple[Phase, ...]]] = {
    Bid: (Phase.BID, Phase.BID_BEFORE_DEAL),
    Play: (Phase.PLAY,),
    Deal: (Phase.DEAL,),
    Call: (Phase.CALL,),
    ChooseHandSize: (Phase.CHOOSE_HAND_SIZE,),
    DeclareTrump: (Phase.DECLARE_TRUMP,),
    ShuffleHands: (Phase.SHUFFLE,),
}
