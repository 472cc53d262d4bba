"""The companion's players across evenings: one player per person on the server (found
by name; a merge joins two spellings), and who sat where in each evening. The evenings
already stored are read to fill them.

Revision ID: companion_0003
Revises: companion_0002
"""

from __future__ import annotations

import json
import re
import time
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "companion_0003"
down_revision: str | None = "companion_0002"
branch_labels = None
depends_on = None


PLACEHOLDER = re.compile(r"(j|joueur|player)\s*\d+")


def _key(name: str) -> str:
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()[:64]


def upgrade() -> None:
    players = op.create_table(
        "companion_players",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "companion_player_names",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("companion_players.id"), nullable=False),
    )
    op.create_table(
        "companion_seats",
        sa.Column(
            "evening_id", sa.String(32), sa.ForeignKey("companion_evenings.id"), primary_key=True
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("companion_players.id"), nullable=False),
    )
    op.create_index("ix_companion_seats_player", "companion_seats", ["player_id"])
    connection = op.get_bind()
    names: dict[str, int] = {}
    rows = connection.execute(sa.text("SELECT id, setup FROM companion_evenings ORDER BY created"))
    for evening_id, setup in rows.all():
        for seat, name in enumerate(json.loads(setup).get("names") or []):
            key = _key(str(name))
            if PLACEHOLDER.fullmatch(key):
                continue
            if key not in names:
                result = connection.execute(
                    players.insert().values(name=str(name)[:64], created=time.time())
                )
                made = result.inserted_primary_key
                assert made is not None
                names[key] = int(made[0])
                connection.execute(
                    sa.text("INSERT INTO companion_player_names (key, player_id) VALUES (:k, :p)"),
                    {"k": key, "p": names[key]},
                )
            connection.execute(
                sa.text(
                    "INSERT INTO companion_seats (evening_id, seat, player_id) VALUES (:e, :s, :p)"
                ),
                {"e": evening_id, "s": seat, "p": names[key]},
            )


def downgrade() -> None:
    op.drop_index("ix_companion_seats_player", "companion_seats")
    op.drop_table("companion_seats")
    op.drop_table("companion_player_names")
    op.drop_table("companion_players")
