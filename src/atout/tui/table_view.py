"""The table as drawn: the status line, the totals, the trick, the log, the hand, the
buttons of the person's choices."""

from __future__ import annotations

from functools import partial
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Container, Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from atout.cards import Card, CardSet
from atout.chien import why_not_in_ecart
from atout.i18n import N_
from atout.session import TableObservation
from atout.state import (
    Bid,
    CallCard,
    CardPlayed,
    ChelemDecision,
    GamePhase,
    PoigneeShown,
)
from atout.tui.button import Button
from atout.tui.deal_view import DealBoard, board_text
from atout.tui.screens import WrappedText
from atout.tui.session import (
    TableSession,
)
from atout.tui.story import Story
from atout.tui.texts import (
    BID_KEYS,
    PLAYABLE,
    bid_label,
    card_text,
    not_saved_text,
    scores_text,
    status_text,
    trick_text,
)
from atout.tui.words import Seats, plural, tr
from atout.tui.wrap import wrapped


class CardView(Static):
    """One card of the person's hand; a click chooses it."""

    class Chosen(Message):
        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(
        self,
        card: Card,
        lang: str,
        legal: bool,
        selected: bool,
        marked: bool = False,
        sign: bool = False,
    ) -> None:
        super().__init__(classes="card")
        self.card, self.lang = card, lang
        self.shown: tuple[bool, ...] = ()
        self.show(legal, selected, marked, sign)

    def show(self, legal: bool, selected: bool, marked: bool = False, sign: bool = False) -> None:
        """Draw the card as it now is (in place: no new widget for a new cursor or new
        legal cards)."""
        shown = (legal, selected, marked, sign)
        if shown == self.shown:
            return
        self.shown, self.cursor = shown, selected
        text = card_text(self.card, self.lang, legal, marked)
        if selected:
            text.stylize("reverse")
        text.append("\n" + (PLAYABLE if sign else " "), style="bold" if sign else "")
        self.update(text)
        self.set_class(not legal, "illegal")
        self.set_class(marked, "chien")

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.card))


TALL_MIDDLE = 22
"""From this many rows the middle of the table leaves a blank row between the seats'
rows (a 40-row window gives it about 30; 80×24 about 14)."""


def spread(height: int, rows: int = 3) -> tuple[int, int]:
    """How the middle of the table uses a room ``height`` rows tall for ``rows`` rows
    of seats: the blank rows above it and the blank rows between the seats' rows.
    Below :data:`TALL_MIDDLE` rows, none; from it, one between the seats' rows and one
    more for each 5 rows more (three in a 40-row window), and above them enough for
    the seats to sit about the room's middle, the lines under them (the lead, the last
    trick, the deal's steps) below it: the room's lower half is not left empty. The
    same rows whatever is shown, the deal or the trick: the seats do not jump."""
    if height < TALL_MIDDLE:
        return 0, 0
    gap = 1 + (height - TALL_MIDDLE) // 5
    seats = 2 * rows + gap * (rows - 1)  # a row of seats: the names, then the cards
    return max(0, (height - seats) // 2 - 3), gap


def middle_width(columns: int) -> int:
    """The width of the middle of the table in a window ``columns`` wide: 32 up to 80
    columns, two fifths of the window beyond (48 at 120), at most 60."""
    return max(32, min(60, columns * 2 // 5))


class TableLog(RichLog):
    """The log beside the trick, kept at its end whenever its room changes (the hand on
    one row or two, a status on two lines): never scrolled past its last line."""

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.call_after_refresh(self.scroll_end, animate=False)


class TableView(Screen[None]):
    """The table's screen as drawn; :class:`TableScreen` plays on it."""

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
        self.narration: list[dict[str, Any]] = []  # the deal's events still to tell
        self.board = DealBoard(settings.players)
        self.busy = False
        self.thinking: int | None = None  # the seat of the bot whose decision is awaited
        self.thought: object | None = None  # the token of that decision
        self.thinking_shown = False
        self.compiling: bool | None = None  # the search engine compiled on first use
        self.hold = False
        self.held: object | None = None  # the pause on (its timer's token)
        self.refusal = ""
        self.refusal_rule: str | None = None
        self.said = ""  # what the line above the hand says now
        self.passing = 0  # the token of a key's passing word (:meth:`say_passing`)
        self.quit_unsaved = False
        self.picked: list[Card] = []  # the écart chosen so far, until it is confirmed
        self.result_shown = False
        self.drawn_hand: tuple[Any, ...] = ()
        self.drawn_actions: tuple[Any, ...] = ()
        self.export_note = ""

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
            yield TableLog(id="log", wrap=True, markup=False, min_width=20)
        yield WrappedText(id="message")  # never a line that begins with ":" or ";"
        yield Static(id="warning")
        yield Container(id="hand")
        yield Horizontal(id="actions")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        # the middle of the table grows with the window: 32 columns at 80, 48 at 120
        self.query_one("#trick").styles.width = middle_width(event.size.width)
        self.call_after_refresh(self.rewrap)

    def rewrap(self) -> None:
        """The log written again at the new width, and kept at its end."""
        log = self.query_one("#log", RichLog)
        log.clear()
        for line in self.lines:
            log.write(wrapped(line, log.scrollable_content_region.width))
        log.scroll_end(animate=False)
        self.draw_middle()

    def refresh_obs(self) -> TableObservation:
        self.obs = self.session.observation()
        return self.obs

    # -- telling -----------------------------------------------------------------------------

    def log_line(self, line: str) -> None:
        self.lines.append(line)
        log = self.query_one("#log", RichLog)
        log.write(wrapped(line, log.scrollable_content_region.width))
        log.scroll_end(animate=False)

    def show_save_state(self) -> None:
        """A red line while the match cannot be saved; gone once a save succeeds."""
        error, warning = self.session.save_error, self.query_one("#warning", Static)
        warning.display = error is not None
        if error is not None:
            text = not_saved_text(self.session, error, self.ui)
            warning.update(Text(text, style="bold red"))

    PASSING_SECONDS = 5.0
    """How long a key's word (an export's path, no trick yet) stays above the hand
    before the turn's prompt comes back."""

    def say(self, text: str, error: bool = False) -> None:
        self.said = text
        self.query_one("#message", WrappedText).show(
            Text(text, style="bold red" if error else "yellow")
        )

    def say_passing(self, text: str, error: bool = False) -> None:
        """A key's word in place of the turn's prompt, for :attr:`PASSING_SECONDS` or
        until the next key (:meth:`end_passing`), then the prompt again."""
        self.say(text, error)
        self.passing += 1
        self.set_timer(self.PASSING_SECONDS, partial(self.end_passing, self.passing, text))

    async def end_passing(self, token: int, text: str) -> None:
        """The turn's prompt back, unless another word was said since ``text``."""
        if token == self.passing and self.said == text and self.is_attached:
            self.passing += 1
            await self.render_actions()

    # -- drawing -----------------------------------------------------------------------------

    async def render_table(self) -> None:
        obs = self.obs
        telling = bool(self.narration)
        self.query_one("#status", Static).update(
            status_text(self.session, obs, self.seats, telling, self.size.width)
        )
        self.query_one("#scores", Static).update(scores_text(obs, self.seats))
        self.draw_middle()
        self.show_save_state()
        await self.render_hand()
        await self.render_actions()

    def draw_middle(self) -> None:
        """The middle of the table, its lines wrapped to its width (:mod:`.wrap`)."""
        middle = self.query_one("#trick", Static)
        room = middle.content_region
        text = wrapped(self.middle_text(bool(self.narration)), room.width)
        rows = 2 if self.session.settings.players == 3 else 3
        middle.update(Text("\n" * spread(room.height, rows)[0]) + text)

    def middle_text(self, telling: bool) -> Text:
        """The middle of the table: the deal while it is told and during the bidding,
        then the trick; the seats spread over the room there is (a third of its width
        each, blank rows between their rows when it is tall: :func:`spread`)."""
        game = self.obs.game
        bidding = game is not None and game.phase is GamePhase.BIDDING
        room = self.query_one("#trick", Static).content_region
        cell, spaced = max(10, room.width // 3), spread(room.height)[1]
        if telling or (bidding and self.board.counts):
            to_act = None if telling or game is None else game.current_player
            return board_text(self.board, self.seats, self.lang, telling, to_act, cell, spaced)
        return trick_text(self.obs, self.seats, self.lang, self.picked, telling, cell, spaced)

    def thinking_text(self) -> str:
        return ""

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

    def choosing_ahead(self) -> bool:
        """Whether a card may be chosen now for the person's next turn in the play (a
        bot to play first, or the trick just won still shown): the cursor is drawn
        then too, on the card Enter keeps for that turn."""
        game = self.obs.game
        if game is None or game.phase is not GamePhase.PLAY or self.narration:
            return False
        return self.hold or self.busy or not self.session.human_to_act()

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
        cursor = bool(legal) or self.choosing_ahead()
        drawn = (tuple(cards), frozenset(legal), self.selected, frozenset(chien), cursor)
        if drawn == self.drawn_hand:
            return
        self.drawn_hand = drawn
        views = list(box.query_children(CardView))
        if [view.card for view in views] == cards:  # the same cards: each redrawn in place
            for index, (view, card) in enumerate(zip(views, cards, strict=True)):
                selected = index == self.selected and cursor
                view.show(card in legal or not legal, selected, card in chien, card in legal)
            return
        await box.remove_children()
        await box.mount_all(
            CardView(
                card,
                self.lang,
                card in legal or not legal,
                index == self.selected and cursor,
                card in chien,
                card in legal,
            )
            for index, card in enumerate(cards)
        )
        self.call_after_refresh(self.keep_log_end)  # the hand's rows may have changed

    def keep_log_end(self) -> None:
        """The log kept at its end when its room changes (the hand on one row or two)."""
        self.query_one("#log", RichLog).scroll_end(animate=False)

    def ecart_chosen(self) -> str:
        """The écart chosen, whole on the line above the hand, before y confirms it."""
        cards = " ".join(card.display(self.lang) for card in self.picked)
        return self.t("Your écart: {cards} — y confirms it, u takes a card back.", cards=cards)

    async def render_actions(self) -> None:
        bar = self.query_one("#actions", Horizontal)
        obs, game = self.obs, self.obs.game
        if not self.session.human_to_act() or game is None or self.narration:
            await self.show_buttons(bar, [])
            if not self.hold and not self.refusal:
                self.say(self.thinking_text())
            return
        buttons: list[Button] = []
        calls = [a for a in obs.options if isinstance(a, CallCard)]
        for action in obs.options:
            if isinstance(action, Bid):
                label = bid_label(action.contract, self.ui)
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
        await self.show_buttons(bar, buttons)
        if self.refusal:
            self.say(self.refusal + self.t(" (r: the rule)"), error=True)
        else:
            self.say(self.prompt(calls))

    async def show_buttons(self, bar: Horizontal, buttons: list[Button]) -> None:
        """Put ``buttons`` in the bar, unless the same buttons are there already."""
        drawn = tuple((str(b.label), b.id, b.variant) for b in buttons)
        if drawn == self.drawn_actions:
            return
        self.drawn_actions = drawn
        await bar.remove_children()
        await bar.mount_all(buttons)

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
                        "Écart (E1–E2): Enter puts the highlighted card aside, {left} more "
                        "card; no King, no bout, a trump only if nothing else is left; u "
                        "takes back."
                    ),
                    N_(
                        "Écart (E1–E2): Enter puts the highlighted card aside, {left} more "
                        "cards; no King, no bout, a trump only if nothing else is left; u "
                        "takes back."
                    ),
                )
                return self.t(said, left=left)
            return self.ecart_chosen()
        if game.phase is GamePhase.CHELEM:
            return self.t("Announce a chelem, every trick (A4)? c: yes, n: no.")
        if any(isinstance(a, PoigneeShown) for a in self.obs.options):
            return self.t("Your card — or s: show a poignée first (A1–A2).")
        return self.t("Your turn: play a card marked ▲ (←/→, Enter).")
