"""C.07 Arts. 15-16: what every round of every player counts as in the tie-breaks.

A :class:`ScoreSheet` is built once per standings computation. It holds, per player and
per counted round, what happened (the kind of round, the opponent, the points), the
Art. 16.2 category of each unplayed round (which needs all of the player's later rounds),
the actual score and the adjusted score of 16.3. :func:`opponent_scores` then gives, for
every round, the score that Buchholz-like tie-breaks add up: the opponent's adjusted score
for a game, or the dummy opponent's score of 16.4 (capped from the 2026 edition).

Everything is stored as tuples indexed by player (in starting-number order) and round, so
that the tie-breaks can share one pass over the data; the explanations read the same
tuples, so a derivation can never disagree with its value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from decimal import Decimal
from enum import StrEnum
from math import gcd, lcm
from types import MappingProxyType

from generator.model import (
    DEFAULT_UNPLAYED,
    CapRounds,
    Color,
    Edition,
    Player,
    ResultCode,
    RoundKind,
    RoundResult,
    ScoreSystem,
    StartNo,
    Tournament,
    UnplayedOptions,
)
from generator.speed import frozen_record, keyword_record_maker

NO_OPPONENT = -1
"""Index used where a round has no opponent (byes, absences)."""


class Category(StrEnum):
    """Art. 16.2: the categories of unplayed rounds (Swiss events)."""

    AWARDED_BYE = "16.2.1"
    """Pairing-allocated bye or full-point bye."""
    FORFEIT_WIN = "16.2.2"
    REQUESTED_BYE_THEN_AVAILABLE = "16.2.3"
    """Requested bye followed by at least one round that is not a VUR."""
    FORFEIT_LOSS = "16.2.4"
    REQUESTED_BYE_AT_THE_END = "16.2.5"
    """Requested bye followed only by VURs, or in the last round."""
    ABSENCE_NOT_VOLUNTARY = "16.6"
    """An absence the event's rules (16.6) do not count as voluntary."""

    @property
    def is_voluntary(self) -> bool:
        """16.1.2: a requested bye or a forfeit loss is a voluntary unplayed round (VUR)."""
        return self in _VOLUNTARY


_VOLUNTARY = frozenset({Category.REQUESTED_BYE_THEN_AVAILABLE, Category.FORFEIT_LOSS,
                        Category.REQUESTED_BYE_AT_THE_END})
VOLUNTARY_CATEGORIES = _VOLUNTARY
"""The categories that are a VUR (:attr:`Category.is_voluntary`), for a test per round
without the property's call."""

_GAME_KINDS = frozenset({RoundKind.GAME, RoundKind.PENDING})
_FORFEITS = frozenset({RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS})
_GAME_AND_FORFEIT_KINDS = _GAME_KINDS | _FORFEITS
_PAIRED = frozenset({RoundKind.GAME, RoundKind.PENDING, RoundKind.FORFEIT_WIN,
                     RoundKind.FORFEIT_LOSS})


_THEN_AVAILABLE = Category.REQUESTED_BYE_THEN_AVAILABLE
_AT_THE_END = Category.REQUESTED_BYE_AT_THE_END
_CATEGORY_OF_KIND = {
    RoundKind.FORFEIT_WIN: Category.FORFEIT_WIN,
    RoundKind.FORFEIT_LOSS: Category.FORFEIT_LOSS,
    RoundKind.PAIRING_ALLOCATED_BYE: Category.AWARDED_BYE,
    RoundKind.FULL_POINT_BYE: Category.AWARDED_BYE,
}


def categorize(kinds: tuple[RoundKind, ...], *,
               absence_is_voluntary: bool = True) -> tuple[Category | None, ...]:
    """The Art. 16.2 category of each round (None for a game), from the whole record.

    Whether a requested bye is 16.2.3 or 16.2.5 depends on every later round, so the
    record is read from the end, remembering whether a round that is not a VUR follows.
    """
    categories: list[Category | None] = [None] * len(kinds)
    available_later = False
    for index in range(len(kinds) - 1, -1, -1):
        kind = kinds[index]
        if kind in _GAME_KINDS:
            category = None
        elif kind in _CATEGORY_OF_KIND:
            category = _CATEGORY_OF_KIND[kind]
        elif kind is not RoundKind.HALF_POINT_BYE and not absence_is_voluntary:
            category = Category.ABSENCE_NOT_VOLUNTARY
        else:
            # 16.1.1: half- and zero-point byes, absences and every round after a
            # withdrawal are requested byes.
            category = _THEN_AVAILABLE if available_later else _AT_THE_END
        categories[index] = category
        if category is None or category not in _VOLUNTARY:
            available_later = True
    return tuple(categories)


@frozen_record
class DummyScore:
    """16.4: the score of the dummy opponent an unplayed round counts against, in units of
    the sheet's ``unit``; the values and the explanations both read it."""

    own: int
    """The player's own score, which the dummy scores (16.4)."""
    cap: int | None
    """From the 2026 edition: the scheduled opponent's adjusted score for a forfeit
    (16.4.1), draw points x N for any other unplayed round (16.4.2). None: no cap."""
    article: str
    """The article that sets the dummy's score."""

    @property
    def score(self) -> int:
        return self.own if self.cap is None else min(self.own, self.cap)


# One per unplayed round of every player, twice (the sheet and Fore Buchholz's): speed.py
# says why this way.
_new_dummy_score = keyword_record_maker(DummyScore, "own", "cap", "article")


@frozen_record
class ScoreSheet:
    """Every player's counted rounds, scores and 16.3 adjusted scores.

    Points are kept twice: as Decimals (``points``, ``scores``, ``adjusted``) for display,
    and as whole multiples of ``unit`` (``units``, ``score_units``, ``adjusted_units``), on
    which the sums, minima and sorts of the tie-breaks run exactly and fast.
    """

    tournament: Tournament
    rounds: int
    """Rounds counted (the standings are read as if the event ended after this round)."""
    edition: Edition
    options: UnplayedOptions
    is_round_robin: bool
    """15.2: pre-determined pairings (forfeits are games, no dummies, no adjusted scores)."""
    is_fore: bool
    """8.3: the final round's paired games are counted as draws (Fore Buchholz)."""
    cap_rounds: int
    """N of 16.4.2 (draw points x N)."""
    players: tuple[Player, ...]
    kinds: tuple[tuple[RoundKind, ...], ...]
    opponents: tuple[tuple[int, ...], ...]
    """Opponent's index in ``players`` per round, NO_OPPONENT for none."""
    points: tuple[tuple[Decimal, ...], ...]
    """Points received in each round (for FB: the final round's games as draws)."""
    categories: tuple[tuple[Category | None, ...], ...]
    scores: tuple[Decimal, ...]
    """Each player's score over the counted rounds."""
    adjusted: tuple[Decimal, ...]
    """16.3: the score the player's opponents see (== score in round robins)."""
    unit: Decimal
    """Every points value of the scoring system is a whole multiple of this."""
    units: tuple[tuple[int, ...], ...]
    """``points`` in units."""
    score_units: tuple[int, ...]
    adjusted_units: tuple[int, ...]
    draw_units: int
    """The points of a draw in units (a field, not worked out again: every unplayed round
    of every player reads it for its dummy, 16.4.2)."""
    index: Mapping[StartNo, int] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def draw(self) -> Decimal:
        return self.tournament.score_system.draw

    @property
    def win(self) -> Decimal:
        return self.tournament.score_system.win


    def is_game(self, player: int, round_index: int, *, forfeits_as_played: bool) -> bool:
        """Does this round count as a game against the real opponent in BH/SB?"""
        return (self.kinds[player][round_index]
                in self.game_kinds(forfeits_as_played=forfeits_as_played)
                and self.opponents[player][round_index] != NO_OPPONENT)

    def game_kinds(self, *, forfeits_as_played: bool) -> frozenset[RoundKind]:
        """The kinds of round that count as a game against the real opponent in BH/SB when
        there is one (:meth:`is_game`): forfeits too with pre-determined pairings (15.2)
        or where the rules count them as played."""
        return (_GAME_AND_FORFEIT_KINDS if self.is_round_robin or forfeits_as_played
                else _GAME_KINDS)

    def dummy_score(self, player: int, round_index: int) -> DummyScore:
        """The dummy ``player`` meets in an unplayed round of a Swiss event (16.4): the one
        coding of its score, its cap and the article, for the values and the explanations."""
        cap, article = self.dummy_cap(player, round_index)
        return _new_dummy_score(own=self.score_units[player], cap=cap, article=article)

    def dummy_units(self, player: int, round_index: int) -> int:
        """``dummy_score(player, round_index).score`` without the record: the values ask
        for it in every unplayed round of every player, the explanations for a few."""
        own = self.score_units[player]
        cap = self.dummy_cap(player, round_index)[0]
        return own if cap is None or own <= cap else cap

    def dummy_cap(self, player: int, round_index: int) -> tuple[int | None, str]:
        """The dummy's cap (None: none) and the article that sets its score."""
        if not self.edition.has_2026_rules:
            return None, "16.4"
        if self.options.unplayed_as_draw:
            # 16.6: the event's rules count unplayed rounds as draws, so nothing is capped.
            return None, "16.6"
        opponent = self.opponents[player][round_index]
        if self.kinds[player][round_index] in _FORFEITS and opponent != NO_OPPONENT:
            return self.adjusted_units[opponent], "16.4.1"
        # 16.4.2: points for a draw times the number of rounds.
        return self.draw_units * self.cap_rounds, "16.4.2"


def scoring_unit(scoring: ScoreSystem, extra: Iterable[Decimal] = ()) -> Decimal:
    """The largest amount of which every points value of ``scoring`` (and of ``extra``) is
    a whole multiple."""
    # Each value as numerator / denominator in lowest terms (exact, as a Fraction would
    # hold it, without loading the fractions module for it).
    ratios = [v.as_integer_ratio() for v in (
        scoring.win, scoring.draw, scoring.loss, scoring.forfeit_win, scoring.forfeit_loss,
        scoring.pairing_allocated_bye, scoring.full_point_bye, scoring.half_point_bye,
        scoring.zero_point_bye, scoring.pending, *extra) if v is not None and v != 0]
    if not ratios:
        return Decimal(1)
    denominator = lcm(*(d for _n, d in ratios))
    numerator = gcd(*(n * (denominator // d) for n, d in ratios))
    # Decimal points values have denominators 2^a 5^b, so this division is exact.
    return Decimal(numerator) / Decimal(denominator)


def _round_table(tournament: Tournament, unit: Decimal
                 ) -> dict[tuple[ResultCode, bool], tuple[RoundKind, Decimal, int]]:
    """(result code, has an opponent) -> (kind of round, points, points in units)."""
    scoring = tournament.score_system
    table = {}
    for code in ResultCode:
        for has_opponent in (False, True):
            kind = RoundResult(round=1, opponent=StartNo(1) if has_opponent else None,
                               color=Color.NONE, code=code).kind
            if kind is RoundKind.NOT_PLAYED_YET:
                # A counted round with no data is an absence (a zero-point bye, 16.1.1).
                kind = RoundKind.ZERO_POINT_BYE
            points = scoring.points(kind, code)
            table[code, has_opponent] = (kind, points, int(points / unit))
    return table


def build_score_sheet(
    tournament: Tournament,
    *,
    rounds: int | None = None,
    edition: Edition = Edition.FIDE_2026_03,
    options: UnplayedOptions = DEFAULT_UNPLAYED,
    announced_rounds: int | None = None,
    points: Sequence[Sequence[Decimal | None]] | None = None,
) -> ScoreSheet:
    """Read every player's first ``rounds`` rounds (default: the rounds played).

    ``announced_rounds`` is the event's number of rounds, used for N in 16.4.2 when the
    options say so (``cap_rounds: announced``); by default N is the rounds counted.
    :func:`fore_sheet` reads the final round as Fore Buchholz needs it (8.3).
    ``points`` (per player, per round) replaces the points the scoring system gives where
    it is not None: a team's game points in a match, which no result code determines
    (C.07 Art. 13 preamble, tie-breaks with ``:GP``).
    """
    counted = tournament.rounds_played if rounds is None else rounds
    players = tournament.players
    index = {p.start_no: i for i, p in enumerate(players)}
    unit = scoring_unit(tournament.score_system, () if points is None else (
        value for row in points for value in row[:counted] if value is not None))
    table = _round_table(tournament, unit)
    absent = table[ResultCode.NO_DATA, False]
    # The table split by whether an opponent is named, and the opponents' indices with
    # None for no opponent: per round of every player, a lookup each and no key to make.
    with_opponent = {code: table[code, True] for code in ResultCode}
    without_opponent = {code: table[code, False] for code in ResultCode}
    index_of: dict[StartNo | None, int] = {None: NO_OPPONENT}
    index_of.update(index.items())
    all_kinds: list[tuple[RoundKind, ...]] = []
    all_opponents: list[tuple[int, ...]] = []
    all_points: list[tuple[Decimal, ...]] = []
    all_units: list[tuple[int, ...]] = []
    for player in players:
        results = player.results
        if len(results) > counted:
            results = results[:counted]
        rows = [with_opponent[r.code] if r.opponent is not None else without_opponent[r.code]
                for r in results]
        if len(rows) < counted:
            rows.extend([absent] * (counted - len(rows)))
        if points is not None:
            given = points[len(all_kinds)]
            for r, value in enumerate(given[:len(rows)]):
                if value is not None:
                    rows[r] = (rows[r][0], value, int(value / unit))
        kinds, points_received, units = zip(*rows, strict=True) if rows else ((), (), ())
        all_kinds.append(kinds)
        all_points.append(points_received)
        all_units.append(units)
        opponents = tuple([index_of.get(r.opponent, NO_OPPONENT) for r in results])
        if len(opponents) < counted:
            opponents += (NO_OPPONENT,) * (counted - len(opponents))
        all_opponents.append(opponents)
    cap_rounds = counted
    if options.cap_rounds is CapRounds.ANNOUNCED:
        cap_rounds = max(counted, announced_rounds or tournament.total_rounds)
    return _score(tournament, counted, edition, options, cap_rounds, players, index, unit,
                  all_kinds, all_opponents, all_points, all_units, fore=False)


def _score(tournament: Tournament, counted: int, edition: Edition, options: UnplayedOptions,
           cap_rounds: int, players: tuple[Player, ...], index: dict[StartNo, int],
           unit: Decimal, all_kinds: list[tuple[RoundKind, ...]],
           all_opponents: list[tuple[int, ...]], all_points: list[tuple[Decimal, ...]],
           all_units: list[tuple[int, ...]], *, fore: bool,
           known: ScoreSheet | None = None) -> ScoreSheet:
    """Categories, scores and adjusted scores from the rows (reusing ``known``'s categories
    for the rows whose kinds did not change)."""
    draw_units = int(tournament.score_system.draw / unit)
    is_round_robin = tournament.is_round_robin
    games_only = (RoundKind.GAME,) * counted
    no_categories: tuple[Category | None, ...] = (None,) * counted
    at_the_end = _AT_THE_END
    all_categories = []
    score_units = []
    adjusted_units = []
    for player, (kinds, units) in enumerate(zip(all_kinds, all_units, strict=True)):
        score = sum(units)
        if kinds == games_only:
            categories = no_categories
        elif known is not None and known.kinds[player] is kinds:
            categories = known.categories[player]
        else:
            categories = categorize(kinds, absence_is_voluntary=options.absence_is_voluntary)
        adjusted = score
        if not is_round_robin and at_the_end in categories:
            # 16.3.2: requested byes at the end count as draws for the opponents (15.2: no
            # adjusted scores with pre-determined pairings).
            adjusted += sum([draw_units - u for u, c in zip(units, categories, strict=True)
                             if c is at_the_end])
        all_categories.append(categories)
        score_units.append(score)
        adjusted_units.append(adjusted)
    as_decimal = {u: Decimal(u) * unit for u in {*score_units, *adjusted_units}}
    return ScoreSheet(
        tournament=tournament, rounds=counted, edition=edition, options=options,
        is_round_robin=is_round_robin, is_fore=fore, cap_rounds=cap_rounds, players=players,
        kinds=tuple(all_kinds), opponents=tuple(all_opponents), points=tuple(all_points),
        categories=tuple(all_categories),
        scores=tuple([as_decimal[u] for u in score_units]),
        adjusted=tuple([as_decimal[u] for u in adjusted_units]),
        unit=unit, units=tuple(all_units), score_units=tuple(score_units),
        adjusted_units=tuple(adjusted_units), draw_units=draw_units,
        index=MappingProxyType(index))


def fore_sheet(sheet: ScoreSheet) -> ScoreSheet:
    """8.3: the sheet with every paired game of the final round (forfeits included) counted
    as a draw that was played; byes keep their points."""
    if not sheet.rounds or sheet.is_fore:
        return sheet
    draw = sheet.draw
    draw_units = sheet.draw_units
    game = RoundKind.GAME
    kinds = list(sheet.kinds)
    points = list(sheet.points)
    units = list(sheet.units)
    for player, (row, opponents) in enumerate(zip(sheet.kinds, sheet.opponents, strict=True)):
        if row[-1] in _PAIRED and opponents[-1] != NO_OPPONENT:
            if row[-1] is not game:
                kinds[player] = (*row[:-1], game)
            if units[player][-1] != draw_units:
                points[player] = (*points[player][:-1], draw)
                units[player] = (*units[player][:-1], draw_units)
    return _score(sheet.tournament, sheet.rounds, sheet.edition, sheet.options,
                  sheet.cap_rounds, sheet.players, dict(sheet.index), sheet.unit, kinds,
                  list(sheet.opponents), points, units, fore=True, known=sheet)


def opponent_units(sheet: ScoreSheet, *,
                   forfeits_as_played: bool = False) -> tuple[tuple[int | None, ...], ...]:
    """Per player and round, the score a Buchholz-like tie-break counts (Arts. 15-16), in
    units of ``sheet.unit``.

    A game: the opponent's adjusted score (16.3). An unplayed round in a Swiss event: the
    dummy's score (16.4, :meth:`ScoreSheet.dummy_score`). With pre-determined pairings
    (15.2) forfeits are games and a round without an opponent is no element at all (None).
    """
    as_played = forfeits_as_played or sheet.options.forfeits_as_played
    adjusted = sheet.adjusted_units
    games_only = (RoundKind.GAME,) * sheet.rounds
    game_kinds = sheet.game_kinds(forfeits_as_played=as_played)
    is_round_robin, dummy_units = sheet.is_round_robin, sheet.dummy_units
    rows: list[tuple[int | None, ...]] = []
    for player, (kinds, opponents) in enumerate(zip(sheet.kinds, sheet.opponents,
                                                    strict=True)):
        if kinds == games_only and NO_OPPONENT not in opponents:
            rows.append(tuple(map(adjusted.__getitem__, opponents)))
            continue
        rows.append(tuple([
            adjusted[opponent] if kind in game_kinds and opponent != NO_OPPONENT  # is_game
            else None if is_round_robin else dummy_units(player, r)
            for r, (kind, opponent) in enumerate(zip(kinds, opponents, strict=True))]))
    return tuple(rows)


def opponent_scores(sheet: ScoreSheet, *,
                    forfeits_as_played: bool = False) -> tuple[tuple[Decimal | None, ...], ...]:
    """:func:`opponent_units` as points."""
    unit = sheet.unit
    return tuple(tuple(None if u is None else Decimal(u) * unit for u in row)
                 for row in opponent_units(sheet, forfeits_as_played=forfeits_as_played))


def round_multipliers(sheet: ScoreSheet, *,
                      forfeits_as_played: bool = False) -> tuple[tuple[int, ...], ...]:
    """Per player and round, the points (in units) SB multiplies the opponent's (or dummy's)
    score by.

    The points awarded in that round (16.4: the result corresponding to the points
    awarded), except that the 16.6 option ``unplayed_as_draw`` counts every own unplayed
    round as a draw.
    """
    if not sheet.options.unplayed_as_draw or sheet.is_round_robin:
        return sheet.units
    draw = sheet.draw_units
    rows = []
    for player, units in enumerate(sheet.units):
        rows.append(tuple(
            u if sheet.is_game(player, r, forfeits_as_played=forfeits_as_played) else draw
            for r, u in enumerate(units)))
    return tuple(rows)
