"""The errors that refuse an action (DESIGN.md §5): each names the input, the
reason and what was legal, and describes the state compactly. Arguments of the
wrong type that are not game input (a state, an rng, round rules) get a
TypeError naming the function, the parameter and what was given.

>>> import pyclag
>>> where(pyclag.new_game(pyclag.NORMAL, players=4))
'round 1 (1 card, dealer seat 0)'
>>> not_a_state("legal_bids", None)
TypeError('legal_bids: state must be a GameState, not NoneType')
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Final, cast

from pyclag.actions import Bid, Call, ChooseHandSize, DeclareTrump, Play
from pyclag.cards import DECK, Card, Rank, Suit
from pyclag.errors import (
    IllegalActionError,
    IllegalBidError,
    IllegalDeclarationError,
    IllegalPlayError,
    OutOfTurnError,
    Reason,
    WrongPhaseError,
)
from pyclag.hand import cards_of
from pyclag.rules.calls import CallRules
from pyclag.state import CHANCE, GameState, Phase

DECK_SET: Final = frozenset(DECK)


def not_a(func: str, param: str, expected: str, value: object) -> TypeError:
    """The error for an argument of the wrong type that is not game input."""
    return TypeError(f"{func}: {param} must be {expected}, not {type(value).__name__}")


def not_a_state(func: str, state: object) -> TypeError:
    """The error for a ``state`` argument that is not a GameState. Hot paths call
    it when reading ``state.round`` raises AttributeError (a try costs nothing)."""
    return not_a(func, "state", "a GameState", state)


def check_state(func: str, state: object) -> GameState:
    """``state``, if it is a GameState (for functions off the hot paths)."""
    if not isinstance(state, GameState):
        raise not_a_state(func, state)
    return state


def check_rng(func: str, rng: object) -> random.Random:
    """``rng``, if it is a random.Random."""
    if not isinstance(rng, random.Random):
        raise not_a(func, "rng", "a random.Random", rng)
    return rng


def check_deck(deck: object) -> tuple[Card, ...]:
    """``deck`` as a tuple, if it holds the 52 distinct cards; else IllegalActionError."""
    if not isinstance(deck, Iterable):
        raise IllegalActionError(
            f"a deck must hold the 52 distinct cards, top first; got {type(deck).__name__} "
            f"{deck!r}",
            Reason.BAD_DECK,
        )
    items = tuple(deck)
    try:  # cards are interned, so the 52 distinct cards are exactly the set of DECK
        bad = len(items) != 52 or set(items) != DECK_SET
    except TypeError:  # an unhashable item
        bad = True
    if bad:
        cards = [c for c in items if isinstance(c, Card)]
        missing = sorted(DECK_SET - set(cards), key=lambda c: c.index)
        strangers = [c for c in items if not isinstance(c, Card)]
        twice = sorted({c for c in cards if cards.count(c) > 1}, key=lambda c: c.index)
        details = []
        if missing:
            details.append("missing " + " ".join(map(str, missing)))
        if twice:
            details.append("repeated " + " ".join(map(str, twice)))
        if strangers:
            details.append("not cards: " + ", ".join(map(repr, strangers[:5])))
        raise IllegalActionError(
            f"a deck must hold the 52 distinct cards, top first; got {len(items)} items ("
            + "; ".join(details)
            + ")",
            Reason.BAD_DECK,
        )
    return cast(tuple[Card, ...], items)


def check_piles(state: GameState, orders: Any) -> tuple[tuple[Card, ...], ...]:
    """Each seat's face-down order, checked to hold exactly that seat's cards."""
    masks = state.round.masks
    try:
        piles = tuple(tuple(order) for order in orders)
    except TypeError:
        piles = ()
    for seat, mask in enumerate(masks):
        pile = piles[seat] if seat < len(piles) else ()
        if (
            not all(type(card) is Card for card in pile)
            or len(pile) != len(set(pile))
            or sum(card.mask for card in pile) != mask
        ):
            raise IllegalActionError(
                f"a face-down shuffle gives each seat an order of its own cards; seat {seat} "
                f"holds {' '.join(map(str, cards_of(mask)))}, not {' '.join(map(shown, pile))} "
                f"in {where(state)}",
                Reason.BAD_SHUFFLE,
            )
    if len(piles) != len(masks):
        raise IllegalActionError(
            f"a face-down shuffle has one order per seat: {len(masks)}, not {len(piles)} "
            f"in {where(state)}",
            Reason.BAD_SHUFFLE,
        )
    return piles


def illegal_bid(state: GameState, action: Bid, legal: tuple[int, ...]) -> IllegalBidError:
    """Why ``action`` is not among the ``legal`` bids."""
    rnd, tricks = state.round, action.tricks
    h = rnd.setup.hand_size
    if not is_int(tricks):
        why, reason = (
            f"a bid is a whole number of tricks, not {type(tricks).__name__}",
            Reason.NOT_AN_INTEGER,
        )
    elif action.seat == rnd.setup.dealer and 0 <= tricks <= h:
        others = sum(b for b in rnd.bids if b is not None)
        why, reason = state.rules.hook.describe(h, others), Reason.DEALER_RESTRICTION
    else:
        why, reason = f"a bid is 0..{h} tricks", Reason.BID_OUT_OF_RANGE
    return IllegalBidError(
        f"{describe(action)}: {why} in {where(state)}; legal bids: {' '.join(map(str, legal))}",
        reason,
        legal,
    )


def illegal_play(
    state: GameState, action: Play, held: int, legal: tuple[Card, ...]
) -> IllegalActionError:
    """Why ``action`` cannot be played by a seat holding ``held``; ``legal`` are the legal cards."""
    rnd, card = state.round, action.card
    shown = " ".join(map(str, legal))
    if type(card) is not Card:
        return IllegalPlayError(
            f"{describe(action)}: not a Card (use Card.parse) in {where(state)}; legal plays: {shown}",
            Reason.NOT_A_CARD,
            legal,
        )
    wild = rnd.setup.spec.twos is not None
    if not held & card.mask:
        why, reason = f"seat {action.seat} does not hold {card}", Reason.CARD_NOT_HELD
    elif action.as_card is not None and (not wild or card.rank is not Rank.TWO):
        why = "twos are not wild" if not wild else f"only a two is wild, {card} is played as itself"
        return IllegalDeclarationError(
            f"{describe(action)}: {why} in {where(state)}; play {card} as itself",
            Reason.BAD_DECLARATION,
            (),
        )
    elif not rnd.trick:  # only a wild two can be unfit to lead (§2.0 rule 6 option)
        why, reason = "a two may not be led in this round", Reason.TWO_MAY_NOT_LEAD
    else:
        led = rnd.trick[0].effective.suit
        why, reason = f"must follow suit {led.letter}", Reason.MUST_FOLLOW_SUIT
    return IllegalPlayError(
        f"{describe(action)}: {why} in {where(state)}; legal plays: {shown}", reason, legal
    )


def shown(value: object) -> str:
    """A card as the player writes it; anything else as Python shows it."""
    return str(value) if type(value) is Card else repr(value)


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def where(state: GameState) -> str:
    setup = state.round.setup
    if not setup.hand_size:
        size = "hand size to choose"
    else:
        size = f"{setup.hand_size} {'card' if setup.hand_size == 1 else 'cards'}"
    return f"round {setup.index + 1} ({size}, dealer seat {setup.dealer})"


def describe(action: object) -> str:
    """The action as a refusal names it: "illegal bid 2 by seat 3"."""
    if isinstance(action, Bid):
        what = f"bid {action.tricks!r}"
    elif isinstance(action, Play):
        shown = action.card if isinstance(action.card, Card) else repr(action.card)
        named = "" if action.as_card is None else f"={action.as_card}"
        what = f"play {shown}{named}"
    elif isinstance(action, Call):
        try:
            what = f"call {action.label!r}"
        except AttributeError:
            what = f"call {action!r}"
    elif isinstance(action, ChooseHandSize):
        what = f"hand size {action.size!r}"
    elif isinstance(action, DeclareTrump):
        suit = action.suit
        what = f"trump declaration {suit.letter if isinstance(suit, Suit) else repr(suit)}"
    else:
        return f"illegal {type(action).__name__.lower()}"
    return f"illegal {what} by seat {action.seat!r}"


def out_of_turn(state: GameState, action: object, legal: tuple[object, ...]) -> OutOfTurnError:
    """``action`` is for another seat than the one to act."""
    rnd = state.round
    turn = f"it is seat {rnd.to_act}'s turn to {VERB[rnd.phase]}"
    return OutOfTurnError(
        f"{describe(action)}: {turn} in {where(state)}", Reason.OUT_OF_TURN, legal
    )


def bad_call(call: object, rules: CallRules) -> str:
    """Why ``call`` is none of the calls ``rules`` allow."""
    if not isinstance(call, Call):
        return "not a Call"
    modes = rules.suit_modes
    if call.suits not in modes:
        trumps = "TURN_UP" if rules.trumps_from_turnup else "a Suit"
        return f"suits must be {trumps}, NO_TRUMPS or a Precedence, not {call.suits!r}"
    for flag in ("nuloss", "blind", "misere"):
        if not isinstance(getattr(call, flag), bool):
            return f"{flag} must be True or False, not {getattr(call, flag)!r}"
    return f"madness must be None or a Madness, not {call.madness!r}"


def wrong_phase(
    state: GameState, what: str, expected: Phase, legal: tuple[object, ...]
) -> WrongPhaseError:
    """``what`` belongs to phase ``expected``, not to the state's; ``legal`` is what it allows."""
    rnd = state.round
    if rnd.phase is Phase.ROUND_OVER:
        return WrongPhaseError(f"{what}: the game is over", Reason.GAME_OVER)
    waiting = (
        "a chance step (deal)"
        if rnd.to_act is CHANCE
        else f"seat {rnd.to_act} to {VERB[rnd.phase]}"
    )
    return WrongPhaseError(
        f"{what}: {where(state)} is in the {rnd.phase.value} phase, not {expected.value}; "
        f"it is waiting for {waiting}",
        Reason.WRONG_PHASE,
        legal,
    )


VERB: Final = {
    Phase.CHOOSE_HAND_SIZE: "choose the hand size",
    Phase.BID_BEFORE_DEAL: "bid",
    Phase.DEAL: "deal",
    Phase.CALL: "call",
    Phase.DECLARE_TRUMP: "declare trumps",
    Phase.BID: "bid",
    Phase.SHUFFLE: "shuffle",
    Phase.PLAY: "play",
    Phase.ROUND_OVER: "act",
    Phase.GAME_OVER: "act",
}
