"""Clause references as links.

The narrative pages name a clause with a label a reader understands:
``:clause:`the dealer's bid <§1.7>``` links the words "the dealer's bid" to §1.7
of :doc:`rules-spec`, the rules specification, and
``:design:`the speed bars <§7>``` to §7 of :doc:`design-spec`, the design. The
target is a clause key: a section (``§1.7``, ``§2.0``; ``§4a`` in the design), an
entry of the §3 table (``A18``), an item of the Decisions list (``Decision 2``),
an appendix (``Appendix B``) or a key of the source register (``WP-OLD``). A role
without a label, or whose key names no clause, is a warning, so the strict build
fails on it.

Bare references in the docstrings autodoc brings in (``A18``, ``§1.7``,
``Decision 2`` and the source register's keys ``WP-OLD``, ``PAGAT``) link to that
clause of the specification too, under their own text.

While the specification page is read, its clauses get anchors: each numbered
heading (``§1.7``) and appendix (``Appendix B``), each row of the §3 table by its
first cell (``A18``), each row of the §0 source register by its key (``WP-OLD``)
and each item of the Decisions list (``Decision 2``); the design's numbered
headings get theirs too (``§7``, ``§4a``). A reference that names no clause is a warning,
so the strict build fails on it. When a page is written, each
clause reference in its text becomes a link to the anchor, except in code,
in titles, in links already, and where it cites DESIGN.md, whose sections are
not the specification's.
"""

from __future__ import annotations

import re
from typing import Any, Final

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import ReferenceRole

LOGGER: Final = logging.getLogger(__name__)

SPEC: Final = "rules-spec"
"""The page of the rules specification."""
DESIGN: Final = "design-spec"
"""The page of the design document, whose sections its text cites as §n."""

REFERENCE: Final = re.compile(
    r"(?<![\w.§])(?:(A\d{1,2})|§(\d+(?:\.\d+)?)|Decision (\d+))(?![\w.]*\w)"
)
"""A clause reference: a §3 entry, a section, or an item of the Decisions list."""

_SKIPPED: Final = (
    nodes.literal,
    nodes.literal_block,
    nodes.doctest_block,
    nodes.reference,
    nodes.title,
    nodes.raw,
    nodes.target,
)


PENDING: Final = "clag_clause"
"""The attribute of a role's reference naming its page and clause until it is resolved."""

_SOURCE_KEY: Final = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*")
"""A key of the source register (§0): ``WP-OLD``, ``PAGAT``, ``S-ID``."""


def _key(match: re.Match[str]) -> str:
    entry, section, decision, source = match.groups()
    if entry or source:
        return entry or source
    return f"§{section}" if section else f"Decision {decision}"


def _pattern(sources: list[str]) -> re.Pattern[str]:
    """Clause references and the source register's keys (longest first)."""
    keys = "|".join(map(re.escape, sorted(sources, key=len, reverse=True))) or "(?!)"
    return re.compile(f"{REFERENCE.pattern}|(?<![\\w-])({keys})(?![\\w-])")


def _section_title(node: nodes.Node) -> str:
    parent = node.parent
    while parent is not None and not isinstance(parent, nodes.section):
        parent = parent.parent
    return parent[0].astext() if parent is not None else ""


def _anchor(env: BuildEnvironment, docname: str, doctree: nodes.document) -> None:
    """Give the clauses of the specification page their anchors (``doctree-read``)."""
    if docname == DESIGN:
        design = {
            f"§{found[1]}": section["ids"][0]
            for section in doctree.findall(nodes.section)
            if (found := re.match(r"(\d+[a-z]?)\.\s", section[0].astext())) and section["ids"]
        }
        env.domaindata.setdefault("clag", {}).update(design=design)
    if docname != SPEC:
        return
    anchors: dict[str, str] = {}
    for section in doctree.findall(nodes.section):
        title = section[0].astext()
        found = re.match(r"(\d+(?:\.\d+)?)\.?\s", title)
        if found and section["ids"]:
            anchors.setdefault(f"§{found[1]}", section["ids"][0])
        appendix = re.match(r"Appendix ([A-Z])\b", title)
        if appendix and section["ids"]:
            anchors.setdefault(f"Appendix {appendix[1]}", section["ids"][0])
    sources = []
    for row in doctree.findall(nodes.row):
        first = row[0].astext().strip()
        found = re.fullmatch(r"A\d{1,2}", first)
        if found:
            anchors.setdefault(found[0], _id(row, f"clause-{found[0].lower()}"))
        elif _SOURCE_KEY.fullmatch(first) and _section_title(row).startswith("0."):
            anchors.setdefault(first, _id(row, f"source-{first.lower()}"))
            sources.append(first)
    for listing in doctree.findall(nodes.enumerated_list):
        if not any("Decision" in title.astext() for title in _titles(listing)):
            continue
        items = [item for item in listing.children if isinstance(item, nodes.list_item)]
        for number, item in enumerate(items, listing.get("start", 1)):
            anchors.setdefault(f"Decision {number}", _id(item, f"decision-{number}"))
    env.domaindata.setdefault("clag", {}).update(clauses=anchors, sources=sources)


def _titles(element: nodes.Element) -> list[nodes.Node]:
    parent = element.parent
    return [parent[0]] if isinstance(parent, nodes.section) else []


def _id(element: nodes.Element, name: str) -> str:
    element["ids"].append(name)
    return name


def _link(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Turn the clause references of a page into links (``doctree-resolved``)."""
    data: dict[str, Any] = app.env.domaindata.get("clag", {})
    _resolve(app, doctree, docname, data)
    anchors: dict[str, str] = data.get("clauses", {})
    if not anchors or docname in (SPEC, DESIGN):  # the design's § are its own sections
        return
    base = app.builder.get_relative_uri(docname, SPEC)
    pattern = _pattern(data.get("sources", []))
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or _inside(text):
            continue
        pieces = _pieces(str(text), anchors, base, parent, pattern)
        if pieces is not None:
            parent.replace(text, pieces)


def _resolve(app: Sphinx, doctree: nodes.document, docname: str, data: dict[str, Any]) -> None:
    """Point each ``clause`` and ``design`` role's link at its clause."""
    for reference in list(doctree.findall(nodes.reference)):
        if PENDING not in reference:
            continue
        page, key = reference[PENDING]
        del reference[PENDING]
        anchor = data.get("clauses" if page == SPEC else "design", {}).get(key)
        if anchor is None:
            LOGGER.warning("%r names no clause of %s", key, page, location=reference)
            reference.replace_self(nodes.inline(reference.rawsource, reference.astext()))
            continue
        reference["refuri"] = f"{app.builder.get_relative_uri(docname, page)}#{anchor}"


class ClauseRole(ReferenceRole):
    """``:clause:`label <A18>``` (the specification) or ``:design:`label <§7>```
    (the design): a link to that clause under the words of its label."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        if not self.has_explicit_title:
            message = self.inliner.reporter.warning(
                f"{self.name} role {self.text!r} has no label: write `words <{self.target}>`",
                line=self.lineno,
            )
            return [self.inliner.problematic(self.rawtext, self.rawtext, message)], [message]
        reference = nodes.reference(self.rawtext, self.title, internal=True)
        reference[PENDING] = (self.page, self.target.strip())
        return [reference], []


def _inside(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, _SKIPPED):
            return True
        parent = parent.parent
    return False


def _pieces(
    text: str, anchors: dict[str, str], base: str, where: nodes.Node, pattern: re.Pattern[str]
) -> list[nodes.Node] | None:
    pieces: list[nodes.Node] = []
    done = 0
    for match in pattern.finditer(text):
        if text[: match.start()].rstrip().endswith(("DESIGN.md", "DESIGN")):
            continue
        anchor = anchors.get(_key(match))
        if anchor is None:  # the strict build (-W) fails: a reference must resolve
            LOGGER.warning(
                "clause reference %r names no clause of %s", match[0], SPEC, location=where
            )
            continue
        pieces.append(nodes.Text(text[done : match.start()]))
        pieces.append(nodes.reference(match[0], match[0], refuri=f"{base}#{anchor}"))
        done = match.end()
    if not pieces:
        return None
    pieces.append(nodes.Text(text[done:]))
    return pieces


def _read(app: Sphinx, doctree: nodes.document) -> None:
    _anchor(app.env, app.env.docname, doctree)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_role("clause", ClauseRole(SPEC))
    app.add_role("design", ClauseRole(DESIGN))
    app.connect("doctree-read", _read)
    app.connect("doctree-resolved", _link)
    # The anchors live in the environment, read with the specification page.
    return {"parallel_read_safe": False, "parallel_write_safe": True, "env_version": 2}
