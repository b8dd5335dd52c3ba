"""The built app in a real browser (issue 31 item 5), at 390 px and 1280 px wide:
a score sheet of several deals whose totals are pyclag.scoresheet's, refusals in
pyclag's words, undo and edit, a reload and an offline reload that keep the game,
an export that ``pyclag score --resume`` reads, a CSV and a link; a deal played
against bots; never a horizontal scroll, never a request outside the app's origin.

Timings and screenshots are written where PYCLAG_WEB_REPORT names a folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import pyclag
from pyclag import Play, records
from pyclag.engine.state import Phase
from pyclag.errors import ClagError
from pyclag.scoresheet import DealEntry, ScoreSheet, load_sheet, sheet_csv
from pyclag.terminal.scorekeeper import named
from pyclag.views import observe

NAMES: Final = ("Ann", "Bob", "Cy", "Di")
DEALS: Final = (
    # the bids in bidding order, then the tricks by seat (Ann Bob Cy Di)
    ((0, 1, 0, 1), (1, 0, 0, 0)),
    ((1, 0, 1, 1), (1, 0, 1, 0)),
    ((1, 1, 0, 2), (1, 0, 2, 0)),
)
REPORT: Final = os.environ.get("PYCLAG_WEB_REPORT")


def _report(name: str, width: int, **values: object) -> None:
    if REPORT:
        Path(REPORT).mkdir(parents=True, exist_ok=True)
        with open(Path(REPORT) / "timings.jsonl", "a", encoding="utf-8") as out:
            out.write(json.dumps({"test": name, "width": width, **values}) + "\n")


def _shot(page: Any, name: str, width: int) -> None:
    if REPORT:
        page.screenshot(path=str(Path(REPORT) / f"{name}-{width}.png"), full_page=True)


def _open(context: Any, origin: str) -> tuple[Any, float]:
    page = context.new_page()
    started = time.perf_counter()
    page.goto(origin + "/")
    page.wait_for_selector("body[data-ready=true]")
    return page, time.perf_counter() - started


def _no_sideways_scroll(page: Any) -> None:
    wide, room = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide <= room, f"the page scrolls sideways: {wide} px in {room} px"


def _totals(page: Any) -> list[int]:
    return [int(cell) for cell in page.locator("#card tfoot td.total").all_inner_texts()]


def _refused(page: Any) -> str:
    text: str = page.locator("#refused").inner_text()
    return text


def _bid(page: Any, value: int) -> None:
    page.locator(f"#deal-choices button[data-value='{value}']").click()


def _tricks(page: Any, counts: Sequence[int]) -> None:
    for seat, count in enumerate(counts):
        page.fill(f"#deal-tricks [name=seat{seat}]", str(count))
    page.click("#deal-tricks button[type=submit]")


def _expected() -> ScoreSheet:
    sheet = ScoreSheet(pyclag.presets.get("wikipedia"), 4, 0, NAMES)
    for bids, tricks in DEALS:
        for bid in bids:
            sheet = sheet.bid(bid)
        sheet = sheet.took(tricks)
    return sheet


def _refusal(sheet: ScoreSheet, attempt: Any) -> str:
    try:
        attempt(sheet)
    except ClagError as err:
        return f"Refused: {named(sheet, str(err))}"
    raise AssertionError("pyclag took it")


def test_score_sheet(context: Any, origin: str, width: int, tmp_path: Path) -> None:
    """issue 31 items 3 and 5: a 4-player sheet of three deals, entered by taps, totals
    equal to pyclag.scoresheet's; the forbidden bid struck and refused, a wrong trick sum
    refused, both in pyclag's words; undo; an edit of a past deal; the export read by
    ``pyclag score --resume``; the CSV; a reload and a link that keep the game."""
    page, first_load = _open(context, origin)
    page.click("#sheet-new details.options summary")  # every option, with what it rules
    page.select_option("#sheet-new select.preset", "raf")
    assert page.locator("#sheet-new .option-list label").count() >= len(
        pyclag.presets.get("raf").options
    )
    _no_sideways_scroll(page)
    _shot(page, "sheet-new", width)
    page.select_option("#sheet-new select.preset", "wikipedia")
    page.fill("#sheet-new [name=names]", ", ".join(NAMES))
    page.click("#sheet-new button[type=submit]")
    assert page.locator("#deal-heading").inner_text() == (
        "Deal 1 of 22: 1 card, normal; dealer Ann, Bob bids first"
    )
    sheet = ScoreSheet(pyclag.presets.get("wikipedia"), 4, 0, NAMES)
    tap: list[float] = []
    for number, (bids, tricks) in enumerate(DEALS, 1):
        for bid in bids[:-1]:
            _bid(page, bid)
            sheet = sheet.bid(bid)
        struck = page.locator("#deal-choices button.struck")
        assert struck.count() == 1  # the hook: the last bidder's forbidden bid
        forbidden = int(struck.get_attribute("data-value") or "")
        assert sheet.current is not None and sheet.current.forbidden == (forbidden,)
        struck.click()
        assert _refused(page) == _refusal(sheet, lambda s, bid=forbidden: s.bid(bid))
        started = time.perf_counter()
        _bid(page, bids[-1])
        page.wait_for_selector("#deal-tricks:not([hidden])")
        tap.append(time.perf_counter() - started)
        sheet = sheet.bid(bids[-1])
        if number == 1:  # a wrong trick sum
            wrong = (1, 1, 0, 0)
            _tricks(page, wrong)
            assert _refused(page) == _refusal(sheet, lambda s, counts=wrong: s.took(counts))
            _no_sideways_scroll(page)
            _shot(page, "sheet-refused", width)
        _tricks(page, tricks)
        sheet = sheet.took(tricks)
        assert _totals(page) == list(sheet.totals)
    assert sheet == _expected()
    _no_sideways_scroll(page)
    _shot(page, "sheet", width)

    # undo takes the last tricks back; entered again, the sheet is as before
    page.click("#undo")
    assert page.locator("#deal-tricks").is_visible()
    _tricks(page, DEALS[-1][1])
    assert _totals(page) == list(sheet.totals)

    # an edit of deal 2: every later deal scored again, as ScoreSheet.edit scores it
    edited = sheet.edit(2, DealEntry(bids=(0, 0, 1, 0), tricks=(2, 0, 0, 0)))
    page.click("#card tr[data-deal='2'] button.edit")
    for i, bid in enumerate((0, 0, 1, 0)):
        page.fill(f"#edit [name=bid{i}]", str(bid))
    for seat, count in enumerate((2, 0, 0, 0)):
        page.fill(f"#edit [name=took{seat}]", str(count))
    page.click("#edit button[type=submit]")
    assert _totals(page) == list(edited.totals) != list(sheet.totals)
    sheet = edited

    # the export is the file `pyclag score --save` writes; `pyclag score --resume` reads it
    with page.expect_download() as saved:
        page.click("#export")
    path = tmp_path / "sheet.json"
    saved.value.save_as(path)
    assert load_sheet(path.read_text(encoding="utf-8")) == sheet
    resumed = subprocess.run(
        [sys.executable, "-m", "pyclag", "score", "--resume", str(path)],
        input="card\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert sheet.card() in resumed.stdout
    with page.expect_download() as csv:
        page.click("#export-csv")
    csv.value.save_as(tmp_path / "sheet.csv")
    assert (tmp_path / "sheet.csv").read_text(encoding="utf-8") == sheet_csv(sheet)

    # a reload keeps the game
    started = time.perf_counter()
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    reload = time.perf_counter() - started
    assert _totals(page) == list(sheet.totals)
    assert sheet.current is not None
    assert page.locator("#deal-heading").inner_text().startswith(f"Deal {sheet.current.number} ")

    # the link carries the game to a browser that has never seen it
    link = page.locator("#link").get_attribute("href") or ""
    assert link.startswith("#sheet=")
    other = context.browser.new_context(viewport={"width": width, "height": 844})
    try:
        fresh = other.new_page()
        fresh.on("request", lambda request: _outside(request.url, origin))
        fresh.goto(origin + "/" + link)
        fresh.wait_for_selector("body[data-ready=true]")
        assert _totals(fresh) == list(sheet.totals)
    finally:
        other.close()
    _report("score sheet", width, first_load_s=first_load, reload_s=reload, tap_to_sheet_s=tap)


def _outside(url: str, origin: str) -> None:
    assert url.startswith(origin + "/"), f"a request outside the app's origin: {url}"


def test_offline(context: Any, origin: str, width: int) -> None:
    """issue 31 items 2 and 5: after the first load the service worker holds every file,
    and the app starts again with the network off, the sheet kept in the browser."""
    page, _ = _open(context, origin)
    page.evaluate("navigator.serviceWorker.ready")
    page.fill("#sheet-new [name=names]", ", ".join(NAMES))
    page.click("#sheet-new button[type=submit]")
    _bid(page, 1)
    page.reload()  # now under the service worker's control
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    try:
        started = time.perf_counter()
        page.reload()
        page.wait_for_selector("body[data-ready=true]")
        offline = time.perf_counter() - started
        assert page.locator("#deal-bids li").first.inner_text() == "Bob: 1"
    finally:
        context.set_offline(False)
    _report("offline", width, offline_reload_s=offline)


def test_deal_against_bots(context: Any, origin: str, width: int) -> None:
    """issue 31 items 4 and 5: a game against heuristic bots; the hand drawn with the
    legal cards marked (pyclag's legal plays for the seat), the bids as buttons, the deal
    played to its result."""
    page, _ = _open(context, origin)
    page.click("#tab-game")
    page.click("#game-new button[type=submit]")
    page.wait_for_selector("#game-play:not([hidden])")
    news = page.locator("#game-news")
    assert news.locator("li").first.inner_text().startswith("=== Round 1 of 22")
    for _ in range(40):
        if "Round 1 over" in news.inner_text():
            break
        record = page.evaluate("localStorage.getItem('pyclag.game')")
        view = observe(records.replay(records.load(record)), 0)
        buttons = page.locator("#game-actions button")
        if view.phase is Phase.PLAY:
            marked = page.locator("#game-hand button.legal").evaluate_all(
                "nodes => nodes.map(n => n.dataset.card)"
            )
            legal = {str(action.card) for action in view.legal if isinstance(action, Play)}
            assert sorted(marked) == sorted(legal)
            _no_sideways_scroll(page)
            _shot(page, "bots", width)
            page.locator("#game-hand button.legal").first.click()
        else:
            labels = buttons.all_inner_texts()
            assert labels == [str(action) for action in view.legal]
            buttons.first.click()
    assert "Round 1 over" in news.inner_text()
    _no_sideways_scroll(page)
