"""The events whose pages ``standings serve`` keeps in memory, at an archive's scale.

An archive of a thousand events cannot keep every event's plan and pages: most are never
looked at during a session. An event that nobody edited is read when one of its pages is
asked for, and kept among the most recently asked ones while their rendered pages fit a
budget of bytes (and their number a budget of plans, which are larger than their pages until
those are rendered); the one asked longest ago is dropped first, and read again if asked
for again. What the index and the people pages need of every event is its summary
(site/summary.py), which livebuild.py keeps apart.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

PagesT = TypeVar("PagesT")

RESIDENT_BYTES = 64 * 1024 * 1024
"""Rendered pages kept of the events read on request, summed over them."""
RESIDENT_EVENTS = 12
"""Events read on request kept at most, whatever their pages weigh: a plan of a 60-player
event is about a quarter of a megabyte before any page is rendered."""


class Residents(Generic[PagesT]):
    """Pages loaded on request, by (event, key of its inputs), least recently asked dropped
    first. Thread-safe: two requests for one event load it once."""

    def __init__(self, size: Callable[[PagesT], int], *, budget_bytes: int = RESIDENT_BYTES,
                 budget_events: int = RESIDENT_EVENTS) -> None:
        self._size = size
        self._budget_bytes, self._budget_events = budget_bytes, budget_events
        self._lock = threading.Lock()
        self._loading: dict[str, threading.Lock] = {}
        self._held: OrderedDict[tuple[str, str], PagesT] = OrderedDict()

    def pages(self, slug: str, key: str, load: Callable[[], PagesT]) -> PagesT:
        """The pages of event ``slug`` read from inputs of ``key``: kept ones, or ``load()``
        (whose exception, if any, goes to the caller and keeps nothing)."""
        held = self._touched(slug, key)
        if held is not None:
            return held
        with self._lock:
            loading = self._loading.setdefault(slug, threading.Lock())
        with loading:
            held = self._touched(slug, key)
            if held is not None:
                return held
            loaded = load()
            with self._lock:
                for old in [known for known in self._held if known[0] == slug]:
                    del self._held[old]  # an older version of the event: never asked again
                self._held[(slug, key)] = loaded
                self._trim()
            return loaded

    def _touched(self, slug: str, key: str) -> PagesT | None:
        with self._lock:
            held = self._held.get((slug, key))
            if held is not None:
                self._held.move_to_end((slug, key))
                self._trim()
            return held

    def _trim(self) -> None:
        """Drop the least recently asked until the rest fit (the last asked always stays)."""
        while len(self._held) > 1 and (
                len(self._held) > self._budget_events
                or sum(self._size(pages) for pages in self._held.values()) > self._budget_bytes):
            self._held.popitem(last=False)

    def forget(self, slug: str) -> None:
        """Drop what is kept of event ``slug`` (an edit made its pages anew)."""
        with self._lock:
            for known in [known for known in self._held if known[0] == slug]:
                del self._held[known]

    def clear(self) -> None:
        """Forget every event kept (the templates changed: their pages are stale)."""
        with self._lock:
            self._held.clear()

    @property
    def held(self) -> tuple[str, ...]:
        """The events kept, least recently asked first."""
        with self._lock:
            return tuple(slug for slug, _ in self._held)
