"""Nothing on the felt is cut or covered, in a real chromium against ``atout serve``, on a
French phone (390×844) and an English desktop: the chien keeps clear of every seat's box,
a quick reaction is drawn whole inside the felt, and the pack, wherever the deal takes it
(shuffler, cutter, dealer), stays on the felt and leaves the centre note uncovered.

Scenes come from :class:`tests.test_web_browser_scenes.FakeServer` (a
:class:`atout.session.Table` brought there, answering the page's websocket)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, FloatRect, Page, ViewportSize, WebSocketRoute

from atout.dealing import Phase
from atout.session import Table
from tests.browser import DESKTOP, PHONE, browser, needs_chromium, sqlite_server
from tests.test_web_browser import Watched
from tests.test_web_browser_deal import at
from tests.test_web_browser_deal import open_page as deal_page
from tests.test_web_browser_scenes import FakeServer, scene
from tests.web_harness import ServerProcess

__all__ = ["browser"]  # the fixture

pytestmark = needs_chromium

READERS = [("fr-FR", PHONE), ("en-GB", DESKTOP)]
IDS = ["french-phone", "english-desktop"]

Box = FloatRect


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("felt"))


class Pushing(FakeServer):
    """A scene that can also send the page a chat entry (a quick reaction)."""

    socket: WebSocketRoute | None = None

    def handle(self, ws: WebSocketRoute) -> None:
        self.socket = ws
        super().handle(ws)

    def react(self, seat: int, n: int) -> None:
        assert self.socket is not None
        entry = {"n": n, "at": 0, "kind": "reaction", "seat": seat, "role": "player"}
        self.socket.send(json.dumps({"type": "chat", "entry": {**entry, "text": "👏"}}))


def open_page(
    browser: Browser, server: ServerProcess, fake: FakeServer, lang: str, viewport: ViewportSize
) -> Watched:
    """The deal's page, each thing drawn where it goes, not on its way there."""
    return deal_page(browser, server, fake, lang, viewport, reduced_motion="reduce")


def boxes(page: Page, selector: str) -> list[Box]:
    found = []
    for i in range(page.locator(selector).count()):
        box = page.locator(selector).nth(i).bounding_box()
        if box is not None and box["width"] and box["height"]:
            found.append(box)
    return found


def overlap(a: Box, b: Box) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def inside(a: Box, b: Box) -> bool:
    return (
        a["x"] >= b["x"]
        and a["y"] >= b["y"]
        and a["x"] + a["width"] <= b["x"] + b["width"]
        and a["y"] + a["height"] <= b["y"] + b["height"]
    )


def last_bid(table: Table) -> int | None:
    """The last seat to bid, the three others' bids shown on their boxes."""
    donne = table.donne
    if donne is None or donne.phase.value != "bidding":
        return None
    game = table.observation(0).game
    return donne.current_player() if game is not None and len(game.bids) == 3 else None


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_the_chien_and_the_reactions_keep_clear_of_the_seats_and_the_edge(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    table, seat = scene(4, last_bid)
    fake = Pushing(table, seat)
    watched = open_page(browser, server, fake, lang, viewport)
    page = watched.page
    page.wait_for_selector("#chien .chien-pile")
    seats = boxes(page, "#seats .seat")
    chien = boxes(page, "#chien .chien-pile")
    assert len(seats) == 4 and len(chien) == 1, (seats, chien)
    assert not any(overlap(chien[0], box) for box in seats), (chien, seats)
    for other in range(4):
        fake.react(other, other + 1)
    page.wait_for_selector(".reaction-bubble >> nth=3")
    board = boxes(page, "#board")[0]
    bubbles = boxes(page, ".reaction-bubble")
    assert len(bubbles) == 4, bubbles
    assert all(inside(bubble, board) for bubble in bubbles), (bubbles, board)
    assert not watched.errors, watched.errors
    page.context.close()


def there(reached: Callable[[Table], int | None], seat: int) -> Callable[[Table], int | None]:
    """The scene ``reached`` names, when it names ``seat``."""
    return lambda table: seat if reached(table) == seat else None


DEAL = [(Phase.SHUFFLE, "shuffler"), (Phase.CUT, "cutter"), (Phase.DEAL, "dealer")]


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
@pytest.mark.parametrize(("phase", "who"), DEAL, ids=[p.value for p, _ in DEAL])
def test_the_pack_stays_on_the_felt_and_leaves_the_note_uncovered(
    browser: Browser,
    server: ServerProcess,
    lang: str,
    viewport: ViewportSize,
    phase: Phase,
    who: str,
) -> None:
    found: set[int] = set()
    for seen in range(4):  # the pack at each seat's place: seat 0 looks from each side
        table, person = scene(4, there(at(phase, who), seen), 600, True)
        found.add(person)
        watched = open_page(browser, server, FakeServer(table, 0), lang, viewport)
        page = watched.page
        page.wait_for_selector(f'#pack:not([hidden])[data-at="{person}"]')
        board = boxes(page, "#board")[0]
        pack = boxes(page, "#pack")
        note = boxes(page, "#center-note")
        assert len(pack) == 1 and len(note) == 1, (pack, note)
        where: dict[str, Any] = {"seat": person, "pack": pack, "note": note, "board": board}
        assert inside(pack[0], board), where
        assert not overlap(pack[0], note[0]), where
        assert not watched.errors, watched.errors
        page.context.close()
    assert found == {0, 1, 2, 3}
