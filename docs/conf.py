"""Sphinx configuration for the pyclag documentation."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

import pyclag

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))

project = "pyclag"
author = "The pyclag developers"
copyright = "2026, The pyclag developers"
release = pyclag.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "myst_parser",
    "clagdocs",
    "decisiondocs",
    "clauses",
    "learningdocs",
    "picturedocs",
]
exclude_patterns = ["_build", "_inventories"]
# Markdown pages (the rules specification, the changelog) are read with MyST.
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
myst_heading_anchors = 3
nitpicky = True
# The docstrings are plain reST, with no Google or NumPy sections, so napoleon is not
# loaded: it read the first line of an attribute's docstring up to a colon as the
# attribute's type ("Who bids last, the one the hook binds: the dealer, ..." became a
# reference to a class named "Who bids last").

autodoc_member_order = "bysource"
# Type aliases of the internal surface that the docs do not give an entry of their own.
# The type variables of a typed decorator have no page of their own.
# A module whose name starts with "_" is the package's workings, left out of the API
# pages: a docstring may name one of its functions, which shows as code, not a link.
nitpick_ignore_regex = [(r"py:.*", r"(~?pyclag\.)?(\w+\.)*_[a-z]\w*(\.\w+)*")]
nitpick_ignore = [
    ("py:class", "Validator"),
    ("py:class", "~_P"),
    ("py:class", "pyclag._caches._R"),
    # matplotlib (the plot extra) has no inventory among the local copies.
    ("py:class", "Figure"),
    ("py:class", "matplotlib.figure.Figure"),
    ("py:class", "pyclag._values._V"),
    # A batch's arrays (pyclag.vector._kernel.Arrays), named in Batch's signature.
    ("py:class", "Arrays"),
    ("py:class", "pyclag._checks._V"),
    ("py:class", "pyclag.engine.decisions.A"),
]
autodoc_typehints = "description"

# Every ``>>>`` block runs under `sphinx-build -b doctest`, narrative pages (the
# docstrings' run under pytest), each page in one session from its top, with nothing imported for it:
# a page's samples import what they use, so a reader can copy them as they stand.
# Exception messages are checked too (Sphinx ignores their detail by default).
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1

# The inventories are read from local copies first (the docs build offline, as CI does)
# and from the sites when those are missing. See _inventories/README.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", (str(DOCS / "_inventories" / "python.inv"), None)),
    "attrs": ("https://www.attrs.org/en/stable", (str(DOCS / "_inventories" / "attrs.inv"), None)),
}
intersphinx_timeout = 5

html_theme = "furo"
# Code that wraps and tables that fit a 1280-pixel page (issue 18): docs/_static/pyclag.css.
html_static_path = ["_static"]
html_css_files = ["pyclag.css"]
html_title = f"pyclag {release}"
