"""The table's screen: the keys, buttons and clicks of the person, over the table's flow."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType

from atout.cards import Card, CardSet
from atout.chien import why_not_in_ecart
from atout.i18n import N_
from atout.session import MakeEcart
from atout.state import (
    Bid,
    CallCard,
    CardPlayed,
    ChelemDecision,
    GamePhase,
    PoigneeShown,
)
from atout.tui.button import Button
from atout.tui.screens import (
    ExportScreen,
    HelpScreen,
    PanelScreen,
    PoigneeScreen,
    RulesScreen,
    SheetScreen,
    export_folder,
)
from atout.tui.table_comforts import TableComforts
from atout.tui.table_view import CardView
from atout.tui.texts import BID_KEYS, last_trick_text
from atout.tui.words import tr


class TableScreen(TableComforts):
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
        Binding("h", "hint", N_("Hint")),  # in the footer at the person's turn only
        Binding("x", "export", N_("Export"), show=False),  # in the help and the panels
        Binding("question_mark", "help", N_("Help")),
        Binding("q", "quit_table", N_("Save & quit")),
        Binding("escape", "cancel_queue", N_("Cancel"), show=False),
    ]

    # -- input -----------------------------------------------------------------------------------

    async def on_card_view_chosen(self, message: CardView.Chosen) -> None:
        await self.choose_card(message.card)

    async def choose_card(self, card: Card) -> None:
        game = self.obs.game
        if game is None:
            return
        if self.hold:  # the trick just won still shown: the card waits for its turn
            self.queue_card(card)
            await self.release()
            return
        if not self.session.human_to_act() or self.busy or self.thinking is not None:
            if not self.queue_card(card):
                self.not_yet()
            return
        if self.in_ecart():
            await self.pick(card)
        elif game.phase is GamePhase.PLAY:
            await self.human(CardPlayed(self.me, card))
        else:  # a bid, a King to call, a chelem to announce: never silence
            self.idle_key(tr(self.ui, "Enter", "key"))

    async def pick(self, card: Card) -> None:
        """E1–E2: put ``card`` aside for the écart (not yet confirmed)."""
        game = self.obs.game
        assert game is not None
        left = len(game.chien or ()) - len(self.picked)
        if left <= 0:
            self.say(self.ecart_chosen())
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
            card = self.picked.pop()
            self.selected = self.hand().index(card)  # Enter puts back that card
            self.refusal = ""
            await self.render_table()
        else:
            await self.take_back()

    async def action_confirm(self) -> None:
        game = self.obs.game
        if self.in_ecart() and game is not None and len(self.picked) == len(game.chien or ()):
            await self.human(MakeEcart(self.me, tuple(self.picked)))
        else:
            self.idle_key("y")

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
        else:
            self.idle_key(key)

    async def action_number(self, number: int) -> None:
        game = self.obs.game
        if game is None:
            return
        calls = [a for a in self.obs.options if isinstance(a, CallCard)]
        if calls and number <= len(calls):
            await self.human(calls[number - 1])
        elif not calls and game.phase is GamePhase.BIDDING and str(number) in BID_KEYS:
            await self.action_bid(str(number))
        else:
            self.idle_key(str(number))

    async def action_chelem(self, announce: bool) -> None:
        game = self.obs.game
        if game is not None and game.phase is GamePhase.CHELEM:
            await self.human(ChelemDecision(self.me, announce))
        else:
            self.idle_key("c" if announce else "n")

    def action_poignee(self) -> None:
        options = [a for a in self.obs.options if isinstance(a, PoigneeShown)]
        game = self.obs.game
        if not options or game is None or self.busy or self.hold:
            self.idle_key("s")
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
        cards = self.hand()
        if cards:
            await self.choose_card(cards[self.selected])
        elif self.hold:
            await self.release()
        else:
            self.not_yet()

    async def action_skip(self) -> None:
        if self.narration:
            await self.flush_narration()
        elif self.hold:
            await self.release()
        else:
            self.idle_key(self.t("space"))

    def action_cancel_queue(self) -> None:
        """Escape: the hint being worked out is cancelled, or the card kept for the
        person's turn is let go."""
        if self.hinting:
            self.action_cancel_hint()
            return
        if self.queued is None:
            self.idle_key(self.t("Escape"))
            return
        card, self.queued = self.queued, None
        if self.thinking is not None:
            self.thinking_shown = True  # told now, beside the note, not over it later
        busy = self.thinking_text()
        note = self.t("{card} is no longer queued.", card=card.display(self.lang))
        self.say(f"{busy} {note}" if busy else note)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``h`` is in the footer only when a hint is possible (the person's turn);
        pressed at another moment, it says so (:meth:`on_key`)."""
        if action == "hint":
            return self.hint_possible()
        return True

    def on_key(self, event: events.Key) -> None:
        if self.passing:  # a key's word gives way at the next key, unless it says anew
            passing = self.passing
            self.call_after_refresh(self.end_passing, passing, self.said)
        if event.key == "h" and not self.hint_possible():
            event.stop()
            self.action_hint()  # says that a hint is for the person's turn

    def idle_key(self, key: str) -> None:
        """A key that does nothing at this moment says so (never silence)."""
        waiting = self.narration or self.thinking is not None or self.busy
        if not self.hold and (waiting or not self.session.human_to_act()):
            self.not_yet()
        else:
            self.say(self.t("The key {key} does nothing now; ? lists the keys.", key=key))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.ui))

    def action_rules(self) -> None:
        rule = self.board.rule if self.narration else self.refusal_rule
        self.app.push_screen(RulesScreen(self.ui, rule))

    def action_sheet(self) -> None:
        self.app.push_screen(SheetScreen(self.refresh_obs(), self.seats, self.lang))

    def action_last_trick(self) -> None:
        game = self.obs.game
        done = [t for t in game.tricks if t.winner is not None] if game else []
        if not done:
            self.say_passing(self.t("No trick has been played yet."))
            return
        text = last_trick_text(done[-1], len(done), self.seats, self.lang)
        self.app.push_screen(PanelScreen(text, self.t("Continue")))

    def action_export(self) -> None:
        folder = export_folder(self.tarot.save_path)
        self.app.push_screen(ExportScreen(self.session, folder), self.export_said)
