"""pytest reads the Markdown pages of the docs as doctest files (``--doctest-glob``);
the scripts beside them take screenshots or write example records and are not tests."""

collect_ignore_glob = ["*.py", "hooks/*.py"]
