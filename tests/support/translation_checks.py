"""What a complete set of translations must satisfy, with the standard library only: used by
tests/test_translations.py (and test_every_language.py), and by ``scripts/translations.py
check`` to list every problem.

- every sentence marked in the sources (``_``, ``N_``, ``ngettext``, ``pgettext``,
  ``npgettext`` with literal text, found by reading the code), every opening name and every
  level's name and description has a translation in every catalog, not fuzzy, with as many
  plural forms as the catalog's Plural-Forms header says, and no catalog keeps a sentence no
  longer marked;
- a translation keeps the placeholders of its sentence (``{side}``), so ``format`` fills them;
- each catalog uses the words of its glossary (``po/glossary/<lang>.tsv``): where the English
  sentence has a term, the translation has one of the glossary's words for it and none of the
  words it rules out;
- each compiled ``.mo`` holds exactly what its ``.po`` says (else it is stale: run
  ``scripts/translations.py compile``).
"""

from __future__ import annotations

import ast
import gettext
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src" / "othello"
PO = ROOT / "po"
GLOSSARY = PO / "glossary"
LOCALE = SOURCE / "locale"
KEYWORDS = {
    "_": (1,),
    "N_": (1,),
    "ngettext": (1, 2),
    "pgettext": ("c", 1),
    "npgettext": ("c", 1, 2),
}
PLACEHOLDER = re.compile(r"\{(\w*)\}")
Key = tuple[str | None, str]  # (context, message id)


@dataclass
class Entry:
    """One message of a .po file."""

    plural: str | None = None
    strings: list[str] = field(default_factory=list)
    fuzzy: bool = False


@dataclass
class PoFile:
    header: dict[str, str]
    entries: dict[Key, Entry]

    @property
    def nplurals(self) -> int:
        found = re.search(r"nplurals\s*=\s*(\d+)", self.header.get("Plural-Forms", ""))
        return int(found.group(1)) if found else 2


# ----- what is marked ------------------------------------------------------------------------


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def marked_in_sources() -> dict[Key, str | None]:
    """Every marked sentence in src/othello: (context, id) -> its plural (None if none)."""
    found: dict[Key, str | None] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            spec = KEYWORDS.get(node.func.id)
            if spec is None or len(node.args) < len(spec):
                continue
            values = [_literal(arg) for arg in node.args[: len(spec)]]
            if any(value is None for value in values):
                continue  # a name, translated where a table's marked entry is used
            context = values[0] if spec[0] == "c" else None
            texts = values[1:] if spec[0] == "c" else values
            found[(context, str(texts[0]))] = texts[1] if len(texts) > 1 else None
    return found


def marked_in_tables() -> dict[Key, str | None]:
    """The opening names (context "opening") and the levels' words (context "level")."""
    found: dict[Key, str | None] = {}
    for raw in (SOURCE / "data" / "openings.tsv").read_text(encoding="utf-8").splitlines():
        if raw.strip() and not raw.startswith("#"):
            found[("opening", raw.split("\t")[1].strip())] = None
    from othello.engine.levels import ANALYSIS, BUILD_SETTINGS, LEVELS

    for level in LEVELS:
        found[("level", level.name)] = None
    for level in (*LEVELS, ANALYSIS, *BUILD_SETTINGS):  # both builds' words
        found[("level", level.description)] = None
    return found


def marked() -> dict[Key, str | None]:
    return {**marked_in_sources(), **marked_in_tables()}


# ----- the catalogs ---------------------------------------------------------------------------


def _unquote(text: str) -> str:
    return ast.literal_eval(text) if text else ""


def read_po(path: Path) -> PoFile:
    """A .po file's header and messages (obsolete ``#~`` entries skipped)."""
    entries: dict[Key, Entry] = {}
    header: dict[str, str] = {}

    def blocks() -> Iterator[list[str]]:
        block: list[str] = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                if block:
                    yield block
                block = []
            else:
                block.append(line)
        if block:
            yield block

    for block in blocks():
        fields: dict[str, str] = {}
        last = ""
        fuzzy = False
        for line in block:
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                fields[last] += _unquote(line)
            else:
                name, _, rest = line.partition(" ")
                last = name
                fields[name] = _unquote(rest)
        if "msgid" not in fields:
            continue
        if fields["msgid"] == "":
            for item in fields.get("msgstr", "").splitlines():
                name, _, value = item.partition(":")
                header[name.strip()] = value.strip()
            continue
        strings = [fields[f"msgstr[{i}]"] for i in range(10) if f"msgstr[{i}]" in fields]
        entry = Entry(fields.get("msgid_plural"), strings or [fields.get("msgstr", "")], fuzzy)
        entries[(fields.get("msgctxt"), fields["msgid"])] = entry
    return PoFile(header, entries)


def catalogs() -> dict[str, Path]:
    return {path.stem: path for path in sorted(PO.glob("*.po"))}


def mo_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / "othello.mo"


# ----- the checks -----------------------------------------------------------------------------


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def catalog_problems(code: str, po: PoFile, wanted: dict[Key, str | None]) -> list[str]:
    out = []
    for key, plural in wanted.items():
        entry = po.entries.get(key)
        name = f"{code}: {key[1]!r}" + (f" ({key[0]})" if key[0] else "")
        if entry is None or not all(entry.strings):
            out.append(f"{name}: not translated")
            continue
        if entry.fuzzy:
            out.append(f"{name}: fuzzy")
        if plural is not None and len(entry.strings) != po.nplurals:
            out.append(f"{name}: {len(entry.strings)} plural forms, the catalog has {po.nplurals}")
        english = _placeholders(key[1]) | _placeholders(plural or "")
        for i, text in enumerate(entry.strings):
            mine = _placeholders(text)
            one_form = plural is not None and po.nplurals > 1 and i == 0
            if mine - english or (not one_form and mine != english):
                out.append(
                    f"{name}: placeholders {sorted(mine)}, the English has {sorted(english)}"
                )
    for key in po.entries.keys() - wanted.keys():
        out.append(f"{code}: {key[1]!r} is no longer marked (run scripts/translations.py update)")
    return out


@dataclass
class Term:
    english: re.Pattern[str]
    words: list[str]
    never: list[str]
    unless: re.Pattern[str] | None
    note: str


def glossary(code: str) -> list[Term]:
    """``po/glossary/<lang>.tsv``, a term a line: the English term (a regular expression,
    matched as whole words, any case), its words in this language (| between: a translation
    of a sentence with the term has one of them), the words it must never be (| between),
    the English sentences the term is not meant in (a regular expression: "use black or
    white" names a setting's value), and where the words come from."""
    path = GLOSSARY / f"{code}.tsv"
    terms = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        english, words, never, unless, note = [*raw.split("\t"), "", "", "", ""][:5]
        terms.append(
            Term(
                re.compile(rf"\b(?:{english})\b", re.IGNORECASE),
                [w for w in words.split("|") if w],
                [w for w in never.split("|") if w],
                re.compile(unless, re.IGNORECASE) if unless else None,
                note,
            )
        )
    return terms


def glossary_problems(code: str, po: PoFile) -> list[str]:
    """Each sentence with a glossary term translated with one of its words (the opening
    names are names, not sentences: they are left out)."""
    out = []
    for term in glossary(code):
        for (context, msgid), entry in po.entries.items():
            if context == "opening":
                continue
            english = PLACEHOLDER.sub("", msgid + " " + (entry.plural or ""))
            text = " ".join(entry.strings).lower()
            meant = term.english.search(english) and not (
                term.unless is not None and term.unless.search(english)
            )
            if meant and term.words and not any(word.lower() in text for word in term.words):
                out.append(f"{code}: {msgid!r} has none of {term.words} ({term.english.pattern})")
            for word in term.never:
                if word.lower() in text:
                    out.append(f"{code}: {msgid!r} uses {word!r}, not {term.words}")
    return out


def stale_problems(code: str, po: PoFile) -> list[str]:
    """The compiled catalog against its source: the same messages, the same translations."""
    path = mo_path(code)
    if not path.exists():
        return [
            f"{code}: {path.relative_to(ROOT)} is missing (run scripts/translations.py compile)"
        ]
    with open(path, "rb") as file:
        compiled: dict[object, str] = dict(gettext.GNUTranslations(file)._catalog)  # type: ignore[attr-defined]
    compiled.pop("", None)
    expected: dict[object, str] = {}
    for (context, msgid), entry in po.entries.items():
        if entry.fuzzy or not all(entry.strings):
            continue
        key = f"{context}\x04{msgid}" if context else msgid
        if entry.plural is None:
            expected[key] = entry.strings[0]
        else:
            for i, text in enumerate(entry.strings):
                expected[(key, i)] = text
    if compiled != expected:
        return [
            f"{code}: {path.relative_to(ROOT)} is stale against po/{code}.po (run scripts/translations.py compile)"
        ]
    return []


def problems() -> list[str]:
    wanted = marked()
    out = []
    for code, path in catalogs().items():
        po = read_po(path)
        out += catalog_problems(code, po, wanted)
        out += glossary_problems(code, po)
        out += stale_problems(code, po)
    return out
