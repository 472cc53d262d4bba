"""A donne void for a Petit sec (D16) names its holder wherever the sheet is: the
page (Debian's chromium, on a phone), the CSV, the PDF's table, the PNG, and the
record that ``atout replay`` reads back, French and English."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from atout.companion import Evening, sheet_lines
from atout.web.companion_image import SheetImage
from atout.web.companion_pdf import sheet_pdf
from tests.browser import CHROMIUM, PHONE, browser, needs_chromium, sqlite_server
from tests.web_harness import ServerProcess, http_json

__all__ = ["browser"]  # the fixture

NAMES = ["Anne", "Bruno", "Chloé", "David"]
ENTRIES: list[dict[str, Any]] = [
    {"type": "dealer", "seat": 0},
    {"type": "result", "contract": "garde", "taker": 2, "points": 50, "bouts": 2},
    {"type": "petit_sec", "seat": 1},
    {"type": "fault", "kind": "misdeal"},
]
SAID = {"fr": "Petit sec : Bruno (D16)", "en": "Petit sec: Bruno (D16)"}

if CHROMIUM.exists():
    from playwright.sync_api import Browser, expect
else:  # pragma: no cover
    Browser = Any  # type: ignore[misc,assignment]


def evening() -> Evening:
    return Evening(4, NAMES, entries=ENTRIES)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_holder_is_on_the_sheet_the_csv_and_the_png(lang: str) -> None:
    e = evening()
    assert e.view(lang)["donnes"][1]["outcome"] == SAID[lang]
    rows = list(csv.DictReader(io.StringIO(e.csv(lang))))
    by = "par" if lang == "fr" else "by"
    assert [row[by] for row in rows] == ["", "Bruno", "Chloé"]  # a misdeal: its dealer
    image = SheetImage(e, lang)
    image.png()
    assert SAID[lang] in [text for text, _ in image.texts]


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler-utils' pdftotext")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_holder_is_in_the_pdf_table(lang: str, tmp_path: Path) -> None:
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(sheet_pdf(evening(), lang))
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    table = text.split("\n\n\n")[0]  # the sheet's table, before the donnes explained
    row = next(line for line in text.splitlines() if line.lstrip().startswith("2 "))
    assert SAID[lang] in row, table


def test_the_record_keeps_the_holder_and_the_replay_says_it() -> None:
    e = evening()
    record = e.game_record()
    assert record["donnes"][1]["void"] == "petit_sec"
    assert record["donnes"][1]["deal"]["petit_sec"] == 1
    again = Evening.from_record(json.dumps(record))
    lines = sheet_lines(again)
    assert lines[1] == "  2  Bruno deals: void, Petit sec: Bruno (D16)"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("petit"))


@needs_chromium
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_page_names_the_holder_on_a_phone(
    server: ServerProcess, browser: Browser, lang: str
) -> None:
    status, created, _ = http_json(
        "POST", f"{server.base}/api/companion", {"players": 4, "names": NAMES}
    )
    assert status == 201
    token = created["scorer"].split("#")[1]
    url = f"{server.base}/api/companion/{created['evening']}/entries"
    for n, entry in enumerate(ENTRIES[:2]):
        answer = http_json(
            "POST", url, {"n": n, "entry": entry}, {"Authorization": f"Bearer {token}"}
        )
        assert answer[0] == 200, answer
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="fr-FR" if lang == "fr" else "en-US"
    )
    page = context.new_page()
    page.goto(created["scorer"])
    page.locator("#petit-button").click()
    page.locator("#petit-form select").select_option("1")
    page.locator("#petit-save").click()
    expect(page.locator("#donne-2 .what")).to_have_text(SAID[lang])
    context.close()
