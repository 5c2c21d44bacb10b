"""Make the window's fonts in src/othello/resources: DejaVu Sans (regular and bold) and Noto
Sans CJK (one file a language: Japanese, Simplified and Traditional Chinese, Korean, each in
its region's forms), every one cut down to the characters the window can show, each with its
licence beside it.

    python scripts/make_fonts.py            # after scripts/translations.py compile

Needs fontTools (the ``i18n`` extra) and the system's fonts: Debian's fonts-dejavu-core and
fonts-noto-cjk (``apt-get install fonts-noto-cjk``; the Noto CJK fonts are under the SIL Open
Font License 1.1). The characters come from the compiled catalogs (``locale/*/othello.mo``:
every translation, and the English sentences they translate) and the language names, so a
new sentence needs the fonts made again only when it brings a character no catalog had:
tests/test_fonts.py says so.
"""

from __future__ import annotations

import gettext
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from othello.app.i18n import CJK, LANGUAGES, locale_dir  # noqa: E402

OUT = ROOT / "src" / "othello" / "resources"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
DEJAVU_COPYRIGHT = Path("/usr/share/doc/fonts-dejavu-core/copyright")
NOTO_CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
NOTO_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
NOTO_FACES = {"ja": 0, "ko": 1, "zh_CN": 2, "zh_TW": 3}
"""Each language's face in the collection: Noto Sans CJK JP, KR, SC, TC."""
ASCII = "".join(chr(c) for c in range(32, 127))
SYMBOLS = "•–—…×←→↑↓·½±№‘’“”„«»‹›\u00a0\u202f\u2009"
"""Signs the window draws outside the catalogs (separators, arrows, quotes, spaces)."""
LATIN = "".join(chr(c) for c in range(0xA0, 0x180))
"""Latin-1 and Latin Extended-A whole: a player's name or folder in a notice, whatever the
catalogs hold."""


def catalog_texts(code: str) -> tuple[str, str]:
    """Every translation in ``code``'s compiled catalog, and every English sentence."""
    path = locale_dir() / code / "LC_MESSAGES" / "othello.mo"
    with open(path, "rb") as file:
        catalog = gettext.GNUTranslations(file)._catalog  # type: ignore[attr-defined]
    english = "".join(str(key[0] if isinstance(key, tuple) else key) for key in catalog)
    return "".join(str(value) for key, value in catalog.items() if key), english


def characters() -> dict[str, str]:
    """The characters each font must hold: "latin" for DejaVu, a CJK code for its face."""
    latin = ASCII + SYMBOLS + LATIN
    wanted: dict[str, str] = {}
    for code in LANGUAGES:
        if code == "en":
            continue
        translated, english = catalog_texts(code)
        latin += english
        if code in CJK:
            wanted[code] = ASCII + SYMBOLS + translated + LANGUAGES[code]
        else:
            latin += translated
    latin += "".join(LANGUAGES[code] for code in LANGUAGES if code not in CJK)
    wanted["latin"] = latin
    return {name: "".join(sorted(set(text))) for name, text in wanted.items()}


def subset(source: Path, target: Path, text: str, face: int = 0) -> None:
    from fontTools import subset as tool

    options = tool.Options()
    options.font_number = face
    options.layout_features = ["kern", "liga", "palt", "locl"]
    options.hinting = face == 0 and source.suffix == ".ttf"  # DejaVu keeps its hints
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.notdef_outline = True
    font = tool.load_font(str(source), options)
    subsetter = tool.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    tool.save_font(font, str(target), options)


def main() -> int:
    wanted = characters()
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        subset(DEJAVU / name, OUT / name, wanted["latin"])
    shutil.copyfile(DEJAVU_COPYRIGHT, OUT / "LICENSE-DejaVu.txt")
    for code, face in NOTO_FACES.items():
        subset(NOTO_CJK, OUT / f"NotoSansCJK-{code}.otf", wanted[code], face)
    shutil.copyfile(NOTO_COPYRIGHT, OUT / "LICENSE-NotoSansCJK.txt")
    total = 0
    for path in sorted(OUT.glob("*Sans*")):
        total += path.stat().st_size
        print(f"{path.stat().st_size:8d}  {path.name}")
    print(f"{total:8d}  fonts in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
