"""Reading a record file for ``atout replay`` and ``atout verify``: a regular file (or
standard input) of at most the record limit, UTF-8 text; the record reader's mistakes
about the text said again in the reader's language."""

from __future__ import annotations

import os
import re
import stat
import sys
from typing import NoReturn

import typer

from atout.cli.common import UserError, _
from atout.i18n import N_


def record_limit() -> int:
    """The size in bytes above which a file is not read as a record."""
    from atout import record

    return int(getattr(record, "MAX_RECORD_BYTES", 64 * 2**20))


_RECORD_FRAMES = (
    (r"not JSON \((?P<why>.*): line (?P<line>\d+) column (?P<column>\d+)\)", N_(
        "not JSON ({why}: line {line} column {column})")),
    (r"not JSON \((?P<why>.*)\)", N_("not JSON ({why})")),
    (r"not UTF-8 \((?P<why>.*) at byte (?P<byte>\d+)\)", N_("not UTF-8 ({why} at byte {byte})")),
    (r"larger than (?P<size>\d+) MiB", N_("larger than {size} MiB")),
    (r"more than (?P<count>[\d,]+) lists and objects", N_("more than {count} lists and objects")),
    (r"nesting deeper than (?P<depth>\d+) levels", N_("nesting deeper than {depth} levels")),
)  # fmt: skip
"""The frames of the record reader's mistakes about the text itself (:func:`atout.record.
decode`), said again in the reader's language with the same values."""
_JSON_MISTAKES = (
    N_("Expecting value"),
    N_("Extra data"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("invalid continuation byte"),
    N_("invalid start byte"),
    N_("unexpected end of data"),
)
"""What Python's JSON and UTF-8 decoders say of a text most often."""


def record_mistake(message: str) -> str:
    """``message`` of the record reader in the reader's language when it is one of
    :data:`_RECORD_FRAMES` (the others are said as they are)."""
    for pattern, frame in _RECORD_FRAMES:
        found = re.fullmatch(pattern, message)
        if found:
            values = found.groupdict()
            if "why" in values and values["why"] in _JSON_MISTAKES:
                values["why"] = _(values["why"])
            return _(frame, **values)
    return message


def invalid_record(name: str, message: str) -> NoReturn:
    """Say why ``name`` is not a valid record and end with exit status 1."""
    why = record_mistake(" ".join(message.splitlines()))
    typer.echo(_("atout: {name}: {why}", name=name, why=why), err=True)
    raise typer.Exit(1)


def read_record(name: str) -> str:
    """The text of a record file (``-``: standard input), read only when it is a regular
    file (or a stream) of at most the record limit."""
    limit = record_limit()
    data = _read_stdin(limit) if name == "-" else _read_file(name, limit)
    if len(data) > limit:
        invalid_record(name, f"larger than {limit:,} bytes, the limit of a record")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        invalid_record(
            name,
            f"not UTF-8 text (byte {error.start}); a record is JSON (docs/reference/formats.md)",
        )


def _read_stdin(limit: int) -> bytes:
    if sys.stdin is None:
        raise UserError(_("-: standard input is closed; give a record file"))
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        return sys.stdin.read(limit + 1).encode("utf-8")
    data = stream.read(limit + 1)
    return data if isinstance(data, bytes) else bytes(data)


def _read_file(name: str, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of a regular file; never waits on a FIFO or device."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        descriptor = os.open(name, flags | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise UserError(
            _("{name}: cannot read it ({reason})", name=name, reason=error.strerror)
        ) from None
    try:
        _check_record_file(name, os.fstat(descriptor), limit)
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            return handle.read(limit + 1)
    except OSError as error:
        raise UserError(
            _("{name}: cannot read it ({reason})", name=name, reason=error.strerror)
        ) from None
    finally:
        os.close(descriptor)


def _check_record_file(name: str, info: os.stat_result, limit: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise UserError(_("{name}: a folder; give a record file in it", name=name))
    if not stat.S_ISREG(info.st_mode):
        raise UserError(
            _(
                "{name}: not a regular file (a device, FIFO or socket); give a "
                "record file, or - to read standard input",
                name=name,
            )
        )
    if info.st_size > limit:
        invalid_record(
            name, f"{info.st_size:,} bytes, larger than {limit:,}, the limit of a record"
        )


def record_name(context: typer.Context, file: str | None) -> str:
    """The record file a command reads: ``file``, or ``-`` (standard input) when none
    is given and standard input is not a terminal; without either, the command's help
    and exit status 2."""
    from atout.cli.common import is_terminal

    if file is None and is_terminal(sys.stdin):
        typer.echo(context.get_help(), err=True)
        raise typer.Exit(2)
    if file == "":  # an unset shell variable: not standard input, which is only -
        raise UserError(_("'': no such file (an empty name); give a record file, or - for stdin"))
    return "-" if file is None else file
