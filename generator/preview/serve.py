"""``standings serve``: the site in memory, rebuilt as files change, reloaded in every open tab.

The shape follows mkdocs' livereload server (``_build_loop``): the file watcher only records
what changed and wakes the build loop (generator/preview/watch.py); the loop waits out the
burst, rebuilds the events whose files changed and the pages that list events
(generator/preview/livebuild.py), swaps the new site in, and bumps the *epoch* that every open
tab long-polls (generator/preview/server.py).

Pages of a rebuilt event that are not needed at once are rendered on first request, or by a
background *warmer* that works only while no request is being answered and no rebuild runs.
"""

from __future__ import annotations

import errno
import gc
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Self

from generator.errors import Diagnostic, refused_by_strict
from generator.preview.livebuild import LiveBuild, PageFailure, Snapshot
from generator.preview.server import (
    FRESH_WAIT_S,
    REQUEST_TIMEOUT_S,
    WARNINGS_LOOK,
    LiveSite,
    PreviewServer,
)
from generator.preview.site_port import (
    EnvironmentT,
    EventT,
    PlanT,
    SiteFunctions,
    default_site_functions,
)
from generator.preview.watch import (
    EVERYTHING,
    QUIET_S,
    WATCH_CHECK_S,
    ChangeQueue,
    Watches,
    WatchHandler,
)
from generator.reading.festival import is_festival_folder
from generator.site.cache import INDEX_UNIT
from generator.speed import collector_paused

RELOAD_WAIT_S = 1.0
"""After a rebuild, the warmer waits (at most this long) for the tabs that showed a page to
reload it: what they ask for is answered before anything is rendered in the background."""
FAILING_POLL_S = 1.0
"""While an event is broken, its files are digested this often even without a file event, so
a fix the watcher did not report (some network filesystems) still clears the error."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ServeSettings:
    events_root: Path
    host: str = "127.0.0.1"
    port: int = 8000
    base: str = "/"


class _Collector:
    """When Python's cyclic garbage collector may run in the server.

    A full collection walks every object alive: for a 300-player event some 70-100 ms,
    which used to land in the middle of a rebuild (the arbiter waiting) about every other
    edit. Now a rebuild runs with the collector paused, and what it made is then frozen
    (left out of automatic collections, which only see what is new since); once every page
    is rendered and nothing else runs, the warmer unfreezes everything and collects it all
    at once, which frees the pages and plans the rebuild replaced.
    """

    def __init__(self) -> None:
        self.tidy_needed = False

    @contextmanager
    def rebuilding(self) -> Iterator[None]:
        with collector_paused():
            yield
        gc.freeze()
        self.tidy_needed = True

    def tidy(self) -> None:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.tidy_needed = False

    def release(self) -> None:
        """The server stops: everything back under the collector's care."""
        gc.unfreeze()
        self.tidy_needed = False


class Preview(Generic[EventT, PlanT, EnvironmentT]):
    """Build, serve, watch, rebuild: ``standings serve`` without the command line.

    Binding happens in the constructor, so a port in use fails before any build work (the
    OSError carries ``errno.EADDRINUSE``).
    """

    def __init__(self, settings: ServeSettings, site: SiteFunctions[EventT, PlanT, EnvironmentT],
                 log: Callable[[str], None], *, quiet: float = QUIET_S,
                 warm: bool = True, request_timeout: float = REQUEST_TIMEOUT_S) -> None:
        self.settings = settings
        self.events_root = settings.events_root.resolve()
        self.log = log
        self.live_site = LiveSite()
        self.build = LiveBuild(events_root=settings.events_root, site=site)
        self.changes = ChangeQueue(quiet=quiet)
        self.server = PreviewServer((settings.host, settings.port), self.live_site,
                                    settings.base, on_page_failure=self.page_failed,
                                    request_timeout=request_timeout,
                                    wait_fresh=self._wait_fresh)
        self._watches = Watches(
            WatchHandler(lambda path, write_done: self.file_changed(path, write_done=write_done),
                          self.changes, log),
            self._wanted_folders)
        self._stopping = threading.Event()
        self._threads: list[threading.Thread] = []
        self._shown_diagnostics: tuple[Diagnostic, ...] = ()
        self._shown_warnings: frozenset[Diagnostic] = frozenset()
        self._build_lock = threading.Lock()
        self._published = False
        self._published_notices: tuple[Diagnostic, ...] = ()
        self._warm = threading.Event()
        self._warms = warm
        self._collector = _Collector()
        self._last_poll = 0.0

    @property
    def url(self) -> str:
        return self.server.url

    # lifecycle

    def start(self) -> None:
        """Watch, build once, then serve and rebuild on changes (in background threads)."""
        self._watches.start()
        self.rebuild(EVERYTHING)
        loops = [(self._serve, "standings-http"), (self._build_loop, "standings-build")]
        if self._warms:
            loops.append((self._warm_loop, "standings-warm"))
        for target, name in loops:
            thread = threading.Thread(target=target, name=name, daemon=True)
            thread.start()
            self._threads.append(thread)

    def stop(self) -> None:
        """Stop serving, watching and building; returns within about a second."""
        self._stopping.set()
        self._warm.set()
        self.changes.stop()
        self.live_site.close()
        if self._threads:  # shutdown() waits for serve_forever, which runs only once started
            self.server.shutdown()
        self.server.server_close()
        self._collector.release()
        # The threads are daemons and write nothing to disk, so a render still running
        # need not be waited for long: stopping stays well within a second.
        deadline = time.monotonic() + 0.5
        self._watches.stop(deadline)
        for thread in self._threads:
            thread.join(timeout=max(0.0, deadline - time.monotonic()))

    def _serve(self) -> None:
        self.server.serve_forever(poll_interval=0.1)

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # watching

    def _wanted_folders(self) -> list[tuple[Path, bool]]:
        """The events folder, the templates, and the folder holding events/ (shallowly, to
        notice a club's templates/ folder appearing and the events folder coming back)."""
        folders = [(self.events_root, True), (self.events_root.parent, False)]
        return folders + [(folder, True) for folder in self._template_folders()]

    def _template_folders(self) -> list[Path]:
        return [Path(folder).resolve() for folder in
                self.build.site.template_folders(self.settings.events_root)
                if Path(folder).is_dir()]

    def _site_files(self) -> list[Path]:
        """site.yml beside the events folder and its logo, as the watcher names them."""
        return [Path(path).resolve() for path in
                self.build.site.site_files(self.settings.events_root)]

    def file_changed(self, path: Path, *, write_done: bool = False) -> None:
        """Called by the watcher: note which event (or everything) the change touches."""
        root = self.events_root
        if root in path.parents:
            parts = path.relative_to(root).parts
            slug = parts[0]
            if slug.startswith("."):
                return
            if is_festival_folder(root / slug):
                # A festival's unit of change is its section: a file of one section
                # rebuilds that section (and the index pages, the festival's among them);
                # festival.yml, every section (each digests it, unchanged ones are kept).
                if len(parts) < 3 or parts[1].startswith("."):
                    self.changes.add(EVERYTHING, write_done=write_done)
                    return
                slug = f"{parts[0]}/{parts[1]}"
            if path.parent != root or path.is_dir() or slug in self.build.known_slugs:
                self.changes.add(slug, write_done=write_done)
                return
            # A loose file in the events folder: let the build look at everything (its
            # digests skip the events that did not change).
            self.changes.add(EVERYTHING, write_done=write_done)
        elif path == root:
            self.changes.add(EVERYTHING, write_done=write_done)
        elif path.parent == root.parent:
            # The shallow watch beside events/: only a club's templates/ folder matters here
            # (appearing, disappearing, renamed); the build loop sets its watch.
            if (path in self._watches or path in self._template_folders()
                    or path in self._site_files()):
                self.changes.add(EVERYTHING, write_done=write_done)
        else:
            self.changes.add(EVERYTHING, write_done=write_done)  # a template or asset

    def _wait_fresh(self, relative: str) -> None:
        """A request for the page at ``relative`` waits while a change to its event (or to
        every event) is being rebuilt, so that it gets the new page, not the one the change
        replaces (or after :data:`FRESH_WAIT_S`, the last good one)."""
        slug, slash, rest = relative.partition("/")
        if slash and is_festival_folder(self.events_root / slug) and "/" in rest:
            slug = f"{slug}/{rest.partition('/')[0]}"  # a section's page waits for its section
        self.changes.wait_fresh(slug if slash else None, FRESH_WAIT_S)

    # building

    def _build_loop(self) -> None:
        while not self._stopping.is_set():
            burst = self.changes.next_burst(WATCH_CHECK_S)
            if self._stopping.is_set():
                return
            try:
                if self._rearm_watches():
                    burst = EVERYTHING
                elif burst is False:
                    polled = time.monotonic()
                    if self.build.failing and polled - self._last_poll >= FAILING_POLL_S:
                        self._last_poll = polled
                        self.rebuild(self.build.failing)
                    continue
                self.rebuild(burst)
            except Exception as error:  # a bug of ours: say so, keep serving, keep watching
                self.log(f"standings serve: internal error while rebuilding: {error!r}; "
                         "the last good pages stay served")
            finally:
                self.changes.built()  # whatever came of it, the requests waiting go on

    def _rearm_watches(self) -> bool:
        """Set the watches missing; True when any was (then everything is rebuilt)."""
        rearmed, happened = self._watches.check()
        if happened is not None:
            self.log(f"standings serve: {happened}")
        return rearmed

    def rebuild(self, suspects: Iterable[str] | None) -> Snapshot:
        """Refresh the suspected events and publish the result if anything changed.

        The pages the open tabs show (or the standings page) are published as soon as they
        are rendered, and the requests waiting for them answered (:meth:`_wait_fresh`); the
        probes of the other templates render after that, and the rest in the background.
        """
        with self._build_lock:
            published = False

            def publish(snapshot: Snapshot) -> None:
                nonlocal published
                self._publish(snapshot)
                self.changes.built()
                published = True

            with self._collector.rebuilding():
                snapshot = self.build.refresh(suspects, shown=self.live_site.shown(),
                                              publish=publish)
            # A warning that appears or goes moves the epoch too: its banner must show.
            if not published and (snapshot.notices != self._published_notices
                                  or not self._published):
                self._publish(snapshot)
            self._report(snapshot)
            return snapshot

    def page_failed(self, failure: PageFailure) -> bool:
        """A page failed to render after its build was swapped in: go back, show why.

        False when those pages were already replaced (nothing to do).
        """
        with self._build_lock:
            if not self.build.page_failed(failure):
                return False
            snapshot = self.build.snapshot()
            self._publish(snapshot)
            self._report(snapshot)
            return True

    def _publish(self, snapshot: Snapshot) -> None:
        self.live_site.publish(snapshot.files, snapshot.notices)
        self._published, self._published_notices = True, snapshot.notices
        self._warm.set()

    def _warm_loop(self) -> None:
        """Render the pages not asked for yet, a job at a time, while nothing else runs."""
        while not self._stopping.is_set():
            self._warm.wait(0.5)
            self._warm.clear()
            while not self._stopping.is_set():
                files = self.live_site.current()[0]
                # The probes first: a template error shows (and sends its event back to
                # its last good pages) before the rest renders.
                pending = next((unit for unit in files.units if unit.probes_pending),
                               None) or next((unit for unit in files.units if unit.pending),
                                             None)
                if pending is None and not self._collector.tidy_needed:
                    break
                if self.live_site.busy or self.changes.pending or self._build_lock.locked() \
                        or self.live_site.reloading(RELOAD_WAIT_S):
                    time.sleep(0.005)
                    continue
                if pending is None:  # everything rendered: now the heap may be walked
                    self._collector.tidy()
                    break
                try:
                    pending.run_next()
                except PageFailure as failure:
                    if not self.page_failed(failure):
                        break  # not served any more: wait for the next build
                except Exception as error:  # a bug of ours must not end the warming for good
                    self.log(f"standings serve: internal error while rendering: {error!r}")
                    break

    def _report(self, snapshot: Snapshot) -> None:
        if snapshot.diagnostics != self._shown_diagnostics:
            if snapshot.diagnostics:
                self.log("standings serve: problems found; the last good pages stay served:")
                for diagnostic in snapshot.diagnostics:
                    self.log(str(diagnostic))
            elif self._shown_diagnostics:
                self.log("standings serve: all problems fixed")
            self._shown_diagnostics = snapshot.diagnostics
        new_warnings = [w for w in snapshot.warnings if w not in self._shown_warnings]
        if refused_by_strict(new_warnings):  # a note alone is printed as "note:", no heading
            self.log(f"standings serve: {WARNINGS_LOOK.heading.lower()}")
        for warning in new_warnings:
            self.log(str(warning))
        self._shown_warnings = frozenset(snapshot.warnings)
        if snapshot.rebuilt:
            names = ", ".join(name if name != INDEX_UNIT else "index pages"
                              for name in snapshot.rebuilt)
            self.log(f"rebuilt {names} in {snapshot.seconds * 1000:.0f} ms "
                     f"(served after {snapshot.first_seconds * 1000:.0f} ms)")


LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def run(settings: ServeSettings, *, log: Callable[[str], None], open_browser: bool = False,
        stop: threading.Event | None = None) -> int:
    """``standings serve`` until Ctrl-C (or ``stop`` is set); returns the exit status."""
    if settings.host not in LOOPBACK_HOSTS:
        log(f"standings serve: warning: listening on {settings.host}, so other machines on the "
            "network can see this preview; it is meant for this computer (default 127.0.0.1)")
    try:
        preview = Preview(settings, default_site_functions(), log)
    except OSError as error:
        where = f"{settings.host}:{settings.port}"
        if error.errno == errno.EADDRINUSE:
            log(f"standings serve: port {settings.port} is already in use on {settings.host}; "
                "stop the other server or choose another port with --port")
        else:
            log(f"standings serve: cannot listen on {where}: {error.strerror or error}")
        return 1
    stop = stop or threading.Event()
    try:
        preview.start()
        log(f"standings serve: serving {settings.events_root} at {preview.url} "
            "(Ctrl-C to stop)")
        if open_browser:
            import webbrowser

            threading.Thread(target=webbrowser.open, args=(preview.url,), daemon=True).start()
        while not stop.wait(0.25):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        preview.stop()
    log("standings serve: stopped")
    return 0
