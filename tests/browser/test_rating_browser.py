"""The rating change column and derivation in a real browser, on a phone (issue 14): the
column sorts by value (a minus sign and the "≈" mark included), a change opens its
derivation, and the player page with its table of games does not scroll sideways."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from kit.browserkit import served_under_sub_path
from kit.ratingkit import rated_trf
from kit.sitekit import make_event

from generator.site.build import build_site

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("rating-browser")
    make_event(root / "events", "rated", rated_trf(), "tiebreaks: [BH]\n")
    build_site(root / "events", root / "site")
    with served_under_sub_path(root / "site") as url:
        yield url


def _column(phone: object) -> int:
    index = phone.evaluate(  # type: ignore[attr-defined]
        "[...document.querySelectorAll('table.standings thead th')]"
        ".findIndex(th => th.dataset.anchor === 'rating-change') + 1")
    assert index > 0
    return int(index)


def test_the_change_column_sorts_by_value(site_url: str, phone: object) -> None:
    phone.goto(site_url + "rated/index.html")  # type: ignore[attr-defined]
    column = _column(phone)
    phone.click(f"table.standings thead th:nth-child({column}) button.sort")  # type: ignore[attr-defined]
    cells = phone.locator(  # type: ignore[attr-defined]
        f"table.standings tbody td:nth-child({column})").all_inner_texts()
    values = [float(c.strip().rstrip("≈").replace("\N{MINUS SIGN}", "-"))
              for c in cells if c.strip()]
    assert len(values) == 5 and any(v < 0 for v in values)
    assert values == sorted(values)
    assert phone.problems == []  # type: ignore[attr-defined]


def test_a_change_opens_its_derivation(site_url: str, phone: object) -> None:
    phone.goto(site_url + "rated/index.html")  # type: ignore[attr-defined]
    column = _column(phone)
    row = phone.locator("table.standings tbody tr", has=phone.locator(  # type: ignore[attr-defined]
        'a[href="players/1.html"]'))
    row.locator(f"td:nth-child({column})").click()
    phone.wait_for_url("**/REPO/rated/players/1.html#p1-rating-change")  # type: ignore[attr-defined]
    phone.wait_for_load_state("load")  # type: ignore[attr-defined]
    section = phone.locator("#p1-rating-change")  # type: ignore[attr-defined]
    assert section.evaluate("e => e.matches(':target')")
    assert "Rating change = +11.6" in section.inner_text()


def test_the_player_page_fits_a_phone(site_url: str, phone: object) -> None:
    for number in (1, 5):
        phone.goto(site_url + f"rated/players/{number}.html")  # type: ignore[attr-defined]
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360  # type: ignore[attr-defined]
    assert phone.problems == []  # type: ignore[attr-defined]
