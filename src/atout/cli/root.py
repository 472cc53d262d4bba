"""The ``atout`` command: its commands registered, their help in the reader's language,
and :func:`main`, which turns every mistake of the user into one line."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer

from atout.cli import arena, deal, play, replay, rules, serve, stats, tournament, verify
from atout.cli.common import UserError, _, forget_language, plain_values_fast, spoken
from atout.errors import AtoutError, IllegalActionError
from atout.i18n import N_, reader_language

HELP = N_("French Tarot by the official rules of the Fédération Française de Tarot.")
ROOT_HELP = N_(
    "French Tarot by the official rules of the Fédération Française de Tarot.\n\n"
    "`atout play`: a match at the terminal; `atout deal`: a deal told step by step; "
    "`atout stats`: how often does …; `atout replay`: check a game record."
)
HELP_OPTION = N_("Show this message and exit.")

app = typer.Typer(
    name="atout",
    help=HELP,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

HELPS: dict[str, Callable[[str], str]] = {}
"""The help of each command whose help is made for its language (``atout play``'s
lists the bot levels) rather than one message of the catalogues."""


def _command(function: Callable[..., None], help_text: str | Callable[[str], str]) -> None:
    """Register ``function`` as the command of its name, with its help in English."""
    name = function.__name__
    if callable(help_text):
        HELPS[name] = help_text
        help_text = help_text("en")
    app.command(name, help=help_text)(function)


@app.callback(invoke_without_command=True, help=ROOT_HELP)
def _root(
    version: Annotated[bool, typer.Option("--version", help=N_("Print atout's version."))] = False,
) -> None:
    """``atout`` itself: ``--version``, or a command (its help: :data:`ROOT_HELP`)."""
    if version:
        from atout import __version__

        typer.echo(f"atout {__version__}")
        raise typer.Exit(0)


_command(deal.deal, deal.HELP)
_command(play.play, play.help_text)
_command(replay.replay, replay.HELP)
_command(verify.verify, verify.HELP)
app.add_typer(stats.stats_app, name="stats")
_command(serve.serve, serve.HELP)
_command(rules.rules, rules.HELP)
app.add_typer(arena.arena_app, name="arena")
app.add_typer(tournament.tournament_app, name="tournament")


def speak(command: Any, lang: str, path: str = "") -> None:
    """Put the help of ``command``, its options and arguments and its subcommands in
    ``lang`` (the messages are English: nothing to do for English)."""
    from atout.i18n import gettext

    if lang == "en":
        return
    made = HELPS.get(path)
    if made is not None:
        command.help = made(lang)
    elif command.help:
        command.help = gettext(lang, command.help)
    for param in [*command.params, getattr(command, "_help_option", None)]:
        if getattr(param, "help", None):
            param.help = gettext(lang, param.help)
    for name, sub in getattr(command, "commands", {}).items():
        speak(sub, lang, f"{path} {name}".strip())


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the command, turning every user mistake into one line."""
    command = typer.main.get_command(app)
    plain_values_fast(command)
    speak(command, reader_language())
    forget_language()
    try:
        code = command.main(args=argv, prog_name="atout", standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except (UserError, AtoutError) as error:
        _fail(_said(error))
    except typer.Exit as exit_:
        sys.exit(exit_.exit_code)
    except typer.Abort:
        typer.echo(_("atout: interrupted"), err=True)
        sys.exit(130)
    except typer.TyperException as error:  # the command line itself: bad option or value
        context = getattr(error, "ctx", None)
        if type(error).__name__ == "NoArgsIsHelpError" and context is not None:
            typer.echo(context.get_help(), err=True)
            sys.exit(2)
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        if type(error).__name__ == "NoSuchOption":  # Click's own words: said in ours
            message = _("No such option: {option}", option=getattr(error, "option_name", ""))
            near = sorted(getattr(error, "possibilities", None) or ())
            if len(near) == 1:
                message += " " + _("Did you mean {option}?", option=near[0])
            elif near:
                message += " " + _("(Possible options: {options})", options=", ".join(near))
        message = " ".join(str(message).split())
        _fail(message)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(0)
    except OSError as error:
        where = f": {error.filename}" if error.filename else ""
        why = f"{error.strerror or error}{where}"
        typer.echo(_("atout: error: {why}", why=why), err=True)
        sys.exit(1)


def _said(error: Exception) -> str:
    """The one line for ``error``: a refusal of the rules in the reader's language (in
    English, as the rules' record notation writes the cards: ``KS``), anything else as
    it is."""
    from atout.reasons import render

    if not isinstance(error, IllegalActionError):
        return str(error)
    lang = spoken()
    return str(error) if lang == "en" else render(error.reason, lang, with_rule=True)


def _fail(message: str) -> None:
    typer.echo(_("atout: error: {why}", why=" ".join(message.splitlines())), err=True)
    sys.exit(2)
