"""The table companion on the web server (atout.web.companion): links and roles, every
entry stored before it is acknowledged, retries, reloads, exports, pages."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno
from fastapi.testclient import TestClient

from atout.web import companion as web
from atout.web.server import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def make_client(db: Path) -> TestClient:
    app: Any = create_app(f"sqlite:///{db}")
    inner = app.app
    if not any(getattr(r, "path", "") == "/api/companion" for r in inner.routes):
        inner.include_router(web.router)
    return TestClient(app)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "atout.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


def create(client: TestClient, **setup: Any) -> tuple[str, str, str]:
    body = {"players": 4, "names": ["Anne", "Bruno", "Chloé", "David"]} | setup
    answer = client.post("/api/companion", json=body)
    assert answer.status_code == 201, answer.text
    data = answer.json()
    scorer, viewer = data["scorer"].split("#")[1], data["viewer"].split("#")[1]
    assert data["scorer"].startswith(f"http://testserver/companion/{data['evening']}#")
    return data["evening"], scorer, viewer


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def post(client: TestClient, evening: str, token: str, n: int, entry: dict[str, Any]) -> Any:
    return client.post(
        f"/api/companion/{evening}/entries", json={"n": n, "entry": entry}, headers=auth(token)
    )


def stored_rows(db: Path, evening: str) -> list[dict[str, Any]]:
    with sqlite3.connect(db) as c:
        rows = c.execute(
            "SELECT n, entry FROM companion_entries WHERE evening_id = ? ORDER BY n", (evening,)
        ).fetchall()
    assert [n for n, _ in rows] == list(range(len(rows)))
    return [json.loads(e) for _, e in rows]


def test_create_refuses_bad_setups_with_one_line(client: TestClient) -> None:
    for body, needle in [
        ({"players": 6}, "D9"),
        ({"players": 4, "names": ["a", "b"]}, "4 names"),
        ({"players": 4, "names": ["a", "b", "c", "a"]}, "different"),
        ({"players": 3, "profile": "club"}, "profile"),
        ({"players": 3, "rules": {"five_player_split": "3:0"}}, "S4"),
        ({"players": 3, "colour": "red"}, "colour"),
    ]:
        answer = client.post("/api/companion", json=body)
        assert answer.status_code == 400 and needle in answer.json()["error"], answer.text
        assert "\n" not in answer.json()["error"]
    assert client.post("/api/companion", content=b"{nope").status_code == 400
    assert client.post("/api/companion", content=b"[" * 20000).status_code == 400


def test_scorer_changes_viewer_only_reads(client: TestClient, db: Path) -> None:
    evening, scorer, viewer = create(client)
    assert post(client, evening, scorer, 0, {"type": "dealer", "seat": 1}).status_code == 200
    answer = post(client, evening, viewer, 1, {"type": "cut", "k": 30})
    assert answer.status_code == 403 and "viewer" in answer.json()["error"]
    seen = client.get(f"/api/companion/{evening}", headers=auth(viewer)).json()
    assert seen["role"] == "viewer" and seen["first_dealer"] == 1 and seen["entries"] == 1
    assert client.get(f"/api/companion/{evening}", headers=auth(scorer)).json()["role"] == "scorer"
    for headers in ({}, auth("x" * 43), {"Authorization": f"Basic {scorer}"}):
        assert client.get(f"/api/companion/{evening}", headers=headers).status_code == 404
    _other, other_scorer, _ = create(client)
    assert client.get(f"/api/companion/{evening}", headers=auth(other_scorer)).status_code == 404
    assert post(client, evening, other_scorer, 1, {"type": "cut", "k": 30}).status_code == 404
    assert len(stored_rows(db, evening)) == 1
    with sqlite3.connect(db) as c:  # only digests are kept
        row = c.execute("SELECT * FROM companion_evenings WHERE id = ?", (evening,)).fetchone()
    assert scorer not in str(row) and viewer not in str(row)
    assert web._digest(scorer) in row


def test_refused_entry_names_the_rule_and_stores_nothing(client: TestClient, db: Path) -> None:
    evening, scorer, _ = create(client)
    post(client, evening, scorer, 0, {"type": "dealer", "seat": 0})
    answer = post(client, evening, scorer, 1, {"type": "cut", "k": 3})
    assert answer.status_code == 400 and answer.json()["rule"] == "D5"
    bad = {"type": "result", "contract": "garde", "taker": 1, "points": 50, "bouts": 2, "chelem": 2}
    answer = post(client, evening, scorer, 1, bad)
    assert answer.status_code == 400 and answer.json()["rule"] == "A4"
    french = client.post(
        f"/api/companion/{evening}/entries?lang=fr",
        json={"n": 1, "entry": bad},
        headers=auth(scorer),
    )
    assert "seul le camp du preneur" in french.json()["error"]
    for body in ({"n": 1}, {"n": 1, "entry": "cut"}, {"n": "1", "entry": {"type": "all_pass"}}):
        answer = client.post(f"/api/companion/{evening}/entries", json=body, headers=auth(scorer))
        assert answer.status_code in (400, 409)
    assert len(stored_rows(db, evening)) == 1


def test_an_entry_sent_again_is_stored_once(client: TestClient, db: Path) -> None:
    evening, scorer, _ = create(client)
    post(client, evening, scorer, 0, {"type": "dealer", "seat": 0})
    entry = {"type": "result", "contract": "prise", "taker": 1, "points": 60, "bouts": 1}
    first = post(client, evening, scorer, 1, entry)
    again = post(client, evening, scorer, 1, entry)  # the answer was lost: sent again
    assert first.status_code == again.status_code == 200 and again.json()["stored"] == 1
    assert again.json()["totals"] == [-34, 102, -34, -34] and again.json()["entries"] == 2
    other = post(client, evening, scorer, 1, {"type": "all_pass"})
    assert other.status_code == 409
    assert post(client, evening, scorer, 5, {"type": "all_pass"}).status_code == 409
    assert len(stored_rows(db, evening)) == 2


def test_not_stored_is_not_acknowledged(
    client: TestClient, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    evening, scorer, _ = create(client)

    async def broken(*_: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(web._Evenings, "store", broken)
    answer = post(client, evening, scorer, 0, {"type": "dealer", "seat": 0})
    assert answer.status_code == 503
    monkeypatch.undo()
    seen = client.get(f"/api/companion/{evening}", headers=auth(scorer)).json()
    assert seen["entries"] == 0 and seen["first_dealer"] is None
    assert post(client, evening, scorer, 0, {"type": "dealer", "seat": 0}).status_code == 200


def play_some(client: TestClient, evening: str, scorer: str) -> None:
    entries = [
        {"type": "dealer", "seat": 0},
        {"type": "cut", "k": 30},
        {"type": "fault", "kind": "card_exposed", "by": 2, "card": "QH"},
        {
            "type": "result",
            "contract": "garde",
            "taker": 1,
            "points": 47,
            "bouts": 2,
            "poignees": [[1, "simple"]],
        },
        {"type": "petit_sec", "seat": 3},
        {
            "type": "result",
            "contract": "prise",
            "taker": 3,
            "points": 40,
            "bouts": 1,
            "petit_au_bout": "defence",
        },
        {
            "type": "edit",
            "donne": 2,
            "result": {"contract": "prise", "taker": 1, "points": 47, "bouts": 2},
        },
    ]
    for n, entry in enumerate(entries):
        answer = post(client, evening, scorer, n, entry)
        assert answer.status_code == 200, answer.text


def test_a_reload_and_a_restart_show_the_sheet_as_stored(db: Path) -> None:
    with make_client(db) as client:
        evening, scorer, viewer = create(client)
        play_some(client, evening, scorer)
        before = client.get(f"/api/companion/{evening}", headers=auth(viewer)).json()
        known = client.get(f"/api/companion/{evening}?known=7", headers=auth(viewer)).json()
        assert known == {"unchanged": True, "entries": 7}
    with make_client(db) as client:  # a new server on the same database
        after = client.get(f"/api/companion/{evening}", headers=auth(viewer)).json()
        assert after == before
        assert after["donnes"][1]["edited"] == 1 and after["donnes"][0]["void"] == "misdeal"
        assert after["totals"] == [-31 + 46, 93 + 46, -31 + 46, -31 - 138]


def test_exports(client: TestClient) -> None:
    evening, scorer, viewer = create(client)
    play_some(client, evening, scorer)
    body = client.get(f"/api/companion/{evening}/sheet.csv", headers=auth(viewer)).content
    assert body.startswith("\ufeffdonne,".encode())  # the BOM: a spreadsheet reads UTF-8
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    assert [r[0] for r in rows] == ["donne", "1", "2", "3", "4"] and rows[4][2] == "played"
    pdf = client.get(f"/api/companion/{evening}/sheet.pdf", headers=auth(viewer))
    assert pdf.headers["content-type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    record = client.get(f"/api/companion/{evening}/record.json", headers=auth(scorer)).json()
    assert record["format"] == "atout.game/1" and len(record["donnes"]) == 4
    assert all(d["hands_known"] is False for d in record["donnes"])
    assert client.get(f"/api/companion/{evening}/sheet.pdf").status_code == 404


def test_viewer_link_and_qr_code(client: TestClient) -> None:
    evening, scorer, viewer = create(client)
    data = client.get(f"/api/companion/{evening}/viewer", headers=auth(scorer)).json()
    assert data["viewer"] == f"http://testserver/companion/{evening}#{viewer}"
    assert data["qr_svg"].startswith("<svg") and "path" in data["qr_svg"]
    assert data["qr"].startswith("data:image/svg+xml")
    assert data["qr_svg"] == segno.make(data["viewer"], error="m").svg_inline(
        scale=4, dark="#111", light="#fff"
    )  # the QR code holds the viewer link
    assert client.get(f"/api/companion/{evening}/viewer", headers=auth(viewer)).status_code == 403


def test_pages_have_no_inline_script_and_speak_french(client: TestClient) -> None:
    evening, _, _ = create(client)
    for path in ("/companion", f"/companion/{evening}"):
        page = client.get(path, headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"})
        assert page.status_code == 200 and '<html lang="fr">' in page.text
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert page.headers["referrer-policy"] == "no-referrer"
        for tag in re.findall(r"<script[^>]*>", page.text):
            assert 'type="application/json"' in tag or (
                'type="module"' in tag and 'src="/static/' in tag
            )
    assert '<html lang="en">' in client.get("/companion", headers={"Accept-Language": "en-GB"}).text
    assert client.get("/companion/nope").status_code == 404
    assert client.get("/static/companion.js").status_code == 200
    profiles = client.get("/api/companion/profiles?lang=fr").json()["profiles"]
    assert [p["name"] for p in profiles] == ["fft", "maison"] and profiles[0]["differences"] == []


def test_the_number_of_evenings_is_limited(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    create(client)
    monkeypatch.setattr(web, "MAX_EVENINGS", 1)
    answer = client.post("/api/companion", json={"players": 3})
    assert answer.status_code == 429 and "at most 1 evenings" in answer.json()["error"]


def test_the_lobby_leads_to_the_companion_in_the_browsers_language(client: TestClient) -> None:
    french = client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert 'href="/companion"' in french.text
    assert "Le compagnon de table" in french.text
    english = client.get("/", headers={"Accept-Language": "en"})
    assert "The table companion" in english.text
    assert client.get("/companion").status_code == 200


def test_a_french_page_s_cards_are_read_in_french_and_stored_canonical(
    client: TestClient, db: Path
) -> None:
    evening, scorer, _ = create(client)
    answer = client.post(
        f"/api/companion/{evening}/entries?lang=fr",
        json={"n": 0, "entry": {"type": "draw", "seat": 0, "card": "RC"}},
        headers=auth(scorer),
    )
    assert answer.status_code == 200, answer.text
    assert stored_rows(db, evening) == [{"type": "draw", "seat": 0, "card": "KH"}]
    assert answer.json()["draw"] == [[0, ["R♥"]]]
    refused = client.post(
        f"/api/companion/{evening}/entries?lang=fr",
        json={"n": 1, "entry": {"type": "draw", "seat": 1, "card": "7X"}},
        headers=auth(scorer),
    )
    assert refused.status_code == 400
    assert refused.json()["error"].startswith("D1 : carte : '7X' n'est pas une carte (7P, RCo, 7T")
