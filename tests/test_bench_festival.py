"""bench/bench_festival.py lays out the same sections twice: as one festival and as
unrelated events, so that the difference of the two builds is what the festival adds."""

from __future__ import annotations

import sys
from pathlib import Path

from conftest import ROOT

from generator.reading.events import read_events

sys.path.insert(0, str(ROOT / "bench"))

import bench_festival


def test_the_players_are_shared_out_over_the_sections() -> None:
    assert bench_festival.section_sizes(400, 6) == [67, 67, 67, 67, 66, 66]
    assert sum(bench_festival.section_sizes(61, 4)) == 61


def test_both_layouts_hold_the_same_sections_with_the_same_settings(tmp_path: Path) -> None:
    layouts = bench_festival.write_layouts(tmp_path, 24, 3, seed=1)
    festival = read_events(layouts["festival"])
    apart = read_events(layouts["events"])
    assert [event.slug for event in festival] == [f"congress/section-{n}" for n in (1, 2, 3)]
    assert [event.slug for event in apart] == [f"congress-section-{n}" for n in (1, 2, 3)]
    for section, event in zip(festival, apart, strict=True):
        assert section.tournament.players == event.tournament.players
        assert section.settings.tiebreaks == event.settings.tiebreaks
        assert section.settings.place == event.settings.place == "Limerick"
    assert sum(len(event.tournament.players) for event in festival) == 24
