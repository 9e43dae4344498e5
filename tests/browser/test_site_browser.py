"""The built site in a real browser (Debian's chromium driven by playwright).

The site is served under a sub-path, as GitHub Pages serves a project site
(``user.github.io/REPO/``), by a small http.server thread on 127.0.0.1.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import CORPUS, CORPUS_TRF
from kit.browserkit import served_under_sub_path
from kit.sitekit import make_event, make_seed_events

from generator.site.build import build_site

pytestmark = pytest.mark.browser

TEAM_TRF = CORPUS / "teams" / "trf"
HOSTILE = "<script>alert(1)</script>"
PRIZES = f"""title: Prize open
tiebreaks: [BH/C1, BH, SB]
categories:
  - name: Club
    start_numbers: [1, 3, 8]
  - name: "{HOSTILE}"
    start_numbers: [2, 4, 6, 7]
prizes:
  currency: EUR
  ties: shared
  min_players: 3
  lists:
    overall: [300, 200, 100]
    Club: [50]
    "{HOSTILE}": [40, Trophy]
"""
"""An event with categories and prizes (issue 14): the prize list, category pages, a player
with a category place and a prize."""


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("browser")
    events = make_seed_events(root / "events", ("seed-anna", "club-byes"))
    make_event(events, "rr", CORPUS_TRF / "synth-round-robin.trf",
               "title: Club round robin\ntiebreaks: [DE, SB, WIN]\n")
    trf = (CORPUS_TRF / "seed-alekhin.trf").read_text(encoding="utf-8")
    name = trf.splitlines()[5][14:47]
    trf = trf.replace(name, HOSTILE.ljust(len(name)), 1)
    make_event(events, "hostile", trf, "title: Hostile names\ntiebreaks: [BH]\n")
    make_event(events, "teams", TEAM_TRF / "crete-friendship-cup-2024.trf",
               "title: Team Swiss\ntiebreaks: [BH:MP, BH:GP]\n")
    make_event(events, "team-rr", TEAM_TRF / "markdechamps-team-rr.trf",
               "title: Team round robin\ntiebreaks: [DE, SB]\n")
    make_event(events, "prizes", CORPUS_TRF / "seed-anna.trf", PRIZES)
    build_site(events, root / "site")
    with served_under_sub_path(root / "site") as url:
        yield url


PAGE_TYPES = [
    "index.html",
    "seed-anna/index.html",
    "seed-anna/crosstable.html",
    "seed-anna/rounds/3.html",
    "seed-anna/rounds/3-standings.html",
    "seed-anna/starting-list.html",
    "club-byes/index.html",
    "club-byes/crosstable.html",
    "club-byes/players/10.html",
    "rr/crosstable.html",
    "rr/players/1.html",
    "teams/index.html",
    "teams/crosstable.html",
    "teams/rounds/4.html",
    "teams/rounds/4-standings.html",
    "teams/teams/1.html",
    "teams/players/13.html",
    "teams/boards.html",
    "team-rr/crosstable.html",
    "team-rr/teams/1.html",
    "people/index.html",
    "tiebreaks/index.html",
    "tiebreaks/bh.html",
    "tiebreaks/unplayed-rounds.html",
    "prizes/index.html",
    "prizes/prizes.html",
    "prizes/categories/club.html",
    "prizes/categories/script-alert-1-script.html",
    "prizes/players/1.html",
]


def test_no_page_type_scrolls_sideways_on_a_phone(site_url: str, phone: object) -> None:
    widths = {}
    for path in PAGE_TYPES:
        response = phone.goto(site_url + path)  # type: ignore[attr-defined]
        assert response is not None and response.ok, path
        widths[path] = phone.evaluate(  # type: ignore[attr-defined]
            "document.documentElement.scrollWidth")
    assert all(width <= 360 for width in widths.values()), widths
    assert phone.problems == []  # type: ignore[attr-defined]


def test_people_pages_fit_too(site_url: str, phone: object) -> None:
    phone.goto(site_url + "people/index.html")  # type: ignore[attr-defined]
    phone.click("table.people tbody tr:first-child a")  # type: ignore[attr-defined]
    phone.wait_for_url("**/REPO/people/*.html")  # type: ignore[attr-defined]
    phone.wait_for_load_state("load")  # type: ignore[attr-defined]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360  # type: ignore[attr-defined]


def test_a_deep_link_opens_the_explanation(site_url: str, phone: object) -> None:
    phone.goto(site_url + "club-byes/players/10.html#p10-bh-c1")  # type: ignore[attr-defined]
    section = phone.locator("#p10-bh-c1")  # type: ignore[attr-defined]
    assert section.evaluate("e => e.matches(':target')")
    assert section.evaluate(
        "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }")
    assert "BH/C1 = 21" in section.inner_text()
    assert phone.problems == []  # type: ignore[attr-defined]


def test_a_standings_value_links_to_its_derivation(site_url: str, phone: object) -> None:
    phone.goto(site_url + "club-byes/index.html")  # type: ignore[attr-defined]
    row = phone.locator("table.standings tbody tr", has=phone.locator(  # type: ignore[attr-defined]
        'a[href="players/10.html"]'))
    # Rk, Name, Pts, BH/C1, BH, SB: the SB value is the 6th cell.
    row.locator("td:nth-child(6)").click()
    phone.wait_for_url("**/REPO/club-byes/players/10.html#p10-sb")  # type: ignore[attr-defined]
    phone.wait_for_load_state("load")  # type: ignore[attr-defined]
    assert phone.locator("#p10-sb").evaluate("e => e.matches(':target')")  # type: ignore[attr-defined]


def test_a_team_standings_value_links_to_its_derivation_and_the_team_to_its_players(
        site_url: str, phone: object) -> None:
    phone.goto(site_url + "teams/index.html")  # type: ignore[attr-defined]
    column = phone.evaluate(  # type: ignore[attr-defined]
        "[...document.querySelectorAll('table.standings thead th')]"
        ".findIndex(th => th.dataset.anchor === 'bh-gp') + 1")
    assert column > 0
    row = phone.locator("table.standings tbody tr", has=phone.locator(  # type: ignore[attr-defined]
        'a[href="teams/1.html"]'))
    row.locator(f"td:nth-child({column})").click()
    phone.wait_for_url("**/REPO/teams/teams/1.html#p1-bh-gp")  # type: ignore[attr-defined]
    phone.wait_for_load_state("load")  # type: ignore[attr-defined]
    assert phone.locator("#p1-bh-gp").evaluate("e => e.matches(':target')")  # type: ignore[attr-defined]
    phone.click('table.roster a[href="../players/13.html"]')  # type: ignore[attr-defined]
    phone.wait_for_url("**/REPO/teams/players/13.html")  # type: ignore[attr-defined]
    phone.click('dl.card a[href="../teams/1.html"]')  # type: ignore[attr-defined]
    phone.wait_for_url("**/REPO/teams/teams/1.html")  # type: ignore[attr-defined]
    assert phone.problems == []  # type: ignore[attr-defined]


def test_a_script_in_a_name_is_shown_as_text(site_url: str, phone: object) -> None:
    for path in ("hostile/index.html", "hostile/players/1.html", "hostile/crosstable.html",
                 "people/index.html", "prizes/prizes.html",
                 "prizes/categories/script-alert-1-script.html", "prizes/players/2.html"):
        phone.goto(site_url + path)  # type: ignore[attr-defined]
        assert HOSTILE in phone.inner_text("main")  # type: ignore[attr-defined]
    assert phone.problems == []  # type: ignore[attr-defined]  # no alert() dialog ran


def test_filter_and_sort_enhance_the_standings(site_url: str, phone: object) -> None:
    phone.goto(site_url + "club-byes/index.html")  # type: ignore[attr-defined]
    phone.fill("label.filter input", "berg")  # type: ignore[attr-defined]
    visible = phone.locator("table.standings tbody tr:visible")  # type: ignore[attr-defined]
    assert visible.count() == 1 and "Berg, Pavel" in visible.inner_text()
    phone.fill("label.filter input", "")  # type: ignore[attr-defined]
    # Rk, Name, Pts, BH/C1, BH, SB, Fed, Rtg, No: the rating is the 8th column.
    phone.click('table.standings thead th:nth-child(8) button.sort')  # type: ignore[attr-defined]
    ratings = phone.locator(  # type: ignore[attr-defined]
        "table.standings tbody td:nth-child(8)").all_inner_texts()
    numbers = [int(r) for r in ratings if r.strip()]
    assert numbers == sorted(numbers)
    assert phone.problems == []  # type: ignore[attr-defined]


def test_pages_read_without_javascript(browser: object, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False,  # type: ignore[attr-defined]
                                  viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        page.goto(site_url + "club-byes/players/10.html")
        assert "Why 11th" in page.inner_text("main")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.goto(site_url + "teams/teams/1.html")
        assert "Why 5th" in page.inner_text("main")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()


CONTRAST_JS = """
(selectors) => {
  const rgb = s => s.match(/[\\d.]+/g).map(Number);
  const lum = c => { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const background = e => { for (; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c; }
    return [255, 255, 255]; };
  const worst = {};
  for (const sel of selectors) {
    for (const e of document.querySelectorAll(sel)) {
      const a = lum(rgb(getComputedStyle(e).color)), b = lum(background(e));
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      worst[sel] = Math.min(worst[sel] ?? 99, ratio);
    }
  }
  return worst;
}
"""


PAGE_TEXT = ["main p", ".muted", "main a", "thead th", "tbody td", ".badge", "del",
             "body > footer p", "section.tiebreak > h3 > span", "p.sum span"]
"""The kinds of text whose contrast is checked (the worst of each kind is reported)."""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_contrast_meets_wcag_aa(browser: object, site_url: str, scheme: str) -> None:
    context = browser.new_context(color_scheme=scheme)  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        worst: dict[str, float] = {}
        for path in ("club-byes/players/10.html", "seed-anna/rounds/3-standings.html",
                     "teams/teams/1.html", "teams/players/13.html", "teams/boards.html",
                     "prizes/prizes.html", "prizes/categories/club.html",
                     "prizes/players/1.html"):
            page.goto(site_url + path)
            for selector, ratio in page.evaluate(CONTRAST_JS, PAGE_TEXT).items():
                worst[selector] = min(ratio, worst.get(selector, 99.0))
        assert worst and all(ratio >= 4.5 for ratio in worst.values()), worst
    finally:
        context.close()
