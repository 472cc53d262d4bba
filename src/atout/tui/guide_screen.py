"""One note of the guided first match on a screen of its own: its words, then the text
of the rules it is about, from :mod:`atout.rulebook`; Enter or Escape closes it, and
it is not shown again."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from atout import rulebook
from atout.i18n import N_
from atout.tui.guide import Note
from atout.tui.words import tr

__all__ = ["GuideScreen"]


class GuideScreen(ModalScreen[str]):
    """The note ``note`` in the interface's language; gives back its name once read."""

    DEFAULT_CSS = """
    #guide-scroll { height: auto; max-height: 18; }
    #guide-text { height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [("escape,enter", "close", N_("Close"))]

    def __init__(self, note: Note, ui: str) -> None:
        super().__init__()
        self.note, self.ui = note, ui

    def compose(self) -> ComposeResult:
        ui = self.ui
        text = Text(tr(ui, self.note.title) + "\n\n", style="bold")
        text.append(tr(ui, self.note.text) + "\n")
        for rule in self.note.rules:
            title, _, body = rulebook.render_rule(rule, ui, keys=False).partition("\n")
            text.append("\n" + title + "\n", style="bold")
            text.append(body.strip().split("\n\n")[0] + "\n", style="italic")
        with Vertical(classes="dialog wide"):
            with VerticalScroll(id="guide-scroll"):
                yield Static(text, id="guide-text")
            yield Button(tr(ui, "Got it (Enter)"), id="close", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#guide-scroll", VerticalScroll).focus()

    def on_button_pressed(self) -> None:
        self.dismiss(self.note.name)

    def action_close(self) -> None:
        self.dismiss(self.note.name)
