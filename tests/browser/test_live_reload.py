"""An open tab follows the files: ``standings serve`` in Debian's chromium (playwright).

The edit is the one of tests/preview/test_serve_site.py, worked by hand from the seed example
(tests/corpus/trf/seed-anna.trf): Anna's round-1 win against Dina becomes a draw, so Anna
drops to 3.5 points and Boris, alone on 4, moves to the top of the standings.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from kit.servekit import ANNA, ANNA_LINE, anna_draws_with_dina, anna_ranked_as_computed
from kit.sitekit import make_event
from test_site_browser import CONTRAST_JS

from generator.preview.serve import Preview, ServeSettings
from generator.preview.server import BANNER_ID, NOTICES_ID, WARNINGS_ID
from generator.preview.site_port import default_site_functions

pytestmark = pytest.mark.browser

FIRST_ROW_NAME = "document.querySelector('table.standings tbody tr th[scope=row]').textContent"


def test_an_open_tab_reloads_by_itself_after_an_edit(tmp_path: Path, browser: object) -> None:
    trf = make_event(tmp_path / "events", "anna", ANNA) / "tournament.trf"
    text = trf.read_text(encoding="utf-8")
    edited = anna_draws_with_dina(text)
    assert edited != text
    settings = ServeSettings(events_root=tmp_path / "events", port=0, base="/REPO/")
    with Preview(settings, default_site_functions(), log=lambda line: None) as preview:
        page = browser.new_page()  # type: ignore[attr-defined]
        problems: list[str] = []
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.goto(preview.url + "anna/")
        assert page.evaluate(FIRST_ROW_NAME) == "Anna"
        # A mark that only this load of the page carries: gone means the tab reloaded.
        page.evaluate("window.loadedBeforeTheEdit = true")

        trf.write_text(edited, encoding="utf-8")
        page.wait_for_function(
            f"!window.loadedBeforeTheEdit && {FIRST_ROW_NAME} === 'Boris'", timeout=20_000)
        assert page.evaluate("""[...document.querySelectorAll('table.standings tbody tr')]
            .find(row => row.querySelector('th[scope=row]').textContent === 'Anna')
            .querySelector('td:nth-child(3)').textContent""") == "3½"

        # Broken, the tab reloads to show the problem over the last good pages; fixed, it
        # reloads again without it.
        page.evaluate("window.loadedBeforeTheBreak = true")
        trf.write_text(edited.replace("0005 w =", "0005 w Q"), encoding="utf-8")
        page.wait_for_selector(f"#{BANNER_ID}", timeout=20_000)
        assert page.evaluate("window.loadedBeforeTheBreak === undefined")
        assert "unknown result code 'Q' in round 1" in page.inner_text(f"#{BANNER_ID}")
        assert page.evaluate(FIRST_ROW_NAME) == "Boris"
        trf.write_text(edited, encoding="utf-8")
        page.wait_for_selector(f"#{BANNER_ID}", state="detached", timeout=20_000)
        page.close()
    assert problems == []


# --- the banners seen ------------------------------------------------------------------------

PHONE = {"width": 360, "height": 640}
IN_VIEW = """selector => { const box = document.querySelector(selector).getBoundingClientRect();
    return {top: box.top, bottom: box.bottom, height: innerHeight}; }"""


ONE_LINE = """selector => { const element = document.querySelector(selector);
    const style = getComputedStyle(element);
    return {height: element.getBoundingClientRect().height,
            lineHeight: parseFloat(style.lineHeight) || 1.45 * parseFloat(style.fontSize)}; }"""


def _in_view(page: object, selector: str) -> bool:
    box = page.evaluate(IN_VIEW, selector)  # type: ignore[attr-defined]
    return bool(0 <= box["top"] < box["bottom"] <= box["height"])


def _scrolled_to_the_bottom(page: object) -> float:
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")  # type: ignore[attr-defined]
    return float(page.evaluate("window.scrollY"))  # type: ignore[attr-defined]


def _points_column_says(text: str, points: str) -> str:
    """Anna's points column changed, her results not: the reader warns."""
    return text.replace(ANNA_LINE, ANNA_LINE.replace(" 4.0 ", f" {points} "))


def test_the_warning_banner_is_in_view_after_a_live_reload(tmp_path: Path,
                                                            browser: object) -> None:
    # Chromium gives a reloaded tab its scroll position back: a banner at the top of the
    # page landed above the screen, and the arbiter saw the old standings and no warning.
    # Warning-free at first (the seed's own rank column is a warning): the banner can only
    # come from the edit, after the reload.
    trf = make_event(tmp_path / "events", "anna", ANNA) / "tournament.trf"
    text = anna_ranked_as_computed(trf.read_text(encoding="utf-8"))
    trf.write_text(text, encoding="utf-8")
    settings = ServeSettings(events_root=tmp_path / "events", port=0)
    with Preview(settings, default_site_functions(), log=lambda line: None) as preview:
        context = browser.new_context(viewport=PHONE)  # type: ignore[attr-defined]
        page = context.new_page()
        problems: list[str] = []
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.goto(preview.url + "anna/players/1.html")  # Anna's: explanations, a long page
        assert _scrolled_to_the_bottom(page) > PHONE["height"]  # a long page, scrolled down
        page.evaluate("window.loadedBeforeTheEdit = true")

        trf.write_text(_points_column_says(text, "4.5"), encoding="utf-8")
        page.wait_for_selector(f"#{WARNINGS_ID}", state="attached", timeout=20_000)
        assert page.evaluate("window.loadedBeforeTheEdit === undefined")  # it reloaded
        page.wait_for_load_state("load")
        assert page.evaluate("window.scrollY") > PHONE["height"]  # the position came back
        assert _in_view(page, f"#{WARNINGS_ID} summary")
        # Folded on a phone: one line, its count first, and the page keeps the screen.
        summary = page.evaluate(ONE_LINE, f"#{WARNINGS_ID} summary")
        assert summary["height"] < 2 * summary["lineHeight"], summary
        assert page.inner_text(f"#{WARNINGS_ID} summary").startswith("1")
        assert "publishing with --strict" in page.inner_text(f"#{WARNINGS_ID} summary")
        assert "points column says 4.5" not in page.inner_text(f"#{WARNINGS_ID}")
        folded = page.evaluate(IN_VIEW, f"#{NOTICES_ID}")
        assert folded["bottom"] - folded["top"] <= PHONE["height"] / 8
        # A tap opens it: the warning itself, and still half the screen at most.
        page.click(f"#{WARNINGS_ID} summary")
        assert "tournament.trf:6:81: warning: points column says 4.5" in page.inner_text(
            f"#{WARNINGS_ID}")
        opened = page.evaluate(IN_VIEW, f"#{NOTICES_ID}")
        assert folded["bottom"] - folded["top"] < opened["bottom"] - opened["top"]
        assert opened["bottom"] - opened["top"] <= PHONE["height"] / 2

        # An error then: its banner too is on screen after the reload.
        page.evaluate("window.loadedBeforeTheBreak = true")
        _scrolled_to_the_bottom(page)
        trf.write_text(_points_column_says(text, "4.5").replace("0005 w 1", "0005 w Q"),
                       encoding="utf-8")
        page.wait_for_selector(f"#{BANNER_ID}", state="attached", timeout=20_000)
        assert page.evaluate("window.loadedBeforeTheBreak === undefined")
        page.wait_for_load_state("load")
        assert page.evaluate("window.scrollY") > PHONE["height"]
        assert _in_view(page, f"#{BANNER_ID} summary")
        context.close()
    assert problems == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_banners_read_without_javascript_and_pass_the_contrast_check(
        tmp_path: Path, browser: object, scheme: str) -> None:
    trf = make_event(tmp_path / "events", "anna", ANNA) / "tournament.trf"
    text = trf.read_text(encoding="utf-8")
    # A warning (Anna's points column) and an error (a result code 'Q') at once.
    trf.write_text(_points_column_says(text, "4.5"), encoding="utf-8")
    settings = ServeSettings(events_root=tmp_path / "events", port=0)
    with Preview(settings, default_site_functions(), log=lambda line: None) as preview:
        trf.write_text(_points_column_says(text, "4.5").replace("0005 w 1", "0005 w Q"),
                       encoding="utf-8")
        deadline = time.monotonic() + 20
        while not any(d.is_error for d in preview.live_site.current()[1]):
            assert time.monotonic() < deadline, "the broken file was not noticed"
            time.sleep(0.05)
        context = browser.new_context(  # type: ignore[attr-defined]
            viewport=PHONE, java_script_enabled=False, color_scheme=scheme)
        page = context.new_page()
        page.goto(preview.url + "anna/crosstable.html")
        assert "unknown result code 'Q' in round 1" in page.inner_text(f"#{BANNER_ID}")
        page.click(f"#{WARNINGS_ID} summary")  # folded until tapped; no script needed
        assert "points column says 4.5" in page.inner_text(f"#{WARNINGS_ID}")
        _scrolled_to_the_bottom(page)
        assert _in_view(page, f"#{BANNER_ID} summary")  # sticky is CSS: no script needed
        worst = page.evaluate(CONTRAST_JS, [f"#{NOTICES_ID} summary", f"#{NOTICES_ID} code"])
        context.close()
    assert len(worst) == 2 and all(ratio >= 4.5 for ratio in worst.values()), worst
