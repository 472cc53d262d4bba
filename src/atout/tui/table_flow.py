"""The table's flow: the deal told, the bots' turns, the person's actions, the pause
after a trick, a donne's result and the next one, saving and quitting."""

from __future__ import annotations

import contextlib
import threading
from functools import partial
from typing import Any, cast

from atout.bot_levels import level
from atout.errors import IllegalActionError, Reason
from atout.session import TableAction
from atout.state import (
    Bid,
    CardPlayed,
)
from atout.tui.host import Host
from atout.tui.screens import ExportScreen, PanelScreen, SheetScreen, export_folder
from atout.tui.session import (
    SPEEDS,
    SaveError,
)
from atout.tui.table_view import TableView
from atout.tui.texts import (
    donne_over,
    footer_word,
    kept_text,
    length_text,
    own_line,
    result_text,
    standings,
    translate_footer,
)
from atout.tui.words import refusal_text, tr


class TableFlow(TableView):
    """The table's flow over its drawing."""

    NARRATION_DELAY = 0.05  # seconds between two lines of the deal told
    THINKING_AFTER = 0.3  # seconds before the table says a bot is thinking

    async def on_mount(self) -> None:
        translate_footer(self, self.ui)
        obs = self.obs
        if obs.number == 0:
            await self.next_donne()
            return
        for event in self.session.donne_events():  # the story of this donne, again
            self.board.apply(event)
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

    # -- the flow --------------------------------------------------------------------------

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
        self.export_note = ""  # said on the last donne's panel, gone with it
        self.session.new_donne()
        self.selected = 0
        self.picked = []
        self.result_shown = False
        told = self.session.events_since(self.seen)
        self.seen = told[-1]["seq"] if told else self.seen
        self.refresh_obs()
        if self.session.settings.animate:
            self.narration = list(told)
            await self.render_table()
            self.busy = True
            self.set_timer(self.NARRATION_DELAY, self.narrate)
        else:
            for event in told:
                self.tell_one(event)
            await self.pump()

    def tell_one(self, event: dict[str, Any]) -> bool:
        """One event of the deal on the table and in the log; whether the log said it."""
        self.board.apply(event)
        lines = self.story.lines(event)
        for line in lines:
            self.log_line(line)
        return bool(lines)

    def pace(self, said: bool) -> float:
        """The seconds a step of the deal stays before the next: the deal's pace of the
        settings; a packet that the log does not say on its own line passes quicker."""
        step = self.session.settings.deal_step()
        return step if said else step / 3

    async def narrate(self) -> None:
        if not self.narration:
            self.busy = False
            await self.pump()
            return
        said = self.tell_one(self.narration.pop(0))
        self.draw_middle()
        if self.narration:
            self.set_timer(max(self.NARRATION_DELAY, self.pace(said)), self.narrate)
        else:
            self.call_later(self.narrate)

    async def flush_narration(self) -> None:
        while self.narration:
            self.tell_one(self.narration.pop(0))
        self.busy = False
        await self.pump()

    async def pump(self) -> None:
        """Let the bots act until it is the person's turn or the donne is over; a bot
        that searches decides off the interface's thread (:meth:`think`)."""
        if self.busy or self.hold or self.thinking is not None:
            return
        obs = self.refresh_obs()
        if donne_over(obs):
            await self.render_table()
            self.show_result()
            return
        seat = self.session.bot_to_act()
        if seat is None:
            await self.render_table()
            return
        if level(self.session.settings.bots).thinks:
            self.think(seat)
            await self.render_table()
            return
        await self.bot_acted(self.session.bot_decide())

    def think(self, seat: int) -> None:
        """Ask the bot in ``seat`` for its decision in a thread of its own: the keys are
        answered meanwhile, and after :attr:`THINKING_AFTER` seconds the table says who
        is thinking. The decision comes back to :meth:`decided`."""
        token = object()
        self.thinking, self.thought = seat, token
        self.check_compiling()
        self.set_timer(self.THINKING_AFTER, partial(self.show_thinking, token))
        app, session = self.app, self.session

        def work() -> None:
            result: TableAction | Exception
            try:
                result = session.bot_decide()
            except Exception as error:  # given back to the interface's thread
                result = error
            if not app.is_running:
                return  # the table was closed meanwhile
            with contextlib.suppress(RuntimeError):  # closed just now
                app.call_from_thread(self.decided, token, result)

        threading.Thread(target=work, name=f"atout-bot-{seat}", daemon=True).start()

    def check_compiling(self) -> bool:
        """Whether the search engine is still to be compiled on this machine (asked
        once per table; a search that came back has compiled it)."""
        if self.compiling is None:
            from atout.sim.playout import compiled_on_disk

            self.compiling = not compiled_on_disk()
        return self.compiling

    def show_thinking(self, token: object) -> None:
        if token is self.thought and self.is_attached and not self.thinking_shown:
            self.thinking_shown = True
            if not self.hold and not self.refusal:
                self.say(self.thinking_text())

    def thinking_text(self) -> str:
        """``Right 1 is thinking…`` while a bot's decision is awaited (once shown)."""
        if self.thinking is None or not self.thinking_shown:
            return ""
        thinking = self.t("{name} is thinking…", name=self.seats.name(self.thinking))
        if self.compiling:
            return (
                thinking
                + " "
                + self.t(
                    "(the first time on this machine the bots' engine is compiled: about "
                    "30 s; later decisions are quick)"
                )
            )
        return thinking

    def decided(self, token: object, result: TableAction | Exception) -> None:
        if token is not self.thought or not self.is_attached:
            return  # a decision for a table that is gone
        self.thinking, self.thought, self.thinking_shown = None, None, False
        self.compiling = False  # a decision came: the engine is ready
        if isinstance(result, Exception):
            raise result
        self.call_later(self.bot_acted, result)

    async def bot_acted(self, action: TableAction) -> None:
        """Apply the bot's decision, tell it, and wait as the bots' speed says before
        the next one."""
        self.session.bot_apply(action)
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

    def not_yet(self) -> None:
        """A key for the person's turn pressed while it is not: say why nothing happens."""
        if self.narration:
            self.say(self.t("Wait: the cards are still being dealt (space skips the deal)."))
        elif self.thinking is not None:
            name = self.seats.name(self.thinking)
            self.say(self.t("Not your turn yet: {name} is thinking…", name=name))
        else:
            seat = self.session.bot_to_act()
            if seat is not None:
                name = self.seats.name(seat)
                self.say(self.t("Not your turn yet: {name} plays.", name=name))

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
        winner = self.seats.name(taken[-1]["winner"])
        self.say(self.t("Trick won by {winner} — space goes on.", winner=winner))
        self.hold_for(pause)
        return True

    def hold_for(self, seconds: float) -> None:
        """The pause just begun ends by itself after ``seconds`` (``-1``: by a key only);
        its timer ends that pause only, never the next one (space ended it early)."""
        token = object()
        self.held = token
        if seconds > 0:
            self.set_timer(seconds, partial(self.release_held, token))

    async def release_held(self, token: object) -> None:
        """The pause ``token``'s timer ran out: that pause ends if it is still on."""
        if token is self.held:
            await self.release()

    async def release(self) -> None:
        if self.hold:
            self.hold, self.held = False, None
            self.say(self.thinking_text())  # a queued card stays said
            await self.pump()

    async def resume_pump(self) -> None:
        self.busy = False
        await self.pump()

    async def human(self, action: TableAction) -> None:
        if self.hold:
            await self.release()
            return
        if self.busy or self.thinking is not None or not self.session.human_to_act():
            self.not_yet()
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
        delay = SPEEDS[self.session.settings.speed]
        if isinstance(action, CardPlayed) and delay and self.session.bot_to_act() is not None:
            self.busy = True  # the bots' speed holds for the card after the person's too
            self.set_timer(delay, self.resume_pump)
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
        text = result_text(self.session, self.obs, self.seats, totals=not self.session.is_over)
        # where the match was exported: a line of the panel's own, under its text, kept
        # until the next donne (at the end, until the person leaves the standings)
        lasting = self.export_note
        if self.session.is_over:
            note = ""
            try:
                self.session.finish()
            except SaveError as error:
                note = (
                    "\n"
                    + self.t("The save could not be removed: {error}.", error=error.text(self.ui))
                    + "\n"
                )
            # one blank line before the standings: at 80×24 every line counts
            text.append(note + "\n" + standings(self.obs, self.seats))
            more: tuple[tuple[str, str, str], ...] = (
                ("export", self.t("Export"), "x"),
                ("again", self.t("Play again"), "a"),
                ("sheet", self.t("Score sheet"), "m"),
                ("quit", self.t("Quit"), "q"),
            )
            escape = self.t("The match is over: a plays again, x exports, q quits.")
            keep = own_line(text.plain, self.seats.name(self.me))  # the person's place
            words = self.footer_words("Quit")
            panel = PanelScreen(text, "", more, escape, words, keep, lasting)
            self.app.push_screen(panel, self.after_match)
        else:
            more = (
                ("sheet", self.t("Score sheet"), "m"),
                ("export", self.t("Export"), "x"),
                ("quit", self.t("Save & quit"), "q"),
            )
            escape = self.t("Enter deals the next donne; q saves and quits.")
            button = self.t("Next donne (Enter)")
            keep = own_line(text.plain, self.seats.name(self.me))  # the person's marks
            words = self.footer_words("Save & quit")
            panel = PanelScreen(text, button, more, escape, words, keep, lasting)
            self.app.push_screen(panel, self.after_result)

    def footer_words(self, quit_word: str) -> dict[str, str]:
        """The result panel's and the standings' keys in the footer's short words."""
        words = {"sheet": "Score sheet", "export": "Export", "again": "Play again"}
        words["quit"] = quit_word
        return {ident: footer_word(word, self.ui) for ident, word in words.items()}

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
                self.export_note = said or self.export_note  # Escape: the last one stays
                then()

            folder = export_folder(self.tarot.save_path)
            self.app.push_screen(ExportScreen(self.session, folder), exported)

    @property
    def tarot(self) -> Host:
        """The application showing the screen (:class:`atout.tui.app.TarotApp`)."""
        return cast("Host", self.app)

    def after_match(self, choice: str | None) -> None:
        if choice in ("sheet", "export"):
            self.result_shown = False
            self.open_then(choice, self.show_result)
        elif choice == "again":
            self.tarot.new_match(fresh=True)
        else:
            self.app.exit()

    def export_said(self, said: str | None) -> None:
        if said:
            self.say_passing(said, error=said.startswith(self.t("Not exported")))

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
