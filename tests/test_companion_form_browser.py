"""The companion's result form on a phone (Debian's chromium, 390×844): no default
contract, taker, bouts or (with 5 players) partner, a barred player not offered as
taker, points typed as plain decimals only, an Undo that asks first and a Redo."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import CHROMIUM, PHONE, browser, needs_chromium, sqlite_server
from tests.web_harness import ServerProcess, http_json

__all__ = ["browser"]  # the fixture

DOCS = Path(__file__).resolve().parent.parent / "docs" / "images"
NAMES = ["Anne", "Bruno", "Chloé", "David", "Émile"]
pytestmark = needs_chromium

if CHROMIUM.exists():
    from playwright.sync_api import Browser, Page, expect
else:  # pragma: no cover
    Browser = Page = Any  # type: ignore[misc,assignment]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("form"))


def open_evening(server: ServerProcess, browser: Browser, players: int) -> tuple[Page, Any]:
    body = {"players": players, "names": NAMES[:players]}
    status, created, _ = http_json("POST", f"{server.base}/api/companion", body)
    assert status == 201
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="fr-FR")
    page = context.new_page()
    page.goto(created["scorer"])
    page.locator("#dealer").select_option("0")
    page.locator("#draw form").nth(1).locator("button").click()
    expect(page.locator("#current h2")).to_have_text("Donne 1")
    return page, created


def stored(server: ServerProcess, created: Any) -> Any:
    token = created["scorer"].split("#")[1]
    url = f"{server.base}/api/companion/{created['evening']}"
    return http_json("GET", url, headers={"Authorization": f"Bearer {token}"})[1]


def test_the_result_form_has_no_default_and_asks_for_the_partner(
    server: ServerProcess, browser: Browser
) -> None:
    page, created = open_evening(server, browser, 5)
    page.locator("#result-button").click()
    form = page.locator("#result-form")
    for field in ("#contract", "#taker", "#partner", "#bouts"):
        expect(form.locator(field)).to_have_value("")
    form.locator("#points").fill("47")
    form.locator("#called").fill("RC")
    form.locator("#result-save").click()  # the browser keeps the form: nothing chosen
    assert stored(server, created)["entries"] == 1
    form.locator("#contract").select_option("garde")
    form.locator("#taker").select_option("1")
    form.locator("#bouts").select_option("2")
    form.locator("#result-save").click()  # still no partner: "seul" only by choice
    assert stored(server, created)["entries"] == 1
    expect(form.locator("#partner option").nth(1)).to_have_text("seul")
    form.locator("#partner").select_option("alone")
    form.locator("#points").fill("1e1")
    form.locator("#result-save").click()
    expect(page.locator("#message")).to_contain_text(
        "points : un nombre écrit simplement, comme 41 ou 40,5, et non '1e1'"
    )
    form.locator("#points").fill("47")
    form.locator("#result-save").click()
    expect(page.locator("#current h2")).to_have_text("Donne 2")
    seen = stored(server, created)
    assert seen["donnes"][0]["entry"]["points"] == 47
    assert "partner" not in seen["donnes"][0]["entry"]  # alone, as chosen


def test_a_barred_player_is_not_offered_and_undo_asks_then_redo(
    server: ServerProcess, browser: Browser
) -> None:
    page, created = open_evening(server, browser, 4)
    page.locator("#fault-button").click()
    page.locator("#kind").select_option("card_exposed")
    page.locator("#by").select_option("2")
    page.locator("#fcard").fill("RP")
    page.locator("#fault-save").click()
    expect(page.locator("#current h2")).to_have_text("Donne 2")
    page.locator("#result-button").click()
    takers = page.locator("#result-form #taker option")
    expect(takers).to_have_text(["— choisir —", "Anne", "Bruno", "David"])  # Chloé barred (D14)
    expect(page.locator("#result-form button[type=button]")).to_have_text("Fermer sans enregistrer")
    page.locator("#undo").click()
    expect(page.locator("#undo-ask")).to_contain_text("Annuler : faute à la donne 1 (D14 — Chloé")
    page.locator("#undo-no").click()
    assert stored(server, created)["entries"] == 2
    page.locator("#undo").click()
    page.locator("#undo-yes").click()
    expect(page.locator("#current h2")).to_have_text("Donne 1")
    expect(page.locator("#redo")).to_have_text("↷ Rétablir la saisie annulée")
    page.locator("#redo").click()
    expect(page.locator("#current h2")).to_have_text("Donne 2")
    expect(page.locator("#redo")).to_have_count(0)


def test_the_chart_keeps_tied_players_apart_and_counts_the_penalties(
    server: ServerProcess, browser: Browser
) -> None:
    """Four players level at 0 are four lines and four markers apart; David's D11
    penalty of 10 points is in his line as it is in the standings."""
    body = {"players": 4, "names": NAMES[:4], "rules": {"early_pickup_penalty": 10}}
    status, created, _ = http_json("POST", f"{server.base}/api/companion", body)
    assert status == 201
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="fr-FR")
    page = context.new_page()
    page.goto(created["scorer"])
    token = created["scorer"].split("#")[1]
    url = f"{server.base}/api/companion/{created['evening']}/entries"
    for n, entry in enumerate(
        [
            {"type": "dealer", "seat": 0},
            {"type": "fault", "kind": "early_pickup", "by": 3},
            {"type": "all_pass"},
        ]
    ):
        answer = http_json(
            "POST", url, {"n": n, "entry": entry}, {"Authorization": f"Bearer {token}"}
        )
        assert answer[0] == 200, answer
    page.reload()
    expect(page.locator("#chart polyline")).to_have_count(4)
    lines = page.evaluate(
        """() => [...document.querySelectorAll('#chart polyline')].map((l) =>
            l.getAttribute('points').split(' ').map((p) => p.split(',').map(Number)))"""
    )
    starts = [line[0][1] for line in lines]
    assert len(set(starts)) == 4  # level at 0, drawn apart
    ends = [line[-1][1] for line in lines]
    assert ends[3] > max(ends[:3]) + 10  # David −10: lower on the chart
    expect(page.locator("#chart .marker")).to_have_count(4 * len(lines[0]))
    expect(page.locator("#chart-card .legend")).to_contain_text("◆ David")
    page.locator("#chart-card").screenshot(path=str(DOCS / "companion-chart-ties.png"))
