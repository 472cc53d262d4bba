"""The ranking of a club tournament from its tables' records, with the arbiter's
penalties (docs/reference/tournaments.md).

**The records.** Each table writes one ``atout.game/1`` record a round: the one that
``atout play`` and the web table write, or the score sheet the companion exports (its
cards not entered). It is named ``NAME-rR-tT.json`` for the tournament named ``NAME``,
round ``R`` and table ``T``; its ``seats`` are the table's players' names, for a
duplicate in the seat order of the movement (or, as ``atout play`` and the web table
write them, ``human`` and ``bot:…``: then the players are those the movement card
seats there, in its order); it holds the round's donnes, void ones included, in
order. :func:`read_table` checks all of it, and for a duplicate that each
donne whose cards are in the record is the deal of the étui the table played.

**The ranking.** Donnes libres: each player's marks summed over every donne he
played. Duplicate: :func:`atout.tournament.duplicate.compare_deal`, each deal of each
étui compared seat by seat over the tables that played it; a void donne (misdeal, all
passed) is no result and counts 0, and a deal with a result at one table only has
nothing to compare with (yet): it counts 0 too. Each player's penalties
(the arbiter's, from the penalties file: :func:`read_penalties`) are then taken off,
and the players sorted from the best total down; equal totals share a place.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import PurePath

from atout.cards import CardSet
from atout.errors import AtoutError
from atout.i18n import N_
from atout.rulebook import rule as rule_of
from atout.tournament.club import Tournament
from atout.tournament.duplicate import Result, compare_deal, ranking
from atout.tournament.errors import TournamentError

__all__ = [
    "MAX_PENALTY",
    "Penalty",
    "Placed",
    "TableRecord",
    "rank",
    "read_penalties",
    "read_table",
    "record_name",
]

MAX_PENALTY = 10_000
"""The most marks one penalty takes off."""
_FACE_SEAT = re.compile(r"human|bot:[a-z0-9-]+")
"""A seat as ``atout play`` and the web table name it in their records."""
_RECORD = re.compile(r"^(?P<name>.+)-r(?P<round>\d{1,3})-t(?P<table>\d{1,4})\.json$")


@dataclass(frozen=True)
class TableRecord:
    """One table's round: its round and table (from 0), its players by seat, and each
    donne's marks by seat."""

    round: int
    table: int
    players: tuple[int, ...]
    marks: tuple[tuple[int, ...], ...]
    void: tuple[bool, ...] = ()
    """Which donnes are void (misdeal, all passed, Petit sec): none when empty."""

    def is_void(self, k: int) -> bool:
        """Whether donne ``k`` (from 0) is void: no result was played."""
        return k < len(self.void) and self.void[k]


@dataclass(frozen=True)
class Penalty:
    """An arbiter's penalty: ``marks`` taken off ``player``'s total, for ``rule``."""

    player: int
    marks: int
    rule: str
    reason: str


@dataclass(frozen=True)
class Placed:
    """One line of the ranking: the place (equal totals share one), the player, his
    score of each round, his penalties and his total."""

    place: int
    player: int
    rounds: tuple[Fraction, ...]
    penalties: int
    total: Fraction


def record_name(tournament: Tournament, round_: int, table: int) -> str:
    """The file name of table ``table``'s record in round ``round_`` (both from 0)."""
    return f"{tournament.name}-r{round_ + 1}-t{table + 1}.json"


def _error(message: str, file: str, **values: object) -> TournamentError:
    return TournamentError(message, file=file, **values)


def read_table(tournament: Tournament, path: str, text: str | bytes) -> TableRecord:
    """One table's record (the module's description), checked against the
    tournament; a :class:`TournamentError` naming the file and the first mistake."""
    t = tournament
    file = PurePath(path).name
    found = _RECORD.match(file)
    if found is None:
        raise _error(
            N_(
                "{file}: a table's record is named {name}-rROUND-tTABLE.json (round and "
                "table from 1)"
            ),
            file,
            name=t.name,
        )
    if found["name"] != t.name:
        raise _error(
            N_("{file}: a record of the tournament {other}, not of {name}"),
            file,
            other=found["name"],
            name=t.name,
        )
    r, table = int(found["round"]) - 1, int(found["table"]) - 1
    if not 0 <= r < t.rounds:
        raise _error(
            N_("{file}: round {round}: the tournament has rounds 1 to {rounds}"),
            file,
            round=r + 1,
            rounds=t.rounds,
        )
    if not 0 <= table < len(t.tables[r]):
        raise _error(
            N_("{file}: table {table}: round {round} has tables 1 to {tables}"),
            file,
            table=table + 1,
            round=r + 1,
            tables=len(t.tables[r]),
        )
    seats, donnes = _read_record(text, path)
    play = t.tables[r][table]
    players = _seated(t, file, r, table, seats)
    if len(donnes) != t.donnes:
        raise TournamentError.counted(
            N_("{file}: {count} donne; a round has {donnes} (void ones included)"),
            N_("{file}: {count} donnes; a round has {donnes} (void ones included)"),
            "count",
            file=file,
            count=len(donnes),
            donnes=t.donnes,
        )
    if t.duplicate:
        for k, (_, cards, _) in enumerate(donnes):
            if cards is not None:
                _check_deal(t, file, play.etui, k, cards)
    marks = tuple(marks for marks, _, _ in donnes)
    return TableRecord(r, table, players, marks, tuple(void for _, _, void in donnes))


Cards = tuple[tuple[CardSet, ...], CardSet]


def _read_record(
    text: str | bytes, path: str
) -> tuple[list[str], list[tuple[tuple[int, ...], Cards | None, bool]]]:
    """The seats and each donne's marks (and cards, when the record has them, and
    whether it is void) of an ``atout.game/1`` record or a companion's score sheet."""
    from atout.companion import is_score_sheet, read_evening
    from atout.record import loads_game

    file = PurePath(path).name
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise _error(
            N_("{file}: not JSON: a table's record is an atout.game/1 record"), file
        ) from None
    try:
        if is_score_sheet(data):
            evening = read_evening(text, file)
            sheets: list[tuple[tuple[int, ...], Cards | None, bool]] = [
                (tuple(evening.marks_of(sheet)), None, sheet.void is not None)
                for sheet in evening.finished()
            ]
            return list(evening.names), sheets
        _, data = loads_game(text, source=file)
    except AtoutError as error:
        raise TournamentError(N_("{error}"), error=str(error)) from None
    rows: list[tuple[tuple[int, ...], Cards | None, bool]] = []
    for donne in data["donnes"]:
        result = donne["result"]
        marks = tuple(result["marks"]) if result else (0,) * data["players"]
        deal = donne["deal"]
        hands = tuple(CardSet.parse(" ".join(h)) for h in deal["hands"])
        cards = (hands, CardSet.parse(" ".join(deal["chien"])))
        rows.append((marks, cards, not result))
    return list(data["seats"]), rows


def _seated(t: Tournament, file: str, r: int, table: int, seats: Sequence[str]) -> tuple[int, ...]:
    play = t.tables[r][table]
    if len(seats) != len(play.players):
        raise _error(
            N_("{file}: {count} seats; table {table} of round {round} has {size} players"),
            file,
            count=len(seats),
            table=table + 1,
            round=r + 1,
            size=len(play.players),
        )
    if all(_FACE_SEAT.fullmatch(name) for name in seats):
        return play.players  # atout play's and the web table's seats: the card's players
    number = {name: p for p, name in enumerate(t.players)}
    players = []
    for seat, name in enumerate(seats):
        if name not in number:
            raise _error(
                N_("{file}: seat {seat} is {name}, who is not a player of this tournament"),
                file,
                seat=seat + 1,
                name=name,
            )
        p = number[name]
        if p not in play.players:
            raise _error(
                N_(
                    "{file}: seat {seat} is {name}, who plays at table {other} in round "
                    "{round}, not at table {table}"
                ),
                file,
                seat=seat + 1,
                name=name,
                other=t.where(p, r) + 1,
                round=r + 1,
                table=table + 1,
            )
        if t.duplicate and play.players[seat] != p:
            raise _error(
                N_(
                    "{file}: seat {seat} is {name}; the movement seats {wanted} there (each "
                    "player keeps his seat)"
                ),
                file,
                seat=seat + 1,
                name=name,
                wanted=t.players[play.players[seat]],
            )
        players.append(p)
    if len(set(players)) != len(players):
        raise _error(N_("{file}: a player holds two seats"), file)
    return tuple(players)


def _check_deal(t: Tournament, file: str, etui: int, k: int, cards: Cards) -> None:
    hands, chien = cards
    deal = t.etuis[etui][k]
    if not any(hands) and not chien:  # a deal that stopped before the cards (a fault)
        return
    for seat, (held, wanted) in enumerate(zip(hands, deal.hands, strict=True)):
        if held != wanted:
            raise _error(
                N_(
                    "{file}: donne {donne} is not deal {deal} of étui {etui}: seat {seat}'s "
                    "hand differs (a deal played must be the étui's)"
                ),
                file,
                donne=k + 1,
                deal=k + 1,
                etui=etui + 1,
                seat=seat + 1,
            )
    if chien != deal.chien:
        raise _error(
            N_("{file}: donne {donne} is not deal {deal} of étui {etui}: the chien differs"),
            file,
            donne=k + 1,
            deal=k + 1,
            etui=etui + 1,
        )


# -- penalties ------------------------------------------------------------------------------


def read_penalties(tournament: Tournament, text: str, source: str) -> list[Penalty]:
    """The arbiter's penalties, one a line: ``player,marks,rule,reason`` (CSV: a field
    with a comma between double quotes); blank lines and lines starting with ``#`` are
    left out. ``marks`` is a whole number of marks taken off, 1 to
    :data:`MAX_PENALTY`; ``rule`` a rule id of the rulebook. A mistake is a
    :class:`TournamentError` naming the line."""
    number = {name: p for p, name in enumerate(tournament.players)}
    penalties = []
    for line_no, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = [f.strip() for f in next(csv.reader([line]))]
        if len(fields) != 4 or not all(fields):
            raise TournamentError(
                N_("{file} line {line}: a penalty is player,marks,rule,reason ({count} fields)"),
                file=source,
                line=line_no,
                count=len(fields),
            )
        name, marks, rule_id, reason = fields
        if name not in number:
            raise TournamentError(
                N_("{file} line {line}: {name} is not a player of this tournament"),
                file=source,
                line=line_no,
                name=name,
            )
        if not marks.isdigit() or not 1 <= int(marks) <= MAX_PENALTY:
            raise TournamentError(
                N_("{file} line {line}: {marks}: the marks taken off are 1 to {most}"),
                file=source,
                line=line_no,
                marks=marks,
                most=MAX_PENALTY,
            )
        try:
            found = rule_of(rule_id).id
        except AtoutError:
            raise TournamentError(
                N_(
                    "{file} line {line}: {rule} is not a rule of the rulebook "
                    "(docs/reference/rules.md)"
                ),
                file=source,
                line=line_no,
                rule=rule_id,
            ) from None
        penalties.append(Penalty(number[name], int(marks), found, reason))
    return penalties


# -- the ranking ------------------------------------------------------------------------------


def missing(tournament: Tournament, records: Iterable[TableRecord]) -> str | None:
    """The file name of the first table of the tournament without a record, or None."""
    have = {(rec.round, rec.table) for rec in records}
    for r, tables in enumerate(tournament.tables):
        for table in range(len(tables)):
            if (r, table) not in have:
                return record_name(tournament, r, table)
    return None


def rank(
    tournament: Tournament, records: Sequence[TableRecord], penalties: Sequence[Penalty] = ()
) -> list[Placed]:
    """The ranking (the module's description): a :class:`TournamentError` when a
    table's record is missing or given twice."""
    t = tournament
    seen: dict[tuple[int, int], TableRecord] = {}
    for rec in records:
        if (rec.round, rec.table) in seen:
            raise TournamentError(
                N_("{file}: round {round}, table {table} has two records"),
                file=record_name(t, rec.round, rec.table),
                round=rec.round + 1,
                table=rec.table + 1,
            )
        seen[(rec.round, rec.table)] = rec
    absent = missing(t, records)
    if absent is not None:
        raise TournamentError(
            N_("{file}: missing: every table's record of every round is needed"), file=absent
        )
    scores = [[Fraction(0)] * t.rounds for _ in t.players]
    if t.duplicate:
        by_deal: dict[tuple[int, int], list[tuple[int, Result]]] = {}
        for rec in records:
            etui = t.tables[rec.round][rec.table].etui
            for k, marks in enumerate(rec.marks):
                if not rec.is_void(k):  # a void donne is no result to compare: 0
                    result = Result(rec.players, marks)
                    by_deal.setdefault((etui, k), []).append((rec.round, result))
        for results in by_deal.values():
            if len(results) < 2:  # nothing to compare with yet: 0 until another table plays it
                continue
            compared = compare_deal([result for _, result in results])
            for r, result in results:
                for p in result.players:
                    scores[p][r] += compared[p]
    else:
        for rec in records:
            for marks in rec.marks:
                for seat, p in enumerate(rec.players):
                    scores[p][rec.round] += marks[seat]
    taken = [0] * len(t.players)
    for penalty in penalties:
        taken[penalty.player] += penalty.marks
    totals = {p: sum(scores[p], Fraction(0)) - taken[p] for p in range(len(t.players))}
    return [
        Placed(place, p, tuple(scores[p]), taken[p], total) for place, p, total in ranking(totals)
    ]


DUPLICATE_METHOD = N_(
    "each deal's marks compared with the average of the same seat over the tables that "
    "played it (a void donne, or a deal played at one table so far, counts 0)"
)
LIBRES_METHOD = N_("marks summed over the donnes")


def method(tournament: Tournament) -> str:
    """How the ranking is computed, in a sentence (its msgid)."""
    return DUPLICATE_METHOD if tournament.duplicate else LIBRES_METHOD


def figure(value: Fraction, lang: str = "en") -> str:
    """A score as the ranking prints it: whole marks, or two decimals when it is a
    fraction (``+66.67``, in French with a decimal comma: ``+66,67``); the CSV has the
    exact value too."""
    if value.denominator == 1:
        return f"{int(value):+d}" if value else "0"
    text = f"{float(value):+.2f}"
    return text.replace(".", ",") if lang == "fr" else text


def exact(value: Fraction) -> str:
    """``200/3``, ``-40``: a score exactly."""
    return str(value)


def spreadsheet(value: Fraction) -> str:
    """A score as a French spreadsheet reads it: a decimal comma, two decimals when it
    is a fraction (``66,67``, ``-40``)."""
    if value.denominator == 1:
        return str(int(value))
    return f"{float(value):.2f}".replace(".", ",")


def ranking_csv(tournament: Tournament, placed: Sequence[Placed], sep: str = ",") -> str:
    """The ranking as CSV: one row a player, his place, number and name, his score of
    each round, his penalties (negative) and his total, exactly (``200/3``). With
    ``sep=";"``, as a French spreadsheet expects: semicolons, French headings and the
    scores with a decimal comma (``66,67``, rounded as the ranking prints them)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=sep, lineterminator="\n")
    french = sep == ";"
    number = spreadsheet if french else exact
    rounds = [f"{'partie' if french else 'round'} {r + 1}" for r in range(tournament.rounds)]
    writer.writerow(
        ["place", "numéro" if french else "number", "joueur" if french else "player", *rounds,
         "pénalités" if french else "penalties", "total"]
    )  # fmt: skip
    for line in placed:
        writer.writerow(
            [line.place, line.player + 1, tournament.players[line.player],
             *map(number, line.rounds), -line.penalties, number(line.total)]
        )  # fmt: skip
    return out.getvalue()
