"""``python -m tabletop``: the same command line as the ``tabletop`` script."""

from tabletop.cli import main

if __name__ == "__main__":
    main()
