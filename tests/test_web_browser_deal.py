"""The deal you can watch, in a real chromium against ``atout serve``, in French and
English, on a phone and a desktop: the pack goes to the shuffler, then the cutter, then
the dealer, and the packets leave from the dealer's place; the rule's text is one tap
away from the centre note; with ``prefers-reduced-motion`` nothing flies.

Scenes come from :class:`tests.test_web_browser_scenes.FakeServer` (a
:class:`atout.session.Table` brought there, answering the page's websocket)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from atout import rulebook
from atout.dealing import Phase
from atout.session import Table
from tests.browser import DESKTOP, PHONE, browser, needs_chromium, sqlite_server
from tests.test_web_browser import Watched, wait_until
from tests.test_web_browser_scenes import FakeServer, scene
from tests.web_harness import ServerProcess, create_table

__all__ = ["browser"]  # the fixture

pytestmark = needs_chromium

READERS = [("en-GB", DESKTOP), ("fr-FR", PHONE)]
IDS = ["english-desktop", "french-phone"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("deal"))


def open_page(
    browser: Browser,
    server: ServerProcess,
    fake: FakeServer,
    lang: str,
    viewport: ViewportSize,
    **options: Any,
) -> Watched:
    links = create_table(server.base, {"players": 4, "seats": [None] * 4})
    context = browser.new_context(
        viewport=viewport,
        is_mobile=viewport is PHONE,
        has_touch=viewport is PHONE,
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
        **options,
    )
    context.set_default_timeout(10000)
    page = context.new_page()
    page.route_web_socket("**/ws/**", fake.handle)
    watched = Watched(page, "deal")
    page.goto(links["seats"][0]["url"])
    page.wait_for_selector("#board:not([hidden])")
    return watched


def at(phase: Phase, who: str) -> Callable[[Table], int | None]:
    """The scene: the deal at ``phase``; the seat named ``who`` in the deal's view."""

    def reached(table: Table) -> int | None:
        deal = table.observation(0).deal
        return getattr(deal, who) if deal.phase is phase else None

    return reached


def nearest_seat(page: Page) -> int:
    """The seat whose box is nearest to the pack."""
    pack = page.locator("#pack").bounding_box()
    assert pack is not None
    x, y = pack["x"] + pack["width"] / 2, pack["y"] + pack["height"] / 2
    best: tuple[float, int] | None = None
    for box in page.locator("#seats .seat").all():
        rect = box.bounding_box()
        assert rect is not None
        far = math.dist((x, y), (rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2))
        seat = int(box.get_attribute("data-seat") or "-1")
        if best is None or far < best[0]:
            best = (far, seat)
    assert best is not None
    return best[1]


STEPS = [
    (Phase.SHUFFLE, "shuffler", "D4"),
    (Phase.CUT, "cutter", "D5"),
    (Phase.DEAL, "dealer", "D6"),
]


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_the_pack_goes_to_the_shuffler_the_cutter_then_the_dealer_with_its_rule(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    french = lang.startswith("fr")
    book = rulebook.as_json()["rules"]
    assert isinstance(book, dict)
    for phase, who, rule in STEPS:
        table, seat = scene(4, at(phase, who), deal_only=True)
        watcher = (seat + 1) % 4  # a page that watches: the pack goes to another seat
        watched = open_page(browser, server, FakeServer(table, watcher), lang, viewport)
        page = watched.page
        page.wait_for_selector("#pack:not([hidden])")
        page.wait_for_timeout(600)  # the pack's move
        assert nearest_seat(page) == seat, (phase, who, seat)
        # the rule's text, one tap away
        page.click("#center-note .rule-more")
        dialog = page.locator("#dlg-rule[open]")
        entry = book[rule]
        title = entry["title"]["fr" if french else "en"]
        dialog.locator("h3", has_text=title).wait_for()
        text = dialog.inner_text()
        assert entry["text"]["fr" if french else "en"][:60] in text, text
        page.click("#dlg-rule button.primary")
        assert page.locator("#dlg-rule[open]").count() == 0
        assert not watched.errors, watched.errors
        page.context.close()


WATCH_FLYERS = """() => {
  window.flyers = [];
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) {
      const pack = document.getElementById('pack').getBoundingClientRect();
      window.flyers.push([pack.left + pack.width / 2, pack.top + pack.height / 2]);
    }
  }).observe(document.getElementById('flying'), { childList: true });
}"""


def packets_leave_from_the_dealer(page: Page, dealer: int) -> None:
    """Deal, and check that every card flies while the pack lies at the dealer's place."""
    page.evaluate(WATCH_FLYERS)
    page.click("[data-act=deal]")
    wait_until(lambda: page.evaluate("() => window.flyers.length") > 20, "the packets fly")
    assert nearest_seat(page) == dealer
    mine = page.locator(f'#seats .seat[data-seat="{dealer}"]').bounding_box()
    assert mine is not None
    starts = page.evaluate("() => window.flyers")
    near = [
        math.dist(xy, (mine["x"] + mine["width"] / 2, mine["y"] + mine["height"] / 2))
        for xy in starts
    ]
    board = page.locator("#board").bounding_box()
    assert board is not None
    assert max(near) < board["height"] / 2, near  # every card leaves from the dealer's side


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_the_packets_leave_from_the_dealers_place(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    table, dealer = scene(4, at(Phase.DEAL, "dealer"), deal_only=True)
    watched = open_page(browser, server, FakeServer(table, dealer), lang, viewport)
    packets_leave_from_the_dealer(watched.page, dealer)
    assert not watched.errors, watched.errors
    watched.page.context.close()


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_the_packets_leave_from_the_dealers_place_however_slow_the_machine(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    """A busy machine draws the pack's moves late: here every animation runs 40 times
    slower than its clock, and the first packet still leaves from the dealer's place."""
    table, dealer = scene(4, at(Phase.DEAL, "dealer"), deal_only=True)
    watched = open_page(browser, server, FakeServer(table, dealer), lang, viewport)
    page = watched.page
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 1 / 40})
    page.reload()  # the pack placed at the dealer's place while moves are slow
    page.wait_for_selector("#pack:not([hidden])")
    packets_leave_from_the_dealer(page, dealer)
    assert not watched.errors, watched.errors
    page.context.close()


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_nothing_flies_when_the_reader_asks_for_less_motion(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    table, dealer = scene(4, at(Phase.DEAL, "dealer"), deal_only=True)
    fake = FakeServer(table, dealer)
    watched = open_page(browser, server, fake, lang, viewport, reduced_motion="reduce")
    page = watched.page
    page.evaluate(WATCH_FLYERS)
    page.click("[data-act=deal]")
    page.wait_for_selector("#log li.ev-packet_dealt", state="attached")
    wait_until(lambda: page.locator("body.busy").count() == 0, "the deal is shown")
    assert page.evaluate("() => window.flyers.length") == 0
    moves = page.locator("#pack").evaluate("n => getComputedStyle(n).transitionDuration")
    assert all(float(d.rstrip("s")) == 0 for d in moves.split(",")), moves
    assert not watched.errors, watched.errors
    page.context.close()


LOG_AT_END = "n => n.scrollTop + n.clientHeight >= n.scrollHeight - 2"


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_an_empty_hand_says_no_count_and_the_log_shows_its_last_line(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    french = lang.startswith("fr")
    table, dealer = scene(4, at(Phase.DEAL, "dealer"), deal_only=True)
    watched = open_page(browser, server, FakeServer(table, dealer), lang, viewport)
    page = watched.page
    seats = page.inner_text("#seats")
    assert ("0 carte" if french else "0 card") not in seats, seats  # nothing dealt yet
    page.click("[data-act=deal]")
    wait_until(lambda: page.locator("body.busy").count() == 0, "the deal is shown")
    dealt = "18 cartes" if french else "18 cards"
    wait_until(lambda: dealt in page.inner_text("#seats"), "the hands counted")
    log = page.locator("#log")
    if viewport is PHONE:
        page.click("#btn-log")  # the phone shows its log on demand, in a short box
        assert log.evaluate("n => n.scrollHeight > n.clientHeight"), "longer than its box"
    assert log.evaluate(LOG_AT_END), "the log is shown at its last line"
    assert not watched.errors, watched.errors
    page.context.close()
