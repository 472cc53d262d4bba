"""The tables, their tokens' digests and their actions.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "atout_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("seed", sa.Text, nullable=False),
        sa.Column("joined", sa.Text, nullable=False),
        sa.Column("started", sa.Boolean, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
    )
    op.create_index("atout_tables_over", "atout_tables", ["over"])
    op.create_table(
        "atout_tokens",
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("atout_tables.id"), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
    )
    op.create_index("atout_tokens_table", "atout_tokens", ["table_id"])
    op.create_table(
        "atout_actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("atout_tables.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("action", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("atout_actions")
    op.drop_index("atout_tokens_table", "atout_tokens")
    op.drop_table("atout_tokens")
    op.drop_index("atout_tables_over", "atout_tables")
    op.drop_table("atout_tables")
