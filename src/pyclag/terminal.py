"""Play Clag in the terminal against bots (``pyclag play``).

:func:`run` seats you at one seat and bots at the others, then reads your
bids, cards, calls and declarations as plain lines: a script can play it as
well as a person. Everything it shows you comes from your
:func:`pyclag.observe` view: your hand (sorted by suit, strongest first),
the trump once it is shown, the bids, the trick so far, each trick as it
finishes, the round results and the scores. An answer it cannot read, or
that the rules do not allow, is refused with the reason and asked again;
``quit`` or the end of the input leaves the game.

>>> import io, random, pyclag
>>> out = io.StringIO()
>>> run(pyclag.NORMAL.with_schedule([1]), 3, 1, random.Random(2), io.StringIO("quit\\n"), out)
0
>>> print(out.getvalue(), end="")
pyclag play: rules normal, 3 players; you are seat 1. Type ? for help, quit to leave.
=== Round 1 of 1: 1 card each, dealer: seat 0 ===
Turn-up: TD, so diamonds are trumps.
--- Round 1 of 1, 1 card, dealer: seat 0
Trumps: diamonds (turn-up TD)
Bids: you -, seat 2 -, seat 0 -
Scores: seat 0 0, you 0, seat 2 0
Your hand: D: 4
Your bid (legal: 0 1): quit
Goodbye: you left in round 1 of 1. Scores: seat 0 0, you 0, seat 2 0
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Final, TextIO

from pyclag._refusals import check_rng
from pyclag.actions import Bid, Call, ChooseHandSize, DeclareTrump, Madness, Play, PlayerAction
from pyclag.bots import Bot, HeuristicBot
from pyclag.cards import Card, Rank, Suit
from pyclag.engine import apply, new_game, sample_chance, winners
from pyclag.errors import ClagError, RulesError
from pyclag.hand import Hand
from pyclag.rules.deals import Bidding, Reveal
from pyclag.rules.ordering import RankOrder, precedence_order
from pyclag.rules.ruleset import RuleSet
from pyclag.rules.trumps import NO_TRUMPS, TURN_UP, DealerCalls, NoTrumps, Precedence, TurnUp
from pyclag.scorecard import score_card
from pyclag.state import CHANCE, GameState, Phase, RoundResult, RoundSetup, Seat, Trick
from pyclag.views import Observation, observe

__all__ = [
    "AnswerError",
    "Session",
    "Teller",
    "UndeclaredTwoError",
    "declaration_prompt",
    "help_text",
    "prompt",
    "read_answer",
    "run",
    "show_hand",
    "show_status",
]

SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The order suits are shown in: black and red alternate."""

_QUIT: Final = frozenset({"quit", "exit"})
_HELP: Final = frozenset({"?", "help"})
_LONGEST: Final = 60
"""The longest answer read (a call with every option fits)."""


class AnswerError(ClagError, ValueError):
    """An answer that cannot be read, or that the rules do not allow here;
    the message says why.

    >>> raise AnswerError("you do not hold AS")
    Traceback (most recent call last):
    pyclag.terminal.AnswerError: you do not hold AS
    """


class UndeclaredTwoError(AnswerError):
    """A wild two played without naming the card it stands for: ``two`` is
    the card, still to be declared.

    >>> UndeclaredTwoError(Card.parse("2H")).two
    Card(Suit.HEARTS, Rank.TWO)
    """

    def __init__(self, two: Card) -> None:
        super().__init__(f"{two} is wild: name the card it stands for, e.g. {two}=AC")
        self.two = two


# --- the game loop -------------------------------------------------------------------------


def run(
    rules: RuleSet,
    players: int,
    seat: int,
    rng: random.Random,
    stdin: TextIO,
    stdout: TextIO,
    bots: Sequence[Bot] | None = None,
    first_dealer: int = 0,
) -> int:
    """Play a game of ``rules`` in the terminal: you at ``seat``, ``bots`` at
    the other seats (one per other seat, in seat order; a
    :class:`~pyclag.bots.HeuristicBot` each when ``None``), ``rng`` dealing.
    Returns the exit status: 0 at the end of the game, on ``quit`` or at the
    end of the input.

    >>> import io, random, pyclag
    >>> out = io.StringIO()
    >>> answers = io.StringIO("2\\nhelp\\n1\\njc\\n")
    >>> run(pyclag.NORMAL.with_schedule([1]), 3, 0, random.Random(2), answers, out)
    0
    >>> print(out.getvalue(), end="")
    pyclag play: rules normal, 3 players; you are seat 0. Type ? for help, quit to leave.
    === Round 1 of 1: 1 card each, dealer: you ===
    Turn-up: TD, so diamonds are trumps.
    Seat 1 bids 1.
    Seat 2 bids 0.
    --- Round 1 of 1, 1 card, dealer: you
    Trumps: diamonds (turn-up TD)
    Bids: seat 1 1, seat 2 0, you -
    Scores: you 0, seat 1 0, seat 2 0
    Your hand: C: J
    Your bid (legal: 1): 2
    Refused: a bid is 0 to 1 tricks; legal bids: 1
    Your bid (legal: 1): help
    Bid the number of tricks you mean to take, exactly. Legal bids: 1.
    Type quit to leave the game.
    Your bid (legal: 1): 1
    You bid 1.
    --- Round 1 of 1, 1 card, dealer: you
    Trumps: diamonds (turn-up TD)
    Bids (tricks won): seat 1 1 (0), seat 2 0 (0), you 1 (0)
    Scores: you 0, seat 1 0, seat 2 0
    Trick 1 of 1: seat 1 4D, seat 2 5H
    Your hand: C: J
    Your card (legal: JC): jc
    Trick 1: seat 1 4D, seat 2 5H, you JC; seat 1 wins.
    Round 1 over:
      you     bid 1  took 0  missed   +0  total 0
      seat 1  bid 1  took 1  made    +12  total 12
      seat 2  bid 0  took 0  made    +10  total 10
    Game over.
    round  cards  rule  |   seat 0      seat 1      seat 2
        1      1        |      0 (1)      12 (1)      10 (0)
    winner: seat 1 with 12
    Seat 1 wins with 12; you scored 0.
    """
    return Session(rules, players, seat, rng, stdin, stdout, bots, first_dealer).run()


class Session:
    """One game in the terminal: ``state`` is the game so far (the caller
    may read it; only :meth:`run` changes it, one legal action at a time).

    >>> import io, random, pyclag
    >>> session = Session(pyclag.NORMAL, 4, 2, random.Random(1), io.StringIO(""), io.StringIO())
    >>> session.run(), len(session.state.history)
    (0, 0)
    >>> Session(pyclag.NORMAL, 4, 4, random.Random(1), io.StringIO(""), io.StringIO())
    Traceback (most recent call last):
    pyclag.errors.RulesError: play: seat must be a seat in 0..3, not 4
    """

    def __init__(
        self,
        rules: RuleSet,
        players: int,
        seat: int,
        rng: random.Random,
        stdin: TextIO,
        stdout: TextIO,
        bots: Sequence[Bot] | None = None,
        first_dealer: int = 0,
    ) -> None:
        self.state: GameState = new_game(rules, players, first_dealer)
        if type(seat) is not int or not 0 <= seat < players:
            raise RulesError(f"play: seat must be a seat in 0..{players - 1}, not {seat!r}")
        self.seat = seat
        self.rng = check_rng("play", rng)
        self.bots = _seat_bots(players, seat, bots)
        self.stdin = stdin
        self.stdout = stdout
        self.teller = Teller()

    def run(self) -> int:
        """Play to the end of the game, or until you quit; the exit status (0).

        >>> import io, random, pyclag
        >>> out = io.StringIO()
        >>> rules = pyclag.NORMAL.with_schedule([1, 1])
        >>> session = Session(rules, 3, 1, random.Random(5), io.StringIO("0\\nexit\\n"), out)
        >>> session.run(), len(session.state.history), out.getvalue().splitlines()[-1]
        (0, 0, 'Goodbye: you left in round 1 of 2. Scores: seat 0 0, you 0, seat 2 0')
        """
        rules = self.state.rules
        self._say(
            f"pyclag play: rules {rules.name}, {self.state.players} players; "
            f"you are seat {self.seat}. Type ? for help, quit to leave."
        )
        while True:
            view = observe(self.state, self.seat)
            for line in self.teller.news(view):
                self._say(line)
            if view.phase is Phase.GAME_OVER:
                self._finish(view)
                return 0
            actor = view.to_act
            if actor is CHANCE:
                self.state = apply(self.state, sample_chance(self.state, self.rng))
                continue
            assert isinstance(actor, int)
            bot = self.bots[actor]
            if bot is None:
                action = self._ask(view)
                if action is None:
                    self._say(_goodbye(view))
                    return 0
            else:
                action = bot.choose(observe(self.state, actor))
            self.state = apply(self.state, action)

    def _ask(self, view: Observation) -> PlayerAction | None:
        """Your action, asked until it is legal; None if you quit."""
        self._say(show_status(view))
        two: Card | None = None
        while True:
            answer = self._read(prompt(view) if two is None else declaration_prompt(view, two))
            if answer is None:
                return None
            if answer.lower() in _HELP:
                self._say(help_text(view))
                continue
            if two is not None:
                if not answer:  # a blank line takes the two back
                    two = None
                    continue
                answer = f"{two}={answer}"
            try:
                return read_answer(view, answer)
            except UndeclaredTwoError as need:
                two = need.two
            except AnswerError as refusal:
                self._say(f"Refused: {refusal}")

    def _read(self, question: str) -> str | None:
        """One answer, stripped; None at the end of the input or on ``quit``."""
        self.stdout.write(_plain(question))
        self.stdout.flush()
        line = self.stdin.readline()
        if not self.stdin.isatty():  # echo a scripted answer, so the transcript reads well
            self.stdout.write(line.rstrip("\r\n") + "\n")
        elif not line:
            self.stdout.write("\n")
        answer = line.strip()
        return None if not line or answer.lower() in _QUIT else answer

    def _finish(self, view: Observation) -> None:
        self._say("Game over.")
        self._say(score_card(self.state))
        best = winners(self.state)
        top = view.scores[best[0]]
        if best == (self.seat,):
            self._say(f"You win with {top}!")
        elif self.seat in best:
            self._say(f"You share the win with {top}.")
        else:
            names = " and ".join(_name(view, seat) for seat in best)
            verb = "wins" if len(best) == 1 else "share the win"
            self._say(
                f"{names[0].upper()}{names[1:]} {verb} with {top}; "
                f"you scored {view.scores[self.seat]}."
            )

    def _say(self, text: str) -> None:
        self.stdout.write(_plain(text) + "\n")


def _seat_bots(players: int, seat: int, bots: Sequence[Bot] | None) -> list[Bot | None]:
    """A bot for each seat but yours: ``bots`` names one per other seat in
    seat order (or one per seat, yours ignored)."""
    if bots is None:
        return [None if s == seat else HeuristicBot() for s in range(players)]
    given = list(bots)
    if len(given) == players:
        given = given[:seat] + given[seat + 1 :]
    if len(given) != players - 1 or not all(callable(getattr(b, "choose", None)) for b in given):
        raise RulesError(
            f"play: {players} players need {players - 1} bots (one per other seat), not {bots!r}"
        )
    table: list[Bot | None] = [*given]
    table.insert(seat, None)
    return table


def _goodbye(view: Observation) -> str:
    return (
        f"Goodbye: you left in round {view.setup.index + 1} of {_rounds(view)}. "
        f"Scores: {_scores(view)}"
    )


# --- what happened: the public news between your decisions ---------------------------------

_Event = tuple[tuple[object, ...], str]


class Teller:
    """Tells what happened at the table since it last looked: the start of
    each round, the hand size chosen, the call, the trump shown or declared,
    each bid, each trick and each round's result, all read from your view.

    >>> import random, pyclag
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
        >>> Teller().news(observe(pyclag.new_game(pyclag.NORMAL, 4, first_dealer=3), 3))
        ['=== Round 1 of 13: 1 card each, dealer: you ===']
        """
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
    chooses = Phase.CHOOSE_HAND_SIZE in setup.spec.phases
    events: list[_Event] = [((index, "start"), _header(view, setup, chooses))]
    if chooses and setup.hand_size:
        events.append(((index, "size"), _says(view, setup.dealer, "choose", _cards(setup))))
    if setup.call is not None and setup.caller is not None:
        events.append(((index, "call"), _says(view, setup.caller, "call", setup.call.label)))
    # A call names its trumps itself; a turn-up or a declaration is told as it comes.
    known = setup.round_rules is not None and (setup.call is None or setup.turnup is not None)
    told_trump = [((index, "trump"), _trump_news(view, setup))] if known else []
    after_bids = setup.spec.reveal is Reveal.AFTER_BIDS
    if not after_bids:
        events += told_trump
    if setup.spec.bidding.has_bids:
        for seat in setup.bidding_order:
            tricks_bid = bids[seat]
            if tricks_bid is None:
                break
            events.append(((index, "bid", seat), _says(view, seat, "bid", str(tricks_bid))))
    if after_bids:
        events += told_trump
    for number, done in enumerate(tricks, 1):
        plays = ", ".join(f"{_name(view, play.seat)} {_play_text(play)}" for play in done.plays)
        winner = _name(view, done.winner) + (" win" if done.winner == view.seat else " wins")
        events.append(((index, "trick", number), f"Trick {number}: {plays}; {winner}."))
    return events


def _header(view: Observation, setup: RoundSetup, chooses: bool) -> str:
    spec = setup.spec
    size = "" if chooses else f"{_cards(setup)}, "
    caller = "" if setup.caller is None else f", caller: {_name(view, setup.caller)}"
    label = f" -- {spec.label}" if spec.label else ""
    return (
        f"=== Round {setup.index + 1} of {_rounds(view)}: {size}dealer: "
        f"{_name(view, setup.dealer)}{caller}{label} ==="
    )


def _trump_news(view: Observation, setup: RoundSetup) -> str:
    """The trump as it becomes known: turned up, declared or called."""
    rules = setup.round_rules
    assert rules is not None
    trump = rules.trump
    if isinstance(view.rules.round_spec(setup.index).suits, DealerCalls):
        declared = f"{_suit_name(trump)} trumps" if trump is not None else "no trumps"
        return _says(view, setup.dealer, "declare", declared)
    if setup.turnup is not None and trump is setup.turnup.suit:
        return f"Turn-up: {setup.turnup}, so {_suit_name(trump)} are trumps."
    return f"{_trump_text(view, setup)}."


def _result_text(view: Observation, result: RoundResult) -> str:
    rows = [f"Round {result.setup.index + 1} over:"]
    has_bids = _has_contracts(result.setup)
    for seat in range(view.players):
        bid_text = "-" if result.bids[seat] is None else str(result.bids[seat])
        made = ("made" if result.made[seat] else "missed") if has_bids else ""
        rows.append(
            f"  {_name(view, seat):<7} bid {bid_text:<2} took {result.tricks_won[seat]:<2} "
            f"{made:<6} {result.points[seat]:+4d}  total {result.totals[seat]}"
        )
    return "\n".join(rows)


# --- what you see at your turn -------------------------------------------------------------


def show_hand(hand: Hand, order: RankOrder = RankOrder.ACE_HIGH) -> str:
    """A hand by suit (spades, hearts, clubs, diamonds), strongest rank first
    under ``order``, in plain letters.

    >>> show_hand(Hand.parse("4S AS TS KH QH 7C 9D 2D"))
    'S: A T 4  H: K Q  C: 7  D: 9 2'
    >>> show_hand(Hand.parse("AH 2H KH"), RankOrder.ACES_LOW), show_hand(Hand())
    ('H: K 2 A', '(no cards)')
    """
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


def _hand_text(view: Observation) -> str:
    if view.hand is None:
        return "face down, not seen yet"
    if not view.hand and view.phase in (Phase.CHOOSE_HAND_SIZE, Phase.BID_BEFORE_DEAL):
        return "not dealt yet"
    return show_hand(view.hand, _rank_order(view))


def _rank_order(view: Observation) -> RankOrder:
    rules = view.round_rules
    return rules.rank_order if rules is not None else view.spec.rank_order


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


# --- asking and reading your answer -----------------------------------------------------------


def prompt(view: Observation) -> str:
    """The question for your decision, with the legal answers.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
    >>> prompt(observe(state, 1))
    'Your bid (legal: 0 1 2 3): '
    >>> prompt(observe(pyclag.new_game(pyclag.presets.get("raf"), 3), 0))
    'Hand size (legal: 3 4 5 6 7): '
    """
    first = _first(view)
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
    >>> spec = pyclag.presets.get("pagat").schedule[11]
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([spec]), 4), rng=random.Random(0))
    >>> for tricks in (2, 2, 2, 2):
    ...     state = pyclag.bid(state, tricks)
    >>> declaration_prompt(observe(state, 1), Card.parse("2S"))[:42]
    '2S stands for (legal: AS KS QS JS TS 9S 8S'
    >>> read_answer(observe(state, 1), "2s")
    Traceback (most recent call last):
    pyclag.terminal.UndeclaredTwoError: 2S is wild: name the card it stands for, e.g. 2S=AC
    >>> read_answer(observe(state, 1), "2s=ad")
    Play(seat=1, card=Card(Suit.SPADES, Rank.TWO), as_card=Card(Suit.DIAMONDS, Rank.ACE))
    """
    cards = [
        action.as_card
        for action in view.legal
        if isinstance(action, Play) and action.card is two and action.as_card is not None
    ]
    return f"{two} stands for (legal: {_join(_sorted_cards(cards))}; blank to go back): "


def help_text(view: Observation) -> str:
    """What you may answer now, at more length than the prompt.

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
    >>> print(help_text(observe(state, 1)))
    Bid the number of tricks you mean to take, exactly. Legal bids: 0 1 2 3.
    Type quit to leave the game.
    """
    first = _first(view)
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


def read_answer(view: Observation, text: str) -> PlayerAction:
    """Your answer to the decision in ``view``, as a legal action; raises
    :class:`AnswerError` with the reason if it cannot be read or is not legal
    (:class:`UndeclaredTwoError` for a wild two that names no card).

    >>> import random, pyclag
    >>> state = pyclag.deal(pyclag.new_game(pyclag.NORMAL.with_schedule([3]), 3), rng=random.Random(4))
    >>> read_answer(observe(state, 1), " 2 ")
    Bid(seat=1, tricks=2)
    >>> read_answer(observe(state, 1), "zz")
    Traceback (most recent call last):
    pyclag.terminal.AnswerError: 'zz' is not a number of tricks; legal bids: 0 1 2 3
    >>> state = pyclag.bid(pyclag.bid(pyclag.bid(state, 1), 0), 1)
    >>> read_answer(observe(state, 1), "as")
    Traceback (most recent call last):
    pyclag.terminal.AnswerError: you do not hold AS; legal cards: KH 4H TD
    >>> read_answer(observe(state, 1), "10d")
    Play(seat=1, card=Card(Suit.DIAMONDS, Rank.TEN), as_card=None)
    """
    if len(text) > _LONGEST:
        raise AnswerError(f"that answer is too long ({len(text)} characters)")
    first = _first(view)
    if isinstance(first, Bid):
        return _read_bid(view, text)
    if isinstance(first, Play):
        return _read_play(view, text)
    if isinstance(first, ChooseHandSize):
        return _read_size(view, text)
    if isinstance(first, DeclareTrump):
        return _read_trump(view, text)
    return _read_call(view, text)


def _first(view: Observation) -> PlayerAction:
    if not view.legal:
        raise AnswerError(f"seat {view.seat} has no decision to make now")
    return view.legal[0]


def _read_bid(view: Observation, text: str) -> Bid:
    legal = _bids(view)
    try:
        tricks = int(text)
    except ValueError:
        raise AnswerError(
            f"{text!a} is not a number of tricks; legal bids: {_join(legal)}"
        ) from None
    if tricks in legal:
        return Bid(view.seat, tricks)
    size = view.setup.hand_size
    if not 0 <= tricks <= size:
        why = f"a bid is 0 to {size} tricks"
    elif view.seat == view.dealer:
        others = sum(b for b in view.bids if b is not None)
        why = f"the dealer may not bid {tricks} after bids of {others} in all (the hook)"
    else:
        why = f"you may not bid {tricks} here"
    raise AnswerError(f"{why}; legal bids: {_join(legal)}")


def _read_play(view: Observation, text: str) -> Play:
    named, _, stands_for = text.partition("=")
    card = _parse_card(named)
    as_card = _parse_card(stands_for) if stands_for.strip() else None
    plays = [action for action in view.legal if isinstance(action, Play)]
    wanted = Play(view.seat, card, as_card)
    if wanted in plays:
        return wanted
    legal = f"legal cards: {_join(_cards_to_play(view))}"
    if view.hand is None or card not in view.hand:
        raise AnswerError(f"you do not hold {card}; {legal}")
    options = [play for play in plays if play.card is card]
    if not options:
        raise AnswerError(f"{_why_not(view, card)}; {legal}")
    if as_card is None:
        if len(options) == 1:
            return options[0]
        raise UndeclaredTwoError(card)
    if all(play.as_card is None for play in options):
        raise AnswerError(f"{card} is not wild here: play it as itself")
    allowed = _sorted_cards(play.as_card for play in options if play.as_card is not None)
    raise AnswerError(f"{card} may not stand for {as_card} here; it may stand for {_join(allowed)}")


def _parse_card(text: str) -> Card:
    try:
        return Card.parse(text)
    except ClagError:
        raise AnswerError(
            f"{text.strip()!a} is not a card: type its rank then its suit, e.g. AS, 10H, TH or 7c"
        ) from None


def _why_not(view: Observation, card: Card) -> str:
    """Why a card you hold may not be played now."""
    if view.trick:
        led = view.trick[0].effective.suit
        assert view.hand is not None
        if card.suit is not led and view.hand.of_suit(led):
            return f"you must follow suit: {_suit_name(led)} were led"
    elif card.rank is Rank.TWO and view.spec.twos is not None:
        return f"{card} may not lead here"
    return f"{card} may not be played now"


def _read_size(view: Observation, text: str) -> ChooseHandSize:
    legal = _sizes(view)
    try:
        size = int(text)
    except ValueError:
        raise AnswerError(f"{text!a} is not a hand size; legal sizes: {_join(legal)}") from None
    if size not in legal:
        raise AnswerError(f"you may not deal {size} cards each; legal sizes: {_join(legal)}")
    return ChooseHandSize(view.seat, size)


def _read_trump(view: Observation, text: str) -> DeclareTrump:
    legal = _trumps(view)
    words = " ".join(text.lower().split())
    if words in ("nt", "no trumps", "no trump", "notrumps", "none"):
        if None not in legal:
            raise AnswerError(f"no trumps is not allowed here; legal: {_join(_trump_words(view))}")
        return DeclareTrump(view.seat, None)
    try:
        suit = Suit.parse(text)
    except ClagError:
        raise AnswerError(f"{text!a} is not a suit; legal: {_join(_trump_words(view))}") from None
    if suit not in legal:
        raise AnswerError(
            f"you may not declare {_suit_name(suit)}; legal: {_join(_trump_words(view))}"
        )
    return DeclareTrump(view.seat, suit)


# --- the RAF call -----------------------------------------------------------------------------

_FLAGS: Final = {
    "nuloss": "nuloss",
    "blind": "blind",
    "misere": "misere",
    "misère": "misere",
    "ascending": "ascending",
    "asc": "ascending",
    "descending": "descending",
    "desc": "descending",
}
_SuitMode = Suit | TurnUp | NoTrumps | Precedence


def _read_call(view: Observation, text: str) -> Call:
    words = text.lower().replace(",", " ").split()
    modes: list[_SuitMode] = []
    flags: set[str] = set()
    position = 0
    while position < len(words):
        word = words[position]
        following = words[position + 1] if position + 1 < len(words) else ""
        position += 1
        if word in _FLAGS:
            flags.add(_FLAGS[word])
        elif word == "madness":
            continue
        elif word in ("trumps", "trump"):
            suit = _suit_or_none(following)
            modes.append(TURN_UP if suit is None else suit)
            if suit is not None:
                position += 1
        elif word in ("nt", "notrumps", "no-trumps"):
            modes.append(NO_TRUMPS)
        elif word == "no" and following in ("trumps", "trump"):
            modes.append(NO_TRUMPS)
            position += 1
        elif word in ("turnup", "turn-up"):
            modes.append(TURN_UP)
        elif word in ("precedence", "prec"):
            modes.append(_precedence(following))
            position += 1
        elif _suit_or_none(word) is not None:
            modes.append(Suit.parse(word))
        elif len(word) == 4 and set(word) == set("cdhs"):
            modes.append(_precedence(word))
        else:
            raise AnswerError(f"{word!a} is not part of a call; type ? for the options")
    return _checked_call(view, modes, flags)


def _suit_or_none(word: str) -> Suit | None:
    try:
        return Suit.parse(word) if len(word) == 1 else None
    except ClagError:
        return None


def _precedence(word: str) -> Precedence:
    try:
        return Precedence(precedence_order(word))
    except ClagError:
        raise AnswerError(
            f"a precedence names the four suits once each, top first (e.g. HSDC), not {word!a}"
        ) from None


def _checked_call(view: Observation, modes: Sequence[_SuitMode], flags: set[str]) -> Call:
    if len(modes) != 1:
        raise AnswerError(
            "a call names one of: trumps (e.g. 'trumps h'), 'nt' or a precedence "
            "(e.g. 'precedence HSDC'); type ? for the options"
        )
    if {"ascending", "descending"} <= flags:
        raise AnswerError("a call has one madness at most: ascending or descending")
    madness = (
        Madness.ASCENDING
        if "ascending" in flags
        else Madness.DESCENDING
        if "descending" in flags
        else None
    )
    made = Call(
        view.seat, modes[0], "nuloss" in flags, "blind" in flags, "misere" in flags, madness
    )
    if made in view.legal:
        return made
    turnup_trumps = any(isinstance(a, Call) and a.suits == TURN_UP for a in view.legal)
    if isinstance(modes[0], Suit) and turnup_trumps:
        raise AnswerError("trumps are the turn-up in these rules: call 'trumps' with no suit")
    if modes[0] == TURN_UP and not turnup_trumps:
        raise AnswerError("name the trump suit, e.g. 'trumps h'")
    raise AnswerError(f"{made.label} is not a call you may make here; type ? for the options")


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


# --- small helpers ----------------------------------------------------------------------------


def _bids(view: Observation) -> list[int]:
    return [action.tricks for action in view.legal if isinstance(action, Bid)]


def _sizes(view: Observation) -> list[int]:
    return [action.size for action in view.legal if isinstance(action, ChooseHandSize)]


def _trumps(view: Observation) -> list[Suit | None]:
    return [action.suit for action in view.legal if isinstance(action, DeclareTrump)]


def _trump_words(view: Observation) -> list[str]:
    chosen = set(_trumps(view))
    words = [suit.letter for suit in SUIT_ORDER if suit in chosen]
    return [*words, "NT"] if None in chosen else words


def _cards_to_play(view: Observation) -> list[Card]:
    plays = (action.card for action in view.legal if isinstance(action, Play))
    return _sorted_cards(plays, _rank_order(view))


def _sorted_cards(cards: Iterable[Card], order: RankOrder = RankOrder.ACE_HIGH) -> list[Card]:
    """Distinct cards in the order a hand is shown: by suit, strongest first."""
    return sorted(set(cards), key=lambda c: (SUIT_ORDER.index(c.suit), -order.value_of(c.rank)))


def _join(items: Sequence[object]) -> str:
    return " ".join(str(item) for item in items)


def _seat_order(view: Observation) -> list[Seat]:
    """The seats from the eldest round to the dealer: the order of bids and of the table."""
    return list(view.setup.bidding_order)


def _name(view: Observation, seat: Seat) -> str:
    return "you" if seat == view.seat else f"seat {seat}"


def _says(view: Observation, seat: Seat, verb: str, rest: str) -> str:
    """A sentence about what a seat did: 'You bid 2.' or 'Seat 3 bids 2.'"""
    subject = "You" if seat == view.seat else f"Seat {seat}"
    verb = verb if seat == view.seat else f"{verb}s"
    return f"{subject} {verb} {rest}." if rest else f"{subject} {verb}."


def _plain(text: str) -> str:
    """``text`` in ASCII, whatever the terminal's encoding: accents dropped
    (Misère reads Misere); the answers shown back are quoted with ascii()."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


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
