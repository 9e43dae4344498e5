"""site.js and find.js change no element at load (issue 12: Lighthouse performance).

On a phone, laying out a 300-row table is most of a standings page's blocking time, and a
script that inserts the filter box above the table, turns the headings into sort buttons or
swaps the find-a-player link for its box makes the browser lay the whole table out again.
So the boxes and buttons are in the HTML from the start and the scripts only make them work.
This test watches every page kind from the moment the parser is done (readyState
"interactive", before the deferred scripts run) until well after load, and fails on any
element a script added, removed or moved; then it checks that the controls do work.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import CORPUS
from kit.browserkit import served_under_sub_path
from kit.sitekit import make_event

from generator.site.build import build_site

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 360, "height": 780}
TEAM_TRF = CORPUS / "teams" / "trf" / "crete-friendship-cup-2024.trf"

WATCH = """
window.__changes = [];
document.addEventListener("readystatechange", function () {
  if (document.readyState !== "interactive") { return; }
  new MutationObserver(function (records) {
    records.forEach(function (r) {
      var node = r.addedNodes[0] || r.removedNodes[0];
      window.__changes.push((r.target.className || r.target.nodeName) + ": "
        + (r.addedNodes.length ? "added " : "removed ")
        + (node && (node.className || node.nodeName)));
    });
  }).observe(document.body, { childList: true, subtree: true });
});
"""

PAGES = [
    "index.html",
    "people/index.html",
    "gros-open-2010/index.html",
    "gros-open-2010/crosstable.html",
    "gros-open-2010/rounds/4.html",
    "gros-open-2010/rounds/3-standings.html",
    "gros-open-2010/starting-list.html",
    "gros-open-2010/players/1.html",
    "teams/index.html",
    "teams/boards.html",
]


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("scripts-at-load")
    events = root / "events"
    gros = ROOT / "events" / "gros-open-2010"
    make_event(events, "gros-open-2010", (gros / "tournament.trf").read_text(encoding="utf-8"),
               (gros / "event.yml").read_text(encoding="utf-8"))
    make_event(events, "teams", TEAM_TRF.read_text(encoding="utf-8"),
               "title: Team Swiss\ntiebreaks: [BH:MP]\n")
    build_site(events, root / "site")
    with served_under_sub_path(root / "site") as url:
        yield url


@pytest.fixture(scope="module")
def changes_at_load(browser: object, site_url: str) -> dict[str, list[str]]:
    """Per page of PAGES, what WATCH saw: each page loaded in a context of its own, then
    all of them given 300 ms more at once (a page is watched at least that long after its
    load event)."""
    contexts, pages = [], {}
    try:
        for path in PAGES:
            context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
            contexts.append(context)
            page = context.new_page()
            page.add_init_script(WATCH)
            response = page.goto(site_url + path, wait_until="load")
            assert response is not None and response.ok, path
            pages[path] = page
        pages[PAGES[-1]].wait_for_timeout(300)
        return {path: page.evaluate("window.__changes") for path, page in pages.items()}
    finally:
        for context in contexts:
            context.close()


@pytest.mark.parametrize("path", PAGES)
def test_no_script_adds_or_moves_an_element_at_load(changes_at_load: dict[str, list[str]],
                                                    path: str) -> None:
    assert changes_at_load[path] == [], path


def test_the_controls_in_the_html_work(browser: object, site_url: str) -> None:
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        page.goto(site_url + "gros-open-2010/index.html")
        table = page.locator("table.standings")
        first_name = table.locator("tbody tr:visible th[scope=row]").first.inner_text()
        page.get_by_label("Filter by name").fill(first_name.split()[0])
        assert table.locator("tbody tr:visible").count() < table.locator("tbody tr").count()
        page.get_by_label("Filter by name").fill("")
        table.locator("thead button.sort", has_text="Rk").click()
        assert table.locator("thead th[aria-sort]").get_attribute("aria-sort") == "ascending"
        table.locator("thead button.sort", has_text="Rk").click()
        last_rank = table.locator("tbody tr").first.locator("td").first.inner_text()
        assert last_rank != "1"
    finally:
        context.close()
