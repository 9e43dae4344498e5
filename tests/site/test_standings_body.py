"""A standings table's rows written straight from the standings (table_rows.standings_body)
against the rows of its lines (standings_rows of views.standings_lines), which a club's copy
of ``_macros.html`` may still write: the same bytes, for every table the pages show."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit.sitekit import make_event
from kit.trfgen import generate_swiss

from generator.reading.events import read_events
from generator.site import build
from generator.site.language import speaking
from generator.site.plan import PlayerColumns
from generator.site.rating_view import rating_column
from generator.site.table_rows import standings_body, standings_rows
from generator.site.views import standings_lines

ROOT = Path(__file__).resolve().parents[2]
CORPUS_TRF = ROOT / "tests" / "corpus" / "trf"


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Titles, federations, ratings and rating changes (a generated Swiss), shared places
    and group orders (a round robin with DE), byes, no tie-breaks at all."""
    events = tmp_path_factory.mktemp("body") / "events"
    make_event(events, "swiss", generate_swiss(60, 7, seed=3),
               "title: Swiss\ntiebreaks: [BH/C1, BH, SB, ARO, TPR, WIN]\n")
    make_event(events, "club-rr", CORPUS_TRF / "synth-round-robin.trf",
               "title: Club round robin\ntiebreaks: [DE, SB, WIN]\n")
    make_event(events, "club-byes", CORPUS_TRF / "synth-club-byes.trf",
               "title: Club open\ntiebreaks: [BH/C1, AOB, DE, SB]\n")
    make_event(events, "no-tiebreaks", CORPUS_TRF / "synth-withdrawals.trf",
               "title: Points alone\ntiebreaks: []\n")
    return events


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_rows_written_from_the_standings_are_those_of_its_lines(events: Path,
                                                                     language: str) -> None:
    compared = 0
    written = []
    with speaking(language):
        for event in read_events(events):
            plan = build.plan_event(event)
            shows = plan.info.shows
            page = f"{plan.slug}/index.html"
            ratings = rating_column(plan)
            lines = standings_lines(plan.standings, plan.slug, page)
            # The event's own table, as event.html asks for it.
            body = standings_body(plan.standings, plan.slug, page, shows, ratings, True)
            assert body == standings_rows(lines, shows, ratings, True)
            written.append(body)
            compared += 1
            # Each table after a round, as standings_after.html asks for them.
            after_page = f"{plan.slug}/rounds/after-1.html"
            hidden = PlayerColumns(federation=False, rating=False)
            for round_no in range(1, plan.info.rounds_played):
                after = plan.standings_after(round_no)
                body = standings_body(after, plan.slug, after_page, hidden, None, False)
                assert body == standings_rows(standings_lines(after, plan.slug, after_page),
                                              hidden, None, False)
                assert body.count("<tr>") == len(after.rows)
                compared += 1
    assert compared > 10
    # The cells a row writes only for some players or events are among those compared.
    tables = "".join(written)
    assert '<span class="title">' in tables and '<td class="fed">' in tables
    assert "<td>+" in tables  # a rating change
