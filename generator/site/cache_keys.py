"""The keys of the build cache (cache.py): what renders every page (the program's digest),
an event's pages, and the pages that list every event. A unit of the manifest is reused
while its key is the one it was made under."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from generator import __version__
from generator.site.input_digest import digest_folder
from generator.site.input_record import UNREAD_END

__all__ = ["PACKAGE_DIR", "event_ending", "event_key", "index_key", "package_digest",
           "program_digest", "unit_key"]

PACKAGE_DIR = Path(__file__).resolve().parents[1]


@cache
def package_digest() -> str:
    """The installed package's files as this process imported them.

    Once per process: ``standings serve`` asks for the program digest on every refresh, and
    hashing the whole package each time (half a megabyte) was a few milliseconds of every
    edit's latency, while a code change on disk cannot change what the running server renders.
    """
    return digest_folder(PACKAGE_DIR)


def program_digest(template_folders: Iterable[Path] = ()) -> str:
    """Digest of what renders every page: version, package files, a club's templates, and
    any single files given among the folders (site.yml: its title is on every page). Not the
    day of the build: it reaches an event's key alone (:func:`event_ending`)."""
    digest = hashlib.sha256(f"standings {__version__}\0".encode())
    digest.update(package_digest().encode())
    for folder in template_folders:
        # The name, not the path: which input it is (templates, site.yml, the logo) but not
        # where the project or the package lies on this machine.
        digest.update(b"\0" + folder.name.encode() + b"\0")
        digest.update(digest_folder(folder).encode())
    return digest.hexdigest()


def unit_key(program: str, inputs: str, ending: str = "") -> str:
    """The cache key of one event's output: ``ending`` is :func:`event_ending`'s."""
    return hashlib.sha256(f"{program}\0{inputs}\0{ending}".encode()).hexdigest()


def event_key(program: str, digest: str, ending: str) -> str:
    """The cache key of an event's pages in a build: :func:`unit_key`'s parts side by side,
    the program's digest and the event folder's each cut to 128 bits, rather than hashed
    together (a hash an event: 9 ms of every build at 10,000 events)."""
    return f"{program[:32]}{digest[:32]}{ending}"


def event_ending(end: str, day: str) -> str:
    """What an event's key takes of the day of the build ``day``, from its end date ``end``
    as the inputs' record keeps it (ISO dates, compared as text): whether the end date is
    still ahead; nothing for an event without one; for one not read from these inputs yet
    (:data:`~generator.site.input_record.UNREAD_END`), a mark no event read is keyed by."""
    if not end:
        return ""
    if end == UNREAD_END:
        return "unread"
    return "ahead" if end > day else "over"


def index_key(program: str, event_keys: Mapping[str, str]) -> str:
    """The cache key of the pages that list events: they depend on every event."""
    digest = hashlib.sha256(f"{program}\0index\0".encode())
    for slug in sorted(event_keys):
        digest.update(f"{slug}\0{event_keys[slug]}\0".encode())
    return digest.hexdigest()
