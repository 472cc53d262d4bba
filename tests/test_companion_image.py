"""The companion's sheet as an image (PNG): each row says the taker's camp (the
partner and the called card, or *seul*) and the bouts; the chart marks each player's
points with his marker and a legend names them."""

from __future__ import annotations

import io

from PIL import Image

from atout.companion import Evening
from atout.web.companion_image import MARKERS, SheetImage, bouts_text, sheet_png
from atout.web.companion_pdf import COLOURS

NAMES5 = ["Anne", "Bruno", "Chloé", "David", "Émile"]


def evening() -> Evening:
    e = Evening(5, NAMES5)
    e.add({"type": "dealer", "seat": 0})
    base = {"contract": "garde", "points": 47, "bouts": 2}
    e.add({"type": "result", "taker": 1, "called": "KH", "partner": 4, **base})
    e.add({"type": "result", "taker": 2, "called": "QD", "partner": 2, **base, "bouts": 1})
    return e


def drawn(lang: str) -> list[str]:
    image = SheetImage(evening(), lang)
    image.png()
    return [text for text, _ in image.texts]


def test_each_row_says_the_camp_the_called_card_and_the_bouts() -> None:
    fr = drawn("fr")
    assert "Garde Bruno + Émile (R♥)" in fr
    assert "Garde Chloé seul (D♦)" in fr
    assert "47 points · 2 bouts ✓" in fr
    assert "47 points · 1 bout ✗" in fr
    en = drawn("en")
    assert "Garde Chloé alone (Q♦)" in en
    assert "47 points · 1 bout ✗" in en
    assert bouts_text(0, "fr") == "0 bout" and bouts_text(0, "en") == "0 bouts"


def test_the_chart_has_each_players_marker_and_a_legend() -> None:
    image = SheetImage(evening(), "fr")
    image.png()
    for seat, name in enumerate(NAMES5):
        marks = [t for t in image.texts if t == (MARKERS[seat], COLOURS[seat])]
        assert len(marks) == 3  # the start and the two donnes
        assert (f"{MARKERS[seat]} {name}", COLOURS[seat]) in image.texts
    picture = Image.open(io.BytesIO(sheet_png(evening(), "fr"))).convert("RGB")
    legend = picture.crop((0, picture.height - 60, picture.width, picture.height))
    colours = {colour for _, colour in legend.getcolors(1 << 16) or []}
    assert all(colour in colours for colour in COLOURS)  # the legend in each player's colour
