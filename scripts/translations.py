"""The window's translations: extract the marked sentences, update each language's catalog,
compile the catalogs the game ships, and say what is missing. Needs Babel (the ``i18n``
extra: ``pip install -e '.[i18n]'``); the game itself needs only the standard library.

    python scripts/translations.py             # extract, update, compile, check (all four)
    python scripts/translations.py extract     # po/othello.pot from the sources
    python scripts/translations.py update      # po/<lang>.po: new sentences added (empty), gone ones dropped
    python scripts/translations.py compile     # src/othello/locale/<lang>/LC_MESSAGES/othello.mo
    python scripts/translations.py check       # untranslated, fuzzy, placeholders, glossary

What is extracted: every ``_()``, ``N_()``, ``ngettext()``, ``pgettext()`` and
``npgettext()`` with literal text in ``src/othello`` (a ``# Translators:`` comment above goes
along), the opening names of ``data/openings.tsv`` (context "opening") and the levels' names
and descriptions of ``othello.engine.levels`` (context "level"). tests/test_translations.py checks
the same without Babel: every marked sentence translated in every catalog, plural forms
present, placeholders kept, each catalog against its glossary (``po/glossary/<lang>.tsv``),
and every ``.mo`` compiled from its ``.po`` as it is now.
"""

from __future__ import annotations

import argparse
import datetime
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "othello"
PO = ROOT / "po"
TEMPLATE = PO / "othello.pot"
LOCALE = SOURCE / "locale"
sys.path.insert(0, str(ROOT / "src"))

from othello.app.i18n import DOMAIN, LANGUAGES  # noqa: E402

KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
FIXED_DATE = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
"""Every catalog's dates: a run that changes no sentence changes no file."""
OPENING_NOTE = (
    "an opening's name (after {moves}): the name players of your language use where they "
    "have one of their own (Japanese: 虎 for Tiger), else the English name as it is"
)
LEVEL_NOTE = "a level of the computer, as the panel names and describes it"


def template() -> Catalog:
    """Every sentence to translate, from the sources and the opening and level tables."""
    catalog = Catalog(
        domain=DOMAIN,
        project="othello",
        version="",
        copyright_holder="The othello-desktop developers",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
    )
    found = extract_from_dir(
        str(SOURCE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    )
    for filename, line, message, comments, context in found:
        where = (f"src/othello/{filename}", line)
        catalog.add(message, None, [where], auto_comments=comments, context=context)
    tsv = SOURCE / "data" / "openings.tsv"
    for number, raw in enumerate(tsv.read_text(encoding="utf-8").splitlines(), start=1):
        if raw.strip() and not raw.startswith("#"):
            moves, name = raw.split("\t")[:2]
            note = OPENING_NOTE.format(moves=moves)
            catalog.add(
                name.strip(), None, [("src/othello/data/openings.tsv", number)],
                auto_comments=[note], context="opening",
            )  # fmt: skip
    from othello.engine.levels import ANALYSIS, BUILD_SETTINGS, LEVELS

    for level in dict.fromkeys((*LEVELS, ANALYSIS, *BUILD_SETTINGS)):
        for words in ((level.name,) if level.number else ()) + (level.description,):
            catalog.add(
                words, None, [("src/othello/levels.py", 0)],
                auto_comments=[LEVEL_NOTE], context="level",
            )  # fmt: skip
    return catalog


def po_path(code: str) -> Path:
    return PO / f"{code}.po"


def mo_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def languages() -> list[str]:
    return [code for code in LANGUAGES if code != "en"]


def extract() -> Catalog:
    catalog = template()
    PO.mkdir(exist_ok=True)
    with open(TEMPLATE, "wb") as file:
        write_po(file, catalog, width=96, omit_header=False)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(catalog)} messages")
    return catalog


def read(code: str) -> Catalog:
    path = po_path(code)
    if not path.exists():
        return Catalog(
            locale=code, domain=DOMAIN, project="othello", version="",
            creation_date=FIXED_DATE, revision_date=FIXED_DATE,
        )  # fmt: skip
    with open(path, "rb") as file:
        return read_po(file, locale=code, domain=DOMAIN)


def write(code: str, catalog: Catalog) -> None:
    catalog.revision_date = FIXED_DATE
    catalog.creation_date = FIXED_DATE
    catalog.last_translator = "The othello-desktop developers"
    catalog.language_team = f"{LANGUAGES[code]} <https://github.com/othello-desktop>"
    with open(po_path(code), "wb") as file:
        write_po(file, catalog, width=96, ignore_obsolete=True)


def update(template_catalog: Catalog) -> None:
    for code in languages():
        catalog = read(code)
        catalog.update(template_catalog, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        write(code, catalog)
        missing = sum(1 for m in catalog if m.id and not _translated(m))
        print(f"{po_path(code).relative_to(ROOT)}: {len(catalog)} messages, {missing} to translate")


def _translated(message: object) -> bool:
    strings = message.string  # type: ignore[attr-defined]
    if isinstance(strings, tuple | list):
        return all(strings) and not message.fuzzy  # type: ignore[attr-defined]
    return bool(strings) and not message.fuzzy  # type: ignore[attr-defined]


def compile_all() -> None:
    for code in languages():
        catalog = read(code)
        target = mo_path(code)
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "wb") as file:
            write_mo(file, catalog, use_fuzzy=False)
        print(f"{target.relative_to(ROOT)}: {target.stat().st_size} bytes")


def check() -> int:
    """What tests/test_translations.py would fail on, listed per catalog."""
    sys.path.insert(0, str(ROOT / "tests"))
    from support.translation_checks import problems  # type: ignore[import-not-found]

    found = problems()
    for line in found:
        print(line)
    print("all catalogs complete" if not found else f"{len(found)} problems")
    return 1 if found else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "step", nargs="?", default="all", choices=["all", "extract", "update", "compile", "check"]
    )
    step = parser.parse_args().step
    if step in ("all", "extract", "update"):
        catalog = extract()
        if step != "extract":
            update(catalog)
    if step in ("all", "compile"):
        compile_all()
    if step in ("all", "check"):
        return check()
    return 0


if __name__ == "__main__":
    sys.exit(main())
