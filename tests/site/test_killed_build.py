"""A build killed with SIGKILL leaves nothing behind (issue 22 item 6, issue 23).

Killing only the build's own process (``kill -9 PID``, the out-of-memory killer) must end
its render workers too (generator/site/workers.py), and they must never hold the output
folder's lock (generator/site/inplace.py), so the next build finds nothing locked by a dead
build, completes what it began and leaves nothing beside ``site/``, whatever instant the
kill landed.

The builds run as subprocesses through a small runner that makes each worker job slow (it
stands for the minutes of jobs a large event queues) and announces each worker by a file,
so the tests wait for events, not for times; every wait has a generous bound.
"""

from __future__ import annotations

import fcntl
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT
from kit.sitekit import make_event, read_tree
from kit.trfgen import generate_swiss

from generator.cli import main
from generator.site import file_replace
from generator.site.inplace import JOURNAL_NAME
from generator.site.render import PARALLEL_MIN_PLAYERS

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists() or "fork" not in multiprocessing.get_all_start_methods(),
    reason="needs forked workers and /proc to see them")

# ``standings build`` with each forked job announced by a file and made slow.
RUNNER = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from generator.site import build, inputs_now, render, workers
    from generator.cli import main

    if os.environ.get("TEST_SIDE_PROCESS"):  # as for an archive: the inputs read beside
        inputs_now.SIDE_PROCESS_FROM = 0
    marks = Path(os.environ["TEST_MARKS"])
    seconds = float(os.environ["TEST_JOB_SECONDS"])
    render.PARALLEL_MIN_PLAYERS = int(os.environ["TEST_PARALLEL_MIN"])
    build.build_workers = lambda: 2  # workers even on a machine with one CPU
    render_forked = render._run_forked_job

    def slow_job(job):
        (marks / f"worker-{os.getpid()}").touch()
        time.sleep(seconds)
        return render_forked(job)

    render._run_forked_job = slow_job
    run_forked_task = workers._run_forked_task

    def slow_task(number):  # an event's pages, rendered by a worker of the build's events
        (marks / f"worker-{os.getpid()}").touch()
        time.sleep(seconds)
        return run_forked_task(number)

    workers._run_forked_task = slow_task
    sys.argv[0] = "standings"
    main()
""")

BOUND = 120.0
"""Seconds any wait may take before the test gives up: generous, never a measure."""


def start_build(project: Path, marks: Path, *, job_seconds: float, parallel_min: int,
                side_process: bool = False) -> subprocess.Popen[bytes]:
    environment = {**os.environ, "TEST_MARKS": str(marks),
                   "TEST_JOB_SECONDS": str(job_seconds), "TEST_PARALLEL_MIN": str(parallel_min),
                   "TEST_SIDE_PROCESS": "1" if side_process else ""}
    return subprocess.Popen(
        [sys.executable, "-c", RUNNER, "build", str(project / "events"), "--out",
         str(project / "site")], cwd=ROOT, env=environment,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_for(condition: object, what: str) -> None:
    deadline = time.monotonic() + BOUND
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"no {what} within {BOUND} s"
        time.sleep(0.01)


def is_running(pid: int) -> bool:
    """Alive and not a zombie (an orphan may wait a while to be reaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def is_locked(folder: Path) -> bool:
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(descriptor)
    return False


@pytest.fixture
def workers_seen(tmp_path: Path) -> Iterator[Path]:
    """The folder the runner's workers announce themselves in; any still running at the
    end (a failing test) are killed by their id."""
    marks = tmp_path / "marks"
    marks.mkdir()
    yield marks
    for mark in marks.iterdir():
        pid = int(mark.name.removeprefix("worker-"))
        if is_running(pid):
            os.kill(pid, signal.SIGKILL)


SHAPES = ["a large event's pages", "the events of a site"]
"""What a build shares out among forked workers (issue 26)."""


def make_project(project: Path, shape: str) -> None:
    if shape == "a large event's pages":
        # The smallest event that a build renders in worker processes.
        make_event(project / "events", "big", generate_swiss(PARALLEL_MIN_PLAYERS, 5, seed=22))
    else:
        for number in range(4):
            make_event(project / "events", f"event-{number}", generate_swiss(60, 5, seed=number))


def kill_while_two_workers_render(build: subprocess.Popen[bytes], project: Path,
                                  workers_seen: Path) -> None:
    """SIGKILL the build once two workers render; then its workers end, hold no lock, and
    the next build leaves only the events and the site."""
    try:
        wait_for(lambda: len(list(workers_seen.iterdir())) == 2, "two workers rendering")
    finally:
        build.send_signal(signal.SIGKILL)
        build.wait(timeout=BOUND)
    workers = [int(mark.name.removeprefix("worker-")) for mark in workers_seen.iterdir()]
    assert not is_locked(project / "site")  # the workers never held the dead build's lock
    wait_for(lambda: not any(is_running(pid) for pid in workers), "end of the workers")
    result = CliRunner().invoke(main, ["build", str(project / "events"), "--out",
                                       str(project / "site")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in project.iterdir()) == ["events", "site"]


def kill_a_worker(project: Path, workers_seen: Path) -> None:
    """Issue 26: a render worker killed mid-build (the out-of-memory killer) ends the build
    with one line naming it and exit status 1, the site left as it was, rather than a build
    that waits for ever for the pages the worker held (multiprocessing.Pool's way)."""
    before = read_tree(project / "site")
    for mark in workers_seen.iterdir():  # the workers of an earlier build, ended
        mark.unlink()
    environment = {**os.environ, "TEST_MARKS": str(workers_seen), "TEST_JOB_SECONDS": "600",
                   "TEST_PARALLEL_MIN": str(PARALLEL_MIN_PLAYERS)}
    build = subprocess.Popen(
        [sys.executable, "-c", RUNNER, "build", str(project / "events"), "--out",
         str(project / "site"), "--clean"], cwd=ROOT, env=environment,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for(lambda: len(list(workers_seen.iterdir())) == 2, "two workers rendering")
        killed = min(int(mark.name.removeprefix("worker-")) for mark in workers_seen.iterdir())
        os.kill(killed, signal.SIGKILL)
        # A hang (the old pool) fails here after BOUND seconds instead of hanging the suite.
        _, errors = build.communicate(timeout=BOUND)
    finally:
        if build.poll() is None:
            build.kill()
            build.wait(timeout=BOUND)
    lines = errors.decode().splitlines()
    assert build.returncode == 1, lines
    assert len(lines) == 1, lines
    assert f"(process {killed}) was killed by SIGKILL" in lines[0], lines
    assert lines[0].startswith(f"{project / 'site'}: "), lines
    assert read_tree(project / "site") == before
    assert sorted(p.name for p in project.iterdir()) == ["events", "site"]


@pytest.mark.parametrize("shape", SHAPES)
def test_killing_the_build_or_one_of_its_workers_leaves_nothing_behind(
        tmp_path: Path, workers_seen: Path, shape: str) -> None:
    """Killing the build ends its workers and frees the output folder for the next build
    (issue 22; issue 26 for a site's events, each a job of minutes); killing one of its
    workers ends the build in one line and keeps the site that next build made."""
    project = tmp_path / "club"
    make_project(project, shape)
    # Each job would take ten minutes: the workers outlive a wait of BOUND unless they end.
    build = start_build(project, workers_seen, job_seconds=600,
                        parallel_min=PARALLEL_MIN_PLAYERS)
    kill_while_two_workers_render(build, project, workers_seen)
    kill_a_worker(project, workers_seen)


@pytest.mark.parametrize("side_process", [False, True])
def test_a_build_killed_at_any_instant_is_completed_by_the_next(
        tmp_path: Path, workers_seen: Path, side_process: bool) -> None:
    """Issues 23 and 26: ``standings build`` killed shortly after it locked the output folder,
    before its workers start, while they render and while it writes pages; then each page is
    the previous one or the new one, the workers end, and one ordinary build makes the site a
    clean build makes and leaves nothing beside it (no journal, no leftover folder). With
    ``side_process``, as for an archive: the inputs digested and their record written by a
    side process, which may outlive the build it was handed the record by.

    The kills at chosen steps of the writing are tests/site/test_inplace_build.py's."""
    project = tmp_path / "club"
    events = project / "events"
    site = project / "site"

    def build_command(out: Path) -> None:
        result = CliRunner().invoke(main, ["build", str(events), "--out", str(out)])
        assert result.exit_code == 0, result.output

    make_event(events, "club", generate_swiss(24, 5, seed=23), "title: Before\n")
    build_command(site)
    # (what the kill waits for, seconds each job takes, seconds after it): slow jobs hold the
    # build before and while its workers render, jobs of no time let it reach the writing.
    landings = [("the output folder locked", 2.0, 0.0), ("a worker rendering", 2.0, 0.0),
                ("the pages being written", 0.0, 0.0), ("the pages being written", 0.0, 0.02),
                ("the pages being written", 0.0, 0.05)]
    for attempt, (event, job_seconds, seconds_after) in enumerate(landings):
        previous = read_tree(site)
        (events / "club" / "event.yml").write_text(f"title: After {attempt}\n")  # to render
        reference = tmp_path / f"reference-{attempt}"
        build_command(reference)
        expected = read_tree(reference)
        workers_before = len(list(workers_seen.iterdir()))
        started = {"the output folder locked": lambda: is_locked(site),
                   "a worker rendering": lambda workers_before=workers_before: len(
                       list(workers_seen.iterdir())) > workers_before,
                   "the pages being written": lambda: (site / JOURNAL_NAME).exists()}
        build = start_build(project, workers_seen, job_seconds=job_seconds, parallel_min=1,
                            side_process=side_process)
        try:
            ready = started[event]
            wait_for(lambda ready=ready, build=build: ready() or build.poll() is not None,
                     event)
            time.sleep(seconds_after)  # where the kill lands; nothing is measured
        finally:
            build.send_signal(signal.SIGKILL)
            build.wait(timeout=BOUND)
        for path, content in read_tree(site).items():
            # The journal, and a page cut while being written beside its name, are the next
            # build's to finish; every page in place is whole, old or new.
            if path != JOURNAL_NAME and not path.endswith(file_replace.NEW_SUFFIX):
                assert content in (previous.get(path), expected.get(path)), (path, attempt)
        workers = [int(mark.name.removeprefix("worker-")) for mark in workers_seen.iterdir()]
        wait_for(lambda workers=workers: not any(is_running(pid) for pid in workers),
                 "end of the workers")
        build_command(site)
        assert read_tree(site) == expected, attempt
        assert sorted(p.name for p in project.iterdir()) == ["events", "site"], attempt
        assert not (site / JOURNAL_NAME).exists()
