"""The ``atout`` command line, one module a command.

Every mistake of the user (a bad option, a bad value) ends in one line on standard
error naming it, and exit status 2; an invalid record, in one line and exit status 1;
never a traceback.

- :mod:`~atout.cli.root`: the ``atout`` command, its commands registered, their help
  in the reader's language, and :func:`main`;
- :mod:`~atout.cli.common`: what the commands share (the user's mistake, the options
  and checks, the progress bar);
- one module a command: :mod:`~atout.cli.deal`, :mod:`~atout.cli.play`,
  :mod:`~atout.cli.replay` and :mod:`~atout.cli.verify` (with :mod:`~atout.cli.records`,
  how they read a record file), :mod:`~atout.cli.stats`, :mod:`~atout.cli.arena`,
  :mod:`~atout.cli.serve`, :mod:`~atout.cli.rules`.

Each command imports what it uses when it runs: every command starts fast.
"""

from atout.cli.root import app, main

__all__ = ["app", "main"]
