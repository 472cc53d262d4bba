"""The table page as a French reader sees it: the scored donne's lines in the log, the
score sheet of five players on a laptop and on a phone, and a seat link pasted over
the owner's page in the same tab."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, ViewportSize

from atout.session import Table, TableSettings
from tests.browser import PHONE, browser, needs_chromium, sqlite_server
from tests.test_web_browser import Watched, wait_until
from tests.test_web_browser_scenes import FakeServer, calling_seat, scene
from tests.web_harness import ServerProcess, create_table

__all__ = ["browser"]  # the fixture

pytestmark = needs_chromium
LAPTOP: ViewportSize = {"width": 1366, "height": 768}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("french"))


def scored_table(bouts: int) -> tuple[Table, dict[str, Any]]:
    """Five persons played by the bots' choices until a donne is scored whose taker's
    camp has ``bouts`` bouts; the table and that donne's result."""
    for seed in range(300):
        table = Table(TableSettings(players=5, deals=3, seats=(None,) * 5), seed)
        while True:
            scored = [e for e in table.events if e.kind == "donne_scored"]
            if scored:
                break
            waiting = table.to_act()
            if not waiting:
                break
            table.act(table.bot_action(waiting[0]))
        if scored and scored[0].data["result"]["bouts"] == bouts:
            return table, dict(scored[0].data["result"])
    raise AssertionError(f"no seed scores a donne with {bouts} bout(s)")


def open_page(
    browser: Browser,
    server: ServerProcess,
    fake: FakeServer,
    viewport: ViewportSize,
    ready: str = "#log li.ev-donne_scored",
) -> Watched:
    links = create_table(server.base, {"players": 4, "seats": [None] * 4})
    context = browser.new_context(
        viewport=viewport, locale="fr-FR", extra_http_headers={"Accept-Language": "fr-FR,fr"}
    )
    context.set_default_timeout(10000)
    page = context.new_page()
    page.route_web_socket("**/ws/**", fake.handle)
    watched = Watched(page, "french")
    page.goto(links["seats"][0]["url"])
    page.wait_for_selector(ready, state="attached")
    return watched


def test_the_called_king_takes_its_article(server: ServerProcess, browser: Browser) -> None:
    table, seat = scene(5, calling_seat)
    watched = open_page(browser, server, FakeServer(table, seat), LAPTOP, "[data-act=call]")
    page = watched.page
    page.click('[data-act=call][data-card="KH"]')
    page.wait_for_selector("#log li.ev-call", state="attached")
    assert "appelle le Roi de Cœur" in page.locator("#log li.ev-call").inner_text()
    assert not watched.errors, watched.errors


@pytest.mark.parametrize("bouts", [1, 2])
def test_the_scored_donne_gives_each_defender_his_share_in_good_french(
    server: ServerProcess, browser: Browser, bouts: int
) -> None:
    table, result = scored_table(bouts)
    watched = open_page(browser, server, FakeServer(table, 0), LAPTOP)
    page = watched.page
    line = page.locator("#log li.ev-donne_scored")
    text = line.inner_text()
    assert line.locator("a.rule").inner_text() == "S4"
    share = -result["score"]  # S4: each defender's share is -S
    shown = f"+{share}" if share >= 0 else f"−{-share}"
    assert text.endswith(f"; chaque défenseur : {shown}"), text
    assert f"avec {bouts} {'bout' if bouts == 1 else 'bouts'} ;" in text, text
    working = page.locator("#log li.ev-score")
    assert working.locator("a.rule").inner_text() == "S3"
    assert working.inner_text().strip().startswith("S3 Marque (S3) : ")
    assert not watched.errors, watched.errors


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_sheet_of_five_players_scrolls_inside_its_dialog(
    server: ServerProcess, browser: Browser, viewport: ViewportSize
) -> None:
    table, _ = scored_table(2)
    watched = open_page(browser, server, FakeServer(table, 0), viewport)
    page = watched.page
    page.click("#btn-sheet")
    page.wait_for_selector("#dlg-sheet[open] .score-sheet")
    width = viewport["width"]
    dialog = page.locator("#dlg-sheet").bounding_box()
    assert dialog is not None and dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= width
    sheet = page.locator("#sheet")
    sheet.evaluate("node => { node.scrollLeft = node.scrollWidth; }")
    box = sheet.bounding_box()
    last = page.locator(".score-sheet tr:first-child > :last-child").first.bounding_box()
    first = page.locator(".score-sheet tr:first-child > :first-child").first.bounding_box()
    assert box is not None and last is not None and first is not None
    assert last["x"] + last["width"] <= box["x"] + box["width"] + 1, "the last column is reached"
    assert first["x"] >= box["x"] - 1, "the donne column stays in sight"
    assert not watched.errors, watched.errors


def test_a_seat_link_pasted_over_the_owner_page_joins_that_seat(
    server: ServerProcess, browser: Browser
) -> None:
    links = create_table(server.base, {"players": 4, "seats": [None] * 4})
    context = browser.new_context(locale="fr-FR", extra_http_headers={"Accept-Language": "fr"})
    context.set_default_timeout(10000)
    watched = Watched(context.new_page(), "owner")
    page = watched.page
    page.goto(links["owner"])
    page.wait_for_selector(".seat-bot")  # the owner may put bots in the empty seats
    page.goto(links["seats"][0]["url"])  # the same page, another fragment
    wait_until(
        lambda: (
            page.locator(".seat-bot").count() == 0
            and "present" in (page.get_attribute('.wait-seat[data-seat="0"]', "class") or "")
        ),
        "the page is seat 0's",
    )
    assert not watched.errors, watched.errors
