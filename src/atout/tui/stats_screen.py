"""The person's statistics across matches, on a screen of their own (``t`` on the start
screen and at the table): see :mod:`atout.tui.history`."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from atout.i18n import N_
from atout.tui.button import Button
from atout.tui.history import Stats, read, stats_text
from atout.tui.words import tr
from atout.tui.wrap import wrapped

STATS_WIDTH = 70
"""The statistics' lines are this wide: their dialog (76 columns) less its border, its
padding and its scrollbar."""

__all__ = ["StatsScreen"]


class StatsScreen(ModalScreen[None]):
    """The statistics of the history in ``path``; ↑/↓ scroll, Escape (or t, q) closes."""

    DEFAULT_CSS = """
    #stats-scroll { height: auto; max-height: 18; }
    #stats-text { height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [("escape,t,q,enter", "close", N_("Close"))]

    def __init__(self, path: Path, ui: str) -> None:
        super().__init__()
        self.path, self.ui = path, ui
        self.stats = Stats.of(read(path))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            with VerticalScroll(id="stats-scroll"):
                text = wrapped(stats_text(self.stats, self.ui), STATS_WIDTH)
                yield Static(text, id="stats-text")
            yield Button(tr(self.ui, "Close (t)"), id="close")

    def on_mount(self) -> None:
        self.query_one("#stats-scroll", VerticalScroll).focus()

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
