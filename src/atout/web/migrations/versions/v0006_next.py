"""The seats that pressed *Next* at the end of the donne on the table.

Revision ID: next_0001
Revises: chat_0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "next_0001"
down_revision: str | None = "chat_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("atout_tables") as batch:
        batch.add_column(sa.Column("ready", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("atout_tables") as batch:
        batch.drop_column("ready")
