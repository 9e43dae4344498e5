"""Where an event lies: its TRF file, its settings files beside it, its festival, its
address. The readers of every kind of event share these (trf_event.py, events.py,
festival.py), and they import nothing of the settings files' readers.
"""

from __future__ import annotations

import os
from pathlib import Path

SETTINGS_FILE = "event.yml"
NOTES_FILE = "notes.md"
FESTIVAL_FILE = "festival.yml"


def trf_files(folder: Path) -> list[Path]:
    # Not only regular files: a pipe or a broken link named *.trf is reported by name
    # when it is read, rather than passed over in silence.
    return sorted(p for p in folder.iterdir() if is_trf_name(p.name) and not p.is_dir())


def is_trf_name(name: str) -> bool:
    """A TRF file's name: its suffix (as ``Path.suffix`` takes it) is .trf in any case."""
    dot = name.rfind(".")
    return dot > 0 and name[dot:].lower() == ".trf"


def is_alone_in_folder(trf: Path) -> bool:
    """A TRF file that is its folder's only one: the folder is its event folder."""
    return trf.parent.is_dir() and trf_files(trf.parent) == [trf]


def event_slug(place: Path, festivals: dict[Path, Path | None] | None = None) -> str:
    """The event's address on the site: its folder's name, or a lone TRF file's stem
    when other TRF files share the folder. The reader and the build cache both use it.

    ``festivals``: the festival each folder holding events was found to be (None: none),
    kept by a caller naming a folder's thousand events, each in the same folder."""
    # The name as listed (a symbolic link's own name), with "." and ".." made absolute.
    if place.is_file():
        return _named(place.parent, festivals) if is_alone_in_folder(place) else place.stem
    return _named(place, festivals)


def _named(folder: Path, festivals: dict[Path, Path | None] | None) -> str:
    named = Path(os.path.abspath(folder))
    if festivals is None:
        festival = festival_of(named)
    else:
        parent = named.parent
        if parent not in festivals:
            festivals[parent] = parent if is_festival_folder(parent) else None
        festival = festivals[parent]
    return named.name if festival is None else section_slug(festival.name, named.name)


def section_slug(festival: str, section: str) -> str:
    """A festival's section lives under its festival's address."""
    return f"{festival}/{section}"


def is_festival_folder(folder: str | os.PathLike[str]) -> bool:
    # lexists: a folder or a broken link named festival.yml is reported, not passed over.
    # It first: one lstat answers for most folders (an archive lists a thousand).
    return os.path.lexists(os.path.join(folder, FESTIVAL_FILE)) and os.path.isdir(folder)


def festival_of(section_folder: Path) -> Path | None:
    """The festival folder a section folder is in, if it is a section."""
    parent = Path(os.path.abspath(section_folder)).parent
    return parent if is_festival_folder(parent) else None


def is_events_folder(path: str | os.PathLike[str]) -> bool:
    """A folder holding no TRF file itself: an events folder, whose site.yml is beside it
    (an event folder, a festival folder or a TRF file has no site of its own)."""
    place = Path(path)
    return place.is_dir() and not trf_files(place) and not is_festival_folder(place)


__all__ = ["FESTIVAL_FILE", "NOTES_FILE", "SETTINGS_FILE", "event_slug", "festival_of",
           "is_alone_in_folder", "is_events_folder", "is_festival_folder", "is_trf_name",
           "section_slug", "trf_files"]
