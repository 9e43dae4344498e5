"""The team reading's warnings: the 310 totals against the matches, and which warnings of
the individual reading the team reading explains (and so drops)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from generator.errors import Diagnostic, DiagnosticSink, Severity
from generator.model import ZERO, ResultCode, StartNo, TeamTournament, plain_points
from generator.reading.scoring import (
    FORFEIT_WITHOUT_OPPONENT_WARNING,
    POINTS_COLUMN_WARNING,
    points_text,
)
from generator.reading.trf import TeamRecord, TrfDocument


def record_text(document: TrfDocument, record: TeamRecord) -> str:
    """The team record's line as written (a TeamRecord keeps its fields, not its columns)."""
    return next((r.text for r in document.all(record.tag) if r.line == record.line), "")


def explained_warnings(teams: TeamTournament,
                       diagnostics: Sequence[Diagnostic]) -> frozenset[Diagnostic]:
    """The individual reading's warnings that the team reading explains, which would mislead
    beside it: a board won against an empty board is no full-point bye ("forfeit win without
    an opponent"), and a points column that counts that board ("points column says") is
    right. The team reading says what it inferred in a warning of its own."""
    points_column: set[int] = set()
    won_empty: set[tuple[int, int]] = set()
    individual = teams.individual
    for team in teams.teams:
        for match in team.matches:
            for board in match.boards:
                if board.opponent is not None:
                    continue
                result = individual.player(board.player).result(match.round)
                won_empty.add((result.line, result.column + _RESULT_OFFSET))
                if result.code is not ResultCode.FORFEIT_WIN:
                    # `0000 - -` read as won from the points column.
                    points_column.add(result.line)
    return frozenset(
        d for d in diagnostics if d.severity is Severity.WARNING and (
            (d.column == _POINTS_COLUMN and d.line in points_column
             and d.message.startswith(POINTS_COLUMN_WARNING))
            or ((d.line, d.column) in won_empty
                and d.message.startswith(FORFEIT_WITHOUT_OPPONENT_WARNING))))


_POINTS_COLUMN = 81
_RESULT_OFFSET = 7
"""A round block's result is 7 columns after its start (TRF: opponent 92-95, result 99)."""


def team_columns(document: TrfDocument, record: TeamRecord,
                  sink: DiagnosticSink) -> dict[str, Decimal]:
    """TRF-26 310: match points (55-60), game points (62-67) and rank (69-71) as written."""
    if record.tag != "310":
        return {}
    text = record_text(document, record)
    found: dict[str, Decimal] = {}
    for key, first, last, what in (("mp", 55, 60, "match points"), ("gp", 62, 67, "game points"),
                                   ("rank", 69, 71, "rank")):
        raw = text[first - 1:last].strip()
        if not raw:
            continue
        value = plain_points(raw)
        if value is None:
            sink.warning(f"{what} {raw!r} of team {record.number} is not a number; ignored",
                         line=record.line, column=first, expected=f"a number in columns "
                         f"{first}-{last}")
            continue
        if key == "rank" and value != value.to_integral_value():
            continue
        found[key] = value
    return found


def check_team_columns(tournament: TeamTournament, sink: DiagnosticSink) -> None:
    """The 310 match and game points columns against the matches (warnings, like the 001
    points column)."""
    played = tournament.rounds_played
    scoring = tournament.score_system
    for team in tournament.teams:
        match_points = sum((scoring.round_points(r) if m.match_points is None
                            else m.match_points
                            for r, m in zip(team.results[:played], team.matches, strict=False)),
                           ZERO)
        for written, computed, column, what in (
                (team.points_in_file, match_points, 55, "match points"),
                (team.game_points_in_file, team.game_points, 62, "game points")):
            if written is not None and written != computed:
                # Normalized, so that the column's 2.50 and a sum's 2.5 read alike.
                written_text = points_text(written.normalize())
                computed_text = points_text(computed.normalize())
                sink.warning(f"team {team.start_no} ({team.name}): the {what} column says "
                             f"{written_text} but the matches add up to {computed_text}",
                             line=team.line, column=column, expected=computed_text)


@dataclass(frozen=True, slots=True, kw_only=True)
class Shortfall:
    """A points column that counts more than the results, with ``0000 - -`` rounds in
    matches of the player's team that could explain it, but not in one way only (Q11)."""

    player: StartNo
    line: int
    shortfall: Decimal
    rounds: tuple[int, ...]


def say_ambiguous(ambiguous: Sequence[Shortfall], win: Decimal, sink: DiagnosticSink) -> None:
    """Q11: a points column that no one reading of its ``0000 - -`` rounds explains."""
    for found in ambiguous:
        rounds = ", ".join(str(r) for r in found.rounds)
        extra = points_text(found.shortfall.normalize())
        wins = found.shortfall / win
        why = (f"{extra} is not a whole number of won boards"
               if wins != wins.to_integral_value()
               else f"{int(wins)} of the `0000 - -` rounds {rounds} were boards won against "
                    "an empty board, but the file does not say which")
        sink.error(f"player {found.player}'s points column counts {extra} more than the "
                   f"results: {why}", line=found.line, column=81,
                   expected="`0000 - +` in each round won against an empty board")


__all__ = ["Shortfall", "check_team_columns", "explained_warnings", "record_text", "say_ambiguous",
           "team_columns"]
