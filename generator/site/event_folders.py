"""What an events folder holds, as the reader lists it: each event's slug and folder, and the
problems of the folder itself. The build lists it once, before it knows whether anything
changed (up_to_date.py), and the cache keys each event listed (cache.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from generator.errors import Diagnostic

__all__ = ["ListedFolders", "Listing"]


class ListedFolders(Mapping[str, Path]):
    """Slug -> an event's folder as listed, each Path made when it is asked for: a build
    that finds nothing changed asks for none of an archive's ten thousand."""

    __slots__ = ("given",)

    def __init__(self, given: Mapping[str, str]) -> None:
        self.given = given
        """Slug -> the folder as the listing gave it, in slug order."""

    def __getitem__(self, slug: str) -> Path:
        return Path(self.given[slug])

    def __contains__(self, slug: object) -> bool:
        return slug in self.given

    def __iter__(self) -> Iterator[str]:
        return iter(self.given)

    def __len__(self) -> int:
        return len(self.given)


@dataclass(frozen=True, slots=True, kw_only=True)
class Listing:
    """What an events folder holds, as the reader lists it (event_listing.event_paths)."""

    folders: Mapping[str, Path]
    """Slug -> the event folder (or loose TRF file), in slug order."""
    diagnostics: tuple[Diagnostic, ...] = ()
    """Problems of the events folder itself: what ``build`` and ``check`` report before
    reading any event (a TRF file beside the event folders, a refused name, a link)."""
    paths: tuple[str, ...] = ()
    """The event folders and TRF files as event_listing.event_paths gave them (as the user would
    write them), for the reader: the build lists the folder once."""
    slugs: tuple[str, ...] = ()
    """Each path's slug (events.event_slug's), worked out once: a stat and an absolute path
    each, which a build asked three times of every event of an archive."""

    def given(self) -> dict[str, str]:
        """Slug -> its path as listed (the last path of a slug, as the reader's)."""
        return dict(zip(self.slugs, self.paths, strict=True))
