"""The TRF-26 records of a team event that say what the 001 board pairings cannot.

``320`` (the team pairing-allocated byes and their match and game points), ``330`` (whole
matches forfeited) and ``240`` with team numbers (full-point, half-point and zero-point team
byes). Each is read by its columns (TRF-26; spec team-tiebreaks §3) into a frozen record;
what the records mean for the matches is for :mod:`generator.reading.teams` to decide.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from generator.errors import DiagnosticSink, quote
from generator.model import ResultCode, RoundKind, plain_points
from generator.reading.trf import TrfDocument, TrfRecord


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamBye:
    """A round in which a team had no match, as a 320 or 240 record declares it."""

    team: int
    round: int
    kind: RoundKind
    """PAIRING_ALLOCATED_BYE (320), FULL_POINT_BYE, HALF_POINT_BYE or ZERO_POINT_BYE (240)."""
    line: int
    column: int
    """Where the team's number is written."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PairingAllocatedByeValue:
    """Record 320 columns 5-8 and 10-13: what a team's pairing-allocated bye is worth.

    C.07 fixes no value (16.2.1 only treats the bye as an unplayed round with the points
    awarded), so the event's file is the authority for it."""

    match_points: Decimal
    game_points: Decimal
    line: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ForfeitedMatch:
    """Record 330: a match of ``round`` forfeited as a whole, ``white`` and ``black`` being
    the teams in the order the record names them."""

    round: int
    white: int
    black: int
    white_code: ResultCode
    black_code: ResultCode
    line: int

    def code_of(self, team: int) -> ResultCode:
        return self.white_code if team == self.white else self.black_code

    def opponent_of(self, team: int) -> int:
        return self.black if team == self.white else self.white


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamDeclarations:
    """What the team records of a file declare beyond the board pairings."""

    pab_value: PairingAllocatedByeValue | None = None
    byes: Mapping[tuple[int, int], TeamBye]
    """(team, round) -> the declared bye."""
    forfeits: Mapping[tuple[int, int], ForfeitedMatch]
    """(team, round) -> the forfeited match, once under each of its two teams."""

    @property
    def declares_team_event(self) -> bool:
        """Records 320, 330 and team 240s exist only in team events."""
        return bool(self.pab_value or self.byes or self.forfeits)


NO_DECLARATIONS = TeamDeclarations(byes={}, forfeits={})

_FORFEIT_CODES = {
    "+-": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    "-+": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
    "--": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
}
_BYE_KINDS = {"F": RoundKind.FULL_POINT_BYE, "H": RoundKind.HALF_POINT_BYE,
              "Z": RoundKind.ZERO_POINT_BYE}


def _field(record: TrfRecord, first: int, last: int) -> str:
    return record.text[first - 1:last].strip()


def _number(record: TrfRecord, first: int, last: int, what: str,
            sink: DiagnosticSink) -> int | None:
    raw = _field(record, first, last)
    if raw.isdigit():
        return int(raw)
    sink.error(f"{what} {quote(raw)} in record {record.tag} is not a number", line=record.line,
               column=first, expected=f"a whole number in columns {first}-{last}")
    return None


def _points(record: TrfRecord, first: int, last: int, what: str,
            sink: DiagnosticSink) -> Decimal | None:
    raw = _field(record, first, last)
    value = plain_points(raw) if raw else None
    if value is None:
        sink.error(f"{what} {quote(raw)} in record 320 is not a number", line=record.line,
                   column=first, expected=f"points such as 1.0 in columns {first}-{last}")
    return value


def read_team_declarations(document: TrfDocument, sink: DiagnosticSink) -> TeamDeclarations:
    """Records 320, 330 and 240 of ``document``; errors at the column for unreadable ones."""
    byes: dict[tuple[int, int], TeamBye] = {}
    pab_value: PairingAllocatedByeValue | None = None
    for record in document.all("320"):
        if pab_value is not None:
            sink.error(f"a second record 320 (the first is on line {pab_value.line})",
                       line=record.line, column=1, expected="one 320 record per event")
            continue
        match_points = _points(record, 5, 8, "match points", sink)
        game_points = _points(record, 10, 13, "game points", sink)
        if match_points is None or game_points is None:
            continue
        pab_value = PairingAllocatedByeValue(match_points=match_points,
                                             game_points=game_points, line=record.line)
        column = 15
        while column <= len(record.text):
            raw = _field(record, column, column + 2)
            round_no = (column - 15) // 4 + 1
            # 000 or blanks: nobody had the bye in that round.
            if raw and raw.strip("0"):
                team = _number(record, column, column + 2, "team number", sink)
                if team is not None:
                    _add_bye(byes, TeamBye(team=team, round=round_no,
                                           kind=RoundKind.PAIRING_ALLOCATED_BYE,
                                           line=record.line, column=column), sink)
            column += 4
    for record in document.all("240"):
        kind = _BYE_KINDS.get(_field(record, 5, 5).upper())
        if kind is None:
            sink.error(f"bye type {quote(_field(record, 5, 5))} in record 240 is not F, H or Z",
                       line=record.line, column=5, expected="F, H or Z in column 5")
            continue
        bye_round = _number(record, 7, 9, "round", sink)
        if bye_round is None:
            continue
        column = 11
        while column <= len(record.text):
            if _field(record, column, column + 3):
                team = _number(record, column, column + 3, "team number", sink)
                if team is not None:
                    _add_bye(byes, TeamBye(team=team, round=bye_round, kind=kind,
                                           line=record.line, column=column), sink)
            column += 5
    return TeamDeclarations(pab_value=pab_value, byes=byes,
                            forfeits=_read_forfeits(document, sink))


def _add_bye(byes: dict[tuple[int, int], TeamBye], bye: TeamBye, sink: DiagnosticSink) -> None:
    earlier = byes.get((bye.team, bye.round))
    if earlier is not None:
        sink.error(f"team {bye.team} is given a second bye in round {bye.round} (the first on "
                   f"line {earlier.line})", line=bye.line, column=bye.column,
                   expected="at most one bye per team and round")
        return
    byes[bye.team, bye.round] = bye


def _read_forfeits(document: TrfDocument, sink: DiagnosticSink
                   ) -> dict[tuple[int, int], ForfeitedMatch]:
    forfeits: dict[tuple[int, int], ForfeitedMatch] = {}
    for record in document.all("330"):
        codes = _FORFEIT_CODES.get(_field(record, 5, 6))
        if codes is None:
            sink.error(f"forfeit {quote(_field(record, 5, 6))} in record 330 is not +-, -+ or --",
                       line=record.line, column=5,
                       expected="'+-' (white team wins), '-+' or '--' in columns 5-6")
            continue
        round_no = _number(record, 8, 10, "round", sink)
        white = _number(record, 12, 14, "white team", sink)
        black = _number(record, 16, 18, "black team", sink)
        if round_no is None or white is None or black is None:
            continue
        forfeit = ForfeitedMatch(round=round_no, white=white, black=black, white_code=codes[0],
                                 black_code=codes[1], line=record.line)
        for team, column in ((white, 12), (black, 16)):
            earlier = forfeits.get((team, round_no))
            if earlier is not None:
                sink.error(f"team {team} has a second forfeited match in round {round_no} "
                           f"(the first on line {earlier.line})", line=record.line,
                           column=column, expected="one match per team and round")
                break
        else:
            forfeits[white, round_no] = forfeits[black, round_no] = forfeit
    return forfeits


__all__ = ["NO_DECLARATIONS", "ForfeitedMatch", "PairingAllocatedByeValue", "TeamBye",
           "TeamDeclarations", "read_team_declarations"]
