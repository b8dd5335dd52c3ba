"""What the docs' directives share: the reST they write, and the presets and table
size the generated pages show.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

__all__ = ["ORDER", "PLAYERS", "Generated", "deal_runs", "table"]

# The table size the schedules and the matrix are shown for.
PLAYERS = 4
# Presets in the order the docs present them: the four the library exists for, then the
# source they derive from, then the common core (RULES.md Decision 1).
ORDER = ("wikipedia", "scottish", "raf", "indonesian", "pagat", "normal")


def table(
    header: Sequence[str], rows: Iterable[Sequence[str]], widths: str = "", classes: str = ""
) -> str:
    """A list-table in reST; cells are reST too. ``classes`` are the table's
    (``docs/_static/pyclag.css``): on a phone, ``clag-stack`` stacks each row as a
    block, each cell after the first led by its column's short name (the
    ``clag-label`` role, shown only there), and ``clag-wide`` scrolls sideways in
    its own box, its first column in view."""
    lines = [".. list-table::", "   :header-rows: 1"]
    if widths:
        lines.append(f"   :widths: {widths}")
    if classes:
        lines.append(f"   :class: {classes}")
    lines.append("")
    stacked = "clag-stack" in classes.split()
    for n, row in enumerate((header, *rows)):
        for number, cell in enumerate(row):
            head = header[number]
            if stacked and n and number and cell and len(head) <= LABEL:
                cell = f":clag-label:`{head}:` {cell}"
            # An empty cell is written as an empty comment, which reST requires.
            lines.append(f"   {'*' if number == 0 else ' '} - {cell or '..'}")
    return "\n".join(lines)


LABEL = 16
"""The longest column name a stacked table repeats in its cells."""


def deal_runs(numbers: Sequence[int]) -> str:
    """Deal numbers with runs joined: 1-7, 16-22."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)


class Generated(SphinxDirective):
    """A directive whose reST is built from the library."""

    def text(self) -> str:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        return self.parse_text_to_nodes(self.text())
