"""The players' decisions as verbs: for each, a ``legal_*`` query and a
transition for the seat to act (DESIGN.md §4), both reading the decision's
row of :mod:`pyclag.engine.decisions`. Every refusal raises the precise error of
DESIGN.md §5 and leaves the state passed in unchanged.

=======================  ============================  ======================
decision                 query                         transition
=======================  ============================  ======================
RAF dealer's hand size   :func:`legal_hand_sizes`      :func:`choose_hand_size`
RAF caller's call        :func:`legal_calls`           :func:`call`
dealer calls trumps      :func:`legal_trumps`          :func:`declare_trump`
bid                      :func:`legal_bids`            :func:`bid`
play                     :func:`legal_plays`,          :func:`play`
                         :func:`legal_declarations`
=======================  ============================  ======================

>>> import random, pyclag
>>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(7))
>>> pyclag.legal_actions(state)
(Bid(seat=1, tricks=0), Bid(seat=1, tricks=1))
"""

from __future__ import annotations

from pyclag.actions import Call, ChooseHandSize, DeclareTrump
from pyclag.cards import Card, Rank, Suit
from pyclag.engine import _plays, _turns
from pyclag.engine._game import apply, misplaced_bid, wrong_phase_error
from pyclag.engine._refusals import describe, not_a_state, refused, where
from pyclag.engine.decisions import BY_PHASE
from pyclag.engine.state import GameState, Phase, RoundState, seat_to_act
from pyclag.errors import IllegalDeclarationError, Reason
from pyclag.rules.trumps import NoTrumps

__all__ = [
    "bid",
    "call",
    "choose_hand_size",
    "declare_trump",
    "legal_bids",
    "legal_calls",
    "legal_declarations",
    "legal_hand_sizes",
    "legal_plays",
    "legal_trumps",
    "play",
]

# Module aliases: an enum member read through its class costs ~50 ns in CPython 3.11.
_BID, _BID_FIRST, _PLAY = Phase.BID, Phase.BID_BEFORE_DEAL, Phase.PLAY


def _round(func: str, state: GameState, phase: Phase, what: str | None = None) -> RoundState:
    """The round of ``state`` if it waits for a decision of ``phase`` by a
    seat; else WrongPhaseError naming ``what`` (by default the function
    ``func``), or TypeError if it is not a state."""
    try:
        rnd = state.round
    except AttributeError:
        raise not_a_state(func, state) from None
    current = rnd.phase
    if current is not phase and not (phase is _BID and current is _BID_FIRST):
        raise wrong_phase_error(state, func if what is None else what, phase)
    return rnd


# --- the RAF dealer's hand size --------------------------------------------------


def legal_hand_sizes(state: GameState) -> tuple[int, ...]:
    """The hand sizes the RAF dealer may choose: 3 to 7 (§2.3 [V]).

    >>> import pyclag
    >>> pyclag.legal_hand_sizes(pyclag.new_game(pyclag.presets.get("raf"), players=4))
    (3, 4, 5, 6, 7)
    """
    setup = _round("legal_hand_sizes", state, Phase.CHOOSE_HAND_SIZE).setup
    return setup.spec.legal_hand_sizes(setup.players, state.rules.no_turnup)


def choose_hand_size(state: GameState, size: int) -> GameState:
    """The RAF dealer deals ``size`` cards each this round.

    >>> import pyclag
    >>> state = pyclag.new_game(pyclag.presets.get("raf"), players=4)
    >>> pyclag.choose_hand_size(state, 5).round.hand_size
    5
    >>> pyclag.choose_hand_size(state, 8)
    Traceback (most recent call last):
    pyclag.errors.IllegalHandSizeError: illegal hand size 8 by seat 0: not a hand size the dealer may choose in round 1 (hand size to choose, dealer seat 0); legal hand sizes: 3 4 5 6 7
    """
    what = f"illegal hand size {size!r}"
    rnd = _round("choose_hand_size", state, Phase.CHOOSE_HAND_SIZE, what)
    return apply(state, ChooseHandSize(seat_to_act(rnd), size))


# --- the RAF caller ------------------------------------------------------------------


def legal_calls(state: GameState) -> tuple[Call, ...]:
    """Every call the RAF caller may make: 696 in all (Decision 5).

    >>> import random, pyclag
    >>> state = pyclag.new_game(pyclag.presets.get("raf", first_deal_caller="eldest"), players=4)
    >>> state = pyclag.deal(pyclag.choose_hand_size(state, 5), rng=random.Random(1))
    >>> len(pyclag.legal_calls(state))
    696
    """
    _round("legal_calls", state, Phase.CALL)
    return _turns.call_actions(state)


def call(state: GameState, choice: Call) -> GameState:
    """The caller makes ``choice``, which sets this round's rules (§2.3).

    >>> import random, pyclag
    >>> from pyclag.rules import RED_OVER_BLACK, Precedence
    >>> state = pyclag.new_game(pyclag.presets.get("raf", first_deal_caller="eldest"), players=4)
    >>> state = pyclag.deal(pyclag.choose_hand_size(state, 5), rng=random.Random(1))
    >>> choice = pyclag.Call(1, Precedence(RED_OVER_BLACK), nuloss=True, madness=pyclag.Madness.ASCENDING)
    >>> pyclag.call(state, choice).round.setup.played.label
    'Precedence DHSC, Nuloss, Ascending Madness'
    """
    _round("call", state, Phase.CALL, describe(choice, "call"))
    if not isinstance(choice, Call):  # the rule says why: not a Call
        row = BY_PHASE[Phase.CALL]
        refusal = row.check(state, choice)
        if refusal is not None:
            raise refused(state, choice, refusal, row.noun, row.legal(state))
    return apply(state, choice)


# --- the dealer calls trumps ------------------------------------------------------------


def legal_trumps(state: GameState) -> tuple[Suit | NoTrumps, ...]:
    """The trump suits the dealer may declare in a dealer-calls round
    (``NO_TRUMPS`` too, where allowed) (§2.0 ``DEALER_CALLS``).

    >>> import random, pyclag
    >>> pagat = pyclag.presets.get("pagat")
    >>> state = pyclag.deal(pyclag.new_game(pagat.with_schedule([pagat.schedule[13]]), 4), rng=random.Random(2))
    >>> pyclag.legal_trumps(state)
    (<Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>, <Suit.HEARTS: 2>, <Suit.SPADES: 3>)
    """
    return _turns.trump_choices(_round("legal_trumps", state, Phase.DECLARE_TRUMP).setup)


def declare_trump(state: GameState, suit: Suit | NoTrumps) -> GameState:
    """The dealer names ``suit`` as trumps (or ``NO_TRUMPS``, where allowed).

    >>> import random, pyclag
    >>> pagat = pyclag.presets.get("pagat")
    >>> state = pyclag.deal(pyclag.new_game(pagat.with_schedule([pagat.schedule[13]]), 4), rng=random.Random(2))
    >>> pyclag.declare_trump(state, pyclag.Suit.HEARTS).round.trump
    <Suit.HEARTS: 2>
    >>> pyclag.declare_trump(state, pyclag.rules.NO_TRUMPS)
    Traceback (most recent call last):
    pyclag.errors.IllegalTrumpError: illegal trump declaration no-trumps by seat 0: not a trump the dealer may name in round 1 (7 cards, dealer seat 0); legal trumps: C D H S
    """
    what = f"illegal trump declaration {suit!r}"
    rnd = _round("declare_trump", state, Phase.DECLARE_TRUMP, what)
    return apply(state, DeclareTrump(seat_to_act(rnd), suit))


# --- bidding ----------------------------------------------------------------------------


def legal_bids(state: GameState) -> tuple[int, ...]:
    """The bids the seat to act may make: ``0..h``, and for the last bidder only
    what the hook allows (§1.6, §1.7).

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> pyclag.legal_bids(state)
    (0, 1)
    """
    rnd = _round("legal_bids", state, _BID)
    return _turns.bid_values(state, rnd)


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
    try:
        rnd = state.round
    except AttributeError:
        raise not_a_state("bid", state) from None
    current, seat = rnd.phase, rnd.to_act
    if (current is not _BID and current is not _BID_FIRST) or type(seat) is not int:
        raise misplaced_bid(state, f"illegal bid {tricks!r}")
    return _turns.bid_tricks(state, rnd, seat, tricks)


# --- play ---------------------------------------------------------------------------------


def legal_plays(state: GameState) -> tuple[Card, ...]:
    """The cards the seat to act may play: any card to lead; otherwise a card
    of the suit led if it holds one (§1.8; wild twos: §2.0 rules 4-6).

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 0), 1), 1)
    >>> pyclag.legal_plays(state) == state.round.hands[state.round.to_act].cards
    True
    """
    try:
        rnd = state.round
    except AttributeError:
        raise not_a_state("legal_plays", state) from None
    seat = rnd.to_act
    if rnd.phase is not _PLAY or type(seat) is not int:
        raise wrong_phase_error(state, "legal_plays", _PLAY)
    return _plays.play_cards(rnd, seat)


def legal_declarations(state: GameState, card: Card) -> tuple[Card, ...]:
    """The cards a wild two played now may stand for (§2.0 rules 1-8).

    >>> import pyclag, random
    >>> spec = pyclag.presets.get("pagat").schedule[11]
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([spec]), 4), rng=random.Random(0))
    >>> for tricks in (2, 2, 2, 2):
    ...     state = pyclag.bid(state, tricks)
    >>> two = next(card for card in pyclag.legal_plays(state) if card.rank is pyclag.Rank.TWO)
    >>> len(pyclag.legal_declarations(state, two))
    52
    """
    rnd = _round("legal_declarations", state, _PLAY)
    seat = seat_to_act(rnd)
    twos = rnd.setup.played.twos
    held = rnd.masks[seat]
    if twos is None or type(card) is not Card or card.rank is not Rank.TWO or not held & card.mask:
        why = (
            "twos are not wild in this round"
            if twos is None
            else f"seat {seat} holds no wild two {card!r}"
        )
        raise IllegalDeclarationError(
            f"legal_declarations({card!r}): {why} in {where(state)}", Reason.BAD_DECLARATION
        )
    return _plays.declarations_now(rnd, card)


def play(state: GameState, card: Card, as_card: Card | None = None) -> GameState:
    """The seat to act plays ``card``; a wild two names ``as_card``, the card it
    stands for.

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 0), 1), 1)
    >>> pyclag.play(state, pyclag.Card.parse("AS"))
    Traceback (most recent call last):
    pyclag.errors.IllegalPlayError: illegal play AS by seat 1: seat 1 does not hold AS in round 1 (1 card, dealer seat 0); legal plays: QS
    """
    try:
        rnd = state.round
    except AttributeError:
        raise not_a_state("play", state) from None
    seat = rnd.to_act
    if rnd.phase is not _PLAY or type(seat) is not int:
        shown = card if type(card) is Card else repr(card)
        raise wrong_phase_error(state, f"illegal play {shown}", _PLAY)
    return _plays.play_card(state, rnd, seat, card, as_card)
