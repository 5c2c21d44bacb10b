"""The FForum endgame positions shipped with the game (``data/fforum.obf``) as puzzles.

Each line is ``<board> <X|O>; G8:+18; H1:+12; ...``: the position and every move's exact
result. The file is the package's own, read like any file the game reads (``reading``); a
damaged line costs only itself (the good lines keep their numbers, so their puzzles keep
their ids and their places in the queue), and a file that cannot be read at all gives no
built-in puzzles and a sentence saying why: the player's own puzzles still work.
"""

from __future__ import annotations

from othello.core.errors import OthelloError
from othello.core.file_reading import decode_text, read_package, short_reason
from othello.core.notation import parse_move, square_name
from othello.study.puzzles import Puzzle, PuzzleError

FFORUM = "data/fforum.obf"
FFORUM_LIMIT = 1_000_000


def read_fforum(text: str) -> tuple[list[Puzzle], list[str]]:
    """The FForum positions that can be read, and what is wrong with each line that cannot
    (a good line keeps its number, so a damaged line costs only itself)."""
    puzzles, bad = [], []
    for number, line in enumerate((ln for ln in text.splitlines() if ln.strip()), start=1):
        try:
            puzzles.append(_fforum_line(number, line))
        except (OthelloError, ValueError) as err:
            bad.append(f"line {number}: {err}")
    return puzzles, bad


def _fforum_line(number: int, line: str) -> Puzzle:
    head, *moves = [part.strip() for part in line.split(";") if part.strip()] or [""]
    scores = {}
    for entry in moves:
        name, _, value = entry.partition(":")
        try:
            scores[square_name(parse_move(name.lower()))] = int(value)
        except ValueError:
            raise PuzzleError(f"{entry!r} is not a move with its score") from None
    if not scores:
        raise PuzzleError("no moves with their scores")
    best = max(scores, key=lambda m: scores[m])
    puzzle = Puzzle(
        id=f"fforum-{number}",
        position=head,
        best=best,
        best_score=scores[best],
        exact=True,
        origin=f"FForum #{number}, {head[:64].count('-')} empty squares",
        scores=scores,
    )
    problem = puzzle.problem()
    if problem is not None:
        raise PuzzleError(problem)
    return puzzle


def load_builtin() -> tuple[list[Puzzle], str | None]:
    """The FForum positions shipped with the game, and what went wrong reading them (then
    those that could be read, perhaps none: the player's own puzzles still work)."""
    try:
        puzzles, bad = read_fforum(decode_text(read_package(FFORUM, FFORUM_LIMIT)))
    except (OSError, ValueError) as err:  # missing, not a file, too large, not text
        return [], f"The built-in puzzles could not be read ({FFORUM}: {short_reason(err)})."
    if not bad and puzzles:
        return puzzles, None
    lines = "1 damaged line" if len(bad) == 1 else f"{len(bad)} damaged lines, the first"
    why = f"{lines} {bad[0]}" if bad else "it is empty"
    return puzzles, f"The built-in puzzles file {FFORUM} is damaged ({why}); {len(puzzles)} kept."


def builtin_puzzles() -> list[Puzzle]:
    """The FForum positions shipped with the game (those that can be read)."""
    return load_builtin()[0]
