"""C.07 Art. 13: the team tie-breaks that are scores (MPvGP, Extended Sonneborn-Berger, SSSC),
and the own-record tie-breaks of Art. 7 read on game points, which count boards.

A team event has two scores (11.1): match points (MP) and game points (GP); the event names the
primary one (:func:`~generator.rules.context.primary_score`). Every function here reads them
through :meth:`Context.score_context`, so Arts. 15-16 (adjusted scores, dummies, the 2026 caps)
come from the one score sheet of each score (:mod:`generator.rules.unplayed`).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import cast

from generator.model import (
    HALF,
    ONE,
    ZERO,
    BoardGame,
    Color,
    ResultCode,
    RoundKind,
    TeamTournament,
    points_shown,
)
from generator.rules.context import (
    Column,
    Context,
    TiebreakError,
    explained_sum,
    round_part,
    tiebreak,
    tiebreak_on_boards,
    whole_number,
)
from generator.rules.explain import (
    CountsBoardsNote,
    CutReason,
    Explained,
    SecondaryScoreNote,
    StrengthCombinationNote,
)
from generator.rules.notation import GAME_POINTS, MATCH_POINTS, TiebreakSpec, shown_rounded
from generator.rules.opponents import extended_sonneborn_berger_sum

_SECONDARY = {MATCH_POINTS: GAME_POINTS, GAME_POINTS: MATCH_POINTS}


def _teams(ctx: Context, spec: TiebreakSpec) -> TeamTournament:
    """The team event, or the refusal every team tie-break gives elsewhere."""
    if ctx.teams is None:
        raise TiebreakError(f"team tie-break {spec.written!r} ({spec.info.title}, C.07 "
                            f"{spec.info.article}) applies to team events only")
    return ctx.teams


def _primary(ctx: Context, spec: TiebreakSpec) -> Context:
    """The context of the event's primary score (a team code has no ``:MP``/``:GP``)."""
    teams = _teams(ctx, spec)
    return ctx.score_context(GAME_POINTS if teams.game_points_primary else MATCH_POINTS)


def _secondary(ctx: Context, spec: TiebreakSpec) -> Context:
    primary = _primary(ctx, spec)
    return ctx.score_context(_SECONDARY[cast("str", primary.reference_score)])


@tiebreak("MPVGP")
def match_points_or_game_points(ctx: Context, spec: TiebreakSpec) -> Column:
    """13.1: the team's total of the secondary score (GP when MP is primary, and the
    other way round)."""
    secondary = _secondary(ctx, spec)
    sheet = secondary.sheet
    note = SecondaryScoreNote(article="13.1",
                              is_game_points=secondary.reference_score == GAME_POINTS)

    def build(i: int) -> Explained:
        return explained_sum([round_part(sheet, i, r, p, article="13.1")
                              for r, p in enumerate(sheet.points[i])], (note,))
    return Column(spec=spec, values=sheet.scores, derivation=build)


def _extended_sonneborn_berger(ctx: Context, spec: TiebreakSpec, opponents: str,
                               own: str) -> Column:
    """13.2: per round, the opponent's final (16.3 adjusted; 16.4 dummy) score in
    ``opponents`` times the team's own score of that match in ``own``. Q4: uncut unless
    the code says /Cn."""
    _teams(ctx, spec)
    return extended_sonneborn_berger_sum(ctx.score_context(opponents), ctx.score_context(own),
                                         spec)


@tiebreak("EMMSB")
def extended_sonneborn_berger_mm(ctx: Context, spec: TiebreakSpec) -> Column:
    """13.2: opponents' match points x own match points."""
    return _extended_sonneborn_berger(ctx, spec, MATCH_POINTS, MATCH_POINTS)


@tiebreak("EMGSB")
def extended_sonneborn_berger_mg(ctx: Context, spec: TiebreakSpec) -> Column:
    """13.2: opponents' match points x own game points."""
    return _extended_sonneborn_berger(ctx, spec, MATCH_POINTS, GAME_POINTS)


@tiebreak("EGMSB")
def extended_sonneborn_berger_gm(ctx: Context, spec: TiebreakSpec) -> Column:
    """13.2: opponents' game points x own match points."""
    return _extended_sonneborn_berger(ctx, spec, GAME_POINTS, MATCH_POINTS)


@tiebreak("EGGSB")
def extended_sonneborn_berger_gg(ctx: Context, spec: TiebreakSpec) -> Column:
    """13.2: opponents' game points x own game points."""
    return _extended_sonneborn_berger(ctx, spec, GAME_POINTS, GAME_POINTS)


def strength_divisor(teams: TeamTournament, rounds: int) -> tuple[int, Decimal, Decimal]:
    """13.4.2 b: (K, the highest primary score a team can reach in ``rounds`` rounds, the
    highest secondary score it can reach in one match); K is their quotient rounded down,
    and may be 0 (Q10)."""
    match_win = teams.score_system.win
    match_games = teams.game_scoring.win * whole_number(teams.board_count)
    if teams.game_points_primary:
        highest_primary, highest_secondary = match_games * whole_number(rounds), match_win
    else:
        highest_primary, highest_secondary = match_win * whole_number(rounds), match_games
    if highest_secondary <= 0:
        return 0, highest_primary, highest_secondary
    return int(highest_primary // highest_secondary), highest_primary, highest_secondary


def announced_rounds(tournament: TeamTournament, counted: int) -> int:
    """Q8: N is the event's announced number of rounds (142), even part-way through it; the
    rounds counted when nothing is announced."""
    return max(tournament.total_rounds, counted)


def strength_divisor_refusal(spec: TiebreakSpec, tournament: TeamTournament
                             ) -> tuple[str, str] | None:
    """(message, expected) when SSSC without /K would divide by K = 0 (Q10: 10 boards and 4
    rounds give K = 8 // 10); the one rule for the list check and the column."""
    if spec.info.acronym != "SSSC" or spec.divisor is not None:
        return None
    rounds = announced_rounds(tournament, tournament.rounds_played)
    divisor, highest_primary, highest_secondary = strength_divisor(tournament, rounds)
    if divisor:
        return None
    return (f"{spec.written!r} (C.07 13.4) divides by K = {points_shown(highest_primary)} (the "
            f"most primary points in {rounds} rounds) / {points_shown(highest_secondary)} (the "
            "most secondary "
            "points in one match), which rounds down to 0",
            f"{spec.written}/K<n> with the K the event's regulations give (C.07 13.4.2 b)")


@tiebreak("SSSC")
def scores_and_schedule_strength(ctx: Context, spec: TiebreakSpec) -> Column:
    """13.4: the secondary score plus the primary Buchholz (Fore Buchholz with /F, all of
    Art. 16) divided by K. The value is kept exact as (K x secondary + BH) / K, one division
    by the same K for every team, so equal combinations stay equal; only pages round it."""
    teams = _teams(ctx, spec)
    refusal = strength_divisor_refusal(spec, teams)
    if refusal is not None:
        raise TiebreakError(refusal[0])
    primary = _primary(ctx, spec)
    secondary = _secondary(ctx, spec).sheet.scores
    rounds = announced_rounds(teams, ctx.rounds)
    computed, highest_primary, highest_secondary = strength_divisor(teams, rounds)
    divisor = spec.divisor if spec.divisor is not None else computed
    k = whole_number(divisor)
    buchholz_spec = TiebreakSpec(acronym="FB" if spec.fore else "BH",
                                 written="FB" if spec.fore else "BH",
                                 forfeits_as_played=spec.forfeits_as_played)
    buchholz = primary.column(buchholz_spec)
    # A Buchholz is a sum: every team has one.
    strength = cast("tuple[Decimal, ...]", buchholz.values)
    values = tuple((k * s + b) / k for s, b in zip(secondary, strength, strict=True))

    def build(i: int) -> Explained:
        base = buchholz.explain(i)
        note = StrengthCombinationNote(
            article="13.4", secondary=secondary[i], buchholz=strength[i], divisor=divisor,
            divisor_given=spec.divisor is not None, highest_primary=highest_primary,
            highest_secondary=highest_secondary, rounds=rounds, exact=values[i],
            shown=shown_rounded(values[i]))
        return Explained(value=values[i], parts=base.parts, notes=(note, *base.notes),
                         total=base.total)
    return Column(spec=spec, values=values, derivation=build)


# --- Art. 7 on game points: boards counted (Art. 13 preamble, Q5) -----------------------

_WON_WITHOUT_PLAYING = frozenset({RoundKind.PAIRING_ALLOCATED_BYE, RoundKind.FULL_POINT_BYE,
                                  RoundKind.FORFEIT_WIN})


def _boards(ctx: Context, team: int, r: int) -> tuple[BoardGame, ...] | None:
    """The boards of a match the team played in round ``r``; None for an unplayed round
    (or one whose boards are not listed), which counts as ``board_count`` boards."""
    teams = cast("TeamTournament", ctx.teams)
    matches = teams.teams[team].matches
    if ctx.sheet.kinds[team][r] is not RoundKind.GAME or r >= len(matches):
        return None
    return matches[r].boards or None


def _unplayed_board_points(ctx: Context, kind: RoundKind) -> Decimal:
    """What each board of an unplayed round is worth in a count: Art. 12 makes every board
    of a PAB a won game; a full-point bye and a forfeit win likewise; a half-point bye a
    draw per board; anything else a loss."""
    games = cast("TeamTournament", ctx.teams).game_scoring
    if kind in _WON_WITHOUT_PLAYING:
        return games.win
    return games.draw if kind is RoundKind.HALF_POINT_BYE else games.loss


_BoardCount = Callable[[BoardGame], Decimal]
"""What one board of a played match adds to a count."""
_UnplayedCount = Callable[[RoundKind, Decimal], Decimal]
"""What each board of an unplayed round adds, from its kind and its points per board."""


def _board_column(ctx: Context, spec: TiebreakSpec, article: str, board: _BoardCount,
                  unplayed: _UnplayedCount) -> Column:
    """An Art. 7 count over boards: per round, the sum over the team's boards (an unplayed
    round as ``board_count`` boards of its kind)."""
    teams = cast("TeamTournament", ctx.teams)
    sheet = ctx.sheet
    count = whole_number(teams.board_count)
    rows: list[tuple[Decimal, ...]] = []
    for i in range(len(sheet.players)):
        row = []
        for r in range(sheet.rounds):
            boards = _boards(ctx, i, r)
            if boards is not None:
                row.append(sum((board(b) for b in boards), ZERO))
            else:
                kind = sheet.kinds[i][r]
                row.append(count * unplayed(kind, _unplayed_board_points(ctx, kind)))
        rows.append(tuple(row))
    values = tuple(sum(row, ZERO) for row in rows)
    note = CountsBoardsNote(article="13", boards=teams.board_count)

    def build(i: int) -> Explained:
        return explained_sum([
            round_part(sheet, i, r, value, article=article,
                       cut=None if value else CutReason.NOT_COUNTED)
            for r, value in enumerate(rows[i])], (note,))
    return Column(spec=spec, values=values, derivation=build)


def _flag(condition: bool) -> Decimal:
    return ONE if condition else ZERO


def _over_the_board(board: BoardGame) -> bool:
    return board.opponent is not None and board.code.is_over_the_board


def _game_scoring(ctx: Context) -> tuple[Decimal, Decimal]:
    games = cast("TeamTournament", ctx.teams).game_scoring
    return games.win, games.draw


@tiebreak_on_boards("WIN")
def boards_with_a_win(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.1 on boards: boards on which the team obtained the points of a won game, with or
    without playing."""
    win, _ = _game_scoring(ctx)
    return _board_column(ctx, spec, "7.1", lambda b: _flag(b.points == win),
                         lambda kind, points: _flag(points == win))


@tiebreak_on_boards("WON")
def boards_won(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.2 on boards: games won over the board (no bye, forfeit or empty board)."""
    win, _ = _game_scoring(ctx)
    return _board_column(ctx, spec, "7.2",
                         lambda b: _flag(_over_the_board(b) and b.points == win),
                         lambda kind, points: ZERO)


@tiebreak_on_boards("BPG")
def boards_played_with_black(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.3 on boards: games played over the board with Black."""
    return _board_column(ctx, spec, "7.3",
                         lambda b: _flag(_over_the_board(b) and b.color is Color.BLACK),
                         lambda kind, points: ZERO)


@tiebreak_on_boards("BWG")
def boards_won_with_black(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.4 on boards: games won over the board with Black."""
    win, _ = _game_scoring(ctx)
    return _board_column(
        ctx, spec, "7.4",
        lambda b: _flag(_over_the_board(b) and b.color is Color.BLACK and b.points == win),
        lambda kind, points: ZERO)


@tiebreak_on_boards("REP")
def boards_elected_to_play(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.6 on boards: the boards of the rounds the team elected to play (not a half- or
    zero-point bye, not a forfeited match), less the boards it left empty or forfeited."""
    return _board_column(ctx, spec, "7.6",
                         lambda b: _flag(b.code is not ResultCode.FORFEIT_LOSS),
                         lambda kind, points: _flag(kind in _WON_WITHOUT_PLAYING))


@tiebreak_on_boards("STD")
def standard_points_on_boards(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.7 on boards: 1 for a board won, 1/2 for a board drawn (a board's opponent scores
    what the team does not, so more than the opponent is more than a draw)."""
    _, draw = _game_scoring(ctx)
    return _board_column(ctx, spec, "7.7", lambda b: _standard(b.points, draw),
                         lambda kind, points: _standard(points, draw))


def _standard(points: Decimal, draw: Decimal) -> Decimal:
    return ONE if points > draw else HALF if points == draw else ZERO

