"""The build cache, driven through the small stand-in site (tests/preview/test_serve_doubles.py).

The same properties through the real reader, engine and templates (``standings build``
twice against ``--clean``) are in tests/site/test_incremental_site.py.
"""

from __future__ import annotations

import os
from pathlib import Path

from kit.sitekit import read_tree as tree
from kit.sitekit import write_in_place

from generator.errors import Diagnostic, Severity
from generator.site.cache import INDEX_UNIT, INPUTS_PATH, MANIFEST_NAME, BuildCache
from generator.site.cache_keys import program_digest
from generator.site.input_digest import digest_folder
from generator.site.input_record import InputsRecord, load_inputs
from generator.site.inputs_now import InputsNow
from tests.preview.test_serve_doubles import FakeSite, make_events


def prepare(site: FakeSite, events: Path, out: Path, *, clean: bool = False) -> BuildCache:
    """site.build.prepare_cache's shape, with the stand-in's listing and templates."""
    record = InputsRecord() if clean else load_inputs(out, INPUTS_PATH)
    return BuildCache.prepare(
        events, out, inputs=InputsNow.of_listing(events, record, site.discover(events)),
        template_folders=site.template_folders(events), clean=clean)


def fake_build(site: FakeSite, events: Path, out: Path, *, clean: bool = False) -> BuildCache:
    """build_site's shape, with the stand-in reader and renderers."""
    cache = prepare(site, events, out, clean=clean)
    if cache.unchanged_warnings() is not None:
        return cache
    plans = [site.read_event(folder) for folder in site.discover(events).folders.values()]
    files = cache.render_site(plans, lambda plan: site.render_event(plan, ""),
                              lambda: site.render_index(plans, ""), {})
    write_in_place(files, out, cache.manifest)
    return cache


def stamps(folder: Path) -> dict[str, int]:
    return {p.relative_to(folder).as_posix(): p.stat().st_mtime_ns
            for p in sorted(folder.rglob("*"))}


def test_a_build_with_nothing_changed_renders_and_writes_nothing(tmp_path: Path) -> None:
    site = FakeSite()
    events = make_events(tmp_path, {"open": "Anna 1\n", "blitz": "Boris 2\n"})
    out = tmp_path / "site"
    fake_build(site, events, out)
    before, inode = stamps(out), out.stat().st_ino
    again = fake_build(site, events, out)
    assert again.rendered == []
    assert stamps(out) == before and out.stat().st_ino == inode  # not even opened
    assert sorted(p.name for p in tmp_path.iterdir()) == ["events", "site"]
    assert site.rendered == {"open": 1, "blitz": 1, "<index>": 1}


def test_one_changed_event_renders_that_event_and_the_index(tmp_path: Path) -> None:
    site = FakeSite()
    events = make_events(tmp_path, {"open": "Anna 1\n", "blitz": "Boris 2\n"})
    out = tmp_path / "site"
    fake_build(site, events, out)
    (events / "open" / "results.txt").write_text("Anna 0.5\n", encoding="utf-8")
    cache = fake_build(site, events, out)
    assert cache.rendered == ["open", INDEX_UNIT]
    assert cache.reused == ["blitz"]
    assert b"Anna 0.5" in (out / "open" / "index.html").read_bytes()


def test_a_cached_build_equals_a_clean_one_byte_for_byte(tmp_path: Path) -> None:
    events = make_events(tmp_path, {"open": "Anna 1\n", "blitz": "Boris 2\n", "rapid": "Cy 3\n"})
    cached, clean = tmp_path / "cached", tmp_path / "clean"
    fake_build(FakeSite(), events, cached)
    (events / "open" / "results.txt").write_text("Anna 0.5\nDora 1\n", encoding="utf-8")
    (events / "rapid" / "results.txt").unlink()
    (events / "rapid").rmdir()
    make_events(tmp_path, {"late": "Egor 1\n"})
    fake_build(FakeSite(), events, cached)
    fake_build(FakeSite(), events, clean, clean=True)
    assert tree(cached) == tree(clean)
    assert "rapid/index.html" not in tree(cached)


def test_clean_renders_everything_even_when_nothing_changed(tmp_path: Path) -> None:
    site = FakeSite()
    events = make_events(tmp_path, {"open": "Anna 1\n"})
    out = tmp_path / "site"
    fake_build(site, events, out)
    first = tree(out)
    cache = fake_build(site, events, out, clean=True)
    assert cache.rendered == ["open", INDEX_UNIT]
    assert tree(out) == first


def test_a_removed_output_file_is_rendered_again(tmp_path: Path) -> None:
    site = FakeSite()
    events = make_events(tmp_path, {"open": "Anna 1\n", "blitz": "Boris 2\n"})
    out = tmp_path / "site"
    fake_build(site, events, out)
    (out / "open" / "data.csv").unlink()
    cache = fake_build(site, events, out)
    assert cache.rendered == ["open"]  # the index's own files are intact, so reused
    assert (out / "open" / "data.csv").read_bytes() == b"Anna,1\n"


def test_an_output_file_edited_by_hand_is_not_reused(tmp_path: Path) -> None:
    site = FakeSite()
    events = make_events(tmp_path, {"open": "Anna 1\n", "blitz": "Boris 2\n"})
    out = tmp_path / "site"
    fake_build(site, events, out)
    (events / "blitz" / "results.txt").write_text("Boris 1\n", encoding="utf-8")
    page = out / "open" / "index.html"
    page.write_bytes(page.read_bytes().replace(b"Anna", b"Hack"))  # same size, other bytes
    cache = fake_build(site, events, out)
    assert sorted(cache.rendered) == sorted(["open", "blitz", INDEX_UNIT])
    assert b"Anna" in page.read_bytes()


def test_a_template_change_renders_everything(tmp_path: Path) -> None:
    site = FakeSite()
    events = make_events(tmp_path, {"open": "Anna 1\n"})
    out = tmp_path / "site"
    fake_build(site, events, out)
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "prefix.txt").write_text("x", encoding="utf-8")
    assert fake_build(site, events, out).rendered == ["open", INDEX_UNIT]


def test_an_unreadable_manifest_means_a_full_build(tmp_path: Path) -> None:
    site = FakeSite()
    events = make_events(tmp_path, {"open": "Anna 1\n"})
    out = tmp_path / "site"
    fake_build(site, events, out)
    (out / MANIFEST_NAME).write_text("{not json", encoding="utf-8")
    assert fake_build(site, events, out).rendered == ["open", INDEX_UNIT]


def test_warnings_of_an_unchanged_build_are_counted_and_strict_refuses_them(tmp_path: Path) -> None:
    site = FakeSite()
    events = make_events(tmp_path, {"open": "Anna 1\n"})
    out = tmp_path / "site"
    warning = Diagnostic(path="events/open/results.txt", line=1, message="w",
                         severity=Severity.WARNING)
    cache = prepare(site, events, out)
    plans = [site.read_event(events / "open")]
    write_in_place(cache.render_site(plans, lambda plan: site.render_event(plan, ""),
                                 lambda: site.render_index(plans, ""), {"open": [warning]}),
                   out, cache.manifest)
    again = prepare(site, events, out)
    # Counted in one line, not printed again (an archive's would be thousands)...
    assert [str(d) for d in again.unchanged_warnings() or ()] == [
        f"{events}: note: 1 warning of 1 unchanged event, printed when it was last built, "
        f"not repeated; expected 'standings check {events}' to list them"]
    # ...and refused by --strict in full, as a clean build refuses it.
    refusal = again.strict_refusal(again.unchanged_warnings() or (), again.keys)
    assert refusal is not None and refusal.diagnostics == (warning.as_error(),)


def test_digests_see_content_and_names_but_not_editor_files(tmp_path: Path) -> None:
    folder = tmp_path / "open"
    folder.mkdir()
    (folder / "t.trf").write_text("012 A\n", encoding="utf-8")
    first = digest_folder(folder)
    (folder / ".t.trf.swp").write_bytes(b"vim")
    (folder / "t.trf~").write_bytes(b"backup")
    assert digest_folder(folder) == first
    os.utime(folder / "t.trf", ns=(1, 1))
    assert digest_folder(folder) == first  # a touch is not a change
    (folder / "t.trf").write_text("012 B\n", encoding="utf-8")
    assert digest_folder(folder) != first
    (folder / "t.trf").rename(folder / "u.trf")
    assert digest_folder(folder) not in (first,)


def test_a_huge_input_file_is_hashed_without_being_read_into_memory(tmp_path: Path) -> None:
    # Issue 8: the build hashes every input before the reader refuses a file by its size.
    import tracemalloc

    folder = tmp_path / "open"
    folder.mkdir()
    with (folder / "t.trf").open("wb") as huge:
        huge.truncate(128 * 2**20)  # sparse: no disk space, but 128 MiB to read
    tracemalloc.start()
    try:
        digest_folder(folder)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 * 2**20, f"{peak / 2**20:.0f} MiB at the peak"


def test_the_program_digest_follows_the_templates(tmp_path: Path) -> None:
    (tmp_path / "base.html").write_text("a", encoding="utf-8")
    first = program_digest([tmp_path])
    assert program_digest([tmp_path]) == first
    (tmp_path / "base.html").write_text("b", encoding="utf-8")
    assert program_digest([tmp_path]) != first
