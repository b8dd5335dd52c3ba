"""Keep score at the table in the terminal (``pyclag score``).

:func:`keep_score` walks a :class:`~pyclag.scoresheet.ScoreSheet` deal by
deal. At each deal it says what the deal is (its cards, special rule,
dealer, first bidder, the RAF caller) and asks for what the table did, in
plain lines, so that a script can drive it as well as a person: the draw's
winner, the RAF hand size and call, a dealer's trump, each bid (showing the
last bidder's forbidden bid before they answer), then the tricks each player
took, or where the scoring counts which tricks were won, the winner of each
trick. A wrong entry is refused with the reason and asked again. After each
deal it prints the score card, and saves the sheet when it has a file.
``undo``, ``card``, ``rules``, ``help`` and ``quit`` work at any prompt; the
end of the input and Ctrl-C leave as ``quit`` does, with the sheet saved.

>>> import io, pyclag
>>> out = io.StringIO()
>>> sheet = pyclag.scoresheet.ScoreSheet(pyclag.NORMAL.with_schedule([1]), 3, names=("Ann", "Bob", "Cy"))
>>> keep_score(sheet, io.StringIO("1\\n0\\n0\\n1\\n1 0 0\\n"), out)
0
>>> print(out.getvalue(), end="")
pyclag score: rules normal, 3 players: Ann, Bob, Cy.
Type help for help, quit to leave.
=== Deal 1 of 1: 1 card, normal, F1 scoring; dealer Ann, Bob bids first ===
Bob bids (0 1): 1
Cy bids (0 1): 0
Ann bids last and may not bid 0 (legal: 1): 0
Refused: illegal bid 0 by Ann: total of bids would equal the hand size 1 in deal
    1 of 1 (1 card, dealer Ann); legal bids: 1
Ann bids last and may not bid 0 (legal: 1): 1
Tricks taken, one count each for Ann Bob Cy (1 in all): 1 0 0
Deal 1: Ann +12, Bob +0, Cy +10
round cards rule |    Ann        Bob         Cy
    1     1      |    12 (1)      0 (1)     10 (0)
winner: Ann with 12
Game over: Ann wins with 12.
The game is over (undo, card, rules, help or quit):
Goodbye: the game is over.
"""

from __future__ import annotations

import re
from typing import Final, TextIO

from pyclag import presets
from pyclag._checks import not_a, unchecked
from pyclag._saving import check_target, write_whole
from pyclag.actions import DeclareTrump
from pyclag.engine.state import Phase
from pyclag.errors import ClagError, IllegalActionError, RecordError
from pyclag.notation import read_bid, read_call, read_hand_size, read_trump
from pyclag.scoresheet import ScoreSheet, SheetDeal, dump_sheet, sheet_csv
from pyclag.scoresheet.scorecard import schedule
from pyclag.terminal.lines import Console

__all__ = ["Scorekeeper", "keep_score", "named", "save_sheet"]

_QUIT: Final = frozenset({"quit", "exit"})
_HELP: Final = frozenset({"help", "?"})
_END: Final = "The game is over (undo, card, rules, help or quit): "
_COMMANDS: Final = (
    "Commands, at any prompt: undo (take back the last entry), card (the score card), "
    "rules (the deals of the game), help, quit (leave; the sheet is saved with --save)."
)


def keep_score(
    sheet: ScoreSheet,
    stdin: TextIO,
    stdout: TextIO,
    save: str | None = None,
    *,
    csv: str | None = None,
    chart: str | None = None,
) -> int:
    """Keep the score of ``sheet``'s game, reading the table's entries from
    ``stdin``; save to the file ``save`` after every deal and on leaving, if
    given, and write there too the score card as CSV to ``csv``
    (:func:`~pyclag.scoresheet.sheet_csv`) and the chart of the running totals
    to ``chart`` (an SVG picture, :meth:`~pyclag.scoresheet.ScoreSheet.chart`).
    Returns the exit status: 0 at the end of the game, on ``quit`` or at the
    end of the input; 130 on Ctrl-C.

    >>> import io, pyclag
    >>> keep_score(pyclag.scoresheet.ScoreSheet(pyclag.NORMAL, 3), io.StringIO("quit\\n"), io.StringIO())
    0
    """
    return Scorekeeper(sheet, stdin, stdout, save, csv=csv, chart=chart).run()


class Scorekeeper:
    """The conversation of :func:`keep_score`; ``sheet`` is the sheet so far
    (the caller may read it; only :meth:`run` changes it, an entry at a time).

    >>> import io, pyclag
    >>> keeper = Scorekeeper(pyclag.scoresheet.ScoreSheet(pyclag.NORMAL, 3), io.StringIO("1\\n"), io.StringIO())
    >>> keeper.run(), keeper.sheet.current.bids
    (0, (None, 1, None))
    """

    def __init__(
        self,
        sheet: ScoreSheet,
        stdin: TextIO,
        stdout: TextIO,
        save: str | None = None,
        *,
        csv: str | None = None,
        chart: str | None = None,
    ) -> None:
        if not isinstance(sheet, ScoreSheet):
            raise TypeError(f"score: sheet must be a ScoreSheet, not {type(sheet).__name__}")
        self.sheet = sheet
        self.console = Console("score", stdin, stdout)
        for what, path in (("save", save), ("csv", csv), ("chart", chart)):
            if path is not None and not isinstance(path, str):
                raise not_a("score", what, "None or a file path", path)
            if path is not None:
                check_target(path)  # a directory, a device, a missing folder: refused now
        self.save = save
        self.files = [
            (path, write)
            for path, write in ((save, _json), (csv, sheet_csv), (chart, ScoreSheet.chart))
            if path is not None
        ]

    def run(self) -> int:
        """Ask for every entry to the end of the game, or until the table leaves.

        >>> import io, pyclag
        >>> out = io.StringIO()
        >>> Scorekeeper(pyclag.scoresheet.ScoreSheet(pyclag.NORMAL, 3), io.StringIO(""), out).run()
        0
        >>> out.getvalue().splitlines()[-1]
        'Goodbye: the sheet stops in deal 1 of 13.'
        """
        sheet = self.sheet
        names = ", ".join(sheet.name(seat) for seat in range(sheet.players))
        self.console.say(
            f"pyclag score: rules {sheet.rules.name}, {sheet.players} players: {names}."
        )
        self.console.say("Type help for help, quit to leave.")
        try:
            status = self._loop()
        except KeyboardInterrupt:
            self.console.say("")
            self._leave("Interrupted")
            return 130
        return status

    def _loop(self) -> int:
        shown: int | None = -1  # the deal whose heading was shown last (None: the game's end)
        while True:
            deal = self.sheet.current
            if deal is None and shown is not None:
                if shown == -1:  # a finished sheet, resumed: its card was not shown
                    self.console.say(self.sheet.card())
                self.console.say(_verdict(self.sheet))
                self._store()
                shown = None
            elif deal is not None and deal.number != shown:
                self.console.say(_heading(self.sheet, deal))
                shown = deal.number
            question = _END if deal is None else _question(self.sheet, deal)
            answer = self.console.ask(question)
            if answer is None or answer.lower() in _QUIT:
                self._leave("Goodbye")
                return 0
            word = answer.lower()
            if self._command(word, deal):
                shown = -1 if word == "undo" else shown
                continue
            if deal is None:
                self.console.say(f"The game is over. {_COMMANDS}")
                continue
            scored = len(self.sheet.rows)
            try:
                self.sheet = _enter(self.sheet, deal, answer)
            except (IllegalActionError, RecordError) as refusal:
                self.console.say(f"Refused: {named(self.sheet, str(refusal))}")
                continue
            if len(self.sheet.rows) > scored:
                self._scored()
            elif self.sheet.current is not None:
                news = _news(self.sheet, deal, self.sheet.current)
                if news:
                    self.console.say(news)

    def _command(self, word: str, deal: SheetDeal | None) -> bool:
        """Carry out a command; whether ``word`` was one."""
        if word in _HELP:
            self.console.say(_COMMANDS if deal is None else _help(self.sheet, deal))
        elif word == "card":
            self.console.say(self.sheet.card() if self.sheet.rows else "No deal is scored yet.")
        elif word == "rules":
            self.console.say(_rules_text(self.sheet, deal))
        elif word == "undo":
            if not self.sheet.entries:
                self.console.say("Nothing to undo.")
                return True
            self.sheet = self.sheet.undo()
            self.console.say("Undone: the last entry is taken back.")
            self._store()
        else:
            return False
        return True

    def _scored(self) -> None:
        """Say what the deal just entered scored, show the card, save."""
        row = self.sheet.rows[-1]
        points = ", ".join(
            f"{self.sheet.name(seat)} {point:+d}" for seat, point in enumerate(row.points)
        )
        self.console.say(f"Deal {row.deal.number}: {points}")
        self.console.say(self.sheet.card())
        self._store()

    def _leave(self, word: str) -> None:
        deal = self.sheet.current
        where = (
            "the game is over"
            if deal is None
            else f"the sheet stops in deal {deal.number} of "
            f"{self.sheet.rules.num_rounds(self.sheet.players)}"
        )
        saved = self._store()
        self.console.say(f"{word}: {where}." + (f" Saved in {', '.join(saved)}." if saved else ""))

    def _store(self) -> list[str]:
        """Save the sheet, and write its CSV and chart, to the files given; the files written."""
        written = []
        for path, text in self.files:
            try:
                write_whole(path, text(self.sheet))
            except ClagError as err:
                self.console.say(f"Not saved: {err}")
            else:
                written.append(path)
        return written


def save_sheet(path: str, sheet: ScoreSheet) -> None:
    """Write ``sheet`` to the file ``path`` (:func:`~pyclag.scoresheet.dump_sheet`),
    whole or not at all (:func:`~pyclag._saving.write_whole`): into a file beside
    it (beside a link's target), then moved over it.

    >>> import os, pyclag, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "sheet.json")
    >>> save_sheet(path, pyclag.scoresheet.ScoreSheet(pyclag.NORMAL, 3))
    >>> open(path, encoding="utf-8").read().startswith('{\\n  "format": "pyclag-sheet/1"')
    True
    """
    write_whole(path, _json(sheet))


def _json(sheet: ScoreSheet) -> str:
    return dump_sheet(sheet) + "\n"


# --- the words -------------------------------------------------------------------------


def _heading(sheet: ScoreSheet, deal: SheetDeal) -> str:
    """What the deal is: its number, cards, rule and scoring, who deals and bids first."""
    setup = deal.setup
    deals = sheet.rules.num_rounds(sheet.players)
    sizes = setup.spec.legal_hand_sizes(sheet.players, sheet.rules.no_turnup)
    if deal.hand_size:
        cards = f"{deal.hand_size} card{'s' if deal.hand_size > 1 else ''}"
    else:
        cards = f"{min(sizes)}-{max(sizes)} cards, the dealer chooses"
    rule = setup.played.label or "normal"
    scoring = deal.scoring.label
    parts = [cards, rule] if scoring == rule else [cards, rule, scoring]
    who = [f"dealer {sheet.name(deal.dealer)}"]
    if setup.caller is not None:
        who.append(f"{sheet.name(setup.caller)} calls (top scorer of the last deal)")
    if deal.waiting is not Phase.DRAW and setup.played.has_bids:
        who.append(f"{sheet.name(setup.first_bidder)} bids first")
    if not setup.played.has_bids and deal.waiting is not Phase.CALL:
        who.append("no bids")
    return f"=== Deal {deal.number} of {deals}: {', '.join(parts)}; {', '.join(who)} ==="


def _news(sheet: ScoreSheet, before: SheetDeal, after: SheetDeal) -> str | None:
    """What an entry changed that the table should hear: who bids first after
    the draw, the rules of the deal after a call or a declared trump."""
    setup = after.setup
    if before.waiting is Phase.DRAW:
        first, last = sheet.name(setup.first_bidder), sheet.name(setup.last_bidder)
        return f"{first} bids first and {last} bids last."
    if before.waiting in (Phase.CALL, Phase.DECLARE_TRUMP):
        bids = "" if setup.played.has_bids else ", no bids"  # misère called (§2.3)
        return f"This deal: {setup.played.label}{bids}."
    return None


def _question(sheet: ScoreSheet, deal: SheetDeal) -> str:
    """The prompt for what the deal waits for."""
    waiting, seat = deal.waiting, deal.to_act
    who = "" if seat is None else sheet.name(seat)
    legal = " ".join(map(str, deal.legal))
    if waiting is Phase.DRAW:
        return f"Who won the draw for the first bidder ({_seats(sheet)})? "
    if waiting is Phase.CHOOSE_HAND_SIZE:
        return f"{who} deals: how many cards each ({legal})? "
    if waiting is Phase.CALL:
        return f"{who} calls (e.g. trumps:H, nt, precedence:HSDC, and nuloss blind misere ascending descending): "
    if waiting is Phase.DECLARE_TRUMP:
        trumps = " ".join(str(DeclareTrump(0, unchecked(suit))) for suit in deal.legal)
        return f"{who} deals and declares trumps ({trumps}): "
    if waiting in (Phase.BID, Phase.BID_BEFORE_DEAL):
        forbidden = deal.forbidden
        if forbidden:
            barred = " or ".join(map(str, forbidden))
            return f"{who} bids last and may not bid {barred} (legal: {legal}): "
        return f"{who} bids ({legal}): "
    if deal.scoring.by_trick:
        return (
            f"Winner of each trick, in order ({deal.hand_size} tricks; a name or seat each, "
            f"{_seats(sheet)}): "
        )
    return f"Tricks taken, one count each for {_seats(sheet)} ({deal.hand_size} in all): "


def named(sheet: ScoreSheet, text: str) -> str:
    """``text`` (the sheet's refusal, what a deal waits for) with each seat it
    names as ``sheet`` names its player, where the table has names.

    >>> import pyclag
    >>> sheet = ScoreSheet(pyclag.NORMAL, 3, names=("Ann", "Bob", "Cy"))
    >>> named(sheet, "illegal bid 0 by seat 0 in deal 1 of 13 (1 card, dealer seat 0)")
    'illegal bid 0 by Ann in deal 1 of 13 (1 card, dealer Ann)'
    >>> named(ScoreSheet(pyclag.NORMAL, 3), "the bid of seat 1")
    'the bid of seat 1'
    """
    if sheet.names is None:
        return text

    def player(seat: re.Match[str]) -> str:
        number = int(seat.group(1))
        return sheet.name(number) if number < sheet.players else seat.group(0)

    return _SEAT.sub(player, text)


_SEAT: Final = re.compile(r"\bseat ([0-9]+)\b")


def _seats(sheet: ScoreSheet) -> str:
    return " ".join(sheet.name(seat) for seat in range(sheet.players))


def _enter(sheet: ScoreSheet, deal: SheetDeal, answer: str) -> ScoreSheet:
    """The sheet with ``answer`` entered for what ``deal`` waits for; a
    RecordError if it cannot be read, the sheet's refusal if it is not legal."""
    waiting, seat = deal.waiting, deal.to_act or 0
    if waiting is Phase.DRAW:
        return sheet.draw(_seat(sheet, answer))
    if waiting is Phase.CHOOSE_HAND_SIZE:
        return sheet.choose_hand_size(read_hand_size(answer, seat).size)
    if waiting is Phase.CALL:
        return sheet.call(read_call(answer, seat))
    if waiting is Phase.DECLARE_TRUMP:
        return sheet.declare_trump(read_trump(answer, seat).suit)
    if waiting in (Phase.BID, Phase.BID_BEFORE_DEAL):
        return sheet.bid(read_bid(answer, seat).tricks)
    words = answer.replace(",", " ").split()
    if deal.scoring.by_trick:
        return sheet.trick_winners(tuple(_seat(sheet, word) for word in words))
    return sheet.took(tuple(_count(word) for word in words))


def _count(word: str) -> int:
    if not (word.isascii() and word.isdigit()):
        raise RecordError(f"bad tricks text {word!r}: expected a whole number of tricks, e.g. 2")
    return int(word)


def _seat(sheet: ScoreSheet, word: str) -> int:
    """The seat ``word`` names: a player's name (any case) or a seat number."""
    text = word.strip()
    for seat in range(sheet.players):
        if text.casefold() == sheet.name(seat).casefold():
            return seat
    if text.isascii() and text.isdigit():
        return int(text)
    raise RecordError(f"{text!r} is neither a seat number nor a name: {_seats(sheet)}")


def _help(sheet: ScoreSheet, deal: SheetDeal) -> str:
    waiting = deal.waiting
    if waiting is Phase.PLAY and deal.scoring.by_trick:
        what = (
            f"This deal's scoring ({deal.scoring.name}) counts which tricks each player won: "
            "type the winner of each trick, first trick first."
        )
    elif waiting is Phase.PLAY:
        what = "Type the tricks each player took, in seat order; they add up to the hand size."
    elif waiting is Phase.DRAW:
        what = "Type who turned the highest card in the draw: a name or a seat number."
    elif waiting is Phase.CALL:
        what = "Type the call: one suit mode, then any options."
    else:
        what = f"Type {named(sheet, deal.asks)}: one of {' '.join(map(str, deal.legal))}."
    return f"{what}\n{_COMMANDS}"


def _rules_text(sheet: ScoreSheet, deal: SheetDeal | None) -> str:
    rules = sheet.rules
    about = presets.summary(rules.name) if rules.name in presets.names() else rules.name
    options = rules.options
    lines = [
        f"{about}; scoring {rules.scoring.name}, hook {options['hook']}, "
        f"ties {options['tie_break']}"
    ]
    for row in schedule(rules, sheet.players):
        mark = ">" if deal is not None and row.deal == deal.number else " "
        lines.append(f"{mark}{row.deal:>4}  {row.cards:>5}  {row.rule}  ({row.scoring})")
    return "\n".join(lines)


def _verdict(sheet: ScoreSheet) -> str:
    best = sheet.winners()
    top = sheet.totals[best[0]]
    names = " and ".join(sheet.name(seat) for seat in best)
    verb = "wins" if len(best) == 1 else "share the win"
    return f"Game over: {names} {verb} with {top}."
