"""The window's words in the player's language: the standard library's gettext, one catalog a
language (``locale/<code>/LC_MESSAGES/othello.mo``, compiled from ``po/<code>.po`` by
``scripts/translations.py``), and numbers written as each language writes them.

A sentence is marked where it is written, ``_("New game")``; a count with ``ngettext``
(``ngettext("{n} move", "{n} moves", n).format(n=integer(n))``); a word that means two things
in English with ``pgettext`` ("Pass" the button, "pass" the event); a sentence kept in a table
at import time with ``N_`` and translated with ``_`` where it is shown, since the language can
change while the window is open. Placeholders are named (``{side}``) so that a translation can
move them. The engine and the command line stay in English: only the window sets a language.
"""

from __future__ import annotations

import gettext
import os
import plistlib
import sys
from pathlib import Path

DOMAIN = "othello"
DEFAULT = "en"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "ja": "日本語",
    "zh_CN": "简体中文",
    "zh_TW": "繁體中文",
    "ko": "한국어",
    "fr": "Français",
    "de": "Deutsch",
    "es": "Español",
}
"""Every language the window speaks, each named in itself (the Settings card lists them so)."""
CJK = frozenset({"ja", "zh_CN", "zh_TW", "ko"})
"""Languages written without spaces between words (Korean has them, but its lines may also
break between syllables), and drawn with a CJK font of their own."""
AUTO = "auto"
"""The LANGUAGE setting's default: the system's language, where the window speaks it."""
ALIASES = {
    "zh": "zh_CN",
    "zh_hans": "zh_CN",
    "zh_sg": "zh_CN",
    "zh_hant": "zh_TW",
    "zh_hk": "zh_TW",
    "zh_mo": "zh_TW",
    "jp": "ja",
    "kr": "ko",
    "cn": "zh_CN",
    "tw": "zh_TW",
}

# Numbers as each language writes them (Unicode CLDR's decimal and grouping signs and percent
# patterns, checked against Babel's copy of CLDR by tests/test_i18n.py): French groups
# thousands with a narrow no-break space, German and Spanish with a dot, all three write the
# decimal comma and put a no-break space before %; Spanish groups only from five digits.
NUMBERS: dict[str, tuple[str, str, str, int]] = {
    # language: decimal sign, group sign, percent pattern, least digits to group
    "fr": (",", "\u202f", "{n}\u00a0%", 4),
    "de": (",", ".", "{n}\u00a0%", 4),
    "es": (",", ".", "{n}\u00a0%", 5),
}
ENGLISH_NUMBERS = (".", ",", "{n}%", 4)


class _State:
    code = DEFAULT
    translations: gettext.NullTranslations = gettext.NullTranslations()


_state = _State()


def locale_dir() -> Path:
    """The compiled catalogs, inside the package (the wheel and the app carry them)."""
    return Path(__file__).resolve().parent.parent / "locale"


def set_language(code: str) -> str:
    """Speak ``code`` (a LANGUAGES key) from now on; returns the language in effect, which is
    English when the code is unknown or its catalog is missing."""
    code = normalize(code) or DEFAULT
    if code == DEFAULT:
        translations: gettext.NullTranslations = gettext.NullTranslations()
    else:
        try:
            with open(locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as file:
                translations = gettext.GNUTranslations(file)
        except OSError:
            code, translations = DEFAULT, gettext.NullTranslations()
    _state.code, _state.translations = code, translations
    return code


def language() -> str:
    """The language the window speaks now."""
    return _state.code


def _(message: str) -> str:
    """``message`` in the language in effect (itself where the catalog lacks it)."""
    return _state.translations.gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for translation without translating it: for tables made at import
    time, whose entries are translated with ``_`` where they are shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence for the count ``n``, by the language's plural rule."""
    return _state.translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` names ("button", "event"...)."""
    return _state.translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _state.translations.npgettext(context, singular, plural, n)


def every_translation(message: str) -> set[str]:
    """``message`` as each language the window speaks says it (English too): for words the
    game once stored in the language of the day, to be read back in today's."""
    found = {message}
    for code in LANGUAGES:
        if code != DEFAULT:
            found.add(_catalog(code).gettext(message))
    return found


_CATALOGS: dict[str, gettext.NullTranslations] = {}


def _catalog(code: str) -> gettext.NullTranslations:
    if code not in _CATALOGS:
        try:
            with open(locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as file:
                _CATALOGS[code] = gettext.GNUTranslations(file)
        except OSError:
            _CATALOGS[code] = gettext.NullTranslations()
    return _CATALOGS[code]


# ----- which language ----------------------------------------------------------------------


def normalize(text: str) -> str | None:
    """The LANGUAGES key for a language tag or locale name ("ja_JP.UTF-8", "zh-Hant",
    "de-AT", "pt"), or None when the window does not speak it."""
    tag = text.strip().split(".")[0].split("@")[0].replace("-", "_").lower()
    if not tag or tag in ("c", "posix"):
        return None
    for code in LANGUAGES:
        if tag == code.lower():
            return code
    parts = tag.split("_")
    for length in (3, 2):  # zh_hant_tw -> zh_hant; zh_tw; then the language alone
        joined = "_".join(parts[:length])
        if joined in ALIASES:
            return ALIASES[joined]
        for code in LANGUAGES:
            if joined == code.lower():
                return code
    return parts[0] if parts[0] in LANGUAGES else ALIASES.get(parts[0])


def _posix_wanted() -> list[str]:
    """The languages the environment asks for, in gettext's order: LANGUAGE (a list), then
    the first of LC_ALL, LC_MESSAGES and LANG that is set."""
    wanted: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            wanted += value.split(":") if name == "LANGUAGE" else [value]
            if name != "LANGUAGE":
                break
    return wanted


def _windows_wanted() -> list[str]:
    import ctypes
    import locale

    try:
        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return []
    name = locale.windows_locale.get(lcid)
    return [name] if name else []


def _macos_wanted() -> list[str]:
    """The languages in System Settings, in order (the global preferences' AppleLanguages)."""
    path = Path.home() / "Library" / "Preferences" / ".GlobalPreferences.plist"
    try:
        with open(path, "rb") as file:
            languages = plistlib.load(file).get("AppleLanguages", [])
    except (OSError, ValueError, plistlib.InvalidFileException):
        return []
    return [str(name) for name in languages]


def system_language() -> str:
    """The first language the system asks for that the window speaks, else English. The
    environment first (a terminal's LANG, LANGUAGE=en for the tests), then the system's own
    setting on Windows and macOS, where the environment rarely says."""
    wanted = _posix_wanted()
    if sys.platform.startswith("win"):
        wanted += _windows_wanted()
    elif sys.platform == "darwin":
        wanted += _macos_wanted()
    for name in wanted:
        code = normalize(name)
        if code is not None:
            return code
    return DEFAULT


def resolve(setting: str) -> str:
    """The language for the LANGUAGE setting: ``auto`` is the system's."""
    if setting.strip().lower() == AUTO:
        return system_language()
    return normalize(setting) or DEFAULT


# ----- numbers -----------------------------------------------------------------------------


def _signs() -> tuple[str, str, str, int]:
    return NUMBERS.get(_state.code, ENGLISH_NUMBERS)


def _grouped(digits: str, sign: str, least: int) -> str:
    if len(digits) < least:
        return digits
    head = len(digits) % 3 or 3
    return sign.join([digits[:head], *(digits[i : i + 3] for i in range(head, len(digits), 3))])


def integer(n: int) -> str:
    """A whole number with its thousands grouped: 256,765 (English), 256 765 (French)."""
    _point, group, _percent, least = _signs()
    return ("-" if n < 0 else "") + _grouped(str(abs(n)), group, least)


def decimal(value: float, places: int = 1) -> str:
    """A number with ``places`` decimals: 1.9 (English), 1,9 (French, German, Spanish)."""
    point, group, _percent, least = _signs()
    text = f"{abs(value):.{places}f}"
    whole, _, part = text.partition(".")
    sign = "-" if value < 0 and float(text) != 0 else ""
    return sign + _grouped(whole, group, least) + (point + part if part else "")


def percent(n: int) -> str:
    """A whole percentage: 54% (English), 54 % (French, German)."""
    return _signs()[2].format(n=integer(n))
