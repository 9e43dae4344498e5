"""Words in every shipped language (issue 23): a place written with a number is an ordinal as
the language writes it ("4. Platz", never "4 Platz"), and a badge agrees with the noun it
stands after (the Italian prize list is "Premi provvisori", not "Premi provvisoria").

The expected words are the languages' own (German and Spanish write the ordinal with a
point, Spanish and Italian with º), not the program's output."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import CORPUS_TRF, ROOT
from kit.findkit import index_entries, site_files
from kit.sitekit import make_event

from generator.messages import SHIPPED_LANGUAGES
from generator.site.build import build_site

SEED = (CORPUS_TRF / "seed-anna.trf").read_text(encoding="utf-8")
# seed-anna with these tie-breaks: 1 Anna ... 6-7 Egor and Zhanna shared (equal on every
# tie-break), as tests/site/test_prize_pages.py works out by hand.
SETTINGS = "title: Open\ntiebreaks: [BH/C1, BH, SB]\n"

FIRST_AND_SHARED = {
    "en": ("1st place", "6th–7th place"),
    "de": ("1. Platz", "6.–7. Platz"),
    "es": ("1.º puesto", "6.º–7.º puesto"),
    "it": ("1º posto", "6º–7º posto"),
    "fr": ("1er au classement", "6e–7e au classement"),
    "nl": ("1e plaats", "6e–7e plaats"),
}


def _site(tmp_path: Path, code: str, settings: str = SETTINGS, trf: str = SEED) -> Path:
    make_event(tmp_path / "events", "open", trf, settings)
    (tmp_path / "site.yml").write_text(f"language: {code}\n", encoding="utf-8")
    build_site(tmp_path / "events", tmp_path / "site", workers=1)
    return tmp_path / "site"


def _find_entries(site: Path) -> list[list[object]]:
    return index_entries(site_files(site))[1]


def test_every_shipped_language_is_covered() -> None:
    assert set(FIRST_AND_SHARED) == set(SHIPPED_LANGUAGES)


@pytest.mark.parametrize("code", sorted(FIRST_AND_SHARED))
def test_find_a_player_says_the_place_as_an_ordinal(tmp_path: Path, code: str) -> None:
    where = {entry[0]: entry[2] for entry in _find_entries(_site(tmp_path, code))}
    first, shared = FIRST_AND_SHARED[code]
    assert where["Anna"] == first
    assert where["Egor"] == where["Zhanna"] == shared
    # No place is a bare number before the word for place ("4 Platz", "4 posto").
    assert not [text for text in where.values() if re.match(r"\d+(–\d+)? ", str(text))]


def _heading(page: str, tag: str) -> str:
    found = re.search(rf"<{tag}\b[^>]*>(.*?)</{tag}>", page, re.DOTALL)
    assert found is not None
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", found[1])).strip()


PRIZES = "prizes:\n  currency: EUR\n  lists:\n    overall: [300, 200]\n"

# The prize list is plural, the standings ("classifica", "clasificación", "classement")
# singular and feminine in Italian, a prize ("premio") singular and masculine.
PROVISIONAL = {
    "it": ("Premi provvisori", "provvisoria", "provvisorio"),
    "es": ("Premios provisionales", "provisional", "provisional"),
    "fr": ("Prix provisoires", "provisoire", "provisoire"),
}


@pytest.mark.parametrize("code", sorted(PROVISIONAL))
def test_the_provisional_badge_agrees_with_its_noun(tmp_path: Path, code: str) -> None:
    # Two rounds of five played: the standings, the prize list and the prizes are provisional.
    cut = "\n".join(line[:111] if line.startswith("001") else line
                    for line in SEED.splitlines()) + "\n"
    site = _site(tmp_path, code, SETTINGS + PRIZES, cut) / "open"
    prizes_heading, standings_badge, prize_badge = PROVISIONAL[code]
    assert _heading((site / "prizes.html").read_text(encoding="utf-8"), "h1") == prizes_heading
    event = (site / "index.html").read_text(encoding="utf-8")
    assert _heading(event, "h2").endswith(f" {standings_badge}")
    player = (site / "players/1.html").read_text(encoding="utf-8")
    badges = re.findall(r'</a> <span class="badge">([^<]*)</span></li>', player)
    assert badges == [prize_badge]


def test_each_badge_is_its_own_message_with_its_context() -> None:
    # A badge word agrees with the noun before it: one msgid for all of them cannot.
    uses = []
    for template in sorted((ROOT / "templates").glob("*.html")):
        uses += re.findall(r'<span class="badge">\{\{ (.*?) \}\}</span>',
                           template.read_text(encoding="utf-8"))
    assert uses
    contexts = [re.match(r'pgettext\("([^"]+)", "[^"]+"\)$', use) for use in uses]
    assert all(contexts), uses
    assert len({found[1] for found in contexts if found}) == len(uses)
