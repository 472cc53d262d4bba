"""The table page's wording and layout, in a real chromium against ``atout serve``, in
French and English, on a phone and a desktop: the packets' size the view gives (4 by 4
at 3 players), seats numbered from 1, "1 bout" and "each defender: −116", a stand-in
bot's cards marked in the log, the score sheet within a phone's width, five trick cards
that leave each other's corner visible, a long name cut with "…", a readable banner.

Scenes come from :class:`tests.test_web_browser_scenes.FakeServer` (a
:class:`atout.session.Table` brought there, answering the page's websocket); the
stand-in's cards come from the real server."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, ViewportSize

from atout.dealing import Phase
from atout.session import Table, TableSettings
from tests.browser import IDS, PHONE, READERS, browser, needs_chromium, sqlite_server
from tests.test_web_browser import Watched, wait_until
from tests.test_web_browser_scenes import FakeServer, scene
from tests.web_harness import ServerProcess, create_table

__all__ = ["browser"]  # the fixture

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("fixes"))


class NamedFake(FakeServer):
    """A scene whose seats have the names given (``""``: a seat with no name)."""

    def __init__(self, table: Table, seat: int | None, names: list[str]) -> None:
        super().__init__(table, seat)
        self.names = names

    def info(self) -> dict[str, Any]:
        return {**super().info(), "names": self.names}


def open_page(
    browser: Browser, server: ServerProcess, fake: FakeServer, lang: str, viewport: ViewportSize
) -> Watched:
    links = create_table(server.base, {"players": 4, "seats": [None] * 4})
    context = browser.new_context(
        viewport=viewport,
        is_mobile=viewport is PHONE,
        has_touch=viewport is PHONE,
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
    )
    context.set_default_timeout(10000)
    page = context.new_page()
    page.route_web_socket("**/ws/**", fake.handle)
    watched = Watched(page, "fixes")
    page.goto(links["seats"][0]["url"])
    page.wait_for_selector("#board:not([hidden])")
    return watched


def dealing(table: Table) -> int | None:
    """The dealer, about to deal."""
    deal = table.observation(0).deal
    return deal.dealer if deal.phase is Phase.DEAL else None


def scored(players: int) -> Table:
    """A table of two donnes, the first one scored (not void)."""
    for seed in range(200):
        table = Table(TableSettings(players=players, deals=2, seats=(None,) * players), seed)
        while not (table.donne is not None and table.donne.is_terminal()):
            table.act(table.bot_action(table.to_act()[0]))
        if table.sheet()[-1].result is not None:
            return table
    raise AssertionError("no donne scored")


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_three_players_are_dealt_four_by_four(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    table, dealer = scene(3, dealing, deal_only=True)
    watched = open_page(browser, server, FakeServer(table, dealer), lang, viewport)
    page = watched.page
    said = "4 par 4" if lang.startswith("fr") else "4 by 4"
    assert said in page.inner_text("#center-note"), page.inner_text("#center-note")
    page.click("[data-act=deal]")
    page.wait_for_selector("#log li.ev-packet_dealt", state="attached")
    line = page.locator("#log li.ev-packet_dealt").first.inner_text()
    assert said in line and "3" not in line.split(":")[0], line
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize(("lang", "viewport"), READERS[:2], ids=IDS[:2])
def test_seats_are_numbered_from_one_and_the_score_says_each_defender(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    french = lang.startswith("fr")
    table = scored(4)
    fake = NamedFake(table, 0, ["", "Bruno", "", "Dora"])
    watched = open_page(browser, server, fake, lang, viewport)
    page = watched.page
    seat = "Place" if french else "Seat"
    first = page.locator('#seats .seat[data-seat="0"] .name').inner_text()
    assert first.startswith(f"{seat} 1"), first
    assert page.locator('#seats .seat[data-seat="2"] .name').inner_text() == f"{seat} 3"
    log = page.inner_text("#log")
    assert f"{seat} 0" not in log
    line = page.locator("#log li.ev-donne_scored").inner_text()
    each = "chaque défenseur : " if french else "each defender: "
    assert re.search(re.escape(each) + r"[+−]\d+$", line), line
    assert not re.search(r"\b1 bouts\b|\b[02-9] bout\b", line), line
    page.click("#btn-sheet")
    head = page.locator("#sheet thead").inner_text()
    assert f"{seat} 1" in head and f"{seat} 3" in head and f"{seat} 0" not in head, head
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize("lang", ["en-GB", "fr-FR"])
def test_the_score_sheet_fits_a_phone(browser: Browser, server: ServerProcess, lang: str) -> None:
    table = scored(5)
    watched = open_page(browser, server, FakeServer(table, 0), lang, PHONE)
    page = watched.page
    page.click("#btn-sheet")
    page.wait_for_selector("#dlg-sheet[open]")
    box = page.locator("#dlg-sheet").bounding_box()
    region = page.locator("#sheet").bounding_box()
    assert box is not None and region is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert region["x"] >= box["x"] and region["x"] + region["width"] <= box["x"] + box["width"]
    sheet = page.locator("#sheet")
    assert sheet.get_attribute("role") == "region" and sheet.get_attribute("aria-label")
    # the wide table scrolls within the region, the page does not
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.getElementById('sheet').scrollWidth,"
        " document.getElementById('sheet').clientWidth]"
    )
    assert widths[0] <= PHONE["width"], widths
    assert widths[1] >= widths[2], widths
    assert not watched.errors, watched.errors
    page.context.close()


def four_cards_down(table: Table) -> int | None:
    donne = table.donne
    if donne is None or donne.phase.value != "play":
        return None
    tricks = table.observation(0).game
    return 0 if tricks is not None and tricks.tricks and len(tricks.tricks[-1].cards) == 4 else None


CORNERS = """() => [...document.querySelectorAll('#trick .played')].map((card) => {
  const r = card.getBoundingClientRect();
  const found = document.elementsFromPoint(r.left + 6, r.top + 6);
  const top = found.find((n) => n.closest('#trick .played'));
  return [card.dataset.card, card.contains(top)];
})"""


@pytest.mark.parametrize(("lang", "viewport"), READERS[:2], ids=IDS[:2])
def test_five_trick_cards_leave_each_corner_visible(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    table, _ = scene(5, four_cards_down)
    donne = table.donne
    assert donne is not None
    seat = donne.current_player()
    fake = FakeServer(table, seat)
    watched = open_page(browser, server, fake, lang, viewport)
    page = watched.page
    page.locator("#hand .card.legal").first.click()  # the fifth card
    wait_until(lambda: page.locator("#trick .played").count() == 5, "five cards down")
    page.wait_for_timeout(400)  # the cards' transition
    corners = page.evaluate(CORNERS)
    assert len(corners) == 5 and all(seen for _, seen in corners), corners
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize(("lang", "viewport"), READERS[:2], ids=IDS[:2])
def test_a_long_name_is_cut_in_its_seat_box_and_the_banner_is_readable(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    table, seat = scene(4, four_cards_down)
    long = "Marie-Charlotte Dupontel"  # 24 characters
    assert len(long) == 24
    fake = NamedFake(table, seat, [long] * 4)
    watched = open_page(browser, server, fake, lang, viewport)
    page = watched.page
    other = (seat + 1) % 4
    name = page.locator(f'#seats .seat[data-seat="{other}"] .name')
    sizes = name.evaluate("n => [n.scrollWidth, n.clientWidth, getComputedStyle(n).textOverflow]")
    assert sizes[0] > sizes[1] and sizes[2] == "ellipsis", sizes
    assert name.get_attribute("title") == long
    box = page.locator(f'#seats .seat[data-seat="{other}"]').bounding_box()
    text = name.bounding_box()
    assert box is not None and text is not None
    assert text["x"] >= box["x"] and text["x"] + text["width"] <= box["x"] + box["width"] + 0.5
    # the reconnection banner: dark text on its yellow
    colours = page.evaluate(
        """() => { const b = document.getElementById('banner'); b.className = 'banner warn';
        b.textContent = '…'; b.hidden = false; const s = getComputedStyle(b);
        return [s.color, s.backgroundColor]; }"""
    )
    assert contrast(*colours) >= 4.5, colours
    assert not watched.errors, watched.errors
    page.context.close()


def contrast(fore: str, back: str) -> float:
    """WCAG's contrast ratio of two CSS ``rgb(…)`` colours."""

    def luminance(colour: str) -> float:
        values = [int(v) / 255 for v in re.findall(r"\d+", colour)[:3]]
        linear = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in values]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(fore), luminance(back)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize(("lang", "viewport"), READERS[:2], ids=IDS[:2])
def test_the_cards_a_stand_in_bot_plays_are_marked_in_the_log(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    settings = {
        "players": 4,
        "seats": [None, "random", "random", "random"],
        "names": ["Ana", "", "", ""],
        "bot_delay_ms": 50,
        "grace_seconds": 600,
    }
    links = create_table(server.base, settings)
    context = browser.new_context(
        viewport=viewport, locale=lang, extra_http_headers={"Accept-Language": lang}
    )
    context.set_default_timeout(15000)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(links["owner"])
    page.click("#btn-start")  # Ana is not there: a bot plays for her
    page.wait_for_selector("#board:not([hidden])")
    mark = "(joué par le robot)" if lang.startswith("fr") else "(played by the bot)"
    lines = page.locator("#log li.ev-card_played")
    wait_until(lambda: lines.count() >= 8, "two tricks played", timeout=60)
    texts = lines.all_inner_texts()
    ana = [line for line in texts if "Ana" in line]
    others = [line for line in texts if "Ana" not in line]
    assert ana and all(mark in line for line in ana), ana
    assert others and not any(mark in line for line in others), others
    context.close()
