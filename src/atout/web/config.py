"""A web table's settings: what ``POST /api/tables`` takes, checked field by field.

Every wrong field is refused with one line naming it (``players: 3, 4 or 5, not 6``);
:func:`table_config` never raises anything but :class:`ConfigError`.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

from atout.bot_levels import table_levels
from atout.bots import BOTS
from atout.errors import AtoutError
from atout.i18n import N_, gettext
from atout.session import TableSettings
from atout.session.table import MAX_DONNES
from atout.table import EXCUSE_LAST_TRICK, Rules
from atout.web.basics import shown

__all__ = ["ARENA_ONLY", "ConfigError", "TableConfig", "bot_levels", "table_config"]


def bot_levels() -> list[str]:
    """The bot levels a table's seat menus offer, in their order: the lobby's and the
    waiting room's are this one list, the levels a person may play against (as at
    ``atout play``): not the one that sees every hand, which sees nothing here."""
    return table_levels()


ARENA_ONLY = N_("{field}: {bot} sees every hand: it plays in atout arena only, not at a table")

MAX_NAME = 24
MAX_GRACE_SECONDS = 86_400
MAX_BOT_DELAY_MS = 10_000
MAX_PENALTY = 1_000
FIELDS = (
    "players",
    "deals",
    "seats",
    "names",
    "rules",
    "spectators_see_hands",
    "grace_seconds",
    "bot_delay_ms",
    "stand_in",
    "move_seconds",
    "listed",
    "next_seconds",
)
MIN_MOVE_SECONDS = 5
MAX_MOVE_SECONDS = 3600
MIN_NEXT_SECONDS = 5
MAX_NEXT_SECONDS = 600


class ConfigError(AtoutError):
    """A wrong field of a table's settings: one line naming it (``str``: in English;
    :meth:`text`: in a reader's language)."""

    def __init__(self, message: str, **values: Any) -> None:
        self.template, self.values = message, values
        super().__init__(message.format(**values) if values else message)

    def text(self, lang: str) -> str:
        """The message in ``lang``."""
        said = gettext(lang, self.template)
        return said.format(**self.values) if self.values else said


@dataclass(frozen=True)
class TableConfig:
    """A web table: the session's settings and what the server adds (names, spectators,
    the grace period before a bot plays for an absent person, the bots' pace)."""

    players: int = 4
    deals: int = 5
    seats: tuple[str | None, ...] = (None, "heuristic", "heuristic", "heuristic")
    names: tuple[str, ...] = ("", "heuristic", "heuristic", "heuristic")
    rules: Rules = dataclasses.field(default_factory=Rules)
    spectators_see_hands: bool = False
    grace_seconds: float = 60.0
    bot_delay_ms: int = 600
    stand_in: str = "heuristic"
    move_seconds: int = 0  # a present person's time for a decision (0: no timer)
    listed: bool = False  # on the lobby's list of open tables
    next_seconds: int = 0  # the next donne after this pause (0: once every person presses Next)
    fixed_seed: int | None = None  # a challenge's table: its fixed deals (atout.web.challenge)

    def settings(self) -> TableSettings:
        """The session's settings: visible, verifiable dealing."""
        return TableSettings(
            players=self.players,
            deals=self.deals,
            seats=self.seats,
            rules=self.rules,
            dealing="visible",
            verifiable=True,
            stand_in=self.stand_in,
            fixed_seed=self.fixed_seed,
        )

    def kinds(self) -> list[str]:
        return ["person" if name is None else "bot" for name in self.seats]

    def with_seat(self, seat: int, bot: str) -> TableConfig:
        """The same table with ``bot`` in ``seat`` (its name too, if it had none)."""
        seats = list(self.seats)
        names = list(self.names)
        seats[seat] = bot
        if not names[seat] or names[seat] in BOTS:
            names[seat] = bot
        return dataclasses.replace(self, seats=tuple(seats), names=tuple(names))

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "deals": self.deals,
            "seats": list(self.seats),
            "names": list(self.names),
            "rules": dataclasses.asdict(self.rules),
            "spectators_see_hands": self.spectators_see_hands,
            "grace_seconds": self.grace_seconds,
            "bot_delay_ms": self.bot_delay_ms,
            "stand_in": self.stand_in,
            "move_seconds": self.move_seconds,
            "listed": self.listed,
            "next_seconds": self.next_seconds,
            **({} if self.fixed_seed is None else {"fixed_seed": self.fixed_seed}),
        }


def _fail(message: str, **values: Any) -> ConfigError:
    return ConfigError(message, **values)


def _short(value: Any) -> str:
    return shown(value)


def _int(data: dict[str, Any], key: str, low: int, high: int, default: int, at: str = "") -> int:
    value = data.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise _fail(
            "{at}{key}: a whole number from {low} to {high}, not {value}",
            at=at,
            key=key,
            low=low,
            high=high,
            value=_short(value),
        )
    return value


def _bool(data: dict[str, Any], key: str, default: bool, at: str = "") -> bool:
    value = data.get(key, default)
    if type(value) is not bool:
        raise _fail("{at}{key}: true or false, not {value}", at=at, key=key, value=_short(value))
    return value


def _rules(value: Any, players: int) -> Rules:
    if value is None:
        return Rules()
    if not isinstance(value, dict):
        raise _fail(
            "rules: an object of the ⚙ settings of docs/reference/rules.md, not {value}",
            value=_short(value),
        )
    known = {f.name for f in dataclasses.fields(Rules)}
    for key in value:
        if key not in known:
            raise _fail(
                "rules.{key}: not a setting ({choices})",
                key=str(key)[:30],
                choices=", ".join(sorted(known)),
            )
    fields: dict[str, Any] = {}
    for key in (
        "consecutive_chien_cards",
        "bar_plain_card_exposer",
        "excuse_exposed_as_trump",
        "called_suit_first_trick",
    ):
        if key in value:
            fields[key] = _bool(value, key, False, "rules.")
    if "early_pickup_penalty" in value:
        fields["early_pickup_penalty"] = _int(
            value, "early_pickup_penalty", 0, MAX_PENALTY, 0, "rules."
        )
    if "shuffler_offset" in value and value["shuffler_offset"] is not None:
        offset = value["shuffler_offset"]
        if type(offset) is not int or not 1 <= offset < players:
            raise _fail(
                "rules.shuffler_offset: null or 1 … {last} (D4), not {short_offset}",
                last=players - 1,
                short_offset=_short(offset),
            )
        fields["shuffler_offset"] = offset
    if "excuse_last_trick" in value:
        where = value["excuse_last_trick"]
        if where not in EXCUSE_LAST_TRICK:
            choices = " or ".join(EXCUSE_LAST_TRICK)
            raise _fail(
                "rules.excuse_last_trick: {choices} (P4), not {value}",
                choices=choices,
                value=_short(where),
            )
        fields["excuse_last_trick"] = where
    try:
        return Rules(**fields)
    except AtoutError as error:  # pragma: no cover - every field is checked above
        raise _fail("rules: {error}", error=error) from None


def table_config(data: Any, stored: bool = False) -> TableConfig:
    """The settings of ``POST /api/tables`` (every field optional), checked;
    ``stored``: a stored table's, which may have fixed deals (a challenge's table,
    made by the server only)."""
    if not isinstance(data, dict):
        raise _fail(
            "the request: a JSON object of a table's settings, not {value}", value=_short(data)
        )
    fixed_seed = data.get("fixed_seed") if stored else None
    if fixed_seed is not None and (type(fixed_seed) is not int or not 0 <= fixed_seed < 2**64):
        raise _fail("fixed_seed: a whole number from 0 to 2**64 - 1")
    for key in data:
        if key not in FIELDS and not (stored and key == "fixed_seed"):
            raise _fail(
                "{key}: not a field of a table ({choices})",
                key=str(key)[:30],
                choices=", ".join(FIELDS),
            )
    players = data.get("players", 4)
    if type(players) is not int or players not in (3, 4, 5):
        raise _fail("players: 3, 4 or 5, not {value}", value=_short(players))
    seats = _seats(data, players)
    config = TableConfig(
        players=players,
        deals=_int(data, "deals", 1, MAX_DONNES, 5),
        seats=tuple(seats),
        names=tuple(_names(data, seats)),
        rules=_rules(data.get("rules"), players),
        spectators_see_hands=_bool(data, "spectators_see_hands", False),
        grace_seconds=_grace(data),
        bot_delay_ms=_int(data, "bot_delay_ms", 0, MAX_BOT_DELAY_MS, 600),
        stand_in=_stand_in(data),
        move_seconds=_move_seconds(data),
        listed=_bool(data, "listed", False),
        next_seconds=_next_seconds(data),
        fixed_seed=fixed_seed,
    )
    try:
        config.settings().check()
    except AtoutError as error:  # pragma: no cover - every field is checked above
        raise _fail(str(error)) from None
    return config


def _seats(data: dict[str, Any], players: int) -> list[str | None]:
    """Who plays each seat: ``None`` for a person, else a bot's level."""
    seats_value = data.get("seats", [None] + ["heuristic"] * (players - 1))
    if not isinstance(seats_value, list) or len(seats_value) != players:
        raise _fail(
            "seats: a list of {players} entries (null for a person, else a bot)",
            players=players,
        )
    seats: list[str | None] = []
    for seat, name in enumerate(seats_value):
        if isinstance(name, str) and name in BOTS and name not in bot_levels():
            where = f"seats[{seat}]"
            raise _fail(ARENA_ONLY, field=where, bot=name)
        if name is not None and (not isinstance(name, str) or name not in BOTS):
            raise _fail(
                "seats[{seat}]: null or a bot ({choices}), not {value}",
                seat=seat,
                choices=", ".join(bot_levels()),
                value=_short(name),
            )
        seats.append(name)
    return seats


def _names(data: dict[str, Any], seats: list[str | None]) -> list[str]:
    """Each seat's name (a bot's seat named after its level when left empty)."""
    names_value = data.get("names", [name or "" for name in seats])
    if not isinstance(names_value, list) or len(names_value) != len(seats):
        raise _fail("names: a list of {players} names", players=len(seats))
    names: list[str] = []
    for seat, name in enumerate(names_value):
        if name is None:
            name = seats[seat] or ""
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise _fail(
                "names[{seat}]: a text of at most {most} characters", seat=seat, most=MAX_NAME
            )
        if not name.isprintable():
            raise _fail(
                "names[{seat}]: printable characters only, not {value}",
                seat=seat,
                value=_short(name),
            )
        names.append(name.strip() or (seats[seat] or ""))
    return names


def _grace(data: dict[str, Any]) -> float:
    grace = data.get("grace_seconds", 60)
    if (
        type(grace) not in (int, float)
        or not math.isfinite(grace)
        or not 0 <= grace <= MAX_GRACE_SECONDS
    ):
        raise _fail("grace_seconds: a number of seconds from 0 to {most}", most=MAX_GRACE_SECONDS)
    return float(grace)


def _stand_in(data: dict[str, Any]) -> str:
    stand_in = data.get("stand_in", "heuristic")
    if isinstance(stand_in, str) and stand_in in BOTS and stand_in not in bot_levels():
        raise _fail(ARENA_ONLY, field="stand_in", bot=stand_in)
    if not isinstance(stand_in, str) or stand_in not in BOTS:
        raise _fail(
            "stand_in: a bot ({choices}), not {value}",
            choices=", ".join(bot_levels()),
            value=_short(stand_in),
        )
    return stand_in


def _move_seconds(data: dict[str, Any]) -> int:
    """The move timer: 0 (none) or a whole number of seconds."""
    value = data.get("move_seconds", 0)
    if type(value) is not int or not (value == 0 or MIN_MOVE_SECONDS <= value <= MAX_MOVE_SECONDS):
        raise _fail(
            "move_seconds: 0 (no timer) or a whole number from {low} to {high}, not {value}",
            low=MIN_MOVE_SECONDS,
            high=MAX_MOVE_SECONDS,
            value=_short(value),
        )
    return value


def _next_seconds(data: dict[str, Any]) -> int:
    """The pause after a donne: 0 (until every person present presses Next) or seconds."""
    value = data.get("next_seconds", 0)
    if type(value) is not int or not (value == 0 or MIN_NEXT_SECONDS <= value <= MAX_NEXT_SECONDS):
        raise _fail(
            "next_seconds: 0 (when everyone presses Next) or a whole number from {low} to"
            " {high}, not {value}",
            low=MIN_NEXT_SECONDS,
            high=MAX_NEXT_SECONDS,
            value=_short(value),
        )
    return value


def config_from_json(data: dict[str, Any]) -> TableConfig:
    """A stored table's settings (written by :meth:`TableConfig.to_json`)."""
    return table_config(data, stored=True)
