"""Sphinx directives for the search and learning page, built from :mod:`pyclag.codec`
so that no id or layout in the docs is typed by hand.

* ``.. clag-codec-ids::``: the blocks of action ids (``pyclag.codec.ID_BLOCKS``).
* ``.. clag-codec-layout:: PLAYERS``: the pieces of ``encode``'s vector for a table of
  ``PLAYERS`` (``pyclag.codec.layout_rows``).
"""

from __future__ import annotations

from typing import Any

from clagrest import table
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from pyclag.codec import ID_BLOCKS, NUM_ACTIONS, encoding_size, layout_rows


class CodecIds(SphinxDirective):
    """The blocks of action ids, in order."""

    def run(self) -> list[nodes.Node]:
        rows = [
            (block.name, f"{block.start}–{block.stop - 1}", str(block.size), f"``{block.what}``")
            for block in ID_BLOCKS
        ]
        text = table(("block", "ids", "how many", "the action"), rows, "12 12 10 66")
        text += f"\n\n``NUM_ACTIONS`` is {NUM_ACTIONS}."
        return self.parse_text_to_nodes(text)


class CodecLayout(SphinxDirective):
    """The pieces of the observation vector for a table of the argument's players."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        players = int(self.arguments[0])
        rows = layout_rows(players)
        text = table(("piece", "first", "size", "what it holds"), rows, "14 8 8 70")
        text += (
            f"\n\nThe vector has ``encoding_size({players})`` = {encoding_size(players)} floats."
        )
        return self.parse_text_to_nodes(text)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("clag-codec-ids", CodecIds)
    app.add_directive("clag-codec-layout", CodecLayout)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
