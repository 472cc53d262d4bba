"""``python -m atout.cli``: the ``atout`` command line."""

from atout.cli.root import main

if __name__ == "__main__":
    main()
