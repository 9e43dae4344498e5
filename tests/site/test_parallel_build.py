"""Issue 26: a build of many events renders them in forked workers, to the same bytes.

The events' files come back to the build, which writes them, the cache's manifest and the
warnings exactly as one process does; a large event is rendered by the build itself with
its own pool; an error is the one a single process reports, and the site stays as it was.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import jinja2
import pytest
from conftest import ROOT
from kit.sitekit import make_event, read_tree
from kit.trfgen import generate_swiss

from generator.errors import StandingsError
from generator.site import build, render

pytestmark = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="needs forked workers")

LARGE = "crowd"
"""The event made large for these tests: the build renders it itself, with its own pool."""
LARGE_FROM = 16
"""Players from which an event is large here (the events are small: what is checked is who
renders which event, and that the bytes are the same)."""


def make_project(root: Path) -> Path:
    """Small events, one large, one with a warning (its points column disagrees with its
    results), in two languages."""
    events = root / "events"
    for number, slug in enumerate(("aries", "bora", "delta", "echo")):
        make_event(events, slug, generate_swiss(9 + 2 * number, 5, seed=60 + number))
    make_event(events, LARGE, generate_swiss(LARGE_FROM, 5, seed=70))
    lines = (ROOT / "tests" / "corpus" / "trf" / "seed-anna.trf").read_text(
        encoding="utf-8").split("\n")
    lines[5] = lines[5][:80] + " 4.5" + lines[5][84:]  # her results add up to 4.0
    make_event(events, "anna", "\n".join(lines))
    (root / "site.yml").write_text("languages: [en, de]\n", encoding="utf-8")
    return events


@pytest.fixture
def renders_seen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every event rendered, as "pid slug workers" lines of a file (forked workers inherit
    the wrapper); the large event is large from LARGE_FROM players, and any build forks."""
    seen = tmp_path / "renders"
    render_event = build.render_event

    def recorded(event: Any, env: jinja2.Environment, **options: Any) -> dict[str, bytes]:
        with open(seen, "a", encoding="utf-8") as file:
            file.write(f"{os.getpid()} {event.slug} {options.get('workers', 1)}\n")
        return render_event(event, env, **options)

    monkeypatch.setattr(build, "render_event", recorded)
    monkeypatch.setattr(render, "PARALLEL_MIN_PLAYERS", LARGE_FROM)
    monkeypatch.setattr(build, "FORK_MIN_PLAYERS", 1)
    return seen


def built(events: Path, out: Path, workers: int) -> tuple[tuple[str, ...], Mapping[str, bytes]]:
    cache = build.prepare_cache(events, out)
    warnings = build.build_site(events, out, cache=cache, workers=workers)
    return tuple(str(w) for w in warnings), read_tree(out)


def renders(seen: Path) -> list[tuple[int, str, int]]:
    lines = seen.read_text(encoding="utf-8").split() if seen.exists() else []
    return [(int(pid), slug, int(workers))
            for pid, slug, workers in zip(lines[::3], lines[1::3], lines[2::3], strict=True)]


def test_events_rendered_in_workers_are_the_files_of_one_process(
        tmp_path: Path, renders_seen: Path) -> None:
    events = make_project(tmp_path)
    alone = built(events, tmp_path / "alone", workers=1)
    renders_seen.unlink()
    forked = built(events, tmp_path / "forked", workers=2)
    assert forked == alone  # the warnings in their order, every file, the manifest
    assert any(w.startswith(f"{events}/anna/tournament.trf:6:81: warning") for w in alone[0])
    assert ".standings-cache/units.json" in forked[1]
    seen = renders(renders_seen)
    here = os.getpid()
    # Each small event in each language by a worker, the large one here with its own pool.
    assert sorted(slug for pid, slug, _ in seen if pid != here) == sorted(
        2 * ["anna", "aries", "bora", "delta", "echo"])
    assert [(slug, workers) for pid, slug, workers in seen if pid == here] == [(LARGE, 2)] * 2

    # One event changed: the cache renders it alone again (no fork for one small event) and
    # reads the others back, in both builds alike.
    (events / "bora" / "event.yml").write_text("title: Bora Open\n", encoding="utf-8")
    (events / "delta" / "event.yml").write_text("title: Delta Cup\n", encoding="utf-8")
    renders_seen.unlink()
    again_forked = built(events, tmp_path / "forked", workers=2)
    assert {slug for _, slug, _ in renders(renders_seen)} == {"bora", "delta"}
    assert any(pid != here for pid, _, _ in renders(renders_seen))
    assert again_forked == built(events, tmp_path / "alone", workers=1)
    assert again_forked != forked


def failing_in(slugs: set[str], render_event: Callable[..., dict[str, bytes]], seen: Path,
               ) -> Callable[..., dict[str, bytes]]:
    def failing(event: Any, env: jinja2.Environment, **options: Any) -> dict[str, bytes]:
        if event.slug in slugs:
            with open(seen, "a", encoding="utf-8") as file:
                file.write(f"{os.getpid()} {event.slug} {options.get('workers', 1)}\n")
            raise jinja2.UndefinedError(f"'nothing' is undefined in {event.slug}")
        return render_event(event, env, **options)
    return failing


def test_an_event_failing_in_a_worker_is_reported_as_by_one_process(
        tmp_path: Path, renders_seen: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events = make_project(tmp_path)
    out = tmp_path / "site"
    built(events, out, workers=2)
    before = read_tree(out)
    (events / "echo" / "event.yml").write_text("title: Echo\n", encoding="utf-8")
    monkeypatch.setattr(build, "render_event", failing_in({"delta", "echo"},
                                                          build.render_event, renders_seen))
    reported = {}
    for workers in (1, 2):
        renders_seen.unlink()
        with pytest.raises(StandingsError) as failed:
            build.build_site(events, out, cache=build.prepare_cache(events, out, clean=True),
                             workers=workers)
        reported[workers] = [str(d) for d in failed.value.diagnostics]
        assert read_tree(out) == before
        assert sorted(p.name for p in tmp_path.iterdir()) == [
            "events", "renders", "site", "site.yml"]
    # The first event in order that fails, both times; the workers had tried it.
    assert reported[2] == reported[1] == ["templates: 'nothing' is undefined in delta"]
    assert any(slug == "delta" and pid != os.getpid() for pid, slug, _ in renders(renders_seen))


def test_a_small_site_is_built_in_one_process(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    events = tmp_path / "events"
    for example in ("alekhin-memorial", "anna-club-2026"):
        shutil.copytree(ROOT / "events" / example, events / example)
    monkeypatch.setattr(build, "forked_tasks", None)  # any fork would fail
    build.build_site(events, tmp_path / "site", workers=2)
    assert (tmp_path / "site" / "alekhin-memorial" / "index.html").is_file()
