"""An event's summary (site/summary.py) renders the pages outside the events' folders exactly
as its whole plan does: the index, the players' list and pages, the find index, the flags and
the tie-break pages, for the examples and for an archive's mix (Swiss events, events with
categories and prizes, team events)."""

from __future__ import annotations

import sys
from pathlib import Path

from conftest import ROOT

from generator.reading.events import read_events
from generator.site import build as site
from generator.site.summary import summarise

sys.path.insert(0, str(ROOT / "bench"))

import bench_archive


def index_pages(events_root: Path, summarised: bool) -> dict[str, bytes]:
    plans = [site.plan_event(event) for event in read_events(events_root)]
    shown = [summarise(plan) for plan in plans] if summarised else plans
    return site.render_index(shown, site.site_environment(events_root))


def test_the_examples_index_pages_from_summaries_equal_those_from_plans() -> None:
    events = ROOT / "events"
    assert index_pages(events, summarised=True) == index_pages(events, summarised=False)


def test_an_archives_index_pages_from_summaries_equal_those_from_plans(tmp_path: Path) -> None:
    archive = bench_archive.generate_archive(tmp_path, 26)
    assert {"swiss", "prizes", "team"} <= set(archive.kinds)
    assert (index_pages(archive.events, summarised=True)
            == index_pages(archive.events, summarised=False))


def test_a_summary_keeps_no_derivation_and_no_file() -> None:
    plan = site.plan_event(read_events(ROOT / "events")[0])
    assert plan.event.festival is None
    summary = summarise(plan)
    assert summary.event.trf_bytes == b""
    assert all(not row.values and row.above is None for row in summary.standings.rows)
    assert summary.info == plan.info and summary.person_keys == plan.person_keys
