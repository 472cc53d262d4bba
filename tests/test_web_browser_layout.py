"""Nothing on the felt lies over a seat's box: at the écart, the centre's note (who
makes the écart) and the chien shown keep clear of every seat, on a desktop and on a
phone (390×844), for the taker and for the others — in a real chromium, the page's
websocket answered from a table brought to the scene (tests/test_web_browser_scenes.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from atout.session import Table
from tests.browser import DESKTOP, PHONE, browser, needs_chromium, sqlite_server
from tests.test_web_browser_scenes import FakeServer, scene
from tests.web_harness import ServerProcess, create_table

__all__ = ["browser"]  # the fixture

pytestmark = needs_chromium
GAP = 4  # px between a seat's box and what is drawn beside it


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("layout"))


def ecart_seat(table: Table) -> int | None:
    """The taker, once the chien is shown and the écart is to make."""
    game = table.observation(None).game
    if game is not None and game.phase.value == "ecart":
        return game.taker
    return None


def rect(page: Page, selector: str) -> dict[str, float] | None:
    found: dict[str, float] | None = page.evaluate(
        """(selector) => {
          const node = document.querySelector(selector);
          if (!node || !node.getClientRects().length) return null;
          const r = node.getBoundingClientRect();
          return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
        }""",
        selector,
    )
    return found


def apart(a: dict[str, float], b: dict[str, float], gap: float) -> bool:
    return (
        a["right"] + gap <= b["left"]
        or b["right"] + gap <= a["left"]
        or a["bottom"] + gap <= b["top"]
        or b["bottom"] + gap <= a["top"]
    )


def open_page(
    browser: Browser, server: ServerProcess, fake: FakeServer, viewport: ViewportSize
) -> Page:
    links = create_table(server.base, {"players": 4, "seats": [None] * 4})
    phone = viewport is PHONE
    context = browser.new_context(
        viewport=viewport, is_mobile=phone, has_touch=phone, locale="en-GB"
    )
    context.set_default_timeout(10000)
    page = context.new_page()
    page.route_web_socket("**/ws/**", fake.handle)
    page.goto(links["seats"][0]["url"])
    page.wait_for_selector("#board:not([hidden])")
    return page


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("taker", [True, False], ids=["taker", "other"])
def test_the_ecart_s_note_and_the_chien_keep_clear_of_the_seats(
    server: ServerProcess,
    browser: Browser,
    players: int,
    viewport: ViewportSize,
    taker: bool,
    tmp_path: Path,
) -> None:
    table, seat = scene(players, ecart_seat)
    viewer = seat if taker else (seat + 1) % players
    page = open_page(browser, server, FakeServer(table, viewer), viewport)
    page.wait_for_selector("#center-note:not(:empty)", state="attached")
    page.wait_for_selector(".chien-shown")
    page.wait_for_selector("body:not(.busy)")
    where = "phone" if viewport is PHONE else "desktop"
    kind = f"{players}-{where}-{'taker' if taker else 'other'}"
    shot = tmp_path / f"ecart-{kind}.png"
    page.screenshot(path=str(shot))
    seats: list[Any] = page.locator("#seats .seat").evaluate_all(
        "nodes => nodes.map(n => { const r = n.getBoundingClientRect(); return {seat:"
        " n.dataset.seat, left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })"
    )
    assert len(seats) == players
    for selector in ("#center-note", ".chien-shown"):
        box = rect(page, selector)
        assert box is not None, selector
        for other in seats:
            assert apart(box, other, GAP), (selector, box, other, str(shot))
    page.context.close()
