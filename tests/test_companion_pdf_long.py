"""The 5-player PDF with long names: every donne's figures (contract, points, bouts,
✓/✗) always shown, the camp on the lines under them, and each name whole in the head
and the chart's legend, on more lines when long (as the image does)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from atout.companion import Evening

LONG = [
    "Marie-Christine Dupont-Lefebvre",  # four lines in a 5-player head
    "Jean-Baptiste Larochelle",
    "Anne-Sophie Vandenberghe",
    "Pierre-Emmanuel Rousseau",
    "Émile",
]


def evening() -> Evening:
    e = Evening(5, LONG)
    e.add({"type": "dealer", "seat": 0})
    e.add({"type": "result", "contract": "garde_sans", "points": 50.5, "bouts": 2,
           "taker": 1, "called": "DK", "partner": 2}, "fr")  # fmt: skip
    e.add({"type": "result", "contract": "prise", "points": 40, "bouts": 1,
           "taker": 3, "called": "RC", "partner": 3}, "fr")  # fmt: skip
    return e


def joined(lines: list[str]) -> str:
    text = ""
    for line in lines:
        text += line if not text or text.endswith("-") else " " + line
    return text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_figures_are_never_cut_and_the_names_are_whole(lang: str) -> None:
    from atout.web.companion_pdf import _Sheet

    e = evening()
    sheet = _Sheet(e, lang)
    sheet.table()
    label, per = sheet.columns()
    first, second = e.finished()
    lines = sheet.label_lines(first, label - 2)
    assert lines[0] == "G. sans " + ("50,5" if lang == "fr" else "50.5") + " (2b) ✓"
    queen = "D♦" if lang == "fr" else "Q♦"
    assert joined(lines[1:]) == f"Jean-Baptiste Larochelle + Anne-Sophie Vandenberghe ({queen})"
    alone, king = ("seul", "R♥") if lang == "fr" else ("alone", "K♥")
    lines = sheet.label_lines(second, label - 2)
    assert lines[0] == "Prise 40 (1b) ✗"
    assert joined(lines[1:]) == f"Pierre-Emmanuel Rousseau {alone} ({king})"
    for donne in e.finished():
        assert all(
            sheet.pdf.get_string_width(x) <= label - 2 for x in sheet.label_lines(donne, label - 2)
        )
    sheet.pdf.set_font(sheet.family, "B", 8.5)
    for name in LONG:
        wrapped = sheet.wrap(name, per - 1.5, 5)  # as the head wraps it
        assert joined(wrapped) == name, wrapped
        assert all(sheet.pdf.get_string_width(x) <= per - 1.5 for x in wrapped)


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler-utils' pdftotext")
def test_the_pdf_text_holds_the_figures_and_the_names(tmp_path: Path) -> None:
    from atout.web.companion_pdf import sheet_pdf

    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(sheet_pdf(evening(), "fr"))
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "G. sans 50,5 (2b) ✓" in text and "Prise 40 (1b) ✗" in text
    assert "…" not in text  # no name cut, in the head nor the legend
    assert text.count("Vandenberghe") >= 3  # head, camp, legend
    flat = " ".join(text.split())  # each donne's heading whole, on more lines when long
    assert "preneur Jean-Baptiste Larochelle + Anne-Sophie Vandenberghe (D♦)" in flat


FORTY = [
    "Bartholomew Featherstone-Cholmondeley",
    "Émile Vandenberghe-Lagarde-Oosterhuis",
    "Anne-Sophie de La Tour d'Auvergne",
    "Jean-Baptiste Larochelle-Dumoulin",
    "Jean-Baptiste Rochefoucauld-Montmorency",
]


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler-utils' pdftotext")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_names_of_forty_letters_are_never_cut(tmp_path: Path, lang: str) -> None:
    from atout.web.companion_pdf import sheet_pdf

    e = Evening(5, FORTY)
    e.add({"type": "dealer", "seat": 0})
    e.add({"type": "fault", "kind": "card_exposed", "by": 2, "card": "KS"})
    e.add({"type": "result", "contract": "garde_sans", "points": 50.5, "bouts": 2,
           "taker": 0, "called": "KH", "partner": 1})  # fmt: skip
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(sheet_pdf(e, lang))
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "…" not in text and "..." not in text  # nothing shortened, anywhere
    assert "Anne-Sophie de La Tour d'Auvergne" in " ".join(text.split())  # the details

    from atout.web.companion_pdf import _Sheet

    sheet = _Sheet(e, lang)
    label, per = sheet.columns()
    sheet.pdf.set_font(sheet.family, "B", 8.5)
    for name in FORTY:  # the head: each name whole, a word too wide cut between letters
        lines = sheet.wrap(name, per - 1.5, 5)
        assert "".join(lines).replace(" ", "") == name.replace(" ", ""), lines
        assert all(sheet.pdf.get_string_width(x.rstrip("-")) <= per - 1.5 for x in lines)
        assert not any(x.startswith("-") for x in lines)  # a hyphen hangs, never leads
    sheet.pdf.set_font(sheet.family, "", 8.5)
    camp = "".join(sheet.label_lines(e.finished()[1], label - 2)[1:]).replace(" ", "")
    assert FORTY[0].replace(" ", "") in camp and FORTY[1].replace(" ", "") in camp
