"""A corrected donne and a chelem marked on every sheet: the page says the chelem in
words, the PDF and the image mark the row (* corrected, ★ chelem) and say what the
marks mean under the totals (A4)."""

from __future__ import annotations

from typing import Any

import pytest

from atout.companion import Evening
from atout.companion.text import chelem_mark
from atout.web.companion_image import SheetImage
from atout.web.companion_pdf import _Sheet, legends

NAMES = ["Anne", "Bruno", "Chloé", "David"]
CHELEM: dict[str, Any] = {"type": "result", "contract": "garde", "taker": 0, "points": 91,
                          "bouts": 3, "chelem": 0, "every_trick": "attack"}  # fmt: skip
PLAIN: dict[str, Any] = {"type": "result", "contract": "prise", "taker": 1, "points": 50,
                         "bouts": 1}  # fmt: skip


def evening() -> Evening:
    e = Evening(4, NAMES)
    e.add({"type": "dealer", "seat": 0})
    e.add(CHELEM)
    e.add(PLAIN)
    e.add({"type": "edit", "donne": 2, "result": {k: v for k, v in PLAIN.items() if k != "type"}
           | {"points": 52}})  # fmt: skip
    return e


@pytest.mark.parametrize(
    ("entry", "en", "fr"),
    [
        (
            {"chelem": 0, "every_trick": "attack"},
            "announced chelem, made",
            "chelem annoncé, réussi",
        ),
        ({"chelem": 0}, "announced chelem, failed", "chelem annoncé, chuté"),
        ({"every_trick": "attack"}, "chelem, not announced", "chelem non annoncé"),
        ({"every_trick": "defence"}, "defence chelem", "chelem de la défense"),
        ({}, None, None),
    ],
)
def test_the_chelem_mark(entry: dict[str, Any], en: str | None, fr: str | None) -> None:
    assert chelem_mark(entry, "en") == en and chelem_mark(entry, "fr") == fr


def test_the_page_view_says_the_chelem() -> None:
    donnes = evening().view("fr")["donnes"]
    assert donnes[0]["chelem"] == "chelem annoncé, réussi"
    assert donnes[1]["chelem"] is None and donnes[1]["edited"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_pdf_marks_the_rows_and_says_what_the_marks_mean(lang: str) -> None:
    e = evening()
    sheet = _Sheet(e, lang)
    first, second = e.finished()
    assert sheet.label(first).endswith("✓ ★")
    assert sheet.label(second).endswith(" *")
    if lang == "fr":
        assert legends(e, lang) == [
            "* donne corrigée après sa première saisie",
            "★ donne 1 : chelem annoncé, réussi (A4)",
        ]
    else:
        assert legends(e, lang)[1] == "★ donne 1: announced chelem, made (A4)"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_image_marks_the_edited_donne_and_the_chelem(lang: str) -> None:
    image = SheetImage(evening(), lang)
    image.png()
    texts = [text for text, _ in image.texts]
    chelem = "chelem annoncé, réussi" if lang == "fr" else "announced chelem, made"
    assert any(t.endswith(f"✓ · ★ {chelem}") for t in texts), texts
    assert any(t.startswith("52 points") and t.endswith(" *") for t in texts), texts
    for line in legends(evening(), lang):
        assert line in texts
    for box in image.boxes:  # every text inside the picture
        assert box[1][2] <= image.width, box
