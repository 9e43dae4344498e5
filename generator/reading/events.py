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
from dataclasses import field, replace
from pathlib import Path

from generator.clock import build_date
from generator.errors import (
    Diagnostic,
    DiagnosticSink,
    Severity,
    StandingsError,
    warning_count,
)
from generator.files import InputFolder, input_problem, read_input_file, unreadable_input
from generator.model import Edition, TeamTournament, Tournament
from generator.reading.assembly import EventHeading, assemble, resolve_heading
from generator.reading.decoding import MAX_TRF_BYTES, decode_trf
from generator.reading.festival import (
    Festival,
    entry_problems,
    festival_of,
    inherit,
    is_festival_folder,
    no_trf_in_section,
    read_festival,
    section_paths,
)
from generator.reading.notes import MAX_CHARACTERS as MAX_NOTES_CHARACTERS
from generator.reading.notes import notes_problems, settings_position
from generator.reading.rating_settings import check_rating_change
from generator.reading.reread import Reread
from generator.reading.settings import MAX_SETTINGS_CHARACTERS, EventSettings, read_settings
from generator.reading.site_names import address_problems
from generator.reading.teams import build_team_tournament, explained_warnings
from generator.reading.tiebreak_order import (
    DEFAULT_ROUND_ROBIN,
    DEFAULT_SWISS,
    ResolvedTiebreaks,
    TiebreakSource,
    resolve_tiebreaks,
)
from generator.reading.trf import PlayerRecord, read_records
from generator.rules.progress import event_progress
from generator.speed import collector_paused, frozen_record

SETTINGS_FILE = "event.yml"
NOTES_FILE = "notes.md"


@frozen_record
class Event:
    slug: str
    """The folder name: the event's address on the site."""
    trf_path: Path
    display_path: str
    """The TRF file as the user named it (``events/open-2026/tournament.trf``)."""
    trf_bytes: bytes = field(repr=False)
    """The file exactly as read: the site's download, so it is the same file as the pages."""
    tournament: Tournament
    heading: EventHeading
    """Title, dates, place, organiser, arbiter: event.yml over the TRF header, decided once."""
    settings: EventSettings
    edition: Edition
    """settings.edition, else the edition in force on the start date (newest if undated)."""
    tiebreaks: ResolvedTiebreaks
    notes: str | None
    """Markdown: event.yml ``notes`` or the folder's notes.md."""
    warnings: tuple[Diagnostic, ...] = ()
    teams: TeamTournament | None = None
    """A team event (C.07 Art. 11): the teams as the competitors, each round a match;
    None for an individual event. ``tournament`` stays the event board by board."""
    festival: Festival | None = None
    """The festival this event is a section of (reading/festival.py); None for an event
    on its own. The sections of one festival share the one record."""

    @property
    def competitors(self) -> Tournament:
        """What is ranked: the teams of a team event, else the players."""
        return self.teams if self.teams is not None else self.tournament


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


def read_events_but(root: str | os.PathLike[str], known: Collection[str],
                    listed: tuple[Sequence[str], Sequence[Diagnostic]] | None = None
                    ) -> tuple[Event, ...]:
    """:func:`read_events` without the events whose slug is in ``known`` (a build lists
    them from what it kept of them): they are not opened. The events folder's own problems
    are reported as read_events reports them. ``listed``: what :func:`event_paths` made of
    ``root`` (its paths and problems) when the caller has listed it already: a build lists
    its events folder once (half a second at 1,000 events)."""
    diagnostics: list[Diagnostic] = []
    festivals: FestivalsRead = {}
    if listed is None:
        targets = event_paths(root, diagnostics)
    else:
        targets = list(listed[0])
        diagnostics.extend(listed[1])
    within = None if targets == [os.fspath(root)] else _project(root)
    events = []
    for target in targets:
        if event_slug(Path(target)) in known:
            continue
        event, found = _try_read_event(target, within, festivals=festivals)
        diagnostics.extend(found)
        if event is not None:
            events.append(event)
    if any(d.is_error for d in diagnostics):
        raise StandingsError(diagnostics)
    return tuple(sorted(events, key=lambda e: e.slug))


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
        within = None if targets == [os.fspath(path)] else _project(path)
        for target in targets:
            event, found = _try_read_event(target, within, festivals=festivals)
            diagnostics.extend(found)
            if event is not None:
                events.append(event)
    return events, tuple(diagnostics)


def event_paths(path: str | os.PathLike[str], diagnostics: list[Diagnostic]) -> list[str]:
    """The event folders or TRF files that ``path`` stands for, as the user would write them.

    Listing an events folder refuses what would publish wrongly (``diagnostics``): folder
    names that are no web address (site_names), a TRF file dropped beside the event
    folders, and a symbolic link to a folder already listed, which is read once.
    """
    given = os.fspath(path)
    place = Path(given)
    if not place.exists():
        diagnostics.append(_no_such_path(given))
        return []
    if not place.is_dir():  # a file, or a pipe or device named like one: reading says which
        return [given]
    if is_festival_folder(place):
        return section_paths(given, diagnostics)
    found = trf_files(place)
    folders = sorted(p for p in place.iterdir()
                     if p.is_dir() and not p.name.startswith((".", "_")))
    # Only a TRF file here asks which folders are events: listing each costs a second at 1,000.
    event_folders = [p.name for p in folders if trf_files(p)] if found else []
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
        return _addresses(given, [(p.stem, p) for p in found], diagnostics)
    if found:
        return [given]
    if not folders and place.suffix.lower() == ".trf":
        diagnostics.append(Diagnostic(path=given, message="it is a folder, not a TRF file",
                                      expected="the TRF file itself, or its event folder"))
    elif not folders:
        diagnostics.append(Diagnostic(path=given, message="no event folders and no TRF file here",
                                      expected="one sub-folder per event, each with a .trf file"))
    return _addresses(given, [(p.name, p) for p in folders], diagnostics)


def _project(events_root: str | os.PathLike[str]) -> InputFolder:
    """Where the files of an events folder may lie: the folder holding it (the project,
    as for site.yml), and the events folder itself wherever a link of the user's takes it."""
    given = os.fspath(events_root)
    return InputFolder.of(os.path.join(given, os.pardir), given, name="the project folder")


def _has_event_files(folder: Path) -> bool:
    return (folder / SETTINGS_FILE).exists() or (folder / NOTES_FILE).exists()


def _addresses(given: str, entries: list[tuple[str, Path]],
               diagnostics: list[Diagnostic]) -> list[str]:
    """The entries of an events folder (slug, path) that can be published, as the user
    would write them; a link to an entry already listed is read once, under the name of
    what it points to (real folders are listed before links, so a link never hides one)."""
    shown = {name: os.path.join(given, place.name) for name, place in entries}
    listed: dict[Path, str] = {}
    kept: list[str] = []
    project = _project(given)
    for name, place in sorted(entries, key=lambda entry: (entry[1].is_symlink(), entry[0])):
        problem = input_problem(place, project, is_folder=True) if place.is_dir() else None
        if problem is not None:
            diagnostics.append(Diagnostic(path=shown[name], message=f"cannot read: {problem}",
                                          expected="the event folder itself in its place, or "
                                                   "a link to a folder inside the project"))
            continue
        real = place.resolve()
        if real in listed:
            diagnostics.append(Diagnostic(
                path=shown[name], severity=Severity.WARNING,
                message=f"the same folder as {shown[listed[real]]} (a symbolic link), read "
                        f"once as {listed[real]!r}",
                expected="each event in one folder"))
            continue
        listed[real] = name
        kept.append(name)
    problems = address_problems((name, shown[name]) for name in sorted(kept))
    diagnostics.extend(problems)
    refused = {problem.path for problem in problems}
    # A festival stands for its sections (reading/festival.py), each an event folder.
    return [target for name in sorted(kept) if shown[name] not in refused
            for target in (section_paths(shown[name], diagnostics)
                           if is_festival_folder(Path(shown[name])) else [shown[name]])]


def _no_such_path(given: str) -> Diagnostic:
    return Diagnostic(path=given, message="no such file or folder",
                      expected="an events folder, an event folder or a TRF file")


def is_events_folder(path: str | os.PathLike[str]) -> bool:
    """A folder holding no TRF file itself: an events folder, whose site.yml is beside it
    (an event folder, a festival folder or a TRF file has no site of its own)."""
    place = Path(path)
    return place.is_dir() and not trf_files(place) and not is_festival_folder(place)


def trf_files(folder: Path) -> list[Path]:
    # Not only regular files: a pipe or a broken link named *.trf is reported by name
    # when it is read, rather than passed over in silence.
    return sorted(p for p in folder.iterdir() if p.suffix.lower() == ".trf" and not p.is_dir())


def _is_alone_in_folder(trf: Path) -> bool:
    """A TRF file that is its folder's only one: the folder is its event folder."""
    return trf.parent.is_dir() and trf_files(trf.parent) == [trf]


def event_slug(place: Path) -> str:
    """The event's address on the site: its folder's name, or a lone TRF file's stem
    when other TRF files share the folder. The reader and the build cache both use it."""
    # The name as listed (a symbolic link's own name), with "." and ".." made absolute.
    if place.is_file():
        return _named(place.parent) if _is_alone_in_folder(place) else place.stem
    return _named(place)


def _named(folder: Path) -> str:
    named = Path(os.path.abspath(folder))
    festival = festival_of(named)
    # A festival's section lives under its festival's address.
    return f"{festival.name}/{named.name}" if festival is not None else named.name


def _prizes_not_for_teams(settings: EventSettings) -> list[Diagnostic]:
    """A warning at each of event.yml's categories and prizes in a team event: they rank
    players, and a team event's site ranks teams, so they would be left out unsaid."""
    found = []
    for key in ("categories", "prizes"):
        if getattr(settings, key):
            line, column = settings.positions.get(key, (None, None))
            found.append(Diagnostic(
                path=settings.file_of(key), line=line, column=column, severity=Severity.WARNING,
                message=f"'{key}' is not applied to a team event: its site ranks teams",
                expected=f"no '{key}' in a team event's event.yml"))
    return found


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
        has_settings = _is_alone_in_folder(place)
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
        return None, (_no_such_path(given),)
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

    try:
        # decode_trf refuses a byte more than MAX_TRF_BYTES.
        data = read_input_file(trf_path, within, limit=MAX_TRF_BYTES + 1)
    except OSError as error:
        diagnostics.append(unreadable_input(trf_display, error, "a readable TRF file"))
        return None, tuple(diagnostics)
    try:
        text, decode_warnings = decode_trf(data, trf_display, settings.encoding)
    except StandingsError as error:
        diagnostics.extend(error.diagnostics)
        return None, tuple(diagnostics)
    sink = DiagnosticSink(trf_display)
    for warning in decode_warnings:
        sink.add(warning)
    if reread is not None:
        reread.begin()
    with collector_paused():
        document = read_records(text, trf_display, sink, reread)
        heading = resolve_heading(document, settings, untitled=slug.rpartition("/")[2])
        tournament = None if sink.has_errors and not document.players else assemble(
            document, settings, sink, heading=heading, today=build_date(), reread=reread)
        teams = None
        if tournament is not None and document.teams and not sink.has_errors:
            teams = build_team_tournament(document, tournament, sink, settings.team_bye)
    trf_diagnostics = list(sink.collected())
    if teams is not None:
        explained = explained_warnings(teams, trf_diagnostics)
        trf_diagnostics = [d for d in trf_diagnostics if d not in explained]
        diagnostics.extend(_prizes_not_for_teams(settings))
    edition = settings.edition or Edition.in_force_on(heading.start_date)
    tiebreaks = ResolvedTiebreaks(specs=(), source=TiebreakSource.DEFAULT)
    if tournament is not None:
        tiebreaks = resolve_tiebreaks(document, settings, teams or tournament, edition,
                                      trf_diagnostics)
    diagnostics.extend(trf_diagnostics)
    # Not beside errors: an unreadable 142 or XXR is reported at its record already.
    if tournament is not None and not tournament.rounds_known and not any(
            d.is_error for d in diagnostics):
        diagnostics.append(_rounds_not_announced(trf_display, tournament.rounds_played))
    if tournament is not None and festival is not None:
        diagnostics.extend(entry_problems(festival, Path(os.path.abspath(folder)).name,
                                          {p.start_no for p in tournament.players}))
    if tournament is not None and settings.rating_change is not None:
        diagnostics.extend(check_rating_change(
            settings.rating_change, tournament, first_day=heading.start_date,
            path=settings.file_of("rating_change"), positions=settings.positions))
    if tournament is None or any(d.is_error for d in diagnostics):
        return None, tuple(diagnostics)
    event = Event(
        slug=slug, trf_path=trf_path, display_path=trf_display, trf_bytes=data,
        tournament=tournament, heading=heading,
        settings=settings, edition=edition, tiebreaks=tiebreaks, notes=notes,
        warnings=tuple(diagnostics), teams=teams, festival=festival)
    return event, tuple(diagnostics)


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


def _rounds_not_announced(path: str, played: int) -> Diagnostic:
    """Once per file: the pages are true without the number of rounds (they say "after
    round N" and call nothing final), so this is a note, not a warning ``--strict`` refuses;
    it says how to announce the number."""
    return Diagnostic(
        path=path, severity=Severity.REMARK,
        message=f"the file does not say how many rounds the event has (no 142, XXR or 132 "
                f"record): the pages say 'after round {played}' and call no standings final",
        expected="'total_rounds: N' in event.yml, N the event's number of rounds")


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


def summary(event: Event, warnings: Sequence[Diagnostic]) -> str:
    """One line for ``standings check``: players, rounds, state (``warnings``, the event's
    as the site's plan decides them, ``site/plan.py`` ``event_warnings``, counted)."""
    t = event.tournament
    progress = event_progress(event.competitors)
    rounds = (f"{t.total_rounds} rounds" if progress.is_final
              else f"{t.rounds_played} of {t.total_rounds} rounds played" if t.rounds_known
              else f"{t.rounds_played} rounds played, number of rounds not announced")
    if progress.rounds_known and progress.ends_later:
        rounds += ", the end date is still ahead"
    if progress.is_in_progress and progress.last_round is not None:
        games = "matches" if event.teams is not None else "games"
        rounds += (f", round {t.rounds_played} in progress ({progress.last_round.entered} of "
                   f"{progress.last_round.paired} {games} entered)")
    if progress.paired_round is not None:
        rounds += f", round {progress.paired_round.round_no} paired"
    kind = "round robin" if t.is_round_robin else "Swiss"
    counted = warning_count(warnings)
    state = "ok" if not counted else f"ok ({counted} warning{'s' if counted > 1 else ''})"
    entrants = f"{len(t.players)} players"
    if event.teams is not None:
        entrants = f"{len(event.teams.players)} teams of {event.teams.board_count} boards " \
                   f"({entrants})"
        kind = f"team {kind}"
    return f"{event.display_path}: {entrants}, {rounds}, {kind}, {state}"


__all__ = ["DEFAULT_ROUND_ROBIN", "DEFAULT_SWISS", "Event", "ResolvedTiebreaks",
           "TiebreakSource", "competitors_tournament", "event_paths", "is_events_folder",
           "load_tournament", "read_event", "read_events", "read_paths", "read_text",
           "resolve_tiebreaks", "summary", "trf_files"]
