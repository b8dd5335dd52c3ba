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

Each preset's rules are built the first time they are asked for (by :func:`get`, or as
``WIKIPEDIA`` and its neighbours here or in their modules), then kept (issue 34 item 5).
"""

from __future__ import annotations

import types
from typing import TYPE_CHECKING, Any, Final

from pyclag.errors import RulesError
from pyclag.presets import indonesian, pagat, raf, scottish, wikipedia
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

_HOMES: Final[dict[str, types.ModuleType]] = {
    module.__name__.rpartition(".")[2]: module
    for module in (wikipedia, scottish, raf, indonesian, pagat)
}
"""Each preset's module, by name."""

_RULES: Final[dict[str, types.ModuleType]] = {name.upper(): home for name, home in _HOMES.items()}
"""Each preset's module, by the name of its rules there (and here): ``WIKIPEDIA``..."""

if TYPE_CHECKING:
    INDONESIAN: RuleSet
    PAGAT: RuleSet
    RAF: RuleSet
    SCOTTISH: RuleSet
    WIKIPEDIA: RuleSet


def __getattr__(name: str) -> RuleSet:
    """``WIKIPEDIA`` and its neighbours, built the first time they are asked for (PEP 562)."""
    home = _RULES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    rules: RuleSet = getattr(home, name)
    return rules


def __dir__() -> list[str]:
    return sorted({*globals(), *_RULES})


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
    return tuple(sorted([*_HOMES, NORMAL.name]))


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
    doc = _HOMES[rules.name].__doc__ or ""
    head = " ".join(doc.split("\n\n")[0].split())
    return head.split(" (RULES.md")[0].rstrip(".")


def get(name: str, /, **options: Any) -> RuleSet:
    """The preset called ``name`` (any case, or an alias), with ``options`` applied.

    >>> get("nonesuch")
    Traceback (most recent call last):
    pyclag.errors.RulesError: unknown preset 'nonesuch'; valid presets: indonesian, normal, pagat, raf, scottish, wikipedia (aliases: gamerules, id, indonesia, mcleod, royal air force, scotland, scots, unified, wp)
    """
    key = " ".join(name.lower().split()) if isinstance(name, str) else ""
    key = ALIASES.get(key, key)
    if key != NORMAL.name and key not in _HOMES:
        raise RulesError(
            f"unknown preset {name!r}; valid presets: {', '.join(names())} "
            f"(aliases: {', '.join(sorted(ALIASES))})"
        )
    rules = NORMAL if key == NORMAL.name else __getattr__(key.upper())
    return rules.with_options(**options) if options else rules
