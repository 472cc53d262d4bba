"""The start screen: the settings of a match, a new match or the saved one."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static

from atout.bot_levels import about, table_levels, title
from atout.errors import InvalidRecordError
from atout.i18n import N_
from atout.tui.button import FOCUS_MARK, Button
from atout.tui.host import Host
from atout.tui.screens import ConfirmScreen
from atout.tui.session import (
    MAX_DEALS,
    PAUSES,
    SPEEDS,
    Settings,
    read_save,
)
from atout.tui.texts import colours, length_text, pause_text, translate_footer
from atout.tui.words import tr
from atout.tui.wrap import wrapped

LENGTHS: tuple[tuple[str, int], ...] = (
    ("deals", 1),
    ("deals", 2),
    ("deals", 3),
    ("deals", 5),
    ("deals", 10),
    ("deals", 20),
    ("target", 500),
    ("target", 1000),
    ("target", 2000),
)


START_TEXT_WIDTH = 72
"""The start screen's lines are this wide (its dialog, 76 columns, less its border and
padding)."""


class OptionRow(Static, can_focus=True):
    """One setting of the start screen: ←/→ (or Enter, a click) change it."""

    class Changed(Message):
        def __init__(self, row: OptionRow) -> None:
            super().__init__()
            self.row = row

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Change"), show=False),
        Binding("right,space", "step(1)", N_("Change"), show=False),
        Binding("enter", "enter", show=False),
    ]

    def __init__(self, ident: str, label: str, values: list[Any], index: int, show: Any) -> None:
        super().__init__(id=ident, classes="option")
        self.label, self.values, self.index, self.show_value = label, values, index, show

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def on_mount(self) -> None:
        self.draw()

    def draw(self, focused: bool | None = None) -> None:
        """The setting's label and value; without colours the setting that has the
        focus is marked as a button is (:data:`FOCUS_MARK`)."""
        line = f"{self.label:<22} ‹ {self.show_value(self.value)} ›"
        if not colours():
            focused = self.has_focus if focused is None else focused
            line = (FOCUS_MARK if focused else " ") + line
        self.update(line)

    def on_focus(self) -> None:
        self.draw(focused=True)

    def on_blur(self) -> None:
        self.draw(focused=False)

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.values)
        self.draw()
        self.post_message(self.Changed(self))

    def action_enter(self) -> None:
        """Enter does not change a setting (a key meant for a button): it says which
        keys do, in the start box's last line (a toast lay over the box's border and
        stayed on the table of the match started next)."""
        ui = getattr(getattr(self.app, "settings", None), "ui", "en")
        said = tr(ui, "←/→ or space change a setting; Enter starts on a button.")
        hints = self.screen.query("#start-hint")
        if hints:
            hints.first(Static).update(Text(said, style="bold"))
        else:
            self.notify(said)

    def on_click(self) -> None:
        self.focus()
        self.action_step(1)


class StartScreen(Screen[None]):
    """The settings of a match; a new match or the saved one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        ("q", "app.quit", N_("Quit")),
        ("n", "new", N_("New match")),
        ("r", "resume", N_("Resume")),
        ("t", "app.stats", N_("Statistics")),
        ("g", "guided", N_("Guided match")),
        Binding("up", "app.focus_previous", N_("Up"), show=False),
        Binding("down", "app.focus_next", N_("Down"), show=False),
    ]

    @property
    def tarot(self) -> Host:
        """The application showing the screen (:class:`atout.tui.app.TarotApp`)."""
        return cast("Host", self.app)

    def compose(self) -> ComposeResult:
        app = self.tarot
        if app.settings.bots not in table_levels():  # the default, never the first shown
            app.settings = replace(app.settings, bots=Settings().bots)
        settings, ui = app.settings, app.settings.ui
        length = ("target", settings.target) if settings.target else ("deals", settings.deals)
        lengths = list(LENGTHS) if length in LENGTHS else [length, *LENGTHS]
        with Vertical(classes="dialog"):
            yield Static(tr(ui, "[b]atout[/b] — French Tarot (FFT rules)"), id="title")
            if app.notice:
                yield Static(app.notice, id="notice")
            rows: list[tuple[str, str, list[Any], Any, Any]] = [
                ("players", N_("Players"), [3, 4, 5], settings.players, str),
                ("bots", N_("Bots"), table_levels(), settings.bots, lambda v: title(v, ui)),
                ("length", N_("Match"), lengths, length, lambda v: length_text(v, ui)),
                ("speed", N_("Bots' speed"), list(SPEEDS), settings.speed, lambda v: tr(ui, v)),
                ("pause", N_("Pause after a trick"), list(PAUSES), settings.pause,
                 lambda v: pause_text(v, ui)),
                ("deal", N_("Deal told"), ["step", "quick", "off"], deal_told(settings),
                 lambda v: tr(ui, DEAL_TOLD[v])),
                ("undo", N_("Undo (u)"), [True, False], settings.undo,
                 lambda v: tr(ui, "on: casual play") if v else tr(ui, "off: FFT strict")),
                ("lang", N_("Cards"), ["fr", "en"], settings.lang,
                 lambda v: "français (R D C V)" if v == "fr" else "English (K Q N J)"),
                ("ui", N_("Language"), ["fr", "en"], settings.ui,
                 lambda v: "Français" if v == "fr" else "English"),
            ]  # fmt: skip
            for ident, label, values, value, show in rows:
                index = values.index(value) if value in values else 0
                yield OptionRow(ident, tr(ui, label), values, index, show)
                if ident == "bots":
                    yield Static(self.bots_about(values[index]), id="bots-about")
            with Horizontal(id="start-buttons"):
                if app.refused:
                    yield Button(tr(ui, "Quit"), id="quit", variant="error")
                else:
                    yield Button(tr(ui, "New match (n)"), id="new", variant="primary")
                    yield Button(tr(ui, "Guided match (g)"), id="guided")
                if app.save_path.exists() and not app.refused:
                    yield Button(tr(ui, "Resume (r)"), id="resume", variant="success")
            if app.save_path.exists() and not app.refused:
                about = wrapped(saved_match_text(app.save_path, ui), START_TEXT_WIDTH)
                yield Static(about, id="resume-about")
            if app.first_start:
                yield Static(
                    tr(ui, "New to tarot? g: a guided match, with notes as it goes."),
                    id="first-start",
                )
            yield Static(
                tr(ui, "↑/↓ choose a setting · ←/→ change it · Enter on a button"), id="start-hint"
            )
        yield Footer()

    def on_mount(self) -> None:
        self._bindings = self._merge_bindings()  # the English words, whatever was shown
        translate_footer(self, self.tarot.settings.ui)  # …in the language now chosen
        self.refresh_bindings()
        focus = self.tarot.start_focus
        targets = [w for w in self.query("OptionRow, Button") if w.id == focus]
        if targets:
            targets[0].focus()
        elif self.tarot.first_start and self.query("#guided"):
            self.query_one("#guided", Button).focus()
        elif self.query("#resume"):
            self.query_one("#resume", Button).focus()
        elif self.query("#new"):
            self.query_one("#new", Button).focus()

    def on_option_row_changed(self, message: OptionRow.Changed) -> None:
        app, row = self.tarot, message.row
        settings = app.settings
        if row.id == "length":
            kind, number = row.value
            if kind == "deals":
                settings = replace(settings, deals=number, target=0)
            else:
                settings = replace(settings, deals=MAX_DEALS, target=number)
        elif row.id == "deal":
            told = row.value != "off"
            settings = replace(settings, animate=told, deal_pace=row.value if told else "step")
        else:
            settings = replace(settings, **{row.id or "": row.value})
        app.settings = settings
        if row.id == "bots":
            self.query_one("#bots-about", Static).update(self.bots_about(row.value))
        if row.id == "ui":  # every label changes
            app.start_focus = "ui"
            self.refresh(recompose=True)
            self.call_after_refresh(self.on_mount)

    def bots_about(self, name: str) -> Text:
        """What the bots of the level ``name`` do, under their setting."""
        return Text(about(name, self.tarot.settings.ui), style="italic")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "quit":
            self.tarot.exit(return_code=1)
        elif event.button.id == "new":
            self.action_new()
        elif event.button.id == "guided":
            self.action_guided()
        elif event.button.id == "resume":
            self.action_resume()

    def action_new(self) -> None:
        self.begin(guide=False)

    def action_guided(self) -> None:
        """A guided match: the notes of :mod:`atout.tui.guide` as it goes."""
        self.begin(guide=True)

    def begin(self, guide: bool) -> None:
        """A new match (asking first when it would replace an unfinished one)."""
        app = self.tarot
        if app.refused:
            return
        app.settings = replace(app.settings, guide=guide)
        question = unfinished_question(app.save_path, app.settings.ui)
        if question is None:
            app.new_match()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                app.new_match()

        self.app.push_screen(ConfirmScreen(question, app.settings.ui), answered)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """*Resume* is offered (and r answers) only when there is a match to resume."""
        if action == "resume":
            return not self.tarot.refused and self.tarot.save_path.exists()
        return True

    def action_resume(self) -> None:
        if not self.tarot.refused and self.tarot.save_path.exists():
            self.tarot.resume()


DEAL_TOLD = {"step": N_("step by step"), "quick": N_("quick"), "off": N_("off")}
"""The start screen's choices for the deal told, in the interface's language."""


def deal_told(settings: Settings) -> str:
    """How the settings tell the deal: ``step`` (by step), ``quick`` or ``off``."""
    if not settings.animate:
        return "off"
    return "quick" if settings.deal_pace == "quick" else "step"


def saved_match_text(path: Path, ui: str) -> str:
    """Which match *Resume* brings back: its players, the donne it is at, when it was
    saved (the save's time, in the computer's time zone)."""
    try:
        data = read_save(path)
        settings = data["settings"]
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        target = settings.get("target")
        length = length_text(("target", target) if target else ("deals", settings["deals"]), ui)
        return tr(
            ui,
            "Resume: {players} players, {length}, at donne {number}; saved {when}.",
            players=settings["players"],
            length=length,
            number=data["donnes"],
            when=when,
        )
    except (InvalidRecordError, KeyError, TypeError, OSError):
        return tr(ui, "Resume: the save cannot be read; it will be set aside.")


def unfinished_question(path: Path, ui: str) -> str | None:
    """The question to ask before a new match replaces the unfinished one in ``path``
    (``None`` when there is none)."""
    if not path.exists():
        return None
    try:
        data = read_save(path)
        where = tr(
            ui,
            "donne {number} of {deals}",
            number=data["donnes"],
            deals=data["settings"]["deals"],
        )
    except (InvalidRecordError, KeyError, TypeError):
        where = tr(ui, "a save that cannot be read")
    return tr(
        ui,
        "An unfinished match is saved ({where}). A new match replaces it and it is lost. "
        "Start a new match?",
        where=where,
    )
