"""The companion's score sheet as a PDF (A4), with fpdf2: the evening's settings, every
donne with its marks and running totals, the totals, penalties and who is ahead, the
chart of the totals, then each donne's faults and marks explained line by line. Its
words come from the catalogues (:mod:`atout.i18n`), as the page's do; its fonts and
colours are the image export's too (:mod:`atout.web.companion_image`). fpdf2 is imported
only when a PDF is made."""

from __future__ import annotations

from typing import Any

from atout.companion import Evening, differences
from atout.companion.page import ahead
from atout.companion.text import camp_text, chelem_mark
from atout.i18n import N_, said
from atout.score_text import number
from atout.scoring import running_totals
from atout.web.pdf import FONT, FONT_BOLD, Document

__all__ = ["COLOURS", "FONT", "FONT_BOLD", "detail_rows", "legends", "marks", "sheet_pdf"]

COLOURS = [(200, 30, 45), (20, 90, 200), (20, 140, 60), (200, 120, 0), (120, 40, 160)]
"""The players' colours in the chart, in seat order (the image export's too)."""

SHORT = {"prise": "Prise", "garde": "Garde", "garde_sans": "G. sans", "garde_contre": "G. contre"}
"""The contracts as the sheet's narrow column writes them (the same in both languages)."""
NUMBER = 10.0
"""The width (mm) of the sheet's first column, the donne's number; the label's column
takes what the players' columns leave, each as wide as its widest mark."""


class _Sheet(Document):
    """One PDF being written: the document, its font family and the reader's language."""

    def __init__(self, evening: Evening, lang: str) -> None:
        super().__init__()
        self.evening, self.lang = evening, lang

    def heading(self) -> None:
        e, lang = self.evening, self.lang
        self.line(9, f"atout — {said(lang, N_('Score sheet'))}", "B", 16)
        profile = e.profile.upper() if e.profile == "fft" else e.profile
        diffs = differences(e.rules)
        about = said(
            lang, N_("{count} players · profile {profile}"), count=e.players, profile=profile
        )
        self.line(5, about + ("" if diffs else " " + said(lang, N_("(FFT rules)"))))
        for d in diffs:
            self.line(4.5, f"  {d.rule} ⚙ {d.fr if lang == 'fr' else d.en}")
        self.pdf.ln(2)

    def columns(self) -> tuple[float, float]:
        """The widths (mm) of the label's column and of each player's: a player's column
        as wide as the widest "+1296 → 1430" it holds, the label the rest (at least 44)."""
        e, pdf = self.evening, self.pdf
        width = pdf.w - pdf.l_margin - pdf.r_margin
        pdf.set_font(self.family, "", 8.5)
        cells = [self.text(cell) for row in self.cells() for cell in row] or ["0"]
        per = max(18.0, max(pdf.get_string_width(c) for c in cells) + 3)
        pdf.set_font(self.family, "B", 8.5)
        room = (width - NUMBER - 44.0) / e.players
        for name in e.names:  # a long name gets room for two lines in the head if it can
            words = self.text(name).replace("-", "- ").split(" ")
            most = max(pdf.get_string_width(w) for w in words)
            per = max(per, min(room, max(most, pdf.get_string_width(name) / 2) + 3))
        pdf.set_font(self.family, "", 8.5)
        label = max(44.0, width - NUMBER - per * e.players)
        return label, (width - NUMBER - label) / e.players

    def cells(self) -> list[list[str]]:
        """Each donne's cells: the player's marks and running total."""
        e = self.evening
        finished = e.finished()
        rows = []
        for sheet, running in zip(
            finished, running_totals(map(e.marks_of, finished), e.players), strict=True
        ):
            marks = e.marks_of(sheet)
            shown = [f"{marks[s]:+d} → " if sheet.result else "— " for s in range(e.players)]
            rows.append([f"{shown[s]}{running[s]}" for s in range(e.players)])
        return rows

    def table(self) -> list[list[int]]:
        """The donnes' rows; returns the running totals before and after each donne."""
        e, pdf = self.evening, self.pdf
        label, per = self.columns()
        self.head(label, per)
        pdf.set_font(self.family, "", 8.5)
        for sheet, cells in zip(e.finished(), self.cells(), strict=True):
            lines = self.label_lines(sheet, label - 2)
            step = 5.5 if len(lines) == 1 else 4.2
            height = step * len(lines) + (0 if len(lines) == 1 else 1)
            if pdf.get_y() + height > pdf.h - pdf.b_margin:
                pdf.add_page()
                self.head(label, per)
                pdf.set_font(self.family, "", 8.5)
            pdf.cell(NUMBER, height, str(sheet.number), border=1, align="C")
            x, y = pdf.get_x(), pdf.get_y()
            pdf.rect(x, y, label, height)
            for i, text in enumerate(lines):
                pdf.set_xy(x, y + 0.5 * (len(lines) > 1) + i * step)
                pdf.cell(label, step, text)
            pdf.set_xy(x + label, y)
            for cell in cells:
                pdf.cell(per, height, self.text(cell), border=1, align="C")
            pdf.ln()
        sums = running_totals(map(e.marks_of, e.finished()), e.players)
        return [[0] * e.players, *map(list, sums)]

    def head(self, label: float, per: float) -> None:
        """The table's head: each player's name whole, on two lines when it is long."""
        e, pdf = self.evening, self.pdf
        pdf.set_font(self.family, "B", 8.5)
        names = [self.wrap(name, per - 1.5, 5) for name in e.names]
        height = 2 + 4 * max(len(n) for n in names)
        pdf.set_fill_color(230, 236, 230)
        pdf.cell(NUMBER, height, "#", border=1, fill=True, align="C")
        pdf.cell(label, height, self.text(said(self.lang, N_("Donne"))), border=1, fill=True)
        for lines in names:
            x, y = pdf.get_x(), pdf.get_y()
            pdf.rect(x, y, per, height, style="DF")
            top = y + (height - 4 * len(lines)) / 2
            for i, text in enumerate(lines):
                pdf.set_xy(x, top + 4 * i)
                pdf.cell(per, 4, text, align="C")
            pdf.set_xy(x + per, y)
        pdf.ln(height)

    def label_lines(self, sheet: Any, width: float) -> list[str]:
        """A donne's label on one line when it fits; else its figures first (contract,
        points, bouts, ✓/✗) and the camp on the lines under them: the figures are never
        cut, whatever the names' length."""
        whole = self.label(sheet)
        if self.pdf.get_string_width(self.text(whole)) <= width:
            return [self.text(whole)]
        if sheet.result is None or sheet.entry is None:
            return self.wrap(whole, width, 8)
        e, r = sheet.entry, sheet.result
        figures = f"{SHORT[e['contract']]} {number(r.points, self.lang)} ({r.bouts}b)"
        figures += f" {'✓' if r.made else '✗'}" + marks(sheet)
        return [
            self.text(figures),
            *self.wrap(camp_text(self.evening.names, e, self.lang), width, 8),
        ]

    def label(self, sheet: Any) -> str:
        if sheet.result is None or sheet.entry is None:
            return str(sheet.outcome_text(self.lang, self.evening.names))
        e, r = sheet.entry, sheet.result
        label = f"{SHORT[e['contract']]} {camp_text(self.evening.names, e, self.lang)}"
        label += f" {number(r.points, self.lang)} ({r.bouts}b) {'✓' if r.made else '✗'}"
        return label + marks(sheet)

    def totals(self) -> None:
        e, pdf, lang = self.evening, self.pdf, self.lang
        pdf.set_font(self.family, "B", 9)
        standings = e.standings()
        label, per = self.columns()
        pdf.set_font(self.family, "B", 9)
        pdf.cell(NUMBER + label, 6, self.text(said(lang, N_("Total"))), border=1)
        for seat in range(e.players):
            pdf.cell(per, 6, str(standings[seat]), border=1, align="C")
        pdf.ln()
        for legend in legends(e, lang):
            self.line(5, legend, size=8)
        penalties = e.penalties()
        if any(penalties):
            who = ", ".join(f"{e.names[s]} −{p}" for s, p in enumerate(penalties) if p)
            self.line(5, said(lang, N_("penalties (D11): {who}"), who=who), size=8)
        if e.finished():
            leaders = ahead(standings, max(standings))
            if leaders:
                names = ", ".join(e.names[s] for s in leaders)
                self.line(7, said(lang, N_("Ahead: {names}"), names=names), "B", 10)
            else:
                self.line(7, said(lang, N_("Nobody is ahead yet: all level.")), "B", 10)

    def details(self) -> None:
        self.line(8, said(self.lang, N_("Each donne")), "B", 11)
        for bold, row in detail_rows(self.evening, self.lang):
            if bold:
                self.line(5, row, "B", 8.5)
            else:  # a line explained: wrapped lines under its first, not at the margin
                self.line(4.2, row.lstrip(), "", 8, indent=4)


def sheet_pdf(evening: Evening, lang: str = "en") -> bytes:
    """The score sheet as a PDF (A4): every donne, the running totals, who is ahead,
    the chart of the totals, then each donne's marks explained line by line."""
    sheet = _Sheet(evening, lang)
    sheet.heading()
    history = sheet.table()
    sheet.totals()
    _chart(sheet, history)
    sheet.details()
    return bytes(sheet.pdf.output())


def marks(sheet: Any) -> str:
    """A row's marks after its figures: " *" when the donne was corrected, " ★" when
    it had a chelem (A4); the legend under the table says what they mean."""
    return (" *" if sheet.edited else "") + (" ★" if chelem_mark(sheet.entry, "en") else "")


def legends(evening: Evening, lang: str) -> list[str]:
    """The lines under the table for the marks its rows carry: the donnes corrected,
    and each donne's chelem said in full."""
    lines = []
    if any(sheet.edited for sheet in evening.finished()):
        lines.append(said(lang, N_("* corrected after it was first entered")))
    for sheet in evening.finished():
        chelem = chelem_mark(sheet.entry, lang)
        if chelem:
            lines.append(
                said(lang, N_("★ donne {n}: {chelem} (A4)"), n=sheet.number, chelem=chelem)
            )
    return lines


def detail_rows(evening: Evening, lang: str = "en") -> list[tuple[bool, str]]:
    """The PDF's last part, row by row (``True``: a donne's heading): each donne's
    faults and marks explained line by line, each line with its rule."""
    names = evening.names
    rows: list[tuple[bool, str]] = []
    for sheet in evening.finished():
        head = said(lang, N_("Donne {n} — dealer {name}"), n=sheet.number, name=names[sheet.dealer])
        if sheet.entry is not None and sheet.entry.get("called"):
            camp = camp_text(names, sheet.entry, lang)
            head += " — " + said(lang, N_("taker {camp}"), camp=camp)
        rows.append((True, head))
        for view in sheet.faults:
            rows += [(False, f"   {line.rule}  {line.text(lang)}") for line in view.lines]
        rows += [(False, f"   {v['rule']}  {v['text']}") for v in sheet.void_lines(lang, names)]
        rows += [(False, f"   {line.rule}  {line.text(lang)}") for line in sheet.lines]
    return rows


def _chart(sheet: _Sheet, history: list[list[int]]) -> None:
    """The running totals over the evening, one line per player."""
    pdf, names = sheet.pdf, sheet.evening.names
    if len(history) < 2:
        return
    x0, width, height = pdf.l_margin + 8, pdf.w - pdf.l_margin - pdf.r_margin - 8, 55.0
    if pdf.get_y() + height + 18 > pdf.h - pdf.b_margin:
        pdf.add_page()
    y0 = pdf.get_y() + 4
    values = [v for row in history for v in row]
    low, high = min(0, *values), max(0, *values)
    span = (high - low) or 1

    def y(value: int) -> float:
        return float(y0 + height - (value - low) / span * height)

    def x(i: int) -> float:
        return float(x0 + i * width / (len(history) - 1))

    pdf.set_draw_color(160, 160, 160)
    pdf.set_line_width(0.2)
    pdf.rect(x0, y0, width, height)
    pdf.line(x0, y(0), x0 + width, y(0))
    pdf.set_font(sheet.family, "", 7)
    for value in (high, low):
        pdf.set_xy(pdf.l_margin - 2, y(value) - 2)
        pdf.cell(10, 4, str(value), align="R")
    for seat in range(len(names)):
        colour = COLOURS[seat % len(COLOURS)]
        pdf.set_draw_color(*colour)
        pdf.set_fill_color(*colour)
        pdf.set_line_width(0.6)
        shift = (seat - (len(names) - 1) / 2) * 0.35  # tied players drawn apart, as on the page
        for i in range(1, len(history)):
            pdf.line(x(i - 1), y(history[i - 1][seat]) + shift, x(i), y(history[i][seat]) + shift)
        for i in range(len(history)):
            _marker(pdf, seat, x(i), y(history[i][seat]) + shift)
    _legend(sheet, x0, width, y0 + height + 2)


def _legend(sheet: _Sheet, x0: float, width: float, top: float) -> None:
    """Under the chart, each player's marker and whole name (on up to three lines)."""
    pdf, names = sheet.pdf, sheet.evening.names
    step = width / len(names)
    for seat, name in enumerate(names):
        pdf.set_draw_color(*COLOURS[seat % len(COLOURS)])
        pdf.set_fill_color(*COLOURS[seat % len(COLOURS)])
        left = x0 + seat * step
        _marker(pdf, seat, left + 3, top + 2.5)
        pdf.set_text_color(*COLOURS[seat % len(COLOURS)])
        for i, text in enumerate(sheet.wrap(name, step - 6, 3)):
            pdf.set_xy(left + 5, top + 3.2 * i)
            pdf.cell(step - 5, 5, text)
    pdf.set_text_color(0, 0, 0)
    pdf.set_y(top + 12)


def _marker(pdf: Any, seat: int, x: float, y: float, r: float = 1.1) -> None:
    """Seat ``seat``'s marker centred on (x, y): ● ■ ▲ ◆ ✚ as on the page's chart."""
    pdf.set_line_width(0.3)
    shape = seat % 5
    if shape == 0:
        pdf.circle(x=x, y=y, radius=r, style="F")
    elif shape == 1:
        pdf.rect(x - r, y - r, 2 * r, 2 * r, style="F")
    elif shape == 2:
        pdf.polygon(
            [(x, y - r * 1.2), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)], style="F"
        )
    elif shape == 3:
        pdf.polygon([(x, y - r * 1.3), (x + r, y), (x, y + r * 1.3), (x - r, y)], style="F")
    else:
        pdf.rect(x - r * 0.35, y - r * 1.2, r * 0.7, r * 2.4, style="F")
        pdf.rect(x - r * 1.2, y - r * 0.35, r * 2.4, r * 0.7, style="F")
