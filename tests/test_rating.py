"""The player's strength: the levels' ratings from the ladder's measured scores, the rating's
update on made-up results, the suggestion to go up, and the file that keeps it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from othello.app.library import strength as strength_store
from othello.app.library.database import Library
from othello.app.library.strength import RatedGame
from othello.club.rating import (
    BASE,
    LEVEL_RATINGS,
    START_DEVIATION,
    Certainty,
    Rating,
    Step,
    Suggestion,
    elo_difference,
    suggestion,
)
from othello.engine.levels import LADDER, LEVELS


def test_each_levels_rating_comes_from_its_measured_score_against_the_one_below() -> None:
    assert set(LEVEL_RATINGS) == {lv.number for lv in LEVELS} and LEVEL_RATINGS[1] == BASE
    for n in range(2, len(LEVELS) + 1):
        gap = LEVEL_RATINGS[n] - LEVEL_RATINGS[n - 1]
        assert gap == pytest.approx(elo_difference(LADDER[n]))
        assert 0.6 <= LADDER[n] <= 0.8 and gap > 0  # a ladder without walls, going up
    assert elo_difference(0.5) == 0 and elo_difference(0.76) == pytest.approx(200, abs=2)
    assert elo_difference(0.909) == pytest.approx(400, abs=2)


def test_a_win_raises_the_rating_a_loss_lowers_it_a_draw_against_an_equal_changes_little() -> None:
    start = Rating(LEVEL_RATINGS[8], START_DEVIATION)
    win, loss, draw = start.after(8, 1.0), start.after(8, 0.0), start.after(8, 0.5)
    assert win.value > start.value > loss.value
    assert abs(draw.value - start.value) < 1
    assert win.games == loss.games == 1
    assert win.deviation < start.deviation  # a game says something: surer


def test_a_surprise_moves_the_rating_more_than_an_expected_result() -> None:
    me = Rating(LEVEL_RATINGS[8], 200, 5)  # a player with games behind them
    upset = me.after(12, 1.0).value - me.value  # beating a much stronger level
    expected = me.after(4, 1.0).value - me.value  # beating a much weaker one
    assert upset > 3 * expected > 0
    assert me.expected(12) < 0.2 < 0.8 < me.expected(4)


def test_games_pile_up_and_the_rating_settles_near_the_players_true_strength() -> None:
    # Made-up results of a player exactly as strong as level 10: 3 games in 4 against
    # level 8... as the ladder's own scores say, alternating levels 9, 10 and 11.
    rating = Rating()
    for game in range(120):
        level = (9, 10, 11)[game % 3]
        expected = 1 / (1 + 10 ** ((LEVEL_RATINGS[level] - LEVEL_RATINGS[10]) / 400))
        score = 1.0 if (game * 0.618) % 1 < expected else 0.0  # evenly spread wins
        rating = rating.after(level, score)
    assert abs(rating.value - LEVEL_RATINGS[10]) < 120
    assert rating.nearest_level() in (9, 10, 11)
    assert rating.deviation == pytest.approx(60)  # as sure as it gets


def test_winning_most_games_at_a_level_suggests_the_next() -> None:
    assert suggestion([(7, 1.0)] * 4, 7) is None  # too few games yet
    up = suggestion([(7, 1.0), (7, 1.0), (7, 0.0), (7, 1.0), (7, 0.5)], 7)
    assert up == Suggestion(7, Step.UP) and up.level == 8
    assert suggestion([(7, 1.0), (7, 0.0), (7, 0.0), (7, 1.0), (7, 0.5)], 7) is None
    assert suggestion([(6, 1.0)] * 5 + [(7, 1.0)] * 2, 7) is None  # other levels' games
    assert suggestion([(17, 1.0)] * 5, 17) is None  # no level above the top


def test_losing_the_recent_games_at_a_level_suggests_the_one_below() -> None:
    assert suggestion([(14, 0.0)] * 2, 14) is None  # too few games yet
    down = suggestion([(14, 1.0), (14, 0.0), (14, 0.5), (14, 0.0)], 14)
    assert down == Suggestion(14, Step.DOWN) and down.level == 13
    assert suggestion([(14, 0.0), (14, 1.0), (14, 0.0)], 14) is None  # one won: not far too strong
    assert suggestion([(14, 0.0)] * 2 + [(13, 0.0)], 14) is None  # other levels' games
    assert suggestion([(1, 0.0)] * 3, 1) is None  # no level below the first


def test_the_rating_says_how_sure_it_is_and_which_levels_it_spans() -> None:
    new = Rating().after(5, 0.0)
    assert new.certainty() is Certainty.UNCERTAIN
    low, high = new.level_range()
    assert low < new.nearest_level() < high
    settled = Rating(LEVEL_RATINGS[9], 60.0, 40)
    assert settled.certainty() is Certainty.SURE and settled.level_range() == (8, 10)
    assert Rating(LEVEL_RATINGS[9], 120.0, 12).certainty() is Certainty.FAIR


def test_the_library_keeps_the_rating_and_its_history(tmp_path: Path) -> None:
    with Library(tmp_path / "library.sqlite3") as library:
        strength, notice = strength_store.load(library)
        assert notice is None and strength.rating.games == 0 and strength.history == []
        strength.add(9, 1.0)
        strength_store.write(library, strength.history[-1:], strength.rating)
        strength.add(10, 0.5)
        strength_store.write(library, strength.history[-1:], strength.rating)
    with Library(tmp_path / "library.sqlite3") as library:
        again, notice = strength_store.load(library)
    assert notice is None and again.rating.games == 2
    assert [(g.level, g.score) for g in again.history] == [(9, 1.0), (10, 0.5)]
    assert again.rating.value == pytest.approx(strength.rating.value, abs=0.1)


@pytest.mark.parametrize(
    "text", ["{", json.dumps({"value": 1e999}), "[" * 5000, json.dumps([1, 2])]
)
def test_a_damaged_rating_begins_again_and_keeps_the_games(tmp_path: Path, text: str) -> None:
    with Library(tmp_path / "library.sqlite3") as library:
        strength_store.write(library, [RatedGame("2026-01-01", 5, 1.0, 900.0, 200.0)], Rating())
        library.set_meta(strength_store.RATING, text)
        strength, notice = strength_store.load(library)
    assert strength.rating.games == 0 and len(strength.history) == 1
    assert notice is not None and "begins again" in notice


def test_a_first_game_moves_the_rating_about_a_level_from_the_one_played() -> None:
    """Issue 51, item 9: a first game lost 23-41 to level 2 read "about level 5" (the rating
    began mid-ladder, at level 9's); it begins at the level of the first game now."""
    lost, won = Rating().after(2, 0.0), Rating().after(2, 1.0)
    assert lost.nearest_level() <= 2 < 3 <= won.nearest_level() <= 3
    for after in (lost, won):
        step = abs(after.value - LEVEL_RATINGS[2])
        assert 100 < step < LEVEL_RATINGS[3] - LEVEL_RATINGS[2]  # less than a level's gap
    assert Rating().after(12, 0.5).nearest_level() == 12  # an even game: where it was played


@pytest.mark.parametrize("language", ["en", "ja", "de"])
def test_the_ratings_words_follow_its_number_and_certainty_in_every_form(language: str) -> None:
    """The panel's forms, longest to shortest, all name the same levels; an uncertain rating
    names the levels it spans, not one level, and no form is a bare figure."""
    from othello.app.i18n import set_language
    from othello.gui.model.club_words import level_words, strength_line, strength_short

    set_language(language)
    try:
        first = Rating().after(2, 0.0)
        low, high = first.level_range()
        for words in strength_short(first) + strength_line(first):
            assert f"{low}" in words and f"{high}" in words, words
        assert all("+/-" not in words for words in strength_short(first))
        sure = Rating(LEVEL_RATINGS[9], 60.0, 40)
        for words in strength_short(sure):
            assert "9" in words and "+/-" not in words, words
        assert level_words(sure)[-1] != level_words(first)[-1]
    finally:
        set_language("en")
    assert strength_short(first)[0] == f"you: level {low} to {high}, still uncertain after 1 game"
