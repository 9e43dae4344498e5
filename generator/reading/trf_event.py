"""One event read from its TRF file with its settings given.

Every reading of an event ends here (events.py reads event.yml, notes.md and festival.yml
first, then hands over what they say). A TRF file with none of those beside it
(:func:`read_bare_trf`) is read with the default settings from here alone: ``standings rank``
of such a file then loads none of the settings files' readers (issue 25).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from generator.clock import build_date
from generator.errors import Diagnostic, DiagnosticSink, Severity, StandingsError, warning_count
from generator.files import InputFolder, read_input_file, unreadable_input
from generator.model import Edition, TeamTournament, Tournament
from generator.reading.assembly import EventHeading, assemble, resolve_heading
from generator.reading.decoding import MAX_TRF_BYTES, decode_trf
from generator.reading.event_places import (
    NOTES_FILE,
    SETTINGS_FILE,
    event_slug,
    festival_of,
    is_alone_in_folder,
)
from generator.reading.event_settings import EventSettings
from generator.reading.reread import Reread
from generator.reading.teams import build_team_tournament, explained_warnings
from generator.reading.tiebreak_order import ResolvedTiebreaks, TiebreakSource, resolve_tiebreaks
from generator.reading.trf import PlayerRecord, read_records
from generator.rules.progress import event_progress
from generator.speed import collector_paused, frozen_record

if TYPE_CHECKING:
    from generator.reading.festival import Festival

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


class SettingsChecks(Protocol):
    """What the settings files say that is checked against the players read (events.py)."""

    def of_players(self, tournament: Tournament, heading: EventHeading,
                   sink: DiagnosticSink) -> None:
        """Into the TRF file's problems, after its players' own."""

    def of_event(self, tournament: Tournament, heading: EventHeading) -> Iterable[Diagnostic]:
        """After the TRF file's problems."""


def read_bare_trf(path: str) -> tuple[Event | None, tuple[Diagnostic, ...]] | None:
    """The event of a TRF file named on its own with no settings file beside it (no
    event.yml, notes.md or festival.yml), read as events.py reads it; None for any other
    path (events.py reads it)."""
    place = Path(path)
    if not os.path.lexists(place) or place.is_dir():
        return None
    folder = place.parent
    if festival_of(folder) is not None:
        return None
    if is_alone_in_folder(place) and any(
            os.path.lexists(folder / name) for name in (SETTINGS_FILE, NOTES_FILE)):
        return None
    within = InputFolder.of(folder, name="the event folder")
    return read_trf_event(event_slug(place), place, path, within, EventSettings(), None, [])


def read_trf_event(slug: str, trf_path: Path, trf_display: str, within: InputFolder,
                   settings: EventSettings, notes: str | None, diagnostics: list[Diagnostic],
                   *, festival: Festival | None = None,
                   reread: Reread[PlayerRecord] | None = None,
                   checks: SettingsChecks | None = None,
                   ) -> tuple[Event | None, tuple[Diagnostic, ...]]:
    """The event of a TRF file, ``settings`` and ``notes`` read already (``diagnostics``:
    their problems so far, added to)."""
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
        if tournament is not None and checks is not None:
            checks.of_players(tournament, heading, sink)
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
    if tournament is not None and checks is not None:
        diagnostics.extend(checks.of_event(tournament, heading))
    if tournament is None or any(d.is_error for d in diagnostics):
        return None, tuple(diagnostics)
    event = Event(
        slug=slug, trf_path=trf_path, display_path=trf_display, trf_bytes=data,
        tournament=tournament, heading=heading,
        settings=settings, edition=edition, tiebreaks=tiebreaks, notes=notes,
        warnings=tuple(diagnostics), teams=teams, festival=festival)
    return event, tuple(diagnostics)


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


def _rounds_not_announced(path: str, played: int) -> Diagnostic:
    """Once per file: the pages are true without the number of rounds (they say "after
    round N" and call nothing final), so this is a note, not a warning ``--strict`` refuses;
    it says how to announce the number."""
    return Diagnostic(
        path=path, severity=Severity.REMARK,
        message=f"the file does not say how many rounds the event has (no 142, XXR or 132 "
                f"record): the pages say 'after round {played}' and call no standings final",
        expected="'total_rounds: N' in event.yml, N the event's number of rounds")


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


__all__ = ["Event", "SettingsChecks", "read_bare_trf", "read_trf_event", "summary"]
