"""A series page on a 360 px phone (issue 28): the table of events scrolls in its own box,
and the words said only to screen readers ("dropped", "did not play") do not widen the page,
in every shipped language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from kit.languagekit import examples_in_every_language

from generator.messages import SHIPPED_LANGUAGES

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The examples (the club's blitz series among them) in every language, as the
    catalogue check reads them."""
    return examples_in_every_language(tmp_path_factory)


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
