"""``python -m othello`` does what the ``othello`` command does."""

import sys

from othello.cli import main

if __name__ == "__main__":  # only when run: importing this module must not start anything
    sys.exit(main())
