"""C.07 Art. 4.2 and Art. 7: the points and the participant's own record.

Each function takes the shared :class:`~generator.rules.context.Context` and one announced code and
returns a :class:`~generator.rules.context.Column`: every player's value plus a way to build any
player's derivation on demand, from the same tuples as the value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from decimal import Decimal
from itertools import accumulate

from generator.model import HALF, ONE, ZERO, Color, RoundKind
from generator.rules.context import (
    Column,
    Context,
    explained_sum,
    in_points,
    round_part,
    tiebreak,
    whole_number,
)
from generator.rules.explain import CutReason, Explained, new_part
from generator.rules.notation import TiebreakSpec
from generator.rules.unplayed import NO_OPPONENT


@tiebreak("PTS")
def points(ctx: Context, spec: TiebreakSpec) -> Column:
    """The score (Art. 4.2: the primary ranking)."""
    sheet = ctx.sheet

    def build(i: int) -> Explained:
        return explained_sum([round_part(sheet, i, r, p)
                               for r, p in enumerate(sheet.points[i])])
    return Column(spec=spec, values=sheet.scores, derivation=build)


def _counting_column(ctx: Context, spec: TiebreakSpec, article: str, counts: Sequence[int],
                     flags_of: Callable[[int], Sequence[bool]]) -> Column:
    """A Type B count: one for every round whose flag is set. ``flags_of(i)``: the rounds
    that count for player i, which only a derivation asks for; ``counts``: every player's
    count of them, worked out without the flags where a row's own count says it (the
    corpus tests hold each value to its derivation's total)."""
    sheet = ctx.sheet
    numbers = {count: whole_number(count) for count in set(counts)}
    values = tuple(map(numbers.__getitem__, counts))

    def build(i: int) -> Explained:
        # round_part's record for each round, its row read once (a player page asks for
        # two counts of every player of the event).
        kinds, opponents = sheet.kinds[i], sheet.opponents[i]
        categories, points, players = sheet.categories[i], sheet.points[i], sheet.players
        return explained_sum([
            new_part(round=r + 1, kind=kinds[r], value=ONE if counts else ZERO,
                     opponent=None if (opponent := opponents[r]) == NO_OPPONENT
                     else players[opponent].start_no,
                     is_dummy=False, opponent_score=None, adjusted_score=None,
                     dummy_own_score=None, dummy_cap=None, category=categories[r],
                     is_voluntary_unplayed=False, points=points[r], rating=None,
                     cut=None if counts else CutReason.NOT_COUNTED, article=article,
                     counted_score=None, opponent_points=None)
            for r, counts in enumerate(flags_of(i))])
    return Column(spec=spec, values=values, derivation=build)


def _win_units(ctx: Context) -> int:
    """The points of a win in the sheet's units: a round's points are a win exactly when its
    units are these (every points value is a whole number of units), compared as whole
    numbers rather than as Decimals, round after round."""
    return int(ctx.sheet.win / ctx.sheet.unit)


def _games_only(ctx: Context) -> tuple[RoundKind, ...]:
    """The kinds of a player with a game in every counted round (most players): their
    counts over the games are counts over every round."""
    return (RoundKind.GAME,) * ctx.sheet.rounds


@tiebreak("WIN")
def number_of_wins(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.1: rounds where the player obtained, with or without playing, the points of a win."""
    win, units = _win_units(ctx), ctx.sheet.units
    return _counting_column(ctx, spec, "7.1", [row.count(win) for row in units],
                            lambda i: [u == win for u in units[i]])


@tiebreak("WON")
def number_of_games_won(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.2: games won over the board (15.2 keeps forfeits out even in round robins)."""
    sheet = ctx.sheet
    win, game, games_only = _win_units(ctx), RoundKind.GAME, _games_only(ctx)

    def flags_of(i: int) -> list[bool]:
        return [k is game and u == win
                for k, u in zip(sheet.kinds[i], sheet.units[i], strict=True)]
    return _counting_column(ctx, spec, "7.2", [
        units.count(win) if kinds == games_only else flags_of(i).count(True)
        for i, (kinds, units) in enumerate(zip(sheet.kinds, sheet.units, strict=True))],
        flags_of)


@tiebreak("BPG")
def games_played_with_black(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.3: games played over the board with Black."""
    sheet, colors = ctx.sheet, ctx.colors()
    game, black, games_only = RoundKind.GAME, Color.BLACK, _games_only(ctx)

    def flags_of(i: int) -> list[bool]:
        return [k is game and c is black
                for k, c in zip(sheet.kinds[i], colors[i], strict=True)]
    return _counting_column(ctx, spec, "7.3", [
        row.count(black) if kinds == games_only else flags_of(i).count(True)
        for i, (kinds, row) in enumerate(zip(sheet.kinds, colors, strict=True))], flags_of)


@tiebreak("BWG")
def games_won_with_black(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.4: games won over the board with Black."""
    sheet, colors = ctx.sheet, ctx.colors()
    win, game, black = _win_units(ctx), RoundKind.GAME, Color.BLACK

    def flags_of(i: int) -> list[bool]:
        return [k is game and c is black and u == win
                for k, c, u in zip(sheet.kinds[i], colors[i], sheet.units[i], strict=True)]
    return _counting_column(ctx, spec, "7.4",
                            [flags_of(i).count(True) for i in range(len(colors))], flags_of)


_NOT_ELECTED = frozenset({RoundKind.HALF_POINT_BYE, RoundKind.ZERO_POINT_BYE,
                          RoundKind.FORFEIT_LOSS})


@tiebreak("REP")
def rounds_elected_to_play(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.6: the rounds, less half-point byes, zero-point byes and forfeit losses (15.2 keeps
    forfeit losses unplayed in round robins too). GE is the 2023 name."""
    not_elected, kinds = _NOT_ELECTED, ctx.sheet.kinds

    def flags_of(i: int) -> list[bool]:
        return [k not in not_elected for k in kinds[i]]
    return _counting_column(ctx, spec, "7.6",
                            [flags_of(i).count(True) for i in range(len(kinds))], flags_of)


@tiebreak("STD")
def standard_points(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.7: 1 for scoring more than the scheduled opponent (or, without an opponent, more
    than a draw), 1/2 for the same, 0 otherwise."""
    sheet = ctx.sheet
    draw = sheet.draw

    def compared(i: int, r: int) -> tuple[Decimal, Decimal]:
        opponent = sheet.opponents[i][r]
        mine = sheet.points[i][r]
        theirs = draw if opponent == NO_OPPONENT else sheet.points[opponent][r]
        return mine, theirs

    def standard(i: int, r: int) -> Decimal:
        mine, theirs = compared(i, r)
        return ONE if mine > theirs else HALF if mine == theirs else ZERO

    values = tuple(sum((standard(i, r) for r in range(sheet.rounds)), ZERO)
                   for i in range(len(sheet.players)))

    def build(i: int) -> Explained:
        parts = []
        for r in range(sheet.rounds):
            part = round_part(sheet, i, r, standard(i, r), article="7.7")
            opponent = sheet.opponents[i][r]
            parts.append(replace(part, opponent_points=compared(i, r)[1]
                                 if opponent != NO_OPPONENT else None))
        return explained_sum(parts)
    return Column(spec=spec, values=values, derivation=build)


@tiebreak("TPN")
def tournament_pairing_number(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.8: the pairing number, lowest first (/R: highest first)."""
    values = tuple(whole_number(p.start_no) for p in ctx.players)

    def build(i: int) -> Explained:
        return Explained(value=values[i])
    return Column(spec=spec, values=values, derivation=build)


@tiebreak("PS")
def progressive_scores(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.5: the sum of the scores after each round; Cut-n drops the first n (14.1.2 c)."""
    sheet = ctx.sheet
    cut = min(spec.cut, sheet.rounds)
    values = in_points([sum(list(accumulate(row))[cut:]) for row in sheet.units], sheet.unit)

    def build(i: int) -> Explained:
        return explained_sum([
            round_part(sheet, i, r, value, article="7.5",
                        cut=CutReason.EARLIEST_ROUND if r < cut else None)
            for r, value in enumerate(accumulate(sheet.points[i]))])
    return Column(spec=spec, values=values, derivation=build)
