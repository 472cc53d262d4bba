"""A club tournament on phones (Debian's chromium, 390×844, French), against the real
server: the organiser's form (a count of players refused in one line, then donnes libres),
the organiser's page with the seating and a scorer link and QR code per table, a
table's scorer page (its players, the round's donnes, a result entered), and the
public ranking following it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import CHROMIUM, PHONE, browser, needs_chromium, phone, sqlite_server
from tests.web_harness import ServerProcess, http_json

__all__ = ["browser"]  # the fixture

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Félix", "Gilles", "Hélène", "Inès",
         "Jules", "Karim", "Léa"]  # fmt: skip
ERROR_400 = "Failed to load resource: the server responded with a status of 400 (Bad Request)"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "images"
pytestmark = needs_chromium

if CHROMIUM.exists():
    from playwright.sync_api import Browser, Page, expect
else:  # pragma: no cover
    Browser = Page = Any  # type: ignore[misc,assignment]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("tournament"))


def test_the_organiser_and_a_tables_scorer_on_phones(
    server: ServerProcess, browser: Browser
) -> None:
    errors: list[str] = []
    page = phone(browser, errors)
    page.goto(f"{server.base}/tournament/new")
    expect(page.locator("h2")).to_have_text("Nouveau tournoi")
    page.locator("#name").fill("club")
    page.locator("#names").fill("\n".join(NAMES[:11]))
    page.locator("#rounds").fill("3")
    page.locator("#donnes").fill("13")  # out of range: the page's refusal, not the browser's
    page.locator("#create").click()
    expect(page.locator("#error")).to_have_text("13 donnes par partie : donnez de 1 à 12")
    page.locator("#donnes").fill("2")
    page.locator("#create").click()
    expect(page.locator("#error")).to_have_text(
        "joueurs : 11 joueurs ne peuvent pas s'asseoir à des tables de 4 et de 5 (nombres les "
        "plus proches qui le peuvent : 10 ou 12)"
    )
    page.locator("#names").fill("\n".join(NAMES))
    expect(page.locator("#error")).to_have_text("")  # the refusal goes once the form changes
    page.screenshot(path=str(DOCS / "tournament-new.png"))
    page.locator("#create").click()
    page.wait_for_url("**/tournament/*#*")
    expect(page.locator("#heading")).to_have_text(
        "club : donnes libres, 12 joueurs, 3 parties de 2 donnes"
    )
    expect(page.locator("#role")).to_have_text("organisateur")
    expect(page.locator("#seating .round")).to_have_count(3)
    expect(page.locator("#seating #round-1 li").first).to_contain_text(
        "Table 1 : Alice, Bruno, Chloé, David"
    )
    links = page.locator("#links .table-link")
    expect(links).to_have_count(3)
    expect(page.locator("#links h2")).to_have_text("Partie 1 : les liens des marqueurs")
    qr = page.locator("#table-1 img.qr")
    expect(qr).to_be_visible()
    assert qr.evaluate("(img) => img.complete && img.naturalWidth > 0")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width  # nothing wider than the phone
    page.screenshot(path=str(DOCS / "tournament-organiser.png"), full_page=True)
    with page.expect_download() as movement:  # fetched with the organiser's token
        page.locator("#movement").click()
    assert movement.value.suggested_filename == "club-movement.pdf"
    with page.expect_download() as file:
        page.locator("#file").click()
    assert file.value.suggested_filename == "club.json"
    # a download that fails says why, even when the server gives no reason of its own
    page.route(
        "**/ranking.csv", lambda route: route.fulfill(status=500, body="Internal Server Error")
    )
    page.locator("#csv").click()
    expect(page.locator("#export-error")).to_contain_text("HTTP 500")
    page.unroute("**/ranking.csv")
    scorer_link = page.locator("#table-1 a.scorer-link").get_attribute("href")
    assert scorer_link is not None

    # table 1's scorer: the draw by the API, the first donne by the page
    table = phone(browser, errors)
    table.goto(scorer_link)
    expect(table.locator("#role")).to_have_text("marqueur")
    line = table.locator("#tournament-line")
    expect(line).to_have_text("Tournoi club · partie 1, table 1 · 0 / 2 donnes")
    evening, token = scorer_link.split("/companion/")[1].split("#")
    url = f"{server.base}/api/companion/{evening}/entries"
    answer = http_json("POST", url, {"n": 0, "entry": {"type": "dealer", "seat": 0}},
                       {"Authorization": f"Bearer {token}"})  # fmt: skip
    assert answer[0] == 200, answer
    table.reload()
    table.locator("#result-button").click()
    form = table.locator("#result-form")
    form.locator("#contract").select_option("garde")
    form.locator("#taker").select_option("1")
    form.locator("#points").fill("51")
    form.locator("#bouts").select_option("2")
    form.locator("#result-save").click()
    expect(line).to_have_text("Tournoi club · partie 1, table 1 · 1 / 2 donnes")
    table.evaluate("window.scrollTo(0, 0)")
    table.screenshot(path=str(DOCS / "tournament-scorer.png"))

    # the public ranking follows: Bruno took a Garde made by 10 (S3: (25 + 10) × 2 × 3)
    ranking = phone(browser, errors)
    ranking.goto(page.locator("#ranking-link").get_attribute("href") or "")
    first = ranking.locator("#ranking tbody tr").first
    expect(first).to_contain_text("Bruno")
    expect(first.locator("td").last).to_have_text("+210")
    expect(ranking.locator("#progress")).to_contain_text("1 donne saisie sur 18")
    expect(ranking.locator("#method")).to_have_text("Classement : somme des points des donnes")
    ranking.screenshot(path=str(DOCS / "tournament-ranking.png"))
    expect(page.locator("#table-1")).to_contain_text("1 / 2 donnes saisies")  # it polls
    expect(page.locator("#playing")).to_have_text("Partie 1 : tables 1, 2, 3 en cours")
    # the table's second donne: its round is over, the page says so and offers no new donne
    expect(table.locator("#current")).to_have_count(1)
    n = http_json("GET", f"{server.base}/api/companion/{evening}", None,
                  {"Authorization": f"Bearer {token}"})[1]["entries"]  # fmt: skip
    second = {"type": "result", "contract": "prise", "taker": 2, "points": 45, "bouts": 1}
    answer = http_json("POST", url, {"n": n, "entry": second},
                       {"Authorization": f"Bearer {token}"})  # fmt: skip
    assert answer[0] == 200, answer
    table.reload()
    expect(line).to_have_text("Tournoi club · partie 1, table 1 · 2 / 2 donnes")
    expect(table.locator("#round-done")).to_have_text(
        "Les 2 donnes de la partie sont saisies : la table a fini sa partie."
    )
    expect(table.locator("#current")).to_have_count(0)
    expect(table.locator("#undo")).to_be_visible()  # an undo is still taken
    expect(page.locator("#playing")).to_have_text("Partie 1 : tables 2, 3 en cours")
    # the refusals of the form, and the download made to fail, alone
    assert [e for e in errors if e != ERROR_400 and "status of 500" not in e] == []


def test_a_duplicates_organiser_prints_the_etuis_and_sees_the_commitment(
    server: ServerProcess, browser: Browser
) -> None:
    names = [*NAMES, "Marc", "Nina", "Oscar", "Paule"]
    body = {"name": "duo", "kind": "duplicate", "names": "\n".join(names), "rounds": 4,
            "donnes": 2}  # fmt: skip
    status, created, _ = http_json("POST", f"{server.base}/api/tournament", body)
    assert status == 201, created
    errors: list[str] = []
    page = phone(browser, errors)
    page.goto(created["organiser"])
    expect(page.locator("#heading")).to_have_text(
        "duo : duplicate, 16 joueurs, 4 parties, étuis de 2 donnes"
    )
    expect(page.locator("#commitment")).to_contain_text("Engagement sur les donnes : ")
    expect(page.locator("#table-2 h3")).to_have_text("Table 2, étui 2")
    expect(page.locator("#reveal")).to_have_count(0)  # after the last round only
    with page.expect_download() as sheets:
        page.locator("#etuis").click()
    assert sheets.value.suggested_filename == "duo-etuis.pdf"
    assert Path(sheets.value.path()).read_bytes().startswith(b"%PDF")
    ranking = phone(browser, errors)
    ranking.goto(created["ranking"])
    expect(ranking.locator("#ranking tbody tr")).to_have_count(16)
    expect(ranking.locator("#csv")).to_have_count(1)
    expect(ranking.locator("#file")).to_have_count(0)  # the deals stay secret
    assert errors == []


def test_a_round_of_one_donne_is_counted_in_the_singular(
    server: ServerProcess, browser: Browser
) -> None:
    body = {"name": "solo", "names": "\n".join(NAMES), "rounds": 1, "donnes": 1}
    status, created, _ = http_json("POST", f"{server.base}/api/tournament", body)
    assert status == 201, created
    errors: list[str] = []
    page = phone(browser, errors)
    page.goto(created["organiser"])
    expect(page.locator("#heading")).to_have_text(
        "solo : donnes libres, 12 joueurs, 1 partie de 1 donne"
    )
    expect(page.locator("#table-1")).to_contain_text("0 / 1 donne saisie")
    table = phone(browser, errors)
    table.goto(page.locator("#table-1 a.scorer-link").get_attribute("href") or "")
    expect(table.locator("#tournament-line")).to_have_text(
        "Tournoi solo · partie 1, table 1 · 0 / 1 donne"
    )
    assert errors == []


def test_a_wide_duplicate_ranking_keeps_its_total_in_sight_on_a_phone(
    server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    names = [*NAMES, "Marc", "Nina", "Oscar", "Paule"]
    body = {"name": "duo", "kind": "duplicate", "names": "\n".join(names), "rounds": 4,
            "donnes": 2}  # fmt: skip
    status, created, _ = http_json("POST", f"{server.base}/api/tournament", body)
    assert status == 201, created
    # the widest figures a duplicate prints, as the server would give them
    line = {"place": 1, "number": 7, "player": "Hélène-Marie", "total": "+12713,50",
            "rounds": ["+1251,50", "-1369,25", "+1699,50", "+1393,75"]}  # fmt: skip
    wide = {"name": "duo", "heading": "duo", "method": "", "files": False, "rounds": 4,
            "current": 1, "version": 1, "entered": 1, "total": 32,
            "lines": [line] * 16}  # fmt: skip
    errors: list[str] = []
    page = phone(browser, errors)
    page.route("**/api/tournament/*/ranking?*", lambda route: route.fulfill(json=wide))
    page.goto(created["ranking"])
    expect(page.locator("#ranking tbody tr")).to_have_count(16)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width  # the page is no wider than the phone
    total = page.locator("#ranking thead th").last.bounding_box()
    assert total is not None and total["x"] + total["width"] <= PHONE["width"]  # Total in sight
    page.screenshot(path=str(tmp_path / "wide-ranking.png"))
    assert errors == []
