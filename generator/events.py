"""Event folders -> Event records: the one place (with ``site.write_site``) that touches the disk.

An events folder holds one sub-folder per event; an event folder holds exactly
one ``*.trf`` file (any name) and optionally ``event.yml`` and ``notes.md``.
The folder name is the event's slug (its stable address on the site).

Every problem of every file is collected first and raised as one
:class:`StandingsError`, so an arbiter sees them all in one run.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from pathlib import Path

from generator.assembly import assemble
from generator.errors import (
    Diagnostic,
    DiagnosticSink,
    Severity,
    StandingsError,
    quote,
    warning_count,
)
from generator.model import Edition, Tournament
from generator.notation import NotationError, TiebreakSpec, parse_tiebreak
from generator.records import collector_paused
from generator.settings import (
    MAX_NOTES_CHARACTERS,
    MAX_SETTINGS_CHARACTERS,
    NOTES_EXPECTED,
    EventSettings,
    notes_problem,
    read_settings,
)
from generator.teams import TeamTournament, build_team_tournament, points_system_refusal
from generator.trf import MAX_TRF_BYTES, TrfDocument, decode_trf, read_records

SETTINGS_FILE = "event.yml"
NOTES_FILE = "notes.md"


class TiebreakSource(StrEnum):
    """Who set the tie-break order (C.07 4.1 / 4.1.1): shown next to the list."""

    SETTINGS = "event.yml"
    TRF_212 = "TRF record 212"
    TRF_202 = "TRF record 202"
    DEFAULT = "default"
    """Not announced anywhere: the project's default list (spec recommended-sequences §4)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ResolvedTiebreaks:
    specs: tuple[TiebreakSpec, ...]
    """The order after points."""
    source: TiebreakSource
    positions: tuple[tuple[str, int, int], ...] = ()
    """(path, line, column) of each code where it was written; empty for the default."""


# Spec recommended-sequences.md §4, without rating criteria (unrated players are common
# in club events and Art. 10 would drop them); the 2026-only TPN is left out under 2024.
DEFAULT_SWISS = ("BH/C1", "BH", "DE", "SB", "WIN", "BPG", "TPN")
DEFAULT_ROUND_ROBIN = ("DE", "SB", "WIN", "KS", "BWG", "TPN")


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    slug: str
    """The folder name: the event's address on the site."""
    trf_path: Path
    display_path: str
    """The TRF file as the user named it (``events/open-2026/tournament.trf``)."""
    trf_bytes: bytes = field(repr=False)
    """The file exactly as read: the site's download, so it is the same file as the pages."""
    tournament: Tournament
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

    @property
    def competitors(self) -> Tournament:
        """What is ranked: the teams of a team event, else the players."""
        return self.teams if self.teams is not None else self.tournament


def read_event(path: str | os.PathLike[str]) -> Event:
    """Read one event: an event folder, or a TRF file (with the event.yml beside it, if any)."""
    event, diagnostics = _try_read_event(path)
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
    for path in paths:
        for target in event_paths(path, diagnostics):
            event, found = _try_read_event(target)
            diagnostics.extend(found)
            if event is not None:
                events.append(event)
    return events, tuple(diagnostics)


def event_paths(path: str | os.PathLike[str], diagnostics: list[Diagnostic]) -> list[str]:
    """The event folders or TRF files that ``path`` stands for, as the user would write them."""
    given = os.fspath(path)
    place = Path(given)
    if not place.exists():
        diagnostics.append(_no_such_path(given))
        return []
    if place.is_file():
        return [given]
    found = _trf_files(place)
    if len(found) > 1 and not (place / SETTINGS_FILE).exists():
        # A folder of loose TRF files (not an event folder): check each one on its own.
        return [os.path.join(given, p.name) for p in found]
    if found:
        return [given]
    folders = sorted(p.name for p in place.iterdir()
                     if p.is_dir() and not p.name.startswith((".", "_")))
    if not folders:
        diagnostics.append(Diagnostic(path=given, message="no event folders and no TRF file here",
                                      expected="one sub-folder per event, each with a .trf file"))
    return [os.path.join(given, name) for name in folders]


def _no_such_path(given: str) -> Diagnostic:
    return Diagnostic(path=given, message="no such file or folder",
                      expected="an events folder, an event folder or a TRF file")


def _trf_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() == ".trf")


def _is_alone_in_folder(trf: Path) -> bool:
    """A TRF file that is its folder's only one: the folder is its event folder."""
    return trf.parent.is_dir() and _trf_files(trf.parent) == [trf]


def event_slug(place: Path) -> str:
    """The event's address on the site: its folder's name, or a lone TRF file's stem
    when other TRF files share the folder. The reader and the build cache both use it."""
    if place.is_file():
        return place.parent.resolve().name if _is_alone_in_folder(place) else place.stem
    return place.resolve().name


def _try_read_event(path: str | os.PathLike[str]) -> tuple[Event | None, tuple[Diagnostic, ...]]:
    given = os.fspath(path)
    place = Path(given)
    slug = event_slug(place)
    if place.is_file():
        folder, trf_path, trf_display = place.parent, place, given
        folder_display = os.path.dirname(given)
        has_settings = _is_alone_in_folder(place)
    elif place.is_dir():
        folder, folder_display = place, given
        found = _trf_files(place)
        if len(found) != 1:
            message = ("no .trf file in this event folder" if not found else
                       "more than one .trf file in this event folder: "
                       + ", ".join(p.name for p in found))
            return None, (Diagnostic(path=given, message=message,
                                     expected="exactly one TRF file per event folder"),)
        trf_path = found[0]
        trf_display = os.path.join(given, trf_path.name)
        has_settings = True
    else:
        return None, (_no_such_path(given),)

    diagnostics: list[Diagnostic] = []
    settings = EventSettings()
    settings_path = folder / SETTINGS_FILE
    if has_settings and settings_path.is_file():
        settings_display = os.path.join(folder_display, SETTINGS_FILE)
        # UTF-8 spends at most 4 bytes a character: enough to know the file is too long.
        text = _read_text(settings_path, settings_display, diagnostics,
                          limit=4 * MAX_SETTINGS_CHARACTERS + 4)
        if text is not None:
            settings_sink = DiagnosticSink(settings_display)
            settings = read_settings(text, settings_display, settings_sink)
            diagnostics.extend(settings_sink.collected())
    notes = settings.notes
    notes_path = folder / NOTES_FILE
    if has_settings and notes_path.is_file():
        notes_display = os.path.join(folder_display, NOTES_FILE)
        if notes is not None:
            line, column = settings.positions.get("notes", (None, None))
            diagnostics.append(Diagnostic(
                path=settings.path, line=line, column=column,
                message="notes given both in event.yml and in notes.md",
                expected="one of the two"))
        else:
            # UTF-8 spends at most 4 bytes a character: enough to know the notes are too long.
            notes = _read_text(notes_path, notes_display, diagnostics,
                               limit=4 * MAX_NOTES_CHARACTERS + 4)
            if notes is not None and (problem := notes_problem(notes)):
                line, column, message = problem
                diagnostics.append(Diagnostic(path=notes_display, line=line, column=column,
                                              message=message, expected=NOTES_EXPECTED))
                notes = None

    try:
        data = _read_at_most(trf_path, MAX_TRF_BYTES + 1)  # decode_trf refuses a byte more
    except OSError as error:
        diagnostics.append(Diagnostic(path=trf_display, message=f"cannot read: {error.strerror}",
                                      expected="a readable TRF file"))
        return None, tuple(diagnostics)
    try:
        text, decode_warnings = decode_trf(data, trf_display)
    except StandingsError as error:
        diagnostics.extend(error.diagnostics)
        return None, tuple(diagnostics)
    sink = DiagnosticSink(trf_display)
    for warning in decode_warnings:
        sink.add(warning)
    with collector_paused():
        document = read_records(text, trf_display, sink)
        tournament = None if sink.has_errors and not document.players else assemble(
            document, settings, sink)
        teams = None
        if tournament is not None and document.teams and not sink.has_errors:
            teams = build_team_tournament(document, tournament, sink)
    trf_diagnostics = list(sink.collected())
    edition = settings.edition or Edition.in_force_on(
        tournament.start_date if tournament else None)
    tiebreaks = ResolvedTiebreaks(specs=(), source=TiebreakSource.DEFAULT)
    if tournament is not None:
        tiebreaks = resolve_tiebreaks(document, settings, teams or tournament, edition,
                                      trf_diagnostics)
    diagnostics.extend(trf_diagnostics)
    if tournament is None or any(d.is_error for d in diagnostics):
        return None, tuple(diagnostics)
    event = Event(
        slug=slug, trf_path=trf_path, display_path=trf_display, trf_bytes=data,
        tournament=tournament,
        settings=settings, edition=edition, tiebreaks=tiebreaks, notes=notes,
        warnings=tuple(diagnostics), teams=teams)
    return event, tuple(diagnostics)


def _read_at_most(path: Path, limit: int) -> bytes:
    """The first ``limit`` bytes of the file: a hostile file of many gigabytes is refused
    by its size without being read into memory."""
    with path.open("rb") as file:
        return file.read(limit)


def _read_text(path: Path, display: str, diagnostics: list[Diagnostic],
               limit: int | None = None) -> str | None:
    """The file as UTF-8 text; with ``limit``, its first ``limit`` bytes (a character cut
    in two at the end is left out, not reported)."""
    try:
        data = path.read_bytes() if limit is None else _read_at_most(path, limit)
    except OSError as error:
        diagnostics.append(Diagnostic(path=display, message=f"cannot read: {error.strerror}"))
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


def resolve_tiebreaks(document: TrfDocument, settings: EventSettings, tournament: Tournament,
                      edition: Edition, diagnostics: list[Diagnostic]) -> ResolvedTiebreaks:
    """event.yml ``tiebreaks`` > TRF 212 > TRF 202 > the default list; check them.

    Under the 2026 edition the Buchholz family must not be used in a round robin
    (C.07 Art. 8 note): an error at the position where the code is written.
    """
    resolved: ResolvedTiebreaks | None = None
    if settings.tiebreaks is not None:
        positions = tuple((settings.path, *settings.positions.get(f"tiebreaks[{i}]", (0, 0)))
                          for i in range(len(settings.tiebreaks)))
        resolved = ResolvedTiebreaks(specs=settings.tiebreaks, source=TiebreakSource.SETTINGS,
                                     positions=positions)
    for tag, source in (("212", TiebreakSource.TRF_212), ("202", TiebreakSource.TRF_202)):
        record = document.first(tag)
        if resolved is not None or record is None:
            continue
        specs: list[TiebreakSpec] = []
        places: list[tuple[str, int, int]] = []
        unreadable: list[tuple[str, int]] = []
        column = 5
        for raw in record.text[4:].split(","):
            code = raw.strip()
            code_column = column + (len(raw) - len(raw.lstrip()))
            column += len(raw) + 1
            if not code:
                continue
            try:
                spec = parse_tiebreak(code)
            except NotationError:
                unreadable.append((code, code_column))
                continue
            if spec.acronym == "PTS" and not specs:
                continue
            specs.append(spec)
            places.append((document.path, record.line, code_column))
        if unreadable:
            # Team tie-breaks (MPvGP, EDET, ...) and programs' own codes: not computed here,
            # so the announced order cannot be followed; say so rather than drop codes silently.
            diagnostics.append(Diagnostic(
                path=document.path, line=record.line, column=unreadable[0][1],
                severity=Severity.WARNING,
                message=f"record {tag} lists tie-breaks this program does not compute ("
                        + ", ".join(quote(c) for c, _ in unreadable)
                        + "); the default list is used instead",
                expected="individual C.07 codes, or a 'tiebreaks' list in event.yml"))
        elif specs:
            resolved = ResolvedTiebreaks(specs=tuple(specs), source=source,
                                         positions=tuple(places))
    if resolved is None:
        codes = DEFAULT_ROUND_ROBIN if tournament.is_round_robin else DEFAULT_SWISS
        resolved = ResolvedTiebreaks(
            specs=tuple(spec for spec in map(parse_tiebreak, codes)
                        if edition is Edition.FIDE_2026_03 or spec.info.since != "2026"),
            source=TiebreakSource.DEFAULT)
    _check_tiebreaks(resolved, document.path, tournament, edition, settings.unrated_rating,
                     diagnostics)
    return resolved


def _check_tiebreaks(resolved: ResolvedTiebreaks, trf_path: str, tournament: Tournament,
                     edition: Edition, unrated_rating: int | None,
                     diagnostics: list[Diagnostic]) -> None:
    for index, spec in enumerate(resolved.specs):
        path, line, column = (resolved.positions[index] if index < len(resolved.positions)
                              else (trf_path, 0, 0))
        diagnostic_at = partial(Diagnostic, path=path, line=line or None, column=column or None)
        is_team_event = isinstance(tournament, TeamTournament)
        refusal = points_system_refusal(spec, is_team_event=is_team_event)
        if refusal is not None:
            # :MP/:GP (C.07 Art. 13 preamble) need a team event, :GP one of the sums.
            diagnostics.append(diagnostic_at(
                message=refusal,
                expected=f"{spec.acronym} without ':{spec.points_system}'" if not is_team_event
                else f"{spec.acronym}:MP, or one of BH:GP FB:GP SB:GP PS:GP KS:GP"))
        elif (tournament.is_round_robin and spec.info.is_buchholz_family
                and edition is Edition.FIDE_2026_03):
            diagnostics.append(diagnostic_at(
                message=f"{spec.written!r} ({spec.info.title}) must not be used in a round "
                        "robin under the 2026 edition (C.07 Art. 8)",
                expected="a tie-break such as DE, SB, WIN or KS"))
        elif spec.info.since == "2026" and edition is Edition.FIDE_2024_08:
            diagnostics.append(diagnostic_at(
                severity=Severity.WARNING,
                message=f"{spec.written!r} ({spec.info.title}) is new in the 2026 edition "
                        "but this event uses the 2024 edition",
                expected="'edition: 2026' in event.yml, or another tie-break"))
        elif (spec.info.is_rating_based and tournament.has_unrated_players
              and spec.unrated_rating is None and unrated_rating is None):
            diagnostics.append(diagnostic_at(
                severity=Severity.WARNING,
                message=f"{spec.written!r} ({spec.info.title}) is dropped for everyone: "
                        "unrated players take part and no rating is announced for them "
                        "(C.07 Art. 10)",
                expected="'unrated_rating: 1000' (or another rating) in event.yml"))


def summary(event: Event) -> str:
    """One line for ``standings check``: players, rounds, state."""
    t = event.tournament
    rounds = (f"{t.total_rounds} rounds" if t.rounds_played >= t.total_rounds
              else f"{t.rounds_played} of {t.total_rounds} rounds played")
    kind = "round robin" if t.is_round_robin else "Swiss"
    warnings = warning_count(event.warnings)
    state = "ok" if not warnings else f"ok ({warnings} warning{'s' if warnings > 1 else ''})"
    entrants = f"{len(t.players)} players"
    if event.teams is not None:
        entrants = f"{len(event.teams.players)} teams of {event.teams.board_count} boards " \
                   f"({entrants})"
        kind = f"team {kind}"
    return f"{event.display_path}: {entrants}, {rounds}, {kind}, {state}"


__all__ = ["DEFAULT_ROUND_ROBIN", "DEFAULT_SWISS", "Event", "ResolvedTiebreaks",
           "TiebreakSource", "competitors_tournament", "event_paths", "load_tournament",
           "read_event", "read_events",
           "read_paths", "resolve_tiebreaks", "summary"]
