"""The 5-player sheet on a phone (Debian's chromium, 390×844): the names wrap in narrow
columns so that short names fit the screen; a sheet still wider than the screen (five
40-character names) says so, with a shadow on the hidden side and a "→" hint, until
the scorer has swiped to its end."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import CHROMIUM, DESKTOP, PHONE, browser, needs_chromium, sqlite_server
from tests.web_harness import ServerProcess, http_json

__all__ = ["browser"]  # the fixture

DOCS = Path(__file__).resolve().parent.parent / "docs" / "images"
SHORT = ["Anne", "Bruno", "Chloé", "David", "Émile"]
LONG = [
    "Marie-Christine Dupont-Lefebvre de Rohan",
    "Jean-Baptiste Larochelle-Montmorency",
    "Anne-Sophie Vandenberghe-Delacroix",
    "Pierre-Emmanuel Rousseau de la Tour",
    "Émile",
]
pytestmark = needs_chromium

if CHROMIUM.exists():
    from playwright.sync_api import Browser, Page, expect
else:  # pragma: no cover
    Browser = Page = Any  # type: ignore[misc,assignment]

ENTRIES: list[dict[str, Any]] = [
    {"type": "dealer", "seat": 0},
    {"type": "result", "contract": "garde", "taker": 1, "called": "KH", "partner": 2,
     "points": 56, "bouts": 2},
    {"type": "result", "contract": "prise", "taker": 3, "called": "KS", "partner": 3,
     "points": 40, "bouts": 1},
]  # fmt: skip


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("sheet-phone"))


def sheet_page(server: ServerProcess, browser: Browser, names: list[str], phone: bool) -> Page:
    status, created, _ = http_json(
        "POST", f"{server.base}/api/companion", {"players": 5, "names": names}
    )
    assert status == 201
    token = created["scorer"].split("#")[1]
    url = f"{server.base}/api/companion/{created['evening']}/entries?lang=en"
    for n, entry in enumerate(ENTRIES):
        answer = http_json(
            "POST", url, {"n": n, "entry": entry}, {"Authorization": f"Bearer {token}"}
        )
        assert answer[0] == 200, answer
    context = browser.new_context(
        viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone, locale="fr-FR"
    )
    page = context.new_page()
    page.goto(created["viewer"])
    expect(page.locator("#sheet tr.donne")).to_have_count(2)
    return page


def overflow(page: Page) -> int:
    return int(page.locator("#sheet-scroll").evaluate("b => b.scrollWidth - b.clientWidth"))


@pytest.mark.parametrize("phone", [True, False])
def test_short_names_fit_the_screen_without_a_hint(
    server: ServerProcess, browser: Browser, phone: bool
) -> None:
    page = sheet_page(server, browser, SHORT, phone)
    assert overflow(page) <= 2
    expect(page.locator("#sheet-more")).to_be_hidden()
    expect(page.locator(".scroll-box")).not_to_have_class("scroll-box more-right")
    page.context.close()


def test_a_sheet_wider_than_the_phone_says_so_until_swiped(
    server: ServerProcess, browser: Browser
) -> None:
    page = sheet_page(server, browser, LONG, True)
    assert overflow(page) > 2
    hint = page.locator("#sheet-more")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("→ Le tableau est plus large que l'écran")
    box = page.locator(".scroll-box")
    expect(box).to_have_class("scroll-box more-right")
    page.locator("#sheet-card").screenshot(path=str(DOCS / "companion-sheet-phone.png"))
    page.locator("#sheet-scroll").evaluate("b => { b.scrollLeft = b.scrollWidth; }")
    expect(box).to_have_class("scroll-box more-left")  # the end reached: no shadow there
    for name in LONG:  # every name whole in the head
        expect(page.locator("#sheet thead")).to_contain_text(name)
    page.context.close()


def test_the_page_marks_a_chelem_and_an_edited_donne(
    server: ServerProcess, browser: Browser
) -> None:
    status, created, _ = http_json(
        "POST", f"{server.base}/api/companion", {"players": 4, "names": SHORT[:4]}
    )
    assert status == 201
    token = created["scorer"].split("#")[1]
    url = f"{server.base}/api/companion/{created['evening']}/entries"
    result = {"contract": "garde", "taker": 0, "points": 91, "bouts": 3, "chelem": 0,
              "every_trick": "attack"}  # fmt: skip
    entries: list[dict[str, Any]] = [
        {"type": "dealer", "seat": 0},
        {"type": "result", **result},
        {"type": "edit", "donne": 1, "result": result | {"points": 87, "bouts": 2}},
    ]
    for n, entry in enumerate(entries):
        answer = http_json(
            "POST", url, {"n": n, "entry": entry}, {"Authorization": f"Bearer {token}"}
        )
        assert answer[0] == 200, answer
    for locale, words in (
        ("fr-FR", "★ chelem annoncé, réussi"),
        ("en-US", "★ announced chelem, made"),
    ):
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)
        page = context.new_page()
        page.goto(created["viewer"])
        row = page.locator("#sheet tr.donne .what").first
        expect(row).to_contain_text(words)
        expect(row).to_contain_text("corrigée" if locale == "fr-FR" else "edited")
        context.close()
