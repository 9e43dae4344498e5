"""The parts of a player's and a team's page written in Python against the template loops a
club's copy of the package's templates may still hold: the same pages, byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CORPUS_TRF
from kit.sitekit import built_pages, club_twins, make_event
from kit.trfgen import Mix, generate_swiss

# _macros.html's context_line: the tie-breaks' links as the macro wrote them in a loop
# before tiebreak_sections.tiebreak_links wrote them.
PYTHON_LINKS = "{% set links = tiebreak_links(view) %}\n"
LOOP_LINKS = ("{% set links %}{% for s in view.sections %}<a href=\"#{{ s.anchor }}\">"
              "{{ s.spec.written }}</a>{% if not loop.last %}, {% endif %}{% else %}"
              "{{ pgettext(\"no tie-breaks\", \"none\") }}{% endfor %}{% endset %}\n")


def _with_the_loops(macros: str) -> str:
    assert PYTHON_LINKS in macros
    return macros.replace(PYTHON_LINKS, LOOP_LINKS)


def _built(club: Path) -> dict[str, bytes]:
    return built_pages(club, lambda page: page.parent.name in ("players", "teams"))


@pytest.fixture(scope="module")
def clubs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two clubs with the same events, the second with its own ``_macros.html`` that
    writes the loops as the package's did: byes, forfeits and cuts, an event without
    tie-breaks, a team event, in two languages."""
    def put_events(events: Path) -> None:
        forfeits = Mix(short_game=0.1, forfeit=0.1, double_forfeit=0.05)
        make_event(events, "swiss", generate_swiss(30, 5, seed=11, mix=forfeits),
                   "title: Swiss\ntiebreaks: [BH/C1, BH, SB, DE, WIN, BPG, TPN]\n")
        make_event(events, "byes", CORPUS_TRF / "synth-club-byes.trf",
                   "title: Byes\ntiebreaks: [BH/C1, SB, ARO]\n")
        make_event(events, "points-alone", CORPUS_TRF / "synth-round-robin.trf",
                   "title: Points alone\ntiebreaks: []\n")
        make_event(events, "teams", CORPUS_TRF / "markdechamps-team-rr.trf", "title: Teams\n")

    return club_twins(tmp_path_factory.mktemp, put_events, "_macros.html", _with_the_loops)


def test_the_parts_written_in_python_are_the_template_loops(clubs: tuple[Path, Path]) -> None:
    package, own = (_built(club) for club in clubs)
    assert package.keys() == own.keys()
    assert any(page.startswith("de/") for page in package)
    assert any("/teams/" in page for page in package)
    pages = b"".join(package.values())
    # The cases written apart are all there to compare.
    assert b'<a href="#p1-bh-c1">BH/C1</a>, <a href="#p1-bh">BH</a>' in pages
    assert b"tie-breaks: none" in pages
    for page, data in package.items():
        assert data == own[page], page
