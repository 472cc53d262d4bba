"""The web table, ``atout serve``: a self-hosted table for friends and bots.

One process, one worker, one asyncio loop. Each table is a :class:`~atout.web.room.Room`:
an asyncio task that owns its :class:`atout.session.Table` and takes what changes it
(an action, a page joining or leaving, the owner's start) from its queue one at a
time, so no table needs a lock, and an action is stored (:mod:`atout.web.db`) before
it is acknowledged and told. Why one worker: a table lives in the memory of the task
that plays it — its bots, the stand-ins of absent persons, the pause between donnes,
every page's connection — and two workers would each hold their own copy of it, so a
page connected to one would never hear of the other's actions. One process of this
kind holds a few hundred busy tables on a small machine (``benchmarks/bench_web_load.py``).

How a larger site would grow: several such processes, each the owner of a share of
the tables, and a router in front that sends every request and websocket of table
``T`` to the process that owns ``T`` — by a hash of the table id (consistent hashing,
so adding a process moves few tables), or by a lookup in a small directory of which
process holds which table; the websocket upgrade is routed the same way (sticky to the
table, not to the browser). All processes share one PostgreSQL database: a process
that takes over a table (its owner died, or the tables were rebalanced) rebuilds it
from its stored actions with :meth:`atout.session.Table.rebuild`, exactly as a
restarted server does; the database's primary key on ``(table, action number)``
refuses a second writer of the same action. Creating a table and the lobby need no
owner and can go to any process.

- :mod:`atout.web.server`: the application and ``atout serve``;
- :mod:`atout.web.pages`: the pages; :mod:`atout.web.api`: the HTTP API;
- :mod:`atout.web.websocket`: a table's websocket; :mod:`atout.web.tables`: the rooms in memory;
- :mod:`atout.web.basics`: what they share;
- :mod:`atout.web.room`: one table's task;
- :mod:`atout.web.db`: the database (SQLite or PostgreSQL) and its Alembic migrations;
- :mod:`atout.web.config`: a table's settings, checked.

The tests and the load benchmark drive a server in a child process with seats over
websockets (``tests/web_harness.py``, not part of the package).
"""
