"""Issue 26: a build of many events lets each go once checked and reads it again for its
pages (generator/site/checked.py), to the same bytes as a build that keeps them all, and
still refuses an error in any event before it writes a page.

The examples hold the cases a stored summary cannot stand in for (a festival's sections,
the events of a series, a team event), in two languages; ``held_events=0`` lets every other
event go, ``held_events`` past their number keeps them all whole, as a small site does.
"""

from __future__ import annotations

import multiprocessing
import shutil
from collections.abc import Mapping
from pathlib import Path

import pytest
from conftest import ROOT
from kit.sitekit import make_event, read_tree

from generator.errors import StandingsError
from generator.site import build

KEPT_WHOLE = 1_000
"""More events than the examples hold: each is kept whole, as before issue 26."""


def make_project(root: Path) -> Path:
    """The repository's examples (events and series), in two languages, and an event with
    a warning (its points column disagrees with its results)."""
    events = root / "events"
    shutil.copytree(ROOT / "events", events)
    shutil.copytree(ROOT / "series", root / "series")
    (root / "site.yml").write_text("languages: [en, de]\n", encoding="utf-8")
    lines = (ROOT / "tests" / "corpus" / "trf" / "seed-anna.trf").read_text(
        encoding="utf-8").split("\n")
    lines[5] = lines[5][:80] + " 4.5" + lines[5][84:]  # her results add up to 4.0
    make_event(events, "anna", "\n".join(lines))
    return events


def built(events: Path, out: Path, *, held_events: int, workers: int,
          ) -> tuple[tuple[str, ...], Mapping[str, bytes]]:
    cache = build.prepare_cache(events, out)
    warnings = build.build_site(events, out, cache=cache, workers=workers,
                                held_events=held_events)
    return tuple(str(w) for w in warnings), read_tree(out)


@pytest.fixture
def forking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any site of two small events or more renders them in forked workers."""
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("needs forked workers")
    monkeypatch.setattr(build, "FORK_MIN_PLAYERS", 1)


def test_events_let_go_once_checked_build_the_files_of_events_kept_whole(
        tmp_path: Path, forking: None) -> None:
    events = make_project(tmp_path)
    whole = built(events, tmp_path / "whole", held_events=KEPT_WHOLE, workers=1)
    checked = built(events, tmp_path / "checked", held_events=0, workers=2)
    assert checked == whole  # the warnings in their order, every page, the manifest
    assert any(w.startswith(f"{events}/anna/tournament.trf:6:81: warning") for w in whole[0])
    assert ".standings-cache/units.json" in whole[1]
    assert "de/people/index.html" in whole[1]

    # Then one event changed: an incremental build over a site built either way.
    settings = events / "anna-club-2026" / "event.yml"
    settings.write_text(settings.read_text(encoding="utf-8").replace(
        "title: Anna Club Championship 2026", "title: Anna Club Final 2026"), encoding="utf-8")
    assert built(events, tmp_path / "checked", held_events=0, workers=2) == \
        built(events, tmp_path / "whole", held_events=KEPT_WHOLE, workers=1)


def test_an_error_in_the_last_event_leaves_the_site_as_it_was(tmp_path: Path,
                                                              forking: None) -> None:
    events = make_project(tmp_path)
    out = tmp_path / "site"
    built(events, out, held_events=0, workers=2)
    before = read_tree(out)
    last = sorted(folder.name for folder in events.iterdir() if folder.is_dir())[-1]
    trf = next((events / last).rglob("*.trf"))
    trf.write_text("012 broken\n001 garbage\n", encoding="utf-8")
    with pytest.raises(StandingsError) as failed:
        build.build_site(events, out, cache=build.prepare_cache(events, out, clean=True),
                         workers=2, held_events=0)
    assert any(d.path.startswith(str(events / last)) for d in failed.value.diagnostics)
    assert read_tree(out) == before
