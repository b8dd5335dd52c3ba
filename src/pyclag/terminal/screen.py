"""What you see at your turn: the table as your view shows it, your hand,
the question for your decision and the help for it."""

from __future__ import annotations

from pyclag.actions import Bid, Call, ChooseHandSize, DeclareTrump, Madness, Play
from pyclag.cards import Card, Suit
from pyclag.checks import not_a
from pyclag.hand import Hand
from pyclag.rules.ordering import RankOrder
from pyclag.rules.trumps import NoTrumps, Precedence
from pyclag.state import Phase, Seat
from pyclag.terminal._words import (
    SUIT_ORDER,
    _bids,
    _cards,
    _cards_to_play,
    _has_contracts,
    _join,
    _name,
    _play_text,
    _rank_order,
    _rounds,
    _scores,
    _sizes,
    _sorted_cards,
    _trump_text,
    _trump_words,
    _trumps,
)
from pyclag.terminal.answers import _first
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
    size = _cards(setup, each=False) if setup.hand_size else "hand size to choose"
    caller = "" if setup.caller is None else f", caller: {_name(view, setup.caller)}"
    label = f" -- {setup.spec.label}" if setup.spec.label else ""
    lines = [
        f"--- Round {setup.index + 1} of {_rounds(view)}, {size}, dealer: "
        f"{_name(view, setup.dealer)}{caller}{label}",
        _trump_text(view, setup),
    ]
    playing = view.phase is Phase.PLAY
    if _has_contracts(setup):
        won = view.tricks_won
        cells = [
            f"{_name(view, s)} {'-' if view.bids[s] is None else view.bids[s]}"
            + (f" ({won[s]})" if playing else "")
            for s in _seat_order(view)
        ]
        lines.append(("Bids (tricks won): " if playing else "Bids: ") + ", ".join(cells))
    elif playing:
        won = view.tricks_won
        cells = [f"{_name(view, s)} {won[s]}" for s in range(view.players)]
        lines.append("Tricks won: " + ", ".join(cells))
    lines.append(f"Scores: {_scores(view)}")
    if playing:
        plays = ", ".join(f"{_name(view, p.seat)} {_play_text(p)}" for p in view.trick)
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
    return show_hand(view.hand, _rank_order(view))


# --- asking for your answer ----------------------------------------------------------------


def prompt(view: Observation) -> str:
    """The question for your decision, with the legal answers.

    >>> import random, pyclag
    >>> from pyclag.views import observe
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
    >>> prompt(observe(state, 1))
    'Your bid (legal: 0 1 2 3): '
    >>> prompt(observe(pyclag.new_game(pyclag.presets.get("raf"), 3), 0))
    'Hand size (legal: 3 4 5 6 7): '
    """
    first = _first(view, "prompt")
    if isinstance(first, Bid):
        return f"Your bid (legal: {_join(_bids(view))}): "
    if isinstance(first, Play):
        return f"Your card (legal: {_join(_cards_to_play(view))}): "
    if isinstance(first, ChooseHandSize):
        return f"Hand size (legal: {_join(_sizes(view))}): "
    if isinstance(first, DeclareTrump):
        return f"Your trumps (legal: {_join(_trump_words(view))}): "
    return f"Your call ({_call_summary(view)}; ? for help): "


def declaration_prompt(view: Observation, two: Card) -> str:
    """The question for a wild two: which card it stands for.

    >>> import random, pyclag
    >>> from pyclag.views import observe
    >>> from pyclag.terminal.answers import read_answer
    >>> spec = pyclag.presets.get("pagat").schedule[11]
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([spec]), 4), rng=random.Random(0))
    >>> for tricks in (2, 2, 2, 2):
    ...     state = pyclag.bid(state, tricks)
    >>> declaration_prompt(observe(state, 1), Card.parse("2S"))[:42]
    '2S stands for (legal: AS KS QS JS TS 9S 8S'
    >>> read_answer(observe(state, 1), "2s")
    Traceback (most recent call last):
    pyclag.terminal.answers.UndeclaredTwoError: 2S is wild: name the card it stands for, e.g. 2S=AC
    >>> read_answer(observe(state, 1), "2s=ad")
    Play(seat=1, card=Card(Suit.SPADES, Rank.TWO), as_card=Card(Suit.DIAMONDS, Rank.ACE))
    """
    check_view("declaration_prompt", view)
    cards = [
        action.as_card
        for action in view.legal
        if isinstance(action, Play) and action.card is two and action.as_card is not None
    ]
    return f"{two} stands for (legal: {_join(_sorted_cards(cards))}; blank to go back): "


def help_text(view: Observation) -> str:
    """What you may answer now, at more length than the prompt.

    >>> import random, pyclag
    >>> from pyclag.views import observe
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
    >>> print(help_text(observe(state, 1)))
    Bid the number of tricks you mean to take, exactly. Legal bids: 0 1 2 3.
    Type quit to leave the game.
    """
    first = _first(view, "help_text")
    if isinstance(first, Bid):
        text = (
            f"Bid the number of tricks you mean to take, exactly. Legal bids: {_join(_bids(view))}."
        )
    elif isinstance(first, Play):
        text = (
            "Play a card: rank then suit, e.g. AS, 10H or TH, 7c. "
            f"Legal cards: {_join(_cards_to_play(view))}."
        )
        if view.spec.twos is not None:
            text += "\nTwos are wild: name the card a two stands for, e.g. 2H=AC."
    elif isinstance(first, ChooseHandSize):
        text = f"Choose how many cards each player is dealt: {_join(_sizes(view))}."
    elif isinstance(first, DeclareTrump):
        text = (
            f"Declare trumps: a suit letter (C D H S){' or nt' if None in _trumps(view) else ''}."
        )
    else:
        text = _call_help(view)
    return text + "\nType quit to leave the game."


# --- the help for a RAF call ---------------------------------------------------------------


def _call_modes(view: Observation) -> list[str]:
    """The suit modes of the legal calls, as you would type them."""
    modes: list[str] = []
    precedences = False
    for action in view.legal:
        if not isinstance(action, Call):
            continue
        suits = action.suits
        if isinstance(suits, Precedence):
            precedences = True
            continue
        word = (
            f"trumps {suits.letter}"
            if isinstance(suits, Suit)
            else "nt"
            if isinstance(suits, NoTrumps)
            else "trumps"
        )
        if word not in modes:
            modes.append(word)
    if precedences:
        modes.append("precedence HSDC")
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


def _call_summary(view: Observation) -> str:
    flags = _call_flags(view)
    extra = f"; add any of: {' '.join(flags)}" if flags else ""
    return f"legal: {', '.join(_call_modes(view))}{extra}"


def _call_help(view: Observation) -> str:
    return "\n".join(
        [
            "Call the rules of this deal: one suit mode, then any options.",
            f"Suit modes: {', '.join(_call_modes(view))}"
            + (" (any order of the four suits, top first)" if _has_precedence(view) else ""),
            f"Options: {' '.join(_call_flags(view))} (one madness at most)",
            "Examples: 'trumps h', 'nt nuloss', 'precedence DHSC blind misere ascending'.",
        ]
    )


def _has_precedence(view: Observation) -> bool:
    return any(isinstance(a, Call) and isinstance(a.suits, Precedence) for a in view.legal)
