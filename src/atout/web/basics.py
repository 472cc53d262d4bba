"""What every part of the web table shares: the limits, the tokens' digests, the
page's language and the security headers of every HTTP response."""

from __future__ import annotations

import base64
import hashlib
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

__all__ = ["CSP", "Limits", "SecurityHeaders", "digest", "new_token", "page_language"]

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"referrer-policy", b"no-referrer"),
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
]


class Limits:
    """What one connection and one server may do (docs/reference/web-protocol.md, Limits)."""

    message_bytes = 4096
    per_second = 20
    refused_in_a_row = 200

    def __init__(self, max_tables: int = 1000) -> None:
        self.max_tables = max_tables


def digest(token: str) -> str:
    """The SHA-256 of a token, the only form the database keeps."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()


def page_language(accept: str | None) -> str:
    """``"fr"`` when the browser's first language (by ``q``) is French, else ``"en"``."""
    best: tuple[float, int, str] | None = None
    for index, part in enumerate((accept or "").split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                quality = float(params[2:])
            except ValueError:
                quality = 0.0
        if not tag or quality <= 0:
            continue
        key = (-quality, index, tag.strip().lower())
        if best is None or key < best:
            best = key
    return "fr" if best is not None and best[2].split("-")[0] == "fr" else "en"


class SecurityHeaders:
    """An ASGI middleware adding the security headers to every HTTP response."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[Any]],
        send: Callable[[MutableMapping[str, Any]], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(n, v) for n, v in SECURITY_HEADERS if n not in names]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)
