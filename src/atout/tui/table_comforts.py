"""What the table adds for a regular and a newcomer, over its flow: the person's
donnes kept for the statistics, the undo of the last card or bid (casual play)."""

from __future__ import annotations

from atout.tui.session import TableSession
from atout.tui.table_flow import TableFlow

__all__ = ["TableComforts"]


class TableComforts(TableFlow):
    """The table's flow with the comforts; :class:`TableScreen` binds their keys."""

    def __init__(self, session: TableSession) -> None:
        super().__init__(session)
        self.donne_first_line = 0  # where the donne being played begins in the log

    async def next_donne(self) -> None:
        self.donne_first_line = len(self.lines)
        await super().next_donne()

    def show_result(self) -> None:
        if not self.result_shown:
            self.tarot.keep_history(self.session)
        super().show_result()

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
