"""The companion's own refusal of a required field left empty (Debian's chromium, phone
and desktop, French and English): no browser bubble, the message beside the field in the
page's language naming the field and the rule, the field marked invalid and brought into
view below the sticky bar."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import CHROMIUM, DESKTOP, PHONE, browser, needs_chromium, sqlite_server
from tests.web_harness import ServerProcess, http_json

__all__ = ["browser"]  # the fixture

NAMES = ["Anne", "Bruno", "Chloé", "Marie-Christine Dupont", "Émile"]
pytestmark = needs_chromium

if CHROMIUM.exists():
    from playwright.sync_api import Browser, Page, expect
else:  # pragma: no cover
    Browser = Page = Any  # type: ignore[misc,assignment]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("required"))


def open_evening(
    server: ServerProcess, browser: Browser, lang: str, phone: bool
) -> tuple[Page, Any]:
    body = {"players": 5, "names": NAMES}
    status, created, _ = http_json("POST", f"{server.base}/api/companion", body)
    assert status == 201
    locale = "fr-FR" if lang == "fr" else "en-GB"
    viewport = PHONE if phone else DESKTOP
    context = browser.new_context(
        viewport=viewport, is_mobile=phone, has_touch=phone, locale=locale
    )
    page = context.new_page()
    page.goto(created["scorer"])
    page.locator("#dealer").select_option("0")
    page.locator("#draw form").nth(1).locator("button").click()
    expect(page.locator("#current h2")).to_have_text("Donne 1")
    return page, created


def entries(server: ServerProcess, created: Any) -> int:
    token = created["scorer"].split("#")[1]
    url = f"{server.base}/api/companion/{created['evening']}"
    return int(http_json("GET", url, headers={"Authorization": f"Bearer {token}"})[1]["entries"])


def refused_beside(page: Page, field: str, words: str) -> None:
    """The page's refusal sits right under `field`'s label, names it, and the field is
    marked invalid and seen whole below the sticky bar."""
    message = page.locator("#message")
    expect(message).to_contain_text(words)
    control = page.locator(f"#{field}")
    expect(control).to_have_attribute("aria-invalid", "true")
    expect(control).to_have_attribute("aria-describedby", "message")
    beside = control.evaluate("c => c.closest('label').nextElementSibling.id")
    assert beside == "message"
    bar = page.locator("header.bar").bounding_box()
    box = control.bounding_box()
    assert bar is not None and box is not None
    assert box["y"] >= bar["y"] + bar["height"]  # below the bar, not under it
    assert box["y"] + box["height"] <= page.viewport_size["height"]  # type: ignore[index]


@pytest.mark.parametrize(
    ("lang", "phone", "words"),
    [
        (
            "fr",
            True,
            [
                "Contrat : le champ est vide",
                "Preneur : le champ est vide",
                "Bouts : le champ est vide",
                "Appelé : le champ est vide — choisissez",
            ],
        ),
        (
            "en",
            False,
            [
                "Contract: the field is empty",
                "Taker: the field is empty",
                "Bouts: the field is empty",
                "Partner: the field is empty — choose",
            ],
        ),
    ],
)
def test_an_empty_select_is_refused_beside_itself(
    server: ServerProcess, browser: Browser, lang: str, phone: bool, words: list[str]
) -> None:
    page, created = open_evening(server, browser, lang, phone)
    page.locator("#result-button").click()
    form = page.locator("#result-form")
    assert form.evaluate("f => f.noValidate")  # no browser bubble: the page checks
    form.locator("#points").fill("47")
    form.locator("#called").fill("RCo" if lang == "fr" else "KH")
    form.locator("#result-save").click()
    refused_beside(page, "contract", words[0])
    expect(page.locator("#message .rule")).to_have_text("B2")
    form.locator("#contract").select_option("garde")
    expect(form.locator("#contract")).not_to_have_attribute("aria-invalid", "true")
    form.locator("#result-save").click()
    refused_beside(page, "taker", words[1])
    form.locator("#taker").select_option("1")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    form.locator("#result-save").click()
    refused_beside(page, "partner", words[3])
    expect(page.locator("#message .rule")).to_have_text("B4")
    form.locator("#partner").select_option("alone")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    form.locator("#result-save").click()
    refused_beside(page, "bouts", words[2])
    assert entries(server, created) == 1  # only the dealer's choice: nothing sent
    form.locator("#bouts").select_option("2")
    form.locator("#result-save").click()
    expect(page.locator("#current h2")).to_have_text("Donne 2")
    assert entries(server, created) == 2


def test_the_name_fields_take_forty_characters(server: ServerProcess, browser: Browser) -> None:
    """The form keeps a 40-character name whole (the server's bound too); the sheet's
    head shows it whole."""
    long = "Marie-Christine Dupont-Lefebvre de Rohan"
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{server.base}/companion")
    field = page.locator("input[name=name0]")
    field.fill(long + " et la suite")
    assert field.input_value() == long
    page.locator("input[name=name1]").fill("Bruno")
    page.locator("form button[type=submit]").first.click()
    expect(page.locator("#sheet thead")).to_contain_text(long, timeout=10_000)
    context.close()


PETIT_FAULT = {
    "fr": ("— choisir —", "Joueur : le champ est vide — choisissez le joueur qui a le Petit sec",
           "Par : le champ est vide — choisissez le joueur qui a fait la faute",
           "Carte : le champ est vide — tapez la carte"),
    "en": ("— choose —", "Player: the field is empty — choose the player who has the Petit sec",
           "By: the field is empty — choose the player who made the fault",
           "Card: the field is empty — type the card"),
}  # fmt: skip


@pytest.mark.parametrize(("lang", "phone"), [("fr", True), ("en", False)])
def test_the_petit_sec_holder_and_the_fault_s_author_start_empty(
    server: ServerProcess, browser: Browser, lang: str, phone: bool
) -> None:
    pick, holder, by, card = PETIT_FAULT[lang]
    page, created = open_evening(server, browser, lang, phone)
    page.locator("#petit-button").click()
    expect(page.locator("#holder")).to_have_value("")
    expect(page.locator("#holder option").first).to_have_text(pick)
    page.locator("#petit-save").click()
    refused_beside(page, "holder", holder)
    expect(page.locator("#message .rule")).to_have_text("D16")
    page.locator("#petit-close").click()
    page.locator("#fault-button").click()
    expect(page.locator("#by")).to_be_hidden()  # a misdeal is the dealer's
    page.locator("#kind").select_option("card_exposed")
    expect(page.locator("#by")).to_have_value("")
    page.locator("#fault-save").click()
    refused_beside(page, "by", by)
    expect(page.locator("#message .rule")).to_have_text("D14")  # a card turned up, not D12
    page.locator("#by").select_option("2")
    page.locator("#fault-save").click()
    refused_beside(page, "fcard", card)
    expect(page.locator("#message .rule")).to_have_text("D14")
    assert entries(server, created) == 1  # nothing sent but the dealer's choice
    page.locator("#kind").select_option("misdeal")
    expect(page.locator("#fcard")).to_be_hidden()
    page.locator("#fault-save").click()
    expect(page.locator("#current h2")).to_have_text("Donne 2")
    assert entries(server, created) == 2
