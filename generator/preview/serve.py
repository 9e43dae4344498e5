"""``standings serve``: the site in memory, rebuilt as files change, reloaded in every open tab.

The shape follows mkdocs' livereload server (``_build_loop``): the file watcher only records
what changed and wakes the build loop; the loop waits out the burst of events an editor or an
exporting program makes, rebuilds the events whose files changed (and the pages that list
events), swaps the new site in, and bumps an *epoch*. Every served HTML page carries a small
script, added at serve time and never written to a built site, that long-polls the epoch and
reloads the tab when it moves.

The site lives in memory (``site/`` is never touched): a rebuild produces a new mapping of
path to bytes and the server switches to it in one assignment, so a request sees either the
whole old site or the whole new one. When a file is broken, the last good pages stay and every
HTML page is served with the diagnostics in a banner, inserted into the HTML on the server so
it shows without JavaScript; the warnings (which ``--strict`` refuses) get a banner of their
own. The watches are checked as the build loop turns, and set again when the folders they
watched were replaced (see :class:`_Watches`).

Pages of a rebuilt event that are not needed at once are rendered on first request, or by a
background *warmer* that works only while no request is being answered and no rebuild runs
(see generator/preview/livebuild.py).
"""

from __future__ import annotations

import errno
import gc
import html
import mimetypes
import posixpath
import re
import socket
import stat
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import MappingProxyType
from typing import ClassVar, Generic, Self
from urllib.parse import quote, unquote, urlsplit

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver, ObservedWatch

from generator.errors import Diagnostic
from generator.preview.livebuild import LiveBuild, PageFailure, SiteFiles, Snapshot
from generator.preview.site_port import (
    EnvironmentT,
    EventT,
    PlanT,
    SiteFunctions,
    default_site_functions,
)
from generator.site.cache import INDEX_UNIT
from generator.speed import collector_paused

QUIET_S = 0.2
"""A burst of file events is over once no event came for this long."""
WRITE_DONE_QUIET_S = 0.03
"""Shorter wait when the last event closed a file written to or renamed one into place: the
write is complete, so waiting the full :data:`QUIET_S` would only delay the arbiter. If the
program writes again, that is another burst and another rebuild."""
LONG_POLL_S = 20.0
"""A live-reload request is answered after this long even if nothing changed (the tab asks
again), so no proxy or browser gives up on it."""
REQUEST_TIMEOUT_S = 10.0
"""How long a connection may stay silent while its request is read or its answer written.
A tab that opened a connection and said nothing (a preconnect, a sleeping laptop, a stuck
proxy) would otherwise hold a thread for good. A long-poll is not cut by it: while it waits
for the next build it neither reads nor writes."""
LISTEN_BACKLOG = 1024
"""Connections the system may hold before the server accepts them (capped by the system's
own limit). With Python's default of 5, a page opened by a few dozen tabs at once saw
connections dropped and retried by the client one, three, seven seconds later."""
WATCH_CHECK_S = 0.5
"""How often the watches are checked: a watched folder replaced (git checkout, a sync tool)
or a watcher thread that died is re-armed within this long."""
FAILING_POLL_S = 1.0
"""While an event is broken, its files are digested this often even without a file event, so
a fix the watcher did not report (some network filesystems) still clears the error."""

ENDPOINT = "/__standings__/"
"""Serve-only addresses (outside any --base, so they never collide with a site page)."""
LIVERELOAD_SCRIPT = ENDPOINT + "livereload.js"
LIVERELOAD_EPOCH = ENDPOINT + "livereload/"

LIVERELOAD_JS = b"""\
// Live reload for `standings serve`; added by the server, never part of a built site.
// Waits for the server's build epoch to move away from the one this page was served at.
(function () {
  "use strict";
  var script = document.currentScript;
  var epoch = script.getAttribute("data-epoch");
  var endpoint = script.getAttribute("data-endpoint");
  function poll() {
    fetch(endpoint + epoch, {cache: "no-store"})
      .then(function (response) {
        if (!response.ok) { throw new Error("HTTP " + response.status); }
        return response.text();
      })
      .then(function (current) {
        if (current.trim() !== epoch) { window.location.reload(); } else { poll(); }
      })
      .catch(function () { window.setTimeout(poll, 1000); });
  }
  poll();
})();
"""

NOTICES_ID = "standings-serve-notices"
"""The sticky block that holds the two banners below."""
BANNER_ID = "standings-build-errors"
WARNINGS_ID = "standings-build-warnings"
_BODY_OPEN = re.compile(rb"<body\b[^>]*>", re.IGNORECASE)
_BODY_CLOSE = re.compile(rb"</body\s*>", re.IGNORECASE)


# --- what the served HTML gains ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _BannerLook:
    element_id: str
    role: str
    heading: str
    """The one line left when the banner is folded: short, for a phone."""
    note: str
    background: str
    """Fixed, with the text colour, in either colour scheme: the box brings its own
    contrast (above 7:1) and looks the same over a light page and a dark one."""
    text: str
    edge: str


_ERRORS_LOOK = _BannerLook(
    BANNER_ID, "alert", "Problems: these pages are from the last good build",
    "standings serve found these problems in the files:",
    background="#fde8e8", text="#5c0a0a", edge="#b00020")
_WARNINGS_LOOK = _BannerLook(
    WARNINGS_ID, "status", "Warnings: publishing with --strict will refuse them",
    "These pages show the files as they are, but the publishing workflow builds with "
    "--strict, which publishes nothing while any of these warnings stands:",
    background="#fff3cd", text="#4a3500", edge="#b7791f")


def render_banner(diagnostics: Iterable[Diagnostic]) -> bytes:
    """The errors, then the warnings, each in its own banner, as one HTML block.

    The block sticks to the top of the window: a tab reloaded by the live reload keeps its
    scroll position, and a banner at the top of the page would land above the screen. It is
    at most half the window high (a long list scrolls inside it), and each banner is a
    ``<details>`` open on every load, which a tap on its heading folds to that one line (no
    script needed). Styled inline, from ``all:initial``, so no stylesheet can hide it.
    """
    listed = tuple(diagnostics)
    errors = tuple(d for d in listed if d.is_error)
    warnings = tuple(d for d in listed if not d.is_error)
    boxes = "".join(_banner(look, shown) for look, shown in
                    ((_ERRORS_LOOK, errors), (_WARNINGS_LOOK, warnings)) if shown)
    return (
        f'<div id="{NOTICES_ID}" style="all:initial;display:block;position:sticky;top:0;'
        "z-index:2147483647;max-height:50vh;overflow-y:auto;box-sizing:border-box;"
        f'box-shadow:0 2px 6px rgba(0,0,0,.3)">{boxes}</div>'
    ).encode()


def _banner(look: _BannerLook, diagnostics: tuple[Diagnostic, ...]) -> str:
    items = "".join(
        '<li><code style="font:13px/1.4 ui-monospace,Menlo,Consolas,monospace;color:inherit;'
        f'background:none;white-space:pre-wrap">{html.escape(str(d))}</code></li>'
        for d in diagnostics
    )
    return (
        f'<div id="{look.element_id}" role="{look.role}" style="display:block;margin:0;'
        f"padding:.5rem 1rem;background:{look.background};color:{look.text};"
        f"border-bottom:3px solid {look.edge};font:15px/1.45 system-ui,sans-serif;"
        'text-align:left;overflow-wrap:anywhere"><details open style="display:block;margin:0">'
        f'<summary style="cursor:pointer;font-weight:bold">{html.escape(look.heading)}'
        f'</summary><p style="margin:.3rem 0 0">{html.escape(look.note)}</p>'
        f'<ul style="margin:.3rem 0 0;padding-left:1.2rem">{items}</ul>'
        "</details></div>"
    )


def inject(page: bytes, *, epoch: int, diagnostics: tuple[Diagnostic, ...]) -> bytes:
    """A served HTML page: the banners after ``<body>``, the reload script before ``</body>``.

    ``diagnostics``: the errors and the warnings standing (each shown in its own banner).

    Done on every response, never at build time, so no built site ever contains either.
    """
    script = (f'<script src="{LIVERELOAD_SCRIPT}" data-epoch="{epoch}" '
              f'data-endpoint="{LIVERELOAD_EPOCH}"></script>').encode()
    if diagnostics:
        banner = render_banner(diagnostics)
        opening = _BODY_OPEN.search(page)
        if opening:
            view = memoryview(page)
            page = b"".join((view[:opening.end()], banner, view[opening.end():]))
        else:
            page = banner + page
    at = _last_body_close(page)
    if at is not None:
        # One join of views: slicing bytes would copy the page twice more.
        view = memoryview(page)
        return b"".join((view[:at], script, view[at:]))
    return page + script


def _last_body_close(page: bytes) -> int | None:
    """Where the last ``</body>`` starts, looking from the end (a standings page is some
    hundred kilobytes, served on every poll of a watching tab)."""
    end = len(page)
    while (at := page.rfind(b"</", 0, end)) >= 0:
        if _BODY_CLOSE.match(page, at):
            return at
        end = at
    return None


# --- the served state ----------------------------------------------------------------------


class LiveSite:
    """What the server serves: one snapshot at a time, and the epoch that names it."""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._files: Mapping[str, bytes] = MappingProxyType({})
        self._diagnostics: tuple[Diagnostic, ...] = ()
        # Epochs start from the clock, so a tab left open across a restart of the server
        # sees a different epoch and reloads.
        self._epoch = time.time_ns() // 1_000_000
        self._closed = False
        self._answering = 0

    def publish(self, files: Mapping[str, bytes], diagnostics: tuple[Diagnostic, ...]) -> int:
        with self._condition:
            self._files, self._diagnostics = files, diagnostics
            self._epoch += 1
            self._condition.notify_all()
            return self._epoch

    def current(self) -> tuple[Mapping[str, bytes], tuple[Diagnostic, ...], int]:
        with self._condition:
            return self._files, self._diagnostics, self._epoch

    @property
    def epoch(self) -> int:
        with self._condition:
            return self._epoch

    def wait_past(self, epoch: int, timeout: float) -> int:
        """The epoch once it differs from ``epoch`` (or after ``timeout``, or at shutdown)."""
        with self._condition:
            self._condition.wait_for(lambda: self._epoch != epoch or self._closed, timeout)
            return self._epoch

    def close(self) -> None:
        with self._condition:
            self._closed = True
            self._condition.notify_all()

    @property
    def busy(self) -> bool:
        """A page request is being answered (the warmer waits: requests come first)."""
        return self._answering > 0

    def answering(self, delta: int) -> None:
        with self._condition:
            self._answering += delta


def normalise_base(base: str) -> str:
    """``REPO``, ``/REPO`` or ``/REPO/`` -> ``/REPO/``; empty or ``/`` -> ``/``."""
    inner = "/".join(part for part in base.split("/") if part)
    return f"/{inner}/" if inner else "/"


class PreviewServer(ThreadingHTTPServer):
    daemon_threads = True
    """Long-polls must not keep the process alive at Ctrl-C."""
    request_queue_size = LISTEN_BACKLOG

    def __init__(self, address: tuple[str, int], site: LiveSite, base: str = "/",
                 on_page_failure: Callable[[PageFailure], object] | None = None,
                 request_timeout: float = REQUEST_TIMEOUT_S) -> None:
        self.site = site
        self.request_timeout = request_timeout
        self.base = normalise_base(base)
        self.on_page_failure = on_page_failure or (lambda failure: None)
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, _RequestHandler)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        name = host.decode() if isinstance(host, bytes) else str(host)
        shown = f"[{name}]" if ":" in name else name
        return f"http://{shown}:{port}{self.base}"


class _RequestHandler(BaseHTTPRequestHandler):
    server: PreviewServer
    server_version = "standings-serve"
    extensions_map: ClassVar[dict[str, str]] = {".json": "application/json", ".csv": "text/csv",
                                                ".trf": "text/plain", ".md": "text/plain"}

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(self.server.request_timeout)

    def do_GET(self) -> None:
        self._respond(send_body=True)

    def do_HEAD(self) -> None:
        self._respond(send_body=False)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the terminal is for rebuilds and diagnostics."""

    def _respond(self, *, send_body: bool) -> None:
        raw_path = urlsplit(self.path).path
        path = unquote(raw_path)
        if path == LIVERELOAD_SCRIPT:
            self._send(HTTPStatus.OK, LIVERELOAD_JS, "text/javascript; charset=utf-8", send_body)
            return
        if path.startswith(LIVERELOAD_EPOCH):
            self._answer_long_poll(path[len(LIVERELOAD_EPOCH):], send_body)
            return
        base = self.server.base
        if base != "/" and path in ("/", base.rstrip("/")):
            self._redirect(quote(base))
            return
        if not path.startswith(base):
            self._not_found(send_body)
            return
        site = self.server.site
        site.answering(+1)
        try:
            self._answer_page(path, path[len(base):], send_body)
        finally:
            site.answering(-1)

    def _answer_page(self, path: str, relative: str, send_body: bool) -> None:
        for attempt in range(3):
            files, diagnostics, epoch = self.server.site.current()
            try:
                found = _resolve(relative, files)
                content = files[found] if found and not found.endswith("/") else b""
            except PageFailure as failure:
                # A page of the newest build failed to render: its event goes back to its
                # last good pages (with the banner), and we answer from those.
                self.server.on_page_failure(failure)
                if attempt < 2:
                    continue
                self._send(HTTPStatus.INTERNAL_SERVER_ERROR, inject(
                    b"<!DOCTYPE html><html lang=en><meta charset=utf-8><title>Error</title>"
                    b"<body><h1>This page could not be rendered</h1></body></html>",
                    epoch=epoch, diagnostics=failure.diagnostics),
                    "text/html; charset=utf-8", send_body)
                return
            break
        if found is None:
            self._not_found(send_body)
        elif found.endswith("/"):
            # A folder asked for without its slash: GitHub Pages redirects, so do we (relative
            # links inside the page only resolve against the slashed address).
            self._redirect(quote(path) + "/")
        else:
            self._send_file(HTTPStatus.OK, found, content, epoch, diagnostics, send_body)

    def _answer_long_poll(self, seen: str, send_body: bool) -> None:
        try:
            last_seen = int(seen.strip("/"))
        except ValueError:
            last_seen = -1
        epoch = self.server.site.wait_past(last_seen, LONG_POLL_S)
        self._send(HTTPStatus.OK, str(epoch).encode(), "text/plain; charset=utf-8", send_body)

    def _not_found(self, send_body: bool) -> None:
        files, diagnostics, epoch = self.server.site.current()
        try:
            custom = files.get("404.html")
        except PageFailure:
            custom = None
        page = custom or (
            b"<!DOCTYPE html><html lang=en><meta charset=utf-8><title>Not found</title>"
            b"<body><h1>Not found</h1><p>No page at this address (yet).</p></body></html>")
        self._send_file(HTTPStatus.NOT_FOUND, "404.html", page, epoch, diagnostics, send_body)

    def _send_file(self, status: HTTPStatus, name: str, content: bytes, epoch: int,
                   diagnostics: tuple[Diagnostic, ...], send_body: bool) -> None:
        content_type = _content_type(name)
        if content_type.startswith("text/html"):
            content = inject(content, epoch=epoch, diagnostics=diagnostics)
        self._send(status, content, content_type, send_body)

    def _redirect(self, location: str) -> None:
        self.send_response(HTTPStatus.FOUND)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _send(self, status: HTTPStatus, content: bytes, content_type: str,
              send_body: bool) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(content)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            if send_body:
                self.wfile.write(content)
        except OSError:
            # The tab was closed or reloaded mid-answer, or stopped reading for longer than
            # the request timeout (TimeoutError): this connection is given up, nothing else.
            self.close_connection = True


def _resolve(relative: str, files: Mapping[str, bytes]) -> str | None:
    """The file a site-relative address names, as GitHub Pages resolves it.

    ``x/`` -> ``x/index.html``; ``x`` -> ``x`` or, failing that, ``x.html``; ``x`` naming a
    folder -> ``"x/"`` (the caller redirects to the slashed address). None: no such page.
    """
    if relative and posixpath.normpath("/" + relative).lstrip("/") != relative.rstrip("/"):
        return None  # dot segments or doubled slashes: no page has such an address
    if relative == "" or relative.endswith("/"):
        index = relative + "index.html"
        return index if index in files else None
    if relative in files:
        return relative
    if relative + "/index.html" in files:
        return relative + "/"
    if relative + ".html" in files:
        return relative + ".html"
    return None


def _content_type(name: str) -> str:
    suffix = posixpath.splitext(name)[1].lower()
    known = _RequestHandler.extensions_map.get(suffix) or mimetypes.guess_type(name)[0]
    content_type = known or "application/octet-stream"
    if content_type.startswith("text/") or content_type in ("application/json",
                                                            "image/svg+xml"):
        content_type += "; charset=utf-8"
    return content_type


# --- watching ------------------------------------------------------------------------------


EVERYTHING = None
"""A change that may touch every event (templates, the events folder itself)."""

_WRITES = frozenset({"created", "deleted", "modified", "moved", "closed"})
"""Event types that can change content. 'opened' and 'closed_no_write' are left out: the
build's own reads cause them, and reacting to them would rebuild forever."""
_WRITE_DONE = frozenset({"closed", "moved"})


class ChangeQueue:
    """What the watcher saw since the last rebuild, and when it last saw anything."""

    def __init__(self, *, quiet: float = QUIET_S, write_done_quiet: float = WRITE_DONE_QUIET_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._condition = threading.Condition()
        self._slugs: set[str] = set()
        self._everything = False
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

    def next_burst(self, timeout: float | None) -> frozenset[str] | bool | None:
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
            self._slugs, self._everything = set(), False
            return burst


class _WatchHandler(FileSystemEventHandler):
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


class _Watches:
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


# --- the whole preview ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
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
        self.build = LiveBuild(settings.events_root, site)
        self.changes = ChangeQueue(quiet=quiet)
        self.server = PreviewServer((settings.host, settings.port), self.live_site,
                                    settings.base, on_page_failure=self.page_failed,
                                    request_timeout=request_timeout)
        self._watches = _Watches(
            _WatchHandler(lambda path, write_done: self.file_changed(path, write_done=write_done),
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

    def file_changed(self, path: Path, *, write_done: bool = False) -> None:
        """Called by the watcher: note which event (or everything) the change touches."""
        root = self.events_root
        if root in path.parents:
            slug = path.relative_to(root).parts[0]
            if slug.startswith("."):
                return
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
            if path in self._watches or path in self._template_folders():
                self.changes.add(EVERYTHING, write_done=write_done)
        else:
            self.changes.add(EVERYTHING, write_done=write_done)  # a template or asset

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
                self.rebuild(burst)  # type: ignore[arg-type]
            except Exception as error:  # a bug of ours: say so, keep serving, keep watching
                self.log(f"standings serve: internal error while rebuilding: {error!r}; "
                         "the last good pages stay served")

    def _rearm_watches(self) -> bool:
        """Set the watches missing; True when any was (then everything is rebuilt)."""
        rearmed, happened = self._watches.check()
        if happened is not None:
            self.log(f"standings serve: {happened}")
        return rearmed

    def rebuild(self, suspects: Iterable[str] | None) -> Snapshot:
        """Refresh the suspected events and publish the result if anything changed."""
        with self._build_lock:
            with self._collector.rebuilding():
                snapshot = self.build.refresh(suspects)
            # A warning that appears or goes moves the epoch too: its banner must show.
            if snapshot.rebuilt or snapshot.notices != self._published_notices \
                    or not self._published:
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
                pending = next((unit for unit in files.units if unit.pending), None) \
                    if isinstance(files, SiteFiles) else None
                if pending is None and not self._collector.tidy_needed:
                    break
                if self.live_site.busy or self.changes.pending or self._build_lock.locked():
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
        if new_warnings:
            self.log(f"standings serve: {_WARNINGS_LOOK.heading.lower()}")
        for warning in new_warnings:
            self.log(str(warning))
        self._shown_warnings = frozenset(snapshot.warnings)
        if snapshot.rebuilt:
            names = ", ".join(name if name != INDEX_UNIT else "index pages"
                              for name in snapshot.rebuilt)
            self.log(f"rebuilt {names} in {snapshot.seconds * 1000:.0f} ms")


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
