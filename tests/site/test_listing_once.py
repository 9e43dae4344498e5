"""A build lists its events folder once (issue 26): the cache and the reader share the
listing, which costs half a second at 1,000 events."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.reading import events as events_module
from generator.site import inputs_now
from generator.site.build import build_site, prepare_cache

ROOT = Path(__file__).resolve().parents[2]


def test_a_build_lists_its_events_folder_once(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    for example in sorted(p for p in (ROOT / "events").iterdir() if p.is_dir())[:2]:
        shutil.copytree(example, tmp_path / "events" / example.name)
    listed: list[str] = []
    lister, slugged = events_module.event_paths, inputs_now.listed_events

    def listing(path, diagnostics):  # type: ignore[no-untyped-def]
        listed.append(str(path))
        return lister(path, diagnostics)

    def listing_slugs(path, diagnostics):  # type: ignore[no-untyped-def]
        listed.append(str(path))
        return slugged(path, diagnostics)

    monkeypatch.setattr(events_module, "event_paths", listing)
    monkeypatch.setattr(inputs_now, "listed_events", listing_slugs)
    cache = prepare_cache(tmp_path / "events", tmp_path / "site")
    build_site(tmp_path / "events", tmp_path / "site", cache=cache, workers=1)
    assert listed == [str(tmp_path / "events")]
    assert (tmp_path / "site" / "index.html").is_file()


def test_the_listing_names_each_event_as_the_reader_does(tmp_path: Path) -> None:
    """The slugs the listing gives without a stat are event_slug's: a festival's sections
    under its name, a linked folder under the link's own name (read once), a loose TRF
    file's left to event_slug."""
    events = tmp_path / "events"
    shutil.copytree(ROOT / "events", events)
    (events / "alias").symlink_to(events / "anna-club-2026", target_is_directory=True)
    (events / "second").symlink_to("blitz-2026-01", target_is_directory=True)
    (events / "blitz-2026-01").rename(events / "aaa-first")
    (events / "second").unlink()
    (events / "second").symlink_to("aaa-first", target_is_directory=True)
    for given in (events, events / "bunratty-2011", tmp_path / "events" / "." / "bunratty-2011"):
        problems: list = []  # type: ignore[type-arg]
        listed = inputs_now.listed_events(given, problems)
        assert listed, given
        assert [path for path, _slug in listed] == events_module.event_paths(given, [])
        named = [(slug, events_module.event_slug(Path(path))) for path, slug in listed
                 if slug is not None]
        assert named and all(slug == expected for slug, expected in named)
    slugs = {slug for _path, slug in inputs_now.listed_events(events, [])}
    assert {"bunratty-2011/major", "aaa-first"} <= slugs
    assert "alias" not in slugs and "second" not in slugs  # the links read once, as their targets
