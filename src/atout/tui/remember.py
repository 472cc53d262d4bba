"""The start screen's choices, remembered from one ``atout play`` to the next.

They are kept in ``settings.json`` in the user's config folder (``$ATOUT_HOME`` when it
is set, else the folder :func:`platformdirs.user_config_dir` names: ``~/.config/atout/``
on Linux): ``{"format": "atout.settings/1", "settings": {…}, "read": [...]}``, the
fields of :class:`atout.tui.session.Settings` and the newcomer's notes already read.
A file that cannot be read, or holds a setting out of range, is ignored with a
one-line notice (the table opens with the defaults); it is never a reason not to play.

>>> import tempfile
>>> from pathlib import Path
>>> from atout.tui.session import Settings
>>> path = Path(tempfile.mkdtemp()) / "settings.json"
>>> remember(path, Settings(players=5, ui="fr"))
>>> Remembered.load(path).settings.players
5
>>> _ = path.write_text("{damaged", encoding="utf-8")
>>> found = Remembered.load(path)
>>> found.settings is None, found.notice("en")
(True, 'The remembered settings could not be read (not JSON); the defaults are offered.')
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Collection
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from atout.bot_levels import table_levels
from atout.errors import AtoutError
from atout.i18n import N_
from atout.tui.session import Settings, _write_atomically
from atout.tui.words import tr

__all__ = ["SETTINGS_FORMAT", "Remembered", "config_path", "merged", "remember"]

SETTINGS_FORMAT = "atout.settings/1"
MAX_BYTES = 100_000


def config_path() -> Path:
    """Where the choices are kept: ``$ATOUT_HOME/settings.json``, by default in the
    user's config folder."""
    home = os.environ.get("ATOUT_HOME")
    if home:
        return Path(home) / "settings.json"
    from platformdirs import user_config_dir

    return Path(user_config_dir("atout")) / "settings.json"


@dataclass
class Remembered:
    """What the file holds: the settings (``None``: none, or not readable), the
    newcomer's notes already read, and why the file was ignored (``problem``)."""

    settings: Settings | None = None
    read: set[str] = field(default_factory=set)
    problem: str = ""

    def notice(self, ui: str) -> str:
        """The one line that says the file was ignored (empty when it was not)."""
        if not self.problem:
            return ""
        return tr(
            ui,
            "The remembered settings could not be read ({why}); the defaults are offered.",
            why=tr(ui, self.problem),
        )

    @classmethod
    def load(cls, path: Path) -> Remembered:
        """The file at ``path``; an empty :class:`Remembered` when there is none, one
        with its ``problem`` when it is damaged."""
        try:
            with open(path, "rb") as file:
                raw = file.read(MAX_BYTES + 1)
        except FileNotFoundError:
            return cls()
        except OSError as error:
            return cls(problem=error.strerror or type(error).__name__)
        try:
            return cls._parse(raw)
        except (ValueError, TypeError, AtoutError) as error:
            return cls(problem=str(error)[:80])

    @classmethod
    def _parse(cls, raw: bytes) -> Remembered:
        if len(raw) > MAX_BYTES:
            raise ValueError(N_("too large"))
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise ValueError(N_("not JSON")) from None
        if not isinstance(data, dict) or data.get("format") != SETTINGS_FORMAT:
            raise ValueError(N_("not an atout.settings/1 file"))
        values = data.get("settings", {})
        if not isinstance(values, dict):
            raise ValueError(N_("settings: an object expected"))
        known = {item.name for item in fields(Settings)}
        settings = Settings(**{k: v for k, v in values.items() if k in known})
        settings.check()
        if settings.bots not in table_levels():
            raise ValueError(N_("bots: a level that sees every hand, for atout arena only"))
        read = data.get("read", [])
        if not isinstance(read, list) or not all(isinstance(item, str) for item in read):
            raise ValueError(N_("read: a list of names expected"))
        return cls(settings, set(read))

    def save(self, path: Path) -> None:
        """Write the file (atomically); a folder that cannot hold it is no error: the
        choices are then not remembered."""
        data: dict[str, Any] = {"format": SETTINGS_FORMAT, "read": sorted(self.read)}
        if self.settings is not None:
            data["settings"] = asdict(self.settings)
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            _write_atomically(path, json.dumps(data, indent=1))


def remember(path: Path, settings: Settings) -> None:
    """Keep ``settings`` in ``path`` for the next start (the notes read are kept)."""
    found = Remembered.load(path)
    found.settings = settings
    found.problem = ""
    found.save(path)


def merged(
    remembered: Settings | None, given: Settings, chosen: Collection[str] | None = None
) -> Settings:
    """The settings to offer: the remembered ones, with every setting the command line
    gave on top: those named in ``chosen`` (given there, even at their default value),
    or, when the command line does not say, those that differ from the default."""
    if remembered is None:
        return given
    default = Settings()
    changes = {
        item.name: getattr(given, item.name)
        for item in fields(Settings)
        if (
            item.name in chosen
            if chosen is not None
            else getattr(given, item.name) != getattr(default, item.name)
        )
    }
    settings = replace(remembered, **changes)
    try:
        settings.check()
    except AtoutError:  # e.g. a seat the number of players given leaves out
        return replace(settings, seat=0)
    return settings
