"""Words about the table shared by the terminal's modules: names of seats,
cards, suits and trumps, the order a hand is shown in, and how each kind of
decision is asked for (:data:`ASKING`, one entry per row of the decision
table, :mod:`pyclag.engine.decisions`). Internal surface of :mod:`pyclag.terminal`.

>>> import pyclag
>>> view = pyclag.observe(pyclag.new_game(pyclag.presets.get("raf"), 3), 0)
>>> row = pyclag.engine.decisions.BY_PHASE[view.phase]
>>> row.noun, options_text(view, row)
('hand size', '3 4 5 6 7')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from pyclag._checks import Frozen
from pyclag.actions import Bid, Call, ChooseHandSize, DeclareTrump, Madness, Play
from pyclag.cards import Card, Rank, Suit
from pyclag.engine.decisions import DECISIONS, Decision
from pyclag.engine.rounds import contenders
from pyclag.engine.state import Phase, RoundSetup, Seat
from pyclag.rules.deals import Bidding, Reveal
from pyclag.rules.ordering import RankOrder
from pyclag.terminal._explain import call_lines
from pyclag.views import Observation

__all__ = [
    "ASKING",
    "SUIT_ORDER",
    "Asking",
    "cards_text",
    "declarations_text",
    "draw_text",
    "has_contracts",
    "join",
    "name",
    "options_text",
    "play_text",
    "rank_order",
    "rounds",
    "scores",
    "sorted_cards",
    "suit_name",
    "trump_text",
]

SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The order suits are shown in: black and red alternate."""


def sorted_cards(cards: Iterable[Card], order: RankOrder = RankOrder.ACE_HIGH) -> list[Card]:
    """Distinct cards in the order a hand is shown: by suit, strongest first.

    >>> from pyclag.cards import parse_cards
    >>> join(sorted_cards(parse_cards("2D AH KS AS KS")))
    'AS KS AH 2D'
    """
    return sorted(set(cards), key=lambda c: (SUIT_ORDER.index(c.suit), -order.value_of(c.rank)))


def declarations_text(view: Observation, two: Card) -> str:
    """The cards the wild two ``two`` may stand for in ``view``, in short:
    ``any card``, ``any heart``, or the few there are (nothing: it is no
    wild two of the legal plays).

    >>> import random, pyclag
    >>> spec = pyclag.presets.get("pagat").schedule[11]
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([spec]), 4), rng=random.Random(0))
    >>> for tricks in (2, 2, 2, 2):
    ...     state = pyclag.bid(state, tricks)
    >>> declarations_text(pyclag.observe(state, 1), Card.parse("2S"))
    'any card'
    """
    cards = {
        action.as_card
        for action in view.legal
        if isinstance(action, Play) and action.card is two and action.as_card is not None
    }
    whole = [suit for suit in SUIT_ORDER if all(Card(suit, rank) in cards for rank in Rank)]
    if len(whole) == len(SUIT_ORDER):
        return "any card"
    rest = sorted_cards(card for card in cards if card.suit not in whole)
    parts = [f"any {suit.name.lower()[:-1]}" for suit in whole]
    return ", ".join([*parts, join(rest)] if rest else parts)


def rank_order(view: Observation) -> RankOrder:
    """The rank order of the round in ``view`` (aces low in Aces Low).

    >>> import pyclag
    >>> rank_order(pyclag.observe(pyclag.new_game(pyclag.NORMAL, 3), 0))
    <RankOrder.ACE_HIGH: 'ace-high'>
    """
    rules = view.round_rules
    return rules.rank_order if rules is not None else view.spec.rank_order


def join(items: Sequence[object]) -> str:
    """Items as the terminal lists them: written, spaced.

    >>> join([1, "AS", 3])
    '1 AS 3'
    """
    return " ".join(str(item) for item in items)


def name(view: Observation, seat: Seat) -> str:
    """A seat as ``view``'s player hears of it: "you", or "seat 2".

    >>> import pyclag
    >>> view = pyclag.observe(pyclag.new_game(pyclag.NORMAL, 3), 1)
    >>> name(view, 1), name(view, 2)
    ('you', 'seat 2')
    """
    return "you" if seat == view.seat else f"seat {seat}"


def _whose(view: Observation, seat: Seat) -> str:
    return "yours" if seat == view.seat else f"seat {seat}'s"


def play_text(play: Play) -> str:
    """A card played, a wild two with the card it stands for.

    >>> play_text(Play(0, Card.parse("2H"), Card.parse("AC"))), play_text(Play(0, Card.parse("KS")))
    ('2H as AC', 'KS')
    """
    return str(play.card) if play.as_card is None else f"{play.card} as {play.as_card}"


def cards_text(setup: RoundSetup, each: bool = True) -> str:
    """The round's hand size in words: "3 cards each".

    >>> import pyclag
    >>> cards_text(pyclag.new_game(pyclag.NORMAL, 3).round.setup)
    '1 card each'
    """
    size = setup.hand_size
    return f"{size} card{'' if size == 1 else 's'}{' each' if each else ''}"


def suit_name(suit: Suit | None) -> str:
    """A trump suit in words; ``None`` is no trumps.

    >>> suit_name(Suit.HEARTS), suit_name(None)
    ('hearts', 'no trumps')
    """
    return "no trumps" if suit is None else suit.name.lower()


def rounds(view: Observation) -> int:
    """The number of rounds in the game.

    >>> import pyclag
    >>> rounds(pyclag.observe(pyclag.new_game(pyclag.NORMAL, 3), 0))
    13
    """
    return view.rules.num_rounds(view.players)


def scores(view: Observation) -> str:
    """The running totals, seat by seat.

    >>> import pyclag
    >>> scores(pyclag.observe(pyclag.new_game(pyclag.NORMAL, 3), 0))
    'you 0, seat 1 0, seat 2 0'
    """
    return ", ".join(f"{name(view, seat)} {view.scores[seat]}" for seat in range(view.players))


def has_contracts(setup: RoundSetup) -> bool:
    """Whether the round has bids to show: chosen, or forced to nought (misère).

    >>> import pyclag
    >>> has_contracts(pyclag.new_game(pyclag.NORMAL, 3).round.setup)
    True
    """
    bidding = setup.played.bidding
    return bidding.has_bids or bidding is Bidding.FORCED_ZERO


def trump_text(view: Observation, setup: RoundSetup) -> str:
    """What you know of the trump: the suit, no trumps, a precedence, or why not yet.

    >>> import pyclag
    >>> trump_text(pyclag.observe(pyclag.new_game(pyclag.NORMAL, 3), 0), pyclag.new_game(pyclag.NORMAL, 3).round.setup)
    'Trumps: shown at the deal'
    """
    rules = setup.round_rules
    if rules is None:
        spec = setup.played
        if view.rules.round_spec(setup.index).suits.dealer_declares:
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
    return f"Trumps: {suit_name(rules.trump)}{turnup}"


def draw_text(view: Observation, setup: RoundSetup) -> str | None:
    """The draw for the first bidder, once made (A25, ``scottish_draw_each_round``):
    who turned which card, turn by turn while players tie, who bids first and
    leads, and who bids last, the one the restriction binds; ``None`` without a draw.

    >>> import random, pyclag
    >>> rules = pyclag.presets.get("scottish", scottish_draw_each_round=True)
    >>> state = pyclag.new_game(rules, 3)
    >>> state = pyclag.apply(state, pyclag.sample_chance(state, random.Random(4)))
    >>> print(draw_text(pyclag.observe(state, 1), state.round.setup))
    Draw for the first bidder: you 4D, seat 2 8D, seat 0 8C; tied, again: seat 2 9S, seat 0 AD. Seat 0 bids first and leads; seat 2 bids last, and the restriction binds seat 2.
    """
    cards = setup.draw
    if cards is None:
        return None
    # The turns as the draw took them (dealing.draw_winner): tied players draw again.
    left, used, turns = list(contenders(setup)), 0, []
    while len(left) > 1 and used + len(left) <= len(cards):
        turn = cards[used : used + len(left)]
        used += len(left)
        turns.append(
            ", ".join(f"{name(view, s)} {card}" for s, card in zip(left, turn, strict=True))
        )
        best = max(card.rank.value for card in turn)
        left = [s for s, card in zip(left, turn, strict=True) if card.rank.value == best]
    first, last = name(view, setup.first_bidder), name(view, setup.last_bidder)
    you = setup.first_bidder == view.seat
    drawn = (
        f"Draw for the first bidder: {'; tied, again: '.join(turns)}. {first[0].upper()}{first[1:]}"
    )
    if not setup.played.bidding.has_bids:  # misère, most tricks: the draw names the leader
        return f"{drawn} {'lead' if you else 'leads'}."
    bids = "bid" if setup.last_bidder == view.seat else "bids"
    return (
        f"{drawn} {'bid' if you else 'bids'} first and {'lead' if you else 'leads'}; "
        f"{last} {bids} last, and the restriction binds {last}."
    )


# --- how each decision is asked for ------------------------------------------------------


@attrs.frozen
class Asking(Frozen):
    """How the terminal asks for one kind of decision: ``options`` lists its
    legal answers as you would type them (in the prompt, the help and a
    refusal), ``explain`` says at more length what to type (the help, after
    the row's verb); ``hint`` ends the prompt.

    >>> ASKING[Phase.CALL].hint, ASKING[Phase.BID] is ASKING[Phase.BID_BEFORE_DEAL]
    ('; ? for help', True)
    """

    options: Callable[[Observation], str]
    explain: Callable[[Observation, Decision[Any]], str]
    hint: str = ""


def _written(view: Observation) -> str:
    """The legal actions in the notation, in their order (bids, sizes, trumps)."""
    return join(list(dict.fromkeys(str(action) for action in view.legal)))


def _cards(view: Observation) -> str:
    """The cards you may play, as your hand shows them (a wild two once: its
    declaration is asked next)."""
    plays = (action.card for action in view.legal if isinstance(action, Play))
    return join(sorted_cards(plays, rank_order(view)))


def _legal(view: Observation, row: Decision[Any]) -> str:
    return f"Legal {row.noun}s: {options_text(view, row)}."


def _explain_bid(view: Observation, row: Decision[Any]) -> str:
    return f" the number of tricks you mean to take, exactly. {_legal(view, row)}"


def _explain_size(view: Observation, row: Decision[Any]) -> str:
    return f": how many cards each player is dealt. {_legal(view, row)}"


def _explain_trump(view: Observation, row: Decision[Any]) -> str:
    words = "a suit, by letter or name (C D H S, or spades), or nt for no trumps"
    return f": {words}. {_legal(view, row)}"


def _explain_play(view: Observation, row: Decision[Any]) -> str:
    text = f" a card: rank then suit, e.g. AS, 10H or TH, 7c. {_legal(view, row)}"
    if view.spec.twos is not None:
        text += "\nTwos are wild: name the card a two stands for, e.g. 2H=AC."
    return text


_PRECEDENCES: Final = "precedence HSDC"
"""The suit mode of every precedence call, by one example."""


def _call_modes(view: Observation) -> list[str]:
    """The suit modes of the legal calls, as you would type them."""
    modes: list[str] = []
    precedences = False
    for action in view.legal:
        if not isinstance(action, Call):
            continue
        suits = action.suits
        if isinstance(suits, Suit):
            word = f"trumps {suits.letter}"
        elif suits.precedence is not None:
            precedences = True
            continue
        else:
            word = suits.shorthand
        if word not in modes:
            modes.append(word)
    if precedences:
        modes.append(_PRECEDENCES)
    return modes


def _call_flags(view: Observation) -> list[str]:
    flags = dict.fromkeys(("nuloss", "blind", "misere", "ascending", "descending"), False)
    for action in view.legal:
        if isinstance(action, Call):
            flags["nuloss"] |= action.nuloss
            flags["blind"] |= action.blind
            flags["misere"] |= action.misere
            flags["ascending"] |= action.madness is Madness.ASCENDING
            flags["descending"] |= action.madness is Madness.DESCENDING
    return [flag for flag, allowed in flags.items() if allowed]


def _call_options(view: Observation) -> str:
    flags = _call_flags(view)
    extra = f"; add any of: {' '.join(flags)}" if flags else ""
    return f"{', '.join(_call_modes(view))}{extra}"


def _explain_call(view: Observation, row: Decision[Any]) -> str:
    modes, flags = _call_modes(view), _call_flags(view)
    precedence = _PRECEDENCES in modes
    # What each word does, from the deal it makes (RoundSpec.with_call): one source.
    meanings = call_lines(view.rules, view.spec, view.setup.hand_size, [*modes, *flags])
    return "\n".join(
        [
            " the rules of this deal: one suit mode, then any options.",
            f"Suit modes: {', '.join(modes)}"
            + (" (any order of the four suits, top first)" if precedence else ""),
            f"Options: {' '.join(flags)} (one madness at most)",
            "What each word means:",
            *meanings,
            "Suits may be letters, names or symbols (trumps h, trumps hearts, trumps ♥).",
            "Examples: 'trumps h', 'nt nuloss', 'precedence DHSC blind misere ascending'.",
        ]
    )


_BY_ACTION: Final[Mapping[type, Asking]] = {
    Bid: Asking(_written, _explain_bid),
    ChooseHandSize: Asking(_written, _explain_size),
    DeclareTrump: Asking(_written, _explain_trump),
    Call: Asking(_call_options, _explain_call, "; ? for help"),
    Play: Asking(_cards, _explain_play),
}

ASKING: Final[Mapping[Phase, Asking]] = {
    row.phase: _BY_ACTION[row.action] for row in DECISIONS if not row.chance
}
"""How each players' decision of the table is asked for, by phase: built from
:data:`pyclag.engine.decisions.DECISIONS`, so a new row with a new kind of action
fails here, at import, until the terminal knows how to ask for it."""


def options_text(view: Observation, row: Decision[Any]) -> str:
    """The legal answers to ``row``'s decision in ``view``, as you would type them.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
    >>> options_text(pyclag.observe(state, 1), pyclag.engine.decisions.decision(state))
    '0 1 2 3'
    """
    return ASKING[row.phase].options(view)
