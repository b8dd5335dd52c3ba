"""Named rule sets, matched case-insensitively.

Until the special deals arrive this holds ``normal``: the common core of
RULES.md §1 (normal rounds 1..7..1, turn-up trumps, the "not equal" hook,
F1 scoring, 3-7 players, ties shared).

>>> get("Normal", hook="gt").hook.form.value
'gt'
>>> names()
('normal',)
"""

from __future__ import annotations

from typing import Any, Final

from pyclag.errors import RulesError
from pyclag.rules.ruleset import NORMAL, RuleSet

__all__ = ["get", "names"]

_PRESETS: Final[dict[str, RuleSet]] = {"normal": NORMAL}


def names() -> tuple[str, ...]:
    """The preset names, sorted.

    >>> "normal" in names()
    True
    """
    return tuple(sorted(_PRESETS))


def get(name: str, **options: Any) -> RuleSet:
    """The preset called ``name`` (any case), with ``options`` applied.

    >>> get("nonesuch")
    Traceback (most recent call last):
    pyclag.errors.RulesError: unknown preset 'nonesuch'; valid presets: normal
    """
    rules = _PRESETS.get(name.strip().lower()) if isinstance(name, str) else None
    if rules is None:
        raise RulesError(f"unknown preset {name!r}; valid presets: {', '.join(names())}")
    return rules.with_options(**options) if options else rules
