"""``atout play``: a match at the terminal table, or between bots told donne by donne
or streamed as an ``atout.game/1`` record (:func:`stream_game`)."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Annotated

import typer

from atout.bot_levels import LEVELS
from atout.cli.common import English, Players, UserError, _, check_players, check_seed, is_terminal
from atout.i18n import N_, gettext

if TYPE_CHECKING:
    from atout.state import Donne
    from atout.table import Variant

MAX_COUNT = 10**9

HELP = N_(
    "Play French Tarot: at a full-screen table against bots when run in a terminal, "
    "or a whole match between bots, told donne by donne or printed as a record.\n\n"
    "At the table you sit at seat 0 (the bottom); seat 1 is your right neighbour. The "
    "match is saved after every action; run `atout play` again to resume it. Between "
    "bots (--bots LEVEL, --auto, --json, or output not a terminal) each donne is dealt "
    "as La Donne says, bid, the chien taken and the écart made, played trick by trick "
    "and scored by the FFT rules; the totals follow."
)
LEVELS_HEADING = N_("The bots' levels (--bots, --level):")


def help_text(lang: str) -> str:
    """The help of ``atout play`` in ``lang``: what it does and every bot level it
    takes (not the cheating one, which it refuses: that one is for ``atout arena``)."""

    def say(message: str) -> str:
        return message if lang == "en" else gettext(lang, message)

    offered = [level for level in LEVELS if level.at_table]
    width = max(len(level.name) for level in offered) + 2
    levels = [f"  {level.name:<{width}}{say(level.line)}" for level in offered]
    return "\n\n".join([say(HELP), "\b\n" + "\n".join([say(LEVELS_HEADING), *levels])])


Bots = Annotated[
    str | None,
    typer.Option(
        help=N_(
            "Bots in every seat, of this level (the levels are listed above): a match "
            "between bots, told donne by donne (or --json)."
        )
    ),
]
Level = Annotated[
    str | None,
    typer.Option(
        help=N_("The bots' level at the table, or with --auto (heuristic by default)."),
    ),
]
Donnes = Annotated[
    int,
    typer.Option(help=N_("How many donnes the match lasts (void ones count), 1 … 1_000_000_000.")),
]
Seed = Annotated[
    int | None,
    typer.Option(help=N_("Seed for a reproducible match (≥ 0); without it, the secure source.")),
]
Json = Annotated[
    bool,
    typer.Option("--json", help=N_("Print one atout.game/1 record (docs/reference/formats.md).")),
]
Auto = Annotated[
    bool,
    typer.Option(
        "--auto", help=N_("Bots in every seat, of the --level (the default off a terminal).")
    ),
]
Resume = Annotated[bool, typer.Option("--resume", help=N_("Resume the unfinished match at once."))]
NoAnimation = Annotated[
    bool, typer.Option("--no-animation", help=N_("Show the deal at once, without animation."))
]


# The table's settings each option gives (a given option wins over the remembered one).
SETTING_OF = {
    "players": "players",
    "level": "bots",
    "deals": "deals",
    "no_animation": "animate",
    "english": "lang",
}


def given_settings(ctx: typer.Context) -> frozenset[str]:
    """The table's settings given on the command line, even at their default value
    (``--players 4`` wins over a remembered 3), apart from those left unsaid."""
    # the source's name: Typer brings a click of its own, with its own ParameterSource
    given = ("COMMANDLINE", "ENVIRONMENT", "PROMPT")
    return frozenset(
        setting
        for option, setting in SETTING_OF.items()
        if getattr(ctx.get_parameter_source(option), "name", "") in given
    )


def play(
    ctx: typer.Context,
    bots: Bots = None,
    level: Level = None,
    players: Players = 4,
    deals: Donnes = 5,
    seed: Seed = None,
    as_json: Json = False,
    english: English = False,
    auto: Auto = False,
    resume: Resume = False,
    no_animation: NoAnimation = False,
) -> None:
    """``atout play`` (its help: :func:`help_text`)."""
    from atout.i18n import reader_language

    variant = check_players(players)
    _check_levels(bots, level)
    if deals < 1:
        raise UserError(_("--deals {deals}: give a number of donnes ≥ 1", deals=deals))
    if deals > MAX_COUNT:
        raise UserError(
            _("--deals {deals}: give a number of donnes ≤ {most:_}", deals=deals, most=MAX_COUNT)
        )
    check_seed(seed)
    at_table = bots is None and not (as_json or auto) and is_terminal(sys.stdin, sys.stdout)
    _check_play_options(bots, level, as_json, english, at_table, resume, no_animation)
    lang = "en" if english else "fr"
    if at_table:
        from atout.tui.app import run
        from atout.tui.session import Settings

        settings = Settings(players, level or "heuristic", deals, not no_animation, lang)
        run(settings, seed, resume, None, given_settings(ctx))
        return
    if bots is None and not (as_json or auto):
        print(
            _(
                "atout play: standard input or output is not a terminal, so no table opens; "
                "here is a match between bots instead (--bots LEVEL or --auto asks for it "
                "without this note)."
            ),
            file=sys.stderr,
        )
    _play_bots(variant, bots or level or "heuristic", deals, seed, as_json, reader_language(), lang)


def _check_levels(bots: str | None, level: str | None) -> None:
    """Refuse a level that is not one of the bots', and the cheating one (it sees
    every hand: ``atout arena`` alone shows it the deal, to measure the others)."""
    from atout.bot_levels import table_levels

    choices = table_levels()
    for option, value in (("--bots", bots), ("--level", level)):
        if value is not None and value not in choices:
            if value in (lv.name for lv in LEVELS):
                raise UserError(
                    _(
                        "{option} {value}: this level sees every hand; it is for "
                        "`atout arena` only (choose one of {choices})",
                        option=option,
                        value=value,
                        choices=", ".join(choices),
                    )
                )
            raise UserError(
                _(
                    "{option} {value!r:.40}: choose one of {choices}",
                    option=option,
                    value=value,
                    choices=", ".join(choices),
                )
            )


def _check_play_options(
    bots: str | None, level: str | None, as_json: bool, english: bool, at_table: bool,
    resume: bool, no_animation: bool,
) -> None:  # fmt: skip
    """Refuse options that would do nothing with the others given."""
    if bots is not None and level is not None:
        raise UserError(
            _(
                "--level goes with the table or --auto; with --bots the level is {bots}",
                bots=bots,
            )
        )
    if as_json and english:
        raise UserError(
            _(
                "--english names cards for people; records hold canonical cards (KS, T21)",
            )
        )
    for option, given in (("--resume", resume), ("--no-animation", no_animation)):
        if given and not at_table:
            raise UserError(
                _(
                    "{option} goes with the table: `atout play` in a terminal, without "
                    "--bots, --auto or --json",
                    option=option,
                )
            )


def _play_bots(
    variant: Variant, level: str, deals: int, seed: int | None, as_json: bool, lang: str,
    cards: str,
) -> None:  # fmt: skip
    """A match between bots, written donne by donne as it is played, in ``lang`` with
    the cards named in ``cards``."""
    from atout.bots import BOTS, iter_match
    from atout.describe import describe_donne
    from atout.i18n import said
    from atout.match import Match
    from atout.randomness import make_rng

    master = make_rng(seed)
    deal_rng = random.Random(master.getrandbits(64))
    agents = [BOTS[level](random.Random(master.getrandbits(64))) for _ in range(variant.players)]
    match = Match(variant, keep=False)
    played = iter_match(match, agents, deals, deal_rng)
    if as_json:
        for text in stream_game(played, [f"bot:{level}"] * variant.players, seed):
            typer.echo(text, nl=False)
        typer.echo()
        return
    for number, donne in enumerate(played, 1):
        typer.echo("\n".join(describe_donne(donne, number, lang, cards)))
        typer.echo(said(lang, "  Totals: {totals}", totals=match.totals()))
    totals = match.totals()
    standings = sorted(range(variant.players), key=lambda s: -totals[s])
    each = ", ".join(
        said(lang, "seat {seat} {total:+d}", seat=s, total=totals[s]) for s in standings
    )
    typer.echo(said(lang, "Final totals: {totals}", totals=each))


def stream_game(donnes: Iterable[Donne], seats: list[str], seed: int | None) -> Iterator[str]:
    """The text of ``json.dumps(game_record(donnes, seats, seed), ensure_ascii=False)``
    in pieces, one a donne as it comes: the header, each donne, then the totals."""
    from atout.record import GAME_FORMAT, donne_record
    from atout.scoring import add_marks

    head = {"format": GAME_FORMAT, "players": len(seats), "seed": seed, "seats": seats}
    yield json.dumps(head, ensure_ascii=False)[:-1] + ', "donnes": ['
    totals: tuple[int, ...] = (0,) * len(seats)
    for number, donne in enumerate(donnes):
        yield (", " if number else "") + json.dumps(donne_record(donne), ensure_ascii=False)
        totals = add_marks(totals, donne.returns())
    yield f'], "totals": {json.dumps(list(totals))}}}'
