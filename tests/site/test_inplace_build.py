"""The site written in place (issue 26, generator/site/inplace.py): an incremental build equals a
clean one, a build killed at any step of its writing is completed by the next (killed at
random instants, with its render workers: tests/site/test_killed_build.py), two builds never
interleave their writes, and an unchanged event's files are known unchanged without being
opened.

Builds run in this process (``standings build``'s ``prepare_cache`` + ``build_site``, one
process: no render workers), and a build to kill runs in a forked child that kills itself
after its K-th step of writing (a file replaced or removed), so where the kill lands is
chosen, not timed.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import os
import random
import signal
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kit.sitekit import read_tree
from kit.trfgen import generate_swiss, with_player_field

from generator.errors import StandingsError
from generator.site import file_replace, inplace, input_digest
from generator.site.build import build_site, prepare_cache
from generator.site.cache import INPUTS_PATH
from generator.site.inplace import JOURNAL_NAME
from generator.site.input_record import RACY_NANOSECONDS


def build(events: Path, out: Path, *, clean: bool = False) -> None:
    build_site(events, out, cache=prepare_cache(events, out, clean=clean), workers=1)


def clean_tree(events: Path, scratch: Path) -> dict[str, bytes]:
    out = scratch / "clean-site"
    with contextlib.suppress(FileNotFoundError):
        _remove(out)
    build(events, out, clean=True)
    return dict(read_tree(out))


def _remove(folder: Path) -> None:
    for path in sorted(folder.rglob("*"), key=lambda p: -len(p.parts)):
        path.rmdir() if path.is_dir() and not path.is_symlink() else path.unlink()
    folder.rmdir()


SHARED = [("Shared, Ana", "1000001"), ("Shared, Bo", "1000002"), ("Shared, Cy", "1000003")]
"""People who play in several events (their own pages list each), two in every event."""


def put_event(events: Path, slug: str, seed: int, title: str | None = None) -> None:
    folder = events / slug
    folder.mkdir(parents=True, exist_ok=True)
    trf = generate_swiss(6 + seed % 5, 3, seed=seed)
    people = {1: SHARED[seed % 3], 2: SHARED[(seed + 1) % 3]}
    trf = with_player_field(trf, {n: name for n, (name, _) in people.items()},
                            first_column=15, width=33)
    trf = with_player_field(trf, {n: fide_id.rjust(11) for n, (_, fide_id) in people.items()},
                            first_column=58, width=11)
    (folder / "tournament.trf").write_text(trf, encoding="utf-8")
    (folder / "event.yml").write_text(f"title: {title or slug.title()}\n", encoding="utf-8")


# --- random sequences of changes -----------------------------------------------------------

Change = tuple[str, int, int]
"""(what, which event by its number among those there, a seed or a title's number)."""

changes = st.lists(st.tuples(st.sampled_from(["title", "results", "add", "delete", "rename",
                                              "series"]),
                             st.integers(0, 5), st.integers(0, 40)), min_size=1, max_size=3)

SERIES = """title: Season
events: [{events}]
points: {{places: [10, 8, 6, 5, 4, 3, 2, 1]}}
ties: tiebreaks
best: {best}
"""
"""A series over some of the events (issue 28): a unit of the build of its own."""


def put_series(events: Path, number: int) -> None:
    """The series file beside ``events``, as ``number`` makes it: removed, or naming the
    spring event and the events added (a glob), or the autumn one, counting 1 to 3 best."""
    path = events.parent / "series" / "season.yml"
    if number % 4 == 0:
        path.unlink(missing_ok=True)
        return
    path.parent.mkdir(exist_ok=True)
    named = "spring*, event-*" if number % 2 else "autumn*"
    path.write_text(SERIES.format(events=named, best=number % 3 + 1), encoding="utf-8")


def apply(events: Path, change: Change) -> None:
    what, which, number = change
    if what == "series":
        put_series(events, number)
        return
    present = sorted(p.name for p in events.iterdir())
    # The last event is never deleted: a build of no events is refused, a clean one too.
    if what == "add" or not present or (what == "delete" and len(present) == 1):
        put_event(events, f"event-{number}-{len(present)}", number)
        return
    slug = present[which % len(present)]
    if what == "title":
        (events / slug / "event.yml").write_text(f"title: Title {number}\n", encoding="utf-8")
    elif what == "results":
        put_event(events, slug, number)
    elif what == "delete":
        _remove(events / slug)
    else:
        (events / slug).rename(events / f"{slug}-r{number}")


def _as_if_long_ago(events: Path, number: int) -> None:
    """What changed in the last minute set an hour back (a minute more each step): its
    stamps are then trusted, so that a build keeps the events folder's listing where it
    can (site/inputs_now.py); a time of the last two seconds has it listed again."""
    now = time.time_ns()
    then = now - (3600 + 60 * number) * 1_000_000_000
    for path in [*events.rglob("*"), events]:
        if path.lstat().st_mtime_ns > now - 60 * 1_000_000_000:
            os.utime(path, ns=(then, then), follow_symlinks=False)


# CI-sized: three sequences of up to three changes (a build each, and a clean one to
# compare); ``--examples N`` for a longer run.
def test_incremental_builds_equal_a_clean_build_after_any_changes(
        request: pytest.FixtureRequest) -> None:
    @settings(max_examples=request.config.getoption("--examples") or 3, deadline=None,
              derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(steps=changes)
    def builds(steps: list[Change]) -> None:
        with tempfile.TemporaryDirectory() as scratch:
            root = Path(scratch)
            events, out = root / "events", root / "site"
            put_event(events, "spring", 1)
            put_event(events, "autumn", 2)
            put_series(events, 1)
            build(events, out)
            for number, step in enumerate(steps):
                apply(events, step)
                if number % 2 == 0:
                    _as_if_long_ago(events, number)
                build(events, out)
                assert read_tree(out) == clean_tree(events, root), step
                assert not (out / JOURNAL_NAME).exists()

    builds()


# --- a kill at any instant -------------------------------------------------------------------


def _build_and_die_at_step(events: Path, out: Path, target: int) -> None:
    """In a forked child: the build, killed right after its ``target``-th write or removal
    (0: as soon as it holds the lock)."""
    steps = 0

    def counted(function: Callable[..., object]) -> Callable[..., object]:
        def step(*args: object, **kwargs: object) -> object:
            nonlocal steps
            result = function(*args, **kwargs)
            steps += 1
            if steps >= target:
                os.kill(os.getpid(), signal.SIGKILL)
            return result
        return step

    os.replace = counted(os.replace)  # type: ignore[assignment]
    os.unlink = counted(os.unlink)  # type: ignore[assignment]
    os.link = counted(os.link)  # type: ignore[assignment]
    build(events, out)


def _in_a_child(run: Callable[[], object]) -> int:
    """Run ``run`` in a forked child; minus the signal that ended it, or its exit code."""
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
    _, status = os.waitpid(pid, 0)
    return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)


def test_a_build_killed_at_random_steps_is_completed_by_the_next(tmp_path: Path) -> None:
    """Killed after a random step, then built again: with the same inputs, or with the change
    undone (the killed build's new pages are then the ones to replace: only the journal says
    which they are, as the manifest still describes the old ones)."""
    events, out = tmp_path / "events", tmp_path / "site"

    def inputs(north: int, west: int | None) -> None:
        put_event(events, "north", north)
        put_event(events, "south", 2)
        if west is None:
            with contextlib.suppress(FileNotFoundError):
                _remove(events / "west")
        else:
            put_event(events, "west", west)

    finished = (1, 3)
    inputs(*finished)
    build(events, out)
    last = dict(read_tree(out))
    rng = random.Random(26)
    for attempt in range(4):
        # A result changed, an event added or removed: pages written, others removed.
        changed = (10 + attempt, None if attempt % 2 else 20 + attempt)
        inputs(*changed)
        expected = clean_tree(events, tmp_path)
        target = rng.randint(0, 40)
        status = _in_a_child(functools.partial(_build_and_die_at_step, events, out, target))
        assert status in (-signal.SIGKILL, 0), status
        # Each page either as the last finished build wrote it or as this one would.
        for path, content in read_tree(out).items():
            if path != JOURNAL_NAME:
                assert content in (last.get(path), expected.get(path)), (path, target)
        if rng.random() < 0.5:
            inputs(*finished)  # undone
            expected = clean_tree(events, tmp_path)
        else:
            finished = changed
        build(events, out)
        assert read_tree(out) == expected, (attempt, target)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["clean-site", "events", "site"]
        last = expected


def test_a_first_build_killed_at_random_steps_is_completed_by_the_next(tmp_path: Path) -> None:
    """Killed while it writes a site into a folder it made (each file made without a name
    and linked whole, inplace._link_new_file): every file there is whole, no temporary is
    left, and the next build, which finds the folder, completes it from the journal."""
    events, out = tmp_path / "events", tmp_path / "site"
    put_event(events, "north", 4)
    put_event(events, "south", 5)
    expected = clean_tree(events, tmp_path)
    rng = random.Random(25)
    for attempt in range(4):
        target = rng.randint(1, 40)
        status = _in_a_child(functools.partial(_build_and_die_at_step, events, out, target))
        assert status == -signal.SIGKILL, (attempt, target)
        for path, content in read_tree(out).items():
            if path != JOURNAL_NAME:
                assert content == expected.get(path), (path, target)
        build(events, out)
        assert read_tree(out) == expected, (attempt, target)
        _remove(out)


# --- two builds at once ----------------------------------------------------------------------


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        yield
    finally:
        os.close(descriptor)


def stamps(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_mtime_ns, p.stat().st_ino)
            for p in sorted(folder.rglob("*"))}


def test_a_second_build_while_one_writes_refuses_and_writes_nothing(tmp_path: Path) -> None:
    events, out = tmp_path / "events", tmp_path / "site"
    put_event(events, "club", 3)
    build(events, out)
    put_event(events, "club", 4)  # something to write
    before = stamps(out)
    # A build writing this site holds this lock (inplace.py).
    with locked(out), pytest.raises(StandingsError) as caught:
        build(events, out)
    assert str(caught.value) == (
        f"{out}: another 'standings build' is writing this site; this one wrote nothing; "
        "expected the other build finished first, then this one again")
    assert stamps(out) == before
    build(events, out)
    assert read_tree(out) == clean_tree(events, tmp_path)


def test_two_builds_started_at_once_never_interleave(tmp_path: Path) -> None:
    """The first build stops after its first file replaced, until the second has tried; the
    second refuses; the first then finishes a whole site."""
    events, out = tmp_path / "events", tmp_path / "site"
    for number in range(3):
        put_event(events, f"event-{number}", number + 1)
    build(events, out)
    for number in range(3):
        put_event(events, f"event-{number}", number + 11)
    expected = clean_tree(events, tmp_path)
    paused, go_on = os.pipe(), os.pipe()

    def first_build() -> None:
        replace = os.replace
        told = False

        def pausing(*args: object, **kwargs: object) -> None:
            nonlocal told
            replace(*args, **kwargs)  # type: ignore[arg-type]
            if not told:
                told = True
                os.write(paused[1], b"x")
                os.read(go_on[0], 1)

        os.replace = pausing  # type: ignore[assignment]
        build(events, out)

    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            first_build()
        except BaseException:
            traceback.print_exc()
            code = 1
        finally:
            os._exit(code)
    try:
        assert os.read(paused[0], 1) == b"x"  # the first build is writing
        with pytest.raises(StandingsError, match="another 'standings build' is writing"):
            build(events, out)
    finally:
        os.write(go_on[1], b"x")
        _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    assert read_tree(out) == expected


# --- an unchanged event is not opened ------------------------------------------------------


def test_an_unchanged_event_is_known_by_its_sizes_and_times(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events, out = tmp_path / "events", tmp_path / "site"
    put_event(events, "club", 5)
    put_event(events, "open", 6)
    past = (os.stat(events).st_mtime_ns - 10 * RACY_NANOSECONDS)
    for path in events.rglob("*"):
        os.utime(path, ns=(past, past))
    build(events, out)
    assert (out / INPUTS_PATH).is_file()
    opened: list[str] = []
    open_regular_file = input_digest.open_regular_file

    def watched(path: Path) -> object:
        opened.append(os.fspath(path))
        return open_regular_file(path)

    monkeypatch.setattr(input_digest, "open_regular_file", watched)
    prepared = prepare_cache(events, out)
    assert not [path for path in opened if path.startswith(os.fspath(events))]
    assert prepared.unchanged_warnings() is not None
    # Same size, another time: hashed again, and seen as changed.
    trf = events / "open" / "tournament.trf"
    text = trf.read_text(encoding="utf-8")
    trf.write_text(text.replace("2026/04/01", "2026/04/02", 1), encoding="utf-8")
    assert len(trf.read_bytes()) == len(text.encode())
    opened.clear()
    again = prepare_cache(events, out)
    assert [Path(path).name for path in opened
            if path.startswith(os.fspath(events))] == ["tournament.trf"]
    assert again.unchanged_warnings() is None


def test_files_hashed_by_a_build_that_changed_nothing_are_recorded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Files changed just before a build are left out of the record (RACY_NANOSECONDS): a
    # build that then finds nothing changed hashes them, and records them for the next.
    events, out = tmp_path / "events", tmp_path / "site"
    put_event(events, "club", 5)
    put_event(events, "open", 6)
    past = os.stat(events).st_mtime_ns - 10 * RACY_NANOSECONDS
    for path in events.rglob("*"):
        os.utime(path, ns=(past, past))
    build(events, out)
    (out / INPUTS_PATH).unlink()  # as if every file had been changed just before
    opened: list[str] = []
    open_regular_file = input_digest.open_regular_file

    def watched(path: Path) -> object:
        opened.append(os.fspath(path))
        return open_regular_file(path)

    monkeypatch.setattr(input_digest, "open_regular_file", watched)
    build(events, out)
    assert sorted(Path(path).parent.name for path in opened
                  if path.startswith(os.fspath(events))) == ["club", "club", "open", "open"]
    recorded = (out / INPUTS_PATH).stat().st_mtime_ns, (out / INPUTS_PATH).read_bytes()
    opened.clear()
    build(events, out)
    assert not [path for path in opened if path.startswith(os.fspath(events))]
    assert ((out / INPUTS_PATH).stat().st_mtime_ns, (out / INPUTS_PATH).read_bytes()) \
        == recorded  # nothing hashed, nothing written


def test_an_event_known_by_its_folder_still_sees_a_file_added_or_one_below_it(
        tmp_path: Path) -> None:
    # An unchanged folder's time vouches for its names, not for a sub-folder's: a file
    # added there, its time set back, still changes the event's key.
    events, out = tmp_path / "events", tmp_path / "site"
    put_event(events, "club", 5)
    put_event(events, "open", 6)
    (events / "open" / "extra").mkdir()
    (events / "open" / "extra" / "a.txt").write_text("one", encoding="utf-8")
    past = os.stat(events).st_mtime_ns - 10 * RACY_NANOSECONDS

    def set_back(when: int = past) -> None:
        for path in events.rglob("*"):
            os.utime(path, ns=(when, when))

    set_back()
    build(events, out)
    keys = dict(prepare_cache(events, out).keys)
    assert dict(prepare_cache(events, out).keys) == keys
    (events / "open" / "extra" / "b.txt").write_text("two", encoding="utf-8")
    set_back()
    assert prepare_cache(events, out).keys["open"] != keys["open"]
    (events / "open" / "extra" / "b.txt").unlink()
    set_back()
    assert dict(prepare_cache(events, out).keys) == keys
    (events / "club" / "notes.md").write_text("A note.", encoding="utf-8")
    set_back(past + RACY_NANOSECONDS)  # a folder's time moves when a file is added to it
    assert prepare_cache(events, out).keys["club"] != keys["club"]


def test_a_link_planted_in_the_site_is_replaced_never_followed(tmp_path: Path) -> None:
    events, out = tmp_path / "events", tmp_path / "site"
    put_event(events, "club", 7)
    build(events, out)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("mine\n")
    folder = out / "club"
    _remove(folder)
    folder.symlink_to(elsewhere)  # the event's folder is now a link to another folder
    (out / "index.html").unlink()
    (out / "index.html").symlink_to(elsewhere / "keep.txt")
    put_event(events, "club", 8)
    build(events, out)
    assert sorted(p.name for p in elsewhere.iterdir()) == ["keep.txt"]
    assert (elsewhere / "keep.txt").read_text() == "mine\n"
    assert not folder.is_symlink() and not (out / "index.html").is_symlink()
    assert read_tree(out) == clean_tree(events, tmp_path)


def test_a_temporary_left_at_a_files_name_is_replaced_never_followed(tmp_path: Path) -> None:
    """Something at the name a file is written through (a killed build's half-written file
    that no journal names, or a link planted there) is removed and the file written whole;
    what a link points to is left as it was."""
    events, out = tmp_path / "events", tmp_path / "site"
    put_event(events, "club", 11)
    build(events, out)
    (tmp_path / "outside.txt").write_text("keep\n")
    index = out / "index.html"
    half = out / file_replace.temporary_name("index.html")
    half.write_text("half a pa")
    link = out / "club" / file_replace.temporary_name("index.html")
    link.symlink_to(tmp_path / "outside.txt")
    for page in (index, out / "club" / "index.html"):
        page.write_text("edited\n")
    build(events, out, clean=True)  # every unit rendered again: both files written
    assert (tmp_path / "outside.txt").read_text() == "keep\n"
    assert not half.exists() and not link.is_symlink()
    assert read_tree(out) == clean_tree(events, tmp_path)


def test_a_new_name_gets_its_whole_file_and_an_existing_one_is_left_as_it_was(
        tmp_path: Path) -> None:
    """A file of a folder the build made is written without a name and then linked whole;
    where the name exists (anything at all) nothing is written there, and the build takes
    the temporary's way (test above)."""
    folder = tmp_path / "site"
    folder.mkdir()
    (tmp_path / "outside.txt").write_text("keep\n")
    (folder / "old.html").write_text("old\n")
    (folder / "link.html").symlink_to(tmp_path / "outside.txt")
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        made = inplace._link_new_file(descriptor, "new.html", b"whole\n")
        if not made and not inplace._unnamed_files[0]:
            pytest.skip("this file system makes no file without a name (O_TMPFILE)")
        assert made
        for name in ("old.html", "link.html"):
            assert not inplace._link_new_file(descriptor, name, b"new\n")
    finally:
        os.close(descriptor)
    assert sorted(p.name for p in folder.iterdir()) == ["link.html", "new.html", "old.html"]
    assert (folder / "new.html").read_bytes() == b"whole\n"
    assert (folder / "old.html").read_text() == "old\n"
    assert (folder / "link.html").is_symlink()
    assert (tmp_path / "outside.txt").read_text() == "keep\n"


def test_the_journal_names_only_paths_inside_the_site(tmp_path: Path) -> None:
    """A journal left with hostile lines (a path outside, a link's) touches nothing outside."""
    events, out = tmp_path / "events", tmp_path / "site"
    put_event(events, "club", 9)
    build(events, out)
    (tmp_path / "outside.txt").write_text("keep\n")
    (tmp_path / (".outside.txt" + file_replace.NEW_SUFFIX)).write_text("keep\n")
    (out / JOURNAL_NAME).write_text('"../outside.txt"\n"/etc/passwd"\n"club/index.html"\n')
    build(events, out)
    assert (tmp_path / "outside.txt").read_text() == "keep\n"
    assert read_tree(out) == clean_tree(events, tmp_path)
