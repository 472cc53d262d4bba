"""The table companion's evenings and their entries, in order.

Revision ID: companion_0001
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "companion_0001"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "companion_evenings",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("setup", sa.Text, nullable=False),
        sa.Column("scorer_digest", sa.String(64), nullable=False),
        sa.Column("viewer_digest", sa.String(64), nullable=False),
    )
    op.create_table(
        "companion_entries",
        sa.Column(
            "evening_id",
            sa.String(32),
            sa.ForeignKey("companion_evenings.id"),
            primary_key=True,
        ),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("entry", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("companion_entries")
    op.drop_table("companion_evenings")
