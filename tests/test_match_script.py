"""scripts/match.py: the strength figures' tool, finishing a stopped match."""

from __future__ import annotations

import match  # scripts/match.py (pyproject: pytest's pythonpath)
import pytest

from othello.core.notation import parse_square
from othello.engine.book import Correction, CorrectionKind, correction


def game_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("game")]


@pytest.mark.slow
def test_from_game_plays_only_the_rest_of_a_match(capsys: pytest.CaptureFixture[str]) -> None:
    """A match stopped after some games can be finished: the games played are the
    later ones, with the same openings and colours as in the whole match."""
    assert match.main(["greedy", "baseline", "--games", "6"]) == 0
    whole = capsys.readouterr().out
    assert match.main(["greedy", "baseline", "--games", "6", "--from-game", "5"]) == 0
    rest = capsys.readouterr().out
    later = sorted(line for line in game_lines(whole) if int(line.split()[1]) >= 5)
    assert len(later) == 2 and sorted(game_lines(rest)) == later
    summary = rest.strip().splitlines()[-1]
    assert summary.endswith("(games 5-6)") and "(games" not in whole
    record = summary.split(": ")[1].split(" ")[0]
    assert sum(int(n) for n in record.split("-")) == 2


def test_from_game_outside_the_match_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        match.main(["greedy", "baseline", "--games", "4", "--from-game", "5"])
    assert "--from-game must be 1..4" in capsys.readouterr().err


@pytest.mark.parametrize("spec", ["custom:depth=2,exact=4", "custom:depth=2,mpc=1.5,time=1"])
def test_a_custom_level_plays_a_legal_move(spec: str) -> None:
    """A level to try (a row of the level table changed), with or without Multi-ProbCut."""
    board = match.Board.from_transcript("f5d6c3d3c4")
    move = match.make_player(spec, seed=1)(board)
    assert board.is_legal(move)


@pytest.mark.slow
def test_an_endgame_match_starts_from_real_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--start-empties 10``: every game starts from a real game's position at 10 empties,
    the same one for both colours of a pair, and plays it out (issue 55's endgame matches)."""
    import level_probe

    from support.shared_data import need_shared

    monkeypatch.setattr(level_probe, "GAMES", need_shared("games", "wthor-1977-2025.txt.gz"))
    start = match.endgame_start(1, 10)
    assert start.empties() == 10 and start.legal_squares()
    assert match.main(["greedy", "depth:2", "--start-empties", "10", "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert len(game_lines(out)) == 4


def test_a_match_counts_the_moves_each_book_played(tmp_path: match.Path) -> None:
    """Issue 55: a match of the book's levels says how many moves of each game came from the
    book (None for a player that keeps no count) and can write every game's transcript."""
    index, _, _, _, transcript, _, book = match.run_pair(("level:10+book", "greedy", 0, 4))
    assert index == 0 and book[1] is None and match.Board.from_transcript(transcript).is_game_over()
    assert book[0] is not None and 1 <= book[0] <= 8  # its moves of the first 20 at most
    player = match.make_player("level:10+book", seed=1)
    player(match.Board())
    assert isinstance(player, match.EnginePlayer) and player.book_moves == 1
    out = tmp_path / "games.txt"
    assert match.main(["level:1", "greedy", "--games", "2", "--games-out", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert sorted(line.split()[0] for line in lines) == ["1", "2"]
    assert all(match.Board.from_transcript(line.split()[1]).is_game_over() for line in lines)


LEARNED = CorrectionKind.LEARNED


def test_learn_hands_what_the_first_player_s_book_learned_to_its_next_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 55: with --learn the first player's book learns after each game it played from
    its book (the window's learning, its search stubbed here), and the engine of its next
    game reads what it learned; the games must be played one after another."""
    with pytest.raises(SystemExit):
        match.main(["level:10+book", "greedy", "--learn", "--jobs", "2"])
    start = match.Board()
    fix = correction(start.player, start.opponent, parse_square("f5"), -30, 20, LEARNED)
    calls: list[tuple[list[int], dict[int, int]]] = []

    def fake_learn(
        book: object, board: object, moves: list[int], found: dict[int, int], search: object
    ) -> tuple[Correction, ...]:
        calls.append((list(moves), dict(found)))
        return (fix,)

    made: list[object] = []
    make = match.make_player

    def recording(spec: str, seed: int) -> match.Player:
        made.append(player := make(spec, seed))
        return player

    monkeypatch.setattr(match, "learn", fake_learn)
    monkeypatch.setattr(match, "deep_search", lambda: None)
    monkeypatch.setattr(match, "make_player", recording)
    assert (
        match.main(["level:10+book", "greedy", "--games", "2", "--opening-plies", "0", "--learn"])
        == 0
    )
    assert len(calls) == 2 and match.learned[0] == (fix,)
    first, second = made[0], made[2]  # the first player of each game
    assert isinstance(first, match.EnginePlayer) and isinstance(second, match.EnginePlayer)
    assert first.engine.corrections == () and second.engine.corrections == (fix,)
    moves, found = calls[0]
    assert len(moves) >= 9 and found[0] > 0  # the whole game; the learner (black) won it
