"""The words site.js and find.js show are the page's (issue 13): the filter box's label, the
find box's answers and the printed-at time follow what the page says and its ``lang``.

The pages are the English build with their words replaced as a translated page has them,
so this needs no catalogue: it checks that the scripts take their words from the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from conftest import CORPUS_TRF
from kit.browserkit import served_under_sub_path
from kit.sitekit import make_event

from generator.site.build import build_site

pytestmark = pytest.mark.browser

ENGLISH = {
    'lang="en"': 'lang="de"',
    '<label class="filter js-only">Filter by name <input':
        '<label class="filter js-only">Nach Namen filtern <input',
    'data-none="No player of that name."': 'data-none="Kein Spieler dieses Namens."',
}


def _rewritten(page: Path, name: str, replacements: dict[str, str]) -> None:
    html = page.read_text(encoding="utf-8")
    for old, new in replacements.items():
        assert html.count(old) == 1, old  # the English page says it once
        html = html.replace(old, new)
    (page.parent / name).write_text(html, encoding="utf-8")


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("words")
    make_event(root / "events", "running", CORPUS_TRF / "seed-anna.trf",
               "title: Still running\ntotal_rounds: 7\ntiebreaks: [BH]\n")
    build_site(root / "events", root / "site")
    event = root / "site" / "running" / "index.html"
    _rewritten(event, "german.html", ENGLISH)
    # A club's own _find.html without one of the find box's words.
    _rewritten(event, "bare.html", {' data-none="No player of that name."': ""})
    # Values as a German page writes them (decimal comma), in a table site.js sorts.
    rows = "".join(f"<tr><th class=name>{name}</th><td>{value}</td></tr>"
                   for name, value in (("A", "10,25"), ("B", "9,25"), ("C", "10"), ("D", "9½")))
    (root / "site" / "running" / "comma.html").write_text(
        '<!DOCTYPE html><html lang="de"><meta charset="utf-8"><link rel="icon" href="data:,">'
        '<body>'
        '<table data-sortable><thead><tr><th class="name">Name</th><th>BH</th></tr></thead>'
        f'<tbody>{rows}</tbody></table><script src="../static/site.js"></script></body></html>',
        encoding="utf-8")
    with served_under_sub_path(root / "site") as url:
        yield url


@pytest.fixture()
def berlin(browser: object) -> Iterator[object]:
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 360, "height": 740}, timezone_id="Europe/Berlin", locale="en-US")
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.problems = problems
    try:
        yield page
    finally:
        context.close()


def test_the_filter_box_says_the_pages_words(site_url: str, berlin: object) -> None:
    berlin.goto(site_url + "running/german.html")  # type: ignore[attr-defined]
    assert berlin.inner_text("label.filter").strip() == "Nach Namen filtern"  # type: ignore[attr-defined]
    assert berlin.problems == []  # type: ignore[attr-defined]


def test_the_find_box_answers_in_the_pages_words(site_url: str, berlin: object) -> None:
    berlin.goto(site_url + "running/german.html")  # type: ignore[attr-defined]
    berlin.fill(".find-form input", "zzzzz")  # type: ignore[attr-defined]
    status = berlin.locator(".find-status")  # type: ignore[attr-defined]
    status.filter(has_text="Kein Spieler dieses Namens.").wait_for()
    assert berlin.problems == []  # type: ignore[attr-defined]


def test_the_printed_time_is_written_in_the_pages_language(site_url: str,
                                                           berlin: object) -> None:
    # The browser's own locale is en-US; the page is German: 1 December 2026, 14:05 in
    # Berlin is written as a German reader writes it.
    berlin.clock.set_fixed_time(  # type: ignore[attr-defined]
        datetime(2026, 12, 1, 14, 5, tzinfo=timezone(timedelta(hours=1))))
    berlin.goto(site_url + "running/german.html")  # type: ignore[attr-defined]
    berlin.evaluate("window.dispatchEvent(new Event('beforeprint'))")  # type: ignore[attr-defined]
    assert berlin.inner_text(".print-line .at") == "01.12.2026, 14:05"  # type: ignore[attr-defined]
    assert berlin.problems == []  # type: ignore[attr-defined]


def test_a_find_box_without_its_words_says_nothing(site_url: str, berlin: object) -> None:
    berlin.goto(site_url + "running/bare.html")  # type: ignore[attr-defined]
    berlin.fill(".find-form input", "zzzzz")  # type: ignore[attr-defined]
    berlin.wait_for_timeout(300)  # type: ignore[attr-defined]
    assert "undefined" not in berlin.inner_text(".find-form")  # type: ignore[attr-defined]
    assert berlin.problems == []  # type: ignore[attr-defined]


def test_values_with_a_decimal_comma_sort_by_their_value(site_url: str, berlin: object) -> None:
    berlin.goto(site_url + "running/comma.html")  # type: ignore[attr-defined]
    berlin.click("thead th:nth-child(2) button.sort")  # type: ignore[attr-defined]
    names = berlin.locator("tbody th").all_inner_texts()  # type: ignore[attr-defined]
    assert names == ["B", "D", "C", "A"]  # 9,25 9½ 10 10,25
    assert berlin.problems == []  # type: ignore[attr-defined]
