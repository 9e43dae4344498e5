"""An open tab follows the files: ``standings serve`` in Debian's chromium (playwright).

The edit is the one of tests/test_serve_site.py, worked by hand from the seed example
(tests/corpus/trf/seed-anna.trf): Anna's round-1 win against Dina becomes a draw, so Anna
drops to 3.5 points and Boris, alone on 4, moves to the top of the standings.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from servekit import ANNA, anna_draws_with_dina
from sitekit import make_event

from generator.incremental import default_site_functions
from generator.serve import BANNER_ID, Preview, ServeSettings

pytestmark = pytest.mark.browser

FIRST_ROW_NAME = "document.querySelector('table.standings tbody tr th.name').textContent"


def test_an_open_tab_reloads_by_itself_after_an_edit(tmp_path: Path, browser: object) -> None:
    trf = make_event(tmp_path / "events", "anna", ANNA) / "tournament.trf"
    text = trf.read_text(encoding="utf-8")
    edited = anna_draws_with_dina(text)
    assert edited != text
    settings = ServeSettings(tmp_path / "events", port=0, base="/REPO/")
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
            .find(row => row.querySelector('th.name').textContent === 'Anna')
            .querySelector('td.pts').textContent""") == "3½"

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
