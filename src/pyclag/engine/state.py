"""Game state: frozen values, built by the engine (DESIGN.md §3).

A :class:`GameState` holds the rule set, the running scores, the history of
finished rounds and the current :class:`RoundState`. A round state splits
into its :class:`RoundSetup` (fixed once the round is dealt and its trump is
known) and what changes card by card: the bids, the hands, the trick in
progress and the finished tricks.

The state's classes are written out by hand rather than by attrs, so that
mypyc compiles them into native classes (``docs/development.rst``, "The two
builds"). They keep what attrs gave them: frozen fields (each ``Final``),
equality and hashing by their fields, ``__match_args__``, pickles that load
in either build, copies that are the value itself, and
:func:`~pyclag._values.replace` for ``attrs.evolve``.
"""

from __future__ import annotations

import enum
import operator
from typing import Final, Literal, TypeAlias

from pyclag._checks import freeze, seat_in
from pyclag._values import Value
from pyclag.actions import Call, Play
from pyclag.cards import Card, Suit
from pyclag.engine.display import game_text, numbers, phase_words, round_words, trumps_words
from pyclag.engine.phases import Phase
from pyclag.engine.pictures import game_svg
from pyclag.hand import Hand
from pyclag.rules.round import RoundRules, RoundSpec
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.trumps import NoTrumps
from pyclag.scoring.schemes import tricks_won
from pyclag.scoring.tally import contracts_made

__all__ = [
    "CHANCE",
    "Actor",
    "Chance",
    "GameState",
    "Phase",
    "RoundResult",
    "RoundSetup",
    "RoundState",
    "Seat",
    "Trick",
    "TrickRecord",
    "running_totals",
    "seat_to_act",
    "tricks_won_by",
]

Seat: TypeAlias = int
"""A seat number 0..N-1, clockwise (§1.2)."""


class Chance(enum.Enum):
    """The type of :data:`CHANCE`: the actor at a chance node."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


CHANCE: Final = Chance.CHANCE
"""Who acts at a chance node (a deal, a face-down shuffle)."""

Actor: TypeAlias = Seat | Literal[Chance.CHANCE] | None
"""What :func:`pyclag.next_actor` returns: a seat, CHANCE, or None when the game is over."""


_WINNER: Final = operator.attrgetter("winner")


class Trick(Value):
    """A finished trick: who led, the plays in order, who won.

    >>> from pyclag.cards import Card
    >>> Trick(2, (Play(2, Card.parse("AS")), Play(0, Card.parse("KS"))), 2).winner
    2
    """

    __match_args__ = ("leader", "plays", "winner")
    __slots__ = __match_args__

    def __init__(self, leader: Seat, plays: tuple[Play, ...], winner: Seat) -> None:
        self.leader: Final = leader
        self.plays: Final = plays
        self.winner: Final = winner


class RoundSetup(Value):
    """What is fixed about a round once it is dealt and its trump is known.

    ``index`` is the round's place in the game (0-based); ``spec`` the round as scheduled, and
    ``played`` as played: the same, or with the RAF caller's ``call`` or the dealer's ``declared``
    trump applied (a called round that nobody calls is a standard deal, A18). ``hand_size`` is the
    cards dealt to each player (0 while the RAF dealer has not chosen). ``deck`` is the dealt pack,
    top first (``None`` before the deal: it is the dealer's secret, not anyone's view); ``turnup``
    the card turned for trumps, ``None`` if none or not yet revealed; ``round_rules`` the resolved
    rules that decide tricks and scores (``None`` until the trump is known). ``caller`` is the RAF
    caller; ``piles`` each seat's face-down pile in RAF Blind, top first; ``draw`` the cards turned
    for the first bidder (A25 option); ``first_bidder`` who bids first and leads the first trick:
    the eldest, or the winner of that draw.

    >>> from pyclag.rules.round import RoundSpec
    >>> setup = RoundSetup(index=0, spec=RoundSpec(3), players=4, dealer=3, hand_size=3)
    >>> setup.eldest, setup.bidding_order, setup.last_bidder
    (0, (0, 1, 2, 3), 3)
    """

    __match_args__ = (
        "index",
        "spec",
        "players",
        "dealer",
        "hand_size",
        "deck",
        "turnup",
        "round_rules",
        "caller",
        "call",
        "declared",
        "piles",
        "draw",
        "first_bidder",
        "played",
    )
    __slots__ = __match_args__

    def __init__(
        self,
        index: int,
        spec: RoundSpec,
        players: int,
        dealer: Seat,
        hand_size: int,
        deck: tuple[Card, ...] | None = None,
        turnup: Card | None = None,
        round_rules: RoundRules | None = None,
        caller: Seat | None = None,
        call: Call | None = None,
        declared: Suit | NoTrumps | None = None,
        piles: tuple[tuple[Card, ...], ...] | None = None,
        draw: tuple[Card, ...] | None = None,
        first_bidder: Seat | None = None,
        played: RoundSpec | None = None,
    ) -> None:
        self.index: Final = index
        self.spec: Final = spec
        self.players: Final = players
        self.dealer: Final = dealer
        self.hand_size: Final = hand_size
        self.deck: Final = deck
        self.turnup: Final = turnup
        self.round_rules: Final = round_rules
        self.caller: Final = caller
        self.call: Final = call
        self.declared: Final = declared
        self.piles: Final = piles
        self.draw: Final = draw
        # By default the eldest bids first, and the round is played as scheduled.
        self.first_bidder: Final[Seat] = (
            (dealer + 1) % players if first_bidder is None else first_bidder
        )
        self.played: Final[RoundSpec] = spec if played is None else played

    @property
    def eldest(self) -> Seat:
        """The player on the dealer's left, who receives the first card (§1.2, §1.4)."""
        return (self.dealer + 1) % self.players

    @property
    def last_bidder(self) -> Seat:
        """Who bids last, the one the hook binds: the dealer, or under the draw
        each deal the first bidder's right-hand neighbour (§1.7, A25)."""
        return (self.first_bidder - 1) % self.players

    @property
    def first_dealer(self) -> Seat:
        """The dealer of the game's first round (the deal passes left every round, §1.3)."""
        return (self.dealer - self.index) % self.players

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` when there is none or until it is known."""
        rules = self.round_rules
        return None if rules is None else rules.trump

    @property
    def bidding_order(self) -> tuple[Seat, ...]:
        """Seats in bidding order, the first bidder first and the last bidder last (§1.6)."""
        return tuple((self.first_bidder + i) % self.players for i in range(self.players))

    def __repr__(self) -> str:
        return (
            f"<RoundSetup {round_words(self)}, {self.players} players, "
            f"dealer seat {self.dealer}; {trumps_words(self)}>"
        )


def tricks_won_by(players: int, tricks: tuple[Trick, ...]) -> tuple[int, ...]:
    """Finished tricks won by each seat (what a round in progress, a finished
    round and an observation count from their tricks).

    >>> tricks_won_by(3, (Trick(0, (), 2), Trick(2, (), 2)))
    (0, 0, 2)
    """
    return tricks_won(players, tuple(map(_WINNER, tricks)))


class TrickRecord(Value):
    """What a round in progress and a finished round derive from their setup
    and their finished tricks (the base of :class:`RoundState` and
    :class:`RoundResult`, which holds those two fields).

    >>> import pyclag
    >>> pyclag.new_game(pyclag.NORMAL, players=3).round.tricks_won
    (0, 0, 0)
    """

    __match_args__ = ("setup", "tricks")
    __slots__ = __match_args__

    def __init__(self, setup: RoundSetup, tricks: tuple[Trick, ...]) -> None:
        self.setup: Final = setup
        self.tricks: Final = tricks

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        return self.setup.hand_size

    @property
    def trick_winners(self) -> tuple[Seat, ...]:
        """The winner of each finished trick, in order."""
        return tuple(map(_WINNER, self.tricks))

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Finished tricks won by each seat."""
        return tricks_won_by(self.setup.players, self.tricks)


class RoundState(TrickRecord):
    """A round in progress.

    ``bids`` are by seat (``None`` where a seat has not bid); ``masks`` are the
    hands still held, as int masks (see :attr:`hands`); ``trick`` is the trick
    in progress and ``tricks`` the finished ones.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 3), rng=random.Random(3))
    >>> rnd = state.round
    >>> rnd.phase, rnd.dealer, rnd.hand_size, rnd.leader, [len(hand) for hand in rnd.hands]
    (<Phase.BID: 'bid'>, 0, 2, 1, [2, 2, 2])
    >>> rnd.trump is rnd.turnup.suit, rnd.tricks_won
    (True, (0, 0, 0))
    """

    __match_args__ = ("setup", "phase", "to_act", "bids", "masks", "trick", "tricks")
    __slots__ = ("bids", "masks", "phase", "to_act", "trick")

    def __init__(
        self,
        setup: RoundSetup,
        phase: Phase,
        to_act: Actor,
        bids: tuple[int | None, ...],
        masks: tuple[int, ...],
        trick: tuple[Play, ...] = (),
        tricks: tuple[Trick, ...] = (),
    ) -> None:
        TrickRecord.__init__(self, setup, tricks)
        self.phase: Final = phase
        self.to_act: Final = to_act
        self.bids: Final = bids
        self.masks: Final = masks
        self.trick: Final = trick

    @property
    def dealer(self) -> Seat:
        """The dealer of this round."""
        return self.setup.dealer

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The cards each seat still holds."""
        return tuple(Hand(mask) for mask in self.masks)

    @property
    def turnup(self) -> Card | None:
        """The card turned up for trumps, or ``None`` if there is none or until
        it is shown (after the last bid in Guess Trumps and the Scottish Blind)."""
        return self.setup.turnup

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` when there is none or until it is shown or
        declared (Guess Trumps, Scottish Blind, Dealer Calls, the RAF call)."""
        return self.setup.trump

    @property
    def leader(self) -> Seat:
        """Who leads (or led) the current trick: the first bidder, then the last winner (§1.8)."""
        if self.trick:
            return self.trick[0].seat
        return self.tricks[-1].winner if self.tricks else self.setup.first_bidder

    @property
    def seen(self) -> int:
        """The cards every player has seen this round, as a mask: the turn-up and the cards played."""
        turnup = self.setup.turnup
        mask = turnup.mask if turnup is not None else 0
        for trick in self.tricks:
            for past in trick.plays:
                mask |= past.card.mask
        for past in self.trick:
            mask |= past.card.mask
        return mask

    def __repr__(self) -> str:
        return f"<RoundState {round_words(self.setup)}, {phase_words(self)}>"


class RoundResult(TrickRecord):
    """A finished round: its setup, bids by seat, tricks, points and the
    running totals after it, as a score sheet keeps them (§1.11).

    ``bids`` hold ``None`` where the round has no bids; ``made`` says who took
    exactly their contract.

    >>> import random, pyclag
    >>> from pyclag.engine._playout import play_out
    >>> result = play_out(pyclag.new_game(pyclag.NORMAL.with_schedule([2]), 3), random.Random(3)).history[0]
    >>> result.hand_size, sum(result.tricks_won), len(result.trick_winners)
    (2, 2, 2)
    """

    __match_args__ = ("setup", "bids", "tricks", "points", "made", "totals")
    __slots__ = ("bids", "made", "points", "totals")

    def __init__(
        self,
        setup: RoundSetup,
        bids: tuple[int | None, ...],
        tricks: tuple[Trick, ...],
        points: tuple[int, ...],
        made: tuple[bool, ...],
        totals: tuple[int, ...],
    ) -> None:
        TrickRecord.__init__(self, setup, tricks)
        self.bids: Final = bids
        self.points: Final = points
        self.made: Final = made
        self.totals: Final = totals

    def __repr__(self) -> str:
        return (
            f"<RoundResult {round_words(self.setup)}: bids {numbers(self.bids)}, "
            f"tricks {numbers(self.tricks_won)}, points {numbers(self.points)}>"
        )


class GameState(Value):
    """A whole game: the rules, the ``history`` of finished rounds and the
    current ``round`` (the last round, finished, once the game is over).

    >>> import pyclag
    >>> state = pyclag.new_game(pyclag.NORMAL, players=5, first_dealer=2)
    >>> state.players, state.scores, state.contracts_made, state.first_dealer, state.history
    (5, (0, 0, 0, 0, 0), (0, 0, 0, 0, 0), 2, ())
    """

    __match_args__ = ("rules", "history", "round")
    __slots__ = __match_args__

    def __init__(self, rules: RuleSet, history: tuple[RoundResult, ...], round: RoundState) -> None:
        self.rules: Final = rules
        self.history: Final = history
        self.round: Final = round

    @property
    def players(self) -> int:
        """The number of players."""
        return self.round.setup.players

    @property
    def scores(self) -> tuple[int, ...]:
        """The running totals by seat."""
        return running_totals(self.history, self.round.setup.players)

    @property
    def contracts_made(self) -> tuple[int, ...]:
        """How many contracts each seat has made so far (§1.11; the Indonesian tie-break)."""
        return contracts_made(self.players, [result.made for result in self.history])

    @property
    def first_dealer(self) -> Seat:
        """The dealer of the first round (the deal passes left every round, §1.3)."""
        return self.round.setup.first_dealer

    @property
    def setup(self) -> RoundSetup:
        """The current round's setup."""
        return self.round.setup

    @property
    def bids(self) -> tuple[int | None, ...]:
        """The current round's bids by seat (``None``: not bid)."""
        return self.round.bids

    @property
    def trick(self) -> tuple[Play, ...]:
        """The current round's trick in progress."""
        return self.round.trick

    @property
    def seen(self) -> int:
        """The cards every player has seen in the current round (:attr:`RoundState.seen`)."""
        return self.round.seen

    def held(self, seat: object) -> int:  # object: compiled, refused by seat_in
        """The cards ``seat`` holds in the current round, as a mask (a seat
        outside the table is a RulesError, one that is not an int a TypeError).

        >>> import pyclag
        >>> str(pyclag.Hand(pyclag.deal(pyclag.new_game(pyclag.NORMAL, 3), deck=pyclag.DECK).held(1)))
        '2C'
        """
        return self.round.masks[seat_in("held", seat, self.round.setup.players)]

    def __str__(self) -> str:
        """A few lines a person can read: the round, trumps, each seat's cards,
        bid, tricks and score, the trick on the table and who is to act, or the
        winners once the game is over (``docs/text.rst``).

        >>> import random, pyclag
        >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3, 2]), 3), rng=random.Random(2))
        >>> for tricks in (1, 0, 1):
        ...     state = pyclag.bid(state, tricks)
        >>> print(pyclag.play(state, pyclag.Card.parse("4D")))
        round 1 of 2 (3 cards), dealer seat 0; trumps D (turn-up KD)
        seat 0: 8C JC JD  bid 1  tricks 0  score 0
        seat 1: TD AS     bid 1  tricks 0  score 0
        seat 2: 6C 2H 5H  bid 0  tricks 0  score 0
        trick: 4D (seat 1 led)
        to act: seat 2 (play)
        """
        return game_text(self)

    def _repr_svg_(self) -> str:
        """The table's picture, which a notebook shows (:mod:`pyclag.views.pictures`)."""
        return game_svg(self)

    def __repr__(self) -> str:
        rnd = self.round
        if rnd.phase is Phase.ROUND_OVER:
            played = rnd.setup.index + 1
            where = f"game over after {played} round{'' if played == 1 else 's'}"
        else:
            rounds = self.rules.num_rounds(self.players)
            where = f"round {rnd.setup.index + 1} of {rounds}, {phase_words(rnd)}"
        return f"<GameState {self.rules.name}, {self.players} players, {where}>"


def seat_to_act(rnd: RoundState) -> Seat:
    """The seat to act in a player's decision, as an int (-1 where chance acts
    or the game is over): what the decisions' functions index hands with once
    the engine has checked the phase.

    >>> import pyclag
    >>> seat_to_act(pyclag.new_game(pyclag.NORMAL, 3).round)
    -1
    """
    seat = rnd.to_act
    return seat if type(seat) is int else -1


def running_totals(history: tuple[RoundResult, ...], players: int) -> tuple[int, ...]:
    """The totals after the last finished round of ``history`` (all 0 before any).

    >>> running_totals((), 3)
    (0, 0, 0)
    """
    return history[-1].totals if history else (0,) * players


# Interpreted, the fields become frozen once each __init__ above has run (compiled, a
# native class's Final fields have no setter and this does nothing).
NATIVE: Final = not freeze(Trick, RoundSetup, TrickRecord, RoundState, RoundResult, GameState)
"""Whether these classes are native (the compiled build), which the engine's fast
constructors ask."""
