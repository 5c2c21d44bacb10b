#!/usr/bin/env python3
"""Remakes ``docs/rules-flip.png``, the README's picture of a flip, with the game's own
position picture (``othello.gui.widgets.rules_picture``), headless, in English.

    python scripts/make_rules_picture.py [--out docs/rules-flip.png] [--width 560]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from othello.app import i18n  # noqa: E402
from othello.gui.widgets.position_picture import picture_font, save_picture  # noqa: E402
from othello.gui.widgets.rules_picture import flip_picture  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "rules-flip.png")
    parser.add_argument("--width", type=int, default=560)
    args = parser.parse_args()
    i18n.set_language("en")
    print(save_picture(flip_picture(picture_font(), args.width), args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
