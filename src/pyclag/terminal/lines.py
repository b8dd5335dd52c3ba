"""A conversation in plain lines over two text streams, shared by ``pyclag
play`` and ``pyclag score``: a line said, a question asked and its answer
read, echoed when the answers come from a script so that the transcript reads
as a person's would. Internal surface of :mod:`pyclag.terminal`.

>>> import io
>>> out = io.StringIO()
>>> talk = Console("score", io.StringIO(" 3 \\n"), out)
>>> talk.ask("Ann bids: "), talk.ask("Bob bids: ")
('3', None)
>>> print(out.getvalue(), end="")
Ann bids:  3
Bob bids:
"""

from __future__ import annotations

import unicodedata
from typing import Final, TextIO

from pyclag.checks import not_a

__all__ = ["Console", "plain"]


class Console:
    """Lines said to ``stdout`` and answers read from ``stdin``; ``func``
    names the command in the TypeError for a stream that is not one.

    >>> Console("play", None, None)
    Traceback (most recent call last):
    TypeError: play: stdin must be a text stream with readline(), not NoneType
    """

    def __init__(self, func: str, stdin: TextIO, stdout: TextIO) -> None:
        for param, stream, method in (("stdin", stdin, "readline"), ("stdout", stdout, "write")):
            if not callable(getattr(stream, method, None)):
                raise not_a(func, param, f"a text stream with {method}()", stream)
        self.stdin = stdin
        self.stdout = stdout

    def say(self, text: str) -> None:
        """Write ``text`` as a line, in plain ASCII (:func:`plain`).

        >>> import io
        >>> Console("play", io.StringIO(), out := io.StringIO()).say("Misère ♥")
        >>> out.getvalue()
        'Misere H\\n'
        """
        self.stdout.write(plain(text) + "\n")

    def ask(self, question: str) -> str | None:
        """Ask ``question`` and read one answer, stripped; ``None`` at the end
        of the input.

        >>> import io
        >>> Console("play", io.StringIO("yes\\n"), io.StringIO()).ask("Ready? ")
        'yes'
        """
        self.stdout.write(plain(question))
        self.stdout.flush()
        line = self.stdin.readline()
        if not self.stdin.isatty():  # echo a scripted answer, so the transcript reads well
            self.stdout.write(line.rstrip("\r\n") + "\n")
        elif not line:
            self.stdout.write("\n")
        return line.strip() if line else None


def plain(text: str) -> str:
    """``text`` in ASCII, whatever the terminal's encoding: accents dropped
    (Misère reads Misere), and the suit symbols a message names read as their
    letters (the notation reads both).

    >>> plain("Misère, trumps ♠")
    'Misere, trumps S'
    """
    text = text.translate(_SUIT_LETTERS)
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


_SUIT_LETTERS: Final = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})
