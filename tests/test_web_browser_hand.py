"""A click on any visible part of a playable card plays it, in a real chromium against
the page, on a desktop and a phone, in English and French: no other element (the hand's
zone, the hand, a lifted neighbour) takes a click meant for a card, even at its edges
and with the card lifted under the pointer.

The scene comes from :class:`tests.test_web_browser_scenes.FakeServer`: a seat about
to play a card with many legal cards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from atout.session import Table
from tests.browser import IDS, READERS, browser, needs_chromium, sqlite_server
from tests.test_web_browser import wait_until
from tests.test_web_browser_fixes import open_page
from tests.test_web_browser_scenes import FakeServer, scene
from tests.web_harness import ServerProcess

__all__ = ["browser"]  # the fixture

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("hand"))


def leading(table: Table) -> int | None:
    """A seat leading a trick of the play (every card of its hand may be played)."""
    donne = table.donne
    if donne is None or donne.phase.value != "play":
        return None
    seat = donne.current_player()
    if seat is None:
        return None
    game = table.observation(seat).game
    if game is None or (game.tricks and len(game.tricks[-1].cards) not in (0, 4)):
        return None
    return seat if len(table.options(seat)) >= 12 else None


RECTS = """() => [...document.querySelectorAll('#hand .card')].map((card) => {
  const r = card.getBoundingClientRect();
  return {legal: card.classList.contains('legal'), code: card.dataset.card || '',
          left: r.left, top: r.top, right: r.right, bottom: r.bottom};
})"""

HIT = """([x, y]) => {
  const hit = document.elementFromPoint(x, y);
  const card = hit && hit.closest('#hand .card');
  return card ? [...document.querySelectorAll('#hand .card')].indexOf(card) : -1;
}"""

SETTLED = """() => Promise.all(document.getElementById('hand')
  .getAnimations({subtree: true}).map((a) => a.finished)).then(() => true)"""


def points(rect: dict[str, float]) -> list[tuple[float, float]]:
    """The centre of a card and a point just inside each of its edges (clear of the
    rounded corners)."""
    left, top, right, bottom = rect["left"], rect["top"], rect["right"], rect["bottom"]
    cx, cy, inset = (left + right) / 2, (top + bottom) / 2, 2
    return [
        (cx, cy),
        (cx, top + inset),
        (cx, bottom - inset),
        (left + inset, cy),
        (right - inset, cy),
        (left + 8, bottom - inset),
        (right - 8, bottom - inset),
    ]


def hits_under_pointer(page: Page, x: float, y: float) -> set[int]:
    """The indices of the hand's cards the pointer at (x, y) lands on, at once (the card
    under it starting to lift, the one it left coming down) and once every card has
    settled; -1 for none."""
    page.mouse.move(x, y)
    found = {int(page.evaluate(HIT, [x, y]))}
    page.evaluate(SETTLED)
    return found | {int(page.evaluate(HIT, [x, y]))}


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_a_click_on_any_visible_part_of_a_playable_card_plays_it(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    table, seat = scene(4, leading)
    fake = FakeServer(table, seat)
    watched = open_page(browser, server, fake, lang, viewport)
    page = watched.page
    page.wait_for_selector("#hand .card.legal")
    wait_until(lambda: page.locator("body.busy").count() == 0, "the page shows the table")
    page.mouse.move(1, 1)
    page.evaluate(SETTLED)
    rects = page.evaluate(RECTS)
    legal = [i for i, r in enumerate(rects) if r["legal"]]
    assert len(legal) >= 12, rects
    missed = []
    for i in legal:
        for x, y in points(rects[i]):
            found = hits_under_pointer(page, x, y)
            if found != {i}:
                missed.append((rects[i]["code"], round(x), round(y), found))
    page.mouse.move(1, 1)  # the last card comes down: its bottom edge is still its own
    assert not missed, f"clicks that do not land on their card: {missed}"
    # a real click at the bottom edge of the last playable card plays that card
    last = rects[legal[-1]]
    x, y = points(last)[2]
    page.mouse.click(x, y)
    page.wait_for_selector(f'#hand .card[data-card="{last["code"]}"]', state="detached")
    assert len(fake.actions) == 1, fake.actions
    assert fake.actions[0]["type"] == "play" and fake.actions[0]["card"] == last["code"]
    assert not watched.errors, watched.errors
    page.context.close()


BUSY = """() => import('/static/table_stream.js').then((m) => {
  return import('/static/table_state.js').then((state) => { state.S.busy = true; m.setBusy(); });
})"""

SHOWN = "() => import('/static/table_stream.js').then((m) => m.drain())"


@pytest.mark.parametrize(("lang", "viewport"), READERS[:2], ids=IDS[:2])
def test_a_card_clicked_while_events_are_shown_is_played_after_them(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    """While the page shows events (body.busy), the hand's zone does not take the
    clicks meant for the cards: a playable card clicked then is played once the events
    are shown."""
    table, seat = scene(4, leading)
    fake = FakeServer(table, seat)
    watched = open_page(browser, server, fake, lang, viewport)
    page = watched.page
    page.wait_for_selector("#hand .card.legal")
    wait_until(lambda: page.locator("body.busy").count() == 0, "the page shows the table")
    page.evaluate(BUSY)
    page.wait_for_selector("body.busy")
    rect = page.evaluate(RECTS)[0]
    x, y = (rect["left"] + rect["right"]) / 2, (rect["top"] + rect["bottom"]) / 2
    assert page.evaluate(HIT, [x, y]) == 0, "the card, not the hand's zone, takes the click"
    page.mouse.click(x, y)
    page.wait_for_timeout(300)
    assert fake.actions == [], "nothing is sent while events are shown"
    page.evaluate(SHOWN)
    page.wait_for_selector(f'#hand .card[data-card="{rect["code"]}"]', state="detached")
    assert fake.actions == [{"type": "play", "seat": seat, "card": rect["code"]}]
    assert not watched.errors, watched.errors
    page.context.close()
