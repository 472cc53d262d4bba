"""Today's challenge: the tables started for a challenge (its date, donnes, seat, bots'
level and the person's name) and each name's marks, deal by deal, once its table is over.

Revision ID: challenge_0001
Revises: tournament_0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "challenge_0001"
down_revision: str | None = "tournament_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "challenge_tables",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("level", sa.String(32), nullable=False),
        sa.Column("name", sa.String(24), nullable=False),
    )
    op.create_table(
        "challenge_results",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("deals", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("level", sa.String(32), primary_key=True),
        sa.Column("name_key", sa.String(24), primary_key=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("marks", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("challenge_results")
    op.drop_table("challenge_tables")
