"""The terminal table: ``atout play`` in a terminal.

A start screen (players, bots, animation, card names; resume the unfinished match), the
table (the deal told step by step, bids, chien and écart, poignées, chelem, tricks), a
result panel after each donne, the standings at the end. Every action is saved.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, RichLog, Static

from atout.bidding import Contract
from atout.cards import Card, CardSet
from atout.describe import describe_deal, describe_result
from atout.errors import IllegalActionError, InvalidRecordError
from atout.state import (
    Action,
    Bid,
    CallCard,
    CardPlayed,
    ChelemDecision,
    Discard,
    Donne,
    GamePhase,
    PoigneeShown,
    Trick,
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

HELP = """\
[b]Keys[/b]
  ← →, Enter   choose a card and play it (or discard it in the écart)
  mouse        click a card or a button
  p 1 2 3 4    bid: passe, prise, garde, garde sans, garde contre
  c            announce a chelem (when offered);  n  no chelem
  s            show a poignée (when offered)
  l            the last trick
  x            export the match as an atout.game/1 record
  space        skip the deal's animation
  ?            this help;  q  save and quit

Legal cards are bright, the others dim; a refused card says why, with its rule.
Seats go counter-clockwise: seat 1 is your right neighbour.
"""


def card_text(card: Card, lang: str, legal: bool = True) -> Text:
    label = card.display(lang)
    if card.is_trump:
        style = "bold cyan"
    elif card.is_excuse:
        style = "bold magenta"
    else:
        style = SUIT_STYLE[card // 14]
    return Text(label, style=style if legal else "dim")


def seat_name(seat: int, players: int) -> str:
    if seat == 0:
        return "You"
    places = {3: ["", "Right", "Left"], 4: ["", "Right", "Across", "Left"]}
    names = places.get(players, ["", "Right", "Far right", "Far left", "Left"])
    return f"{names[seat]} ({seat})"


def short_name(seat: int, players: int) -> str:
    """The seat's name in the trick's picture: ``You``, ``Right 1``, ``Far L 3``…"""
    if seat == 0:
        return "You"
    names = {3: ["", "Right", "Left"], 4: ["", "Right", "Across", "Left"]}
    return f"{names.get(players, ['', 'Right', 'Far R', 'Far L', 'Left'])[seat]} {seat}"


class CardView(Static):
    """One card of the person's hand; a click chooses it."""

    class Chosen(Message):
        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(self, card: Card, lang: str, legal: bool, selected: bool) -> None:
        text = card_text(card, lang, legal)
        if selected:
            text.stylize("reverse")
        super().__init__(text, classes="card" + ("" if legal else " illegal"))
        self.card = card

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.card))


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [("escape,q,question_mark", "close", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(HELP, id="help-text")
            yield Button("Close", id="close")

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class PanelScreen(ModalScreen[None]):
    """A panel of text with one button: a result, the standings, the last trick."""

    BINDINGS: ClassVar[list[BindingType]] = [("escape,enter", "close", "Continue")]

    def __init__(self, text: Text | str, button: str = "Continue") -> None:
        super().__init__()
        self.text, self.button = text, button

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.text, id="panel-text")
            yield Button(self.button, id="continue", variant="primary")

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class StartScreen(Screen[None]):
    """Players, bots, animation and card names; a new match or the saved one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        ("q", "app.quit", "Quit"),
        ("n", "new", "New match"),
        ("r", "resume", "Resume"),
    ]

    def compose(self) -> ComposeResult:
        app = self.tarot
        with Vertical(classes="dialog"):
            yield Static("[b]atout[/b] — French Tarot (FFT rules)", id="title")
            if app.notice:
                yield Static(app.notice, id="notice")
            yield Button(f"Players: {app.settings.players}", id="players")
            yield Button(f"Bots: {app.settings.bots}", id="bots")
            yield Button(f"Deal animation: {'on' if app.settings.animate else 'off'}", id="animate")
            yield Button(
                "Cards: "
                + ("français (R D C V)" if app.settings.lang == "fr" else "English (K Q N J)"),
                id="lang",
            )
            with Horizontal(id="start-buttons"):
                if app.refused:
                    yield Button("Quit", id="quit", variant="error")
                else:
                    yield Button("New match", id="new", variant="primary")
                if app.save_path.exists() and not app.refused:
                    yield Button("Resume", id="resume", variant="success")
        yield Footer()

    @property
    def tarot(self) -> TarotApp:
        app = self.app
        assert isinstance(app, TarotApp)
        return app

    def on_button_pressed(self, event: Button.Pressed) -> None:
        app, settings = self.tarot, self.tarot.settings
        if event.button.id == "players":
            app.settings = replace(settings, players={3: 4, 4: 5, 5: 3}[settings.players])
        elif event.button.id == "bots":
            app.settings = replace(
                settings, bots="random" if settings.bots == "heuristic" else "heuristic"
            )
        elif event.button.id == "animate":
            app.settings = replace(settings, animate=not settings.animate)
        elif event.button.id == "lang":
            app.settings = replace(settings, lang="en" if settings.lang == "fr" else "fr")
        elif event.button.id == "quit":
            app.exit(return_code=1)
            return
        elif event.button.id == "new":
            self.action_new()
            return
        elif event.button.id == "resume":
            self.action_resume()
            return
        self.refresh(recompose=True)

    def action_new(self) -> None:
        app = self.tarot
        if not app.refused:
            app.start(TableSession(app.settings, app.seed, app.save_path, app.lock))

    def action_resume(self) -> None:
        if not self.tarot.refused:
            self.tarot.resume()


class TableScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "←", show=False),
        Binding("right", "move(1)", "→", show=False),
        Binding("enter", "choose", "Play", show=False),
        *(Binding(key, f"bid('{key}')", show=False) for key in BID_KEYS),
        Binding("c", "chelem(True)", "Chelem", show=False),
        Binding("n", "chelem(False)", "No chelem", show=False),
        Binding("s", "poignee", "Poignée", show=False),
        Binding("l", "last_trick", "Last trick"),
        Binding("x", "export", "Export"),
        Binding("space", "skip", "Skip", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit_table", "Save & quit"),
    ]

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session
        self.selected = 0
        self.narration: list[str] = []
        self.busy = False
        self.refusal = ""
        self.quit_unsaved = False

    @property
    def lang(self) -> str:
        return self.session.settings.lang

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
        donne = self.session.donne
        if donne is None or (donne.is_terminal() and not self.session.is_over):
            await self.next_donne()
        else:
            self.log_line(f"Resumed: donne {self.session.donne_number}.")
            await self.pump()

    # -- the flow --------------------------------------------------------------------------

    async def next_donne(self) -> None:
        donne = self.session.new_donne()
        self.selected = 0
        self.log_line(f"── Donne {self.session.donne_number} of {self.session.settings.deals} ──")
        self.narration = describe_deal(donne.deal, self.lang, viewer=0)
        await self.render_table()
        if self.session.settings.animate:
            self.busy = True
            self.set_timer(0.03, self.narrate)
        else:
            await self.flush_narration()

    async def narrate(self) -> None:
        if not self.narration:
            self.busy = False
            await self.pump()
            return
        self.log_line(self.narration.pop(0))
        self.set_timer(0.03, self.narrate)

    async def flush_narration(self) -> None:
        while self.narration:
            self.log_line(self.narration.pop(0))
        self.busy = False
        await self.pump()

    async def pump(self) -> None:
        """Let the bots act until it is the person's turn or the donne is over."""
        if self.busy:
            return
        donne = self.session.donne
        assert donne is not None
        if donne.is_terminal():
            await self.render_table()
            self.show_result(donne)
            return
        if self.session.human_to_act():
            await self.render_table()
            return
        action = self.session.bot_step()
        if action is not None:
            self.tell(action)
        await self.render_table()
        delay = 0.25 if self.session.settings.animate and isinstance(action, CardPlayed) else 0
        if delay:
            self.busy = True
            self.set_timer(delay, self.resume_pump)
        else:
            self.call_later(self.pump)

    async def resume_pump(self) -> None:
        self.busy = False
        await self.pump()

    async def human(self, action: Action) -> None:
        if self.busy:
            self.say("Wait: the cards are still being dealt or played (space skips the deal).")
            return
        if not self.session.human_to_act():
            return
        try:
            self.session.act(action)
        except IllegalActionError as error:
            self.refusal = f"Refused — {error}"
            self.say(self.refusal, error=True)
            return
        self.refusal = ""
        self.say("")
        self.tell(action)
        await self.pump()

    def show_result(self, donne: Donne) -> None:
        text = result_text(self.session, donne)
        if self.session.is_over:
            try:
                self.session.finish()
            except SaveError as error:
                text += f"\n\nThe save could not be removed: {error}."
            self.app.push_screen(
                PanelScreen(text + "\n\n" + standings(self.session), "Close"),
                lambda _: self.app.exit(),
            )
        else:
            self.app.push_screen(PanelScreen(text, "Next donne"), self.after_result)

    async def after_result(self, _: None) -> None:
        await self.next_donne()

    # -- telling -----------------------------------------------------------------------------

    def tell(self, action: Action) -> None:
        donne = self.session.donne
        assert donne is not None
        name = seat_name(action.seat, donne.players)
        if isinstance(action, Bid):
            self.log_line(f"{name}: {action.contract.label if action.contract else 'passe'}")
            if (
                donne.phase in (GamePhase.ECART, GamePhase.CHELEM)
                and donne.contract
                and donne.contract.chien_seen
            ):
                self.log_line(
                    f"Chien (E1): {' '.join(c.display(self.lang) for c in donne.deal.chien_cards)}"
                )
            if donne.void == "all_pass":
                self.log_line("Everyone passed: the donne is void (B3).")
        elif isinstance(action, CallCard):
            self.log_line(f"{name} calls {action.card.display(self.lang)} (B4).")
        elif isinstance(action, ChelemDecision) and action.announce:
            self.log_line(f"{name} announces a chelem (A4) and leads (A6).")
        elif isinstance(action, PoigneeShown):
            cards = " ".join(c.display(self.lang) for c in action.cards)
            self.log_line(f"{name} shows a {action.level} poignée (A1): {cards}")
        elif isinstance(action, CardPlayed):
            trick = donne.tricks[-1]
            if action.card == donne.called and action.seat not in (0, donne.taker):
                self.log_line(f"{name} plays the called card: partner of the taker (B4).")
            if trick.winner is not None:
                winner = seat_name(trick.winner, donne.players)
                cards = " ".join(c.display(self.lang) for _, c in trick.cards)
                self.log_line(f"Trick {len(donne.tricks)}: {cards} → {winner}")
        elif isinstance(action, Discard) and len(donne.ecart) == donne.variant.chien_size:
            if action.seat == 0:
                self.log_line(f"Your écart: {' '.join(c.display(self.lang) for c in donne.ecart)}")
            trumps = [c.display(self.lang) for c in donne.ecart if c.is_trump]
            if trumps:
                self.log_line(f"Trumps put in the écart, shown (E2): {' '.join(trumps)}")

    def log_line(self, line: str) -> None:
        self.query_one("#log", RichLog).write(line)

    def show_save_state(self) -> None:
        """A red line while the match cannot be saved; gone once a save succeeds."""
        error, warning = self.session.save_error, self.query_one("#warning", Static)
        warning.display = error is not None
        if error is not None:
            warning.update(Text(not_saved_text(self.session, error), style="bold red"))

    def say(self, text: str, error: bool = False) -> None:
        self.query_one("#message", Static).update(
            Text(text, style="bold red" if error else "yellow")
        )

    # -- drawing -----------------------------------------------------------------------------

    async def render_table(self) -> None:
        session, donne = self.session, self.session.donne
        assert donne is not None
        self.query_one("#status", Static).update(status_text(session, donne))
        totals = session.match.totals()
        scores = "  ".join(
            f"{seat_name(s, donne.players)} {totals[s]:+d}" for s in range(donne.players)
        )
        self.query_one("#scores", Static).update(Text(f"Totals: {scores}", style="bold"))
        self.query_one("#trick", Static).update(trick_text(donne, self.lang))
        self.show_save_state()
        await self.render_hand(donne)
        await self.render_actions(donne)

    def playable(self, donne: Donne) -> set[Card]:
        if not self.session.human_to_act():
            return set()
        return {a.card for a in donne.legal_actions() if isinstance(a, CardPlayed | Discard)}

    async def render_hand(self, donne: Donne) -> None:
        hand = self.query_one("#hand", Container)
        # D11: nobody picks up his cards before the deal is over
        cards = [] if self.narration else donne.hands[0].sorted_for_hand()
        legal = self.playable(donne)
        self.selected = min(self.selected, max(0, len(cards) - 1))
        await hand.remove_children()
        await hand.mount_all(
            CardView(card, self.lang, card in legal, index == self.selected and bool(legal))
            for index, card in enumerate(cards)
        )

    async def render_actions(self, donne: Donne) -> None:
        bar = self.query_one("#actions", Horizontal)
        await bar.remove_children()
        if not self.session.human_to_act():
            return
        buttons: list[Button] = []
        for action in donne.legal_actions():
            if isinstance(action, Bid):
                label = SHORT_BIDS[action.contract]
                key = next(k for k, c in BID_KEYS.items() if c == action.contract)
                buttons.append(Button(f"{label} ({key})", id=f"bid-{key}"))
            elif isinstance(action, CallCard):
                buttons.append(
                    Button(f"Call {action.card.display(self.lang)}", id=f"call-{action.card}")
                )
            elif isinstance(action, ChelemDecision):
                label = "Announce chelem (c)" if action.announce else "No chelem (n)"
                buttons.append(Button(label, id=f"chelem-{int(action.announce)}"))
            elif isinstance(action, PoigneeShown):
                buttons.append(
                    Button(f"Show {action.level} poignée (s)", id=f"poignee-{action.level}")
                )
        await bar.mount_all(buttons)
        if self.refusal:
            self.say(self.refusal, error=True)
        elif donne.phase is GamePhase.ECART:
            left = donne.variant.chien_size - len(donne.ecart)
            self.say(f"Écart (E1–E2): choose {left} more card(s) to discard; no King, no bout.")
        elif donne.phase is GamePhase.PLAY and not buttons:
            self.say("Your turn: play a bright card.")

    # -- input -----------------------------------------------------------------------------------

    async def on_card_view_chosen(self, message: CardView.Chosen) -> None:
        await self.choose_card(message.card)

    async def choose_card(self, card: Card) -> None:
        donne = self.session.donne
        if donne is None or not self.session.human_to_act():
            return
        if donne.phase is GamePhase.ECART:
            await self.human(Discard(0, card))
        elif donne.phase is GamePhase.PLAY:
            await self.human(CardPlayed(0, card))

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        donne = self.session.donne
        button = event.button.id or ""
        if donne is None:
            return
        kind, _, value = button.partition("-")
        if kind == "bid":
            await self.action_bid(value)
        elif kind == "call":
            await self.human(CallCard(0, Card.parse(value)))
        elif kind == "chelem":
            await self.action_chelem(value == "1")
        elif kind == "poignee":
            await self.human(
                next(
                    a
                    for a in donne.legal_actions()
                    if isinstance(a, PoigneeShown) and a.level == value
                )
            )

    async def action_bid(self, key: str) -> None:
        await self.human(Bid(0, BID_KEYS[key]))

    async def action_chelem(self, announce: bool) -> None:
        await self.human(ChelemDecision(0, announce))

    async def action_poignee(self) -> None:
        donne = self.session.donne
        options = [a for a in donne.legal_actions() if isinstance(a, PoigneeShown)] if donne else []
        if options:
            await self.human(options[-1])

    async def action_move(self, step: int) -> None:
        donne = self.session.donne
        if donne is not None and len(donne.hands[0]):
            self.selected = (self.selected + step) % len(donne.hands[0])
            await self.render_hand(donne)

    async def action_choose(self) -> None:
        donne = self.session.donne
        if donne is not None and len(donne.hands[0]):
            await self.choose_card(donne.hands[0].sorted_for_hand()[self.selected])

    async def action_skip(self) -> None:
        if self.narration:
            await self.flush_narration()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_last_trick(self) -> None:
        donne = self.session.donne
        done = [t for t in donne.tricks if t.winner is not None] if donne else []
        if not done or donne is None:
            self.say("No trick has been played yet.")
            return
        self.app.push_screen(PanelScreen(last_trick_text(donne, done[-1], self.lang)))

    def action_export(self) -> None:
        name = f"atout-match-{self.session.seed}.json"
        try:
            path = export_folder() / name
            self.session.export(path)
        except OSError as error:
            self.say(f"Not exported ({reason(error)}): {name} in the current folder", error=True)
            return
        self.say(f"Exported the donnes played so far (atout.game/1) to {path}")

    def action_quit_table(self) -> None:
        try:
            self.session.save()
        except SaveError as error:
            self.session.save_error = error
            self.show_save_state()
            if not self.quit_unsaved:
                self.quit_unsaved = True
                self.say("Not saved: q again quits all the same.", error=True)
                return
            self.app.exit(
                return_code=1,
                message=f"atout: the match was not saved ({error}); {kept_text(self.session)}.",
            )
            return
        self.app.exit()


def export_folder() -> Path:
    """Where ``x`` writes the record: the current folder."""
    return Path.cwd()


def not_saved_text(session: TableSession, error: SaveError) -> str:
    return f"Not saved — {error}. The game goes on; {kept_text(session)}."


def kept_text(session: TableSession) -> str:
    kept = session.saved_actions
    if kept is None:
        return "nothing of this match is saved"
    return f"the save keeps its last good state ({kept} action{'s' if kept != 1 else ''})"


def status_text(session: TableSession, donne: Donne) -> Text:
    parts = [
        f"Donne {session.donne_number}/{session.settings.deals}",
        f"dealer {seat_name(donne.dealer, donne.players)}",
    ]
    if donne.contract is not None and donne.taker is not None:
        parts.append(f"{donne.contract.label} by {seat_name(donne.taker, donne.players)}")
    if donne.called is not None:
        parts.append(f"called {donne.called.display(session.settings.lang)}")
    if donne.barred:
        parts.append(f"barred: {', '.join(map(str, sorted(donne.barred)))}")
    return Text(" · ".join(parts), style="bold reverse")


# Where each seat sits around the trick (rows, then left/centre/right): counter-clockwise
# play puts seat 1 on your right, the last seat on your left.
TABLE_PLACES = {
    3: [(None, None, None), (2, None, 1), (None, 0, None)],
    4: [(None, 2, None), (3, None, 1), (None, 0, None)],
    5: [(3, None, 2), (4, None, 1), (None, 0, None)],
}


def trick_text(donne: Donne, lang: str) -> Text:
    """The trick in the middle of the table: each seat's name where it sits, with the
    card it played; ▶ marks the seat to play."""
    text = Text()
    current = donne.tricks[-1] if donne.tricks else None
    shown = {seat: card for seat, card in current.cards} if current else {}
    for row in TABLE_PLACES[donne.players]:
        if all(seat is None for seat in row):
            continue
        for part in ("name", "card"):
            for seat in row:
                cell = Text(" " * 10)
                if seat is not None and part == "name":
                    marker = "▶" if donne.current_player() == seat else " "
                    cell = Text(f"{marker}{short_name(seat, donne.players):<9}")
                    cell.stylize("bold" if marker == "▶" else "")
                elif seat is not None and seat in shown:
                    cell = Text("  ") + card_text(shown[seat], lang)
                    cell.append(" " * max(0, 10 - len(cell.plain)))
                text.append_text(cell)
            text.append("\n")
    if current is not None:
        leader = seat_name(current.leader, donne.players)
        won = seat_name(current.winner, donne.players) if current.winner is not None else "—"
        text.append(f"Led by {leader}\nWon by {won}\n", style="italic")
    if donne.phase is GamePhase.ECART:
        text.append("Chien: " + " ".join(c.display(lang) for c in donne.deal.chien_cards) + "\n")
    for poignee in donne.poignees:
        text.append(f"{seat_name(poignee.seat, donne.players)}: {poignee.level} poignée\n")
    if donne.chelem is not None:
        text.append("Chelem announced\n", style="bold")
    return text


def last_trick_text(donne: Donne, trick: Trick, lang: str) -> Text:
    text = Text(
        f"Trick {donne.tricks.index(trick) + 1}, "
        f"led by {seat_name(trick.leader, donne.players)}:\n\n"
    )
    for seat, card in trick.cards:
        text.append(f"  {seat_name(seat, donne.players):<14}")
        text.append_text(card_text(card, lang))
        text.append("\n")
    text.append(f"\nWon by {seat_name(trick.winner or 0, donne.players)}")
    return text


def result_text(session: TableSession, donne: Donne) -> str:
    deal = donne.deal
    title = f"Donne {session.donne_number} of {session.settings.deals}"
    if donne.void == "petit_sec":
        hand = CardSet(deal.received[deal.petit_sec or 0]).display(session.settings.lang)
        holder = seat_name(deal.petit_sec or 0, donne.players)
        return (
            f"{title}: void.\n\nPetit sec (D16): {holder} holds the Petit without any other "
            f"trump or the Excuse:\n{hand}\n\nThe dealer's right neighbour deals the next donne."
        )
    if donne.void == "all_pass":
        return f"{title}: everyone passed; the donne is void (B3) and the next dealer deals."
    if donne.result is None:
        return f"{title}: void after a fault (D12)."
    assert donne.taker is not None and donne.contract is not None
    lines = [f"{title}: {donne.contract.label} by {seat_name(donne.taker, donne.players)}", ""]
    lines += [line.strip() for line in describe_result(donne.result)]
    totals = session.match.totals()
    lines += ["", f"{'Seat':<14} {'marks':>7} {'total':>7}"]
    for seat, mark in enumerate(donne.result.marks):
        lines.append(f"{seat_name(seat, donne.players):<14} {mark:>+7d} {totals[seat]:>+7d}")
    return "\n".join(lines)


def standings(session: TableSession) -> str:
    totals = session.match.totals()
    players = session.settings.players
    order = sorted(range(players), key=lambda s: -totals[s])
    lines = ["Standings after the match:"]
    lines += [
        f"  {rank}. {seat_name(s, players):<14} {totals[s]:+d}" for rank, s in enumerate(order, 1)
    ]
    return "\n".join(lines)


class TarotApp(App[None]):
    """``atout play``: one person against bots at a full-screen table."""

    TITLE = "atout"
    CSS = """
    Screen { layout: vertical; }
    .dialog { width: 64; height: auto; max-height: 22; border: round $accent; padding: 0 1;
              background: $panel; }
    ModalScreen, StartScreen { align: center middle; }
    StartScreen Button { width: 100%; margin: 0; min-height: 1; height: 1; border: none; }
    #start-buttons { height: 1; }
    #start-buttons Button { width: 1fr; }
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
    #panel-text, #help-text { height: auto; }
    #continue, #close { width: 100%; height: 1; border: none; min-height: 1; }
    """

    def __init__(self, settings: Settings | None = None, seed: int | None = None,
                 save_path: Path | None = None, resume: bool = False,
                 lock: SaveLock | None = None) -> None:  # fmt: skip
        super().__init__()
        self.settings = settings or Settings()
        self.seed = seed
        self.save_path = save_path or default_save_path()
        self.lock = lock or SaveLock(self.save_path)
        self.resume_at_start = resume
        self.refused = False
        self.notice: Text | str = ""

    def on_mount(self) -> None:
        self.take_lock()
        if self.resume_at_start and self.save_path.exists() and not self.refused:
            self.resume()
        else:
            self.push_screen(StartScreen())

    def on_unmount(self) -> None:
        self.lock.release()

    def take_lock(self) -> None:
        """Hold the save for as long as the table is open; another table holding it
        leaves only *Quit*, a folder that cannot hold it leaves a match without save."""
        try:
            self.lock.acquire()
        except SaveInUseError as error:
            self.refused = True
            self.notice = Text(f"{error}.", style="bold red")
        except SaveError as error:
            self.notice = Text(f"{error}: you can play, but nothing will be saved.", style="red")

    def start(self, session: TableSession) -> None:
        self.switch_screen(TableScreen(session)) if len(
            self.screen_stack
        ) > 1 else self.push_screen(TableScreen(session))

    def resume(self) -> None:
        try:
            session = TableSession.load(self.save_path, self.lock)
        except InvalidRecordError as error:
            self.notice = Text(
                f"The saved match could not be resumed ({error}); {self.set_aside()}.",
                style="red",
            )
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
            return f"it could not be set aside ({reason(error)}) and stays where it is"
        return f"it was set aside as {moved.name}"


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
    app = TarotApp(settings, seed, path, resume, lock)
    app.run()
    if app.return_code:
        raise SystemExit(app.return_code)
