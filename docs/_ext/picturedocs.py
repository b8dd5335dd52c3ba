"""A Sphinx directive that draws the docs' pictures with pyclag itself as the docs
build, so that no picture in the docs is stale.

* ``.. clag-picture::`` with Python as its content: the code is shown, run with
  ``pyclag`` and ``random`` imported and the names of the page's earlier pictures, and the value of its last line (an SVG
  document, from :mod:`pyclag.views.pictures`) is put in the page beneath it.
"""

from __future__ import annotations

import random
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import pyclag
import pyclag.views.pictures


class Picture(SphinxDirective):
    """The code, then the picture its last line returns."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        lines = list(self.content)
        # One namespace a page: a picture may use the names an earlier one made.
        namespace = self.env.temp_data.setdefault(
            "clag-picture", {"pyclag": pyclag, "random": random}
        )
        exec("\n".join(lines[:-1]), namespace)
        svg = eval(lines[-1], namespace)
        if not isinstance(svg, str) or not svg.startswith("<svg"):
            raise self.error(f"clag-picture: {lines[-1]!r} is not an SVG document")
        code = "\n".join(lines)
        block = nodes.literal_block(code, code)
        block["language"] = "python"
        shown = f'<div class="clag-picture">{svg}</div>'
        return [block, nodes.raw("", shown, format="html")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("clag-picture", Picture)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
