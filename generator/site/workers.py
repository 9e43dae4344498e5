"""The processes a large event is rendered in, which end when the build that forked them does.

A forked pool worker keeps taking the jobs already queued for it even after its parent has
died (a ``kill -9``, the out-of-memory killer): on a large event that is minutes of work
for nobody. So each worker watches a pipe whose writing end only the build holds: the
system closes a dead process's descriptors however it died, so reading the pipe returns
end-of-file exactly when the build is gone, and the worker ends itself there and then.
Chosen over Linux's ``PR_SET_PDEATHSIG``, which exists on Linux alone and fires when the
*thread* that forked ends (the pool forks replacements from a thread of its own), and
which a worker forked just as its parent died would miss. The staging folder's lock is not
the workers' to hold at all (generator/site/staging.py releases it in every forked child).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.pool
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

__all__ = ["forked_pool", "forked_tasks"]

R = TypeVar("R")


@contextlib.contextmanager
def forked_pool(workers: int) -> Iterator[multiprocessing.pool.Pool]:
    """A pool of ``workers`` forked processes, each ending as soon as this process ends."""
    read_end, write_end = os.pipe()
    try:
        with multiprocessing.get_context("fork").Pool(
                workers, initializer=_end_with_parent, initargs=(read_end, write_end)) as pool:
            yield pool
    finally:
        os.close(read_end)
        os.close(write_end)


def _end_with_parent(read_end: int, write_end: int) -> None:
    """In a worker: give up the inherited writing end (else the pipe never reaches its end),
    then wait for the end in a thread of its own while the worker renders."""
    os.close(write_end)

    def watch() -> None:
        with contextlib.suppress(OSError):
            while os.read(read_end, 1):
                pass  # nobody writes; only end-of-file matters
        os._exit(1)  # the parent is gone: nobody will take what this worker renders

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


_FORKED_TASK: Callable[[int], Any] | None = None
"""The task of :func:`forked_tasks`' workers: inherited with the process, never pickled (a
closure over a whole site's plans could not be)."""


@contextlib.contextmanager
def forked_tasks(task: Callable[[int], R], workers: int,
                 ) -> Iterator[Callable[[Sequence[int]], Iterator[R | None]]]:
    """``task`` run in ``workers`` forked processes: yields a function that runs it on some
    numbers and gives the results in their order as they come (:func:`forked_pool`'s
    workers, ending with this process).

    A task that raises gives None: the caller runs that one again itself, so what it
    reports is raised in this process exactly as without workers (an exception need not
    survive pickling, and the first failure in order must be the one reported).
    """
    global _FORKED_TASK
    _FORKED_TASK = task
    try:
        with forked_pool(workers) as pool:
            def run(numbers: Sequence[int]) -> Iterator[R | None]:
                return pool.imap(_run_forked_task, numbers, chunksize=1)

            yield run
    finally:
        _FORKED_TASK = None


def _run_forked_task(number: int) -> Any:
    assert _FORKED_TASK is not None, "worker started without the forked task"
    try:
        return _FORKED_TASK(number)
    except Exception:
        return None
