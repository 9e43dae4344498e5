"""``standings build`` reusing its last build, with the real reader, engine and templates.

The cache must never make a build differ from a clean one: each test compares a cached build
with a ``--clean`` build of the same inputs, every file byte for byte (the manifest
included), and checks that a build with nothing changed writes nothing at all.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from kit.sitekit import read_tree as tree

from generator.cli import main
from generator.reading.event_listing import event_paths
from generator.site.cache import MANIFEST_DIR, MANIFEST_NAME

ROOT = Path(__file__).resolve().parents[2]


def build(events: Path, out: Path, *extra: str) -> str:
    result = CliRunner().invoke(main, ["build", str(events), "--out", str(out), *extra])
    assert result.exit_code == 0, result.output
    return result.output


def stamps(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*"))}


def page_stamps(folder: Path) -> dict[str, tuple[int, int]]:
    """:func:`stamps` but the manifest's folder, where a build that finds nothing changed
    writes the record of its inputs again when it had to hash a file or list a folder to
    know it (this machine's times, cache.py INPUTS_NAME): never a page."""
    return page_stamps_of(stamps(folder))


def page_stamps_of(found: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    return {path: stamp for path, stamp in found.items() if not path.startswith(MANIFEST_DIR)}


def copy_examples(tmp_path: Path) -> Path:
    events = tmp_path / "club" / "events"
    shutil.copytree(ROOT / "events", events)
    return events


@pytest.fixture(scope="module")
def built_examples(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A club folder of the examples (``events/``) and their first build (``site/``), made
    once: each test below that starts from that build takes a copy of the folder. The cache
    keeps names and contents, never where they are, so the copy is as up to date as the
    build left it (and a test that then finds it out of date fails)."""
    club = tmp_path_factory.mktemp("examples") / "club"
    build(copy_examples(club.parent), club / "site")
    return club


def copy_built_examples(built: Path, tmp_path: Path) -> tuple[Path, Path]:
    """A copy of built_examples in ``tmp_path / "club"``: its events folder and its site."""
    club = tmp_path / "club"
    shutil.copytree(built, club, symlinks=True)
    return club / "events", club / "site"


def test_nothing_changed_means_nothing_written(built_examples: Path, tmp_path: Path) -> None:
    events, out = copy_built_examples(built_examples, tmp_path)
    before, folder = stamps(out), out.stat().st_ino
    output = build(events, out)
    assert "is up to date, nothing written" in output
    assert page_stamps(out) == page_stamps_of(before) and out.stat().st_ino == folder
    assert sorted(p.name for p in out.parent.iterdir()) == ["events", "site"]
    # The copy's folders had to be listed once (new inodes): not again.
    recorded = stamps(out)
    assert "is up to date, nothing written" in build(events, out)
    assert stamps(out) == recorded


def test_builds_reusing_the_cache_equal_a_clean_build(built_examples: Path,
                                                     tmp_path: Path) -> None:
    events, cached = copy_built_examples(built_examples, tmp_path)
    clean = tmp_path / "clean"
    build(events, cached)  # nothing changed
    # One event changes (its title), one is removed: the rest is reused.
    settings = events / "anna-club-2026" / "event.yml"
    text = settings.read_text(encoding="utf-8")
    assert "title:" in text
    settings.write_text(text.replace("title:", "title: Renamed -", 1), encoding="utf-8")
    shutil.rmtree(events / "alekhin-memorial")
    output = build(events, cached)
    reused = len(event_paths(events, [])) - 1  # all but Anna's (a festival's sections each)
    assert f"{reused} unchanged event{'s' if reused != 1 else ''} reused" in output
    build(events, clean, "--clean")
    assert tree(cached) == tree(clean)
    assert MANIFEST_NAME in tree(clean)
    assert not any(b"__standings__" in content for content in tree(clean).values())
    assert b"Renamed -" in tree(cached)["anna-club-2026/index.html"]
    assert not any(path.startswith("alekhin-memorial/") for path in tree(cached))


def test_a_club_template_change_renders_everything_again(built_examples: Path,
                                                        tmp_path: Path) -> None:
    events, cached = copy_built_examples(built_examples, tmp_path)
    override = tmp_path / "club" / "templates"
    override.mkdir()
    base = (ROOT / "templates" / "base.html").read_text(encoding="utf-8")
    assert "</body>" in base
    (override / "base.html").write_text(base.replace("</body>", "<p>Our club</p></body>"),
                                        encoding="utf-8")
    output = build(events, cached)
    assert "reused" not in output
    changed = tree(cached)
    assert b"<p>Our club</p>" in changed["gros-open-2010/index.html"]
    # --clean over that very site (up to date: it would write nothing) renders everything
    # and gives the same site: the pages the template change rendered are a clean build's.
    output = build(events, cached, "--clean")
    assert "nothing written" not in output and "reused" not in output
    assert tree(cached) == changed


def test_warnings_and_strict_are_the_same_when_nothing_changed(tmp_path: Path) -> None:
    # Anna's points column (cols 81-84 of her 001 line, line 6) says 4.5; her results in
    # tests/corpus/trf/seed-anna.trf add up to 4.0: a warning, fatal with --strict.
    events = tmp_path / "events"
    (events / "anna").mkdir(parents=True)
    lines = (ROOT / "tests" / "corpus" / "trf" / "seed-anna.trf").read_text(
        encoding="utf-8").split("\n")
    assert lines[5][80:84] == " 4.0"
    lines[5] = lines[5][:80] + " 4.5" + lines[5][84:]
    (events / "anna" / "tournament.trf").write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "site"
    runner = CliRunner()
    clean = runner.invoke(main, ["build", str(events), "--out", str(out)])
    cached = runner.invoke(main, ["build", str(events), "--out", str(out)])
    assert clean.exit_code == cached.exit_code == 0
    assert "nothing written" in cached.output
    warning = f"{events}/anna/tournament.trf:6:81: warning: points column says 4.5"
    counted = f"{events}: note: 1 warning of 1 unchanged event, printed when it was last built"
    assert warning in clean.stderr and warning not in cached.stderr
    assert counted not in clean.stderr and counted in cached.stderr
    strict_cached = runner.invoke(main, ["build", str(events), "--out", str(out), "--strict"])
    strict_clean = runner.invoke(main, ["build", str(events), "--out", str(out), "--strict",
                                        "--clean"])
    assert strict_cached.exit_code == strict_clean.exit_code == 1
    assert strict_cached.stderr == strict_clean.stderr
    assert f"{events}/anna/tournament.trf:6:81: points column says 4.5" in strict_clean.stderr


def test_a_lone_trf_file_is_rebuilt_when_it_changes(tmp_path: Path) -> None:
    # Building from one TRF file (not a folder) once reused stale pages after an edit:
    # the cache named the event by the file's name, the reader by its folder's.
    events = copy_examples(tmp_path)
    trf = events / "anna-club-2026" / "tournament.trf"
    out, clean = tmp_path / "site", tmp_path / "clean"
    build(trf, out)
    lines = trf.read_text(encoding="utf-8").splitlines(keepends=True)
    title = next(i for i, line in enumerate(lines) if line.startswith("012 "))
    lines[title] = "012 Renamed Club Championship\n"
    trf.write_text("".join(lines), encoding="utf-8")
    build(trf, out)
    build(trf, clean, "--clean")
    assert tree(out) == tree(clean)
    assert any(b"Renamed Club Championship" in content for content in tree(out).values())


def test_a_rank_column_that_disagrees_is_a_warning_of_every_build(tmp_path: Path) -> None:
    # Issue 9: the publishing workflow builds with --strict, so a rank column (cols 86-89 of
    # the 001 line) that disagrees with the computed standings must stop it. Anna (line 6 of
    # tests/corpus/trf/seed-anna.trf) is first on 4 points; the file is made to say 2.
    events = tmp_path / "events"
    (events / "anna").mkdir(parents=True)
    lines = (ROOT / "tests" / "corpus" / "trf" / "seed-anna.trf").read_text(
        encoding="utf-8").split("\n")
    assert lines[5][85:89] == "   1"
    lines[5] = lines[5][:85] + "   2" + lines[5][89:]
    trf = events / "anna" / "tournament.trf"
    trf.write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "site"
    runner = CliRunner()
    warning = f"{trf}:6:86: warning: the file ranks player 1 (Anna) 2"
    strict = runner.invoke(main, ["build", str(events), "--out", str(out), "--strict"])
    assert strict.exit_code == 1
    assert f"{trf}:6:86: the file ranks player 1 (Anna) 2" in strict.stderr
    assert not out.exists()
    clean = runner.invoke(main, ["build", str(events), "--out", str(out)])
    assert clean.exit_code == 0 and warning in clean.stderr
    cached = runner.invoke(main, ["build", str(events), "--out", str(out)])
    assert cached.exit_code == 0 and "nothing written" in cached.output
    counted = f"{events}: note: 1 warning of 1 unchanged event, printed when it was last built"
    assert warning not in cached.stderr and counted in cached.stderr
    strict_cached = runner.invoke(main, ["build", str(events), "--out", str(out), "--strict"])
    assert strict_cached.exit_code == 1 and strict_cached.stderr == strict.stderr
    # Another event changed: anna's pages are reused, and her warning counted with them;
    # --strict refuses it all the same, in full.
    shutil.copytree(ROOT / "events" / "alekhin-memorial", events / "alekhin-memorial")
    reused = runner.invoke(main, ["build", str(events), "--out", str(out)])
    assert reused.exit_code == 0 and warning not in reused.stderr and counted in reused.stderr
    (events / "alekhin-memorial" / "notes.md").write_text("Changed.\n", encoding="utf-8")
    strict_reused = runner.invoke(main, ["build", str(events), "--out", str(out), "--strict"])
    strict_reused_clean = runner.invoke(main, ["build", str(events), "--out", str(out),
                                               "--strict", "--clean"])
    assert strict_reused.exit_code == strict_reused_clean.exit_code == 1
    assert strict_reused.stderr == strict_reused_clean.stderr
    assert f"{trf}:6:86: the file ranks player 1 (Anna) 2" in strict_reused.stderr


def _project_with_a_warning(root: Path) -> Path:
    """Two small examples, site.yml and a club template beside them, and an event whose
    points column disagrees with its results (a warning the cache must replay)."""
    events = root / "events"
    for example in ("alekhin-memorial", "anna-club-2026"):
        shutil.copytree(ROOT / "events" / example, events / example)
    (root / "site.yml").write_text("title: Club results\n", encoding="utf-8")
    (root / "templates").mkdir()
    shutil.copyfile(ROOT / "templates" / "base.html", root / "templates" / "base.html")
    lines = (ROOT / "tests" / "corpus" / "trf" / "seed-anna.trf").read_text(
        encoding="utf-8").split("\n")
    lines[5] = lines[5][:80] + " 4.5" + lines[5][84:]  # her results add up to 4.0
    (events / "anna").mkdir()
    (events / "anna" / "tournament.trf").write_text("\n".join(lines), encoding="utf-8")
    return events


def test_the_same_folder_under_another_spelling_is_the_same_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 29: the key took the events folder as written, so "events" after the absolute
    # path (or after "./events/") rendered every event again, nothing having changed.
    _project_with_a_warning(tmp_path)
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    first = runner.invoke(main, ["build", "events", "--out", "site"])
    assert first.exit_code == 0, first.output
    before = stamps(tmp_path / "site")
    for spelling, shown in ((str(tmp_path / "events"), str(tmp_path / "events")),
                            ("./events/", "events"),
                            (f"../{tmp_path.name}/events", f"../{tmp_path.name}/events")):
        again = runner.invoke(main, ["build", spelling, "--out", "site"])
        assert again.exit_code == 0, again.output
        assert "nothing written" in again.output, spelling
        assert page_stamps(tmp_path / "site") == page_stamps_of(before)
        # The warning counted names the folder in that spelling, as a clean build does.
        clean = runner.invoke(main, ["build", spelling, "--out", "clean", "--clean"])
        assert f"{shown}/anna/tournament.trf:6:81: warning" in clean.stderr
        assert again.stderr.startswith(f"{shown}: note: 1 warning of 1 unchanged event")
        shutil.rmtree(tmp_path / "clean")
    # A change renders that event only, whatever the spelling of the last build.
    notes = tmp_path / "events" / "alekhin-memorial" / "notes.md"
    notes.write_text(notes.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    changed = runner.invoke(main, ["build", str(tmp_path / "events"), "--out", "site"])
    assert changed.exit_code == 0, changed.output
    events = len(event_paths(tmp_path / "events", []))
    assert f"; {events - 1} unchanged events reused" in changed.output


def test_two_copies_of_a_project_build_the_same_manifest(tmp_path: Path) -> None:
    # Issue 22: the digest took the absolute paths of the club's templates and site.yml, so
    # the same files built in two folders gave two different .standings-cache.json.
    manifests = []
    for copy in ("a", "b/deeper"):
        events = _project_with_a_warning(tmp_path / copy)
        build(events, tmp_path / copy / "site")
        manifests.append((tmp_path / copy / "site" / MANIFEST_NAME).read_bytes())
    assert manifests[0] == manifests[1]
    assert str(tmp_path).encode() not in manifests[0]


def test_a_festival_section_is_the_unit_of_change(built_examples: Path, tmp_path: Path) -> None:
    # Issue 27: editing one section's file renders that section and the pages outside the
    # events' folders (the festival's among them), and reuses every other section's pages.
    events, cached = copy_built_examples(built_examples, tmp_path)
    festival = events / "bunratty-2011"
    assert (festival / "festival.yml").is_file()
    before = tree(cached)
    trf = festival / "challengers" / "tournament.trf"
    trf.write_bytes(trf.read_bytes().replace(b"022 Bunratty", b"022 Bunratty Castle"))
    output = build(events, cached)
    reused = len(event_paths(events, [])) - 1
    assert f"; {reused} unchanged events reused" in output
    after = tree(cached)
    assert after["bunratty-2011/challengers/challengers.trf"] != before[
        "bunratty-2011/challengers/challengers.trf"]
    assert after["bunratty-2011/bunratty-2011-trf.zip"] != before[
        "bunratty-2011/bunratty-2011-trf.zip"]
    clean = tmp_path / "clean"
    build(events, clean, "--clean")
    assert tree(cached) == tree(clean)
    # festival.yml is every section's input: a change to it renders them all again.
    settings = festival / "festival.yml"
    settings.write_text(settings.read_text(encoding="utf-8").replace(
        "place: Bunratty, Co. Clare", "place: Bunratty"), encoding="utf-8")
    output = build(events, cached)
    sections = [folder for folder in festival.iterdir() if folder.is_dir()]
    assert f"{reused + 1 - len(sections)} unchanged events reused" in output


def test_the_events_reused_are_counted_without_the_series(tmp_path: Path) -> None:
    # The example series counts the blitz evenings; a change to another event reuses the
    # series' pages too, which are no event: the line counts the events alone.
    events = copy_examples(tmp_path)
    shutil.copytree(ROOT / "series", events.parent / "series")
    out = events.parent / "site"
    build(events, out)
    assert (out / "series").is_dir()
    settings = events / "gros-open-2010" / "event.yml"
    settings.write_text(settings.read_text(encoding="utf-8") + "# touched\n", encoding="utf-8")
    output = build(events, out)
    assert f"; {len(event_paths(events, [])) - 1} unchanged events reused" in output


@pytest.mark.skipif(os.name != "posix", reason="a file name of bytes, as POSIX allows")
def test_a_file_name_no_utf_8_writes_is_digested_and_recorded(tmp_path: Path) -> None:
    # A file of an event folder whose name is bytes the file system's encoding does not
    # decode (Python keeps it with a lone surrogate): once, the digest of the folder failed
    # on it and the build stopped with an internal error.
    events = tmp_path / "events"
    shutil.copytree(ROOT / "events" / "alekhin-memorial", events / "alekhin-memorial")
    odd = os.path.join(os.fsencode(events / "alekhin-memorial"), b"scan-\xff.txt")
    with open(odd, "wb") as file:
        file.write(b"not an input the pages show")
    out = tmp_path / "site"
    runner = CliRunner()
    first = runner.invoke(main, ["build", str(events), "--out", str(out)])
    assert first.exit_code == 0, first.output
    again = runner.invoke(main, ["build", str(events), "--out", str(out)])
    assert again.exit_code == 0, again.output
    assert "up to date, nothing written" in again.output
    with open(odd, "ab") as file:  # changed: its event is read and rendered again
        file.write(b"!")
    changed = runner.invoke(main, ["build", str(events), "--out", str(out)])
    assert changed.exit_code == 0, changed.output
    assert "nothing written" not in changed.output
