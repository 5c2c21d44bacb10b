#!/usr/bin/env python3
"""How often the selective endgame (issue 55) misses against exact solves, and what it saves.

For each position, every move's exact score is known (FForum's ``.obf`` lines give them; a
real game's position is solved move by move once, and kept in ``--cache``). The selective
endgame then searches it as a level's ``think`` does (``search_call.think_selective``: a
midgame search as deep as the exact solve's first one, then the search to the end with
ProbCut at ``--margins`` spreads),
and the script prints per margin: how often its move is not a best move, the discs that
cost (the best move's exact score less its move's), how far its score is from the exact
one, and its positions a move beside the exact solve's.

    python scripts/selective_errors.py --margins 1.0 1.5 2.0 2.6 --empties 16 18 20 22
    python scripts/selective_errors.py --obf ../shared/data/fforum-20-39.obf --games 0

The exact solves want the compiled engine (``docs/development.md``); ``--nodes`` gives the
search a level's node budget (a search cut short answers with the midgame's move).
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from othello import Board  # noqa: E402
from othello.core.notation import square_name  # noqa: E402
from othello.engine import search_call  # noqa: E402
from othello.engine.api import Engine  # noqa: E402
from othello.engine.endgame import EndgameSolver  # noqa: E402
from othello.engine.levels import LEVELS  # noqa: E402

Scored = tuple[str, dict[str, int]]
"""A board string (with the side to move) and every legal move's exact score."""


def from_obf(path: Path) -> list[Scored]:
    """FForum's lines: ``board side; MOVE:+score; ...`` (every move scored)."""
    out = []
    for line in path.read_text().splitlines():
        fields = [f.strip() for f in line.split(";") if f.strip()]
        board, side = fields[0].split()
        scores = {m.split(":")[0].lower(): int(m.split(":")[1]) for m in fields[1:]}
        out.append((f"{board} {side}", scores))
    return out


def solved(boards: list[str], cache: Path | None) -> list[Scored]:
    """Every move of each board solved exactly (read from ``cache`` when it has them)."""
    known: dict[str, dict[str, int]] = {}
    if cache is not None and cache.exists():
        known = json.loads(cache.read_text())
    out = []
    for text in boards:
        if text not in known:
            board = Board.from_string(text)
            order = board.legal_squares()
            _, _, scores = EndgameSolver({}).root_exact(
                board.player, board.opponent, order, full_window=True
            )
            known[text] = {square_name(sq): v for sq, v in scores.items()}
            if cache is not None:
                cache.write_text(json.dumps(known))
        out.append((text, known[text]))
    return out


def measure(positions: list[Scored], margin: float, nodes: int) -> str:
    """Think on every position with the selective endgame at ``margin`` (0: the exact
    solve the level would run instead); the summary line."""
    search_call.SELECTIVE_MARGINS = (margin or 1.0,) * 8
    missed, losses, errors, visited, seconds = 0, [], [], [], 0.0
    for text, scores in positions:
        board = Board.from_string(text)
        level = dataclasses.replace(
            LEVELS[15],
            exact_empties=board.empties() - (margin > 0),
            depth=max(2, min(8, board.empties() - 10)),  # the exact solve's first search
            wld_empties=0,
            nodes=nodes,
            time_budget=1e6,
        )
        engine = Engine(level=level)
        start = time.perf_counter()
        result = engine.think(board)
        seconds += time.perf_counter() - start
        best = max(scores.values())
        loss = best - scores[result.move]
        missed += loss > 0
        losses.append(loss)
        errors.append(abs(result.score - best))
        visited.append(result.nodes)
    count = len(positions)
    return (
        f"margin {margin:4.2f}: {count} positions, not a best move {missed} "
        f"({missed / count:.0%}), discs lost {statistics.fmean(losses):.2f} a move "
        f"(worst {max(losses)}), score off by {statistics.fmean(errors):.2f}, "
        f"{statistics.fmean(visited):,.0f} positions a move (median "
        f"{statistics.median(visited):,.0f}), {seconds / count:.2f} s a move"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--margins", type=float, nargs="+", default=[0, 1.0, 1.5, 2.0, 2.6])
    parser.add_argument("--obf", type=Path, nargs="*", default=[], help="FForum files")
    parser.add_argument("--empties", type=int, nargs="*", default=[], help="real positions at")
    parser.add_argument("--games", type=int, default=10, help="real games (level_probe's)")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/selective-exact.json"))
    parser.add_argument("--nodes", type=int, default=0, help="a node budget (0: none)")
    parser.add_argument(
        "--set",
        nargs="*",
        default=[],
        help="NAME=VALUE: the selective endgame's settings in othello.engine.endgame to try",
    )
    args = parser.parse_args()
    from othello.engine import endgame

    for item in args.set:
        name, _, value = item.partition("=")
        setattr(endgame, name, ast.literal_eval(value))
        print(f"endgame.{name} = {getattr(endgame, name)}")
    positions: list[Scored] = []
    for path in args.obf:
        positions += from_obf(path)
    if args.empties and args.games:
        from level_probe import GAMES
        from level_probe import positions as real

        boards = real(GAMES, games=args.games, empties=tuple(args.empties))
        positions += solved(boards, args.cache)
    print(f"{len(positions)} positions (margin 0: the exact solve)")
    for margin in args.margins:
        print(measure(positions, margin, args.nodes), flush=True)


if __name__ == "__main__":
    main()
