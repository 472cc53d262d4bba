"""What the screens of the terminal table ask of the application that shows them
(:class:`atout.tui.app.TarotApp`), named here so that the screens need not import it."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from rich.text import Text

from atout.tui.session import Settings, TableSession

__all__ = ["Host"]


class Host(Protocol):
    """The table's application as its screens see it."""

    settings: Settings
    save_path: Path
    refused: bool
    notice: Text | str
    farewell: str | None
    start_focus: str
    first_start: bool  # no settings remembered yet: the guided match is suggested
    read_notes: set[str]  # the guided match's notes already read

    def new_match(self, fresh: bool = False) -> None: ...

    def resume(self) -> None: ...

    def keep_history(self, session: TableSession) -> None: ...

    def note_read(self, name: str | None) -> None: ...

    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None: ...
