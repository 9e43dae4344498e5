"""Issue 12's "Done when", measured in a real browser: the first screen answers.

Every page is opened at 360x780 (a phone) and 1366x900 (a laptop), in light and dark mode,
from a site served under a sub-path (tests/kit/browserkit.py). The events are two
300-player, 9-round Swisses (tests/kit/phonekit.py: a club event with no ratings and no
federations, and a rated one with both) and a team Swiss from the corpus.

Each page is loaded once per view and measured by one script (MEASURE), which reads the
layout the browser computed: where the points cells end, the line boxes of each word of
each name, the text inside the first screen, and, after scrolling, whether the header row
and the rank and name columns are still on screen. The tests then assert on those
measurements, naming every page and row that fails.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS
from kit.browserkit import served_under_sub_path
from kit.phonekit import PLAYERS, ROUNDS, VARIANTS, make_300_events
from kit.sitekit import make_event

from generator.reading.settings import parse_settings
from generator.site import index_pages
from generator.site.build import build_site
from generator.site.numbers import format_points
from generator.site.render import ordinal
from generator.site.wording import tiebreak_label

pytestmark = pytest.mark.browser

VIEWS = {
    "phone-light": ({"width": 360, "height": 780}, "light"),
    "phone-dark": ({"width": 360, "height": 780}, "dark"),
    "desktop-light": ({"width": 1366, "height": 900}, "light"),
    "desktop-dark": ({"width": 1366, "height": 900}, "dark"),
}

TEAM_TRF = CORPUS / "teams" / "trf" / "crete-friendship-cup-2024.trf"
TEAM_ROUNDS_PLAYED = 4
MIDDLE = (ROUNDS + 1) // 2
PRIZES = """categories:
  - name: Under 1800
    rating: {below: 1800}
  - name: Under 2700
    rating: {below: 2700}
  - name: Women
    sex: w
prizes:
  currency: EUR
  ties: shared
  min_players: 3
  lists:
    overall: [1000, 500, 250, 125]
    Under 1800: [100, 50]
    Women: [100, Trophy]
"""

STANDINGS_PAGES = [
    "club/index.html",
    "full/index.html",
    f"full/rounds/{MIDDLE}-standings.html",
    "teams/index.html",
    f"teams/rounds/{TEAM_ROUNDS_PLAYED}-standings.html",
]
"""Every kind of standings page: the event page, standings after a round, team standings."""

LONG_TABLE_PAGES = [
    "club/index.html",
    # Nearly every player: the 250th row is scrolled to, and near a table's last row its
    # box cannot scroll the row to the middle, so the page would scroll the header away.
    "full/categories/under-2700.html",
    f"full/rounds/{MIDDLE}-standings.html",
    "full/crosstable.html",
    f"full/rounds/{MIDDLE}.html",
]
"""Pages whose table of 300 players (or 150 boards) is far longer than a screen."""

WIDE_TABLE_PAGES = [
    "full/crosstable.html",
    "full/categories/under-1800.html",
    f"full/rounds/{MIDDLE}.html",
    "full/index.html",
    "teams/crosstable.html",
]
"""Pages whose table is wider than a phone: the rank and the name must stay in view."""

OTHER_PAGES = [
    "index.html",
    "full/prizes.html",
    "club/starting-list.html",
    "full/qr.html",
    "teams/rounds/2.html",
    "teams/teams/1.html",
    "teams/players/13.html",
    "teams/boards.html",
    "people/index.html",
    "tiebreaks/index.html",
    "tiebreaks/bh.html",
    "tiebreaks/unplayed-rounds.html",
]


@dataclass(frozen=True, slots=True)
class PlayerCase:
    """A player whose place one tie-break decided, and what the first screen must say."""

    place: str
    """The place as an ordinal, "41st"."""
    tiebreak_words: list[str]
    """Any of these names the deciding tie-break: as event.yml wrote it, its label, its title."""
    value: str
    """The player's value of it as the site writes numbers ("46½")."""


def _decided_players(standings: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """(standings.json row, deciding tie-break) of two players whose place one tie-break
    decided on its own: more points than nobody above them would share (the player above
    has more points) and level on points with the player below, whom they lead on it.
    One near the top, one near the middle of the table."""
    rows = standings["players"]
    codes = standings["tiebreaks"]
    found = []
    for index in range(1, len(rows) - 1):
        above, row, below = rows[index - 1], rows[index], rows[index + 1]
        if above["points"] == row["points"] or below["points"] != row["points"]:
            continue
        if row["rank"] == below["rank"]:
            continue
        code = next(c for c in codes if row["tiebreaks"][c] != below["tiebreaks"][c])
        found.append((row, code))
    top = found[0]
    middle = min(found, key=lambda f: abs(f[0]["rank"] - PLAYERS // 2))
    return [top, middle]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    root = tmp_path_factory.mktemp("phone-first")
    events = make_300_events(root / "events")
    make_event(events, "teams", TEAM_TRF, "title: Team Swiss\ntiebreaks: [BH:MP, BH:GP]\n")
    # Issue 14: the rated event has categories and prizes, so that its category pages, its
    # prize list and its players' pages (a category place, a prize under the headline) are
    # measured too.
    with (events / "full" / "event.yml").open("a", encoding="utf-8") as settings:
        settings.write(PRIZES)
    # A published address, as a club's site has: the venue's QR sheet needs one.
    (root / "site.yml").write_text("title: Club results\nurl: https://club.example.org/results/\n",
                                   encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        # The players' index on pages of names, as an archive's (issue 26).
        patch.setattr(index_pages, "PEOPLE_PAGE_ROWS", 100)
        build_site(events, root / "site")
    with served_under_sub_path(root / "site") as url:
        yield url, root / "site"


def _names_page(site: Path) -> str:
    """The largest page of names (the players' index of an archive)."""
    found = max(sorted((site / "people" / "names").glob("*.html")),
                key=lambda path: path.stat().st_size)
    return found.relative_to(site).as_posix()


@pytest.fixture(scope="module")
def player_pages(site: tuple[str, Path]) -> dict[str, PlayerCase]:
    """Player page path: what its first screen must say."""
    pages = {}
    for slug, settings in VARIANTS.items():
        specs = {s.written: s for s in parse_settings(settings, f"{slug}/event.yml").tiebreaks}
        standings = json.loads((site[1] / slug / "standings.json").read_text(encoding="utf-8"))
        for row, code in _decided_players(standings):
            spec = specs[code]
            pages[f"{slug}/players/{row['start_no']}.html"] = PlayerCase(
                place=ordinal(row["rank"]),
                tiebreak_words=[spec.written, tiebreak_label(spec), spec.info.title],
                value=format_points(Decimal(str(row["tiebreaks"][code]))))
    return pages


MEASURE = """() => {
  const W = innerWidth, H = innerHeight;
  const out = {scrollWidth: document.documentElement.scrollWidth, innerWidth: W};
  const describe = (el) => (el.closest('tr') || el).innerText.replace(/\\s+/g, ' ').slice(0, 60);
  // The part of the viewport an element can be seen in: clipped by every scrolling ancestor.
  const visibleBox = (el) => {
    let box = {left: 0, right: W, top: 0, bottom: H};
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const r = a.getBoundingClientRect();
        box = {left: Math.max(box.left, r.left), right: Math.min(box.right, r.right),
               top: Math.max(box.top, r.top), bottom: Math.min(box.bottom, r.bottom)};
      }
    }
    return box;
  };
  // Is the element on screen and not covered (by a sticky column, a header...)?
  const shown = (el) => {
    const r = el.getBoundingClientRect(), box = visibleBox(el);
    const left = Math.max(r.left, box.left), right = Math.min(r.right, box.right);
    const top = Math.max(r.top, box.top), bottom = Math.min(r.bottom, box.bottom);
    if (right - left < 4 || bottom - top < 4) return false;
    const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    return hit !== null && (hit === el || el.contains(hit));
  };

  // Points: the right edge of every row's points cell within what can be seen sideways.
  out.pointsRows = 0; out.pointsOff = [];
  // The points are a row's third cell (the stylesheet's table.standings td:nth-child(3)).
  for (const cell of document.querySelectorAll('table.standings tbody td:nth-child(3)')) {
    out.pointsRows += 1;
    const r = cell.getBoundingClientRect(), box = visibleBox(cell);
    if (r.right > Math.min(W, box.right) + 0.5 || r.left < box.left - 0.5) {
      out.pointsOff.push(describe(cell) + ' @ right ' + Math.round(r.right));
    }
  }

  // Words of names: each word (split at spaces and hyphens, where lines may break, and
  // after a comma by the <wbr> that splits the text there) is one line box.
  out.nameWords = 0; out.brokenWords = [];
  // Issue 23: a round's two names share 360 px, half each; a word wider than its half
  // ("Schwarzenberger," in bold) breaks rather than push Black off the screen. That is
  // the one break allowed: the word did not fit a column that had its full half.
  const hadNoRoom = (cell, width) => {
    const table = cell.closest('table.pairings');
    if (!table) return false;
    const style = getComputedStyle(cell);
    const content = cell.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight);
    const heads = table.tHead.rows[0].cells;
    const shared = heads[1].getBoundingClientRect().width + heads[3].getBoundingClientRect().width;
    return width > content + 1 && cell.getBoundingClientRect().width >= shared / 2 - 1;
  };
  // A round's board rows carry no classes (round.html): their name cells are the second
  // and fourth of each row.
  const names = document.querySelectorAll('.name, .name-2, h1, '
    + '.pairings tbody tr > :nth-child(2):not([colspan]), .pairings tbody tr > :nth-child(4)');
  for (const cell of names) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[^\\s\\-\\u2010\\u2013]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const boxes = [...range.getClientRects()].filter(b => b.width > 0);
        if (boxes.length === 0) continue;
        out.nameWords += 1;
        const width = boxes.reduce((sum, b) => sum + b.width, 0);
        if (boxes.length > 1 && !hadNoRoom(cell, width) && out.brokenWords.length < 10) {
          out.brokenWords.push(m[0]);
        }
      }
    }
  }

  // The first screen's text: every text node with a line box inside the first H pixels.
  const seen = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.trim()) continue;
    const range = document.createRange(); range.selectNodeContents(node);
    if ([...range.getClientRects()].some(b => b.width > 0 && b.bottom > 0 && b.top < H)) {
      seen.push(node.data);
    }
  }
  out.firstScreen = seen.join(' ').replace(/\\s+/g, ' ');
  // ...and its blocks short enough to be a sentence or a table row, each as one text: the
  // place and what decided it must be said together, not in two corners of the screen.
  const blocks = 'p, li, dd, h1, h2, h3, tr, caption, summary, div';
  out.firstBlocks = [...document.querySelectorAll(blocks)]
    .filter(e => e.closest('main'))
    .filter(e => {
      const b = e.getBoundingClientRect(); return b.width > 0 && b.bottom > 0 && b.top < H;
    })
    .map(e => e.innerText.replace(/\\s+/g, ' ').trim())
    .filter(t => t && t.length <= 600);

  // Sideways: scroll each wide table's scroller to its right end; the first cell (rank,
  // board) and the name of the rows on screen must still be seen.
  out.wideTables = 0; out.sidewaysHidden = [];
  for (const table of document.querySelectorAll('main table')) {
    let scroller = null;
    for (let a = table.parentElement; a && a !== document.body; a = a.parentElement) {
      if (a.scrollWidth > a.clientWidth + 1 && getComputedStyle(a).overflowX !== 'visible') {
        scroller = a; break;
      }
    }
    if (!scroller) continue;
    out.wideTables += 1;
    // The name: its cell of class name, or a round's board row's heading cell.
    const nameOf = r => r.querySelector('.name') || r.querySelector(':scope > th');
    const rows = [...table.tBodies[0].rows].filter(nameOf);
    if (!rows.length) continue;
    rows[0].scrollIntoView({block: 'center', inline: 'nearest'});
    scroller.scrollLeft = scroller.scrollWidth;
    const onScreen = rows.filter(r => {
      const b = r.getBoundingClientRect(); return b.top >= 0 && b.bottom <= H;
    }).slice(0, 5);
    for (const row of onScreen) {
      for (const cell of [row.cells[0], nameOf(row)]) {
        if (!shown(cell)) out.sidewaysHidden.push(cell.innerText.slice(0, 30));
      }
    }
    scroller.scrollLeft = 0;
  }

  // Header row: scroll the 250th row (or the last) into the middle of the screen; every
  // heading cell of the table must then be on screen, not covered.
  out.longTables = 0; out.headerHidden = [];
  const table = document.querySelector('main table');
  if (table && table.tHead && table.tBodies[0].rows.length > 40) {
    const rows = table.tBodies[0].rows;
    const row = rows[Math.min(250, rows.length - 1)];
    row.cells[0].scrollIntoView({block: 'center', inline: 'nearest'});
    const first = row.cells[0].getBoundingClientRect();
    out.longTables = 1;
    out.scrolledRowTop = first.top;
    out.scrolledBy = scrollY + [...document.querySelectorAll('*')]
      .filter(e => e.scrollTop > 0).reduce((s, e) => s + e.scrollTop, 0);
    const headings = [...table.tHead.rows[0].cells].slice(0, 3);
    for (const th of headings) {
      const top = Math.round(th.getBoundingClientRect().top);
      if (!shown(th)) out.headerHidden.push(th.innerText.trim() + ' @ top ' + top);
    }
  }
  return out;
}"""


SCROLLED_BACK = """() => {
  for (const el of document.querySelectorAll('*')) {
    if (el.scrollTop || el.scrollLeft) { el.scrollTop = 0; el.scrollLeft = 0; }
  }
  window.scrollTo(0, 0);
}"""
"""Every scroll MEASURE made undone: the page as it was loaded, for the next measure."""


@pytest.fixture(scope="module")
def screens(browser: object, site: tuple[str, Path],
            player_pages: dict[str, PlayerCase]) -> dict[str, dict[str, Any]]:
    """Per view, per page path, the MEASURE of it. Each page is loaded once per screen size:
    measured in light mode, then switched to dark (as the system's setting switches a
    page that is open), scrolled back to where it was loaded and measured again."""
    light_paths = dict.fromkeys(STANDINGS_PAGES + LONG_TABLE_PAGES + list(player_pages)
                                + WIDE_TABLE_PAGES + OTHER_PAGES + [_names_page(site[1])])
    # Dark mode changes colours, not the layout these tests measure: the dark views
    # keep to the pages of the first bars, to stay within the suite's time.
    dark_paths = dict.fromkeys(STANDINGS_PAGES + LONG_TABLE_PAGES + list(player_pages))
    views: dict[str, dict[str, Any]] = {}
    for screen in ("phone", "desktop"):
        light, dark = f"{screen}-light", f"{screen}-dark"
        viewport = VIEWS[light][0]
        assert VIEWS[dark][0] == viewport
        views[light], views[dark] = {"view": light}, {"view": dark}
        context = browser.new_context(viewport=viewport)  # type: ignore[attr-defined]
        page = context.new_page()
        try:
            for path in light_paths:
                page.emulate_media(color_scheme="light")
                response = page.goto(site[0] + path)
                assert response is not None and response.ok, path
                views[light][path] = page.evaluate(MEASURE)
                if path in dark_paths:
                    page.evaluate(SCROLLED_BACK)
                    page.emulate_media(color_scheme="dark")
                    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
                    views[dark][path] = page.evaluate(MEASURE)
        finally:
            context.close()
    return views


@pytest.fixture(scope="module", params=list(VIEWS))
def measured(request: pytest.FixtureRequest,
             screens: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Per page path, the MEASURE of it in this view; "view" names the view."""
    return screens[request.param]


def _phone(measured: dict[str, Any]) -> bool:
    return str(measured["view"]).startswith("phone")


def test_points_are_seen_without_scrolling_sideways(measured: dict[str, Any]) -> None:
    failures = {}
    for path in STANDINGS_PAGES:
        page = measured[path]
        assert page["pointsRows"] > 0, f"{path}: no points cells (the third) in table.standings"
        if page["pointsOff"]:
            failures[path] = (len(page["pointsOff"]), page["pointsOff"][:3])
    assert failures == {}, f"{measured['view']}: points cut off (rows, examples): {failures}"


def test_the_header_row_stays_on_screen_down_a_long_table(measured: dict[str, Any]) -> None:
    failures = {}
    for path in LONG_TABLE_PAGES:
        page = measured[path]
        assert page["longTables"] == 1, f"{path}: no long table measured"
        # The row scrolled to is far down: otherwise the header would be seen anyway.
        assert page["scrolledBy"] > 2000, (path, page["scrolledBy"])
        if page["headerHidden"]:
            failures[path] = page["headerHidden"]
    assert failures == {}, f"{measured['view']}: header cells off screen: {failures}"


def test_no_page_scrolls_sideways(measured: dict[str, Any]) -> None:
    widths = {path: (page["scrollWidth"], page["innerWidth"])
              for path, page in measured.items() if path != "view"}
    assert {p: w for p, w in widths.items() if w[0] > w[1]} == {}, measured["view"]


def _says_why(block: str, place: str, tiebreak_words: list[str], value: str) -> bool:
    return (re.search(rf"(?<!\d){re.escape(place)}\b", block) is not None
            and any(words in block for words in tiebreak_words)
            and re.search(rf"(?<![\d/]){re.escape(value)}(?![\d¼½¾.])", block) is not None)


def test_the_first_screen_of_a_player_page_says_the_place_and_what_decided_it(
        measured: dict[str, Any], player_pages: dict[str, PlayerCase]) -> None:
    failures = {}
    for path, case in player_pages.items():
        blocks = measured[path]["firstBlocks"]
        if not any(_says_why(b, case.place, case.tiebreak_words, case.value) for b in blocks):
            failures[path] = (case, measured[path]["firstScreen"][:400])
    assert failures == {}, (f"{measured['view']}: no block of the first screen says the place, "
                            f"the deciding tie-break and its value: {failures}")


def test_no_word_of_a_name_is_broken(measured: dict[str, Any],
                                    site: tuple[str, Path]) -> None:
    pages = STANDINGS_PAGES + WIDE_TABLE_PAGES + [_names_page(site[1]), "teams/teams/1.html"]
    broken = {}
    for path in dict.fromkeys(pages):
        if path not in measured:
            continue
        page = measured[path]
        assert page["nameWords"] > 0, f"{path}: no names measured"
        if page["brokenWords"]:
            broken[path] = page["brokenWords"]
    assert broken == {}, f"{measured['view']}: words broken across lines: {broken}"


def test_rank_and_name_stay_in_view_scrolling_a_wide_table_sideways(
        measured: dict[str, Any]) -> None:
    hidden = {}
    for path in WIDE_TABLE_PAGES:
        if path not in measured:
            continue
        page = measured[path]
        if _phone(measured) and path == "full/crosstable.html":
            # A 9-round crosstable with its tie-breaks cannot fit 360 px: had nothing
            # scrolled, this test would have tested nothing.
            assert page["wideTables"] > 0, f"{path}: nothing scrolls sideways at 360 px"
        if page["sidewaysHidden"]:
            hidden[path] = page["sidewaysHidden"][:4]
    assert hidden == {}, f"{measured['view']}: hidden after scrolling right: {hidden}"
