"""The players' decisions: for each, a ``legal_*`` query and a transition for
the seat to act (DESIGN.md §4). Every refusal raises the precise error of
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

from typing import Final

from pyclag import _flow as flow
from pyclag import _refusals as refusals
from pyclag.actions import Bid, Call, ChooseHandSize, DeclareTrump, Play, PlayerAction
from pyclag.cards import Card, Rank, Suit
from pyclag.errors import (
    IllegalActionError,
    IllegalCallError,
    IllegalDeclarationError,
    Reason,
    WrongPhaseError,
)
from pyclag.hand import ONE_SUIT, cards_of
from pyclag.rules import wild
from pyclag.rules.deals import TwosWild
from pyclag.rules.tricks import best_play
from pyclag.rules.trumps import DealerCalls
from pyclag.state import (
    CHANCE,
    GameState,
    Phase,
    RoundSetup,
    RoundState,
    Trick,
    _game_state,
    _round_state,
)

__all__ = [
    "bid",
    "call",
    "choose_hand_size",
    "declare_trump",
    "legal_actions",
    "legal_bids",
    "legal_calls",
    "legal_declarations",
    "legal_hand_sizes",
    "legal_plays",
    "legal_trumps",
    "play",
]

# Module aliases: an enum member read through its class costs ~50 ns in CPython 3.11.
_BID, _BID_FIRST, _PLAY, _ROUND_OVER = (
    Phase.BID,
    Phase.BID_BEFORE_DEAL,
    Phase.PLAY,
    Phase.ROUND_OVER,
)
_NATURAL_PLAYS: Final = flow.NATURAL_PLAYS
_TWOS: Final = wild.TWOS
_NOT_TWOS: Final = ((1 << 52) - 1) ^ _TWOS


def _seat(func: str, state: GameState, phase: Phase, what: str | None = None) -> int:
    """The seat to act, if the state is in ``phase``; else WrongPhaseError naming
    ``what`` (by default the function ``func``), or TypeError if it is not a state."""
    try:
        rnd = state.round
    except AttributeError:
        raise refusals.not_a_state(func, state) from None
    seat = rnd.to_act
    if rnd.phase is not phase or type(seat) is not int:
        raise _wrong_phase(state, func if what is None else what, phase)
    return seat


# --- the RAF dealer's hand size --------------------------------------------------


def legal_hand_sizes(state: GameState) -> tuple[int, ...]:
    """The hand sizes the RAF dealer may choose: 3 to 7 (§2.3 [V]).

    >>> import pyclag
    >>> pyclag.legal_hand_sizes(pyclag.new_game(pyclag.presets.get("raf"), players=4))
    (3, 4, 5, 6, 7)
    """
    _seat("legal_hand_sizes", state, Phase.CHOOSE_HAND_SIZE)
    return _hand_sizes(state.round.setup)


def _hand_sizes(setup: RoundSetup) -> tuple[int, ...]:
    return tuple(h for h in setup.spec.hand_sizes if h * setup.players <= 52)


def choose_hand_size(state: GameState, size: int) -> GameState:
    """The RAF dealer deals ``size`` cards each this round.

    >>> import pyclag
    >>> state = pyclag.new_game(pyclag.presets.get("raf"), players=4)
    >>> pyclag.choose_hand_size(state, 5).round.hand_size
    5
    >>> pyclag.choose_hand_size(state, 8)
    Traceback (most recent call last):
    pyclag.errors.IllegalActionError: illegal hand size 8 by seat 0: not a hand size the dealer may choose in round 1 (hand size to choose, dealer seat 0); legal hand sizes: 3 4 5 6 7
    """
    seat = _seat("choose_hand_size", state, Phase.CHOOSE_HAND_SIZE, f"illegal hand size {size!r}")
    rnd = state.round
    old = rnd.setup
    legal = _hand_sizes(old)
    if type(size) is not int or size not in legal:
        shown = " ".join(map(str, legal))
        raise IllegalActionError(
            f"{refusals.describe(ChooseHandSize(seat, size))}: not a hand size the dealer may "
            f"choose in {refusals.where(state)}; legal hand sizes: {shown}",
            Reason.BAD_HAND_SIZE,
            legal,
        )
    setup = RoundSetup(old.index, old.spec, old.players, old.dealer, size, caller=old.caller)
    return flow.advance(state, setup, Phase.CHOOSE_HAND_SIZE, rnd.bids, rnd.masks)


# --- the RAF caller ------------------------------------------------------------------


def legal_calls(state: GameState) -> tuple[Call, ...]:
    """Every call the RAF caller may make: 696 in all (Decision 5).

    >>> import random, pyclag
    >>> state = pyclag.new_game(pyclag.presets.get("raf", first_deal_caller="eldest"), players=4)
    >>> state = pyclag.deal(pyclag.choose_hand_size(state, 5), rng=random.Random(1))
    >>> len(pyclag.legal_calls(state))
    696
    """
    seat = _seat("legal_calls", state, Phase.CALL)
    calls = state.round.setup.spec.calls
    assert calls is not None  # a round has a CALL phase only if it has call rules
    return calls.legal_calls(seat)


def call(state: GameState, choice: Call) -> GameState:
    """The caller makes ``choice``, which sets this round's rules (§2.3).

    >>> import random, pyclag
    >>> from pyclag.rules import RED_OVER_BLACK, Precedence
    >>> state = pyclag.new_game(pyclag.presets.get("raf", first_deal_caller="eldest"), players=4)
    >>> state = pyclag.deal(pyclag.choose_hand_size(state, 5), rng=random.Random(1))
    >>> choice = pyclag.Call(1, Precedence(RED_OVER_BLACK), nuloss=True, madness=pyclag.Madness.ASCENDING)
    >>> pyclag.call(state, choice).round.setup.spec.label
    'Precedence DHSC, Nuloss, Ascending Madness'
    """
    seat = _seat("call", state, Phase.CALL, refusals.describe(choice))
    rnd = state.round
    old = rnd.setup
    calls = old.spec.calls
    assert calls is not None
    legal = calls.legal_calls(seat)
    # The type check refuses True or 1.0 standing for seat 1, as apply does.
    if isinstance(choice, Call) and (choice.seat != seat or type(choice.seat) is not int):
        raise refusals.out_of_turn(state, choice, legal)
    try:
        # 1 == True and hashes alike: the flags' types are checked as well.
        known = choice in calls.call_set(seat) and all(
            type(flag) is bool for flag in (choice.nuloss, choice.blind, choice.misere)
        )
    except TypeError:  # an unhashable stranger
        known = False
    if not known:
        raise IllegalCallError(
            f"{refusals.describe(choice)}: {refusals.bad_call(choice, calls)} in "
            f"{refusals.where(state)}; legal_calls() lists the {len(legal)} legal calls",
            Reason.BAD_CALL,
            legal,
        )
    spec = old.spec.with_call(choice, state.rules.scoring)
    setup = RoundSetup(
        old.index, spec, old.players, old.dealer, old.hand_size, old.deck, None, None, seat, choice
    )
    return flow.advance(state, setup, Phase.CALL, rnd.bids, rnd.masks)


# --- the dealer calls trumps ------------------------------------------------------------


def legal_trumps(state: GameState) -> tuple[Suit | None, ...]:
    """The trump suits the dealer may declare in a dealer-calls round (``None``:
    no trumps, where allowed) (§2.0 ``DEALER_CALLS``).

    >>> import random, pyclag
    >>> state = pyclag.new_game(pyclag.presets.get("pagat").with_schedule([pyclag.presets.get("pagat").schedule[13]]), 4)
    >>> pyclag.legal_trumps(pyclag.deal(state, rng=random.Random(2)))
    (<Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>, <Suit.HEARTS: 2>, <Suit.SPADES: 3>)
    """
    _seat("legal_trumps", state, Phase.DECLARE_TRUMP)
    suits = state.round.setup.spec.suits
    assert isinstance(suits, DealerCalls)
    return suits.choices


def declare_trump(state: GameState, suit: Suit | None) -> GameState:
    """The dealer names ``suit`` as trumps (``None``: no trumps, where allowed).

    >>> import random, pyclag
    >>> state = pyclag.new_game(pyclag.presets.get("pagat").with_schedule([pyclag.presets.get("pagat").schedule[13]]), 4)
    >>> state = pyclag.deal(state, rng=random.Random(2))
    >>> pyclag.declare_trump(state, pyclag.Suit.HEARTS).round.trump
    <Suit.HEARTS: 2>
    >>> pyclag.declare_trump(state, None)
    Traceback (most recent call last):
    pyclag.errors.IllegalCallError: illegal trump declaration None by seat 0: not a trump the dealer may name in round 1 (7 cards, dealer seat 0); legal trumps: C D H S
    """
    seat = _seat("declare_trump", state, Phase.DECLARE_TRUMP, f"illegal trump declaration {suit!r}")
    legal = legal_trumps(state)
    if suit not in legal or (suit is not None and type(suit) is not Suit):
        shown = " ".join("no trumps" if s is None else s.letter for s in legal)
        raise IllegalCallError(
            f"{refusals.describe(DeclareTrump(seat, suit))}: not a trump the dealer may name "
            f"in {refusals.where(state)}; legal trumps: {shown}",
            Reason.BAD_CALL,
            legal,
        )
    rnd = state.round
    old = rnd.setup
    spec = old.spec.with_trump(suit)
    setup = RoundSetup(old.index, spec, old.players, old.dealer, old.hand_size, old.deck)
    return flow.advance(state, setup, Phase.DECLARE_TRUMP, rnd.bids, rnd.masks)


# --- bidding ----------------------------------------------------------------------------


def legal_bids(state: GameState) -> tuple[int, ...]:
    """The bids the seat to act may make: ``0..h``, and for the dealer only what
    the hook allows (§1.6, §1.7).

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> pyclag.legal_bids(state)
    (0, 1)
    """
    try:
        rnd = state.round
    except AttributeError:
        raise refusals.not_a_state("legal_bids", state) from None
    if (
        rnd.phase is not _BID and rnd.phase is not _BID_FIRST
    ):  # a bid phase always has a seat to act
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
        raise refusals.not_a_state("bid", state) from None
    seat = rnd.to_act
    phase = rnd.phase
    if (phase is not _BID and phase is not _BID_FIRST) or type(seat) is not int:
        raise _wrong_phase(state, f"illegal bid {tricks!r}", Phase.BID)
    setup = rnd.setup
    legal = _BID_RANGES[setup.hand_size] if seat != setup.dealer else _legal_bids(state, rnd)
    if tricks not in legal or (type(tricks) is not int and not refusals.is_int(tricks)):
        raise refusals.illegal_bid(state, Bid(seat, tricks), legal)
    bids = list(rnd.bids)
    bids[seat] = tricks
    if seat == setup.dealer:  # the dealer bids last (§1.6)
        return flow.advance(state, setup, phase, tuple(bids), rnd.masks)
    new_round = _round_state(
        setup, phase, (seat + 1) % setup.players, tuple(bids), rnd.masks, (), ()
    )
    return _game_state(state.rules, state.history, new_round)


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
        raise refusals.not_a_state("legal_plays", state) from None
    seat = rnd.to_act
    if rnd.phase is not _PLAY or type(seat) is not int:
        raise _wrong_phase(state, "legal_plays", Phase.PLAY)
    held = rnd.masks[seat]
    # Wild twos change nothing for a player who holds no two (rule 5).
    if held & _TWOS:
        twos = rnd.setup.spec.twos
        if twos is not None:
            return cards_of(_wild_mask(rnd, twos, held))
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


def _wild_mask(rnd: RoundState, twos: TwosWild, held: int) -> int:
    """The legal cards in a twos-wild round (§2.0 rules 4-8)."""
    return wild.legal_mask(twos, rnd.trick, held, rnd.trump, _seen(rnd))


def _declarations(rnd: RoundState, twos: TwosWild, held: int) -> tuple[Card, ...]:
    return wild.declarations(twos, rnd.trick, held, rnd.trump, _seen(rnd))


def _seen(rnd: RoundState) -> int:
    """The cards every player has seen this round: the turn-up and the cards played."""
    seen = rnd.setup.turnup.mask if rnd.setup.turnup is not None else 0
    for trick in rnd.tricks:
        for past in trick.plays:
            seen |= past.card.mask
    for past in rnd.trick:
        seen |= past.card.mask
    return seen


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
    seat = _seat("legal_declarations", state, _PLAY)
    rnd = state.round
    twos = rnd.setup.spec.twos
    held = rnd.masks[seat]
    if twos is None or type(card) is not Card or card.rank is not Rank.TWO or not held & card.mask:
        why = (
            "twos are not wild in this round"
            if twos is None
            else f"seat {seat} holds no wild two {card!r}"
        )
        raise IllegalDeclarationError(
            f"legal_declarations({card!r}): {why} in {refusals.where(state)}",
            Reason.BAD_DECLARATION,
        )
    if not _wild_mask(rnd, twos, held) & card.mask:
        return ()
    return _declarations(rnd, twos, held)


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
        raise refusals.not_a_state("play", state) from None
    seat = rnd.to_act
    if rnd.phase is not _PLAY or type(seat) is not int:
        raise _wrong_phase(state, f"illegal play {card}", Phase.PLAY)
    held = rnd.masks[seat]
    trick = rnd.trick
    setup = rnd.setup
    if (
        type(card) is Card
        and as_card is None
        and _legal_mask(trick, held) & card.mask
        and (card.mask & _NOT_TWOS or setup.spec.twos is None)
    ):
        # A legal natural card other than a two is legal whether twos are wild
        # or not (rule 5 only frees more cards), so one check serves both.
        played = _NATURAL_PLAYS[seat][card.index]
    else:
        played = _checked_play(state, rnd, Play(seat, card, as_card), held)
    masks = list(rnd.masks)
    masks[seat] = held ^ card.mask
    trick += (played,)
    players = setup.players
    if len(trick) < players:
        next_round = _round_state(
            setup, _PLAY, (seat + 1) % players, rnd.bids, tuple(masks), trick, rnd.tricks
        )
        return _game_state(state.rules, state.history, next_round)
    rules = setup.round_rules
    assert rules is not None  # the trump is known before play
    winner = best_play(trick, rules).seat
    tricks = (*rnd.tricks, Trick(trick[0].seat, trick, winner))
    if len(tricks) < setup.hand_size:
        next_round = _round_state(setup, _PLAY, winner, rnd.bids, tuple(masks), (), tricks)
        return _game_state(state.rules, state.history, next_round)
    last = _round_state(setup, _ROUND_OVER, None, rnd.bids, tuple(masks), (), tricks)
    return flow.finish_round(state, last)


def _checked_play(state: GameState, rnd: RoundState, action: Play, held: int) -> Play:
    """Check a two, or a play that is not plainly legal; the play to record."""
    card, as_card = action.card, action.as_card
    twos = rnd.setup.spec.twos
    fits = _legal_mask(rnd.trick, held) if twos is None else _wild_mask(rnd, twos, held)
    if type(card) is not Card or not fits & card.mask:
        raise _illegal_play(state, action, held)
    if twos is None or card.rank is not Rank.TWO:
        if as_card is not None:  # only a wild two names another card
            raise _illegal_play(state, action, held)
        return _NATURAL_PLAYS[action.seat][card.index]
    legal = _declarations(rnd, twos, held)
    if type(as_card) is not Card or as_card not in legal:
        why = (
            "a wild two must name the card it stands for"
            if as_card is None
            else f"{card} may not stand for {refusals.shown(as_card)}"
        )
        raise IllegalDeclarationError(
            f"{refusals.describe(action)}: {why} in {refusals.where(state)}; "
            f"legal declarations: {' '.join(map(str, legal))}",
            Reason.BAD_DECLARATION,
            legal,
        )
    return Play(action.seat, card, as_card)


# --- every decision ------------------------------------------------------------------------


def legal_actions(state: GameState) -> tuple[PlayerAction, ...]:
    """Every legal action of the seat to act; ``()`` when the game is over.

    At a chance node there is no list (52! orders): use :func:`pyclag.sample_chance`.

    >>> import pyclag, random
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL, players=3), rng=random.Random(1))
    >>> pyclag.legal_actions(state)
    (Bid(seat=1, tricks=0), Bid(seat=1, tricks=1))
    """
    try:
        rnd = state.round
    except AttributeError:
        raise refusals.not_a_state("legal_actions", state) from None
    seat = rnd.to_act
    current = rnd.phase
    if current is _ROUND_OVER:
        return ()
    if type(seat) is not int:
        raise _wrong_phase(state, "legal_actions", Phase.BID)
    if current is _BID or current is _BID_FIRST:
        return tuple(Bid(seat, b) for b in _legal_bids(state, rnd))
    if current is _PLAY:
        twos = rnd.setup.spec.twos
        if twos is None:
            return tuple(_NATURAL_PLAYS[seat][c.index] for c in legal_plays(state))
        return tuple(
            Play(seat, c, d) if c.rank is Rank.TWO else _NATURAL_PLAYS[seat][c.index]
            for c in legal_plays(state)
            for d in (legal_declarations(state, c) if c.rank is Rank.TWO else (None,))
        )
    if current is Phase.CALL:
        return legal_calls(state)
    if current is Phase.DECLARE_TRUMP:
        return tuple(DeclareTrump(seat, suit) for suit in legal_trumps(state))
    return tuple(ChooseHandSize(seat, h) for h in legal_hand_sizes(state))


# --- refusals ----------------------------------------------------------------------


def _safe_legal(state: GameState) -> tuple[object, ...]:
    """What the state allows, for an error's ``.legal`` (nothing at a chance node)."""
    return () if state.round.to_act in (None, CHANCE) else legal_actions(state)


def _wrong_phase(state: GameState, what: str, expected: Phase) -> WrongPhaseError:
    """``what`` needs phase ``expected``, which the state is not in."""
    return refusals.wrong_phase(state, what, expected, _safe_legal(state))


def _illegal_play(state: GameState, action: Play, held: int) -> IllegalActionError:
    return refusals.illegal_play(state, action, held, legal_plays(state))
