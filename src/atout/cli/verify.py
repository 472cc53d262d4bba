"""``atout verify``: the verifiable deal of each donne of a game record checked."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from atout.cli.common import _
from atout.cli.records import read_record, record_mistake, record_name
from atout.i18n import N_

HELP = N_(
    "Check the verifiable deal of each donne of a game record: the revealed secret "
    "matches the commitment, and the shuffle and the chien cards are the ones the secret "
    "and the players' contributions derive. Exit status 0 when every donne with a "
    "commitment is verified, 1 when one is not, 2 when the record cannot be read or no "
    "donne has a commitment."
)

Record = Annotated[
    str | None,
    typer.Argument(
        metavar="RECORD",
        help=N_(
            "An atout.game/1 record file, or - for standard input (the default when "
            "it is not a terminal)."
        ),
    ),
]
Json = Annotated[bool, typer.Option("--json", help=N_("The verdicts as JSON."))]
Consecutive = Annotated[
    bool,
    typer.Option(
        "--consecutive-chien-cards",
        help=N_("The table let two chien cards follow each other (D8 ⚙)."),
    ),
]


def verify(
    context: typer.Context, file: Record = None, as_json: Json = False,
    consecutive: Consecutive = False,
) -> None:  # fmt: skip
    """``atout verify`` (its help: :data:`HELP`)."""
    from atout.errors import InvalidRecordError
    from atout.fairness import verify_game
    from atout.table import Rules

    name = record_name(context, file)
    try:
        text = read_record(name)
        verdicts = verify_game(text, Rules(consecutive_chien_cards=consecutive))
    except typer.Exit:  # read_record said why: unreadable input is status 2 here
        raise typer.Exit(2) from None
    except InvalidRecordError as error:
        why = record_mistake(" ".join(str(error).splitlines()))
        typer.echo(_("atout: {name}: {why}", name=name, why=why), err=True)
        raise typer.Exit(2) from None
    failed = sum(1 for v in verdicts if v.status == "failed")
    verified = sum(1 for v in verdicts if v.ok)
    code = 1 if failed else 0 if verified else 2
    if as_json:
        rows = [v._asdict() | {"contributions": list(v.contributions)} for v in verdicts]
        summary = {"verified": verified, "failed": failed, "donnes": len(verdicts)}
        typer.echo(json.dumps({"verdicts": rows, **summary, "ok": code == 0}, ensure_ascii=False))
    else:
        for verdict in verdicts:
            typer.echo(verdict.line())
        none = len(verdicts) - verified - failed
        typer.echo(
            f"{verified} of {len(verdicts)} donnes verified, {failed} not verified, "
            f"{none} without a commitment."
        )
    if code == 2 and not as_json:
        typer.echo(
            _("atout: {name}: no donne has a commitment: nothing to verify", name=name), err=True
        )
    raise typer.Exit(code)
