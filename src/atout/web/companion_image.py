"""The companion's score sheet as an image (PNG), to share in a chat: the donnes with
their marks and running totals, the totals, who is ahead, and the chart of the totals,
drawn with Pillow (which the PDF export's fpdf2 already needs) and the DejaVu fonts
the PDF uses (:mod:`atout.web.companion_pdf`). Each donne's row says the contract,
the taker's camp (with 5 players the partner and the called card, or *seul*), the
points and the bouts; the chart marks each player's points with his marker (● ■ ▲ ◆ ✚,
as the page does) and a legend names them."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from atout.companion import Evening
from atout.companion.text import camp_text
from atout.i18n import N_, said
from atout.score_text import number
from atout.scoring import running_totals
from atout.web.companion_pdf import COLOURS, FONT, FONT_BOLD

__all__ = ["MARKERS", "SheetImage", "sheet_png"]

WIDTH = 900
ROW = 46
CHART = 260
LEGEND = 40
MARKERS = ("●", "■", "▲", "◆", "✚")
"""Each seat's marker on the chart, as on the page."""
INK, GREY, LINE = (27, 27, 27), (90, 90, 90), (217, 221, 214)
CONTRACTS = {
    "prise": N_("Prise"),
    "garde": N_("Garde"),
    "garde_sans": N_("Garde sans"),
    "garde_contre": N_("Garde contre"),
}


def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.truetype(FONT_BOLD if bold else FONT, size)
    except OSError:  # pragma: no cover - a system without DejaVu
        return ImageFont.load_default()


def bouts_text(bouts: int, lang: str) -> str:
    """``1 bout``, ``2 bouts`` (``0 bout`` in French, ``0 bouts`` in English)."""
    one = bouts == 1 or (lang == "fr" and bouts == 0)
    return said(lang, N_("{n} bout") if one else N_("{n} bouts"), n=bouts)


def row_label(evening: Evening, index: int, lang: str) -> tuple[str, str]:
    """A finished donne's two lines: the contract and the taker's camp (the partner
    and the called card with 5 players, or *seul*), then its points and bouts."""
    sheet = evening.finished()[index]
    if sheet.result is None or sheet.entry is None:
        return sheet.outcome_text(lang), ""
    e, r = sheet.entry, sheet.result
    first = f"{said(lang, CONTRACTS[e['contract']])} {camp_text(evening.names, e, lang)}"
    second = f"{number(r.points, lang)} points · {bouts_text(r.bouts, lang)}"
    return first, f"{second} {'✓' if r.made else '✗'}"


class SheetImage:
    """The sheet drawn on a Pillow image; :attr:`texts` keeps every text drawn, with
    its colour, in order (what the picture says, for a reader to check)."""

    def __init__(self, evening: Evening, lang: str) -> None:
        self.evening, self.lang = evening, lang
        self.finished = evening.finished()
        # the head, the rows, the totals, then the chart and its legend
        height = 104 + ROW * len(self.finished) + (CHART + 70 + LEGEND if self.finished else 40)
        self.image = Image.new("RGB", (WIDTH, height), (251, 250, 246))
        self.draw = ImageDraw.Draw(self.image)
        self.texts: list[tuple[str, tuple[int, int, int]]] = []
        self.first, self.label = 50, 380
        self.per = (WIDTH - 24 - self.first - self.label) // evening.players

    def text(self, at: tuple[float, float], text: str, font: Any, fill: Any, **more: Any) -> None:
        self.texts.append((text, fill))
        self.draw.text(at, text, font=font, fill=fill, **more)

    def column(self, seat: int) -> int:
        return 24 + self.first + self.label + seat * self.per + self.per - 8

    def png(self) -> bytes:
        y = self.rows(self.head())
        if self.finished:
            self.chart(y + 50)
        out = io.BytesIO()
        self.image.save(out, "PNG", optimize=True)
        return out.getvalue()

    def head(self) -> int:
        title = said(self.lang, N_("Score sheet"))
        self.text((24, 18), f"atout · {title}", _font(28, True), (15, 81, 50))
        bold = _font(17, True)
        self.text((24, 70), "#", bold, GREY)
        self.text((24 + self.first, 70), said(self.lang, N_("Donne")), bold, GREY)
        for seat, name in enumerate(self.evening.names):
            colour = COLOURS[seat]
            self.text((self.column(seat), 70), name[:12], bold, colour, anchor="ra")
        return 70 + 34

    def rows(self, y: int) -> int:
        evening, plain, small = self.evening, _font(16), _font(14)
        sums = running_totals(map(evening.marks_of, self.finished), evening.players)
        for i, running in enumerate(sums):
            self.draw.line((24, y - 5, WIDTH - 24, y - 5), fill=LINE)
            self.text((24, y), str(self.finished[i].number), plain, INK)
            first, second = row_label(evening, i, self.lang)
            self.text((24 + self.first, y), first[:40], plain, INK)
            if second:
                self.text((24 + self.first, y + 20), second, small, GREY)
            for seat in range(evening.players):
                self.text((self.column(seat), y), str(running[seat]), plain, INK, anchor="ra")
            y += ROW
        self.draw.line((24, y - 4, WIDTH - 24, y - 4), fill=INK, width=2)
        bold = _font(17, True)
        self.text((24 + self.first, y), said(self.lang, N_("Total")), bold, INK)
        for seat, total in enumerate(evening.standings()):
            self.text((self.column(seat), y), str(total), bold, COLOURS[seat], anchor="ra")
        return y

    def chart(self, top: int) -> None:
        """Every player's standing after each donne (the D11 penalties counted at the
        end), his marker at each point, tied lines drawn side by side; a legend below."""
        evening = self.evening
        sums = running_totals(map(evening.marks_of, self.finished), evening.players)
        history = [[0] * evening.players, *map(list, sums)]
        penalties = evening.penalties()
        history[-1] = [t - p for t, p in zip(history[-1], penalties, strict=True)]
        left, right, bottom = 70, WIDTH - 24, top + CHART
        values = [v for row in history for v in row]
        low, high = min(0, *values), max(0, *values)
        span = (high - low) or 1

        def y(v: float) -> float:
            return bottom - 8 - (v - low) / span * (CHART - 16)

        def x(i: int) -> float:
            return left + 12 + i * (right - left - 24) / max(1, len(history) - 1)

        self.draw.rectangle((left, top, right, bottom), outline=(160, 160, 160))
        self.draw.line((left, y(0), right, y(0)), fill=(150, 150, 150))
        small = _font(14)
        for tick in sorted({high, low}):
            self.text((left - 8, y(tick)), str(tick), small, GREY, anchor="rm")
        marker = _font(16)
        for seat in range(evening.players):
            offset = (seat - (evening.players - 1) / 2) * 2.5  # tied players stay visible
            points = [(x(i), y(row[seat]) + offset) for i, row in enumerate(history)]
            self.draw.line(points, fill=COLOURS[seat], width=4, joint="curve")
            for at in points:
                self.text(at, MARKERS[seat], marker, COLOURS[seat], anchor="mm")
        self.legend(bottom + 14)

    def legend(self, y: int) -> None:
        font, x = _font(16, True), 70
        for seat, name in enumerate(self.evening.names):
            key = f"{MARKERS[seat]} {name}"
            self.text((x, y), key, font, COLOURS[seat])
            x += int(self.draw.textlength(key, font=font)) + 28


def sheet_png(evening: Evening, lang: str = "en") -> bytes:
    """The sheet as a PNG image, ``WIDTH`` pixels wide."""
    return SheetImage(evening, lang).png()
