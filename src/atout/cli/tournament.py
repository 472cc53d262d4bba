"""``atout tournament``: club tournaments from the terminal. ``atout tournament
seating`` prints the seating of each round of a donnes libres tournament, or with
``--duplicate`` a duplicate movement (which étui each table plays, who sits in which
seat). The logic is in :mod:`atout.tournament`; this is its command-line face."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from atout.cli.common import Language, UserError, _, check_seed, language
from atout.i18n import N_, said

if TYPE_CHECKING:
    from atout.tournament.movement import Movement

HELP = N_(
    "Club tournaments: the seating of donnes libres and duplicate movements, the tournament "
    "file, its movement cards, étui sheets and ranking."
)
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


# -- a tournament file: new, reveal, check, movement, etuis, ranking, simulate ------------------

NEW_HELP = N_(
    "Create a tournament file (atout.tournament/1) from a text file of names, one a line "
    "in the order drawn: the seating of every round and, with --duplicate, the deals of "
    "every étui, derived from a secret that is written apart and committed to in the file "
    "(docs/howto/tournaments.md)."
)
REVEAL_HELP = N_(
    "After the last round, write the duplicate's secret into the tournament file, so that "
    "anyone can check its deals with atout tournament check."
)
CHECK_HELP = N_(
    "Check that every deal of a revealed duplicate is the one its secret derives, and the "
    "secret the one committed to before play. Exit status 0 when they are, 1 when not."
)
MOVEMENT_HELP = N_(
    "Print a movement card for each table: who sits there each round, the étui it "
    "plays, where each player (and the étui) goes next; --pdf writes them printable."
)
ETUIS_HELP = N_(
    "Print a sheet for each deal of each étui of a duplicate: each seat's cards as a player "
    "holds them, the chien and the dealer, to pre-deal real cards; --pdf writes them "
    "printable."
)
RANKING_HELP = N_(
    "Rank the players from the tables' records (named NAME-rROUND-tTABLE.json), each "
    "checked against the tournament, with the arbiter's penalties; --csv writes it."
)
SIMULATE_HELP = N_(
    "Play every table of every round with bots and write the tables' records into a "
    "folder, named as atout tournament ranking reads them: to try the workflow."
)

TournamentFile = Annotated[
    str, typer.Argument(metavar="FILE", help=N_("The tournament file (atout.tournament/1)."))
]
Pdf = Annotated[str | None, typer.Option("--pdf", metavar="OUT", help=N_("Write a PDF to OUT."))]
SecretFile = Annotated[
    str | None,
    typer.Option(
        "--secret-file",
        metavar="FILE",
        help=N_(
            "The file of the duplicate's secret (64 hex digits); default: the tournament "
            "file's name ending in .secret."
        ),
    ),
]


def _read(path: str, what: str) -> str:
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise UserError(
            _("{what} {path}: cannot read it ({reason})", what=what, path=path,
              reason=error.strerror)
        ) from None  # fmt: skip
    except UnicodeDecodeError:
        raise UserError(_("{what} {path}: not UTF-8 text", what=what, path=path)) from None


def _write(path: str, data: str | bytes, force: bool = True) -> None:
    import os

    if not force and os.path.exists(path):
        raise UserError(_("{path} exists: give --force to overwrite it", path=path))
    try:
        if isinstance(data, bytes):
            with open(path, "wb") as out:
                out.write(data)
        else:
            with open(path, "w", encoding="utf-8") as text:
                text.write(data)
    except OSError as error:
        raise UserError(
            _("cannot write {path} ({reason})", path=path, reason=error.strerror)
        ) from None


def _load(path: str) -> Any:
    from atout.tournament.club import loads

    return loads(_read(path, _("tournament file")), path)


def _secret_path(path: str, given: str | None) -> str:
    if given is not None:
        return given
    return (path[: -len(".json")] if path.endswith(".json") else path) + ".secret"


def _read_secret(path: str) -> bytes:
    import re

    text = _read(path, _("secret file")).strip()
    if not re.fullmatch(r"[0-9a-f]{64}", text):
        raise UserError(
            _("secret file {path}: 64 lowercase hex digits (32 bytes), one line", path=path)
        )
    return bytes.fromhex(text)


def _run(told: str, work: Any) -> Any:
    """``work()``, a tournament's mistake said in one line in ``told``."""
    from atout.tournament import TournamentError

    try:
        return work()
    except TournamentError as error:
        raise UserError(error.said(told)) from None


@tournament_app.command("new", help=NEW_HELP)
def new(
    names: Annotated[str, typer.Argument(metavar="NAMES", help=N_("The file of names."))],
    rounds: Annotated[int, typer.Option("--rounds", "-r", help=N_("Number of rounds."))] = 5,
    donnes: Annotated[
        int, typer.Option("--donnes", "-d", help=N_("Donnes a round (the deals of an étui)."))
    ] = 4,
    duplicate: Duplicate = False,
    seed: Seed = 0,
    out: Annotated[
        str, typer.Option("--out", "-o", help=N_("The tournament file to write."))
    ] = "tournament.json",
    name: Annotated[
        str | None,
        typer.Option("--name", help=N_("The tournament's name (default: the file's name).")),
    ] = None,
    secret_file: SecretFile = None,
    force: Annotated[
        bool, typer.Option("--force", help=N_("Overwrite the files that exist."))
    ] = False,
    lang: Language = None,
) -> None:
    """``atout tournament new`` (its help: :data:`NEW_HELP`)."""
    import os
    from pathlib import PurePath

    from atout.fairness import new_secret
    from atout.tournament.club import dumps, read_names

    told = language(lang)
    check_seed(seed)
    title = name if name is not None else PurePath(out).name.removesuffix(".json")
    players = _run(told, lambda: read_names(_read(names, _("names file")), names))
    secret_path = _secret_path(out, secret_file)
    secret = None
    if duplicate:
        given = secret_file is not None and os.path.exists(secret_path)
        secret = _read_secret(secret_path) if given else new_secret()
    else:
        given = True

    tournament = _run(
        told,
        lambda: _build(names, told, players, rounds, donnes, duplicate, seed, secret, title),
    )
    if not force and os.path.exists(out):
        raise UserError(_("{path} exists: give --force to overwrite it", path=out))
    if secret is not None and not given:
        _write(secret_path, secret.hex() + "\n", force)
        os.chmod(secret_path, 0o600)  # the organiser's alone until it is revealed
    _write(out, dumps(tournament), force)
    _said_new(tournament, out, secret_path, told)


def _build(names: str, told: str, players: list[str], *args: Any) -> Any:
    """The new tournament; a count of players that cannot be seated names the file."""
    from atout.tournament import TournamentError
    from atout.tournament.club import new_tournament

    try:
        return new_tournament(players, *args)
    except TournamentError as error:
        if error.values.get("players") == len(players):
            raise TournamentError(
                N_("{file}: {problem}"), file=names, problem=error.said(told)
            ) from None
        raise


def _said_new(tournament: Any, out: str, secret_path: str, told: str) -> None:
    from atout.tournament.sheets import heading

    typer.echo(heading(tournament, told))
    typer.echo(said(told, N_("Written: {path}"), path=out))
    if tournament.duplicate:
        typer.echo(
            said(
                told,
                N_(
                    "Commitment to the deals: {commitment}. Publish it before play; keep "
                    "{secret} apart until the last round is over, then run atout tournament "
                    "reveal."
                ),
                commitment=tournament.commitment,
                secret=secret_path,
            )
        )


@tournament_app.command("reveal", help=REVEAL_HELP)
def reveal_command(
    file: TournamentFile, secret_file: SecretFile = None, lang: Language = None
) -> None:
    """``atout tournament reveal`` (its help: :data:`REVEAL_HELP`)."""
    from atout.tournament.club import dumps, reveal

    told = language(lang)
    tournament = _run(told, lambda: _load(file))
    if not tournament.duplicate:
        raise UserError(said(told, N_("a donnes libres tournament has no deals and no secret")))
    secret = _read_secret(_secret_path(file, secret_file))
    revealed = _run(told, lambda: reveal(tournament, secret))
    _write(file, dumps(revealed))
    typer.echo(
        said(
            told,
            N_(
                "{file}: secret revealed; anyone can check the deals: atout tournament check {file}"
            ),
            file=file,
        )
    )


@tournament_app.command("check", help=CHECK_HELP)
def check_command(file: TournamentFile, lang: Language = None) -> None:
    """``atout tournament check`` (its help: :data:`CHECK_HELP`)."""
    from atout.tournament import TournamentError
    from atout.tournament.club import check_deals

    told = language(lang)
    tournament = _run(told, lambda: _load(file))
    try:
        count = check_deals(tournament)
    except TournamentError as error:
        typer.echo(said(told, N_("atout: {file}: NOT VERIFIED: {why}"), file=file,
                        why=error.said(told)), err=True)  # fmt: skip
        raise typer.Exit(1) from None
    typer.echo(
        said(
            told,
            N_(
                "{file}: verified: the {count} deals of the {etuis} étuis are the ones the "
                "secret derives, and the secret is the one committed to ({commitment}…)"
            ),
            file=file,
            count=count,
            etuis=len(tournament.etuis),
            commitment=tournament.commitment[:16],
        )
    )


def _pages(pages: Any, tournament: Any, told: str, pdf: str | None) -> None:
    from atout.tournament.sheets import heading

    title = heading(tournament, told)
    if pdf is not None:
        from atout.web.pdf import pages_pdf

        _write(pdf, pages_pdf(pages, title))
        typer.echo(said(told, N_("Written: {path} ({pages} pages)"), path=pdf, pages=len(pages)))
        return
    lines = [title]
    for page in pages:
        lines += ["", page.title, *page.lines]
    typer.echo("\n".join(lines))


@tournament_app.command("movement", help=MOVEMENT_HELP)
def movement_command(file: TournamentFile, pdf: Pdf = None, lang: Language = None) -> None:
    """``atout tournament movement`` (its help: :data:`MOVEMENT_HELP`)."""
    from atout.tournament.sheets import movement_cards

    told = language(lang)
    tournament = _run(told, lambda: _load(file))
    _pages(movement_cards(tournament, told), tournament, told, pdf)


@tournament_app.command("etuis", help=ETUIS_HELP)
def etuis_command(file: TournamentFile, pdf: Pdf = None, lang: Language = None) -> None:
    """``atout tournament etuis`` (its help: :data:`ETUIS_HELP`)."""
    from atout.tournament.sheets import etui_sheets

    told = language(lang)
    tournament = _run(told, lambda: _load(file))
    if not tournament.duplicate:
        raise UserError(
            said(
                told,
                N_("{file}: donnes libres: each table deals its own cards, there are no étuis"),
                file=file,
            )
        )
    _pages(etui_sheets(tournament, told), tournament, told, pdf)


@tournament_app.command("ranking", help=RANKING_HELP)
def ranking_command(
    file: TournamentFile,
    records: Annotated[
        list[str], typer.Argument(metavar="RECORDS...", help=N_("The tables' records."))
    ],
    penalties: Annotated[
        str | None,
        typer.Option(
            "--penalties",
            metavar="FILE",
            help=N_("The arbiter's penalties, one a line: player,marks,rule,reason."),
        ),
    ] = None,
    csv: Annotated[
        str | None, typer.Option("--csv", metavar="OUT", help=N_("Write the ranking as CSV."))
    ] = None,
    lang: Language = None,
) -> None:
    """``atout tournament ranking`` (its help: :data:`RANKING_HELP`)."""
    from atout.tournament.ranking import rank, ranking_csv, read_penalties, read_table

    told = language(lang)
    tournament = _run(told, lambda: _load(file))
    tables = [
        _run(told, lambda path=path: read_table(tournament, path, _read(path, _("record"))))
        for path in records
    ]
    given = []
    if penalties is not None:
        text = _read(penalties, _("penalties file"))
        given = _run(told, lambda: read_penalties(tournament, text, penalties))
    placed = _run(told, lambda: rank(tournament, tables, given))
    typer.echo("\n".join(_ranking_lines(tournament, placed, given, told)))
    if csv is not None:
        _write(csv, ranking_csv(tournament, placed))
        typer.echo(said(told, N_("Written: {path}"), path=csv))


def _ranking_lines(t: Any, placed: Any, penalties: Any, told: str) -> list[str]:
    from atout.tournament.ranking import figure, method
    from atout.tournament.sheets import heading

    lines = [heading(t, told), said(told, N_("Ranking: {method}"), method=said(told, method(t)))]
    width = max(len(name) for name in t.players)
    labels = [said(told, N_("R{round}"), round=r + 1) for r in range(t.rounds)]
    rounds = " ".join(f"{label:>8}" for label in labels)
    taken, total = said(told, N_("penalties")), said(told, N_("total"))
    lines.append(f"{'#':>3}  {'':<{width}}  {rounds}  {taken:>9}  {total:>8}")
    for line in placed:
        cells = " ".join(f"{figure(v, told):>8}" for v in line.rounds)
        taken = f"-{line.penalties}" if line.penalties else "0"
        lines.append(
            f"{line.place:>3}  {t.players[line.player]:<{width}}  {cells}  {taken:>9}  "
            f"{figure(line.total, told):>8}"
        )
    for penalty in penalties:
        lines.append(
            said(
                told,
                N_("Penalty: {name} −{marks} ({rule}: {reason})"),
                name=t.players[penalty.player],
                marks=penalty.marks,
                rule=penalty.rule,
                reason=penalty.reason,
            )
        )
    return lines


@tournament_app.command("simulate", help=SIMULATE_HELP)
def simulate_command(
    file: TournamentFile,
    out: Annotated[
        str, typer.Option("--out", "-o", metavar="FOLDER", help=N_("The folder of the records."))
    ] = ".",
    secret_file: SecretFile = None,
    seed: Seed = 0,
    lang: Language = None,
) -> None:
    """``atout tournament simulate`` (its help: :data:`SIMULATE_HELP`)."""
    import json
    import os

    from atout.bots.tournament import play_tournament

    told = language(lang)
    check_seed(seed)
    tournament = _run(told, lambda: _load(file))
    secret = None
    if tournament.secret is not None:
        secret = bytes.fromhex(tournament.secret)
    elif tournament.duplicate:
        secret = _read_secret(_secret_path(file, secret_file))
    if secret is not None:
        from atout.tournament.club import reveal

        _run(told, lambda: reveal(tournament, secret))  # the secret of this tournament
    records = play_tournament(tournament, secret, seed=seed)
    os.makedirs(out, exist_ok=True)
    for name, record in records.items():
        _write(os.path.join(out, name), json.dumps(record, ensure_ascii=False) + "\n")
    typer.echo(
        said(told, N_("Written: {count} records in {folder}"), count=len(records), folder=out)
    )
