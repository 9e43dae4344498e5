"""Issue 23, "Pages that hold on a 360 px phone and on paper", measured in a real browser.

One site is built once, in every shipped language: a real individual event whose names
are written ``Surname,Firstname`` (the 9. Karl-Mala-Gedenkturnier, 284 players, as
Swiss-Manager exported it; tests/corpus/SOURCES.md), with categories and prizes so that
every page kind an individual event has is there, and the real team event of
events/crete-friendship-cup-2024 (its members written the same way, its notes with a long
file path) under a title with a word wider than a phone ("Bezirksmannschaftsmeisterschaft").

Every page kind of both events, and the site's own pages, are opened at 360 px and
measured by tests/kit/overflowkit.py: no word of text may run out of its box or off the
page, and every link of the menus (the switch of all six languages among them) must be on
the first screen. What differs between the languages is the length of their words and
labels, so the pages are measured in the languages that overflow first (the site's first
language, the one with the longest words, the one with the longest labels:
``languages_that_overflow_first``, chosen from the catalogues). The crosstables are printed
to A4 by chromium and read back from the PDF: every column's heading must be on the first
sheet.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS_TRF, ROOT
from kit.browserkit import served_under_sub_path
from kit.overflowkit import MENU, OVERFLOW, languages_that_overflow_first
from kit.trfgen import renamed

from generator.messages import SHIPPED_LANGUAGES
from generator.site.build import build_site

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}

INDIVIDUAL_TRF = CORPUS_TRF / "sklangen-karl-mala-2005-fixcol.trf"
INDIVIDUAL_SETTINGS = """title: Karl-Mala-Gedenkturnier 2005
tiebreaks: [BH/C1, BH, SB, DE, WIN, BPG]
categories:
  - name: Under 2000
    rating: {below: 2000}
  - name: Women
    sex: w
prizes:
  currency: EUR
  lists:
    overall: [500, 300, 200]
    Women: [100, Bezirksmeisterschaftspokal]
"""
TEAM_EVENT = ROOT / "events" / "crete-friendship-cup-2024"
LONG_TITLE = "Bezirksmannschaftsmeisterschaft Kreta 2024"
"""A word wider than a phone's line in a heading: a team page was 366 px wide at 360."""


def _name_records(trf: Path) -> dict[int, str]:
    """Start number: name, from the file's 001 records (TRF columns 5-8 and 15-47)."""
    return {int(line[4:8]): line[14:47].strip()
            for line in trf.read_text(encoding="utf-8").splitlines() if line.startswith("001 ")}


def _longest_name(trf: Path) -> int:
    names = _name_records(trf)
    return max(names, key=lambda number: (len(names[number]), -number))


def _page_kinds(site: Path) -> list[str]:
    """One page (two where players differ most) of every kind, as paths in the root language."""
    individual = _longest_name(site.parent / "events" / "open" / "tournament.trf")
    member = _longest_name(TEAM_EVENT / "tournament.trf")
    people = sorted((site / "people").glob("*.html"), key=lambda p: (-len(p.stem), p.stem))
    person = next(p for p in people if p.name != "index.html")
    pages = [
        "index.html",
        "open/index.html", "open/crosstable.html", "open/starting-list.html", "open/qr.html",
        "open/prizes.html", "open/categories/under-2000.html", "open/categories/women.html",
        "open/rounds/1.html", "open/rounds/6-standings.html",
        "open/players/1.html", f"open/players/{individual}.html",
        "teams/index.html", "teams/crosstable.html", "teams/starting-list.html",
        "teams/qr.html", "teams/boards.html", "teams/rounds/1.html",
        "teams/rounds/4-standings.html", "teams/teams/1.html", "teams/teams/15.html",
        "teams/players/1.html", f"teams/players/{member}.html",
        "people/index.html", f"people/{person.name}",
        # The explanations whose worked examples are tables, and the index of them.
        "tiebreaks/index.html", "tiebreaks/sb.html", "tiebreaks/esb.html",
        "tiebreaks/rating-change.html", "tiebreaks/unplayed-rounds.html",
    ]
    missing = [page for page in pages if not (site / page).is_file()]
    assert missing == [], f"pages the test means to open were not built: {missing}"
    return pages


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, list[str]]]:
    root = tmp_path_factory.mktemp("phone-overflow")
    events = root / "events"
    individual = events / "open"
    individual.mkdir(parents=True)
    # A name without a space or comma, as hostile or careless entry gives one, as long as
    # the TRF column allows: it must break inside the word, not run over the next cell.
    (individual / "tournament.trf").write_text(
        renamed(INDIVIDUAL_TRF.read_text(encoding="utf-8"), {2: "W" * 33}), encoding="utf-8")
    (individual / "event.yml").write_text(INDIVIDUAL_SETTINGS, encoding="utf-8")
    team = events / "teams"
    team.mkdir()
    for name in ("tournament.trf", "notes.md"):
        (team / name).write_bytes((TEAM_EVENT / name).read_bytes())
    settings = (TEAM_EVENT / "event.yml").read_text(encoding="utf-8")
    settings, count = re.subn(r"(?m)^title: .*$", f"title: {LONG_TITLE}", settings)
    assert count == 1, "the shipped team event.yml has no title line to replace"
    (team / "event.yml").write_text(settings, encoding="utf-8")
    languages = ", ".join(SHIPPED_LANGUAGES)
    (root / "site.yml").write_text(
        f"title: Results\nurl: https://club.example.org/results/\nlanguages: [{languages}]\n",
        encoding="utf-8")
    build_site(events, root / "site")
    with served_under_sub_path(root / "site") as url:
        yield url, root / "site", _page_kinds(root / "site")


TEXT_AND_MENU = f"() => ({{text: ({OVERFLOW})(), menu: ({MENU})()}})"
"""OVERFLOW and MENU of a page in one call."""


def _in_language(language: str, page: str) -> str:
    return page if language == SHIPPED_LANGUAGES[0] else f"{language}/{page}"


@pytest.fixture(scope="module", params=languages_that_overflow_first())
def measured(request: pytest.FixtureRequest, browser: Any,
             site: tuple[str, Path, list[str]]) -> dict[str, Any]:
    """Per page of this language: OVERFLOW and MENU as the page at 360 px gives them."""
    url, _, pages = site
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    results: dict[str, Any] = {"language": request.param}
    try:
        for path in pages:
            path = _in_language(request.param, path)
            response = page.goto(url + path)
            assert response is not None and response.ok, path
            results[path] = page.evaluate(TEXT_AND_MENU)
    finally:
        context.close()
    return results


def _pages(measured: dict[str, Any]) -> dict[str, Any]:
    return {path: m for path, m in measured.items() if path != "language"}


def test_no_text_runs_out_of_its_box_at_360_px(measured: dict[str, Any]) -> None:
    pages = _pages(measured)
    assert all(m["text"]["words"] > 0 for m in pages.values()), "a page with no text measured"
    spilled = {path: (m["text"]["cells"], m["text"]["overflows"][:4])
               for path, m in pages.items() if m["text"]["cells"]}
    assert spilled == {}, f"{measured['language']}: text out of its box (boxes, examples)"


def test_no_page_is_wider_than_the_phone(measured: dict[str, Any]) -> None:
    wide = {path: m["text"]["pageWidth"] for path, m in _pages(measured).items()
            if m["text"]["pageWidth"] > m["text"]["screenWidth"]}
    assert wide == {}, f"{measured['language']}: pages wider than 360 px"


def test_every_menu_item_is_on_the_first_screen(measured: dict[str, Any]) -> None:
    pages = _pages(measured)
    event_pages = [path for path in pages if "open/" in path or "teams/" in path]
    assert all(pages[path]["menu"]["links"] >= 6 for path in event_pages)
    hidden = {path: m["menu"]["hidden"] for path, m in pages.items() if m["menu"]["hidden"]}
    assert hidden == {}, f"{measured['language']}: menu links out of sight"


# --- the measure itself sees what it is meant to ----------------------------------------

SPECIMEN = """<!DOCTYPE html><html><head><style>
body { margin: 0; font: 16px sans-serif; }
td { max-width: 4rem; border: 1px solid; }
.scroller { overflow-x: auto; width: 200px; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
</style></head><body>
<table><tr><td id="spill">Emmanouilidis,Konstantinos</td><td>1</td></tr></table>
<div class="scroller"><p style="width: 900px">words in a box that scrolls sideways</p></div>
<p class="sr">Averyveryverylongcaptionthatonlyascreenreaderhearsatall</p>
</body></html>"""


def test_the_measure_sees_a_name_run_over_the_next_cell_and_nothing_else(
        browser: Any) -> None:
    page = browser.new_page(viewport=PHONE)
    try:
        page.set_content(SPECIMEN)
        found = page.evaluate(OVERFLOW)
    finally:
        page.close()
    assert found["cells"] == 1, found
    assert "Emmanouilidis" in found["overflows"][0]


# --- paper ---------------------------------------------------------------------------------

A4_MARGIN = "10mm"
POINTS_PER_MM = 72 / 25.4


def _printed(page: Any) -> Any:
    """The page printed by chromium on A4 with a printer's usual margins, as a PdfReader;
    the page's own @page size wins, as in the print dialog."""
    pypdf = pytest.importorskip("pypdf")
    margin = {side: A4_MARGIN for side in ("top", "right", "bottom", "left")}
    data = page.pdf(format="A4", margin=margin, prefer_css_page_size=True)
    return pypdf.PdfReader(io.BytesIO(data))


def _words_and_places(sheet: Any) -> list[tuple[float, str]]:
    """Each piece of text on one PDF page with where it starts, in points from the left."""
    found: list[tuple[float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], *_: Any) -> None:
        if text.strip():
            found.append((tm[4] * cm[0] + tm[5] * cm[2] + cm[4], text.strip()))

    sheet.extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize(("event", "language"), [("open", "en"), ("teams", "en"),
                                                 ("teams", "de")])
def test_a_printed_crosstable_keeps_every_column(
        browser: Any, site: tuple[str, Path, list[str]], event: str, language: str) -> None:
    page = browser.new_page()
    try:
        page.goto(site[0] + _in_language(language, f"{event}/crosstable.html"))
        headings = page.evaluate("""() => [...document.querySelector('table.crosstable')
            .tHead.rows[0].cells].map(c => c.innerText.trim())""")
        printed = _printed(page)
    finally:
        page.close()
    first = printed.pages[0]
    width = float(first.mediabox.width)
    edge = width - 10 * POINTS_PER_MM
    placed = _words_and_places(first)
    shown = {text for x, text in placed if x < edge}
    assert len(headings) > 12, headings
    assert [h for h in headings if h not in shown] == [], (
        f"columns cut from the printed crosstable (sheet {width:.0f} pt wide)")
    assert max(x for x, _ in placed) < edge


def test_other_pages_print_on_portrait_a4(browser: Any,
                                          site: tuple[str, Path, list[str]]) -> None:
    page = browser.new_page()
    try:
        page.goto(site[0] + "open/index.html")
        printed = _printed(page)
    finally:
        page.close()
    first = printed.pages[0].mediabox
    assert float(first.width) < float(first.height)
