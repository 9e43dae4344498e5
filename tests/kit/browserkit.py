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


class SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site folder under SUB_PATH only; anything else is a 404."""

    def translate_path(self, path: str) -> str:
        if not path.startswith(SUB_PATH):
            return "/nonexistent-outside-sub-path"
        return super().translate_path("/" + path[len(SUB_PATH):])

    def log_message(self, format: str, *args: object) -> None:  # quiet test output
        pass


@contextmanager
def served_under_sub_path(site: Path) -> Iterator[str]:
    """The address of ``site`` served on 127.0.0.1 under SUB_PATH, ending in "/"."""
    handler = functools.partial(SubPathHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    finally:
        server.shutdown()
        server.server_close()
