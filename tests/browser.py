"""Debian's chromium under Playwright, as every browser test starts it (never
``playwright install``), and ``atout serve`` on a SQLite file for a test module."""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.web_harness import ServerProcess

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 860}
# four readers of a page: English and French, desktop and phone, with their test ids
READERS = [("en-GB", DESKTOP), ("fr-FR", PHONE), ("fr-FR", DESKTOP), ("en-GB", PHONE)]
IDS = ["english-desktop", "french-phone", "french-desktop", "english-phone"]

needs_chromium = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium")


def phone(browser: Browser, errors: list[str]) -> Page:
    """A French phone's page that downloads, its script errors and console errors
    gathered in ``errors``."""
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="fr-FR", accept_downloads=True
    )
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return page


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless chromium for the module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=ARGS
        )
        try:
            yield chromium
        finally:
            chromium.close()


def sqlite_server(where: Path) -> Iterator[ServerProcess]:
    """``atout serve`` on a SQLite file in ``where``, stopped after the module."""
    process = ServerProcess(f"sqlite+aiosqlite:///{where / 'atout.db'}", where / "server.log")
    process.start()
    try:
        yield process
    finally:
        process.stop()


_HURRIED: weakref.WeakSet[Page] = weakref.WeakSet()


def hurried(page: Page) -> Page:
    """``page`` with a clock of its own (:meth:`playwright.sync_api.Clock.install`, before
    the page opens anything), which :func:`hurry_busy` runs forward."""
    page.clock.install()
    _HURRIED.add(page)
    return page


def hurry_busy(page: Page) -> bool:
    """While a :func:`hurried` page is busy showing events, run its clock a second
    forward: the pauses it makes between the events it shows (the pace of its
    animations) pass at once; every event is still shown, in order, and the server keeps
    its own time. Whether it did."""
    if page not in _HURRIED or page.is_closed() or not page.locator("body.busy").count():
        return False
    page.clock.run_for(1000)
    return True


def hurry(page: Page, done: Callable[[], bool], what: str, timeout: float = 90.0) -> None:
    """Wait for ``done()``, running a :func:`hurried` page's clock while it is busy."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"timed out: {what}"
        if not hurry_busy(page):
            time.sleep(0.1)
