"""The person's donnes and matches at the terminal, kept across matches, and the
statistics drawn from them.

Each donne that ends at the table is appended as one line of JSON to
``history.jsonl`` in the data folder (beside the save: ``$ATOUT_HOME``, else the
user's data folder), and each match that ends as another: ``{"v": 1, "kind":
"donne", "match": SEED, "number": N, "time": …, "players": P, "bots": LEVEL,
"role": "taker" | "partner" | "defence" | null, "contract": …, "void": …, "made": …,
"points": …, "bouts": …, "mark": M}`` and ``{"v": 1, "kind": "match", "match": SEED,
"time": …, "players": P, "donnes": N, "total": T, "rank": R}``. A donne told twice
(a match resumed on its result) counts once; a line that cannot be read is skipped
and counted.

>>> import tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "history.jsonl"
>>> entry = {"kind": "donne", "match": 7, "number": 1, "players": 4, "bots": "search",
...          "role": "taker", "contract": "garde", "void": None, "made": True,
...          "points": 47.5, "bouts": 2, "mark": 138}
>>> append(path, entry); append(path, entry)
>>> stats = Stats.of(read(path))
>>> stats.donnes, stats.takes["garde"], stats.made["garde"], stats.average
(1, 1, 1, 138.0)
"""

from __future__ import annotations

import contextlib
import json
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.text import Text

from atout.i18n import N_
from atout.score_text import number
from atout.session import TableObservation
from atout.tui.words import plural, tr

__all__ = [
    "HISTORY_VERSION",
    "Stats",
    "append",
    "donne_entry",
    "history_path",
    "match_entry",
    "read",
    "stats_text",
]

HISTORY_VERSION = 1
CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")
CONTRACT_NAMES = {
    "prise": N_("Prise"),
    "garde": N_("Garde"),
    "garde_sans": N_("Garde sans"),
    "garde_contre": N_("Garde contre"),
}
ROLES = {"taker": N_("taker"), "partner": N_("partner"), "defence": N_("in defence")}


def history_path(save_path: Path) -> Path:
    """The history beside the save, in the data folder."""
    return save_path.with_name("history.jsonl")


def append(path: Path, entry: dict[str, Any]) -> None:
    """Add ``entry`` to the history (a folder that cannot hold it loses only it)."""
    line = json.dumps({"v": HISTORY_VERSION, "time": int(time.time()), **entry})
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8") as file:
            file.write(line + "\n")


def read(path: Path) -> tuple[list[dict[str, Any]], int]:
    """The entries of the history, each donne and match once, and the number of lines
    that could not be read."""
    entries: dict[tuple[str, int, int], dict[str, Any]] = {}
    damaged = 0
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return [], 0
    for line in lines:
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            key = (entry["kind"], int(entry["match"]), int(entry.get("number", 0)))
            if entry["kind"] not in ("donne", "match"):
                raise ValueError(entry["kind"])
        except (ValueError, KeyError, TypeError):
            damaged += 1
            continue
        entries[key] = entry
    return list(entries.values()), damaged


def donne_entry(obs: TableObservation, seed: int, bots: str) -> dict[str, Any]:
    """The donne just over, from the person's side (``obs``: the person's view)."""
    row, me = obs.sheet[-1], obs.seat
    role = None
    if row.taker is not None and row.void is None:
        role = "taker" if row.taker == me else "partner" if row.partner == me else "defence"
    result = row.result
    return {
        "kind": "donne",
        "match": seed,
        "number": row.number,
        "players": obs.players,
        "bots": bots,
        "role": role,
        "contract": row.contract,
        "void": row.void,
        "made": None if result is None else result.made,
        "points": None if result is None else result.points,
        "bouts": None if result is None else result.bouts,
        "mark": 0 if result is None or me is None else result.marks[me],
    }


def match_entry(obs: TableObservation, seed: int) -> dict[str, Any]:
    """The match just over: the person's total and place."""
    me = obs.seat if obs.seat is not None else 0
    rank = 1 + sum(total > obs.totals[me] for total in obs.totals)
    return {
        "kind": "match",
        "match": seed,
        "players": obs.players,
        "donnes": len(obs.sheet),
        "total": obs.totals[me],
        "rank": rank,
    }


@dataclass
class Stats:
    """What the history adds up to, for the person."""

    donnes: int = 0
    void: int = 0
    played: int = 0  # donnes with a contract
    takes: Counter[str] = field(default_factory=Counter)
    made: Counter[str] = field(default_factory=Counter)
    partner: int = 0
    defended: int = 0
    defended_won: int = 0
    marks: int = 0
    best: dict[str, Any] | None = None
    worst: dict[str, Any] | None = None
    matches: int = 0
    won: int = 0
    damaged: int = 0

    @property
    def average(self) -> float:
        return self.marks / self.donnes if self.donnes else 0.0

    @classmethod
    def of(cls, found: tuple[list[dict[str, Any]], int]) -> Stats:
        entries, damaged = found
        stats = cls(damaged=damaged)
        for entry in entries:
            with contextlib.suppress(KeyError, TypeError, ValueError):
                stats._add(entry)
        return stats

    def _add(self, entry: dict[str, Any]) -> None:
        if entry["kind"] == "match":
            self.won += int(entry["rank"]) == 1
            self.matches += 1
            return
        mark, role = int(entry["mark"]), entry["role"]
        self.donnes += 1
        self.marks += mark
        if entry["void"] is not None or role is None:
            self.void += 1
        else:
            self.played += 1
            self._add_role(entry, role)
        if self.best is None or mark > int(self.best["mark"]):
            self.best = entry
        if self.worst is None or mark < int(self.worst["mark"]):
            self.worst = entry

    def _add_role(self, entry: dict[str, Any], role: str) -> None:
        if role == "taker":
            self.takes[entry["contract"]] += 1
            self.made[entry["contract"]] += bool(entry["made"])
        elif role == "partner":
            self.partner += 1
        else:
            self.defended += 1
            self.defended_won += not entry["made"]


def stats_text(stats: Stats, ui: str) -> Text:
    """The statistics as the screen shows them, in the interface's language."""
    text = Text(tr(ui, "Your statistics at the terminal table") + "\n\n", style="bold")
    if not stats.donnes:
        text.append(tr(ui, "No donne played yet: the statistics begin with your first."))
        return text
    donnes = plural(ui, stats.donnes, N_("{count} donne played"), N_("{count} donnes played"))
    matches = plural(
        ui, stats.matches, N_("{count} match finished"), N_("{count} matches finished")
    )
    text.append(tr(ui, donnes, count=stats.donnes) + ", " + tr(ui, "void: {void}", void=stats.void))
    text.append(" · " + tr(ui, matches, count=stats.matches))
    text.append(" · " + tr(ui, "won: {won}", won=stats.won) + "\n")
    average = number(round(stats.average, 1), ui)
    text.append(tr(ui, "Average marks a donne: {average}", average=average) + "\n\n")
    text.append(_takes_table(stats, ui))
    text.append(
        tr(ui, "Partner of the taker: {count} · in defence: {count2} (the contract failed: "
           "{won})", count=stats.partner, count2=stats.defended, won=stats.defended_won) + "\n\n"
    )  # fmt: skip
    for label, entry in ((N_("Best donne"), stats.best), (N_("Worst donne"), stats.worst)):
        if entry is not None:
            line = tr(ui, "{label}: {donne}", label=tr(ui, label), donne=_donne_words(entry, ui))
            text.append(line + "\n")
    if stats.damaged:
        skipped = plural(
            ui,
            stats.damaged,
            N_("{count} line of the history could not be read and was skipped."),
            N_("{count} lines of the history could not be read and were skipped."),
        )
        text.append("\n" + tr(ui, skipped, count=stats.damaged), style="italic")
    return text


def _takes_table(stats: Stats, ui: str) -> str:
    heads = tr(ui, "Contract"), tr(ui, "Taken"), tr(ui, "Made")
    head = "{:<14} {:>7} {:>7} {:>5}\n".format(*heads, "%")
    lines = [head]
    for contract in CONTRACTS:
        taken, made = stats.takes[contract], stats.made[contract]
        share = f"{100 * made // taken}" if taken else "—"
        name = tr(ui, CONTRACT_NAMES[contract])
        lines.append(f"{name:<14} {taken:>7} {made:>7} {share:>5}\n")
    return "".join(lines) + "\n"


def _donne_words(entry: dict[str, Any], ui: str) -> str:
    """``+138, Garde made, you were taker (donne 3 of match 7, 4 players, played
    2026-12-02 21:05)``: the match named by its seed, as its export is
    (``atout-match-7.json``), and by when it was played."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(int(entry.get("time", 0))))
    where = tr(
        ui,
        "donne {number} of match {match}, {players} players, played {date}",
        number=entry["number"],
        match=entry["match"],
        players=entry.get("players", "?"),
        date=when,
    )
    mark = f"{int(entry['mark']):+d}"
    role, contract = entry["role"], entry["contract"]
    if role is None or contract is None:
        return f"{mark} ({where})"
    made = tr(ui, "made") if entry["made"] else tr(ui, "failed")
    what = tr(
        ui,
        "{contract} {made}, you were {role}",
        contract=tr(ui, CONTRACT_NAMES[contract]),
        made=made,
        role=tr(ui, ROLES[role]),
    )
    return f"{mark}, {what} ({where})"
