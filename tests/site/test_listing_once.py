"""A build lists its events folder once (issue 26): the cache and the reader share the
listing, which costs half a second at 1,000 events."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.reading import events as events_module
from generator.site import up_to_date
from generator.site.build import build_site, prepare_cache

ROOT = Path(__file__).resolve().parents[2]


def test_a_build_lists_its_events_folder_once(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    for example in sorted(p for p in (ROOT / "events").iterdir() if p.is_dir())[:2]:
        shutil.copytree(example, tmp_path / "events" / example.name)
    listed: list[str] = []
    lister = events_module.event_paths

    def listing(path, diagnostics):  # type: ignore[no-untyped-def]
        listed.append(str(path))
        return lister(path, diagnostics)

    monkeypatch.setattr(events_module, "event_paths", listing)
    monkeypatch.setattr(up_to_date, "event_paths", listing)
    cache = prepare_cache(tmp_path / "events", tmp_path / "site")
    build_site(tmp_path / "events", tmp_path / "site", cache=cache, workers=1)
    assert listed == [str(tmp_path / "events")]
    assert (tmp_path / "site" / "index.html").is_file()
