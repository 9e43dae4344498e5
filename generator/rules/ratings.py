"""C.07 Art. 10: the rating-based tie-breaks (ARO, TPR, PTP, APRO, APPO, RTNG), with the
FIDE B.02 tables they read.

Only games played over the board count (15.2 keeps forfeits out even in round robins);
unrated players take the rating announced for them, and without one every rating
tie-break is dropped (Art. 10).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, cast

from generator.model import ZERO, Player, RoundKind, Tournament
from generator.rules.context import Column, tiebreak, whole_number
from generator.rules.cuts import cut_elements, plain_cut
from generator.rules.explain import (
    CutReason,
    ExpectedScoreNote,
    Explained,
    NoRatedGamesNote,
    Note,
    Part,
    RoundedNote,
    TableLookupNote,
    UndefinedUnratedNote,
    UnratedRatingNote,
    ZeroScoreNote,
)
from generator.rules.notation import TiebreakSpec
from generator.rules.unplayed import NO_OPPONENT
from generator.speed import frozen_record

if TYPE_CHECKING:
    from generator.rules.context import Context


# --- FIDE B.02 tables (Rating Regulations 8.1.1 and 8.1.2), as restated in the spec ------

DP = (-800,
      -677, -589, -538, -501, -470, -444, -422, -401, -383, -366,
      -351, -336, -322, -309, -296, -284, -273, -262, -251, -240,
      -230, -220, -211, -202, -193, -184, -175, -166, -158, -149,
      -141, -133, -125, -117, -110, -102, -95, -87, -80, -72,
      -65, -57, -50, -43, -36, -29, -21, -14, -7, 0,
      7, 14, 21, 29, 36, 43, 50, 57, 65, 72,
      80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
      158, 166, 175, 184, 193, 202, 211, 220, 230, 240,
      251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
      383, 401, 422, 444, 470, 501, 538, 589, 677, 800)
"""dp for a fractional score p = i/100 (B.02 8.1.1), used by TPR (10.2)."""

_PD_BANDS = ((0, 50), (4, 51), (11, 52), (18, 53), (26, 54), (33, 55), (40, 56), (47, 57),
             (54, 58), (62, 59), (69, 60), (77, 61), (84, 62), (92, 63), (99, 64), (107, 65),
             (114, 66), (122, 67), (130, 68), (138, 69), (146, 70), (154, 71), (163, 72),
             (171, 73), (180, 74), (189, 75), (198, 76), (207, 77), (216, 78), (226, 79),
             (236, 80), (246, 81), (257, 82), (268, 83), (279, 84), (291, 85), (303, 86),
             (316, 87), (329, 88), (345, 89), (358, 90), (375, 91), (392, 92), (412, 93),
             (433, 94), (457, 95), (485, 96), (518, 97), (560, 98), (620, 99), (736, 100))
"""B.02 8.1.2: first rating difference of each band and the higher-rated player's PD x 100."""


def _pd_table() -> tuple[int, ...]:
    table = []
    band = 0
    for difference in range(737):
        while band + 1 < len(_PD_BANDS) and _PD_BANDS[band + 1][0] <= difference:
            band += 1
        table.append(_PD_BANDS[band][1])
    return tuple(table)


PD_HIGHER = _pd_table()
"""PD x 100 of the higher-rated player for a difference 0..736 (and 100 beyond: full scale)."""


WIDEST_DIFFERENCE = 8000
PD_HUNDREDTHS_BY_DIFFERENCE = tuple(
    [PD_HIGHER[d] if d < 736 else 100 for d in range(WIDEST_DIFFERENCE + 1)]
    + [100 - (PD_HIGHER[d] if d < 736 else 100) for d in range(WIDEST_DIFFERENCE, 0, -1)])
"""PD x 100 of a player rated d points above the opponent, for -8000 <= d <= 8000: the
negative differences sit at the end, where Python's negative indices find them."""


def score_probability_hundredths(difference: int) -> int:
    """PD x 100 (B.02 8.1.2) of a player rated ``difference`` points above the opponent
    (negative: below), on the full scale; the caller applies any 400-point rule first."""
    widest = WIDEST_DIFFERENCE
    return PD_HUNDREDTHS_BY_DIFFERENCE[max(-widest, min(widest, difference))]


_SPREAD = tuple([p * (100 - p) for p in range(101)])
"""p(1 - p) for a scoring probability p in hundredths: what the slope of the expected score
at a rating is made of (perfect_performance's first step)."""


def expected_score_hundredths(rating: int, opponents: Sequence[int]) -> int:
    """Sum of scoring probabilities x 100 (B.02 8.1.2, full scale as 10.3 requires)."""
    table = PD_HUNDREDTHS_BY_DIFFERENCE
    return sum([table[rating - opponent] for opponent in opponents])


# --- Art. 10: rating-based tie-breaks ----------------------------------------------------------

@frozen_record
class _RatedGames:
    """Per player, the games played over the board (15.2: forfeits stay unplayed for
    Art. 10 even in round robins), with the opponents' ratings and the results in half
    points of the 1-1/2-0 scale, whatever the event's scoring."""

    rounds: tuple[tuple[int, ...], ...]
    ratings: tuple[tuple[int, ...], ...]
    halves: tuple[tuple[int, ...], ...]


def _rated_games(ctx: Context, unrated: int | None) -> _RatedGames:
    def make() -> _RatedGames:
        sheet = ctx.sheet
        scoring = ctx.tournament.score_system
        halves_of = {int(scoring.win / sheet.unit): 2, int(scoring.draw / sheet.unit): 1}
        own: list[int] = []
        for player in range(len(sheet.players)):
            own_rating = ctx.rating_of(player, unrated)
            # Art. 10: with an unrated player and no rating announced for them, the callers
            # have dropped the rating tie-breaks already (Context.is_dropped_for_unrated).
            assert own_rating is not None
            own.append(own_rating)
        game = RoundKind.GAME
        games_only = (game,) * sheet.rounds
        every_round = tuple(range(sheet.rounds))
        all_rounds: list[tuple[int, ...]] = []
        all_ratings: list[tuple[int, ...]] = []
        all_halves: list[tuple[int, ...]] = []
        for kinds, opponents, units in zip(sheet.kinds, sheet.opponents, sheet.units,
                                           strict=True):
            if kinds == games_only and NO_OPPONENT not in opponents:
                rounds = every_round
                all_ratings.append(tuple(map(own.__getitem__, opponents)))
                all_halves.append(tuple([halves_of.get(u, 0) for u in units]))
            else:
                rounds = tuple([r for r, kind in enumerate(kinds)
                                if kind is game and opponents[r] != NO_OPPONENT])
                all_ratings.append(tuple([own[opponents[r]] for r in rounds]))
                all_halves.append(tuple([halves_of.get(units[r], 0) for r in rounds]))
            all_rounds.append(rounds)
        return _RatedGames(rounds=tuple(all_rounds), ratings=tuple(all_ratings),
                           halves=tuple(all_halves))
    return ctx.memo(("rated", unrated), make)


@frozen_record
class RatedGames:
    """One player's games over the board against rated opponents (a player's performance
    shown beside the tie-breaks, 10.2 and B.02)."""

    ratings: tuple[int, ...]
    halves: int
    """The results in half points of the 1-1/2-0 scale, whatever the event's scoring."""
    points: Decimal
    """The same results in the event's own points."""


def rated_games_over_the_board(player: Player, tournament: Tournament) -> RatedGames:
    """Forfeits and byes are no games (15.2); an opponent without a rating is left out, as
    no rating is announced for them here."""
    system = tournament.score_system
    ratings: list[int] = []
    halves = 0
    points = ZERO
    for result in player.results:
        if result.kind is not RoundKind.GAME or result.opponent is None \
                or not tournament.has_player(result.opponent):
            continue
        rating = tournament.player(result.opponent).rating
        if rating is None:
            continue
        ratings.append(rating)
        scored = system.round_points(result)
        points += scored
        halves += 2 if scored == system.win else 1 if scored == system.draw else 0
    return RatedGames(ratings=tuple(ratings), halves=halves, points=points)


def _rating_cuts(ratings: Sequence[int], low: int, high: int) -> list[tuple[int, CutReason]]:
    """14.1-14.4 on ratings: the lowest (and, for a median, the highest) are excluded."""
    if not low and not high:
        return []
    return cut_elements(ratings, ratings, [False] * len(ratings), low=low, high=high)


def _half_up_ratio(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded to the nearest whole number, 0.5 up (10.1)."""
    return (2 * numerator + denominator) // (2 * denominator)


def average_rating(ratings: Sequence[int]) -> int | None:
    """10.1: the average of the opponents' ratings, rounded to the nearest whole number
    (0.5 rounded up)."""
    return _half_up_ratio(sum(ratings), len(ratings)) if ratings else None


def performance_rating(ratings: Sequence[int], halves: int) -> int | None:
    """10.2: the rounded ARO plus dp(p), p = points / games rounded to two decimals."""
    if not ratings:
        return None
    games = len(ratings)
    return _half_up_ratio(sum(ratings), games) + DP[_half_up_ratio(50 * halves, games)]


def perfect_performance(ratings: Sequence[int], halves: int) -> int | None:
    """10.3: the lowest rating whose expected score (full PD scale) reaches the score; for
    a zero score, 800 below the lowest-rated opponent."""
    if not ratings:
        return None
    if halves == 0:
        return min(ratings) - 800
    target = 50 * halves
    # The expected score never decreases as the rating rises. Start at the TPR, take one
    # Newton-like step, widen until the answer is bracketed (too low, high enough], then
    # narrow. The step's slope is the logistic curve's the table follows: p(1 - p) ln 10 / 400
    # per point for each opponent scored p, or 1 / 17,372 of p(1 - p) in hundredths
    # (_SPREAD); kept from nearing 0 where the opponents are far off, lest it leap.
    games = len(ratings)
    start = performance_rating(ratings, halves)
    assert start is not None
    table = PD_HUNDREDTHS_BY_DIFFERENCE
    shares = [table[start - opponent] for opponent in ratings]  # expected_score_hundredths' terms
    reached = sum(shares)
    spread = sum(map(_SPREAD.__getitem__, shares))
    guess = start + (target - reached) * 17372 // max(spread, 500 * games)
    if reached >= target:
        high, high_reached = start, reached
        low = min(guess, start - 1)
        low_reached = expected_score_hundredths(low, ratings)
        while low_reached >= target:
            high, high_reached, low = low, low_reached, low - 2 * (high - low)
            low_reached = expected_score_hundredths(low, ratings)
    else:
        low, low_reached = start, reached
        high = max(guess, start + 1)
        high_reached = expected_score_hundredths(high, ratings)
        while high_reached < target:
            low, low_reached, high = high, high_reached, high + 2 * (high - low)
            high_reached = expected_score_hundredths(high, ratings)
    # Within the bracket, aim where the line through its two ends reaches the score and look
    # at the rating beside the one aimed at, which often settles it. Halve where the line
    # cannot aim (both ends reach the same), and where it moved the same end as last time
    # and left more than three quarters of the bracket: near a flat stretch of the table
    # the line lands beside that end again and again (hundreds of steps, one point each).
    halve = False
    moved_high_last = None
    while high - low > 1:
        width = high - low
        if high_reached > low_reached and not halve:
            aim = low + (target - low_reached) * (high - low) // (high_reached - low_reached)
        else:
            aim = (low + high) // 2
        aim = min(max(aim, low + 1), high - 1)
        aimed = expected_score_hundredths(aim, ratings)
        if aimed >= target:
            high, high_reached = aim, aimed
            if aim - 1 > low:
                below = expected_score_hundredths(aim - 1, ratings)
                if below < target:
                    return aim
                high, high_reached = aim - 1, below
        else:
            low, low_reached = aim, aimed
            if aim + 1 < high:
                above = expected_score_hundredths(aim + 1, ratings)
                if above >= target:
                    return aim + 1
                low, low_reached = aim + 1, above
        moved_high = high in (aim, aim - 1)
        halve = moved_high == moved_high_last and 4 * (high - low) > 3 * width
        moved_high_last = moved_high
    return high


def _performances(ctx: Context, acronym: str, unrated: int | None,
                  low: int = 0, high: int = 0) -> tuple[int | None, ...]:
    """ARO, TPR or PTP of every player, as whole numbers (None: no rated game)."""
    def make() -> tuple[int | None, ...]:
        games = _rated_games(ctx, unrated)
        if not low and not high:
            if acronym == "ARO":
                return tuple([average_rating(r) for r in games.ratings])
            compute = performance_rating if acronym == "TPR" else perfect_performance
            return tuple([compute(r, sum(h)) if r else None
                          for r, h in zip(games.ratings, games.halves, strict=True)])
        values: list[int | None] = []
        for ratings, halves in zip(games.ratings, games.halves, strict=True):
            if acronym == "ARO":
                # Only the ratings left matter, not which of two equal ones was cut.
                lows, highs = plain_cut(sorted(ratings), low, high)
                kept = len(ratings) - len(lows) - len(highs)
                values.append(_half_up_ratio(sum(ratings) - sum(lows) - sum(highs), kept)
                              if kept else None)
                continue
            removed = {k for k, _ in _rating_cuts(ratings, low, high)}
            halves = tuple(h for k, h in enumerate(halves) if k not in removed)
            ratings = tuple(x for k, x in enumerate(ratings) if k not in removed)
            if acronym == "TPR":
                values.append(performance_rating(ratings, sum(halves)))
            else:
                values.append(perfect_performance(ratings, sum(halves)))
        return tuple(values)
    return ctx.memo(("performance", acronym, unrated, low, high), make)


def _undefined_column(ctx: Context, spec: TiebreakSpec) -> Column:
    note = UndefinedUnratedNote(
        article="10", unrated=tuple(p.start_no for p in ctx.players if p.rating is None))
    values: tuple[Decimal | None, ...] = (None,) * len(ctx.players)
    return Column(spec=spec, values=values, derivation=lambda i: Explained(value=None),
                  notes=(note,))


def _as_decimals(values: Sequence[int | None]) -> tuple[Decimal | None, ...]:
    """Each distinct value converted once (a rating is shared by many players)."""
    converted: dict[int | None, Decimal | None] = {v: Decimal(v) for v in set(values)
                                                   if v is not None}
    converted[None] = None
    return tuple(map(converted.__getitem__, values))


def _rating_column(ctx: Context, spec: TiebreakSpec, article: str) -> Column:
    unrated = ctx.unrated_for(spec)
    if ctx.is_dropped_for_unrated(spec):
        return _undefined_column(ctx, spec)
    low = spec.cut or spec.median
    high = spec.median
    acronym = spec.info.acronym
    values = _as_decimals(_performances(ctx, acronym, unrated, low, high))
    games = _rated_games(ctx, unrated)
    sheet = ctx.sheet

    def build(i: int) -> Explained:
        ratings = games.ratings[i]
        cut = dict(_rating_cuts(ratings, low, high))
        parts = []
        for k, r in enumerate(games.rounds[i]):
            opponent = sheet.opponents[i][r]
            parts.append(Part(
                round=r + 1, kind=RoundKind.GAME, value=Decimal(ratings[k]),
                opponent=sheet.players[opponent].start_no, rating=ratings[k],
                points=sheet.points[i][r], cut=cut.get(k),
                article="10" if sheet.players[opponent].rating is None else article))
        kept = [k for k in range(len(ratings)) if k not in cut]
        total = sum((p.value for p in parts if p.cut is None), ZERO)
        value = values[i]
        if value is None:
            return Explained(value=None, parts=tuple(parts), total=total, notes=(
                NoRatedGamesNote(article=article),))
        count = len(kept)
        halves = sum(games.halves[i][k] for k in kept)
        kept_ratings = [ratings[k] for k in kept]
        note: Note
        if acronym == "ARO":
            note = RoundedNote(article=article, exact=total / count, rounded=value, games=count)
        elif acronym == "TPR":
            hundredths = _half_up_ratio(50 * halves, count)
            note = TableLookupNote(
                article=article, average=_half_up_ratio(sum(kept_ratings), count),
                dp=DP[hundredths], score=Decimal(halves) / 2, games=count,
                fraction=Decimal(halves) / 2 / count,
                fraction_rounded=Decimal(hundredths) / 100, value=int(value))
        elif halves:
            rating_found = int(value)
            note = ExpectedScoreNote(
                article=article, score=Decimal(halves) / 2, value=rating_found,
                expected=Decimal(expected_score_hundredths(rating_found, kept_ratings)) / 100,
                expected_one_below=Decimal(expected_score_hundredths(
                    rating_found - 1, kept_ratings)) / 100)
        else:
            note = ZeroScoreNote(article=article, value=int(value))
        return Explained(value=value, parts=tuple(parts), notes=(note,), total=total)
    return Column(spec=spec, values=values, derivation=build)


@tiebreak("ARO")
def average_rating_of_opponents(ctx: Context, spec: TiebreakSpec) -> Column:
    """10.1: the average rating of the opponents met over the board, rounded (0.5 up)."""
    return _rating_column(ctx, spec, "10.1")


@tiebreak("TPR")
def tournament_performance_rating(ctx: Context, spec: TiebreakSpec) -> Column:
    """10.2: ARO plus the rating difference dp of the fractional score."""
    return _rating_column(ctx, spec, "10.2")


@tiebreak("PTP")
def perfect_tournament_performance(ctx: Context, spec: TiebreakSpec) -> Column:
    """10.3: the lowest rating whose expected score reaches the tournament score."""
    return _rating_column(ctx, spec, "10.3")


def _opponents_average(ctx: Context, spec: TiebreakSpec, base: str, article: str) -> Column:
    unrated = ctx.unrated_for(spec)
    if ctx.is_dropped_for_unrated(spec):
        return _undefined_column(ctx, spec)
    performances = _performances(ctx, base, unrated)
    games = _rated_games(ctx, unrated)
    sheet = ctx.sheet

    def known(i: int) -> list[tuple[int, int]]:
        """(round index, performance) of each opponent met over the board whose ``base``
        is defined."""
        opponents = sheet.opponents[i]
        return [(r, performance) for r in games.rounds[i]
                if (performance := performances[opponents[r]]) is not None]

    averages: list[int | None] = []
    performance_of = performances.__getitem__
    for rounds, opponents in zip(games.rounds, sheet.opponents, strict=True):
        # A game over the board in every round (most players): each round's opponent, by map.
        found = (list(map(performance_of, opponents)) if len(rounds) == len(opponents)
                 else [performances[opponents[r]] for r in rounds])
        met = ([performance for performance in found if performance is not None]
               if None in found else cast("list[int]", found))
        averages.append(_half_up_ratio(sum(met), len(met)) if met else None)
    values = _as_decimals(averages)

    def build(i: int) -> Explained:
        parts = tuple(Part(round=r + 1, kind=RoundKind.GAME, value=Decimal(performance),
                           opponent=sheet.players[sheet.opponents[i][r]].start_no,
                           points=sheet.points[i][r], article=base)
                      for r, performance in known(i))
        total = sum((p.value for p in parts), ZERO)
        if not parts:
            return Explained(value=None, notes=(NoRatedGamesNote(article=article),))
        value = values[i]
        assert value is not None  # the opponents met with a known value are the parts
        note = RoundedNote(article=article, exact=total / len(parts), rounded=value,
                           games=len(parts))
        return Explained(value=value, parts=parts, notes=(note,), total=total)
    return Column(spec=spec, values=values, derivation=build)


@tiebreak("APRO")
def average_performance_of_opponents(ctx: Context, spec: TiebreakSpec) -> Column:
    """10.4: the average TPR of the opponents met over the board, rounded (0.5 up)."""
    return _opponents_average(ctx, spec, "TPR", "10.4")


@tiebreak("APPO")
def average_perfect_performance_of_opponents(ctx: Context, spec: TiebreakSpec) -> Column:
    """10.5: the average PTP of the opponents met over the board, rounded (0.5 up)."""
    return _opponents_average(ctx, spec, "PTP", "10.5")


@tiebreak("RTNG")
def rating(ctx: Context, spec: TiebreakSpec) -> Column:
    """10.6: the player's own rating, highest first (/R: lowest first)."""
    unrated = ctx.unrated_for(spec)
    if ctx.is_dropped_for_unrated(spec):
        return _undefined_column(ctx, spec)
    values = tuple(whole_number(r) if (r := ctx.rating_of(i, unrated)) is not None else None
                   for i in range(len(ctx.players)))

    def build(i: int) -> Explained:
        notes: tuple[Note, ...] = ()
        if ctx.players[i].rating is None and unrated is not None:
            notes = (UnratedRatingNote(article="10", rating=unrated),)
        return Explained(value=values[i], notes=notes)
    return Column(spec=spec, values=values, derivation=build)

