"""The events folder's listing kept from one build to the next, and an archive's events
digested in part by the side process (site/inputs_now.py): what a build finds is what it
finds listing the folder again and digesting every event itself, whatever changed.

The files' and folders' times are set an hour back before each build: a time of the last
two seconds is not trusted (input_record.py), and would have every build list again."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.errors import StandingsError
from generator.site import inputs_now
from generator.site.build import build_site, prepare_cache
from generator.site.cache import INPUTS_PATH, BuildCache
from generator.site.input_record import load_inputs
from generator.site.inputs_now import InputsNow, discover_events

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ("alekhin-memorial", "anna-club-2026", "blitz-2026-01", "blitz-2026-02",
            "gros-open-2010")


def _aged(folder: Path, seconds: int = 3600) -> None:
    """The times under ``folder`` (itself included) of the last minute set ``seconds``
    back: what changed, as if long ago."""
    now = time.time_ns()
    then = now - seconds * 1_000_000_000
    for path in [*folder.rglob("*"), folder]:
        if path.lstat().st_mtime_ns > now - 60 * 1_000_000_000:
            os.utime(path, ns=(then, then), follow_symlinks=False)


def _project(tmp_path: Path) -> tuple[Path, Path]:
    events, out = tmp_path / "events", tmp_path / "site"
    for example in EXAMPLES:
        shutil.copytree(ROOT / "events" / example, events / example)
    _aged(events, 7200)
    build_site(events, out, cache=prepare_cache(events, out), workers=1)
    return events, out


def _listings(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The events folders this process lists from now on."""
    listed: list[Path] = []

    def listing(root: Path) -> inputs_now.Listing:
        listed.append(root)
        return discover_events(root)

    monkeypatch.setattr(inputs_now, "discover_events", listing)
    return listed


def _as_listed_again(events: Path, out: Path) -> tuple[object, dict[str, object]]:
    """The listing and the entries a build finds listing and digesting every event itself."""
    now = InputsNow.of_listing(events, load_inputs(out, INPUTS_PATH), discover_events(events))
    listing, entries, _stamp = now.digested()
    return listing, dict(entries)


def _found(cache: BuildCache) -> tuple[object, dict[str, object]]:
    return cache.found, dict(cache.inputs)


def _digests(cache: BuildCache) -> dict[str, str]:
    """Each event's digest (its key takes the end date last read too, which a clean
    build's does not know)."""
    return {slug: entry[1] for slug, entry in cache.inputs.items()}


def test_the_listing_kept_is_the_listing(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    events, out = _project(tmp_path)
    assert load_inputs(out, INPUTS_PATH).listed  # the events folder's stamp recorded
    listed = _listings(monkeypatch)
    cache = prepare_cache(events, out)
    assert listed == []
    assert _found(cache) == _as_listed_again(events, out)
    assert cache.unchanged_warnings() is not None  # nothing changed


def _add_event(events: Path) -> None:
    shutil.copytree(events / "blitz-2026-01", events / "blitz-2026-09")


def _remove_event(events: Path) -> None:
    shutil.rmtree(events / "blitz-2026-02")


def _rename_event(events: Path) -> None:
    (events / "blitz-2026-02").rename(events / "blitz-2026-05")


def _make_a_festival(events: Path) -> None:
    # Only the event folder changes: the events folder's stamp is the one recorded.
    folder = events / "blitz-2026-02"
    (folder / "open").mkdir()
    (folder / "tournament.trf").rename(folder / "open" / "tournament.trf")
    (folder / "event.yml").rename(folder / "open" / "event.yml")
    (folder / "festival.yml").write_text("title: Blitz festival\n", encoding="utf-8")


def _link_an_event(events: Path) -> None:
    shutil.move(events / "blitz-2026-02", events.parent / "elsewhere")
    (events / "blitz-2026-02").symlink_to(events.parent / "elsewhere",
                                          target_is_directory=True)


def _stray_trf(events: Path) -> None:
    shutil.copy(events / "blitz-2026-01" / "tournament.trf", events / "stray.trf")


def _hidden_folder(events: Path) -> None:
    (events / "_drafts").mkdir()


def _new_file_in_an_event(events: Path) -> None:
    (events / "gros-open-2010" / "pairings.txt").write_text("Round 1\n", encoding="utf-8")


def _edit_in_place(events: Path) -> None:
    trf = events / "anna-club-2026" / "tournament.trf"
    trf.write_bytes(trf.read_bytes().replace(b"Anna", b"Anne", 1))


@pytest.mark.parametrize("change", [_add_event, _remove_event, _rename_event,
                                    _make_a_festival, _link_an_event, _stray_trf,
                                    _hidden_folder, _new_file_in_an_event, _edit_in_place])
@pytest.mark.parametrize("aged", [True, False])
@pytest.mark.parametrize("helped", [False, True])
def test_a_change_is_found_as_listing_again_finds_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: Callable[[Path], None],
        aged: bool, helped: bool) -> None:
    # Aged: the new stamps of what changed are trusted (another time than the recorded
    # one); else they are of the last two seconds, not trusted. Helped: a side process
    # digests two thirds of the events (the last ones), as for an archive.
    events, out = _project(tmp_path)
    if helped:
        monkeypatch.setattr(inputs_now, "SIDE_PROCESS_FROM", 0)
    change(events)
    if aged:
        _aged(events, 3600)
    cache = prepare_cache(events, out)
    assert _found(cache) == _as_listed_again(events, out)
    assert _digests(cache) == _digests(prepare_cache(events, out, clean=True))
    try:
        build_site(events, out, cache=cache, workers=1)
    except StandingsError:
        assert change is _stray_trf  # the one change a build refuses
    again = prepare_cache(events, out)
    assert _found(again) == _as_listed_again(events, out)


def test_a_link_in_the_events_folder_is_never_kept(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # Its target may change while the events folder does not.
    events, out = _project(tmp_path)
    _link_an_event(events)
    _aged(events, 3600)
    build_site(events, out, cache=prepare_cache(events, out), workers=1)
    assert not load_inputs(out, INPUTS_PATH).listed
    listed = _listings(monkeypatch)
    prepare_cache(events, out)
    assert listed == [events]


def test_a_record_naming_a_path_is_not_kept(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # The record lies in the output folder, which a hostile clone of a site may carry.
    events, out = _project(tmp_path)
    record = out / INPUTS_PATH
    data = json.loads(record.read_bytes())
    entry = data["events"]["gros-open-2010"]
    for name in ("../outside", ".hidden", "a/b"):
        data["events"][name] = entry
        record.write_text(json.dumps(data), encoding="utf-8")
        listed = _listings(monkeypatch)
        cache = prepare_cache(events, out)
        assert listed == [events]
        assert name not in cache.inputs
        del data["events"][name]


def _first_and_last_changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                            ) -> tuple[Path, Path, list[str], dict[str, str]]:
    """A project helped by a side process, its first event and its last changed (the first
    is the build's own share, the last the side process's), with the digests a clean build
    finds."""
    events, out = _project(tmp_path)
    monkeypatch.setattr(inputs_now, "SIDE_PROCESS_FROM", 0)
    slugs = sorted(EXAMPLES)
    for slug in (slugs[0], slugs[-1]):
        settings = events / slug / "event.yml"
        settings.write_bytes(settings.read_bytes() + b"\n# changed\n")
    _aged(events, 3600)
    return events, out, slugs, _digests(prepare_cache(events, out, clean=True))


@pytest.mark.parametrize("aside", ["as the build", "fails", "reads another record"])
def test_the_side_process_digests_its_share_as_the_build_would(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, aside: str) -> None:
    # Failing, or having read another record than the build (another build wrote it in
    # between), the side process's share is digested by the build itself.
    events, out, slugs, digests = _first_and_last_changed(tmp_path, monkeypatch)
    build = os.getpid()
    if aside == "fails":
        digest = inputs_now.event_inputs

        def failing(*args, **kwargs):  # type: ignore[no-untyped-def]
            if os.getpid() != build:
                raise OSError("the disk went away")
            return digest(*args, **kwargs)

        monkeypatch.setattr(inputs_now, "event_inputs", failing)
    elif aside == "reads another record":
        load = inputs_now.load_inputs

        def another(*args, **kwargs):  # type: ignore[no-untyped-def]
            record = load(*args, **kwargs)
            if os.getpid() == build:
                return record
            # Every entry as the last build left it, the changes unseen.
            return dataclasses.replace(record, identity=(0, 0, 0), events={
                slug: (entry[0], "0" * 64, "", entry[3])
                for slug, entry in record.events.items()})

        monkeypatch.setattr(inputs_now, "load_inputs", another)
    shared = _shares(monkeypatch)
    cache = prepare_cache(events, out)
    assert shared and slugs[-1] in shared[0] and slugs[0] not in shared[0]
    assert _found(cache) == _as_listed_again(events, out)
    assert _digests(cache) == digests
    assert cache.unchanged_warnings() is None
    assert load_inputs(out, INPUTS_PATH).listed == cache.listed


def _shares(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """The side process's share of each InputsNow started from now on."""
    shared: list[tuple[str, ...]] = []
    start = InputsNow.start.__func__  # type: ignore[attr-defined]

    def started(cls, *args, **kwargs):  # type: ignore[no-untyped-def]
        now = start(cls, *args, **kwargs)
        shared.append(now.side_share)
        return now

    monkeypatch.setattr(InputsNow, "start", classmethod(started))
    return shared


@pytest.mark.parametrize("taken", [True, False])
def test_a_side_process_begun_early_is_taken_over_as_the_build_would_digest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, taken: bool) -> None:
    # `standings build` begins it before importing the build's first steps: it digests
    # the events meanwhile. Begun for another output, it is let go, and the build starts
    # its own.
    events, out, slugs, digests = _first_and_last_changed(tmp_path, monkeypatch)
    other = tmp_path / "other"
    shutil.copytree(out, other)
    early = inputs_now.begin_side(events, out if taken else other)
    assert early is not None
    shared = _shares(monkeypatch)
    cache = prepare_cache(events, out, early=early)
    share = inputs_now.EARLY_BUILD_SHARE if taken else inputs_now.BUILD_SHARE
    assert shared == [tuple(slugs[round(len(slugs) * share):])]
    assert (cache.digested_at == early.digested_at) == taken
    assert _found(cache) == _as_listed_again(events, out)
    assert _digests(cache) == digests
    assert cache.unchanged_warnings() is None


def test_no_side_process_is_begun_for_a_clean_build_or_a_small_site(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events, out = _project(tmp_path)
    assert inputs_now.begin_side(events, out) is None  # its record under SIDE_PROCESS_FROM
    monkeypatch.setattr(inputs_now, "SIDE_PROCESS_FROM", 0)
    assert inputs_now.begin_side(events, out, clean=True) is None
    assert inputs_now.begin_side(events, tmp_path / "new") is None  # no record yet
    early = inputs_now.begin_side(events, out)
    assert early is not None
    missing = tmp_path / "missing"
    cache = prepare_cache(missing, out, early=early)  # the build says the folder is missing
    assert cache.found is None


def test_standings_build_begins_the_side_process_before_its_first_steps(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events, out = _project(tmp_path)
    monkeypatch.setattr(inputs_now, "SIDE_PROCESS_FROM", 0)
    settings = events / "gros-open-2010" / "event.yml"
    settings.write_bytes(settings.read_bytes() + b"\n# changed\n")
    _aged(events, 3600)
    shared = _shares(monkeypatch)
    result = CliRunner().invoke(main, ["build", str(events), "--out", str(out)])
    assert result.exit_code == 0, result.output
    slugs = sorted(EXAMPLES)
    assert shared == [tuple(slugs[round(len(slugs) * inputs_now.EARLY_BUILD_SHARE):])]
    assert "4 unchanged events reused" in result.output  # the changed one rendered


@pytest.mark.parametrize("field", ["an entry", "a folder's stamps"])
@pytest.mark.parametrize("value", [7, None, ["a", "b", "c"], ["a", "b", "c", "d", "e"],
                                   ["a", "b", 3, "d"]])
def test_a_record_of_other_fields_is_not_read(tmp_path: Path, field: str,
                                              value: object) -> None:
    # Its fields are checked together, for every entry at once: one amiss, none is taken.
    _events, out = _project(tmp_path)
    record = out / INPUTS_PATH
    data = json.loads(record.read_bytes())
    assert load_inputs(out, INPUTS_PATH).events
    if field == "an entry":
        data["events"]["gros-open-2010"] = value
    else:
        data["folders"]["gros-open-2010"] = value
    record.write_text(json.dumps(data), encoding="utf-8")
    found = load_inputs(out, INPUTS_PATH)
    assert not found.events and not found.folders
