"""The preview's HTTP side: the served snapshot and its epoch, the request handler, and what
every served HTML page gains (the banners, the live-reload script).

The site lives in memory (``site/`` is never touched): a rebuild produces a new collection of
pages and the server switches to it in one assignment (:class:`LiveSite`), so a request sees
either the whole old site or the whole new one. Every served HTML page carries a small
script, added at serve time and never written to a built site, that long-polls the epoch and
reloads the tab when it moves. When a file is broken, the last good pages stay and every HTML
page is served with the diagnostics in a banner, inserted into the HTML on the server so it
shows without JavaScript; the warnings (which ``--strict`` refuses) get a banner of their own.
Addresses resolve as GitHub Pages resolves them, under ``--base`` as under a project site.
"""

from __future__ import annotations

import html
import mimetypes
import posixpath
import re
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar
from urllib.parse import parse_qs, quote, unquote, urlsplit

from generator.errors import Diagnostic, Severity, warning_count
from generator.messages import N_
from generator.preview.lazy_pages import PageFailure
from generator.preview.livebuild import SiteFiles, resolve_address
from generator.site.language import ENGLISH, NoCatalogue, gettext, shipped_languages, speaking

LONG_POLL_S = 20.0
"""A live-reload request is answered after this long even if nothing changed (the tab asks
again), so no proxy or browser gives up on it."""
REQUEST_TIMEOUT_S = 10.0
"""How long a connection may stay silent while its request is read or its answer written.
A tab that opened a connection and said nothing (a preconnect, a sleeping laptop, a stuck
proxy) would otherwise hold a thread for good. A long-poll is not cut by it: while it waits
for the next build it neither reads nor writes."""
FRESH_WAIT_S = 5.0
"""How long a request for a page that a change being rebuilt touches waits for the new page
before the last one is served instead (a file rewritten without pause keeps its event
rebuilding)."""
SHOWN_GRACE_S = 5.0
"""How long a page stays counted as shown after its tab's long-poll ended: the tab is
reloading it, and an edit in between should still render it first."""
LISTEN_BACKLOG = 1024
"""Connections the system may hold before the server accepts them (capped by the system's
own limit). With Python's default of 5, a page opened by a few dozen tabs at once saw
connections dropped and retried by the client one, three, seven seconds later."""

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
  // The page shown goes with the poll: after an edit, the server renders it first.
  var shown = "?page=" + encodeURIComponent(window.location.pathname);
  function poll() {
    fetch(endpoint + epoch + shown, {cache: "no-store"})
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
"""The sticky block that holds the banners below."""
BANNER_ID = "standings-build-errors"
WARNINGS_ID = "standings-build-warnings"
NOTES_ID = "standings-build-notes"
_BODY_OPEN = re.compile(rb"<body\b[^>]*>", re.IGNORECASE)
_BODY_CLOSE = re.compile(rb"</body\s*>", re.IGNORECASE)
_HTML_LANG = re.compile(rb'<html\b[^>]*?\blang="([A-Za-z-]{2,12})"', re.IGNORECASE)


# --- what the served HTML gains ------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class BannerLook:
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
    is_open: bool
    """Open on every load (errors: these pages are stale), or folded to its heading and
    count until a tap opens it, so that on a phone the page itself keeps the first screen."""


ERRORS_LOOK = BannerLook(
    element_id=BANNER_ID, role="alert",
    heading=N_("Problems: these pages are from the last good build"),
    note=N_("standings serve found these problems in the files:"),
    background="#fde8e8", text="#5c0a0a", edge="#b00020", is_open=True)
WARNINGS_LOOK = BannerLook(
    element_id=WARNINGS_ID, role="status",
    heading=N_("Warnings: publishing with --strict will refuse them"),
    note=N_("These pages show the files as they are, but the publishing workflow builds "
            "with --strict, which publishes nothing while any of these warnings stands:"),
    background="#fff3cd", text="#4a3500", edge="#b7791f", is_open=False)
NOTES_LOOK = BannerLook(
    element_id=NOTES_ID, role="status",
    heading=N_("Notes: publishing goes ahead"),
    note=N_("Not problems: how the files were read, which the publishing workflow accepts, "
            "with --strict too:"),
    background="#e8f0fe", text="#0b2a5c", edge="#3367d6", is_open=False)


def page_language(page: bytes) -> str:
    """The language a page says it is in (``<html lang="de">``), so that its banners speak it;
    English when it says none the site ships."""
    found = _HTML_LANG.search(page, 0, 512)
    code = found[1].decode("ascii") if found else ENGLISH
    return code if code in shipped_languages() else ENGLISH


def render_banner(diagnostics: Iterable[Diagnostic], *, language: str = ENGLISH) -> bytes:
    """The errors, then the warnings, each in its own banner, as one HTML block.

    The block sticks to the top of the window: a tab reloaded by the live reload keeps its
    scroll position, and a banner at the top of the page would land above the screen. It is
    at most half the window high (a long list scrolls inside it), and each banner is a
    ``<details>`` open on every load, which a tap on its heading folds to that one line (no
    script needed). Styled inline, from ``all:initial``, so no stylesheet can hide it.
    """
    errors: list[Diagnostic] = []
    warned: list[Diagnostic] = []
    notes: list[Diagnostic] = []
    warnings = 0
    # One pass, comparing by identity (an enum's hash is a Python call): an archive's
    # banner may stand for tens of thousands.
    for diagnostic in diagnostics:
        severity = diagnostic.severity
        if severity is Severity.ERROR:
            errors.append(diagnostic)
        elif severity is Severity.REMARK:
            notes.append(diagnostic)
        else:
            warned.append(diagnostic)
            # A cap's note ("100 more warnings not shown") counts the warnings it stands for.
            warnings += diagnostic.omitted if severity is Severity.NOTE else 1
    looks = ((ERRORS_LOOK, errors, len(errors)), (WARNINGS_LOOK, warned, warnings),
             (NOTES_LOOK, notes, len(notes)))
    try:
        with speaking(language):  # the headings in the page's language; diagnostics English
            boxes = "".join(_banner(*look) for look in looks if look[1])
    except NoCatalogue:  # a broken install: English rather than no banner at all
        boxes = "".join(_banner(*look) for look in looks if look[1])
    return _notices_block(boxes)


BANNER_ITEMS = 200
"""Diagnostics listed in one banner at most; the rest are counted in a last line. An
archive's thousand events may warn of tens of thousands of things (megabytes on every page
served, and none of it read); ``standings check`` lists them all."""


def _capped(diagnostics: list[Diagnostic], count: int) -> list[Diagnostic]:
    """The first :data:`BANNER_ITEMS` of a banner's ``count`` and a note for the rest."""
    if len(diagnostics) <= BANNER_ITEMS:
        return diagnostics
    shown = diagnostics[:BANNER_ITEMS]
    left_out = len(diagnostics) - BANNER_ITEMS
    return [*shown, Diagnostic(
        path="standings serve", severity=Severity.NOTE,
        omitted=max(0, count - warning_count(shown)),
        message=f"{left_out} more not shown here; standings check lists them all")]


_LAST_BANNER: dict[str, tuple[tuple[Diagnostic, ...], bytes]] = {}
"""The banner last rendered in each language, with the diagnostics it shows: every page
served until they change carries the same one."""


_BANNER_LOCK = threading.Lock()
"""Renders one banner at a time: the requests a rebuild held back are answered at once, and
each would otherwise render the same new banner (tens of milliseconds for an archive's)."""


def _banner_block(diagnostics: tuple[Diagnostic, ...], language: str) -> bytes:
    last = _LAST_BANNER.get(language)
    if last is not None and last[0] is diagnostics:
        return last[1]
    with _BANNER_LOCK:
        last = _LAST_BANNER.get(language)
        if last is not None and last[0] is diagnostics:
            return last[1]
        banner = render_banner(diagnostics, language=language)
        _LAST_BANNER[language] = (diagnostics, banner)
        return banner


def _notices_block(boxes: str) -> bytes:
    return (
        f'<div id="{NOTICES_ID}" style="all:initial;display:block;position:sticky;top:0;'
        "z-index:2147483647;max-height:50vh;overflow-y:auto;box-sizing:border-box;"
        f'box-shadow:0 2px 6px rgba(0,0,0,.3)">{boxes}</div>'
    ).encode()


def _banner(look: BannerLook, diagnostics: list[Diagnostic], count: int) -> str:
    items = "".join(
        '<li><code style="font:13px/1.4 ui-monospace,Menlo,Consolas,monospace;color:inherit;'
        f'background:none;white-space:pre-wrap">{html.escape(str(d))}</code></li>'
        for d in _capped(diagnostics, count)
    )
    return (
        f'<div id="{look.element_id}" role="{look.role}" style="display:block;margin:0;'
        f"padding:.5rem 1rem;background:{look.background};color:{look.text};"
        f"border-bottom:3px solid {look.edge};font:15px/1.45 system-ui,sans-serif;"
        f'text-align:left;overflow-wrap:anywhere"><details{" open" if look.is_open else ""} '
        'style="display:block;margin:0">'
        # One line however narrow the screen: the count first, the heading cut if it must be.
        '<summary style="cursor:pointer;font-weight:bold;white-space:nowrap;overflow:hidden;'
        f'text-overflow:ellipsis"><span style="display:inline-block;min-width:1.4em;'
        f'margin-right:.4em;padding:0 .35em;border-radius:.7em;background:{look.text};'
        f'color:{look.background};text-align:center">{count}</span>{html.escape(gettext(look.heading))}'
        f'</summary><p style="margin:.3rem 0 0">{html.escape(gettext(look.note))}</p>'
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
        banner = _banner_block(diagnostics, page_language(page))
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
        self._files = SiteFiles.empty()
        self._diagnostics: tuple[Diagnostic, ...] = ()
        # Epochs start from the clock, so a tab left open across a restart of the server
        # sees a different epoch and reloads.
        self._epoch = time.time_ns() // 1_000_000
        self._closed = False
        self._answering = 0
        self._shown: Counter[str] = Counter()
        self._last_shown: dict[str, float] = {}

    def publish(self, files: SiteFiles, diagnostics: tuple[Diagnostic, ...]) -> int:
        with self._condition:
            self._files, self._diagnostics = files, diagnostics
            self._epoch += 1
            self._condition.notify_all()
            return self._epoch

    def current(self) -> tuple[SiteFiles, tuple[Diagnostic, ...], int]:
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

    @contextmanager
    def showing(self, address: str | None) -> Iterator[None]:
        """A tab shows the page at ``address`` (site-relative) while its long-poll waits."""
        if address is None:
            yield
            return
        with self._condition:
            self._shown[address] += 1
        try:
            yield
        finally:
            with self._condition:
                self._shown[address] -= 1
                if not self._shown[address]:
                    del self._shown[address]
                self._last_shown[address] = time.monotonic()

    def shown(self) -> tuple[str, ...]:
        """The addresses the open tabs show (or showed until a moment ago: reloading)."""
        now = time.monotonic()
        with self._condition:
            for address, ended in list(self._last_shown.items()):
                if now - ended > SHOWN_GRACE_S:
                    del self._last_shown[address]
            return tuple(sorted({*self._shown, *self._last_shown}))

    def reloading(self, within: float) -> bool:
        """A tab whose long-poll ended less than ``within`` seconds ago has not polled
        again: it is still reloading its page (or was closed)."""
        now = time.monotonic()
        with self._condition:
            return any(now - ended < within for address, ended in self._last_shown.items()
                       if address not in self._shown)

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
                 request_timeout: float = REQUEST_TIMEOUT_S,
                 wait_fresh: Callable[[str], object] | None = None) -> None:
        self.site = site
        self.request_timeout = request_timeout
        self.base = normalise_base(base)
        self.on_page_failure = on_page_failure or (lambda failure: None)
        self.wait_fresh = wait_fresh or (lambda relative: None)
        """Called with a page's site-relative address before it is answered: returns once
        no change being rebuilt touches it (serve.py), so the page is the new one."""
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
        site.answering(+1)  # from now on: the warmer steps aside while this waits too
        try:
            self.server.wait_fresh(path[len(base):])
            self._answer_page(path, path[len(base):], send_body)
        finally:
            site.answering(-1)

    def _answer_page(self, path: str, relative: str, send_body: bool) -> None:
        for attempt in range(3):
            files, diagnostics, epoch = self.server.site.current()
            try:
                found = resolve_address(relative, files)
                content = files.page(found) if found and not found.endswith("/") else b""
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
            if attempt < 2 and self.server.site.epoch != epoch:
                # A rebuild was served while this page rendered (a job of the pages it
                # replaced may have held their lock): answer from the new pages instead.
                continue
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
        site = self.server.site
        with site.showing(self._shown_address()):
            epoch = site.wait_past(last_seen, LONG_POLL_S)
        self._send(HTTPStatus.OK, str(epoch).encode(), "text/plain; charset=utf-8", send_body)

    def _shown_address(self) -> str | None:
        """The site-relative address of the page whose reload script polls (its ``page``)."""
        shown = parse_qs(urlsplit(self.path).query).get("page")
        if not shown:
            return None
        path, base = unquote(shown[0]), self.server.base
        return path[len(base):] if path.startswith(base) else None

    def _not_found(self, send_body: bool) -> None:
        files, diagnostics, epoch = self.server.site.current()
        try:
            custom = files.page("404.html") if "404.html" in files else None
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


def _content_type(name: str) -> str:
    suffix = posixpath.splitext(name)[1].lower()
    known = _RequestHandler.extensions_map.get(suffix) or mimetypes.guess_type(name)[0]
    content_type = known or "application/octet-stream"
    if content_type.startswith("text/") or content_type in ("application/json",
                                                            "image/svg+xml"):
        content_type += "; charset=utf-8"
    return content_type
