"""What the commands of ``atout`` share: the user's mistake (:class:`UserError`), the
options and checks several commands take, the progress bar, and the fast reading of
plain option values.

Each command has its module in :mod:`atout.cli`; they all import this one and none
imports another's. It imports no heavy library, and the core only when a check needs
it: every command starts fast.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import UnionType
from typing import TYPE_CHECKING, Annotated, Any, Union, get_args, get_origin

import typer
from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param

from atout.i18n import N_

if TYPE_CHECKING:
    from atout.cards import Card, CardSet
    from atout.table import Variant

MAX_SEED = 2**64 - 1
PLOT_FORMATS = ("png", "svg", "pdf")
_PLAIN_INT = re.compile(r"-?[0-9]{1,30}")


Players = Annotated[int, typer.Option("--players", "-p", help=N_("Number of players: 3, 4 or 5."))]
English = Annotated[
    bool, typer.Option("--english", help=N_("English card names (K Q N J) instead of R D C V."))
]
Language = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help=N_("fr or en (default: the reader's language, from LC_ALL, LC_MESSAGES or LANG)."),
    ),
]


class UserError(Exception):
    """A mistake of the user: one line, exit status 2."""


_CHOSEN: list[str] = []
"""The language ``--lang`` chose for this run, once a command has read it."""


def spoken() -> str:
    """The language of this run's messages: ``--lang``'s once the command has read it,
    else the reader's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    from atout.i18n import reader_language

    return _CHOSEN[-1] if _CHOSEN else reader_language()


def forget_language() -> None:
    """A new run: no ``--lang`` read yet."""
    _CHOSEN.clear()


def _(message: str, **values: object) -> str:
    """``message`` in this run's language (:func:`spoken`), its ``{names}`` filled in."""
    from atout.i18n import said

    return said(spoken(), message, **values)


def check_seed(seed: int | None, last: int = 0) -> None:
    """A seed (and ``seed + last``, the last one used) is an integer 0 … 2**64 - 1."""
    if seed is not None and not 0 <= seed <= seed + last <= MAX_SEED:
        span = f" (and --seed + --count - 1 = {seed + last})" if last and seed >= 0 else ""
        raise UserError(
            _("--seed {seed}{span}: a seed is an integer from 0 to 2**64 - 1", seed=seed, span=span)
        )


def check_players(players: int) -> Variant:
    """The variant of ``--players``: 3, 4 or 5."""
    from atout.table import Variant

    if players not in (3, 4, 5):
        raise UserError(
            _(
                "--players {players}: French Tarot is played by 3, 4 or 5 players",
                players=players,
            )
        )
    return Variant.for_players(players)


def language(lang: str | None) -> str:
    """The language ``--lang`` names, else the reader's (:func:`atout.i18n.reader_language`:
    French when the first of LC_ALL, LC_MESSAGES, LANG that is set is French)."""
    from atout.i18n import reader_language

    if lang is not None and lang not in ("fr", "en"):
        raise UserError(_("--lang {lang!r:.20}: choose fr or en", lang=lang))
    chosen = lang or reader_language()
    if lang is not None:  # the messages of the run follow it, "atout: error:" included
        _CHOSEN[:] = [lang]
    return chosen


def card_option(text: str, option: str) -> Card:
    """The card ``text`` names, given to ``option``."""
    from atout.cards import Card
    from atout.errors import AtoutError

    try:
        return Card.parse(text)
    except AtoutError as error:
        raise UserError(_("{option}: {error}", option=option, error=error)) from None


def cards_option(text: str, option: str) -> CardSet:
    """The cards ``text`` names, given to ``option``."""
    from atout.cards import CardSet
    from atout.errors import AtoutError

    try:
        return CardSet.parse(text)
    except AtoutError as error:
        raise UserError(_("{option}: {error}", option=option, error=error)) from None


def count_option(text: str, option: str, most: int) -> int:
    """A count given to ``option`` (underscores and commas allowed), 1 … ``most``."""
    try:
        value = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise UserError(
            _(
                "{option} {text!r:.40}: give a whole number, e.g. 10_000_000",
                option=option,
                text=text,
            )
        ) from None
    if value < 1:
        raise UserError(_("{option} {text:.40}: give a number ≥ 1", option=option, text=text))
    if value > most:
        raise UserError(
            _("{option} {text:.40}: give a number ≤ {most:_}", option=option, text=text, most=most)
        )
    return value


def processes_option(text: str, option: str, most: int) -> int:
    """The number of local processes given to ``option`` (1 … ``most``)."""
    digits = text.strip().replace("_", "")
    if not (digits.isascii() and digits.isdigit() and 1 <= int(digits) <= most):
        raise UserError(
            _(
                "{option} {text:.40}: give a number of processes from 1 to {most}",
                option=option,
                text=text,
                most=most,
            )
        )
    return int(digits)


def option_given(context: typer.Context) -> str | None:
    """The first option given on the command line to the group of ``context`` (as
    ``--name``), or ``None``: before a subcommand, where it would do nothing."""
    for name in context.params:
        source = context.get_parameter_source(name)
        if source is not None and source.name != "DEFAULT":
            return "--" + name.replace("_", "-").replace("use-", "").replace("as-", "")
    return None


def no_options_before_merge(context: typer.Context) -> None:
    """``atout stats OPTIONS merge …`` (or ``arena``): the options would do nothing."""
    option = option_given(context)
    if option is not None:
        raise UserError(
            _(
                "{option} before merge does nothing: a merge takes the settings of its shards",
                option=option,
            )
        )


def plot_path(text: str) -> str:
    """The file ``--plot`` writes: ``text``, with ``.png`` added when it has no
    extension; refused before any dealing when it cannot be written."""
    if not text.strip():
        raise UserError(_("--plot '': give a file name, e.g. --plot deals.png"))
    extension = os.path.splitext(text)[1][1:].lower()
    path = text if extension else text + ".png"
    if os.path.isdir(text) or os.path.isdir(path) or text.endswith(("/", os.sep)):
        example = os.path.join(text, "deals.png")
        raise UserError(
            _(
                "--plot {text}: a folder; give a file in it, e.g. --plot {example}",
                text=text,
                example=example,
            )
        )
    if extension and extension not in PLOT_FORMATS:
        raise UserError(
            _(
                "--plot {text}: .{extension} is not a picture format; give a .png, "
                ".svg or .pdf file",
                text=text,
                extension=extension,
            )
        )
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UserError(
            _("--plot {text}: its folder {folder} does not exist", text=text, folder=folder)
        )
    check_writable(path, f"--plot {text}")
    return path


def check_writable(path: str, option: str) -> None:
    """Open ``path`` for writing (removing it again if it was not there) or refuse it."""
    existed = os.path.exists(path)
    try:
        with open(path, "ab"):
            pass
    except OSError as error:
        raise UserError(
            _(
                "{option}: cannot write {path} ({reason})",
                option=option,
                path=path,
                reason=error.strerror,
            )
        ) from None
    if not existed:
        os.remove(path)


def is_terminal(*streams: Any) -> bool:
    """Whether every stream is open on a terminal (a closed one is ``None``)."""
    return all(stream is not None and stream.isatty() for stream in streams)


@contextmanager
def progress(
    total: int, enabled: bool, label: str = "dealing"
) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on standard error, only when it is a terminal; yields a function
    that advances it by a number of steps."""
    if not enabled or total < 2 or not is_terminal(sys.stderr):
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda steps: bar.advance(task, steps)


@dataclass(frozen=True)
class _PlainValue(RuntimeParam):
    """Typer's coercion of one parameter, skipped when the value already has the
    parameter's plain type (a default, a string for a string) or is plain digits for
    an integer: Typer builds a validator for every parameter, and the library it
    builds them with takes longer to import than the rest of a command. Any other
    value goes to Typer's own, which gives the same result and the same errors."""

    descriptor: TypeDescriptor

    def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
        types = _plain_types(self.annotation)
        if type(value) in types:
            return value
        if int in types and isinstance(value, str) and _PLAIN_INT.fullmatch(value):
            return int(value)
        return build_runtime_param(self.descriptor)._coerce_value(value, param=param, ctx=ctx)


def _plain_types(annotation: Any) -> tuple[type, ...]:
    """The types a value of ``annotation`` may have as it is: ``int | None`` → ``int``."""
    union = get_origin(annotation) in (Union, UnionType)
    members = get_args(annotation) if union else (annotation,)
    kept = tuple(member for member in members if member in (bool, int, str))
    return kept if len(kept) + (type(None) in members) == len(members) else ()


def plain_values_fast(command: Any, parent: Any = None) -> None:
    """Let each parameter of ``command`` and of its subcommands (their ``--help``
    included) keep a value of its plain type without Typer's validator
    (:class:`_PlainValue`)."""
    context = typer.Context(command, parent=parent)
    for param in [*command.params, command.get_help_option(context)]:
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is None or getattr(param, "_runtime_param", 0) is not None:
            continue
        info = descriptor.parameter_info
        if any(getattr(info, name, None) is not None for name in ("parser", "min", "max")):
            continue
        if _plain_types(descriptor.annotation):
            param._runtime_param = _PlainValue(info, descriptor.annotation, descriptor)
    for sub in getattr(command, "commands", {}).values():
        plain_values_fast(sub, context)
