"""The team reading's checks: the 310 totals against the matches, the board colours against
record 352, the ambiguous points columns (Q11), and which warnings of the individual
reading the team reading explains (and so drops)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from generator.errors import Diagnostic, DiagnosticSink, Severity, quote
from generator.model import (
    ZERO,
    Color,
    Match,
    ResultCode,
    StartNo,
    TeamTournament,
    plain_points,
)
from generator.reading.scoring import (
    FORFEIT_WITHOUT_OPPONENT_WARNING,
    POINTS_COLUMN_WARNING,
    points_text,
)
from generator.reading.trf import TeamRecord, TrfDocument
from generator.speed import frozen_record


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


@frozen_record
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


def apply_colour_sequence(matches: dict[int, list[Match]], document: TrfDocument,
                          sink: DiagnosticSink) -> None:
    """Record 352 (``WBWB``): the colour of board n for the team with White on board 1, the
    other team the opposite. Boards without a colour in 001 (won against an empty board)
    get theirs from it; a match whose written colours follow neither way gets a warning."""
    record = document.first("352")
    if record is None:
        return
    sequence = record.text[4:].rstrip()
    colours: list[Color] = []
    for offset, letter in enumerate(sequence):
        if letter == " ":
            continue
        if letter.upper() not in "WB":
            sink.error(f"colour {quote(letter)} in record 352 is not W or B", line=record.line,
                       column=5 + offset, expected="a colour sequence such as WBWB")
            return
        colours.append(Color.WHITE if letter.upper() == "W" else Color.BLACK)
    if not colours:
        return
    flipped = {Color.WHITE: Color.BLACK, Color.BLACK: Color.WHITE}
    for number, team_matches in matches.items():
        for index, match in enumerate(team_matches):
            written = [(b.board, b.color) for b in match.boards
                       if b.color is not Color.NONE and b.board <= len(colours)]
            if not written or not match.boards_numbered:
                continue
            follows = [colours[board - 1] == colour for board, colour in written]
            if all(follows) or not any(follows):
                own = colours if all(follows) else [flipped[c] for c in colours]
                if any(b.color is Color.NONE and b.board <= len(own) for b in match.boards):
                    team_matches[index] = replace(match, boards=tuple(
                        replace(b, color=own[b.board - 1])
                        if b.color is Color.NONE and b.board <= len(own) else b
                        for b in match.boards))
                continue
            sink.warning(f"team {number}'s colours in round {match.round} follow neither the "
                         f"colour sequence {quote(sequence.strip())} nor its opposite",
                         line=record.line, column=5,
                         expected="board colours as record 352 gives them")


__all__ = ["Shortfall", "apply_colour_sequence", "check_team_columns", "explained_warnings",
           "record_text", "say_ambiguous", "team_columns"]
