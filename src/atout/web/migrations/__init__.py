"""The Alembic migrations of the web table's database, applied by ``atout serve`` at
start (:meth:`atout.web.db.Store.open`). A new revision goes in ``versions/``, written
by hand with ``op`` (as ``v0001_tables.py``), its ``down_revision`` the last one."""
