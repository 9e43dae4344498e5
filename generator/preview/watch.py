"""What the preview watches, and how a burst of file events becomes one rebuild.

The watcher only records what changed (:class:`ChangeQueue`) and wakes the build loop, which
waits out the burst of events an editor or an exporting program makes, as mkdocs' livereload
``_build_loop`` does. The watches are checked as the build loop turns, and set again when the
folders they watched were replaced (see :class:`Watches`).
"""

from __future__ import annotations

import stat
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Literal

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver, ObservedWatch

QUIET_S = 0.2
"""A burst of file events is over once no event came for this long."""
WRITE_DONE_QUIET_S = 0.01
"""Shorter wait when the last event closed a file written to or renamed one into place: the
write is complete, so waiting the full :data:`QUIET_S` would only delay the arbiter. If the
program writes again, that is another burst and another rebuild."""
WATCH_CHECK_S = 0.5
"""How often the watches are checked: a watched folder replaced (git checkout, a sync tool)
or a watcher thread that died is re-armed within this long."""


EVERYTHING = None
"""A change that may touch every event (templates, the events folder itself)."""

_WRITES = frozenset({"created", "deleted", "modified", "moved", "closed"})
"""Event types that can change content. 'opened' and 'closed_no_write' are left out: the
build's own reads cause them, and reacting to them would rebuild forever."""
_WRITE_DONE = frozenset({"closed", "moved"})


class ChangeQueue:
    """What the watcher saw since the last rebuild, and when it last saw anything; and what
    the rebuild under way was started for, so that a request for a page it changes can wait
    for the new page rather than be answered with the old one (:meth:`wait_fresh`)."""

    def __init__(self, *, quiet: float = QUIET_S, write_done_quiet: float = WRITE_DONE_QUIET_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._condition = threading.Condition()
        self._slugs: set[str] = set()
        self._everything = False
        self._building: set[str] = set()
        self._building_everything = False
        self._last = 0.0
        self._write_done = False
        self._stopped = False
        self.quiet, self.write_done_quiet, self._clock = quiet, write_done_quiet, clock

    def add(self, slug: str | None, *, write_done: bool = False) -> None:
        with self._condition:
            if slug is EVERYTHING:
                self._everything = True
            else:
                self._slugs.add(slug)
            self._last = self._clock()
            self._write_done = write_done
            self._condition.notify_all()

    def stop(self) -> None:
        with self._condition:
            self._stopped = True
            self._condition.notify_all()

    @property
    def pending(self) -> bool:
        """Changes are waiting for a rebuild (the warmer steps aside)."""
        return bool(self._slugs or self._everything)

    def next_burst(self, timeout: float | None) -> frozenset[str] | Literal[False] | None:
        """Wait for a change and for its burst to end.

        Returns the changed event names, :data:`EVERYTHING` (None) for a change that may touch
        them all, or False when ``timeout`` passed with no change or the queue was stopped.
        """
        with self._condition:
            if not self._condition.wait_for(
                    lambda: self._slugs or self._everything or self._stopped, timeout):
                return False
            while not self._stopped:
                quiet = self.write_done_quiet if self._write_done else self.quiet
                remaining = self._last + quiet - self._clock()
                if remaining <= 0:
                    break
                self._condition.wait(remaining)
            if self._stopped:
                return False
            burst = None if self._everything else frozenset(self._slugs)
            self._building |= self._slugs
            self._building_everything |= self._everything
            self._slugs, self._everything = set(), False
            return burst

    def built(self) -> None:
        """The bursts handed out so far are built and served: their pages are fresh."""
        with self._condition:
            self._building, self._building_everything = set(), False
            self._condition.notify_all()

    def is_stale(self, slug: str | None) -> bool:
        """Whether a change not yet served may touch the pages of event ``slug`` (None:
        the pages outside the events' folders, which list every event)."""
        if self._everything or self._building_everything:
            return True
        if slug is None:
            return bool(self._slugs or self._building)
        return slug in self._slugs or slug in self._building

    def wait_fresh(self, slug: str | None, timeout: float) -> None:
        """Return once no change waits to be served for ``slug``'s pages (as
        :meth:`is_stale`), at the latest after ``timeout`` or once the queue is stopped."""
        with self._condition:
            self._condition.wait_for(lambda: self._stopped or not self.is_stale(slug), timeout)


class WatchHandler(FileSystemEventHandler):
    """Hands each write the watcher sees to ``file_changed(path, write_done)``."""

    def __init__(self, file_changed: Callable[[Path, bool], None], changes: ChangeQueue,
                 log: Callable[[str], None]) -> None:
        self._file_changed, self._changes, self._log = file_changed, changes, log

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type not in _WRITES:
            return
        if event.is_directory and event.event_type == "modified":
            # Follows every change inside the folder (after the file's own "closed"), and
            # would cost the short wait of a finished write; the file's events suffice.
            return
        write_done = event.event_type in _WRITE_DONE
        try:
            for path in (event.src_path, getattr(event, "dest_path", "")):
                if path:
                    self._file_changed(Path(_text(path)), write_done)
        except Exception as error:
            # An exception here would end watchdog's thread, and with it every later
            # rebuild: say so, and rebuild everything rather than miss this change.
            self._log(f"standings serve: internal error while watching: {error!r}; "
                      "watching goes on")
            self._changes.add(EVERYTHING, write_done=write_done)


class Watches:
    """The folders watched, kept watched while they are replaced under us.

    A watch follows a directory, not its name: once ``git checkout``, ``git stash`` or a
    sync tool deletes the events folder and writes it again (a new directory), or renames it
    away and puts another in its place, the old watch sees nothing more, and watchdog ends
    a watch whose directory was deleted. :meth:`check` (run by the build loop every
    :data:`WATCH_CHECK_S`) compares each folder with the directory its watch was set on and
    sets the watch again on what is there now; a watcher thread that died is replaced.
    """

    def __init__(self, handler: FileSystemEventHandler,
                 wanted: Callable[[], list[tuple[Path, bool]]]) -> None:
        self._handler, self._wanted = handler, wanted
        self._lock = threading.RLock()
        self._observer = Observer(timeout=0.2)
        self._watches: dict[Path, tuple[ObservedWatch, tuple[int, int]]] = {}
        self._stopped = False

    def __contains__(self, folder: object) -> bool:
        return folder in self._watches

    @property
    def observer(self) -> BaseObserver:
        return self._observer

    def start(self) -> None:
        with self._lock:
            self.add_new()
            self._observer.start()

    def stop(self, deadline: float) -> None:
        with self._lock:
            self._stopped = True
            observer = self._observer
        if observer.is_alive():
            observer.stop()
            observer.join(timeout=max(0.0, deadline - time.monotonic()))

    def add_new(self) -> bool:
        """Watch the wanted folders that exist and are not watched; True if there were any."""
        added = False
        with self._lock:
            for folder, recursive in self._wanted():
                identity = _identity(folder)
                if folder in self._watches or identity is None:
                    continue
                try:
                    watch = self._observer.schedule(self._handler, str(folder),
                                                    recursive=recursive)
                except OSError:
                    continue  # gone again (or unreadable) since: the next check retries
                self._watches[folder] = (watch, identity)
                added = True
        return added

    def check(self) -> tuple[bool, str | None]:
        """Re-arm what stopped watching, and watch the wanted folders that appeared.

        Returns whether any watch was set (changes made while it was not were not seen: the
        caller rebuilds everything, and the digests skip what did not change), and what to
        tell the terminal (None when only a folder appeared, as a club's templates/ does).
        Runs on the build loop only: watchdog calls the handler holding its own lock, so
        scheduling from the handler's side as well could deadlock the two threads.
        """
        with self._lock:
            if self._stopped:
                return False, None
            if not self._observer.is_alive():
                self._observer = Observer(timeout=0.2)
                self._watches.clear()
                self.add_new()
                self._observer.start()
                return True, "the file watcher stopped; it was started again"
            alive = {emitter.watch for emitter in self._observer.emitters
                     if emitter.is_alive()}
            replaced = [folder for folder, (watch, identity) in self._watches.items()
                        if watch not in alive or _identity(folder) != identity]
            for folder in replaced:
                watch, _ = self._watches.pop(folder)
                with suppress(KeyError):  # watchdog may have dropped it already
                    self._observer.unschedule(watch)
            added = self.add_new()
            if replaced:
                names = ", ".join(str(folder) for folder in replaced)
                return True, f"{names}: replaced or removed; watched anew once it is there"
            return added, None


def _identity(folder: Path) -> tuple[int, int] | None:
    """Which directory is at ``folder`` now (None: none)."""
    try:
        status = folder.stat()
    except OSError:
        return None
    return (status.st_dev, status.st_ino) if stat.S_ISDIR(status.st_mode) else None


def _text(path: str | bytes) -> str:
    return path.decode(errors="surrogateescape") if isinstance(path, bytes) else path
