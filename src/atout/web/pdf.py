"""Printable A4 pages with fpdf2, for every PDF atout writes: the companion's score
sheet (:mod:`atout.web.companion_pdf`) and a club tournament's movement cards and étui
sheets (:func:`pages_pdf`). :class:`Document` holds what they share: the DejaVu fonts
(Unicode: ♠ ♥ ♦ ♣, accents), the Latin-1 fallback when those fonts are missing, and
text fitted, wrapped and written line by line. fpdf2 is imported only when a PDF is
made."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from atout.tournament.sheets import Page

__all__ = ["FONT", "FONT_BOLD", "Document", "pages_pdf"]

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
FONT_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
_LATIN = str.maketrans(
    {
        "♠": "P",
        "♥": "C",
        "♦": "K",
        "♣": "T",
        "−": "-",
        "—": "-",
        "→": ">",
        "×": "x",
        "⚙": "*",
        "✓": "+",
        "✗": "-",
        "…": "...",
    }
)


class Document:
    """One PDF being written (A4, portrait): the document and its font family, with a
    first page unless ``page`` is false."""

    def __init__(self, page: bool = True) -> None:
        from fpdf import FPDF

        self.pdf = FPDF(orientation="P", unit="mm", format="A4")
        self.pdf.set_auto_page_break(auto=True, margin=12)
        self.unicode = Path(FONT).is_file() and Path(FONT_BOLD).is_file()
        if self.unicode:
            self.pdf.add_font("Sans", "", FONT)
            self.pdf.add_font("Sans", "B", FONT_BOLD)
            self.family = "Sans"
        else:  # pragma: no cover - the core font: Latin-1 only
            self.family = "Helvetica"
        if page:
            self.pdf.add_page()

    def text(self, value: object) -> str:
        s = str(value)
        if self.unicode:
            return s
        return s.translate(_LATIN).encode("latin-1", "replace").decode("latin-1")

    def fit(self, value: object, width: float) -> str:
        """``value`` as the current font writes it within ``width`` mm, cut with "…"
        when longer."""
        shown = self.text(value)
        if self.pdf.get_string_width(shown) <= width:
            return shown
        dots = self.text("…")
        while shown and self.pdf.get_string_width(shown + dots) > width:
            shown = shown[:-1]
        return shown.rstrip() + dots

    def wrap(self, value: object, width: float, most: int = 2) -> list[str]:
        """``value`` on lines of at most ``width`` mm as the current font writes it, cut
        between words (or after a hyphen: ``Marie-`` / ``Christine``); only what would
        go past ``most`` lines is cut with "…". A word wider than ``width`` alone goes
        on as many lines as it needs, cut between letters, never shortened."""
        words = [
            piece
            for word in self.text(value).replace("-", "- ").split(" ")
            for piece in self.pieces(word, width)
        ]
        lines: list[str] = []
        for word in words:
            glue = "" if not lines or lines[-1].endswith("-") else " "
            if lines and self.pdf.get_string_width(lines[-1] + glue + word) <= width:
                lines[-1] += glue + word
            else:
                lines.append(word)
        if len(lines) > most:
            lines = [*lines[: most - 1], " ".join(lines[most - 1 :]).replace("- ", "-")]
        hangs = [self.pdf.get_string_width(line.rstrip("-")) <= width for line in lines]
        return [
            line if ok else self.fit(line, width) for line, ok in zip(lines, hangs, strict=True)
        ]

    def pieces(self, word: str, width: float) -> list[str]:
        """``word`` in pieces each at most ``width`` mm wide (one piece when it fits; a
        word's last hyphen may hang past the width rather than start a line)."""
        pieces = []
        while len(word) > 1 and self.pdf.get_string_width(word) > width:
            k = len(word) - 1
            while k > 1 and self.pdf.get_string_width(word[:k]) > width:
                k -= 1
            if word[k:] == "-":  # never a hyphen alone at a line's start: it hangs
                break
            pieces.append(word[:k])
            word = word[k:]
        return [*pieces, word]

    def line(
        self, height: float, value: object, style: str = "", size: float = 9, indent: float = 0
    ) -> None:
        """A line of the page, wrapped at spaces when wider, never cut; its wrapped
        lines under its first, ``indent`` mm from the margin."""
        self.pdf.set_font(self.family, style, size)
        self.pdf.set_x(self.pdf.l_margin + indent)
        self.pdf.multi_cell(0, height, self.text(value), align="L", new_x="LMARGIN", new_y="NEXT")

    def cards(self, height: float, value: str, size: float, indent: float) -> None:
        """A line of cards, the hearts and diamonds in red as on the cards, when it fits
        on one line (else as :meth:`Document.line` writes it)."""
        pdf = self.pdf
        pdf.set_font(self.family, "", size)
        shown = self.text(value)
        if not self.unicode or pdf.get_string_width(shown) > pdf.epw - indent:
            self.line(height, value, size=size, indent=indent)
            return
        pdf.set_x(pdf.l_margin + indent)
        for i, word in enumerate(shown.split(" ")):
            if i:
                pdf.cell(pdf.get_string_width(" "), height, " ")
            if not word:  # between two groups of cards (a cell 0 wide runs to the margin)
                continue
            pdf.set_text_color(*((200, 30, 45) if word.endswith(_RED) else (0, 0, 0)))
            pdf.cell(pdf.get_string_width(word), height, word)
        pdf.set_text_color(0, 0, 0)
        pdf.ln(height)


_RED = ("♥", "♦")


def pages_pdf(pages: Sequence[Page], heading: str) -> bytes:
    """``pages`` (:class:`atout.tournament.sheets.Page`) as a PDF, one A4 page each (more
    when one is long): ``heading`` in small type, the page's title, its lines; a line
    that starts with spaces is indented."""
    document = Document(page=False)
    for page in pages:
        document.pdf.add_page()
        document.line(5, heading, size=8)
        document.line(10, page.title, "B", 16)
        for text in page.lines:
            indent = len(text) - len(text.lstrip(" "))
            style = "" if indent else "B"
            if not indent:
                document.pdf.ln(2)
            if any(red in text for red in _RED):
                document.cards(6, text.strip(), 11, indent=2.5 * indent)
            else:
                document.line(6, text.strip(), style, 11, indent=2.5 * indent)
    return bytes(document.pdf.output())
