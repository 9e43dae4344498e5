"""Serving a built site to a real browser the way GitHub Pages serves a project site.

A project site lives under a sub-path (``user.github.io/REPO/``), so every link the site
makes must be relative or carry that prefix; serving the folder at SUB_PATH only (anything
else is a 404) makes a link that forgets it fail in the browser tests.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SUB_PATH = "/REPO/"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # quiet test output
        pass


class SubPathHandler(QuietHandler):
    """Serves the site folder under SUB_PATH only; anything else is a 404."""

    def translate_path(self, path: str) -> str:
        if not path.startswith(SUB_PATH):
            return "/nonexistent-outside-sub-path"
        return super().translate_path("/" + path[len(SUB_PATH):])


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # The default backlog is 5. A browser asks for a page's files at once; on a loaded
    # machine the accepting thread falls behind, the connections past the backlog are
    # dropped, and each waits out TCP's backoff (1, 3, 7, 15 s...): one page load ran past
    # playwright's 30 s under CI's load. The preview server keeps the same backlog.
    request_queue_size = 1024


@contextmanager
def served_under_sub_path(site: Path) -> Iterator[str]:
    """The address of ``site`` served on 127.0.0.1 under SUB_PATH, ending in "/"."""
    with _served(site, SubPathHandler) as address:
        yield address + SUB_PATH


@contextmanager
def served_at_root(site: Path) -> Iterator[str]:
    """The address of ``site`` served on 127.0.0.1 at "/", ending in "/"."""
    with _served(site, QuietHandler) as address:
        yield address + "/"


@contextmanager
def _served(site: Path, handler_class: type[QuietHandler]) -> Iterator[str]:
    handler = functools.partial(handler_class, directory=str(site))
    server = SiteServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
