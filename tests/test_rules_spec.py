"""The rules text of the docs follows the spec: ``docs/rules-spec.md`` is the
project's RULES.md (with Decision 7's errata) under a short preface.

When the spec is at hand (``PYCLAG_RULES_SPEC``, else ``../shared/spec/RULES.md``
beside the checkout) the copy must be exactly the preface and the spec, so a
drift fails here; to bring the copy up to date, run
``python -m tests.test_rules_spec [PATH/TO/RULES.md]``. Without the spec the
copy is still checked for its preface and the errata.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Final

import pytest

ROOT: Final = Path(__file__).resolve().parent.parent
COPY: Final = ROOT / "docs" / "rules-spec.md"
TITLE: Final = "# Clag rules specification for pyclag\n"
PREFACE: Final = (
    "\n*The project's specification, RULES.md, as the library implements it. Docstrings and these\n"
    "docs cite it by clause: §1.7 is a section, A18 an entry of the §3 table, Decision 2 an entry\n"
    "of the list below.*\n"
)


def spec_path() -> Path:
    """Where the project's RULES.md is: ``PYCLAG_RULES_SPEC``, else beside the checkout."""
    named = os.environ.get("PYCLAG_RULES_SPEC")
    return Path(named) if named else ROOT.parent / "shared" / "spec" / "RULES.md"


def synced(spec: str) -> str:
    """The docs copy of ``spec``: its title, the preface, then the rest of it."""
    if not spec.startswith(TITLE):
        raise ValueError(f"the spec should start with {TITLE!r}")
    return TITLE + PREFACE + spec[len(TITLE) :]


def test_the_docs_copy_is_the_spec_under_its_preface() -> None:
    path = spec_path()
    if not path.exists():
        pytest.skip(f"the spec is not at {path} (set PYCLAG_RULES_SPEC)")
    assert COPY.read_text("utf-8") == synced(path.read_text("utf-8")), (
        f"docs/rules-spec.md has drifted from {path}: run python -m tests.test_rules_spec {path}"
    )


def test_the_docs_copy_has_its_preface_and_the_errata_of_decision_7() -> None:
    text = COPY.read_text("utf-8")
    assert text.startswith(TITLE + PREFACE)
    assert "7. **Errata of December 2026**" in text
    # invariant 4 and A25 as the errata amend them
    assert "at least 3 remain undealt (the turn-up and a stock of at least 2)" in text
    assert "the bidding restriction binds the **last bidder**" in text
    assert "**Superseded by Decision 2:**" in text and "**Superseded by Decision 3:**" in text


if __name__ == "__main__":
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else spec_path()
    COPY.write_text(synced(source.read_text("utf-8")), "utf-8")
    print(f"wrote {COPY} from {source}")
