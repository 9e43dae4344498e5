"""The series as a unit of the incremental build (issue 28, "Done when": changing one event
re-renders that series, not the others).

Two series over different events of the shipped example (copied under new names): a change
to an event of one renders that series again, and neither the other series nor its events;
an event added that a glob matches, a series file deleted or edited renders only what it
touches. After each, the site equals a clean build byte for byte.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from kit.sitekit import read_tree

from generator.errors import StandingsError
from generator.preview.livebuild import LiveBuild
from generator.preview.site_port import default_site_functions
from generator.site import build as build_module
from generator.site import series_plan
from generator.site.build import build_site, prepare_cache
from generator.site.cache import BuildCache

ROOT = Path(__file__).resolve().parents[2]
BLITZ = sorted(p.name for p in (ROOT / "events").glob("blitz-2026-*"))
EVENTS = {"a-1": BLITZ[0], "a-2": BLITZ[1], "b-1": BLITZ[2], "b-2": BLITZ[3]}
"""Our events, each a copy of an evening of the example's club blitz."""

SERIES_FILE = """\
title: {title}
events: [{glob}]
points:
  places: [10, 8, 6, 5, 4, 3, 2, 1]
ties: tiebreaks
best: {best}
"""


def _series(project: Path, name: str, glob: str, best: int = 2) -> Path:
    path = project / "series" / f"{name}.yml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(SERIES_FILE.format(title=name.title(), glob=glob, best=best),
                    encoding="utf-8")
    return path


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for slug, example in EVENTS.items():
        shutil.copytree(ROOT / "events" / example, tmp_path / "events" / slug)
    _series(tmp_path, "alpha", "a-*")
    _series(tmp_path, "beta", "b-*")
    return tmp_path


def _build(project: Path, *, clean: bool = False, out: str = "site") -> BuildCache:
    cache = prepare_cache(project / "events", project / out, clean=clean)
    build_site(project / "events", project / out, cache=cache, workers=1)
    return cache


def _clean(project: Path) -> dict[str, bytes]:
    shutil.rmtree(project / "clean", ignore_errors=True)
    _build(project, clean=True, out="clean")
    return dict(read_tree(project / "clean"))


@pytest.fixture
def planned(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, ...]]]:
    """The events of each series ranked (plan_series ranks each series it plans once, and
    its categories after), in the order they are ranked."""
    ranked: list[tuple[str, ...]] = []
    standings = series_plan.series_standings

    def counting(events, rules, **kept):  # type: ignore[no-untyped-def]
        if not kept:
            ranked.append(tuple(e.slug for e in events))
        return standings(events, rules, **kept)

    monkeypatch.setattr(series_plan, "series_standings", counting)
    yield ranked


@pytest.fixture
def read(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The events each build reads from their files (the others are listed from their
    stored summaries)."""
    slugs: list[str] = []
    reader = build_module.read_events_but

    def reading(*args, **kwargs):  # type: ignore[no-untyped-def]
        events = reader(*args, **kwargs)
        slugs.extend(event.slug for event in events)
        return events

    monkeypatch.setattr(build_module, "read_events_but", reading)
    yield slugs


def _stamps(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_an_event_changed_renders_its_series_not_the_other(
        project: Path, planned: list[tuple[str, ...]], read: list[str]) -> None:
    _build(project)
    beta = {path: stamp for path, stamp in _stamps(project / "site").items()
            if path.startswith("series/beta/")}
    assert set(beta) == {"series/beta/index.html", "series/beta/standings.json",
                         "series/beta/standings.csv"}
    planned.clear()
    read.clear()
    event = project / "events" / "a-1" / "event.yml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "title: ", "title: Renamed "), encoding="utf-8")
    cache = _build(project)
    assert planned == [("a-1", "a-2")]  # alpha alone is ranked again
    assert sorted(read) == ["a-1", "a-2"]  # alpha ranks its events' records: read whole
    # Rendered: the event, its series, the index (which lists the event); beta's events
    # are neither read nor rendered, and beta's files are not written again.
    assert sorted(cache.rendered) == ["", "a-1", "series/alpha"]
    assert {path: stamp for path, stamp in _stamps(project / "site").items()
            if path.startswith("series/beta/")} == beta
    alpha = json.loads((project / "site/series/alpha/standings.json").read_text("utf-8"))
    assert alpha["events"][0]["title"].startswith("Renamed ")
    assert read_tree(project / "site") == _clean(project)


def test_an_event_a_glob_matches_is_taken_in_by_that_series_alone(
        project: Path, planned: list[tuple[str, ...]]) -> None:
    _build(project)
    planned.clear()
    shutil.copytree(project / "events" / "b-2", project / "events" / "b-3")
    cache = _build(project)
    assert planned == [("b-1", "b-2", "b-3")]
    assert sorted(cache.rendered) == ["", "b-3", "series/beta"]
    beta = json.loads((project / "site/series/beta/standings.json").read_text("utf-8"))
    assert [e["event"] for e in beta["events"]] == ["b-1", "b-2", "b-3"]
    assert read_tree(project / "site") == _clean(project)


def test_a_series_file_deleted_takes_its_pages_and_links_away(
        project: Path, planned: list[tuple[str, ...]]) -> None:
    _build(project)
    person_pages = [p for p in (project / "site" / "people").glob("*.html")
                    if "series/beta/" in p.read_text(encoding="utf-8")]
    assert person_pages
    planned.clear()
    (project / "series" / "beta.yml").unlink()
    cache = _build(project)
    assert planned == []
    # No event is rendered again: only the pages that listed the series.
    assert cache.rendered == [""]
    assert not (project / "site" / "series" / "beta").exists()
    assert "series/beta/" not in (project / "site" / "index.html").read_text("utf-8")
    assert not any("series/beta/" in p.read_text(encoding="utf-8") for p in person_pages)
    assert read_tree(project / "site") == _clean(project)


def test_a_series_file_edited_renders_that_series_alone(
        project: Path, planned: list[tuple[str, ...]]) -> None:
    _build(project)
    planned.clear()
    _series(project, "alpha", "a-*", best=1)
    cache = _build(project)
    assert planned == [("a-1", "a-2")]
    assert sorted(cache.rendered) == ["", "series/alpha"]
    alpha = json.loads((project / "site/series/alpha/standings.json").read_text("utf-8"))
    assert max(sum(r["counted"] for r in row["results"]) for row in alpha["standings"]) == 1
    assert read_tree(project / "site") == _clean(project)


def test_a_glob_narrowed_takes_the_series_off_the_pages_of_those_it_drops(
        project: Path) -> None:
    # a-1's players who did not play a-2 are no longer in alpha: their pages, though
    # neither of their events is read, drop the series (the last build's summary names them).
    _build(project)
    _series(project, "alpha", "a-2")
    _build(project)
    assert read_tree(project / "site") == _clean(project)


def test_nothing_changed_writes_nothing_and_says_the_same(project: Path) -> None:
    _series(project, "gamma", "c-*")  # matches no event folder: a warning
    cache = prepare_cache(project / "events", project / "site")
    first = build_site(project / "events", project / "site", cache=cache, workers=1)
    before = _stamps(project / "site")
    cache = prepare_cache(project / "events", project / "site")
    again = build_site(project / "events", project / "site", cache=cache, workers=1)
    assert cache.rendered == []
    assert _stamps(project / "site") == before
    assert [str(d) for d in again] == [str(d) for d in first]
    assert any("'c-*' matches no event folder" in str(d) for d in again)


def test_the_preview_renders_the_series_of_an_event_edited_not_the_other(
        project: Path, planned: list[tuple[str, ...]]) -> None:
    live = LiveBuild(events_root=project / "events", site=default_site_functions(),
                     settle_seconds=0)
    snapshot = live.refresh()
    snapshot.files.render_all()
    alpha = snapshot.files.unit_of("series/alpha/index.html")
    planned.clear()
    event = project / "events" / "b-2" / "event.yml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "title: ", "title: Renamed "), encoding="utf-8")
    snapshot = live.refresh(["b-2"])
    served = snapshot.files.render_all()
    assert planned == [("b-1", "b-2")]
    assert snapshot.files.unit_of("series/alpha/index.html") is alpha  # its pages as rendered
    assert "series/beta" in snapshot.rebuilt and "series/alpha" not in snapshot.rebuilt
    beta = json.loads(served["series/beta/standings.json"])
    assert beta["events"][1]["title"].startswith("Renamed ")
    assert served == {path: content for path, content in _clean(project).items()
                      if not path.startswith(".standings-")}


def test_a_series_file_added_with_a_refused_name_fails_as_a_clean_build(
        project: Path) -> None:
    # The only change is a file no series is made of: no key moves, yet the build must
    # refuse it as a clean one does, not say that nothing changed.
    _build(project)
    (project / "series" / "bad name.yml").write_text(
        (project / "series" / "alpha.yml").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(StandingsError) as clean:
        _build(project, clean=True, out="clean")
    with pytest.raises(StandingsError) as incremental:
        _build(project)
    assert "'bad name'" in str(clean.value)
    assert str(incremental.value) == str(clean.value)


def test_a_series_is_a_unit_in_each_language(project: Path) -> None:
    (project / "site.yml").write_text("title: Club\nlanguages: [de, en]\n", encoding="utf-8")
    _build(project)
    event = project / "events" / "b-1" / "event.yml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "title: ", "title: Renamed "), encoding="utf-8")
    cache = _build(project)
    assert sorted(cache.rendered) == ["", "b-1", "en/", "en/b-1", "en/series/beta",
                                      "series/beta"]
    assert read_tree(project / "site") == _clean(project)
