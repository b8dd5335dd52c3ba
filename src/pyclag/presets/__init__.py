"""Named rule sets, matched case-insensitively with their aliases: the five
presets of RULES.md Decision 1, and ``normal``, the common core of §1.

==============  ===========================================================
name            rules
==============  ===========================================================
``wikipedia``   :mod:`pyclag.presets.wikipedia` (§2.1): 22 deals, F1
``scottish``    :mod:`pyclag.presets.scottish` (§2.2): 18 deals, F2
``raf``         :mod:`pyclag.presets.raf` (§2.3): the caller calls the rules
``indonesian``  :mod:`pyclag.presets.indonesian` (§2.4): the "exceed" hook
``pagat``       :mod:`pyclag.presets.pagat` (§2.5): 22 deals, F2
``normal``      normal rounds only (§1): 1..7..1, F1
==============  ===========================================================

>>> get("Wikipedia", phase2="six").name, len(get("WP", phase2="six").schedule)
('wikipedia', 20)
>>> names()
('indonesian', 'normal', 'pagat', 'raf', 'scottish', 'wikipedia')
"""

from __future__ import annotations

import sys
from typing import Any, Final

from pyclag.errors import RulesError
from pyclag.presets.indonesian import INDONESIAN
from pyclag.presets.pagat import PAGAT
from pyclag.presets.raf import RAF
from pyclag.presets.scottish import SCOTTISH
from pyclag.presets.wikipedia import WIKIPEDIA
from pyclag.rules.ruleset import NORMAL, RuleSet

__all__ = [
    "ALIASES",
    "INDONESIAN",
    "PAGAT",
    "RAF",
    "SCOTTISH",
    "WIKIPEDIA",
    "get",
    "names",
    "summary",
]

_PRESETS: Final[dict[str, RuleSet]] = {
    rules.name: rules for rules in (WIKIPEDIA, SCOTTISH, RAF, INDONESIAN, PAGAT, NORMAL)
}

ALIASES: Final[dict[str, str]] = {
    "wp": "wikipedia",
    "scotland": "scottish",
    "scots": "scottish",
    "royal air force": "raf",
    "unified": "raf",
    "indonesia": "indonesian",
    "gamerules": "indonesian",
    "id": "indonesian",
    "mcleod": "pagat",
}
"""Other names a preset answers to."""


def names() -> tuple[str, ...]:
    """The preset names, sorted (aliases are in :data:`ALIASES`).

    >>> "raf" in names()
    True
    """
    return tuple(sorted(_PRESETS))


def summary(name: str) -> str:
    """A line on what the preset ``name`` plays: the head of its module's
    docstring, without its citations.

    >>> summary("raf")
    'RAF: the "unified" Royal Air Force rules of the early 1990s'
    >>> summary("normal")
    'Normal rounds only (RULES.md §1)'
    """
    rules = get(name)
    if rules is NORMAL:
        return "Normal rounds only (RULES.md §1)"
    doc = sys.modules[f"{__name__}.{rules.name}"].__doc__ or ""
    head = " ".join(doc.split("\n\n")[0].split())
    return head.split(" (RULES.md")[0].rstrip(".")


def get(name: str, /, **options: Any) -> RuleSet:
    """The preset called ``name`` (any case, or an alias), with ``options`` applied.

    >>> get("nonesuch")
    Traceback (most recent call last):
    pyclag.errors.RulesError: unknown preset 'nonesuch'; valid presets: indonesian, normal, pagat, raf, scottish, wikipedia (aliases: gamerules, id, indonesia, mcleod, royal air force, scotland, scots, unified, wp)
    """
    key = " ".join(name.lower().split()) if isinstance(name, str) else None
    rules = None if key is None else _PRESETS.get(ALIASES.get(key, key))
    if rules is None:
        raise RulesError(
            f"unknown preset {name!r}; valid presets: {', '.join(names())} "
            f"(aliases: {', '.join(sorted(ALIASES))})"
        )
    return rules.with_options(**options) if options else rules
