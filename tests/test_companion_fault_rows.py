"""A fault row on the sheet, the PDF and the image names who erred, as a Petit sec
row names its holder: ``carte retournée par David (D14)``."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from atout.companion import Evening

NAMES4 = ["Anne", "Bruno", "Chloé", "David"]


def evening() -> Evening:
    e = Evening(4, NAMES4)
    e.add({"type": "dealer", "seat": 1})
    e.add({"type": "fault", "kind": "card_exposed", "by": 3, "card": "QH"})
    e.add({"type": "result", "contract": "garde", "taker": 1, "points": 47, "bouts": 2})
    return e


@pytest.mark.parametrize(
    ("lang", "row"),
    [("fr", "carte retournée par David (D14)"), ("en", "card turned face up by David (D14)")],
)
def test_the_sheet_and_the_image_name_who_erred(lang: str, row: str) -> None:
    from atout.web.companion_image import SheetImage

    assert evening().view(lang)["donnes"][0]["outcome"] == row
    image = SheetImage(evening(), lang)
    image.png()
    assert row in [text for text, _ in image.texts]


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler-utils' pdftotext")
def test_the_pdf_names_who_erred(tmp_path: Path) -> None:
    from atout.web.companion_pdf import sheet_pdf

    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(sheet_pdf(evening(), "fr"))
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "carte retournée par David" in " ".join(text.split())
