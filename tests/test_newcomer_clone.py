"""A newcomer's clone has no ../shared beside it: the tests find the shared data through one
variable only (tests/support/shared_data.py), and CI's first pass runs with it out of reach."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPELLED = re.compile(r"""["']shared["']\s*/|["'][^"']*\.\./shared""")


def spells_the_shared_data(path: Path) -> bool:
    """``path`` names ../shared, or the folder the checkout is in (``parents[2]`` from a file
    in tests/, ``parents[3]`` from one in tests/support/)."""
    text = path.read_text(encoding="utf-8")
    beside = f"parents[{len(path.relative_to(ROOT).parts)}]"
    return bool(SPELLED.search(text)) or beside in text


def test_only_shared_data_py_says_where_the_shared_data_is() -> None:
    spelled = [
        path.name
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if path.name not in ("shared_data.py", Path(__file__).name) and spells_the_shared_data(path)
    ]
    assert spelled == [], "read the shared data through shared_data.SHARED_DATA"


def test_cis_first_pass_runs_without_the_shared_data() -> None:
    text = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    first, run, _rest = text.partition("-m pytest")
    assert run, "CI runs the tests"
    wanted = list(re.finditer(r"OTHELLO_SHARED_DATA=(\S+)", first))
    assert wanted, "the first pass points OTHELLO_SHARED_DATA somewhere"
    between = first[wanted[-1].end() :].replace("\\\n", "")
    assert "\n" not in between, "... in the first test run's own command"
    place = shlex.split(wanted[-1].group(1))[0].replace("$PWD", str(ROOT))
    assert not Path(place).exists(), "... at a folder that does not exist"
