"""The companion's Undo names what it takes back (Debian's chromium), French and
English, on a phone and on a laptop, online and offline: the question and the note
after undoing say which entry ("résultat de la donne 4 — Garde de Chloé, faite de 12"),
and a Redo says what it put back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from atout.companion.log import EveningLog
from tests.browser import CHROMIUM, DESKTOP, PHONE, browser, needs_chromium, sqlite_server
from tests.web_harness import ServerProcess, http_json

__all__ = ["browser"]  # the fixture

DOCS = Path(__file__).resolve().parent.parent / "docs" / "images"
NAMES = ["Anne", "Bruno", "Chloé", "David"]
pytestmark = needs_chromium

if CHROMIUM.exists():
    from playwright.sync_api import Browser, Page, expect
else:  # pragma: no cover
    Browser = Page = Any  # type: ignore[misc,assignment]

SETUP: list[dict[str, Any]] = [
    {"type": "dealer", "seat": 0},
    {"type": "all_pass"},
    {"type": "fault", "kind": "misdeal", "by": 1},
    {"type": "result", "contract": "garde", "taker": 2, "points": 53, "bouts": 2},
]
WORDS = {
    "fr": {
        "locale": "fr-FR",
        "ask": "Annuler : résultat de la donne 3 — Garde de Chloé, faite de 12 ?",
        "undone": "Saisie annulée : résultat de la donne 3 — Garde de Chloé, faite de 12",
        "ask_fault": "Annuler : faute à la donne 2 (D12 — maldonne par Bruno) ?",
        "redone": "Saisie rétablie : faute à la donne 2 (D12 — maldonne par Bruno)",
        "ask_waiting": "Annuler : Petit sec d'Anne à la donne 4 ?",
        "undone_waiting": "Saisie annulée : Petit sec d'Anne à la donne 4",
        "one_waiting": "1 saisie en attente",
    },
    "en": {
        "locale": "en-US",
        "ask": "Undo: the result of donne 3 — Chloé's Garde, made by 12?",
        "undone": "Undone: the result of donne 3 — Chloé's Garde, made by 12",
        "ask_fault": "Undo: the fault at donne 2 (D12 — misdeal by Bruno)?",
        "redone": "Redone: the fault at donne 2 (D12 — misdeal by Bruno)",
        "ask_waiting": "Undo: the Petit sec of Anne at donne 4?",
        "undone_waiting": "Undone: the Petit sec of Anne at donne 4",
        "one_waiting": "1 entry waiting",
    },
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("undo"))


def evening(server: ServerProcess) -> Any:
    body = {"players": 4, "names": NAMES}
    status, created, _ = http_json("POST", f"{server.base}/api/companion", body)
    assert status == 201
    token = created["scorer"].split("#")[1]
    url = f"{server.base}/api/companion/{created['evening']}/entries"
    for n, entry in enumerate(SETUP):
        answer = http_json(
            "POST", url, {"n": n, "entry": entry}, {"Authorization": f"Bearer {token}"}
        )
        assert answer[0] == 200, answer
    return created


def stored(server: ServerProcess, created: Any) -> Any:
    token = created["scorer"].split("#")[1]
    url = f"{server.base}/api/companion/{created['evening']}"
    return http_json("GET", url, headers={"Authorization": f"Bearer {token}"})[1]


def test_the_log_names_each_entry_it_would_undo_or_redo() -> None:
    log = EveningLog(4, NAMES, entries=[*SETUP, {"type": "cut", "k": 30}])
    assert [label["text"] for label in log.undo_labels("fr")[-2:]] == [
        "résultat de la donne 3 — Garde de Chloé, faite de 12",
        "coupe de la donne 4 (30 cartes)",
    ]
    assert log.undo_labels("fr")[0]["text"] == "choix d'Anne comme premier donneur"
    assert log.undo_labels("en")[1]["text"] == "all pass at donne 1"
    log.add({"type": "undo"})
    log.add({"type": "undo"})
    assert [label["text"] for label in log.redo_labels("en")] == [
        "the cut at donne 4 (30 cards)",
        "the result of donne 3 — Chloé's Garde, made by 12",  # the next one last
    ]
    assert [label["closes"] for label in log.redo_labels("en")] == [False, True]
    assert log.undo_labels("en")[-1]["text"] == "the fault at donne 2 (D12 — misdeal by Bruno)"


@pytest.mark.parametrize(("lang", "size"), [("fr", "phone"), ("en", "phone"), ("en", "desktop")])
def test_undo_names_the_entry_online_and_offline(
    server: ServerProcess, browser: Browser, lang: str, size: str
) -> None:
    created = evening(server)
    words = WORDS[lang]
    mobile = size == "phone"
    context = browser.new_context(
        viewport=PHONE if mobile else DESKTOP,
        is_mobile=mobile,
        has_touch=mobile,
        locale=words["locale"],
    )
    page = context.new_page()
    page.goto(created["scorer"])
    expect(page.locator("#current h2")).to_have_text("Donne 4")
    page.locator("#undo").click()
    expect(page.locator("#undo-ask p").first).to_have_text(words["ask"])
    page.locator("#undo-yes").click()
    expect(page.locator("#toast")).to_have_text(words["undone"])
    expect(page.locator("#current h2")).to_have_text("Donne 3")
    assert stored(server, created)["entries"] == 5
    page.locator("#undo").click()
    expect(page.locator("#undo-ask p").first).to_have_text(words["ask_fault"])
    page.locator("#undo-yes").click()
    expect(page.locator("#current h2")).to_have_text("Donne 2")
    page.locator("#redo").click()
    expect(page.locator("#toast")).to_have_text(words["redone"])
    expect(page.locator("#current h2")).to_have_text("Donne 3")

    page.context.set_offline(True)  # the same words for an entry waiting on the phone
    page.locator("#redo").click()  # the result put back, kept on the phone
    page.locator("#petit-button").click()
    page.locator("#petit-form select").select_option("0")
    page.locator("#petit-form button[type=submit]").click()
    expect(page.locator("#waiting li")).to_have_count(2)
    page.locator("#undo").click()
    expect(page.locator("#undo-ask p").first).to_have_text(words["ask_waiting"])
    if lang == "fr" and mobile:
        page.locator("#sheet-card").screenshot(path=str(DOCS / "companion-undo.png"))
    page.locator("#undo-yes").click()
    expect(page.locator("#toast")).to_have_text(words["undone_waiting"])
    expect(page.locator("#waiting li")).to_have_count(1)  # taken off the phone, no undo queued
    expect(page.locator("#waiting h2")).to_have_text(words["one_waiting"])
    page.locator("#undo").click()  # the redone result, waiting too
    expect(page.locator("#undo-ask p").first).to_have_text(words["ask"])
    page.locator("#undo-no").click()
    page.context.set_offline(False)
    expect(page.locator("#waiting")).to_have_count(0, timeout=30_000)
    seen = stored(server, created)
    assert seen["entries"] == 8 and len(seen["donnes"]) == 4  # result back, Petit sec never sent
    page.locator("#undo").click()
    expect(page.locator("#undo-ask p").first).to_have_text(words["ask"])
    context.close()


UNDO_OFFLINE = {
    "fr": ("fr-FR", "Tous passent", "1 saisie en attente",
           "Annulation : résultat de la donne 3 — Garde de Chloé, faite de 12"),
    "en": ("en-US", "All pass", "1 entry waiting",
           "Undo: the result of donne 3 — Chloé's Garde, made by 12"),
}  # fmt: skip


@pytest.mark.parametrize(("lang", "mobile"), [("fr", True), ("en", False)])
def test_an_undo_offline_takes_a_waiting_entry_back_or_waits_once(
    server: ServerProcess, browser: Browser, lang: str, mobile: bool
) -> None:
    """Offline, Undo takes a waiting entry off the phone (no undo queued, Redo puts it
    back); an undo of a stored entry is one waiting item naming that entry."""
    created = evening(server)
    locale, all_pass, one, queued_undo = UNDO_OFFLINE[lang]
    context = browser.new_context(
        viewport=PHONE if mobile else DESKTOP, is_mobile=mobile, has_touch=mobile, locale=locale
    )
    page = context.new_page()
    page.goto(created["scorer"])
    expect(page.locator("#current h2")).to_have_text("Donne 4")
    context.set_offline(True)
    page.locator("#pass-button").click()
    expect(page.locator("#waiting h2")).to_have_text(one)
    page.locator("#undo").click()
    page.locator("#undo-yes").click()
    expect(page.locator("#waiting")).to_have_count(0)  # nothing waits: nothing to undo
    expect(page.locator("#status")).not_to_contain_text(one)
    page.locator("#redo").click()  # put back on the phone
    expect(page.locator("#waiting li")).to_have_text([all_pass])
    page.locator("#undo").click()
    page.locator("#undo-yes").click()
    expect(page.locator("#waiting")).to_have_count(0)
    page.locator("#undo").click()  # now the stored result: an undo waits, named
    page.locator("#undo-yes").click()
    expect(page.locator("#waiting li")).to_have_text([queued_undo])
    expect(page.locator("#waiting h2")).to_have_text(one)
    expect(page.locator("#status")).to_contain_text(one)
    context.set_offline(False)
    expect(page.locator("#waiting")).to_have_count(0, timeout=30_000)
    seen = stored(server, created)
    assert seen["entries"] == 5  # the setup and one undo: the all pass never sent
    expect(page.locator("#current h2")).to_have_text("Donne 3")
    context.close()
