"""Golden pages: the example events build to pages that were read by hand once.

``tests/golden/examples/events`` is a frozen copy of the example events (so editing
events/ does not move the goalposts); ``tests/golden/examples/site`` holds a few key pages
of its build, checked by hand against tests/corpus/expected when they were made (see
tests/golden/README.md). Pages are compared after normalising whitespace. Rewrite them only
with ``pytest tests/site/test_site_golden.py --update-golden``, and read the diff before
committing it.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
from conftest import ROOT

from generator.site.build import build_site

GOLDEN = ROOT / "tests" / "golden"
CASES = sorted(p.name for p in GOLDEN.iterdir() if (p / "events").is_dir()) if GOLDEN.is_dir() \
    else []

PAGES = {
    "examples": (
        "index.html",
        "anna-club-2026/index.html",
        "anna-club-2026/crosstable.html",
        "anna-club-2026/rounds/3.html",
        "anna-club-2026/rounds/3-standings.html",
        "anna-club-2026/players/1.html",
        "anna-club-2026/prizes.html",
        "gros-open-2010/index.html",
        "gros-open-2010/players/14.html",
        "gros-open-2010/players/29.html",
        "gros-open-2010/standings.json",
        "gros-open-2010/prizes.html",
        "gros-open-2010/categories/veterans-50.html",
        "alekhin-memorial/index.html",
        "alekhin-memorial/players/3.html",
    ),
    "teams": (
        "index.html",
        "crete-friendship-cup-2024/index.html",
        "crete-friendship-cup-2024/crosstable.html",
        "crete-friendship-cup-2024/rounds/4.html",
        "crete-friendship-cup-2024/teams/1.html",
        "crete-friendship-cup-2024/players/13.html",
        "crete-friendship-cup-2024/boards.html",
    ),
}


def normalise(text: str) -> str:
    """Whitespace at line ends and blank lines carry no meaning in these pages."""
    return "\n".join(line.strip() for line in text.splitlines() if line.strip()) + "\n"


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = {}
    for case in CASES:
        site = tmp_path_factory.mktemp(case) / "site"
        build_site(GOLDEN / case / "events", site)
        out[case] = site
    return out


@pytest.mark.parametrize(("case", "page"), [(c, p) for c in CASES for p in PAGES.get(c, ())])
def test_page_matches_golden(builds: dict[str, Path], case: str, page: str,
                             update_golden: bool) -> None:
    built = normalise((builds[case] / page).read_text(encoding="utf-8"))
    golden = GOLDEN / case / "site" / page
    if update_golden:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(built, encoding="utf-8")
        return
    assert golden.is_file(), f"no golden file {golden}; run pytest --update-golden and read it"
    expected = golden.read_text(encoding="utf-8")
    if built != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), built.splitlines(True),
                                            f"golden/{case}/site/{page}", "built", n=2))
        pytest.fail(f"{page} differs from its golden copy:\n{diff[:6000]}")


def test_every_golden_file_is_still_checked() -> None:
    # A golden page no longer built (renamed page, removed case) should not linger unseen.
    for case in CASES:
        stored = {p.relative_to(GOLDEN / case / "site").as_posix()
                  for p in (GOLDEN / case / "site").rglob("*") if p.is_file()}
        assert stored <= set(PAGES.get(case, ())), stored - set(PAGES.get(case, ()))
