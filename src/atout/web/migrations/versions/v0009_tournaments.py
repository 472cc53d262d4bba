"""Club tournaments on the server: the tournament (its atout.tournament/1 file, the
rules of its tables, the digest of the organiser's token) and the companion evening of
each table of each round.

Revision ID: tournament_0001
Revises: renamed_0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "tournament_0001"
down_revision: str | None = "renamed_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("setup", sa.Text, nullable=False),
        sa.Column("organiser_digest", sa.String(64), nullable=False),
    )
    op.create_table(
        "tournament_tables",
        sa.Column(
            "tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True
        ),
        sa.Column("round_no", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column(
            "evening_id", sa.String(32), sa.ForeignKey("companion_evenings.id"), nullable=False
        ),
    )


def downgrade() -> None:
    op.drop_table("tournament_tables")
    op.drop_table("tournaments")
