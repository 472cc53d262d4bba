"""What the table adds for a regular and a newcomer, over its flow: the person's
donnes kept for the statistics, the undo of the last card or bid (casual play), a
hint on request (the search bot's choice and why, worked out off the interface's
thread), a card chosen before the person's turn kept and played when it comes."""

from __future__ import annotations

import random
import time
from typing import Any

from textual import events
from textual.timer import Timer

from atout.bots.explain import Hint, hint
from atout.cards import Card
from atout.session import TableAction
from atout.state import CallCard, CardPlayed, GamePhase
from atout.tui.guide import due_note, note_named
from atout.tui.guide_screen import GuideScreen
from atout.tui.session import SPEEDS, Settings, TableSession
from atout.tui.story import contract_name
from atout.tui.table_flow import TableFlow
from atout.tui.texts import donne_over
from atout.tui.wrap import wrapped

__all__ = ["HINT_BUDGET", "HINT_SAMPLES", "TableComforts", "chien_seconds"]

HINT_SAMPLES = 24
"""The deals a hint tries each choice on: the search-fast level's, so that a hint
takes seconds, not a minute, on a loaded machine."""

HINT_BUDGET = 3.0
"""The seconds of wall time a hint may take: past them, the best found so far is
given (the bots' time budget, :class:`atout.bots.search.SearchBot`)."""


def chien_seconds(settings: Settings, cards: int) -> float:
    """How long the chien turned up for a bot stays on the table: the pause after a
    trick, and the bots' pause before a card for each of its cards (``-1``: until a
    key; ``0``: no pause at all, as after a trick)."""
    if settings.pause <= 0:
        return settings.pause
    return settings.pause + cards * SPEEDS[settings.speed]


class TableComforts(TableFlow):
    """The table's flow with the comforts; :class:`TableScreen` binds their keys."""

    def __init__(self, session: TableSession) -> None:
        super().__init__(session)
        self.donne_first_line = 0  # where the donne being played begins in the log
        self.hinting = False
        self.hint_asked = 0  # which hint is awaited (one cancelled is not shown)
        self.hint_clock: Timer | None = None
        self.queued: Card | None = None  # a card chosen before the person's turn
        self.pending_hint: tuple[Hint, int] | None = None  # come while a panel was up

    async def human(self, action: TableAction) -> None:
        self.drop_hint()  # the person acts: the advice is spent
        await super().human(action)

    def on_screen_suspend(self) -> None:
        self.drop_hint()  # never drawn over a panel, a note or the score sheet

    def on_screen_resume(self) -> None:
        if self.pending_hint is not None:
            found, seq = self.pending_hint
            self.pending_hint = None
            self.show_hint(found, seq, self.hint_asked)

    def on_resize(self, event: events.Resize) -> None:
        # TableView's handler runs too (Textual calls each class's own in the MRO)
        self.call_after_refresh(self.place_hint)

    def place_hint(self) -> None:
        """The hint lies where the guided match's notes go, over the log, so that the
        hand, the prompt line and the bid buttons stay in sight."""
        racks = self.query("#textual-toastrack")
        if not racks:
            return
        log, rack = self.query_one("#log").region, racks.first()
        rack.styles.offset = (log.x, log.y)
        rack.styles.width = log.width
        rack.styles.max_height = log.height

    def drop_hint(self) -> None:
        """The hint on show, if any, taken away (there is at most one). Its holder
        goes with it: Textual takes a cleared toast out of its holder but leaves the
        holder, and each one left would push the next hint two rows lower, until it
        falls off the log."""
        if self.app._notifications:
            self.app.clear_notifications()
        for rack in self.query("#textual-toastrack"):
            rack.remove_children()

    async def next_donne(self) -> None:
        self.donne_first_line = len(self.lines)
        self.queued = None
        await super().next_donne()

    def show_result(self) -> None:
        if not self.result_shown:
            self.tarot.keep_history(self.session)
        super().show_result()
        self.guide_now()

    async def render_table(self) -> None:
        await super().render_table()
        self.refresh_bindings()  # the footer offers h at the person's turn only
        self.guide_now()

    def trick_pause(self, told: list[dict[str, Any]]) -> bool:
        return super().trick_pause(told) or self.chien_pause(told)

    def chien_pause(self, told: list[dict[str, Any]]) -> bool:
        """The chien turned up for a bot that takes stays in the middle of the table
        long enough to read (:func:`chien_seconds`), before the bot makes its écart; in
        a guided match, until a key, with a word of what comes next."""
        game = self.obs.game
        if not any(e["kind"] == "chien_revealed" for e in told) or game is None:
            return False
        if game.taker is None or game.taker == self.me:
            return False  # the person's own chien lies in the hand for the écart
        settings = self.session.settings
        seconds = -1.0 if settings.guide else chien_seconds(settings, len(game.chien or ()))
        if seconds == 0:
            return False
        self.hold = True
        name = self.seats.name(game.taker)
        if settings.guide:
            self.say(
                self.t(
                    "The chien, turned up for all to see (E1): {name} adds it to the hand, "
                    "then puts as many cards aside, the écart (E2) — space goes on.",
                    name=name,
                )
            )
        else:
            self.say(self.t("The chien taken by {name} (E1) — space goes on.", name=name))
        self.hold_for(seconds)
        return True

    def hint_possible(self) -> bool:
        """Whether ``h`` may give a hint now: the person's turn, the table idle."""
        waiting = self.busy or self.hold or bool(self.narration) or self.thinking is not None
        return self.obs.game is not None and not waiting and self.session.human_to_act()

    def guide_now(self) -> None:
        """In a guided match, the note due now (once; not over another note)."""
        app, host = self.app, self.tarot
        if not self.session.settings.guide or self.narration or self.busy:
            return
        if any(isinstance(screen, GuideScreen) for screen in app.screen_stack):
            return
        if donne_over(self.obs) and not self.result_shown:
            return  # the score's note goes over the result, once it is shown
        to_act = self.session.human_to_act()
        name = due_note(self.obs, to_act, len(self.playable()), host.read_notes)
        if name is not None:
            said = self.bids_said() if name == "bidding" else ""
            note = GuideScreen(note_named(name), self.ui, self.lang, said)
            app.push_screen(note, self.after_note)

    def bids_said(self) -> str:
        """The bids of the donne so far, as the log says them, for the bidding's note
        (it lies over the log, over the very lines that say them)."""
        bids = [e for e in self.session.donne_events() if e["kind"] == "bid"]
        if not bids:
            return self.t("Nobody has bid yet: you speak first.")
        said = " · ".join(
            self.t(
                "{name}: {contract}",
                name=self.seats.name(event["seat"]),
                contract=contract_name(event["contract"], self.ui),
            )
            for event in bids
        )
        return self.t("The bids so far: {bids}.", bids=said)

    def after_note(self, name: str | None) -> None:
        """A note read: kept as read, and the next one if it is due already."""
        self.tarot.note_read(name)
        self.guide_now()

    # -- a card chosen before the person's turn ------------------------------------------

    def queue_card(self, card: Card) -> bool:
        """A card chosen in the play while a bot still has to act before the person:
        kept (``queued``) to be played when the person's turn comes; whether it was."""
        game = self.obs.game
        if game is None or game.phase is not GamePhase.PLAY or card not in self.hand():
            return False
        self.queued = card
        self.say(self.queued_text())
        return True

    def queued_text(self) -> str:
        """What the line above the hand says while a card is kept for the person's turn."""
        waiting = super().thinking_text() or self.waiting_text()
        if self.queued is None:
            return waiting
        queued = self.t(
            "Queued: {card}, played at your turn (Escape cancels).",
            card=self.queued.display(self.lang),
        )
        return f"{waiting} {queued}" if waiting else queued

    def waiting_text(self) -> str:
        seat = self.session.bot_to_act()
        if seat is None:
            return ""
        return self.t("Not your turn yet: {name} plays.", name=self.seats.name(seat))

    def prompt(self, calls: list[CallCard]) -> str:
        """The person's turn: the card kept for it is named until it is played."""
        return self.queued_text() if self.queued is not None else super().prompt(calls)

    def thinking_text(self) -> str:
        return self.queued_text() if self.queued is not None else super().thinking_text()

    async def pump(self) -> None:
        """The flow, then the card kept for the person's turn once it has come: played
        when the rules still allow it, let go with a word when not."""
        await super().pump()
        card = self.queued
        if card is None or self.busy or self.hold or self.thinking is not None:
            return
        if self.narration or not self.session.human_to_act():
            return
        self.queued = None
        if CardPlayed(self.me, card) in self.obs.options:
            await self.human(CardPlayed(self.me, card))
        else:
            self.say(
                self.t(
                    "Your queued card {card} may not be played now: choose again.",
                    card=card.display(self.lang),
                ),
                error=True,
            )

    async def take_back(self) -> None:
        """``u``: the person's last card or bid taken back, with what the bots did after
        it (casual play); the log tells the donne again up to there."""
        if not self.session.settings.undo:
            self.say(self.t("Undo is off (FFT strict): what is played stays played."), error=True)
            return
        if self.thinking is not None:  # its thread reads the table: not now
            name = self.seats.name(self.thinking)
            self.say(self.t("Wait: {name} is thinking; u takes your card back after.", name=name))
            return
        if self.narration or not self.session.undo():
            self.say(self.t("Nothing to undo: you have not played in this donne yet."))
            return
        self.hold, self.busy, self.picked, self.queued = False, False, [], None
        self.refusal, self.refusal_rule = "", None
        del self.lines[self.donne_first_line :]
        for event in self.session.donne_events():
            self.lines += self.story.lines(event)
        self.seen = self.refresh_obs().seq
        self.lines.append(self.t("Undone: your last action, and what the bots did after it."))
        self.rewrap()
        await self.render_table()

    def action_hint(self) -> None:
        """``h``: what the search bot would do in the person's place, and why; worked
        out in a thread, so the table answers keys meanwhile."""
        game = self.obs.game
        if game is None or not self.hint_possible():
            self.say(self.t("A hint is for your turn."))
            return
        if self.hinting:
            return
        self.hinting = True
        self.hint_asked += 1
        asked, began = self.hint_asked, time.monotonic()
        rng = random.Random(f"hint {self.session.seed} {len(self.session.actions)}")
        seq = self.obs.seq
        compiling = self.check_compiling()  # the first search on the machine: it says so

        def tick() -> None:
            seconds = int(time.monotonic() - began)
            if compiling:
                self.say(self.t("Looking for a hint… {seconds} s (first time: compiling the "
                                "engine…; Escape cancels)", seconds=seconds))  # fmt: skip
            else:
                self.say(self.t("Looking for a hint… {seconds} s (Escape cancels)",
                                seconds=seconds))  # fmt: skip

        tick()
        self.hint_clock = self.set_interval(1, tick)

        def work() -> None:
            found = hint(game, rng, samples=HINT_SAMPLES, budget=HINT_BUDGET)
            self.app.call_from_thread(self.show_hint, found, seq, asked)

        self.run_worker(work, thread=True, name="hint", group="hint")

    def stop_hint(self) -> None:
        self.hinting = False
        if self.hint_clock is not None:
            self.hint_clock.stop()
            self.hint_clock = None

    def action_cancel_hint(self) -> None:
        """Escape (:meth:`TableScreen.action_cancel_queue`): the hint being worked
        out is not shown."""
        if not self.hinting:
            return
        self.stop_hint()
        self.hint_asked += 1
        self.say(self.t("Hint cancelled."))

    def show_hint(self, found: Hint, seq: int, asked: int = 0) -> None:
        """The hint, unless it was cancelled or the table has moved on since it was
        asked for; the cursor goes to the card advised."""
        self.compiling = False  # a search came back: the engine is ready
        if asked != self.hint_asked:
            return
        self.stop_hint()
        if self.refresh_obs().seq != seq:
            return
        self.say("")
        text = found.text(self.ui, self.lang)
        if found.believed is not None:
            text += "\n" + found.believed.text(self.ui, self.lang, self.seats.name)
        if self.app.screen is not self:
            self.pending_hint = (found, seq)  # shown when the panel or note goes
            return
        self.drop_hint()  # a new hint replaces the previous one
        # wrapped here at the toast's width (the log's, less its border and padding):
        # never a line that begins with the ":" of "Marques attendues : +12"
        text = wrapped(text, max(10, self.query_one("#log").region.width - 3)).plain
        self.app.notify(text, title=self.t("Hint"), timeout=60, markup=False)
        self.place_hint()
        if isinstance(found.action, CardPlayed):
            cards = self.hand()
            if found.action.card in cards:
                self.selected = cards.index(found.action.card)
        self.call_later(self.render_table)
