"""What is known about one game's moves: the scores the searches gave along the way, the
review's verdicts, which moves came from the opening book and which a person placed, kept by
the moves that led there, without pygame.

One GameJudgement belongs to one game (``Session.judgement``): a new game starts with none, a
game on the shelf keeps its own. Keyed by move sequences, a score or a verdict stays with its
position through undo and redo, and one for a line no longer on the board is simply not shown.
The graph's points come from here: the review's where the game was reviewed, else the
searches' scores.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, TypeGuard
from weakref import WeakKeyDictionary

from othello.core.bitboard import PASS
from othello.core.game import Game
from othello.study.coach import Theme, ThemeFound
from othello.study.review import MoveReview

Moves = tuple[int, ...]


class GraphPoint(NamedTuple):
    """One point of the evaluation graph: the position after a move."""

    ply: int  # the game's cursor after the move
    score: int  # discs, from Black's side
    exact: bool  # proved by the solver, not estimated
    mark: str = ""  # the review's word for the move (see review.MARKS); "" when not reviewed


class GameJudgement:
    def __init__(self) -> None:
        # the score of the position after these moves, from Black's side, and whether exact
        self.scores: dict[Moves, tuple[int, bool]] = {}
        # the review's verdict on a placed move, by the game's start position and the moves
        # up to and including it: a verdict stays with its move through undo, redo, playing on
        self.verdicts: dict[tuple[str, Moves], MoveReview] = {}
        # the last finished review: the moves it judged, and its verdicts
        self.review: tuple[Moves, list[MoveReview]] | None = None
        self.review_moves: Moves = ()  # the moves the running review job judges...
        self.review_start = ""  # ...from this start position (a board string)
        self.people: set[Moves] = set()  # the discs a person placed here (not pasted, loaded)
        self.book: set[Moves] = set()  # the computer's moves that came from its opening book

    def is_empty(self) -> bool:
        """Nothing noted yet: nothing worth keeping."""
        return not (self.scores or self.verdicts or self.people or self.book)

    def copy(self) -> GameJudgement:
        """The same knowledge for a copy of the game (playing on from an earlier move)."""
        return copy.deepcopy(self)

    def played(self, moves: Moves, person: bool) -> None:
        """The last of ``moves`` was just played: by a person, or not (the computer, a pass)."""
        if person:
            self.people.add(moves)
        else:
            self.people.discard(moves)
        self.book.discard(moves)

    def people_plies(self, moves: Moves) -> set[int]:
        """The plies of ``moves`` where a person placed the disc, in this window."""
        return {ply for ply in range(len(moves)) if moves[: ply + 1] in self.people}

    def note(self, moves: Moves, score: int, exact: bool, keep: bool = False) -> None:
        """The score of the position after ``moves`` (Black's side); ``keep`` leaves one
        already noted as it is."""
        if not (keep and moves in self.scores):
            self.scores[moves] = (score, exact)

    def has_score(self, moves: Moves) -> bool:
        return moves in self.scores

    def review_started(self, start: str, moves: Moves) -> None:
        """A review job for ``moves`` from ``start`` began: its verdicts are theirs."""
        self.review_start, self.review_moves = start, moves

    def add_verdict(self, verdict: MoveReview) -> None:
        """One move of the running review's game judged."""
        self.verdicts[self.review_start, self.review_moves[: verdict.ply + 1]] = verdict

    def first_unjudged(self, start: str, line: Moves, given: int = 0) -> int | None:
        """The ply of the first placed move of ``line`` (from ``start``) with no verdict yet,
        past the ``given`` moves that came with the start (None: all have)."""
        for ply, sq in enumerate(line):
            if ply >= given and sq != PASS and (start, line[: ply + 1]) not in self.verdicts:
                return ply
        return None

    def judged(self, start: str, line: Moves) -> list[MoveReview]:
        """The verdicts on the moves of ``line`` from ``start``, in order (moves not judged
        yet left out)."""
        found = (self.verdicts.get((start, line[: ply + 1])) for ply in range(len(line)))
        return [verdict for verdict in found if verdict is not None]

    def review_done(self, start: str, line: Moves) -> list[MoveReview]:
        """Every move of ``line`` has its verdict: that is the last finished review."""
        verdicts = self.judged(start, line)
        self.review = (line, verdicts)
        return verdicts

    def progress(self, start: str, line: Moves, given: int = 0) -> float:
        """The share of ``line``'s placed moves (past the ``given`` ones) judged so far."""
        placed = sum(1 for sq in line[given:] if sq != PASS)
        return min(1.0, len(self.judged(start, line)) / placed) if placed else 0.0

    def reviewed(self, game: Game) -> dict[int, MoveReview]:
        """The verdicts on ``game``'s moves (undone ones too) by ply."""
        judged = self.judged(game.start.to_string(), tuple(game.moves))
        return {verdict.ply: verdict for verdict in judged}

    def points(self, game: Game, last: int) -> list[GraphPoint]:
        """A point for each of the game's first ``last`` moves that has a score, in order:
        the review's (with its mark) where the game was reviewed, else a search's."""
        reviewed = self.reviewed(game)
        points = []
        for k in range(1, last + 1):
            verdict = reviewed.get(k - 1)
            if verdict is not None:
                sign = 1 if verdict.color == "black" else -1
                score = sign * verdict.played_score
                points.append(GraphPoint(k, score, verdict.exact, verdict.mark))
                continue
            found = self.scores.get(tuple(game.moves[:k]))
            if found is not None:
                points.append(GraphPoint(k, found[0], found[1]))
        return points

    # ----- kept with the game across a restart (the autosave) ---------------------------

    def to_data(self, game: Game) -> dict[str, Any]:
        """What is known about ``game``'s moves (undone ones too) as plain data, by ply:
        the scores, the verdicts, the moves a person placed and the book's, and how many
        moves the last finished review judged."""
        moves, start = tuple(game.moves), game.start.to_string()
        reviewed = self.reviewed(game)
        done = self.review is not None and moves[: len(self.review[0])] == self.review[0]
        return {
            "scores": [
                [k, *self.scores[moves[:k]]]
                for k in range(1, len(moves) + 1)
                if moves[:k] in self.scores
            ],
            "verdicts": [_verdict_data(reviewed[ply]) for ply in sorted(reviewed)],
            "people": [p for p in range(len(moves)) if moves[: p + 1] in self.people],
            "book": [p for p in range(len(moves)) if moves[: p + 1] in self.book],
            "reviewed": len(self.review[0]) if done and self.review else None,
            "given": game.given,  # the moves that came with the start: never reviewed
            "start": start,
        }

    def restore(self, game: Game, data: object) -> int:
        """Take back what ``to_data`` kept for ``game``; whatever does not fit the game (a
        damaged or edited file) is left out. Returns how many entries were left out."""
        if not isinstance(data, dict) or data.get("start") != game.start.to_string():
            return 1 if data else 0
        moves, start = tuple(game.moves), game.start.to_string()
        skipped = 0
        for entry in _rows(data.get("scores")):
            if len(entry) == 3 and _ply(entry[0], len(moves) + 1) and entry[0] > 0:
                if _is_int(entry[1]) and isinstance(entry[2], bool):
                    self.scores[moves[: entry[0]]] = (entry[1], entry[2])
                    continue
            skipped += 1
        for entry in _rows(data.get("verdicts")):
            verdict = _verdict(entry, game)
            if verdict is None:
                skipped += 1
            else:
                self.verdicts[start, moves[: verdict.ply + 1]] = verdict
        for key, kept in (("people", self.people), ("book", self.book)):
            for ply in _rows(data.get(key)):
                if _ply(ply, len(moves)):
                    kept.add(moves[: ply + 1])
                else:
                    skipped += 1
        reviewed, given = data.get("reviewed"), data.get("given")
        given = max(game.given, given if _ply(given, len(moves) + 1) else 0)
        if (
            _ply(reviewed, len(moves) + 1)
            and self.first_unjudged(start, moves[:reviewed], given) is None
        ):
            self.review_done(start, moves[:reviewed])
        return skipped


def kept_review(game: Game, kept: Iterable[object]) -> GameJudgement | None:
    """The first of ``kept`` (what windows kept of games' moves, as ``to_data`` wrote it)
    whose finished review judged every move of ``game`` up to its cursor: its scores and
    verdicts, not who placed the discs (the game comes from the library, not from a person's
    hand here); None when none of them has that review."""
    moves = tuple(game.moves[: game.cursor])
    for data in kept:
        judgement = GameJudgement()
        judgement.restore(game, data)
        if judgement.review is not None and judgement.review[0] == moves:
            judgement.people.clear()
            return judgement
    return None


class Judgements:
    """Each game's GameJudgement (a game's goes when the game does), and who wants to hear
    when one has taken in a finished review (the autosave keeps it with its game)."""

    def __init__(self) -> None:
        self.by_game: WeakKeyDictionary[Game, GameJudgement] = WeakKeyDictionary()
        self.on_reviewed: list[Callable[[], None]] = []

    def of(self, game: Game) -> GameJudgement:
        return self.by_game.setdefault(game, GameJudgement())

    def known(self, game: Game) -> GameJudgement | None:
        """The game's judgement if anything was ever noted for it (none is made here)."""
        return self.by_game.get(game)

    def reviewed(self) -> None:
        """A review has finished: its verdicts are worth keeping now."""
        for listener in list(self.on_reviewed):
            listener()


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _ply(value: object, limit: int) -> TypeGuard[int]:
    return _is_int(value) and 0 <= value < limit  # type: ignore[operator]


def _rows(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _verdict_data(verdict: MoveReview) -> list[Any]:
    v = verdict
    return [
        v.ply, v.number, v.color, v.played, v.best, v.best_score, v.played_score, v.exact,
        [list(pair) for pair in v.scores], list(v.line), [t.as_json() for t in v.themes],
    ]  # fmt: skip


def _verdict(entry: object, game: Game) -> MoveReview | None:
    """A saved verdict, if it is one about this game's move at its ply (one kept before the
    coach has no line and no themes)."""
    if not isinstance(entry, list) or len(entry) not in (9, 11):
        return None
    line, themes = _explained(entry[9:]) if len(entry) == 11 else ((), ())
    ply, number, color, played, best, best_score, played_score, exact, scores = entry[:9]
    ints = (number, played, best, best_score, played_score)
    if not _ply(ply, len(game.moves)) or not all(_is_int(v) for v in ints):
        return None
    if color not in ("black", "white") or not isinstance(exact, bool):
        return None
    if game.moves[ply] != played or not 0 <= best < 64:
        return None
    pairs = [tuple(p) for p in _rows(scores) if isinstance(p, list) and len(p) == 2]
    if not all(_is_int(a) and _is_int(b) for a, b in pairs):
        return None
    return MoveReview(ply, number, color, played, best, best_score, played_score, exact,
                      tuple(sorted(pairs)), line, themes)  # fmt: skip


def _explained(data: list[Any]) -> tuple[tuple[int, ...], tuple[ThemeFound, ...]]:
    """A saved verdict's line and themes; what does not hold up is left out."""
    line_data, theme_data = data
    line = tuple(sq for sq in _rows(line_data) if _is_int(sq) and -1 <= sq < 64)
    themes = []
    for item in _rows(theme_data):
        if not isinstance(item, dict):
            continue
        numbers = {k: v for k, v in item.items() if k != "name" and isinstance(v, (int, str))}
        try:
            themes.append(ThemeFound(Theme(item.get("name")), numbers))
        except ValueError:
            continue
    return line, tuple(themes)
