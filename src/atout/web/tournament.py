"""Club tournaments on ``atout serve``: pages and API under ``/tournament``.

A tournament is one row (its ``atout.tournament/1`` file, the rules of its tables, for
a duplicate the secret its étuis' deals derive from, and the SHA-256 digest of the
organiser's token) and one companion evening a table a round, made when the tournament
is: each evening's names are the table's players in their seats, its rules the
tournament's, and its setup says which round and table (and étui) it is, so that the
scorer's page shows the round's number of donnes and the server takes no donne past
them. A duplicate's evening starts with its étui's first dealer entered.

Three links: the organiser's ``/tournament/{id}#TOKEN`` shows the seating of every
round and the current round's scorer links; each table's scorer link is a companion
link whose token is derived from the organiser's (``base64url(SHA-256(
"atout-tournament-table:" + TOKEN + ":" + round + ":" + table))``), so that the server
keeps only digests; the ranking ``/tournament/{id}/ranking`` is public and read-only.
The ranking is :func:`atout.tournament.ranking.rank` over the donnes the tables have
entered, and the export is the tournament's file with every table's record, named as
``atout tournament ranking`` reads them. A duplicate's file, records and étui sheets
show its deals: they are the organiser's alone until he reveals the secret, after the
last round, as ``atout tournament reveal`` does.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import io
import json
import secrets
import time
import zipfile
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from atout.companion import CompanionError, Evening
from atout.companion.base import MAX_NAME
from atout.errors import AtoutError
from atout.fairness import new_secret
from atout.i18n import N_, said
from atout.tournament.club import (
    DONNES_LIBRES,
    DUPLICATE,
    Tournament,
    dumps,
    loads,
    new_tournament,
    read_names,
    reveal,
)
from atout.tournament.errors import TournamentError
from atout.tournament.movement import Play
from atout.tournament.ranking import (
    TableRecord,
    figure,
    method,
    rank,
    ranking_csv,
    record_name,
)
from atout.tournament.sheets import heading
from atout.web import companion

__all__ = ["router", "table_token"]

MAX_TOURNAMENTS = 10_000
MAX_SEED = 2**63 - 1

metadata = sa.MetaData()
tournaments = sa.Table(
    "tournaments",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("record", sa.Text, nullable=False),
    sa.Column("setup", sa.Text, nullable=False),
    sa.Column("organiser_digest", sa.String(64), nullable=False),
)
tournament_tables = sa.Table(
    "tournament_tables",
    metadata,
    sa.Column("tournament_id", sa.String(32), primary_key=True),
    sa.Column("round_no", sa.Integer, primary_key=True),
    sa.Column("table_no", sa.Integer, primary_key=True),
    sa.Column("evening_id", sa.String(32), nullable=False),
)

router = APIRouter()

PLAYERS_FIELD = N_("players")
ROUNDS_NUMBER = N_("{field}: a whole number, got {value}")
SEED_RANGE = N_("seed {seed}: a whole number from 0 to 2**63 - 1")
NAME_TOO_LONG = N_("{file} line {line}: a name of at most {most} characters")
FULL = N_("This server holds as many tournaments and evenings as it can: none can be added")


def table_token(organiser: str, round_: int, table: int) -> str:
    """The scorer's token of table ``table`` in round ``round_`` (both from 0)."""
    raw = hashlib.sha256(f"atout-tournament-table:{organiser}:{round_}:{table}".encode()).digest()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@dataclass
class _Stored:
    id: str
    tournament: Tournament
    setup: dict[str, Any]
    organiser_digest: str
    evenings: dict[tuple[int, int], str]  # (round, table) → the companion evening


def _engine(request: Request) -> Any:
    return companion._evenings(request).engine


async def _load(request: Request, tournament_id: str) -> _Stored | None:
    if (
        not 0 < len(tournament_id) <= 32
        or not tournament_id.replace("-", "").replace("_", "").isalnum()
    ):
        return None
    async with _engine(request).connect() as c:
        row = (
            await c.execute(tournaments.select().where(tournaments.c.id == tournament_id))
        ).first()
        if row is None:
            return None
        tables = (
            await c.execute(
                sa.select(
                    tournament_tables.c.round_no,
                    tournament_tables.c.table_no,
                    tournament_tables.c.evening_id,
                ).where(tournament_tables.c.tournament_id == tournament_id)
            )
        ).all()
    t = loads(row.record, f"{tournament_id}.json")
    return _Stored(
        row.id, t, json.loads(row.setup), row.organiser_digest,
        {(r, n): e for r, n, e in tables},
    )  # fmt: skip


def _page(name: str, request: Request, **values: Any) -> HTMLResponse:
    return companion._page(name, request, **values)


def _no_such_tournament(request: Request) -> HTMLResponse:
    """The 404 page of a tournament's address that names none, in the reader's language."""
    from atout.web.pages import _not_found_page

    message = N_("No such tournament: check the link you were sent.")
    return _not_found_page(companion._lang(request), message)


# -- a new tournament --------------------------------------------------------------------------


@router.get("/tournament/new")
async def new_page(request: Request) -> Response:
    lang = companion._lang(request)
    return _page("tournament_new.html", request, profiles=companion._profiles(lang), page="new")


def _number(value: Any, field: str) -> int:
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())
    if type(value) is not int:
        raise TournamentError(ROUNDS_NUMBER, field=field, value=json.dumps(value)[:20])
    return value


def _names(data: dict[str, Any], lang: str) -> tuple[list[str], str]:
    """The players' names of the form, checked as ``atout tournament new`` checks a
    file of names, and at most as long as a companion's seat; with the field's name."""
    names_text = data.get("names", "")
    if not isinstance(names_text, str):
        raise TournamentError(N_("the request: a tournament's form"))
    source = said(lang, PLAYERS_FIELD)
    names = read_names(names_text, source)
    lines = [n for n in names_text.splitlines() if " ".join(n.split("#", 1)[0].split())]
    for number, name in enumerate(names):
        if len(name) > MAX_NAME:
            line = names_text.splitlines().index(lines[number]) + 1
            raise TournamentError(NAME_TOO_LONG, file=source, line=line, most=MAX_NAME)
    return names, source


def _build(data: Any, lang: str) -> tuple[Tournament, dict[str, Any]]:
    """The tournament a form asks for, and its setup (the tables' rules, and for a
    duplicate the secret its deals derive from): the checks of ``atout tournament
    new``, each mistake a :class:`TournamentError` or a companion error."""
    if not isinstance(data, dict) or not isinstance(data.get("name", ""), str):
        raise TournamentError(N_("the request: a tournament's form"))
    kind = data.get("kind", DONNES_LIBRES)
    if kind not in (DONNES_LIBRES, DUPLICATE):
        raise TournamentError(N_("the request: a tournament's form"))
    names, source = _names(data, lang)
    rounds = _number(data.get("rounds", 5), said(lang, N_("rounds")))
    donnes = _number(data.get("donnes", 4), said(lang, N_("donnes a round")))
    seed = _number(data.get("seed", 0) or 0, said(lang, N_("seed")))
    if not 0 <= seed <= MAX_SEED:
        raise TournamentError(SEED_RANGE, seed=seed)
    secret = new_secret() if kind == DUPLICATE else None
    try:
        tournament = new_tournament(
            names, rounds, donnes, kind == DUPLICATE, seed, secret, data.get("name", "").strip()
        )
    except TournamentError as error:
        if error.values.get("players") == len(names):
            raise TournamentError(
                N_("{file}: {problem}"), file=source, problem=error.said(lang)
            ) from None
        raise
    setup = {"profile": data.get("profile", "fft"), "rules": data.get("rules") or {}}
    sizes = {len(play.players) for play in tournament.tables[0]}
    for size in sizes:  # the companion's own checks of the rules, at each size of table
        companion._setup({"players": size, "names": [f"{s}" for s in range(size)], **setup})
    if secret is not None:
        setup["secret"] = secret.hex()  # the organiser's, kept apart from the file
    return tournament, setup


@router.post("/api/tournament")
async def create(request: Request) -> Response:
    lang = companion._lang(request)
    try:
        tournament, setup = _build(await companion._json_body(request), lang)
    except companion._BadRequest as error:
        return companion._error(400, str(error))
    except TournamentError as error:
        return companion._error(400, error.said(lang))
    except CompanionError as error:
        return companion._error(400, error.text(lang), error.rule)
    except AtoutError as error:
        return companion._error(400, str(error))
    engine = _engine(request)
    async with engine.connect() as c:
        count = sa.select(sa.func.count()).select_from(tournaments)
        if (await c.execute(count)).scalar_one() >= MAX_TOURNAMENTS:
            return companion._error(429, said(lang, FULL))
    organiser = base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()
    tournament_id = secrets.token_urlsafe(9)
    rows = await _make_tables(request, tournament_id, tournament, setup, organiser)
    if rows is None:
        return companion._error(429, said(lang, FULL))
    async with engine.begin() as c:
        await c.execute(
            tournaments.insert().values(
                id=tournament_id,
                created=time.time(),
                record=dumps(tournament),
                setup=json.dumps(setup),
                organiser_digest=companion._digest(organiser),
            )
        )
        await c.execute(tournament_tables.insert(), rows)
    base = companion._base(request)
    return JSONResponse(
        {
            "tournament": tournament_id,
            "organiser": f"{base}/tournament/{tournament_id}#{organiser}",
            "ranking": f"{base}/tournament/{tournament_id}/ranking",
        },
        status_code=201,
    )


async def _make_tables(
    request: Request, tournament_id: str, tournament: Tournament, setup: dict[str, Any],
    organiser: str,
) -> list[dict[str, Any]] | None:  # fmt: skip
    """A companion evening for each table of each round: its players in their seats,
    the tournament's rules (for a duplicate, the first dealer of its étui already
    entered); ``None`` when the server holds as many evenings as it can."""
    store = companion._evenings(request)
    rows = []
    for r, tables in enumerate(tournament.tables):
        for n, play in enumerate(tables):
            evening_setup = {
                "players": len(play.players),
                "names": [tournament.players[p] for p in play.players],
                "profile": setup["profile"],
                "rules": setup["rules"],
                "tournament": {
                    "id": tournament_id,
                    "name": tournament.name,
                    "round": r + 1,
                    "table": n + 1,
                    "donnes": tournament.donnes,
                    **({"etui": play.etui + 1} if tournament.duplicate else {}),
                },
            }
            evening_id = await store.create(evening_setup, table_token(organiser, r, n))
            if evening_id is None:
                return None
            if tournament.duplicate:  # the étui's first deal has its dealer (D17 after it)
                dealer = {"type": "dealer", "seat": tournament.etuis[play.etui][0].dealer}
                await store.store(evening_id, 0, dealer)
            rows.append(
                {"tournament_id": tournament_id, "round_no": r, "table_no": n,
                 "evening_id": evening_id}
            )  # fmt: skip
    return rows


# -- the organiser's page ------------------------------------------------------------------------


@router.get("/tournament/{tournament_id}")
async def organiser_page(request: Request, tournament_id: str) -> Response:
    if await _load(request, tournament_id) is None:
        return _no_such_tournament(request)
    return _page("tournament.html", request, tournament_id=tournament_id, page="organiser")


async def _progress(request: Request, stored: _Stored) -> dict[tuple[int, int], Evening]:
    """Each table's evening, as the companion holds it."""
    store = companion._evenings(request)
    found = {}
    for key, evening_id in stored.evenings.items():
        loaded = await store.get(evening_id)
        if loaded is not None:
            found[key] = loaded.evening
    return found


def _entered(evening: Evening | None) -> int:
    return len(evening.finished()) if evening is not None else 0


def _current(t: Tournament, evenings: dict[tuple[int, int], Evening]) -> int | None:
    """The first round (from 0) that a table has not finished; ``None`` at the end."""
    for r, tables in enumerate(t.tables):
        if any(_entered(evenings.get((r, n))) < t.donnes for n in range(len(tables))):
            return r
    return None


def _started(t: Tournament, evenings: dict[tuple[int, int], Evening]) -> list[int]:
    """The rounds (from 0) being played: from the first that a table has not finished
    to the last that a table has begun (an undo at a finished table brings its round
    back without taking the next one away)."""
    current = _current(t, evenings)
    if current is None:
        return []
    begun = [r for (r, _), evening in evenings.items() if _entered(evening) > 0]
    last = max([current, *begun])
    return list(range(current, last + 1))


def _is_organiser(request: Request, stored: _Stored) -> str | None:
    """The organiser's token when the request carries it."""
    token = companion._bearer(request)
    if token is None or not hmac.compare_digest(companion._digest(token), stored.organiser_digest):
        return None
    return token


def _table(t: Tournament, play: Play, n: int, evening: Evening | None) -> dict[str, Any]:
    """A table of a round as the organiser's page shows it."""
    return {
        "table": n + 1,
        "players": [t.players[p] for p in play.players],
        "entered": _entered(evening),
        **({"etui": play.etui + 1} if t.duplicate else {}),
    }


@router.get("/api/tournament/{tournament_id}")
async def organiser(request: Request, tournament_id: str) -> Response:
    lang = companion._lang(request)
    stored = await _load(request, tournament_id)
    token = _is_organiser(request, stored) if stored is not None else None
    if stored is None or token is None:
        return companion._error(404, "no such tournament for this link")
    t = stored.tournament
    evenings = await _progress(request, stored)
    current = _current(t, evenings)
    base = companion._base(request)
    seating = [
        [_table(t, play, n, evenings.get((r, n))) for n, play in enumerate(tables)]
        for r, tables in enumerate(t.tables)
    ]
    links = []
    playing = []
    import segno

    for r in _started(t, evenings):  # each unfinished table of each round begun
        unfinished = []
        for n, play in enumerate(t.tables[r]):
            if _entered(evenings.get((r, n))) >= t.donnes:
                continue
            unfinished.append(n + 1)
            evening_id = stored.evenings[(r, n)]
            link = f"{base}/companion/{evening_id}#{table_token(token, r, n)}"
            qr = segno.make(link, error="m")
            links.append(
                _table(t, play, n, evenings.get((r, n)))
                | {"round": r + 1, "scorer": link,
                   "qr": qr.svg_data_uri(scale=4, dark="#111", light="#fff")}
            )  # fmt: skip
        playing.append({"round": r + 1, "tables": unfinished})
    return JSONResponse(
        {
            "name": t.name,
            "heading": heading(t, lang),
            "duplicate": t.duplicate,
            "commitment": t.commitment,
            "revealed": t.secret is not None,
            "donnes": t.donnes,
            "rounds": t.rounds,
            "current": None if current is None else current + 1,
            "seating": seating,
            "links": links,
            "playing": playing,
            "ranking": f"{base}/tournament/{tournament_id}/ranking",
        },
        headers={"Cache-Control": "no-store"},
    )


NOT_YET = N_(
    "The deals are revealed after the last round: round {round} is not over at every table"
)
SECRET_DEALS = N_(
    "The étuis' deals stay secret until the organiser reveals them after the last round"
)
NO_ETUIS = N_("A donnes libres tournament has no étuis: each table deals its own cards")


@router.post("/api/tournament/{tournament_id}/reveal")
async def reveal_deals(request: Request, tournament_id: str) -> Response:
    """After the last round, the duplicate's secret goes into its file, so that
    ``atout tournament check`` can check every deal (the organiser's link only)."""
    lang = companion._lang(request)
    stored = await _load(request, tournament_id)
    if stored is None or _is_organiser(request, stored) is None:
        return companion._error(404, "no such tournament for this link")
    t = stored.tournament
    if not t.duplicate:
        return companion._error(400, said(lang, NO_ETUIS))
    current = _current(t, await _progress(request, stored))
    if current is not None:
        return companion._error(400, said(lang, NOT_YET, round=current + 1))
    if t.secret is None:
        revealed = reveal(t, bytes.fromhex(stored.setup["secret"]))
        statement = (
            tournaments.update()
            .where(tournaments.c.id == tournament_id)
            .values(record=dumps(revealed))
        )
        async with _engine(request).begin() as c:
            await c.execute(statement)
    return JSONResponse({"revealed": True})


@router.get("/api/tournament/{tournament_id}/etuis.pdf")
async def etuis_file(request: Request, tournament_id: str) -> Response:
    """The étui sheets of ``atout tournament etuis --pdf``, to pre-deal the cards (the
    organiser's link only: they show every hand)."""
    from atout.tournament.sheets import etui_sheets
    from atout.web.pdf import pages_pdf

    lang = companion._lang(request)
    stored = await _load(request, tournament_id)
    if stored is None:
        return companion._error(404, "no such tournament")
    t = stored.tournament
    if not t.duplicate:
        return companion._error(400, said(lang, NO_ETUIS))
    if _is_organiser(request, stored) is None:  # as tournament.json: the deals are secret
        return companion._error(403, said(lang, SECRET_DEALS))
    return Response(
        pages_pdf(etui_sheets(t, lang), heading(t, lang)),
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{t.name}-etuis.pdf"'},
    )


def _secret(request: Request, stored: _Stored) -> JSONResponse | None:
    """A refusal when the file would show a duplicate's deals before they are revealed
    to someone other than the organiser."""
    t = stored.tournament
    if t.duplicate and t.secret is None and _is_organiser(request, stored) is None:
        return companion._error(403, said(companion._lang(request), SECRET_DEALS))
    return None


# -- the ranking ----------------------------------------------------------------------------------


def _records(t: Tournament, evenings: dict[tuple[int, int], Evening]) -> list[TableRecord]:
    """Each table's record as the ranking reads it: the donnes entered so far, up to
    the round's."""
    records = []
    for r, tables in enumerate(t.tables):
        for n, play in enumerate(tables):
            evening = evenings.get((r, n))
            sheets = evening.finished()[: t.donnes] if evening is not None else []
            marks = tuple(tuple(evening.marks_of(s)) for s in sheets) if evening else ()
            void = tuple(s.void is not None for s in sheets)
            records.append(TableRecord(r, n, play.players, marks, void))
    return records


@router.get("/tournament/{tournament_id}/ranking")
async def ranking_page(request: Request, tournament_id: str) -> Response:
    if await _load(request, tournament_id) is None:
        return _no_such_tournament(request)
    return _page("tournament.html", request, tournament_id=tournament_id, page="ranking")


@router.get("/api/tournament/{tournament_id}/ranking")
async def ranking(request: Request, tournament_id: str) -> Response:
    lang = companion._lang(request)
    stored = await _load(request, tournament_id)
    if stored is None:
        return companion._error(404, "no such tournament")
    t = stored.tournament
    evenings = await _progress(request, stored)
    entered = sum(min(_entered(e), t.donnes) for e in evenings.values())
    total = sum(len(tables) for tables in t.tables) * t.donnes
    version = sum(len(e.log) for e in evenings.values())  # a correction changes it too
    known = request.query_params.get("known")
    if known is not None and known == str(version):
        return JSONResponse({"unchanged": True, "version": version})
    placed = rank(t, _records(t, evenings))
    current = _current(t, evenings)
    return JSONResponse(
        {
            "name": t.name,
            "heading": heading(t, lang),
            "method": said(lang, N_("Ranking: {method}"), method=said(lang, method(t))),
            "files": not t.duplicate or t.secret is not None,
            "rounds": t.rounds,
            "current": None if current is None else current + 1,
            "version": version,
            "entered": entered,
            "total": total,
            "lines": [
                {
                    "place": line.place,
                    "number": line.player + 1,
                    "player": t.players[line.player],
                    "rounds": [figure(v, lang) for v in line.rounds],
                    "total": figure(line.total, lang),
                }
                for line in placed
            ],
        },
        headers={"Cache-Control": "no-store"},
    )


@router.get("/api/tournament/{tournament_id}/ranking.csv")
async def ranking_file(request: Request, tournament_id: str) -> Response:
    stored = await _load(request, tournament_id)
    if stored is None:
        return companion._error(404, "no such tournament")
    sep = request.query_params.get("sep", ",")
    if sep not in (",", ";"):
        return companion._error(400, "sep: , (the default) or ; (a French spreadsheet)")
    t = stored.tournament
    placed = rank(t, _records(t, await _progress(request, stored)))
    name = f"{t.name}-classement-tableur.csv" if sep == ";" else f"{t.name}-ranking.csv"
    return Response(
        "\ufeff" + ranking_csv(t, placed, sep),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get("/api/tournament/{tournament_id}/tournament.json")
async def tournament_file(request: Request, tournament_id: str) -> Response:
    stored = await _load(request, tournament_id)
    if stored is None:
        return companion._error(404, "no such tournament")
    refused = _secret(request, stored)
    if refused is not None:
        return refused
    t = stored.tournament
    return Response(
        dumps(t),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{t.name}.json"'},
    )


@router.get("/api/tournament/{tournament_id}/movement.pdf")
async def movement_file(request: Request, tournament_id: str) -> Response:
    """The movement cards of ``atout tournament movement --pdf``: one page a table, who
    sits there each round and where each goes next, to put on the tables."""
    from atout.tournament.sheets import movement_cards
    from atout.web.pdf import pages_pdf

    stored = await _load(request, tournament_id)
    if stored is None:
        return companion._error(404, "no such tournament")
    t, lang = stored.tournament, companion._lang(request)
    return Response(
        pages_pdf(movement_cards(t, lang), heading(t, lang)),
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{t.name}-movement.pdf"'},
    )


@router.get("/api/tournament/{tournament_id}/records.zip")
async def records_file(request: Request, tournament_id: str) -> Response:
    """The tournament's file and every table's record (``NAME-rR-tT.json``), as
    ``atout tournament ranking NAME.json NAME-r*.json`` reads them."""
    stored = await _load(request, tournament_id)
    if stored is None:
        return companion._error(404, "no such tournament")
    refused = _secret(request, stored)
    if refused is not None:
        return refused
    t = stored.tournament
    evenings = await _progress(request, stored)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(f"{t.name}.json", dumps(t))
        for (r, n), evening in sorted(evenings.items()):
            record = json.dumps(evening.game_record(), ensure_ascii=False, indent=1) + "\n"
            archive.writestr(record_name(t, r, n), record)
    return Response(
        out.getvalue(),
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="{t.name}.zip"'},
    )
