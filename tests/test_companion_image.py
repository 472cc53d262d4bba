"""The companion's sheet as an image (PNG): each row says the taker's camp (the
partner and the called card, or *seul*) and the bouts; the chart marks each player's
points with his marker and a legend names them."""

from __future__ import annotations

import io
from itertools import pairwise
from pathlib import Path

import pytest
from PIL import Image

from atout.companion import Evening
from atout.table import Rules
from atout.web.companion_image import MARKERS, SheetImage, bouts_text, sheet_png
from atout.web.companion_pdf import COLOURS

DOCS = Path(__file__).resolve().parent.parent / "docs" / "images"
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
    assert "Garde · Bruno + Émile (R♥)" in fr
    assert "Garde · Chloé seul (D♦)" in fr
    assert "47 points · 2 bouts ✓" in fr
    assert "47 points · 1 bout ✗" in fr
    en = drawn("en")
    assert "Garde · Chloé alone (Q♦)" in en
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


LONG = ["Marie-Christine Dupont", "Jean-Baptiste Lefèvre", "Wolfgang Wurmbrand", "Anne", "Bo"]


def long_evening(players: int) -> Evening:
    """Long names, 12 donnes with large totals, a penalty (D11) and a petit sec."""
    e = Evening(players, LONG[:players], rules=Rules(early_pickup_penalty=10))
    e.add({"type": "dealer", "seat": 0})
    e.add({"type": "fault", "kind": "early_pickup", "by": players - 1})
    for i in range(12):
        taker = i % players
        result: dict[str, object] = {"type": "result", "contract": "garde_contre", "taker": taker}
        result |= {"points": 91 - i, "bouts": 3, "petit_au_bout": "attack"}
        if players == 5:
            result |= {"called": "KH", "partner": (taker + 1) % 5}
        e.add(result)
    e.add({"type": "petit_sec", "seat": 1})
    return e


def ink(picture: Image.Image) -> tuple[int, int]:
    """The first and last columns of pixels that are not the background."""
    grey = picture.convert("L")
    background = grey.getpixel((0, 0))
    mask = Image.eval(grey, lambda v: 0 if v == background else 255)
    box = mask.getbbox()
    assert box is not None
    return box[0], box[2]


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_right_margin_is_the_left_one_and_no_column_is_cut(players: int, lang: str) -> None:
    image = SheetImage(long_evening(players), lang)
    picture = Image.open(io.BytesIO(image.png())).convert("RGB")
    left, right = ink(picture)
    assert abs((picture.width - right) - left) <= 3, (left, picture.width - right)
    heads = [t for t, _ in image.texts[3 : 3 + 2 * players]]
    for name in LONG[:players]:  # each name whole, on one line or two
        assert name in heads or any(
            f"{a} {b}" == name or f"{a}{b}" == name for a in heads for b in heads
        )
    boxes = [box for text, box in image.boxes[3:]]
    for box in boxes:
        assert box[0] >= left - 1 and box[2] <= right + 1  # nothing drawn past a margin
    at = [text for text, _ in image.boxes].index("Total")
    label_end = image.boxes[at][1][2]
    totals = [box for _, box in image.boxes[at + 1 : at + 1 + players]]
    edges = [(b[0], b[2]) for b in sorted(totals)]
    assert edges[0][0] > label_end and all(a[1] < b[0] for a, b in pairwise(edges))
    penalties = "Pénalités (D11)" if lang == "fr" else "Penalties (D11)"
    assert penalties in [t for t, _ in image.texts] and "−10" in [t for t, _ in image.texts]
    if players == 5 and lang == "fr":
        picture.save(DOCS / "companion-sheet-image.png")


def test_a_long_five_player_camp_wraps_at_spaces_and_negatives_take_a_minus_sign() -> None:
    image = SheetImage(long_evening(5), "fr")
    picture = Image.open(io.BytesIO(image.png()))
    texts = [t for t, _ in image.texts]
    at = texts.index("Garde contre · Marie-Christine Dupont +")  # the label on two lines
    assert texts[at + 1] == "Jean-Baptiste Lefèvre (R♥)"
    assert texts[at + 2] == "91 points · 3 bouts ✓"
    assert picture.width < 1200  # the Donne column no longer as wide as its longest camp
    firsts = [b for t, b in image.boxes if t.startswith("Garde contre")]
    assert all(box[2] - box[0] <= 380 for box in firsts)
    assert "−540" in texts and not any(t.startswith("-") for t in texts)  # one minus sign
