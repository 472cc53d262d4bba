"""The HTTP API of the web table: create a table, list the tables of owner links and
say what the links a browser kept open,
export a table's record (docs/reference/web-protocol.md)."""

from __future__ import annotations

import json
import secrets
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from atout.i18n import N_, gettext
from atout.web.basics import digest, new_token, page_language
from atout.web.basics import same_origin as _same_origin
from atout.web.config import ConfigError, TableConfig, table_config
from atout.web.room_again import match_record

if TYPE_CHECKING:
    from atout.web.tables import Server

MAX_BODY = 16_384
MAX_OWNER_TOKENS = 100


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _settings(request: Request, lang: str) -> TableConfig | JSONResponse:
    """The table's settings the request asks for, or the answer that refuses them."""
    body = await request.body()
    if len(body) > MAX_BODY:
        return _error(413, gettext(lang, "the request: at most {most} bytes").format(most=MAX_BODY))
    try:
        data = json.loads(body)  # an empty body is not JSON: no settings taken by default
    except (ValueError, UnicodeDecodeError):
        text = gettext(lang, "the request: not JSON (a table's settings as a JSON object)")
        return _error(400, text)
    try:
        return table_config(data)
    except ConfigError as error:
        return _error(400, error.text(lang))


def _refusal(request: Request, lang: str) -> JSONResponse | None:
    """Why the request may not create a table, or ``None``: a page of another site,
    a body that is not JSON."""
    if not _same_origin(request):
        text = N_("the request: only a page of this server may create a table (Origin)")
        return _error(403, gettext(lang, text))
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        text = N_("the request: Content-Type application/json (a table's settings as JSON)")
        return _error(415, gettext(lang, text))
    return None


async def create_table(server: Server, request: Request) -> Response:
    """``POST /api/tables``: a new table, its owner's, spectators' and seats' links.
    Only a table actually created counts toward ``--tables-per-hour``: a refused
    request (a wrong setting, a full server) costs its address nothing."""
    lang = page_language(request.headers.get("accept-language"))
    refused = _refusal(request, lang)
    if refused is not None:
        return refused
    config = await _settings(request, lang)
    if isinstance(config, JSONResponse):
        return config
    address = request.client.host if request.client else ""
    if not server.creations.allow(address):
        text = gettext(lang, N_("limit: at most {most} new tables an hour from one address"))
        return _error(429, text.format(most=server.limits.tables_per_hour))
    table_id = secrets.token_urlsafe(9)
    owner, spectator = new_token(), new_token()
    seat_tokens = [new_token() for _ in range(config.players)]
    digests: list[tuple[str, str, int | None]] = [
        (digest(owner), "owner", None),
        (digest(spectator), "spectator", None),
    ]
    digests += [(digest(t), "player", s) for s, t in enumerate(seat_tokens)]
    seed = secrets.randbits(256)
    stored = await server.db.create(
        table_id,
        config.to_json(),
        seed,
        digests,
        server.limits.max_tables,
        server.expired(),
        list(server.rooms),
    )
    if not stored:
        server.creations.give_back(address)
        text = gettext(
            lang,
            "limit: this server holds at most {most} open tables (--max-tables); finish one first",
        )
        return _error(429, text.format(most=server.limits.max_tables))
    base = str(request.base_url).rstrip("/")

    def link(token: str) -> str:
        return f"{base}/t/{table_id}#{token}"

    seats = [
        {"seat": s, "kind": kind, "url": link(seat_tokens[s]) if kind == "person" else None}
        for s, kind in enumerate(config.kinds())
    ]
    answer = {"table": table_id, "owner": link(owner), "spectator": link(spectator)}
    return JSONResponse({**answer, "seats": seats}, status_code=201)


def _summary(table_id: str, index: int, info: dict[str, Any]) -> dict[str, Any]:
    config = info["config"]
    return {
        "table": table_id,
        "index": index,
        "created": info["created"],
        "players": config["players"],
        "deals": config["deals"],
        "names": config["names"],
        "kinds": ["person" if s is None else "bot" for s in config["seats"]],
        "started": info["started"],
        "over": info["over"],
    }


def _tokens(request: Request, header: str) -> list[str]:
    """The tokens a header names, comma-separated (see :func:`_too_many`)."""
    given = [t.strip() for t in request.headers.get(header, "").split(",")]
    return [t for t in given if 0 < len(t) <= 256]


def _too_many(request: Request, lang: str) -> JSONResponse | None:
    """A header naming more than :data:`MAX_OWNER_TOKENS` tokens is refused, in one
    line naming the limit, rather than some of its tokens silently left out."""
    for header in ("X-Atout-Owners", "X-Atout-Links"):
        if len(_tokens(request, header.lower())) > MAX_OWNER_TOKENS:
            text = gettext(lang, N_("{header}: at most {most} tokens"))
            return _error(400, text.format(header=header, most=MAX_OWNER_TOKENS))
    return None


async def listing(server: Server, request: Request) -> Response:
    """``GET /api/tables``: the tables whose owner links the request names
    (``X-Atout-Owners``), and what each link it names opens (``X-Atout-Links``): a
    link that opens nothing (its table expired, or the link was replaced) is left out."""
    refused = _too_many(request, page_language(request.headers.get("accept-language")))
    if refused is not None:
        return refused
    owner_digests = [digest(t) for t in _tokens(request, "x-atout-owners")]
    link_digests = [digest(t) for t in _tokens(request, "x-atout-links")]
    owned = await server.db.owned(owner_digests)
    by_digest = {d: t for d, t in owned}
    links = {d: (t, role, seat) for d, t, role, seat in await server.db.links(link_digests)}
    wanted = set(by_digest.values()) | {t for t, _, _ in links.values()}
    summaries = await server.db.summaries(sorted(wanted))
    expired = server.expired()
    summaries = {
        t: info
        for t, info in summaries.items()
        if info["started"] or info["created"] >= expired  # never started in time: gone
    }
    found = []
    for index, d in enumerate(owner_digests):
        table_id = by_digest.get(d)
        if table_id is not None and table_id in summaries:
            found.append(_summary(table_id, index, summaries[table_id]))
    opened = []
    for index, d in enumerate(link_digests):
        if d in links and links[d][0] in summaries:
            table_id, role, seat = links[d]
            row = _summary(table_id, index, summaries[table_id])
            opened.append({**row, "role": role, "seat": seat})
    return JSONResponse({"tables": found, "links": opened})


async def record(server: Server, request: Request, table_id: str) -> Response:
    """``GET /api/tables/{id}/record``: the record of the match on the table, or with
    ``?match=N`` of its finished match N (:mod:`atout.web.room_again`), for any of its
    links. Its refusals are in the reader's language (``Accept-Language``)."""
    lang = page_language(request.headers.get("accept-language"))
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        text = N_("Authorization: Bearer TOKEN, a token of the table's links")
        return _error(401, gettext(lang, text))
    room = await server.room(table_id)
    if room is None or room.identify(digest(token.strip())) is None:
        return _error(404, gettext(lang, N_("no such table for this token")))
    asked = request.query_params.get("match")
    if asked is None or asked == str(room.match):
        data = await room.call(room.record)
        name = f"atout-{table_id}.json"
    else:
        number = int(asked) if asked.isdigit() and len(asked) < 6 else 0
        stored = await room.store.load(table_id) if 0 < number < room.match else None
        found = None if stored is None else match_record(stored, room.config, number)
        if found is None:
            text = N_("match: 1 … {most}, a match of this table, not {value}")
            return _error(404, gettext(lang, text).format(most=room.match, value=asked[:20]))
        data, name = found, f"atout-{table_id}-match{number}.json"
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{name}"'})


def register(app: FastAPI, server: Server) -> None:
    """Route the API of ``app`` to ``server``."""

    @app.post("/api/tables")
    async def create(request: Request) -> Response:
        return await create_table(server, request)

    @app.get("/api/tables")
    async def tables(request: Request) -> Response:
        return await listing(server, request)

    @app.get("/api/tables/{table_id}/record")
    async def table_record(request: Request, table_id: str) -> Response:
        return await record(server, request, table_id)
