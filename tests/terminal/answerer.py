"""A scripted stdin for the interactive game: :class:`Answerer` reads the prompt last
written to the output and answers it from the options the prompt lists.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable

import pyclag
from pyclag import Card, Hand, Suit
from pyclag.notation import read_suit

_LEGAL = re.compile(r"\(legal: ([^);]*)")


_KINDS = {  # the prompts name each decision by the decision table's noun
    "Your bid": "bid",
    "Your play": "card",
    "Your hand size": "size",
    "Your trump declaration": "trumps",
    "Your call": "call",
}


def _kind(prompt: str) -> str:
    if " stands for (legal:" in prompt:
        return "declare"
    for start, kind in _KINDS.items():
        if prompt.startswith(start):
            return kind
    raise AssertionError(f"not a prompt: {prompt!r}")


class Answerer(io.StringIO):
    """A stdout that answers each prompt written to it, on ``stdin``, as soon
    as the prompt is flushed (the last text written, read whole however it
    wraps; a flush after whole lines is no prompt, as a program's last flush
    is): a legal option the prompt lists (at random, or
    the first), after the bad answers that ``mischief`` finds for it, each
    bad kind once a game; ``Quit`` after ``stop_after`` answers; no answer
    at all (the end of the input) to the first prompt of kind ``eof_at``.
    ``twos`` plays a wild two whenever one is legal, and ``declare_as`` is the
    answer when it may stand for any card. ``before_reply`` is called
    before each answer (a test looks at what the game has done so far)."""

    def __init__(
        self,
        seed: int = 0,
        mischief: bool = True,
        first: bool = False,
        stop_after: int | None = None,
        eof_at: str | None = None,
        twos: bool = False,
        declare_as: str | None = None,
        before_reply: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.stdin = io.StringIO()
        self.rng = random.Random(seed)
        self.mischief = mischief
        self.first = first
        self.stop_after = stop_after
        self.eof_at = eof_at
        self.twos = twos
        self.declare_as = declare_as
        self.before_reply = before_reply
        self.asked = 0
        self.bad: dict[str, tuple[str, str]] = {}  # kind of mischief -> (prompt, answer)
        self.kinds: set[str] = set()
        self.last = ""  # the text written last: a prompt, when it is flushed
        self.answered: list[tuple[str, str]] = []  # (the prompt's last line, the answer)

    def write(self, text: str) -> int:
        self.last = text
        return super().write(text)

    def flush(self) -> None:
        super().flush()
        if not self.last or self.last.endswith("\n"):
            return
        assert self.last.endswith(": "), f"flushed without a prompt: {self.last!r}"
        prompt = " ".join(self.last.split()) + " "  # one line, however it was wrapped
        if self.eof_at is not None and _kind(prompt) == self.eof_at:
            return
        if self.before_reply is not None:
            self.before_reply()
        reply = self._reply(prompt, self.getvalue())
        self.answered.append((self.last.rsplit("\n", 1)[-1], reply))
        self.answer(reply)

    def _reply(self, prompt: str, text: str) -> str:
        self.asked += 1
        if self.stop_after is not None and self.asked > self.stop_after:
            return "Quit"
        kind = _kind(prompt)
        self.kinds.add(kind)
        bad = self._mischief(kind, prompt, text) if self.mischief else None
        return bad if bad is not None else self._good(kind, prompt)

    def answer(self, line: str) -> None:
        """Put ``line`` at the end of stdin, where the next readline finds it."""
        place = self.stdin.tell()
        self.stdin.seek(0, io.SEEK_END)
        self.stdin.write(line + "\n")
        self.stdin.seek(place)

    def _good(self, kind: str, prompt: str) -> str:
        found = _LEGAL.search(prompt)
        assert found is not None, prompt
        if kind == "call":
            return self._call(found.group(1), prompt)
        if kind == "declare" and self.declare_as is not None and "any card" in prompt:
            return self.declare_as
        options = declarable(found.group(1)) if kind == "declare" else found.group(1).split()
        twos = [option for option in options if option.startswith("2")]
        if self.twos and kind == "card" and twos:
            return twos[0]
        return options[0] if self.first else self.rng.choice(options)

    def _call(self, modes_text: str, prompt: str) -> str:
        modes = modes_text.split(", ")
        mode = modes[0] if self.first else self.rng.choice(modes)
        if mode.startswith("precedence"):
            mode = "precedence " + "".join(self.rng.sample("CDHS", 4))
        flags = prompt.split("add any of: ", 1)[1].split(";")[0].split() if "add" in prompt else []
        if self.first:
            return mode
        chosen = [flag for flag in flags if flag not in ("ascending", "descending")]
        chosen = [flag for flag in chosen if self.rng.random() < 0.3]
        madness = self.rng.choice(["", "ascending", "descending"])
        return " ".join([mode, *chosen, madness]).strip()

    def _mischief(self, kind: str, prompt: str, text: str) -> str | None:
        """A bad answer for this prompt, if one kind is still untried."""
        found = _LEGAL.search(prompt)
        legal = found.group(1).split() if found else []
        ideas: list[tuple[str, str | None]] = []
        if kind == "bid":
            numbers = [int(word) for word in legal]
            gaps = [n for n in range(max(numbers)) if n not in numbers]
            ideas = [
                ("unreadable bid", "zz"),
                ("bid too high", "99"),
                ("hooked bid", str(gaps[0]) if gaps else None),
            ]
        elif kind == "card":
            hand = hand_shown(text)
            led = led_suit(text)
            revoke = [
                str(card)
                for card in hand
                if led is not None
                and card.suit is not led
                and str(card) not in legal
                and card.rank is not pyclag.Rank.TWO
            ]
            absent = [str(card) for card in pyclag.DECK if card not in hand]
            ideas = [
                ("unreadable card", "zz"),
                ("card not held", absent[0]),
                ("revoke", revoke[0] if revoke else None),
                ("help", "?"),
            ]
        elif kind == "call":
            ideas = [
                ("unreadable call", "trumps zz"),
                ("two madnesses", "nt ascending descending"),
                ("no suit mode", "nuloss"),
            ]
        elif kind == "size":
            ideas = [("bad size", "9"), ("unreadable size", "many")]
        elif kind == "trumps":
            ideas = [("unreadable trumps", "x")]
        elif kind == "declare":
            ideas = [("bad declaration", "zz")]
        for name, answer in ideas:
            if answer is not None and name not in self.bad:
                self.bad[name] = (prompt, answer)
                return answer
        return None


def hand_shown(text: str) -> Hand:
    """The hand in the last 'Your hand:' line of the output."""
    line = text.rsplit("Your hand: ", 1)[1].split("\n", 1)[0]
    cards = []
    for group in line.split("  "):
        if ":" not in group:
            continue
        suit, ranks = group.split(": ")
        cards += [Card.parse(rank + suit) for rank in ranks.split()]
    return Hand.of(cards)


def led_suit(text: str) -> Suit | None:
    """The suit led to the trick shown last, if any card has been played to it."""
    line = text.rsplit("\nTrick ", 1)[1].split("\n", 1)[0]
    plays = line.split(": ", 1)[1]
    if plays == "you lead":
        return None
    first = plays.split(", ")[0].split()[-1]  # "seat 2 KH" or "seat 2 2H as AC"
    return Card.parse(first).suit


def declarable(legal: str) -> list[str]:
    """The cards a wild two's prompt allows: ``any card``, ``any heart``, or listed."""
    cards: list[str] = []
    for part in legal.split(", "):
        if part == "any card":
            cards += [str(card) for card in pyclag.DECK]
        elif part.startswith("any "):
            suit = read_suit(part[4:])
            cards += [str(card) for card in pyclag.DECK if card.suit is suit]
        else:
            cards += part.split()
    return cards
