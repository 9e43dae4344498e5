"""Find a player on a phone (360 px), without a server: under a sub-path and from disk.

The site has two events; names with accents, two surnames, and one that is markup.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import CORPUS_TRF
from kit.browserkit import served_under_sub_path
from kit.sitekit import make_event
from kit.trfgen import renamed

from generator.site.build import build_site

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}
HOSTILE = '<img src=x onerror="alert(1)">'
RENAMED = {1: "Sanz Pérez, Eduardo", 2: "Pérez, Ana", 3: HOSTILE, 4: "Łukasiewicz, Józef"}



@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("find")
    events = root / "events"
    trf = (CORPUS_TRF / "synth-club-byes.trf").read_text(encoding="utf-8")
    make_event(events, "club", renamed(trf, RENAMED), "title: Club open\ntiebreaks: [BH]\n")
    other = (CORPUS_TRF / "seed-alekhin.trf").read_text(encoding="utf-8")
    make_event(events, "memorial", renamed(other, {5: "Perez, Carlos"}),
               "title: Memorial\ntiebreaks: [BH]\n")
    build_site(events, root / "site")
    return root / "site"


@pytest.fixture(scope="module")
def site_url(site: Path) -> Iterator[str]:
    with served_under_sub_path(site) as url:
        yield url


@pytest.fixture()
def phone(browser: object) -> Iterator[object]:
    """A 360 x 780 page that records script errors, dialogs and requests."""
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    page = context.new_page()
    page.problems = []  # type: ignore[attr-defined]
    page.requested = []  # type: ignore[attr-defined]
    page.on("console", lambda m: page.problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    page.on("dialog", lambda d: (page.problems.append(f"dialog: {d.message}"), d.dismiss()))
    page.on("request", lambda r: page.requested.append(r.url))
    try:
        yield page
    finally:
        context.close()


def results(page: object) -> list[str]:
    return page.locator(".find-results a").all_inner_texts()  # type: ignore[attr-defined]


def test_type_perez_see_the_players_and_follow_one(site_url: str, phone: object) -> None:
    phone.goto(site_url + "index.html")
    assert not any("find-index" in url for url in phone.requested)  # loaded on use only
    phone.get_by_label("Find a player").fill("perez")
    phone.locator(".find-results a").first.wait_for()
    found = results(phone)
    assert set(found) == {"Sanz Pérez, Eduardo", "Pérez, Ana", "Perez, Carlos"}
    assert any("find-index" in url for url in phone.requested)
    phone.locator(".find-results").get_by_role("link", name="Pérez, Ana").click()
    phone.wait_for_url(site_url + "club/players/2.html")
    assert "Pérez, Ana" in phone.locator("h1").inner_text()
    assert phone.problems == []


@pytest.mark.parametrize("typed", ["Sanz Eduardo", "eduardo sanz", "PEREZ ed", "sanz pérez"])
def test_both_name_orders_and_any_accents(site_url: str, phone: object, typed: str) -> None:
    phone.goto(site_url + "index.html")
    phone.get_by_label("Find a player").fill(typed)
    phone.locator(".find-results a").first.wait_for()
    assert results(phone) == ["Sanz Pérez, Eduardo"]


def test_letters_without_a_decomposition_fold_too(site_url: str, phone: object) -> None:
    phone.goto(site_url + "index.html")
    phone.get_by_label("Find a player").fill("lukasiewicz jozef")
    phone.locator(".find-results a").first.wait_for()
    assert results(phone) == ["Łukasiewicz, Józef"]


def test_an_event_page_lists_its_own_players_first(site_url: str, phone: object) -> None:
    phone.goto(site_url + "memorial/index.html")
    phone.get_by_label("Find a player").fill("perez")
    phone.locator(".find-results a").first.wait_for()
    assert results(phone)[0] == "Perez, Carlos"
    first, second = phone.locator(".find-results li").all_inner_texts()[:2]
    assert "Club open" not in first and "Club open" in second
    phone.locator(".find-results").get_by_role("link", name="Perez, Carlos").click()
    phone.wait_for_url(site_url + "memorial/players/5.html")


def test_a_name_that_is_markup_is_found_as_text(site_url: str, phone: object) -> None:
    phone.goto(site_url + "index.html")
    phone.get_by_label("Find a player").fill("img src")
    phone.locator(".find-results a").first.wait_for()
    assert results(phone) == [HOSTILE]
    assert phone.locator(".find-results img").count() == 0
    assert phone.problems == []


def test_nothing_found_says_so(site_url: str, phone: object) -> None:
    phone.goto(site_url + "index.html")
    phone.get_by_label("Find a player").fill("zzzz")
    phone.get_by_text("No player of that name.").wait_for()
    assert results(phone) == []


def test_the_box_fits_the_phone(site_url: str, phone: object) -> None:
    for page in ("index.html", "club/index.html"):
        phone.goto(site_url + page)
        phone.get_by_label("Find a player").fill("a")
        phone.locator(".find-results a").first.wait_for()
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], page


def test_it_works_from_disk(site: Path, phone: object) -> None:
    phone.goto((site / "club" / "index.html").as_uri())
    phone.get_by_label("Find a player").fill("perez")
    phone.locator(".find-results a").first.wait_for()
    phone.locator(".find-results").get_by_role("link", name="Perez, Carlos").click()
    phone.wait_for_url((site / "memorial" / "players" / "5.html").as_uri())
    assert phone.problems == []


def test_without_javascript_the_box_is_a_link_to_the_players(browser: object,
                                                              site_url: str) -> None:
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        for address in ("index.html", "club/index.html"):
            page.goto(site_url + address)
            # The box is in the HTML (a box put in at load would lay the page out again),
            # but nothing of it shows: no box that cannot work.
            assert page.locator("input[type=search]").count() >= 1
            assert page.locator("input[type=search]:visible").count() == 0
            page.get_by_role("link", name="Find a player").click()
            page.wait_for_url(site_url + "people/index.html")
    finally:
        context.close()


def test_putting_the_box_in_place_moves_nothing_below_it(browser: object,
                                                        site_url: str) -> None:
    # Measured from the box's own top: site.js puts the standings' filter above the box, which
    # moves the box itself and is not what this test is about.
    gaps = []
    for script in (False, True):
        context = browser.new_context(viewport=PHONE, java_script_enabled=script)  # type: ignore[attr-defined]
        try:
            page = context.new_page()
            page.goto(site_url + "club/index.html")
            if script:
                page.get_by_label("Find a player").wait_for()
            gaps.append(page.evaluate(
                "document.querySelector('.find ~ :not(script)').getBoundingClientRect().top"
                " - document.querySelector('.find').getBoundingClientRect().top"))
        finally:
            context.close()
    assert gaps[0] == gaps[1] and gaps[0] > 0
