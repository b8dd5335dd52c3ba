"""Words about the table shared by the terminal's modules: names of seats,
cards, suits and trumps, the legal answers of a decision, and the order a
hand is shown in."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from pyclag.actions import Bid, ChooseHandSize, DeclareTrump, Play
from pyclag.cards import Card, Suit
from pyclag.rules.deals import Bidding, Reveal
from pyclag.rules.ordering import RankOrder
from pyclag.rules.trumps import NO_TRUMPS, DealerCalls, NoTrumps
from pyclag.state import RoundSetup, Seat
from pyclag.views import Observation

SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The order suits are shown in: black and red alternate."""


def _bids(view: Observation) -> list[int]:
    return [action.tricks for action in view.legal if isinstance(action, Bid)]


def _sizes(view: Observation) -> list[int]:
    return [action.size for action in view.legal if isinstance(action, ChooseHandSize)]


def _trumps(view: Observation) -> list[Suit | NoTrumps]:
    return [
        action.suit
        for action in view.legal
        if isinstance(action, DeclareTrump) and isinstance(action.suit, (Suit, NoTrumps))
    ]


def _trump_words(view: Observation) -> list[str]:
    chosen = set(_trumps(view))
    words = [suit.letter for suit in SUIT_ORDER if suit in chosen]
    return [*words, "NT"] if NO_TRUMPS in chosen else words


def _cards_to_play(view: Observation) -> list[Card]:
    plays = (action.card for action in view.legal if isinstance(action, Play))
    return _sorted_cards(plays, _rank_order(view))


def _sorted_cards(cards: Iterable[Card], order: RankOrder = RankOrder.ACE_HIGH) -> list[Card]:
    """Distinct cards in the order a hand is shown: by suit, strongest first."""
    return sorted(set(cards), key=lambda c: (SUIT_ORDER.index(c.suit), -order.value_of(c.rank)))


def _rank_order(view: Observation) -> RankOrder:
    rules = view.round_rules
    return rules.rank_order if rules is not None else view.spec.rank_order


def _join(items: Sequence[object]) -> str:
    return " ".join(str(item) for item in items)


def _name(view: Observation, seat: Seat) -> str:
    return "you" if seat == view.seat else f"seat {seat}"


def _whose(view: Observation, seat: Seat) -> str:
    return "yours" if seat == view.seat else f"seat {seat}'s"


def _play_text(play: Play) -> str:
    return str(play.card) if play.as_card is None else f"{play.card} as {play.as_card}"


def _cards(setup: RoundSetup, each: bool = True) -> str:
    size = setup.hand_size
    return f"{size} card{'' if size == 1 else 's'}{' each' if each else ''}"


def _suit_name(suit: Suit | None) -> str:
    return "no trumps" if suit is None else suit.name.lower()


def _rounds(view: Observation) -> int:
    return view.rules.num_rounds(view.players)


def _scores(view: Observation) -> str:
    return ", ".join(f"{_name(view, seat)} {view.scores[seat]}" for seat in range(view.players))


def _has_contracts(setup: RoundSetup) -> bool:
    """Whether the round has bids to show: chosen, or forced to nought (misère)."""
    bidding = setup.spec.bidding
    return bidding.has_bids or bidding is Bidding.FORCED_ZERO


def _trump_text(view: Observation, setup: RoundSetup) -> str:
    """What you know of the trump: the suit, no trumps, a precedence, or why not yet."""
    rules = setup.round_rules
    if rules is None:
        spec = setup.spec
        if isinstance(view.rules.round_spec(setup.index).suits, DealerCalls):
            return f"Trumps: {_whose(view, setup.dealer)} to declare after the deal"
        if spec.calls is not None and setup.caller is not None and setup.call is None:
            return f"Trumps: {_whose(view, setup.caller)} to call after the deal"
        if spec.reveal is Reveal.AFTER_BIDS:
            return "Trumps: shown after the last bid"
        return "Trumps: shown at the deal"
    if rules.precedence is not None:
        return "Suit precedence, top first: " + " ".join(s.letter for s in rules.precedence)
    if rules.trump is None:
        return "No trumps"
    turnup = f" (turn-up {setup.turnup})" if setup.turnup is not None else ""
    return f"Trumps: {_suit_name(rules.trump)}{turnup}"
