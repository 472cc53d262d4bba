"""The id the page gives each companion entry, so that an entry sent twice is stored
once and answered with what was stored.

Revision ID: companion_0002
Revises: companion_0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "companion_0002"
down_revision: str | None = "companion_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("companion_entries", sa.Column("entry_id", sa.String(64), nullable=True))
    op.create_index(
        "ix_companion_entries_entry_id",
        "companion_entries",
        ["evening_id", "entry_id"],
        unique=True,
    )


def downgrade() -> None:
    op.drop_index("ix_companion_entries_entry_id", "companion_entries")
    op.drop_column("companion_entries", "entry_id")
