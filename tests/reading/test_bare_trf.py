"""A TRF file with no settings file beside it is read by reading/trf_event.py alone
(``read_bare_trf``), for ``rank``, ``check`` and ``explain``: the same event, warnings and
errors as the events reader makes of it, and no say over any other path."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.reading.events import read_paths
from generator.reading.trf_event import read_bare_trf
from tests.reading.test_trf_broken import BASE, changed

ROOT = Path(__file__).resolve().parents[2]
CORPUS = sorted((ROOT / "tests" / "corpus").rglob("*.trf"))
GROS = ROOT / "events" / "gros-open-2010"


@pytest.mark.parametrize("trf", CORPUS, ids=lambda path: path.name)
def test_a_corpus_file_reads_as_the_events_reader_reads_it(trf: Path) -> None:
    # The corpus files share their folders: each is read on its own, no settings taken.
    events, diagnostics = read_paths([str(trf)])
    assert read_bare_trf(str(trf)) == (events[0] if events else None, diagnostics)


@pytest.mark.parametrize("text", [BASE, changed(3, "Swiss Dutch", "Round Robin"),
                                  BASE.replace("001    1", "001    x", 1)],
                         ids=["swiss", "round robin", "broken"])
def test_a_file_alone_in_its_folder_reads_as_the_events_reader_reads_it(
        tmp_path: Path, text: str) -> None:
    trf = tmp_path / "open-2026" / "tournament.trf"
    trf.parent.mkdir()
    trf.write_text(text, encoding="utf-8")
    events, diagnostics = read_paths([str(trf)])
    assert read_bare_trf(str(trf)) == (events[0] if events else None, diagnostics)


@pytest.mark.parametrize("beside", ["event.yml", "notes.md"])
def test_a_settings_file_beside_leaves_the_file_to_the_events_reader(
        tmp_path: Path, beside: str) -> None:
    trf = tmp_path / "tournament.trf"
    shutil.copyfile(GROS / "tournament.trf", trf)
    assert read_bare_trf(str(trf)) is not None
    (tmp_path / beside).write_text("title: Open\n", encoding="utf-8")
    assert read_bare_trf(str(trf)) is None


def test_a_festival_section_a_folder_or_nothing_is_left_to_the_events_reader(
        tmp_path: Path) -> None:
    section = tmp_path / "congress" / "major"
    section.mkdir(parents=True)
    (tmp_path / "congress" / "festival.yml").write_text("title: Congress\n", encoding="utf-8")
    shutil.copyfile(GROS / "tournament.trf", section / "tournament.trf")
    assert read_bare_trf(str(section / "tournament.trf")) is None
    assert read_bare_trf(str(section)) is None
    assert read_bare_trf(str(tmp_path / "missing.trf")) is None
