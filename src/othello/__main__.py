"""``python -m othello`` does what the ``othello`` command does."""

import sys

from .cli import main

sys.exit(main())
