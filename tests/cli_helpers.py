"""Running ``atout`` in-process, as a user would from the shell."""

from __future__ import annotations

import pytest

from atout.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """(exit status, standard output, standard error) of ``atout ARGS``."""
    try:
        main(list(args))
        code = 0
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
