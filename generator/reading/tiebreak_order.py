"""Which tie-break order an event uses, and whether it may: event.yml ``tiebreaks``, else the
TRF file's 212 or 202 record, else the project's default list (C.07 4.1 / 4.1.1).

Each announced code is checked where it is written (its path, line and column): the list's
own rules, the points system, the edition and Art. 8's round-robin refusal, Art. 10 with
unrated players.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import partial

from generator.errors import Diagnostic, Severity, quote
from generator.model import Edition, TeamTournament, Tournament
from generator.reading.event_settings import EventSettings
from generator.reading.trf import TrfDocument
from generator.rules.context import is_dropped_for_unrated
from generator.rules.notation import (
    TiebreakList,
    TiebreakSpec,
    points_system_refusal,
    read_tiebreak_list,
    round_robin_refusal,
    split_tiebreak_codes,
)
from generator.rules.team_scores import strength_divisor_refusal
from generator.speed import frozen_record


class TiebreakSource(StrEnum):
    """Who set the tie-break order (C.07 4.1 / 4.1.1): shown next to the list."""

    SETTINGS = "event.yml"
    FESTIVAL_SETTINGS = "festival.yml"
    """A festival's list, which a section whose event.yml is silent on it inherits."""
    TRF_212 = "TRF record 212"
    TRF_202 = "TRF record 202"
    DEFAULT = "default"
    """Not announced anywhere: the project's default list (spec recommended-sequences §4)."""


@frozen_record
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


def resolve_tiebreaks(document: TrfDocument, settings: EventSettings, tournament: Tournament,
                      edition: Edition, diagnostics: list[Diagnostic]) -> ResolvedTiebreaks:
    """event.yml ``tiebreaks`` > TRF 212 > TRF 202 > the default list; check them.

    Under the 2026 edition the Buchholz family must not be used in a round robin
    (C.07 Art. 8 note): an error at the position where the code is written.
    """
    resolved: ResolvedTiebreaks | None = None
    rounds = tournament.total_rounds  # announced: event.yml, else 142, else XXR, else blocks
    if settings.tiebreaks is not None:
        written_in = settings.file_of("tiebreaks")
        positions = tuple((written_in, *settings.positions.get(f"tiebreaks[{i}]", (0, 0)))
                          for i in range(len(settings.tiebreaks)))
        # event.yml was read before the rounds were known: what is left to check is the cuts.
        checked = read_tiebreak_list(settings.tiebreaks, rounds=rounds)
        _report_list_problems(checked, positions, diagnostics)
        resolved = ResolvedTiebreaks(specs=settings.tiebreaks, source=_settings_source(settings),
                                     positions=positions)
    for tag, source in (("212", TiebreakSource.TRF_212), ("202", TiebreakSource.TRF_202)):
        record = document.first(tag)
        if resolved is not None or record is None:
            continue
        # The codes start in column 5, after the record's tag and a blank.
        listed = split_tiebreak_codes(record.text[4:])
        codes = [code for _, code in listed]
        places = [(document.path, record.line, 5 + offset) for offset, _ in listed]
        checked = read_tiebreak_list(codes, rounds=rounds)
        # A team tie-break in an individual event's list is not computed there either.
        not_computed = sorted({p.index for p in checked.problems if p.is_unreadable} | {
            index for spec, index in zip(checked.specs, checked.indices, strict=True)
            if spec.info.team_only and not isinstance(tournament, TeamTournament)})
        unreadable = [codes[index] for index in not_computed]
        if unreadable:
            # Team tie-breaks (MPvGP, EDET, ...) and programs' own codes: not computed here,
            # so the announced order cannot be followed; say so rather than drop codes silently.
            shown = ", ".join(quote(c) for c in unreadable[:_UNREADABLE_SHOWN]) + (
                f" and {len(unreadable) - _UNREADABLE_SHOWN} more"
                if len(unreadable) > _UNREADABLE_SHOWN else "")
            diagnostics.append(Diagnostic(
                path=document.path, line=record.line, column=places[not_computed[0]][2],
                severity=Severity.WARNING,
                message=f"record {tag} lists tie-breaks this program does not compute ("
                        f"{shown}); the default list is used instead",
                expected="individual C.07 codes, or a 'tiebreaks' list in event.yml"))
        elif checked.problems or checked.specs:
            # The same rules as event.yml and --tiebreaks: a list breaking them is an error,
            # and event.yml's 'tiebreaks' is the way to announce another.
            _report_list_problems(checked, tuple(places), diagnostics)
            resolved = ResolvedTiebreaks(specs=checked.specs, source=source,
                                         positions=tuple(places[i] for i in checked.indices))
    if resolved is None:
        codes = list(DEFAULT_ROUND_ROBIN if tournament.is_round_robin else DEFAULT_SWISS)
        default = read_tiebreak_list(codes, rounds=rounds)
        # Our own default, announced by nobody: a cut a short event cannot take is left out.
        impossible = {p.index for p in default.problems}
        resolved = ResolvedTiebreaks(
            specs=tuple(spec for spec, index in zip(default.specs, default.indices, strict=True)
                        if index not in impossible
                        and spec.info.is_in(edition)),
            source=TiebreakSource.DEFAULT)
    _check_tiebreaks(resolved, document.path, tournament, edition, settings.unrated_rating,
                     diagnostics)
    return resolved


def _settings_source(settings: EventSettings) -> TiebreakSource:
    """The settings file the list was written in: a section's event.yml, or the festival.yml
    it inherits the list from (``EventSettings.sources``)."""
    inherited = "tiebreaks" in settings.sources
    return TiebreakSource.FESTIVAL_SETTINGS if inherited else TiebreakSource.SETTINGS


_UNREADABLE_SHOWN = 5
"""Codes named in the warning about a TRF list that cannot be read; the rest are counted."""


def _report_list_problems(checked: TiebreakList, places: Sequence[tuple[str, int, int]],
                          diagnostics: list[Diagnostic]) -> None:
    """Each problem of an announced list, at the (path, line, column) of its code."""
    for problem in checked.problems:
        path, line, column = places[problem.index]
        diagnostics.append(Diagnostic(
            path=path, line=line or None, column=column + problem.column if column else None,
            message=problem.message, expected=problem.expected))


def _check_tiebreaks(resolved: ResolvedTiebreaks, trf_path: str, tournament: Tournament,
                     edition: Edition, unrated_rating: int | None,
                     diagnostics: list[Diagnostic]) -> None:
    for index, spec in enumerate(resolved.specs):
        path, line, column = (resolved.positions[index] if index < len(resolved.positions)
                              else (trf_path, 0, 0))
        diagnostic_at = partial(Diagnostic, path=path, line=line or None, column=column or None)
        if refusal := points_system_refusal(
                spec, is_team_event=isinstance(tournament, TeamTournament)):
            message, expected = refusal
            diagnostics.append(diagnostic_at(message=message, expected=expected))
        elif art8 := round_robin_refusal(spec, edition,
                                         is_round_robin=tournament.is_round_robin):
            message, expected = art8
            diagnostics.append(diagnostic_at(message=message, expected=expected))
        elif isinstance(tournament, TeamTournament) and (
                no_divisor := strength_divisor_refusal(spec, tournament)):
            message, expected = no_divisor
            diagnostics.append(diagnostic_at(message=message, expected=expected))
        elif not spec.info.is_in(edition):
            diagnostics.append(diagnostic_at(
                severity=Severity.WARNING,
                message=f"{spec.written!r} ({spec.info.title}) is new in the "
                        f"{spec.info.since.value} edition but this event uses the "
                        f"{edition.value} edition",
                expected=f"'edition: {spec.info.since.value}' in event.yml, or another "
                         "tie-break"))
        elif is_dropped_for_unrated(spec, has_unrated_players=tournament.has_unrated_players,
                                    unrated_rating=unrated_rating):
            diagnostics.append(diagnostic_at(
                severity=Severity.WARNING,
                message=f"{spec.written!r} ({spec.info.title}) is dropped for everyone: "
                        "unrated players take part and no rating is announced for them "
                        "(C.07 Art. 10)",
                expected="'unrated_rating: 1000' (or another rating) in event.yml"))
