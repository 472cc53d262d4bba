"""A bot's decisions for a person (atout.web.played_for): stored beside the action, the
same events are marked after the table is rebuilt from the database as when they were
made, and only the deciding seat's events carry the mark."""

from __future__ import annotations

from atout.session import Table, TableSettings, action_to_json
from atout.web import played_for


def test_the_marks_of_a_bots_decisions_survive_a_rebuild() -> None:
    settings = TableSettings(players=4, deals=1, seats=(None,) * 4)
    table = Table(settings, 7)
    stored: list[dict[str, object]] = []
    live: set[int] = set()
    while not table.is_over and len(stored) < 200:
        donne = table.donne
        if donne is not None and donne.is_terminal():
            table.next_donne()
        action = table.bot_action(table.to_act()[0])
        before = len(table.events)
        table.act(action)
        by_bot = action.seat == 2  # seat 2's person is away: a bot decides for him
        if by_bot:
            played_for.note(table, before, action, live)
        stored.append(played_for.stored(action_to_json(action), by_bot))
    rebuilt, marks = played_for.rebuild(settings, 7, stored)
    assert marks == live and marks
    assert len(rebuilt.events) == len(table.events)
    sent = played_for.marked(rebuilt.events_since(0, 0), marks)
    cards = [e for e in sent if e["kind"] == "card_played"]
    assert cards and all((e.get("by") == "bot") == (e["seat"] == 2) for e in cards)
    assert not any(e.get("by") for e in sent if e["kind"] == "trick_taken")
