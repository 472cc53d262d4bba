"""A server in a child process and seats driven over real websockets, for the web
table's tests and its load benchmark (``benchmarks/bench_web_load.py``).

:class:`ServerProcess` runs ``atout serve`` on a free port of the loopback (and can
stop and start it again on the same database). :class:`Seat` is one page's websocket:
it says hello, keeps the last view and every message it was sent, and, with
:meth:`Seat.play`, plays its seat by choosing at random among the options its view
gives (the écart as one legal ``ecart`` action).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

__all__ = [
    "Seat",
    "ServerProcess",
    "choose_action",
    "create_table",
    "http_json",
    "open_table",
    "rebuild_from",
    "stored_actions",
    "token_of",
]


class ServerProcess:
    """``atout serve --port 0 --db URL`` in a child process; :attr:`base` its URL."""

    def __init__(
        self,
        db: str,
        log: Path,
        max_tables: int = 1000,
        port: int = 0,
        extra: list[str] | None = None,
    ) -> None:
        self.db = db
        self.log = log
        self.max_tables = max_tables
        self.port = port
        # the tests create many tables from one address: no hourly limit unless asked
        self.extra = extra if extra is not None else ["--tables-per-hour", "1000000"]
        self.base = ""
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60.0) -> ServerProcess:
        code = "from atout.cli import main; main()"
        args = [sys.executable, "-c", code, "serve", "--host", "127.0.0.1"]
        args += ["--port", str(self.port), "--db", self.db, "--max-tables", str(self.max_tables)]
        args += self.extra
        out = self.log.open("ab")
        offset = out.tell()
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env=env)
        out.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.log.read_bytes()[offset:].decode(errors="replace")
            start = text.rfind("atout serve: http://")
            if start >= 0 and "Application startup complete" in text[start:]:
                line = text[start:].split("\n", 1)[0]
                self.base = line.split()[2].rstrip("/")
                self.port = int(self.base.rsplit(":", 1)[1])
                return self
            if self.process.poll() is not None:
                raise RuntimeError(f"atout serve ended: {text[-2000:]}")
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("atout serve did not start")

    def stop(self, kill: bool = False) -> None:
        process = self.process
        if process is None:
            return
        if process.poll() is None:
            process.send_signal(signal.SIGKILL if kill else signal.SIGINT)
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
        self.process = None

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

    @property
    def ws_base(self) -> str:
        return "ws" + self.base.removeprefix("http")


def http_json(
    method: str, url: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, Any, dict[str, str]]:
    """One HTTP request with a JSON answer: ``(status, data, headers)``."""
    data = (
        None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    )
    headers = dict(headers or {})
    if data is not None:
        headers.setdefault("Content-Type", "application/json")
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read()
            status, found = answer.status, dict(answer.headers.items())
    except urllib.error.HTTPError as error:
        text = error.read()
        status, found = error.code, dict(error.headers.items())
    try:
        parsed = json.loads(text) if text else None
    except ValueError:
        parsed = text.decode(errors="replace")
    return status, parsed, found


def create_table(base: str, settings: dict[str, Any]) -> dict[str, Any]:
    """Create a table; its links (``POST /api/tables``)."""
    status, data, _ = http_json("POST", f"{base}/api/tables", settings)
    if status != 201:
        raise RuntimeError(f"create: {status} {data}")
    assert isinstance(data, dict)
    return data


def token_of(link: str) -> str:
    return link.split("#", 1)[1]


def choose_action(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A legal action of the view's seat, at random among its options (the écart: one
    ``ecart`` action of legal cards, trumps only when needed; the seat's random value
    first, as a page sends it as soon as it is asked); ``None`` if none."""
    options = view.get("options") or []
    if not options:
        return None
    seat = view["seat"]
    game = view.get("game") or {}
    if any(o["type"] == "discard" for o in options) and "ecart_rules" in game:
        rules = game["ecart_rules"]
        allowed = [c for c in game["hand"] if c not in rules["refused"]]
        plain = [c for c in allowed if not c.startswith("T") and c != "EX"]
        trumps = [c for c in allowed if c.startswith("T")]
        rng.shuffle(plain)
        rng.shuffle(trumps)
        cards = (plain + trumps)[: rules["size"]]
        return {"type": "ecart", "seat": seat, "cards": cards}
    contribute = [o for o in options if o["type"] == "contribute"]
    option = dict(contribute[0] if contribute else rng.choice(options))  # a page gives it first
    if option["type"] == "contribute":
        option["value"] = rng.randbytes(32).hex()
    elif option["type"] == "cut":
        option = {"type": "cut", "seat": seat, "k": rng.randint(option["min"], option["max"])}
    return option


class Seat:
    """One page's websocket at a table (a seat, a spectator or the owner)."""

    def __init__(
        self,
        ws_base: str,
        table: str,
        token: str,
        origin: str | None = None,
        keep: bool = True,
        lang: str | None = None,
    ) -> None:
        self.keep = keep  # keep every message in :attr:`messages`
        self.lang = lang  # the language the hello asks the refusals in (None: the default)
        self.url = f"{ws_base}/ws/{table}"
        self.token = token
        self.origin = origin or "http" + ws_base.removeprefix("ws")
        self.ws: ClientConnection | None = None
        self.messages: list[str] = []
        self.view: dict[str, Any] | None = None
        self.table: dict[str, Any] | None = None
        self.you: dict[str, Any] | None = None
        self.seq = 0
        self.next_id = 0
        self.pending: dict[int, float] = {}  # id → when it was sent
        self.latencies: list[float] = []
        self.errors: list[dict[str, Any]] = []
        self.acks: list[dict[str, Any]] = []
        self.stale = False  # an action was acknowledged: its update is on the way
        self.last_send = 0.0

    async def connect(self, seq: int | None = None) -> dict[str, Any]:
        """Connect and say hello; the snapshot."""
        self.ws = await connect(self.url, origin=self.origin, compression=None, max_size=2**24)  # type: ignore[arg-type]
        hello = {"type": "hello", "token": self.token, "seq": self.seq if seq is None else seq}
        if self.lang is not None:
            hello["lang"] = self.lang
        await self.send(hello)
        while True:
            message = await self.receive()
            if message["type"] == "snapshot":
                return message
            if message["type"] == "error":
                raise RuntimeError(f"hello refused: {message}")

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
            self.ws = None

    async def send(self, message: dict[str, Any] | str) -> None:
        assert self.ws is not None
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def receive(self, timeout: float = 30.0) -> dict[str, Any]:
        assert self.ws is not None
        async with asyncio.timeout(timeout):  # never swallows a cancellation
            raw = await self.ws.recv()
        text = raw if isinstance(raw, str) else raw.decode()
        if self.keep:
            self.messages.append(text)
        message: dict[str, Any] = json.loads(text)
        self._note(message)
        return message

    def _note(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "snapshot":
            self.view, self.table, self.you = message["view"], message["table"], message["you"]
            self.seq = message["seq"]
            self.stale = False
        elif kind == "update":
            self.view = message["view"]
            self.seq = message["seq"]
            self.stale = False
        elif kind == "presence" and self.table is not None:
            self.table["present"], self.table["stand_in"] = message["present"], message["stand_in"]
        elif kind == "ack":
            sent = self.pending.pop(message["id"], None)
            if sent is not None:
                self.latencies.append(time.perf_counter() - sent)
            self.acks.append(message)
            self.stale = True
        elif kind == "error":
            self.errors.append(message)
            if message.get("id") in self.pending:
                del self.pending[message["id"]]

    async def act(self, action: dict[str, Any]) -> int:
        """Send an action (at most 18 a second, under the server's limit); its id."""
        wait = self.last_send + 1 / 18 - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        self.last_send = time.perf_counter()
        self.next_id += 1
        self.pending[self.next_id] = time.perf_counter()
        await self.send({"type": "act", "id": self.next_id, "action": action})
        return self.next_id

    def ready(self) -> bool:
        view = self.view
        return view is not None and not self.pending and not self.stale and bool(view["options"])

    async def play(
        self,
        rng: random.Random,
        think: float = 0.0,
        until: Callable[[Seat], bool] | None = None,
        choose: Callable[[dict[str, Any], random.Random], dict[str, Any] | None] | None = None,
    ) -> None:
        """Play the seat until the match is over (or ``until(self)``)."""
        while True:
            view = self.view
            if view is not None and view["over"]:
                return
            if until is not None and until(self):
                return
            if self.ready():
                assert view is not None
                action = (choose or choose_action)(view, rng)
                if action is not None:
                    if think:
                        await asyncio.sleep(think * rng.random() * 2)
                    await self.act(action)
            await self.receive(120.0)

    async def watch(self) -> None:
        """Take every message until the match is over."""
        while not (self.view is not None and self.view["over"]):
            await self.receive(120.0)

    async def drain(self, quiet: float = 0.3) -> None:
        """Take the messages until none comes for ``quiet`` seconds."""
        with contextlib.suppress(TimeoutError):
            while True:
                await self.receive(quiet)


async def open_table(
    server: ServerProcess, settings: dict[str, Any], spectators: int = 0
) -> tuple[dict[str, Any], list[Seat], Seat, list[Seat]]:
    """Create a table, connect every person's seat, the owner and ``spectators``
    spectators, and start it: ``(links, seats, owner, spectators)``."""
    links = create_table(server.base, settings)
    table = links["table"]
    seats = [Seat(server.ws_base, table, token_of(s["url"])) for s in links["seats"] if s["url"]]
    for seat in seats:
        await seat.connect()
    watchers = [
        Seat(server.ws_base, table, token_of(links["spectator"])) for _ in range(spectators)
    ]
    for watcher in watchers:
        await watcher.connect()
    owner = Seat(server.ws_base, table, token_of(links["owner"]))
    await owner.connect()
    await owner.send({"type": "start"})
    for seat in [*seats, *watchers, owner]:
        while not (seat.table or {}).get("started"):
            await seat.receive()
    return links, seats, owner, watchers


async def stored_actions(db: str, table_id: str) -> list[dict[str, Any]]:
    """The actions the database holds for a table, in order."""
    from atout.web.db import Store, database_url

    store = await Store.open(database_url(db))
    try:
        stored = await store.load(table_id)
    finally:
        await store.close()
    return [] if stored is None else stored.actions


async def rebuild_from(db: str, table_id: str) -> Any:
    """The table rebuilt from what the database holds (:class:`atout.session.Table`)."""
    from atout.session import Table, action_from_json
    from atout.web.config import table_config
    from atout.web.db import Store, database_url

    store = await Store.open(database_url(db))
    try:
        stored = await store.load(table_id)
    finally:
        await store.close()
    assert stored is not None
    config = table_config(stored.config)
    # "by" marks a bot's decision for a person (atout.web.played_for), not the action's
    actions = [action_from_json({k: v for k, v in a.items() if k != "by"}) for a in stored.actions]
    return Table.rebuild(config.settings(), stored.seed, actions)
