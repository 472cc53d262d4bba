"""The decisions a bot made for a person's seat (a stand-in while the person is away,
or the move timer): stored with the action (``"by": "bot"`` beside its fields), and
told with the events of that seat's decision (``"by": "bot"`` in the event), so that
the table's log can say "(played by the bot)" and not lay the card at the person's door.
"""

from __future__ import annotations

from typing import Any

from atout.session import Table, TableAction, TableSettings, action_from_json

__all__ = ["BY_BOT", "marked", "note", "rebuild", "stored"]

BY_BOT = "bot"


def stored(action: dict[str, Any], by_bot: bool) -> dict[str, Any]:
    """The action as the database keeps it: its JSON, with ``"by"`` when a bot chose."""
    return {**action, "by": BY_BOT} if by_bot else action


def _seat_events(table: Table, before: int, seat: int) -> set[int]:
    """The events since ``before`` that tell the decision of ``seat`` (not its
    consequences, as the trick the card wins)."""
    return {event.seq for event in table.events[before:] if event.data.get("seat") == seat}


def rebuild(
    settings: TableSettings, seed: int, actions: list[dict[str, Any]]
) -> tuple[Table, set[int]]:
    """The table after the stored ``actions`` (as :meth:`Table.rebuild`), and the
    events of the decisions a bot made for a person."""
    table = Table(settings, seed)
    by_bot: set[int] = set()
    for data in actions:
        bot = data.get("by") == BY_BOT
        action = action_from_json({k: v for k, v in data.items() if k != "by"})
        donne = table.donne
        if donne is not None and donne.is_terminal():
            table.next_donne()
        before = len(table.events)
        table.act(action)
        if bot:
            by_bot |= _seat_events(table, before, action.seat)
    return table, by_bot


def note(table: Table, before: int, action: TableAction, by_bot: set[int]) -> None:
    """Add to ``by_bot`` the events of ``action``, just made by a bot for a person."""
    by_bot |= _seat_events(table, before, action.seat)


def marked(events: list[dict[str, Any]], by_bot: set[int]) -> list[dict[str, Any]]:
    """The events as sent to a page, those of a bot's decision for a person marked."""
    if not by_bot:
        return events
    return [{**e, "by": BY_BOT} if e["seq"] in by_bot else e for e in events]
