"""What you see at your turn: the table as your view shows it, your hand,
the question for your decision and the help for it."""

from __future__ import annotations

from typing import Final

from pyclag._checks import not_a
from pyclag.cards import Card
from pyclag.engine.state import Phase, Seat
from pyclag.hand import Hand
from pyclag.rules.ordering import RankOrder
from pyclag.terminal._answers import pending_decision
from pyclag.terminal.words import (
    ASKING,
    SUIT_ORDER,
    cards_text,
    declarations_text,
    has_contracts,
    name,
    options_text,
    play_text,
    rank_order,
    rounds,
    scores,
    trump_text,
)
from pyclag.views import Observation, check_view

__all__ = ["declaration_prompt", "help_text", "prompt", "show_hand", "show_status"]


def show_hand(hand: Hand, order: RankOrder = RankOrder.ACE_HIGH) -> str:
    """A hand by suit (spades, hearts, clubs, diamonds), strongest rank first
    under ``order``, in plain letters.

    >>> show_hand(Hand.parse("4S AS TS KH QH 7C 9D 2D"))
    'S: A T 4  H: K Q  C: 7  D: 9 2'
    >>> show_hand(Hand.parse("AH 2H KH"), RankOrder.ACES_LOW), show_hand(Hand())
    ('H: K 2 A', '(no cards)')
    """
    if not isinstance(hand, Hand):
        raise not_a("show_hand", "hand", "a Hand", hand)
    if not isinstance(order, RankOrder):
        raise not_a("show_hand", "order", "a RankOrder", order)
    strength = {rank: place for place, rank in enumerate(order.high_to_low())}
    groups = []
    for suit in SUIT_ORDER:
        ranks = sorted((card.rank for card in hand.of_suit(suit)), key=strength.__getitem__)
        if ranks:
            groups.append(f"{suit.letter}: {' '.join(rank.letter for rank in ranks)}")
    return "  ".join(groups) if groups else "(no cards)"


def show_status(view: Observation) -> str:
    """The table as you see it at your turn: the round, the trump, the bids
    (and tricks won, in play), the scores, the trick so far and your hand.

    >>> import random, pyclag
    >>> from pyclag.views import observe
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 1), 0), 1)
    >>> print(show_status(observe(pyclag.play(state, pyclag.legal_plays(state)[0]), 2)))
    --- Round 1 of 1, 3 cards, dealer: seat 0
    Trumps: spades (turn-up 6S)
    Bids (tricks won): seat 1 1 (0), you 0 (0), seat 0 1 (0)
    Scores: seat 0 0, seat 1 0, you 0
    Trick 1 of 3: seat 1 TD
    Your hand: S: K  D: J 5
    """
    check_view("show_status", view)
    setup = view.setup
    size = cards_text(setup, each=False) if setup.hand_size else "hand size to choose"
    caller = "" if setup.caller is None else f", caller: {name(view, setup.caller)}"
    label = f" -- {setup.played.label}" if setup.played.label else ""
    lines = [
        f"--- Round {setup.index + 1} of {rounds(view)}, {size}, dealer: "
        f"{name(view, setup.dealer)}{caller}{label}",
        trump_text(view, setup),
    ]
    playing = view.phase is Phase.PLAY
    if has_contracts(setup):
        won = view.tricks_won
        cells = [
            f"{name(view, s)} {'-' if view.bids[s] is None else view.bids[s]}"
            + (f" ({won[s]})" if playing else "")
            for s in _seat_order(view)
        ]
        lines.append(("Bids (tricks won): " if playing else "Bids: ") + ", ".join(cells))
    elif playing:
        won = view.tricks_won
        cells = [f"{name(view, s)} {won[s]}" for s in range(view.players)]
        lines.append("Tricks won: " + ", ".join(cells))
    lines.append(f"Scores: {scores(view)}")
    if playing:
        plays = ", ".join(f"{name(view, p.seat)} {play_text(p)}" for p in view.trick)
        lines.append(f"Trick {len(view.tricks) + 1} of {setup.hand_size}: {plays or 'you lead'}")
    lines.append(f"Your hand: {_hand_text(view)}")
    return "\n".join(lines)


def _seat_order(view: Observation) -> list[Seat]:
    """The seats from the eldest round to the dealer: the order of bids and of the table."""
    return list(view.setup.bidding_order)


def _hand_text(view: Observation) -> str:
    if view.hand is None:
        return "face down, not seen yet"
    if not view.hand and view.phase in (Phase.CHOOSE_HAND_SIZE, Phase.BID_BEFORE_DEAL):
        return "not dealt yet"
    return show_hand(view.hand, rank_order(view))


# --- asking for your answer ----------------------------------------------------------------


def prompt(view: Observation) -> str:
    """The question for your decision, named as the decision table names it,
    with the legal answers.

    >>> import random, pyclag
    >>> from pyclag.views import observe
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
    >>> prompt(observe(state, 1))
    'Your bid (legal: 0 1 2 3): '
    >>> prompt(observe(pyclag.new_game(pyclag.presets.get("raf"), 3), 0))
    'Your hand size (legal: 3 4 5 6 7): '
    """
    row = pending_decision(view, "prompt")
    return f"Your {row.noun} (legal: {options_text(view, row)}{ASKING[row.phase].hint}): "


def declaration_prompt(view: Observation, two: Card) -> str:
    """The question for a wild two: which card it stands for, the cards it may
    stand for in short (``any card``, ``any heart``, or the few there are).

    >>> import random, pyclag
    >>> from pyclag.views import observe
    >>> from pyclag.terminal._answers import read_answer
    >>> spec = pyclag.presets.get("pagat").schedule[11]
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([spec]), 4), rng=random.Random(0))
    >>> for tricks in (2, 2, 2, 2):
    ...     state = pyclag.bid(state, tricks)
    >>> declaration_prompt(observe(state, 1), Card.parse("2S"))
    '2S stands for (legal: any card; type it, e.g. AC or as AC; blank to go back): '
    >>> read_answer(observe(state, 1), "2s")
    Traceback (most recent call last):
    pyclag.terminal._answers.UndeclaredTwoError: 2S is wild: it is played as the card you name, and beats that card played naturally
    >>> read_answer(observe(state, 1), "2s=ad")
    Play(seat=1, card=Card(Suit.SPADES, Rank.TWO), as_card=Card(Suit.DIAMONDS, Rank.ACE))
    """
    check_view("declaration_prompt", view)
    legal = declarations_text(view, two)
    return f"{two} stands for (legal: {legal}; type it, e.g. AC or as AC; blank to go back): "


def help_text(view: Observation) -> str:
    """What you may answer now, at more length than the prompt: the decision's
    verb, as the decision table says it, and what to type.

    >>> import random, pyclag
    >>> from pyclag.views import observe
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
    >>> print(help_text(observe(state, 1)))
    Bid the number of tricks you mean to take, exactly. Legal bids: 0 1 2 3.
    At any prompt: score (the score card), last (the last trick), rules (this deal),
    hand (your hand and the table), help, or quit (leave the game).
    """
    row = pending_decision(view, "help_text")
    verb = row.verb[0].upper() + row.verb[1:]
    return f"{verb}{ASKING[row.phase].explain(view, row)}\n{COMMANDS_HELP}"


COMMANDS_HELP: Final = (
    "At any prompt: score (the score card), last (the last trick), rules (this deal),\n"
    "hand (your hand and the table), help, or quit (leave the game)."
)
"""The line the help ends with: the commands of :mod:`pyclag.terminal._commands`."""
