"""Debian's chromium under Playwright, as every browser test starts it (never
``playwright install``), and ``atout serve`` on a SQLite file for a test module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.web_harness import ServerProcess

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ViewportSize

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

needs_chromium = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium")


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
