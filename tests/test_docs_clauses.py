"""The docs speak to users (issue 34 item 6): no page's prose shows a clause id or
an internal word bare.

A clause of the rules specification is named under words a reader understands,
``:clause:`the hook <§1.7>```, and a section of the design likewise with
``:design:``; the specification and the design themselves are exempt. Code,
console sessions and doctest output are not prose: what the terminal prints is
the library's text, and its doctests check it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

import pytest

ROOT: Final = Path(__file__).resolve().parents[1]
DOCS: Final = ROOT / "docs"
PAGES: Final = sorted(
    [*DOCS.glob("*.rst"), *(DOCS / "presets").glob("*.rst"), ROOT / "README.md"],
    key=lambda page: str(page.relative_to(ROOT)),
)

BARE: Final = re.compile(
    r"§\s?\d"  # a section: §1.7
    r"|(?<![\w.-])A\d{1,2}(?![\w.-]*\w)"  # an entry of the ambiguities table: A18
    r"|\bDecisions? \d"  # an item of the Decisions list
    r"|\bAppendix [A-Z]\b"
    r"|\b(?:RULES|DESIGN)\.md\b"  # the spec's file names, for pages published otherwise
    r"|\bseed (?:document|renders)|\bIndonesian seed\b"
)
"""A clause id or an internal word, as it may appear in prose."""

CODE_DIRECTIVES: Final = re.compile(
    r"\s*\.\. (?:code-block|code|sourcecode|parsed-literal|testcode|testoutput|doctest)::"
)


def _rst_prose(text: str) -> list[tuple[int, str]]:
    """The prose lines of a reST page, numbered, with code blocks, doctest blocks,
    inline literals and roles (whose targets are keys) taken out."""
    lines = text.splitlines()
    prose: list[tuple[int, str]] = []
    code_indent: int | None = None  # inside a literal block deeper than this
    doctest = False
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if code_indent is not None:
            if not stripped or indent > code_indent:
                continue
            code_indent = None
        if doctest:
            if stripped:
                continue
            doctest = False
        if stripped.startswith(">>>"):
            doctest = True
            continue
        if CODE_DIRECTIVES.match(line) or (
            stripped.endswith("::") and not stripped.startswith("..")
        ):
            code_indent = indent
            if not CODE_DIRECTIVES.match(line):
                line = line.rstrip(":")
        line = re.sub(r"``.*?``", "", line)
        line = re.sub(r":[\w:-]+:`[^`]*`", "", line)
        prose.append((number, line))
    return _join_roles(prose)


def _join_roles(prose: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Roles and literals that run over a line break, taken out too."""
    joined = "\n".join(line for _, line in prose)
    joined = re.sub(r":[\w:-]+:`[^`]*`", lambda m: "\n" * m[0].count("\n"), joined)
    joined = re.sub(r"``[^`]*``", lambda m: "\n" * m[0].count("\n"), joined)
    return [(number, line) for (number, _), line in zip(prose, joined.split("\n"), strict=True)]


def _markdown_prose(text: str) -> list[tuple[int, str]]:
    """The prose lines of a Markdown page, with fenced code and inline code taken out."""
    prose: list[tuple[int, str]] = []
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            prose.append((number, re.sub(r"`[^`]*`", "", line)))
    return prose


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_no_page_shows_a_clause_id_or_an_internal_word_bare(page: Path) -> None:
    """issue 34 item 6: a clause is a link with a human label, never a bare id."""
    text = page.read_text(encoding="utf-8")
    prose = _markdown_prose(text) if page.suffix == ".md" else _rst_prose(text)
    bare = [f"{number}: {line.strip()}" for number, line in prose if BARE.search(line)]
    assert bare == []


def test_the_check_finds_what_it_looks_for() -> None:
    """issue 34 item 6: the check is not blind: it sees ids in prose, and not in code."""
    page = (
        "The hook (RULES.md §1.7) binds the dealer (A18), Decision 2.\n"
        "Linked: :clause:`the hook <§1.7>`, :clause:`the caller\n  <A18>`, ``A18``.\n"
        "\n"
        ">>> print('(A37)')\n"
        "(A37)\n"
        "\n"
        ".. code-block:: console\n"
        "\n"
        "   $ pyclag rules   # A4\n"
        "\n"
        "As the Indonesian seed renders them.\n"
    )
    found = [line for _, line in _rst_prose(page) if BARE.search(line)]
    assert found == [
        "The hook (RULES.md §1.7) binds the dealer (A18), Decision 2.",
        "As the Indonesian seed renders them.",
    ]
    markdown = "See RULES.md.\n```python\n>>> x  # §1\n```\n`A18` is fine\n"
    assert [line for _, line in _markdown_prose(markdown) if BARE.search(line)] == ["See RULES.md."]
