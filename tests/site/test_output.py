"""``standings build`` never loses a user's files (issue 8), generator/site/staging.py.

What build may replace (only a folder it made, or an empty one; never the events, the
templates or the project), leftovers of an older version's killed build cleaned up by the
next, failures of the system reported as one line with each page old or new, and no path of
the building machine in the published site. A build killed at any instant:
tests/site/test_killed_build.py and tests/site/test_inplace_build.py.

Tests run as root here, and root may write where ``chmod`` forbids it, so a missing
permission and a read-only or full disk are simulated by making the system call fail
(monkeypatch), and additionally, where the machine allows it, made real on a small or
read-only tmpfs inside a private mount namespace (``unshare --mount``).
"""

from __future__ import annotations

import errno
import fcntl
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from conftest import CORPUS_TRF, ROOT
from kit.forkkit import generator_in_a_fork
from kit.sitekit import make_event, read_tree

from generator.cli import main
from generator.site.build import build_site
from generator.site.cache import LEGACY_MANIFEST_NAME, MANIFEST_DIR, MANIFEST_NAME
from generator.site.inplace import JOURNAL_NAME
from generator.site.staging import MARKER_NAME, MARKER_TEXT


def run_build(*args: str) -> Result:
    return CliRunner().invoke(main, ["build", *args])


def snapshot(root: Path) -> dict[str, bytes | str]:
    """Every file (content), folder and link (target) under root: what must not change."""
    found: dict[str, bytes | str] = {}
    for path in sorted(root.rglob("*")):
        name = path.relative_to(root).as_posix()
        if path.is_symlink():
            found[name] = "-> " + os.readlink(path)
        elif path.is_dir():
            found[name] = "<folder>"
        else:
            found[name] = path.read_bytes()
    return found


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A club's repository: events/ (one small event) and a templates/ override."""
    repo = tmp_path / "repo"
    make_event(repo / "events", "anna", CORPUS_TRF / "seed-anna.trf", "title: Anna\n")
    (repo / "templates").mkdir()
    (repo / "templates" / "README").write_text("our own look\n")
    (repo / ".git").mkdir()
    (repo / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    return repo


def refused(result: Result, shown: str, *words: str) -> None:
    """Exit 1 with one line on stderr that names the output and says how to go on."""
    assert result.exit_code == 1, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{shown}: refusing to "), lines[0]
    assert "; expected " in lines[0] and "--out" in lines[0], lines[0]
    for word in words:
        assert word in lines[0], lines[0]
    assert "Traceback" not in result.output


# --- what build may replace -------------------------------------------------------------------


def test_a_folder_of_documents_is_not_replaced(project: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project)
    (project / "docs").mkdir()
    (project / "docs" / "minutes.txt").write_text("club meeting\n")
    before = snapshot(project.parent)
    refused(run_build("events", "--out", "docs"), "docs", "did not make", "empty")
    assert snapshot(project.parent) == before


def test_a_plain_file_is_not_replaced(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project)
    (project / "notes.txt").write_text("keep me\n")
    before = snapshot(project.parent)
    refused(run_build("events", "--out", "notes.txt"), "notes.txt", "a file")
    assert snapshot(project.parent) == before


def test_a_symbolic_link_is_not_replaced(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project)
    (project / "www").mkdir()
    (project / "site").symlink_to("www")
    before = snapshot(project.parent)
    refused(run_build("events", "--out", "site"), "site", "symbolic link")
    assert snapshot(project.parent) == before


@pytest.mark.parametrize(("where", "out", "words"), [
    ("repo", "events", ("is the events folder",)),
    ("repo", "events/site", ("inside the events folder",)),
    ("repo", "events/anna", ("inside the events folder",)),
    ("repo", "templates", ("is the templates folder",)),
    ("repo", "templates/site", ("inside the templates folder",)),
    ("repo", ".", ("holds the events folder",)),
    ("repo", "../repo", ("holds the events folder",)),
    ("repo", "..", ("holds the events folder",)),
    ("repo", "/", ("holds the events folder",)),
    ("above", ".", ("holds the events folder",)),
    ("above", "repo", ("holds the events folder",)),
])
def test_the_events_templates_and_project_are_refused(
        project: Path, monkeypatch: pytest.MonkeyPatch, where: str, out: str,
        words: tuple[str, ...]) -> None:
    monkeypatch.chdir(project if where == "repo" else project.parent)
    events = "events" if where == "repo" else "repo/events"
    before = snapshot(project.parent)
    refused(run_build(events, "--out", out), out, *words)
    assert snapshot(project.parent) == before


def test_the_current_folder_is_refused_even_without_events_in_it(
        project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    work = tmp_path / "work"
    (work / "drafts").mkdir(parents=True)
    monkeypatch.chdir(work / "drafts")
    before = snapshot(tmp_path)
    refused(run_build(str(project / "events"), "--out", ".."), "..", "the current folder")
    assert snapshot(tmp_path) == before


def test_a_templates_folder_that_does_not_exist_yet_is_refused(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A site built at templates/ would be read as the club's templates by the next build.
    shutil.rmtree(project / "templates")
    monkeypatch.chdir(project)
    refused(run_build("events", "--out", "templates"), "templates", "the templates folder")
    assert not (project / "templates").exists()


def test_an_empty_folder_and_a_site_build_made_are_replaced(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project)
    (project / "site").mkdir()
    assert run_build("events", "--out", "site").exit_code == 0
    assert (project / "site" / MARKER_NAME).read_bytes() == MARKER_TEXT
    (project / "events" / "anna" / "event.yml").write_text("title: Anna renamed\n")
    result = run_build("events", "--out", "site")
    assert result.exit_code == 0, result.output
    assert b"Anna renamed" in (project / "site" / "index.html").read_bytes()
    assert sorted(p.name for p in project.iterdir()) == [".git", "events", "site", "templates"]


def test_a_site_of_an_older_version_is_made_by_build(project: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # Before the marker, every `standings build` wrote .standings-cache.json (and only it
    # does): such a site is replaced; a folder with some other file of that name is not.
    monkeypatch.chdir(project)
    assert run_build("events", "--out", "site").exit_code == 0
    (project / "site" / MARKER_NAME).unlink()
    shutil.rmtree(project / "site" / MANIFEST_DIR)
    (project / "site" / LEGACY_MANIFEST_NAME).write_text('{"format": 2, "units": {}}\n')
    result = run_build("events", "--out", "site")
    assert result.exit_code == 0, result.output
    assert (project / "site" / MARKER_NAME).is_file()
    # Its manifest is not read (every page rendered again), and is gone.
    assert "reused" not in result.output
    assert not (project / "site" / LEGACY_MANIFEST_NAME).exists()

    (project / "mine").mkdir()
    (project / "mine" / LEGACY_MANIFEST_NAME).write_text("not our manifest\n")
    (project / "mine" / "letter.txt").write_text("dear members\n")
    before = snapshot(project / "mine")
    refused(run_build("events", "--out", "mine"), "mine", "did not make")
    assert snapshot(project / "mine") == before


def test_the_marker_is_fixed_text_and_builds_stay_identical(tmp_path: Path) -> None:
    events = tmp_path / "events"
    make_event(events, "anna", CORPUS_TRF / "seed-anna.trf")
    build_site(events, tmp_path / "one")
    build_site(events, tmp_path / "two")
    assert read_tree(tmp_path / "one") == read_tree(tmp_path / "two")
    assert read_tree(tmp_path / "one")[MARKER_NAME] == MARKER_TEXT
    assert str(tmp_path).encode() not in MARKER_TEXT


# --- leftovers of a killed build --------------------------------------------------------------


def small_build(tmp_path: Path, title: str) -> Path:
    """A build of one small event into tmp_path/site, its events beside it in tmp_path/events."""
    make_event(tmp_path / "events", "anna", CORPUS_TRF / "seed-anna.trf", f"title: {title}\n")
    build_site(tmp_path / "events", tmp_path / "site")
    return tmp_path / "site"


def test_leftovers_of_ours_are_removed_and_others_kept(tmp_path: Path) -> None:
    # Folders a killed build of an older version left beside the output (it staged the
    # whole site there, then swapped): the next build removes those it made.
    out = small_build(tmp_path, "Old")
    marked = tmp_path / ".site.staging-abc12345"
    (marked / "ev").mkdir(parents=True)
    (marked / "ev" / "index.html").write_text("half written")
    (marked / MARKER_NAME).write_bytes(MARKER_TEXT)
    (tmp_path / ".site.staging-empty000").mkdir()
    previous = tmp_path / ".site.previous-xyz98765"
    previous.mkdir()
    (previous / MARKER_NAME).write_bytes(MARKER_TEXT)
    foreign = tmp_path / ".site.staging-mine"
    foreign.mkdir()
    (foreign / "diary.txt").write_text("not the build's\n")
    small_build(tmp_path, "New")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.staging-mine", "events", "site"]
    assert b"New" in (out / "index.html").read_bytes()
    assert read_tree(foreign) == {"diary.txt": b"not the build's\n"}


def test_a_staging_folder_of_a_running_build_is_left_alone(tmp_path: Path) -> None:
    small_build(tmp_path, "Old")
    running = tmp_path / ".site.staging-running1"
    running.mkdir()
    (running / MARKER_NAME).write_bytes(MARKER_TEXT)
    descriptor = os.open(running, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)  # as the running build holds it
        small_build(tmp_path, "New")
        assert running.is_dir()
    finally:
        os.close(descriptor)
    small_build(tmp_path, "Newer")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["events", "site"]


def test_a_site_moved_aside_by_a_killed_swap_is_put_back(tmp_path: Path) -> None:
    # An older version's build killed between the two renames of its swap left no output
    # and the old site beside it: the next build puts it back before anything else, so
    # even a build that then fails leaves the old site in place.
    old = small_build(tmp_path, "Old")
    before = read_tree(old)
    old.rename(tmp_path / ".site.previous-abc12345")
    (tmp_path / "events" / "anna" / "event.yml").write_text("title: [unclosed\n")
    result = run_build(str(tmp_path / "events"), "--out", str(old))
    assert result.exit_code == 1, result.output
    assert read_tree(old) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["events", "site"]


def test_gitignore_covers_the_leftovers() -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    for name in (".site.staging-abc12345/", ".site.previous-abc12345/", "site/"):
        checked = subprocess.run(["git", "check-ignore", "-q", "--no-index", name], cwd=ROOT,
                                 check=False)
        assert checked.returncode == 0, name


# --- failures of the system ---------------------------------------------------------------------


@pytest.fixture
def built(tmp_path: Path) -> Iterator[tuple[Path, Path, dict[str, bytes]]]:
    events = tmp_path / "events"
    make_event(events, "anna", CORPUS_TRF / "seed-anna.trf", "title: Anna\n")
    out = tmp_path / "site"
    assert run_build(str(events), "--out", str(out)).exit_code == 0
    (events / "anna" / "event.yml").write_text("title: Anna again\n")  # something to write
    yield events, out, read_tree(out)


def failing_after(calls: int, function: Callable[..., object], code: int
                  ) -> Callable[..., object]:
    count = 0

    def fail(*args: object, **kwargs: object) -> object:
        nonlocal count
        count += 1
        if count > calls:
            raise OSError(code, os.strerror(code), str(args[0]))
        return function(*args, **kwargs)

    return fail


def one_line(result: Result, out: Path, words: str, *, in_place: bool = False) -> None:
    """One diagnostic naming the output, with what to do for the errors we know."""
    assert result.exit_code == 1, result.output
    fixes = {"no space left on the disk": "more free space, then build again",
             "the disk quota is used up": "more free space, then build again",
             "the file system is read-only": "--out on a writable disk",
             "no permission to write there": "--out in a folder you may write to"}
    expected = f"; expected {fixes[words]}" if words in fixes else ""
    state = ("each page is the previous one or the new one, and the next build completes "
             "the site") if in_place else "the previous site, if any, is unchanged"
    assert result.stderr.splitlines() == [
        f"{out}: cannot write the site: {words}; {state}{expected}"]
    assert "Traceback" not in result.output and "internal error" not in result.output


@pytest.mark.parametrize(("code", "words"), [
    (errno.ENOSPC, "no space left on the disk"),
    (errno.EDQUOT, "the disk quota is used up"),
    (errno.EIO, "input/output error"),
])
def test_a_full_disk_while_writing_leaves_whole_pages_and_the_next_build_completes(
        built: tuple[Path, Path, dict[str, bytes]], monkeypatch: pytest.MonkeyPatch,
        code: int, words: str) -> None:
    events, out, before = built
    monkeypatch.setattr(os, "write", failing_after(12, os.write, code))
    result = run_build(str(events), "--out", str(out))
    monkeypatch.undo()
    one_line(result, out, words, in_place=True)
    assert sorted(p.name for p in out.parent.iterdir()) == ["events", "site"]
    clean = out.parent / "clean"
    assert run_build(str(events), "--out", str(clean)).exit_code == 0
    after = read_tree(clean)
    for path, content in read_tree(out).items():  # each page the old one or the new one
        assert path == JOURNAL_NAME or content in (before.get(path), after.get(path)), path
    assert run_build(str(events), "--out", str(out)).exit_code == 0
    assert read_tree(out) == after


@pytest.mark.parametrize(("code", "words"), [
    (errno.EROFS, "the file system is read-only"),
    (errno.EACCES, "no permission to write there"),
    (errno.EPERM, "no permission to write there"),
])
def test_a_read_only_or_forbidden_output_keeps_the_old_site(
        built: tuple[Path, Path, dict[str, bytes]], monkeypatch: pytest.MonkeyPatch,
        code: int, words: str) -> None:
    # Every file is put in place by os.replace (generator/site/inplace.py): the first fails.
    events, out, before = built
    monkeypatch.setattr(os, "replace", failing_after(0, os.replace, code))
    result = run_build(str(events), "--out", str(out))
    monkeypatch.undo()
    one_line(result, out, words, in_place=True)
    assert {path: content for path, content in read_tree(out).items()
            if path != JOURNAL_NAME} == before


def test_an_output_under_a_file_is_one_line(tmp_path: Path) -> None:
    events = tmp_path / "events"
    make_event(events, "anna", CORPUS_TRF / "seed-anna.trf")
    (tmp_path / "notes.txt").write_text("keep\n")
    for out in (tmp_path / "notes.txt" / "site", tmp_path / "notes.txt" / "deeper" / "site"):
        result = run_build(str(events), "--out", str(out))
        assert result.exit_code == 1
        assert result.stderr.splitlines() == [
            f"{out}: cannot build the site here: part of the path is a file, not a folder; "
            "expected --out naming a folder"]
    assert (tmp_path / "notes.txt").read_text() == "keep\n"


def _unshare_available() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "--mount", "sh", "-c",
                            "mount -t tmpfs -o size=1m tmpfs /mnt"],
                           capture_output=True, check=False)
    return probe.returncode == 0


@pytest.mark.skipif(not _unshare_available(), reason="no private mount namespace here")
@pytest.mark.parametrize(("disk", "words"), [
    ("read-only", "the file system is read-only"),
    ("full", "no space left on the disk"),
])
def test_a_real_read_only_or_full_disk(tmp_path: Path, disk: str, words: str) -> None:
    # A tmpfs of its own, in a mount namespace that ends with the shell (nothing to undo).
    events = tmp_path / "events"
    make_event(events, "club", CORPUS_TRF / "synth-club-byes.trf")
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    build = f"{sys.executable} -m generator build {events} --out {mnt}/site"
    second = (f"mount -o remount,ro {mnt}" if disk == "read-only"
              # leave no room: a site written in place needs only its changed pages
              else f"dd if=/dev/zero of={mnt}/filler bs=4k count=$(stat -f -c %a {mnt})"
                   " 2>/dev/null")
    script = (f"set -e; mount -t tmpfs -o size=4m tmpfs {mnt}; {build} >/dev/null; "
              f"cp -a {mnt}/site {tmp_path}/before; "
              f"echo 'title: Changed' > {events}/club/event.yml; "
              f"{second}; set +e; {build}; echo \"status=$?\"; "
              f"diff -r {mnt}/site {tmp_path}/before && echo same; ls -a {mnt}")
    done = subprocess.run(["unshare", "--mount", "sh", "-c", script], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert f"{mnt}/site: cannot write the site: {words}" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert "status=1" in done.stdout, done.stdout
    listed = set(done.stdout.split())
    assert not any(name.startswith(".site.") for name in listed), listed


# --- the events folder: TRF files that are not files ---------------------------------------------


def _event_with(tmp_path: Path, make: Callable[[Path], None]) -> Path:
    folder = tmp_path / "events" / "anna"
    folder.mkdir(parents=True)
    make(folder / "tournament.trf")
    return folder


@pytest.mark.parametrize(("make", "message"), [
    (os.mkfifo, "cannot read: it is a named pipe (FIFO), not a file; expected a readable "
                "TRF file"),
    # A link is refused before what it points to is looked at (generator/files.py).
    (lambda path: path.symlink_to("/dev/zero"), "cannot read: it is a symbolic link to "
                                                "'/dev/zero', outside the project folder; "
                                                "expected the file itself in its place, not "
                                                "a symbolic link"),
    (lambda path: path.symlink_to("gone.trf"), "cannot read: it is a symbolic link (to "
                                               "'gone.trf'), and no input is read through a "
                                               "link; expected the file itself in its place, "
                                               "not a symbolic link"),
])
def test_a_trf_that_is_not_a_file_is_a_diagnostic_and_never_a_wait(
        tmp_path: Path, make: Callable[[Path], None], message: str) -> None:
    folder = _event_with(tmp_path, make)
    trf = folder / "tournament.trf"
    named = [["check", str(trf)], ["rank", str(trf)]] if trf.exists() else []  # not a link
    for command in (["check", str(tmp_path / "events")], ["check", str(folder)], *named,
                    ["build", str(tmp_path / "events"), "--out", str(tmp_path / "site")]):
        done = generator_in_a_fork(command, cwd=ROOT, timeout=60)
        assert done.returncode == 1, (command, done.stderr)
        # An event folder named on its own is the folder its files must stay in.
        said = done.stderr.replace("outside the event folder", "outside the project folder")
        assert f"{trf}: {message}" in said.splitlines(), (command, done.stderr)
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    assert not (tmp_path / "site").exists()


def test_a_trf_that_is_a_folder_is_named(tmp_path: Path) -> None:
    folder = _event_with(tmp_path, Path.mkdir)
    result = CliRunner().invoke(main, ["check", str(folder.parent)])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        f"{folder}: no .trf file in this event folder ('tournament.trf' is a folder, not a "
        "file); expected exactly one TRF file per event folder")
    for named in (folder, folder / "tournament.trf"):
        result = CliRunner().invoke(main, ["check", str(named)])
        assert result.exit_code == 1
        assert result.stderr.splitlines()[0] == (
            f"{folder}/tournament.trf: it is a folder, not a TRF file; expected the TRF file "
            "itself, or its event folder")


def test_an_unreadable_trf_is_a_diagnostic(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # As root, chmod 000 does not stop a read: the read itself is made to fail.
    from generator.reading import trf_event

    folder = make_event(tmp_path / "events", "anna", CORPUS_TRF / "seed-anna.trf")
    real = trf_event.read_input_file

    def forbidden(path: Path, *args: Any, **options: Any) -> bytes:
        if Path(path).suffix == ".trf":
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, *args, **options)

    monkeypatch.setattr(trf_event, "read_input_file", forbidden)
    result = run_build(str(tmp_path / "events"), "--out", str(tmp_path / "site"))
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{folder}/tournament.trf: cannot read: Permission denied; expected a readable TRF file"]
    assert not (tmp_path / "site").exists()


def test_a_pipe_in_the_built_site_does_not_hang_the_next_build(tmp_path: Path) -> None:
    events = tmp_path / "events"
    make_event(events, "anna", CORPUS_TRF / "seed-anna.trf")
    out = tmp_path / "site"
    assert run_build(str(events), "--out", str(out)).exit_code == 0
    for name in ("anna/index.html", MANIFEST_NAME):
        (out / name).unlink()
        os.mkfifo(out / name)
        done = generator_in_a_fork(["build", str(events), "--out", str(out)], cwd=ROOT,
                                   timeout=60)
        assert done.returncode == 0, done.stderr
        assert (out / name).is_file()


# --- standings rank | head --------------------------------------------------------------------


def test_a_closed_pipe_ends_rank_quietly(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from kit import trfgen

    trf = tmp_path / "big.trf"
    trf.write_text(trfgen.build_swiss(random.Random(1), 2000, 5).to_trf(), encoding="utf-8")
    for extra in ([], ["--format", "csv"], ["--format", "json"]):
        child = subprocess.Popen([sys.executable, "-m", "generator", "rank", str(trf), *extra],
                                 cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert child.stdout is not None and child.stderr is not None
        assert child.stdout.readline()  # what `head -1` reads, then it goes away
        child.stdout.close()
        errors = child.stderr.read().decode()
        child.stderr.close()
        # 141 (128 + SIGPIPE) when a write meets the closed pipe; a single large write that
        # the pipe cut short ends normally.
        assert child.wait(timeout=60) in (0, 141)
        assert "Traceback" not in errors and "BrokenPipe" not in errors
        assert "internal error" not in errors and "Exception ignored" not in errors


# --- no path of the machine in the published site --------------------------------------------


def test_the_site_holds_no_path_of_the_machine(tmp_path: Path) -> None:
    # An absolute events folder and a warning (Anna's points column says 4.5, her results
    # add up to 4.0): the warning's path used to end up in the published manifest.
    events = tmp_path / "club" / "events"
    folder = make_event(events, "anna", CORPUS_TRF / "seed-anna.trf")
    lines = (folder / "tournament.trf").read_text(encoding="utf-8").split("\n")
    lines[5] = lines[5][:80] + " 4.5" + lines[5][84:]
    (folder / "tournament.trf").write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "club" / "site"
    first = run_build(str(events), "--out", str(out))
    assert first.exit_code == 0 and "warning: points column says 4.5" in first.stderr
    machine = [str(tmp_path).encode(), str(ROOT).encode(), os.path.expanduser("~").encode()]
    for name, content in read_tree(out).items():
        for path in machine:
            assert path not in content, (name, path)
    again = run_build(str(events), "--out", str(out))
    assert "nothing written" in again.output
    # The warning counted, the events folder named as written.
    assert again.stderr == (f"{events}: note: 1 warning of 1 unchanged event, printed when it "
                            f"was last built, not repeated; expected 'standings check "
                            f"{events}' to list them\n")


def test_a_link_to_the_root_in_an_event_folder_does_not_walk_the_disk(tmp_path: Path) -> None:
    folder = make_event(tmp_path / "events", "anna", CORPUS_TRF / "seed-anna.trf")
    (folder / "everything").symlink_to("/")
    done = generator_in_a_fork(["build", str(tmp_path / "events"), "--out",
                                str(tmp_path / "site")], cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "anna" / "index.html").is_file()


@pytest.mark.parametrize("name", ["event.yml", "notes.md"])
@pytest.mark.parametrize("make", [os.mkfifo, Path.mkdir])
def test_settings_or_notes_that_are_not_files_are_reported(
        tmp_path: Path, name: str, make: Callable[[Path], None]) -> None:
    folder = make_event(tmp_path / "events", "anna", CORPUS_TRF / "seed-anna.trf")
    make(folder / name)
    done = generator_in_a_fork(["check", str(folder)], cwd=ROOT, timeout=60)
    kind = "a named pipe (FIFO)" if make is os.mkfifo else "a folder"
    assert done.returncode == 1, done.stderr
    assert done.stderr.splitlines()[0] == f"{folder}/{name}: cannot read: it is {kind}, not a file"
