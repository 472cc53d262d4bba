"""A person's match against bots, saved after every action, resumable.

The terminal table (:mod:`atout.tui.app`) shows a :class:`TableSession`; the session
holds the match, lets the bots act, checks the person's actions against the rules,
and writes the save file after every change (atomically: a crash never loses what was
saved before). While a table has the save open it holds ``match.json.lock`` beside it
(``flock``): a second table on the same save is refused, and the system lets go of the
lock when the process ends, however it ends.

A save is a JSON object ``{"format": "atout.save/1", "settings": …, "seed": S,
"donnes": N, "actions": [[donne, action], …], "random": {"actions": A, "deal": STATE,
"bots": [STATE, …]}}``: the deals come again from the seed, the actions are applied
again, each checked against the rules, and the generators take up their saved states,
so that the match goes on exactly as it would have. ``A`` is the number of actions the
states belong to: a save whose ``actions`` do not number ``A`` (a list cut short) is
damaged. A save without ``"random"`` (an older one) resumes with the bots' generators
drawn afresh from the seed; one without ``A`` (older still) takes up its states as they
are. The settings fields of the first saves (``players``, ``bots``, ``deals``, ``animate``,
``lang``) are required; the later ones (``seat``, ``ui``, ``speed``, ``pause``,
``target``, ``undo``, ``guide``, ``deal_pace``) take their defaults when a save has
none, except the deal's pace: a save without it tells the deal as it did when it was
made, at the pace of the bots' speed.

The match itself is an :class:`atout.session.Table` dealing automatically: the person
in seat ``seat``, a bot in every other seat. The table creates its generators as this
session always did (the master generator from the seed, the deal's from it, then one
a seat), so a save resumes exactly; the terminal sees the match only through the
table's observation of the person's seat and its feed of events.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import random
import socket
import stat
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from atout.bot_levels import level
from atout.bots import BOTS, Agent
from atout.errors import AtoutError, InvalidRecordError
from atout.i18n import said
from atout.match import Match
from atout.randomness import make_rng
from atout.record import action_from_json, action_to_json, decode, game_record
from atout.session import Event, MakeEcart, Table, TableAction, TableObservation, TableSettings
from atout.state import Discard, Donne
from atout.table import Variant

__all__ = [
    "DEAL_PACES",
    "MAX_DEALS",
    "PAUSES",
    "SAVE_FORMAT",
    "SPEEDS",
    "SaveError",
    "SaveInUseError",
    "SaveLock",
    "Settings",
    "TableSession",
    "check_seed",
    "default_save_path",
    "set_aside",
]

SAVE_FORMAT = "atout.save/1"
MAX_DEALS = 1000
MAX_SEED = 2**256
MAX_SAVE_BYTES = 16_000_000
STATE_WORDS = 625
MAX_TARGET = 100_000
SPEEDS = {"fast": 0.0, "normal": 0.3, "slow": 0.8}
"""The bots' speed: the pause before each of their cards, in seconds."""
DEAL_PACES = {"step": 1.2, "quick": 0.15}
"""The pace of the deal told (``deal_pace``): the seconds a step of it stays on the
table (a packet that the log does not say on its own line, a third of it)."""
SPEED_DEAL_PACES = {"fast": 0.05, "normal": 0.6, "slow": 1.2}
"""The deal's pace of a save made before it was a setting: the bots' speed set it."""
PAUSES = (0.0, 1.0, 2.0, 4.0, -1.0)
"""The pause after a trick, in seconds (``-1``: until a key)."""


class SaveError(AtoutError):
    """The save file could not be written (the last good save is kept). ``str``: the
    message in English; :meth:`text`: in the interface's language."""

    def __init__(self, message: str, **values: Any) -> None:
        self.template, self.values = message, values
        super().__init__(message.format(**values) if values else message)

    def text(self, lang: str) -> str:
        return said(lang, self.template, **self.values)


class SaveInUseError(SaveError):
    """Another table has the save open."""


def default_save_path() -> Path:
    """Where the unfinished match is kept: ``$ATOUT_HOME/match.json``, by default in the
    user's data folder."""
    home = os.environ.get("ATOUT_HOME")
    if home:
        return Path(home) / "match.json"
    from platformdirs import user_data_dir

    return Path(user_data_dir("atout")) / "match.json"


def reason(error: OSError) -> str:
    """An operating system error in a few words: ``No space left on device``."""
    return error.strerror or str(error)


def check_seed(seed: object) -> int:
    """``seed`` as a table's seed, an integer from 0 to 2**256 - 1."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise AtoutError(f"seed: an integer from 0 to 2**256 - 1, not {seed!r:.40}")
    return seed


def locale_ui() -> str:
    """``"fr"`` when the user's locale is French, else ``"en"``."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(name, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


@dataclass(frozen=True)
class Settings:
    """A match at the terminal: ``players``, the ``bots``' level, ``deals`` donnes (or
    fewer: the match also ends once a total reaches ``target`` marks, when it is not
    0), the deal told step by step (``animate``), the cards' names (``lang``), the
    interface's language (``ui``), the person's ``seat``, the bots' ``speed`` and the
    ``pause`` after a trick (seconds; -1 until a key); ``undo``: the person may take
    back his last card or bid (casual play; off: FFT strict, what is played stays);
    ``guide``: a guided match, its notes shown at the right moments; ``deal_pace``:
    the deal told ``step`` by step or ``quick`` (:data:`DEAL_PACES`; ``""``, a save
    made before it was a setting: at the pace the bots' speed gave it then)."""

    players: int = 4
    bots: str = "heuristic"
    deals: int = 5
    animate: bool = True
    lang: str = "fr"
    seat: int = 0
    ui: str = field(default_factory=locale_ui)
    speed: str = "normal"
    pause: float = 2.0
    target: int = 0
    undo: bool = True
    guide: bool = False
    deal_pace: str = "step"

    def check(self) -> None:
        for name, kind in (
            ("players", int),
            ("bots", str),
            ("deals", int),
            ("animate", bool),
            ("seat", int),
            ("speed", str),
            ("target", int),
            ("undo", bool),
            ("guide", bool),
            ("deal_pace", str),
        ):
            _check_type(name, getattr(self, name), kind)
        Variant.for_players(self.players)
        if self.bots not in BOTS:
            raise AtoutError(f"bots: {self.bots!r} is not one of {', '.join(BOTS)}")
        if not 1 <= self.deals <= MAX_DEALS:
            raise AtoutError(f"deals: a match has 1 to {MAX_DEALS} donnes, not {self.deals}")
        if self.lang not in ("fr", "en"):
            raise AtoutError(f"lang: 'fr' or 'en', not {self.lang!r:.40}")
        if self.ui not in ("fr", "en"):
            raise AtoutError(f"ui: 'fr' or 'en', not {self.ui!r:.40}")
        if not 0 <= self.seat < self.players:
            raise AtoutError(f"seat: 0 … {self.players - 1}, not {self.seat}")
        if self.speed not in SPEEDS:
            raise AtoutError(f"speed: one of {', '.join(SPEEDS)}, not {self.speed!r:.40}")
        if self.deal_pace not in ("", *DEAL_PACES):
            choices = ", ".join(DEAL_PACES)
            raise AtoutError(f"deal_pace: one of {choices}, not {self.deal_pace!r:.40}")
        if isinstance(self.pause, bool) or not isinstance(self.pause, int | float):
            raise AtoutError(f"pause: a number of seconds, not {self.pause!r:.40}")
        if not (self.pause == -1 or 0 <= self.pause <= 60):
            raise AtoutError(f"pause: 0 to 60 seconds, or -1 (until a key), not {self.pause}")
        if not 0 <= self.target <= MAX_TARGET:
            raise AtoutError(f"target: 0 (none) to {MAX_TARGET} marks, not {self.target}")

    def deal_step(self) -> float:
        """The seconds a step of the deal told stays on the table."""
        if self.deal_pace:
            return DEAL_PACES[self.deal_pace]
        return SPEED_DEAL_PACES[self.speed]

    def table_settings(self) -> TableSettings:
        """The table of this match: the person in ``seat``, a bot in every other."""
        seats = tuple(None if s == self.seat else self.bots for s in range(self.players))
        return TableSettings(
            players=self.players,
            deals=self.deals,
            seats=seats,
            dealing="automatic",
            verifiable=False,
            stand_in=self.bots,
            target=self.target,
        )


REQUIRED_SETTINGS = ("players", "bots", "deals", "animate", "lang")


def _check_type(name: str, value: object, kind: type) -> None:
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise AtoutError(f"{name}: {kind.__name__} expected, not {value!r:.40}")


class SaveLock:
    """``match.json.lock`` beside the save, locked with ``flock`` while a table has the
    save open. Two tables, in one process or two, cannot hold it at once; the system
    lets go of it when the process ends, even when it is killed."""

    def __init__(self, save_path: Path) -> None:
        self.save_path = save_path
        self.path = save_path.with_name(save_path.name + ".lock")
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        """Take the lock; :class:`SaveInUseError` naming the table that holds it, or
        :class:`SaveError` when the folder cannot hold a lock file."""
        if self._fd is not None:
            return
        fd = self._open()
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            holder = _read_holder(fd)
            os.close(fd)
            if isinstance(error, BlockingIOError):
                raise SaveInUseError(
                    "{path} is in use by another atout play ({holder}): quit that "
                    "table first, or set ATOUT_HOME to another folder",
                    path=self.save_path,
                    holder=holder,
                ) from None
            raise SaveError(
                "cannot lock {path}: {reason}", path=self.path, reason=reason(error)
            ) from None
        self._fd = fd
        _write_holder(fd)

    def _open(self) -> int:
        folder = self.path.parent
        if folder.exists() and not folder.is_dir():
            raise SaveError("cannot keep a save in {folder}: it is not a folder", folder=folder)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            return os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as error:
            raise SaveError(
                "cannot keep a save in {folder}: {reason}", folder=folder, reason=reason(error)
            ) from None

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _try_lock(lock: SaveLock) -> SaveError | None:
    """Take ``lock`` (:class:`SaveInUseError` when another table holds it); the reason
    when the folder cannot hold a lock file."""
    try:
        lock.acquire()
    except SaveInUseError:
        raise
    except SaveError as error:
        return error
    return None


def _write_holder(fd: int) -> None:
    host = socket.gethostname()
    text = f"pid {os.getpid()} on {host}, since {time.strftime('%Y-%m-%d %H:%M:%S')}\n"
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, text.encode(), 0)


def _read_holder(fd: int) -> str:
    try:
        text = os.pread(fd, 200, 0).decode("utf-8", "replace").strip()
    except OSError:
        text = ""
    return text or "it is starting"


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, flush it to the disk, then
    rename it over ``path``: ``path`` always holds a whole save."""
    temporary = path.with_name(path.name + ".tmp")
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise
    with contextlib.suppress(OSError):
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


class TableSession:
    """One person (seat ``settings.seat``) against bots, donne after donne, on an
    :class:`atout.session.Table`."""

    def __init__(
        self,
        settings: Settings,
        seed: int | None = None,
        save_path: Path | None = None,
        lock: SaveLock | None = None,
    ) -> None:
        settings.check()
        self.settings = settings
        self.seed = check_seed(seed) if seed is not None else make_rng(None).getrandbits(48)
        self.table = self._new_table()
        self.actions: list[tuple[int, dict[str, Any]]] = []
        self.saved_actions: int | None = None
        self.save_error: SaveError | None = None
        self.save_path: Path | None = None
        self.lock: SaveLock | None = None
        self._before: dict[int, list[Any]] = {}  # the bots' generators before an action
        if save_path is not None:
            self.attach(save_path, lock)

    def attach(self, save_path: Path, lock: SaveLock | None = None) -> None:
        """Keep the match in ``save_path`` from now on: take its lock
        (:class:`SaveInUseError` when another table holds it); when no lock can be
        kept there, the match goes on and ``save_error`` says why."""
        self.save_path, self.lock = save_path, lock or SaveLock(save_path)
        self.save_error = _try_lock(self.lock)

    def close(self) -> None:
        """Let go of the save (its lock)."""
        if self.lock is not None:
            self.lock.release()

    def _new_table(self) -> Table:
        """The match's table, its search bots thinking within their level's time budget
        (:data:`atout.bot_levels.LEVELS`): what they decide is saved as an action, so a
        resumed match never asks them again."""
        table = Table(self.settings.table_settings(), self.seed)
        budget = level(self.settings.bots).budget
        for bot in table.bots:
            if hasattr(bot, "budget"):
                bot.budget = budget
        return table

    # -- state -----------------------------------------------------------------------------

    @property
    def human(self) -> int:
        """The person's seat."""
        return self.settings.seat

    @property
    def match(self) -> Match:
        return self.table.match

    @property
    def deal_rng(self) -> random.Random:
        return self.table.deal_rng

    @property
    def bots(self) -> list[Agent]:
        return self.table.bots

    @property
    def donne(self) -> Donne | None:
        return self.table.donne

    @property
    def donne_number(self) -> int:
        return self.table.number

    @property
    def is_over(self) -> bool:
        """The match is over: its last donne is played (or void), or a total reached
        the target (S4)."""
        return self.table.is_over

    def observation(self) -> TableObservation:
        """What the person may see now, and may do."""
        return self.table.observation(self.human)

    def events_since(self, seq: int) -> list[dict[str, Any]]:
        """The events after number ``seq`` as the person is told them."""
        return self.table.events_since(seq, self.human)

    def donne_events(self) -> list[dict[str, Any]]:
        """The events of the donne being played, as the person is told them."""
        number = self.table.number
        return [e.for_seat(self.human) for e in self.table.events if e.donne == number]

    def human_to_act(self) -> bool:
        donne = self.table.donne
        return donne is not None and not donne.is_terminal() and self.human in self.table.to_act()

    # -- moves -------------------------------------------------------------------------------

    def new_donne(self) -> Donne:
        """Deal the next donne (D17: the right dealer, the barred seats)."""
        self.table.next_donne()
        self._autosave()
        donne = self.table.donne
        assert donne is not None
        return donne

    def bot_step(self) -> TableAction | None:
        """Let the bot whose turn it is act once; ``None`` when it is the person's turn
        or the donne is over."""
        donne = self.table.donne
        if donne is None or donne.is_terminal() or self.human_to_act():
            return None
        action = self.bot_decide()
        self._apply(action)
        return action

    def bot_to_act(self) -> int | None:
        """The seat of the bot whose turn it is (``None``: the person's turn, or the
        donne is over)."""
        donne = self.table.donne
        if donne is None or donne.is_terminal() or self.human_to_act():
            return None
        return self.table.to_act()[0]

    def bot_decide(self) -> TableAction:
        """What the bot whose turn it is decides, not yet applied: the table asks it
        off its interface's thread (a search takes seconds) and applies it with
        :meth:`bot_apply` once back. Nothing else may act meanwhile."""
        seat = self.bot_to_act()
        assert seat is not None, "no bot to act"
        return self.table.bot_action(seat)

    def bot_apply(self, action: TableAction) -> None:
        """Apply (and save) the bot's decision made by :meth:`bot_decide`."""
        self._apply(action)

    def act(self, action: TableAction) -> list[Event]:
        """The person's action: checked against the rules (an ``IllegalActionError``
        names the rule it breaks, and nothing changes), applied and saved; the events
        it made."""
        self._before[len(self.actions)] = [_rng_of(bot).getstate() for bot in self.bots]
        events = self._apply(action)
        return events

    def undo_point(self) -> int | None:
        """Where the person's last action of the donne being played begins in
        :attr:`actions` (an écart: its first card); ``None`` when there is none to undo
        (the donne is over, or the person has not acted in it)."""
        donne = self.table.donne
        if donne is None or donne.is_terminal():
            return None
        current = self.table.number - 1
        mine = [
            i
            for i, (index, action) in enumerate(self.actions)
            if index == current and action.get("seat") == self.human
        ]
        if not mine:
            return None
        start = mine[-1]
        if self.actions[start][1].get("type") == "discard":  # the whole écart
            while start - 1 in mine and self.actions[start - 1][1].get("type") == "discard":
                start -= 1
        return start

    def undo(self) -> bool:
        """Take back the person's last action of this donne and what the bots did after
        it: the table is rebuilt from its seed and the actions before it, each checked
        again, the bots' generators as they were then (as they are now when the action
        was made before the match was resumed); saved. ``False`` when there is nothing
        to undo."""
        start = self.undo_point()
        if start is None:
            return False
        states = self._before.get(start) or [_rng_of(bot).getstate() for bot in self.bots]
        kept, donnes = self.actions[:start], self.table.number
        self.table = self._new_table()
        self.actions = []
        for number in range(donnes):
            self.table.next_donne()
            for index, action in kept:
                if index == number:
                    self._replay(action_from_json(action))
        for bot, state in zip(self.bots, states, strict=True):
            _rng_of(bot).setstate(state)
        self._before = {i: s for i, s in self._before.items() if i < start}
        self._autosave()
        return True

    def _apply(self, action: TableAction) -> list[Event]:
        events = self._replay(action)
        self._autosave()
        return events

    def _replay(self, action: TableAction) -> list[Event]:
        events = self.table.act(action)
        index = self.table.number - 1
        if isinstance(action, MakeEcart):  # kept as the discards it is made of
            for card in action.cards:
                self.actions.append((index, action_to_json(Discard(action.seat, card))))
        else:
            self.actions.append((index, action_to_json(action)))  # type: ignore[arg-type]
        return events

    # -- saving ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "settings": asdict(self.settings),
            "seed": self.seed,
            "donnes": self.donne_number,
            "actions": [[index, action] for index, action in self.actions],
            "random": {
                "actions": len(self.actions),
                "deal": _state_to_json(self.deal_rng),
                "bots": [_state_to_json(_rng_of(bot)) for bot in self.bots],
            },
        }

    def save(self) -> None:
        """Write the save file atomically (a temporary file, then a rename);
        :class:`SaveError` when it cannot be written: the last good save is kept. A
        match is saved from its first donne on."""
        if self.save_path is None or not self.match.donnes:
            return
        assert self.lock is not None
        try:
            self.lock.acquire()
            _write_atomically(self.save_path, json.dumps(self.to_json()))
        except OSError as error:
            raise SaveError(
                "cannot write {path}: {reason}", path=self.save_path, reason=reason(error)
            ) from None
        self.saved_actions = len(self.actions)

    def _autosave(self) -> None:
        try:
            self.save()
        except SaveError as error:
            self.save_error = error
        else:
            self.save_error = None

    def finish(self) -> None:
        """The match is over: the save file is no longer an unfinished match;
        :class:`SaveError` when it cannot be removed."""
        if self.save_path is None:
            return
        try:
            self.save_path.unlink(missing_ok=True)
        except OSError as error:
            raise SaveError(
                "cannot remove {path}: {reason}", path=self.save_path, reason=reason(error)
            ) from None

    @classmethod
    def load(cls, path: Path, lock: SaveLock | None = None) -> TableSession:
        """Resume the match saved in ``path``, re-applying every action against the
        rules; :class:`SaveInUseError` when another table has it open,
        :class:`InvalidRecordError` when the file is damaged."""
        own = lock is None
        lock = lock or SaveLock(path)
        _try_lock(lock)
        try:
            session = _rebuild(cls, read_save(path), path)
        except InvalidRecordError:
            if own:
                lock.release()
            raise
        session.attach(path, lock)
        return session

    def export(self, path: Path) -> None:
        """Write the match so far as an ``atout.game/1`` record: every donne that is
        over (one being played is left out: a record holds whole donnes)."""
        seats = [
            "human" if seat == self.human else f"bot:{self.settings.bots}"
            for seat in range(self.settings.players)
        ]
        finished = [donne for donne in self.match.donnes if donne.is_terminal()]
        record = game_record(finished, seats, self.seed)
        path.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")


# -- reading a save ------------------------------------------------------------------------


def read_save(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``, bounded (size, nesting, digits, as records are)
    before it is read; :class:`InvalidRecordError` when it is not one."""
    try:
        raw = _read_regular(path, MAX_SAVE_BYTES + 1)
        if len(raw) > MAX_SAVE_BYTES:
            raise InvalidRecordError(f"larger than {MAX_SAVE_BYTES} bytes")
        data = decode(raw)
    except OSError as error:
        raise InvalidRecordError(f"{path}: not a readable save ({reason(error)})") from None
    except InvalidRecordError as error:
        raise InvalidRecordError(f"{path}: not a readable save ({error})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise InvalidRecordError(f"{path}: not an {SAVE_FORMAT} file")
    return data


def _read_regular(path: Path, most: int) -> bytes:
    """At most ``most`` bytes of ``path`` when it is a regular file; never waits on a
    FIFO or a device (:class:`InvalidRecordError` for anything else)."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise InvalidRecordError("not a regular file: a folder, device, FIFO or socket")
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            return file.read(most)
    finally:
        os.close(descriptor)


def _get(data: dict[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise InvalidRecordError(f"{key!r} is missing")
    _check_type(key, data[key], kind)
    return data[key]


def _settings(data: object) -> Settings:
    if not isinstance(data, dict):
        raise InvalidRecordError(f"settings: an object expected, not {data!r:.40}")
    known = {item.name for item in fields(Settings)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise InvalidRecordError(f"settings: unknown field {unknown[0]!r:.40}")
    missing = [name for name in REQUIRED_SETTINGS if name not in data]
    if missing:
        raise InvalidRecordError(f"settings: {', '.join(map(repr, missing))} missing")
    if "deal_pace" not in data:  # a save made before the deal's pace was a setting
        data = {**data, "deal_pace": ""}
    settings = Settings(**data)
    settings.check()
    return settings


def _actions(data: dict[str, Any], donnes: int) -> list[tuple[int, Any]]:
    actions = _get(data, "actions", list)
    pairs: list[tuple[int, Any]] = []
    for number, pair in enumerate(actions):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], dict)):
            raise InvalidRecordError(f"action {number}: [donne, action] expected")
        _check_type(f"action {number}: donne", pair[0], int)
        previous = pairs[-1][0] if pairs else 0
        if not previous <= pair[0] < donnes:
            raise InvalidRecordError(f"action {number}: donne {pair[0]} is out of order")
        pairs.append((pair[0], pair[1]))
    return pairs


def _rebuild(cls: type[TableSession], data: dict[str, Any], path: Path) -> TableSession:
    try:
        return _replay_save(cls, data)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as error:
        raise InvalidRecordError(f"{path}: damaged save ({error})") from None


def _replay_save(cls: type[TableSession], data: dict[str, Any]) -> TableSession:
    session = cls(_settings(data.get("settings")), check_seed(data.get("seed")))
    donnes = _get(data, "donnes", int)
    if not 1 <= donnes <= session.settings.deals:
        raise InvalidRecordError(f"donnes: 1 to {session.settings.deals}, not {donnes}")
    actions = _actions(data, donnes)
    for number in range(donnes):
        session.table.next_donne()
        for index, action in actions:
            if index == number:
                session._replay(action_from_json(action))
    if "random" in data:
        _restore_random(session, data["random"])
    session.saved_actions = len(session.actions)
    return session


def _restore_random(session: TableSession, data: object) -> None:
    if not isinstance(data, dict) or not isinstance(data.get("bots"), list):
        raise InvalidRecordError("random: {'deal': state, 'bots': [state, …]} expected")
    if len(data["bots"]) != len(session.bots):
        raise InvalidRecordError(f"random: {len(session.bots)} bots' states expected")
    if "actions" in data:  # saves before it had none: their states are taken as they are
        _check_type("random: actions", data["actions"], int)
        if data["actions"] != len(session.actions):
            raise InvalidRecordError(
                f"random: the states belong to {data['actions']} actions, the save has "
                f"{len(session.actions)} (cut short?)"
            )
    if _state_from_json(data.get("deal")) != session.deal_rng.getstate():
        raise InvalidRecordError("random: the deal's state does not follow from the seed")
    for bot, state in zip(session.bots, data["bots"], strict=True):
        _rng_of(bot).setstate(_state_from_json(state))


def _rng_of(bot: Agent) -> random.Random:
    rng = getattr(bot, "rng", None)
    assert isinstance(rng, random.Random), f"{type(bot).__name__} keeps no random.Random"
    return rng


def _state_to_json(rng: random.Random) -> list[Any]:
    version, words, gauss = rng.getstate()
    return [version, list(words), gauss]


def _state_from_json(data: object) -> tuple[Any, ...]:
    """A ``random.Random`` state as ``getstate()`` gives it, checked word by word."""
    if not (isinstance(data, list) and len(data) == 3 and data[0] == 3):
        raise InvalidRecordError("random: a state is [3, [625 words], gauss]")
    words, gauss = data[1], data[2]
    if not (isinstance(words, list) and len(words) == STATE_WORDS):
        raise InvalidRecordError(f"random: a state has {STATE_WORDS} words")
    if not all(type(word) is int and 0 <= word < 2**32 for word in words):
        raise InvalidRecordError("random: a state's words are integers from 0 to 2**32 - 1")
    if words[-1] > STATE_WORDS - 1 or not (gauss is None or type(gauss) is float):
        raise InvalidRecordError("random: not a state of random.Random")
    return (3, tuple(words), gauss)


def set_aside(path: Path) -> Path:
    """Move a damaged save out of the way (``match.json.damaged``, numbered if needed)."""
    target = path.with_name(path.name + ".damaged")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.damaged{number}")
    os.replace(path, target)
    return target
