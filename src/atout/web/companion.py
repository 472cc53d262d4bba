"""The table companion on the web server: pages and API under ``/companion``.

An evening is one row (its setup and the SHA-256 digests of its two tokens) and its
entries one row each, in order (``n`` from 0): the evening is rebuilt from them by
replaying the entries (:class:`atout.companion.Evening`). An entry is checked, then
committed, then applied and acknowledged, under the evening's lock.

Each entry carries an ``id`` the page made (a UUID) and ``n``, the evening's version
the page had seen (its number of entries). An entry whose id is stored already (sent
again after a dropped answer, or by another tab of the same phone) is recognised before
anything is checked and answered with what was stored. An entry made on a page that is
behind (``n`` below the version: another scorer saved meanwhile) is never stored: the
answer is ``409`` with the sheet as stored and a message in the page's language.

Two links: the scorer's ``/companion/{id}#TOKEN`` changes the evening; the viewer's
``/companion/{id}#VIEWER`` only reads it. The viewer token is derived from the
scorer's (``VIEWER = base64url(SHA-256("atout-companion-viewer:" + TOKEN))``), so that
the scorer's page can show the viewer link and its QR code while the server keeps
only digests. Tokens travel in the URL's fragment and the ``Authorization: Bearer``
header, never in a request line; they are compared in constant time.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import re
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from atout.companion import PROFILES, CompanionError, Evening, differences, profile_rules
from atout.errors import AtoutError
from atout.i18n import N_, said
from atout.reasons import Reason
from atout.web import companion_players as people
from atout.web.companion_pdf import detail_rows, sheet_pdf

__all__ = ["detail_rows", "router", "sheet_pdf", "viewer_token"]

HERE = Path(__file__).resolve().parent
TEMPLATES = Environment(
    loader=FileSystemLoader(str(HERE / "templates")), autoescape=select_autoescape(["html"])
)
MAX_BODY = 16_384
MAX_EVENINGS_CACHED = 500
MAX_EVENINGS = 100_000
Role = Literal["scorer", "viewer"]

metadata = sa.MetaData()
evenings = sa.Table(
    "companion_evenings",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("setup", sa.Text, nullable=False),
    sa.Column("scorer_digest", sa.String(64), nullable=False),
    sa.Column("viewer_digest", sa.String(64), nullable=False),
)
entries = sa.Table(
    "companion_entries",
    metadata,
    sa.Column("evening_id", sa.String(32), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("entry", sa.Text, nullable=False),
    sa.Column("entry_id", sa.String(64), nullable=True),
)
ENTRY_ID = re.compile(r"[A-Za-z0-9-]{8,64}")

router = APIRouter()


# -- tokens ---------------------------------------------------------------------------------


_TABLE_BASES: list[str] = []


def set_table_bases(bases: list[str]) -> None:
    """The base URLs other devices can use (``atout serve`` sets them): the links and
    the QR code a scorer opens on this machine (127.0.0.1) use the first."""
    _TABLE_BASES[:] = bases


def _base(request: Request) -> str:
    """The base URL of the links: the request's, unless it is this machine's
    loopback and the server is reachable from the network."""
    host = request.url.hostname or ""
    if _TABLE_BASES and (host == "localhost" or host.startswith("127.") or host == "::1"):
        return _TABLE_BASES[0]
    return str(request.base_url).rstrip("/")


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def viewer_token(scorer: str) -> str:
    """The viewer's token of a scorer's token (read-only, and it gives no way back)."""
    raw = hashlib.sha256(f"atout-companion-viewer:{scorer}".encode()).digest()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > 200:
        return None
    return token


# -- the evenings in memory -------------------------------------------------------------------


@dataclass
class _Loaded:
    id: str
    evening: Evening
    setup: dict[str, Any]
    scorer_digest: str
    viewer_digest: str
    ids: dict[str, int] = field(default_factory=dict)  # entry id → its n
    players: list[int | None] = field(default_factory=list)  # each seat's player
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def role(self, token: str | None) -> Role | None:
        if token is None:
            return None
        given = _digest(token)
        if hmac.compare_digest(given, self.scorer_digest):
            return "scorer"
        if hmac.compare_digest(given, self.viewer_digest):
            return "viewer"
        return None


class _Evenings:
    """The evenings of one application: read from the database once, then kept."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.loaded: dict[str, _Loaded] = {}
        self.loading = asyncio.Lock()

    async def get(self, evening_id: str) -> _Loaded | None:
        if (
            not (0 < len(evening_id) <= 32)
            or not evening_id.replace("-", "").replace("_", "").isalnum()
        ):
            return None
        found = self.loaded.get(evening_id)
        if found is not None:
            return found
        async with self.loading:
            found = self.loaded.get(evening_id)
            if found is not None:
                return found
            async with self.engine.connect() as c:
                row = (
                    await c.execute(evenings.select().where(evenings.c.id == evening_id))
                ).first()
                if row is None:
                    return None
                rows = (
                    await c.execute(
                        sa.select(entries.c.n, entries.c.entry, entries.c.entry_id)
                        .where(entries.c.evening_id == evening_id)
                        .order_by(entries.c.n)
                    )
                ).all()
            setup = json.loads(row.setup)
            evening = _new_evening(setup)
            ids: dict[str, int] = {}
            for n, text, entry_id in rows:
                if n != len(evening.log):
                    raise CompanionError(Reason("⚙", "c_entry_order", evening=evening_id, number=n))
                evening.add(json.loads(text), None)  # as stored: older ones as typed
                if entry_id is not None:
                    ids[entry_id] = n
            if len(self.loaded) >= MAX_EVENINGS_CACHED:
                self.loaded.pop(next(iter(self.loaded)))
            found = _Loaded(evening_id, evening, setup, row.scorer_digest, row.viewer_digest, ids)
            found.players = await people.evening_players(self.engine, evening_id, evening.players)
            self.loaded[evening_id] = found
            return found

    async def create(self, setup: dict[str, Any], scorer: str) -> str | None:
        """Store a new evening; ``None`` when the server holds :data:`MAX_EVENINGS`."""
        evening_id = secrets.token_urlsafe(9)
        async with self.engine.begin() as c:
            count = sa.select(sa.func.count()).select_from(evenings)
            if (await c.execute(count)).scalar_one() >= MAX_EVENINGS:
                return None
            await c.execute(
                evenings.insert().values(
                    id=evening_id,
                    created=time.time(),
                    setup=json.dumps(setup),
                    scorer_digest=_digest(scorer),
                    viewer_digest=_digest(viewer_token(scorer)),
                )
            )
            await people.seat_players(c, evening_id, setup["names"])
        return evening_id

    async def store(
        self, evening_id: str, n: int, entry: dict[str, Any], entry_id: str | None = None
    ) -> None:
        async with self.engine.begin() as c:
            await c.execute(
                entries.insert().values(
                    evening_id=evening_id,
                    n=n,
                    created=time.time(),
                    entry=json.dumps(entry),
                    entry_id=entry_id,
                )
            )


def _evenings(request: Request) -> _Evenings:
    state = request.app.state
    found: _Evenings | None = getattr(state, "companion", None)
    if found is None:
        server = getattr(state, "server", None)
        engine = server.db.engine if server is not None else state.companion_engine
        found = _Evenings(engine)
        state.companion = found
    return found


def _new_evening(setup: dict[str, Any]) -> Evening:
    rules = profile_rules(setup.get("profile", "fft"), setup.get("rules") or None)
    return Evening(setup["players"], setup["names"], rules, setup.get("profile", "fft"))


# -- helpers -------------------------------------------------------------------------------------


def _lang(request: Request) -> str:
    """``fr`` when the browser's first language is French (or ``?lang=fr``), else ``en``."""
    asked = request.query_params.get("lang")
    if asked in ("fr", "en"):
        return asked
    best: tuple[float, int, str] | None = None
    for index, part in enumerate(request.headers.get("accept-language", "").split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            key = (-quality, index, tag.strip().lower())
            best = key if best is None or key < best else best
    return "fr" if best is not None and best[2].split("-")[0] == "fr" else "en"


def _error(status: int, message: str, rule: str | None = None, **more: Any) -> JSONResponse:
    return JSONResponse({"error": message, "rule": rule, **more}, status_code=status)


async def _json_body(request: Request) -> Any:
    body = await request.body()
    if len(body) > MAX_BODY:
        raise _BadRequest(f"the request: at most {MAX_BODY} bytes")
    try:
        return json.loads(body or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise _BadRequest("the request: not JSON") from None


class _BadRequest(Exception):
    pass


def _page(name: str, request: Request, **values: Any) -> HTMLResponse:
    lang = _lang(request)
    html = TEMPLATES.get_template(name).render(lang=lang, **values)
    return HTMLResponse(html, headers={"Cache-Control": "no-store", "Content-Language": lang})


async def _authorised(
    request: Request, evening_id: str, need: Role | None = None
) -> tuple[_Loaded, Role] | JSONResponse:
    loaded = await _evenings(request).get(evening_id)
    role = loaded.role(_bearer(request)) if loaded is not None else None
    if loaded is None or role is None:
        return _error(404, "no such evening for this link")
    if need == "scorer" and role != "scorer":
        return _error(403, "the viewer link only reads the sheet: the scorer's link changes it")
    return loaded, role


def _view(loaded: _Loaded, role: Role, lang: str) -> dict[str, Any]:
    view = loaded.evening.view(lang)
    return {
        "evening": loaded.id,
        "role": role,
        "lang": lang,
        "version": view["entries"],
        "player_ids": loaded.players,
        "tournament": loaded.setup.get("tournament"),
        **view,
    }


# -- pages ---------------------------------------------------------------------------------------


@router.get("/companion")
async def new_page(request: Request) -> Response:
    return _page("companion_new.html", request, profiles=_profiles(_lang(request)))


@router.get("/companion-sw.js")
async def service_worker() -> Response:
    """The service worker that keeps the companion's pages on the phone (scope
    ``/companion``): served from the root so that its scope may cover the pages."""
    return Response(
        (HERE / "static" / "companion_sw.js").read_bytes(),
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/companion.webmanifest")
async def manifest(request: Request) -> Response:
    """The web manifest that makes the companion installable on a phone."""
    lang = _lang(request)
    return JSONResponse(
        {
            "name": said(lang, N_("atout · table companion")),
            "short_name": "atout",
            "description": said(lang, N_("Referee and score sheet for Tarot with real cards")),
            "lang": lang,
            "start_url": "/companion",
            "scope": "/companion",
            "display": "standalone",
            "background_color": "#e9ece6",
            "theme_color": "#0f5132",
            "icons": [
                {"src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml"},
                {"src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png"},
                {"src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png"},
            ],
        },
        media_type="application/manifest+json",
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/companion/{evening_id}")
async def evening_page(request: Request, evening_id: str) -> Response:
    loaded = await _evenings(request).get(evening_id)
    if loaded is None:
        return HTMLResponse("<!doctype html><title>atout</title><p>No such evening.</p>", 404)
    return _page("companion.html", request, evening_id=evening_id)


# -- API -----------------------------------------------------------------------------------------


def _profiles(lang: str) -> list[dict[str, Any]]:
    return [
        {
            "name": name,
            "differences": [
                {"setting": d.setting, "rule": d.rule, "text": d.fr if lang == "fr" else d.en}
                for d in differences(rules)
            ],
        }
        for name, rules in PROFILES.items()
    ]


@router.get("/api/companion/profiles")
async def profiles(request: Request) -> Response:
    return JSONResponse({"profiles": _profiles(_lang(request))})


# -- players across evenings -------------------------------------------------------------------

NO_PLAYER = N_("No such player in this evening.")
SAME_PLAYER = N_("A player cannot be merged with himself.")
MERGE_WHO = N_(
    "Merge: give the evening, the player to merge ('from') and the one he is ('into');"
    " one of them must have sat in this evening."
)


async def _in_evening(
    request: Request, evening_id: Any, need: Role | None = None
) -> tuple[_Loaded, Role] | JSONResponse:
    if not isinstance(evening_id, str):
        return _error(404, "no such evening for this link")
    return await _authorised(request, evening_id, need)


@router.get("/companion/players/{player_id}")
async def player_page(request: Request, player_id: int) -> Response:
    return _page("companion_player.html", request, player_id=player_id)


@router.get("/api/companion/players")
async def find_players(request: Request) -> Response:
    """The players whose name holds ``q`` (any token of ``evening``): the merge tool."""
    found = await _in_evening(request, request.query_params.get("evening"))
    if isinstance(found, JSONResponse):
        return found
    text = request.query_params.get("q", "")[:64]
    return JSONResponse({"players": await people.search(_evenings(request).engine, text)})


@router.get("/api/companion/players/{player_id}")
async def player(request: Request, player_id: int) -> Response:
    """A player's statistics over every evening of the server (a token of one he sat in)."""
    lang = _lang(request)
    found = await _in_evening(request, request.query_params.get("evening"))
    if isinstance(found, JSONResponse):
        return found
    if player_id not in found[0].players:
        return _error(404, said(lang, NO_PLAYER))
    store = _evenings(request)
    row = await people.player_row(store.engine, player_id)
    if row is None:
        return _error(404, said(lang, NO_PLAYER))
    played = []
    for evening_id, seat, created in await people.sittings(store.engine, player_id):
        loaded = await store.get(evening_id)
        if loaded is not None:
            played.append((evening_id, seat, created, loaded.evening))
    stats = people.player_stats(played)
    body = {"id": player_id, "name": row[0], "spellings": row[1], "role": found[1], **stats}
    return JSONResponse(body)


@router.post("/api/companion/players/merge")
async def merge_players(request: Request) -> Response:
    """Two spellings of one person become one player (the scorer of an evening of one)."""
    lang = _lang(request)
    try:
        data = await _json_body(request)
    except _BadRequest as error:
        return _error(400, str(error))
    if not isinstance(data, dict):
        return _error(400, said(lang, MERGE_WHO))
    found = await _in_evening(request, data.get("evening"), "scorer")
    if isinstance(found, JSONResponse):
        return found
    source, into = data.get("from"), data.get("into")
    if type(source) is not int or type(into) is not int:
        return _error(400, said(lang, MERGE_WHO))
    if source == into:
        return _error(400, said(lang, SAME_PLAYER))
    store = _evenings(request)
    rows = [await people.player_row(store.engine, p) for p in (source, into)]
    here = found[0].players
    if None in rows or (source not in here and into not in here):
        return _error(400, said(lang, MERGE_WHO))
    await people.merge(store.engine, source, into)
    for loaded in store.loaded.values():
        loaded.players = [into if p == source else p for p in loaded.players]
    return JSONResponse({"merged": source, "into": into})


def _setup(data: Any) -> dict[str, Any]:
    """An evening's setup, checked by building it."""
    if not isinstance(data, dict):
        raise CompanionError(Reason("⚙", "c_setup_object"))
    unknown = set(data) - {"players", "names", "profile", "rules"}
    if unknown:
        raise CompanionError(Reason("⚙", "c_setup_field", field=sorted(unknown)[0][:30]))
    setup = {
        "players": data.get("players", 4),
        "names": data.get("names"),
        "profile": data.get("profile", "fft"),
        "rules": data.get("rules") or {},
    }
    if not isinstance(setup["profile"], str) or not isinstance(setup["rules"], dict):
        raise CompanionError(Reason("⚙", "c_setup_profile"))
    evening = _new_evening(setup)
    setup["names"] = list(evening.names)
    return setup


@router.post("/api/companion")
async def create(request: Request) -> Response:
    try:
        setup = _setup(await _json_body(request))
    except _BadRequest as error:
        return _error(400, str(error))
    except CompanionError as error:
        return _error(400, error.text(_lang(request)), error.rule)
    except AtoutError as error:
        return _error(400, str(error))
    scorer = base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()
    evening_id = await _evenings(request).create(setup, scorer)
    if evening_id is None:
        return _error(429, f"limit: this server holds at most {MAX_EVENINGS} evenings")
    base = _base(request)
    return JSONResponse(
        {
            "evening": evening_id,
            "scorer": f"{base}/companion/{evening_id}#{scorer}",
            "viewer": f"{base}/companion/{evening_id}#{viewer_token(scorer)}",
        },
        status_code=201,
    )


@router.get("/api/companion/{evening_id}")
async def sheet(request: Request, evening_id: str) -> Response:
    found = await _authorised(request, evening_id)
    if isinstance(found, JSONResponse):
        return found
    loaded, role = found
    known = request.query_params.get("known")
    if known is not None and known == str(len(loaded.evening.log)):
        return JSONResponse({"unchanged": True, "entries": len(loaded.evening.log)})
    return JSONResponse(_view(loaded, role, _lang(request)), headers={"Cache-Control": "no-store"})


STALE = N_(
    "Not saved: the sheet changed on another phone ({count} entries now, this page had"
    " {seen}). Here it is as stored: check it, then save again if your entry is still"
    " needed."
)
NOT_NEXT = N_("Not saved: this page is ahead of the sheet ({count} entries): reload it.")
BAD_ID = N_("Not saved: the entry's id must be 8 to 64 letters, digits or dashes.")
ROUND_OVER = N_(
    "Not saved: the {donnes} donnes of this round are entered at this table; the organiser's"
    " page has the next round's links."
)
ROUND_OVER_ONE = N_(
    "Not saved: the donne of this round is entered at this table; the organiser's page has"
    " the next round's links."
)
NOT_STORED = N_("Entry {number} could not be stored: it is sent again.")
BAD_REQUEST = N_("Not saved: the request must hold n, id and entry, the entry an object.")


@router.post("/api/companion/{evening_id}/entries")
async def add_entry(request: Request, evening_id: str) -> Response:
    found = await _authorised(request, evening_id, "scorer")
    if isinstance(found, JSONResponse):
        return found
    loaded, role = found
    lang = _lang(request)
    try:
        data = await _json_body(request)
    except _BadRequest as error:
        return _error(400, str(error))
    if not isinstance(data, dict) or not isinstance(data.get("entry"), dict):
        return _error(400, said(lang, BAD_REQUEST))
    entry_id = data.get("id")
    if entry_id is not None and not (isinstance(entry_id, str) and ENTRY_ID.fullmatch(entry_id)):
        return _error(400, said(lang, BAD_ID))
    async with loaded.lock:
        return await _add_locked(request, loaded, role, lang, data, entry_id)


async def _add_locked(
    request: Request,
    loaded: _Loaded,
    role: Role,
    lang: str,
    data: dict[str, Any],
    entry_id: str | None,
) -> Response:
    """One entry under the evening's lock: recognised, or refused, or stored."""
    evening = loaded.evening
    count = len(evening.log)
    if entry_id is not None and entry_id in loaded.ids:  # sent again: stored already
        return JSONResponse({"stored": loaded.ids[entry_id], **_view(loaded, role, lang)})
    n = data.get("n")
    if type(n) is not int or not 0 <= n <= count:
        return _error(409, said(lang, NOT_NEXT, count=count), entries=count)
    if n < count and entry_id is not None:  # the page was behind: never a silent second save
        return _error(
            409, said(lang, STALE, count=count, seen=n), stale=True, **_view(loaded, role, lang)
        )
    try:
        clean = evening.check(data["entry"], lang)
    except CompanionError as error:  # with its field, for the page to show it there
        return _error(400, error.text(lang), error.rule, field=error.field)
    except AtoutError as error:
        return _error(400, str(error), getattr(error, "rule", None))
    donnes = round_over(loaded.setup, evening, clean)
    if donnes is not None and n == count:
        return _error(400, said(lang, ROUND_OVER_ONE if donnes == 1 else ROUND_OVER, donnes=donnes))
    if n < count:  # no id (an older page): the same entry again is the one stored
        if evening.log[n] == clean:
            return JSONResponse({"stored": n, **_view(loaded, role, lang)})
        return _error(409, said(lang, STALE, count=count, seen=n), stale=True, entries=count)
    try:
        await _evenings(request).store(loaded.id, n, clean, entry_id)
    except IntegrityError:
        return _error(409, said(lang, STALE, count=count, seen=n), stale=True, entries=count)
    except Exception:  # not stored, so not acknowledged: the page sends it again
        return _error(503, said(lang, NOT_STORED, number=n + 1), entries=count)
    evening.add(clean)
    if entry_id is not None:
        loaded.ids[entry_id] = n
    return JSONResponse({"stored": n, **_view(loaded, role, lang)})


def round_over(setup: dict[str, Any], evening: Evening, entry: dict[str, Any]) -> int | None:
    """At a tournament's table (atout.web.tournament), the round's number of donnes when
    ``entry`` would begin a donne past them, and is refused; else ``None``."""
    table = setup.get("tournament")
    if not isinstance(table, dict) or entry.get("type") in ("undo", "redo", "edit"):
        return None
    donnes = int(table["donnes"])
    return donnes if len(evening.finished()) >= donnes else None


@router.get("/api/companion/{evening_id}/viewer")
async def viewer_link(request: Request, evening_id: str) -> Response:
    found = await _authorised(request, evening_id, "scorer")
    if isinstance(found, JSONResponse):
        return found
    import segno

    scorer = _bearer(request) or ""
    link = f"{_base(request)}/companion/{evening_id}#{viewer_token(scorer)}"
    qr = segno.make(link, error="m")
    svg = qr.svg_inline(scale=4, dark="#111", light="#fff")
    uri = qr.svg_data_uri(scale=4, dark="#111", light="#fff")
    return JSONResponse({"viewer": link, "qr_svg": svg, "qr": uri})


@router.get("/api/companion/{evening_id}/sheet.csv")
async def export_csv(request: Request, evening_id: str) -> Response:
    found = await _authorised(request, evening_id)
    if isinstance(found, JSONResponse):
        return found
    loaded, _ = found
    sep = request.query_params.get("sep", ",")
    if sep not in (",", ";"):
        return _error(400, "sep: , (the default) or ; (a French spreadsheet)")
    # the BOM tells a spreadsheet the text is UTF-8 (Chloé, not ChloÃ©)
    lang = _lang(request)
    text = "\ufeff" + loaded.evening.csv(lang, sep)
    name = f"atout-{evening_id}{csv_suffix(sep, lang)}.csv"
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def csv_suffix(sep: str, lang: str) -> str:
    """The French spreadsheet's CSV (``;``) has a name of its own, so that the two files
    of one evening do not overwrite each other: ``atout-ID-tableur.csv``."""
    if sep == ",":
        return ""
    return "-tableur" if lang == "fr" else "-fr-spreadsheet"


@router.get("/api/companion/{evening_id}/sheet.png")
async def export_png(request: Request, evening_id: str) -> Response:
    found = await _authorised(request, evening_id)
    if isinstance(found, JSONResponse):
        return found
    from atout.web.companion_image import sheet_png

    data = sheet_png(found[0].evening, _lang(request))
    return Response(
        data,
        media_type="image/png",
        headers={"Content-Disposition": f'attachment; filename="atout-{evening_id}.png"'},
    )


@router.get("/api/companion/{evening_id}/sheet.pdf")
async def export_pdf(request: Request, evening_id: str) -> Response:
    found = await _authorised(request, evening_id)
    if isinstance(found, JSONResponse):
        return found
    loaded, _ = found
    data = sheet_pdf(loaded.evening, _lang(request))
    return Response(
        data,
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="atout-{evening_id}.pdf"'},
    )


@router.get("/api/companion/{evening_id}/record.json")
async def export_record(request: Request, evening_id: str) -> Response:
    found = await _authorised(request, evening_id)
    if isinstance(found, JSONResponse):
        return found
    loaded, _ = found
    return JSONResponse(
        loaded.evening.game_record(),
        headers={"Content-Disposition": f'attachment; filename="atout-{evening_id}.json"'},
    )
