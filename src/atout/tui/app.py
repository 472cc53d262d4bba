"""The terminal table: ``atout play`` in a terminal.

A start screen (players, bots, match length, speed, pause after a trick, animation,
card names, interface language; resume the unfinished match), the table (the deal told
step by step, bids, the King called, chien and écart, poignées, chelem, tricks), a
result panel after each donne, the score sheet, the rules, the standings at the end
(export, play again, quit). Every action is saved.

The table sees the match only through the person's observation
(:meth:`atout.tui.session.TableSession.observation`) and the feed of events told to
the person's seat; it acts only through the session.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events
from textual.app import App, SystemCommand
from textual.command import CommandPalette
from textual.screen import Screen

from atout.errors import InvalidRecordError
from atout.i18n import N_
from atout.tui.history import append, donne_entry, history_path, match_entry
from atout.tui.remember import Remembered, config_path, merged, remember
from atout.tui.screens import (
    MIN_SIZE,
    RULE_IDS,
    ConfirmScreen,
    ExportScreen,
    HelpScreen,
    PanelScreen,
    PoigneeScreen,
    RulesScreen,
    RuleView,
    SheetScreen,
    TooSmallScreen,
)
from atout.tui.session import (
    SaveError,
    SaveInUseError,
    SaveLock,
    Settings,
    TableSession,
    check_seed,
    default_save_path,
    reason,
    set_aside,
)
from atout.tui.start import OptionRow, StartScreen
from atout.tui.stats_screen import StatsScreen
from atout.tui.table_screen import TableScreen
from atout.tui.table_view import CardView
from atout.tui.texts import bonus_text, colours, length_text, result_text
from atout.tui.words import tr

__all__ = [
    "RULE_IDS",
    "CardView",
    "ConfirmScreen",
    "ExportScreen",
    "HelpScreen",
    "OptionRow",
    "PanelScreen",
    "PoigneeScreen",
    "RuleView",
    "RulesScreen",
    "SheetScreen",
    "StartScreen",
    "TableScreen",
    "TarotApp",
    "bonus_text",
    "length_text",
    "result_text",
    "run",
]

PALETTE = (
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
)
"""The command palette's own commands (Textual's), said in the interface's language."""

NOT_IN_PALETTE = frozenset({"Screenshot", "Keys", "Maximize", "Minimize"})
"""Textual's commands the palette does not offer: its screenshot (it wrote to a folder
that may not exist, saying why in English only; ``x`` exports the match), its *Keys*
panel (English descriptions, keys without one, not closed by Escape, squeezing the
hand: ``?`` is the table's help) and *Maximize* (a widget of the table made full-screen
hides the rest of the table)."""


class TarotApp(App[None]):
    """``atout play``: one person against bots at a full-screen table."""

    TITLE = "atout"
    CSS = """
    Screen { layout: vertical; }
    .dialog { width: 64; height: auto; max-height: 22; border: round $accent; padding: 0 1;
              background: $panel; }
    .wide { width: 76; }
    .sheet { width: 80; max-width: 100%; max-height: 24; }
    .rules { width: 78; height: 22; }
    #rules-scroll { height: 1fr; }
    .rule, .intro { margin: 0 0 1 0; }
    .rule.current { background: $accent 30%; }
    .chapter { margin: 0 0 1 0; }
    ModalScreen, StartScreen { align: center middle; }
    GuideScreen { align: left top; background: $background 30%; }  /* over the log */
    /* a panel clears what is behind it: no piece of the table at its sides */
    HelpScreen, PanelScreen, SheetScreen, RulesScreen, StatsScreen, ConfirmScreen,
    ExportScreen, PoigneeScreen { background: $background; }
    StartScreen .dialog { width: 76; }  /* three buttons keep their keys: (n) (g) (r) */
    StartScreen Button { width: 1fr; margin: 0; min-height: 1; height: 1; border: none; }
    .option { height: 1; padding: 0 1; }
    .option:focus { background: $accent; color: $text; text-style: bold; }
    #start-buttons, #confirm-buttons, #panel-buttons { height: 1; margin: 1 0 0 0; }
    #start-buttons Button, #confirm-buttons Button, #panel-buttons Button {
        width: 1fr; min-width: 4; height: 1; border: none; margin: 0 1 0 0; }
    #panel-buttons Button { width: auto; }
    Button:focus { text-style: bold reverse; }
    #start-hint { color: $text-muted; }
    #bots-about { padding: 0 1 0 3; color: $text-muted; }
    #status { height: auto; max-height: 2; }  /* a long 5-player status wraps */
    #scores { height: 1; }
    #message { height: auto; max-height: 2; }  /* a long refusal wraps, not clipped */
    #warning { height: auto; max-height: 2; display: none; }
    #middle { height: 1fr; }
    #trick { width: 32; height: 100%; padding: 0 1; border-right: solid $accent; }
    /* the hint over the log (placed by TableComforts.place_hint) */
    /* no scrollbar's gutter: the hint as wide as the log, none of the log beside it */
    TableScreen ToastRack { dock: top; align: left top; margin-bottom: 0;
                            scrollbar-size-vertical: 0; }
    TableScreen Toast { width: 100%; max-width: 100%; margin-top: 0; }
    #log { width: 1fr; scrollbar-size-vertical: 0; }  /* kept at its end: no glyphs */
    #hand { layout: grid; grid-size: 18; grid-gutter: 0; height: auto; max-height: 4; }
    .card { width: 4; height: 2; }
    .illegal { text-style: dim; }
    #actions { height: 1; }
    #actions Button { min-width: 8; height: 1; border: none; margin: 0 1 0 0; }
    #panel-scroll { height: auto; max-height: 18; }
    #help-scroll { height: auto; }
    #panel-text, #help-text { height: auto; }
    #continue, #close { width: 100%; height: 1; border: none; min-height: 1; }
    #folder { margin: 1 0 0 0; }
    TooSmallScreen { align: center middle; }
    #too-small-text { width: 100%; height: auto; padding: 0 1; text-style: bold; }
    """

    def __init__(self, settings: Settings | None = None, seed: int | None = None,
                 save_path: Path | None = None, resume: bool = False,
                 lock: SaveLock | None = None, config: Path | None = None,
                 chosen: Collection[str] | None = None) -> None:  # fmt: skip
        # NO_COLOR: the terminal's own colours, no fixed foreground or background
        # (Textual then strips every colour; bold, reverse and underline stay)
        super().__init__(ansi_color=True if not colours() else None)
        self.config = config  # where the choices are remembered (None: they are not)
        remembered = Remembered.load(config) if config is not None else Remembered()
        # chosen: the settings the command line gave (they win over the remembered ones)
        self.settings = merged(remembered.settings, settings or Settings(), chosen)
        self.seed = seed
        self.save_path = save_path or default_save_path()
        self.lock = lock or SaveLock(self.save_path)
        self.resume_at_start = resume
        self.refused = False
        self.notice: Text | str = ""
        self.farewell: str | None = None
        """The line printed when the table closes (the match saved, how to come back)."""
        self.start_focus = ""
        self.notice = remembered.notice(self.settings.ui)
        self.read_notes = remembered.read  # the guided match's notes already read
        self.first_start = config is not None and not config.exists()

    def on_mount(self) -> None:
        self.take_lock()
        if self.resume_at_start and self.save_path.exists() and not self.refused:
            self.resume()
        else:
            self.push_screen(StartScreen())
        self.call_after_refresh(self.check_size)
        self.set_interval(0.2, self.check_size)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)  # at once, not at the next 0.2 s tick

    def check_size(self) -> None:
        """Below :data:`MIN_SIZE` a screen says so over the table; it goes away when
        the window is large enough again. Its timer may tick once more while the app
        closes, when no screen is left: nothing to do then."""
        if not self.screen_stack:
            return
        small = self.size.width < MIN_SIZE[0] or self.size.height < MIN_SIZE[1]
        shown = isinstance(self.screen, TooSmallScreen)
        if small and not shown:
            self.push_screen(TooSmallScreen(self.settings.ui))
        elif not small and shown:
            self.pop_screen()

    def on_unmount(self) -> None:
        self.lock.release()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette's commands, the table's own, in the interface's
        language: none of :data:`NOT_IN_PALETTE`."""
        ui = self.settings.ui
        for command in super().get_system_commands(screen):
            if command.title in NOT_IN_PALETTE:
                continue
            yield command._replace(title=tr(ui, command.title), help=tr(ui, command.help))

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            placeholder = tr(self.settings.ui, "Search for commands…")
            self.push_screen(CommandPalette(placeholder=placeholder, id="--command-palette"))

    def action_help_quit(self) -> None:
        """Ctrl+C does not quit: say which key does, in the interface's language."""
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit", "quit_table"):
                ui = self.settings.ui
                self.notify(
                    tr(ui, "Press [b]{key}[/b] to quit.", key=key),
                    title=tr(ui, "Do you want to quit?"),
                )
                return

    def take_lock(self) -> None:
        """Hold the save for as long as the table is open; another table holding it
        leaves only *Quit*, a folder that cannot hold it leaves a match without save."""
        try:
            self.lock.acquire()
        except SaveInUseError as error:
            self.refused = True
            self.notice = Text(f"{error.text(self.settings.ui)}.", style="bold red")
        except SaveError as error:
            said = tr(
                self.settings.ui,
                "{error}: you can play, but nothing will be saved.",
                error=error.text(self.settings.ui),
            )
            self.notice = Text(said, style="red")

    def new_match(self, fresh: bool = False) -> None:
        """A new match with the settings (``fresh``: a new seed, for *play again*)."""
        seed = None if fresh else self.seed
        if self.config is not None:
            remember(self.config, self.settings)
        self.start(TableSession(self.settings, seed, self.save_path, self.lock))

    def keep_history(self, session: TableSession) -> None:
        """The donne just over (and the match, when it is over) in the history."""
        path, obs = history_path(self.save_path), session.observation()
        append(path, donne_entry(obs, session.seed, session.settings.bots))
        if session.is_over:
            append(path, match_entry(obs, session.seed))

    def note_read(self, name: str | None) -> None:
        """A note of the guided match was read: it is not shown again."""
        if name:
            self.read_notes.add(name)
            if self.config is not None:
                found = Remembered.load(self.config)
                found.read |= self.read_notes
                found.save(self.config)

    def action_stats(self) -> None:
        """``t``: the person's statistics across matches."""
        if not isinstance(self.screen, StatsScreen):
            self.push_screen(StatsScreen(history_path(self.save_path), self.settings.ui))

    def start(self, session: TableSession) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(TableScreen(session))
        else:
            self.push_screen(TableScreen(session))

    def resume(self) -> None:
        try:
            session = TableSession.load(self.save_path, self.lock)
        except InvalidRecordError as error:
            said = tr(
                self.settings.ui,
                "The saved match could not be resumed ({error}); {aside}.",
                error=error,
                aside=self.set_aside(),
            )
            self.notice = Text(said, style="red")
            if isinstance(self.screen, StartScreen):
                self.screen.refresh(recompose=True)
            else:
                self.push_screen(StartScreen())
            return
        self.settings = session.settings
        self.start(session)

    def set_aside(self) -> str:
        try:
            moved = set_aside(self.save_path)
        except OSError as error:
            return tr(
                self.settings.ui,
                "it could not be set aside ({reason}) and stays where it is",
                reason=reason(error),
            )
        return tr(self.settings.ui, "it was set aside as {name}", name=moved.name)


def run(
    settings: Settings, seed: int | None, resume: bool, save_path: Path | None = None,
    chosen: Collection[str] | None = None,
) -> None:  # fmt: skip
    """Open the table (blocks until the person quits); ``chosen``: the settings given
    on the command line, which win over the remembered ones; :class:`AtoutError` before it
    opens for settings out of range or a save another table holds, and the table's exit
    status (not 0 after a crash or a quit without save) as ``SystemExit``."""
    settings.check()
    if seed is not None:
        check_seed(seed)
    path = save_path or default_save_path()
    lock = SaveLock(path)
    try:
        lock.acquire()
    except SaveInUseError:
        raise
    except SaveError:
        pass
    app = TarotApp(settings, seed, path, resume, lock, config_path(), chosen)
    app.run()
    if app.farewell:
        print(app.farewell)
    if app.return_code:
        raise SystemExit(app.return_code)
