"""What a club scorer met on a phone (Debian's chromium, 390×844), French and English:
a refusal shown beside the field it names, an empty points field refused by the page
in its own language, and the exports, the heading and the totals said plainly."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import CHROMIUM, PHONE, browser, needs_chromium, sqlite_server
from tests.web_harness import ServerProcess, http_json

__all__ = ["browser"]  # the fixture

NAMES = ["Anne", "Bruno", "Chloé", "David", "Émile"]
pytestmark = needs_chromium

if CHROMIUM.exists():
    from playwright.sync_api import Browser, Page, expect
else:  # pragma: no cover
    Browser = Page = Any  # type: ignore[misc,assignment]

WORDS = {
    "fr": {"locale": "fr-FR", "donne": "Donne", "points": "points : un nombre écrit simplement"},
    "en": {"locale": "en-US", "donne": "Donne", "points": "points: a plain number such as 41"},
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("scorer"))


def new_evening(server: ServerProcess, players: int = 4) -> Any:
    body = {"players": players, "names": NAMES[:players]}
    status, created, _ = http_json("POST", f"{server.base}/api/companion", body)
    assert status == 201
    return created


def post(server: ServerProcess, created: Any, entries: list[dict[str, Any]]) -> None:
    token = created["scorer"].split("#")[1]
    url = f"{server.base}/api/companion/{created['evening']}/entries"
    start = stored(server, created)["entries"]
    for n, entry in enumerate(entries, start):
        answer = http_json(
            "POST", url, {"n": n, "entry": entry}, {"Authorization": f"Bearer {token}"}
        )
        assert answer[0] == 200, answer


def stored(server: ServerProcess, created: Any) -> Any:
    token = created["scorer"].split("#")[1]
    url = f"{server.base}/api/companion/{created['evening']}"
    return http_json("GET", url, headers={"Authorization": f"Bearer {token}"})[1]


def phone(browser: Browser, lang: str, url: str) -> Page:
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale=WORDS[lang]["locale"]
    )
    page = context.new_page()
    page.goto(url)
    return page


def in_sight(page: Page, selector: str) -> None:
    """The node is seen whole: below the sticky bar, above the bottom of the screen."""
    bar = page.locator("header.bar").bounding_box()
    box = page.locator(selector).bounding_box()
    assert bar is not None and box is not None
    assert box["y"] >= bar["y"] + bar["height"] - 0.5, (selector, box, bar)
    assert box["y"] + box["height"] <= PHONE["height"], (selector, box)


def fill_result(page: Page, points: str) -> None:
    form = page.locator("#result-form")
    form.locator("#contract").select_option("garde")
    form.locator("#taker").select_option("1")
    form.locator("#bouts").select_option("2")
    form.locator("#points").fill(points)
    form.locator("#result-save").click()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_refusal_sits_beside_the_field_it_names(
    server: ServerProcess, browser: Browser, lang: str
) -> None:
    created = new_evening(server)
    post(server, created, [{"type": "dealer", "seat": 0}])
    page = phone(browser, lang, created["scorer"])
    page.locator("#result-button").click()
    fill_result(page, "1e1")
    message = page.locator("#result-form #message")
    expect(message).to_contain_text(WORDS[lang]["points"])
    expect(message).to_contain_text("S1")
    after_points = page.evaluate(
        "() => document.querySelector('#points').closest('label').nextElementSibling.id"
    )
    assert after_points == "message"  # right under the points, not above Save
    expect(page.locator("#points")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#points")).to_have_attribute("aria-describedby", "message")
    in_sight(page, "#points")
    in_sight(page, "#message")
    expect(page.locator("#result-save")).to_be_enabled()
    page.locator("#result-save").scroll_into_view_if_needed()
    in_sight(page, "#result-save")
    assert stored(server, created)["entries"] == 1
    # a field that reads right once more is no longer marked
    page.locator("#points").fill("47")
    expect(page.locator("#points")).not_to_have_attribute("aria-invalid", "true")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_empty_points_field_is_refused_by_the_page_naming_s1(
    server: ServerProcess, browser: Browser, lang: str
) -> None:
    created = new_evening(server)
    post(server, created, [{"type": "dealer", "seat": 0}])
    page = phone(browser, lang, created["scorer"])
    page.locator("#result-button").click()
    expect(page.locator("#points")).not_to_have_attribute("required", "")
    fill_result(page, "")
    message = page.locator("#result-form #message")
    empty = "points : le champ est vide" if lang == "fr" else "points: the field is empty"
    expect(message).to_contain_text(empty)
    expect(message.locator("a.rule")).to_have_text("S1")
    expect(page.locator("#points")).to_have_attribute("aria-invalid", "true")
    assert stored(server, created)["entries"] == 1  # nothing stored, never as 0


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_two_csv_buttons_download_two_names(
    server: ServerProcess, browser: Browser, lang: str
) -> None:
    created = new_evening(server)
    post(server, created, [{"type": "dealer", "seat": 0}, {"type": "all_pass"}])
    page = phone(browser, lang, created["scorer"])
    names = []
    for button in ("#export-csv", "#export-csv-fr"):
        with page.expect_download() as download:
            page.locator(button).click()
        names.append(download.value.suggested_filename)
        text = Path(download.value.path()).read_text("utf-8-sig")
        assert text.splitlines()[0].count(";" if button.endswith("fr") else ",") > 3
    spreadsheet = "tableur" if lang == "fr" else "fr-spreadsheet"
    assert names == [
        f"atout-{created['evening']}.csv",
        f"atout-{created['evening']}-{spreadsheet}.csv",
    ]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_nobody_is_ahead_when_all_are_level_and_the_zero_is_whole(
    server: ServerProcess, browser: Browser, lang: str
) -> None:
    created = new_evening(server)
    page = phone(browser, lang, created["scorer"])
    nobody = {
        "fr": "Personne n'est encore en tête : tous à égalité.",
        "en": "Nobody is ahead yet: all level.",
    }
    expect(page.locator("#ahead")).to_have_text(nobody[lang])  # at the start: all at 0
    post(server, created, [{"type": "dealer", "seat": 0}, {"type": "all_pass"}])
    page.reload()
    expect(page.locator("#sheet tbody tr")).not_to_have_count(0)
    expect(page.locator("#ahead")).to_have_text(nobody[lang])
    assert stored(server, created)["ahead"] == []
    ticks = page.locator("#chart .tick")
    expect(ticks).to_have_count(1)  # one "0", not two on top of each other
    chart = page.locator("#chart").bounding_box()
    tick = ticks.bounding_box()
    assert chart is not None and tick is not None
    assert chart["y"] < tick["y"] and tick["y"] + tick["height"] < chart["y"] + chart["height"]
    # a result: one player ahead, said with the colon of the page's language
    post(
        server,
        created,
        [{"type": "result", "contract": "garde", "taker": 3, "points": 60, "bouts": 2}],
    )
    ahead = {"fr": "En tête : David", "en": "Ahead: David"}
    expect(page.locator("#ahead")).to_have_text(ahead[lang])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_fault_form_closes_without_saving(
    server: ServerProcess, browser: Browser, lang: str
) -> None:
    created = new_evening(server)
    post(server, created, [{"type": "dealer", "seat": 0}])
    page = phone(browser, lang, created["scorer"])
    page.locator("#fault-button").click()
    page.locator("#kind").select_option("card_exposed")
    close = page.locator("#fault-form #fault-close")
    words = {"fr": "Fermer sans enregistrer", "en": "Close without saving"}
    expect(close).to_have_text(words[lang])
    close.click()
    expect(page.locator("#fault-form")).to_have_count(0)
    assert stored(server, created)["entries"] == 1  # nothing saved
    page.locator("#petit-button").click()
    page.locator("#petit-form #petit-close").click()
    expect(page.locator("#petit-form")).to_have_count(0)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_heading_stays_on_the_donne_being_saved(
    server: ServerProcess, browser: Browser, lang: str
) -> None:
    """At 1.5 s of latency the result of donne 1 is on its way: the heading above its
    form still says Donne 1 until the server has stored it."""
    created = new_evening(server)
    post(server, created, [{"type": "dealer", "seat": 0}])
    page = phone(browser, lang, created["scorer"])
    expect(page.locator("#current h2")).to_have_text("Donne 1")
    page.locator("#result-button").click()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    slow = {"offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1}
    cdp.send("Network.emulateNetworkConditions", slow)
    fill_result(page, "47")
    save = page.locator("#result-save")
    expect(save).to_be_disabled()  # on its way
    expect(page.locator("#current h2")).to_have_text("Donne 1")
    expect(page.locator("#result-form")).to_be_visible()
    expect(page.locator("#current h2")).to_have_text("Donne 2", timeout=10_000)
    assert stored(server, created)["entries"] == 2


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_offline_the_totals_say_they_do_not_count_the_waiting_entries(
    server: ServerProcess, browser: Browser, lang: str
) -> None:
    created = new_evening(server)
    post(server, created, [{"type": "dealer", "seat": 0}])
    page = phone(browser, lang, created["scorer"])
    expect(page.locator("#current h2")).to_have_text("Donne 1")
    expect(page.locator("#totals-waiting")).to_have_count(0)
    page.context.set_offline(True)
    page.locator("#result-button").click()
    fill_result(page, "47")
    page.locator("#pass-button").click()
    notes = {
        "fr": "Ces totaux ne comptent pas les 2 saisies en attente",
        "en": "These totals do not count the 2 entries waiting",
    }
    note = page.locator("#sheet-card #totals-waiting")
    expect(note).to_contain_text(notes[lang])
    totals = page.locator("#sheet tfoot td.num")
    expect(totals).to_have_text(["0", "0", "0", "0"])  # the server's totals, as said
    page.context.set_offline(False)
    expect(note).to_have_count(0, timeout=30_000)
    expect(totals.nth(1)).not_to_have_text("0")
    assert stored(server, created)["entries"] == 3
