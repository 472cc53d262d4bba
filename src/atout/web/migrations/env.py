"""Alembic's environment: the migrations run on the connection the server gives in
``config.attributes["connection"]`` (:func:`atout.web.db._migrate`)."""

from __future__ import annotations

from alembic import context


def run_migrations() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("the web table's migrations run from atout.web.db (atout serve)")
    context.configure(connection=connection, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if getattr(context, "config", None) is not None:  # imported by Alembic, not by a test tool
    run_migrations()
