"""``atout tournament``: club tournaments from the terminal. ``atout tournament
seating`` prints the seating of each round of a donnes libres tournament, or with
``--duplicate`` a duplicate movement (which étui each table plays, who sits in which
seat). The logic is in :mod:`atout.tournament`; this is its command-line face."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from atout.cli.common import Language, UserError, check_seed, language
from atout.i18n import N_

if TYPE_CHECKING:
    from atout.tournament.movement import Movement

HELP = N_("Club tournaments: the seating of donnes libres and duplicate movements.")
SEATING_HELP = N_(
    "Print each round's tables: donnes libres, players re-seated so that they meet as "
    "rarely as possible; with --duplicate, a movement where each player keeps his seat "
    "and never plays an étui twice (docs/howto/tournaments.md)."
)

tournament_app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

PlayersCount = Annotated[
    int,
    typer.Option("--players", "-p", help=N_("Number of players (tables of 4, 5 where needed).")),
]
Rounds = Annotated[int, typer.Option("--rounds", "-r", help=N_("Number of rounds."))]
Duplicate = Annotated[
    bool, typer.Option("--duplicate", help=N_("A duplicate movement instead of donnes libres."))
]
Seed = Annotated[
    int, typer.Option("--seed", help=N_("Seed of the search: the same seed, the same seating."))
]


@tournament_app.callback(help=HELP)
def tournament() -> None:
    """``atout tournament`` (its help: :data:`HELP`)."""


@tournament_app.command("seating", help=SEATING_HELP)
def seating(
    players: PlayersCount, rounds: Rounds, duplicate: Duplicate = False, seed: Seed = 0,
    lang: Language = None,
) -> None:  # fmt: skip
    """``atout tournament seating`` (its help: :data:`SEATING_HELP`)."""
    from atout.tournament import TournamentError

    told = language(lang)
    check_seed(seed)
    try:
        lines = (
            _duplicate(players, rounds, seed, told)
            if duplicate
            else _libres(players, rounds, seed, told)
        )
    except TournamentError as error:
        raise UserError(error.said(told)) from None
    typer.echo("\n".join(lines))


def _libres(players: int, rounds: int, seed: int, lang: str) -> list[str]:
    """The lines of a donnes libres seating."""
    from atout.i18n import said
    from atout.tournament import lower_bound, repeats, seatings, table_sizes

    plan = seatings(players, rounds, seed)
    sizes = table_sizes(players)
    lines = [
        said(
            lang,
            "Donnes libres: {players} players at {tables} tables ({sizes}), {rounds} rounds",
            players=players,
            tables=len(sizes),
            sizes=" + ".join(map(str, sizes)),
            rounds=rounds,
        )
    ]
    for r, tables in enumerate(plan, start=1):
        lines.append(said(lang, "Round {round}", round=r))
        for t, table in enumerate(tables, start=1):
            names = " ".join(f"{p + 1:>2}" for p in table)
            lines.append("  " + said(lang, "Table {table}: {players}", table=t, players=names))
    lines.append(_summary(lang, repeats(plan), lower_bound(players, rounds)))
    return lines


def _summary(lang: str, found: int, bound: int) -> str:
    from atout.i18n import said

    return said(
        lang,
        "Repeated meetings: {found} (no seating of these tables can have fewer than {bound})",
        found=found,
        bound=bound,
    )


def _duplicate(players: int, rounds: int, seed: int, lang: str) -> list[str]:
    """The lines of a duplicate movement."""
    from atout.i18n import said
    from atout.tournament.movement import duplicate_bound, duplicate_repeats, movement

    plan = movement(players, rounds, seed)
    lines = [
        said(
            lang,
            "Duplicate: {players} players at {tables} tables ({sizes}), {rounds} rounds, "
            "{etuis} étuis; each table's players in seat order, each player keeping his "
            "seat",
            players=players,
            tables=len(plan.sizes),
            sizes=" + ".join(map(str, plan.sizes)),
            rounds=rounds,
            etuis=len(plan.etui_sizes),
        )
    ]
    lines += _duplicate_rounds(plan, lang)
    lines.append(_summary(lang, duplicate_repeats(plan), duplicate_bound(players, rounds)))
    return lines


def _duplicate_rounds(plan: Movement, lang: str) -> list[str]:
    from atout.i18n import said

    lines = []
    for r, tables in enumerate(plan.rounds, start=1):
        lines.append(said(lang, "Round {round}", round=r))
        for t, play in enumerate(tables, start=1):
            names = " ".join(f"{p + 1:>2}" for p in play.players)
            text = said(
                lang, "Table {table}, étui {etui}: {players}", table=t, etui=play.etui + 1,
                players=names,
            )  # fmt: skip
            lines.append("  " + text)
    return lines
