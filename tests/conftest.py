"""Shared test set-up: the hypothesis profiles.

The default profile, ``ci``, is derandomized so that every run (CI's and a
newcomer's) checks the same examples; ``HYPOTHESIS_PROFILE=dev`` explores
new random examples, and ``HYPOTHESIS_PROFILE=thorough`` many more.

The record round trip of the games the suite plays is explicit:
:func:`tests.helpers.play_checked` plays a game out and checks it, and
tests/records/test_every_game_round_trips.py checks games of every preset
and player count.

Every game record and score sheet the suite writes in this process is checked
against the JSON Schema its format names (issue 32 item 3): :func:`schema_checked`
wraps :func:`pyclag.records.fields.layout`, where ``dump`` and ``dump_sheet`` both
lay out their text (:mod:`tests.records.schemas`).

The suite refuses to run on a mixed tree (issue 34 item 5): a compiled module's
extension beside its source under ``src/pyclag``, which Python imports in place of
the source, so that an edit to it would change nothing (the compiled build deletes
the extensions it writes there, ``hatch_build.py``).

The tests that press Ctrl-C in a program they start need SIGINT to reach it:
a suite started with SIGINT ignored (as a background job is) would hand that
on, since an ignored signal stays ignored across ``exec``, so the suite
catches it itself, and a caught signal is reset to the default in a child.
"""

from __future__ import annotations

import importlib.util
import os
import signal
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

EXTENSIONS = (".so", ".pyd")
"""The suffixes of a compiled module, on POSIX and on Windows."""


def mixed_modules(src: Path) -> list[str]:
    """The compiled modules under ``src/pyclag`` that sit beside a ``.py`` of the same
    module (``cards.cpython-311-x86_64-linux-gnu.so`` beside ``cards.py``), by their
    paths from ``src``."""
    return sorted(
        path.relative_to(src).as_posix()
        for path in (src / "pyclag").rglob("*")
        if path.suffix in EXTENSIONS and path.with_name(f"{path.name.split('.')[0]}.py").is_file()
    )


def check_tree(src: Path) -> None:
    """Refuse a mixed tree under ``src``: a UsageError naming each compiled module."""
    mixed = mixed_modules(src)
    if mixed:
        raise pytest.UsageError(
            f"a mixed tree: compiled modules beside their sources in {src} shadow them: "
            f"{', '.join(mixed)}; delete them (the compiled build is built into a wheel: "
            "docs/development.rst, 'The two builds')"
        )


def pytest_configure(config: pytest.Config) -> None:
    """Refuse a mixed tree beside the suite (:func:`check_tree`). Without the
    ``openspiel`` extra, the doctests of :mod:`pyclag.openspiel` (which needs
    ``pyspiel`` to import) are not collected, wherever pyclag is installed; its
    tests skip themselves (``pytest.importorskip``)."""
    check_tree(Path(__file__).resolve().parents[1] / "src")
    if importlib.util.find_spec("pyspiel") is None:
        config.option.ignore_glob = [
            *(config.option.ignore_glob or []),
            "*/pyclag/openspiel",
            "*/pyclag/openspiel/*",
        ]
    if importlib.util.find_spec("numpy") is None:  # the vector extra
        config.option.ignore_glob = [
            *(config.option.ignore_glob or []),
            "*/pyclag/vector",
            "*/pyclag/vector/*",
            "*tests/vector/agreement.py",  # a helper of the vector tests, which skip
        ]


if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=100,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.register_profile("thorough", deadline=None, max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True, scope="session")
def schema_checked() -> Iterator[None]:
    """Every record and score sheet written while the suite runs validated against
    its format's schema (issue 32 item 3): ``layout``, the one place that lays out
    both files' text, is wrapped where ``dump`` and ``dump_sheet`` call it. The files a
    test's ``pyclag`` subprocess writes are checked by that test (``check_text``)."""
    from pyclag.records import fields, text
    from tests.records.schemas import check_text

    original = fields.layout

    def checked(head: dict[str, Any], key: str, items: Sequence[dict[str, Any]]) -> str:
        laid = original(head, key, items)
        check_text(laid)
        return laid

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fields, "layout", checked)
        patch.setattr(text, "layout", checked)
        yield


@pytest.fixture
def unwrapped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal's lines left as long as they come (``pyclag.terminal.lines.WIDTH``
    out of reach), for a test that reads a message a line: the wrapping at 80
    columns has tests of its own (tests/terminal/test_newcomer_30.py)."""
    from pyclag.terminal import lines

    monkeypatch.setattr(lines, "WIDTH", 10**9)
