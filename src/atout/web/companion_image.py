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
from atout.companion.text import camp_text, chelem_mark
from atout.i18n import N_, said
from atout.score_text import number
from atout.scoring import running_totals
from atout.web.companion_pdf import COLOURS, FONT, FONT_BOLD, legends

__all__ = ["MARKERS", "SheetImage", "sheet_png"]

WIDTH = 900
MARGIN = 24
ROW = 46
LINE_HEIGHT = 20
"""A row's second and further lines, below its first."""
LABEL_ROOM = 380
"""The donne's label wraps at spaces past this width (a long 5-player camp)."""
CHART = 260
LEGEND = 40
NOTE = 24
"""The height of each line under the totals that says what a row's * or ★ means."""
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
        return sheet.outcome_text(lang, evening.names), ""
    e, r = sheet.entry, sheet.result
    first = f"{said(lang, CONTRACTS[e['contract']])} · {camp_text(evening.names, e, lang)}"
    second = f"{number(r.points, lang)} points · {bouts_text(r.bouts, lang)}"
    second += f" {'✓' if r.made else '✗'}" + (" *" if sheet.edited else "")
    chelem = chelem_mark(e, lang)
    return first, second + (f" · ★ {chelem}" if chelem else "")


def signed(value: int) -> str:
    """A mark as the sheet writes it, negative with a true minus sign (``−540``), as
    its penalties are."""
    return str(value).replace("-", "−")


def wrapped(text: str, font: Any, room: float) -> list[str]:
    """``text`` on as few lines as fit in ``room``, cut at spaces only (a word wider
    than the room keeps its own line, whole)."""
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    lines: list[str] = []
    for word in text.split(" "):
        if lines and measure.textlength(f"{lines[-1]} {word}", font=font) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def name_lines(name: str, font: Any, room: float) -> list[str]:
    """A player's name for the sheet's head: on one line, or on two when it is wider
    than ``room`` (cut after a space or a hyphen where it can); never shortened."""
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    if measure.textlength(name, font=font) <= room or len(name) < 2:
        return [name]
    cuts = [i + 1 for i, c in enumerate(name[:-1]) if c in " -"] or list(range(1, len(name)))
    best = min(cuts, key=lambda i: max(measure.textlength(p, font=font) for p in _halves(name, i)))
    return _halves(name, best)


def _halves(name: str, at: int) -> list[str]:
    return [name[:at].rstrip(), name[at:].lstrip()]


class SheetImage:
    """The sheet drawn on a Pillow image; :attr:`texts` keeps every text drawn, with
    its colour, in order (what the picture says, for a reader to check). The picture
    is as wide as its columns need (:data:`WIDTH` at least), with the same margin
    (:data:`MARGIN`) on the right as on the left."""

    def __init__(self, evening: Evening, lang: str) -> None:
        self.evening, self.lang = evening, lang
        self.finished = evening.finished()
        self.sums = running_totals(map(evening.marks_of, self.finished), evening.players)
        self.penalties = evening.penalties()
        self.draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))  # to measure, first
        self.layout()
        self.texts: list[tuple[str, tuple[int, int, int]]] = []
        self.boxes: list[tuple[str, tuple[float, float, float, float]]] = []
        # the head, the rows, the penalties, the totals, then the chart and its legend
        rows = sum(map(self.row_height, range(len(self.finished))))
        rows += ROW if any(self.penalties) else 0
        height = self.top + rows + 60 + NOTE * len(self.legends)
        if self.finished:
            height += CHART + 24 + LEGEND * len(self.legend_lines())
        self.image = Image.new("RGB", (self.width, height), (251, 250, 246))
        self.draw = ImageDraw.Draw(self.image)

    def layout(self) -> None:
        """The widths: the donne's label as wide as its longest line, each player's
        column as wide as his name or his widest number, the picture as wide as both."""
        bold, plain, small = _font(17, True), _font(16), _font(14)
        self.legends = legends(self.evening, self.lang)  # what the rows' * and ★ mean
        self.heads = [name_lines(n, bold, 150) for n in self.evening.names]
        self.top = 70 + 22 * max(map(len, self.heads)) + 12
        # each row's label: its lines in the plain font, then those in the small one
        self.labels: list[tuple[list[str], list[str]]] = []
        for i in range(len(self.finished)):
            first, second = row_label(self.evening, i, self.lang)
            small_lines = wrapped(second, small, LABEL_ROOM) if second else []
            self.labels.append((wrapped(first, plain, LABEL_ROOM), small_lines))
        widest = [self.draw.textlength(a, font=plain) for lines, _ in self.labels for a in lines]
        widest += [self.draw.textlength(b, font=small) for _, lines in self.labels for b in lines]
        widest.append(self.draw.textlength(self.penalty_label(), font=bold))
        self.first, self.label = 50, max(300, int(max(widest)) + 24)
        self.widths = []
        for seat in range(self.evening.players):
            numbers = [signed(row[seat]) for row in self.sums] + [f"−{self.penalties[seat]}"]
            numbers.append(signed(self.evening.standings()[seat]))
            texts = [self.draw.textlength(t, font=bold) for t in [*self.heads[seat], *numbers]]
            self.widths.append(max(70, int(max(texts)) + 24))
        inner = self.first + self.label + sum(self.widths)
        notes = [self.draw.textlength(line, font=small) for line in self.legends]
        self.width = max(
            WIDTH, 2 * MARGIN + inner, 2 * MARGIN + self.first + int(max(notes, default=0))
        )
        spare = self.width - 2 * MARGIN - inner  # shared by the columns
        self.widths = [w + spare // len(self.widths) for w in self.widths]

    def row_height(self, index: int) -> int:
        """A donne's row: :data:`ROW`, and a line more for each line its label wraps to."""
        plain, small = self.labels[index]
        return ROW + LINE_HEIGHT * max(0, len(plain) + len(small) - 2)

    def penalty_label(self) -> str:
        return said(self.lang, N_("Penalties (D11)"))

    def text(self, at: tuple[float, float], text: str, font: Any, fill: Any, **more: Any) -> None:
        self.texts.append((text, fill))
        self.boxes.append((text, self.draw.textbbox(at, text, font=font, **more)))
        self.draw.text(at, text, font=font, fill=fill, **more)

    def column(self, seat: int) -> int:
        """The right edge of the seat's numbers (they are right-aligned)."""
        return MARGIN + self.first + self.label + sum(self.widths[: seat + 1]) - 8

    @property
    def right(self) -> int:
        return self.width - MARGIN

    def png(self) -> bytes:
        y = self.rows(self.head())
        if self.finished:
            self.chart(y + 50)
        out = io.BytesIO()
        self.image.save(out, "PNG", optimize=True)
        return out.getvalue()

    def head(self) -> int:
        title = said(self.lang, N_("Score sheet"))
        self.text((MARGIN, 18), f"atout · {title}", _font(28, True), (15, 81, 50))
        bold = _font(17, True)
        self.text((MARGIN, 70), "#", bold, GREY)
        self.text((MARGIN + self.first, 70), said(self.lang, N_("Donne")), bold, GREY)
        for seat, lines in enumerate(self.heads):
            for i, line in enumerate(lines):
                at = (self.column(seat), 70 + 22 * i)
                self.text(at, line, bold, COLOURS[seat], anchor="ra")
        return self.top

    def rows(self, y: int) -> int:
        evening, plain, small = self.evening, _font(16), _font(14)
        for i, running in enumerate(self.sums):
            self.draw.line((MARGIN, y - 5, self.right, y - 5), fill=LINE)
            self.text((MARGIN, y), str(self.finished[i].number), plain, INK)
            firsts, seconds = self.labels[i]
            for n, line in enumerate(firsts):
                self.text((MARGIN + self.first, y + LINE_HEIGHT * n), line, plain, INK)
            for n, line in enumerate(seconds, start=len(firsts)):
                self.text((MARGIN + self.first, y + LINE_HEIGHT * n), line, small, GREY)
            for seat in range(evening.players):
                self.text((self.column(seat), y), signed(running[seat]), plain, INK, anchor="ra")
            y += self.row_height(i)
        bold = _font(17, True)
        if any(self.penalties):
            self.draw.line((MARGIN, y - 5, self.right, y - 5), fill=LINE)
            self.text((MARGIN + self.first, y), self.penalty_label(), bold, GREY)
            for seat, points in enumerate(self.penalties):
                if points:
                    self.text((self.column(seat), y), f"−{points}", bold, GREY, anchor="ra")
            y += ROW
        self.draw.line((MARGIN, y - 4, self.right, y - 4), fill=INK, width=2)
        self.text((MARGIN + self.first, y), said(self.lang, N_("Total")), bold, INK)
        for seat, total in enumerate(evening.standings()):
            self.text((self.column(seat), y), signed(total), bold, COLOURS[seat], anchor="ra")
        for line in self.legends:
            y += NOTE
            self.text((MARGIN + self.first, y + 8), line, small, GREY)
        return y

    def chart(self, top: int) -> None:
        """Every player's standing after each donne (the D11 penalties counted at the
        end), his marker at each point, tied lines drawn side by side; a legend below."""
        evening = self.evening
        history = [[0] * evening.players, *map(list, self.sums)]
        history[-1] = [t - p for t, p in zip(history[-1], self.penalties, strict=True)]
        values = [v for row in history for v in row]
        low, high = min(0, *values), max(0, *values)
        small = _font(14)
        ticks = [self.draw.textlength(signed(t), font=small) for t in (low, high)]
        left, right, bottom = max(70, MARGIN + 8 + int(max(ticks))), self.right, top + CHART
        span = (high - low) or 1

        def y(v: float) -> float:
            return bottom - 8 - (v - low) / span * (CHART - 16)

        def x(i: int) -> float:
            return left + 12 + i * (right - left - 24) / max(1, len(history) - 1)

        self.draw.rectangle((left, top, right, bottom), outline=(160, 160, 160))
        self.draw.line((left, y(0), right, y(0)), fill=(150, 150, 150))
        for tick in sorted({high, low}):
            self.text((left - 8, y(tick)), signed(tick), small, GREY, anchor="rm")
        marker = _font(16)
        for seat in range(evening.players):
            offset = (seat - (evening.players - 1) / 2) * 2.5  # tied players stay visible
            points = [(x(i), y(row[seat]) + offset) for i, row in enumerate(history)]
            self.draw.line(points, fill=COLOURS[seat], width=4, joint="curve")
            for at in points:
                self.text(at, MARKERS[seat], marker, COLOURS[seat], anchor="mm")
        self.legend(bottom + 14)

    def legend_lines(self) -> list[list[int]]:
        """The seats of each line of the legend: a line is full at the right margin."""
        font, room = _font(16, True), self.width - MARGIN - 70
        lines: list[list[int]] = [[]]
        used = 0.0
        for seat, name in enumerate(self.evening.names):
            wide = self.draw.textlength(f"{MARKERS[seat]} {name}", font=font) + 28
            if lines[-1] and used + wide - 28 > room:
                lines.append([])
                used = 0.0
            lines[-1].append(seat)
            used += wide
        return lines

    def legend(self, y: int) -> None:
        font = _font(16, True)
        for line in self.legend_lines():
            x = 70
            for seat in line:
                key = f"{MARKERS[seat]} {self.evening.names[seat]}"
                self.text((x, y), key, font, COLOURS[seat])
                x += int(self.draw.textlength(key, font=font)) + 28
            y += LEGEND


def sheet_png(evening: Evening, lang: str = "en") -> bytes:
    """The sheet as a PNG image, :data:`WIDTH` pixels wide or more."""
    return SheetImage(evening, lang).png()
