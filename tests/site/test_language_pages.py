"""The site in another language (issue 13), built from made-up catalogues: nothing a visitor
reads bypasses gettext, ``<html lang>`` and hreflang are right, dates and numbers follow the
locale, and English stays as it was.

The made-up catalogue's msgstrs are each msgid between ⟦ and ⟧: on a page built with it,
every word outside the marks must be data of the events (names, titles, places), a number,
an acronym, or Babel's locale data (month names)."""

from __future__ import annotations

import re
import shutil
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from babel import Locale
from conftest import ROOT
from kit import languagekit as kit

from generator.errors import StandingsError
from generator.model import RoundKind
from generator.reading.events import read_events
from generator.reading.site_settings import SiteSettings
from generator.site import language, render
from generator.site.build import plan_site, render_site
from generator.site.language import speaking
from generator.site.numbers import date_range, format_points, plain_number
from generator.site.wording import ordinal, round_kind_words

EXPLANATION_WORDS = {word for page in (ROOT / "generator" / "explanations").glob("**/*.md")
                     for word in kit.words_of(page.read_text(encoding="utf-8"))}
"""The explanation pages are Markdown of their own (English, or a language's own pages),
not catalogue entries: their words may stand on the tie-break pages."""


SITE_URL = "https://club.example/results/"


@pytest.fixture(scope="module")
def two_languages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The examples in the made-up German at the root and in English under en/."""
    folder = tmp_path_factory.mktemp("two")
    with kit.catalogues(folder / "locales", {"de": kit.pseudo_catalogue("de")}):
        return kit.build_examples(folder / "club", f"languages: [de, en]\nurl: {SITE_URL}\n")


@pytest.fixture(scope="module")
def english_alone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The examples in English only, at the address of two_languages' English version."""
    return kit.build_examples(tmp_path_factory.mktemp("alone"), f"url: {SITE_URL}en/\n")


def _root_pages(two_languages: Path) -> list[Path]:
    """The pages of the root language (the made-up German), the English ones left out."""
    return sorted(page for page in two_languages.rglob("*.html")
                  if page.relative_to(two_languages).parts[0] != "en")


def _babel_words(code: str) -> set[str]:
    locale = Locale.parse(code)
    names = [*locale.months["format"]["wide"].values(),
             *locale.months["format"]["abbreviated"].values(),
             *locale.months["stand-alone"]["abbreviated"].values(),
             *locale.days["format"]["wide"].values()]
    return {word for name in names for word in kit.words_of(name)}


def _outside_marks(text: str) -> str:
    while True:  # inner marks first: a sentence holds translated fields
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if shorter == text:
            return text
        text = shorter


def test_nothing_a_visitor_reads_bypasses_the_catalogue(two_languages: Path) -> None:
    # The language switch names each language in itself, from Babel's locale data; the QR
    # code's page writes its address, the site's url and the events' folders.
    switch = language.versions("index.html", "de", ("de", "en"), None)
    addresses = [SITE_URL, *(folder.name for folder in kit.EVENTS.rglob("*") if folder.is_dir())]
    allowed = (kit.data_words() | _babel_words("de")
               | {word for version in switch for word in kit.words_of(version.name)}
               | {word for address in addresses for word in kit.words_of(address)})
    found: dict[str, str] = {}
    pages = _root_pages(two_languages)
    assert len(pages) > 100
    for page in pages:
        relative = page.relative_to(two_languages).as_posix()
        text = kit.visible_text(page.read_text(encoding="utf-8"))
        assert "⟦" in text, relative
        here = allowed | (EXPLANATION_WORDS if relative.startswith("tiebreaks/") else set())
        for word in kit.words_of(_outside_marks(text)):
            if word not in here and not word.isupper():
                found.setdefault(word, relative)
    assert found == {}, f"text that is not in the catalogue: {sorted(found.items())[:20]}"


def test_the_pages_say_their_language(two_languages: Path) -> None:
    root = _root_pages(two_languages)
    for page in root:
        text = page.read_text(encoding="utf-8")
        assert text.startswith('<!DOCTYPE html>\n<html lang="de">'), page
    english = sorted((two_languages / "en").rglob("*.html"))
    assert len(english) == len(root)
    for page in english:
        text = page.read_text(encoding="utf-8")
        assert text.startswith('<!DOCTYPE html>\n<html lang="en">'), page


def test_a_site_in_one_language_has_no_switch_and_no_hreflang(english_alone: Path) -> None:
    page = (english_alone / "anna-club-2026" / "index.html").read_text(encoding="utf-8")
    assert 'hreflang' not in page and 'class="languages"' not in page


def test_the_downloads_keep_their_keys_and_translate_the_csv_headings(
        two_languages: Path) -> None:
    csv = (two_languages / "anna-club-2026" / "standings.csv").read_text(encoding="utf-8")
    assert csv.splitlines()[0].startswith("⟦rank⟧,⟦start_no⟧,⟦title⟧,⟦name⟧")
    assert '"start_no":' in (two_languages / "anna-club-2026" / "standings.json").read_text(
        encoding="utf-8")


def test_languages_build_the_first_at_the_root_and_the_others_in_their_folder(
        two_languages: Path) -> None:
    root = (two_languages / "anna-club-2026" / "players" / "1.html").read_text(encoding="utf-8")
    english = (two_languages / "en" / "anna-club-2026" / "players" / "1.html").read_text(
        encoding="utf-8")
    assert root.startswith('<!DOCTYPE html>\n<html lang="de">') and "⟦" in root
    assert english.startswith('<!DOCTYPE html>\n<html lang="en">') and "⟦" not in english
    for page in (root, english):
        assert ('<link rel="alternate" hreflang="de" '
                'href="https://club.example/results/anna-club-2026/players/1.html">') in page
        assert ('<link rel="alternate" hreflang="en" '
                'href="https://club.example/results/en/anna-club-2026/players/1.html">') in page
        assert ('<link rel="alternate" hreflang="x-default" '
                'href="https://club.example/results/anna-club-2026/players/1.html">') in page
    # The switch: each language named in itself, the page's own not a link.
    assert ('<span lang="de" aria-current="page">Deutsch</span> · <a href="../../en/'
            'anna-club-2026/players/1.html" hreflang="en" lang="en">English</a>') in root
    assert ('<a href="../../../anna-club-2026/players/1.html" hreflang="de" lang="de">Deutsch'
            '</a> · <span lang="en" aria-current="page">English</span>') in english
    assert ('<link rel="canonical" href="https://club.example/results/en/anna-club-2026/'
            'players/1.html">') in english


def test_the_english_version_beside_another_is_the_english_site_with_a_switch(
        two_languages: Path, english_alone: Path) -> None:
    alone = english_alone
    for page in ("anna-club-2026/players/1.html", "gros-open-2010/index.html",
                 "tiebreaks/bh.html"):
        beside = (two_languages / "en" / page).read_text(encoding="utf-8")
        without = re.sub(r'<link rel="alternate" hreflang[^>]*>\n|<nav class="languages".*?'
                         r'</nav>\n', "", beside)
        assert without == (alone / page).read_text(encoding="utf-8"), page


# --- numbers, dates, ordinals ------------------------------------------------------------


@pytest.fixture
def german_words(tmp_path: Path) -> None:
    """A made-up German catalogue that gives the ordinals their German form."""
    po = kit.pseudo_catalogue("de").decode()
    po = re.sub(r'(msgctxt "ordinal: \w+"\nmsgid "\{number\}\w\w"\nmsgstr ")[^"]*"',
                r'\1{number}."', po)
    with kit.catalogues(tmp_path / "locales", {"de": po.encode()}):
        yield


@pytest.mark.usefixtures("german_words")
def test_numbers_dates_and_places_follow_the_locale() -> None:
    with speaking("de"):
        assert plain_number(Decimal("1850.5")) == "1850,5"
        assert format_points(Decimal("3.5")) == "3½"
        assert format_points(Decimal("45.83")) == "45,83"
        assert ordinal(1) == "1." and ordinal(22) == "22."
        assert date_range(date(2026, 3, 5), date(2026, 3, 7)) == "5.–7. März 2026"
        assert date_range(date(2026, 3, 5)) == "5. März 2026"
    # English as it always was, before and after.
    assert plain_number(Decimal("1850.5")) == "1850.5"
    assert format_points(Decimal("45.83")) == "45.83"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st",
        "111th"]
    assert date_range(date(2026, 3, 5), date(2026, 3, 7)) == "5–7 March 2026"


@pytest.mark.parametrize(("code", "points", "count"), [
    # CLDR: in English and German a fraction takes the plural; in French 0 to 1.99 the
    # singular.
    ("en", Decimal("1"), 1), ("en", Decimal("0.5"), 2), ("en", Decimal("1.5"), 2),
    ("de", Decimal("1.5"), 2), ("fr", Decimal("1.5"), 1), ("fr", Decimal("0.5"), 1),
    ("fr", Decimal("2.5"), 2), ("fr", Decimal("0"), 0),
])
def test_a_fraction_of_points_takes_the_plural_form_of_its_locale(
        tmp_path: Path, code: str, points: Decimal, count: int) -> None:
    made = {c: kit.pseudo_catalogue(c) for c in ("de", "fr")}
    with kit.catalogues(tmp_path / "locales", made), speaking(code):
        assert language.plural_count(points) == count


def test_englishs_own_rules_are_cldrs() -> None:
    # English answers its plural and ordinal categories without Babel (language.py says
    # why): the same as Babel's CLDR data for every place a field of thousands reaches and
    # for the fractions of points.
    english = Locale.parse("en")
    for number in range(0, 12_000):
        assert language.english_ordinal_category(number) == english.ordinal_form(number)
    for halves in range(1, 400, 2):
        fraction = Decimal(halves) / 2
        assert language.plural_count(fraction) == (
            1 if english.plural_form(fraction) == "one" else 2)
        for quarter in (Decimal("0.25"), Decimal("0.75")):
            assert english.plural_form(fraction + quarter) != "one"


def test_the_cli_stays_english_while_a_build_speaks_another_language(
        german_words: None) -> None:
    with speaking("de"):
        assert round_kind_words(RoundKind.FORFEIT_WIN) == "⟦forfeit win⟧"
    assert round_kind_words(RoundKind.FORFEIT_WIN) == "forfeit win"


# --- what a build refuses ----------------------------------------------------------------


def test_a_language_whose_catalogue_is_not_installed_is_a_diagnostic(tmp_path: Path) -> None:
    with kit.catalogues(tmp_path / "locales", {}) as folder:
        shutil.rmtree(folder / "de", ignore_errors=True)
        with pytest.raises(StandingsError) as raised:
            kit.build_examples(tmp_path / "club", "title: Club\nlanguage: de\n")
    message = str(raised.value.diagnostics[0])
    assert f"{tmp_path / 'club' / 'site.yml'}:2:11: no catalogue for the language 'de'" in message
    assert not (tmp_path / "club" / "site").exists()


def test_an_event_folder_named_like_a_language_folder_is_refused(tmp_path: Path) -> None:
    events = tmp_path / "events"
    shutil.copytree(kit.EVENTS / "anna-club-2026", events / "en")
    with (kit.catalogues(tmp_path / "locales", {"de": kit.pseudo_catalogue("de")}),
          pytest.raises(StandingsError) as raised):
        kit.build_examples(tmp_path / "club", "languages: [de, en]\n", events=events)
    assert [d.message for d in raised.value.diagnostics] == [
        "the event folder 'en' has the name of the site's folder for the language 'en'"]
    assert not (tmp_path / "club" / "site").exists()


def test_forked_workers_render_in_the_build_s_language(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render, "PARALLEL_MIN_PLAYERS", 0)
    # One event, its pages shared out among the workers (none is too small for them now).
    events = tmp_path / "events"
    shutil.copytree(kit.EVENTS / "gros-open-2010", events / "gros-open-2010")
    with kit.catalogues(tmp_path / "locales", {"de": kit.pseudo_catalogue("de")}):
        site = plan_site(read_events(events))
        env = render.make_environment(events, SiteSettings(language="de"))
        alone = render_site(site, env, workers=1)
        forked = render_site(site, env, workers=2)
    assert forked == alone
    # The Python wording (the headline, a round kind) speaks German in the workers too.
    page = forked["gros-open-2010/players/14.html"].decode()
    assert "⟦⟦" in page and "⟦requested half-point bye⟧" in page
