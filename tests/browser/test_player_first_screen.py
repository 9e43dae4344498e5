"""A player page's first screen in a real browser (issue 12): at 360 x 780 and 1366 x 900,
light and dark, the place and the tie-break that decided are on screen without scrolling,
and no word of the sentence is broken inside (each word's line boxes, as rendered)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import CORPUS_TRF
from kit.sitekit import make_event

from generator.site.build import build_site

pytestmark = pytest.mark.browser

LONG_NAME = "Wolfeschlegelsteinhausen, Hubertus"[:33]
"""A long surname (the TRF's 33-character name field) for the neighbour above Berg."""

SIZES = ((360, 780), (1366, 900))

# Each word of the headline as a Range: a word broken inside has line boxes on two lines.
BROKEN_WORDS = """() => {
  const root = document.querySelector('.headline');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const broken = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(node.data)) !== null) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}"""


@pytest.fixture(scope="module")
def berg_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("first-screen")
    lines = (CORPUS_TRF / "synth-club-byes.trf").read_text(encoding="utf-8").splitlines()
    index = next(k for k, line in enumerate(lines) if line.startswith("001    2 "))
    lines[index] = lines[index][:14] + LONG_NAME.ljust(33) + lines[index][47:]
    make_event(root / "events", "club", "\n".join(lines) + "\n",
               "title: Club\ntiebreaks: [BH/C1, BH, SB]\nedition: '2026'\n")
    build_site(root / "events", root / "site")
    yield root / "site" / "club" / "players" / "10.html"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_first_screen_has_the_place_and_the_deciding_tiebreak(
        browser: object, berg_page: Path, width: int, height: int, scheme: str) -> None:
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": width, "height": height}, color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(berg_page.as_uri())
        place = page.locator(".headline-place")
        assert place.inner_text() == "11th of 15 with 3 points."
        deciding = page.locator(".headline a", has_text="BH/C1").first
        for element in (place, deciding):
            box = element.bounding_box()
            assert box is not None and box["y"] + box["height"] <= height, box
        headline = page.locator(".headline").inner_text()
        assert "behind on Buchholz, cut 1 (BH/C1): 21 against 22½" in headline
        assert page.evaluate(BROKEN_WORDS) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()


def test_the_broken_word_check_sees_a_broken_word(browser: object, berg_page: Path) -> None:
    # The check above must be able to fail: break every word on purpose.
    context = browser.new_context(viewport={"width": 360, "height": 780})  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        page.goto(berg_page.as_uri())
        page.add_style_tag(content=".headline { word-break: break-all; }")
        assert page.evaluate(BROKEN_WORDS) != []
    finally:
        context.close()
