"""bench/bench_archive.py's archives: the same files for the same size, the promised mix,
every event one the site reads, and the changes it measures really change something."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from conftest import ROOT

from generator.reading.events import read_event
from generator.site.build import plan_event

sys.path.insert(0, str(ROOT / "bench"))

import bench_archive

SIZE = 30


def files(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def test_the_same_size_makes_the_same_files(tmp_path: Path) -> None:
    first = bench_archive.generate_archive(tmp_path / "a", SIZE)
    second = bench_archive.generate_archive(tmp_path / "b", SIZE)
    assert files(first.events) == files(second.events)
    assert len({path.split("/")[0] for path in files(first.events)}) == SIZE
    assert first.appearances == second.appearances


def test_the_mix_is_a_federations(tmp_path: Path) -> None:
    archive = bench_archive.generate_archive(tmp_path / "archive", SIZE)
    events = [bench_archive.archive_event(index, SIZE) for index in range(SIZE)]
    kinds = [event.kind for event in events]
    assert {"swiss", "prizes", "team"} <= set(kinds)
    assert kinds.count("swiss") > kinds.count("prizes") >= kinds.count("team") >= 1
    assert 45 <= statistics.mean(event.players for event in events) <= 75
    assert 5.5 <= statistics.mean(event.rounds for event in events) <= 8.5
    assert archive.appearances == sum(event.players for event in events)
    prized = [event for event in events if event.kind == "prizes"]
    assert all("categories:" in event.settings and "prizes:" in event.settings
               for event in prized)
    # People come back: a federation's players have a history across its events.
    ids = [line[57:68] for event in events for line in event.trf.splitlines()
           if line.startswith("001 ")]
    assert len(set(ids)) < len(ids)
    for event in events:
        plan = plan_event(read_event(archive.events / event.slug))
        assert (plan.event.teams is not None) == (event.kind == "team")
        assert plan.info.title.startswith("Open ")
        if event.kind == "prizes":
            assert plan.prizes is not None


def test_the_changes_measured_change_one_result_and_add_the_next_event() -> None:
    index = bench_archive.changed_index(SIZE)
    before = bench_archive.archive_event(index, SIZE).trf.splitlines()
    after = bench_archive.changed_result(index, SIZE).splitlines()
    differing = [(old, new) for old, new in zip(before, after, strict=True) if old != new]
    assert 2 <= len(differing) <= len(before) and all(
        old[:14] == new[:14] for old, new in differing)
    added = bench_archive.archive_event(SIZE, SIZE)
    assert added.slug not in {bench_archive.archive_event(i, SIZE).slug for i in range(SIZE)}
