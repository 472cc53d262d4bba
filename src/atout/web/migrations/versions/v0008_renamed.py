"""The names a table's seats had before the owner gave them to other persons.

Revision ID: renamed_0001
Revises: again_0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "renamed_0001"
down_revision: str | None = "again_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("atout_tables") as batch:
        batch.add_column(sa.Column("renamed", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("atout_tables") as batch:
        batch.drop_column("renamed")
