"""The event day in a real browser (Debian's chromium driven by playwright): a provisional
event shows no "Final" or "Winner" on any page, a paired round lists every board, player
pages name the next opponent, and a player finds their board with the name filter on a
phone. The site is served under a sub-path, as GitHub Pages serves it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from kit.browserkit import served_under_sub_path
from kit.livekit import ROUND_6, live_trf
from kit.sitekit import html_pages, make_event

from generator.site.build import build_site

pytestmark = pytest.mark.browser

PROVISIONAL = ("paired", "halfway")
ROUND_6_WITH_BYES = {**{k: v for k, v in ROUND_6.items() if k not in (3, 8)},
                     3: "0000 - H", 8: "0000 - Z"}
"""Round 6 paired: three boards, Vera on a half-point bye, Zurab absent."""


@pytest.fixture(scope="module")
def live_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    root = tmp_path_factory.mktemp("live-browser")
    events = root / "events"
    make_event(events, "paired", live_trf(announced=6, next_round=ROUND_6_WITH_BYES),
               "title: Paired open\n")
    make_event(events, "halfway", live_trf(announced=5, blank=frozenset(
        {(1, 5), (7, 5), (2, 5), (8, 5)})), "title: Halfway open\n")
    build_site(events, root / "site", strict=True)
    with served_under_sub_path(root / "site") as url:
        yield url, root / "site"


def test_a_provisional_event_never_shows_final_or_winner(live_site: tuple[str, Path],
                                                         phone: object) -> None:
    url, site = live_site
    paths = [p.relative_to(site).as_posix()
             for slug in PROVISIONAL for p in html_pages(site / slug)]
    paths += ["index.html", *(p.relative_to(site).as_posix()
                              for p in html_pages(site / "people"))]
    assert "paired/rounds/6.html" in paths and len(paths) > 30
    for path in paths:
        response = phone.goto(url + path)  # type: ignore[attr-defined]
        assert response is not None and response.ok, path
        text = phone.inner_text("body")  # type: ignore[attr-defined]
        assert not re.search(r"\bFinal\b", text), path
        assert not re.search(r"winner|final standings", text, re.IGNORECASE), path
    assert phone.problems == []  # type: ignore[attr-defined]


def test_a_paired_round_lists_every_board_and_players_see_their_opponent(
        live_site: tuple[str, Path], phone: object) -> None:
    url, _ = live_site
    phone.goto(url + "paired/rounds/6.html")  # type: ignore[attr-defined]
    boards = phone.locator("table.pairings tbody tr").all_inner_texts()  # type: ignore[attr-defined]
    assert [re.sub(r"\s+", " ", b).strip() for b in boards] == [
        "1 Dina (2½) Boris (4)", "2 Anna (4) Egor (2)", "3 Zhanna (2) Gleb (2½)"]
    byes = phone.locator("table.byes tbody tr").all_inner_texts()  # type: ignore[attr-defined]
    assert len(byes) == 2 and "Vera" in byes[0] and "Zurab" in byes[1]
    phone.click("table.pairings a:text('Egor')")  # type: ignore[attr-defined]
    phone.wait_for_url("**/REPO/paired/players/6.html")  # type: ignore[attr-defined]
    next_game = phone.inner_text("#p6-next")  # type: ignore[attr-defined]
    assert "Board 2: Black against Anna (1)." in next_game
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360  # type: ignore[attr-defined]
    assert phone.problems == []  # type: ignore[attr-defined]


def test_a_player_finds_their_board_on_a_phone(live_site: tuple[str, Path],
                                               phone: object) -> None:
    url, _ = live_site
    phone.goto(url + "paired/rounds/6.html")  # type: ignore[attr-defined]
    boxes = phone.locator("label.filter input")  # type: ignore[attr-defined]
    assert boxes.count() == 1  # one box for the pairings and the byes
    box = boxes.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    pairings = "table.pairings tbody tr:visible"
    byes = "table.byes tbody tr:visible"
    boxes.fill("egor")  # Black on board 2
    assert phone.locator(pairings).all_inner_texts()[0].split()[:2] == ["2", "Anna"]  # type: ignore[attr-defined]
    assert phone.locator(pairings).count() == 1  # type: ignore[attr-defined]
    assert phone.locator(byes).count() == 0  # type: ignore[attr-defined]
    boxes.fill("VER")  # on a bye, found case-insensitively
    assert phone.locator(pairings).count() == 0  # type: ignore[attr-defined]
    assert "Vera" in phone.locator(byes).inner_text()  # type: ignore[attr-defined]
    boxes.fill("")
    assert phone.locator(pairings).count() == 3  # type: ignore[attr-defined]
    assert phone.locator(byes).count() == 2  # type: ignore[attr-defined]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360  # type: ignore[attr-defined]
    assert phone.problems == []  # type: ignore[attr-defined]


def test_the_pairings_read_without_javascript(browser: object,
                                              live_site: tuple[str, Path]) -> None:
    url, _ = live_site
    context = browser.new_context(java_script_enabled=False,  # type: ignore[attr-defined]
                                  viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        page.goto(url + "paired/rounds/6.html")
        # The filter box is in the HTML but not shown: it needs JavaScript to work.
        assert page.locator("label.filter").count() == 1
        assert page.locator("label.filter:visible").count() == 0
        assert page.locator("table.pairings tbody tr:visible").count() == 3
        assert "Pairings of round 6" in page.inner_text("main")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
