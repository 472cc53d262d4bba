"""``atout replay``: a game record re-played against the rules and the scoring, or a
score sheet of the table companion entered again."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from atout.cli.common import _
from atout.cli.records import invalid_record, read_record, record_name
from atout.i18n import N_

HELP = N_(
    "Re-play a game record: check every action against the rules and every result "
    "against the scoring, and report the first difference with its rule id (exit status "
    "1). A record is a regular file of at most 64 MiB of UTF-8 JSON. A score sheet of the "
    "table companion (hands_known: false) is checked by entering the evening again, and "
    "its sheet is printed."
)

File = Annotated[
    str | None,
    typer.Argument(
        metavar="FILE",
        help=N_(
            "An atout.game/1 record file, or - for standard input (the default when "
            "it is not a terminal)."
        ),
    ),
]


def replay(context: typer.Context, file: File = None) -> None:
    """``atout replay`` (its help: :data:`HELP`)."""
    from atout.errors import InvalidRecordError
    from atout.record import loads_game

    name = record_name(context, file)
    text = read_record(name)
    if '"hands_known"' in text and _replay_score_sheet(name, text):
        return
    try:
        donnes, data = loads_game(text)
    except InvalidRecordError as error:
        invalid_record(name, str(error))
    played = sum(1 for d in donnes if d.result is not None)
    typer.echo(
        _(
            "{count} donnes replayed ({played} played, {void} void): every action follows "
            "the rules and every result the scoring. Totals: {totals}.",
            count=len(donnes),
            played=played,
            void=len(donnes) - played,
            totals=data["totals"],
        )
    )


def _replay_score_sheet(name: str, text: str) -> bool:
    """Check a score sheet of the table companion (its donnes say ``hands_known:
    false``) by entering the evening again, and print its sheet; ``False`` when the
    record is not a score sheet."""
    from atout.companion import is_score_sheet, read_evening, sheet_lines
    from atout.errors import InvalidRecordError
    from atout.record import decode, rules_record

    try:
        if not is_score_sheet(decode(text)):
            return False
        evening = read_evening(text)
    except InvalidRecordError as error:
        invalid_record(name, str(error))
    from atout.i18n import reader_language

    for line in sheet_lines(evening, reader_language()):  # the contracts by their names
        typer.echo(line)
    done = evening.finished()
    played = sum(1 for sheet in done if sheet.result is not None)
    settings = rules_record(evening.rules)
    changed = ", ".join(f"{key}={json.dumps(value)}" for key, value in settings.items())
    rules = _("the FFT's but {settings}", settings=changed) if settings else _("the FFT's")
    typer.echo(
        _(
            "{count} donnes checked ({played} played, {void} void), a score sheet of the "
            "table companion: the cards were not entered, so no card is replayed; the "
            "dealers, the bans, the faults and every result follow the rules and the "
            "scoring ({rules}).",  # the totals by name: the line above
            count=len(done),
            played=played,
            void=len(done) - played,
            rules=rules,
        )
    )
    return True
