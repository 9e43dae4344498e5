"""Which of the players' own columns (federation, rating) an event's tables show.

A column that is empty for every player says nothing and pushes the points off a phone's
screen (issue 12), so the event's record leaves it out and the tables follow the record.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS_TRF
from kit.livekit import row_markups
from kit.sitekit import make_event

from generator.reading.events import read_events
from generator.site.build import build_site
from generator.site.plan import event_info

CLUB = CORPUS_TRF / "synth-club-byes.trf"  # every player has a federation and a rating
# TRF-16 player line: rating in columns 49-52, federation in 54-56 (1-based).
RATING = slice(48, 52)
FEDERATION = slice(53, 56)


def _blank(text: str, field: slice, *, keep: int | None = None) -> str:
    """``text`` with ``field`` blanked on every player line but the ``keep``-th (1-based)."""
    lines = []
    seen = 0
    for line in text.splitlines():
        if line.startswith("001 "):
            seen += 1
            if seen != keep:
                line = line[:field.start] + " " * (field.stop - field.start) + line[field.stop:]
        lines.append(line)
    return "\n".join(lines) + "\n"


def _event(tmp_path: Path, trf: str) -> Path:
    events = tmp_path / "events"
    make_event(events, "club", trf, "title: Club\ntiebreaks: [BH, SB]\n")
    return events


def _headings(page: Path) -> list[str]:
    thead = page.read_text(encoding="utf-8").split("<thead>", 1)[1].split("</thead>", 1)[0]
    return [re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<th[^>]*>(.*?)</th>", thead, re.S)]


def test_an_event_without_federations_or_ratings_hides_both(tmp_path: Path) -> None:
    text = _blank(_blank(CLUB.read_text(encoding="utf-8"), FEDERATION), RATING)
    events = _event(tmp_path, text)
    (event,) = read_events(events)
    shows = event_info(event).shows
    assert (shows.federation, shows.rating) == (False, False)
    build_site(events, tmp_path / "site")
    for page in ("club/index.html", "club/rounds/1-standings.html", "club/crosstable.html"):
        headings = _headings(tmp_path / "site" / page)
        assert "Fed" not in headings and "Rtg" not in headings, (page, headings)
        assert "Pts" in headings, (page, headings)


def test_one_federation_is_enough_to_show_the_column(tmp_path: Path) -> None:
    text = _blank(_blank(CLUB.read_text(encoding="utf-8"), FEDERATION, keep=3), RATING)
    events = _event(tmp_path, text)
    (event,) = read_events(events)
    shows = event_info(event).shows
    assert (shows.federation, shows.rating) == (True, False)
    build_site(events, tmp_path / "site")
    headings = _headings(tmp_path / "site/club/index.html")
    assert "Fed" in headings and "Rtg" not in headings, headings


def test_ratings_alone_show_the_rating_column(tmp_path: Path) -> None:
    text = _blank(CLUB.read_text(encoding="utf-8"), FEDERATION)
    events = _event(tmp_path, text)
    build_site(events, tmp_path / "site")
    for page in ("club/index.html", "club/crosstable.html"):
        headings = _headings(tmp_path / "site" / page)
        assert "Rtg" in headings and "Fed" not in headings, (page, headings)


def test_points_come_right_after_the_name(tmp_path: Path) -> None:
    # At 360 px rank, name and points must be on the first screen; the columns that may
    # scroll (tie-breaks, federation, rating, start number) come after the points.
    events = _event(tmp_path, CLUB.read_text(encoding="utf-8"))
    build_site(events, tmp_path / "site")
    headings = _headings(tmp_path / "site/club/index.html")
    assert headings[:3] == ["Rk", "Name", "Pts"], headings
    assert {"Fed", "Rtg", "No"} <= set(headings[3:]), headings


def test_a_ranking_after_a_round_leaves_the_players_own_columns_to_the_final_one(
        tmp_path: Path) -> None:
    # Issue 26: federation, rating and starting number are the same after every round; the
    # event's standings and each player's page (which every name links) still show them.
    events = _event(tmp_path, CLUB.read_text(encoding="utf-8"))
    build_site(events, tmp_path / "site")
    after = tmp_path / "site/club/rounds/1-standings.html"
    headings = _headings(after)
    assert headings[:3] == ["Rk", "Name", "Pts"], headings
    assert not {"Fed", "Rtg", "No"} & set(headings), headings
    first_row = row_markups(after.read_text(encoding="utf-8").split("<tbody>", 1)[1])[0]
    assert first_row.count("<td") == len(headings) - 1, first_row  # the name is a <th>
    assert {"Fed", "Rtg", "No"} <= set(_headings(tmp_path / "site/club/index.html"))


def test_a_standings_table_writes_each_value_of_a_column_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A column of 2,000 rows holds a few dozen values, and a big event has a table as long
    # for every round: each distinct value is written once per column and table, and every
    # cell still says what the column's own writer says of its row.
    from generator.site import views
    from generator.site.language import speaking
    from generator.site.plan import plan_event

    events = tmp_path / "events"
    make_event(events, "club", CORPUS_TRF / "icu-irish-juniors-2011.trf",
               "title: Club\ntiebreaks: [BH/C1, BH, SB, DE, WIN]\n")
    plan = plan_event(read_events(events)[0])
    written: list[object] = []
    write = views._cell_text

    def counted(*args: Any) -> str:
        written.append(args[0])
        return write(*args)

    monkeypatch.setattr(views, "_cell_text", counted)
    with speaking("en"):
        lines = views.standings_lines(plan.standings, plan.slug, "club/index.html")
        cols = views.columns(plan.standings.specs)
        distinct = sum(len({row.number(c.key) for row in plan.standings.rows}) for c in cols)
        assert len(written) == distinct < len(cols) * len(plan.standings.rows)
        assert [[value for value, _ in line.cells] for line in lines] == [
            [views.cell_text(row, c) for c in cols] for row in plan.standings.rows]
