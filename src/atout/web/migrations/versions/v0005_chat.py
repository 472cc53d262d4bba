"""A table's chat: its messages, quick reactions and notices, in order.

Revision ID: chat_0001
Revises: companion_0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "chat_0001"
down_revision: str | None = "companion_0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "atout_chat",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("atout_tables.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("entry", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("atout_chat")
