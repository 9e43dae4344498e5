"""What an archive's build hands to its side process (side_process.py) before it reads its
records, and how it takes each result back: the events folder's listing, whether the later
half of the events are unchanged (their folders and files as the inputs' record has them),
and whether every unit's output folders are as recorded (folder_check.py).

Both halves of the first question are a stat of each event's folder and files, 30,000 at
10,000 events: the build answers the first half itself while the side process answers the
second, which it reads the inputs' record for on its own. An answer is taken only for the
very entries the build read (a digest of them comes with it), and only "unchanged": an event
the side process did not find so is digested by the build, as any event without it.
"""

from __future__ import annotations

import contextlib
import hashlib
import pickle
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from generator.site.event_folders import Listing
from generator.site.folder_check import FolderCheck, checked_stamps
from generator.site.input_record import EventRecord, folder_stamp, load_inputs, unchanged_digest
from generator.site.side_process import SideProcess
from generator.site.stored_files import FolderStamps

__all__ = ["SideWork", "later_half"]

_UNCHANGED, _TO_DIGEST = b"1", b"0"


def later_half(slugs: Iterable[str]) -> list[str]:
    """The events (in slug order) whose inputs the side process looks at."""
    ordered = sorted(slugs)
    return ordered[len(ordered) // 2:]


class SideWork:
    """The side process's results, each taken in the order it sends them."""

    def __init__(self, side: SideProcess, fallback: Callable[[], Listing]) -> None:
        self._side, self._fallback = side, fallback

    @classmethod
    def start(cls, listing: Callable[[], Listing], out: Path, inputs_path: str,
              trusted: int) -> SideWork | None:
        """The work begun in a side process; None when none can be forked. ``trusted``: no
        folder changed after it (in nanoseconds) is taken for unchanged."""
        shared: dict[str, Any] = {}  # between the tasks, in the side process

        def listed() -> bytes:
            shared["listing"] = listing()
            return pickle.dumps(shared["listing"])

        def unchanged() -> bytes:
            shared["record"] = load_inputs(out, inputs_path)
            recorded = shared["record"][0]
            given = shared["listing"].given()
            slugs = later_half(given)
            return _entries_digest(slugs, given, recorded) + bytes(
                _UNCHANGED[0] if _is_unchanged(given[slug], recorded.get(slug), slug, trusted)
                else _TO_DIGEST[0] for slug in slugs)

        def stamps() -> bytes:
            return checked_stamps(out, shared["record"][1].values())

        side = SideProcess.start([listed, unchanged, stamps])
        return None if side is None else cls(side, listing)

    def listing(self) -> Listing:
        """The events folder's listing (made here if the side process gives none)."""
        data = self._side.next()
        if data is not None:
            with contextlib.suppress(pickle.UnpicklingError, EOFError, ValueError):
                listed = pickle.loads(data)
                if isinstance(listed, Listing):
                    return listed
        return self._fallback()

    def unchanged(self, places: Mapping[str, str],
                  recorded: Mapping[str, EventRecord]) -> set[str]:
        """The events of :func:`later_half` the side process found unchanged, for the
        entries ``recorded`` (the build's own read of the record); none when it answered
        for other entries or failed."""
        data = self._side.next()
        slugs = later_half(places)
        digest = _entries_digest(slugs, places, recorded)
        if data is None or data[:len(digest)] != digest or len(data) != len(digest) + len(slugs):
            return set()
        answers = data[len(digest):]
        return {slug for at, slug in enumerate(slugs) if answers[at] == _UNCHANGED[0]}

    def folder_check(self, stamps: Mapping[str, FolderStamps]) -> FolderCheck:
        """The output's folders' answers, read when first asked for (after the above)."""
        return FolderCheck(self._side, stamps.values())


def _is_unchanged(path: str, record: EventRecord | None, slug: str, trusted: int) -> bool:
    # As input_digest.event_inputs finds an entry that stands: a section's folder never
    # vouches for its files (its festival's are digested with them).
    return "/" not in slug and unchanged_digest(path, folder_stamp(path, trusted),
                                                record) is not None


def _entries_digest(slugs: Sequence[str], places: Mapping[str, str],
                    recorded: Mapping[str, EventRecord]) -> bytes:
    """What the answers are of: each event's slug, path and recorded stamps."""
    digest = hashlib.sha256()
    for slug in slugs:
        record = recorded.get(slug)
        digest.update(f"{slug}\0{places[slug]}\0".encode("utf-8", "surrogateescape"))
        digest.update(b"-\n" if record is None else
                      f"{record[0]}\0{record[1]}\0{record[2]}\0{record[3]}\n".encode(
                          "utf-8", "surrogateescape"))
    return digest.digest()
