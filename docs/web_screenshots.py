"""Take the web table's screenshots (docs/images/web-*.png) from the real application.

Starts ``atout serve`` on a fresh SQLite database, creates a table of four people from
the lobby and plays it in four browser contexts (Debian's chromium, headless), the
fourth one a phone (390×844), stopping at each phase to take its picture::

    uv run --group dev python docs/web_screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402
from tests.test_web_browser import (  # noqa: E402
    ARGS,
    CHROMIUM,
    DESKTOP,
    PHONE,
    Watched,
    step,
)
from tests.web_harness import ServerProcess  # noqa: E402

IMAGES = ROOT / "docs" / "images"
NAMES = ["Ana", "Ben", "Chloé", "Dan"]


def shot(page: Page, name: str, full: bool = False) -> None:
    page.wait_for_timeout(250)
    page.screenshot(path=str(IMAGES / f"web-{name}.png"), full_page=full)
    print(f"docs/images/web-{name}.png")


def drive(pages: list[Watched], until: Callable[[], bool], timeout: float = 120.0) -> None:
    """Let every page do its seat's part until ``until()``."""
    deadline = time.monotonic() + timeout
    seen: set[str] = set()
    while not until():
        if time.monotonic() > deadline:
            raise RuntimeError(f"the table stalled; seen {sorted(seen)}")
        for watched in pages:
            if until():
                return
            if step(watched.page, seen):
                watched.page.wait_for_timeout(80)
        pages[0].page.wait_for_timeout(100)


def has(page: Page, selector: str) -> bool:
    return page.locator(selector).count() > 0


def main() -> None:
    with tempfile.TemporaryDirectory() as where, sync_playwright() as playwright:
        server = ServerProcess(f"sqlite+aiosqlite:///{where}/atout.db", Path(where) / "log")
        server.start()
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=ARGS
        )
        try:
            run(browser, server.base)
        finally:
            browser.close()
            server.stop()


def context_page(browser: object, name: str, phone: bool = False, lang: str = "en-GB") -> Watched:
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport=PHONE if phone else DESKTOP,
        is_mobile=phone,
        has_touch=phone,
        device_scale_factor=2 if phone else 1,
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
    )
    context.set_default_timeout(5000)
    return Watched(context.new_page(), name)


def run(browser: object, base: str) -> None:
    lobby = context_page(browser, "lobby").page
    lobby.goto(f"{base}/")
    lobby.uncheck("input[name=me]")  # the organiser's path: every link on the lobby
    for seat, name in enumerate(NAMES):
        lobby.fill(f"input[name=name{seat}]", name)
        lobby.select_option(f"select[name=kind{seat}]", "")
    lobby.fill("input[name=deals]", "3")
    lobby.click("details.rules summary")
    lobby.click("#create-button")
    lobby.wait_for_selector("#links:not([hidden])")
    lobby.wait_for_selector("#mine-list > li .state")
    shot(lobby, "lobby", full=True)
    owner_url = lobby.get_attribute("#owner-open", "href")
    seats = lobby.locator("#link-list li.seat-link input.url")
    links = [seats.nth(i).input_value() for i in range(4)]

    owner = lobby
    owner.goto(owner_url or "")
    pages = [
        context_page(browser, f"seat {s}", phone=s == 3, lang="fr-FR" if s == 3 else "en-GB")
        for s in range(4)
    ]
    for seat in (0, 1):
        pages[seat].page.goto(links[seat])
    owner.wait_for_selector(".wait-seat.present >> nth=1")
    shot(owner, "waiting")
    for seat in (2, 3):
        pages[seat].page.goto(links[seat])
    owner.wait_for_timeout(800)
    owner.click("#btn-start")
    for watched in pages:
        watched.page.wait_for_selector("#board:not([hidden])")

    # the draw: three seats draw, the fourth sees their cards and its own button
    for watched in pages[1:]:
        watched.page.wait_for_selector("[data-act=draw]")
        watched.page.click("[data-act=draw]")
        watched.page.wait_for_timeout(300)
    pages[0].page.wait_for_selector("[data-act=draw]")
    pages[0].page.wait_for_timeout(900)
    shot(pages[0].page, "draw")

    def cutter() -> Page | None:
        for watched in pages:
            if has(watched.page, "#cut-slider"):
                return watched.page
        return None

    drive(pages, lambda: cutter() is not None)
    page = cutter()
    assert page is not None
    page.locator("#cut-slider").focus()
    for _ in range(12):
        page.keyboard.press("ArrowLeft")
    shot(page, "cut")
    page.click("[data-act=cut]")

    def dealer() -> Page | None:
        for watched in pages:
            if has(watched.page, "[data-act=deal]"):
                return watched.page
        return None

    drive(pages, lambda: dealer() is not None)
    page = dealer()
    assert page is not None
    watcher = next(w.page for w in pages[:3] if w.page is not page)
    page.click("[data-act=deal]")
    watcher.wait_for_timeout(1100)
    shot(watcher, "dealing")

    def bidder() -> Page | None:
        for watched in pages[:3]:
            if has(watched.page, "[data-act^=bid-]") and has(watched.page, ".seat .bubble"):
                return watched.page
        return None

    drive(pages, lambda: bidder() is not None or has(pages[0].page, "#ecart-tray:not([hidden])"))
    page = bidder()
    if page is not None:
        shot(page, "bidding")

    def taker() -> Page | None:
        for watched in pages:
            if has(watched.page, "#ecart-tray:not([hidden])"):
                return watched.page
        return None

    drive(pages, lambda: taker() is not None or has(pages[0].page, "#hand .card.legal"))
    page = taker()
    if page is not None:
        for _ in range(3):
            page.locator("#hand .card.choosable").first.click()
        refused = page.locator("#hand .card.refused")
        if refused.count():
            refused.first.click()
        shot(page, "ecart")
        for _ in range(3):
            page.click("[data-act=undo]")

    def trick_of(count: int) -> Callable[[], bool]:
        def enough() -> bool:
            for watched in pages[:3]:
                p = watched.page
                if p.locator("#trick .card").count() == count and has(p, "#hand .card.legal"):
                    return True
            return False

        return enough

    drive(pages, lambda: pages[0].page.locator("#log li.ev-trick_taken").count() >= 3)
    drive(pages, trick_of(2))
    for watched in pages[:3]:
        page = watched.page
        page.wait_for_selector("body:not(.busy)")
        if has(page, "#hand .card.legal") and page.locator("#trick .card").count() == 2:
            shot(page, "play")
            break
    phone = pages[3].page
    drive(
        pages,
        lambda: has(phone, "#hand .card.legal") and phone.locator("#trick .card").count() >= 1,
    )
    shot(phone, "phone")
    drive(pages, lambda: has(pages[0].page, "#log li.ev-donne_scored"), timeout=300)
    pages[0].page.wait_for_selector("#verdict")
    pages[0].page.click("#btn-sheet")
    shot(pages[0].page, "sheet")
    pages[0].page.keyboard.press("Escape")
    chat(pages[0].page, pages[3].page)


def chat(page: Page, phone: Page) -> None:
    """The table's chat: a message and a reaction from the phone, then the panel."""
    phone.click("#btn-chat")
    phone.fill("#chat-text", "Bien joué, le petit au bout !")
    phone.keyboard.press("Enter")
    phone.click("#chat .reaction >> nth=0")
    page.wait_for_selector("#chat-list li >> nth=1", state="attached")
    page.click("#btn-chat")
    page.fill("#chat-text", "Thanks! One more?")
    page.keyboard.press("Enter")
    page.wait_for_selector("#chat-list li >> nth=2")
    shot(page, "chat")


if __name__ == "__main__":
    main()
