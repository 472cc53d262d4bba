"""``atout arena``: duplicate matches between two bots. The logic is in
:mod:`atout.sim.arena`; this is its command-line face, registered by :mod:`atout.cli`
(which it imports only when the command runs, for the shared checks and errors)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from atout.dealing import Deal

MAX_ARENA_DEALS = 1_000_000
MAX_JOBS = 64


def _error(message: str) -> Exception:
    from atout.cli import UserError

    return UserError(message)


def _bots(text: str) -> list[str]:
    from atout.bots import BOTS

    names = [name.strip() for name in text.split(",")]
    known = ", ".join(BOTS)
    if len(names) != 2 or not all(names):
        raise _error(
            f"--bots {text!r:.60}: give two bots separated by a comma, "
            f"e.g. search,heuristic-1 (bots: {known})"
        )
    for name in names:
        if name not in BOTS:
            raise _error(f"--bots {text!r:.60}: unknown bot {name!r:.30}; the bots are {known}")
    return names


def _read_deals(path: str, players: int | None, most: int | None) -> tuple[list[Deal], int]:
    """The deals of a file of ``atout.deal/1`` records, one a line (JSONL)."""
    from atout.errors import AtoutError
    from atout.record import loads_deal

    option = f"--deals-file {path}"
    try:
        with open(path, encoding="utf-8") as stream:
            lines = stream.read(64 * 2**20 + 1)
    except (OSError, UnicodeDecodeError) as error:
        why = getattr(error, "strerror", None) or "not UTF-8 text"
        raise _error(f"{option}: cannot read it ({why})") from None
    if len(lines) > 64 * 2**20:
        raise _error(f"{option}: larger than 64 MiB")
    deals = []
    for number, line in enumerate(lines.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            deal, _ = loads_deal(line, source=f"line {number}")
        except AtoutError as error:
            raise _error(f"{option}: {error}") from None
        if players is not None and deal.variant.players != players:
            raise _error(
                f"{option}: line {number} is a {deal.variant.players}-player deal, "
                f"not {players} (--players)"
            )
        players = deal.variant.players
        deals.append(deal)
        if most is not None and len(deals) == most:
            break
    if not deals:
        raise _error(
            f"{option}: no atout.deal/1 record in it "
            "(one a line, as atout deal --count N --jsonl prints)"
        )
    return deals, deals[0].variant.players


def arena(
    bots: Annotated[
        str,
        typer.Option(help="The two bots, e.g. search,heuristic-1 (see the README for the list)."),
    ] = "search,heuristic-1",
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Number of players: 3, 4 or 5 (default 4)."),
    ] = None,
    deals: Annotated[
        str | None,
        typer.Option(
            help=f"How many deals (default 100; at most {MAX_ARENA_DEALS:_}); "
            "with --deals-file, the first N."
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option(help="Seed (0 … 2**64 - 1): the same games on any machine.")
    ] = 0,
    deals_file: Annotated[
        str | None,
        typer.Option(
            "--deals-file", help="Play the deals of this file of atout.deal/1 records (JSONL)."
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="The results as one JSON object.")
    ] = False,
    plot_file: Annotated[
        str | None,
        typer.Option(
            "--plot", help="Draw the running difference with its interval (PNG, SVG, PDF)."
        ),
    ] = None,
    jobs: Annotated[int, typer.Option(help="Processes to share the deals between.")] = 1,
) -> None:
    """Duplicate matches: each deal played with each bot alone in every seat against
    copies of the other; marks per donne with 95% intervals paired by deal."""
    from atout import cli
    from atout.sim import arena as A

    names = _bots(bots)
    if players is not None:
        cli._check_players(players)
    count = None if deals is None else cli._count(deals, "--deals", MAX_ARENA_DEALS)
    cli._check_seed(seed)
    last = seed + (count or 100) - 1
    if deals_file is None and last > cli.MAX_SEED:
        raise _error(
            f"--seed {seed}: the deals use the seeds --seed … --seed + --deals - 1 = {last}, "
            "and a seed is an integer from 0 to 2**64 - 1"
        )
    if not 1 <= jobs <= MAX_JOBS:
        raise _error(f"--jobs {jobs}: give a number of processes from 1 to {MAX_JOBS}")
    path = cli._plot_path(plot_file) if plot_file is not None else None
    source: int | list[Deal]
    if deals_file is not None:
        source, players = _read_deals(deals_file, players, count)
        total = len(source)
    else:
        players = players or 4
        source = total = count or 100
    with cli._progress(total, True, "playing") as advance:
        result = A.run_arena(
            names, players=players, deals=source, seed=seed, jobs=jobs, progress=advance
        )
    if as_json:
        typer.echo(json.dumps(result.as_json(), ensure_ascii=False))
    else:
        typer.echo(A.format_table(result))
    if path is not None:
        try:
            A.plot_difference(result, path)
        except OSError as error:
            raise _error(f"--plot {path}: cannot write it ({error.strerror})") from None
        if not as_json:
            typer.echo(f"Plot written to {path}")
