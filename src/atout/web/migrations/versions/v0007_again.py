"""The matches a table finished before *Play again* began the one on it.

Revision ID: again_0001
Revises: next_0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "again_0001"
down_revision: str | None = "next_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("atout_tables") as batch:
        batch.add_column(sa.Column("matches", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("atout_tables") as batch:
        batch.drop_column("matches")
