"""Sphinx configuration for the pyclag documentation."""

from __future__ import annotations

import pyclag

project = "pyclag"
author = "The pyclag developers"
copyright = "2026, The pyclag developers"
release = pyclag.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.napoleon",
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", None),
    "attrs": ("https://www.attrs.org/en/stable", None),
}
html_theme = "furo"
html_title = f"pyclag {release}"
