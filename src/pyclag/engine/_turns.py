"""The players' decisions, one column each of the decision table
(:mod:`pyclag.engine.decisions`): for the RAF dealer's hand size, the caller's call,
the dealer's trump, a bid and a play, its legal actions, its refusal (from
the rule that decides it, in :mod:`pyclag.rules`) and its transition.

A transition here is called once the engine has checked the phase and the
seat; it checks the rest, raises the rule's refusal, and otherwise returns the
new state. A decision that ends its phase hands over to :func:`~pyclag.engine._flow.advance`,
which enters the next phase the round has.
"""

from __future__ import annotations

from typing import Final

from pyclag._caches import bounded
from pyclag._checks import unchecked, whole
from pyclag.actions import Bid, Call, ChooseHandSize, DeclareTrump
from pyclag.cards import Suit
from pyclag.engine._build import next_state, revise
from pyclag.engine._flow import advance
from pyclag.engine._refusals import refused
from pyclag.engine.position import Position
from pyclag.engine.state import GameState, Phase, RoundSetup, RoundState, seat_to_act
from pyclag.errors import Refusal
from pyclag.rules.bidding import BID_RANGES
from pyclag.rules.round import RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.trumps import NoTrumps
from pyclag.scoring.schemes import ContractScoring

__all__ = [
    "bid_actions",
    "bid_choices",
    "bid_refusal",
    "bid_tricks",
    "bid_values",
    "call_actions",
    "call_refusal",
    "declared_trump",
    "hand_size_actions",
    "hand_size_refusal",
    "take_bid",
    "take_call",
    "take_hand_size",
    "take_trump",
    "trump_actions",
    "trump_choices",
    "trump_refusal",
    "trump_ruling",
]


_PLAY: Final = Phase.PLAY
_ROUND_OVER: Final = Phase.ROUND_OVER


# --- the RAF dealer's hand size (§2.3) ------------------------------------------------


def hand_size_actions(state: GameState) -> tuple[ChooseHandSize, ...]:
    """The hand sizes the dealer may choose, as actions.

    >>> import pyclag
    >>> state = pyclag.new_game(pyclag.presets.RAF, players=4)  # seat 0 deals
    >>> [str(action) for action in hand_size_actions(state)]
    ['3', '4', '5', '6', '7']
    """
    setup = state.round.setup
    seat = seat_to_act(state.round)
    sizes = setup.spec.legal_hand_sizes(setup.players, state.rules.no_turnup)
    return tuple(ChooseHandSize(seat, h) for h in sizes)


def hand_size_refusal(position: Position, action: ChooseHandSize) -> Refusal | None:
    """Why the dealer may not choose ``action.size``.

    >>> import pyclag
    >>> state = pyclag.new_game(pyclag.presets.RAF, players=4)  # seat 0 deals
    >>> hand_size_refusal(state, ChooseHandSize(0, 8)).why
    'not a hand size the dealer may choose'
    """
    setup = position.setup
    size = unchecked(action).size  # as given: the spec's ruling refuses what is not a size
    return setup.spec.hand_size_refusal(setup.players, size, position.rules.no_turnup)


def take_hand_size(state: GameState, action: ChooseHandSize) -> GameState:
    """The transition: the dealer deals ``action.size`` cards each this round.

    >>> import pyclag
    >>> state = pyclag.new_game(pyclag.presets.RAF, players=4)  # seat 0 deals
    >>> state = take_hand_size(state, ChooseHandSize(0, 5))
    >>> state.round.hand_size, state.round.phase.value
    (5, 'deal')
    """
    refusal = hand_size_refusal(state, action)
    if refusal is not None:
        setup = state.round.setup
        legal = setup.spec.legal_hand_sizes(setup.players, state.rules.no_turnup)
        raise refused(state, action, refusal, "hand size", legal)
    rnd = state.round
    setup = revise(rnd.setup, hand_size=action.size)
    return advance(state, setup, Phase.CHOOSE_HAND_SIZE, rnd.bids, rnd.masks)


# --- the RAF caller's call (§2.3, Decision 5) ---------------------------------------------


def call_actions(state: GameState) -> tuple[Call, ...]:
    """Every call the caller may make (696 with the default call rules).

    >>> import random, pyclag
    >>> state = pyclag.new_game(pyclag.presets.get("raf", first_deal_caller="eldest"), players=4)
    >>> state = pyclag.deal(pyclag.choose_hand_size(state, 5), rng=random.Random(1))
    >>> len(call_actions(state)), str(call_actions(state)[0])
    (696, 'trumps:C')
    """
    calls = state.round.setup.spec.calls
    return () if calls is None else calls.legal_calls(seat_to_act(state.round))


def call_refusal(position: Position, action: Call) -> Refusal | None:
    """Why ``action`` is none of the calls the round allows.

    >>> import random, pyclag
    >>> state = pyclag.new_game(pyclag.presets.get("raf", first_deal_caller="eldest"), players=4)
    >>> state = pyclag.deal(pyclag.choose_hand_size(state, 5), rng=random.Random(1))
    >>> call_refusal(state, Call(1, "hearts")).why
    "suits must be a Suit, NO_TRUMPS or a Precedence, not 'hearts'"
    """
    calls = position.setup.spec.calls
    return None if calls is None else calls.refusal(action)


def take_call(state: GameState, action: Call) -> GameState:
    """The transition: the caller's call sets the round's rules (§2.3).

    >>> import random, pyclag
    >>> state = pyclag.new_game(pyclag.presets.get("raf", first_deal_caller="eldest"), players=4)
    >>> state = pyclag.deal(pyclag.choose_hand_size(state, 5), rng=random.Random(1))
    >>> state = take_call(state, Call(1, Suit.HEARTS, blind=True))
    >>> state.round.setup.played.label
    'Trumps H, Blind'
    """
    refusal = call_refusal(state, action)
    if refusal is not None:
        raise refused(state, action, refusal, "call", call_actions(state))
    rnd = state.round
    old = rnd.setup
    played = _called(old.spec, action, state.rules.scoring)
    setup = revise(old, call=action, played=played)
    return advance(state, setup, Phase.CALL, rnd.bids, rnd.masks)


# Keyed by a user-built RoundSpec, Call and ContractScoring: one entry per call made.
@bounded(2048)
def _called(spec: RoundSpec, call: Call, scoring: ContractScoring) -> RoundSpec:
    return spec.with_call(call.choice, scoring)


# --- the dealer calls trumps (§2.0 DEALER_CALLS, A11) ------------------------------------


def trump_choices(setup: RoundSetup) -> tuple[Suit | NoTrumps, ...]:
    """The trumps the dealer may declare (``NO_TRUMPS`` where allowed, A11).

    >>> import pyclag
    >>> from pyclag.rules.catalogue import dealer_calls
    >>> rules = pyclag.NORMAL.with_schedule([dealer_calls(allow_no_trumps=True)])
    >>> trump_choices(pyclag.new_game(rules, players=3).round.setup)
    (<Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>, <Suit.HEARTS: 2>, <Suit.SPADES: 3>, NoTrumps())
    """
    return setup.spec.suits.choices


def trump_actions(state: GameState) -> tuple[DeclareTrump, ...]:
    """The trumps the dealer may declare, as actions.

    >>> import random, pyclag
    >>> rules = pyclag.NORMAL.with_schedule([pyclag.rules.catalogue.dealer_calls(3)])
    >>> state = pyclag.deal(pyclag.new_game(rules, players=4), random.Random(2))  # seat 0 deals
    >>> [str(action) for action in trump_actions(state)]
    ['C', 'D', 'H', 'S']
    """
    seat = seat_to_act(state.round)
    return tuple(DeclareTrump(seat, suit) for suit in trump_choices(state.round.setup))


def trump_ruling(position: Position, action: DeclareTrump) -> Suit | NoTrumps | Refusal:
    """The trump ``action`` declares, or why the dealer may not declare it.

    >>> import random, pyclag
    >>> rules = pyclag.NORMAL.with_schedule([pyclag.rules.catalogue.dealer_calls(3)])
    >>> state = pyclag.deal(pyclag.new_game(rules, players=4), random.Random(2))  # seat 0 deals
    >>> [trump_ruling(state, DeclareTrump(0, suit)) for suit in (Suit.HEARTS, "H")]
    [<Suit.HEARTS: 2>, Refusal(error=<class 'pyclag.errors.IllegalTrumpError'>, ...)]
    """
    return declared_trump(position.setup, action.suit)


def declared_trump(setup: RoundSetup, suit: object) -> Suit | NoTrumps | Refusal:
    """The trump the dealer of the round of ``setup`` declares by naming
    ``suit``, or why they may not (the round's :meth:`DealerCalls.ruling
    <pyclag.rules.trumps.DealerCalls.ruling>`).

    >>> import pyclag
    >>> rules = pyclag.NORMAL.with_schedule([pyclag.rules.catalogue.dealer_calls(3)])
    >>> declared_trump(pyclag.new_game(rules, players=4).round.setup, Suit.CLUBS)
    <Suit.CLUBS: 0>
    >>> declared_trump(pyclag.new_game(pyclag.NORMAL, players=4).round.setup, Suit.CLUBS).why
    'this round has no trump to declare'
    """
    return setup.spec.suits.ruling(suit)


def trump_refusal(position: Position, action: DeclareTrump) -> Refusal | None:
    """Why the dealer may not declare ``action.suit``.

    >>> import random, pyclag
    >>> rules = pyclag.NORMAL.with_schedule([pyclag.rules.catalogue.dealer_calls(3)])
    >>> state = pyclag.deal(pyclag.new_game(rules, players=4), random.Random(2))  # seat 0 deals
    >>> trump_refusal(state, DeclareTrump(0, pyclag.rules.NO_TRUMPS)).why
    'not a trump the dealer may name'
    """
    ruling = trump_ruling(position, action)
    return ruling if isinstance(ruling, Refusal) else None


def take_trump(state: GameState, action: DeclareTrump) -> GameState:
    """The transition: the dealer names trumps, which sets the round's suits.

    >>> import random, pyclag
    >>> rules = pyclag.NORMAL.with_schedule([pyclag.rules.catalogue.dealer_calls(3)])
    >>> state = pyclag.deal(pyclag.new_game(rules, players=4), random.Random(2))  # seat 0 deals
    >>> take_trump(state, DeclareTrump(0, Suit.HEARTS)).round.trump
    <Suit.HEARTS: 2>
    """
    declared = trump_ruling(state, action)
    if isinstance(declared, Refusal):
        legal = trump_choices(state.round.setup)
        raise refused(state, action, declared, "trump declaration", legal)
    rnd = state.round
    played = rnd.setup.spec.with_trump(declared)
    setup = revise(rnd.setup, declared=declared, played=played)
    return advance(state, setup, Phase.DECLARE_TRUMP, rnd.bids, rnd.masks)


# --- bidding (§1.6, §1.7) ------------------------------------------------------------------


def _total(bids: tuple[int | None, ...]) -> int:
    """The total of the bids made so far (None, not yet bid, and 0 add nothing)."""
    return sum(filter(None, bids))


def bid_values(state: GameState, rnd: RoundState) -> tuple[int, ...]:
    """The bids the seat to act may make: ``0..h``, and for the last bidder
    what the hook allows.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> last = pyclag.bid(pyclag.bid(state, 1), 0)  # the dealer, seat 0, bids last
    >>> bid_values(state, state.round), bid_values(last, last.round)
    ((0, 1), (1,))
    """
    return bid_choices(state.rules, rnd.setup, rnd.to_act, rnd.bids)


def bid_choices(
    rules: RuleSet, setup: RoundSetup, seat: object, bids: tuple[int | None, ...]
) -> tuple[int, ...]:
    """The bids ``seat`` may make with ``bids`` made so far: ``0..h``, and for
    the last bidder what the hook allows (§1.6, §1.7): :func:`~pyclag.engine._turns.bid_values` by its
    parts, for the bid transition and a rollout, which hold no round state.

    >>> import pyclag
    >>> setup = pyclag.new_game(pyclag.NORMAL.with_schedule([2]), players=3).round.setup
    >>> bid_choices(pyclag.NORMAL, setup, 1, (None, None, None)), bid_choices(pyclag.NORMAL, setup, 0, (None, 1, 0))
    ((0, 1, 2), (0, 2))
    """
    if seat != setup.last_bidder:
        return BID_RANGES[setup.hand_size]
    return rules.hook.dealer_bids(setup.hand_size, _total(bids))


def bid_actions(state: GameState) -> tuple[Bid, ...]:
    """The legal bids as actions, interned per seat and legal set.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> bid_actions(state)
    (Bid(seat=1, tricks=0), Bid(seat=1, tricks=1))
    """
    rnd = state.round
    return _bids(seat_to_act(rnd), bid_values(state, rnd))


# Seats below 52 and the legal sets the hooks give (a range or a range less one): finite,
# and the bound holds the common ones.
@bounded(4096)
def _bids(seat: int, values: tuple[int, ...]) -> tuple[Bid, ...]:
    return tuple(Bid(seat, tricks) for tricks in values)


def bid_refusal(position: Position, action: Bid) -> Refusal | None:
    """Why ``action`` is refused: out of range, or against the hook.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> bid_refusal(state, Bid(1, 5)).why, bid_refusal(state, Bid(1, 5)).reason
    ('a bid is 0..1 tricks', <Reason.BID_OUT_OF_RANGE: 'bid-out-of-range'>)
    """
    setup = position.setup
    others = _total(position.bids)
    last = action.seat == setup.last_bidder
    # The bid as given: compiled, a read of the field typed int would take True for 1.
    return position.rules.hook.refusal(setup.hand_size, others, last, unchecked(action).tricks)


def bid_tricks(state: GameState, rnd: RoundState, seat: int, tricks: object) -> GameState:
    """The transition: ``seat``, the seat to act (the engine has checked the
    phase and the seat), bids ``tricks``; the last bid ends the phase. The
    verb :func:`pyclag.bid` calls it with the parts, the rows' ``take`` with
    an action's (:func:`~pyclag.engine._turns.take_bid`).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> state = bid_tricks(state, state.round, 1, 0)
    >>> state.round.bids, state.round.to_act
    ((None, 0, None), 2)
    """
    setup = rnd.setup
    last = setup.last_bidder
    if seat == last:  # the hook binds the last bid (§1.7)
        legal = bid_choices(state.rules, setup, seat, rnd.bids)
    else:
        legal = BID_RANGES[setup.hand_size]
    if type(tricks) is not int or tricks not in legal:
        tricks = whole(tricks)  # a NumPy integer is a plain int from here on
        action = Bid(seat, unchecked(tricks))
        refusal = bid_refusal(state, action)
        if refusal is not None:
            raise refused(state, action, refusal, "bid", legal)
    bids = list(rnd.bids)
    bids[seat] = unchecked(tricks)  # a legal bid, an int: checked above
    if seat == last:  # the last bid ends the bidding (§1.6)
        return advance(state, setup, rnd.phase, tuple(bids), rnd.masks)
    return next_state(
        state, setup, rnd.phase, (seat + 1) % setup.players, tuple(bids), rnd.masks, (), ()
    )


def take_bid(state: GameState, action: Bid) -> GameState:
    """The rows' transition: :func:`bid_tricks` with an action's parts.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> take_bid(state, Bid(1, 0)).round.bids
    (None, 0, None)
    """
    # The bid as given (``unchecked``: compiled, a read of the field typed int
    # would refuse a str with mypyc's own TypeError before the bid's ruling).
    return bid_tricks(state, state.round, action.seat, unchecked(action).tricks)
