"""othello.ini: every hostile file still starts the game, with a notice per thing ignored."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from othello.app.files import paths
from othello.app.settings import keys as schema
from othello.app.settings.keys import DEFAULTS, Settings
from othello.app.settings.loading import load_settings, parse_ini
from othello.app.settings.watch import SettingsWatch
from othello.core.errors import ConfigError
from othello.engine.levels import LEVELS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def isolated_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test reads or writes the real user's settings; no checkout file unless a test asks."""
    monkeypatch.setenv("OTHELLO_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("OTHELLO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(paths, "checkout_ini", lambda pkg=None: None)
    return tmp_path


def write(tmp_path: Path, content: str | bytes, name: str = "othello.ini") -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def values(s: Settings) -> tuple[object, ...]:
    return tuple(getattr(s, k.field) for k in schema.KEYS)


# ----- the shipped file ---------------------------------------------------------------


def test_shipped_ini_gives_exactly_the_defaults_and_no_notices() -> None:
    settings, notices = load_settings(paths.default_ini())
    assert notices == []
    assert settings == DEFAULTS
    assert (settings.window_width, settings.window_height, settings.square_size) == (1280, 800, 70)
    assert (settings.fps, settings.animation, settings.level) == (30, True, 2)
    assert (settings.human_color, settings.show_legal_moves, settings.sound) == (
        "black",
        True,
        True,
    )
    assert settings.animation_speed == 1.0


def test_basic_section_keeps_the_original_keys_and_values() -> None:
    text = paths.default_ini().read_text(encoding="utf-8")
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and ln.strip()[0] not in ";#"]
    start = lines.index("[BASIC]")
    assert lines[start : start + 6] == [
        "[BASIC]",
        "WINDOWWIDTH = 1280",
        "WINDOWHEIGHT = 800",
        "SQUARESIZE = 70",
        "FPS = 30",
        "ANIMATION = True",
    ]


def test_every_key_in_the_shipped_file_is_commented() -> None:
    lines = paths.default_ini().read_text(encoding="utf-8").splitlines()
    for key in schema.KEYS:
        index = next(i for i, ln in enumerate(lines) if ln.startswith(key.name + " ="))
        assert lines[index - 1].startswith(";") or lines[index - 2].startswith(";"), key.name


def test_level_range_matches_the_engines_levels() -> None:
    from othello.engine.api import LEVELS

    key = schema.KEY_BY_NAME["LEVEL"]
    assert (key.low, key.high) == (1, len(LEVELS))
    assert [lv.number for lv in LEVELS] == list(range(1, len(LEVELS) + 1))


def test_a_first_start_meets_the_first_level() -> None:
    # The level a new player can beat sometimes (measured: docs/benchmarks.md).
    from othello.engine.levels import FIRST_LEVEL

    assert schema.DEFAULTS.level == FIRST_LEVEL  # and the shipped file gives DEFAULTS (above)


def test_the_default_files_words_say_what_the_game_does(tmp_path: Path) -> None:
    """Its header says what a bad value does at a start and in a live edit, as the game does
    it; the keys and levels its comments name are today's."""
    from othello.gui.scenes.play_keys import KEYS

    text = paths.default_ini().read_text(encoding="utf-8")
    header = " ".join(line.lstrip("; ") for line in text.split("[BASIC]")[0].splitlines())
    assert "at a start, the setting takes its default" in header
    assert "while the game runs, the value in effect stays" in header
    bad = text.replace("ANIMATION = True", "ANIMATION = perhaps")
    settings, notices = parse_ini(bad, "othello.ini")[:2]
    assert settings.animation is True and notices[0].endswith("using the default, True")
    ini = write(tmp_path, text)
    watch = SettingsWatch(ini)
    ini.write_text(bad, encoding="utf-8")
    reload = watch._read(replace(DEFAULTS, animation=False))
    assert reload.settings.animation is False
    assert reload.notices[0].endswith("the value in effect stays")
    (letter,) = re.findall(r"\(key (\w) chooses\)", text)
    assert KEYS[getattr(pygame, f"K_{letter.lower()}")] == "game"  # the Game card
    (levels,) = re.findall(r"levels (\d+-\d+), hints", text)
    parallel = [lv.number for lv in LEVELS if lv.parallel]
    assert levels == f"{parallel[0]}-{parallel[-1]}"


def test_settings_are_frozen() -> None:
    with pytest.raises(AttributeError):
        DEFAULTS.level = 5  # type: ignore[misc]


# ----- hostile files: the game still starts ----------------------------------------------


def test_missing_ini_gives_defaults_and_a_notice() -> None:
    settings, notices = load_settings()
    assert values(settings) == values(DEFAULTS)
    assert settings.source is None
    assert len(notices) == 1 and "No othello.ini found" in notices[0]


def test_empty_file(tmp_path: Path) -> None:
    settings, notices = load_settings(write(tmp_path, ""))
    assert values(settings) == values(DEFAULTS)
    assert notices and "no settings" in notices[0]


def test_comments_only_file(tmp_path: Path) -> None:
    settings, notices = load_settings(write(tmp_path, "; nothing here\n# at all\n"))
    assert values(settings) == values(DEFAULTS)
    assert len(notices) == 1


def test_no_basic_section_uses_the_rest(tmp_path: Path) -> None:
    settings, notices = load_settings(write(tmp_path, "[GAME]\nLEVEL = 16\n"))
    assert settings.level == 16
    assert settings.window_width == 1280
    assert any("no [BASIC] section" in n for n in notices)


def test_keys_before_any_section_are_read_with_a_notice(tmp_path: Path) -> None:
    settings, notices = load_settings(write(tmp_path, "FPS = 20\n"))
    assert settings.fps == 20
    assert notices == ["othello.ini line 1: FPS belongs in [BASIC], read anyway"]


def test_unknown_keys_are_ignored_with_a_notice(tmp_path: Path) -> None:
    settings, notices = load_settings(write(tmp_path, "[BASIC]\nFPS = 25\nCOLOUR = red\n"))
    assert settings.fps == 25
    assert notices == ["othello.ini line 3: unknown setting COLOUR ignored"]


@pytest.mark.parametrize(
    "line, problem",
    [
        ("FPS = abc", "not a whole number"),
        ("FPS = 12.5", "not a whole number"),
        ("FPS = -30", "outside the range"),
        ("FPS = 0", "outside the range"),
        ("FPS = 99999999", "outside the range"),
        ("FPS = 1e9", "not a whole number"),
        ("FPS = " + "9" * 5000, "outside the range"),
        ("FPS = 99999999999999999999", "outside the range 1 to 240"),
        ("FPS = -99999999999999999999", "outside the range 1 to 240"),
        ("FPS = \u0663\u0660", "not a whole number"),  # Arabic-Indic 30: int() would take it
        ("FPS = \uff13\uff10", "not a whole number"),  # fullwidth 30
        ("FPS =", "not a whole number"),
    ],
)
def test_bad_numbers_fall_back_for_that_key_only(tmp_path: Path, line: str, problem: str) -> None:
    path = write(tmp_path, f"[BASIC]\nWINDOWWIDTH = 1000\n{line}\nANIMATION = no\n")
    settings, notices = load_settings(path)
    assert settings.fps == 30
    assert settings.window_width == 1000 and settings.animation is False
    assert len(notices) == 1
    assert "line 3" in notices[0] and "FPS" in notices[0] and problem in notices[0]
    assert "using the default, 30" in notices[0]


@pytest.mark.parametrize(
    "key, value, default",
    [
        ("WINDOWWIDTH", "-1280", 1280),
        ("WINDOWWIDTH", "100000", 1280),
        ("WINDOWHEIGHT", "0", 800),
        ("SQUARESIZE", "0", 70),
        ("SQUARESIZE", "-70", 70),
        ("SQUARESIZE", "1000000", 70),
    ],
)
def test_window_numbers_out_of_range(tmp_path: Path, key: str, value: str, default: int) -> None:
    settings, notices = load_settings(write(tmp_path, f"[BASIC]\n{key} = {value}\n"))
    field = schema.KEY_BY_NAME[key].field
    assert getattr(settings, field) == default
    assert len(notices) == 1 and key in notices[0]


def test_animation_maybe(tmp_path: Path) -> None:
    settings, notices = load_settings(write(tmp_path, "[BASIC]\nANIMATION = maybe\n"))
    assert settings.animation is True
    assert len(notices) == 1 and "ANIMATION = 'maybe' is not true or false" in notices[0]


@pytest.mark.parametrize(
    "word, expected",
    [
        ("true", True),
        ("Yes", True),
        ("ON", True),
        ("1", True),
        ("False", False),
        ("no", False),
        ("off", False),
        ("0", False),
    ],
)
def test_boolean_words(tmp_path: Path, word: str, expected: bool) -> None:
    settings, notices = load_settings(write(tmp_path, f"[BASIC]\nanimation = {word}\n"))
    assert settings.animation is expected and notices == []


def test_key_and_section_names_are_case_insensitive(tmp_path: Path) -> None:
    text = "[basic]\nWindowWidth = 1024\nfps: 60\n[Game]\nhuman_color = White\nLevel = 16\n"
    settings, notices = load_settings(write(tmp_path, text))
    assert notices == []
    assert (settings.window_width, settings.fps, settings.human_color, settings.level) == (
        1024,
        60,
        "white",
        16,
    )


def test_inline_comments_and_spaces(tmp_path: Path) -> None:
    text = "[ BASIC ]  ; the window\n   FPS   =  45   ; smooth\n[GAME] # mine\nLEVEL = 12 # easy\n"
    settings, notices = load_settings(write(tmp_path, text))
    assert (settings.fps, settings.level, notices) == (45, 12, [])


def test_bad_game_values(tmp_path: Path) -> None:
    text = "[GAME]\nLEVEL = 18\nHUMAN_COLOR = green\nSHOW_LEGAL_MOVES = sometimes\n"
    text += "[SOUND]\nSOUND = loud\n[ANIMATION]\nANIMATION_SPEED = nan\n"
    settings, notices = load_settings(write(tmp_path, text))
    assert values(settings) == values(DEFAULTS)
    assert len(notices) == 6  # five bad values and "no [BASIC] section"
    for name in ("LEVEL", "HUMAN_COLOR", "SHOW_LEGAL_MOVES", "SOUND", "ANIMATION_SPEED"):
        assert any(name in n for n in notices), name


def test_animation_speed_float(tmp_path: Path) -> None:
    settings, notices = load_settings(
        write(tmp_path, "[ANIMATION]\nANIMATION_SPEED = 2.5\n[BASIC]\n")
    )
    assert settings.animation_speed == 2.5 and notices == []


def test_board_larger_than_window_is_kept_with_a_notice(tmp_path: Path) -> None:
    path = write(tmp_path, "[BASIC]\nWINDOWWIDTH = 800\nWINDOWHEIGHT = 600\nSQUARESIZE = 100\n")
    settings, notices = load_settings(path)
    assert settings.square_size == 100  # the GUI scales the board down to fit
    assert len(notices) == 1 and "scaled to fit" in notices[0]


def test_repeated_key_later_one_counts(tmp_path: Path) -> None:
    settings, notices = load_settings(write(tmp_path, "[BASIC]\nFPS = 20\nFPS = 40\n"))
    assert settings.fps == 40
    assert len(notices) == 1 and "set again" in notices[0]


def test_not_valid_utf8_keeps_the_readable_settings(tmp_path: Path) -> None:
    path = paths.user_ini()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"[BASIC]\n; caf\xe9 au lait\nFPS = 50\nSQUARESIZE = 6\xff0\n")
    settings, notices = load_settings()
    assert settings.fps == 50
    assert settings.square_size == 70
    assert any("not valid UTF-8" in n for n in notices)
    assert any("SQUARESIZE" in n for n in notices)


def test_utf16_from_a_windows_editor(tmp_path: Path) -> None:
    path = write(tmp_path, "[BASIC]\r\nFPS = 44\r\n".encode("utf-16"))
    settings, notices = load_settings(path)
    assert settings.fps == 44 and notices == []


def test_quoted_values(tmp_path: Path) -> None:
    settings, notices = load_settings(
        write(tmp_path, "[GAME]\nHUMAN_COLOR = \"white\"\nLEVEL = '15'\n[BASIC]")
    )
    assert (settings.human_color, settings.level, notices) == ("white", 15, [])


def test_utf8_bom_is_fine(tmp_path: Path) -> None:
    settings, notices = load_settings(write(tmp_path, "\ufeff[BASIC]\nFPS = 33\n".encode()))
    assert settings.fps == 33 and notices == []


@pytest.mark.parametrize(
    "content",
    [
        "This is a shopping list.\nMilk\nEggs\n",
        '{"window": {"width": 1280}}',
        "<html><body>not ini</body></html>",
        "[" + " " * 5_000 + "x",  # once took minutes: the section pattern backtracked
        "LEVEL" + " " * 5_000 + "x",
    ],
)
def test_not_ini_at_all_found_by_search(tmp_path: Path, content: str) -> None:
    user = paths.user_ini()
    user.parent.mkdir(parents=True)
    user.write_text(content, encoding="utf-8")
    settings, notices = load_settings()
    assert values(settings) == values(DEFAULTS)
    assert len(notices) == 1 and "not an INI file" in notices[0]


def test_binary_file_found_by_search(tmp_path: Path) -> None:
    user = paths.user_ini()
    user.parent.mkdir(parents=True)
    user.write_bytes(bytes(range(256)) * 4)
    settings, notices = load_settings()
    assert values(settings) == values(DEFAULTS)
    assert notices == [f"{user} is not a text file; using the built-in defaults"]


def test_a_huge_file_found_by_search_is_refused_unread(tmp_path: Path) -> None:
    user = paths.user_ini()
    user.parent.mkdir(parents=True)
    with user.open("wb") as file:
        file.truncate(4_000_000_000)  # sparse: reading it all would take 4 GB
    settings, notices = load_settings()
    assert values(settings) == values(DEFAULTS)
    assert notices == [  # the size and the rule, as the docs say it (issue 36)
        f"{user} is 4,000,000,000 bytes; a settings file over 1 MB is refused; "
        "using the built-in defaults"
    ]


def test_unreadable_file_found_by_search(tmp_path: Path) -> None:
    user = paths.user_ini()
    user.mkdir(parents=True)  # a folder where the file should be: reading fails
    settings, notices = load_settings()
    assert values(settings) == values(DEFAULTS)
    assert len(notices) == 1


def test_many_problems_are_capped(tmp_path: Path) -> None:
    text = "[BASIC]\n" + "".join(f"KEY{i} = {i}\n" for i in range(100))
    _, notices = load_settings(write(tmp_path, text))
    assert len(notices) == 12 and "more problems" in notices[-1]


# ----- an explicit --config path ------------------------------------------------------


@pytest.mark.parametrize(
    "make, problem",
    [
        (lambda d: d / "nope.ini", "does not exist"),
        (lambda d: d, "is not a file"),
        (lambda d: write(d, b"\x89PNG\r\n\x1a\n\0\0\0", "picture.png"), "is not a text file"),
        (lambda d: write(d, b"[BASIC]\nFPS = 3\xff0\n", "latin.ini"), "is not valid UTF-8"),
        (lambda d: write(d, "just some words\n", "notes.txt"), "is not an INI file"),
    ],
)
def test_explicit_path_that_cannot_be_used_raises_naming_file_and_problem(
    tmp_path: Path, make: object, problem: str
) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    with pytest.raises(ConfigError) as info:
        load_settings(path)
    message = str(info.value)
    assert str(path) in message and problem in message
    assert "\n" not in message


def test_explicit_path_with_bad_values_still_starts(tmp_path: Path) -> None:
    settings, notices = load_settings(write(tmp_path, "[BASIC]\nFPS = fast\n"))
    assert settings.fps == 30 and len(notices) == 1


def test_config_error_is_an_othello_error() -> None:
    from othello import OthelloError

    assert issubclass(ConfigError, OthelloError)


# ----- search order -------------------------------------------------------------------


def test_search_order_explicit_then_checkout_then_user_then_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checkout = write(tmp_path, "[BASIC]\nFPS = 11\n", "checkout.ini")
    explicit = write(tmp_path, "[BASIC]\nFPS = 22\n", "explicit.ini")
    user = paths.user_ini()
    user.parent.mkdir(parents=True)
    user.write_text("[BASIC]\nFPS = 33\n", encoding="utf-8")
    monkeypatch.setattr(paths, "checkout_ini", lambda pkg=None: checkout)

    assert load_settings(explicit)[0].fps == 22
    assert load_settings()[0].fps == 11
    assert load_settings()[0].source == checkout
    checkout.unlink()
    assert load_settings()[0].fps == 33
    assert load_settings()[0].source == user
    user.unlink()
    assert load_settings()[0].fps == 30
    assert load_settings()[0].source is None


def test_an_othello_ini_in_the_working_directory_is_read_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Started from the project folder, the othello.ini there is the one read (and written)."""
    folder = tmp_path / "project"
    folder.mkdir()
    here = write(folder, "[BASIC]\nFPS = 7\n")
    paths.user_config_dir().mkdir(parents=True)
    write(paths.user_config_dir(), "[BASIC]\nFPS = 9\n")
    monkeypatch.chdir(folder)
    settings, _ = load_settings()
    assert (settings.fps, settings.source) == (7, here)
    monkeypatch.chdir(tmp_path)  # elsewhere: the user's own
    assert load_settings()[0].fps == 9


def test_an_inline_comment_without_a_space_is_kept(tmp_path: Path) -> None:
    path = write(
        tmp_path, "[GAME]\nLEVEL = 2;easy\nLADDER = 17\nHUMAN_COLOR = white#mine\n[BASIC]\n"
    )
    settings, notices = load_settings(path)
    assert (settings.level, settings.human_color, notices) == (2, "white", [])


@pytest.mark.parametrize("text", ["1_0", "\u0661.\u0665", "1.5.2", "inf", "-nan"])
def test_animation_speed_takes_plain_ascii_numbers_only(tmp_path: Path, text: str) -> None:
    settings, notices = load_settings(
        write(tmp_path, f"[BASIC]\n[ANIMATION]\nANIMATION_SPEED = {text}\n")
    )
    assert settings.animation_speed == 1.0
    assert len(notices) == 1 and "not a" in notices[0]
