"""The engine: pure functions from a state (and an action) to a new state.

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

import functools
import operator
import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from pyclag import _refusals as refusals
from pyclag.actions import (
    Action,
    Bid,
    Call,
    ChooseHandSize,
    Deal,
    DeclareTrump,
    Play,
    PlayerAction,
    ShuffleHands,
)
from pyclag.cards import DECK, Card, Suit
from pyclag.dealing import deal_hands, shuffled_deck
from pyclag.errors import (
    IllegalActionError,
    OutOfTurnError,
    Reason,
    RulesError,
    WrongPhaseError,
)
from pyclag.hand import ONE_SUIT, cards_of
from pyclag.rules.round import RoundRules, RoundSpec
from pyclag.rules.ruleset import NoTurnUp, RuleSet
from pyclag.rules.tricks import best_play
from pyclag.rules.trumps import Precedence, TurnUp
from pyclag.scoring.schemes import Scoring, tricks_won
from pyclag.scoring.tally import contracts_kept, winners_by_totals
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

__all__ = [
    "apply",
    "bid",
    "deal",
    "is_over",
    "legal_actions",
    "legal_bids",
    "legal_plays",
    "new_game",
    "next_actor",
    "phase",
    "play",
    "sample_chance",
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
    if not isinstance(rules, RuleSet):
        raise RulesError(f"rules must be a RuleSet, not {rules!r}")
    low, high = rules.min_players, rules.max_players
    if not refusals.is_int(players) or not low <= players <= high:
        raise RulesError(
            f"players must be an int in {low}..{high} for rule set {rules.name!r}, not {players!r}"
        )
    if not refusals.is_int(first_dealer) or not 0 <= first_dealer < players:
        raise RulesError(f"first_dealer must be a seat in 0..{players - 1}, not {first_dealer!r}")
    for number, spec in enumerate(rules.schedule, 1):
        dealt = players * spec.hand_size
        if dealt > 52:
            raise RulesError(
                f"schedule round {number}: {players} players x {spec.hand_size} cards "
                f"= {dealt} cards, more than the 52 in the pack"
            )
        if dealt == 52 and isinstance(spec.suits, TurnUp) and rules.no_turnup is NoTurnUp.REJECT:
            raise RulesError(
                f"schedule round {number}: {players} players x {spec.hand_size} cards leave "
                "no card to turn up for trumps, and no_turnup is 'reject'"
            )
    return GameState(rules, (), _start_round(rules, players, 0, first_dealer))


def _start_round(rules: RuleSet, players: int, index: int, dealer: Seat) -> RoundState:
    spec = rules.schedule[index]
    setup = RoundSetup(index, spec, players, dealer, spec.hand_size)
    first = spec.phases[0]
    return _round_state(
        setup, first, _actor(setup, first), (None,) * players, (0,) * players, (), ()
    )


def _after(setup: RoundSetup, done: Phase) -> Phase:
    """The phase that follows ``done`` in the round's spec."""
    phases = setup.spec.phases
    return phases[phases.index(done) + 1]


def _actor(setup: RoundSetup, phase: Phase) -> Actor:
    """Who acts first in ``phase``: chance deals; the eldest bids and leads (§1.6, §1.8)."""
    return CHANCE if phase is _DEAL else setup.eldest


@functools.lru_cache(maxsize=1024)
def _round_rules(spec: RoundSpec, scoring: Scoring, trump: Suit | None) -> RoundRules:
    # Keyed by the spec (its hash is cached): one RoundRules, and one set of
    # strength tables, per spec, scoring and trump suit.
    precedence = spec.suits.order if isinstance(spec.suits, Precedence) else None
    return RoundRules(trump, scoring, spec.rank_order, precedence)


# --- queries ------------------------------------------------------------------


def next_actor(state: GameState) -> Actor:
    """Who acts next: a seat, :data:`pyclag.CHANCE` at a chance node, or ``None``
    when the game is over.

    >>> import pyclag
    >>> pyclag.next_actor(pyclag.new_game(pyclag.NORMAL, players=4))
    CHANCE
    """
    return state.round.to_act


def phase(state: GameState) -> Phase:
    """The pending decision; ``Phase.GAME_OVER`` once the last round is scored.

    >>> import pyclag
    >>> pyclag.phase(pyclag.new_game(pyclag.NORMAL, players=4))
    <Phase.DEAL: 'deal'>
    """
    current = state.round.phase
    return Phase.GAME_OVER if current is _ROUND_OVER else current


def is_over(state: GameState) -> bool:
    """Whether the last round of the schedule has been scored.

    >>> import pyclag
    >>> pyclag.is_over(pyclag.new_game(pyclag.NORMAL, players=4))
    False
    """
    return state.round.phase is _ROUND_OVER


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
    if not is_over(state):
        raise WrongPhaseError(
            f"no winners yet: {refusals.where(state)} is still being played", Reason.WRONG_PHASE
        )
    return winners_by_totals(state.scores, state.contracts_made, state.rules.tie_break)


def legal_bids(state: GameState) -> tuple[int, ...]:
    """The bids the seat to act may make: ``0..h``, and for the dealer only what
    the hook allows (§1.6, §1.7).

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> pyclag.legal_bids(state)
    (0, 1)
    """
    rnd = state.round
    if rnd.phase is not _BID:
        raise _wrong_phase(state, "legal_bids", Phase.BID)
    return _legal_bids(state, rnd)


def _legal_bids(state: GameState, rnd: RoundState) -> tuple[int, ...]:
    setup = rnd.setup
    h = setup.hand_size
    if rnd.to_act != setup.dealer:
        return _BID_RANGES[h]
    others = sum(b for b in rnd.bids if b is not None)
    return state.rules.hook.dealer_bids(h, others)


_BID_RANGES: Final = tuple(tuple(range(h + 1)) for h in range(53))


def legal_plays(state: GameState) -> tuple[Card, ...]:
    """The cards the seat to act may play: any card to lead; otherwise a card
    of the suit led if it holds one (§1.8).

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 0), 1), 1)
    >>> pyclag.legal_plays(state) == state.round.hands[state.round.to_act].cards
    True
    """
    rnd = state.round
    seat = rnd.to_act
    if rnd.phase is not _PLAY or not isinstance(seat, int):
        raise _wrong_phase(state, "legal_plays", Phase.PLAY)
    held = rnd.masks[seat]
    legal = _legal_mask(rnd.trick, held)
    return cards_of(legal) if legal == held else ONE_SUIT[legal]


def _legal_mask(trick: tuple[Play, ...], held: int) -> int:
    """The cards of ``held`` that may be played to ``trick``: all of them to
    lead or when void in the suit led, else those of the suit led (§1.8)."""
    if not trick:
        return held
    first = trick[0]
    led = first.card if first.as_card is None else first.as_card
    return (held & led.suit_mask) or held


def legal_actions(state: GameState) -> tuple[PlayerAction, ...]:
    """Every legal action of the seat to act; ``()`` when the game is over.

    At a chance node there is no list (52! orders): use :func:`sample_chance`.

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> pyclag.legal_actions(state)
    (Bid(seat=1, tricks=0), Bid(seat=1, tricks=1))
    """
    rnd = state.round
    seat = rnd.to_act
    if rnd.phase is _ROUND_OVER:
        return ()
    if not isinstance(seat, int):
        raise _wrong_phase(state, "legal_actions", Phase.BID)
    if rnd.phase is _BID:
        return tuple(Bid(seat, b) for b in _legal_bids(state, rnd))
    return tuple(Play(seat, c) for c in legal_plays(state))


def sample_chance(state: GameState, rng: random.Random) -> Deal:
    """The chance action at a chance node, drawn from ``rng``: a shuffled deck.

    >>> import pyclag, random
    >>> action = pyclag.sample_chance(pyclag.new_game(pyclag.NORMAL, players=4), random.Random(2))
    >>> len(action.deck)
    52
    """
    if state.round.phase is not _DEAL:
        raise _wrong_phase(state, "sample_chance", Phase.DEAL)
    return Deal(shuffled_deck(refusals.check_rng(rng)))


# --- transitions -----------------------------------------------------------------


def deal(
    state: GameState, rng: random.Random | None = None, deck: Sequence[Card] | None = None
) -> GameState:
    """Deal the round: shuffle with ``rng``, or use ``deck`` (52 cards, top first).

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=4), deck=pyclag.DECK)
    >>> [str(hand) for hand in state.round.hands], str(state.round.turnup)
    (['5C', '2C', '3C', '4C'], '6C')
    """
    if (rng is None) == (deck is None):
        raise TypeError("deal() needs exactly one of rng= (a random.Random) or deck= (52 cards)")
    if deck is not None:
        return _apply_deal(state, Deal(tuple(deck)))
    if state.round.phase is not _DEAL:
        raise _wrong_phase(state, "deal", Phase.DEAL)
    return _deal_cards(state, shuffled_deck(refusals.check_rng(rng)))


def bid(state: GameState, tricks: int) -> GameState:
    """The seat to act bids ``tricks``.

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> pyclag.bid(state, 1).round.bids
    (None, 1, None)
    >>> pyclag.bid(state, 2)
    Traceback (most recent call last):
    pyclag.errors.IllegalBidError: illegal bid 2 by seat 1: a bid is 0..1 tricks in round 1 (1 card, dealer seat 0); legal bids: 0 1
    """
    rnd = state.round
    seat = rnd.to_act
    if rnd.phase is not _BID or type(seat) is not int:
        raise _wrong_phase(state, f"illegal bid {tricks!r}", Phase.BID)
    setup = rnd.setup
    legal = _BID_RANGES[setup.hand_size] if seat != setup.dealer else _legal_bids(state, rnd)
    if tricks not in legal or (type(tricks) is not int and not refusals.is_int(tricks)):
        raise refusals.illegal_bid(state, Bid(seat, tricks), legal)
    bids = list(rnd.bids)
    bids[seat] = tricks
    if seat == setup.dealer:  # the dealer bids last (§1.6)
        after = _after(setup, _BID)
        new_round = _round_state(setup, after, _actor(setup, after), tuple(bids), rnd.masks, (), ())
    else:
        new_round = _round_state(
            setup, _BID, (seat + 1) % setup.players, tuple(bids), rnd.masks, (), ()
        )
    return _game_state(state.rules, state.history, new_round)


def play(state: GameState, card: Card, as_card: Card | None = None) -> GameState:
    """The seat to act plays ``card`` (a wild two names ``as_card``).

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 0), 1), 1)
    >>> pyclag.play(state, pyclag.Card.parse("AS"))
    Traceback (most recent call last):
    pyclag.errors.IllegalPlayError: illegal play AS by seat 1: seat 1 does not hold AS in round 1 (1 card, dealer seat 0); legal plays: QS
    """
    rnd = state.round
    seat = rnd.to_act
    if rnd.phase is not _PLAY or type(seat) is not int:
        raise _wrong_phase(state, f"illegal play {card}", Phase.PLAY)
    held = rnd.masks[seat]
    trick = rnd.trick
    if type(card) is not Card or not _legal_mask(trick, held) & card.mask or as_card is not None:
        raise _illegal_play(state, Play(seat, card, as_card), held)
    setup = rnd.setup
    masks = list(rnd.masks)
    masks[seat] = held ^ card.mask
    trick += (_NATURAL_PLAYS[seat][card.index],)  # no wild twos yet: plays are natural
    players = setup.players
    if len(trick) < players:
        next_round = _round_state(
            setup, _PLAY, (seat + 1) % players, rnd.bids, tuple(masks), trick, rnd.tricks
        )
        return _game_state(state.rules, state.history, next_round)
    rules = setup.round_rules
    assert rules is not None  # resolved when the round is dealt
    winner = best_play(trick, rules).seat
    tricks = (*rnd.tricks, Trick(trick[0].seat, trick, winner))
    if len(tricks) < setup.hand_size:
        next_round = _round_state(setup, _PLAY, winner, rnd.bids, tuple(masks), (), tricks)
        return _game_state(state.rules, state.history, next_round)
    last = _round_state(setup, _ROUND_OVER, None, rnd.bids, tuple(masks), (), tricks)
    return _finish_round(state, last)


def apply(state: GameState, action: Action) -> GameState:
    """Apply any action, checking that its seat is the seat to act.

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> pyclag.apply(state, pyclag.Bid(2, 0))
    Traceback (most recent call last):
    pyclag.errors.OutOfTurnError: illegal bid 0 by seat 2: it is seat 1's turn to bid in round 1 (1 card, dealer seat 0)
    """
    expected = _PHASE_OF.get(type(action))
    if expected is None:
        raise IllegalActionError(
            f"not an action: {action!r}; expected one of "
            + ", ".join(kind.__name__ for kind in _PHASE_OF),
            Reason.NOT_AN_ACTION,
            _safe_legal(state),
        )
    rnd = state.round
    if rnd.phase is not expected:
        raise _wrong_phase(state, refusals.describe(action), expected)
    seat = getattr(action, "seat", CHANCE)  # chance actions have no seat
    # The type check refuses True or 1.0 standing for seat 1.
    if seat != rnd.to_act or type(seat) is not type(rnd.to_act):
        turn = f"it is seat {rnd.to_act}'s turn to {refusals.VERB[rnd.phase]}"
        raise OutOfTurnError(
            f"{refusals.describe(action)}: {turn} in {refusals.where(state)}",
            Reason.OUT_OF_TURN,
            _safe_legal(state),
        )
    # Only the phases of normal rounds arise so far, so only their actions get here.
    return _HANDLERS[type(action)](state, action)


def _apply_deal(state: GameState, action: Deal) -> GameState:
    rnd = state.round
    if rnd.phase is not _DEAL:
        raise _wrong_phase(state, "a deal", Phase.DEAL)
    deck = tuple(action.deck)  # a list would make the state mutable
    refusals.check_deck(deck)
    return _deal_cards(state, deck)


def _deal_cards(state: GameState, deck: tuple[Card, ...]) -> GameState:
    """Deal ``deck`` (checked, or shuffled here) for the round waiting to be dealt."""
    rnd = state.round
    setup = rnd.setup
    players, h = setup.players, setup.hand_size
    masks = deal_hands(deck, players, h, setup.dealer)
    spec = setup.spec
    dealt = players * h
    # §1.5: the next undealt card is turned up; with none left, no trumps (A30).
    turnup = deck[dealt] if isinstance(spec.suits, TurnUp) and dealt < 52 else None
    scoring = state.rules.scoring if spec.scoring is None else spec.scoring
    rules = _round_rules(spec, scoring, None if turnup is None else turnup.suit)
    setup = RoundSetup(setup.index, spec, players, setup.dealer, h, deck, turnup, rules)
    after = _after(setup, _DEAL)
    new_round = _round_state(setup, after, _actor(setup, after), rnd.bids, masks, (), ())
    return _game_state(state.rules, state.history, new_round)


def _finish_round(state: GameState, rnd: RoundState) -> GameState:
    setup = rnd.setup
    rules = setup.round_rules
    assert rules is not None  # set when the round is dealt
    winners_ = rnd.trick_winners
    points = rules.scoring.points(rnd.bids, winners_)
    made = contracts_kept(rnd.bids, tricks_won(setup.players, winners_))
    totals = tuple(map(operator.add, state.scores, points))
    history = (*state.history, RoundResult(setup, rnd.bids, rnd.tricks, points, made, totals))
    index = setup.index + 1
    if index < len(state.rules.schedule):
        # The deal passes one seat to the left after every round (§1.3).
        rnd = _start_round(state.rules, state.players, index, (setup.dealer + 1) % state.players)
    return _game_state(state.rules, history, rnd)


# Module aliases: an enum member read through its class costs ~50 ns in CPython 3.11.
_BID, _PLAY, _DEAL, _ROUND_OVER = Phase.BID, Phase.PLAY, Phase.DEAL, Phase.ROUND_OVER
# Plays of natural cards are interned like the cards: a play is a table lookup.
_NATURAL_PLAYS: Final = tuple(tuple(Play(seat, card) for card in DECK) for seat in range(52))

_HANDLERS: Final[dict[type, Callable[[GameState, Any], GameState]]] = {
    Bid: lambda state, action: bid(state, action.tricks),
    Play: lambda state, action: play(state, action.card, action.as_card),
    Deal: lambda state, action: _apply_deal(state, action),
}
_PHASE_OF: Final[dict[type, Phase]] = {
    Bid: Phase.BID,
    Play: Phase.PLAY,
    Deal: Phase.DEAL,
    Call: Phase.CALL,
    ChooseHandSize: Phase.CHOOSE_HAND_SIZE,
    DeclareTrump: Phase.DECLARE_TRUMP,
    ShuffleHands: Phase.SHUFFLE,
}


# --- refusals ----------------------------------------------------------------------


def _safe_legal(state: GameState) -> tuple[object, ...]:
    return () if state.round.to_act in (None, CHANCE) else legal_actions(state)


def _wrong_phase(state: GameState, what: str, expected: Phase) -> WrongPhaseError:
    return refusals.wrong_phase(state, what, expected, _safe_legal(state))


def _illegal_play(state: GameState, action: Play, held: int) -> IllegalActionError:
    return refusals.illegal_play(state, action, held, legal_plays(state))
