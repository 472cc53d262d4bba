"""The docs list every field of a web table's settings and of the table's JSON: the
fields docs/reference/web-protocol.md names are those ``POST /api/tables`` accepts and
those the snapshot's ``table`` has, and docs/howto/serve.md names every setting."""

from __future__ import annotations

import re
from pathlib import Path

from atout.web.config import FIELDS, bot_levels, table_config
from atout.web.room_views import RoomViews

DOCS = Path(__file__).resolve().parent.parent / "docs"
PROTOCOL = DOCS / "reference" / "web-protocol.md"


def table_fields(text: str, after: str) -> set[str]:
    """The names in the first column of the Markdown table that follows ``after``."""
    rest = text[text.index(after) + len(after) :]
    rows = rest[rest.index("\n|") :].split("\n\n", 1)[0].strip().splitlines()[2:]
    names: set[str] = set()
    for row in rows:
        first = row.split("|")[1]
        names |= set(re.findall(r"`([a-z_]+)`", first))
    return names


def test_the_settings_documented_are_those_accepted() -> None:
    text = PROTOCOL.read_text()
    assert table_fields(text, "### A table's settings") == set(FIELDS)
    example = text[text.index("`POST /api/tables` takes") :].split("` (every", 1)[0]
    assert set(re.findall(r'"([a-z_]+)":', example)) >= set(FIELDS)
    serve = (DOCS / "howto" / "serve.md").read_text()
    for field in FIELDS:
        assert f"`{field}`" in serve, field


def test_the_bots_documented_are_those_accepted() -> None:
    """The list of bots the settings name is the one a seat accepts, in its order."""
    text = PROTOCOL.read_text()
    said = text[text.index("bot is one of") : text.index("(the `bots` of the table's JSON)")]
    assert re.findall(r"`([a-z0-9-]+)`", said) == bot_levels()


def test_the_table_json_documented_is_the_one_sent() -> None:
    views = RoomViews()
    views.id = "t"
    views.config = table_config({})
    views.matches, views.renamed, views.conns = [], [], set()
    views.present, views.stand_in = [1, 1, 1, 1], [False] * 4
    views.started = views.over = False
    sent = set(views.table_json())
    documented = table_fields(PROTOCOL.read_text(), "The snapshot's `table` has these fields:")
    assert documented == sent
