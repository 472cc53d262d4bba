"""The table companion in a real browser (Debian's chromium, a 390×844 phone), against
the real server (``atout serve`` in a child process): a whole evening of six donnes
played with real cards — the draw for the first dealer, two faults (a court card
turned face up: redeal; a plain card: the deal goes on), an impossible entry refused,
the edit of an earlier donne, a viewer following on another phone, a reload, and both
exports (CSV and PDF, the PDF turned into a PNG and checked). Screenshots go to
``docs/images/companion-*.png``."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from atout.companion import Evening
from tests.browser import CHROMIUM, browser, needs_chromium, phone, sqlite_server
from tests.web_harness import ServerProcess

__all__ = ["browser"]  # the fixture

DOCS = Path(__file__).resolve().parent.parent / "docs" / "images"
NAMES = ["Anne", "Bruno", "Chloé", "David"]
ERROR_400 = "Failed to load resource: the server responded with a status of 400 (Bad Request)"

pytestmark = needs_chromium

if CHROMIUM.exists():
    from playwright.sync_api import Browser, Page, expect
else:  # pragma: no cover
    Browser = Page = Any  # type: ignore[misc,assignment]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("companion"))


def shot(page: Page, name: str, selector: str | None = None) -> None:
    if selector:
        page.locator(selector).first.scroll_into_view_if_needed()
    page.screenshot(path=str(DOCS / f"companion-{name}.png"))


def enter_result(page: Page, **fields: Any) -> None:
    """Fill the result form (open) and save it."""
    form = page.locator("#result-form")
    form.locator("#contract").select_option(fields["contract"])
    form.locator("#taker").select_option(str(fields["taker"]))
    form.locator("#points").fill(str(fields["points"]).replace(".", ","))
    form.locator("#bouts").select_option(str(fields["bouts"]))
    for seat, level in fields.get("poignees", []):
        form.locator(f"#poignee{seat}").select_option(level)
    form.locator("#chelem").select_option(str(fields.get("chelem", "")))
    form.locator("#pab").select_option(fields.get("petit_au_bout", ""))
    form.locator("#result-save").click()


def test_a_whole_evening_on_a_phone(
    server: ServerProcess, browser: Browser, tmp_path: Path
) -> None:
    errors: list[str] = []
    page = phone(browser, errors)
    page.goto(f"{server.base}/companion")
    expect(page.locator("h2")).to_have_text("Nouvelle soirée")
    for seat, name in enumerate(NAMES):
        page.locator(f"input[name=name{seat}]").fill(name)
    page.locator("#profile").select_option("maison")
    expect(page.locator("#differences li")).to_have_count(3)  # every difference is listed
    shot(page, "new")
    page.locator("#profile").select_option("fft")
    expect(page.locator("#differences li")).to_have_text(["Les règles de la FFT, sans différence."])
    page.locator("#create").click()
    page.wait_for_url("**/companion/*#*")
    scorer_link = page.url
    expect(page.locator("#role")).to_have_text("marqueur")

    # D1–D3: the draw, an Excuse drawn again
    expected = Evening(4, NAMES)
    entries: list[dict[str, Any]] = []

    def note(entry: dict[str, Any]) -> None:
        entries.append(entry)
        expected.add(entry)

    for seat, card, shown in [
        (0, "7S", "7♠"),
        (1, "Excuse", "Ex"),
        (2, "21", "21"),
        (3, "R♣", "R♣"),
    ]:
        page.locator("#seat").select_option(str(seat))
        page.locator("#card").fill(card)
        page.locator("#draw-button").click()
        expect(page.locator("#draw .draws")).to_contain_text(shown)
        note({"type": "draw", "seat": seat, "card": card})
    expect(page.locator("#seat option")).to_have_count(1)  # only Bruno draws again (D3)
    shot(page, "draw")
    page.locator("#card").fill("9H")
    page.locator("#draw-button").click()
    note({"type": "draw", "seat": 1, "card": "9H"})
    current = page.locator("#current")
    expect(current.locator("h2")).to_have_text("Donne 1")
    expect(current).to_contain_text("Anne a tiré la plus basse carte, 7♠, et donne")
    expect(current).to_contain_text("Chloé mélange")
    expect(current).to_contain_text("David coupe")

    # the cut (D5): 3 cards refused, 30 kept
    page.locator("#k").fill("3")
    page.locator("#cut-button").click()
    expect(page.locator("#message")).to_contain_text("D5")
    page.locator("#k").fill("30")
    page.locator("#cut-button").click()
    expect(current).to_contain_text("Coupe : 30")
    note({"type": "cut", "k": 30})

    # fault 1 (D14): Chloé turns up the Roi de Cœur: redeal by Anne, Chloé may not bid
    page.locator("#fault-button").click()
    page.locator("#kind").select_option("card_exposed")
    page.locator("#by").select_option("2")
    page.locator("#fcard").fill("R♥")
    page.locator("#fault-save").click()
    expect(current.locator("h2")).to_have_text("Donne 2")
    expect(page.locator("#donne-1")).to_contain_text("carte retournée par Chloé (D14)")
    expect(current).to_contain_text("ne peut pas enchérir : Chloé")
    note({"type": "fault", "kind": "card_exposed", "by": 2, "card": "R♥"})
    page.locator("#donne-1").click()
    expect(page.locator("tr.detail")).to_contain_text("Chloé a retourné R♥")
    expect(page.locator("tr.detail")).to_contain_text("la donne est nulle : Anne redonne")
    shot(page, "fault", "#sheet-card")
    page.locator("#donne-1").click()

    # donne 2: Chloé may not take (D14), so the form does not offer her
    page.locator("#result-button").click()
    takers = page.locator("#result-form #taker option")
    expect(takers).to_have_text(["— choisir —", "Anne", "Bruno", "David"])
    donne2 = {
        "contract": "garde",
        "taker": 1,
        "points": 47,
        "bouts": 2,
        "poignees": [[1, "simple"]],
    }
    enter_result(page, **donne2)
    note({"type": "result", **donne2})
    expect(current.locator("h2")).to_have_text("Donne 3")
    expect(page.locator("#last")).to_contain_text("poignée simple de Bruno")

    # the viewer follows on another phone
    viewer_errors: list[str] = []
    expect(page.locator("#scorer-link")).to_have_value(scorer_link)
    expect(page.locator("#scorer-link-copy")).to_have_text("Copier")
    expect(page.locator("#viewer-link")).to_have_value(lambda_free(server.base))
    page.wait_for_function("document.getElementById('qr').naturalWidth > 100")
    viewer_link = page.locator("#viewer-link").input_value()
    assert viewer_link != scorer_link and "#" in viewer_link
    shot(page, "links", "#links")
    viewer = phone(browser, viewer_errors)
    viewer.goto(viewer_link)
    expect(viewer.locator("#role")).to_have_text("spectateur")
    expect(viewer.locator("#donne-2")).to_contain_text("Garde · Bruno")
    expect(viewer.locator("#result-button")).to_have_count(0)
    expect(viewer.locator("#undo")).to_have_count(0)

    # donne 3: fault 2, a plain card turned up (D14): the deal goes on
    page.locator("#fault-button").click()
    page.locator("#kind").select_option("card_exposed")
    page.locator("#by").select_option("3")
    page.locator("#fcard").fill("5♣")
    page.locator("#fault-save").click()
    expect(current).to_contain_text("une carte sous le Valet : la donne continue")
    expect(current.locator("h2")).to_have_text("Donne 3")
    note({"type": "fault", "kind": "card_exposed", "by": 3, "card": "5♣"})
    page.locator("#result-button").click()
    donne3 = {
        "contract": "prise",
        "taker": 2,
        "points": 40.5,
        "bouts": 2,
        "petit_au_bout": "defence",
    }
    enter_result(page, **donne3)
    note({"type": "result", **donne3})
    expect(page.locator("#last")).to_contain_text("S5")
    expect(page.locator("#last")).to_contain_text("petit au bout pour la défense")
    shot(page, "result", "#last")
    expect(viewer.locator("#donne-3")).to_contain_text("Prise · Chloé")  # live, by polling

    # donne 4: a chelem announced by the defence is refused (A4), then the right entry
    page.locator("#result-button").click()
    enter_result(page, contract="garde", taker=3, points=50, bouts=1, chelem=0)
    expect(page.locator("#message")).to_contain_text("seul le camp du preneur annonce un chelem")
    shot(page, "refused", "#message")
    donne4 = {"contract": "garde", "taker": 3, "points": 50, "bouts": 1}
    enter_result(page, **donne4)
    note({"type": "result", **donne4})
    expect(current.locator("h2")).to_have_text("Donne 5")

    # a reload shows the sheet as stored
    page.reload()
    expect(page.locator("#donne-4")).to_contain_text("Garde · David")
    expect(current.locator("h2")).to_have_text("Donne 5")

    for entry in (
        {"contract": "garde_sans", "taker": 0, "points": 60, "bouts": 2},
        {"contract": "prise", "taker": 1, "points": 36, "bouts": 3, "petit_au_bout": "attack"},
        {"contract": "garde_contre", "taker": 3, "points": 56, "bouts": 1},
    ):
        page.locator("#result-button").click()
        enter_result(page, **entry)
        note({"type": "result", **entry})
        expect(page.locator("#sheet tbody tr.donne")).to_have_count(len(expected.finished()))
    played = [d for d in expected.donnes if d.result is not None]
    assert len(played) == 6 and len(expected.finished()) == 7

    # edit donne 2: 52 points instead of 47; the totals after it are recomputed
    before = [int(x) for x in page.locator("#sheet tfoot td.num").all_inner_texts()]
    assert before == expected.standings()
    page.locator("#donne-2").click()
    page.locator("#edit-2").click()
    expect(page.locator("#result-form h3")).to_have_text("Correction de la donne 2")
    page.locator("#result-form #points").fill("52")
    page.locator("#result-save").click()
    expected.add({"type": "edit", "donne": 2, "result": {**donne2, "points": 52}})
    expect(page.locator("#donne-2")).to_contain_text("corrigée")
    after = [str(x) for x in expected.standings()]
    expect(page.locator("#sheet tfoot td.num")).to_have_text(after)
    assert after != [str(x) for x in before]
    expect(viewer.locator("#sheet tfoot td.num")).to_have_text(after)
    expect(page.locator("#ahead")).to_contain_text("En tête")
    shot(page, "sheet", "#sheet-card")
    shot(page, "chart", "#chart-card")
    viewer.locator("#donne-2").click()
    shot(viewer, "viewer", "#sheet-card")

    # exports: CSV and PDF
    with page.expect_download() as caught:
        page.locator("#export-csv").click()
    rows = list(csv.reader(io.StringIO(Path(caught.value.path()).read_text(encoding="utf-8-sig"))))
    assert rows[0][:3] == ["donne", "donneur", "issue"] and len(rows) == 1 + 7
    assert [int(x) for x in rows[-1][14:18]] == expected.totals()
    with page.expect_download() as caught:
        page.locator("#export-pdf").click()
    pdf = tmp_path / "sheet.pdf"
    shutil.copy(caught.value.path(), pdf)
    assert pdf.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftoppm"):
        subprocess.run(
            [
                "pdftoppm",
                "-png",
                "-r",
                "80",
                "-f",
                "1",
                "-l",
                "1",
                str(pdf),
                str(tmp_path / "page"),
            ],
            check=True,
            timeout=60,
        )
        png = next(tmp_path.glob("page*.png"))
        assert png.stat().st_size > 10_000
        shutil.copy(png, DOCS / "companion-pdf.png")
    if shutil.which("pdftotext"):
        text = subprocess.run(
            ["pdftotext", "-layout", str(pdf), "-"],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout
        assert "Feuille de marque" in text and "En tête" in text
        assert "D14" in text and "Chloé a retourné R♥" in text
    # the two refused entries (D5, A4) are HTTP 400s whose reasons the page showed
    assert errors == [ERROR_400] * 2 and viewer_errors == []


def lambda_free(base: str) -> Any:
    """A pattern for the viewer link of this server."""
    import re

    return re.compile(re.escape(base) + r"/companion/[\w-]+#[\w-]{43}$")


def test_an_entry_made_offline_is_stored_when_back_online(
    server: ServerProcess, browser: Browser
) -> None:
    from tests.web_harness import http_json

    status, created, _ = http_json("POST", f"{server.base}/api/companion", {"players": 3})
    assert status == 201
    errors: list[str] = []
    page = phone(browser, errors)
    page.goto(created["scorer"])
    expect(page.locator("#status")).to_have_text("à jour")
    page.context.set_offline(True)
    page.locator("#dealer").select_option("2")
    page.locator("#draw form").nth(1).locator("button").click()
    expect(page.locator("#status")).to_have_text("hors ligne — 1 saisie en attente")
    token = created["scorer"].split("#")[1]
    url = f"{server.base}/api/companion/{created['evening']}"
    _, seen, _ = http_json("GET", url, headers={"Authorization": f"Bearer {token}"})
    assert seen["entries"] == 0  # not stored yet
    page.context.set_offline(False)
    expect(page.locator("#current h2")).to_have_text("Donne 1")
    _, seen, _ = http_json("GET", url, headers={"Authorization": f"Bearer {token}"})
    assert seen["entries"] == 1 and seen["first_dealer"] == 2
    page.reload()
    expect(page.locator("#current")).to_contain_text("J3")
    assert [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e] == []
