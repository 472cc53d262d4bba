"""The web table with the keyboard alone and for screen readers, in a real browser
(Debian's chromium) against the real server, in French on a desktop and in English on
a phone (390×844).

One page plays a whole donne with nothing but the keyboard (Tab, Shift+Tab, Enter and
the arrows): the draw, the shuffle, the cut's slider, the deal, a bid, the écart card
by card and every card of the play; two other pages play their seats with the mouse
and always pass, so that the keyboard's seat takes and makes the écart. Its cards say
what they are and what may be done with them ("Roi de cœur, jouable"). axe-core
(``axe-playwright-python``) finds no serious or critical violation on the lobby, its
links, the waiting room, the table in each phase the donne goes through, the score
sheet and the table companion's pages.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser import (
    ARGS,
    CHROMIUM,
    DESKTOP,
    PHONE,
    browser,
    hurry_busy,
    needs_chromium,
    sqlite_server,
)
from tests.test_web_browser import Watched, new_page, scored, step, wait_until
from tests.web_harness import ServerProcess, create_table

__all__ = ["ARGS", "CHROMIUM", "DESKTOP", "PHONE", "browser"]

pytestmark = needs_chromium
AXE = Axe()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("a11y"))


def no_serious_violation(page: Page, where: str) -> None:
    found = AXE.run(page).response["violations"]
    bad = [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]} {v['help']}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, f"{where}: {bad}"


def focused(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        """() => { const a = document.activeElement; const d = a.dataset || {};
        return { id: a.id, act: d.act || "", card: d.card || "",
        classes: String(a.className || ""), label: a.getAttribute("aria-label") || "" }; }"""
    )
    return found


def tab_to(page: Page, selector: str, most: int = 80) -> bool:
    """Press Tab, or Shift+Tab when what is wanted comes before the focus, until the
    focus is on an element of ``selector``; whether it got there."""
    for _ in range(most):
        where = page.evaluate(
            """(selector) => { const a = document.activeElement;
            if (a && a.matches(selector)) return "here";
            const target = document.querySelector(selector);
            if (!target) return "none";
            if (!a || a === document.body) return "after";
            return a.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_PRECEDING
              ? "before" : "after"; }""",
            selector,
        )
        if where == "here":
            return True
        if where == "none":
            return False
        page.keyboard.press("Shift+Tab" if where == "before" else "Tab")
    return False


def keyboard_step(page: Page, seen: set[str]) -> bool:
    """Do what the seat may do now, with the keyboard alone; whether it did something."""
    if page.locator("body.busy").count():
        return False
    acts = set(
        page.locator("#actions [data-act]:not([disabled])").evaluate_all(
            "nodes => nodes.map(n => n.dataset.act)"
        )
    )
    if page.locator("#cut-slider").count():
        if not tab_to(page, "#cut-slider"):
            return False
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        if not tab_to(page, "#actions [data-act=cut]"):
            return False
        page.keyboard.press("Enter")
        seen.add("cut")
        return True
    if page.locator("#ecart-tray:not([hidden])").count():
        return keyboard_ecart(page, seen)
    for act in ("draw", "shuffle", "deal", "show_chien", "petit_sec", "call", "chelem-no"):
        if act in acts:
            if not tab_to(page, f"#actions [data-act={act}]"):
                return False
            page.keyboard.press("Enter")
            seen.add(act)
            return True
    for act in ("bid-prise", "bid-pass"):
        if act in acts:
            if not tab_to(page, f"#actions [data-act={act}]"):
                return False
            page.keyboard.press("Enter")
            seen.add("bid")
            return True
    if page.locator("#hand .card.legal").count():
        if not tab_to(page, "#hand .card.legal"):
            return False
        label = focused(page)["label"]
        assert label.endswith((", jouable", ", playable")), label
        page.keyboard.press("Enter")
        seen.add("play")
        return True
    return False


def keyboard_ecart(page: Page, seen: set[str]) -> bool:
    size = int(page.locator("#ecart-tray .card").count())
    chosen = page.locator("#ecart-tray .card.chosen").count()
    if chosen < size:
        if not tab_to(page, "#hand .card.choosable"):
            return False
        label = focused(page)["label"]
        assert label.endswith((", peut aller à l'écart", ", may go to the écart")), label
        page.keyboard.press("Enter")
        return True
    if not tab_to(page, "#actions [data-act=ecart]"):
        return False
    page.keyboard.press("Enter")
    seen.add("ecart")
    return True


def passing_step(page: Page, seen: set[str]) -> bool:
    """A mouse page's step, passing at every bid."""
    if page.locator("body.busy").count():
        return False
    if page.locator("#actions [data-act=bid-pass]:not([disabled])").count():
        try:
            page.click("[data-act=bid-pass]", timeout=3000)
        except PlaywrightTimeout:
            return False
        return True
    return step(page, seen)


def check_phase(page: Page, checked: set[str]) -> None:
    """axe on the table once in each phase the keyboard's page is in."""
    phase = str(
        page.evaluate(
            """() => { const acts = [...document.querySelectorAll("#actions [data-act]")]
            .map(n => n.dataset.act); if (document.querySelector("#ecart-tray:not([hidden])"))
            return "ecart"; if (document.querySelector("#cut-slider")) return "cut";
            if (document.querySelector("#hand .card.legal")) return "play";
            return acts.length ? acts[0].split("-")[0] : ""; }"""
        )
    )
    if phase and phase not in checked:
        checked.add(phase)
        no_serious_violation(page, f"the table ({phase})")


def companion_pages(page: Page, base: str) -> None:
    page.goto(f"{base}/companion")
    page.wait_for_selector("#create")
    no_serious_violation(page, "the companion's new evening")
    for seat, name in enumerate(["Ana", "Ben", "Chloé", "Dan"]):
        page.locator(f"input[name=name{seat}]").fill(name)
    page.locator("#create").click()
    page.wait_for_url("**/companion/*#*")
    page.wait_for_timeout(500)
    no_serious_violation(page, "the companion's evening")


@pytest.mark.parametrize("phone,lang", [(False, "fr-FR"), (True, "en-GB")])
def test_a_donne_with_the_keyboard_alone_and_no_serious_axe_violation(
    server: ServerProcess, browser: Browser, phone: bool, lang: str, tmp_path: Path
) -> None:
    lobby = new_page(browser, "lobby", phone=phone, lang=lang)
    lobby.page.goto(f"{server.base}/")
    no_serious_violation(lobby.page, "the lobby")
    lobby.page.uncheck("input[name=me]")  # an organiser who does not play: the links' panel
    lobby.page.click("#create-button")
    lobby.page.wait_for_selector("#links:not([hidden])")
    no_serious_violation(lobby.page, "the lobby's links")
    companion_pages(lobby.page, server.base)
    links = create_table(
        server.base,
        {"players": 3, "deals": 1, "seats": [None, None, None], "names": ["Kim", "Léa", "Max"]},
    )
    keys = new_page(browser, "keyboard", phone=phone, lang=lang, hurry=True)
    others = [new_page(browser, f"mouse{i}", lang=lang, hurry=True) for i in (1, 2)]
    keys.page.goto(links["seats"][0]["url"])
    keys.page.wait_for_selector("#waiting:not([hidden])")
    no_serious_violation(keys.page, "the waiting room")
    for watched, seat in zip(others, links["seats"][1:], strict=True):
        watched.page.goto(seat["url"])
    owner = new_page(browser, "owner", lang=lang)
    owner.page.on("dialog", lambda dialog: dialog.accept())  # start, even if someone is late
    owner.page.goto(links["owner"])
    owner.page.click("#btn-start")
    keys.page.wait_for_selector("#hand-zone")
    seen: set[str] = set()
    mine: set[str] = set()
    checked: set[str] = set()
    pages: list[Watched] = [keys, *others]
    play_until(
        pages,
        lambda: scored(keys.page),
        lambda watched: (
            keyboard_step(watched.page, mine)
            if watched is keys
            else passing_step(watched.page, seen)
        ),
        lambda: check_phase(keys.page, checked),
    )
    assert {"draw", "bid", "ecart", "play"} <= mine, mine
    assert {"cut", "deal"} & mine or {"cut", "deal"} & seen
    assert {"bid", "play", "ecart"} <= checked, checked
    keys.page.keyboard.press("Escape")
    assert tab_to(keys.page, "#btn-sheet")
    keys.page.keyboard.press("Enter")
    keys.page.wait_for_selector("#dlg-sheet[open]")
    no_serious_violation(keys.page, "the score sheet")
    keys.page.keyboard.press("Escape")
    for watched in (lobby, keys, *others, owner):
        assert not watched.errors, watched.errors
        watched.page.context.close()


def play_until(
    pages: list[Watched],
    until: Callable[[], bool],
    act: Callable[[Watched], bool],
    between: Callable[[], None],
    timeout: float = 400.0,
) -> None:
    import time

    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            states = [
                f"{w.name}: {w.page.inner_text('#actions')!r} {focused(w.page)}" for w in pages
            ]
            raise AssertionError(f"the table stalled: {states}")
        between()
        moved = False
        for watched in pages:
            if act(watched):
                moved = True
                watched.page.wait_for_timeout(80)
        hurried = [hurry_busy(w.page) for w in pages]
        if not moved and not any(hurried):
            pages[0].page.wait_for_timeout(150)
        for watched in pages:
            assert not watched.errors, watched.errors
    wait_until(until, "the donne is scored")
