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
pyclag play: rules normal, 3 players; you are seat 1.
Type ? for help, quit to leave.
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
from collections.abc import Sequence
from typing import Final, TextIO

from pyclag import records
from pyclag._checks import check_rng, not_a
from pyclag._saving import check_target, write_whole
from pyclag.actions import Action, PlayerAction
from pyclag.bots import Bot, HeuristicBot
from pyclag.bots.ismcts import SearchBot
from pyclag.bots.pimc import PIMCBot
from pyclag.cards import Card
from pyclag.engine import apply, new_game, sample_chance, winners
from pyclag.engine.state import GameState, Phase
from pyclag.errors import ClagError, RulesError
from pyclag.rules.ruleset import RuleSet
from pyclag.scoresheet.scorecard import score_card
from pyclag.terminal._answers import AnswerError, UndeclaredTwoError, read_answer
from pyclag.terminal._commands import COMMANDS
from pyclag.terminal._explain import deal_lines
from pyclag.terminal._news import Teller
from pyclag.terminal._screen import declaration_prompt, help_text, prompt, show_hand, show_status
from pyclag.terminal.lines import Console
from pyclag.terminal.words import SUIT_ORDER as SUIT_ORDER
from pyclag.terminal.words import name, rounds, scores
from pyclag.views import Observation, observe

__all__ = [
    "AnswerError",
    "Session",
    "Teller",
    "UndeclaredTwoError",
    "deal_lines",
    "declaration_prompt",
    "help_text",
    "prompt",
    "read_answer",
    "run",
    "show_hand",
    "show_status",
]

_QUIT: Final = frozenset({"quit", "exit"})
_HELP: Final = frozenset({"?", "help"})
_SEARCHES: Final[dict[type, str]] = {PIMCBot: "pimc", SearchBot: "search"}
"""The bots that search, by their ``--bots`` name: before each choice they say
they are thinking (a search may take seconds on a busy machine)."""


def run(
    rules: RuleSet,
    players: int,
    seat: int,
    rng: random.Random,
    stdin: TextIO,
    stdout: TextIO,
    bots: Sequence[Bot] | None = None,
    first_dealer: int = 0,
    record: str | None = None,
) -> int:
    """Play a game of ``rules`` in the terminal: you at ``seat``, ``bots`` at
    the other seats (one per other seat, in seat order; a
    :class:`~pyclag.bots.HeuristicBot` each when ``None``), ``rng`` dealing;
    the game's record saved in the file ``record``, if given (:class:`Session`).
    Returns the exit status: 0 at the end of the game, on ``quit`` or at the
    end of the input.

    >>> import io, random, pyclag
    >>> out = io.StringIO()
    >>> answers = io.StringIO("2\\nhelp\\n1\\njc\\n")
    >>> run(pyclag.NORMAL.with_schedule([1]), 3, 0, random.Random(2), answers, out)
    0
    >>> print(out.getvalue(), end="")
    pyclag play: rules normal, 3 players; you are seat 0.
    Type ? for help, quit to leave.
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
    Refused: you may not bid 2: a bid is 0..1 tricks; legal bids: 1
    Your bid (legal: 1): help
    Bid the number of tricks you mean to take, exactly. Legal bids: 1.
    At any prompt: score (the score card), last (the last trick), rules (this deal),
    hand (your hand and the table), help, or quit (leave the game).
    Your bid (legal: 1): 1
    You bid 1.
    --- Round 1 of 1, 1 card, dealer: you
    Trumps: diamonds (turn-up TD)
    Bids (tricks won): seat 1 1 (0), seat 2 0 (0), you 1 (0)
    Scores: you 0, seat 1 0, seat 2 0
    Trick 1 of 1: seat 1 4D, seat 2 5H
    Your hand: C: J
    Your play (legal: JC): jc
    Trick 1: seat 1 4D, seat 2 5H, you JC; seat 1 wins.
    Round 1 over:
      you     bid 1  took 0  missed   +0  total 0
      seat 1  bid 1  took 1  made    +12  total 12
      seat 2  bid 0  took 0  made    +10  total 10
    Game over.
    round cards rule |    you       seat 1     seat 2
        1     1      |     0 (1)     12 (1)     10 (0)
    winner: seat 1 with 12
    Seat 1 wins with 12; you scored 0.
    """
    return Session(rules, players, seat, rng, stdin, stdout, bots, first_dealer, record).run()


class Session:
    """One game in the terminal: ``state`` is the game so far (the caller
    may read it; only :meth:`run` changes it, one legal action at a time).

    With ``record``, the game's record (:func:`pyclag.records.dump`) is saved
    in that file, whole each time (:func:`~pyclag._saving.write_whole`: a link's
    target is written; a path that is not a regular file or a new file in an
    existing folder is refused here, before the game starts):
    at the start, after the decision that ends each deal, and on leaving (the
    end of the game, ``quit``, the end of the input, Ctrl-C), the deal in
    progress included. While a deal is played the file holds the deals
    finished: a record holds the deal's pack, which would show you the other
    hands. ``pyclag replay`` reads it.

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
        record: str | None = None,
    ) -> None:
        self.state: GameState = new_game(rules, players, first_dealer)
        if record is not None and not isinstance(record, str):
            raise not_a("play", "record", "None or a file path", record)
        if record is not None:
            check_target(record)  # a directory, a device, a missing folder: refused before the game
        self.record = record
        if type(seat) is not int or not 0 <= seat < players:
            raise RulesError(f"play: seat must be a seat in 0..{players - 1}, not {seat!r}")
        self.seat = seat
        self.rng = check_rng("play", rng)
        self.bots = _seat_bots(players, seat, bots)
        self.console = Console("play", stdin, stdout)
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
            f"pyclag play: rules {rules.name}, {self.state.players} players; you are seat {self.seat}."
        )
        self._say("Type ? for help, quit to leave.")
        if self.record is not None:
            write_whole(self.record, records.dump(self.state) + "\n")  # a failure stops here
            self._say(f"The game is saved in {self.record} as it goes (pyclag replay reads it).")
        try:
            return self._play()
        finally:
            self._save(self.state)  # on leaving, however: the whole game so far

    def _play(self) -> int:
        while True:
            view = observe(self.state, self.seat)
            for line in self.teller.news(view):
                self._say(line)
            if view.phase is Phase.GAME_OVER:
                self._finish(view)
                return 0
            actor = view.to_act
            if not isinstance(actor, int):  # chance: a draw, a deal or a face-down shuffle
                self._apply(sample_chance(self.state, self.rng))
                continue
            bot = self.bots[actor]
            if bot is None:
                action = self._ask(view)
                if action is None:
                    self._say(_goodbye(view))
                    return 0
            else:
                seen = observe(self.state, actor)
                search = _SEARCHES.get(type(bot))
                if search is not None and len(seen.legal) > 1:
                    # a search may take seconds on a busy machine: say why nothing moves
                    self._say(f"{name(view, actor).capitalize()} ({search}) is thinking...")
                action = bot.choose(seen)
            self._apply(action)

    def _apply(self, action: Action) -> None:
        """Take ``action``; a deal just finished is saved, with ``record``."""
        finished = len(self.state.history)
        self.state = apply(self.state, action)
        if len(self.state.history) > finished:
            self._save(self.state)

    def _save(self, state: GameState) -> None:
        """Save ``state``'s record, with ``record``; a failure is said, and the game goes on."""
        if self.record is None:
            return
        try:
            write_whole(self.record, records.dump(state) + "\n")
        except ClagError as err:
            self._say(f"Not saved: {err}")

    def _ask(self, view: Observation) -> PlayerAction | None:
        """Your action, asked until it is legal; None if you quit."""
        self._say(show_status(view))
        two: Card | None = None
        while True:
            answer = self._read(prompt(view) if two is None else declaration_prompt(view, two))
            if answer is None:
                return None
            word = answer.lower()
            if word in _HELP:
                self._say(help_text(view))
                continue
            if word in COMMANDS:
                self._say(COMMANDS[word](view))
                continue
            if two is not None and not answer:  # a blank line takes the two back
                two = None
                continue
            try:
                return read_answer(view, answer, two)
            except UndeclaredTwoError as need:
                if two is None:  # said once: what a wild two is, before asking for its card
                    self._say(str(need))
                two = need.two
            except AnswerError as refusal:
                self._say(f"Refused: {refusal}")

    def _read(self, question: str) -> str | None:
        """One answer, stripped; None at the end of the input or on ``quit``."""
        answer = self.console.ask(question)
        return None if answer is None or answer.lower() in _QUIT else answer

    def _finish(self, view: Observation) -> None:
        self._say("Game over.")
        self._say(score_card(self.state, [name(view, seat) for seat in range(view.players)]))
        best = winners(self.state)
        top = view.scores[best[0]]
        if best == (self.seat,):
            self._say(f"You win with {top}!")
        elif self.seat in best:
            self._say(f"You share the win with {top}.")
        else:
            names = " and ".join(name(view, seat) for seat in best)
            verb = "wins" if len(best) == 1 else "share the win"
            self._say(
                f"{names[0].upper()}{names[1:]} {verb} with {top}; "
                f"you scored {view.scores[self.seat]}."
            )

    def _say(self, text: str) -> None:
        self.console.say(text)


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
        f"Goodbye: you left in round {view.setup.index + 1} of {rounds(view)}. "
        f"Scores: {scores(view)}"
    )
