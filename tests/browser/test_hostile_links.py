"""Dangerous links in notes, read by Debian's chromium (issue 8).

The built event page holds every spelling of tests/hostile_html.py in every link form;
chromium reads each anchor's and image's URL, and none may be javascript:, vbscript: or
data:. A control page with the same spellings unsanitized shows that chromium does run
them there, and that the Python checker of the other tests reads them as chromium does.
"""

from __future__ import annotations

from collections.abc import Iterator

import html5lib
import pytest
from kit.browserkit import served_at_root
from kit.hostile_html import LINK_FORMS, SPELLINGS, url_scheme
from kit.sitekit import make_event

from generator.site.build import build_site
from tests.reading.test_trf_broken import BASE

pytestmark = pytest.mark.browser

DANGEROUS = ("javascript:", "vbscript:", "data:")
READ_URLS = """() => [
    ...Array.from(document.querySelectorAll('a[href]'), a => [a.outerHTML, a.protocol]),
    ...Array.from(document.querySelectorAll('img[src]'),
                  i => [i.outerHTML, new URL(i.src).protocol]),
]"""


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("hostile-links")
    notes = "\n\n".join(form.replace("{u}", spelling)
                        for spelling in SPELLINGS for form in LINK_FORMS)
    make_event(root / "events", "notes", BASE, "title: Hostile notes\n", notes=notes)
    make_event(root / "events", "Åpen-2026", BASE, "title: Unicode folder\n")
    build_site(root / "events", root / "site")
    with served_at_root(root / "site") as address:
        yield address


@pytest.fixture()
def page(browser: object) -> Iterator[object]:
    context = browser.new_context()  # type: ignore[attr-defined]
    opened = context.new_page()
    dialogs: list[str] = []
    opened.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    opened.dialogs = dialogs  # type: ignore[attr-defined]
    try:
        yield opened
    finally:
        context.close()


def test_no_link_or_image_in_the_notes_is_a_script_in_chromium(site_url: str,
                                                               page: object) -> None:
    page.goto(site_url + "notes/index.html")  # type: ignore[attr-defined]
    urls = page.evaluate(READ_URLS)  # type: ignore[attr-defined]
    live = [(element, protocol) for element, protocol in urls if protocol in DANGEROUS]
    assert live == []
    assert len(urls) > 20  # the page's own links, and what is left of the notes' links
    assert page.dialogs == []  # type: ignore[attr-defined]


def test_unsanitized_the_same_spellings_are_scripts_as_the_checker_says(
        site_url: str, page: object) -> None:
    # The control: raw, these links are live in chromium, and the Python checker (which
    # the hypothesis test trusts) reads every one of them as chromium does.
    anchors = "".join(f'<a href="{spelling}">x</a>' for spelling in SPELLINGS)
    page.goto(site_url + "index.html")  # type: ignore[attr-defined]
    page.evaluate("html => { document.body.innerHTML = html; }", anchors)  # type: ignore[attr-defined]
    protocols = [protocol for _, protocol in page.evaluate(READ_URLS)]  # type: ignore[attr-defined]
    parsed = html5lib.parseFragment(anchors, namespaceHTMLElements=False)
    expected = [f"{url_scheme(a.get('href')) or 'http'}:" for a in parsed]  # relative: http
    assert protocols == expected
    assert sum(protocol in DANGEROUS for protocol in protocols) >= len(SPELLINGS) - 3
    assert page.dialogs == []  # type: ignore[attr-defined]  # nothing was clicked


def test_a_folder_named_in_another_script_opens_from_the_index(site_url: str,
                                                               page: object) -> None:
    page.goto(site_url + "index.html")  # type: ignore[attr-defined]
    page.click("text=Unicode folder")  # type: ignore[attr-defined]
    page.wait_for_load_state("load")  # type: ignore[attr-defined]
    assert page.url == site_url + "%C3%85pen-2026/index.html"  # type: ignore[attr-defined]
    assert "Unicode folder" in page.title()  # type: ignore[attr-defined]
