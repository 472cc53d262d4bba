"""One page for the creator, and every browser finds its seats again, in a real chromium
against ``atout serve``: the creator who plays lands on his own seat's page, which also
carries the owner's controls (from the owner's token his browser kept, never from the
seat's link alone); a guest who goes back to the lobby finds his seat there in one
click; a link that no longer opens its seat is said so — in French and English, on a
phone and a desktop."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Dialog, Page, ViewportSize

from tests.browser import DESKTOP, PHONE, browser, needs_chromium, sqlite_server
from tests.test_web_browser import wait_until
from tests.web_harness import ServerProcess

__all__ = ["browser"]  # the fixture

pytestmark = needs_chromium

READERS = [("en-GB", DESKTOP), ("fr-FR", PHONE)]
IDS = ["english-desktop", "french-phone"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("creator"))


def context(browser: Browser, lang: str, viewport: ViewportSize) -> BrowserContext:
    made = browser.new_context(
        viewport=viewport,
        is_mobile=viewport is PHONE,
        has_touch=viewport is PHONE,
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
    )
    made.set_default_timeout(15000)
    return made


def create_as_player(page: Page, base: str, name: str) -> None:
    """The lobby's form: 4 players, I play at seat 1 as ``name``, seat 2 a person,
    seats 3 and 4 bots; then *Create*."""
    page.goto(base + "/")
    assert page.locator("input[name=me]").is_checked(), "I play: yes by default"
    assert page.locator("select[name=my_seat]").input_value() == "0", "at seat 1 by default"
    page.fill("input[name=my_name]", name)
    assert page.locator("input[name=name0]").input_value() == name, "my seat's row says my name"
    page.select_option("select[name=kind1]", "")
    page.fill("input[name=name1]", "Bea")
    page.click("#create-button")
    page.wait_for_url("**/t/**")


def seat_link(owner: Page, seat: int) -> str:
    """A seat's link as the creator's page offers it to send."""
    link = owner.locator("#invitations input.url").nth(seat - 1).input_value()
    assert "/t/" in link and "#" in link
    return link


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_the_creator_plays_and_owns_from_one_page(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize, tmp_path: Path
) -> None:
    french = lang.startswith("fr")
    mine, guest_context = context(browser, lang, viewport), context(browser, lang, viewport)
    try:
        page = mine.new_page()
        create_as_player(page, server.base, "Ana")
        # his own seat's page: seat 1, with the owner's tools and the links to send
        page.wait_for_selector("#btn-start")
        assert (
            page.locator("#wait-seats .wait-seat.present .name")
            .first.inner_text()
            .startswith("Ana")
        )
        page.screenshot(path=str(tmp_path / "creator-waiting.png"))
        invite = seat_link(page, 1)
        guest = guest_context.new_page()
        guest.goto(invite)
        guest.wait_for_selector("#wait-seats .wait-seat")
        # a guest's seat link gives no owner's control
        assert guest.locator("#owner-tools").is_hidden()
        assert guest.locator("#btn-seats").is_hidden()
        wait_until(
            lambda: page.locator("#wait-seats .wait-seat.present").count() == 4,
            "the guest is here",
        )
        page.locator("#btn-start").click()  # nobody missing: no question
        page.wait_for_selector("#waiting", state="hidden")
        assert page.locator("#btn-seats").is_visible(), "the seats panel, during the match"
        page.locator("#btn-seats").click()
        rows = page.locator("#owner-seats .owner-seat")
        assert rows.count() == 2
        assert "Bea" in rows.nth(1).inner_text()
        # the table's settings, as the lobby's form set them
        page.locator(".table-settings summary").click()
        terms = page.locator("#settings-list dt").all_inner_texts()
        values = page.locator("#settings-list dd").all_inner_texts()
        settings = dict(zip(terms, values, strict=True))
        assert settings["Donnes"] == "5"
        d8 = "Deux cartes du chien peuvent se suivre (D8)" if french else "Two chien cards"
        assert [v for k, v in settings.items() if k.startswith(d8)] == ["non" if french else "no"]
        page.screenshot(path=str(tmp_path / "creator-seats.png"))
        page.keyboard.press("Escape")
        home = page.locator("a.home")
        assert ("Mes tables" if french else "My tables") in home.inner_text()
    finally:
        mine.close()
        guest_context.close()


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_a_guest_finds_his_seat_again_from_the_lobby(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize, tmp_path: Path
) -> None:
    french = lang.startswith("fr")
    mine, guest_context = context(browser, lang, viewport), context(browser, lang, viewport)
    try:
        page = mine.new_page()
        create_as_player(page, server.base, "Chloé")
        page.wait_for_selector("#invitations input.url")
        invite = seat_link(page, 1)
        guest = guest_context.new_page()
        guest.goto(invite)
        guest.wait_for_selector("#wait-seats .wait-seat")
        # "atout · My tables" leads to the lobby, where his seat is one click away
        guest.locator("a.home").click()
        guest.wait_for_selector("#mine-list li")
        row = guest.locator("#mine-list li").first
        wait_until(lambda: row.locator(".state").inner_text() != "", "the table's state")
        assert row.locator(".state").inner_text() == ("en attente" if french else "waiting")
        opener = row.locator("a.open-table")
        assert "2" in opener.inner_text() and "Bea" in opener.inner_text()
        guest.screenshot(path=str(tmp_path / "guest-lobby.png"), full_page=True)
        opener.click()
        guest.wait_for_selector("#wait-seats .wait-seat")
        assert guest.evaluate("location.hash") == "#" + invite.split("#", 1)[1]
        # the owner gives seat 2 a new link: the guest's kept link is said to be dead
        renew(page)
        guest.goto(server.base + "/")
        row = guest.locator("#mine-list li").first
        wait_until(lambda: row.locator(".state").inner_text() != "", "the link's state")
        gone = "ne marche plus" if french else "no longer works"
        assert gone in row.locator(".state").inner_text()
        assert row.locator("a.open-table").count() == 0, "a dead link is not a link"
        # forget it
        row.locator("button.forget").click()
        wait_until(lambda: guest.locator("#mine-list li").count() == 0, "forgotten")
        assert guest.locator("#mine-empty").is_visible()
    finally:
        mine.close()
        guest_context.close()


def renew(page: Page) -> None:
    """The creator's page gives seat 2 a new link from the seats panel."""

    def accept(dialog: Dialog) -> None:
        dialog.accept()

    page.on("dialog", accept)
    page.locator("#btn-seats").click()
    row = page.locator("#owner-seats .owner-seat").nth(1)
    old = row.locator(".new-url input").input_value()  # the link to send again
    assert "/t/" in old
    row.locator("button.new-link").click()
    wait_until(lambda: row.locator(".new-url input").input_value() != old, "the new link")


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_the_owner_page_names_the_creator_at_his_seat(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize, tmp_path: Path
) -> None:
    french = lang.startswith("fr")
    mine = context(browser, lang, viewport)
    try:
        seat_page = mine.new_page()
        create_as_player(seat_page, server.base, "Dan")
        seat_page.wait_for_selector("#btn-start")
        # the owner's link, as the lobby keeps it for the table's creator
        lobby = mine.new_page()
        lobby.goto(server.base + "/")
        row = lobby.locator("#mine-list li").first
        wait_until(lambda: row.locator(".state").inner_text() != "", "the table's state")
        assert "Dan" in row.locator("a.open-table").inner_text(), "one click to his seat"
        row.locator("details summary").click()
        owner_link = row.locator("li.owner input.url").input_value()
        lobby.goto(owner_link)
        first = lobby.locator("#wait-seats .wait-seat").first
        wait_until(lambda: first.locator(".state").inner_text() != "", "the seats")
        here = "vous, présent" if french else "you, here"
        wait_until(lambda: first.locator(".state").inner_text() == here, "the creator is here")
        seat_page.close()  # his seat's page is closed: still his seat, with a way back
        away = "vous : la page" if french else "you: your seat's page"
        wait_until(lambda: away in first.locator(".state").inner_text(), "the creator away")
        assert first.locator("a.your-seat").count() == 1
        assert first.locator("button.seat-bot").count() == 0, "no bot offered in his place"
        lobby.screenshot(path=str(tmp_path / "owner-page.png"))
        asked: list[str] = []

        def dismiss(dialog: Dialog) -> None:
            asked.append(dialog.message)
            dialog.dismiss()

        lobby.on("dialog", dismiss)
        lobby.locator("#btn-start").click()
        wait_until(lambda: len(asked) == 1, "Start asks first: persons are missing")
        assert not lobby.locator("#waiting").is_hidden(), "not started"
        first.locator("a.your-seat").click()
        lobby.wait_for_selector("#btn-start")
        wait_until(lambda: first.locator(".state").inner_text() != "", "the seats")
        assert "Dan" in first.inner_text()
    finally:
        mine.close()


@pytest.mark.parametrize(("lang", "players"), [("fr-FR", 5), ("en-GB", 3)])
def test_the_lobby_fits_a_phone_and_its_create_button_takes_the_tap(
    browser: Browser, server: ServerProcess, lang: str, players: int
) -> None:
    """Long option texts (the next donne's delay in French) wrap inside the form: the
    page is never wider than the phone, and nothing lies over *Create*."""
    made = context(browser, lang, PHONE)
    page = made.new_page()
    page.goto(server.base + "/")
    page.check(f"input[name=players][value='{players}']")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    button = page.locator("#create-button")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).id", list(middle))
    assert hit == "create-button", hit
    made.close()
