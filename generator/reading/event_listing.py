"""An events folder listed: the event folders and TRF files it holds, a festival's sections,
and why an entry cannot be listed (a name that is no address, a link to a folder listed
already, a TRF file beside the event folders), and what a section's key takes from its
festival. It reads no event and parses no file: a build lists the events folder and digests
their files before it knows whether anything must be read, and a build that finds nothing
changed loads no reader of a file's content (events.py, festival.py).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from generator.errors import Diagnostic, Severity
from generator.files import InputFolder, input_problem
from generator.reading.event_places import (
    FESTIVAL_FILE,
    NOTES_FILE,
    SETTINGS_FILE,
    festival_of,
    is_festival_folder,
    is_trf_name,
    section_slug,
    trf_files,
)
from generator.reading.site_names import address_problem, address_problems

__all__ = ["event_paths", "listed_events", "no_such_path", "project_of", "section_folders",
           "section_inputs", "section_paths"]


def event_paths(path: str | os.PathLike[str], diagnostics: list[Diagnostic]) -> list[str]:
    """The event folders or TRF files that ``path`` stands for, as the user would write them.

    Listing an events folder refuses what would publish wrongly (``diagnostics``): folder
    names that are no web address (site_names), a TRF file dropped beside the event
    folders, and a symbolic link to a folder already listed, which is read once.
    """
    return [given for given, _slug in listed_events(path, diagnostics)]


def listed_events(path: str | os.PathLike[str], diagnostics: list[Diagnostic],
                  ) -> list[tuple[str, str | None]]:
    """:func:`event_paths`, each with its slug (event_places.event_slug's) where the listing
    knows it without a stat (an events folder's event folders and a festival's sections), else
    None: an archive's build names ten thousand events, a stat and an absolute path each."""
    given = os.fspath(path)
    place = Path(given)
    if not place.exists():
        diagnostics.append(no_such_path(given))
        return []
    if not place.is_dir():  # a file, or a pipe or device named like one: reading says which
        return [(given, None)]
    if is_festival_folder(place):
        return _named_sections(given, diagnostics)
    # One listing, whose entries say which are folders without a stat each (but a link's).
    with os.scandir(place) as listing:
        entries = sorted(listing, key=lambda entry: entry.name)
    found = [place / entry.name for entry in entries
             if is_trf_name(entry.name) and not entry.is_dir()]
    folders = [entry for entry in entries
               if entry.is_dir() and not entry.name.startswith((".", "_"))]
    # Only a TRF file here asks which folders are events: listing each costs a second at 1,000.
    event_folders = [entry.name for entry in folders if trf_files(place / entry.name)] \
        if found else []
    if event_folders and not _has_event_files(place):
        # Exported to the wrong place: read as the folder's event it would hide every
        # real event behind one named after the events folder.
        named = ", ".join(event_folders[:3]) + (
            f" and {len(event_folders) - 3} more" if len(event_folders) > 3 else "")
        diagnostics.extend(Diagnostic(
            path=os.path.join(given, trf.name),
            message=f"a TRF file beside the event folders ({named}) is not part of any event",
            expected="it inside its event's folder (move it there), or an event.yml "
                     "beside it if this folder is one event") for trf in found)
        found = []
    if len(found) > 1 and not _has_event_files(place):
        # A folder of loose TRF files (not an event folder): check each one on its own.
        return [(loose, None) for loose, _slug in _addresses(
            given, [_Entry(p.stem, p.name, p.is_symlink(), p.is_dir()) for p in found],
            diagnostics)]
    if found:
        return [(given, None)]
    if not folders and place.suffix.lower() == ".trf":
        diagnostics.append(Diagnostic(path=given, message="it is a folder, not a TRF file",
                                      expected="the TRF file itself, or its event folder"))
    elif not folders:
        diagnostics.append(Diagnostic(path=given, message="no event folders and no TRF file here",
                                      expected="one sub-folder per event, each with a .trf file"))
    # A folder's entry is a directory (is_dir above): a link to one is its only other kind.
    return _addresses(given, [_Entry(entry.name, entry.name, entry.is_symlink(), True)
                              for entry in folders], diagnostics)


def project_of(events_root: str | os.PathLike[str]) -> InputFolder:
    """Where the files of an events folder may lie: the folder holding it (the project,
    as for site.yml), and the events folder itself wherever a link of the user's takes it."""
    given = os.fspath(events_root)
    return InputFolder.of(os.path.join(given, os.pardir), given, name="the project folder")



def _has_event_files(folder: Path) -> bool:
    return (folder / SETTINGS_FILE).exists() or (folder / NOTES_FILE).exists()



class _Entry(NamedTuple):
    """An entry of an events folder as its listing gave it."""

    slug: str
    name: str
    is_link: bool
    is_dir: bool


def _addresses(given: str, entries: list[_Entry], diagnostics: list[Diagnostic],
               ) -> list[tuple[str, str | None]]:
    """The entries of an events folder that can be published, as the user would write them,
    with their slugs; a link to an entry already listed is read once, under the name of
    what it points to (real folders are listed before links, so a link never hides one)."""
    within = os.path.join(given, "")  # joined once: each name then added to it
    shown = {entry.slug: within + entry.name for entry in entries}
    listed: dict[str, str] = {}
    kept: list[_Entry] = []
    project: InputFolder | None = None
    # An entry that is no link lies where the folder does, resolved once for them all: in
    # the project (its root), so nothing but a link can be refused (files.input_problem).
    folder = os.path.join(os.path.realpath(given), "")
    for entry in sorted(entries, key=lambda entry: (entry.is_link, entry.slug)):
        slug = entry.slug
        if entry.is_link:
            real = os.path.realpath(shown[slug])
            if project is None:
                project = project_of(given)
            problem = input_problem(shown[slug], project, is_folder=True, real=Path(real)) \
                if os.path.isdir(shown[slug]) else None
        else:
            real, problem = folder + entry.name, None
        if problem is not None:
            diagnostics.append(Diagnostic(path=shown[slug], message=f"cannot read: {problem}",
                                          expected="the event folder itself in its place, or "
                                                   "a link to a folder inside the project"))
            continue
        if real in listed:
            diagnostics.append(Diagnostic(
                path=shown[slug], severity=Severity.WARNING,
                message=f"the same folder as {shown[listed[real]]} (a symbolic link), read "
                        f"once as {listed[real]!r}",
                expected="each event in one folder"))
            continue
        listed[real] = slug
        kept.append(entry)
    kept.sort(key=lambda entry: entry.slug)
    problems = address_problems((entry.slug, shown[entry.slug]) for entry in kept)
    diagnostics.extend(problems)
    refused = {problem.path for problem in problems}
    # A festival stands for its sections (reading/festival.py), each an event folder.
    found: list[tuple[str, str | None]] = []
    for entry in kept:
        path = shown[entry.slug]
        if path in refused:
            continue
        if entry.is_dir and is_festival_folder(path):
            found.extend(_named_sections(path, diagnostics))
        else:
            # An event folder's slug is its name, its events folder being no festival.
            found.append((path, entry.name if entry.is_dir else None))
    return found


def _named_sections(given: str, diagnostics: list[Diagnostic]) -> list[tuple[str, str | None]]:
    """:func:`section_paths` with each section's slug (under its festival's name)."""
    festival = os.path.basename(os.path.abspath(given))
    return [(section, section_slug(festival, os.path.basename(section)))
            for section in section_paths(given, diagnostics)]


def no_such_path(given: str) -> Diagnostic:
    return Diagnostic(path=given, message="no such file or folder",
                      expected="an events folder, an event folder or a TRF file")



def section_folders(festival: Path) -> list[Path]:
    """The sub-folders of a festival that are its sections (hidden ones left out)."""
    return sorted(p for p in festival.iterdir()
                  if p.is_dir() and not p.name.startswith((".", "_")))



def section_paths(given: str, diagnostics: list[Diagnostic]) -> list[str]:
    """The sections of the festival folder ``given`` as the user would write them, and why a
    folder cannot be one (``diagnostics``): a TRF file beside festival.yml belongs to no
    section, a festival may not hold another, and a festival needs a section."""
    place = Path(given)
    for loose in sorted(p for p in place.iterdir() if p.suffix.lower() == ".trf"
                        and not p.is_dir()):
        diagnostics.append(Diagnostic(
            path=os.path.join(given, loose.name),
            message="a TRF file directly in a festival folder belongs to no section",
            expected="it inside its section's folder (one sub-folder per section)"))
    if os.path.lexists(place / "event.yml"):
        diagnostics.append(Diagnostic(
            path=os.path.join(given, "event.yml"),
            message="event.yml beside festival.yml: a festival folder is no event",
            expected="the shared settings in festival.yml, a section's in its own folder"))
    kept: list[str] = []
    for folder in section_folders(place):
        shown = os.path.join(given, folder.name)
        if is_festival_folder(folder):
            diagnostics.append(Diagnostic(
                path=os.path.join(shown, FESTIVAL_FILE),
                message="a festival inside a festival",
                expected="section folders with a TRF file each, and festival.yml only in "
                         "the festival's own folder"))
            continue
        problem = address_problem(folder.name, shown)
        if problem is not None:
            diagnostics.append(problem)
            continue
        kept.append(shown)
    if not kept and not any(d.path.startswith(os.path.join(given, "")) for d in diagnostics):
        diagnostics.append(Diagnostic(
            path=os.path.join(given, FESTIVAL_FILE),
            message="a festival without sections",
            expected="one sub-folder per section beside festival.yml, each with a .trf file"))
    return kept



def section_inputs(section_folder: Path) -> bytes:
    """What a section's pages take from outside its own folder, to digest with its files
    (site/cache.py): festival.yml, and the sections' folder names its switcher lists.
    Empty for an event that is no section."""
    festival = festival_of(section_folder)
    if festival is None:
        return b""
    try:
        settings = (festival / FESTIVAL_FILE).read_bytes()
    except OSError:
        settings = b"\0<unreadable>\0"
    names = "\0".join(folder.name for folder in section_folders(festival))
    return b"\0festival\0" + settings + b"\0" + names.encode("utf-8", "surrogateescape")
