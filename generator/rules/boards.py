"""C.07 Art. 12: the board tie-breaks of team events, BC, TBR and BBE.

Each reads the game points a team scored on each board over the rounds counted (12: an
individual forfeit counts as the standard result; a pairing-allocated bye as a standard
win on every board). BC (12.1) is a number, lower is better, and C.07 lets it separate
only teams with the same game points (Q6). TBR (12.2) and BBE (12.3) compare board by
board, so they are not numbers: like Direct Encounter they give the tied group an order,
and the value shown is the team's place within that group (1, 2, ...; 0 when the group
stays tied), as the reference calculator prints it.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from generator.model import ZERO, BoardGame, RoundKind, TeamTournament
from generator.rules.context import Column, TiebreakError, explained_sum, tiebreak
from generator.rules.direct_encounter import DirectEncounterOutcome
from generator.rules.explain import (
    BoardCountGamePointsNote,
    BoardOrderNote,
    BoardsUnnumberedNote,
    BoardTotalsNote,
    CutReason,
    Explained,
    NotTiedNote,
    Part,
)
from generator.rules.notation import GAME_POINTS, TiebreakSpec
from generator.rules.unplayed import NO_OPPONENT
from generator.speed import frozen_record

if TYPE_CHECKING:
    from generator.rules.context import Context

# Q7: by the text of Art. 12 only the PAB puts points on the boards without a game; a
# requested bye (full or half point) or an absence adds nothing (no game was played on any
# board). The reference gives an HPB ½ and an FPB 1 per board: a divergence, pinned.
_BOARDLESS = frozenset({RoundKind.FULL_POINT_BYE, RoundKind.HALF_POINT_BYE,
                        RoundKind.ZERO_POINT_BYE, RoundKind.PENDING,
                        RoundKind.NOT_PLAYED_YET})


@frozen_record
class BoardRecord:
    """What Art. 12 reads of one team: its game points board by board, round by round."""

    totals: tuple[Decimal, ...] | None
    """Game points on board 1, 2, ... over the rounds counted; None when the file does not
    say on which board a game was played (Q9)."""
    rounds: tuple[tuple[Decimal, ...], ...]
    """Each counted round's game points per board (zeros for a round without boards)."""
    unnumbered: tuple[int, ...]
    """Rounds whose board numbers are unknown (TRF-16 match with an empty board, Q9)."""


def teams_of(ctx: Context, spec: TiebreakSpec) -> TeamTournament:
    """The team event the context reads; a TiebreakError in an individual event."""
    tournament = ctx.tournament
    if not isinstance(tournament, TeamTournament):
        raise TiebreakError(f"team tie-break {spec.written!r} ({spec.info.title}, C.07 "
                            f"{spec.info.article}) applies to team events only")
    return tournament


def board_count(ctx: Context, teams: TeamTournament) -> int:
    """Boards per match: the event's, or more when a match lists a higher board (once per
    standings)."""
    def make() -> int:
        seen = max((game.board for team in teams.teams for match in team.matches
                    for game in match.boards), default=0)
        return max(teams.board_count, seen)
    return ctx.memo("board-count", make)


def board_records(ctx: Context, spec: TiebreakSpec) -> tuple[BoardRecord, ...]:
    """Every team's :class:`BoardRecord` (made once per standings)."""
    teams = teams_of(ctx, spec)
    return ctx.memo("board-records", lambda: _board_records(ctx, teams))


def _board_records(ctx: Context, teams: TeamTournament) -> tuple[BoardRecord, ...]:
    boards = board_count(ctx, teams)
    win = teams.game_scoring.win
    sheet = ctx.sheet
    records = []
    for i, team in enumerate(teams.teams):
        rounds: list[tuple[Decimal, ...]] = []
        unnumbered: list[int] = []
        for r in range(ctx.rounds):
            kind = sheet.kinds[i][r]
            match = team.match(r + 1)
            if kind is RoundKind.PAIRING_ALLOCATED_BYE:
                # Art. 12: for a PAB every board counts as a standard win.
                rounds.append((win,) * boards)
                continue
            if kind in _BOARDLESS:
                rounds.append((ZERO,) * boards)
                continue
            if not match.boards_numbered:
                unnumbered.append(r + 1)
            # A played match, or a forfeited one whose boards are written (Q7: as written).
            rounds.append(board_values(match.boards, boards))
        totals = None if unnumbered else tuple(
            sum((row[b] for row in rounds), ZERO) for b in range(boards))
        records.append(BoardRecord(totals=totals, rounds=tuple(rounds),
                                   unnumbered=tuple(unnumbered)))
    return tuple(records)


def board_values(games: Sequence[BoardGame], boards: int) -> tuple[Decimal, ...]:
    """Game points per board of one match (a board the team left empty scores 0)."""
    values = [ZERO] * boards
    for game in games:
        values[game.board - 1] += game.points
    return tuple(values)


def board_count_of(values: Sequence[Decimal]) -> Decimal:
    """12.1: the sum over the boards of board number x game points on it."""
    return sum((Decimal(b + 1) * points for b, points in enumerate(values)), ZERO)


def top_board_key(values: Sequence[Decimal]) -> tuple[Decimal, ...]:
    """12.2: board 1's game points, then board 2's, ... (compared in this order)."""
    return tuple(values)


def bottom_board_key(values: Sequence[Decimal]) -> tuple[Decimal, ...]:
    """12.3: the game points on all boards but the last, then without the next-to-last too,
    ... down to board 1 alone."""
    return tuple(sum(values[:kept], ZERO) for kept in range(len(values) - 1, 0, -1))


@tiebreak("BC")
def board_count_tiebreak(ctx: Context, spec: TiebreakSpec) -> Column:
    """12.1: Σ board x game points on that board over the event; lower is better."""
    records = board_records(ctx, spec)
    values = tuple(None if rec.totals is None else board_count_of(rec.totals)
                   for rec in records)

    def derivation(i: int) -> Explained:
        record = records[i]
        if record.totals is None:
            return Explained(value=None, notes=(
                BoardsUnnumberedNote(article="12", rounds=record.unnumbered),))
        parts = [_round_part(ctx, i, r, board_count_of(row), row)
                 for r, row in enumerate(record.rounds)]
        return explained_sum(parts, (BoardTotalsNote(article="12.1", totals=record.totals),))
    return Column(spec=spec, values=values, derivation=derivation)


def board_count_separates(ctx: Context, group: Sequence[int]) -> bool:
    """12.1: BC "can only be used when all tied teams have the same number of game
    points"; otherwise it separates nobody in the group (Q6). The reference ranks by BC
    anyway (R10)."""
    points = game_points_of(ctx)
    return len({points[i] for i in group}) == 1


def boards_unknown_in(ctx: Context, spec: TiebreakSpec, group: Sequence[int]) -> bool:
    """Is a team of ``group`` without board numbers (Q9)? Then BC separates nobody in it:
    Art. 12 gives every team a value, so the team is not worse than the others, only not
    comparable with them (4.2 orders by the value)."""
    records = board_records(ctx, spec)
    return any(records[i].totals is None for i in group)


def game_points_of(ctx: Context) -> Sequence[Decimal]:
    """Every team's game points over the rounds counted."""
    return ctx.score_context(GAME_POINTS).sheet.scores


def board_count_note(ctx: Context, group: Sequence[int]) -> BoardCountGamePointsNote:
    points = game_points_of(ctx)
    start = [p.start_no for p in ctx.players]
    return BoardCountGamePointsNote(article="12.1", game_points={
        start[i]: points[i] for i in sorted(group, key=start.__getitem__)})


def board_order(ctx: Context, spec: TiebreakSpec, group: Sequence[int]
                ) -> DirectEncounterOutcome:
    """TBR (12.2) or BBE (12.3) on a tied group: sub-groups of equal keys, best first. A
    group with a team whose boards are unknown (Q9) stays tied: Art. 12 gives every team a
    value, so the team is not worse than the others, only not comparable with them."""
    records = board_records(ctx, spec)
    key = top_board_key if spec.info.acronym == "TBR" else bottom_board_key
    start = [p.start_no for p in ctx.players]
    undefined = tuple(sorted((i for i in group if records[i].totals is None),
                             key=start.__getitem__))
    if undefined:
        return DirectEncounterOutcome(order=(tuple(sorted(group, key=start.__getitem__)),),
                                      groups=(), undefined=frozenset(undefined))
    keys = {i: key(totals) for i in group if (totals := records[i].totals) is not None}
    ranked = sorted(keys, key=lambda i: (tuple(-v for v in keys[i]), start[i]))
    order: list[tuple[int, ...]] = []
    for i in ranked:
        if order and keys[order[-1][0]] == keys[i]:
            order[-1] += (i,)
        else:
            order.append((i,))
    return DirectEncounterOutcome(order=tuple(order), groups=(), undefined=frozenset())


def explain_board_order(ctx: Context, spec: TiebreakSpec,
                        outcome: DirectEncounterOutcome | None, team: int) -> Explained:
    """The team's board totals and where they put it in its tied group."""
    record = board_records(ctx, spec)[team]
    if record.totals is None:
        return Explained(value=None, notes=(
            BoardsUnnumberedNote(article="12", rounds=record.unnumbered),))
    parts = tuple(_round_part(ctx, team, r, sum(row, ZERO), row)
                  for r, row in enumerate(record.rounds))
    totals = BoardTotalsNote(article=spec.info.article, totals=record.totals)
    if outcome is None:
        return Explained(value=ZERO, parts=parts, notes=(
            totals, NotTiedNote(article=spec.info.article)))
    start = [p.start_no for p in ctx.players]
    order = BoardOrderNote(
        article=spec.info.article,
        members=tuple(sorted(start[i] for sub in outcome.order for i in sub)),
        order=tuple(tuple(start[i] for i in sub) for sub in outcome.order))
    return Explained(value=Decimal(outcome.positions()[team]), parts=parts,
                     notes=(totals, order))


def _round_part(ctx: Context, team: int, r: int, value: Decimal,
                row: Sequence[Decimal]) -> Part:
    sheet = ctx.sheet
    kind = sheet.kinds[team][r]
    opponent = sheet.opponents[team][r]
    return Part(round=r + 1, kind=kind, value=value, points=sum(row, ZERO),
                opponent=None if opponent == NO_OPPONENT else sheet.players[opponent].start_no,
                article="12" if kind is RoundKind.PAIRING_ALLOCATED_BYE else None,
                cut=CutReason.NOT_COUNTED if kind in _BOARDLESS else None)
