"""Seats people can always take, in a real chromium against ``atout serve``: *Start*
with persons missing asks first; a friend who comes late opens his link and takes his
seat back from the bot that played for him, and every page's feed says so — in French
and English, on a phone and a desktop. On SQLite: the same storage steps (bots put in
at the start, a stand-in, the person back) run on PostgreSQL over websockets
(tests/test_web_pg.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Dialog, Page, ViewportSize

from tests.browser import DESKTOP, PHONE, browser, needs_chromium
from tests.test_web_browser import wait_until
from tests.web_harness import ServerProcess, create_table

__all__ = ["browser"]  # the fixture

pytestmark = needs_chromium

READERS = [("en-GB", DESKTOP), ("fr-FR", PHONE)]
IDS = ["english-desktop", "french-phone"]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    with ServerProcess(f"sqlite+aiosqlite:///{tmp_path / 'atout.db'}", tmp_path / "log") as process:
        yield process


def reader(browser: Browser, lang: str, viewport: ViewportSize) -> Page:
    context = browser.new_context(
        viewport=viewport,
        is_mobile=viewport is PHONE,
        has_touch=viewport is PHONE,
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
    )
    context.set_default_timeout(15000)
    return context.new_page()


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_a_late_friend_takes_his_seat_back_from_the_bot(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    french = lang.startswith("fr")
    settings = {
        "players": 4,
        "seats": [None, None, "random", "random"],
        "names": ["Ana", "Bruno", "", ""],
        "bot_delay_ms": 150,
        "grace_seconds": 600,
    }
    links = create_table(server.base, settings)
    owner = reader(browser, lang, viewport)
    owner.goto(links["owner"])
    owner.wait_for_selector("#btn-start")
    asked: list[str] = []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        if len(asked) == 1:
            dialog.dismiss()
        else:
            dialog.accept()

    owner.on("dialog", answer)
    owner.click("#btn-start")
    wait_until(lambda: len(asked) == 1, "Start asks first")
    assert ("2 places" if french else "2 seats") in asked[0]
    owner.wait_for_timeout(500)
    assert owner.locator("#waiting:not([hidden])").count() == 1, "dismissed: not started"
    owner.click("#btn-start")
    wait_until(lambda: len(asked) == 2, "asked again")
    owner.wait_for_selector("#board:not([hidden])")
    stands_in = "joue pour" if french else "plays for"
    wait_until(lambda: stands_in in owner.inner_text("#log"), "the feed says a bot plays")
    # the bots play Ana's and Bruno's seats; Bruno comes late and opens his link
    bruno = reader(browser, lang, viewport)
    bruno.goto(links["seats"][1]["url"])
    wait_until(
        lambda: (
            bruno.locator("#hand .card").count() > 0
            or bruno.locator("#board:not([hidden])").count() > 0
        ),
        "Bruno's seat opens",
    )
    assert "bot" not in (
        bruno.locator("#banner").inner_text()
        if bruno.locator("#banner:not([hidden])").count()
        else ""
    )
    back = "reprend sa place" if french else "takes the seat back"
    wait_until(lambda: back in owner.inner_text("#log"), "the feed says Bruno is back")
    assert "Bruno" in next(line for line in owner.inner_text("#log").split("\n") if back in line)
    seat = owner.locator('#seats .seat[data-seat="1"]')
    wait_until(lambda: seat.locator(".badge.standin").count() == 0, "no bot stands in for Bruno")
    assert owner.locator('#seats .seat[data-seat="0"] .badge.standin').count() == 1
    # Bruno's browser sent no random value if the bot gave one for him: his page says so
    gave = "valeur aléatoire au mélange" if french else "random value to the shuffle"
    lines = owner.inner_text("#log").split("\n")
    if any("Bruno" in line and gave in line for line in lines):
        wait_until(lambda: bruno.locator("#fairness .contributed").count() == 1, "said")
        told = bruno.inner_text("#fairness .contributed")
        assert ("donnée par la table" if french else "given by the table") in told, told
    owner.context.close()
    bruno.context.close()
