"""What happened at the table between your decisions: the start of each
round, the draw for the first bidder (A25), the hand size chosen, the call,
the trump shown or declared, each bid, each trick and each round's result,
told once each."""

from __future__ import annotations

from collections.abc import Sequence

from pyclag.engine.decisions import round_phases
from pyclag.engine.state import Phase, RoundResult, RoundSetup, Seat, Trick
from pyclag.rules.deals import Reveal
from pyclag.terminal._explain import deal_lines, result_notes
from pyclag.terminal.words import (
    cards_text,
    draw_text,
    has_contracts,
    name,
    play_text,
    rounds,
    suit_name,
    trump_text,
)
from pyclag.views import Observation, check_view

__all__ = ["Teller", "trick_text"]

_Event = tuple[tuple[object, ...], str]


class Teller:
    """Tells what happened at the table since it last looked: the start of
    each round, the hand size chosen, the call, the trump shown or declared,
    each bid, each trick and each round's result, all read from your view.

    >>> import random, pyclag
    >>> from pyclag.views import observe
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 3), rng=random.Random(3))
    >>> teller = Teller()
    >>> teller.news(observe(state, 0))
    ['=== Round 1 of 1: 2 cards each, dealer: you ===', 'Turn-up: AS, so spades are trumps.']
    >>> teller.news(observe(pyclag.bid(state, 1), 0))
    ['Seat 1 bids 1.']
    """

    def __init__(self) -> None:
        self._told: set[tuple[object, ...]] = set()
        self._finished = 0

    def news(self, view: Observation) -> list[str]:
        """The lines not told yet, in the order things happened.

        >>> import pyclag
        >>> from pyclag.views import observe
        >>> Teller().news(observe(pyclag.new_game(pyclag.NORMAL, 4, first_dealer=3), 3))
        ['=== Round 1 of 13: 1 card each, dealer: you ===']
        """
        check_view("Teller.news", view)
        lines: list[str] = []
        for result in view.history[self._finished :]:
            lines += self._fresh(_round_events(view, result.setup, result.bids, result.tricks))
            lines += self._fresh([((result.setup.index, "result"), _result_text(view, result))])
        self._finished = len(view.history)
        if view.phase is not Phase.GAME_OVER:
            lines += self._fresh(_round_events(view, view.setup, view.bids, view.tricks))
        return lines

    def _fresh(self, events: Sequence[_Event]) -> list[str]:
        lines = []
        for key, text in events:
            if key not in self._told:
                self._told.add(key)
                lines.append(text)
        return lines


def _round_events(
    view: Observation,
    setup: RoundSetup,
    bids: Sequence[int | None],
    tricks: Sequence[Trick],
) -> list[_Event]:
    """Everything public about a round so far, each with a key, in order (the
    trick in progress is shown at your turn, by :func:`show_status`)."""
    index = setup.index
    chooses = Phase.CHOOSE_HAND_SIZE in round_phases(setup.played, view.rules)
    events: list[_Event] = [((index, "start"), _header(view, setup, chooses))]
    drawn = draw_text(view, setup)  # A25: the first bidder drawn before each deal
    if drawn is not None:
        events.append(((index, "draw"), drawn))
    if chooses and setup.hand_size:
        events.append(((index, "size"), _says(view, setup.dealer, "choose", cards_text(setup))))
    if setup.call is not None and setup.caller is not None:
        events.append(((index, "call"), _says(view, setup.caller, "call", setup.call.label)))
    caller = "" if setup.caller is None else name(view, setup.caller)
    explained = deal_lines(
        setup, view.rules, caller
    )  # the deal's rules, once known (a call: once made)
    if explained:
        events.append(((index, "rules", setup.call is None), "\n".join(explained)))
    # A call names its trumps itself; a turn-up or a declaration is told as it comes.
    known = setup.round_rules is not None and (setup.call is None or setup.turnup is not None)
    told_trump = [((index, "trump"), _trump_news(view, setup))] if known else []
    after_bids = setup.played.reveal is Reveal.AFTER_BIDS
    if not after_bids:
        events += told_trump
    if setup.played.bidding.has_bids:
        for seat in setup.bidding_order:
            tricks_bid = bids[seat]
            if tricks_bid is None:
                break
            events.append(((index, "bid", seat), _says(view, seat, "bid", str(tricks_bid))))
    if after_bids:
        events += told_trump
    if tricks and setup.played.play.is_pile:  # nobody chose a card: say why the tricks ran
        events.append(((index, "piles"), _piles(setup.hand_size)))
    for number, done in enumerate(tricks, 1):
        events.append(((index, "trick", number), trick_text(view, number, done)))
    return events


def trick_text(view: Observation, number: int, trick: Trick) -> str:
    """A finished trick as ``view``'s seat is told it: the plays and the winner.

    >>> import random, pyclag
    >>> from pyclag.engine import play_out
    >>> state = play_out(pyclag.new_game(pyclag.NORMAL.with_schedule([1]), 3), random.Random(4))
    >>> trick_text(pyclag.observe(state, 0), 1, state.history[0].tricks[0])
    'Trick 1: seat 1 KH, seat 2 JD, you 2S; seat 2 wins.'
    """
    plays = ", ".join(f"{name(view, play.seat)} {play_text(play)}" for play in trick.plays)
    winner = name(view, trick.winner) + (" win" if trick.winner == view.seat else " wins")
    return f"Trick {number}: {plays}; {winner}."


def _header(view: Observation, setup: RoundSetup, chooses: bool) -> str:
    spec = setup.played
    size = "" if chooses else f"{cards_text(setup)}, "
    caller = "" if setup.caller is None else f", caller: {name(view, setup.caller)}"
    label = f" -- {spec.label}" if spec.label else ""
    return (
        f"=== Round {setup.index + 1} of {rounds(view)}: {size}dealer: "
        f"{name(view, setup.dealer)}{caller}{label} ==="
    )


def _trump_news(view: Observation, setup: RoundSetup) -> str:
    """The trump as it becomes known: turned up, declared or called."""
    trump = setup.trump
    if view.rules.round_spec(setup.index).suits.dealer_declares:
        declared = f"{suit_name(trump)} trumps" if trump is not None else "no trumps"
        return _says(view, setup.dealer, "declare", declared)
    if setup.turnup is not None and trump is setup.turnup.suit:
        return f"Turn-up: {setup.turnup}, so {suit_name(trump)} are trumps."
    return f"{trump_text(view, setup)}."


def _piles(tricks: int) -> str:
    played = "the trick" if tricks == 1 else f"all {tricks} tricks"
    return f"The cards come off face-down piles, so {played} play themselves:"


def _result_text(view: Observation, result: RoundResult) -> str:
    rows = [f"Round {result.setup.index + 1} over:"]
    has_bids = has_contracts(result.setup)
    for seat in range(view.players):
        bid_text = "-" if result.bids[seat] is None else str(result.bids[seat])
        made = ("made" if result.made[seat] else "missed") if has_bids else ""
        rows.append(
            f"  {name(view, seat):<7} bid {bid_text:<2} took {result.tricks_won[seat]:<2} "
            f"{made:<6} {result.points[seat]:+4d}  total {result.totals[seat]}"
        )
    rows += result_notes(result, [name(view, seat) for seat in range(view.players)])
    return "\n".join(rows)


def _says(view: Observation, seat: Seat, verb: str, rest: str) -> str:
    """A sentence about what a seat did: 'You bid 2.' or 'Seat 3 bids 2.'"""
    subject = "You" if seat == view.seat else f"Seat {seat}"
    verb = verb if seat == view.seat else f"{verb}s"
    return f"{subject} {verb} {rest}." if rest else f"{subject} {verb}."
