"""Today's challenge: a duplicate against the bots (docs/howto/serve.md,
docs/reference/tournaments.md).

A challenge is a date, a number of donnes ``N``, the person's seat and the bots'
level. Its deals are fixed: donne ``i`` is the arena's deal ``i`` of the date's seed
(:func:`atout.bots.arena.iter_deals`), the seed being

    int.from_bytes(sha256(b"atout.challenge/1 " + DATE).digest()[:8], "big")

with ``DATE`` as ``YYYY-MM-DD`` (UTC), so every server deals the same cards that day.
``POST /challenge`` (the lobby's form) or ``POST /api/challenge`` (JSON) starts a table
where the person sits in the challenge's seat against bots, started at once; when its
``N`` donnes are over, the room calls :func:`record_over`, which keeps his marks in
his seat, deal by deal. ``GET /challenge/DATE`` (and ``/api/challenge/DATE``) ranks
everyone who played it on this server, and the bots' own line (a bot of the level in
his seat, the same bots around, computed once per challenge), by the tournaments'
duplicate comparison (:func:`atout.tournament.duplicate.compare_deal`): on each deal
each line's marks minus the average of all the lines' marks on that deal.

A name plays a challenge once: a second start under the same name (letters' case
aside) is refused, and if two tables of one name were started before either ended,
the first to end is the one counted (the stored row is unique).
"""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import json
import logging
import secrets
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, quote

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape
from sqlalchemy.exc import IntegrityError

from atout.i18n import N_, gettext, translations
from atout.session import Table, TableSettings
from atout.tournament.duplicate import Result, compare_deal, ranking
from atout.tournament.ranking import figure
from atout.web.basics import digest, new_token, page_language, same_origin
from atout.web.config import MAX_NAME, TableConfig

if TYPE_CHECKING:
    from atout.session.table import Table as PlayedTable
    from atout.web.db import Store

__all__ = ["Challenge", "daily_seed", "record_over", "router"]

log = logging.getLogger("atout.web")

DEFAULT_DEALS = 6
MAX_DEALS = 24
SEAT = 0
LEVEL = "heuristic"
MAX_BODY = 4096
TEMPLATES = Path(__file__).resolve().parent / "templates"

metadata = sa.MetaData()
challenge_tables = sa.Table(
    "challenge_tables",
    metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("day", sa.String(10), nullable=False),
    sa.Column("deals", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("level", sa.String(32), nullable=False),
    sa.Column("name", sa.String(MAX_NAME), nullable=False),
)
challenge_results = sa.Table(
    "challenge_results",
    metadata,
    sa.Column("day", sa.String(10), primary_key=True),
    sa.Column("deals", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("level", sa.String(32), primary_key=True),
    sa.Column("name_key", sa.String(MAX_NAME), primary_key=True),
    sa.Column("name", sa.String(MAX_NAME), nullable=False),
    sa.Column("marks", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

router = APIRouter()

BAD_DATE = N_("{date}: not a date; a challenge's date is YYYY-MM-DD, like {today}")
FUTURE = N_("{date}: this challenge is not open yet (today is {today}, UTC)")
BAD_DEALS = N_("deals: a challenge has 1 to {most} donnes, not {value}")
NO_NAME = N_("name: give your name (at most {most} characters), the ranking shows it")
PLAYED = N_("{name} has played this challenge already: one try a name (see its ranking)")
BOTS_LINE = N_("The bots ({level})")


def daily_seed(day: datetime.date) -> int:
    """The seed of a date's challenge (the module's formula)."""
    raw = hashlib.sha256(b"atout.challenge/1 " + day.isoformat().encode()).digest()
    return int.from_bytes(raw[:8], "big")


def today() -> datetime.date:
    return datetime.datetime.now(datetime.UTC).date()


@dataclass(frozen=True)
class Challenge:
    """A date's challenge of ``deals`` donnes, the person in ``seat`` against
    ``level`` bots."""

    day: datetime.date
    deals: int = DEFAULT_DEALS
    seat: int = SEAT
    level: str = LEVEL

    @property
    def seed(self) -> int:
        return daily_seed(self.day)

    def table_config(self, name: str, bot_delay_ms: int) -> TableConfig:
        seats = tuple(None if s == self.seat else self.level for s in range(4))
        names = tuple(name if s == self.seat else self.level for s in range(4))
        return TableConfig(
            players=4,
            deals=self.deals,
            seats=seats,
            names=names,
            bot_delay_ms=bot_delay_ms,
            fixed_seed=self.seed,
        )

    def key(self) -> tuple[str, int, int, str]:
        return (self.day.isoformat(), self.deals, self.seat, self.level)


class Refused(Exception):
    """A request refused in one line (its message and values, translated when shown)."""

    def __init__(self, message: str, status: int = 400, **values: Any) -> None:
        super().__init__(message)
        self.message, self.status, self.values = message, status, values

    def text(self, lang: str) -> str:
        return gettext(lang, self.message).format(**self.values)


def parse_day(text: Any) -> datetime.date:
    """A challenge's date (today when ``None``), refused when it is not one or is
    still to come."""
    now = today()
    if text is None:
        return now
    try:
        if not isinstance(text, str) or len(text) != 10:
            raise ValueError(text)
        day = datetime.date.fromisoformat(text)
    except ValueError:
        raise Refused(BAD_DATE, 404, date=str(text)[:20], today=now.isoformat()) from None
    if day > now:
        raise Refused(FUTURE, 404, date=day.isoformat(), today=now.isoformat())
    return day


def parse_deals(value: Any, default: int) -> int:
    if value is None or value == "":
        return default
    if isinstance(value, str) and value.isdigit() and len(value) < 4:
        value = int(value)
    if type(value) is not int or not 1 <= value <= MAX_DEALS:
        raise Refused(BAD_DEALS, most=MAX_DEALS, value=str(value)[:20])
    return value


def _name(value: Any) -> str:
    name = value.strip() if isinstance(value, str) else ""
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise Refused(NO_NAME, most=MAX_NAME)
    return name


# -- the bots' line ------------------------------------------------------------------------------

_bots_lines: dict[tuple[str, int, int, str], tuple[int, ...]] = {}


def bots_marks(challenge: Challenge) -> tuple[int, ...]:
    """The marks, deal by deal, of a bot of the challenge's level in the person's seat
    against the same bots: a table of bots on the challenge's deals (its bots' choices
    drawn from the challenge's seed, so every server finds the same)."""
    key = challenge.key()
    found = _bots_lines.get(key)
    if found is not None:
        return found
    settings = TableSettings(
        players=4, deals=challenge.deals, seats=(challenge.level,) * 4, fixed_seed=challenge.seed
    )
    table = Table(settings, challenge.seed)
    while not table.is_over:
        donne = table.donne
        if donne is not None and donne.is_terminal():
            table.next_donne()
            continue
        table.act(table.bot_action(table.to_act()[0]))
    marks = tuple(donne.returns()[challenge.seat] for donne in table.match.donnes)
    _bots_lines[key] = marks
    return marks


# -- the ranking ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    place: int
    name: str
    bots: bool
    marks: tuple[int, ...]
    score: Fraction


def rank_lines(
    people: list[tuple[str, tuple[int, ...]]], bots: tuple[int, ...], bots_name: str
) -> list[Line]:
    """The ranking of the people's marks and the bots' line, compared deal by deal
    (:func:`compare_deal`: each line's marks minus the average of the lines' on that
    deal), summed, best first; equal scores share a place."""
    lines = [*people, (bots_name, bots)]
    totals = {i: Fraction(0) for i in range(len(lines))}
    for k in range(len(bots) if len(lines) > 1 else 0):  # the bots alone: nothing to compare
        results = [Result((i,), (marks[k],)) for i, (_, marks) in enumerate(lines)]
        for i, score in compare_deal(results).items():
            totals[i] += score
    bot = len(lines) - 1
    return [
        Line(place, lines[i][0], i == bot, lines[i][1], score)
        for place, i, score in ranking(totals)
    ]


async def _people(store: Store, challenge: Challenge) -> list[tuple[str, tuple[int, ...]]]:
    day, deals, seat, level = challenge.key()
    c = challenge_results.c
    query = (
        sa.select(c.name, c.marks)
        .where(c.day == day, c.deals == deals, c.seat == seat, c.level == level)
        .order_by(c.created)
    )
    async with store.engine.connect() as connection:
        rows = (await connection.execute(query)).all()
    return [(row.name, tuple(json.loads(row.marks))) for row in rows]


async def ranking_of(store: Store, challenge: Challenge, lang: str) -> list[Line]:
    bots = await asyncio.to_thread(bots_marks, challenge)
    people = await _people(store, challenge)
    bots_name = gettext(lang, BOTS_LINE).format(level=challenge.level)
    return rank_lines(people, bots, bots_name)


def _ordinal(lang: str, place: int, count: int) -> str:
    if lang == "fr":
        return f"{place}{'er' if place == 1 else 'e'} sur {count}"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place % 10 if place % 100 not in (11, 12, 13) else 0)
    return f"{place}{suffix or 'th'} of {count}"


# -- recording a result ------------------------------------------------------------------------


async def record_over(store: Store, table_id: str, table: PlayedTable) -> None:
    """A challenge's table is over: keep the person's marks, deal by deal (the first
    table of a name to end is the one kept)."""
    engine = store.engine
    async with engine.connect() as connection:
        row = (
            await connection.execute(
                challenge_tables.select().where(challenge_tables.c.table_id == table_id)
            )
        ).first()
    if row is None:
        return
    marks = [donne.returns()[row.seat] for donne in table.match.donnes]
    try:
        async with engine.begin() as connection:
            await connection.execute(
                challenge_results.insert().values(
                    day=row.day,
                    deals=row.deals,
                    seat=row.seat,
                    level=row.level,
                    name_key=row.name.casefold(),
                    name=row.name,
                    marks=json.dumps(marks),
                    created=time.time(),
                )
            )
    except IntegrityError:
        pass  # this name's result is kept already
    except Exception as error:  # the table stays over; the result alone is lost, and said
        log.error("challenge table %s: result not stored: %s", table_id, error)


async def table_challenge(store: Store, table_id: str) -> dict[str, Any] | None:
    """What a challenge's table page says of it: its date, donnes and the ranking's
    address (the person's row highlighted)."""
    async with store.engine.connect() as connection:
        row = (
            await connection.execute(
                challenge_tables.select().where(challenge_tables.c.table_id == table_id)
            )
        ).first()
    if row is None:
        return None
    ranking = f"/challenge/{row.day}?deals={row.deals}&name={quote(row.name)}"
    return {"date": row.day, "deals": row.deals, "ranking": ranking}


# -- the routes -------------------------------------------------------------------------------


def _server(request: Request) -> Any:
    """The application's :class:`atout.web.tables.Server`."""
    return request.app.state.server


async def start(request: Request, data: dict[str, Any], lang: str) -> tuple[str, str, str]:
    """Start a challenge's table for ``data`` (``name``, optional ``date`` and
    ``deals``): its id, its seat's link and the ranking's address."""
    server = _server(request)
    # the lobby's form: the page's no-referrer policy makes its Origin "null"; the
    # browser's Sec-Fetch-Site still says whether a page of this server sent it
    fetched = request.headers.get("sec-fetch-site")
    if not (same_origin(request) or fetched == "same-origin"):
        raise Refused(
            N_("the request: only a page of this server may create a table (Origin)"), 403
        )
    name = _name(data.get("name"))
    day = parse_day(data.get("date") if data.get("date") != "" else None)
    deals = parse_deals(data.get("deals"), server.limits.challenge_deals)
    delay = data.get("bot_delay_ms", 600)
    if type(delay) is not int or not 0 <= delay <= 10_000:
        delay = 600
    challenge = Challenge(day, deals)
    day_s, _, seat, level = challenge.key()
    c = challenge_results.c
    played = sa.select(sa.func.count()).where(
        c.day == day_s, c.deals == deals, c.seat == seat, c.level == level,
        c.name_key == name.casefold(),
    )  # fmt: skip
    async with server.db.engine.connect() as connection:
        if (await connection.execute(played)).scalar_one():
            raise Refused(PLAYED, 409, name=name)
    table_id, token = await _open_table(server, request, challenge, name, delay)
    base = str(request.base_url).rstrip("/")
    ranking = f"/challenge/{day_s}?deals={deals}&name={quote(name)}"
    return table_id, f"{base}/t/{table_id}#{token}", ranking


async def _open_table(
    server: Any, request: Request, challenge: Challenge, name: str, delay: int
) -> tuple[str, str]:
    """A challenge's table, stored and started (counted under the server's limits):
    its id and its seat's token."""
    day_s, deals, seat, level = challenge.key()
    address = request.client.host if request.client else ""
    if not server.creations.allow(address):
        raise Refused(
            N_("limit: at most {most} new tables an hour from one address"),
            429,
            most=server.limits.tables_per_hour,
        )
    config = challenge.table_config(name, delay)
    table_id = secrets.token_urlsafe(9)
    owner, token = new_token(), new_token()
    digests = [(digest(owner), "owner", None), (digest(token), "player", seat)]
    stored = await server.db.create(
        table_id,
        config.to_json(),
        secrets.randbits(256),
        digests,
        server.limits.max_tables,
        server.expired(),
        list(server.rooms),
    )
    if not stored:
        server.creations.give_back(address)
        raise Refused(
            N_(
                "limit: this server holds at most {most} open tables (--max-tables); "
                "finish one first"
            ),
            429,
            most=server.limits.max_tables,
        )
    async with server.db.engine.begin() as connection:
        await connection.execute(
            challenge_tables.insert().values(
                table_id=table_id, day=day_s, deals=deals, seat=seat, level=level, name=name
            )
        )
    # started, the seat counted as come: the stand-in plays for the person only once he
    # has been away the grace period, as at any table, not before his page opens
    await server.db.update(table_id, started=True, joined=[seat])
    return table_id, token


def _lang(request: Request) -> str:
    return page_language(request.headers.get("accept-language"))


@router.post("/api/challenge")
async def api_start(request: Request) -> Response:
    lang = _lang(request)
    body = await request.body()
    try:
        data = json.loads(body or b"{}") if len(body) <= MAX_BODY else None
    except (ValueError, UnicodeDecodeError):
        data = None
    if not isinstance(data, dict):
        return JSONResponse({"error": gettext(lang, NO_NAME).format(most=MAX_NAME)}, 400)
    try:
        table_id, link, ranking = await start(request, data, lang)
    except Refused as refused:
        return JSONResponse({"error": refused.text(lang)}, refused.status)
    return JSONResponse({"table": table_id, "seat": SEAT, "url": link, "ranking": ranking}, 201)


@router.post("/challenge")
async def form_start(request: Request) -> Response:
    """The lobby's form: the table's page, or the refusal in one line."""
    lang = _lang(request)
    body = await request.body()
    fields = parse_qs(body[:MAX_BODY].decode(errors="replace"))
    data = {key: values[0] for key, values in fields.items()}
    try:
        _, link, _ = await start(request, data, lang)
    except Refused as refused:
        return _page(request, lang, error=refused.text(lang), status=refused.status)
    return RedirectResponse(link, 303)


def _challenge_of(request: Request, date: str) -> Challenge:
    server = _server(request)
    deals = parse_deals(request.query_params.get("deals"), server.limits.challenge_deals)
    return Challenge(parse_day(date), deals)


def _rows(lines: list[Line], name: str | None, lang: str) -> tuple[list[dict[str, Any]], str]:
    key = name.casefold() if name else None
    rows, mine = [], ""
    for line in lines:
        me = not line.bots and key is not None and line.name.casefold() == key
        if me:
            mine = _ordinal(lang, line.place, len(lines))
        rows.append(
            {
                "place": line.place,
                "name": line.name,
                "bots": line.bots,
                "marks": list(line.marks),
                "score": figure(line.score),
                "exact": str(line.score),
                "you": me,
            }
        )
    return rows, mine


@router.get("/api/challenge/{date}")
async def api_ranking(request: Request, date: str) -> Response:
    lang = _lang(request)
    try:
        challenge = _challenge_of(request, date)
    except Refused as refused:
        return JSONResponse({"error": refused.text(lang)}, refused.status)
    lines = await ranking_of(_server(request).db, challenge, lang)
    rows, mine = _rows(lines, request.query_params.get("name"), lang)
    return JSONResponse(
        {
            "date": challenge.day.isoformat(),
            "seed": challenge.seed,
            "deals": challenge.deals,
            "seat": challenge.seat,
            "level": challenge.level,
            "ranking": rows,
            "place": mine or None,
        }
    )


@router.get("/challenge/{date}")
async def page_ranking(request: Request, date: str) -> Response:
    lang = _lang(request)
    try:
        challenge = _challenge_of(request, date)
    except Refused as refused:
        return _page(request, lang, error=refused.text(lang), status=refused.status)
    lines = await ranking_of(_server(request).db, challenge, lang)
    rows, mine = _rows(lines, request.query_params.get("name"), lang)
    return _page(request, lang, challenge=challenge, rows=rows, place=mine)


_PAGES = Environment(
    loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(["html"])
)


def _page(request: Request, lang: str, status: int = 200, **values: Any) -> HTMLResponse:
    html = _PAGES.get_template("challenge.html").render(
        lang=lang, translations=dict(translations(lang)), **values
    )
    return HTMLResponse(
        html, status, headers={"Cache-Control": "no-store", "Content-Language": lang}
    )
