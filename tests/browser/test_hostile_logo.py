"""The published SVG logo opened by itself in Debian's chromium runs nothing (issue 22).

Anyone may open a logo's address, and the browser then runs it as a document of the site.
Each technique of tests/kit/svgkit.py is written into a logo, read as a build reads it, and
the published file is opened, hovered, tabbed into and clicked: no dialog may open (every
payload calls ``alert``). The control opens the same logos as they were written: chromium
runs those in :data:`LIVE_WHEN_RAW`, so the test would see a payload that survived.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from kit.browserkit import served_at_root
from kit.sitekit import make_seed_events
from kit.svgkit import (
    CODE,
    ISSUE_SPELLINGS,
    ISSUE_TECHNIQUES,
    NAMESPACES,
    REAL_LOGO,
    STYLED_LOGO,
    TECHNIQUES,
)

from generator.reading.site_files import read_site
from generator.site.build import build_site

pytestmark = pytest.mark.browser

LIVE_WHEN_RAW = ("animate-href", "cdata-script", "foreign-object-iframe",
                 "iframe-default-namespace", "link", "onbegin", "onclick", "onfocusin",
                 "onmouseover", "plain-script", "root-onload", "script-href", "set-href",
                 "svg-prefixed-script", "typed-script", "xhtml-island",
                 "xhtml-prefixed-script", "xlink-link")
"""The techniques chromium runs in a logo opened by itself (the control checks each)."""


def hostile_logo(name: str) -> str:
    if name == "root-onload":
        return f'<svg {NAMESPACES} onload="{CODE}"><rect width="10" height="10"/></svg>'
    fragment = TECHNIQUES[name].format(**ISSUE_SPELLINGS)
    return f'<svg {NAMESPACES}><rect width="10" height="10" fill="navy"/>{fragment}</svg>'


def published_logo(folder: Path, logo: bytes) -> bytes:
    """The logo's bytes as a build of ``folder`` publishes them."""
    (folder / "events").mkdir(parents=True, exist_ok=True)
    (folder / "site.yml").write_text("logo: logo.svg\n", encoding="utf-8")
    (folder / "logo.svg").write_bytes(logo)
    settings, _warnings = read_site(folder / "events")
    assert settings.logo_data is not None
    return settings.logo_data


VIEWPORT = {"width": 400, "height": 300}
SETTLE_MS = 300
"""Animations begin at 0 s and a link navigates after the click: the time given a page after
it was clicked before its tab loads another address (what is asserted is whether a dialog
opened, not when)."""
TABS = 6
"""Tabs used in turn: each new tab costs chromium a renderer process, and a tab reloaded at
once would cut its page's SETTLE_MS short."""


def dialogs_when_used(browser: object, addresses: list[str]) -> list[list[str]]:
    """The dialogs each address opens when it is loaded, hovered, tabbed into and clicked.

    The addresses take TABS tabs in turn; a tab loads its next address only once SETTLE_MS
    have passed since its last click, and all are given SETTLE_MS at the end, so a page is
    watched at least that long after it was clicked (the controls, which go through the same
    function, show that this sees a payload that runs)."""
    context = browser.new_context(viewport=VIEWPORT)  # type: ignore[attr-defined]
    seen: list[list[str]] = []
    tabs: list[tuple[object, list[list[str]], list[float]]] = []
    try:
        for index, address in enumerate(addresses):
            if index < TABS:
                page = context.new_page()
                showing: list[list[str]] = [[]]
                clicked = [0.0]
                # Whatever the tab's page opens is counted for the address it shows.
                page.on("dialog", lambda d, showing=showing: (showing[0].append(d.message),
                                                               d.dismiss()))
                tabs.append((page, showing, clicked))
            page, showing, clicked = tabs[index % TABS]  # type: ignore[assignment]
            waited_ms = (time.monotonic() - clicked[0]) * 1000
            if index >= TABS and waited_ms < SETTLE_MS:
                page.wait_for_timeout(SETTLE_MS - waited_ms)  # type: ignore[attr-defined]
            dialogs: list[str] = []
            seen.append(dialogs)
            showing[0] = dialogs
            page.goto(address)  # type: ignore[attr-defined]
            page.mouse.move(200, 150)  # type: ignore[attr-defined]
            page.keyboard.press("Tab")  # type: ignore[attr-defined]
            page.mouse.click(200, 150)  # type: ignore[attr-defined]
            clicked[0] = time.monotonic()
        if tabs:
            tabs[0][0].wait_for_timeout(SETTLE_MS)  # type: ignore[attr-defined]
        return [list(dialogs) for dialogs in seen]
    finally:
        context.close()


IGNORED = "ignored-by-chromium"
"""The techniques chromium runs none of as written, all in one logo: a logo that holds them
must not rely on that."""


@pytest.fixture(scope="module")
def opened(browser: object, tmp_path_factory: pytest.TempPathFactory
           ) -> dict[str, tuple[list[str], list[str]]]:
    """Per technique of LIVE_WHEN_RAW (and IGNORED): the dialogs of the logo as written (the
    control) and of the logo as published, each opened by itself."""
    root = tmp_path_factory.mktemp("hostile-logos")
    raws = {name: hostile_logo(name).encode() for name in LIVE_WHEN_RAW}
    fragments = "".join(TECHNIQUES[name].format(**ISSUE_SPELLINGS)
                        for name in sorted(TECHNIQUES) if name not in LIVE_WHEN_RAW)
    raws[IGNORED] = f'<svg {NAMESPACES}><rect width="10" height="10"/>{fragments}</svg>'.encode()
    addresses = []
    for name, raw in raws.items():
        written = root / name / "written.svg"
        written.parent.mkdir()
        written.write_bytes(raw)
        published = root / name / "published.svg"
        published.write_bytes(published_logo(root / name / "club", raw))
        addresses += [written.as_uri(), published.as_uri()]
    dialogs = dialogs_when_used(browser, addresses)
    return {name: (dialogs[2 * index], dialogs[2 * index + 1])
            for index, name in enumerate(raws)}


@pytest.mark.parametrize("name", LIVE_WHEN_RAW)
def test_a_published_logo_runs_no_script_when_opened(
        opened: dict[str, tuple[list[str], list[str]]], name: str) -> None:
    control, published = opened[name]
    assert control == ["1"], "the control"
    assert published == []


def test_the_techniques_chromium_ignores_run_nothing_either(
        opened: dict[str, tuple[list[str], list[str]]]) -> None:
    """The others, all in one logo: chromium runs none of them as written, but a logo
    that holds them must not rely on that."""
    _written, published = opened[IGNORED]
    assert published == []


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """A site built with a logo holding every technique of the issue, served as Pages
    serves it (by its address, with the type its name gives)."""
    root = tmp_path_factory.mktemp("hostile-logo")
    fragments = "".join(TECHNIQUES[name].format(**ISSUE_SPELLINGS) for name in ISSUE_TECHNIQUES)
    (root / "logo.svg").write_text(
        f'<svg {NAMESPACES}><rect width="10" height="10" fill="navy"/>'
        f"{fragments}</svg>", encoding="utf-8")
    (root / "site.yml").write_text("title: Club\nlogo: logo.svg\n", encoding="utf-8")
    make_seed_events(root / "events", ("seed-anna",))
    build_site(root / "events", root / "site")
    with served_at_root(root / "site") as address:
        yield root / "site", address


def test_the_built_sites_logo_runs_nothing_by_file_or_by_address(
        browser: object, built_site: tuple[Path, str]) -> None:
    site, address = built_site
    logo = site / "static" / "logo" / "logo.svg"
    assert dialogs_when_used(browser, [logo.as_uri(), address + "static/logo/logo.svg"]) == [
        [], []]


def test_the_built_sites_header_still_shows_the_logo(browser: object,
                                                     built_site: tuple[Path, str]) -> None:
    _site, address = built_site
    context = browser.new_context()  # type: ignore[attr-defined]
    page = context.new_page()
    try:
        page.goto(address + "index.html")
        width = page.evaluate("""() => new Promise(done => {
            const img = document.querySelector('img.site-logo');
            if (img.complete) done(img.naturalWidth);
            else img.onload = () => done(img.naturalWidth);
        })""")
    finally:
        context.close()
    assert width > 0


@pytest.mark.parametrize("logo", [REAL_LOGO, STYLED_LOGO], ids=["inkscape", "style-sheet"])
def test_a_real_logo_looks_the_same_once_cleaned(browser: object, tmp_path: Path,
                                                 logo: str) -> None:
    written = tmp_path / "written.svg"
    written.write_text(logo, encoding="utf-8")
    published = tmp_path / "published.svg"
    published.write_bytes(published_logo(tmp_path / "club", logo.encode()))
    assert published.read_bytes() != written.read_bytes()
    context = browser.new_context(viewport={"width": 240, "height": 80},  # type: ignore[attr-defined]
                                  device_scale_factor=2)
    page = context.new_page()
    try:
        pictures = []
        for path in (written, published):
            page.goto(path.as_uri())
            pictures.append(page.screenshot())
    finally:
        context.close()
    assert pictures[0] == pictures[1]
