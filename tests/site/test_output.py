"""``standings build`` never loses a user's files (issue 8), generator/site/staging.py.

What build may replace (only a folder it made, or an empty one; never the events, the
templates or the project), the swap surviving a ``kill -9`` at every step, leftovers of a
killed build cleaned up by the next, failures of the system reported as one line with the
old site intact, and no path of the building machine in the published site.

Tests run as root here, and root may write where ``chmod`` forbids it, so a missing
permission and a read-only or full disk are simulated by making the system call fail
(monkeypatch), and additionally, where the machine allows it, made real on a small or
read-only tmpfs inside a private mount namespace (``unshare --mount``).
"""

from __future__ import annotations

import errno
import fcntl
import functools
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from conftest import CORPUS_TRF, ROOT
from kit.forkkit import generator_in_a_fork
from kit.sitekit import make_event, read_tree

from generator.cli import main
from generator.errors import StandingsError
from generator.site import inplace
from generator.site import staging as output
from generator.site.build import StagedSite, build_site, write_site
from generator.site.cache import MANIFEST_NAME
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
    result = run_build("events", "--out", "site", "--clean")
    assert result.exit_code == 0, result.output
    assert (project / "site" / MARKER_NAME).is_file()

    (project / "mine").mkdir()
    (project / "mine" / MANIFEST_NAME).write_text("not our manifest\n")
    (project / "mine" / "letter.txt").write_text("dear members\n")
    before = snapshot(project / "mine")
    refused(run_build("events", "--out", "mine"), "mine", "did not make")
    assert snapshot(project / "mine") == before


def test_a_folder_swapped_in_during_the_build_is_not_replaced(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_site({"index.html": b"old"}, out)
    stage = StagedSite(out)
    stage.write({"index.html": b"new"})
    shutil.rmtree(out)
    out.mkdir()
    (out / "thesis.tex").write_text("years of work\n")
    with pytest.raises(StandingsError, match="did not make"):
        stage.commit({"index.html": b"new"})
    stage.discard()
    assert read_tree(out) == {"thesis.tex": b"years of work\n"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_the_marker_is_fixed_text_and_builds_stay_identical(tmp_path: Path) -> None:
    events = tmp_path / "events"
    make_event(events, "anna", CORPUS_TRF / "seed-anna.trf")
    build_site(events, tmp_path / "one")
    build_site(events, tmp_path / "two")
    assert read_tree(tmp_path / "one") == read_tree(tmp_path / "two")
    assert read_tree(tmp_path / "one")[MARKER_NAME] == MARKER_TEXT
    assert str(tmp_path).encode() not in MARKER_TEXT


# --- leftovers of a killed build --------------------------------------------------------------


def test_leftovers_of_ours_are_removed_and_others_kept(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_site({"index.html": b"old"}, out)
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
    write_site({"index.html": b"new"}, out)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.staging-mine", "site"]
    assert read_tree(foreign) == {"diary.txt": b"not the build's\n"}


def test_a_staging_folder_of_a_running_build_is_left_alone(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_site({"index.html": b"old"}, out)
    running = tmp_path / ".site.staging-running1"
    running.mkdir()
    (running / MARKER_NAME).write_bytes(MARKER_TEXT)
    descriptor = os.open(running, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)  # as the running build holds it
        write_site({"index.html": b"new"}, out)
        assert running.is_dir()
    finally:
        os.close(descriptor)
    write_site({"index.html": b"newer"}, out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_gitignore_covers_the_leftovers() -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    for name in (".site.staging-abc12345/", ".site.previous-abc12345/", "site/"):
        checked = subprocess.run(["git", "check-ignore", "-q", "--no-index", name], cwd=ROOT,
                                 check=False)
        assert checked.returncode == 0, name


# --- a kill -9 at every step of the swap -------------------------------------------------------

OLD = {"index.html": b"old index", "ev/index.html": b"old event", "ev/players/1.html": b"p1",
       "ev/players/2.html": b"p2", "static/style.css": b"old css"}
NEW = {"index.html": b"new index", "ev/index.html": b"new event", "ev/players/1.html": b"q1",
       "other/index.html": b"other", "static/style.css": b"new css"}
THIRD = {"index.html": b"third"}

# Counts the steps of the swap (renames, the exchange, removals) and kills itself with
# SIGKILL right after step K (K = 0: just before the swap begins). Run in a forked child:
# the patches stay in it, and no interpreter is started for each step.
def _write_and_die_at_step(out: Path, target: int, mode: str, files: dict[str, bytes]) -> None:
    steps = 0

    def step(function: Callable[..., object]) -> Callable[..., object]:
        def counted(*args: object, **kwargs: object) -> object:
            nonlocal steps
            result = function(*args, **kwargs)
            steps += 1
            if steps == target:
                os.kill(os.getpid(), signal.SIGKILL)
            return result
        return counted

    if mode == "two-renames":
        output._renameat2 = lambda: None  # type: ignore[assignment]
    swap_in = output.Stage.swap_in

    def swap_in_or_die(self: output.Stage, shown: object) -> object:
        if target == 0:
            os.kill(os.getpid(), signal.SIGKILL)
        return swap_in(self, shown)  # type: ignore[arg-type]

    output.Stage.swap_in = swap_in_or_die  # type: ignore[method-assign,assignment]
    output._exchange = step(output._exchange)  # type: ignore[assignment]
    for name in ("rename", "unlink", "rmdir"):
        setattr(os, name, step(getattr(os, name)))
    write_site(files, out)


def _forked(run: Callable[[], object]) -> int:
    """Start ``run`` in a forked child (the build as a process to kill, without starting
    an interpreter for it); its process id."""
    pid = os.fork()
    if pid == 0:  # the child never returns into pytest
        code = 0
        try:
            run()
        except BaseException:
            traceback.print_exc()
            code = 1
        finally:
            os._exit(code)
    return pid


def _in_a_child(run: Callable[[], object]) -> int:
    """Run ``run`` in a forked child; how it ended (minus the signal that ended it, or its
    exit code)."""
    _, status = os.waitpid(_forked(run), 0)
    return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)


def _with_marker(files: dict[str, bytes]) -> dict[str, bytes]:
    return {**files, MARKER_NAME: MARKER_TEXT}


@pytest.mark.parametrize("mode", ["exchange", "two-renames"])
def test_a_kill_at_every_step_of_the_swap_leaves_a_whole_site(tmp_path: Path, mode: str) -> None:
    if mode == "exchange" and not output._renameat2():
        pytest.skip("no renameat2 on this system")
    killed_at = []
    for target in range(40):
        root = tmp_path / str(target)
        root.mkdir()
        out = root / "site"
        write_site(OLD, out)
        ended = _in_a_child(functools.partial(_write_and_die_at_step, out, target, mode, NEW))
        if ended == 0:
            break
        assert ended == -signal.SIGKILL, ended
        killed_at.append(target)
        if mode == "exchange" or out.exists():
            assert read_tree(out) in (_with_marker(OLD), _with_marker(NEW)), target
        else:
            # Killed between the two renames: the next build, even one that fails,
            # first puts the old site back.
            with pytest.raises(ValueError):
                write_site({"../escape.html": b"x"}, out)
            assert read_tree(out) == _with_marker(OLD), target
        write_site(THIRD, out)
        assert read_tree(out) == _with_marker(THIRD)
        assert sorted(p.name for p in root.iterdir()) == ["site"], target
    else:
        pytest.fail("the swap never finished")
    assert len(killed_at) >= 5  # every step was tried: the exchange or renames, removals


def test_a_build_killed_at_random_instants_leaves_the_old_or_the_new_site(tmp_path: Path) -> None:
    events = tmp_path / "events"
    trf = CORPUS_TRF / "synth-club-byes.trf"
    titles = ["title: One\n", "title: Two\n"]
    sites = []
    for title in titles:  # the two sites a build may leave
        make_event(events, "club", trf, title)
        reference = tmp_path / f"reference-{len(sites)}"
        assert run_build(str(events), "--out", str(reference)).exit_code == 0
        sites.append(read_tree(reference))
    out = tmp_path / "site"
    make_event(events, "club", trf, titles[0])
    assert run_build(str(events), "--out", str(out)).exit_code == 0
    rng = random.Random(8)
    for attempt in range(6):
        current = read_tree(out)
        make_event(events, "club", trf, titles[(attempt + 1) % 2])
        child = _forked(functools.partial(run_build, str(events), "--out", str(out)))
        time.sleep(rng.uniform(0.01, 0.5))
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        # Written in place (inplace.py): a build killed while it writes leaves each page
        # old or new, its journal, and the file it was writing under a temporary name.
        left = {path: content for path, content in read_tree(out).items()
                if path != JOURNAL_NAME and not path.endswith(inplace._NEW_SUFFIX)}
        for path, content in left.items():
            assert content in (current.get(path), sites[(attempt + 1) % 2].get(path)), path
        result = run_build(str(events), "--out", str(out))
        assert result.exit_code == 0, result.output
        assert read_tree(out) == sites[(attempt + 1) % 2]
        assert sorted(p.name for p in tmp_path.iterdir()) == [
            "events", "reference-0", "reference-1", "site"]


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


def test_a_failed_swap_keeps_the_old_site(built: tuple[Path, Path, dict[str, bytes]],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, before = built
    monkeypatch.setattr(output, "_exchange", failing_after(0, output._exchange, errno.EACCES))
    with pytest.raises(StandingsError, match="no permission to write there"):
        write_site({**before, "index.html": b"new"}, out)  # the swap is write_site's now
    monkeypatch.undo()
    assert read_tree(out) == before
    assert sorted(p.name for p in out.parent.iterdir()) == ["events", "site"]


def test_a_failed_second_rename_puts_the_old_site_back(
        built: tuple[Path, Path, dict[str, bytes]], monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, before = built
    monkeypatch.setattr(output, "_renameat2", lambda: None)
    renames = failing_after(1, os.rename, errno.EIO)
    real_rename = os.rename

    def rename(source: object, target: object) -> None:
        if Path(str(source)).name.startswith(".site.previous-"):
            real_rename(source, target)  # putting the old site back works
        else:
            renames(source, target)

    monkeypatch.setattr(os, "rename", rename)
    with pytest.raises(StandingsError, match="input/output error"):
        write_site({**before, "index.html": b"new"}, out)  # the swap is write_site's now
    monkeypatch.undo()
    assert read_tree(out) == before


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
    from generator.reading import events as events_module

    folder = make_event(tmp_path / "events", "anna", CORPUS_TRF / "seed-anna.trf")
    real = events_module.read_input_file

    def forbidden(path: Path, *args: Any, **options: Any) -> bytes:
        if Path(path).suffix == ".trf":
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, *args, **options)

    monkeypatch.setattr(events_module, "read_input_file", forbidden)
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
    assert again.stderr == first.stderr  # the warning, replayed with its path as written


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
