"""Cards typed on the companion's page in a real browser (Debian's chromium, a 390×844
phone): the page's reader (static/typed_cards.js) reads every vector as
atout.cards.readings does, and each card field shows, as the scorer types, the card
the server will store — then stores it canonical."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from atout.cards import ALL_CARDS, readings
from atout.companion.readers import split_cards
from tests.browser import CHROMIUM, PHONE, browser, needs_chromium, sqlite_server
from tests.test_companion_cards import spellings
from tests.web_harness import ServerProcess, http_json

__all__ = ["browser"]  # the fixture

DOCS = Path(__file__).resolve().parent.parent / "docs" / "images"
pytestmark = needs_chromium

if CHROMIUM.exists():
    from playwright.sync_api import Browser, Page, expect
else:  # pragma: no cover
    Browser = Page = Any  # type: ignore[misc,assignment]

ODD = [
    "KC",
    "QC",
    "JC",
    "NC",
    "RC",
    "DC",
    "CC",
    "VC",
    "1C",
    "10C",
    "AC",
    "KX",
    "22",
    "0",
    "T0",
    "",
    "  ",
    "R ♥",
    "roi  de  cœur",
    "Roi ♥",
    "dame d'atout",
    "king of the spades",
    "roi de constructor",
    "__proto__",
    "toString",
    "Excuse!",
    "7♥♥",
    "A21",
    "atout21",
    "Dame de carreaux",
    "R de pique",
    "D de trèfle",
    "C de cœur",
    "v de carreau",
    "constructor de pique",
    "cavaliers de trèfles",
    "l'Excuse",
    "L’EXCUSE",
    "ÉX",
    "7 C",
    "K H",
]
PILES = ["21, 1 Ex Roi de pique RC DT", "  7P 7C,,8K  ", "roi de cœur de pique", "as of"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("cards"))


def phone(browser: Browser, errors: list[str], locale: str = "fr-FR") -> Page:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return page


def test_the_page_reads_cards_as_python_does(server: ServerProcess, browser: Browser) -> None:
    vectors = [
        [text, lang]
        for lang in ("fr", "en")
        for text in [*ODD, *(s for card in ALL_CARDS for s in spellings(card, lang))]
    ]
    errors: list[str] = []
    page = phone(browser, errors)
    page.goto(f"{server.base}/companion")
    found = page.evaluate(
        """async ([vectors, piles]) => {
            const m = await import("/static/typed_cards.js");
            return [vectors.map(([t, l]) => m.readings(t, l)), piles.map((p) => m.splitCards(p))];
        }""",
        [vectors, PILES],
    )
    expected = [[str(c) for c in readings(text, lang)] for text, lang in vectors]
    mismatched = [(v, f, e) for v, f, e in zip(vectors, found[0], expected, strict=True) if f != e]
    assert mismatched == []
    assert found[1] == [split_cards(p) for p in PILES]
    assert errors == []


def test_each_card_field_shows_what_it_will_store(server: ServerProcess, browser: Browser) -> None:
    body = {"players": 5, "names": ["Anne", "Bruno", "Chloé", "David", "Émile"]}
    status, created, _ = http_json("POST", f"{server.base}/api/companion", body)
    assert status == 201
    errors: list[str] = []
    page = phone(browser, errors)
    page.goto(created["scorer"])
    card = page.locator("#card")
    card.fill("RC")
    echo = page.locator("#draw output.understood")
    expect(echo).to_have_text("R♥ · Roi de Cœur")
    card.fill("KC")
    expect(echo).to_have_text(
        "« KC » se lit de deux façons : Roi de Trèfle ou Roi de Cœur ? Tapez ♥/♣ ou le nom"
    )
    expect(echo).to_have_class("understood refused")
    page.locator("#dealer").select_option("0")
    page.locator("#draw form").nth(1).locator("button").click()
    expect(page.locator("#current h2")).to_have_text("Donne 1")

    page.locator("#result-button").click()
    form = page.locator("#result-form")
    form.locator("#contract").select_option("garde")  # no contract chosen for the scorer
    form.locator("#taker").select_option("1")
    form.locator("#called").fill("Roi de cœur")
    expect(form.locator("output.understood").first).to_have_text("R♥ · Roi de Cœur")
    form.locator("input[value=pile]").check()
    form.locator("#pile").fill("21 1 Ex, RP DC 7T")
    expect(form.locator("#by-pile output.understood")).to_have_text("6 cartes : 21 1 Ex R♠ D♥ 7♣")
    page.screenshot(path=str(DOCS / "companion-cards.png"))
    form.locator("#partner").select_option("2")
    form.locator("#result-save").click()
    expect(page.locator("#current h2")).to_have_text("Donne 2")
    token = created["scorer"].split("#")[1]
    url = f"{server.base}/api/companion/{created['evening']}"
    _, seen, _ = http_json("GET", url, headers={"Authorization": f"Bearer {token}"})
    entry = seen["donnes"][0]["entry"]
    assert entry["called"] == "KH"
    assert entry["pile"] == ["T21", "T1", "EX", "KS", "QH", "7C"]

    page.locator("#sheet-card tr.donne").first.click()  # the edit form types them back
    page.locator("#edit-1").click()
    edit = page.locator("#result-form")
    expect(edit.locator("#called")).to_have_value("R♥")
    expect(edit.locator("#pile")).to_have_value("21 1 Ex R♠ D♥ 7♣")
    edit.locator("#called").focus()
    expect(edit.locator("output.understood").first).to_have_text("R♥ · Roi de Cœur")
    assert errors == []
