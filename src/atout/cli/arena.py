"""``atout arena``: duplicate matches between two bots. The logic is in
:mod:`atout.bots.arena`; this is its command-line face. It imports the arena itself
only when the command runs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from atout.cli.common import (
    MAX_SEED,
    UserError,
    _,
    check_players,
    check_seed,
    count_option,
    no_options_before_merge,
    option_given,
    plot_path,
    processes_option,
    progress,
)
from atout.i18n import N_

if TYPE_CHECKING:
    from atout.bots.arena import ArenaResult
    from atout.dealing import Deal

MAX_ARENA_DEALS = 1_000_000
MAX_JOBS = 64


def _mistake(message: str, **values: object) -> Exception:
    """The user's mistake ``message``, in the reader's language."""
    return UserError(_(message, **values))


def _bots(text: str) -> list[str]:
    from atout.bots import BOTS

    names = [name.strip() for name in text.split(",")]
    known = ", ".join(BOTS)
    if len(names) != 2 or not all(names):
        raise _mistake(
            "--bots {text!r:.60}: give two bots separated by a comma, e.g. "
            "search,heuristic-1 (bots: {known})",
            text=text,
            known=known,
        )
    for name in names:
        _known(name, f"--bots {text!r:.60}")
    return names


def _known(name: str, where: str) -> None:
    """Refuse ``name`` unless it is one of atout's bots or an outside bot that loads."""
    from atout.bots import BOTS

    if ":" in name:
        _outside(name)
    elif name not in BOTS:
        raise _mistake(
            "{where}: unknown bot {name!r:.30}; the bots are {known} (or your own, module:Factory)",
            where=where,
            name=name,
            known=", ".join(BOTS),
        )


def _outside(name: str) -> None:
    """Check the outside bot ``name`` (``module:Factory``) can be loaded and makes an
    agent; its problem in one line otherwise."""
    from atout.bots.outside import OutsideBotError, load_factory

    try:
        load_factory(name)
    except OutsideBotError as error:
        raise _mistake(
            "--bots: {spec}: {problem} (docs/howto/bots-arena.md#your-own-bot-in-the-arena)",
            spec=error.spec,
            problem=error.problem,
        ) from None


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
        raise _mistake("{option}: cannot read it ({why})", option=option, why=why) from None
    if len(lines) > 64 * 2**20:
        raise _mistake("{option}: larger than 64 MiB", option=option)
    deals = []
    for number, line in enumerate(lines.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            deal, _ = loads_deal(line, source=f"line {number}")
        except AtoutError as error:
            raise _mistake("{option}: {error}", option=option, error=error) from None
        if players is not None and deal.variant.players != players:
            raise _mistake(
                "{option}: line {number} is a {found}-player deal, not {players} (--players)",
                option=option,
                number=number,
                found=deal.variant.players,
                players=players,
            )
        players = deal.variant.players
        deals.append(deal)
        if most is not None and len(deals) == most:
            break
    if not deals:
        raise _mistake(
            "{option}: no atout.deal/1 record in it (one a line, as atout deal "
            "--count N --jsonl prints)",
            option=option,
        )
    return deals, deals[0].variant.players


HELP = N_(
    "Duplicate matches: each deal played with each bot alone in every seat against "
    "copies of the other; marks per donne, paired by deal, each with its interval (95%). "
    "`atout arena merge SHARD…` adds up shards."
)
MERGE_HELP = N_(
    "Add up the shards of one run (`atout arena --shard I/N`) into its report: the same "
    "figures and intervals as the run in one process. Refuses shards of different "
    "settings, overlapping shards and a run with shards missing."
)

Bots = Annotated[
    str,
    typer.Option(
        help=N_("The two bots, e.g. search,heuristic-1 (the list: docs/howto/bots-arena.md).")
    ),
]
Players = Annotated[
    int | None,
    typer.Option("--players", "-p", help=N_("Number of players: 3, 4 or 5 (default 4).")),
]
Deals = Annotated[
    str | None,
    typer.Option(
        help=N_("How many deals (default 100; at most 1_000_000); with --deals-file, the first N.")
    ),
]
Seed = Annotated[int, typer.Option(help=N_("Seed (0 … 2**64 - 1): the same games on any machine."))]
DealsFile = Annotated[
    str | None,
    typer.Option(
        "--deals-file", help=N_("Play the deals of this file of atout.deal/1 records (JSONL).")
    ),
]
Json = Annotated[bool, typer.Option("--json", help=N_("The results as one JSON object."))]
Plot = Annotated[
    str | None,
    typer.Option(
        "--plot", help=N_("Draw the running difference with its interval (PNG, SVG, PDF).")
    ),
]
Workers = Annotated[
    str | None,
    typer.Option(
        metavar="N",
        help=N_("Play on this many local processes (1 … 64): exactly the figures of one process."),
    ),
]
Jobs = Annotated[str | None, typer.Option(hidden=True)]
ShardOption = Annotated[
    str | None,
    typer.Option(
        "--shard",
        metavar="I/N",
        help=N_(
            "Play only shard I of N of the deals and print its raw counts (JSON) for "
            "`atout arena merge`."
        ),
    ),
]
Ray = Annotated[
    bool,
    typer.Option(
        "--ray",
        help=N_(
            "Play on a Ray cluster (RAY_ADDRESS, or one started by `ray start` here, "
            "else a local one); RAY_ADDRESS alone does the same. Needs atout[ray]."
        ),
    ),
]
Shards = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="SHARD…", help=N_("The shard files of one run (atout arena --shard I/N).")
    ),
]

arena_app = typer.Typer(
    invoke_without_command=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@arena_app.callback(help=HELP)
def arena(
    context: typer.Context, bots: Bots = "search,heuristic-1", players: Players = None,
    deals: Deals = None, seed: Seed = 0, deals_file: DealsFile = None, as_json: Json = False,
    plot_file: Plot = None, workers: Workers = None, jobs: Jobs = None,
    shard: ShardOption = None, use_ray: Ray = False,
) -> None:  # fmt: skip
    """``atout arena`` (its help: :data:`HELP`)."""
    if context.invoked_subcommand == "ladder":
        _no_options_before_ladder(context)
        return
    if context.invoked_subcommand is not None:
        no_options_before_merge(context)
        return
    names = _bots(bots)
    if players is not None:
        check_players(players)
    count = None if deals is None else count_option(deals, "--deals", MAX_ARENA_DEALS)
    check_seed(seed)
    last = seed + (count or 100) - 1
    if deals_file is None and last > MAX_SEED:
        raise _mistake(
            "--seed {seed}: the deals use the seeds --seed … --seed + --deals "
            "- 1 = {last}, and a seed is an integer from 0 to 2**64 - 1",
            seed=seed,
            last=last,
        )
    processes = _processes(workers, jobs)
    _check_spread(processes, use_ray, shard, plot_file, deals_file)
    path = plot_path(plot_file) if plot_file is not None else None
    source: int | list[Deal]
    if deals_file is not None:
        source, players = _read_deals(deals_file, players, count)
        total = len(source)
    else:
        players = players or 4
        source = total = count or 100
    _play(names, players, source, total, seed, processes, use_ray, shard, as_json, path)


def _check_spread(
    processes: int | None, use_ray: bool, shard: str | None, plot_file: str | None,
    deals_file: str | None,
) -> None:  # fmt: skip
    """Refuse --workers with --ray, and --shard with --plot or --deals-file."""
    if processes is not None and use_ray:
        raise _mistake(
            "--workers with --ray: give one; on Ray every CPU of the cluster plays",
        )
    if shard is not None and plot_file is not None:
        raise _mistake(
            "--plot with --shard: a shard is part of a run; its deals' differences are not kept",
        )
    if shard is not None and deals_file is not None:
        raise _mistake(
            "--shard with --deals-file: shards are of a seed's deals (--deals N --seed S)",
        )


def _play(
    names: list[str], players: int, source: int | list[Deal], total: int, seed: int,
    processes: int | None, use_ray: bool, shard: str | None, as_json: bool, path: str | None,
) -> None:  # fmt: skip
    """Play the arena's deals (``source``: a count of seeded deals, or the deals), or
    the shard ``shard`` of them, and show the results or print the shard's counts."""
    from atout.bots import arena as A
    from atout.sim.parallel import default_address
    from atout.sim.shards import Shard

    piece = Shard.parse(shard) if shard is not None else None
    if piece is not None and piece.of > total:
        raise _mistake(
            "--shard {shard}: {total:,} deals make at most {total:,} shards (a "
            "shard holds whole deals): give N ≤ the deals",
            shard=shard,
            total=total,
        )
    first, end = piece.units(total) if piece is not None else (0, total)
    address = default_address()
    on_ray = use_ray or (address is not None and processes is None)

    def announce(text: str) -> None:
        typer.echo(f"atout: {text}", err=True)

    with _bot_failures(), progress(end - first, True, "playing") as advance:
        result = A.run_arena(
            names, players=players, deals=source, seed=seed, jobs=processes,
            progress=advance, ray=on_ray, address=address, first=first, last=end,
            keep_differences=path is not None, notice=announce,
        )  # fmt: skip
    if piece is not None:
        record = A.shard_record(result, total, piece.index, piece.of, first)
        typer.echo(json.dumps(record, ensure_ascii=False))
        return
    _show(result, as_json, path)


@contextmanager
def _bot_failures() -> Iterator[None]:
    """A bot that fails in a game (an outside bot's exception or illegal action) said
    in one line of the reader's language."""
    from atout.bots.outside import BotFailedError

    try:
        yield
    except BotFailedError as error:
        raise _mistake(
            "bot {bot} failed on deal {deal} in seat {seat}: {problem}; the arena stopped",
            bot=error.bot,
            deal=error.deal,
            seat=error.seat,
            problem=error.problem,
        ) from None


def _show(result: ArenaResult, as_json: bool, path: str | None) -> None:
    from atout.bots import arena as A

    if as_json:
        typer.echo(json.dumps(result.as_json(), ensure_ascii=False))
    else:
        typer.echo(A.format_table(result))
    if path is not None:
        try:
            A.plot_difference(result, path)
        except OSError as error:
            raise _mistake(
                "--plot {path}: cannot write it ({reason})", path=path, reason=error.strerror
            ) from None
        if not as_json:
            typer.echo(f"Plot written to {path}")


@arena_app.command("merge", help=MERGE_HELP)
def arena_merge(files: Shards = None, as_json: Json = False) -> None:
    """``atout arena merge`` (its help: :data:`MERGE_HELP`)."""
    from atout.bots import arena as A

    if not files:
        raise _mistake(
            "merge: give the shard files of one run, e.g. atout arena merge s*.json",
        )
    result, _ = A.merge_shards(files)
    _show(result, as_json, None)


LADDER_HELP = N_(
    "Every bot on one scale: the arena between each pair of BOTS on the same deals, a "
    "rating in marks per donne fitted to the pairs' differences (heuristic-1 or the "
    "weakest at 0, or --anchor), and each bot's CPU time per decision."
)
LadderBots = Annotated[
    list[str] | None,
    typer.Argument(metavar="BOT…", help=N_("Two bots or more, e.g. random heuristic-1 search.")),
]
Anchor = Annotated[
    str | None,
    typer.Option(
        help=N_("The bot rated 0 (default: heuristic-1 when it plays, else the weakest).")
    ),
]
LadderDeals = Annotated[
    str | None,
    typer.Option(help=N_("Deals a pair, the same for every pair (default 100).")),
]
Timing = Annotated[
    str,
    typer.Option(
        metavar="N", help=N_("Donnes played to time each bot's decisions (0: no timing).")
    ),
]


@arena_app.command("ladder", help=LADDER_HELP)
def arena_ladder(
    bots: LadderBots = None, players: Players = None, deals: LadderDeals = None, seed: Seed = 0,
    workers: Workers = None, anchor: Anchor = None, timing: Timing = "4",
    as_json: Json = False,
) -> None:  # fmt: skip
    """``atout arena ladder`` (its help: :data:`LADDER_HELP`)."""
    from atout.bots import ladder as L

    names = _ladder_bots(bots or [])
    if anchor is not None and anchor not in names:
        raise _mistake(
            "--anchor {anchor!r:.40}: not one of the ladder's bots ({bots})",
            anchor=anchor,
            bots=", ".join(names),
        )
    if players is not None:
        check_players(players)
    count = 100 if deals is None else count_option(deals, "--deals", MAX_ARENA_DEALS)
    check_seed(seed)
    if seed + count - 1 > MAX_SEED:
        raise _mistake(
            "--seed {seed}: the deals use the seeds --seed … --seed + --deals "
            "- 1 = {last}, and a seed is an integer from 0 to 2**64 - 1",
            seed=seed,
            last=seed + count - 1,
        )
    donnes = 0 if timing.strip() == "0" else count_option(timing, "--timing", 1000)
    processes = _processes(workers, None)
    pairs = len(names) * (len(names) - 1) // 2
    with _bot_failures(), progress(pairs * count, True, "playing") as advance:
        ladder = L.run_ladder(
            names, players=players or 4, deals=count, seed=seed, jobs=processes,
            timing=donnes, anchor=anchor,
            progress=None if advance is None else (lambda _pair, k: advance(k)),
        )  # fmt: skip
    if as_json:
        typer.echo(json.dumps(ladder.as_json(), ensure_ascii=False))
    else:
        typer.echo(L.format_ladder(ladder))


def _ladder_bots(given: list[str]) -> list[str]:
    """The ladder's bots, each checked as ``--bots`` checks them; two or more, each once."""
    from atout.bots import BOTS

    if len(given) < 2:
        raise _mistake(
            "ladder: give two bots or more, e.g. atout arena ladder random heuristic-1 "
            "heuristic (bots: {known})",
            known=", ".join(BOTS),
        )
    for name in given:
        if given.count(name) > 1:
            raise _mistake("ladder: {name!r:.40} is given twice", name=name)
        _known(name, "ladder")
    return given


def _no_options_before_ladder(context: typer.Context) -> None:
    """``atout arena OPTIONS ladder …``: the ladder's options go after its name."""
    option = option_given(context)
    if option is not None:
        raise _mistake(
            "{option} before ladder: give it after, e.g. atout arena ladder random "
            "heuristic {option} …",
            option=option,
        )


def _processes(workers: str | None, jobs: str | None) -> int | None:
    """The number of local processes of --workers (or its old name --jobs)."""
    if workers is not None and jobs is not None:
        raise _mistake("--jobs is the old name of --workers: give one")
    option, text = ("--workers", workers) if jobs is None else ("--jobs", jobs)
    return None if text is None else processes_option(text, option, MAX_JOBS)
