"""The file's own rank column (TRF 001 columns 86-89, 310 columns 69-71) against the standings.

A pairing program writes the ranks its own tie-break list gives, and real exports rarely use
the list the event announces on the site (Swiss-Manager, Vega and the Irish rating software
each break ties their own way). So a rank that differs only inside a group of equal points is
no sign of a mistake: it is said once per file, as a note. A rank is evidence of an error only
where the points contradict it (C.07 Art. 4.2 ranks by points first, whatever the tie-breaks):
a competitor placed above one with more points, or below one with fewer, or two written with
the same rank that the standings do not share. Those are warnings, which ``--strict`` refuses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from typing import cast

from generator.errors import Diagnostic, Severity
from generator.model import ZERO, Team
from generator.rules.explain import StandingsRow

RANK_WARNINGS_SHOWN = 5
"""Competitors named one by one when the rank column contradicts the points; the rest are
counted."""


def _places_by_points(points: Sequence[Decimal]) -> dict[Decimal, tuple[int, int]]:
    """For each score of ``points`` (one per row), the places it allows: after everyone with
    more, before everyone with less (Art. 4.2: points come before every tie-break)."""
    counts = Counter(points)
    places: dict[Decimal, tuple[int, int]] = {}
    above = 0
    for score in sorted(counts, reverse=True):
        places[score] = (above + 1, above + counts[score])
        above += counts[score]
    return places


def _computed_points(rows: Sequence[StandingsRow]) -> list[Decimal]:
    return [row.points for row in rows]


def _points_in_file(row: StandingsRow) -> Decimal:
    return row.player.points_in_file or ZERO


def _ranked(rows: Sequence[StandingsRow]) -> list[StandingsRow]:
    """The rows the file gives a rank. A file may leave some unranked (rank 0 or blank:
    Swiss-Manager does so for players who withdrew): its ranks then count only the others."""
    return [row for row in rows if row.player.rank_in_file]


def allowed_places(rows: Sequence[StandingsRow], row: StandingsRow) -> tuple[int, int]:
    """The places the computed points allow ``row`` among those the file ranks."""
    return _places_by_points(_computed_points(_ranked(rows)))[row.points]


def contradicted_ranks(rows: Sequence[StandingsRow]) -> list[StandingsRow]:
    """The rows whose rank in the file the points contradict, in standings order.

    A rank outside the places its points allow; or a rank written for two competitors that
    the standings do not place together (a shared place, ``ties: shared``, may be written
    the same for all who share it). A rank that follows the file's own points column is no
    new evidence: where that column disagrees with the results the reader warns at its line.
    """
    ranked = _ranked(rows)
    by_results = _places_by_points(_computed_points(ranked))
    file_points = [row.player.points_in_file for row in ranked]
    by_column = (_places_by_points(cast("list[Decimal]", file_points))
                 if None not in file_points else None)
    written = Counter([row.player.rank_in_file for row in ranked])
    shared_by: dict[int | None, set[tuple[int, int]]] = {}
    for row in ranked:
        shared_by.setdefault(row.player.rank_in_file, set()).add((row.rank, row.rank_to))
    found = []
    for row in ranked:
        in_file = row.player.rank_in_file
        assert in_file is not None  # ranked
        first, last = by_results[row.points]
        follows_points = first <= in_file <= last
        if not follows_points and by_column is not None:
            first, last = by_column[_points_in_file(row)]
            follows_points = first <= in_file <= last
        repeated = written[in_file] > 1 and not (
            len(shared_by[in_file]) == 1 and row.rank <= in_file <= row.rank_to
            and row.rank_to > row.rank)
        if not follows_points or repeated:
            found.append(row)
    return found


def rank_column_diagnostics(rows: Sequence[StandingsRow], source: str) -> tuple[Diagnostic, ...]:
    """Warnings for the ranks the points contradict, and one note for the rest that differ
    (``rank_in_file_differs``: another order inside equal points)."""
    # Only a rank outside the computed place is looked at: of two written with the same
    # rank, the one the standings place there is right.
    contradicted = [r for r in contradicted_ranks(rows) if r.rank_in_file_differs]
    found: list[Diagnostic] = []
    is_team = bool(rows) and isinstance(rows[0].player, Team)
    competitor = "team" if is_team else "player"
    for row in contradicted[:RANK_WARNINGS_SHOWN]:
        computed = str(row.rank) if row.rank == row.rank_to else f"{row.rank}-{row.rank_to}"
        first, last = allowed_places(rows, row)
        in_file = row.player.rank_in_file
        if first <= (in_file or 0) <= last:  # the places are right, the rank is written twice
            also = next(other.player for other in rows
                        if other.player.rank_in_file == in_file and other is not row)
            why = f"the file ranks {competitor} {also.start_no} ({also.name}) {in_file} too"
        else:
            allowed = str(first) if first == last else f"{first}-{last}"
            why = f"their {row.points.normalize():f} points place them {allowed}"
        # A team's rank is in its 310 record (columns 69-71), a player's in the 001 (86-89).
        column = 69 if is_team else 86
        found.append(Diagnostic(
            path=source, line=row.player.line or None,
            column=column if row.player.line else None, severity=Severity.WARNING,
            message=f"the file ranks {competitor} {row.player.start_no} ({row.player.name}) "
                    f"{in_file}; the computed standings rank them {computed}, and {why}",
            expected="a rank column that follows the points, each rank once"))
    if len(contradicted) > RANK_WARNINGS_SHOWN:
        found.append(Diagnostic(
            path=source, severity=Severity.WARNING,
            message=f"the file's rank column contradicts the points for "
                    f"{len(contradicted) - RANK_WARNINGS_SHOWN} more {competitor}s"))
    reordered = sum(1 for row in rows if row.rank_in_file_differs) - len(contradicted)
    if reordered:
        found.append(Diagnostic(
            path=source, severity=Severity.REMARK,
            message=f"the file's ranks follow another tie-break order than the one applied: "
                    f"{reordered} {competitor}{'s' if reordered != 1 else ''} ranked otherwise "
                    "among equal points"))
    return tuple(found)


__all__ = ["RANK_WARNINGS_SHOWN", "allowed_places", "contradicted_ranks", "rank_column_diagnostics"]
