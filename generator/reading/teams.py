"""Team events: the teams as the competitors, each round a match between two teams.

A team event's TRF file holds the games board by board (001 records) and the teams
(TRF-26 ``310``, or TRF-16 ``013``). C.07 Art. 11 ranks the teams: a match is won by the
team with more game points (GP, the sum of its boards' points), and scores match points
(MP, TRF-26 record ``362``, by default 2 for a win, 1 for a draw, 0 for a loss).

:func:`build_team_tournament` reads the matches out of the board pairings and returns a
:class:`TeamTournament`: an ordinary :class:`~generator.model.Tournament` whose players
are the teams and whose results are the matches, scored in match points. The tie-break
engine therefore ranks teams with no special case; the game points of every match ride
along, so that a tie-break asked for with ``:GP`` (Art. 13 preamble: any tie-break of
Arts. 6-10 with GP as the reference score) is the same tie-break read over game points
(:meth:`TeamTournament.game_points_view`).

TRF-16 exports (013 records) leave two things to the reader, read as the event meant them
and said in a warning each: a board won against an empty board written ``0000 - -`` with
the point in the points column, and a team bye written ``0000 - -`` on every player
(:func:`_read_matches`).

TRF-26 team byes (``320``, ``240`` with team numbers) and forfeited matches (``330``)
are read by :mod:`generator.reading.team_records`; here they decide the rounds they name.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from generator.errors import DiagnosticSink
from generator.model import (
    ZERO,
    BoardGame,
    Color,
    Match,
    Player,
    ResultCode,
    RoundKind,
    RoundResult,
    ScoreSystem,
    StartNo,
    Team,
    TeamTournament,
    Tournament,
)
from generator.reading.scoring import (
    MATCH_SCORING,
    match_scoring,
    points_text,
)
from generator.reading.team_boards import in_roster_order, number_empty_boards
from generator.reading.team_records import (
    ForfeitedMatch,
    LineUp,
    PairingAllocatedByeValue,
    TeamDeclarations,
    declaration_problems,
    game_points_primary,
    line_up_problems,
    members_from_line_ups,
    read_team_declarations,
    with_abnormal_points,
)
from generator.reading.team_warnings import (
    Shortfall,
    apply_colour_sequence,
    check_team_columns,
    explained_warnings,
    record_text,
    say_ambiguous,
    team_columns,
)
from generator.reading.trf import TeamRecord, TrfDocument
from generator.speed import frozen_record

# --- reading --------------------------------------------------------------------------------

_TEAM_TYPE = re.compile(r"TEAM", re.IGNORECASE)


def is_team_event(document: TrfDocument) -> bool:
    """Does the file say it is a team event (not merely list teams for a team prize)?

    TRF-26: the encoded type (192) names a team system, or the team match scoring (362)
    or the board colour sequence (352) is given.
    """
    return bool(_TEAM_TYPE.search(document.value("192"))) or bool(
        document.first("362") or document.first("352"))


def team_records(document: TrfDocument) -> tuple[TeamRecord, ...]:
    """The teams: the 310 records when there are any (TRF-26 replaces 013), else 013."""
    modern = tuple(t for t in document.teams if t.tag == "310")
    return modern or tuple(t for t in document.teams if t.tag == "013")


@dataclass(slots=True)
class _Problems:
    """Problems found while reading the matches: errors in a declared team event, else
    the reason the team records are not read as one."""

    found: list[tuple[str, int | None, int | None, str | None]] = field(default_factory=list)

    def add(self, message: str, line: int | None, column: int | None,
            expected: str | None = None) -> None:
        self.found.append((message, line, column, expected))


def build_team_tournament(document: TrfDocument, individual: Tournament,
                          sink: DiagnosticSink, team_bye: tuple[Decimal, Decimal] | None = None
                          ) -> TeamTournament | None:
    """The team view of ``individual``, or None for an individual event.

    A file with team records is a team event when it says so (:func:`is_team_event`) or
    when its pairings are team matches: every player belongs to one team and, in every
    round, the players of a team meet players of one other team only. A file that says
    it is a team event and is not consistent with one gets errors; one that merely lists
    teams (a team prize in an individual event) is an individual event, with a warning
    saying why when its teams are TRF-26 310 records (TRF-16 013 lists are common in
    individual events and pass silently).
    """
    records = team_records(document)
    if not records:
        return None
    bye_sink = DiagnosticSink(sink.path)
    declarations = read_team_declarations(document, sink, bye_sink)
    declared = is_team_event(document) or declarations.declares_team_event
    if team_bye is not None:
        # event.yml's team_bye over 320's values: the event's own regulations (16.2.1).
        declarations = dataclasses.replace(declarations, pab_value=PairingAllocatedByeValue(
            match_points=team_bye[0], game_points=team_bye[1], line=0))
    problems = _Problems()
    idle: list[Player] = []
    teams = _read_teams(document, records, individual, problems)
    joined: list[tuple[int, int, int]] = []
    if teams is not None:
        for found in declaration_problems(declarations, teams, individual.total_rounds):
            problems.add(*found)
        joined = members_from_line_ups(teams, declarations, individual)
        for found in line_up_problems(declarations, teams, individual):
            problems.add(*found)
    if teams is not None and not problems.found:
        team_of = {member: number for number, (_, members) in teams.items()
                   for member in members}
        outside = [p for p in individual.players if p.start_no not in team_of]
        # A listed player who never plays (a reserve the export forgot to put in a team)
        # changes no match; one who plays must be in the team they play for.
        idle = [p for p in outside if all(r.opponent is None for r in p.results)]
        for player in [p for p in outside if p not in idle][:5]:
            problems.add(f"player {player.start_no} ({player.name}) is in no team",
                         player.line, 5, "every player listed in a team record")
    if problems.found or teams is None:
        _report(problems, records, declared, sink)
        return None
    sequence = document.value("352").replace(" ", "").upper()
    sequence_length = len(sequence)
    matches, inferred, board_count, ambiguous = _read_matches(
        individual, teams, problems, sequence_length, declarations,
        without_line_ups=records[0].tag == "013")
    if problems.found:
        _report(problems, records, declared, sink)
        return None
    for diagnostic in bye_sink.collected():
        sink.add(diagnostic)  # a team event: its 240 records are team byes
    number_empty_boards(matches, individual, board_count, sequence,
                        declarations.line_ups.keys(), sink)
    apply_colour_sequence(matches, document, sink)
    for player_no, team_no, line in joined:
        sink.warning(f"player {player_no} is in no team record but in team {team_no}'s "
                     f"line-up: read as a player of team {team_no}", line=line, column=17,
                     expected=f"player {player_no} in team {team_no}'s 310 record")
    for player in idle:
        sink.warning(f"player {player.start_no} ({player.name}) is in no team and plays no "
                     "game: left out of the teams", line=player.line, column=5,
                     expected="every player listed in a team record")
    if ambiguous:
        say_ambiguous(ambiguous, individual.score_system.points(
            RoundKind.FORFEIT_WIN, ResultCode.FORFEIT_WIN), sink)
        return None
    scoring = match_scoring(document, sink)
    if declarations.pab_value is not None:
        # The event's own value of a team PAB (320) rules over 362's default (C.07 leaves
        # the PAB's value to the event, spec §2.2).
        scoring = dataclasses.replace(
            scoring, pairing_allocated_bye=declarations.pab_value.match_points)
    _say_inferred(inferred, teams, scoring, individual.score_system, board_count,
                  declarations.pab_value, sink)
    inferred_byes = {(i.team, i.round) for i in inferred if i.player is None}
    by_record = {record.number: record for record in records}
    built: list[Team] = []
    for number, (name, members) in sorted(teams.items()):
        team_record = by_record[number]
        columns = team_columns(document, team_record, sink)
        results = tuple(_match_result(individual, match, members,
                                      _declared_code(declarations, number, match.round,
                                                     inferred_byes), sequence)
                        for match in matches[number])
        if declarations.abnormal:
            matches[number] = [with_abnormal_points(match, result, number, declarations)
                               for match, result in zip(matches[number], results, strict=True)]
        built.append(Team(
            start_no=StartNo(number), name=name, members=members,
            matches=tuple(matches[number]), results=results, line=team_record.line,
            points_in_file=columns.get("mp"), game_points_in_file=columns.get("gp"),
            rank_in_file=int(columns["rank"]) if columns.get("rank") else None))
    tournament = TeamTournament(
        name=individual.name, city=individual.city, federation=individual.federation,
        start_date=individual.start_date, end_date=individual.end_date,
        tournament_type=individual.tournament_type, chief_arbiter=individual.chief_arbiter,
        deputy_arbiters=individual.deputy_arbiters, time_control=individual.time_control,
        round_dates=individual.round_dates, round_times=individual.round_times,
        total_rounds=individual.total_rounds, rounds_known=individual.rounds_known,
        ends_later=individual.ends_later,
        # A match forfeited in 330 is a result even when no board of its round is written.
        rounds_played=max((individual.rounds_played,
                           *(f.round for f in declarations.forfeits.values()))),
        players=tuple(built), score_system=scoring,
        is_round_robin=individual.is_round_robin, individual=individual,
        board_count=board_count, game_scoring=individual.score_system,
        game_points_primary=game_points_primary(document))
    check_team_columns(tournament, sink)
    return tournament


def _report(problems: _Problems, records: Sequence[TeamRecord], declared: bool,
            sink: DiagnosticSink) -> None:
    if declared:
        for message, line, column, expected in problems.found:
            sink.error(message, line=line, column=column, expected=expected)
        return
    message, line, column, _ = problems.found[0]
    tag = records[0].tag
    if tag == "013":
        # TRF-16 files of individual events often list clubs (013) for a team prize: an
        # individual event, nothing to say.
        return
    sink.warning(f"the team records ({tag}) are not read as a team event: {message} "
                 f"(line {line})", line=records[0].line, column=1,
                 expected="192 naming a team system (e.g. FIDE_TEAM_...) for a team event; "
                          "nothing to do for teams listed for a team prize")


def _member_columns(document: TrfDocument, record: TeamRecord) -> dict[int, int]:
    """Where each member's starting rank is written in the team record (1-based columns)."""
    text = record_text(document, record)
    first = 74 if record.tag == "310" else 37
    columns: dict[int, int] = {}
    for column in range(first, len(text) + 1, 5):
        field_text = text[column - 1:column + 3].strip()
        if field_text.isdigit() and int(field_text) and int(field_text) not in columns:
            columns[int(field_text)] = column
    return columns


def _read_teams(document: TrfDocument, records: Sequence[TeamRecord], individual: Tournament,
                problems: _Problems) -> dict[int, tuple[str, tuple[StartNo, ...]]] | None:
    teams: dict[int, tuple[str, tuple[StartNo, ...]]] = {}
    lines: dict[int, int] = {}
    member_of: dict[int, tuple[int, int]] = {}
    for record in records:
        columns = _member_columns(document, record)
        if record.number in teams:
            problems.add(f"team number {record.number} used twice (first on line "
                         f"{lines[record.number]})", record.line, 5 if record.tag == "310" else 1,
                         "each team number once")
            continue
        members: list[StartNo] = []
        for member in record.members:
            column = columns.get(member, 1)
            if not individual.has_player(StartNo(member)):
                problems.add(f"team member {member} is not a player of this file", record.line,
                             column, "the starting rank of a 001 record")
                continue
            if member in member_of:
                other, other_line = member_of[member]
                problems.add(f"player {member} is listed in team {other} (line {other_line}) "
                             f"and in team {record.number}", record.line, column,
                             "each player in one team")
                continue
            member_of[member] = (record.number, record.line)
            members.append(StartNo(member))
        if not members:
            problems.add(f"team {record.number} ({record.name}) has no players", record.line,
                         1, "the starting ranks of its players")
            continue
        teams[record.number] = (record.name, tuple(members))
        lines[record.number] = record.line
    return teams if teams else None


@frozen_record
class _Inferred:
    """A reading of a TRF-16 export that the file implies but does not write: a board won
    against an empty board (``player`` set) or a team's pairing-allocated bye (None)."""

    team: int
    round: int
    player: StartNo | None
    opponent_team: int | None
    line: int
    column: int
    marked: bool = False
    """A bye marked ``0000 - U`` whose value no record 320 gives (Q3), not one inferred
    from ``0000 - -``."""


def _read_matches(individual: Tournament, teams: Mapping[int, tuple[str, tuple[StartNo, ...]]],
                  problems: _Problems, sequence_length: int, declarations: TeamDeclarations,
                  without_line_ups: bool
                  ) -> tuple[dict[int, list[Match]], list[_Inferred], int, list[Shortfall]]:
    """Each team's match in each round, from its players' games, and what was inferred.

    Inside a match, a player's ``0000 - +`` is a board won against an empty board
    (TRF-26), and so is a ``0000 - -`` that the player's points column counts as a win
    (TRF-16 exports write it so): the board counts for the match (C.07 11.1.2, the game
    points are the sum of the points each player scores), the opponent team gets nothing
    on it. A team without a match gets one team result for the round, not one per member
    (:func:`_unpaired_match`). A bye declared in 320 or 240 and a match forfeited in 330
    say what the round was; the boards must not contradict them.
    """
    team_of = {member: number for number, (_, members) in teams.items() for member in members}
    points = individual.score_system.round_points
    empty_board_win = individual.score_system.points(RoundKind.FORFEIT_WIN,
                                                     ResultCode.FORFEIT_WIN)
    counted_wins, ambiguous = _points_column_wins(individual, team_of, empty_board_win)
    inferred: list[_Inferred] = []
    matches: dict[int, list[Match]] = {number: [] for number in teams}
    unpaired_rounds: list[tuple[int, int, list[RoundResult]]] = []
    unwritten_forfeits: list[tuple[int, int, ForfeitedMatch]] = []
    most_boards = 0
    for round_no in range(1, individual.total_rounds + 1):
        faced: dict[int, int | None] = {}
        boards: dict[int, list[BoardGame]] = {}
        empty_wins: dict[int, list[RoundResult]] = {}
        byes: dict[int, list[RoundResult]] = {}
        for number, (_, members) in sorted(teams.items()):
            opponents: dict[int, StartNo] = {}
            games: list[BoardGame] = []
            unpaired_of: list[tuple[StartNo, RoundResult]] = []
            for member in members:
                player = individual.player(member)
                result = player.result(round_no)
                if result.opponent is None:
                    unpaired_of.append((member, result))
                    continue
                other_team = team_of.get(result.opponent)
                if other_team is None:
                    continue  # reported as a player in no team
                if other_team == number:
                    problems.add(f"players {member} and {result.opponent} of team {number} "
                                 f"meet each other in round {round_no}", result.line,
                                 result.column, "players of different teams on every board")
                    continue
                opponents.setdefault(other_team, member)
                games.append(BoardGame(
                    board=len(games) + 1, player=member, opponent=result.opponent,
                    color=result.color, code=result.code, points=points(result)))
            if len(opponents) > 1:
                (first, first_member), (second, second_member) = sorted(opponents.items())[:2]
                player = individual.player(second_member)
                problems.add(f"team {number} meets teams {first} and {second} in round "
                             f"{round_no} (players {first_member} and {second_member})",
                             player.line, player.result(round_no).column,
                             "all boards of a team against one team in each round")
                continue
            bye = declarations.byes.get((number, round_no))
            if bye is not None and opponents:
                first_member = next(iter(opponents.values()))
                result = individual.player(first_member).result(round_no)
                problems.add(f"team {number} has a bye in round {round_no} (line {bye.line}) "
                             f"but its player {first_member} plays team "
                             f"{next(iter(opponents))}", result.line, result.column,
                             "no games for a team in the round of its bye")
                continue
            forfeit = declarations.forfeits.get((number, round_no))
            if forfeit is not None:
                scheduled = forfeit.black if forfeit.white == number else forfeit.white
                if opponents and set(opponents) != {scheduled}:
                    first_member = next(iter(opponents.values()))
                    result = individual.player(first_member).result(round_no)
                    problems.add(f"team {number} meets team {next(iter(opponents))} in round "
                                 f"{round_no}, but record 330 (line {forfeit.line}) says its "
                                 f"match against team {scheduled} was forfeited",
                                 result.line, result.column,
                                 f"the boards of the match against team {scheduled}")
                    continue
                faced[number] = scheduled
            else:
                faced[number] = next(iter(opponents)) if opponents else None
            byes[number] = [r for _, r in unpaired_of]
            line_up = declarations.line_ups.get((number, round_no))
            if faced[number] is not None:
                wins = [(member, r) for member, r in unpaired_of
                        if r.code is ResultCode.FORFEIT_WIN
                        or round_no in counted_wins.get(member, ())]
                empty_wins[number] = [r for _, r in wins]
                inferred.extend(_Inferred(
                    team=number, round=round_no, player=member, opponent_team=faced[number],
                    line=r.line, column=r.column)
                    for member, r in wins if r.code is not ResultCode.FORFEIT_WIN)
                games = in_roster_order(members, games, [
                    # Read as won (FORFEIT_WIN) also where TRF-16 wrote `0000 - -` and the
                    # points column counts the point.
                    BoardGame(board=0, player=member, opponent=None, color=r.color,
                              code=ResultCode.FORFEIT_WIN, points=empty_board_win)
                    for member, r in wins])
            if line_up is not None:
                games = _in_line_up_order(line_up, faced[number], games, problems)
            boards[number] = games
        if problems.found:
            continue
        without_match = [n for n in sorted(teams) if faced[n] is None]
        for number in sorted(teams):
            opponent = faced[number]
            if opponent is None:
                unpaired_rounds.append((number, round_no, byes[number]))
                matches[number].append(Match(round=round_no, opponent=None, game_points=None,
                                             opponent_game_points=None))
                if ((number, round_no) not in declarations.byes
                        and len(without_match) == 1 and len(without_match) < len(teams)
                        and not individual.is_round_robin
                        and byes[number]
                        and all(r.code is ResultCode.FORFEIT_LOSS for r in byes[number])):
                    # A Swiss round with one team short: the pairing left it out, it did
                    # not stay away (TRF-16 exports write the team's bye `0000 - -`).
                    marked = byes[number][0]
                    inferred.append(_Inferred(team=number, round=round_no, player=None,
                                              opponent_team=None, line=marked.line,
                                              column=marked.column))
                continue
            mine = boards[number]
            theirs = boards[opponent]
            most_boards = max(most_boards, len(mine))
            is_complete = all(g.code is not ResultCode.PENDING for g in (*mine, *theirs))
            forfeit = declarations.forfeits.get((number, round_no))
            if forfeit is not None and not (mine or theirs):
                unwritten_forfeits.append((number, round_no, forfeit))
            empty_board = bool(empty_wins.get(number) or empty_wins.get(opponent))
            matches[number].append(Match(
                round=round_no, opponent=StartNo(opponent),
                game_points=sum((g.points for g in mine), ZERO) if is_complete else None,
                opponent_game_points=(sum((g.points for g in theirs), ZERO)
                                      if is_complete else None),
                boards=tuple(mine),
                # Q9: TRF-16 has no line-up record, so which board was left empty is
                # known only where one numbering fits the file (reading/team_boards.py).
                boards_numbered=not (without_line_ups and empty_board)))
    # Record 352's length, else the most boards of one match (empty-board wins included).
    board_count = sequence_length or most_boards or 1
    inferred_byes = {(i.team, i.round) for i in inferred if i.player is None}
    for number, round_no, results in unpaired_rounds:
        declared = declarations.byes.get((number, round_no))
        if (declared is None and declarations.pab_value is None and results
                and all(r.kind is RoundKind.PAIRING_ALLOCATED_BYE for r in results)):
            inferred.append(_Inferred(team=number, round=round_no, player=None,
                                      opponent_team=None, line=results[0].line,
                                      column=results[0].column, marked=True))
            inferred_byes.add((number, round_no))
        matches[number][round_no - 1] = _unpaired_match(
            round_no, results, individual.score_system, board_count,
            (number, round_no) in inferred_byes,
            None if declared is None else declared.kind, declarations)
    for number, round_no, forfeit in unwritten_forfeits:
        # A match forfeited (330) without a board in 001: the winner wins every board
        # (spec §2.2), counted only now that the boards per match are known.
        every_board = empty_board_win * board_count
        own, other = (every_board if forfeit.code_of(team) is ResultCode.FORFEIT_WIN else ZERO
                      for team in (number, forfeit.opponent_of(number)))
        matches[number][round_no - 1] = dataclasses.replace(
            matches[number][round_no - 1], game_points=own, opponent_game_points=other)
    return matches, inferred, board_count, ambiguous


def _in_line_up_order(line_up: LineUp, opponent: int | None, games: Sequence[BoardGame],
                      problems: _Problems) -> list[BoardGame]:
    """The boards numbered as record 300 lists the players (an empty board keeps its
    number); the line-up must be of this match and hold everyone who played in it."""
    if line_up.opponent != opponent:  # None: the team has no match in the round
        problems.add(f"the line-up of team {line_up.team} in round {line_up.round} names "
                     f"team {line_up.opponent} as its opponent, the boards "
                     + (f"team {opponent}" if opponent else "no match that round"),
                     line_up.line, 13, f"team {opponent} in columns 13-15" if opponent
                     else "no line-up for a round without a match")
        return list(games)
    board_of = {player: board for board, player in enumerate(line_up.boards, start=1)
                if player is not None}
    for game in games:
        if game.player not in board_of:
            problems.add(f"player {game.player} plays for team {line_up.team} in round "
                         f"{line_up.round} but is not in its line-up", line_up.line, 17,
                         "every player of the match on a board of record 300")
    if problems.found:
        return list(games)
    return sorted((dataclasses.replace(g, board=board_of[g.player]) for g in games),
                  key=lambda g: g.board)


def _points_column_wins(individual: Tournament, team_of: Mapping[StartNo, int], win: Decimal
                        ) -> tuple[dict[StartNo, frozenset[int]], list[Shortfall]]:
    """Players whose points column (001 columns 81-84) counts k wins more than their
    results, with exactly k ``0000 - -`` rounds in which their team had a match: those
    rounds were boards won against an empty board (issue 11: TRF-16 exports; all 20 in
    the Crete files have k = 1). Any other shortfall with such rounds is ambiguous."""
    playing = {(team_of[p.start_no], r.round) for p in individual.players
               if p.start_no in team_of for r in p.results if r.opponent is not None}
    found: dict[StartNo, frozenset[int]] = {}
    ambiguous: list[Shortfall] = []
    points = individual.score_system.round_points
    for player in individual.players:
        if player.points_in_file is None or player.start_no not in team_of:
            continue
        shortfall = player.points_in_file - sum((points(r) for r in player.results), ZERO)
        if shortfall <= 0:
            continue
        rounds = tuple(r.round for r in player.results
                       if r.opponent is None and r.code is ResultCode.FORFEIT_LOSS
                       and (team_of[player.start_no], r.round) in playing)
        if not rounds:
            continue
        if shortfall == win * len(rounds):
            found[player.start_no] = frozenset(rounds)
        else:
            ambiguous.append(Shortfall(player=player.start_no, line=player.line,
                                        shortfall=shortfall, rounds=rounds))
    return found, ambiguous


_UNPAIRED_CODES = {
    RoundKind.PAIRING_ALLOCATED_BYE: ResultCode.PAIRING_ALLOCATED_BYE,
    RoundKind.FULL_POINT_BYE: ResultCode.FULL_POINT_BYE,
    RoundKind.HALF_POINT_BYE: ResultCode.HALF_POINT_BYE,
    RoundKind.ZERO_POINT_BYE: ResultCode.ZERO_POINT_BYE,
}


def _unpaired_match(round_no: int, results: Sequence[RoundResult], games: ScoreSystem,
                    board_count: int, inferred_bye: bool, declared: RoundKind | None,
                    declarations: TeamDeclarations) -> Match:
    """A round without a match: one team result, worth the boards of one match.

    Every player's bye mark (``0000 - U`` on a roster of twelve) is the team's one bye,
    so a team bye's game points are per board, not per member: each board the game
    points of that bye. A pairing-allocated bye without record 320 marked ``0000 - U``
    is worth what the marks say: each board a player's pairing-allocated bye (record 162,
    a won game by default), as the players' points columns and the 310 totals of the
    exports that write it so count it (chessroster, bbpPairings). Inferred from
    ``0000 - -``, it has no value in the file, and C.07 gives none (16.2.1 only says it is
    an unplayed round with the points awarded): a drawn match's game points (Q3; both
    published events score it so). Either is said in a warning. A bye declared in
    240 is worth its kind of result on every board (spec §2.2: F = W x B, H = D x B, Z = 0);
    a pairing-allocated bye, declared or marked ``U``, what record 320 says it is worth.
    """
    kinds = {r.kind for r in results}
    pab = declarations.pab_value
    marked = next(iter(kinds)) if len(kinds) == 1 else None
    kind = declared or marked
    if declared is None and kinds <= {RoundKind.NOT_PLAYED_YET}:
        return Match(round=round_no, opponent=None, game_points=None, opponent_game_points=None)
    boards = Decimal(board_count)
    if (kind is RoundKind.PAIRING_ALLOCATED_BYE or inferred_bye) and pab is not None:
        total = pab.game_points
    elif declared is not None:
        total = games.points(declared, _UNPAIRED_CODES[declared]) * boards
    elif inferred_bye and marked is not RoundKind.PAIRING_ALLOCATED_BYE:
        # `0000 - -` on every player, without 320: the file gives no value (Q3).
        total = games.draw * boards
    elif marked in _UNPAIRED_CODES:
        first = results[0]
        total = games.points(first.kind, first.code) * boards
    else:
        total = sum((games.round_points(r) for r in results), ZERO)
    return Match(round=round_no, opponent=None, game_points=total, opponent_game_points=None)


def _say_inferred(inferred: Sequence[_Inferred],
                  teams: Mapping[int, tuple[str, tuple[StartNo, ...]]], scoring: ScoreSystem,
                  games: ScoreSystem, board_count: int, pab: PairingAllocatedByeValue | None,
                  sink: DiagnosticSink) -> None:
    """One diagnostic per inference, at the round's block in the 001 record: a note where
    the file itself or event.yml settles it, a warning where a value is the program's guess
    (what a team bye is worth when neither 320 nor event.yml's ``team_bye`` says)."""
    for found in inferred:
        name = teams[found.team][0]
        # event.yml's team_bye gives the bye its worth: the inference then guesses nothing.
        say_bye = sink.warning if pab is None else sink.remark
        if found.player is not None:
            # The points column counts the board as won: the file says it, in TRF-16's way.
            sink.remark(
                f"player {found.player} of team {found.team} ({name}) has `0000 - -` in round "
                f"{found.round} but the points column counts it as won: inferred a board won "
                f"against an empty board in the match against team {found.opponent_team}",
                line=found.line, column=found.column,
                expected="`0000 - +` for a board won against an empty board")
            continue
        match_points = scoring.points(RoundKind.PAIRING_ALLOCATED_BYE,
                                      ResultCode.PAIRING_ALLOCATED_BYE)
        game_points = games.draw * board_count if pab is None else pab.game_points
        worth = "a drawn match" if pab is None else "event.yml's team_bye"
        if found.marked:
            if pab is None:
                game_points = games.points(RoundKind.PAIRING_ALLOCATED_BYE,
                                           ResultCode.PAIRING_ALLOCATED_BYE) * board_count
                worth = "a bye on every board (its players' `0000 - U`) with a drawn match's MP"
            say_bye(
                f"team {found.team} ({name}) has the pairing-allocated bye in round "
                f"{found.round} and no record 320 says what it is worth: read as "
                f"{worth}, {points_text(match_points.normalize())} match points and "
                f"{points_text(game_points.normalize())} game points",
                line=found.line, column=found.column,
                expected="record 320 with the bye's match points (columns 5-8) and game "
                         "points (10-13)")
            continue
        say_bye(
            f"team {found.team} ({name}) has no match in round {found.round}, the only team "
            f"without one, and `0000 - -` on every player: inferred the team's "
            f"pairing-allocated bye, worth {points_text(match_points.normalize())} match "
            f"points and {points_text(game_points.normalize())} game points ({worth})",
            line=found.line, column=found.column,
            expected="record 320, or `0000 - U` on the team's players, for a team bye")


def _declared_code(declarations: TeamDeclarations, team: int, round_no: int,
                   inferred_byes: set[tuple[int, int]]) -> ResultCode | None:
    """The team's result of the round when a record (320, 240, 330) or an inference says it."""
    bye = declarations.byes.get((team, round_no))
    if bye is not None:
        return _UNPAIRED_CODES[bye.kind]
    forfeit = declarations.forfeits.get((team, round_no))
    if forfeit is not None:
        return forfeit.code_of(team)
    return ResultCode.PAIRING_ALLOCATED_BYE if (team, round_no) in inferred_byes else None


def _board_one_colour(match: Match, sequence: str) -> Color:
    """The team's colour on board 1, which is the team's colour in the match. When the team
    left board 1 empty, its first listed board says it through record 352 (``WBWB``: the
    colour of board n for the team with White on board 1); without 352, that board's own
    colour is the best the file gives."""
    first = match.boards[0]
    if first.board == 1 or first.color is Color.NONE or len(sequence) < first.board:
        return first.color
    same = sequence[first.board - 1] == sequence[0]
    return first.color if same else (
        Color.BLACK if first.color is Color.WHITE else Color.WHITE)


def _match_result(individual: Tournament, match: Match, members: Sequence[StartNo],
                  declared: ResultCode | None, sequence: str) -> RoundResult:
    """The match as one round of the team's record: won, drawn or lost on game points
    (Art. 11), the colour of the team on board 1, the position of its first board's game;
    ``declared`` when a record or an inference says what the round was."""
    round_no = match.round
    if match.opponent is None:
        results = [individual.player(m).result(round_no) for m in members]
        kinds = {r.kind for r in results}
        first = results[0]
        if declared is not None:
            code = declared
        elif kinds <= {RoundKind.NOT_PLAYED_YET}:
            code = ResultCode.NO_DATA
        elif len(kinds) == 1 and next(iter(kinds)) in _UNPAIRED_CODES:
            # Every player of the team has the same bye: the team has it.
            code = _UNPAIRED_CODES[next(iter(kinds))]
        else:
            code = ResultCode.ZERO_POINT_BYE
        return RoundResult(round=round_no, opponent=None, color=Color.NONE, code=code,
                           line=first.line, column=first.column)
    first_player = match.boards[0].player if match.boards else members[0]
    where = individual.player(first_player).result(round_no)
    color = _board_one_colour(match, sequence) if match.boards else Color.NONE
    if declared is not None:
        code = declared  # a forfeited match (330), whatever its boards add up to
    elif match.game_points is None or match.opponent_game_points is None:
        code = ResultCode.PENDING
    else:
        # Without 330 a match is forfeited as a whole only when every board is a forfeit
        # the same way; boards forfeited both ways are standard results (Art. 12) of a
        # match decided by its game points (11.1), a 1-1 of two forfeits a draw.
        codes = {g.code for g in match.boards}
        if match.game_points > match.opponent_game_points:
            code = (ResultCode.FORFEIT_WIN if codes == {ResultCode.FORFEIT_WIN}
                    else ResultCode.WIN)
        elif match.game_points < match.opponent_game_points:
            code = (ResultCode.FORFEIT_LOSS if codes == {ResultCode.FORFEIT_LOSS}
                    else ResultCode.LOSS)
        elif codes == {ResultCode.FORFEIT_LOSS}:
            code = ResultCode.FORFEIT_LOSS  # a double forfeit on every board
        else:
            code = ResultCode.DRAW
    return RoundResult(round=round_no, opponent=match.opponent, color=color,
                       code=code, line=where.line, column=where.column)


__all__ = ["MATCH_SCORING", "build_team_tournament", "explained_warnings", "game_points_primary",
           "is_team_event", "team_records"]
