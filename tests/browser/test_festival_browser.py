"""A festival on a phone (360 px, issue 27): switch sections with the keyboard alone, and
find a player across the sections, with where they play in the round under way.

The site is test_festival_site.py's: the Open complete, the Rapid with round 6 paired.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from kit.browserkit import served_under_sub_path
from kit.livekit import ROUND_6, live_trf
from kit.sitekit import make_event

from generator.site.build import build_site

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("festival-browser")
    festival = root / "events" / "spring"
    festival.mkdir(parents=True)
    (festival / "festival.yml").write_text(
        "title: Spring Congress\nsections: [open, rapid]\n", encoding="utf-8")
    make_event(festival, "open", live_trf(announced=5))
    make_event(festival, "rapid", live_trf(announced=6, next_round=ROUND_6))
    build_site(root / "events", root / "site", strict=True)
    with served_under_sub_path(root / "site") as url:
        yield url


@pytest.fixture()
def phone(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
    page = context.new_page()
    page.problems = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    page.on("console", lambda m: page.problems.append(m.text) if m.type == "error" else None)
    try:
        yield page
    finally:
        context.close()


def _focused(page: object) -> tuple[str, bool]:
    """The focused element's text, and whether it is in the section switcher."""
    text, in_switcher = page.evaluate(  # type: ignore[attr-defined]
        "() => [document.activeElement.textContent,"
        " !!document.activeElement.closest('nav.section-nav')]")
    return text, in_switcher


def test_switch_sections_with_the_keyboard_at_360_px(site_url: str, phone: object) -> None:
    phone.goto(site_url + "spring/rapid/players/3.html")  # type: ignore[attr-defined]
    for _ in range(40):
        phone.keyboard.press("Tab")  # type: ignore[attr-defined]
        if _focused(phone) == ("Open", True):
            break
    else:
        pytest.fail("Tab never reached the Open section in the switcher")
    phone.keyboard.press("Enter")  # type: ignore[attr-defined]
    phone.wait_for_url(site_url + "spring/open/index.html")  # type: ignore[attr-defined]
    current = phone.locator("nav.section-nav [aria-current]")  # type: ignore[attr-defined]
    assert current.inner_text() == "Open"
    # The switcher is named for a screen reader, and nothing runs off a phone's screen.
    assert phone.get_by_role(  # type: ignore[attr-defined]
        "navigation", name="Sections of Spring Congress").count() == 1
    for path in ("spring/open/index.html", "spring/index.html"):
        phone.goto(site_url + path)  # type: ignore[attr-defined]
        width = phone.evaluate(  # type: ignore[attr-defined]
            "() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"], path
    assert phone.problems == []  # type: ignore[attr-defined]


def test_find_a_player_across_sections_and_where_they_play(site_url: str,
                                                             phone: object) -> None:
    phone.goto(site_url + "spring/index.html")  # type: ignore[attr-defined]
    phone.get_by_label("Find a player").fill("zurab")  # type: ignore[attr-defined]
    phone.locator(".find-results a").first.wait_for()  # type: ignore[attr-defined]
    lines = phone.locator(".find-results li").all_inner_texts()  # type: ignore[attr-defined]
    assert len(lines) == 2
    assert any("Spring Congress – Open" in line for line in lines)
    # ROUND_6_BOARDS: Vera (3) has White against Zurab (8) on board 4.
    assert any("Spring Congress – Rapid" in line and "round 6, board 4 against Vera" in line
               for line in lines)
    phone.locator(".find-results a").nth(  # type: ignore[attr-defined]
        next(i for i, line in enumerate(lines) if "Rapid" in line)).click()
    phone.wait_for_url(site_url + "spring/rapid/players/8.html")  # type: ignore[attr-defined]
    assert phone.problems == []  # type: ignore[attr-defined]
