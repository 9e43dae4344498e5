"""Event folders -> Event records: where an event is read from the disk (the site is written
by ``site.build.build_site``).

An events folder holds one sub-folder per event; an event folder holds exactly
one ``*.trf`` file (any name) and optionally ``event.yml`` and ``notes.md``.
The folder name is the event's slug (its stable address on the site). ``site.yml`` and
its logo, beside an events folder, are ``site_files.py``'s.

Every problem of every file is collected first and raised as one
:class:`StandingsError`, so an arbiter sees them all in one run.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TypeVar, overload

from generator.errors import (
    Diagnostic,
    DiagnosticSink,
    StandingsError,
)
from generator.files import InputFolder, read_input_file, unreadable_input
from generator.model import Tournament
from generator.reading.assembly import EventHeading
from generator.reading.event_listing import event_paths, no_such_path, project_of
from generator.reading.event_places import (
    NOTES_FILE,
    SETTINGS_FILE,
    event_slug,
    is_alone_in_folder,
    is_events_folder,
    trf_files,
)
from generator.reading.festival import (
    Festival,
    entry_problems,
    festival_of,
    inherit,
    no_trf_in_section,
    read_festival,
)
from generator.reading.notes import MAX_CHARACTERS as MAX_NOTES_CHARACTERS
from generator.reading.notes import notes_problems, settings_position
from generator.reading.prize_settings import check_categories
from generator.reading.rating_settings import check_rating_change
from generator.reading.reread import Reread
from generator.reading.settings import MAX_SETTINGS_CHARACTERS, EventSettings, read_settings
from generator.reading.tiebreak_order import (
    DEFAULT_ROUND_ROBIN,
    DEFAULT_SWISS,
    ResolvedTiebreaks,
    TiebreakSource,
    resolve_tiebreaks,
)
from generator.reading.trf import PlayerRecord
from generator.reading.trf_event import Event, read_trf_event, summary

T = TypeVar("T")


def read_event(path: str | os.PathLike[str], *,
               reread: Reread[PlayerRecord] | None = None) -> Event:
    """Read one event: an event folder, or a TRF file (with the event.yml beside it, if any).

    ``reread``: kept by a caller that reads the same event again and again (reread.py), to
    offer what the last read made of each player line to this one.
    """
    event, diagnostics = _try_read_event(path, reread=reread)
    if event is None:
        raise StandingsError(diagnostics)
    return event


def read_events(root: str | os.PathLike[str]) -> tuple[Event, ...]:
    """Every event under an events folder, sorted by slug; one StandingsError for all problems.

    A folder that itself holds a TRF file is read as a single event.
    """
    events, diagnostics = read_paths([root])
    if any(d.is_error for d in diagnostics):
        raise StandingsError(diagnostics)
    return tuple(sorted(events, key=lambda e: e.slug))


@overload
def read_events_but(root: str | os.PathLike[str], known: Collection[str],
                    listed: tuple[Sequence[str], Sequence[Diagnostic]] | None = None,
                    ) -> tuple[Event, ...]: ...
@overload
def read_events_but(root: str | os.PathLike[str], known: Collection[str],
                    listed: tuple[Sequence[str], Sequence[Diagnostic]] | None = None, *,
                    keep: Callable[[Event], T]) -> tuple[T, ...]: ...
def read_events_but(root: str | os.PathLike[str], known: Collection[str],
                    listed: tuple[Sequence[str], Sequence[Diagnostic]] | None = None, *,
                    keep: Callable[[Event], object] | None = None) -> tuple[object, ...]:
    """:func:`read_events` without the events whose slug is in ``known`` (a build lists
    them from what it kept of them): they are not opened. The events folder's own problems
    are reported as read_events reports them. ``listed``: what :func:`event_paths` made of
    ``root`` (its paths and problems) when the caller has listed it already: a build lists
    its events folder once (half a second at 1,000 events). ``keep``: what is kept of each
    event, made as soon as it is read (an archive's events are not all held at once)."""
    diagnostics: list[Diagnostic] = []
    festivals: FestivalsRead = {}
    if listed is None:
        targets = event_paths(root, diagnostics)
    else:
        targets = list(listed[0])
        diagnostics.extend(listed[1])
    within = None if targets == [os.fspath(root)] else project_of(root)
    events = []
    parents: dict[Path, Path | None] = {}  # the folder of a thousand events looked at once
    for target in targets:
        if event_slug(Path(target), parents) in known:
            continue
        event, found = _try_read_event(target, within, festivals=festivals)
        diagnostics.extend(found)
        if event is not None:
            events.append((event.slug, event if keep is None else keep(event)))
    if any(d.is_error for d in diagnostics):
        raise StandingsError(diagnostics)
    return tuple(kept for _, kept in sorted(events, key=lambda pair: pair[0]))


def load_tournament(path: str | os.PathLike[str]) -> Tournament:
    """The Tournament of an event folder or TRF file (for tests and benchmarks)."""
    return read_event(path).tournament


def competitors_tournament(event: Event) -> Tournament:
    """What the event ranks: its teams (a team event) or its players."""
    return event.competitors


def read_paths(paths: Iterable[str | os.PathLike[str]]
               ) -> tuple[list[Event], tuple[Diagnostic, ...]]:
    """Read events folders, event folders and TRF files; never raises for bad input.

    Returns the events that could be read and every diagnostic (warnings included).
    """
    events: list[Event] = []
    diagnostics: list[Diagnostic] = []
    festivals: FestivalsRead = {}
    for path in paths:
        targets = event_paths(path, diagnostics)
        # An events folder's files stay in its project; an event named on its own, in it.
        within = None if targets == [os.fspath(path)] else project_of(path)
        for target in targets:
            event, found = _try_read_event(target, within, festivals=festivals)
            diagnostics.extend(found)
            if event is not None:
                events.append(event)
    return events, tuple(diagnostics)


FestivalsRead = dict[Path, tuple[Festival | None, tuple[Diagnostic, ...]]]
"""The festivals read so far by their folder, with their file's problems: each is read
once and its problems reported once, whichever of its sections comes first."""


def _festival(folder: Path, folder_display: str, within: InputFolder | None,
              festivals: FestivalsRead | None) -> tuple[Festival | None, tuple[Diagnostic, ...]]:
    """The festival whose section ``folder`` is, and the problems of its festival.yml that
    are not reported yet."""
    festivals = {} if festivals is None else festivals
    key = Path(os.path.abspath(folder)).parent
    if key in festivals:
        return festivals[key][0], ()
    display = os.path.dirname(os.path.normpath(folder_display)) or os.pardir
    festivals[key] = read_festival(key, display, within)
    return festivals[key]


def _try_read_event(path: str | os.PathLike[str], within: InputFolder | None = None, *,
                    reread: Reread[PlayerRecord] | None = None,
                    festivals: FestivalsRead | None = None,
                    ) -> tuple[Event | None, tuple[Diagnostic, ...]]:
    """``within``: where its files may lie (the project of the events folder listing it);
    an event named on its own (None) keeps them in its own folder. ``festivals``: those
    read so far, when several sections are read (:data:`FestivalsRead`)."""
    given = os.fspath(path)
    place = Path(given)
    slug = event_slug(place)
    if os.path.lexists(place) and not place.is_dir():
        folder, trf_path, trf_display = place.parent, place, given
        folder_display = os.path.dirname(given)
        has_settings = is_alone_in_folder(place)
    elif place.is_dir():
        folder, folder_display = place, given
        found = trf_files(place)
        if len(found) != 1:
            message = ("no .trf file in this event folder" if not found else
                       "more than one .trf file in this event folder: "
                       + ", ".join(p.name for p in found))
            folders = sorted(p.name for p in place.iterdir()
                             if p.suffix.lower() == ".trf" and p.is_dir())
            expected = "exactly one TRF file per event folder"
            if not found and place.suffix.lower() == ".trf":
                message, expected = ("it is a folder, not a TRF file",
                                     "the TRF file itself, or its event folder")
            elif not found and folders:
                message += f" ({folders[0]!r} is a folder, not a file)"
            elif not found and festival_of(place) is not None:
                return None, (no_trf_in_section(given),)
            return None, (Diagnostic(path=given, message=message, expected=expected),)
        trf_path = found[0]
        trf_display = os.path.join(given, trf_path.name)
        has_settings = True
    else:
        return None, (no_such_path(given),)
    festival_folder = festival_of(folder)
    festival: Festival | None = None
    diagnostics: list[Diagnostic] = []
    if festival_folder is not None:
        festival, found_in_festival = _festival(folder, folder_display, within, festivals)
        diagnostics.extend(found_in_festival)
        if festival is None:
            return None, tuple(diagnostics)
        # A section named on its own reads its festival.yml beside it.
        within = within or InputFolder.of(festival_folder, name="the festival folder")
    within = within or InputFolder.of(folder, name="the event folder")

    settings = EventSettings()
    settings_path = folder / SETTINGS_FILE
    # lexists: a pipe or a folder named event.yml is reported, not skipped in silence.
    if has_settings and os.path.lexists(settings_path):
        settings_display = os.path.join(folder_display, SETTINGS_FILE)
        # UTF-8 spends at most 4 bytes a character: enough to know the file is too long.
        settings_text = read_text(settings_path, settings_display, diagnostics, within,
                                   limit=4 * MAX_SETTINGS_CHARACTERS + 4)
        if settings_text is not None:
            settings_sink = DiagnosticSink(settings_display)
            settings = read_settings(settings_text, settings_display, settings_sink,
                                     inherited=festival.settings if festival else None)
            diagnostics.extend(settings_sink.collected())
            if settings.notes is not None:
                _check_notes(settings.notes, settings.path, settings_position(
                    settings_text, *settings.positions.get("notes", (1, 1))), diagnostics)
    if festival is not None:
        settings = _section_settings(festival, folder, settings)
    notes = settings.notes
    notes_path = folder / NOTES_FILE
    if has_settings and os.path.lexists(notes_path):
        notes_display = os.path.join(folder_display, NOTES_FILE)
        if notes is not None:
            line, column = settings.positions.get("notes", (None, None))
            diagnostics.append(Diagnostic(
                path=settings.path, line=line, column=column,
                message="notes given both in event.yml and in notes.md",
                expected="one of the two"))
        else:
            # UTF-8 spends at most 4 bytes a character: enough to know the notes are too long.
            notes = read_text(notes_path, notes_display, diagnostics, within,
                               limit=4 * MAX_NOTES_CHARACTERS + 4)
            if notes is not None:
                _check_notes(notes, notes_display, lambda line, column: (line, column),
                             diagnostics)

    return read_trf_event(
        slug, trf_path, trf_display, within, settings, notes, diagnostics,
        festival=festival, reread=reread, checks=_SettingsChecks(settings, festival, folder))


class _SettingsChecks:
    """event.yml's categories and rating changes, a festival's entries, against the
    players read (trf_event.py)."""

    def __init__(self, settings: EventSettings, festival: Festival | None,
                 folder: Path) -> None:
        self.settings = settings
        self.festival = festival
        self.folder = folder

    def of_players(self, tournament: Tournament, heading: EventHeading,
                   sink: DiagnosticSink) -> None:
        settings = self.settings
        for problem in check_categories(settings.categories, settings.positions,
                                        settings.file_of("categories"), tournament,
                                        heading.start_date):
            sink.add(problem)

    def of_event(self, tournament: Tournament, heading: EventHeading) -> list[Diagnostic]:
        settings, festival = self.settings, self.festival
        found = []
        if festival is not None:
            found.extend(entry_problems(festival, Path(os.path.abspath(self.folder)).name,
                                        {p.start_no for p in tournament.players}))
        if settings.rating_change is not None:
            found.extend(check_rating_change(
                settings.rating_change, tournament, first_day=heading.start_date,
                path=settings.file_of("rating_change"), positions=settings.positions))
        return found


def _section_settings(festival: Festival, folder: Path, own: EventSettings) -> EventSettings:
    """A section's settings: its event.yml's over its festival.yml's, and, where neither
    names it, the festival's title and the section's name as its title (the sections of a
    congress often carry one name in their TRF files)."""
    settings = inherit(festival.settings, own)
    title = festival.settings.title
    if own.title is None and title is not None and title.strip():
        label = festival.labels.get(Path(os.path.abspath(folder)).name, "")
        settings = replace(settings, title=f"{title.strip()} \N{EN DASH} {label}")
    return settings


def _check_notes(notes: str, path: str, locate: Callable[[int, int], tuple[int, int]],
                 diagnostics: list[Diagnostic]) -> None:
    """Notes Markdown cannot render in reasonable time are refused where they overrun
    (generator/reading/notes.py); ``locate`` turns a position in the notes into one in ``path``."""
    for problem in notes_problems(notes):
        line, column = locate(problem.line, problem.column)
        diagnostics.append(Diagnostic(path=path, line=line, column=column,
                                      message=problem.message, expected=problem.expected))


def read_text(path: Path, display: str, diagnostics: list[Diagnostic], within: InputFolder,
               limit: int | None = None) -> str | None:
    """The file as UTF-8 text; with ``limit``, its first ``limit`` bytes (a character cut
    in two at the end is left out, not reported)."""
    try:
        data = read_input_file(path, within, limit=limit)
    except OSError as error:
        diagnostics.append(unreadable_input(display, error))
        return None
    try:
        if limit is not None and len(data) == limit:
            return codecs.getincrementaldecoder("utf-8")().decode(data).removeprefix("\ufeff")
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        head = data[:error.start]
        line = head.count(b"\n") + 1
        column = error.start - (head.rfind(b"\n") + 1) + 1
        diagnostics.append(Diagnostic(path=display, line=line, column=column,
                                      message=f"byte 0x{data[error.start]:02X} is not UTF-8",
                                      expected="a file saved as UTF-8"))
        return None


__all__ = [
    "DEFAULT_ROUND_ROBIN",
    "DEFAULT_SWISS",
    "NOTES_FILE",
    "SETTINGS_FILE",
    "Event",
    "ResolvedTiebreaks",
    "TiebreakSource",
    "competitors_tournament",
    "event_slug",
    "is_events_folder",
    "load_tournament",
    "read_event",
    "read_events",
    "read_paths",
    "read_text",
    "resolve_tiebreaks",
    "summary",
    "trf_files",
]
