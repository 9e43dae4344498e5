"""C.07 tie-breaks: one pure function per tie-break, registered by acronym.

Each function takes the shared :class:`Context` (the tournament read once into a
:class:`~generator.unplayed.ScoreSheet`) and one announced code (``BH/C1``) and returns a
:class:`Column`: the value of every player, plus a way to build any player's
:class:`~generator.explain.Explained` derivation. The derivation is built on demand (a
10,000-player event has millions of parts nobody looks at), but from the same tuples and
the same cut function as the value, so the two cannot disagree.

Direct Encounter (Art. 6) depends on the group of tied players, so it is not a column:
:func:`direct_encounter` is called by the ranking (``standings.py``) on each tied group.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from itertools import accumulate
from operator import mul
from typing import Any

from generator.explain import (
    CutReason,
    DirectEncounterGroup,
    Explained,
    Note,
    NoteKind,
    Part,
)
from generator.model import (
    DEFAULT_UNPLAYED,
    ZERO,
    Color,
    Edition,
    RoundKind,
    Tournament,
    UnplayedOptions,
)
from generator.notation import CATALOGUE, TiebreakSpec
from generator.unplayed import (
    NO_OPPONENT,
    ScoreSheet,
    build_score_sheet,
    fore_sheet,
    opponent_units,
    round_multipliers,
)

ONE = Decimal(1)
HALF = Decimal("0.5")
_INTEGERS = tuple(Decimal(i) for i in range(64))


def _count(n: int) -> Decimal:
    return _INTEGERS[n] if n < len(_INTEGERS) else Decimal(n)


class TiebreakError(ValueError):
    """A tie-break that cannot be computed for this event (e.g. team points systems)."""


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


_REACH = 8000
_PD_BY_DIFFERENCE = tuple(
    [PD_HIGHER[d] if d < 736 else 100 for d in range(_REACH + 1)]
    + [100 - (PD_HIGHER[d] if d < 736 else 100) for d in range(_REACH, 0, -1)])
"""PD x 100 of a player rated d points above the opponent, for -8000 <= d <= 8000: the
negative differences sit at the end, where Python's negative indices find them."""


def expected_score_hundredths(rating: int, opponents: Sequence[int]) -> int:
    """Sum of scoring probabilities x 100 (B.02 8.1.2, full scale as 10.3 requires)."""
    table = _PD_BY_DIFFERENCE
    return sum([table[rating - opponent] for opponent in opponents])


# --- the column and the context ----------------------------------------------------------

@dataclass(frozen=True, slots=True, eq=False)
class Column:
    """One tie-break's value for every player (indexed like ``tournament.players``)."""

    spec: TiebreakSpec
    values: tuple[Decimal | None, ...]
    _build: Callable[[int], Explained] = field(repr=False)
    notes: tuple[Note, ...] = ()
    """Notes that concern every player (e.g. dropped for unrated players, Art. 10)."""

    def explain(self, player: int) -> Explained:
        """The derivation of ``values[player]`` (built now, from the same data)."""
        explained = self._build(player)
        if self.notes:
            return Explained(value=explained.value, parts=explained.parts,
                             notes=explained.notes + self.notes, total=explained.total)
        return explained


class Context:
    """What the tie-breaks of one standings computation share; every piece is built once."""

    def __init__(self, tournament: Tournament, *, rounds: int | None = None,
                 edition: Edition = Edition.FIDE_2026_03,
                 unplayed: UnplayedOptions = DEFAULT_UNPLAYED,
                 unrated_rating: int | None = None,
                 points: Sequence[Sequence[Decimal | None]] | None = None) -> None:
        self.tournament = tournament
        self.edition = edition = Edition(edition)
        self.unplayed = unplayed
        self.unrated_rating = unrated_rating
        self.sheet = build_score_sheet(tournament, rounds=rounds, edition=edition,
                                       options=unplayed, points=points)
        self.rounds = self.sheet.rounds
        self.players = tournament.players
        self._cache: dict[object, object] = {}

    def _memo(self, key: object, make: Callable[[], object]) -> object:
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def score_sheet(self, *, fore: bool = False) -> ScoreSheet:
        if not fore:
            return self.sheet
        return self._memo("fore", lambda: fore_sheet(self.sheet))  # type: ignore

    def opponent_units(self, *, fore: bool, forfeits_as_played: bool
                       ) -> tuple[tuple[int | None, ...], ...]:
        return self._memo(("opponent-units", fore, forfeits_as_played),  # type: ignore
                          lambda: opponent_units(self.score_sheet(fore=fore),
                                                 forfeits_as_played=forfeits_as_played))

    def elements(self, *, fore: bool, forfeits_as_played: bool,
                 sonneborn_berger: bool) -> _Elements:
        """Per player, the values a BH/FB/SB sum is made of (shared by all its cut variants)."""
        as_played = forfeits_as_played or self.unplayed.forfeits_as_played
        key = ("elements", fore, as_played, sonneborn_berger)
        return self._memo(key, lambda: _build_elements(  # type: ignore[return-value]
            self, fore=fore, forfeits_as_played=as_played,
            sonneborn_berger=sonneborn_berger))

    def colors(self) -> tuple[tuple[Color, ...], ...]:
        def make() -> tuple[tuple[Color, ...], ...]:
            rounds = self.rounds
            rows = []
            for player in self.players:
                colors = [r.color for r in player.results[:rounds]]
                if len(colors) < rounds:
                    colors.extend([Color.NONE] * (rounds - len(colors)))
                rows.append(tuple(colors))
            return tuple(rows)
        return self._memo("colors", make)  # type: ignore[return-value]

    def column(self, spec: TiebreakSpec) -> Column:
        """The value of ``spec`` for every player (computed once per code)."""
        if spec.acronym == "DE":
            raise TiebreakError("DE depends on the tied group; use direct_encounter()")
        if spec.points_system is not None:
            return self._memo(("column", spec.code),  # type: ignore[return-value]
                              lambda: self._points_system_column(spec))
        compute = REGISTRY[spec.info.acronym]
        return self._memo(("column", spec.code), lambda: compute(self, spec))  # type: ignore

    def _points_system_column(self, spec: TiebreakSpec) -> Column:
        """``BH:GP`` is BH computed in the context whose score is the game points."""
        base = self.points_system_context(spec).column(replace(spec, points_system=None))
        return Column(spec, base.values, base._build, base.notes)

    def points_system_context(self, spec: TiebreakSpec) -> Context:
        """The context in which ``spec``'s reference score (``:MP``/``:GP``, C.07 Art. 13
        preamble) is the score: this one for match points, the team event's game points
        otherwise. Raises TiebreakError where that is not computed."""
        from generator.teams import GAME_POINTS, TeamTournament, points_system_refusal

        tournament = self.tournament
        system = spec.points_system
        refusal = points_system_refusal(
            spec, is_team_event=isinstance(tournament, TeamTournament))
        if refusal is not None:
            raise TiebreakError(refusal)
        if system != GAME_POINTS or not isinstance(tournament, TeamTournament):
            return self

        def make() -> Context:
            view, points = tournament.game_points_view()
            return Context(view, rounds=self.rounds, edition=self.edition,
                           unplayed=self.unplayed, unrated_rating=self.unrated_rating,
                           points=points)
        return self._memo(("points-system", system), make)  # type: ignore[return-value]

    def rating_of(self, player: int, unrated: int | None) -> int | None:
        rating = self.players[player].rating
        return rating if rating is not None else unrated

    def unrated_for(self, spec: TiebreakSpec) -> int | None:
        return spec.unrated_rating if spec.unrated_rating is not None else self.unrated_rating

    def ratings_defined(self, unrated: int | None) -> bool:
        """Art. 10: with unrated players present and no rating announced for them, the rating
        tie-breaks are dropped for everyone."""
        return unrated is not None or not self.tournament.has_unrated_players


REGISTRY: dict[str, Callable[[Context, TiebreakSpec], Column]] = {}


def tiebreak(acronym: str) -> Callable[[Callable[[Context, TiebreakSpec], Column]],
                                       Callable[[Context, TiebreakSpec], Column]]:
    """Register the function computing ``acronym`` (a CATALOGUE entry)."""
    if acronym not in CATALOGUE:
        raise KeyError(acronym)

    def register(function: Callable[[Context, TiebreakSpec], Column]
                 ) -> Callable[[Context, TiebreakSpec], Column]:
        REGISTRY[acronym] = function
        return function
    return register


def _explained_sum(parts: Sequence[Part], notes: Iterable[Note] = ()) -> Explained:
    total = sum((p.value for p in parts if p.cut is None), ZERO)
    return Explained(value=total, parts=tuple(parts), notes=tuple(notes), total=total)


# --- Art. 4.2 / 7: points and the participant's own record ---------------------------------

def _round_part(sheet: ScoreSheet, player: int, r: int, value: Decimal, *,
                article: str | None = None, cut: CutReason | None = None) -> Part:
    opponent = sheet.opponents[player][r]
    return Part(round=r + 1, kind=sheet.kinds[player][r], value=value,
                opponent=None if opponent == NO_OPPONENT else sheet.players[opponent].start_no,
                points=sheet.points[player][r], category=sheet.categories[player][r],
                article=article, cut=cut)


@tiebreak("PTS")
def points(ctx: Context, spec: TiebreakSpec) -> Column:
    """The score (Art. 4.2: the primary ranking)."""
    sheet = ctx.sheet

    def build(i: int) -> Explained:
        return _explained_sum([_round_part(sheet, i, r, p)
                               for r, p in enumerate(sheet.points[i])])
    return Column(spec, sheet.scores, build)


def _counting_column(ctx: Context, spec: TiebreakSpec, article: str,
                     flags: Sequence[Sequence[bool]]) -> Column:
    """A Type B count: one for every round whose flag is set."""
    sheet = ctx.sheet
    values = tuple(_count(row.count(True)) for row in flags)  # type: ignore[attr-defined]

    def build(i: int) -> Explained:
        return _explained_sum([
            _round_part(sheet, i, r, ONE if counts else ZERO, article=article,
                        cut=None if counts else CutReason.NOT_COUNTED)
            for r, counts in enumerate(flags[i])])
    return Column(spec, values, build)


@tiebreak("WIN")
def number_of_wins(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.1: rounds where the player obtained, with or without playing, the points of a win."""
    win = ctx.sheet.win
    return _counting_column(ctx, spec, "7.1", [
        tuple([p == win for p in row]) for row in ctx.sheet.points])


@tiebreak("WON")
def number_of_games_won(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.2: games won over the board (15.2 keeps forfeits out even in round robins)."""
    sheet = ctx.sheet
    win, game = sheet.win, RoundKind.GAME
    return _counting_column(ctx, spec, "7.2", [
        tuple([k is game and p == win for k, p in zip(kinds, points_, strict=True)])
        for kinds, points_ in zip(sheet.kinds, sheet.points, strict=True)])


@tiebreak("BPG")
def games_played_with_black(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.3: games played over the board with Black."""
    sheet = ctx.sheet
    game, black = RoundKind.GAME, Color.BLACK
    return _counting_column(ctx, spec, "7.3", [
        tuple([k is game and c is black for k, c in zip(kinds, colors, strict=True)])
        for kinds, colors in zip(sheet.kinds, ctx.colors(), strict=True)])


@tiebreak("BWG")
def games_won_with_black(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.4: games won over the board with Black."""
    sheet = ctx.sheet
    win, game, black = sheet.win, RoundKind.GAME, Color.BLACK
    return _counting_column(ctx, spec, "7.4", [
        tuple([k is game and c is black and p == win
               for k, c, p in zip(kinds, colors, points_, strict=True)])
        for kinds, colors, points_ in zip(sheet.kinds, ctx.colors(), sheet.points, strict=True)])


_NOT_ELECTED = frozenset({RoundKind.HALF_POINT_BYE, RoundKind.ZERO_POINT_BYE,
                          RoundKind.FORFEIT_LOSS})


@tiebreak("REP")
def rounds_elected_to_play(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.6: the rounds, less half-point byes, zero-point byes and forfeit losses (15.2 keeps
    forfeit losses unplayed in round robins too). GE is the 2023 name."""
    not_elected = _NOT_ELECTED
    return _counting_column(ctx, spec, "7.6", [
        tuple([k not in not_elected for k in kinds]) for kinds in ctx.sheet.kinds])


@tiebreak("GE")
def games_elected_to_play(ctx: Context, spec: TiebreakSpec) -> Column:
    return rounds_elected_to_play(ctx, spec)


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
            part = _round_part(sheet, i, r, standard(i, r), article="7.7")
            opponent = sheet.opponents[i][r]
            parts.append(replace(part, opponent_points=compared(i, r)[1]
                                 if opponent != NO_OPPONENT else None))
        return _explained_sum(parts)
    return Column(spec, values, build)


@tiebreak("TPN")
def tournament_pairing_number(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.8: the pairing number, lowest first (/R: highest first)."""
    values = tuple(_count(p.start_no) for p in ctx.players)

    def build(i: int) -> Explained:
        return Explained(value=values[i])
    return Column(spec, values, build)


@tiebreak("PS")
def progressive_scores(ctx: Context, spec: TiebreakSpec) -> Column:
    """7.5: the sum of the scores after each round; Cut-n drops the first n (14.1.2 c)."""
    sheet = ctx.sheet
    cut = min(spec.cut, sheet.rounds)
    values = _in_points([sum(list(accumulate(row))[cut:]) for row in sheet.units], sheet.unit)

    def build(i: int) -> Explained:
        return _explained_sum([
            _round_part(sheet, i, r, value, article="7.5",
                        cut=CutReason.EARLIEST_ROUND if r < cut else None)
            for r, value in enumerate(accumulate(sheet.points[i]))])
    return Column(spec, values, build)


# --- Art. 8-9: Buchholz, Fore Buchholz, Sonneborn-Berger ------------------------------------

@dataclass(frozen=True, slots=True)
class _Elements:
    """Per player, the elements of a BH/FB/SB sum: one per counted round (Swiss), or one per
    scheduled game (round robin). Values are whole numbers of ``scale``."""

    sheet: ScoreSheet
    forfeits_as_played: bool
    sonneborn_berger: bool
    scale: Decimal
    """The amount one unit of ``values`` stands for (the points unit, squared for SB)."""
    rounds: tuple[tuple[int, ...], ...]
    """Round index of each element."""
    values: tuple[tuple[int, ...], ...]
    """Each element's contribution (BH: the score; SB: score x points)."""
    scores: tuple[tuple[int, ...], ...]
    """The opponent's adjusted score or the dummy's score (in points units): what 'least
    significant' compares first (14.1.2)."""
    voluntary: tuple[tuple[bool, ...], ...]
    """16.5: the element is a VUR counted against a dummy."""
    has_voluntary: tuple[bool, ...]
    totals: tuple[int, ...]
    voluntary_first: bool = True
    """16.5 applies (False: the 16.6 option cutting the plain least significant value)."""
    orders: list[tuple[int, ...] | None] = field(default_factory=list)
    """Cache: element positions sorted by (score, value), least significant first."""
    sequences: list[list[tuple[int, CutReason]] | None] = field(default_factory=list)
    """Cache: the order in which successive low cuts remove elements."""
    ranked: list[list[int] | None] = field(default_factory=list)
    """Cache: the values sorted by (score, value)."""

    def order(self, player: int) -> tuple[int, ...]:
        cached = self.orders[player]
        if cached is None:
            values = self.values[player]
            if self.sonneborn_berger:
                cached = tuple([k for _, _, k in sorted(zip(self.scores[player], values,
                                                            range(len(values))))])
            else:
                cached = tuple(sorted(range(len(values)), key=values.__getitem__))
            self.orders[player] = cached
        return cached

    def ranked_values(self, player: int) -> list[int]:
        cached = self.ranked[player]
        if cached is None:
            values = self.values[player]
            if self.sonneborn_berger:
                cached = [v for _, v in sorted(zip(self.scores[player], values))]
            else:
                cached = sorted(values)
            self.ranked[player] = cached
        return cached

    def _significance(self, player: int) -> tuple[int, ...]:
        return self.scores[player] if self.sonneborn_berger else self.values[player]

    def low_sequence(self, player: int, count: int) -> list[tuple[int, CutReason]]:
        """The first ``count`` elements successive low cuts remove (at least)."""
        cached = self.sequences[player]
        if cached is None or len(cached) < min(count, len(self.values[player])):
            cached = low_cut_sequence(self.values[player], self._significance(player),
                                      self.voluntary[player], self.order(player),
                                      voluntary_first=self.voluntary_first, limit=count)
            self.sequences[player] = cached
        return cached

    def cuts(self, player: int, low: int, high: int) -> list[tuple[int, CutReason]]:
        return cut_elements(self.values[player], self._significance(player),
                            self.voluntary[player], low=low, high=high,
                            voluntary_first=self.voluntary_first, order=self.order(player),
                            sequence=self.low_sequence(player, low) if low else None)

    def cut_value(self, player: int, low: int, high: int) -> int:
        """The sum after the cuts (the same elements as ``cuts``)."""
        total = self.totals[player]
        if not self.has_voluntary[player] or not self.voluntary_first:
            # Without VURs the cuts are the ends of the (score, value) order.
            ranked = self.ranked_values(player)
            n = len(ranked)
            low = min(low, n)
            high = min(high, n - low)
            return total - sum(ranked[:low]) - (sum(ranked[n - high:]) if high else 0)
        values = self.values[player]
        return total - sum([values[k] for k, _ in self.cuts(player, low, high)])


def _build_elements(ctx: Context, *, fore: bool, forfeits_as_played: bool,
                    sonneborn_berger: bool) -> _Elements:
    sheet = ctx.score_sheet(fore=fore)
    as_played = forfeits_as_played or sheet.options.forfeits_as_played
    scores_by_round = ctx.opponent_units(fore=fore, forfeits_as_played=as_played)
    multipliers = round_multipliers(sheet, forfeits_as_played=as_played) \
        if sonneborn_berger else ()
    every_round = tuple(range(sheet.rounds))
    no_voluntary = (False,) * sheet.rounds
    all_rounds, all_values, all_scores, all_voluntary, has_voluntary, totals = \
        [], [], [], [], [], []
    for player, row in enumerate(scores_by_round):
        if sheet.is_round_robin and None in row:
            rounds = tuple([r for r, s in enumerate(row) if s is not None])
            scores = tuple([row[r] for r in rounds])
        else:
            rounds = every_round
            scores = row
        if sonneborn_berger:
            factors = multipliers[player]
            values = tuple(map(mul, scores, factors) if rounds is every_round
                           else [s * factors[r] for s, r in zip(scores, rounds, strict=True)])
        else:
            values = scores
        categories = sheet.categories[player]
        if categories.count(None) == len(categories):
            voluntary = no_voluntary if rounds is every_round else (False,) * len(rounds)
        else:
            voluntary = tuple([
                categories[r] is not None and categories[r].is_voluntary  # type: ignore
                and not sheet.is_game(player, r, forfeits_as_played=as_played)
                for r in rounds])
        all_rounds.append(rounds)
        all_values.append(values)
        all_scores.append(scores)
        all_voluntary.append(voluntary)
        has_voluntary.append(True in voluntary)
        totals.append(sum(values))
    return _Elements(sheet=sheet, forfeits_as_played=as_played,
                     sonneborn_berger=sonneborn_berger,
                     scale=sheet.unit * sheet.unit if sonneborn_berger else sheet.unit,
                     rounds=tuple(all_rounds), values=tuple(all_values),  # type: ignore
                     scores=tuple(all_scores), voluntary=tuple(all_voluntary),  # type: ignore
                     has_voluntary=tuple(has_voluntary), totals=tuple(totals),
                     voluntary_first=sheet.options.vur_cut_first,
                     orders=[None] * len(all_rounds), sequences=[None] * len(all_rounds),
                     ranked=[None] * len(all_rounds))


def _in_points(units: Sequence[int | None], scale: Decimal) -> tuple[Decimal | None, ...]:
    """Whole numbers of ``scale`` as Decimals (each distinct value converted once)."""
    converted = {u: Decimal(u) * scale for u in set(units) if u is not None}
    converted[None] = None  # type: ignore[index]
    return tuple(map(converted.__getitem__, units))  # type: ignore[arg-type]


def _plain_cut(order: Sequence[int], low: int, high: int) -> tuple[Sequence[int], Sequence[int]]:
    """Cut-n / Median-n without VURs: the ``low`` first and ``high`` last of ``order``."""
    n = len(order)
    low = min(low, n)
    high = min(high, n - low)
    return order[:low], order[n - high:] if high else ()


_LEAST = CutReason.LEAST_SIGNIFICANT
_VUR_FIRST = CutReason.VOLUNTARY_UNPLAYED_FIRST
_MOST = CutReason.MOST_SIGNIFICANT
# (Enum member lookups are slow in Python 3.11; the cut functions run per player.)


def low_cut_sequence(values: Sequence[Any], significance: Sequence[Any],
                     voluntary: Sequence[bool], order: Sequence[int], *,
                     voluntary_first: bool = True,
                     limit: int | None = None) -> list[tuple[int, CutReason]]:
    """The order in which successive low cuts remove elements: Cut-k removes the first k.

    Each cut removes the least significant value (lowest ``significance``, then lowest
    value; ``order`` lists the positions that way), unless the player has a VUR element:
    then the lowest VUR contribution is cut as long as it is not lower than the least
    significant value (16.5.1; for SB "cut the higher of the two", 16.5.2), and the rule
    applies again to the remaining elements for the next cut. ``limit``: stop after that
    many (the sequence is then a prefix of the full one).
    """
    if not voluntary_first or True not in voluntary:
        return [(k, _LEAST) for k in order]
    if significance is values:
        # Buchholz (16.5.2): a VUR contribution is never below the least significant value,
        # so the VURs go first, lowest first, then the rest, lowest first.
        return ([(k, _VUR_FIRST) for k in order if voluntary[k]]
                + [(k, _LEAST) for k in order if not voluntary[k]])
    remaining = list(order)
    sequence: list[tuple[int, CutReason]] = []
    while remaining and (limit is None or len(sequence) < limit):
        least = remaining[0]
        victim, reason = least, _LEAST
        candidates = [k for k in remaining if voluntary[k]]
        if candidates:
            lowest_vur = min(candidates, key=lambda k: (values[k], significance[k]))
            if values[lowest_vur] >= values[least]:
                victim, reason = lowest_vur, _VUR_FIRST
        remaining.remove(victim)
        sequence.append((victim, reason))
    return sequence


def cut_elements(values: Sequence[Any], significance: Sequence[Any],
                 voluntary: Sequence[bool], *, low: int, high: int,
                 voluntary_first: bool = True, order: Sequence[int] | None = None,
                 sequence: Sequence[tuple[int, CutReason]] | None = None
                 ) -> list[tuple[int, CutReason]]:
    """Positions removed by Cut-n / Median-n (14.1-14.4) with the 16.5 exception.

    The low cuts follow :func:`low_cut_sequence`; the high cuts (Median) then remove the
    most significant remaining values, with no VUR preference. ``order`` (positions sorted
    by significance, then value) and ``sequence`` may be passed when the caller has them.
    """
    n = len(values)
    low = min(low, n)
    high = min(high, n - low)
    if not low and not high:
        return []
    if order is None:
        order = tuple(k for _, _, k in sorted(zip(significance, values, range(n))))
    lows: list[tuple[int, CutReason]] = []
    if low:
        if sequence is None:
            sequence = low_cut_sequence(values, significance, voluntary, order,
                                        voluntary_first=voluntary_first, limit=low)
        lows = list(sequence[:low])
    if not high:
        return lows
    taken = {k for k, _ in lows}
    highs = [k for k in reversed(order) if k not in taken][:high]
    return lows + [(k, _MOST) for k in highs]


def _opponent_sum(ctx: Context, spec: TiebreakSpec, *, fore: bool, sonneborn_berger: bool,
                  article: str) -> Column:
    elements = ctx.elements(fore=fore, forfeits_as_played=spec.forfeits_as_played,
                            sonneborn_berger=sonneborn_berger)
    low = spec.cut or spec.median
    high = spec.median

    if not low and not high:
        units = elements.totals
    else:
        units = tuple([elements.cut_value(i, low, high) for i in range(len(elements.totals))])
    values = _in_points(units, elements.scale)
    notes = _round_robin_notes(ctx, spec)

    def build(i: int) -> Explained:
        cut = dict(elements.cuts(i, low, high)) if (low or high) else {}
        return _explained_sum([
            _element_part(elements, i, position, article, cut.get(position))
            for position in range(len(elements.rounds[i]))], notes)
    return Column(spec, values, build)


def _round_robin_notes(ctx: Context, spec: TiebreakSpec) -> tuple[Note, ...]:
    if (spec.info.is_buchholz_family and ctx.tournament.is_round_robin
            and ctx.edition is not Edition.FIDE_2024_08):
        return (Note(kind=NoteKind.FORBIDDEN_IN_ROUND_ROBIN, article="8"),)
    return ()


def _element_part(elements: _Elements, player: int, position: int, article: str,
                  cut: CutReason | None) -> Part:
    sheet = elements.sheet
    r = elements.rounds[player][position]
    opponent = sheet.opponents[player][r]
    is_game = sheet.is_game(player, r, forfeits_as_played=elements.forfeits_as_played)
    common = {
        "round": r + 1, "kind": sheet.kinds[player][r],
        "value": Decimal(elements.values[player][position]) * elements.scale,
        "opponent": None if opponent == NO_OPPONENT else sheet.players[opponent].start_no,
        "category": sheet.categories[player][r],
        "is_voluntary_unplayed": elements.voluntary[player][position],
        "points": sheet.points[player][r] if elements.sonneborn_berger else None,
        "counted_score": Decimal(elements.scores[player][position]) * sheet.unit,
        "cut": cut,
        "opponent_score": None if opponent == NO_OPPONENT else sheet.scores[opponent],
        "adjusted_score": None if opponent == NO_OPPONENT else sheet.adjusted[opponent],
    }
    if is_game:
        kind = sheet.kinds[player][r]
        if kind in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS):
            rule = "15.2" if sheet.is_round_robin else "16.6"
        elif sheet.adjusted[opponent] != sheet.scores[opponent]:
            rule = "16.3"
        else:
            rule = article
        return Part(**common, article=rule)  # type: ignore[arg-type]
    cap, rule = sheet.dummy_cap(player, r)
    if elements.sonneborn_berger and sheet.options.unplayed_as_draw:
        common["points"] = sheet.draw
    return Part(**common, is_dummy=True, dummy_own_score=sheet.scores[player],  # type: ignore
                dummy_cap=cap, article=rule)


@tiebreak("BH")
def buchholz(ctx: Context, spec: TiebreakSpec) -> Column:
    """8.1: the sum of the opponents' scores (adjusted, 16.3; dummies for own unplayed
    rounds, 16.4)."""
    return _opponent_sum(ctx, spec, fore=False, sonneborn_berger=False, article="8.1")


@tiebreak("FB")
def fore_buchholz(ctx: Context, spec: TiebreakSpec) -> Column:
    """8.3: Buchholz as if every paired game of the final round had been drawn."""
    return _opponent_sum(ctx, spec, fore=True, sonneborn_berger=False, article="8.3")


@tiebreak("SB")
def sonneborn_berger(ctx: Context, spec: TiebreakSpec) -> Column:
    """9.1: the sum, over the rounds, of the opponent's (or dummy's) score times the points
    scored against them."""
    return _opponent_sum(ctx, spec, fore=False, sonneborn_berger=True, article="9.1")


@tiebreak("AOB")
def average_of_opponents_buchholz(ctx: Context, spec: TiebreakSpec) -> Column:
    """8.2: the average Buchholz (/F: Fore Buchholz) of the opponents met over the board.

    C.07 names no rounding: the value is exact (28 significant digits), shown with two
    decimals.
    """
    base = TiebreakSpec(acronym="FB" if spec.fore else "BH",
                        written="FB" if spec.fore else "BH",
                        forfeits_as_played=spec.forfeits_as_played)
    buchholz_values = ctx.column(base).values
    sheet = ctx.sheet
    game = RoundKind.GAME
    games_only = (game,) * sheet.rounds

    def games(i: int) -> list[int]:
        return [r for r, (kind, opponent) in enumerate(zip(sheet.kinds[i], sheet.opponents[i],
                                                           strict=True))
                if kind is game and opponent != NO_OPPONENT]

    values = []
    for i, (kinds, opponents) in enumerate(zip(sheet.kinds, sheet.opponents, strict=True)):
        met = opponents if kinds == games_only else [opponents[r] for r in games(i)]
        values.append(sum(map(buchholz_values.__getitem__, met), ZERO) / _count(len(met))
                      if met else None)

    notes = _round_robin_notes(ctx, spec)

    def build(i: int) -> Explained:
        parts = [Part(round=r + 1, kind=RoundKind.GAME,
                      value=buchholz_values[sheet.opponents[i][r]],  # type: ignore[arg-type]
                      opponent=sheet.players[sheet.opponents[i][r]].start_no,
                      points=sheet.points[i][r], article="8.2") for r in games(i)]
        total = sum((p.value for p in parts), ZERO)
        value = values[i]
        extra: tuple[Note, ...] = ()
        if value is None:
            extra = (Note(kind=NoteKind.NOT_APPLICABLE, article="8.2",
                          data={"reason": "no games over the board"}),)
        else:
            extra = (Note(kind=NoteKind.ROUNDED, article="8.2",
                          data={"exact": value, "games": len(parts),
                                "shown": value.quantize(Decimal("0.01"), ROUND_HALF_UP)}),)
        return Explained(value=value, parts=tuple(parts), notes=extra + notes, total=total)
    return Column(spec, tuple(values), build, notes=())


@tiebreak("KS")
def koya(ctx: Context, spec: TiebreakSpec) -> Column:
    """9.2: points scored against the participants with at least 50% of the maximum
    possible score; /L+-n moves the limit by half points (14.5)."""
    sheet = ctx.sheet
    players = len(sheet.players)
    playable = sheet.rounds
    if sheet.is_round_robin:
        # The free round of an odd round robin (once per cycle) cannot score.
        if players and sheet.rounds % players == 0:
            playable -= sheet.rounds // players
        playable -= sum(1 for i in range(players)
                        if all(o == NO_OPPONENT for o in sheet.opponents[i]))
    limit = HALF * sheet.win * playable + HALF * spec.limit
    qualifies = tuple([score >= limit for score in sheet.scores]) + (False,)
    # Index NO_OPPONENT (-1) reads the final False: a round without an opponent never counts.

    def counted(i: int, r: int) -> bool | None:
        opponent = sheet.opponents[i][r]
        if opponent == NO_OPPONENT:
            return None
        return qualifies[opponent]

    values = tuple(sum([p for p, o in zip(points_, opponents, strict=True) if qualifies[o]], ZERO)
                   for points_, opponents in zip(sheet.points, sheet.opponents, strict=True))
    note = Note(kind=NoteKind.KOYA_THRESHOLD, article="9.2",
                data={"limit": limit, "maximum": sheet.win * playable, "shift": spec.limit})

    def build(i: int) -> Explained:
        parts = []
        for r in range(sheet.rounds):
            verdict = counted(i, r)
            if verdict is None:
                continue
            part = _round_part(sheet, i, r, sheet.points[i][r], article="9.2",
                               cut=None if verdict else CutReason.BELOW_LIMIT)
            parts.append(replace(part, opponent_score=sheet.scores[sheet.opponents[i][r]]))
        return _explained_sum(parts, (note,))
    return Column(spec, values, build)


# --- Art. 10: rating-based tie-breaks ----------------------------------------------------------

@dataclass(frozen=True, slots=True)
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
        own = tuple(p.rating if p.rating is not None else unrated for p in sheet.players)
        game = RoundKind.GAME
        games_only = (game,) * sheet.rounds
        every_round = tuple(range(sheet.rounds))
        all_rounds, all_ratings, all_halves = [], [], []
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
        return _RatedGames(tuple(all_rounds), tuple(all_ratings),  # type: ignore[arg-type]
                           tuple(all_halves))
    return ctx._memo(("rated", unrated), make)  # type: ignore[return-value]


def _rating_cuts(ratings: Sequence[int], low: int, high: int) -> list[tuple[int, CutReason]]:
    """14.1-14.4 on ratings: the lowest (and, for a median, the highest) are excluded."""
    if not low and not high:
        return []
    return cut_elements(ratings, ratings, [False] * len(ratings),  # type: ignore[arg-type]
                        low=low, high=high)


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
    # secant-like step (about 0.12 hundredths per point and opponent near the middle of the
    # table), widen until the answer is bracketed (too low, high enough], then halve.
    games = len(ratings)
    start = performance_rating(ratings, halves)
    assert start is not None
    reached = expected_score_hundredths(start, ratings)
    guess = start + (target - reached) * 25 // (3 * games)
    if reached >= target:
        high, low = start, min(guess, start - 1)
        while expected_score_hundredths(low, ratings) >= target:
            high, low = low, low - 2 * (high - low)
    else:
        low, high = start, max(guess, start + 1)
        while expected_score_hundredths(high, ratings) < target:
            low, high = high, high + 2 * (high - low)
    while high - low > 1:
        middle = (low + high) // 2
        if expected_score_hundredths(middle, ratings) >= target:
            high = middle
        else:
            low = middle
    return high


def _performances(ctx: Context, acronym: str, unrated: int | None,
                  low: int = 0, high: int = 0) -> tuple[int | None, ...]:
    """ARO, TPR or PTP of every player, as whole numbers (None: no rated game)."""
    def make() -> tuple[int | None, ...]:
        games = _rated_games(ctx, unrated)
        if not low and not high:
            if acronym == "ARO":
                return tuple([(2 * sum(r) + len(r)) // (2 * len(r)) if r else None
                              for r in games.ratings])
            compute = performance_rating if acronym == "TPR" else perfect_performance
            return tuple([compute(r, sum(h)) if r else None
                          for r, h in zip(games.ratings, games.halves, strict=True)])
        values: list[int | None] = []
        for ratings, halves in zip(games.ratings, games.halves, strict=True):
            if acronym == "ARO":
                # Only the ratings left matter, not which of two equal ones was cut.
                lows, highs = _plain_cut(sorted(ratings), low, high)
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
    return ctx._memo(("performance", acronym, unrated, low, high), make)  # type: ignore


def _undefined_column(ctx: Context, spec: TiebreakSpec) -> Column:
    note = Note(kind=NoteKind.UNDEFINED_UNRATED, article="10",
                data={"unrated": [p.start_no for p in ctx.players if p.rating is None]})
    values: tuple[Decimal | None, ...] = (None,) * len(ctx.players)
    return Column(spec, values, lambda i: Explained(value=None), notes=(note,))


def _as_decimals(values: Sequence[int | None]) -> tuple[Decimal | None, ...]:
    return tuple(None if v is None else Decimal(v) for v in values)


def _rating_column(ctx: Context, spec: TiebreakSpec, article: str) -> Column:
    unrated = ctx.unrated_for(spec)
    if not ctx.ratings_defined(unrated):
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
        if values[i] is None:
            return Explained(value=None, parts=tuple(parts), total=total, notes=(
                Note(kind=NoteKind.NO_RATED_GAMES, article=article),))
        count = len(kept)
        halves = sum(games.halves[i][k] for k in kept)
        data: dict[str, object] = {"games": count, "value": int(values[i])}
        data["average_exact"] = total / count
        data["average"] = average_rating([ratings[k] for k in kept])
        if acronym == "ARO":
            note = Note(kind=NoteKind.ROUNDED, article=article, data=data)
        else:
            hundredths = _half_up_ratio(50 * halves, count)
            data.update(score=Decimal(halves) / 2, fraction=Decimal(halves) / 2 / count,
                        fraction_rounded=Decimal(hundredths) / 100, dp=DP[hundredths])
            if acronym == "PTP" and halves:
                rating_found = int(values[i])
                kept_ratings = [ratings[k] for k in kept]
                data.update(
                    expected=Decimal(expected_score_hundredths(rating_found, kept_ratings)) / 100,
                    expected_one_below=Decimal(expected_score_hundredths(
                        rating_found - 1, kept_ratings)) / 100)
            note = Note(kind=NoteKind.TABLE_LOOKUP, article=article, data=data)
        return Explained(value=values[i], parts=tuple(parts), notes=(note,), total=total)
    return Column(spec, values, build)


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
    if not ctx.ratings_defined(unrated):
        return _undefined_column(ctx, spec)
    performances = _performances(ctx, base, unrated)
    games = _rated_games(ctx, unrated)
    sheet = ctx.sheet

    def opponents(i: int) -> list[int]:
        return [r for r in games.rounds[i] if performances[sheet.opponents[i][r]] is not None]

    values = []
    for i in range(len(ctx.players)):
        known = [performances[sheet.opponents[i][r]] for r in opponents(i)]
        values.append(Decimal(_half_up_ratio(sum(known), len(known)))  # type: ignore[arg-type]
                      if known else None)

    def build(i: int) -> Explained:
        parts = tuple(Part(round=r + 1, kind=RoundKind.GAME,
                           value=Decimal(performances[sheet.opponents[i][r]]),  # type: ignore
                           opponent=sheet.players[sheet.opponents[i][r]].start_no,
                           points=sheet.points[i][r], article=base)
                      for r in opponents(i))
        total = sum((p.value for p in parts), ZERO)
        if not parts:
            return Explained(value=None, notes=(Note(kind=NoteKind.NO_RATED_GAMES,
                                                     article=article),))
        note = Note(kind=NoteKind.ROUNDED, article=article,
                    data={"average_exact": total / len(parts), "value": values[i],
                          "games": len(parts)})
        return Explained(value=values[i], parts=parts, notes=(note,), total=total)
    return Column(spec, tuple(values), build)


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
    if not ctx.ratings_defined(unrated):
        return _undefined_column(ctx, spec)
    values = tuple(_count(r) if (r := ctx.rating_of(i, unrated)) is not None else None
                   for i in range(len(ctx.players)))

    def build(i: int) -> Explained:
        notes = ()
        if ctx.players[i].rating is None:
            notes = (Note(kind=NoteKind.NOT_APPLICABLE, article="10",
                          data={"unrated_rating": unrated}),)
        return Explained(value=values[i], notes=notes)
    return Column(spec, values, build)


# --- Art. 6: Direct Encounter ----------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class DirectEncounterOutcome:
    """Art. 6 applied to one tied group."""

    order: tuple[tuple[int, ...], ...]
    """Sub-groups of player indices, best first; a sub-group of several is still tied."""
    groups: tuple[DirectEncounterGroup, ...]
    """Every application of Art. 6 (the group, then each re-application, 6.2/6.3)."""
    scores: dict[int, Decimal]
    """Each member's score in the separate standings of the whole group."""

    @property
    def separated(self) -> bool:
        return len(self.order) > 1

    def positions(self) -> dict[int, int]:
        """1 + the number of members ranked strictly ahead, or 0 for everyone when DE does
        not separate the group (the reference calculator's convention)."""
        if not self.separated:
            return dict.fromkeys((i for sub in self.order for i in sub), 0)
        positions = {}
        ahead = 0
        for sub in self.order:
            for i in sub:
                positions[i] = ahead + 1
            ahead += len(sub)
        return positions


def direct_encounter(ctx: Context, spec: TiebreakSpec,
                     group: Sequence[int]) -> DirectEncounterOutcome:
    """Art. 6 on ``group`` (player indices tied so far)."""
    records: list[DirectEncounterGroup] = []
    order = _direct_encounter(ctx, spec, tuple(group), records)
    index = ctx.sheet.index
    scores = {index[no]: score for no, score in records[0].scores.items()}
    return DirectEncounterOutcome(order=tuple(order), groups=tuple(records), scores=scores)


def _encounters(ctx: Context, spec: TiebreakSpec, members: Sequence[int]
                ) -> dict[tuple[int, int], list[tuple[int, Decimal, Decimal]]]:
    """Games among ``members``: (a, b) -> [(round index, a's points, b's points)]."""
    sheet = ctx.sheet
    as_played = spec.forfeits_as_played or sheet.is_round_robin
    inside = set(members)
    game = RoundKind.GAME
    forfeits = (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS)
    games: dict[tuple[int, int], list[tuple[int, Decimal, Decimal]]] = {}
    for a in members:
        for r, b in enumerate(sheet.opponents[a]):
            if b not in inside:
                continue
            kind = sheet.kinds[a][r]
            # 6.1.1: forfeits are excluded unless the rules include them (DE/P) or the
            # pairings are pre-determined (15.2).
            if kind is game or (as_played and kind in forfeits):
                games.setdefault((a, b), []).append(
                    (r, sheet.points[a][r], sheet.points[b][r]))
    return games


def _separate_standings(ctx: Context, spec: TiebreakSpec, members: Sequence[int]
                        ) -> tuple[dict[int, Decimal], dict[int, int],
                                   dict[tuple[int, int], list[tuple[int, Decimal, Decimal]]]]:
    games = _encounters(ctx, spec, members)
    scores = dict.fromkeys(members, ZERO)
    met = dict.fromkeys(members, 0)
    for (a, _), played in games.items():
        # 6.1.2: several games between the same two players count as their average.
        scores[a] += sum((p for _, p, _ in played), ZERO) / len(played)
        met[a] += 1
    return scores, met, games


def _direct_encounter(ctx: Context, spec: TiebreakSpec, members: tuple[int, ...],
                      records: list[DirectEncounterGroup]) -> list[tuple[int, ...]]:
    sheet = ctx.sheet
    scores, met, games = _separate_standings(ctx, spec, members)
    others = len(members) - 1
    all_met = all(met[i] == others for i in members)
    start = sheet.players
    key = {i: start[i].start_no for i in members}
    record_games = tuple(
        (r + 1, key[a], key[b], pa, pb)
        for (a, b), played in sorted(games.items(), key=lambda g: (key[g[0][0]], key[g[0][1]]))
        for r, pa, pb in played if key[a] < key[b])
    if all_met:
        # 6.2: the separate standings rank everyone; equal scores are re-examined alone.
        ranked = sorted(members, key=lambda i: (-scores[i], key[i]))
        subgroups: list[tuple[int, ...]] = []
        for i in ranked:
            if subgroups and scores[subgroups[-1][0]] == scores[i]:
                subgroups[-1] += (i,)
            else:
                subgroups.append((i,))
        article = "6.2"
    elif ctx.sheet.is_round_robin or not games:
        # 6.3 is for Swiss events only; without a game among them DE says nothing.
        subgroups = [tuple(sorted(members, key=key.__getitem__))]
        article = "6.3" if not ctx.sheet.is_round_robin else "6.2"
    else:
        # 6.3: a player alone at the top whatever the outcome of the missing games is
        # ranked first, and so on; Art. 6 is then reapplied to the others.
        win = sheet.win
        loss = ctx.tournament.score_system.loss
        best = {i: scores[i] + win * (others - met[i]) for i in members}
        worst = {i: scores[i] + loss * (others - met[i]) for i in members}
        remaining = sorted(members, key=lambda i: (-scores[i], -best[i], key[i]))
        subgroups = []
        while len(remaining) > 1:
            top = remaining[0]
            if all(worst[top] > best[j] for j in remaining[1:]):
                subgroups.append((top,))
                remaining.pop(0)
            else:
                break
        if remaining:
            subgroups.append(tuple(sorted(remaining, key=key.__getitem__)))
        article = "6.3"
    records.append(DirectEncounterGroup(
        members=tuple(sorted((key[i] for i in members))), games=record_games,
        scores={key[i]: scores[i] for i in members},
        order=tuple(tuple(key[i] for i in sub) for sub in subgroups), article=article))
    if len(subgroups) == 1:
        return subgroups
    result: list[tuple[int, ...]] = []
    for sub in subgroups:
        result.extend(_direct_encounter(ctx, spec, sub, records) if len(sub) > 1 else [sub])
    return result


def explain_direct_encounter(ctx: Context, spec: TiebreakSpec, outcome: DirectEncounterOutcome,
                             player: int) -> Explained:
    """The player's games against the rest of the tied group and where Art. 6 put them."""
    sheet = ctx.sheet
    members = [i for sub in outcome.order for i in sub]
    games = _encounters(ctx, spec, members)
    parts = []
    for (a, b), played in sorted(games.items()):
        if a != player:
            continue
        for r, pa, pb in played:
            parts.append(Part(round=r + 1, kind=sheet.kinds[a][r], value=pa / len(played),
                              opponent=sheet.players[b].start_no, points=pa,
                              opponent_points=pb, article="6.1.2" if len(played) > 1 else "6"))
    parts.sort(key=lambda p: p.round)
    position = outcome.positions()[player]
    start = sheet.players
    notes = tuple(
        Note(kind=NoteKind.DIRECT_ENCOUNTER, article=record.article,
             data={"members": record.members, "scores": dict(record.scores),
                   "order": record.order})
        for record in outcome.groups if start[player].start_no in record.members)
    total = sum((p.value for p in parts), ZERO)
    return Explained(value=_count(position), parts=tuple(parts), notes=notes, total=total)


def _check_registry() -> None:
    missing = [a for a, info in CATALOGUE.items()
               if a != "DE" and not info.team_only and a not in REGISTRY]
    if missing:
        raise RuntimeError(f"tie-breaks without a function: {missing}")


_check_registry()


__all__ = ["REGISTRY", "Column", "Context", "DirectEncounterOutcome", "TiebreakError",
           "cut_elements", "direct_encounter", "explain_direct_encounter", "tiebreak"]
