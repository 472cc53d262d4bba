"""The terminal table's panels over the table: help, a result, a question, the export,
the score sheet, the rules, the poignée's trumps."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import ClassVar, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Static

from atout import bot_levels, rulebook
from atout.cards import CardSet
from atout.chien import why_not_poignee
from atout.i18n import N_
from atout.session import TableObservation
from atout.state import (
    PoigneeShown,
)
from atout.table import Variant
from atout.tui.button import Button
from atout.tui.guide import COMFORT_HELP, with_comforts
from atout.tui.session import (
    TableSession,
    reason,
)
from atout.tui.texts import HELP, card_text, sheet_text, translate_footer
from atout.tui.words import Seats, refusal_text, tr
from atout.tui.wrap import hang, hanging, wrapped

HELP_WIDTH = 70
"""The help's lines are this wide: its dialog (76 columns) less its border, its padding
and its scrollbar."""

ResultType = TypeVar("ResultType")


class Modal(ModalScreen[ResultType]):
    """A panel over the table with a footer of its own: the keys it shows are the
    panel's, which work there (the table's do not while the panel is open)."""

    def __init__(self, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name, id)
        self.notes: set[str] = set()  # the notes it showed (:meth:`note`): they go with it

    def on_mount(self) -> None:
        self.mount(Footer())
        settings = getattr(self.app, "settings", None)
        translate_footer(self, getattr(settings, "ui", "en"))

    def note(self, text: str) -> None:
        """A note of the panel's, taken away when another panel covers it or it closes."""
        self.notes.add(text)
        self.notify(text)

    def on_screen_suspend(self) -> None:
        for shown in list(self.app._notifications):
            if shown.message in self.notes:
                self.app._unnotify(shown)


class MoreScroll(VerticalScroll):
    """A text that scrolls, whose footer says ``↓ PgDn more`` while there is more of
    it below (the label in ``ui``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pagedown", "page_down", N_("more"), key_display="↓ PgDn"),
    ]

    def __init__(self, ui: str, id: str) -> None:
        super().__init__(id=id)
        self.ui = ui

    def on_mount(self) -> None:
        self._bindings = self._bindings.copy()
        table = self._bindings.key_to_bindings
        table["pagedown"] = [replace(b, description=tr(self.ui, "more")) for b in table["pagedown"]]
        for name in ("scroll_y", "virtual_size", "size"):  # more below, or not
            self.watch(self, name, lambda: self.screen.refresh_bindings(), init=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``more`` (PgDn) is in the footer while there is more of the text below."""
        return action != "page_down" or self.scroll_y < self.max_scroll_y


class WrappedText(Static):
    """A text wrapped at its width between words, never inside a unit (a count with its
    words: ``chute de 20``; a seat's number with its name) nor before a sign French sets
    after a space (``;``, ``:``), by :func:`wrapped`."""

    def __init__(self, text: Text | str = "", id: str | None = None, classes: str = "") -> None:
        super().__init__(text, id=id, classes=classes)
        self.source = text

    def show(self, text: Text | str) -> None:
        """``text`` in place of the one shown, wrapped at the width there is."""
        self.source = text
        self.update(wrapped(text, self.content_size.width))

    def on_resize(self) -> None:
        self.update(wrapped(self.source, self.content_size.width))


class HelpScreen(Modal[None]):
    """The keys and the comforts, as tall as the terminal; when the help must scroll,
    its footer says so (``↓ PgDn more``) until its last line is on the screen."""

    BINDINGS: ClassVar[list[BindingType]] = [("escape,q,question_mark", "close", N_("Close"))]

    def __init__(self, ui: str) -> None:
        super().__init__()
        self.ui = ui

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            with MoreScroll(self.ui, id="help-scroll"):
                search = bot_levels.title("search", self.ui)
                comforts = tr(self.ui, COMFORT_HELP, search=search)
                keys = with_comforts(tr(self.ui, HELP), comforts)
                yield Static(hang(keys, HELP_WIDTH), id="help-text")
            yield Button(tr(self.ui, "Close"), id="close")

    def on_mount(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).focus()  # ↑ ↓, PgUp PgDn scroll it
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """The help as tall as the terminal leaves room for, its button under it."""
        room = self.app.size.height - 5  # the border, the button, the footer, a line
        self.query_one(".dialog").styles.max_height = max(6, room + 3)
        self.query_one("#help-scroll").styles.max_height = max(3, room)

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class PanelScreen(Modal[str]):
    """A panel of text with its buttons, each with a key: a result, the standings, the
    last trick. It gives back the id of the button chosen (``continue``: Enter)."""

    DEFAULT_CSS = """
    #panel-note { height: auto; max-height: 2; display: none; margin: 1 0 0 0; }
    #panel-lasting { height: auto; margin: 1 0 0 0; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        ("enter", "choose('continue')", N_("Continue")),
        Binding("escape", "escape", show=False),
        # the text scrolls by the keys whichever button has the focus
        Binding("pagedown", "scroll_text('page_down')", N_("more"), key_display="↓ PgDn"),
        Binding("down", "scroll_text('scroll_down')", show=False),
        Binding("up", "scroll_text('scroll_up')", show=False),
        Binding("pageup", "scroll_text('page_up')", show=False),
        Binding("home", "scroll_text('scroll_home')", show=False),
        Binding("end", "scroll_text('scroll_end')", show=False),
    ]

    def __init__(
        self,
        text: Text | str,
        button: str = "Continue",
        more: tuple[tuple[str, str, str], ...] = (),
        escape: str = "",
        words: dict[str, str] | None = None,
        keep: str = "",
        lasting: str = "",
    ) -> None:
        """``escape``: what Escape says instead of going on (a result panel must not
        deal the next donne on Escape); without it Escape goes on as Enter does.
        ``words``: the footer's shorter word for a button (by its id), so that the
        footer's keys fit in 80 columns. ``keep``: a line of the text kept in sight
        whatever the panel's height (the person's place in the standings). ``lasting``:
        a line under the text that stays while the panel is up, whatever scrolls or is
        pressed (where the match was exported)."""
        super().__init__()
        self.text, self.button, self.more, self.escape = text, button, more, escape
        self.words = words or {}
        self.keep, self.lasting = keep, lasting
        self.said = ""  # the panel's note, once a key of the table was pressed over it

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            with VerticalScroll(id="panel-scroll"):
                yield WrappedText(self.text, id="panel-text")
            if self.lasting:
                yield WrappedText(Text(self.lasting, style="bold"), id="panel-lasting")
            yield Static("", id="panel-note")
            if self.button:
                yield Button(self.button, id="continue", variant="primary")
            if self.more:
                with Horizontal(id="panel-buttons"):
                    for ident, label, key in self.more:
                        yield Button(f"{label} ({key})", id=ident)

    def on_mount(self) -> None:
        for ident, label, key in self.more:
            self._bindings.bind(key, f"choose('{ident}')", self.words.get(ident, label))
        if self.escape:  # a result or the standings: the keys that still work over it
            self._bindings.bind("t", "app.stats", N_("Statistics"))
            self._bindings.bind("question_mark", "help", N_("Help"))
            self._bindings.bind("l,r,h,u,s", "not_here", show=False)
        if not self.button and self.more:
            self.query_one(f"#{self.more[0][0]}", Button).focus()
        scroll = self.query_one("#panel-scroll", VerticalScroll)
        for name in ("scroll_y", "virtual_size", "size"):  # more below, or not
            self.watch(scroll, name, lambda: self.refresh_bindings(), init=False)
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def keep_in_sight(self) -> None:
        """The text from its top, as the panel opens and when its note takes a row
        from its text; scrolled only as far as the line :attr:`keep` needs to be in
        sight, counted from the top (not from wherever an earlier, smaller layout
        left it), so that the title shows whenever the line fits under it."""
        scroll = self.query_one("#panel-scroll", VerticalScroll)
        lines = str(self.query_one("#panel-text", WrappedText).render()).split("\n")
        keep = self.keep.rstrip()
        found = [i for i, line in enumerate(lines) if keep and line.rstrip() == keep]
        room = scroll.scrollable_content_region.height
        top = max(0, found[-1] - room + 1) if found and room > 0 else 0
        scroll.scroll_to(y=top, animate=False, immediate=True)
        self.refresh_bindings()

    def fit(self) -> None:
        """The panel as wide as its longest line and as tall as its text, within the
        terminal (a line is wrapped only when the terminal is too narrow for it)."""
        width, height = self.app.size
        text = self.text if isinstance(self.text, Text) else Text(self.text)
        longest = max((cell_len(line) for line in text.plain.splitlines()), default=0)
        dialog = self.query_one(".dialog")
        wide = max(20, min(width - 2, max(76, longest + 5)))
        dialog.styles.width = wide
        dialog.styles.max_height = max(8, height - 2)
        buttons = (2 if self.button else 0) + (2 if self.more else 0)
        if self.query_one("#panel-note").display:  # its margin, its lines at its width
            buttons += 1 + len(wrapped(self.said, wide - 4).plain.split("\n"))
        if self.lasting:
            buttons += 1 + len(wrapped(self.lasting, wide - 4).plain.split("\n"))
        self.query_one("#panel-scroll").styles.max_height = max(3, height - 4 - buttons)
        self.call_after_refresh(self.keep_in_sight)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter is shown only when there is a button it presses; ``more`` (PgDn) only
        while there is more of the text below."""
        if action == "scroll_text" and parameters == ("page_down",):
            scroll = self.query_one("#panel-scroll", VerticalScroll)
            return scroll.scroll_y < scroll.max_scroll_y
        return not (action == "choose" and parameters == ("continue",) and not self.button)

    def action_scroll_text(self, how: str) -> None:
        """↑ ↓, PgUp PgDn, Home End: the panel's text scrolls (a 4-player standings
        panel is taller than 24 rows)."""
        scroll = self.query_one("#panel-scroll", VerticalScroll)
        if how in ("scroll_home", "scroll_end"):  # at once: the footer's note follows
            scroll.scroll_to(y=0 if how == "scroll_home" else scroll.max_scroll_y, animate=False)
            self.call_after_refresh(self.refresh_bindings)
            return
        getattr(scroll, f"action_{how}")()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(getattr(self.app.settings, "ui", "en")))  # type: ignore[attr-defined]

    def action_not_here(self) -> None:
        """A key of the table pressed over its panel: what the panel's keys do."""
        self.note(self.escape)

    def note(self, text: str) -> None:
        """The panel's word in a line of its own above its buttons (a toast lay over
        them), its text scrolling in a row less."""
        self.said = text
        line = self.query_one("#panel-note", Static)
        line.update(Text(text, style="bold"))
        line.display = True
        self.fit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "continue")

    def action_choose(self, ident: str) -> None:
        if ident == "continue" and not self.button:
            self.action_escape()
            return
        self.dismiss(ident)

    def action_escape(self) -> None:
        if self.escape:
            self.note(self.escape)
        elif self.button:
            self.dismiss("continue")


class ConfirmScreen(Modal[bool]):
    """A yes-or-no question (y / n, Escape: no)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        ("y", "answer(True)", N_("Yes")),
        ("n,escape", "answer(False)", N_("No")),
    ]

    def __init__(self, question: str, ui: str) -> None:
        super().__init__()
        self.question, self.ui = question, ui

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, id="question")
            with Horizontal(id="confirm-buttons"):
                yield Button(tr(self.ui, "Yes (y)"), id="yes", variant="error")
                yield Button(tr(self.ui, "No (n)"), id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class ExportScreen(Modal[str]):
    """The folder to export to (the data folder by default); Enter writes the match as
    an ``atout.game/1`` record there and gives back what happened."""

    BINDINGS: ClassVar[list[BindingType]] = [("escape", "cancel", N_("Cancel"))]

    def __init__(self, session: TableSession, folder: Path) -> None:
        super().__init__()
        self.session, self.folder = session, folder

    @property
    def ui(self) -> str:
        return self.session.settings.ui

    def compose(self) -> ComposeResult:
        if self.session.is_over:  # the whole match: nothing is played "so far" any more
            asked = N_(
                "Export the match as an atout.game/1 record, {name}, into the folder "
                "(Enter writes it, Escape cancels):"
            )
        else:
            asked = N_(
                "Export the donnes played so far as an atout.game/1 record, {name}, into "
                "the folder (Enter writes it, Escape cancels):"
            )
        with Vertical(classes="dialog wide"):
            yield Static(tr(self.ui, asked, name=export_name(self.session)), id="export-text")
            yield Input(str(self.folder), id="folder", select_on_focus=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        folder = event.value.strip()
        if not folder:  # a key typed over the folder by mistake: never a folder of spaces
            self.query_one("#export-text", Static).update(
                tr(self.ui, "Give a folder to export to: the field is empty (Escape cancels).")
            )
            return
        self.dismiss(export_to(self.session, Path(folder).expanduser()))

    def action_cancel(self) -> None:
        self.dismiss("")


def export_name(session: TableSession) -> str:
    return f"atout-match-{session.seed}.json"


def export_to(session: TableSession, folder: Path) -> str:
    """Write the record into ``folder`` (made when missing); what happened, in words."""
    ui = session.settings.ui
    path = folder / export_name(session)
    try:
        if not folder.exists():
            folder.mkdir(parents=True)
        session.export(path)
    except OSError as error:
        return tr(ui, "Not exported ({why}): {path}", why=reason(error), path=path)
    if session.is_over:
        return tr(ui, "Exported the match (atout.game/1) to {path}", path=path)
    return tr(ui, "Exported the donnes played so far (atout.game/1) to {path}", path=path)


def export_folder(save_path: Path) -> Path:
    """Where an export goes unless the person chooses another folder: the data folder,
    beside the save."""
    return save_path.parent


class SheetScreen(Modal[None]):
    """The score sheet: every donne of the match and the running totals (S4)."""

    BINDINGS: ClassVar[list[BindingType]] = [("escape,m,enter,q", "close", N_("Close"))]

    def __init__(self, obs: TableObservation, seats: Seats, lang: str) -> None:
        super().__init__()
        self.obs, self.seats, self.lang = obs, seats, lang

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog sheet"):
            with VerticalScroll(id="sheet-scroll"):
                yield Static(sheet_text(self.obs, self.seats, self.lang), id="sheet-text")
            yield Button(tr(self.seats.ui, "Close (m)"), id="close")

    def on_mount(self) -> None:
        self.query_one("#sheet-scroll", VerticalScroll).scroll_end(animate=False)

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


RULE_IDS: tuple[str, ...] = tuple(r.id for r in rulebook.rules())


class RuleView(Static):
    """One rule of the rule book: its id and title, then its text, settings, examples."""

    def __init__(self, rule: str, ui: str) -> None:
        self.title, _, self.body = rulebook.render_rule(rule, ui, keys=False).partition("\n")
        super().__init__(self.drawn(0), classes="rule")
        self.rule = rule

    def drawn(self, width: int) -> Text:
        """The rule wrapped to ``width``, a setting's line under its first word."""
        return Text.assemble((self.title, "bold"), "\n", hanging(self.body, width))

    def on_resize(self) -> None:
        self.update(self.drawn(self.content_size.width))


class RulesScreen(Modal[None]):
    """Every rule by its id, in the interface's language (from :mod:`atout.rulebook`);
    ↑/↓ go from one to the next."""

    BINDINGS: ClassVar[list[BindingType]] = [
        ("escape,r,q", "close", N_("Close")),
        Binding("up", "move(-1)", N_("Previous"), priority=True),
        Binding("down", "move(1)", N_("Next"), priority=True),
    ]

    def __init__(self, ui: str, rule: str | None = None) -> None:
        super().__init__()
        self.ui = ui
        self.rule = rule if rule in RULE_IDS else RULE_IDS[0]

    def compose(self) -> ComposeResult:
        title, text = rulebook.introduction()
        with Vertical(classes="dialog rules"):
            yield Static(tr(self.ui, "The rules (FFT) — ↑/↓ move, Escape closes"), id="rules-title")
            with VerticalScroll(id="rules-scroll"):
                yield Static(Text(title(self.ui), style="bold underline"), classes="chapter")
                yield WrappedText(text(self.ui), classes="intro")
                for chapter in rulebook.chapters():
                    yield Static(
                        Text(chapter.title(self.ui), style="bold underline"), classes="chapter"
                    )
                    for rule in chapter.rules:
                        yield RuleView(rule, self.ui)

    def on_mount(self) -> None:
        self.show(self.rule)

    def show(self, rule: str) -> None:
        self.rule = rule
        for view in self.query(RuleView):
            view.set_class(view.rule == rule, "current")
            if view.rule == rule:
                self.call_after_refresh(
                    self.query_one("#rules-scroll", VerticalScroll).scroll_to_widget,
                    view,
                    animate=False,
                    top=True,
                )

    def action_move(self, step: int) -> None:
        index = RULE_IDS.index(self.rule)
        self.show(RULE_IDS[max(0, min(len(RULE_IDS) - 1, index + step))])

    def action_close(self) -> None:
        self.dismiss(None)


class PoigneeScreen(Modal[PoigneeShown | None]):
    """A2: the person chooses which trumps the poignée shows: ←/→ move, space or
    Enter takes a trump in or out, y shows the poignée, 1 2 3 its level, Escape goes
    back without showing it."""

    BINDINGS: ClassVar[list[BindingType]] = [  # the footer fits in 80 columns, in French too
        Binding("left", "move(-1)", N_("Trump"), key_display="←→"),
        Binding("right", "move(1)", N_("Trump"), show=False),
        Binding("space", "take", N_("Take in or out")),
        Binding("enter", "take", N_("Take in or out"), show=False),
        ("y", "show", N_("Show")),
        Binding("1", "level(0)", N_("Level"), key_display="1-3"),
        Binding("2", "level(1)", N_("Double"), show=False),
        Binding("3", "level(2)", N_("Triple"), show=False),
        Binding("escape", "cancel", N_("Back"), key_display="Esc"),
    ]

    def __init__(
        self, seat: int, hand: CardSet, options: list[PoigneeShown], players: int, lang: str,
        ui: str,
    ) -> None:  # fmt: skip
        super().__init__()
        self.seat, self.hand, self.options = seat, hand, options
        self.variant = Variant.for_players(players)
        self.lang, self.ui = lang, ui
        self.trumps = [c for c in hand.sorted_for_hand() if c.is_trump or c.is_excuse]
        self.level = len(options) - 1
        self.chosen = set(options[self.level].cards)
        self.cursor = 0

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(id="poignee-head")
            yield Static(id="poignee-cards")
            yield Static(id="poignee-why")

    def on_mount(self) -> None:
        self._bindings = self._bindings.copy()
        table = self._bindings.key_to_bindings  # the space key named in the language
        space = tr(self.ui, "space")
        table["space"] = [replace(b, key_display=space) for b in table["space"]]
        self.draw()

    def draw(self, why: str = "") -> None:
        option = self.options[self.level]
        need = len(option.cards)
        levels = " · ".join(
            f"{i + 1} {tr(self.ui, o.level)}" + (" ◀" if i == self.level else "")
            for i, o in enumerate(self.options)
        )
        self.query_one("#poignee-head", Static).update(
            tr(
                self.ui,
                "Show a {level} poignée (A1–A2): exactly {need} trumps, sorted; the Excuse "
                "only if you hold no other trump. Chosen: {count}/{need}.\n{levels}\n"
                "←/→ move · space takes a trump in or out · y shows · Escape: not now",
                level=tr(self.ui, option.level),
                need=need,
                count=len(self.chosen),
                levels=levels,
            )
        )
        text = Text()
        for index, card in enumerate(self.trumps):
            part = card_text(card, self.lang, legal=card in self.chosen)
            if card in self.chosen:
                part.stylize("underline")
            if index == self.cursor:
                part.stylize("reverse")
            text.append_text(part)
            text.append(" ")
        self.query_one("#poignee-cards", Static).update(text)
        self.query_one("#poignee-why", Static).update(Text(why, style="bold red"))

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self.trumps)
        self.draw()

    def action_take(self) -> None:
        card = self.trumps[self.cursor]
        self.chosen ^= {card}
        self.draw()

    def action_level(self, level: int) -> None:
        if level < len(self.options):
            self.level = level
            self.chosen = set(self.options[level].cards)
            self.draw()

    def action_show(self) -> None:
        option = self.options[self.level]
        cards = tuple(c for c in self.trumps if c in self.chosen)
        why = why_not_poignee(self.hand, self.variant, option.level, cards)
        if why is not None:
            self.draw(tr(self.ui, "Refused — {why}", why=refusal_text(why, self.ui, self.lang)))
            return
        self.dismiss(PoigneeShown(self.seat, option.level, cards))

    def action_cancel(self) -> None:
        self.dismiss(None)


MIN_SIZE = (80, 24)
"""The smallest window the table is drawn in (columns, rows)."""


class TooSmallScreen(Screen[None]):
    """Over everything while the window is smaller than :data:`MIN_SIZE`; gone once it
    is large enough again (nothing is lost meanwhile)."""

    def __init__(self, ui: str) -> None:
        super().__init__()
        self.ui = ui

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.tell()

    def on_resize(self) -> None:
        self.tell()

    def tell(self) -> None:
        width, height = self.app.size
        self.query_one("#too-small-text", Static).update(
            wrapped(
                tr(
                    self.ui,
                    "The window is too small: {width}×{height}. The table needs at least "
                    "{min_width}×{min_height}; enlarge the window to go on.",
                    width=width,
                    height=height,
                    min_width=MIN_SIZE[0],
                    min_height=MIN_SIZE[1],
                ),
                width - 2,
            )  # at words (the padding's two columns aside), ";" kept on its line
        )
