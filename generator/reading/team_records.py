"""The TRF-26 records of a team event that say what the 001 board pairings cannot.

``320`` (the team pairing-allocated byes and their match and game points), ``330`` (whole
matches forfeited), ``240`` with team numbers (full-point, half-point and zero-point team
byes) and ``299`` (abnormal match or game points). Each is read by its columns (TRF-26;
spec team-tiebreaks §3) into a frozen record;
what the records mean for the matches is for :mod:`generator.reading.teams` to decide.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from dataclasses import field
from decimal import Decimal

from generator.errors import DiagnosticSink, quote
from generator.model import (
    Match,
    ResultCode,
    RoundKind,
    RoundResult,
    StartNo,
    Tournament,
    plain_points,
)
from generator.reading.trf import TrfDocument, TrfRecord
from generator.speed import frozen_record


@frozen_record
class TeamBye:
    """A round in which a team had no match, as a 320 or 240 record declares it."""

    team: int
    round: int
    kind: RoundKind
    """PAIRING_ALLOCATED_BYE (320), FULL_POINT_BYE, HALF_POINT_BYE or ZERO_POINT_BYE (240)."""
    line: int
    column: int
    """Where the team's number is written."""


@frozen_record
class PairingAllocatedByeValue:
    """Record 320 columns 5-8 and 10-13: what a team's pairing-allocated bye is worth.

    C.07 fixes no value (16.2.1 only treats the bye as an unplayed round with the points
    awarded), so the event's file is the authority for it."""

    match_points: Decimal
    game_points: Decimal
    line: int


@frozen_record
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


@frozen_record
class AbnormalPoints:
    """Record 299 with a result type: what that result is worth instead of the scoring's
    value (the TRF-26 abnormal assignment of points)."""

    kind: frozenset[ResultCode]
    """The results it applies to (column 5)."""
    match_points: Decimal | None
    """Columns 8-11; None: left as the result scores."""
    game_points: Decimal | None
    """Columns 14-17; None: left as the boards add up."""
    round: int | None
    """Columns 20-22; None (blank or 000): every round."""
    teams: tuple[int, ...]
    """Columns 24-27, 29-32, ...; empty: every team."""
    line: int

    def applies(self, team: int, round_no: int) -> bool:
        return ((self.round is None or self.round == round_no)
                and (not self.teams or team in self.teams))


@frozen_record
class LineUp:
    """Record 300: the players of ``team`` on each board of its match in ``round``, board 1
    first; None for a board the team left empty (``0000``)."""

    round: int
    team: int
    opponent: int
    boards: tuple[int | None, ...]
    line: int


@frozen_record
class TeamDeclarations:
    """What the team records of a file declare beyond the board pairings."""

    pab_value: PairingAllocatedByeValue | None = None
    byes: Mapping[tuple[int, int], TeamBye]
    """(team, round) -> the declared bye."""
    forfeits: Mapping[tuple[int, int], ForfeitedMatch]
    """(team, round) -> the forfeited match, once under each of its two teams."""
    abnormal: tuple[AbnormalPoints, ...] = ()
    """Records 299 in file order (a later one applies after an earlier one)."""
    line_ups: Mapping[tuple[int, int], LineUp] = field(default_factory=dict)
    """(team, round) -> the board order of its match (300)."""

    @property
    def declares_team_event(self) -> bool:
        """Records 320, 330 and 299 exist only in team events. Not 240: TRF-26 writes an
        individual event's byes in it too, with player numbers."""
        return bool(self.pab_value or self.forfeits or self.abnormal)


NO_DECLARATIONS = TeamDeclarations(byes={}, forfeits={})

_ABNORMAL_KINDS = {
    "W": frozenset({ResultCode.WIN, ResultCode.WIN_UNRATED}),
    "D": frozenset({ResultCode.DRAW, ResultCode.DRAW_UNRATED}),
    "L": frozenset({ResultCode.LOSS, ResultCode.LOSS_UNRATED}),
    "+": frozenset({ResultCode.FORFEIT_WIN}), "-": frozenset({ResultCode.FORFEIT_LOSS}),
    "F": frozenset({ResultCode.FULL_POINT_BYE}), "H": frozenset({ResultCode.HALF_POINT_BYE}),
    "Z": frozenset({ResultCode.ZERO_POINT_BYE}),
}

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


def _start_left_of(record: TrfRecord, first: int) -> int | None:
    """The column where a value that runs into column ``first`` from the left starts (the
    column before a field is blank in TRF-26's fixed columns); None when it is blank."""
    start = first
    while start > 1 and record.text[start - 2:start - 1].strip():
        start -= 1
    return start if start < first else None


def _points(record: TrfRecord, first: int, last: int, what: str,
            sink: DiagnosticSink) -> Decimal | None:
    raw = _field(record, first, last)
    value = plain_points(raw) if raw else None
    if value is None:
        sink.error(f"{what} {quote(raw)} in record 320 is not a number", line=record.line,
                   column=first, expected=f"points such as 1.0 in columns {first}-{last}")
    return value


def game_points_primary(document: TrfDocument) -> bool:
    """C.07 11.1 leaves the primary score to the event: TRF-26 192 names it, the first of
    ``MP``/``GP`` in ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`` or
    ``CUSTOM_TEAM_SWISS[_MP|_GP]``; match points when it names neither."""
    for word in document.value("192").upper().split("_"):
        if word in ("MP", "GP"):
            return word == "GP"
    return False


def read_team_declarations(document: TrfDocument, sink: DiagnosticSink,
                           bye_sink: DiagnosticSink) -> TeamDeclarations:
    """Records 320, 330, 299 and 240 of ``document``; errors at the column for unreadable
    ones, those of 240 into ``bye_sink`` (they concern a team event only if it is one)."""
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
            bye_sink.error(f"bye type {quote(_field(record, 5, 5))} in record 240 is not F, H or Z",
                       line=record.line, column=5, expected="F, H or Z in column 5")
            continue
        bye_round = _number(record, 7, 9, "round", bye_sink)
        if bye_round is None:
            continue
        column = 11
        while column <= len(record.text):
            if _field(record, column, column + 3):
                team = _number(record, column, column + 3, "team number", bye_sink)
                if team is not None:
                    _add_bye(byes, TeamBye(team=team, round=bye_round, kind=kind,
                                           line=record.line, column=column), bye_sink)
            column += 5
    return TeamDeclarations(pab_value=pab_value, byes=byes,
                            forfeits=_read_forfeits(document, sink),
                            abnormal=_read_abnormal(document, sink),
                            line_ups=_read_line_ups(document, sink))


_LINE_UP_FIRST_PLAYER = 17
_LINE_UP_STEP = 5
"""Record 300: board 1's player in columns 17-20, each next board 5 columns on."""


def _read_line_ups(document: TrfDocument, sink: DiagnosticSink
                   ) -> dict[tuple[int, int], LineUp]:
    """300: round 5-7, team 9-11, opponent 13-15, the players from 17-20 every 5 columns."""
    found: dict[tuple[int, int], LineUp] = {}
    for record in document.all("300"):
        round_no = _number(record, 5, 7, "round", sink)
        team = _number(record, 9, 11, "team", sink)
        opponent = _number(record, 13, 15, "opponent team", sink)
        boards: list[int | None] = []
        column = _LINE_UP_FIRST_PLAYER
        while column <= len(record.text):
            player = _number(record, column, column + 3, "player", sink)
            boards.append(player or None)  # 0000: the board is left empty
            column += _LINE_UP_STEP
        if round_no is None or team is None or opponent is None:
            continue
        earlier = found.get((team, round_no))
        if earlier is not None:
            sink.error(f"a second line-up of team {team} in round {round_no} (the first on "
                       f"line {earlier.line})", line=record.line, column=9,
                       expected="one 300 record per team and round")
            continue
        found[team, round_no] = LineUp(round=round_no, team=team, opponent=opponent,
                                       boards=tuple(boards), line=record.line)
    return found


def _read_abnormal(document: TrfDocument, sink: DiagnosticSink) -> tuple[AbnormalPoints, ...]:
    found: list[AbnormalPoints] = []
    for record in document.all("299"):
        symbol = _field(record, 5, 5).upper()
        kind = _ABNORMAL_KINDS.get(symbol)
        if symbol and kind is None:
            sink.error(f"result type {quote(symbol)} in record 299 is not one of W D L F H Z + -",
                       line=record.line, column=5,
                       expected="W, D, L, F, H, Z, + or - in column 5, or blank for a "
                                "penalty or bonus")
            continue
        values: list[Decimal | None] = []
        for first, last, what in ((8, 11, "match points"), (14, 17, "game points")):
            raw = _field(record, first, last)
            value = plain_points(raw) if raw else None
            start = _start_left_of(record, first)
            if start is not None:
                # `1.5` one column early reads as `.5` in the field: a different number,
                # never silently.
                written = record.text[start - 1:last].split()[0]
                sink.error(f"{what} {quote(written)} in record 299 starts at column {start}, "
                           f"left of columns {first}-{last}", line=record.line, column=start,
                           expected=f"the number inside columns {first}-{last}, "
                                    "right-aligned")
                break
            if raw and value is None:
                sink.error(f"{what} {quote(raw)} in record 299 is not a number",
                           line=record.line, column=first,
                           expected=f"points such as 1.0 in columns {first}-{last}, or blank")
                break
            values.append(value)
        else:
            raw_round = _field(record, 20, 22)
            round_no = _number(record, 20, 22, "round", sink) if raw_round else 0
            teams = []
            column = 24
            while column <= len(record.text):
                if _field(record, column, column + 3):
                    team = _number(record, column, column + 3, "team number", sink)
                    if team is not None:
                        teams.append(team)
                column += 5
            if round_no is None:
                continue
            if values == [None, None]:
                sink.error("record 299 gives neither match points nor game points",
                           line=record.line, column=8,
                           expected="match points in columns 8-11 or game points in 14-17")
                continue
            if kind is None:
                # A penalty or bonus changes the team's total, not a match: counted in a
                # round it would change the team's own Sonneborn-Berger, progressive and
                # Koya scores as if it had been won against that round's opponent, and C.07
                # says nothing of how opponents' tie-breaks see it. Refused rather than
                # computed wrongly.
                sink.error("a penalty or bonus (record 299 without a result type) is not "
                           "computed", line=record.line, column=5,
                           expected="the result type (W D L F H Z + -) whose match or game "
                                    "points the record sets")
                continue
            found.append(AbnormalPoints(kind=kind, match_points=values[0],
                                        game_points=values[1], round=round_no or None,
                                        teams=tuple(teams), line=record.line))
    return tuple(found)


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


def with_abnormal_points(match: Match, result: RoundResult, team: int,
                     declarations: TeamDeclarations) -> Match:
    """The match with the value the 299 records set for its result, in file order."""
    match_points = match.match_points
    game_points = match.game_points
    for abnormal in declarations.abnormal:
        if not abnormal.applies(team, match.round):
            continue
        if result.code in abnormal.kind:
            if abnormal.match_points is not None:
                match_points = abnormal.match_points
            if abnormal.game_points is not None:
                game_points = abnormal.game_points
    if match_points == match.match_points and game_points == match.game_points:
        return match
    return dataclasses.replace(match, match_points=match_points, game_points=game_points)


def declaration_problems(declarations: TeamDeclarations, teams: Collection[int],
                         total_rounds: int) -> list[tuple[str, int, int, str]]:
    """Every team a 320, 240, 299 or 330 names must exist, in a round of the event:
    (message, line, column, expected) for each that does not."""
    found: list[tuple[str, int, int, str]] = []

    def add(message: str, line: int, column: int, expected: str) -> None:
        found.append((message, line, column, expected))

    def check(team: int, round_no: int, line: int, column: int, tag: str) -> None:
        if team not in teams:
            add(f"team {team} in record {tag} is not a team of this file", line,
                         column, "the number of a team record (310 or 013)")
        elif not 1 <= round_no <= total_rounds:
            add(f"round {round_no} in record {tag} is not a round of this event",
                         line, column, f"a round from 1 to {total_rounds}")
    for bye in declarations.byes.values():
        tag = "320" if bye.kind is RoundKind.PAIRING_ALLOCATED_BYE else "240"
        check(bye.team, bye.round, bye.line, bye.column, tag)
    for abnormal in declarations.abnormal:
        for team in abnormal.teams:
            check(team, abnormal.round or 1, abnormal.line, 24, "299")
        if abnormal.round is not None and not 1 <= abnormal.round <= total_rounds:
            check(next(iter(teams)), abnormal.round, abnormal.line, 20, "299")
    for forfeit in set(declarations.forfeits.values()):
        if forfeit.white == forfeit.black:
            add(f"team {forfeit.white} forfeits a match against itself in round "
                         f"{forfeit.round}", forfeit.line, 16, "two different teams")
        for team, column in ((forfeit.white, 12), (forfeit.black, 16)):
            check(team, forfeit.round, forfeit.line, column, "330")
            if declarations.byes.get((team, forfeit.round)) is not None:
                add(f"team {team} has a bye and a forfeited match in round "
                             f"{forfeit.round}", forfeit.line, column,
                             "a bye or a match for each team and round")
    return found


def line_up_problems(declarations: TeamDeclarations,
                     teams: Mapping[int, tuple[str, tuple[StartNo, ...]]],
                     individual: Tournament) -> list[tuple[str, int, int, str]]:
    """Every 300 record names a team of the file, in a round of the event, and on its
    boards players of that team (a player of no team joins it: :func:`members_from_line_ups`,
    called first), each once: (message, line, column, expected) for each that does not. A
    line-up that fits no match would otherwise be dropped without a word."""
    team_of = {member: number for number, (_, members) in teams.items() for member in members}
    rounds = individual.total_rounds
    found: list[tuple[str, int, int, str]] = []
    for line_up in sorted(declarations.line_ups.values(), key=lambda u: u.line):
        where = f"the line-up of team {line_up.team} in round {line_up.round}"
        for team, column in ((line_up.team, 9), (line_up.opponent, 13)):
            if team not in teams:
                found.append((f"team {team} in record 300 is not a team of this file",
                              line_up.line, column, "the number of a team record (310)"))
        if not 1 <= line_up.round <= rounds:
            found.append((f"round {line_up.round} in record 300 is not a round of this event",
                          line_up.line, 5, f"a round from 1 to {rounds}"))
        if line_up.team not in teams:
            continue
        board_of: dict[int, int] = {}
        for board, player in enumerate(line_up.boards, start=1):
            column = _LINE_UP_FIRST_PLAYER + _LINE_UP_STEP * (board - 1)
            if player is None:
                continue
            if not individual.has_player(StartNo(player)):
                found.append((f"player {player} on board {board} of {where} is not a player "
                              "of this file", line_up.line, column,
                              "the starting rank of a player (001)"))
            elif team_of.get(StartNo(player)) != line_up.team:
                found.append((f"player {player} on board {board} of {where} plays for team "
                              f"{team_of.get(StartNo(player))}", line_up.line, column,
                              f"players of team {line_up.team} on its boards"))
            elif player in board_of:
                found.append((f"player {player} is on boards {board_of[player]} and {board} of "
                              f"{where}", line_up.line, column, "each player on one board"))
            board_of.setdefault(player, board)
    return found


def members_from_line_ups(teams: dict[int, tuple[str, tuple[StartNo, ...]]],
                           declarations: TeamDeclarations, individual: Tournament
                           ) -> list[tuple[int, int, int]]:
    """A player no team record lists but a team's 300 line-up fields plays for that team
    (Sharly Chess exports leave late entries out of 310): (player, team, 300 line) each."""
    member_of = {m for _, members in teams.values() for m in members}
    joined: list[tuple[int, int, int]] = []
    for line_up in sorted(declarations.line_ups.values(), key=lambda u: u.line):
        for player in line_up.boards:
            if (player is None or player in member_of or line_up.team not in teams
                    or not individual.has_player(StartNo(player))):
                continue
            name, members = teams[line_up.team]
            teams[line_up.team] = (name, (*members, StartNo(player)))
            member_of.add(StartNo(player))
            joined.append((player, line_up.team, line_up.line))
    return joined


__all__ = ["NO_DECLARATIONS", "AbnormalPoints", "ForfeitedMatch", "LineUp",
           "PairingAllocatedByeValue", "TeamBye", "TeamDeclarations", "declaration_problems",
           "game_points_primary", "line_up_problems", "members_from_line_ups",
           "read_team_declarations", "with_abnormal_points"]
