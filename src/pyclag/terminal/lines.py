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

Every line is kept within :data:`WIDTH` columns (:func:`fit`), and written
as the output stream can show it: "Misère" and the suit symbols where its
encoding has them, plain ASCII where it does not (:func:`plain`).
"""

from __future__ import annotations

import textwrap
import unicodedata
from typing import Final, TextIO

from pyclag._checks import not_a

__all__ = ["ANSWER_ROOM", "WIDTH", "Console", "fit", "plain"]

WIDTH: Final = 80
"""The columns the terminal's lines keep to: any terminal shows them whole."""

ANSWER_ROOM: Final = 20
"""The columns a question leaves free for the answer typed after it."""


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
        """Write ``text`` as a line (or several), each within :data:`WIDTH`
        columns (:func:`fit`), as the stream can show it.

        >>> import io
        >>> Console("play", io.StringIO(), out := io.StringIO()).say("Misère ♥")
        >>> out.getvalue()
        'Misère ♥\\n'
        """
        self.stdout.write(self._shown(fit(text)) + "\n")

    def ask(self, question: str) -> str | None:
        """Ask ``question`` (wrapped like a line said, with :data:`ANSWER_ROOM`
        columns left for the answer) and read one answer, stripped; ``None`` at
        the end of the input.

        >>> import io
        >>> Console("play", io.StringIO("yes\\n"), io.StringIO()).ask("Ready? ")
        'yes'
        """
        body = question.rstrip(" ")  # the space before the answer survives the wrapping
        self.stdout.write(self._shown(fit(body, WIDTH - ANSWER_ROOM) + question[len(body) :]))
        self.stdout.flush()
        line = self.stdin.readline()
        if not self.stdin.isatty():  # echo a scripted answer, so the transcript reads well
            self.stdout.write(self._shown(line.rstrip("\r\n")) + "\n")
        elif not line:
            self.stdout.write("\n")
        return line.strip() if line else None

    def _shown(self, text: str) -> str:
        """``text`` as the stream's encoding can write it: each character it
        cannot write as :func:`plain` writes it.

        >>> import io
        >>> ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
        >>> Console("play", io.StringIO(), ascii_out)._shown("Misère ♥")
        'Misere H'
        >>> latin = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
        >>> Console("play", io.StringIO(), latin)._shown("Misère ♥; C D H S or ♣ ♦ ♥ ♠")
        'Misère H; C D H S'
        """
        encoding = getattr(self.stdout, "encoding", None)
        if not isinstance(encoding, str):  # a StringIO: any text
            return text
        try:
            text.encode(encoding)
        except LookupError:
            return plain(text)
        except UnicodeError:
            if not _writes(_SYMBOLS_TOO, encoding):
                text = text.replace(_SYMBOLS_TOO, "")
            return "".join(c if _writes(c, encoding) else plain(c) for c in text)
        return text


def _writes(text: str, encoding: str) -> bool:
    """Whether ``encoding`` can write ``text``."""
    try:
        text.encode(encoding)
    except UnicodeError:
        return False
    return True


def fit(text: str, width: int | None = None, indent: int = 4) -> str:
    """``text`` with each line wider than ``width`` columns (:data:`WIDTH`)
    wrapped at spaces, never inside a word, the rest of it indented ``indent``
    columns more than it; a narrower line is left as it is.

    >>> print(fit("Round 1: Blind (bids before the deal), " * 2 + "dealer: seat 0", 40))
    Round 1: Blind (bids before the deal),
        Round 1: Blind (bids before the
        deal), dealer: seat 0
    """
    width = WIDTH if width is None else width
    lines: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        rest = " " * (len(line) - len(line.lstrip(" ")) + indent)
        lines += textwrap.wrap(
            line,
            width,
            subsequent_indent=rest,
            break_long_words=False,
            break_on_hyphens=False,
        )
    return "\n".join(lines)


def plain(text: str) -> str:
    """``text`` in ASCII, for a stream that cannot show more: accents
    dropped (Misère reads Misere), and the suit symbols read as their letters
    (the notation reads both); a list of the letters "or" the symbols is
    written once.

    >>> plain("Misère, trumps ♠")
    'Misere, trumps S'
    >>> plain("a suit (C D H S or ♣ ♦ ♥ ♠)")
    'a suit (C D H S)'
    """
    text = text.replace(_SYMBOLS_TOO, "").translate(_SUIT_LETTERS)
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


_SUIT_LETTERS: Final = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})
_SYMBOLS_TOO: Final = " or ♣ ♦ ♥ ♠"
"""The symbols given as the alternative to the letters C D H S (card and suit
text's refusals): as letters they would repeat the letters."""
