"""What waits offline is shown as the sheet will show it (Debian's chromium, phone and
desktop, French and English): the called card read as the server reads it (RP: R♠ on a
French page), the call in the waiting list, the cut's depth on the pending cut line and
in the waiting list."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import CHROMIUM, DESKTOP, PHONE, browser, needs_chromium, sqlite_server
from tests.web_harness import ServerProcess, http_json

__all__ = ["browser"]  # the fixture

NAMES = ["Anne", "Bruno", "Chloé", "David", "Émile"]
pytestmark = needs_chromium

if CHROMIUM.exists():
    from playwright.sync_api import Browser, expect
else:  # pragma: no cover
    Browser = Any  # type: ignore[misc,assignment]

WORDS = {
    "fr": ("fr-FR", "RP", "Coupe : 30 cartes en attente",
           "Résultat : Garde · Bruno + Chloé (R♠) · 47 points, 2 bouts",
           "Garde · Bruno + Chloé (R♠) · 47 (2b)"),
    "en": ("en-US", "KS", "Cut: 30 cards waiting",
           "Result: Garde · Bruno + Chloé (K♠) · 47 points, 2 bouts",
           "Garde · Bruno + Chloé (K♠) · 47 (2b)"),
}  # fmt: skip


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("offline-words"))


@pytest.mark.parametrize(("lang", "mobile"), [("fr", True), ("en", False)])
def test_waiting_entries_show_the_card_the_call_and_the_cut(
    server: ServerProcess, browser: Browser, lang: str, mobile: bool
) -> None:
    locale, typed, cut_line, waiting, row = WORDS[lang]
    status, created, _ = http_json(
        "POST", f"{server.base}/api/companion", {"players": 5, "names": NAMES}
    )
    assert status == 201
    context = browser.new_context(
        viewport=PHONE if mobile else DESKTOP, is_mobile=mobile, has_touch=mobile, locale=locale
    )
    page = context.new_page()
    page.goto(created["scorer"])
    page.locator("#dealer").select_option("0")
    page.locator("#draw form").nth(1).locator("button").click()
    expect(page.locator("#current h2")).to_have_text("Donne 1")
    context.set_offline(True)
    page.locator("#k").fill("30")
    page.locator("#cut-button").click()
    expect(page.locator("#cut-line")).to_have_text(f"D5 {cut_line}")
    page.locator("#result-button").click()
    form = page.locator("#result-form")
    form.locator("#contract").select_option("garde")
    form.locator("#taker").select_option("1")
    form.locator("#called").fill(typed)
    form.locator("#partner").select_option("2")
    form.locator("#points").fill("47")
    form.locator("#bouts").select_option("2")
    form.locator("#result-save").click()
    expect(page.locator("#waiting li").nth(1)).to_have_text(waiting)
    cut = cut_line.removesuffix(" en attente").removesuffix(" waiting")  # as the form says it
    expect(page.locator("#waiting li").nth(0)).to_have_text(cut)
    expect(page.locator("#sheet tr.pending .what")).to_contain_text(row)
    expect(page.locator("#sheet")).not_to_contain_text(f"({typed})")
    context.set_offline(False)
    expect(page.locator("#waiting")).to_have_count(0, timeout=30_000)
    expect(page.locator("#sheet tr.donne .what").first).to_contain_text(row.split(" · 47")[0])
    context.close()
