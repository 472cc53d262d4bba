"""``atout stats``: how often does …? Deals simulated by the procedure of ``atout deal``
beside the exact figures, on one process, local worker processes, Ray or shards
(``atout stats merge``); or, given a hand, only the unseen cards dealt."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from atout.cli.common import (
    Players,
    UserError,
    _,
    card_option,
    cards_option,
    check_players,
    check_seed,
    count_option,
    no_options_before_merge,
    plot_path,
    processes_option,
    progress,
)
from atout.i18n import N_

if TYPE_CHECKING:
    from atout.sim.shards import Shard
    from atout.table import Variant

MAX_DEALS = 10**12
MAX_HAND_DEALS = 1_000_000
MAX_WORKERS = 1024

HELP = N_(
    "How often does …? Simulate deals by the procedure of `atout deal` and show each "
    "figure beside its exact value; `atout stats merge SHARD…` adds up shards.\n\n"
    "Petit sec, trumps per hand, poignées, bouts, Kings and given cards in the chien, "
    "longest suit: simulated value, confidence interval (99.9 %), exact value, and a flag "
    "(!) where the exact value falls outside the interval. With --hand, the deals keep "
    "that hand and deal only the unseen cards: how the trumps split, where a card is, "
    "whether your Kings pass the first round."
)
MERGE_HELP = N_(
    "Add up the shards of one run (`atout stats --shard I/N`) into its report: the same "
    "figures and intervals as the run in one process. Refuses shards of different "
    "settings, overlapping shards and a run with shards missing."
)

Deals = Annotated[
    str,
    typer.Option(
        help=N_(
            "How many deals (underscores allowed: 10_000_000); at most "
            "1_000_000_000_000, or 1_000_000 with --hand (they are kept in memory)."
        )
    ),
]
Seed = Annotated[
    int, typer.Option(help=N_("Seed (0 … 2**64 - 1): the same numbers on any machine."))
]
Shuffle = Annotated[
    str | None,
    typer.Option(
        help=N_(
            "uniform (the default), riffle:K (K Gilbert–Shannon–Reeds riffles of the "
            "previous deal's gathered cards) or none (gathered, cut and dealt)."
        )
    ),
]
Engine = Annotated[
    str | None,
    typer.Option(help=N_("auto (the default: numba when installed), numba, numpy or python.")),
]
Json = Annotated[bool, typer.Option("--json", help=N_("Print the figures as JSON."))]
Plot = Annotated[
    str | None,
    typer.Option(
        "--plot",
        help=N_(
            "Draw the distributions to this file: .png (added when there is no "
            "extension), .svg or .pdf."
        ),
    ),
]
Hand = Annotated[
    str | None,
    typer.Option(help=N_('A seat\'s hand, e.g. "T21 T1 EX KS …": deal only the unseen cards.')),
]
Chien = Annotated[
    str | None, typer.Option(help=N_("With --hand: the chien, when the seat has seen it."))
]
Seat = Annotated[
    int | None, typer.Option(help=N_("With --hand: the seat that holds it (default 0)."))
]
Cards = Annotated[
    list[str] | None,
    typer.Option(help=N_("With --hand: where is this card? (repeatable; default the bouts)")),
]
Workers = Annotated[
    str | None,
    typer.Option(
        metavar="N",
        help=N_(
            "Deal on this many local processes (1 … 1024), one core each: exactly the "
            "numbers of one process."
        ),
    ),
]
ShardOption = Annotated[
    str | None,
    typer.Option(
        "--shard",
        metavar="I/N",
        help=N_(
            "Deal only shard I of N of the run and print its raw counts (JSON) for "
            "`atout stats merge`."
        ),
    ),
]
Ray = Annotated[
    bool,
    typer.Option(
        "--ray",
        help=N_(
            "Deal on a Ray cluster (RAY_ADDRESS, or one started by `ray start` here, "
            "else a local one); RAY_ADDRESS alone does the same. Needs atout[ray]."
        ),
    ),
]
Shards = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="SHARD…", help=N_("The shard files of one run (atout stats --shard I/N).")
    ),
]
MergePlot = Annotated[
    str | None,
    typer.Option("--plot", help=N_("Draw the distributions to this file (.png, .svg, .pdf).")),
]

stats_app = typer.Typer(
    invoke_without_command=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@stats_app.callback(help=HELP)
def stats(
    context: typer.Context, players: Players = 4, deals: Deals = "1_000_000", seed: Seed = 0,
    shuffle: Shuffle = None, engine: Engine = None, as_json: Json = False,
    plot_file: Plot = None, hand: Hand = None, chien: Chien = None, seat: Seat = None,
    card: Cards = None, workers: Workers = None, shard: ShardOption = None, use_ray: Ray = False,
) -> None:  # fmt: skip
    """``atout stats`` (its help: :data:`HELP`)."""
    from atout.sim import parse_shuffle

    if context.invoked_subcommand is not None:
        no_options_before_merge(context)
        return
    variant = check_players(players)
    check_seed(seed)
    _check_stats_options(hand, chien, seat, card, shuffle, engine, plot_file)
    processes = _check_spread_options(hand, workers, shard, use_ray, plot_file)
    if hand is not None:
        count = count_option(deals, "--deals (with --hand)", MAX_HAND_DEALS)
        _stats_given_hand(variant, hand, chien, seat or 0, card or [], count, seed, as_json)
        return
    count = count_option(deals, "--deals", MAX_DEALS)
    try:
        model, riffles = parse_shuffle(shuffle or "uniform")
    except ValueError as error:
        raise UserError(str(error)) from None
    if engine not in (None, "auto", "numba", "numpy", "python"):
        raise UserError(_("--engine {engine!r:.40}: auto, numba, numpy or python", engine=engine))
    piece = _shard(shard, count)
    path = plot_path(plot_file) if plot_file is not None else None
    settings = (players, count, seed, shuffle or "uniform", engine or "auto")
    result, blocks = _deal(settings, processes, use_ray, piece)
    if piece is not None:
        from atout.sim.shards import stats_record

        typer.echo(json.dumps(stats_record(result, count, piece, blocks)))
        return
    _print_stats(result, as_json, riffles if model == 2 else None)
    if path is not None:
        _plot(result, path, as_json)


def _shard(shard: str | None, count: int) -> Shard | None:
    """The shard ``--shard`` names, refused when the run has fewer blocks than shards."""
    from atout.sim import BLOCK, blocks_of
    from atout.sim.shards import Shard

    piece = Shard.parse(shard) if shard is not None else None
    if piece is not None and piece.of > blocks_of(count):
        most = blocks_of(count)
        raise UserError(
            _(
                "--shard {shard}: {count:,} deals make {most:,} block{s} of "
                "{block:,}, and a shard holds whole blocks: give N ≤ {most:,}",
                shard=shard,
                count=count,
                most=most,
                s="s" * (most > 1),
                block=BLOCK,
            )
        )
    return piece


def _deal(
    settings: tuple[int, int, int, str, str], processes: int | None, use_ray: bool,
    piece: Shard | None,
) -> tuple[Any, Any]:  # fmt: skip
    """Deal the run (``players, count, seed, shuffle, engine``), or its shard ``piece``,
    with a progress bar: the figures and the blocks dealt."""
    from atout.sim import BLOCK, blocks_of
    from atout.sim.parallel import LostShardsError, default_address, run_stats
    from atout.sim.shards import ShardError

    players, count, seed, shuffle, engine = settings
    address = default_address()
    on_ray = use_ray or (address is not None and processes is None)
    first, last = piece.units(blocks_of(count)) if piece else (0, blocks_of(count))
    todo = min(last * BLOCK, count) - first * BLOCK

    def announce(text: str) -> None:
        typer.echo(f"atout: {text}", err=True)

    with progress(todo, True, "dealing") as advance:
        try:
            return run_stats(
                players, count, seed, shuffle, engine, workers=processes, ray=on_ray,
                address=address, shard=piece, progress=advance, announce=announce,
            )  # fmt: skip
        except (ShardError, LostShardsError):
            raise
        except ValueError as error:
            raise UserError(str(error)) from None


@stats_app.command("merge", help=MERGE_HELP)
def stats_merge(files: Shards = None, as_json: Json = False, plot_file: MergePlot = None) -> None:
    """``atout stats merge`` (its help: :data:`MERGE_HELP`)."""
    from atout.sim import parse_shuffle
    from atout.sim.shards import merge_stats

    if not files:
        raise UserError(
            _(
                "merge: give the shard files of one run, e.g. atout stats merge s*.json",
            )
        )
    path = plot_path(plot_file) if plot_file is not None else None
    result, shards = merge_stats(files)
    model, riffles = parse_shuffle(result.shuffle)
    _print_stats(result, as_json, riffles if model == 2 else None, [s.piece.name for s in shards])
    if path is not None:
        _plot(result, path, as_json)


def _check_stats_options(
    hand: str | None, chien: str | None, seat: int | None, card: list[str] | None,
    shuffle: str | None, engine: str | None, plot_file: str | None,
) -> None:  # fmt: skip
    """Refuse options that would do nothing with the others given."""
    if hand is None:
        given = {"--chien": chien is not None, "--seat": seat is not None, "--card": bool(card)}
        extra = [option for option, value in given.items() if value]
        if extra:
            raise UserError(
                _(
                    "{option} given: --seat, --chien and --card go with --hand, the seat's hand",
                    option=extra[0],
                )
            )
        return
    alone = {"--plot": plot_file, "--shuffle": shuffle, "--engine": engine}
    extra = [option for option, value in alone.items() if value is not None]
    if extra:
        raise UserError(
            _(
                "{option} does nothing with --hand: the unseen cards are dealt "
                "uniformly and shown as figures",
                option=extra[0],
            )
        )


def _check_spread_options(
    hand: str | None, workers: str | None, shard: str | None, use_ray: bool, plot_file: str | None
) -> int | None:
    """--workers, --shard and --ray: what they may go with; the number of workers."""
    processes = None if workers is None else processes_option(workers, "--workers", MAX_WORKERS)
    given = [name for name, on in (("--workers", workers is not None),
             ("--shard", shard is not None), ("--ray", use_ray)) if on]  # fmt: skip
    if hand is not None and given:
        raise UserError(
            _(
                "{option} does nothing with --hand: its deals are drawn at once in one process",
                option=given[0],
            )
        )
    if workers is not None and use_ray:
        raise UserError(
            _(
                "--workers with --ray: give one; on Ray every CPU of the cluster deals",
            )
        )
    if shard is not None and plot_file is not None:
        raise UserError(
            _(
                "--plot with --shard: a shard is part of a run; plot the whole "
                "with atout stats merge",
            )
        )
    return processes


def _plot(result: Any, path: str, as_json: bool) -> None:
    from atout.sim.report import plot

    try:
        plot(result, path)
    except OSError as error:
        raise UserError(
            _("--plot {path}: cannot write it ({reason})", path=path, reason=error.strerror)
        ) from None
    if not as_json:
        typer.echo(f"Plot written to {path}")


def _print_stats(
    result: Any, as_json: bool, riffles: int | None, merged: list[str] | None = None
) -> None:
    from atout.sim.exact import total_variation_after_riffles as tv
    from atout.sim.report import rows
    from atout.sim.shards import stats_record

    found = rows(result)
    rate = result.deals / result.seconds if result.seconds else float("inf")
    if as_json:
        data = stats_record(result)
        if merged is not None:
            data["merged"] = merged
        if riffles is not None:
            data["total_variation"] = tv(78, riffles)
        typer.echo(json.dumps(data))
        return
    head = f"{result.deals:,} deals, {result.players} players, shuffle {result.shuffle}, seed "
    if merged is not None:
        typer.echo(
            f"{head}{result.seed}: merged from {len(merged)} shards ({result.seconds:.2f} s of "
            f"dealing in all, engine {result.engine})"
        )
    else:
        where = {"local": "", "processes": f", on {result.workers} worker processes",
                 "ray": f", on Ray with {result.workers} CPUs"}[result.backend]  # fmt: skip
        typer.echo(  # the wall time: loading (or compiling) the kernel included
            f"{head}{result.seed}: {result.seconds:.2f} s ({rate:,.0f} deals/s, engine "
            f"{result.engine}){where}"
        )
    if riffles is not None:
        typer.echo(
            f"Total variation to uniform after {riffles} riffles of 78 cards: "
            f"{tv(78, riffles):.3f} (exact)"
        )
    _print_rows(found)


def _print_rows(found: list[Any]) -> None:
    group = None
    typer.echo(f"{'':34} {'simulated':>10} {'99.9 % interval':>21} {'exact':>10}")
    for row in found:
        if row.group != group:
            group = row.group
            typer.echo(group[:1].upper() + group[1:])
        exact = "" if row.exact is None else f"{100 * row.exact:9.4f}%"
        flag = "  !" if row.flagged else ""
        typer.echo(
            f"  {row.name:<32} {100 * row.simulated:9.4f}% [{100 * row.low:8.4f}, "
            f"{100 * row.high:8.4f}] {exact}{flag}"
        )
    flagged = sum(row.flagged for row in found)
    typer.echo(f"{flagged} of {len(found)} figures outside their interval (!)." if flagged else
               f"All {len(found)} figures agree with the exact values.")  # fmt: skip


def _stats_given_hand(
    variant: Variant, hand_text: str, chien_text: str | None, seat: int, cards: list[str],
    count: int, seed: int, as_json: bool,
) -> None:  # fmt: skip
    from atout.sim.conditional import ConditionalSampler
    from atout.sim.report import conditional_rows, default_cards

    if not 0 <= seat < variant.players:
        raise UserError(
            _("--seat {seat}: seats are 0 … {last}", seat=seat, last=variant.players - 1)
        )
    hand = cards_option(hand_text, "--hand")
    known = cards_option(chien_text, "--chien") if chien_text is not None else None
    sampler = ConditionalSampler(variant.players, seat, hand, known)
    asked = [card_option(text, "--card") for text in cards] or default_cards(hand)
    deals = sampler.sample(count, seed)
    found = conditional_rows(sampler, deals, asked)
    if as_json:
        data = {
            "format": "atout.stats/1", "players": variant.players, "deals": count, "seed": seed,
            "seat": seat, "hand": str(hand), "chien": str(known) if known else None,
            "rows": [row.as_json() for row in found],
        }  # fmt: skip
        typer.echo(json.dumps(data))
        return
    typer.echo(
        f"{count:,} deals of the {sampler.unseen_count} unseen cards, "
        f"seat {seat} holding {hand.display()}"
    )
    _print_rows(found)
