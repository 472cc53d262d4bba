"""``python -m atout``: the ``atout`` command line."""

if __name__ == "__main__":
    from atout.cli import main

    main()
