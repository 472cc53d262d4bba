"""The web table's server (``atout serve``) over real HTTP and websockets on the
loopback: the API, the protocol of docs/reference/web-protocol.md, the order ``ack`` then
``update``, reconnection, a restart of the server in the middle of a match, the
limits and the security headers."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.typing import Origin

from atout.session import observation_json
from atout.web.basics import AddressRate
from atout.web.server import CSP, page_language
from tests.web_harness import (
    Seat,
    ServerProcess,
    choose_action,
    create_table,
    http_json,
    open_table,
    rebuild_from,
    stored_actions,
    token_of,
)

ORIGIN_REFUSED = (
    "the websocket: its Origin is not this server's; only a page of this server may open it"
    " (Origin)\n"
)
ORIGIN_REFUSED_FR = (
    "la websocket : son Origin n'est pas celle de ce serveur ; seule une page de ce serveur"
    " peut l'ouvrir (Origin)\n"
)
PEOPLE4: dict[str, Any] = {"players": 4, "deals": 2, "seats": [None] * 4, "bot_delay_ms": 0}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("web")
    with ServerProcess(f"sqlite:///{folder / 'atout.db'}", folder / "server.log") as process:
        yield process


def db_path(server: ServerProcess) -> str:
    return server.db.removeprefix("sqlite:///")


async def stored(server: ServerProcess, table: str) -> list[dict[str, Any]]:
    return await stored_actions(server.db, table)


@pytest.fixture
def fresh_db(tmp_path: Path) -> str:
    """A database of its own for a test that starts its own server."""
    return f"sqlite:///{tmp_path / 'own.db'}"


# -- HTTP -----------------------------------------------------------------------------------


def test_create_answers_one_link_per_seat_with_its_token_in_the_fragment(
    server: ServerProcess,
) -> None:
    settings = {"players": 5, "seats": [None, "random", None, "heuristic", None]}
    status, data, headers = http_json("POST", f"{server.base}/api/tables", settings)
    assert status == 201
    table = data["table"]
    assert [s["kind"] for s in data["seats"]] == ["person", "bot", "person", "bot", "person"]
    links = [data["owner"], data["spectator"]] + [s["url"] for s in data["seats"] if s["url"]]
    assert all(link.startswith(f"{server.base}/t/{table}#") for link in links)
    tokens = {token_of(link) for link in links}
    assert len(tokens) == 5 and all(len(t) == 43 for t in tokens)  # 32 bytes, base64url
    with sqlite3.connect(f"file:{db_path(server)}?mode=ro", uri=True) as db:
        dump = "\n".join(db.iterdump())
    assert not any(token in dump for token in tokens)  # only their SHA-256 is kept
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(
    ("settings", "error"),
    [
        ({"players": 6}, "players: 3, 4 or 5, not 6"),
        ({"players": "4"}, 'players: 3, 4 or 5, not "4"'),
        ({"players": None}, "players: 3, 4 or 5, not null"),  # JSON's words, not Python's
        ({"players": True}, "players: 3, 4 or 5, not true"),
        ({"deals": []}, "deals: a whole number from 1 to 1000, not []"),
        ({"deals": 0}, "deals: a whole number from 1 to 1000, not 0"),
        ({"seats": [None, None]}, "seats: a list of 4 entries (null for a person, else a bot)"),
        ({"seats": [None, "god", None, None]}, "seats[1]: null or a bot"),
        ({"names": ["x" * 25, "", "", ""]}, "names[0]: a text of at most 24 characters"),
        ({"rules": {"nope": True}}, "rules.nope: not a setting"),
        ({"rules": {"consecutive_chien_cards": 1}}, "rules.consecutive_chien_cards: true or false"),
        ({"rules": {"excuse_last_trick": "x"}}, "rules.excuse_last_trick: changes_camp or"),
        ({"grace_seconds": -1}, "grace_seconds: a number of seconds from 0 to 86400"),
        ({"bot_delay_ms": 1.5}, "bot_delay_ms: a whole number from 0 to 10000, not 1.5"),
        ({"spectators_see_hands": "yes"}, 'spectators_see_hands: true or false, not "yes"'),
        (
            {"rules": {"consecutive_chien_cards": None}},
            "rules.consecutive_chien_cards: true or false, not null",
        ),
        ({"colour": "red"}, "colour: not a field of a table"),
        ([1, 2], "the request: a JSON object of a table's settings"),
    ],
)
def test_a_wrong_field_is_refused_with_one_line_naming_it(
    server: ServerProcess, settings: Any, error: str
) -> None:
    status, data, _ = http_json("POST", f"{server.base}/api/tables", settings)
    assert status == 400
    assert data["error"].startswith(error)
    assert "\n" not in data["error"]


@pytest.mark.parametrize("body", [b"{players: 4", b""])
def test_a_request_that_is_not_json_is_refused(server: ServerProcess, body: bytes) -> None:
    status, data, _ = http_json("POST", f"{server.base}/api/tables", body)
    assert (status, data["error"]) == (
        400,
        "the request: not JSON (a table's settings as a JSON object)",
    )


@pytest.mark.parametrize("header", ["X-Atout-Links", "X-Atout-Owners"])
def test_more_than_100_tokens_in_a_header_are_refused_naming_the_limit(
    server: ServerProcess, header: str
) -> None:
    tokens = ",".join(f"token{n}" for n in range(101))
    status, data, _ = http_json(
        "GET", f"{server.base}/api/tables", headers={header: tokens, "Accept-Language": "fr"}
    )
    assert (status, data) == (400, {"error": f"{header} : au plus 100 jetons"})
    status, data, _ = http_json("GET", f"{server.base}/api/tables", headers={header: tokens})
    assert (status, data) == (400, {"error": f"{header}: at most 100 tokens"})
    hundred = ",".join(f"token{n}" for n in range(100))
    assert http_json("GET", f"{server.base}/api/tables", headers={header: hundred})[0] == 200


def test_the_lobby_lists_the_tables_of_the_owner_tokens_it_is_sent(server: ServerProcess) -> None:
    first = create_table(server.base, {"names": ["Ana", None, None, None]})
    second = create_table(server.base, {"players": 3})
    other = create_table(server.base, {})
    owners = f"{token_of(first['owner'])}, {token_of(second['owner'])}, not-a-token"
    spectator = token_of(other["spectator"])  # not an owner's token: not listed
    status, data, _ = http_json(
        "GET", f"{server.base}/api/tables", headers={"X-Atout-Owners": f"{owners},{spectator}"}
    )
    assert status == 200
    listed = {t["table"]: t for t in data["tables"]}
    assert set(listed) == {first["table"], second["table"]}
    assert listed[first["table"]]["names"][0] == "Ana"
    assert listed[second["table"]]["players"] == 3
    assert listed[first["table"]]["started"] is False
    assert http_json("GET", f"{server.base}/api/tables")[1] == {"tables": [], "links": []}


def test_pages_carry_the_security_headers_and_the_language(server: ServerProcess) -> None:
    links = create_table(server.base, {})
    for path in ("/", f"/t/{links['table']}"):
        for accept, lang in (("fr-FR,fr;q=0.9,en;q=0.8", "fr"), ("en-GB,fr;q=0.5", "en")):
            request = __import__("urllib.request").request
            query = request.Request(f"{server.base}{path}", headers={"Accept-Language": accept})
            with request.urlopen(query) as answer:
                html = answer.read().decode()
                assert answer.status == 200
                assert answer.headers["Content-Security-Policy"] == CSP
                assert answer.headers["Referrer-Policy"] == "no-referrer"
                assert answer.headers["X-Content-Type-Options"] == "nosniff"
                assert answer.headers["Content-Language"] == lang
            assert f'lang="{lang}"' in html
            assert "<script>" not in html  # no inline script: the CSP would refuse it
    status, _, _ = http_json("GET", f"{server.base}/t/no-such-table")
    assert status == 404


def test_the_page_language_is_the_first_of_ours_the_browser_asks_for() -> None:
    assert page_language("fr") == "fr"
    assert page_language("fr-CA, en;q=0.5") == "fr"
    assert page_language("en;q=0.5, fr;q=0.9") == "fr"
    assert page_language("de, fr") == "fr"  # German first, then French: French, not English
    assert page_language("de, en, fr") == "en"
    assert page_language(", ".join(["de"] * 20 + ["fr"])) == "en"  # the first 20 only
    assert page_language("fr;q=0, en") == "en"
    assert page_language(None) == "en"
    assert page_language("fr;q=bad, de") == "en"


def fetch(url: str, **headers: str) -> tuple[int, Any, bytes]:
    """A GET's status, headers and body, whatever the status."""
    from urllib.error import HTTPError
    from urllib.request import Request, urlopen

    try:
        with urlopen(Request(url, headers=headers)) as answer:
            return answer.status, answer.headers, answer.read()
    except HTTPError as error:
        return error.code, error.headers, error.read()


def test_the_lobby_names_every_bot_level_in_the_page_language(server: ServerProcess) -> None:
    _, _, body = fetch(f"{server.base}/", **{"Accept-Language": "fr-FR,fr;q=0.9"})
    html = body.decode()
    for level, label in (
        ("heuristic-1", "robot · heuristique, première version"),
        ("search-fast", "robot · recherche rapide"),
        ("search", "robot · recherche<"),
        ("search-strong", "robot · recherche poussée"),
        ("search-random", "robot · recherche, parties au hasard"),
        ("search-1", "robot · recherche, première version"),
        ("random", "robot · hasard"),
    ):
        assert f'<option value="{level}"' in html  # the identifier stays the value
        assert label in html, level
    assert "robot · search" not in html and "robot · heuristic" not in html
    assert '<option value="search-cheat"' not in html  # it sees nothing at a table
    _, _, body = fetch(f"{server.base}/", **{"Accept-Language": "en"})
    assert "bot · search, strong<" in body.decode()


async def test_the_lobby_and_the_waiting_room_offer_one_list_of_bot_levels(
    server: ServerProcess,
) -> None:
    """The same levels, in the same order, from the server: the lobby's seat menus and
    the owner's "Put a bot here" in the waiting room."""
    _, _, body = fetch(f"{server.base}/", **{"Accept-Language": "en"})
    html = body.decode()
    menu = html[html.index('name="kind0"') :]
    menu = menu[: menu.index("</select>")]
    lobby = [v for v in re.findall(r'<option value="([^"]*)"', menu) if v]
    links = create_table(server.base, {"players": 3, "seats": [None] * 3})
    owner = Seat(server.ws_base, links["table"], token_of(links["owner"]))
    snapshot = await owner.connect()
    assert snapshot["table"]["bots"] == lobby
    await owner.close()


def test_every_bot_menu_takes_its_labels_from_the_server_s_one_list(
    server: ServerProcess,
) -> None:
    """The waiting room's and the owner's menus (describe.js's botLabel) read the page's
    #bot-labels, the lobby's labels: no map of their own that would miss a level."""
    from atout.bot_levels import table_levels, title

    links = create_table(server.base, {})
    _, _, body = fetch(f"{server.base}/t/{links['table']}", **{"Accept-Language": "fr"})
    block = re.search(
        r'<script type="application/json" id="bot-labels">(.*?)</script>', body.decode()
    )
    assert block is not None
    labels = json.loads(unescape(block.group(1)))
    assert labels == {name: title(name, "fr") for name in table_levels()}
    assert labels["search-1"] == "recherche, première version"
    script = (Path(__file__).parents[1] / "src/atout/web/static/describe.js").read_text()
    assert "heuristic, first version" not in script and '"search-strong"' not in script


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({"seats": [None, "search-cheat", None, None]}, "seats[1]"),
        ({"stand_in": "search-cheat"}, "stand_in"),
    ],
)
def test_the_bot_that_sees_every_hand_is_refused_at_a_table(
    server: ServerProcess, settings: dict[str, Any], field: str
) -> None:
    status, data, _ = http_json(
        "POST", f"{server.base}/api/tables", settings, headers={"Accept-Language": "fr"}
    )
    assert status == 400
    assert data["error"] == (
        f"{field} : search-cheat voit toutes les mains : il joue dans atout arena seulement,"
        " pas à une table"
    )
    status, data, _ = http_json("POST", f"{server.base}/api/tables", settings)
    assert data["error"].endswith("it plays in atout arena only, not at a table")


async def test_the_owner_may_not_seat_the_bot_that_sees_every_hand(server: ServerProcess) -> None:
    links = create_table(server.base, {"seats": [None] * 4})
    owner = Seat(server.ws_base, links["table"], token_of(links["owner"]))
    snapshot = await owner.connect()
    assert "search-cheat" not in snapshot["table"]["bots"]
    await owner.send({"type": "seat_bot", "seat": 1, "bot": "search-cheat"})
    refused = await owner.receive()
    assert refused["type"] == "error"
    assert refused["message"].endswith("it plays in atout arena only, not at a table")
    await owner.close()


@pytest.mark.parametrize("path", ["/nope", "/t/", "/api/nope"])
def test_a_browser_asking_for_a_missing_page_gets_a_page_in_its_language(
    server: ServerProcess, path: str
) -> None:
    browser = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    status, headers, body = fetch(
        f"{server.base}{path}", **browser, **{"Accept-Language": "fr-FR,fr;q=0.9"}
    )
    assert status == 404
    assert headers["Content-Type"].startswith("text/html")
    assert headers["Content-Language"] == "fr"
    html = unescape(body.decode())
    assert "Cette page n'existe pas : vérifiez l'adresse." in html
    assert 'href="/"' in html and "Not Found" not in html
    status, headers, body = fetch(f"{server.base}{path}", **browser, **{"Accept-Language": "en"})
    assert status == 404 and "No such page: check the address." in body.decode()
    status, headers, body = fetch(f"{server.base}{path}", Accept="application/json")
    assert status == 404 and headers["Content-Type"] == "application/json"
    assert json.loads(body) == {"detail": "Not Found"}  # API clients keep the JSON answer


def test_the_favicon_is_served(server: ServerProcess) -> None:
    status, headers, body = fetch(f"{server.base}/favicon.ico", Accept="image/*")
    assert status == 200 and headers["Content-Type"].startswith("image/svg+xml")
    assert body.startswith(b"<svg") or b"<svg" in body[:200]


# -- the websocket --------------------------------------------------------------------------


def raw_request(server: ServerProcess, lines: list[str]) -> str:
    """The answer's head and body to a request written by hand (any ``Host``)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(("\r\n".join([*lines, "", ""])).encode())
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer.decode(errors="replace")


def test_a_name_that_is_not_the_server_s_gets_400_on_http_and_websocket(
    server: ServerProcess,
) -> None:
    """What docs/howto/serve.md says: a wrong ``Host`` gets 400 and one line naming
    --allowed-hosts, for a page as for a websocket's upgrade."""
    upgrade = [
        "Connection: Upgrade",
        "Upgrade: websocket",
        "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
    ]
    for first, extra in (("GET / HTTP/1.1", []), ("GET /ws/any HTTP/1.1", upgrade)):
        lines = [first, "Host: rebound.example", "Accept-Language: fr", *extra]
        answer = raw_request(server, [*lines, "Connection: close"] if not extra else lines)
        assert answer.startswith("HTTP/1.1 400"), answer[:200]
        assert "--allowed-hosts" in answer and "ce nom" in answer, answer
    # a refusal the server means is no error of the server: nothing in its log says one
    assert_quiet_log(server)


def assert_quiet_log(server: ServerProcess) -> None:
    """The server's log has no error: uvicorn's "returned without completing handshake"
    is written for an upgrade answered with a refusal, unless the server marks it."""
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline and "WebSocket /ws/" not in server.log.read_text():
        time.sleep(0.05)
    text = server.log.read_text()
    assert "without completing handshake" not in text, text[-2000:]
    assert "ERROR" not in text, text[-2000:]


async def test_the_upgrade_is_refused_unless_its_origin_is_the_server(
    server: ServerProcess,
) -> None:
    links = create_table(server.base, {})
    url = f"{server.ws_base}/ws/{links['table']}"
    for origin in ("http://evil.example", f"http://127.0.0.1:{server.port + 1}", None):
        with pytest.raises(InvalidStatus) as refused:
            await connect(url, origin=origin)  # type: ignore[arg-type]
        response = refused.value.response
        assert response.status_code == 403
        assert response.headers["Content-Type"] == "text/plain; charset=utf-8"
        # one line that says why, as the HTTP refusals do
        assert response.body.decode() == ORIGIN_REFUSED, response.body
    french = {"Accept-Language": "fr"}
    with pytest.raises(InvalidStatus) as refused:
        await connect(url, origin=Origin("http://evil.example"), additional_headers=french)
    assert refused.value.response.body.decode() == ORIGIN_REFUSED_FR
    assert_quiet_log(server)
    seat = Seat(server.ws_base, links["table"], token_of(links["owner"]))
    snapshot = await seat.connect()
    assert snapshot["you"] == {"seat": None, "role": "owner", "owner": True}
    await seat.close()


async def test_a_wrong_token_is_refused_and_the_connection_closed(server: ServerProcess) -> None:
    links = create_table(server.base, {})
    other = create_table(server.base, {})
    for token in ("x" * 43, token_of(other["owner"])):  # a token of another table
        seat = Seat(server.ws_base, links["table"], token)
        with pytest.raises(RuntimeError, match="No table has this link"):
            await seat.connect()
        with pytest.raises(ConnectionClosed):
            await seat.receive(5)
    french = Seat(server.ws_base, links["table"], "x" * 43, lang="fr")
    with pytest.raises(
        RuntimeError, match="Aucune table n'a ce lien : il n'a pas été copié en entier"
    ):
        await french.connect()


async def test_snapshot_then_ack_before_update_and_each_seat_its_own_view(
    server: ServerProcess,
) -> None:
    links, seats, owner, _ = await open_table(server, PEOPLE4)
    table = links["table"]
    for seat in seats:
        assert seat.you is not None and seat.you["role"] == "player"
        assert seat.view is not None and seat.view["seat"] == seat.you["seat"]
        assert seat.table is not None and seat.table["kinds"] == ["person"] * 4
    assert owner.view is not None and owner.view["seat"] is None
    rng = random.Random(3)
    while not all((s.view or {}).get("game") for s in seats):  # the deal, to the pick-up
        actor = next(s for s in seats if s.view and s.view["options"])
        action = choose_action(actor.view or {}, rng)
        assert action is not None
        before = len(await stored(server, table))
        sent = await actor.act(action)
        ack = await actor.receive()
        assert ack == {"type": "ack", "id": sent, "seq": ack["seq"]}
        # stored before it was acknowledged
        assert (await stored(server, table))[before:] == [action]
        update = await actor.receive()
        assert update["type"] == "update" and update["seq"] == ack["seq"]
        for other in [s for s in seats if s is not actor] + [owner]:
            told = await other.receive()
            assert told["type"] == "update" and told["seq"] == ack["seq"]
            assert told["view"]["seat"] == (other.you or {}).get("seat")
        assert [e["seq"] for e in update["events"]] == list(
            range(update["seq"] - len(update["events"]) + 1, update["seq"] + 1)
        )
    hands = [set((s.view or {}).get("game", {}).get("hand", [])) for s in seats]
    assert all(len(h) == 18 for h in hands) and len(set.union(*hands)) == 72
    for seat in [*seats, owner]:
        await seat.close()


async def test_a_refusal_of_the_rules_arrives_in_the_language_of_the_page(
    server: ServerProcess,
) -> None:
    links, seats, owner, _ = await open_table(server, PEOPLE4)
    token = seats[0].token
    french = Seat(server.ws_base, links["table"], token, lang="fr")
    english = Seat(server.ws_base, links["table"], token, lang="en")
    bid = {"type": "bid", "seat": 0, "contract": "prise"}
    answers = []
    for page in (french, english):
        await page.connect()
        await page.send({"type": "act", "id": 7, "action": bid})
        answer = await page.receive()
        while answer["type"] != "error":
            answer = await page.receive()
        answers.append(answer)
    fr, en = answers
    assert fr["rule"] == en["rule"] == "D15" and fr["id"] == 7
    assert fr["reason"] == en["reason"] == {"rule": "D15", "kind": "game_not_begun", "params": {}}
    assert fr["message"] == "la distribution n'est pas finie : le jeu n'a pas commencé"
    assert en["message"] == "the deal is not over: the game has not begun"
    for page in [french, english, *seats, owner]:
        await page.close()


async def test_refused_messages_name_the_rule_and_change_nothing(server: ServerProcess) -> None:
    links, seats, owner, _ = await open_table(server, PEOPLE4)
    table = links["table"]
    seat0 = seats[0]
    assert seat0.view is not None
    waiting = [s for s in seats if not (s.view or {})["options"]]

    async def refused(conn: Seat, message: dict[str, Any] | str) -> dict[str, Any]:
        await conn.send(message)
        answer = await conn.receive()
        assert answer["type"] == "error", answer
        return answer

    cases: list[tuple[Seat, dict[str, Any] | str, str, str]] = [
        (seat0, "not json", "protocol", "not JSON"),
        (seat0, "[1]", "protocol", "each message is a JSON object"),
        (seat0, {"type": "jump"}, "protocol", 'type: "jump" is not a message'),
        (seat0, {"type": "act", "id": 1}, "protocol", "act: the action is missing"),
        (seat0, {"type": "act", "id": 2, "action": {"type": "fly", "seat": 0}}, "protocol", ""),
        (
            seat0,
            {"type": "act", "id": 3, "action": {"type": "draw", "seat": 1}},
            "protocol",
            "seat 1",
        ),
        (seat0, {"type": "act", "id": 4, "action": {"type": "cut", "seat": 0, "k": 2}}, "D5", ""),
        (seat0, {"type": "act", "id": [1], "action": {}}, "protocol", "id:"),
        (seat0, {"type": "start"}, "protocol", "only the table's owner starts it"),
        (seat0, {"type": "hello", "token": "x"}, "protocol", "hello once"),
        (owner, {"type": "act", "id": 5, "action": {"type": "draw", "seat": 0}}, "protocol", ""),
        (owner, {"type": "start"}, "protocol", "the table has already started"),
        (owner, {"type": "seat_bot", "seat": 0, "bot": "random"}, "protocol", "has started"),
        (
            seat0,
            {"type": "act", "id": 6, "action": {"type": "bid", "seat": 0, "contract": "prise"}},
            "D15",
            "",
        ),
    ]
    for conn, message, rule, text in cases:
        answer = await refused(conn, message)
        assert answer["rule"] == rule, (message, answer)
        assert text in answer["message"], (message, answer)
        if isinstance(message, dict) and message.get("id") not in (None, [1]):
            assert answer["id"] == message["id"]
    await seat0.send({"type": "ping"})
    assert await seat0.receive() == {"type": "pong"}
    assert await stored(server, table) == []
    for conn in waiting:  # nobody else was told anything
        with pytest.raises(TimeoutError):
            await conn.receive(0.3)
    for seat in [*seats, owner]:
        await seat.close()


async def test_messages_over_the_size_or_the_rate_get_limit_errors_then_a_close(
    server: ServerProcess,
) -> None:
    links, seats, owner, _ = await open_table(server, PEOPLE4)
    seat = seats[0]
    await seat.send(json.dumps({"type": "ping", "pad": "x" * 5000}))
    answer = await seat.receive()
    assert answer["rule"] == "limit" and "4096 bytes" in answer["message"]

    async def flood() -> None:  # as fast as the socket takes them, until it is closed
        with contextlib.suppress(ConnectionClosed):
            for _ in range(5000):
                await seat.send({"type": "ping"})

    started = time.monotonic()
    sender = asyncio.create_task(flood())
    kinds: list[str] = []
    with pytest.raises(ConnectionClosed):
        while True:
            message = await seat.receive(30)
            kinds.append(message.get("rule") or message["type"])
    seconds = time.monotonic() - started
    await sender
    assert kinds.count("limit") >= 200  # closed past 200 refused, however slow the server
    assert kinds.count("pong") <= 20 + 20 * seconds + 1  # 20 a second, after a first 20
    assert seat.ws is not None and seat.ws.close_code == 1008
    # the table goes on for the others, who are told the seat is away
    await owner.send({"type": "ping"})
    assert (await owner.receive())["present"] == [False, True, True, True]
    assert await owner.receive() == {"type": "pong"}
    for other in [*seats, owner]:
        await other.close()
    del links


async def test_reconnecting_with_seq_gives_a_snapshot_with_the_events_after_it(
    server: ServerProcess,
) -> None:
    links, seats, owner, _ = await open_table(server, {**PEOPLE4, "grace_seconds": 0})
    rng = random.Random(5)
    away = seats[2]  # played by the stand-in at once (no grace)
    await away.close()
    last_seen = away.seq
    others = [s for s in seats if s is not away]

    def far_enough(seat: Seat) -> bool:
        return seat.seq >= last_seen + 25

    await asyncio.gather(*(s.play(rng, until=far_enough) for s in others))
    back = Seat(server.ws_base, links["table"], away.token)
    snapshot = await back.connect(seq=last_seen)
    assert snapshot["seq"] > last_seen
    assert [e["seq"] for e in snapshot["events"]] == list(range(last_seen + 1, snapshot["seq"] + 1))
    fresh = Seat(server.ws_base, links["table"], away.token)
    whole = await fresh.connect(seq=0)
    assert whole["view"] == snapshot["view"]
    assert whole["events"][last_seen:] == snapshot["events"]
    assert whole["table"]["present"] == [True] * 4 and whole["table"]["stand_in"] == [False] * 4
    assert whole["table"]["variant"] == {"hand_size": 18, "chien_size": 6, "packet_size": 3}
    for seat in [*others, back, fresh, owner]:
        await seat.close()


async def test_the_record_is_exported_with_any_token_of_the_table(server: ServerProcess) -> None:
    settings = {"players": 3, "deals": 1, "seats": [None, "random", "random"], "bot_delay_ms": 0}
    links, seats, owner, _ = await open_table(server, settings)
    await seats[0].play(random.Random(1))
    url = f"{server.base}/api/tables/{links['table']}/record"
    assert http_json("GET", url)[0] == 401
    assert http_json("GET", url, headers={"Authorization": "Bearer nope"})[0] == 404
    status, record, _ = http_json(
        "GET", url, headers={"Authorization": f"Bearer {token_of(links['spectator'])}"}
    )
    assert status == 200
    assert record["format"] == "atout.game/1" and record["seed"] is None
    assert record["seats"] == ["human", "bot:random", "bot:random"]
    assert len(record["donnes"]) == 1
    fairness = record["donnes"][0]["fairness"]
    assert len(fairness["commitment"]) == 64 and len(fairness["secret"]) == 64
    assert [seat for seat, _ in fairness["contributions"]] == [0]
    from atout.fairness import verify_game

    assert all(v.ok for v in verify_game(json.dumps(record)))
    for seat in [*seats, owner]:
        await seat.close()


def test_the_record_s_refusals_are_in_the_reader_s_language(server: ServerProcess) -> None:
    links = create_table(server.base, {})
    url = f"{server.base}/api/tables/{links['table']}/record"
    french = {"Accept-Language": "fr"}
    owner = {**french, "Authorization": f"Bearer {token_of(links['owner'])}"}
    assert http_json("GET", url, headers=french)[:2] == (
        401,
        {"error": "Authorization : Bearer JETON, un jeton des liens de la table"},
    )
    assert http_json("GET", url, headers={**french, "Authorization": "Bearer nope"})[:2] == (
        404,
        {"error": "aucune table pour ce jeton"},
    )
    assert http_json("GET", f"{url}?match=9", headers=owner)[:2] == (
        404,
        {"error": "match : 1 … 1, une partie de cette table, pas 9"},
    )
    assert http_json("GET", url)[1] == {
        "error": "Authorization: Bearer TOKEN, a token of the table's links"
    }


async def test_the_owner_puts_bots_in_empty_seats_and_the_start_fills_the_rest(
    server: ServerProcess,
) -> None:
    links = create_table(server.base, {"seats": [None] * 4, "bot_delay_ms": 0, "grace_seconds": 0})
    table = links["table"]
    person = Seat(server.ws_base, table, token_of(links["seats"][0]["url"]))
    await person.connect()
    owner = Seat(server.ws_base, table, token_of(links["owner"]))
    await owner.connect()
    await owner.send({"type": "seat_bot", "seat": 0, "bot": "random"})
    refused = await owner.receive()
    assert refused["type"] == "error" and "has its person" in refused["message"]
    await owner.send({"type": "seat_bot", "seat": 1, "bot": "random"})
    snapshot = await owner.receive()
    assert snapshot["type"] == "snapshot"
    assert snapshot["table"]["kinds"] == ["person", "bot", "person", "person"]
    await owner.send({"type": "start"})
    started = await owner.receive()
    assert started["table"]["started"] is True
    # nobody came to seats 2 and 3: they stay the persons', a bot stands in for each
    assert started["table"]["kinds"] == ["person", "bot", "person", "person"]
    late = Seat(server.ws_base, table, token_of(links["seats"][3]["url"]))
    await late.connect()  # a late person's link still opens the seat
    assert (
        late.you == {"seat": 3, "role": "player", "owner": False} and (late.table or {})["started"]
    )
    await late.close()
    await person.play(random.Random(2), until=lambda s: (s.view or {}).get("number", 0) >= 2)
    for seat in (person, owner):
        await seat.close()


async def test_an_absent_person_is_played_by_the_stand_in_until_back(server: ServerProcess) -> None:
    settings = {"players": 3, "deals": 1, "seats": [None, None, "random"], "grace_seconds": 0.5}
    links, seats, owner, _ = await open_table(server, {**settings, "bot_delay_ms": 0})
    gone, stays = seats
    await gone.close()
    presence: list[dict[str, Any]] = []
    while not presence or presence[-1]["stand_in"] != [True, False, False]:
        message = await owner.receive(10)
        if message["type"] == "presence":
            presence.append(message)
    assert presence[0] == {
        "type": "presence",
        "present": [False, True, True],
        "stand_in": [False] * 3,
    }
    await stays.play(random.Random(4), until=lambda s: (s.view or {}).get("game") is not None)
    back = Seat(server.ws_base, links["table"], gone.token)
    await back.connect()
    while True:
        message = await owner.receive(10)
        if message["type"] == "presence":
            assert message == {"type": "presence", "present": [True] * 3, "stand_in": [False] * 3}
            break
    for seat in [stays, back, owner]:
        await seat.close()


async def test_the_server_holds_at_most_max_tables_open_tables(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'few.db'}"  # a database of its own: no other open table
    with ServerProcess(db, tmp_path / "log", max_tables=2) as small:
        create_table(small.base, {})
        create_table(small.base, {})
        status, data, _ = http_json("POST", f"{small.base}/api/tables", {})
        assert status == 429
        assert data["error"].startswith("limit: this server holds at most 2 open tables")


# -- a restart in the middle of a match ------------------------------------------------------


async def test_a_restarted_server_resumes_every_table_exactly(
    tmp_path: Path, fresh_db: str
) -> None:
    db = fresh_db
    process = ServerProcess(db, tmp_path / "server.log").start()
    try:
        settings = {"players": 5, "deals": 2, "seats": [None, None, "heuristic", None, "random"]}
        links, seats, owner, watchers = await open_table(
            process, {**settings, "bot_delay_ms": 0}, spectators=1
        )
        rng = random.Random(11)
        await asyncio.gather(*(s.play(rng, until=lambda s: s.seq >= 60) for s in seats))
        for conn in [*seats, owner, *watchers]:
            await conn.drain()
        before = {id(c): (c.seq, c.view) for c in [*seats, owner, *watchers]}
        process.stop(kill=True)  # kill -9: nothing is flushed on the way out
        process.start()
        for conn in [*seats, owner, *watchers]:
            seq, view = before[id(conn)]
            snapshot = await conn.connect(seq=seq)
            # a bot's move pending at the kill is made once the table is back: the page
            # gets exactly the events since its seq, none lost, none twice
            assert snapshot["seq"] >= seq
            assert len(snapshot["events"]) == snapshot["seq"] - seq
            if snapshot["seq"] == seq:
                assert snapshot["view"] == view
        rebuilt = await rebuild_from(db, links["table"])
        for seat in seats:
            assert seat.view is not None
            assert seat.view == observation_json(rebuilt.observation(seat.view["seat"]))
        await asyncio.gather(*(s.play(rng) for s in seats))
        assert all((s.view or {}).get("over") for s in seats)
        for conn in [*seats, owner, *watchers]:
            await conn.close()
    finally:
        process.stop()
    assert "Traceback" not in (tmp_path / "server.log").read_text()


# -- atout serve ------------------------------------------------------------------------------


def serve(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    code = "from atout.cli import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, "serve", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )


def test_serve_says_in_one_line_when_the_port_is_in_use(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = serve("--port", str(port), "--db", f"sqlite:///{tmp_path / 'a.db'}")
    assert done.returncode == 2
    assert done.stderr == (
        f"atout: error: --port {port}: the port is in use on 127.0.0.1 (another server?); "
        "choose another with --port\n"
    )


@pytest.mark.parametrize(
    ("db", "error"),
    [
        ("nonsense", "--db 'nonsense': not a database URL"),
        (
            "mysql://x@localhost/atout",
            "--db mysql://x@localhost/atout: not a database atout can use",
        ),
        ("postgresql://u:secret@127.0.0.1:1/atout", "cannot use the database"),
    ],
)
def test_serve_says_in_one_line_when_the_database_is_wrong(db: str, error: str) -> None:
    done = serve("--port", "0", "--db", db)
    assert done.returncode == 2
    assert done.stderr.startswith("atout: error: ") and error in done.stderr
    assert done.stderr.count("\n") == 1 and "secret" not in done.stderr


def test_only_tables_actually_created_count_toward_the_hourly_limit(tmp_path: Path) -> None:
    """A user who mistypes a setting three times is not locked out: refused requests
    (a wrong field, a body that is not JSON) cost the address nothing."""
    db = f"sqlite:///{tmp_path / 'typos.db'}"
    with ServerProcess(db, tmp_path / "log", extra=["--tables-per-hour", "2"]) as small:
        url = f"{small.base}/api/tables"
        for wrong in ({"players": 6}, {"deals": "five"}, {"seats": True}, b"{not json"):
            assert http_json("POST", url, wrong)[0] == 400
        create_table(small.base, {})
        create_table(small.base, {})
        status, data, _ = http_json("POST", url, {})
        assert status == 429 and "2 new tables an hour" in data["error"]


def test_a_full_server_gives_back_the_address_s_table(tmp_path: Path) -> None:
    """A creation refused because the server holds --max-tables does not count."""
    db = f"sqlite:///{tmp_path / 'full.db'}"
    extra = ["--tables-per-hour", "2"]
    with ServerProcess(db, tmp_path / "log", max_tables=1, extra=extra) as small:
        url = f"{small.base}/api/tables"
        create_table(small.base, {})
        for _ in range(3):
            status, data, _ = http_json("POST", url, {})
            assert status == 429 and "--max-tables" in data["error"]


def forwarded_creations(server: ServerProcess, count: int) -> list[int]:
    """The statuses of ``count`` creations, each claiming another client address."""
    url = f"{server.base}/api/tables"
    return [
        http_json("POST", url, {}, {"X-Forwarded-For": f"203.0.113.{n + 1}"})[0]
        for n in range(count)
    ]


def test_a_client_cannot_choose_its_address_with_x_forwarded_for(tmp_path: Path) -> None:
    """By default the server believes no X-Forwarded-For, not even from the loopback:
    a local user sending the header still meets the per-address limit. With
    --forwarded-allow-ips naming the proxy, the address the proxy forwards counts."""
    db = f"sqlite:///{tmp_path / 'proxy.db'}"
    with ServerProcess(db, tmp_path / "log", extra=["--tables-per-hour", "2"]) as direct:
        assert forwarded_creations(direct, 4) == [201, 201, 429, 429]
    extra = ["--tables-per-hour", "2", "--forwarded-allow-ips", "127.0.0.1"]
    with ServerProcess(db, tmp_path / "log2", extra=extra) as proxied:
        assert forwarded_creations(proxied, 4) == [201] * 4
        text = (tmp_path / "log2").read_text()
        assert '203.0.113.4:0 - "POST /api/tables HTTP/1.1" 201' in text


def test_forwarded_allow_ips_must_name_addresses(tmp_path: Path) -> None:
    code = "from atout.cli import main; main()"
    args = [sys.executable, "-c", code, "serve", "--port", "0"]
    args += ["--db", f"sqlite:///{tmp_path / 'x.db'}", "--forwarded-allow-ips", "proxy!"]
    done = subprocess.run(args, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "--forwarded-allow-ips 'proxy!'" in done.stderr
    assert "Traceback" not in done.stderr


async def test_a_refused_message_shows_values_as_json_writes_them(server: ServerProcess) -> None:
    """An owner's message with a wrong seat or bot is answered in JSON's words
    (``true``, ``null``), not Python's (``True``, ``None``)."""
    links = create_table(server.base, {"players": 3, "seats": [None] * 3})
    owner = Seat(server.ws_base, links["table"], token_of(links["owner"]))
    await owner.connect()
    errors = []
    for message in (
        {"type": "seat_bot", "seat": True, "bot": "random"},
        {"type": "seat_bot", "seat": 1, "bot": None},
    ):
        await owner.send(message)
        while True:
            answer = await owner.receive(10)
            if answer["type"] == "error":
                errors.append(answer["message"])
                break
    assert errors[0] == "seat: 0 … 2, not true", errors
    assert errors[1].startswith("bot: one of random") and errors[1].endswith(", not null")
    await owner.close()


def test_the_hourly_limit_counts_the_last_hour_not_a_refilling_allowance() -> None:
    """--tables-per-hour 20: one table, 14 minutes later 19 more, then no more until an
    hour after the first (an allowance refilled as time goes let 21 through)."""
    rate = AddressRate(20)
    assert rate.allow("a", now=0.0)
    assert all(rate.allow("a", now=14 * 60.0 + i) for i in range(19))
    assert not rate.allow("a", now=15 * 60.0)  # 20 in the last hour already
    assert not rate.allow("a", now=3599.0)
    assert rate.allow("b", now=15 * 60.0)  # each address its own
    assert rate.allow("a", now=3600.5)  # the first one is an hour old
    assert not rate.allow("a", now=3601.0)
    rate.give_back("a")  # a creation that did not happen
    assert rate.allow("a", now=3601.5)
