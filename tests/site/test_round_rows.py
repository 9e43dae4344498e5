"""A round's boards written in Python (site/round_rows.py) against the template's own loop,
which a club's copy of ``round.html`` may still hold: the same pages, byte for byte."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import CORPUS_TRF
from kit.sitekit import built_pages, club_twins, make_event
from kit.trfgen import Mix, generate_swiss

# The loop the package's template had for every event before its individual boards were
# written in Python; a team event's boards (matches with their games) still go through it.
PYTHON_ROWS = """{% else %}
{#- An individual event's boards are written in Python (site/round_rows.py): 1,000 of
    them in a round of 2,000 players. #}
{{ board_rows(round.boards) -}}
{% endif %}
"""
TEAM_ONLY = "{% if info.is_team_event %}\n{% for board in round.boards %}\n"


def _with_the_loop_for_every_event(template: str) -> str:
    assert PYTHON_ROWS in template and TEAM_ONLY in template
    return (template.replace(PYTHON_ROWS, "")
            .replace(TEAM_ONLY, "{% for board in round.boards %}\n"))


def _built(club: Path) -> dict[str, bytes]:
    return built_pages(club, lambda page: page.parent.name == "rounds")


@pytest.fixture(scope="module")
def clubs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two clubs with the same events, the second with its own ``round.html`` that loops
    over the boards as the template did: short games (not rated), forfeits, byes, boards
    without colours, a team event."""
    def put_events(events: Path) -> None:
        short_games = replace(Mix(), short_game=0.2, forfeit=0.1, double_forfeit=0.05)
        make_event(events, "short-games", generate_swiss(40, 5, seed=7, mix=short_games),
                   "title: Short games\ntiebreaks: [BH/C1, SB]\n")
        make_event(events, "no-colours", CORPUS_TRF / "sklangen-karl-mala-2005.trf",
                   "title: No colours\ntiebreaks: [BH]\n")
        make_event(events, "byes", CORPUS_TRF / "synth-club-byes.trf",
                   "title: Byes\ntiebreaks: [BH/C1, SB]\n")
        make_event(events, "teams", CORPUS_TRF / "markdechamps-team-rr.trf",
                   "title: Teams\n")

    return club_twins(tmp_path_factory.mktemp, put_events, "round.html",
                      _with_the_loop_for_every_event)


def test_the_boards_written_in_python_are_the_template_loop_s(clubs: tuple[Path, Path]
                                                                ) -> None:
    package, own = (_built(club) for club in clubs)
    assert package.keys() == own.keys()
    assert any(page.startswith("de/") for page in package)
    pages = b"".join(package.values())
    # The cases the rows write apart are all there to compare.
    assert b"nr</abbr>" in pages
    assert b'<span class="muted">(' in pages
    assert b'<tr class="w"><td>' in pages and b'<tr class="b"><td>' in pages
    assert b"<tr><td>" in pages
    for page, data in package.items():
        assert data == own[page], page
