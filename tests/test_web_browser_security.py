"""The web table's defences, tried from a real chromium against ``atout serve``: a page
of another site cannot create tables, one address creates a bounded number an hour,
tables never started expire and leave their place, a name that is not the server's
(DNS rebinding) gets nothing, and the owner's link never sees the hands — in French
and English, on a phone and a desktop, on SQLite and PostgreSQL where it touches the
database."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.browser import ARGS, CHROMIUM, DESKTOP, PHONE, needs_chromium, sqlite_server
from tests.test_web_browser import wait_until
from tests.web_harness import ServerProcess, create_table, token_of

pytestmark = needs_chromium

READERS = [("en-GB", DESKTOP), ("fr-FR", PHONE)]
IDS = ["english-desktop", "french-phone"]
SETTINGS = {"players": 4, "seats": [None, "random", "random", "random"]}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium for which the name rebound.example leads to this machine, as a DNS
    rebinding page's name would."""
    from playwright.sync_api import sync_playwright

    rule = "--host-resolver-rules=MAP rebound.example 127.0.0.1"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=[*ARGS, rule]
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("security"))


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database of the test's own: a SQLite file, or one on the PostgreSQL cluster."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'atout.db'}"
        return
    from tests.conftest import own_database

    cluster = request.getfixturevalue("pg_cluster")
    made = own_database(cluster, request.getfixturevalue("worker_id"))
    # in a thread of its own: the browser's loop runs in this one
    with ThreadPoolExecutor(1) as pool:
        url = pool.submit(made.__enter__).result()
    try:
        yield url
    finally:
        with ThreadPoolExecutor(1) as pool:
            pool.submit(made.__exit__, None, None, None).result()


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


def refusals(server: ServerProcess, status: int) -> int:
    """How many table creations the server's access log shows refused with ``status``."""
    return server.log.read_text().count(f'"POST /api/tables HTTP/1.1" {status}')


def create_in_lobby(page: Page) -> str:
    """Click *Create the table* in the lobby; the error line's text, or "" when created."""
    page.locator("#links").evaluate("node => { node.hidden = true; }")
    page.uncheck("input[name=me]")  # an organiser who does not play: the links' panel
    page.click("#create-button")
    wait_until(
        lambda: (
            page.locator("#links:not([hidden])").count() > 0
            or page.locator("#create-error:not([hidden])").count() > 0
        ),
        "the lobby answers",
    )
    error = page.locator("#create-error:not([hidden])")
    return error.inner_text() if error.count() else ""


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_a_page_of_another_site_cannot_create_a_table(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    """A form or script of another origin posting text/plain (no preflight) is refused;
    a same-origin text/plain body is refused in the reader's language; the lobby's own
    JSON request creates the table."""
    page = reader(browser, lang, viewport)
    form = (
        f'<form method="post" action="{server.base}/api/tables" enctype="text/plain">'
        """<input name='{"players": 4, "x": "' value='"}'></form>"""
    )
    page.route(
        "http://attacker.example/**",
        lambda route: route.fulfill(body=form, content_type="text/html"),
    )
    page.goto("http://attacker.example/")
    before, created = refusals(server, 403), refusals(server, 201)
    with page.expect_navigation():
        page.locator("form").evaluate("form => form.submit()")
    assert "Origin" in page.inner_text("body")
    wait_until(lambda: refusals(server, 403) == before + 1, "the foreign request refused")
    assert refusals(server, 201) == created
    page.goto(f"{server.base}/")
    answer: dict[str, Any] = page.evaluate(
        """async () => {
            const r = await fetch("/api/tables", {method: "POST",
                headers: {"Content-Type": "text/plain"}, body: '{"players": 4}'});
            return {status: r.status, body: await r.json()};
        }"""
    )
    assert answer["status"] == 415
    expected = "Content-Type application/json"
    assert expected in answer["body"]["error"]
    if lang.startswith("fr"):
        assert answer["body"]["error"].startswith("la requête : ")
    else:
        assert answer["body"]["error"].startswith("the request: ")
    assert create_in_lobby(page) == ""
    page.context.close()


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_one_address_creates_a_bounded_number_of_tables_an_hour(
    browser: Browser, tmp_path: Path, lang: str, viewport: ViewportSize
) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'atout.db'}"
    with ServerProcess(db, tmp_path / "log", extra=["--tables-per-hour", "2"]) as small:
        page = reader(browser, lang, viewport)
        page.goto(f"{small.base}/")
        assert create_in_lobby(page) == ""
        assert create_in_lobby(page) == ""
        refused = create_in_lobby(page)
        word = "adresse" if lang.startswith("fr") else "address"
        assert "2" in refused and word in refused, refused
        page.context.close()


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_tables_never_started_expire_and_leave_their_place(
    browser: Browser, tmp_path: Path, database: str, lang: str, viewport: ViewportSize
) -> None:
    """With --max-tables 1, a table never started holds the only place until it
    expires (--unstarted-hours); then a new one is created and the old link opens
    nothing. A started table does not expire."""
    extra = ["--tables-per-hour", "1000", "--unstarted-hours", "0.001"]  # 3.6 seconds
    with ServerProcess(database, tmp_path / "log", max_tables=1, extra=extra) as small:
        page = reader(browser, lang, viewport)
        page.goto(f"{small.base}/")
        assert create_in_lobby(page) == ""
        old = page.get_attribute("#owner-open", "href")
        assert old is not None
        assert "--max-tables" in create_in_lobby(page)
        time.sleep(4)
        assert create_in_lobby(page) == ""
        page.goto(old)
        gone = "Cette table n'existe pas" if lang.startswith("fr") else "No such table"
        assert gone in page.inner_text("body")
        page.context.close()


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_a_name_that_is_not_the_server_s_gets_nothing(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    """DNS rebinding: a page of rebound.example, a name that now leads to the server,
    gets a refusal in its reader's language, creates nothing and opens no websocket;
    the names of the default --allowed-hosts (the address, localhost) are answered."""
    links = create_table(server.base, SETTINGS)
    port = server.base.rsplit(":", 1)[1]
    page = reader(browser, lang, viewport)
    answer = page.goto(f"http://rebound.example:{port}/")
    assert answer is not None and answer.status == 400
    text = page.inner_text("body")
    assert "--allowed-hosts" in text
    assert ("ce nom" if lang.startswith("fr") else "this name") in text
    result: dict[str, Any] = page.evaluate(
        """async ([table, token]) => {
            const r = await fetch("/api/tables", {method: "POST",
                headers: {"Content-Type": "application/json"}, body: '{"players": 4}'});
            const opened = await new Promise((done) => {
                const ws = new WebSocket(`ws://${location.host}/ws/${table}`);
                ws.onopen = () => { ws.send(JSON.stringify({type: "hello", token})); };
                ws.onmessage = () => done("message");
                ws.onclose = () => done("closed");
                setTimeout(() => done("nothing"), 5000);
            });
            return {status: r.status, opened};
        }""",
        [links["table"], token_of(links["owner"])],
    )
    assert result == {"status": 400, "opened": "closed"}
    for name in ("localhost", "127.0.0.1"):
        assert (page.goto(f"http://{name}:{port}/") or answer).status == 200
    page.context.close()


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_the_owner_link_never_sees_the_hands(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    """ "Spectators see the hands" opens every hand to the spectators' link only: the
    owner's link, usually a player's, sees none; the lobby says who sees what."""
    page = reader(browser, lang, viewport)
    page.goto(f"{server.base}/")
    page.uncheck("input[name=me]")  # an organiser who does not play: every seat a bot
    page.check("input[name=spectators_see_hands]")
    for seat in range(4):
        page.select_option(f"select[name=kind{seat}]", "random")
    assert create_in_lobby(page) == ""
    who = page.inner_text("#who-sees")
    assert ("propriétaire" if lang.startswith("fr") else "owner's link") in who
    owner = page.get_attribute("#owner-open", "href")
    spectator = page.locator("#link-list li.spectator input.url").input_value()
    assert owner is not None
    watcher = reader(browser, lang, viewport)
    watcher.goto(spectator)
    page.goto(owner)
    page.click("#btn-start")
    watcher.wait_for_selector("#hand .open-hand", timeout=30000)
    page.wait_for_selector("#seats .seat")
    wait_until(lambda: page.locator("#status").inner_text() != "", "the owner's view")
    time.sleep(1)
    assert page.locator("#hand .open-hand").count() == 0
    assert page.locator("#hand .card").count() == 0
    assert watcher.locator("#hand .open-hand").count() == 4
    page.context.close()
    watcher.context.close()
