"""One note of the guided first match on a screen of its own: its words, then the text
of the rules it is about, from :mod:`atout.rulebook`; Enter or Escape closes it, and
it is not shown again. Over the table the note lies over the log, so that the hand and
the middle of the table stay in sight; over a panel (the result) it takes the bottom
half."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from atout import rulebook
from atout.i18n import N_
from atout.tui.button import Button
from atout.tui.guide import Note, note_text
from atout.tui.screens import WrappedText
from atout.tui.words import tr

__all__ = ["GuideScreen", "note_region"]


class GuideScreen(ModalScreen[str]):
    """The note ``note`` in the interface's language ``ui`` (the cards named as in
    ``lang``); gives back its name once read."""

    DEFAULT_CSS = """
    GuideScreen > .note { height: auto; border: round $accent; padding: 0 1;
                          background: $panel; }
    #guide-scroll { height: auto; }
    #guide-text { height: auto; }
    #guide-more { height: 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        ("escape,enter", "close", N_("Close")),
        # the note's text scrolls by the keys wherever the focus is (a click on it)
        Binding("down", "scroll_text('scroll_down')", show=False),
        Binding("up", "scroll_text('scroll_up')", show=False),
        Binding("pagedown", "scroll_text('page_down')", show=False),
        Binding("pageup", "scroll_text('page_up')", show=False),
        Binding("home", "scroll_text('scroll_home')", show=False),
        Binding("end", "scroll_text('scroll_end')", show=False),
    ]

    def __init__(self, note: Note, ui: str, lang: str = "fr", said: str = "") -> None:
        """``said``: a line of the table's, first under the title (the bids so far,
        which the note covers in the log)."""
        super().__init__()
        self.note, self.ui, self.lang, self.said = note, ui, lang, said

    def compose(self) -> ComposeResult:
        ui = self.ui
        text = Text(tr(ui, self.note.title) + "\n\n", style="bold")
        if self.said:
            text.append(self.said + "\n\n", style="bold")
        text.append(note_text(self.note, ui, self.lang) + "\n")
        for rule in self.note.rules:
            title, _, body = rulebook.render_rule(rule, ui, keys=False).partition("\n")
            text.append("\n" + title + "\n", style="bold")
            text.append(body.strip().split("\n\n")[0] + "\n", style="italic")
        with Vertical(classes="note"):
            with VerticalScroll(id="guide-scroll"):
                yield WrappedText(text, id="guide-text")
            yield Static("↓ PgDn " + tr(ui, "more"), id="guide-more")
            yield Button(tr(ui, "Got it (Enter)"), id="close", variant="primary")

    def on_mount(self) -> None:
        self.place()
        scroll = self.query_one("#guide-scroll", VerticalScroll)
        scroll.focus()
        for name in ("scroll_y", "virtual_size", "size"):  # more below, or not
            self.watch(scroll, name, self.say_more, init=False)
        self.call_after_refresh(self.say_more)
        stack = self.app.screen_stack
        if self in stack and stack.index(self) > 0:
            # the screen below laid out again (the line above the hand grown to 2
            # rows, a bot thinking): its log has moved, the note follows it
            below = stack[stack.index(self) - 1]
            below.screen_layout_refresh_signal.subscribe(self, self.follow)

    def say_more(self) -> None:
        """``↓ PgDn more`` under the text while some of it is below the note's edge."""
        scroll = self.query_one("#guide-scroll", VerticalScroll)
        self.query_one("#guide-more").display = scroll.scroll_y < scroll.max_scroll_y

    def action_scroll_text(self, how: str) -> None:
        scroll = self.query_one("#guide-scroll", VerticalScroll)
        getattr(scroll, f"action_{how}")()

    def follow(self, below: Screen[object]) -> None:
        if self.is_attached:
            self.place()

    def on_resize(self) -> None:
        self.place()

    def place(self) -> None:
        """The note where :func:`note_region` puts it; its text scrolls within."""
        region = note_region(self)
        box = self.query_one(".note")
        box.styles.offset = (region.x, region.y)
        box.styles.width = region.width
        box.styles.max_height = region.height
        self.query_one("#guide-scroll").styles.max_height = max(3, region.height - 4)

    def on_button_pressed(self) -> None:
        self.dismiss(self.note.name)

    def action_close(self) -> None:
        self.dismiss(self.note.name)


def note_region(note: GuideScreen) -> Region:
    """Where ``note`` lies: right over the table's log, its whole width (no piece of
    the log beside it), not over the hand, the buttons or the middle of the table;
    over anything else (the result panel), the bottom half of the window, so that the
    top of the result (the camps' points and the score) stays in sight."""
    stack = note.app.screen_stack
    below = stack[stack.index(note) - 1] if note in stack and stack.index(note) > 0 else None
    logs = below.query("#log") if below is not None else None
    width, height = note.app.size
    if logs:
        log = logs.first().region
        if log.width >= 40 and log.height >= 8:
            return Region(log.x, log.y, log.width, log.height)
    half = max(8, height // 2)
    return Region(0, height - half, width, half)
