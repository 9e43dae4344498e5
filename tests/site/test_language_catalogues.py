"""The catalogue check (issue 13): every shipped language translates every message the code
and templates hold, with the same fields, nothing fuzzy, nothing left over; every English
explanation page has its translation; and a site built in each language shows no English
interface word.

The messages are extracted here, in memory, with Babel's API and babel.cfg (no committed
file is trusted): a sentence added to the code without a translation fails at once. The
tests of a language fail until its catalogue and pages are merged (the translators' branches):
that is the point of them.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from conftest import ROOT
from kit import languagekit as kit

from generator.messages import SHIPPED_LANGUAGES
from generator.site import language

TRANSLATED = SHIPPED_LANGUAGES[1:]
EXPLANATIONS = ROOT / "generator" / "explanations"


@pytest.fixture(scope="module")
def extracted() -> dict[kit.MessageKey, object]:
    return {key: message for message in kit.extracted_catalogue()
            for key in kit.keys([message])}


def test_the_template_is_what_the_code_holds(extracted: dict) -> None:
    # The .pot translators start from: re-extract (babel.cfg) after changing a msgid.
    with (ROOT / "generator" / "locales" / "standings.pot").open("rb") as file:
        template = read_po(file)
    assert kit.keys(template) == set(extracted)


def test_every_message_has_its_fields_named_once_in_the_same_placeholder_style(
        extracted: dict) -> None:
    # A translator sees one style per message: {name} in the Python wording, %(name)s in
    # the templates, never both.
    for context, msgid in extracted:
        fields = kit.placeholders(msgid)
        assert not (any(f.startswith("{") for f in fields)
                    and any(not f.startswith("{") for f in fields)), (context, msgid)


def test_a_made_up_catalogue_passes_the_check_and_a_broken_one_fails() -> None:
    # The check below can pass, and fails on each kind of fault.
    good = kit.pseudo_catalogue("de")

    def fuzzy(catalogue: Catalog) -> None:
        catalogue["Standings"].flags.add("fuzzy")

    def untranslated(catalogue: Catalog) -> None:
        catalogue["Standings"].string = ""

    def other_field(catalogue: Catalog) -> None:
        catalogue["Round %(number)s"].string = "Runde %(round)s"

    def lost_field(catalogue: Catalog) -> None:
        catalogue["Round %(number)s"].string = "Runde"

    def obsolete(catalogue: Catalog) -> None:
        catalogue.add("A sentence the code no longer says", "Ein Satz")

    faults = {"missing": lambda catalogue: catalogue.delete("Standings"), "fuzzy": fuzzy,
              "untranslated": untranslated, "other field": other_field,
              "lost field": lost_field, "obsolete": obsolete}
    assert _problems(good, "de") == []
    for fault, change in faults.items():
        catalogue = read_po(io.BytesIO(good), locale="de")
        change(catalogue)
        buffer = io.BytesIO()
        write_po(buffer, catalogue)
        assert _problems(buffer.getvalue(), "de"), fault


def _problems(po: bytes, code: str) -> list[str]:
    catalogue = read_po(io.BytesIO(po), locale=code, domain=language.DOMAIN)
    expected = {key: message for message in kit.extracted_catalogue()
                for key in kit.keys([message])}
    problems: list[str] = []
    found = {}
    for message in catalogue:
        if not message.id:
            continue
        key = (message.context, message.id if isinstance(message.id, str) else message.id[0])
        found[key] = message
        if key not in expected:
            problems.append(f"obsolete (no longer in the code): {key}")
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {key}")
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(message.id, tuple) != isinstance(expected[key].id, tuple):
            problems.append(f"plural forms differ from the code's: {key}")
        if isinstance(message.id, tuple) and len(strings) != catalogue.num_plurals:
            problems.append(f"{len(strings)} plural forms, not {catalogue.num_plurals}: {key}")
        if not all(strings):
            problems.append(f"untranslated: {key}")
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = frozenset().union(*(kit.placeholders(i) for i in ids))
        for text in strings:
            # A plural's singular may leave out the count ("one point" for "%(num)s point").
            have = kit.placeholders(text)
            if have - wanted or (wanted - have and not isinstance(message.id, tuple)):
                problems.append(f"fields {sorted(have)} instead of {sorted(wanted)}: {key}")
    problems += [f"obsolete entry: {m.id!r}" for m in catalogue.obsolete.values()]
    problems += [f"missing: {key}" for key in sorted(set(expected) - set(found), key=str)]
    return problems


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalogue_translates_every_message_of_the_code(code: str) -> None:
    path = language.catalogue_path(code)
    assert path.is_file(), f"no catalogue for {code}: {path.relative_to(ROOT)}"
    problems = _problems(path.read_bytes(), code)
    assert problems == [], f"{len(problems)} problems, the first: {problems[:10]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_explanation_page_has_its_translation(code: str) -> None:
    english = sorted(p.name for p in EXPLANATIONS.glob("*.md"))
    translated = sorted(p.name for p in (EXPLANATIONS / code).glob("*.md"))
    assert translated == english
    for name in english:
        source = (EXPLANATIONS / name).read_text(encoding="utf-8")
        theirs = (EXPLANATIONS / code / name).read_text(encoding="utf-8")
        assert theirs.strip() and theirs != source, name
        # The same links between pages, the same code spans and tables (the structure).
        assert _links(theirs) == _links(source), name
        assert theirs.count("|") == source.count("|") or "|" not in source, name


def _links(markdown: str) -> list[str]:
    return sorted(re.findall(r"\]\(([^)]+)\)", markdown))


INTERFACE_WORDS = {
    # English words of the interface that no translation keeps (names, titles and notes of
    # the example events are data and may hold some; they are left out of the text below).
    # Words that are also words of a shipped language ("Points" in French, "provisional" in
    # Spanish) or loan words a federation uses ("bye", "rating" in Dutch, "Downloads" in
    # German, "round robin" in Spanish) are not among them.
    "Standings", "Crosstable", "Round", "Rounds", "Players", "Player", "Starting", "Board",
    "Boards", "round", "rounds", "against", "Level", "ahead", "behind", "explained",
    "Opponent", "Result", "White", "Black", "game", "games", "matches", "forfeit", "counts",
    "Why", "unrated", "opponent", "opponents", "Skip", "Find", "with", "the", "and", "of",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each translated language's whole site: one build in every shipped language, English
    at the root and each other language in its folder (read once, rendered in each)."""
    site = kit.examples_in_every_language(tmp_path_factory)
    # A language without its catalogue is not built: test_every_language_shows_no_english_
    # interface_word fails for it.
    return {code: site / code for code in TRANSLATED if (site / code).is_dir()}


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_language_shows_no_english_interface_word(
        code: str, built: dict[str, Path]) -> None:
    assert code in built, f"no catalogue for {code}"
    data = kit.data_words()
    found: dict[str, str] = {}
    for page in sorted(built[code].rglob("*.html")):
        relative = page.relative_to(built[code]).as_posix()
        text = kit.visible_text(page.read_text(encoding="utf-8"), code_spans=False)
        text = re.sub(r"(?i)round[ -]robin", " ", text)
        for word in kit.words_of(text):
            if word in INTERFACE_WORDS and word not in data:
                found.setdefault(word, relative)
    assert found == {}, f"English on the {code} pages: {sorted(found.items())}"


def test_a_german_site_says_rangliste_runde_spieler_and_explains_a_buchholz_cut(
        built: dict[str, Path]) -> None:
    # Issue 13's "Done when", in the words of the German catalogue's glossary (its header).
    assert "de" in built, "no catalogue for de"
    site = built["de"] / "gros-open-2010"

    def text(page: str) -> str:
        return kit.visible_text((site / page).read_text(encoding="utf-8"), code_spans=False)

    assert "Rangliste" in text("index.html")
    round_page = text("rounds/3.html")
    assert "Runde 3" in round_page and "Spieler" in round_page
    # Player 5's BH/C1: round 1 is cut as the least significant value (Art. 14.1).
    player = text("players/5.html")
    assert "Buchholz, Cut-1" in player
    assert "abzüglich Runde 1" in player and "Als geringster Wert gestrichen (C.07 14.1)." in player
    explanation = kit.visible_text(
        (built["de"] / "tiebreaks" / "modifiers.html").read_text(encoding="utf-8"))
    assert "den geringsten Wert" in explanation
