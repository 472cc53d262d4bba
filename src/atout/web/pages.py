"""The pages of the web table: the lobby, a table's page, the rule book, and a page in
the reader's language for an address that leads nowhere."""

from __future__ import annotations

from html import escape as html_escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import HTMLResponse, JSONResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.exceptions import HTTPException as StarletteHTTPException

from atout import rulebook
from atout.bot_levels import LEVELS
from atout.i18n import LANGUAGES, N_, gettext, negotiate
from atout.web.basics import page_language
from atout.web.config import bot_levels

if TYPE_CHECKING:
    from atout.web.tables import Server

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"


def _translations(lang: str) -> dict[str, str]:
    """The page's texts in ``lang`` (``atout.i18n``, when the package has it)."""
    try:
        from atout import i18n  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        return {}
    found = getattr(i18n, "translations", None)
    if found is None:
        return {}
    return dict(found(lang))


_OTHER = {"fr": "en", "en": "fr"}


def _rule_book(lang: str) -> dict[str, Any]:
    """What the rules page shows, in ``lang``: from :mod:`atout.rulebook` alone."""
    title, text = rulebook.introduction()
    figures_title, figures = rulebook.figures()
    return {
        "title": rulebook.book_title()(lang),
        "figures_title": figures_title(lang),
        "figures": figures(lang),
        "intro_title": title(lang),
        "intro_text": text(lang),
        "example": rulebook.label("example", lang),
        "colon": rulebook.label("colon", lang),
        "chapters": [
            {
                "letter": chapter.letter,
                "title": chapter.title(lang),
                "rules": [
                    {
                        "id": rule.id,
                        "title": rule.title(lang),
                        "text": rule.text(lang),
                        "settings": [_setting(s, lang) for s in rule.settings],
                        "examples": [example.text(lang) for example in rule.examples],
                    }
                    for rule in map(rulebook.rule, chapter.rules)
                ],
            }
            for chapter in rulebook.chapters()
        ],
    }


def _setting(setting: rulebook.Setting, lang: str) -> tuple[str, str, str]:
    """A setting's identifier, its name with its default and values, and what it
    changes, in ``lang``."""
    head, text = rulebook.setting_lines(setting, lang)
    return setting.name, head, text


BOT_LABELS = {level.name: level.title for level in LEVELS}
"""What the seat menus show for each bot level (the level's identifier is the value)."""


def _not_found_page(lang: str, message: str) -> HTMLResponse:
    """A page that says what was not found, in ``lang``, with a way back to the lobby."""
    said = html_escape(gettext(lang, message))
    back = html_escape(gettext(lang, "Lobby"))
    return HTMLResponse(
        f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><title>atout</title>'
        f'<link rel="icon" href="/static/icon.svg" type="image/svg+xml">'
        f'<p>{said}</p><p><a href="/">{back}</a></p>',
        404,
        headers={"Content-Language": lang, "Cache-Control": "no-store"},
    )


class Pages:
    """The HTML pages of one application, rendered from its templates."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.templates = Environment(
            loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(["html"])
        )

    def page(
        self, name: str, request: Request, lang: str | None = None, **values: Any
    ) -> HTMLResponse:
        """The template ``name`` in ``lang`` (else the browser's language), never cached."""
        lang = lang or page_language(request.headers.get("accept-language"))
        html = self.templates.get_template(name).render(
            lang=lang,
            translations=_translations(lang),
            bots=bot_levels(),
            bot_labels={bot: gettext(lang, BOT_LABELS.get(bot, bot)) for bot in bot_levels()},
            **values,
        )
        return HTMLResponse(html, headers={"Cache-Control": "no-store", "Content-Language": lang})

    async def not_found(self, request: Request, exc: Exception) -> Response:
        """A browser (Accept: text/html) asking for a page that is not there gets a page
        in its language; an API client keeps the JSON answer."""
        assert isinstance(exc, StarletteHTTPException)
        if exc.status_code == 404 and "text/html" in request.headers.get("accept", ""):
            lang = page_language(request.headers.get("accept-language"))
            return _not_found_page(lang, N_("No such page: check the address."))
        return await http_exception_handler(request, exc)

    async def favicon(self) -> Response:
        return Response(
            (STATIC / "icon.svg").read_bytes(),
            media_type="image/svg+xml",
            headers={"Cache-Control": "max-age=86400"},
        )

    async def lobby(self, request: Request) -> Response:
        return self.page("lobby.html", request)

    async def table(self, request: Request, table_id: str) -> Response:
        room = await self.server.room(table_id)
        if room is None:
            lang = page_language(request.headers.get("accept-language"))
            return _not_found_page(lang, N_("No such table: check the link you were sent."))
        found = None
        if room.config.fixed_seed is not None:
            from atout.web.challenge import table_challenge

            found = await table_challenge(self.server.db, table_id)
        return self.page(
            "table.html", request, table_id=table_id, table=room.table_json(), challenge=found
        )

    async def rules(self, request: Request) -> Response:
        """The rule book in the reader's language (?lang=fr|en, else Accept-Language)."""
        asked = request.query_params.get("lang")
        lang = asked if asked in LANGUAGES else negotiate(request.headers.get("accept-language"))
        book = _rule_book(lang)
        return self.page("rules.html", request, lang=lang, book=book, other=_OTHER[lang])

    async def rules_json(self) -> Response:
        """The rule catalogue, both languages (atout.rulebook.as_json)."""
        return JSONResponse(rulebook.as_json(), headers={"Cache-Control": "max-age=3600"})

    def register(self, app: FastAPI) -> None:
        """Route the pages of ``app`` here."""
        app.add_exception_handler(StarletteHTTPException, self.not_found)
        app.add_api_route("/favicon.ico", self.favicon, methods=["GET"], include_in_schema=False)
        app.add_api_route("/", self.lobby, methods=["GET"])
        app.add_api_route("/t/{table_id}", self.table, methods=["GET"])
        app.add_api_route("/rules", self.rules, methods=["GET"])
        app.add_api_route("/rules.json", self.rules_json, methods=["GET"])
