"""*Play again* at the end of a match, in a real chromium against ``atout serve``, a
French phone and an English desktop: the standings panel
offers it (to any seated person while no owner's page is open, else to the owner's
page alone); the new match keeps the seats, names, bots, links and settings; every
open page follows it without reloading, an old link opened later opens it, the
finished match's record can still be downloaded, and a restart keeps it all (what the
database keeps of it is checked on SQLite and PostgreSQL over websockets, in
tests/test_web_again.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.browser import DESKTOP, PHONE, browser, needs_chromium
from tests.test_web_browser import Watched, match_over, play, wait_until
from tests.test_web_browser_result import new_page
from tests.web_harness import ServerProcess, create_table, http_json, token_of

__all__ = ["browser"]  # the fixture

pytestmark = needs_chromium


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """``atout serve`` on SQLite (the same storage steps on PostgreSQL:
    tests/test_web_again.py, run there by tests/test_web_pg.py)."""
    db = f"sqlite+aiosqlite:///{tmp_path / 'atout.db'}"
    process = ServerProcess(db, tmp_path / "log").start()
    try:
        yield process
    finally:
        process.stop()


def record(server: ServerProcess, table: str, token: str, query: str = "") -> tuple[int, Any]:
    status, data, _ = http_json(
        "GET",
        f"{server.base}/api/tables/{table}/record{query}",
        headers={"Authorization": f"Bearer {token}"},
    )
    return status, data


def play_match(ana: Watched, ben: Watched, seen: set[str]) -> None:
    """Both persons play (and press Next) until each page shows the standings."""
    play([ana, ben], lambda: match_over(ana.page) and match_over(ben.page), seen)
    for watched in (ana, ben):
        watched.page.wait_for_selector("#standings")


def match_of(page: Page) -> int:
    """The table's match number as the page's score sheet tells it (1: no earlier one)."""
    page.click("#btn-sheet")
    earlier = page.locator("#earlier-matches button").count()
    page.keyboard.press("Escape")
    return earlier + 1


def offered(page: Page) -> Callable[[], bool]:
    """Whether the page's standings panel offers Play again."""
    return lambda: page.locator("#play-again button").count() == 1


def no_overlap(page: Page, one: str, other: str) -> None:
    a, b = page.locator(one).bounding_box(), page.locator(other).bounding_box()
    assert a is not None and b is not None
    apart = (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )
    assert apart, (one, a, other, b)


def test_play_again_starts_a_new_match_every_page_follows(
    server: ServerProcess, browser: Browser
) -> None:
    settings = {
        "players": 4,
        "deals": 1,
        "seats": [None, None, "random", "heuristic"],
        "names": ["Ana", "Ben", "", ""],
        "bot_delay_ms": 10,
        "next_seconds": 30,
    }
    links = create_table(server.base, settings)
    table = links["table"]
    ana = Watched(new_page(browser, "fr-FR", PHONE, hurry=True), "Ana")
    ben = Watched(new_page(browser, "en-GB", DESKTOP, hurry=True), "Ben")
    for watched, seat in ((ana, 0), (ben, 1)):
        watched.page.goto(links["seats"][seat]["url"])
        watched.page.wait_for_selector("#waiting:not([hidden])")
        watched.page.evaluate("() => { window.sameDocument = true; }")
    owner = Watched(new_page(browser, "en-GB", DESKTOP), "owner")
    owner.page.goto(links["owner"])
    wait_until(lambda: owner.page.locator(".wait-seat.present").count() == 4, "both joined")
    owner.page.click("#btn-start")
    owner.page.context.close()  # the organiser goes home: the seats may start a new match
    seen: set[str] = set()
    play_match(ana, ben, seen)
    # the desktop's centre note stays clear of the bottom seat's name
    no_overlap(ben.page, "#center-note", ".seat.bottom")
    # the action bar points to the panel; both persons are offered Play again
    bar = ben.page.inner_text("#actions")
    assert bar == "The match is over: the standings and Play again are in the result panel.", bar
    assert "panneau" in ana.page.inner_text("#actions")
    for watched in (ana, ben):
        wait_until(offered(watched.page), "Play again offered")
    # an owner's page opens: it alone starts the new match
    owner = Watched(new_page(browser, "en-GB", DESKTOP), "owner")
    owner.page.goto(links["owner"])
    owner.page.wait_for_selector("#play-again button")
    wait_until(lambda: ana.page.locator("#play-again button").count() == 0, "Ana is told")
    assert "Rejouer" in ana.page.inner_text("#play-again")
    status, first = record(server, table, token_of(links["seats"][1]["url"]))
    assert status == 200 and len(first["donnes"]) == 1, (status, first)
    owner.page.click("#play-again button")
    for watched in (ana, ben, owner):
        watched.page.wait_for_selector("#result", state="hidden")
        assert watched.page.locator("#standings").count() == 0
    for watched in (ana, ben):
        assert watched.page.evaluate("() => window.sameDocument === true"), "no reload"
        assert watched.page.locator("#log li").count() < 20, "the new match's feed"
    assert "Partie 2" in ana.page.inner_text("#log")
    assert ben.page.inner_text("#status").startswith("Match 2 · Donne 1 of 1")
    assert "Match 2" in ben.page.inner_text("#log")
    # the old link opened later leads to the new match, names kept
    late = Watched(new_page(browser, "en-GB", DESKTOP), "late Ben")
    late.page.goto(links["seats"][1]["url"])
    late.page.wait_for_selector("#board:not([hidden])")
    assert match_of(late.page) == 2
    assert "Ana" in late.page.inner_text("#seats, #board")
    late.page.context.close()
    # the finished match stays downloadable; the new one is the table's record
    token = token_of(links["seats"][0]["url"])
    status, old = record(server, table, token, "?match=1")
    assert status == 200 and old == first
    status, now = record(server, table, token)
    assert status == 200 and now["donnes"] == [], now
    assert record(server, table, token, "?match=3")[0] == 404
    owner.page.context.close()
    play_match(ana, ben, seen)
    # the new match's deal is told live as after a reload (its donne 1 is not the old one)
    live = ben.page.locator("#log li.ev-packet_dealt").all_inner_texts()
    ben.page.reload()
    ben.page.wait_for_selector("#log li.ev-packet_dealt", state="attached")
    assert live == ben.page.locator("#log li.ev-packet_dealt").all_inner_texts(), live
    # a restart keeps the two matches: the table's match is the second, finished
    server.stop()
    server.start()
    for watched in (ana, ben):
        watched.page.wait_for_selector("#banner", state="hidden", timeout=30000)
        watched.page.wait_for_selector("#standings")
        assert match_of(watched.page) == 2
    status, again = record(server, table, token, "?match=1")
    assert status == 200 and again == first
    status, second = record(server, table, token)
    assert status == 200 and len(second["donnes"]) == 1 and second != first
    with ben.page.expect_download() as download:
        ben.page.click("#btn-sheet")
        ben.page.click("#earlier-matches button[data-match='1']")
    assert download.value.suggested_filename == f"atout-{table}-match1.json"
    for watched in (ana, ben):
        assert not watched.errors, watched.errors
