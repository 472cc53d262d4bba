"""The companion's score sheet as an image (PNG), to share in a chat: the donnes with
their marks and running totals, the totals, who is ahead, and the chart of the totals,
drawn with Pillow (which the PDF export's fpdf2 already needs) and the DejaVu fonts
the PDF uses (:mod:`atout.web.companion_pdf`)."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFont

from atout.companion import Evening
from atout.i18n import N_, said
from atout.score_text import number
from atout.scoring import running_totals
from atout.web.companion_pdf import COLOURS, FONT, FONT_BOLD

__all__ = ["sheet_png"]

WIDTH = 900
ROW = 30
CHART = 260
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


def _label(evening: Evening, number_: int, lang: str) -> str:
    sheet = evening.finished()[number_]
    if sheet.result is None or sheet.entry is None:
        return sheet.outcome_text(lang)
    e, r = sheet.entry, sheet.result
    text = f"{said(lang, CONTRACTS[e['contract']])} {evening.names[e['taker']]}"
    return f"{text} {number(r.points, lang)} {'✓' if r.made else '✗'}"


def sheet_png(evening: Evening, lang: str = "en") -> bytes:
    """The sheet as a PNG image, ``WIDTH`` pixels wide."""
    finished = evening.finished()
    names = evening.names
    height = 110 + ROW * (len(finished) + 2) + (CHART + 60 if finished else 0)
    image = Image.new("RGB", (WIDTH, height), (251, 250, 246))
    draw = ImageDraw.Draw(image)
    title = said(lang, N_("Score sheet"))
    draw.text((24, 18), f"atout · {title}", font=_font(28, True), fill=(15, 81, 50))
    first, label = 50, 330
    per = (WIDTH - 24 - first - label) // evening.players
    y = 70
    bold, plain = _font(17, True), _font(16)
    draw.text((24, y), "#", font=bold, fill=(90, 90, 90))
    draw.text((24 + first, y), said(lang, N_("Donne")), font=bold, fill=(90, 90, 90))
    for seat, name in enumerate(names):
        x = 24 + first + label + seat * per
        draw.text((x + per - 8, y), name[:12], font=bold, fill=COLOURS[seat], anchor="ra")
    y += ROW + 4
    sums = running_totals(map(evening.marks_of, finished), evening.players)
    for i, running in enumerate(sums):
        draw.line((24, y - 5, WIDTH - 24, y - 5), fill=(217, 221, 214))
        draw.text((24, y), str(finished[i].number), font=plain, fill=(27, 27, 27))
        draw.text((24 + first, y), _label(evening, i, lang)[:34], font=plain, fill=(27, 27, 27))
        for seat in range(evening.players):
            x = 24 + first + label + seat * per + per - 8
            draw.text((x, y), str(running[seat]), font=plain, fill=(27, 27, 27), anchor="ra")
        y += ROW
    draw.line((24, y - 4, WIDTH - 24, y - 4), fill=(27, 27, 27), width=2)
    standings = evening.standings()
    draw.text((24 + first, y), said(lang, N_("Total")), font=bold, fill=(27, 27, 27))
    for seat in range(evening.players):
        x = 24 + first + label + seat * per + per - 8
        draw.text((x, y), str(standings[seat]), font=bold, fill=COLOURS[seat], anchor="ra")
    if finished:
        history = [[0] * evening.players, *map(list, sums)]
        penalties = evening.penalties()
        history[-1] = [t - p for t, p in zip(history[-1], penalties, strict=True)]
        _chart(draw, history, y + ROW + 20)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def _chart(draw: ImageDraw.ImageDraw, history: list[list[int]], top: int) -> None:
    """Every player's running total, one line each (tied lines drawn side by side)."""
    left, right, bottom = 70, WIDTH - 24, top + CHART
    values = [v for row in history for v in row]
    low, high = min(0, *values), max(0, *values)
    span = (high - low) or 1

    def y(v: float) -> float:
        return bottom - (v - low) / span * CHART

    def x(i: int) -> float:
        return left + i * (right - left) / max(1, len(history) - 1)

    draw.rectangle((left, top, right, bottom), outline=(160, 160, 160))
    draw.line((left, y(0), right, y(0)), fill=(150, 150, 150))
    small = _font(14)
    draw.text((left - 8, y(high)), str(high), font=small, fill=(90, 90, 90), anchor="rm")
    draw.text((left - 8, y(low)), str(low), font=small, fill=(90, 90, 90), anchor="rm")
    players = len(history[0])
    for seat in range(players):
        offset = (seat - (players - 1) / 2) * 2.5  # tied players stay visible
        points = [(x(i), y(row[seat]) + offset) for i, row in enumerate(history)]
        draw.line(points, fill=COLOURS[seat], width=4, joint="curve")
