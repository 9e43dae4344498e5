"""Issue 26: a new day renders only the events whose status it changes.

The day of the build reaches a page only through an end date still ahead (the event is not
over: reading/assembly.py), so an event's key takes whether its end date is ahead of the
day, from the end date its inputs had when last read (generator/site/cache.py,
input_record.py), and not the day itself. These build the example project (its series of
blitz evenings, a festival's sections, a team event) on given days (SOURCE_DATE_EPOCH),
count the units each build renders, and hold every build to a clean one of the same day.
"""

from __future__ import annotations

import datetime
import json
import shutil
from pathlib import Path

import pytest
from kit.sitekit import make_event, read_tree

from generator.site.build import build_site, prepare_cache
from generator.site.cache import INDEX_UNIT, BuildCache

ROOT = Path(__file__).resolve().parents[2]

DAY = datetime.date(2026, 4, 14)
"""The first build's day: the fourth blitz evening (16 April 2026) is two days ahead, and
so is the Bunratty Masters as the test dates it; every other example event is over."""
BLITZ = "blitz-2026-04"
MASTERS = "bunratty-2011/masters"
SERIES = "series/club-blitz-2026"


def on(monkeypatch: pytest.MonkeyPatch, day: datetime.date) -> None:
    """Builds from now on are made as of ``day``."""
    moment = datetime.datetime(day.year, day.month, day.day, 12, tzinfo=datetime.UTC)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(int(moment.timestamp())))


def build(club: Path, *, out: str = "site", clean: bool = False) -> BuildCache:
    cache = prepare_cache(club / "events", club / out, clean=clean)
    build_site(club / "events", club / out, cache=cache, workers=1)
    return cache


def clean_site(club: Path) -> dict[str, bytes]:
    shutil.rmtree(club / "clean", ignore_errors=True)
    build(club, out="clean", clean=True)
    return dict(read_tree(club / "clean"))


def status(site: Path, slug: str) -> str:
    return str(json.loads((site / slug / "standings.json").read_bytes())["status"])


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The examples with their series, the Masters section given its own dates, built as
    of :data:`DAY`."""
    club = tmp_path / "club"
    shutil.copytree(ROOT / "events", club / "events")
    shutil.copytree(ROOT / "series", club / "series")
    (club / "events" / MASTERS / "event.yml").write_text("dates: 2026-04-13 .. 2026-04-16\n",
                                                         encoding="utf-8")
    on(monkeypatch, DAY)
    first = build(club)
    assert BLITZ in first.rendered and MASTERS in first.rendered
    assert status(club / "site", BLITZ) == status(club / "site", MASTERS) == "provisional"
    return club


def test_a_new_day_renders_only_the_events_it_ends(club: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    site = club / "site"
    before = dict(read_tree(site))
    on(monkeypatch, DAY + datetime.timedelta(days=1))  # both still a day ahead
    assert build(club).rendered == []
    assert dict(read_tree(site)) == before
    on(monkeypatch, DAY + datetime.timedelta(days=3))  # both ended the day before
    cache = build(club)
    # The series counts the blitz evening, and the front page and the season's list both
    # events: nothing else is read.
    assert sorted(cache.rendered) == sorted([BLITZ, MASTERS, SERIES, INDEX_UNIT])
    assert status(site, BLITZ) == status(site, MASTERS) == "final"
    assert b"Final standings" in (site / BLITZ / "index.html").read_bytes()
    assert dict(read_tree(site)) == clean_site(club)
    assert build(club).rendered == []


def test_a_new_event_is_rendered_once(club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events = club / "events"
    on(monkeypatch, DAY + datetime.timedelta(days=1))
    # An evening the series' glob names, its end date ahead; and an event without one.
    shutil.copytree(events / BLITZ, events / "blitz-2026-05")
    settings = events / "blitz-2026-05" / "event.yml"
    settings.write_text(settings.read_text(encoding="utf-8").replace(
        "dates: 2026-04-16", "dates: 2026-05-14"), encoding="utf-8")
    make_event(events, "club-byes", ROOT / "tests" / "corpus" / "trf" / "synth-club-byes.trf")
    assert sorted(build(club).rendered) == sorted(
        ["blitz-2026-05", "club-byes", SERIES, INDEX_UNIT])
    assert status(club / "site", "blitz-2026-05") == "provisional"
    assert build(club).rendered == []
    assert dict(read_tree(club / "site")) == clean_site(club)
    # On their end date the fourth evening and the Masters are over; the fifth evening is
    # still ahead, and the event without an end date is of any day.
    on(monkeypatch, DAY + datetime.timedelta(days=2))
    assert sorted(build(club).rendered) == sorted([BLITZ, MASTERS, SERIES, INDEX_UNIT])


def test_an_event_touched_but_not_changed_is_not_read(club: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # Its files hashed again to the same digest: the end date recorded still holds.
    settings = club / "events" / BLITZ / "event.yml"
    settings.write_bytes(settings.read_bytes())
    on(monkeypatch, DAY + datetime.timedelta(days=1))
    assert build(club).rendered == []
