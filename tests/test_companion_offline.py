"""The companion's entries on a phone (Debian's chromium, 390×844) against the real
server: nothing lost, nothing doubled. A slow network (800 ms each way, Chrome's own
network emulation) and a double tap store one donne; two scorers on one link: the one
whose page is behind gets the new sheet and a message beside his Save button, never a
second save; a refusal is shown beside the field and the Save button, in view. Offline:
the service worker opens the page without the server, entries wait in IndexedDB, the
tab is closed and opened again, and back online every entry is stored once, in order.
Players across evenings: a player's page reached from the sheet, a merge of two
spellings, and the sheet downloaded as a PNG image.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import CHROMIUM, PHONE, browser, needs_chromium, sqlite_server
from tests.web_harness import ServerProcess, http_json

__all__ = ["browser"]  # the fixture

pytestmark = needs_chromium
DOCS = Path(__file__).resolve().parent.parent / "docs" / "images"
NAMES = ["Anne", "Bruno", "Chloé", "David"]

if CHROMIUM.exists():
    from playwright.sync_api import Browser, BrowserContext, Page, expect
else:  # pragma: no cover
    Browser = BrowserContext = Page = Any  # type: ignore[misc,assignment]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("companion-entries"))


def phone(browser: Browser, locale: str = "fr-FR") -> BrowserContext:
    return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)


def evening(base: str, players: int = 4) -> dict[str, Any]:
    status, created, _ = http_json(
        "POST", f"{base}/api/companion", {"players": players, "names": NAMES[:players]}
    )
    assert status == 201, created
    assert isinstance(created, dict)
    return created


def entries_of(base: str, created: dict[str, Any]) -> dict[str, Any]:
    token = created["scorer"].split("#")[1]
    url = f"{base}/api/companion/{created['evening']}"
    _, seen, _ = http_json("GET", url, headers={"Authorization": f"Bearer {token}"})
    assert isinstance(seen, dict)
    return seen


def slow(page: Page, latency_ms: int) -> None:
    """Chrome's network emulation: every request of the page waits ``latency_ms``."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def fill_result(page: Page, taker: int, points: str, bouts: int, contract: str = "garde") -> None:
    form = page.locator("#result-form")
    form.locator("#contract").select_option(contract)
    form.locator("#taker").select_option(str(taker))
    form.locator("#points").fill(points)
    form.locator("#bouts").select_option(str(bouts))


def in_view_beside(page: Page, message: str, button: str) -> None:
    """The message is on screen, right above the button it belongs to."""
    box = page.locator(message).bounding_box()
    save = page.locator(button).bounding_box()
    assert box is not None and save is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    assert 0 <= save["y"] - (box["y"] + box["height"]) < 120


def test_slow_network_double_tap_and_two_scorers(server: ServerProcess, browser: Browser) -> None:
    created = evening(server.base)
    first, second = phone(browser), phone(browser, "en-GB")
    a, b = first.new_page(), second.new_page()
    errors: list[str] = []
    for page in (a, b):
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(created["scorer"])
    expect(a.locator("#role")).to_have_text("marqueur")
    expect(b.locator("#role")).to_have_text("scorer")
    a.locator("#dealer").select_option("0")
    a.locator("#dealer-button").click()
    expect(a.locator("#current h2")).to_have_text("Donne 1")
    expect(b.locator("#current h2")).to_have_text("Donne 1", timeout=10_000)

    # both scorers open the result form on the sheet of version 1
    a.locator("#result-button").click()
    b.locator("#result-button").click()
    slow(a, 800)
    fill_result(a, taker=1, points="47", bouts=2)
    # a double tap on a slow network: the second does nothing while the first is sent
    a.evaluate(
        "() => { const f = document.getElementById('result-form');"
        " f.requestSubmit(); f.requestSubmit(); }"
    )
    expect(a.locator("#result-save")).to_be_disabled()
    expect(a.locator("#current h2")).to_have_text("Donne 2", timeout=15_000)
    expect(a.locator("#result-form")).to_have_count(0, timeout=15_000)  # closed once stored
    expect(a.locator("#message")).to_have_count(0)  # no false "already entered"
    seen = entries_of(server.base, created)
    assert seen["version"] == 2 and len([d for d in seen["donnes"] if d["over"]]) == 1

    # the second scorer, behind, saves the same donne: the sheet and a message, no save
    fill_result(b, taker=1, points="47", bouts=2)
    b.locator("#result-save").click()
    expect(b.locator("#result-form #message")).to_contain_text(
        "Not saved: the sheet changed on another phone"
    )
    expect(b.locator("#message")).to_have_attribute("aria-live", "assertive")
    in_view_beside(b, "#message", "#result-save")
    expect(b.locator("#donne-1")).to_contain_text("Garde · Bruno")  # the new sheet is shown
    expect(b.locator("#points")).to_have_value("47")  # what he typed is kept
    assert entries_of(server.base, created)["version"] == 2
    b.screenshot(path=str(DOCS / "companion-stale.png"))
    b.locator("#result-form button[type=button]").click()  # he cancels: nothing saved
    assert entries_of(server.base, created)["version"] == 2
    refused_beside_save(a)
    assert entries_of(server.base, created)["version"] == 2
    assert errors == []
    first.close()
    second.close()


def refused_beside_save(a: Page) -> None:
    """A refusal (A4: only the taker's side announces a chelem) beside the Save button."""
    a.locator("#result-button").click()
    fill_result(a, taker=2, points="50", bouts=1)
    a.locator("#chelem").select_option("0")
    a.locator("#result-save").click()
    expect(a.locator("#result-form #message")).to_contain_text(
        "seul le camp du preneur annonce un chelem", timeout=15_000
    )
    expect(a.locator("#message a.rule")).to_have_text("A4")
    in_view_beside(a, "#message", "#result-save")


def stored_ids(db: Path, evening_id: str) -> list[tuple[int, str | None, dict[str, Any]]]:
    with sqlite3.connect(db) as c:
        rows = c.execute(
            "SELECT n, entry_id, entry FROM companion_entries WHERE evening_id = ? ORDER BY n",
            (evening_id,),
        ).fetchall()
    return [(n, i, json.loads(e)) for n, i, e in rows]


def installed(page: Page) -> None:
    """The service worker installed and in control of the page, and Chrome finds the
    companion installable on a phone."""
    controlled = (
        "() => navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)"
    )
    for _ in range(100):
        if page.evaluate(controlled):
            break
        page.wait_for_timeout(100)
    assert page.evaluate(controlled)
    cdp = page.context.new_cdp_session(page)
    faults = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [f["errorId"] for f in faults if f["errorId"] != "in-incognito"] == []


def reopened_offline(context: BrowserContext, base: str, created: dict[str, Any], fr: bool) -> Page:
    """The evening opened in a new tab without the server: the waiting entries and the
    sheet as last seen; the start page lists the evening."""
    page = context.new_page()
    page.goto(created["scorer"])
    waiting = page.locator("#waiting h2")
    expect(waiting).to_have_text("3 saisies en attente" if fr else "3 entries waiting")
    expect(page.locator("#waiting li")).to_have_count(3)
    expect(page.locator("#waiting li").nth(0)).to_contain_text("30")
    expect(page.locator("#waiting li").nth(1)).to_contain_text("Garde · Bruno · 47 points, 2 bouts")
    expect(page.locator("#donne-1")).to_have_count(0)  # the sheet as last seen
    start = context.new_page()
    start.goto(f"{base}/companion")
    expect(start.locator("#evening-list a")).to_contain_text("Anne, Bruno, Chloé, David")
    assert start.locator("#evening-list a").get_attribute("href") == created["scorer"]
    start.close()
    return page


@pytest.mark.parametrize("locale", ["fr-FR", "en-GB"])
def test_offline_entries_wait_survive_the_tab_and_are_stored_once(
    browser: Browser, tmp_path: Path, locale: str
) -> None:
    fr = locale == "fr-FR"
    db = tmp_path / "atout.db"
    server = ServerProcess(f"sqlite+aiosqlite:///{db}", tmp_path / "server.log").start()
    try:
        created = evening(server.base)
        context = phone(browser, locale)
        page = context.new_page()
        page.goto(created["scorer"])
        installed(page)
        page.locator("#dealer").select_option("0")
        page.locator("#dealer-button").click()
        expect(page.locator("#current h2")).to_have_text("Donne 1")

        # no network, no server: the entries wait on the phone, in order
        context.set_offline(True)
        server.stop()
        page.locator("#k").fill("30")
        page.locator("#cut-button").click()
        waiting = page.locator("#waiting h2")
        expect(waiting).to_have_text("1 saisie en attente" if fr else "1 entry waiting")
        page.locator("#result-button").click()
        fill_result(page, taker=1, points="47", bouts=2)
        page.locator("#result-save").click()
        expect(page.locator("#current h2")).to_have_text("Donne 2")
        page.locator("#pass-button").click()
        expect(waiting).to_have_text("3 saisies en attente" if fr else "3 entries waiting")
        expect(page.locator("#current h2")).to_have_text("Donne 3")
        expect(page.locator("#status")).to_contain_text("hors ligne" if fr else "offline")
        if fr:
            page.locator("#waiting").scroll_into_view_if_needed()
            page.evaluate("() => window.scrollTo(0, 0)")
            page.screenshot(path=str(DOCS / "companion-offline.png"))

        page.close()  # the tab is closed, and opened again without the server
        page = reopened_offline(context, server.base, created, fr)

        # back online: sent in order, each once
        server.start()
        context.set_offline(False)
        expect(page.locator("#waiting")).to_have_count(0, timeout=30_000)
        expect(page.locator("#current h2")).to_have_text("Donne 3")
        expect(page.locator("#donne-2")).to_contain_text("tous passent" if fr else "all pass")
        expect(page.locator("#status")).to_have_text("à jour" if fr else "live")
        rows = stored_ids(db, created["evening"])
        assert [e["type"] for _, _, e in rows] == ["dealer", "cut", "result", "all_pass"]
        ids = [i for _, i, _ in rows]
        assert all(ids) and len(set(ids)) == 4
        assert rows[2][2]["points"] == 47 and rows[2][2]["taker"] == 1
        context.close()
    finally:
        server.stop()


def played(base: str, names: list[str], entries: list[dict[str, Any]]) -> dict[str, Any]:
    """An evening of ``names`` with ``entries`` stored: its links."""
    status, created, _ = http_json(
        "POST", f"{base}/api/companion", {"players": len(names), "names": names}
    )
    assert status == 201 and isinstance(created, dict)
    token = created["scorer"].split("#")[1]
    url = f"{base}/api/companion/{created['evening']}/entries"
    for n, entry in enumerate(entries):
        body = {"n": n, "id": str(uuid.uuid4()), "entry": entry}
        status, data, _ = http_json(
            "POST",
            url,
            body,
            {"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )
        assert status == 200, data
    return created


def test_a_player_page_a_merge_and_the_sheet_as_an_image(
    server: ServerProcess, browser: Browser
) -> None:
    one = played(  # names of their own on this module's server
        server.base,
        ["Yann", "Xavier", "Zoé", "Walter"],
        [
            {"type": "dealer", "seat": 0},
            {"type": "result", "contract": "garde", "taker": 2, "points": 56, "bouts": 2},
            {"type": "result", "contract": "prise", "taker": 2, "points": 40, "bouts": 1},
        ],
    )
    played(
        server.base,
        ["Zoe", "Victor", "Yann"],
        [
            {"type": "dealer", "seat": 1},
            {"type": "result", "contract": "garde_sans", "taker": 0, "points": 60, "bouts": 2},
        ],
    )
    context = phone(browser)
    context_errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: context_errors.append(str(error)))
    page.goto(one["scorer"])
    page.locator("#player-2").click()  # Zoé's name in the sheet's head
    expect(page.locator("#stats h2")).to_have_text("Zoé")
    expect(page.locator("#stat-donnes")).to_have_text("2")
    expect(page.locator("#stat-average")).to_have_text("66")  # (240 − 108) / 2
    expect(page.locator("#taken tbody tr").nth(0)).to_have_text("Prise10")
    expect(page.locator("#taken tbody tr").nth(1)).to_have_text("Garde11")
    expect(page.locator("#player-chart circle")).to_have_count(1)
    # Zoe, without the accent, in the other evening: merged into Zoé
    page.locator("#merge-search").fill("zo")
    expect(page.locator("#merge-choices li")).to_have_count(1)
    expect(page.locator("#merge-choices li")).to_contain_text("Zoe est la même personne")
    page.locator("#merge-choices button").click()
    expect(page.locator("#merge-result")).to_have_text("Fusionné.")
    expect(page.locator("#stat-evenings")).to_have_text("2")
    expect(page.locator("#stat-donnes")).to_have_text("3")
    expect(page.locator("#taken tbody tr").nth(2)).to_have_text("Garde sans11")
    expect(page.locator("#player-chart circle")).to_have_count(2)
    expect(page.locator("#spellings")).to_have_text("Noms reconnus : zoe, zoé")
    page.screenshot(path=str(DOCS / "companion-player.png"), full_page=True)

    image_and_player_in_english(browser, one["viewer"])
    assert context_errors == []
    context.close()


def image_and_player_in_english(browser: Browser, link: str) -> None:
    """The sheet as an image, and a player's page, from the viewer's link in English."""
    viewer = phone(browser, "en-GB")
    other = viewer.new_page()
    other.goto(link)
    expect(other.locator("#role")).to_have_text("viewer")
    with other.expect_download() as caught:
        other.locator("#export-png").click()
    data = Path(caught.value.path()).read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5_000
    other.locator("#player-2").click()
    expect(other.locator("#stats dt").nth(1)).to_have_text("Donnes played")
    expect(other.locator("#stat-donnes")).to_have_text("3")
    expect(other.locator("#merge")).to_have_count(0)  # merging is the scorer's
    viewer.close()
