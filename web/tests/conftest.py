"""The browser tests' fixtures: web/dist served on 127.0.0.1 by a local http.server,
Debian's Chromium driven headless by Playwright (never a browser Playwright downloads),
every request the page makes recorded.

The tests skip where Playwright, /usr/bin/chromium or the built app (``python web/build.py``)
is missing, as the suite's tests skip without their extra; with PYCLAG_WEB_TESTS=required
(CI's browser step) that is an error instead.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import mimetypes
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest

DIST: Final = Path(__file__).resolve().parents[1] / "dist"
CHROMIUM: Final = os.environ.get("PYCLAG_CHROMIUM", "/usr/bin/chromium")
ARGS: Final = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
)
WIDTHS: Final = (390, 1280)
"""A phone's width and a laptop's."""


def _missing() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "the browser tests need Playwright (pip install playwright)"
    if not Path(CHROMIUM).exists():
        return f"the browser tests need Chromium at {CHROMIUM} (apt-get install chromium)"
    if not (DIST / "index.html").exists():
        return "the browser tests need the built app: python web/build.py"
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    reason = _missing()
    if reason is not None and os.environ.get("PYCLAG_WEB_TESTS") == "required":
        raise pytest.UsageError(reason)  # CI's browser step: a skip would pass unseen
    if reason is not None:
        for item in items:
            if Path(str(item.fspath)).parent == Path(__file__).parent:
                item.add_marker(pytest.mark.skip(reason=reason))


mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/manifest+json", ".webmanifest")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def origin() -> Iterator[str]:
    """The app's origin: web/dist served by a local http.server, stopped after the tests."""
    handler = functools.partial(_Quiet, directory=str(DIST))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()
    thread.join(10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the whole run, closed after it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=list(ARGS), timeout=60_000)
        yield chromium
        chromium.close()


@pytest.fixture(params=WIDTHS, ids=lambda width: f"{width}px")
def width(request: pytest.FixtureRequest) -> int:
    value: int = request.param
    return value


@pytest.fixture
def requests() -> list[str]:
    """Every URL the page asks for, in order."""
    return []


@pytest.fixture
def context(browser: Any, width: int, origin: str, requests: list[str]) -> Iterator[Any]:
    """A fresh browser profile (no storage, no service worker) at ``width``; every
    request it makes is recorded and, at the end, checked to stay inside the app's origin."""
    profile = browser.new_context(
        viewport={"width": width, "height": 844 if width < 600 else 900},
        accept_downloads=True,
        service_workers="allow",
    )
    profile.on("request", lambda request: requests.append(request.url))
    profile.set_default_timeout(120_000)
    yield profile
    profile.close()
    outside = [url for url in requests if not url.startswith(origin + "/")]
    assert outside == [], f"requests outside the app's origin: {outside}"
    assert requests, "the page made no request"
