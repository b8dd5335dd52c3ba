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


def table(header: Sequence[str], rows: Iterable[Sequence[str]], widths: str = "") -> str:
    """A list-table in reST; cells are reST too."""
    lines = [".. list-table::", "   :header-rows: 1"]
    if widths:
        lines.append(f"   :widths: {widths}")
    lines.append("")
    for row in (header, *rows):
        for number, cell in enumerate(row):
            # An empty cell is written as an empty comment, which reST requires.
            lines.append(f"   {'*' if number == 0 else ' '} - {cell or '..'}")
    return "\n".join(lines)


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
