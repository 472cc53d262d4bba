"""``atout serve``: the web table's server (:mod:`atout.web.server`)."""

from __future__ import annotations

from typing import Annotated

import typer

from atout.i18n import N_

HELP = N_(
    "Serve the web table: a table for friends and bots in the browser, one link per "
    "seat. One worker; every action is stored before it is acknowledged."
)

Host = Annotated[str, typer.Option("--host", help=N_("The address to listen on."))]
Port = Annotated[int, typer.Option("--port", help=N_("The port to listen on."))]
Database = Annotated[
    str | None,
    typer.Option(
        "--db",
        help=N_(
            "The database: sqlite:///PATH or postgresql+asyncpg://USER@HOST/DATABASE "
            "(default: atout.db in $ATOUT_HOME or the user's data folder)."
        ),
    ),
]
MaxTables = Annotated[
    int, typer.Option("--max-tables", help=N_("The most open tables the server holds."))
]
AllowedHosts = Annotated[
    str | None,
    typer.Option(
        "--allowed-hosts",
        help=N_(
            "The names the server answers to, separated by commas, or * for any "
            "(default: the --host address and localhost)."
        ),
    ),
]
UnstartedHours = Annotated[
    float,
    typer.Option("--unstarted-hours", help=N_("Hours after which a table never started expires.")),
]
ForwardedAllowIps = Annotated[
    str | None,
    typer.Option(
        "--forwarded-allow-ips",
        help=N_(
            "The addresses of the reverse proxies whose X-Forwarded-For and "
            "X-Forwarded-Proto the server believes, separated by commas "
            "(default: none; each client is the address that connects)."
        ),
    ),
]
TablesPerHour = Annotated[
    int,
    typer.Option("--tables-per-hour", help=N_("The most tables one address creates in an hour.")),
]

ChallengeDeals = Annotated[
    int,
    typer.Option(
        "--challenge-deals", help=N_("The donnes of today's challenge (1 to 24; default 6).")
    ),
]


def serve(
    host: Host = "127.0.0.1",
    port: Port = 8000,
    db: Database = None,
    max_tables: MaxTables = 1000,
    allowed_hosts: AllowedHosts = None,
    unstarted_hours: UnstartedHours = 24.0,
    tables_per_hour: TablesPerHour = 20,
    forwarded_allow_ips: ForwardedAllowIps = None,
    challenge_deals: ChallengeDeals = 6,
) -> None:
    """``atout serve`` (its help: :data:`HELP`)."""
    from atout.web.server import serve as run_server

    run_server(
        host=host,
        port=port,
        db=db,
        max_tables=max_tables,
        allowed_hosts=allowed_hosts,
        unstarted_hours=unstarted_hours,
        tables_per_hour=tables_per_hour,
        forwarded_allow_ips=forwarded_allow_ips,
        challenge_deals=challenge_deals,
    )
