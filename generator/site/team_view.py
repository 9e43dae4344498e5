"""What a team event's own pages show: team standings and crosstable, a team's roster, a
team member's games, and the board prizes.

A team event ranks teams (C.07 Art. 11), so its standings, rounds and team pages are the
event pages of ``views.py`` and ``player_view.py`` with teams as the competitors; this module
adds what only a team event has: match scores (3½–2½) and W-D-L, and everything said about
the players of the teams, board by board. Every individual score is summed from the match
boards of the team model (``Team.matches``), never from the 001 points column, which a raw
TRF-16 export gets wrong for boards won against an empty board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from generator.model import (
    ZERO,
    BoardGame,
    Player,
    ResultCode,
    RoundKind,
    RoundResult,
    StartNo,
    Team,
    TeamTournament,
)
from generator.rules import board_prizes
from generator.rules.explain import BoardsUnnumberedNote, Standings
from generator.rules.ranking import GROUP_ORDERS
from generator.site.addresses import (
    boards_page,
    crosstable_page,
    player_page,
    relative_link,
    round_page,
    team_page,
)
from generator.site.downloads import game_points_after
from generator.site.matches import GAME_SYMBOLS, color_text
from generator.site.numbers import format_points, percent_text
from generator.site.plan import EventPlan
from generator.site.player_view import PlayerView, RoundLine
from generator.site.views import CrossRow, StandingsLine, columns, standings_lines
from generator.site.wording import MatchOutcome, outcome_letter
from generator.speed import frozen_record

# --- a match from one team's side -----------------------------------------------------------

_OUTCOME_OF_CODE = {
    ResultCode.WIN: MatchOutcome.WON, ResultCode.FORFEIT_WIN: MatchOutcome.WON,
    ResultCode.DRAW: MatchOutcome.DRAWN,
    ResultCode.LOSS: MatchOutcome.LOST, ResultCode.FORFEIT_LOSS: MatchOutcome.LOST,
}


def match_outcome(result: RoundResult) -> MatchOutcome | None:
    """Won, drawn or lost (the reader decided it on game points, C.07 11.1); None for a
    round without a match (a bye) or a match whose result is not known yet."""
    if result.opponent is None:
        return None
    return _OUTCOME_OF_CODE.get(result.code)


def match_score(team: Team, round_no: int) -> str:
    """The match from the team's side in game points, "3½–2½"; "" while not known."""
    match = team.match(round_no)
    if match.opponent is None or match.game_points is None \
            or match.opponent_game_points is None:
        return ""
    return f"{format_points(match.game_points)}–{format_points(match.opponent_game_points)}"


def outcome_counts(team: Team, after_round: int) -> Mapping[MatchOutcome, int]:
    """Matches won, drawn and lost in the first ``after_round`` rounds (byes are none)."""
    counts = dict.fromkeys(MatchOutcome, 0)
    for result in team.results[:after_round]:
        outcome = match_outcome(result)
        if outcome is not None:
            counts[outcome] += 1
    return counts


# --- team standings ---------------------------------------------------------------------------

@frozen_record
class TeamLine:
    """One team in a standings table: the individual line (place, link, match points and
    the tie-break cells) with what a team adds."""

    line: StandingsLine
    team: Team
    game_points: str
    won: int
    drawn: int
    lost: int


def team_standings_lines(standings: Standings, slug: str, page: str) -> tuple[TeamLine, ...]:
    """The rows of a team event's ``standings`` as a table on ``page`` shows them: MP, GP
    and W-D-L count the matches of the rounds these standings are after."""
    after = standings.after_round
    lines = []
    for line in standings_lines(standings, slug, page):
        team = line.row.player
        assert isinstance(team, Team), "team standings of an individual event"
        counts = outcome_counts(team, after)
        lines.append(TeamLine(line=line, team=team,
                              game_points=format_points(game_points_after(team, after)),
                              won=counts[MatchOutcome.WON], drawn=counts[MatchOutcome.DRAWN],
                              lost=counts[MatchOutcome.LOST]))
    return tuple(lines)


@frozen_record
class TeamTableShape:
    """Which columns a team standings table shows, and what it says under itself about the
    ones it leaves blank or out."""

    shown: tuple[int, ...]
    """Indices of the tie-break columns shown (of ``columns(standings.specs)``)."""
    game_points_shown: bool
    """False when an MPvGP column already shows every team's game points."""
    not_reached: tuple[str, ...]
    """Group orders (TBR, BBE, EDE, ...) left out: the tie-breaks before them had already
    separated every tied group, so they placed nobody (C.07 4.2)."""
    boards_unknown: tuple[str, ...]
    """Board tie-breaks shown as "–" for a team whose board numbers the file leaves open."""
    boards_unknown_teams: tuple[StartNo, ...]


def team_table_shape(standings: Standings, lines: Sequence[TeamLine]) -> TeamTableShape:
    """What :func:`team_standings_lines`'s table shows of ``standings``."""
    cols = columns(standings.specs)
    keys = [column.key for column in cols]
    # The criterion that separated each pair of neighbours, as an index into the list (PTS
    # before every tie-break; a shared place or lots after all of them).
    separated_by = [-1 if row.below.criterion == "PTS" else
                    keys.index(row.below.criterion) if row.below.criterion in keys
                    else len(keys) for row in standings.rows[:-1] if row.below is not None]
    not_reached = [k for k, column in enumerate(cols)
                   if column.spec.acronym in GROUP_ORDERS
                   and all(index < k for index in separated_by)]
    repeats_game_points = [k for k, column in enumerate(cols)
                           if column.spec.acronym == "MPVGP" and lines
                           and all(line.line.cells[k][0] == line.game_points for line in lines)]
    unknown_codes: list[str] = []
    unknown_teams: set[StartNo] = set()
    for column in cols:
        if column.spec.acronym not in ("BC", "TBR", "BBE"):
            continue
        for row in standings.rows:
            explained = row.values[column.key]
            if explained.value is None and any(isinstance(note, BoardsUnnumberedNote)
                                               for note in explained.notes):
                unknown_teams.add(row.player.start_no)
                if column.spec.written not in unknown_codes:
                    unknown_codes.append(column.spec.written)
    return TeamTableShape(
        shown=tuple(k for k in range(len(cols)) if k not in not_reached),
        game_points_shown=not repeats_game_points,
        not_reached=tuple(cols[k].spec.written for k in not_reached),
        boards_unknown=tuple(unknown_codes), boards_unknown_teams=tuple(sorted(unknown_teams)))


# --- team crosstable --------------------------------------------------------------------------

@frozen_record
class TeamCrossCell:
    round_no: int
    kind: RoundKind
    opponent: StartNo | None
    opponent_rank: int | None
    color: str
    """The team's colour on board 1 ('w', 'b', '' when not recorded)."""
    score: str
    """The match from the team's side, "3½–2½"; for a bye its match points."""
    outcome: MatchOutcome | None
    href: str = ""
    """The opponent team's page, relative to the crosstable page."""


@frozen_record
class TeamCrossRow:
    team_line: TeamLine
    cells: tuple[TeamCrossCell, ...]


def team_crosstable(plan: EventPlan) -> tuple[TeamCrossRow, ...]:
    """A team Swiss: per round the match from the team's side, its opponent's place and the
    colour of its first board (a team's colour is that of board 1, C.04.6)."""
    lines = team_standings_lines(plan.standings, plan.slug, crosstable_page(plan.slug))
    ranks = {tl.team.start_no: tl.line.row.rank for tl in lines}
    hrefs = {tl.team.start_no: tl.line.href for tl in lines}
    system = plan.tournament.score_system
    rows = []
    for team_line in lines:
        team = team_line.team
        cells = []
        for result in team.results[:plan.info.rounds_played]:
            opponent = result.opponent if result.opponent in ranks else None
            cells.append(TeamCrossCell(
                round_no=result.round, kind=result.kind, opponent=opponent,
                opponent_rank=ranks[opponent] if opponent is not None else None,
                color=color_text(result.color) if opponent is not None else "",
                score=match_score(team, result.round) if opponent is not None
                else format_points(system.round_points(result)),
                outcome=match_outcome(result),
                href=hrefs[opponent] if opponent is not None else ""))
        rows.append(TeamCrossRow(team_line=team_line, cells=tuple(cells)))
    return tuple(rows)


# --- the players of the teams, board by board -------------------------------------------------

@frozen_record
class BoardRecord:
    """One board a player took in one match."""

    round_no: int
    team: Team
    game: BoardGame
    is_numbered: bool


def board_records(teams: TeamTournament) -> Mapping[StartNo, tuple[BoardRecord, ...]]:
    """Every board each player took, round order: the one source of the individual scores
    on the roster, the member pages and the board prizes."""
    found: dict[StartNo, list[BoardRecord]] = {}
    for team in teams.teams:
        for match in team.matches:
            for game in match.boards:
                found.setdefault(game.player, []).append(BoardRecord(
                    round_no=match.round, team=team, game=game,
                    is_numbered=match.boards_numbered))
    return {player: tuple(sorted(records, key=lambda r: r.round_no))
            for player, records in found.items()}


def _counts(records: Sequence[BoardRecord]) -> tuple[Decimal, int]:
    """Points and games of a player's boards; a board whose result is not known yet is no
    game. A board won against an empty board counts as a game won, as the points column of
    the pairing programs counts it."""
    known = [r for r in records if r.game.code is not ResultCode.PENDING]
    return sum((r.game.points for r in known), ZERO), len(known)


@frozen_record
class RosterLine:
    player: Player
    href: str
    """The player's page, relative to the team's page."""
    boards: str
    """The boards the player took, "1" or "1, 3"; "" for a reserve who never played."""
    points: str
    games: int


def roster(plan: EventPlan, team: Team,
           records: Mapping[StartNo, tuple[BoardRecord, ...]]) -> tuple[RosterLine, ...]:
    """The team's players in the order of the team record, each with the boards they took
    and their individual score (points / games) for this team."""
    individual = plan.event.tournament
    here = team_page(plan.slug, team.start_no)
    lines = []
    for number in team.members:
        own = [r for r in records.get(number, ()) if r.team.start_no == team.start_no]
        points, games = _counts(own)
        lines.append(RosterLine(
            player=individual.player(number),
            href=relative_link(here, player_page(plan.slug, number)),
            boards=", ".join(str(b) for b in sorted({r.game.board for r in own})),
            points=format_points(points), games=games))
    return tuple(lines)


# --- a team member's page ---------------------------------------------------------------------

@frozen_record
class MemberGame:
    """One round on a team member's page."""

    round_no: int
    round_href: str
    board: int | None
    """None: the player was not in the team's line-up this round."""
    board_is_numbered: bool = True
    opponent: Player | None = None
    """None on a board won against an empty board."""
    opponent_href: str = ""
    opponent_team: Team | None = None
    opponent_team_href: str = ""
    color: str = ""
    result: str = ""
    """From the player's side: 1 ½ 0, + (won without a game), − (lost without one)."""
    team_kind: RoundKind = RoundKind.GAME
    """Without a board: what the team had this round (a match, a bye, ...)."""


@frozen_record
class MemberView:
    player: Player
    team: Team
    team_href: str
    games: tuple[MemberGame, ...]
    points: str
    game_count: int
    percentage: str
    """The points as a share of the most the games could give ("62.5%"), – without a game."""
    boards: str


def _board_symbol(game: BoardGame) -> str:
    if game.opponent is None:
        return "+"  # won against an empty board
    return GAME_SYMBOLS.get(game.code, format_points(game.points))


def member_numbers(teams: TeamTournament) -> tuple[StartNo, ...]:
    """The players with a page: every member of a team's roster, by starting rank."""
    return tuple(sorted({number for team in teams.teams for number in team.members}))


def member_views(plan: EventPlan, numbers: Sequence[StartNo]) -> tuple[MemberView, ...]:
    teams = plan.event.teams
    assert teams is not None, "member pages of an individual event"
    records = board_records(teams)
    return tuple(_member_view(plan, teams, number, records) for number in numbers)


def _member_view(plan: EventPlan, teams: TeamTournament, number: StartNo,
                 records: Mapping[StartNo, tuple[BoardRecord, ...]]) -> MemberView:
    individual = plan.event.tournament
    slug = plan.slug
    here = player_page(slug, number)
    team = teams.team_of(number)
    assert team is not None, f"player {number} is on no team"
    own = {r.round_no: r for r in records.get(number, ())}
    games = []
    for result in team.results[:plan.info.rounds_played]:
        round_no = result.round
        round_href = relative_link(here, round_page(slug, round_no))
        record = own.get(round_no)
        if record is None:
            games.append(MemberGame(round_no=round_no, round_href=round_href, board=None,
                                    team_kind=result.kind))
            continue
        game = record.game
        opponent = None if game.opponent is None else individual.player(game.opponent)
        opponent_team = None if game.opponent is None else teams.team_of(game.opponent)
        games.append(MemberGame(
            round_no=round_no, round_href=round_href, board=game.board,
            board_is_numbered=record.is_numbered, opponent=opponent,
            opponent_href=relative_link(here, player_page(slug, game.opponent))
            if game.opponent is not None else "",
            opponent_team=opponent_team,
            opponent_team_href=relative_link(here, team_page(slug, opponent_team.start_no))
            if opponent_team is not None else "",
            color=color_text(game.color),
            result=_board_symbol(game), team_kind=result.kind))
    mine = records.get(number, ())
    points, count = _counts(mine)
    return MemberView(
        player=individual.player(number), team=team,
        team_href=relative_link(here, team_page(slug, team.start_no)),
        games=tuple(games), points=format_points(points), game_count=count,
        percentage=percent_text(points, teams.game_scoring.win * count),
        boards=", ".join(str(b) for b in sorted({r.game.board for r in mine})))


# --- board prizes -----------------------------------------------------------------------------

@frozen_record
class BoardScoreLine:
    place: int
    player: Player
    href: str
    team: Team
    team_href: str
    points: str
    games: int
    percentage: str


@frozen_record
class BoardTable:
    board: int
    scores: tuple[BoardScoreLine, ...]
    """Best first: percentage, then points, then games (more games with the same share
    first: the score held over more rounds)."""


@frozen_record
class BoardsView:
    tables: tuple[BoardTable, ...]
    matches: int
    """Team matches played on the boards so far, each once for both its teams."""
    left_out: int
    """Those of them left out: their board numbers are unknown."""


def board_tables(plan: EventPlan) -> BoardsView:
    """Per board, every player who played on it with their score on that board alone (a
    player who moved between boards has a line on each), in ``rules/board_prizes.py``'s
    order. Matches whose file does not say which board was played (Q9) are left out: their
    board numbers are not the boards."""
    teams = plan.event.teams
    assert teams is not None, "board prizes of an individual event"
    individual = plan.event.tournament
    here = boards_page(plan.slug)
    # A match once, not once per team: both teams' boards of it are counted or left out
    # together.
    numbered: dict[tuple[StartNo, int], bool] = {}
    for team in teams.teams:
        for match in team.matches[:plan.info.rounds_played]:
            if match.opponent is not None and match.boards:
                key = (min(team.start_no, match.opponent), match.round)
                numbered[key] = numbered.get(key, True) and match.boards_numbered
    per_board: dict[int, dict[tuple[StartNo, StartNo], list[BoardRecord]]] = {}
    for number, records in board_records(teams).items():
        for record in records:
            if record.is_numbered:
                per_board.setdefault(record.game.board, {}).setdefault(
                    (number, record.team.start_no), []).append(record)
    tables = []
    for board in range(1, max([teams.board_count, *per_board]) + 1):
        scores = []
        for (number, team_no), on_board in per_board.get(board, {}).items():
            points, games = _counts(on_board)
            scores.append(board_prizes.BoardScore(player=number, team=team_no,
                                                  points=points, games=games))
        lines = []
        for ranked in board_prizes.board_prize_order(scores, teams.game_scoring.win):
            score = ranked.score
            lines.append(BoardScoreLine(
                place=ranked.place, player=individual.player(score.player),
                href=relative_link(here, player_page(plan.slug, score.player)),
                team=teams.team(score.team),
                team_href=relative_link(here, team_page(plan.slug, score.team)),
                points=format_points(score.points), games=score.games,
                percentage=percent_text(score.points,
                                        teams.game_scoring.win * score.games)))
        tables.append(BoardTable(board=board, scores=tuple(lines)))
    return BoardsView(tables=tuple(tables), matches=len(numbered),
                      left_out=sum(1 for known in numbered.values() if not known))



# --- a team's page ----------------------------------------------------------------------------

@frozen_record
class TeamMatchLine:
    """One round on a team's page: the player page's round line with the match score."""

    line: RoundLine
    score: str
    """"3½–2½" from the team's side; "" without a match."""
    outcome: MatchOutcome | None


@frozen_record
class TeamPageView:
    view: PlayerView
    """What a team's page has in common with a player's: rounds, tie-breaks, neighbours."""
    team: Team
    roster: tuple[RosterLine, ...]
    matches: tuple[TeamMatchLine, ...]
    game_points: str
    won: int
    drawn: int
    lost: int


def team_page_view(plan: EventPlan, view: PlayerView,
                   records: Mapping[StartNo, tuple[BoardRecord, ...]]) -> TeamPageView:
    team = view.row.player
    assert isinstance(team, Team), "a team page for a player"
    matches = tuple(TeamMatchLine(line=line, score=match_score(team, line.round_no),
                                  outcome=match_outcome(team.result(line.round_no)))
                    for line in view.rounds)
    counts = outcome_counts(team, plan.info.rounds_played)
    return TeamPageView(
        view=view, team=team, roster=roster(plan, team, records), matches=matches,
        game_points=format_points(game_points_after(team, plan.info.rounds_played)),
        won=counts[MatchOutcome.WON], drawn=counts[MatchOutcome.DRAWN],
        lost=counts[MatchOutcome.LOST])


def team_berger_grid(plan: EventPlan) -> tuple[CrossRow, ...]:
    """A team round robin: rows and columns in standings order, each cell the matches
    between the two teams from the row's side, "2½–1½ W" (several when they met again)."""
    order = [row.player.start_no for row in plan.standings.rows]
    rows = []
    for row in plan.standings.rows:
        team = row.player
        assert isinstance(team, Team), "a team grid of an individual event"
        met: dict[StartNo, list[str]] = {}
        for result in team.results[:plan.info.rounds_played]:
            score = match_score(team, result.round)
            if result.opponent is None or not score:
                continue
            outcome = match_outcome(result)
            met.setdefault(result.opponent, []).append(
                score if outcome is None else f"{score} {outcome_letter(outcome)}")
        rows.append(CrossRow(row=row, cells=(), grid=tuple(
            ("×",) if other == team.start_no else tuple(met.get(other, ()))
            for other in order)))
    return tuple(rows)
