"""A table of phones: ``atout serve`` says which addresses the other devices can use
(the machine's network addresses when it listens on 0.0.0.0, what to do when it
listens on 127.0.0.1 only), and the companion's links and QR code use one of them
when the scorer opened the page on this machine."""

from __future__ import annotations

import ipaddress
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import segno
from fastapi.testclient import TestClient

from atout.web import companion
from atout.web.addresses import lan_addresses, table_bases
from tests.browser import sqlite_server
from tests.test_companion_web import auth, make_client

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_the_table_s_addresses_are_the_network_s_never_the_loopback() -> None:
    found = lan_addresses()
    assert all(not ipaddress.ip_address(a).is_loopback for a in found)
    assert table_bases("0.0.0.0", 8000) == [f"http://{a}:8000" for a in found]
    assert table_bases("127.0.0.1", 8000) == [] == table_bases("localhost", 8000)
    assert table_bases("192.168.1.20", 8001) == ["http://192.168.1.20:8001"]


@pytest.fixture
def lan() -> Iterator[str]:
    companion.set_table_bases(["http://192.168.1.20:8000", "http://10.0.0.5:8000"])
    try:
        yield "http://192.168.1.20:8000"
    finally:
        companion.set_table_bases([])


def test_links_opened_on_this_machine_use_the_network_address(tmp_path: Path, lan: str) -> None:
    with make_client(tmp_path / "atout.db") as client:
        local = TestClient(client.app, base_url="http://127.0.0.1:8000")
        made = local.post("/api/companion", json={"players": 3}).json()
        assert made["scorer"].startswith(f"{lan}/companion/{made['evening']}#")
        assert made["viewer"].startswith(f"{lan}/companion/{made['evening']}#")
        token = made["scorer"].split("#")[1]
        answer = local.get(f"/api/companion/{made['evening']}/viewer", headers=auth(token))
        link = answer.json()["viewer"]
        assert link == made["viewer"]
        assert answer.json()["qr_svg"] == segno.make(link, error="m").svg_inline(
            scale=4, dark="#111", light="#fff"
        )
        # a phone that came by the network address keeps it
        remote = TestClient(client.app, base_url="http://10.0.0.5:8000")
        assert (
            remote.post("/api/companion", json={"players": 3})
            .json()["scorer"]
            .startswith("http://10.0.0.5:8000/companion/")
        )


def test_serve_on_127_0_0_1_says_how_to_let_the_phones_in(tmp_path: Path) -> None:
    server = next(sqlite_server(tmp_path))
    try:
        text = server.log.read_text()
    finally:
        server.stop()
    assert (
        "atout serve: only this machine can connect; for the phones at the table, "
        "start it with --host 0.0.0.0 (same Wi-Fi)"
    ) in text


def test_serve_on_every_interface_lists_the_addresses(tmp_path: Path) -> None:
    code = "from atout.cli import main; main()"
    args = [sys.executable, "-c", code, "serve", "--host", "0.0.0.0", "--port", "0"]
    args += ["--db", f"sqlite:///{tmp_path / 'atout.db'}"]
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        process = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 60
        while "Application startup complete" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(20)
    lines = log.read_text().splitlines()
    port = lines[0].split()[2].rstrip("/").rsplit(":", 1)[1]
    found = ", ".join(f"http://{a}:{port}" for a in lan_addresses())
    said = f"atout serve: other devices on this network: {found}"
    if not found:  # a machine on no network
        said = "atout serve: no network address found: other devices cannot connect"
    assert said in lines
