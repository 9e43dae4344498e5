"""The derivations of a player page written in Python (site/tiebreak_sections.py, issue 25):
their words are looked up once a build in each language, and never in another's.

What the sections write is held byte for byte by the golden files
(tests/site/test_site_golden.py); here, the per-language table of words.
"""

from __future__ import annotations

from pathlib import Path

from conftest import CORPUS_TRF

from generator.reading.events import read_event
from generator.site import language
from generator.site.build import plan_event
from generator.site.player_view import player_views
from generator.site.tiebreak_sections import tiebreak_sections
from tests.kit.sitekit import make_event

HEADING_EN = "How each tie-break was reached"
CUT_EN = "less round"


def test_words_follow_the_language_spoken(tmp_path: Path) -> None:
    folder = make_event(tmp_path / "events", "ev", CORPUS_TRF / "synth-club-byes.trf",
                        "title: Test\ntiebreaks: [BH/C1, BH, SB]\n")
    plan = plan_event(read_event(folder))
    written: dict[str, str] = {}
    # English, then German, then English again in one process: each page in its own words.
    for code in ("en", "de", "en"):
        with language.speaking(code):
            view = next(player_views(plan, 0, 1))
            page = str(tiebreak_sections(view, "../../unplayed.html"))
            heading = language.gettext(HEADING_EN)
            cut = language.gettext("%(terms)s = %(sum)s, less %(cuts)s")
        assert f"<h2>{heading}</h2>" in page, code
        assert cut.partition(", ")[2].partition(" %(")[0] in page, code
        if code in written:
            assert page == written[code]
        written[code] = page
    assert language.language("de").gettext(HEADING_EN) != HEADING_EN
    assert written["de"] != written["en"]
    assert f"<h2>{HEADING_EN}</h2>" in written["en"] and CUT_EN in written["en"]
