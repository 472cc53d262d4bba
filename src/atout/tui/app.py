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

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, RichLog, Static

from atout import rulebook
from atout.bidding import Contract
from atout.bots import BOTS
from atout.cards import Card, CardSet
from atout.chien import why_not_in_ecart, why_not_poignee
from atout.errors import IllegalActionError, InvalidRecordError, Reason
from atout.i18n import N_
from atout.score_text import number, score_bonuses, score_equation
from atout.session import MakeEcart, SheetRow, TableAction, TableObservation
from atout.state import (
    Bid,
    CallCard,
    CardPlayed,
    ChelemDecision,
    GamePhase,
    PoigneeShown,
    Trick,
)
from atout.table import Variant
from atout.tui.history import append, donne_entry, history_path, match_entry
from atout.tui.remember import Remembered, config_path, merged, remember
from atout.tui.session import (
    MAX_DEALS,
    PAUSES,
    SPEEDS,
    SaveError,
    SaveInUseError,
    SaveLock,
    Settings,
    TableSession,
    check_seed,
    default_save_path,
    read_save,
    reason,
    set_aside,
)
from atout.tui.stats_screen import StatsScreen
from atout.tui.story import Story, contract_name
from atout.tui.words import Seats, plural, refusal_text, tr

__all__ = ["TarotApp"]

BID_KEYS = {
    "p": None,
    "1": Contract.PRISE,
    "2": Contract.GARDE,
    "3": Contract.GARDE_SANS,
    "4": Contract.GARDE_CONTRE,
}
SHORT_BIDS = {
    None: "Passe",
    Contract.PRISE: "Prise",
    Contract.GARDE: "Garde",
    Contract.GARDE_SANS: "G. sans",
    Contract.GARDE_CONTRE: "G. contre",
}
SUIT_STYLE = {0: "bold", 1: "bold red", 2: "bold red", 3: "bold"}
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

PALETTE = (
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Hide the keys and widget help panel"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
)
"""The command palette's own commands (Textual's), said in the interface's language."""

HELP = N_("""\
[b]Keys[/b]
  ← →, Enter   choose a card and play it (←/→ skip the dim ones)
  mouse        click a card or a button
  p 1 2 3 4    bid: passe, prise, garde, garde sans, garde contre
  1 2 3 4      5 players, the taker: call the King shown on that button (B4)
  Enter, u, y  écart: put a card aside, take the last one back, confirm
  c  n         announce a chelem (when offered), or not
  s            show a poignée: choose its trumps (when offered)
  space        go on after a trick; skip the deal's animation
  l            the last trick     m  the score sheet     r  the rules
  x            export the match (atout.game/1)
  ?            this help          q  save and quit

Legal cards are bright, the others dim; a refused card says why, with its rule
(r opens the rules on it). The chien's cards are underlined in the taker's hand.
Seats go counter-clockwise: seat 1 after yours is your right neighbour.
""")


def card_text(card: Card, lang: str, legal: bool = True, marked: bool = False) -> Text:
    label = card.display(lang)
    if card.is_trump:
        style = "bold cyan"
    elif card.is_excuse:
        style = "bold magenta"
    else:
        style = SUIT_STYLE[card // 14]
    if not legal:
        style = "dim"
    if marked:
        style += " underline"
    return Text(label, style=style)


def donne_over(obs: TableObservation) -> bool:
    """The donne being shown is over (its row is on the score sheet)."""
    return bool(obs.sheet) and obs.sheet[-1].number == obs.number


def points_text(points: float, ui: str = "en") -> str:
    """Points as the reader writes them (``41,5`` in French)."""
    return number(points, ui)


class CardView(Static):
    """One card of the person's hand; a click chooses it."""

    class Chosen(Message):
        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(
        self, card: Card, lang: str, legal: bool, selected: bool, marked: bool = False
    ) -> None:
        text = card_text(card, lang, legal, marked)
        if selected:
            text.stylize("reverse")
        classes = "card" + ("" if legal else " illegal") + (" chien" if marked else "")
        super().__init__(text, classes=classes)
        self.card, self.cursor = card, selected

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.card))


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [("escape,q,question_mark", "close", N_("Close"))]

    def __init__(self, ui: str) -> None:
        super().__init__()
        self.ui = ui

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            with VerticalScroll(id="help-scroll"):
                yield Static(tr(self.ui, HELP), id="help-text")
            yield Button(tr(self.ui, "Close"), id="close")

    def on_mount(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).focus()  # ↑ ↓, PgUp PgDn scroll it
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """The help as tall as the terminal leaves room for, its button under it."""
        room = self.app.size.height - 5  # the border, the button, a line above and below
        self.query_one("#help-scroll").styles.max_height = max(3, min(19, room))

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class PanelScreen(ModalScreen[str]):
    """A panel of text with its buttons, each with a key: a result, the standings, the
    last trick. It gives back the id of the button chosen (``continue``: Enter)."""

    BINDINGS: ClassVar[list[BindingType]] = [("escape,enter", "choose('continue')", N_("Continue"))]

    def __init__(
        self,
        text: Text | str,
        button: str = "Continue",
        more: tuple[tuple[str, str, str], ...] = (),
    ) -> None:
        super().__init__()
        self.text, self.button, self.more = text, button, more

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            with VerticalScroll(id="panel-scroll"):
                yield Static(self.text, id="panel-text")
            if self.button:
                yield Button(self.button, id="continue", variant="primary")
            if self.more:
                with Horizontal(id="panel-buttons"):
                    for ident, label, key in self.more:
                        yield Button(f"{label} ({key})", id=ident)

    def on_mount(self) -> None:
        for ident, _, key in self.more:
            self._bindings.bind(key, f"choose('{ident}')", show=False)
        if not self.button and self.more:
            self.query_one(f"#{self.more[0][0]}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "continue")

    def action_choose(self, ident: str) -> None:
        if ident == "continue" and not self.button:
            return
        self.dismiss(ident)


class ConfirmScreen(ModalScreen[bool]):
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


class ExportScreen(ModalScreen[str]):
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
        with Vertical(classes="dialog wide"):
            yield Static(
                tr(
                    self.ui,
                    "Export the donnes played so far as an atout.game/1 record, "
                    "{name}, into the folder (Enter writes it, Escape cancels):",
                    name=export_name(self.session),
                ),
                id="export-text",
            )
            yield Input(str(self.folder), id="folder")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(export_to(self.session, Path(event.value).expanduser()))

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
    return tr(ui, "Exported the donnes played so far (atout.game/1) to {path}", path=path)


def export_folder(save_path: Path) -> Path:
    """Where an export goes unless the person chooses another folder: the data folder,
    beside the save."""
    return save_path.parent


class SheetScreen(ModalScreen[None]):
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


def tiny(seats: Seats, seat: int) -> str:
    """A seat in three letters for the score sheet's columns."""
    if seat == seats.me:
        return tr(seats.ui, "You")[:3]
    places = {3: ("", "R", "L"), 4: ("", "R", "A", "L"), 5: ("", "R", "FR", "FL", "L")}
    place = places[seats.players][seats.relative(seat)]
    if seats.ui == "fr":
        place = {"R": "D", "L": "G", "A": "F", "FR": "LD", "FL": "LG"}[place]
    return f"{place}{seat}"


def bonus_text(row: SheetRow) -> str:
    """The bonuses counted in the donne's score, in a few characters (b, p, c)."""
    result = row.result
    if result is None:
        return ""
    return score_bonuses(result.breakdown)


def sheet_text(obs: TableObservation, seats: Seats, lang: str) -> Text:
    ui = seats.ui
    players = obs.players
    deal, taker, contract = tr(ui, "Deal", "sheet"), tr(ui, "Taker"), tr(ui, "Contract")
    pts, b, bonus, totals = tr(ui, "Pts"), tr(ui, "B"), tr(ui, "Bonus"), tr(ui, "Totals")
    head = f"{'#':>2} {deal:<4} {taker:<8} {contract:<9} {pts:>4} {b} {bonus:<9}"
    head += "".join(f"{tiny(seats, s):>6}" for s in range(players))
    text = Text(tr(ui, "Score sheet") + "\n\n", style="bold")
    text.append(head + "\n", style="bold underline")
    for row in obs.sheet:
        taker = "—"
        if row.taker is not None:
            taker = tiny(seats, row.taker)
            if row.partner is not None and row.partner != row.taker:
                taker += "+" + tiny(seats, row.partner)
        if row.void is not None:
            contract = {"all_pass": tr(ui, "all pass"), "petit_sec": tr(ui, "petit sec")}.get(
                row.void, tr(ui, "void")
            )
        else:
            contract = SHORT_BIDS[Contract(row.contract)] if row.contract else ""
        result = row.result
        points = points_text(result.points, ui) if result else ""
        bouts = str(result.bouts) if result else ""
        line = (
            f"{row.number:>2} {tiny(seats, row.dealer):<4} {taker:<8} {contract:<9} "
            f"{points:>4} {bouts:>1} {bonus_text(row):<9}"
        )
        marks = result.marks if result else (0,) * players
        line += "".join(f"{mark:>+6d}" for mark in marks)
        text.append(line + ("  ✗" if result and not result.made else "") + "\n")
    totals = f"{'':>2} {'':<4} {'':<8} {totals:<9} {'':>4} {'':>1} {'':<9}" + "".join(
        f"{total:>+6d}" for total in obs.totals
    )
    text.append(totals + "\n", style="bold")
    text.append(
        "\n"
        + tr(
            ui,
            "Pts: the taker's camp's points; B: its bouts; b petit au bout, p poignée, "
            "c chelem; ✗ the contract failed.",
        ),
        style="italic",
    )
    return text


RULE_IDS: tuple[str, ...] = tuple(r.id for r in rulebook.rules())


class RuleView(Static):
    """One rule of the rule book: its id and title, then its text, settings, examples."""

    def __init__(self, rule: str, ui: str) -> None:
        title, _, body = rulebook.render_rule(rule, ui).partition("\n")
        super().__init__(Text.assemble((title, "bold"), "\n", body), classes="rule")
        self.rule = rule


class RulesScreen(ModalScreen[None]):
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
                yield Static(text(self.ui), classes="intro")
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


class PoigneeScreen(ModalScreen[PoigneeShown | None]):
    """A2: the person chooses which trumps the poignée shows: ←/→ move, space or
    Enter takes a trump in or out, y shows the poignée, 1 2 3 its level, Escape goes
    back without showing it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        ("left", "move(-1)", "←"),
        ("right", "move(1)", "→"),
        ("space,enter", "take", N_("Take in or out")),
        ("y", "show", N_("Show")),
        ("1", "level(0)", N_("Simple")),
        ("2", "level(1)", N_("Double")),
        ("3", "level(2)", N_("Triple")),
        ("escape", "cancel", N_("Back")),
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


class OptionRow(Static, can_focus=True):
    """One setting of the start screen: ←/→ (or Enter, a click) change it."""

    class Changed(Message):
        def __init__(self, row: OptionRow) -> None:
            super().__init__()
            self.row = row

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Change"), show=False),
        Binding("right,enter,space", "step(1)", N_("Change"), show=False),
    ]

    def __init__(self, ident: str, label: str, values: list[Any], index: int, show: Any) -> None:
        super().__init__(id=ident, classes="option")
        self.label, self.values, self.index, self.show_value = label, values, index, show

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        self.update(f"{self.label:<22} ‹ {self.show_value(self.value)} ›")

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.values)
        self.draw()
        self.post_message(self.Changed(self))

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
        Binding("up", "app.focus_previous", N_("Up"), show=False),
        Binding("down", "app.focus_next", N_("Down"), show=False),
    ]

    @property
    def tarot(self) -> TarotApp:
        app = self.app
        assert isinstance(app, TarotApp)
        return app

    def compose(self) -> ComposeResult:
        app = self.tarot
        settings, ui = app.settings, app.settings.ui
        length = ("target", settings.target) if settings.target else ("deals", settings.deals)
        lengths = list(LENGTHS) if length in LENGTHS else [length, *LENGTHS]
        on_off = {True: tr(ui, "on"), False: tr(ui, "off")}
        with Vertical(classes="dialog"):
            yield Static(tr(ui, "[b]atout[/b] — French Tarot (FFT rules)"), id="title")
            if app.notice:
                yield Static(app.notice, id="notice")
            rows: list[tuple[str, str, list[Any], Any, Any]] = [
                ("players", N_("Players"), [3, 4, 5], settings.players, str),
                ("bots", N_("Bots"), list(BOTS), settings.bots, lambda v: tr(ui, v)),
                ("length", N_("Match"), lengths, length, lambda v: length_text(v, ui)),
                ("speed", N_("Bots' speed"), list(SPEEDS), settings.speed, lambda v: tr(ui, v)),
                ("pause", N_("Pause after a trick"), list(PAUSES), settings.pause,
                 lambda v: pause_text(v, ui)),
                ("animate", N_("Deal told step by step"), [True, False], settings.animate,
                 lambda v: on_off[v]),
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
            with Horizontal(id="start-buttons"):
                if app.refused:
                    yield Button(tr(ui, "Quit"), id="quit", variant="error")
                else:
                    yield Button(tr(ui, "New match (n)"), id="new", variant="primary")
                if app.save_path.exists() and not app.refused:
                    yield Button(tr(ui, "Resume (r)"), id="resume", variant="success")
            yield Static(
                tr(ui, "↑/↓ choose a setting · ←/→ change it · Enter on a button"), id="start-hint"
            )
        yield Footer()

    def on_mount(self) -> None:
        translate_footer(self, self.tarot.settings.ui)
        focus = self.tarot.start_focus
        targets = [w for w in self.query("OptionRow, Button") if w.id == focus]
        if targets:
            targets[0].focus()
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
        else:
            settings = replace(settings, **{row.id or "": row.value})
        app.settings = settings
        if row.id == "ui":  # every label changes
            app.start_focus = "ui"
            self.refresh(recompose=True)
            self.call_after_refresh(self.on_mount)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "quit":
            self.tarot.exit(return_code=1)
        elif event.button.id == "new":
            self.action_new()
        elif event.button.id == "resume":
            self.action_resume()

    def action_new(self) -> None:
        app = self.tarot
        if app.refused:
            return
        question = unfinished_question(app.save_path, app.settings.ui)
        if question is None:
            app.new_match()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                app.new_match()

        app.push_screen(ConfirmScreen(question, app.settings.ui), answered)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """*Resume* is offered (and r answers) only when there is a match to resume."""
        if action == "resume":
            return not self.tarot.refused and self.tarot.save_path.exists()
        return True

    def action_resume(self) -> None:
        if not self.tarot.refused and self.tarot.save_path.exists():
            self.tarot.resume()


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


def length_text(value: tuple[str, int], ui: str) -> str:
    kind, number = value
    if kind == "deals":
        said = plural(ui, number, N_("{number} donne"), N_("{number} donnes"))
        return tr(ui, said, number=number)
    return tr(ui, "up to {number} points", number=number)


def pause_text(value: float, ui: str) -> str:
    if value < 0:
        return tr(ui, "until a key")
    if value == 0:
        return tr(ui, "none")
    return tr(ui, "{seconds:g} s", seconds=value)


# Where each seat sits around the trick (rows, then left/centre/right), counted from the
# person's seat (0): counter-clockwise play puts the next seat on the right.
TABLE_PLACES = {
    3: [(None, None, None), (2, None, 1), (None, 0, None)],
    4: [(None, 2, None), (3, None, 1), (None, 0, None)],
    5: [(3, None, 2), (4, None, 1), (None, 0, None)],
}


class TableScreen(Screen[None]):
    NARRATION_DELAY = 0.05  # seconds between two lines of the deal told

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "←", show=False),
        Binding("right", "move(1)", "→", show=False),
        Binding("enter", "choose", N_("Play"), show=False),
        Binding("p", "bid('p')", show=False),
        *(Binding(str(k), f"number({k})", show=False) for k in range(1, 9)),
        Binding("c", "chelem(True)", N_("Chelem"), show=False),
        Binding("n", "chelem(False)", N_("No chelem"), show=False),
        Binding("s", "poignee", N_("Poignée"), show=False),
        Binding("u", "undo", N_("Undo"), show=False),
        Binding("y", "confirm", N_("Confirm"), show=False),
        Binding("space", "skip", N_("Go on"), show=False),
        Binding("l", "last_trick", N_("Last trick")),
        Binding("m", "sheet", N_("Score sheet")),
        Binding("r", "rules", N_("Rules")),
        Binding("t", "app.stats", N_("Statistics"), show=False),
        Binding("x", "export", N_("Export"), show=False),  # in the help and the panels
        Binding("question_mark", "help", N_("Help")),
        Binding("q", "quit_table", N_("Save & quit")),
    ]

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session
        settings = session.settings
        self.seats = Seats(session.human, settings.players, settings.ui)
        self.story = Story(self.seats, settings.lang, settings.deals)
        self.obs = session.observation()
        self.seen = 0  # the events told in the log
        self.lines: list[str] = []
        self.selected = 0
        self.narration: list[str] = []
        self.busy = False
        self.hold = False
        self.refusal = ""
        self.refusal_rule: str | None = None
        self.quit_unsaved = False
        self.picked: list[Card] = []  # the écart chosen so far, until it is confirmed
        self.result_shown = False
        self.drawn_hand: tuple[Any, ...] = ()
        self.export_note = ""
        self.donne_first_line = 0  # where the donne being played begins in the log

    @property
    def lang(self) -> str:
        return self.session.settings.lang

    @property
    def ui(self) -> str:
        return self.session.settings.ui

    @property
    def me(self) -> int:
        return self.session.human

    def t(self, text: str, **values: Any) -> str:
        return tr(self.ui, text, **values)

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="scores")
        with Horizontal(id="middle"):
            yield Static(id="trick")
            yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Static(id="message")
        yield Static(id="warning")
        yield Container(id="hand")
        yield Horizontal(id="actions")
        yield Footer()

    async def on_mount(self) -> None:
        translate_footer(self, self.ui)
        obs = self.obs
        if obs.number == 0:
            await self.next_donne()
            return
        for event in self.session.donne_events():  # the story of this donne, again
            for line in self.story.lines(event):
                self.log_line(line)
        self.seen = obs.seq
        settings = self.session.settings
        length = ("target", settings.target) if settings.target else ("deals", settings.deals)
        self.log_line(
            self.t(
                "Resumed the saved match ({players} players, {length}): donne {number}.",
                players=obs.players,
                length=length_text(length, self.ui),
                number=obs.number,
            )
        )
        await self.pump()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.rewrap)

    def rewrap(self) -> None:
        """The log written again at the new width, and kept at its end."""
        log = self.query_one("#log", RichLog)
        log.clear()
        for line in self.lines:
            log.write(line)
        log.scroll_end(animate=False)

    # -- the flow --------------------------------------------------------------------------

    def refresh_obs(self) -> TableObservation:
        self.obs = self.session.observation()
        return self.obs

    def tell_new(self) -> list[dict[str, Any]]:
        """Tell the events not yet told; the events."""
        told = self.session.events_since(self.seen)
        for event in told:
            for line in self.story.lines(event):
                self.log_line(line)
        if told:
            self.seen = told[-1]["seq"]
        return told

    async def next_donne(self) -> None:
        self.session.new_donne()
        self.donne_first_line = len(self.lines)
        self.selected = 0
        self.picked = []
        self.result_shown = False
        told = self.session.events_since(self.seen)
        self.seen = told[-1]["seq"] if told else self.seen
        lines = [line for event in told for line in self.story.lines(event)]
        self.refresh_obs()
        if self.session.settings.animate:
            self.narration = lines
            await self.render_table()
            self.busy = True
            self.set_timer(self.NARRATION_DELAY, self.narrate)
        else:
            for line in lines:
                self.log_line(line)
            await self.pump()

    async def narrate(self) -> None:
        if not self.narration:
            self.busy = False
            await self.pump()
            return
        self.log_line(self.narration.pop(0))
        self.set_timer(self.NARRATION_DELAY, self.narrate)

    async def flush_narration(self) -> None:
        while self.narration:
            self.log_line(self.narration.pop(0))
        self.busy = False
        await self.pump()

    async def pump(self) -> None:
        """Let the bots act until it is the person's turn or the donne is over."""
        if self.busy or self.hold:
            return
        obs = self.refresh_obs()
        if donne_over(obs):
            await self.render_table()
            self.show_result()
            return
        if self.session.human_to_act():
            await self.render_table()
            return
        action = self.session.bot_step()
        told = self.tell_new()
        self.refresh_obs()
        await self.render_table()
        if self.trick_pause(told):
            return
        delay = SPEEDS[self.session.settings.speed]
        if isinstance(action, CardPlayed) and delay:
            self.busy = True
            self.set_timer(delay, self.resume_pump)
        elif isinstance(action, Bid) and delay:
            self.busy = True
            self.set_timer(delay / 2, self.resume_pump)
        else:
            self.call_later(self.pump)

    def trick_pause(self, told: list[dict[str, Any]]) -> bool:
        """After a trick, hold the table (the trick stays in the middle) for the pause
        of the settings, or until a key; not when the person leads next."""
        taken = [e for e in told if e["kind"] == "trick_taken"]
        pause = self.session.settings.pause
        if not taken or pause == 0:
            return False
        if self.session.human_to_act():
            return False
        self.hold = True
        winner = self.seats.short(taken[-1]["winner"])
        self.say(self.t("Trick won by {winner} — space goes on.", winner=winner))
        if pause > 0:
            self.set_timer(pause, self.release)
        return True

    async def release(self) -> None:
        if self.hold:
            self.hold = False
            self.say("")
            await self.pump()

    async def resume_pump(self) -> None:
        self.busy = False
        await self.pump()

    async def human(self, action: TableAction) -> None:
        if self.busy:
            self.say(self.t("Wait: the cards are still being dealt (space skips the deal)."))
            return
        if self.hold:
            await self.release()
            return
        if not self.session.human_to_act():
            return
        try:
            self.session.act(action)
        except IllegalActionError as error:
            self.refuse(error.reason)
            return
        self.refusal, self.refusal_rule = "", None
        self.say("")
        self.picked = []
        told = self.tell_new()
        self.refresh_obs()
        await self.render_table()
        if self.trick_pause(told):
            return
        await self.pump()

    def refuse(self, why: Reason) -> None:
        self.refusal = self.t(
            "Refused — {why}", why=refusal_text(why, self.ui, self.lang, self.seats)
        )
        self.refusal_rule = why.rule
        self.say(self.refusal + self.t(" (r: the rule)"), error=True)

    def show_result(self) -> None:
        if self.result_shown:
            return
        self.result_shown = True
        self.tarot.keep_history(self.session, self.obs)
        text = result_text(self.session, self.obs, self.seats, marks=not self.session.is_over)
        if self.export_note:
            text = Text(self.export_note + "\n\n", style="bold") + text
            self.export_note = ""
        if self.session.is_over:
            note = ""
            try:
                self.session.finish()
            except SaveError as error:
                note = "\n\n" + self.t(
                    "The save could not be removed: {error}.", error=error.text(self.ui)
                )
            text.append(note + "\n\n" + standings(self.obs, self.seats))
            more: tuple[tuple[str, str, str], ...] = (
                ("export", self.t("Export"), "x"),
                ("again", self.t("Play again"), "a"),
                ("sheet", self.t("Score sheet"), "m"),
                ("quit", self.t("Quit"), "q"),
            )
            self.app.push_screen(PanelScreen(text, "", more), self.after_match)
        else:
            more = (
                ("sheet", self.t("Score sheet"), "m"),
                ("export", self.t("Export"), "x"),
                ("quit", self.t("Save & quit"), "q"),
            )
            self.app.push_screen(
                PanelScreen(text, self.t("Next donne (Enter)"), more), self.after_result
            )

    async def after_result(self, choice: str | None) -> None:
        if choice == "quit":  # the footer's q, kept on the result panel
            self.result_shown = False
            self.action_quit_table()
            return
        if choice in ("sheet", "export"):
            self.result_shown = False
            self.open_then(choice, self.show_result)
            return
        await self.next_donne()

    def open_then(self, choice: str, then: Any) -> None:
        """The score sheet or the export, then ``then`` (the panel again)."""
        if choice == "sheet":
            self.app.push_screen(SheetScreen(self.refresh_obs(), self.seats, self.lang),
                                 lambda _: then())  # fmt: skip
        else:

            def exported(said: str | None) -> None:
                self.export_said(said)
                self.export_note = said or ""
                then()

            folder = export_folder(self.tarot.save_path)
            self.app.push_screen(ExportScreen(self.session, folder), exported)

    @property
    def tarot(self) -> TarotApp:
        app = self.app
        assert isinstance(app, TarotApp)
        return app

    def after_match(self, choice: str | None) -> None:
        if choice in ("sheet", "export"):
            self.result_shown = False
            self.open_then(choice, self.show_result)
        elif choice == "again":
            self.tarot.new_match(fresh=True)
        else:
            self.app.exit()

    # -- telling -----------------------------------------------------------------------------

    def log_line(self, line: str) -> None:
        self.lines.append(line)
        log = self.query_one("#log", RichLog)
        log.write(line)
        log.scroll_end(animate=False)

    def show_save_state(self) -> None:
        """A red line while the match cannot be saved; gone once a save succeeds."""
        error, warning = self.session.save_error, self.query_one("#warning", Static)
        warning.display = error is not None
        if error is not None:
            text = not_saved_text(self.session, error, self.ui)
            warning.update(Text(text, style="bold red"))

    def say(self, text: str, error: bool = False) -> None:
        self.query_one("#message", Static).update(
            Text(text, style="bold red" if error else "yellow")
        )

    # -- drawing -----------------------------------------------------------------------------

    async def render_table(self) -> None:
        obs = self.obs
        telling = bool(self.narration)
        self.query_one("#status", Static).update(
            status_text(self.session, obs, self.seats, telling)
        )
        self.query_one("#scores", Static).update(scores_text(obs, self.seats))
        self.query_one("#trick", Static).update(
            trick_text(obs, self.seats, self.lang, self.picked, telling)
        )
        self.show_save_state()
        await self.render_hand()
        await self.render_actions()

    def in_ecart(self) -> bool:
        game = self.obs.game
        return (
            game is not None
            and game.phase is GamePhase.ECART
            and game.taker == self.me
            and self.session.human_to_act()
        )

    def hand(self) -> list[Card]:
        """The person's cards as shown: sorted, without those put aside for the écart;
        none while the deal is told (D11)."""
        game = self.obs.game
        if game is None or self.narration:
            return []
        return [c for c in game.hand.sorted_for_hand() if c not in self.picked]

    def playable(self) -> set[Card]:
        if not self.session.human_to_act() or self.hold or self.busy:
            return set()
        game = self.obs.game
        if self.in_ecart() and game is not None:
            left = len(game.chien or ()) - len(self.picked)
            if left <= 0:
                return set()
            rest = CardSet(self.hand())
            return {c for c in rest if why_not_in_ecart(c, rest, left) is None}
        return {a.card for a in self.obs.options if isinstance(a, CardPlayed)}

    def chien_cards(self) -> set[Card]:
        game = self.obs.game
        if game is None or game.chien is None or not self.in_ecart():
            return set()
        return set(game.chien)

    async def render_hand(self) -> None:
        box = self.query_one("#hand", Container)
        cards = self.hand()
        legal = self.playable()
        chien = self.chien_cards()
        self.selected = min(self.selected, max(0, len(cards) - 1))
        if legal and cards and cards[self.selected] not in legal:
            self.selected = next(i for i, c in enumerate(cards) if c in legal)
        drawn = (tuple(cards), frozenset(legal), self.selected, frozenset(chien))
        if drawn == self.drawn_hand:
            return
        self.drawn_hand = drawn
        await box.remove_children()
        await box.mount_all(
            CardView(
                card,
                self.lang,
                card in legal or not legal,
                index == self.selected and bool(legal),
                card in chien,
            )
            for index, card in enumerate(cards)
        )

    async def render_actions(self) -> None:
        bar = self.query_one("#actions", Horizontal)
        await bar.remove_children()
        obs, game = self.obs, self.obs.game
        if not self.session.human_to_act() or game is None or self.narration:
            if not self.hold and not self.refusal:
                self.say("")
            return
        buttons: list[Button] = []
        calls = [a for a in obs.options if isinstance(a, CallCard)]
        for action in obs.options:
            if isinstance(action, Bid):
                label = SHORT_BIDS[action.contract]
                key = next(k for k, c in BID_KEYS.items() if c == action.contract)
                buttons.append(Button(f"{label} ({key})", id=f"bid-{key}"))
            elif isinstance(action, CallCard):
                number = calls.index(action) + 1
                buttons.append(
                    Button(f"{action.card.display(self.lang)} ({number})", id=f"call-{action.card}")
                )
            elif isinstance(action, ChelemDecision):
                label = self.t("Chelem (c)") if action.announce else self.t("No chelem (n)")
                buttons.append(Button(label, id=f"chelem-{int(action.announce)}"))
        if any(isinstance(a, PoigneeShown) for a in obs.options):
            buttons.append(Button(self.t("Poignée… (s)"), id="poignee"))
        if self.in_ecart():
            if self.picked:
                buttons.append(Button(self.t("Take back (u)"), id="undo"))
            if len(self.picked) == len(game.chien or ()):
                buttons.append(Button(self.t("Confirm écart (y)"), id="confirm", variant="primary"))
        await bar.mount_all(buttons)
        if self.refusal:
            self.say(self.refusal + self.t(" (r: the rule)"), error=True)
        else:
            self.say(self.prompt(calls))

    def prompt(self, calls: list[CallCard]) -> str:
        game = self.obs.game
        assert game is not None
        if game.phase is GamePhase.BIDDING:
            return self.t("Your bid (B1–B2): p passes, 1–4 bid; only higher bids are offered.")
        if calls:
            what = self.t("a King") if calls[0].card.is_king else self.t("a card")
            return self.t(
                "You take: call {what} with 1–{count} (B4); its holder is your partner.",
                what=what,
                count=len(calls),
            )
        if self.in_ecart():
            size = len(game.chien or ())
            left = size - len(self.picked)
            if left:
                said = plural(
                    self.ui,
                    left,
                    N_(
                        "Écart (E1–E2): {left} more card to put aside, no King, no bout; "
                        "u takes back."
                    ),
                    N_(
                        "Écart (E1–E2): {left} more cards to put aside, no King, no bout; "
                        "u takes back."
                    ),
                )
                return self.t(said, left=left)
            return self.t("Your écart is chosen: y confirms it, u takes a card back.")
        if game.phase is GamePhase.CHELEM:
            return self.t("Announce a chelem, every trick (A4)? c: yes, n: no.")
        if any(isinstance(a, PoigneeShown) for a in self.obs.options):
            return self.t("Your card — or s: show a poignée first (A1–A2).")
        return self.t("Your turn: play a bright card (←/→, Enter).")

    # -- input -----------------------------------------------------------------------------------

    async def on_card_view_chosen(self, message: CardView.Chosen) -> None:
        await self.choose_card(message.card)

    async def choose_card(self, card: Card) -> None:
        if self.hold:
            await self.release()
            return
        game = self.obs.game
        if game is None or not self.session.human_to_act() or self.busy:
            return
        if self.in_ecart():
            await self.pick(card)
        elif game.phase is GamePhase.PLAY:
            await self.human(CardPlayed(self.me, card))

    async def pick(self, card: Card) -> None:
        """E1–E2: put ``card`` aside for the écart (not yet confirmed)."""
        game = self.obs.game
        assert game is not None
        left = len(game.chien or ()) - len(self.picked)
        if left <= 0:
            self.say(self.t("Your écart is chosen: y confirms it, u takes a card back."))
            return
        rest = CardSet(self.hand())
        why = why_not_in_ecart(card, rest, left)
        if why is not None:
            self.refuse(why)
            return
        self.refusal = ""
        self.picked.append(card)
        await self.render_table()

    async def action_undo(self) -> None:
        if self.in_ecart() and self.picked:
            self.picked.pop()
            self.refusal = ""
            await self.render_table()
        else:
            await self.take_back()

    async def take_back(self) -> None:
        """``u``: the person's last card or bid taken back, with what the bots did after
        it (casual play); the log tells the donne again up to there."""
        if not self.session.settings.undo:
            self.say(self.t("Undo is off (FFT strict): what is played stays played."), error=True)
            return
        if self.busy or self.narration or not self.session.undo():
            self.say(self.t("Nothing to undo: you have not played in this donne yet."))
            return
        self.hold, self.picked, self.refusal, self.refusal_rule = False, [], "", None
        del self.lines[self.donne_first_line :]
        for event in self.session.donne_events():
            self.lines += self.story.lines(event)
        self.seen = self.refresh_obs().seq
        self.lines.append(self.t("Undone: your last action, and what the bots did after it."))
        self.rewrap()
        await self.render_table()

    async def action_confirm(self) -> None:
        game = self.obs.game
        if self.in_ecart() and game is not None and len(self.picked) == len(game.chien or ()):
            await self.human(MakeEcart(self.me, tuple(self.picked)))

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        kind, _, value = button.partition("-")
        if kind == "bid":
            await self.action_bid(value)
        elif kind == "call":
            await self.human(CallCard(self.me, Card.parse(value)))
        elif kind == "chelem":
            await self.action_chelem(value == "1")
        elif kind == "poignee":
            self.action_poignee()
        elif kind == "undo":
            await self.action_undo()
        elif kind == "confirm":
            await self.action_confirm()

    async def action_bid(self, key: str) -> None:
        game = self.obs.game
        if game is not None and game.phase is GamePhase.BIDDING:
            await self.human(Bid(self.me, BID_KEYS[key]))

    async def action_number(self, number: int) -> None:
        game = self.obs.game
        if game is None:
            return
        calls = [a for a in self.obs.options if isinstance(a, CallCard)]
        if calls:
            if number <= len(calls):
                await self.human(calls[number - 1])
        elif game.phase is GamePhase.BIDDING and str(number) in BID_KEYS:
            await self.action_bid(str(number))

    async def action_chelem(self, announce: bool) -> None:
        game = self.obs.game
        if game is not None and game.phase is GamePhase.CHELEM:
            await self.human(ChelemDecision(self.me, announce))

    def action_poignee(self) -> None:
        options = [a for a in self.obs.options if isinstance(a, PoigneeShown)]
        game = self.obs.game
        if not options or game is None or self.busy or self.hold:
            return

        async def shown(poignee: PoigneeShown | None) -> None:
            if poignee is not None:
                await self.human(poignee)

        self.app.push_screen(
            PoigneeScreen(self.me, game.hand, options, self.obs.players, self.lang, self.ui),
            shown,
        )

    async def action_move(self, step: int) -> None:
        cards = self.hand()
        if not cards:
            return
        legal = self.playable()
        index = self.selected
        for _ in range(len(cards)):
            index = (index + step) % len(cards)
            if not legal or cards[index] in legal:
                break
        self.selected = index
        await self.render_hand()

    async def action_choose(self) -> None:
        if self.hold:
            await self.release()
            return
        cards = self.hand()
        if cards and self.session.human_to_act():
            await self.choose_card(cards[self.selected])

    async def action_skip(self) -> None:
        if self.narration:
            await self.flush_narration()
        elif self.hold:
            await self.release()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.ui))

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.ui, self.refusal_rule))

    def action_sheet(self) -> None:
        self.app.push_screen(SheetScreen(self.refresh_obs(), self.seats, self.lang))

    def action_last_trick(self) -> None:
        game = self.obs.game
        done = [t for t in game.tricks if t.winner is not None] if game else []
        if not done:
            self.say(self.t("No trick has been played yet."))
            return
        text = last_trick_text(done[-1], len(done), self.seats, self.lang)
        self.app.push_screen(PanelScreen(text, self.t("Continue")))

    def action_export(self) -> None:
        folder = export_folder(self.tarot.save_path)
        self.app.push_screen(ExportScreen(self.session, folder), self.export_said)

    def export_said(self, said: str | None) -> None:
        if said:
            self.say(said, error=said.startswith(self.t("Not exported")))

    def action_quit_table(self) -> None:
        try:
            self.session.save()
        except SaveError as error:
            self.session.save_error = error
            self.show_save_state()
            if not self.quit_unsaved:
                self.quit_unsaved = True
                self.say(self.t("Not saved: q again quits all the same."), error=True)
                return
            self.app.exit(
                return_code=1,
                message=tr(
                    self.ui,
                    "atout: the match was not saved ({error}); {kept}.",
                    error=error.text(self.ui),
                    kept=kept_text(self.session, self.ui),
                ),
            )
            return
        said = None
        if self.session.saved_actions is not None and not self.session.is_over:
            said = self.t("Match saved: run atout play again to resume it.")
        self.tarot.farewell = said
        self.app.exit()


def translate_footer(screen: Screen[Any], ui: str) -> None:
    """The footer's words in the interface language."""
    screen._bindings = screen._bindings.copy()
    table = screen._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [replace(b, description=footer_word(b.description, ui)) for b in bindings]


def footer_word(description: str, ui: str) -> str:
    """A key's word in the footer, short enough for the keys to fit in 80 columns."""
    if description == "Score sheet":
        return tr(ui, "Score sheet", "footer")
    return tr(ui, description)


def not_saved_text(session: TableSession, error: SaveError, ui: str = "en") -> str:
    return tr(
        ui,
        "Not saved — {error}. The game goes on; {kept}.",
        error=error.text(ui),
        kept=kept_text(session, ui),
    )


def kept_text(session: TableSession, ui: str = "en") -> str:
    kept = session.saved_actions
    if kept is None:
        return tr(ui, "nothing of this match is saved")
    if kept == 1:
        return tr(ui, "the save keeps its last good state (1 action)")
    return tr(ui, "the save keeps its last good state ({kept} actions)", kept=kept)


def status_text(
    session: TableSession, obs: TableObservation, seats: Seats, telling: bool = False
) -> Text:
    ui, lang = seats.ui, session.settings.lang
    if session.settings.target:
        parts = [tr(ui, "Donne {number} · to {target} pts", number=obs.number,
                    target=session.settings.target)]  # fmt: skip
    else:
        parts = [tr(ui, "Donne {number}/{deals}", number=obs.number, deals=obs.deals)]
    game = obs.game
    if game is not None and not telling:
        parts.append(tr(ui, "dealer {name}", name=seats.short(game.dealer)))
        if game.contract is not None and game.taker is not None:
            parts.append(
                tr(ui, "{contract} by {name}", contract=game.contract.label,
                   name=seats.short(game.taker))
            )  # fmt: skip
        if game.called is not None:
            parts.append(tr(ui, "called {card}", card=game.called.display(lang)))
        if game.partner is not None and game.partner != game.taker:
            parts.append(tr(ui, "partner {name}", name=seats.short(game.partner)))
        elif game.partner is not None:
            parts.append(tr(ui, "taker alone"))
        if game.barred:
            barred = ", ".join(seats.short(s) for s in sorted(game.barred))
            parts.append(tr(ui, "barred: {seats}", seats=barred))
    return Text(" · ".join(parts), style="bold reverse")


def scores_text(obs: TableObservation, seats: Seats) -> Text:
    scores = " · ".join(f"{seats.short(s)} {obs.totals[s]:+d}" for s in range(obs.players))
    return Text(tr(seats.ui, "Totals: {list}", list=scores), style="bold")


def split_tricks(tricks: tuple[Trick, ...]) -> tuple[Trick | None, Trick | None]:
    """The trick to draw in the middle (the finished one stays until the next card),
    and the one finished before it (drawn below once the next has begun)."""
    tricks = tuple(t for t in tricks if t.cards or t.winner is not None)
    if not tricks:
        return None, None
    current = tricks[-1]
    before = tricks[-2] if len(tricks) > 1 else None
    return current, before if current.winner is None else None


def trick_text(
    obs: TableObservation, seats: Seats, lang: str, picked: list[Card], telling: bool = False
) -> Text:
    """The middle of the table: each seat's name where it sits, with the card it
    played; ▶ marks the seat to play; the finished trick stays with its winner."""
    ui = seats.ui
    text = Text()
    game = obs.game
    if game is None:
        return text
    current, before = split_tricks(game.tricks)
    shown = dict(current.cards) if current else {}
    to_act = None if telling else game.current_player
    for row in TABLE_PLACES[obs.players]:
        if all(place is None for place in row):
            continue
        for part in ("name", "card"):
            for place in row:
                cell = Text(" " * 10)
                seat = None if place is None else seats.seat_at(place)
                if seat is not None and part == "name":
                    marker = "▶" if to_act == seat else " "
                    cell = Text(f"{marker}{seats.short(seat):<9}")
                    cell.stylize("bold" if marker == "▶" else "")
                elif seat is not None and seat in shown:
                    won = current is not None and current.winner == seat
                    cell = Text("  ") + card_text(shown[seat], lang)
                    if won:
                        cell.stylize("reverse", 2)
                    cell.append(" " * max(0, 10 - len(cell.plain)))
                text.append_text(cell)
            text.append("\n")
    if current is not None:
        text.append(tr(ui, "Led by {name}", name=seats.short(current.leader)) + "\n", "italic")
        if current.winner is not None:
            text.append(
                tr(ui, "Won by {name}", name=seats.short(current.winner)) + "\n", "bold green"
            )
    if before is not None and before.winner is not None:
        cards = " ".join(c.display(lang) for _, c in before.cards)
        text.append(
            tr(ui, "Last: {cards} → {name}", cards=cards, name=seats.short(before.winner)) + "\n",
            "dim",
        )
    if game.phase is GamePhase.ECART and game.chien is not None:
        text.append(tr(ui, "Chien: ") + " ".join(c.display(lang) for c in game.chien) + "\n")
        if game.taker == seats.me:
            chosen = " ".join(c.display(lang) for c in picked) or "—"
            text.append(
                tr(ui, "Your écart ({count}/{size}): {cards}", count=len(picked),
                   size=len(game.chien), cards=chosen) + "\n",
                "bold",
            )  # fmt: skip
    for poignee in game.poignees:
        text.append(
            tr(ui, "{name}: {level} poignée", name=seats.short(poignee.seat),
               level=tr(ui, poignee.level)) + "\n"
        )  # fmt: skip
    if game.chelem is not None:
        text.append(tr(ui, "Chelem announced") + "\n", style="bold")
    return text


def last_trick_text(trick: Trick, number: int, seats: Seats, lang: str) -> Text:
    ui = seats.ui
    text = Text(
        tr(ui, "Trick {number}, led by {name}:", number=number, name=seats.name(trick.leader))
        + "\n\n"
    )
    for seat, card in trick.cards:
        text.append(f"  {seats.name(seat):<16}")
        text.append_text(card_text(card, lang))
        text.append("\n")
    text.append("\n" + tr(ui, "Won by {name}", name=seats.name(trick.winner or 0)))
    return text


def result_text(
    session: TableSession, obs: TableObservation, seats: Seats, marks: bool = True
) -> Text:
    """The donne just over: the contract, both camps' points and bouts, the bonuses,
    the taker's écart, and (``marks``) each seat's marks and total."""
    ui, lang = seats.ui, session.settings.lang
    row = obs.sheet[-1]
    if session.settings.target:
        title = tr(ui, "Donne {number}", number=row.number)
    else:
        title = tr(ui, "Donne {number} of {deals}", number=row.number, deals=obs.deals)
    if row.void == "petit_sec":
        petit = obs.deal.petit_sec
        holder, hand = (petit[0], petit[1]) if petit else (0, CardSet())
        return Text(
            tr(
                ui,
                "{title}: void.\n\nPetit sec (D16): {name} holds the Petit without any other "
                "trump or the Excuse:\n{hand}\n\nThe dealer's right neighbour deals the next "
                "donne.",
                title=title,
                name=seats.name(holder),
                hand=hand.display(lang),
            )
        )
    if row.void == "all_pass":
        return Text(
            tr(ui, "{title}: everyone passed; the donne is void (B3) and the next dealer deals.",
               title=title)
        )  # fmt: skip
    result = row.result
    if result is None or row.taker is None or row.contract is None:
        return Text(tr(ui, "{title}: void after a fault (D12).", title=title))
    contract = contract_name(row.contract, ui)
    head = tr(ui, "{title}: {contract} by {name}", title=title, contract=contract,
              name=seats.name(row.taker))  # fmt: skip
    if row.partner is not None and row.partner != row.taker:
        head += tr(ui, ", partner {name}", name=seats.name(row.partner))
    elif obs.players == 5:
        head += tr(ui, ", alone")
    text = Text(head + "\n\n", style="bold")
    verdict = (
        tr(ui, "made by {n}", n=result.difference)
        if result.made
        else tr(ui, "failed by {n}", n=result.difference)
    )
    camp = plural(
        ui,
        result.bouts,
        N_("Taker's camp: {points} points, {bouts} bout — target {target} (S2): {verdict}"),
        N_("Taker's camp: {points} points, {bouts} bouts — target {target} (S2): {verdict}"),
    )
    text.append(
        tr(ui, camp, points=points_text(result.points, ui), bouts=result.bouts,
           target=result.target, verdict=verdict) + "\n",
        "green" if result.made else "red",
    )  # fmt: skip
    defence = plural(
        ui,
        3 - result.bouts,
        N_("Defence: {points} points, {bouts} bout"),
        N_("Defence: {points} points, {bouts} bouts"),
    )
    text.append(
        tr(ui, defence, points=points_text(91 - result.points, ui), bouts=3 - result.bouts) + "\n"
    )
    equation = score_equation(result.breakdown, ui)
    text.append(tr(ui, "Score (S3): {sum}", sum=equation) + "\n")
    game = session.observation().game
    ecart = list(game.ecart or ()) if game is not None else []
    if ecart:
        shown = " ".join(c.display(lang) for c in ecart)
        text.append(tr(ui, "The taker's écart: {cards}", cards=shown) + "\n")
    elif row.contract in ("garde_sans", "garde_contre"):
        text.append(tr(ui, "No écart: the chien stayed face down (E3).") + "\n")
    if not marks:
        return text
    heads = tr(ui, "Seat"), tr(ui, "marks"), tr(ui, "total")
    text.append("\n" + "{:<16} {:>7} {:>7}\n".format(*heads))
    for seat, mark in enumerate(result.marks):
        text.append(f"{seats.name(seat):<16} {mark:>+7d} {row.totals[seat]:>+7d}\n")
    return text


def standings(obs: TableObservation, seats: Seats) -> str:
    totals = obs.totals
    order = sorted(range(obs.players), key=lambda s: -totals[s])
    lines = [tr(seats.ui, "Standings after the match:")]
    lines += [f"  {rank}. {seats.name(s):<16} {totals[s]:+d}" for rank, s in enumerate(order, 1)]
    return "\n".join(lines)


class TarotApp(App[None]):
    """``atout play``: one person against bots at a full-screen table."""

    TITLE = "atout"
    CSS = """
    Screen { layout: vertical; }
    .dialog { width: 64; height: auto; max-height: 22; border: round $accent; padding: 0 1;
              background: $panel; }
    .wide { width: 76; }
    .sheet { width: 78; max-height: 24; }
    .rules { width: 78; height: 22; }
    #rules-scroll { height: 1fr; }
    .rule, .intro { margin: 0 0 1 0; }
    .rule.current { background: $accent 30%; }
    .chapter { margin: 0 0 1 0; }
    ModalScreen, StartScreen { align: center middle; }
    StartScreen Button { width: 1fr; margin: 0; min-height: 1; height: 1; border: none; }
    .option { height: 1; padding: 0 1; }
    .option:focus { background: $accent; color: $text; text-style: bold; }
    #start-buttons, #confirm-buttons, #panel-buttons { height: 1; margin: 1 0 0 0; }
    #start-buttons Button, #confirm-buttons Button, #panel-buttons Button {
        width: 1fr; min-width: 4; height: 1; border: none; margin: 0 1 0 0; }
    #panel-buttons Button { width: auto; }
    Button:focus { text-style: bold reverse; }
    #start-hint { color: $text-muted; }
    #status, #scores, #message { height: 1; }
    #warning { height: auto; max-height: 2; display: none; }
    #middle { height: 1fr; }
    #trick { width: 32; height: 100%; padding: 0 1; border-right: solid $accent; }
    #log { width: 1fr; }
    #hand { layout: grid; grid-size: 18; grid-gutter: 0; height: 2; }
    .card { width: 4; height: 1; }
    .illegal { text-style: dim; }
    #actions { height: 1; }
    #actions Button { min-width: 8; height: 1; border: none; margin: 0 1 0 0; }
    #panel-scroll { height: auto; max-height: 18; }
    #help-scroll { height: auto; max-height: 19; }
    #panel-text, #help-text { height: auto; }
    #continue, #close { width: 100%; height: 1; border: none; min-height: 1; }
    #folder { margin: 1 0 0 0; }
    """

    def __init__(self, settings: Settings | None = None, seed: int | None = None,
                 save_path: Path | None = None, resume: bool = False,
                 lock: SaveLock | None = None, config: Path | None = None) -> None:  # fmt: skip
        super().__init__()
        self.config = config
        remembered = Remembered.load(config) if config is not None else Remembered()
        self.settings = merged(remembered.settings, settings or Settings())
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

    def on_mount(self) -> None:
        self.take_lock()
        if self.resume_at_start and self.save_path.exists() and not self.refused:
            self.resume()
        else:
            self.push_screen(StartScreen())

    def on_unmount(self) -> None:
        self.lock.release()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette's commands, in the interface's language."""
        ui = self.settings.ui
        for command in super().get_system_commands(screen):
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

    def keep_history(self, session: TableSession, obs: TableObservation) -> None:
        """The donne just over (and the match, when it is over) in the history."""
        path = history_path(self.save_path)
        append(path, donne_entry(obs, session.seed, session.settings.bots))
        if session.is_over:
            append(path, match_entry(obs, session.seed))

    def action_stats(self) -> None:
        """The person's statistics across matches (``t``)."""
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


def run(settings: Settings, seed: int | None, resume: bool, save_path: Path | None = None) -> None:
    """Open the table (blocks until the person quits); :class:`AtoutError` before it
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
    app = TarotApp(settings, seed, path, resume, lock, config_path())
    app.run()
    if app.farewell:
        print(app.farewell)
    if app.return_code:
        raise SystemExit(app.return_code)
