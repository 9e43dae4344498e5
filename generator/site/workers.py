"""The processes a large event is rendered in, which end when the build that forked them does,
and whose loss ends the build rather than hanging it.

A ``multiprocessing.Pool`` waits for ever for the result of a job whose worker was killed
(the out-of-memory killer, a ``kill -9``): it forks a replacement, and the lost job is
never run again nor reported. ``concurrent.futures.ProcessPoolExecutor`` notices a worker
that ends without being told to, fails every job still to come with ``BrokenProcessPool``
and ends the others; :func:`forked_pool` turns that into :class:`WorkerLost`, which says
which process ended and how, and which the build reports as one line (leaving the site as
it was, as any failed build does).

A forked worker would also keep taking the jobs already queued for it after its parent
died: on a large event that is minutes of work for nobody. So each worker watches a pipe
whose writing end only the build holds: the system closes a dead process's descriptors
however it died, so reading the pipe returns end-of-file exactly when the build is gone,
and the worker ends itself there and then. Chosen over Linux's ``PR_SET_PDEATHSIG``, which
exists on Linux alone and fires when the *thread* that forked ends, and which a worker
forked just as its parent died would miss. The same pipe ends the workers at once when the
build stops early (an error, Ctrl-C): it closes its end rather than wait for the jobs under
way. The staging folder's lock is not the workers' to hold at all
(generator/site/staging.py releases it in every forked child).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

__all__ = ["ForkedPool", "WorkerLost", "forked_pool", "forked_tasks"]

T = TypeVar("T")
R = TypeVar("R")


class WorkerLost(Exception):
    """A worker process ended before its job was done: killed by a signal (the
    out-of-memory killer's SIGKILL) or crashed. The message is one sentence that starts in
    lower case, for the build's diagnostic."""


class ForkedPool:
    """The workers of :func:`forked_pool`: ``imap`` runs a function on each item in them."""

    def __init__(self, executor: ProcessPoolExecutor) -> None:
        self._executor = executor

    def imap(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """``function`` on each item, one item per job, the results in the items' order as
        they come. A worker lost on the way raises BrokenProcessPool here (forked_pool
        turns it into WorkerLost)."""
        return self._executor.map(function, items)


@contextlib.contextmanager
def forked_pool(workers: int) -> Iterator[ForkedPool]:
    """A pool of ``workers`` forked processes, each ending as soon as this process ends.

    Raises :class:`WorkerLost` when a worker ends before its job is done; the other
    workers are ended too.
    """
    read_end, write_end = os.pipe()
    executor = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                                   initializer=_end_with_parent,
                                   initargs=(read_end, write_end))
    # The executor's own record of its workers (pid -> process), kept here because shutdown
    # lets go of it: the public API names no worker, and the lost one is worth naming.
    processes: dict[int, Any] = getattr(executor, "_processes", {})  # empty until it forks
    finished = False
    try:
        try:
            yield ForkedPool(executor)
        except BrokenProcessPool:
            executor.shutdown(wait=True)  # every worker reaped: their ends are known
            raise WorkerLost(_lost_words(processes)) from None
        finished = True
    finally:
        if finished:
            executor.shutdown(wait=True)
            os.close(write_end)
        else:
            # Stopped early: the workers end now (end-of-file on their pipe) rather than
            # after the jobs they hold, and no job still queued is started.
            os.close(write_end)
            executor.shutdown(wait=True, cancel_futures=True)
        os.close(read_end)


def _lost_words(processes: dict[int, Any]) -> str:
    """Which worker ended and how, from the executor's processes once reaped. The executor
    ends the other workers with SIGTERM after the loss, so the lost one is the one that
    ended otherwise (without the record, the sentence names no process)."""
    for pid, process in sorted(processes.items()):
        code = process.exitcode
        if code is None or code == -signal.SIGTERM:
            continue
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            how = f"was killed by {name}"
            if -code == signal.SIGKILL:
                how += " (out of memory, or kill -9)"
        else:
            how = f"exited with status {code}"
        return (f"a render worker (process {pid}) {how} before its pages were done; the "
                f"site was left as it was")
    return "a render worker ended before its pages were done; the site was left as it was"


def _end_with_parent(read_end: int, write_end: int) -> None:
    """In a worker: give up the inherited writing end (else the pipe never reaches its end),
    then wait for the end in a thread of its own while the worker renders."""
    os.close(write_end)

    def watch() -> None:
        with contextlib.suppress(OSError):
            while os.read(read_end, 1):
                pass  # nobody writes; only end-of-file matters
        os._exit(1)  # the parent is gone or gave up: nobody will take what this renders

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


_FORKED_TASK: Callable[[int], Any] | None = None
"""The task of :func:`forked_tasks`' workers: inherited with the process, never pickled (a
closure over a whole site's plans could not be)."""


@contextlib.contextmanager
def forked_tasks(task: Callable[[int], R], workers: int,
                 ) -> Iterator[Callable[[Sequence[int]], Iterator[R | None]]]:
    """``task`` run in ``workers`` forked processes: yields a function that runs it on some
    numbers and gives the results in their order as they come (:func:`forked_pool`'s
    workers, ending with this process; a lost one raises :class:`WorkerLost`).

    A task that raises gives None: the caller runs that one again itself, so what it
    reports is raised in this process exactly as without workers (an exception need not
    survive pickling, and the first failure in order must be the one reported).
    """
    global _FORKED_TASK
    _FORKED_TASK = task
    try:
        with forked_pool(workers) as pool:
            def run(numbers: Sequence[int]) -> Iterator[R | None]:
                return pool.imap(_run_forked_task, numbers)

            yield run
    finally:
        _FORKED_TASK = None


def _run_forked_task(number: int) -> Any:
    assert _FORKED_TASK is not None, "worker started without the forked task"
    try:
        return _FORKED_TASK(number)
    except Exception:
        return None
