"""A series page on a 360 px phone (issue 28): the table of events scrolls in its own box,
and the words said only to screen readers ("dropped", "did not play") do not widen the page,
in every shipped language."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT

from generator.messages import SHIPPED_LANGUAGES
from generator.site.build import build_site

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = tmp_path_factory.mktemp("series-phone")
    for event in sorted((ROOT / "events").glob("blitz-2026-*")):
        shutil.copytree(event, project / "events" / event.name)
    shutil.copytree(ROOT / "series", project / "series")
    (project / "site.yml").write_text(f"languages: [{', '.join(SHIPPED_LANGUAGES)}]\n",
                                      encoding="utf-8")
    build_site(project / "events", project / "site", workers=1)
    return project / "site"


@pytest.mark.parametrize("language", SHIPPED_LANGUAGES)
def test_the_series_page_holds_on_a_phone(browser: Any, site: Path, language: str) -> None:
    page = browser.new_page(viewport={"width": 360, "height": 780})
    try:
        home = "" if language == SHIPPED_LANGUAGES[0] else f"{language}/"
        page.goto((site / f"{home}series/club-blitz-2026/index.html").as_uri())
        assert page.locator("del").count() >= 1
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        page.close()
