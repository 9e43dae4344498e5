"""C.07 Arts. 8-9: the sums over the opponents (Buchholz, AOB, Fore Buchholz,
Sonneborn-Berger, Koya).

The elements of a sum are built once per announced variant (Swiss: one per counted round;
round robin: one per scheduled game); the values and the derivations both read them, so the
two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field, replace
from decimal import Decimal
from operator import itemgetter, mul, sub
from typing import cast

from generator.model import HALF, ZERO, RoundKind
from generator.rules.context import (
    Column,
    Context,
    explained_sum,
    in_points,
    round_part,
    tiebreak,
    whole_number,
)
from generator.rules.cuts import cut_elements, low_cut_sequence, plain_cut
from generator.rules.explain import (
    CutReason,
    Explained,
    ForbiddenInRoundRobinNote,
    KoyaThresholdNote,
    NoGamesNote,
    Note,
    Part,
    ShownRoundedNote,
    new_part,
)
from generator.rules.notation import TiebreakSpec, round_robin_refusal, shown_rounded
from generator.rules.unplayed import (
    NO_OPPONENT,
    VOLUNTARY_CATEGORIES,
    ScoreSheet,
    round_multipliers,
)
from generator.speed import frozen_record


@frozen_record
class _Elements:
    """Per player, the elements of a BH/FB/SB sum: one per counted round (Swiss), or one per
    scheduled game (round robin). Values are whole numbers of ``scale``."""

    sheet: ScoreSheet
    forfeits_as_played: bool
    is_sonneborn_berger: bool
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
    multipliers: tuple[tuple[int, ...], ...] = ()
    """SB: per player and round, the points (in units) the score is multiplied by."""
    multiplier_unit: Decimal = Decimal(1)
    """The amount one unit of ``multipliers`` stands for (ESB, 13.2: the unit of the team's
    own score, which need not be the opponents')."""
    voluntary_first: bool = True
    """16.5 applies (False: the 16.6 option cutting the plain least significant value)."""
    orders: list[tuple[int, ...] | None] = field(default_factory=list)
    """Cache: element positions sorted by (score, value), least significant first."""
    sequences: list[list[tuple[int, CutReason]] | None] = field(default_factory=list)
    """Cache: the order in which successive low cuts remove elements."""
    ranked: list[list[int] | None] = field(default_factory=list)
    """Cache: the values sorted by (score, value)."""
    voluntary_ranked: dict[int, list[int]] = field(default_factory=dict)
    """Cache: a Buchholz player's values in the order 16.5 cuts them from the low end
    (their VURs', lowest first, then the others', lowest first), by player."""
    uncut_parts: dict[tuple[int, str], tuple[Part, ...]] = field(default_factory=dict)
    """Cache: a player's elements as parts, none cut, by (player, article)."""

    def parts(self, player: int, article: str) -> tuple[Part, ...]:
        """Every element of ``player`` as a part, none cut (the derivation of each variant
        of the sum reads them)."""
        key = (player, article)
        cached = self.uncut_parts.get(key)
        if cached is None:
            cached = self.uncut_parts[key] = _element_parts(self, player, article)
        return cached

    def order(self, player: int) -> tuple[int, ...]:
        cached = self.orders[player]
        if cached is None:
            values = self.values[player]
            if self.is_sonneborn_berger:
                cached = tuple([k for _, _, k in sorted(zip(self.scores[player], values,
                                                            range(len(values)), strict=True))])
            else:
                cached = tuple(sorted(range(len(values)), key=values.__getitem__))
            self.orders[player] = cached
        return cached

    def ranked_values(self, player: int) -> list[int]:
        cached = self.ranked[player]
        if cached is None:
            values = self.values[player]
            if self.is_sonneborn_berger:
                cached = [v for _, v in sorted(zip(self.scores[player], values, strict=True))]
            else:
                cached = sorted(values)
            self.ranked[player] = cached
        return cached

    def _significance(self, player: int) -> tuple[int, ...]:
        return self.scores[player] if self.is_sonneborn_berger else self.values[player]

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
            lows, highs = plain_cut(self.ranked_values(player), low, high)
            return total - sum(lows) - sum(highs)
        # The positions ``cuts`` removes (cut_elements: the low cuts' sequence, then the
        # most significant of the rest), summed without making the reasons.
        values = self.values[player]
        n = len(values)
        lowest = low if low < n else n
        highest = high if high < n - lowest else n - lowest
        if not self.is_sonneborn_berger:
            # Buchholz (16.5.2, low_cut_sequence): the low cuts take the VURs' values,
            # lowest first, then the others', lowest first; the high cuts the highest of
            # what is left. Only which values go counts in the sum, not their positions.
            sequence = self.voluntary_ranked.get(player)
            if sequence is None:
                voluntary = self.voluntary[player]
                sequence = self.voluntary_ranked[player] = (
                    sorted([v for v, vur in zip(values, voluntary, strict=True) if vur])
                    + sorted([v for v, vur in zip(values, voluntary, strict=True)
                              if not vur]))
            cut = sum(sequence[:lowest])
            if highest:
                cut += sum(sorted(sequence[lowest:])[-highest:])
            return total - cut
        taken = [k for k, _ in self.low_sequence(player, low)[:lowest]] if lowest else []
        cut = sum([values[k] for k in taken])
        if highest:
            cut += sum([values[k] for k in reversed(self.order(player))
                        if k not in taken][:highest])
        return total - cut

    def cut_values(self, low: int, high: int) -> tuple[int, ...]:
        """``cut_value`` of every player, the players without a VUR (most of them) in one
        pass: the ends of their (score, value) order, as ``plain_cut`` takes them."""
        plain = not self.voluntary_first
        if (self.is_sonneborn_berger and low == 1 and not high
                and min(map(len, self.values), default=0) >= 1):
            # SB/C1, every player keeping an element: the one cut is the first of the
            # (score, value) order, the least of the pairs, found without sorting them.
            found = list(map(sub, self.totals, map(itemgetter(1), map(min, map(
                zip, self.scores, self.values)))))
            return self._with_voluntary(found, low, high)
        every = self._all_ranked()
        if low + high <= min(map(len, every), default=0):
            # Every player keeps an element (a Swiss event of more rounds than the cuts):
            # the ends of each order summed by map, a column of 2,000 players at once.
            found = list(self.totals)
            if low:
                found = list(map(sub, found, map(sum, map(itemgetter(slice(None, low)),
                                                          every))))
            if high:
                found = list(map(sub, found, map(sum, map(itemgetter(slice(-high, None)),
                                                          every))))
            return self._with_voluntary(found, low, high)
        ranked_values, cut_value = self.ranked_values, self.cut_value
        slow = []
        for player, (total, has_voluntary) in enumerate(zip(self.totals, self.has_voluntary,
                                                            strict=True)):
            if has_voluntary and not plain:
                slow.append(cut_value(player, low, high))
                continue
            ranked = ranked_values(player)
            n = len(ranked)
            lowest = low if low < n else n
            highest = high if high < n - lowest else n - lowest
            slow.append(total - sum(ranked[:lowest])
                        - (sum(ranked[n - highest:]) if highest else 0))
        return tuple(slow)

    def _with_voluntary(self, found: list[int], low: int, high: int) -> tuple[int, ...]:
        """``found`` (every player's sum cut as if without VURs), with the sum of each
        player whose VUR comes first (16.5) cut as ``cut_value`` cuts it."""
        if self.voluntary_first:
            for player, has_voluntary in enumerate(self.has_voluntary):
                if has_voluntary:
                    found[player] = self.cut_value(player, low, high)
        return tuple(found)

    def _all_ranked(self) -> Sequence[Sequence[int]]:
        """``ranked_values`` of every player whose cut is the ends of that order (a
        Buchholz's sorted by map in one go); a player whose VUR comes first (16.5) has
        their elements unsorted, which ``cut_value`` replaces."""
        ranked = self.ranked
        if not self.is_sonneborn_berger and ranked.count(None) == len(ranked):
            ranked[:] = map(sorted, self.values)
            return cast("list[list[int]]", ranked)
        own = self.voluntary_first
        return [cached if cached is not None
                else self.values[player] if own and self.has_voluntary[player]
                else self.ranked_values(player)
                for player, cached in enumerate(ranked)]


def _elements(ctx: Context, *, fore: bool, forfeits_as_played: bool,
              is_sonneborn_berger: bool, own: Context | None = None) -> _Elements:
    """Per player, the values a BH/FB/SB sum is made of (shared by all its cut variants).
    ``own``: the context whose score SB multiplies by (ESB, 13.2), default ``ctx``."""
    as_played = forfeits_as_played or ctx.unplayed.forfeits_as_played
    own = ctx if own is None else own
    key = ("elements", fore, as_played, is_sonneborn_berger, own.reference_score)
    return ctx.memo(key, lambda: _build_elements(
        ctx, fore=fore, as_played=as_played, is_sonneborn_berger=is_sonneborn_berger,
        own=own))


def _build_elements(ctx: Context, *, fore: bool, as_played: bool,
                    is_sonneborn_berger: bool, own: Context) -> _Elements:
    """``as_played``: forfeits count as games, by the modifier (/P) or the event's rules."""
    sheet = ctx.score_sheet(fore=fore)
    own_sheet = sheet if own is ctx else own.score_sheet(fore=fore)
    scores_by_round = ctx.opponent_units(fore=fore, forfeits_as_played=as_played)
    multipliers = round_multipliers(own_sheet, forfeits_as_played=as_played) \
        if is_sonneborn_berger else ()
    every_round = tuple(range(sheet.rounds))
    game_kinds = sheet.game_kinds(forfeits_as_played=as_played)
    all_rounds: list[tuple[int, ...]]
    all_scores: Sequence[tuple[int, ...]]
    if sheet.is_round_robin and any(None in row for row in scores_by_round):
        # Only a round robin has rounds that are no element (None, 15.2).
        all_rounds = [tuple([r for r, s in enumerate(row) if s is not None])
                      for row in scores_by_round]
        all_scores = [tuple([s for s in row if s is not None]) for row in scores_by_round]
    else:
        # Every round an element, for every player: the rows as they are.
        all_rounds = [every_round] * len(scores_by_round)
        all_scores = cast("tuple[tuple[int, ...], ...]", scores_by_round)
    all_values: Sequence[tuple[int, ...]] = all_scores
    if is_sonneborn_berger:
        all_values = [
            tuple(map(mul, scores, factors) if rounds is every_round
                  else [s * factors[r] for s, r in zip(scores, rounds, strict=True)])
            for scores, factors, rounds in zip(all_scores, multipliers, all_rounds,
                                               strict=True)]
    # A player without an unplayed round has no VUR (most players: one shared tuple).
    no_voluntary = (False,) * sheet.rounds
    all_voluntary = [no_voluntary if rounds is every_round else (False,) * len(rounds)
                     for rounds in all_rounds]
    vur_categories = VOLUNTARY_CATEGORIES
    for player, categories in enumerate(sheet.categories):
        if categories.count(None) != len(categories):
            # A VUR counted against a dummy: not a game against the real opponent
            # (ScoreSheet.is_game, inline).
            kinds, opponents = sheet.kinds[player], sheet.opponents[player]
            all_voluntary[player] = tuple([
                (category := categories[r]) is not None and category in vur_categories
                and not (kinds[r] in game_kinds and opponents[r] != NO_OPPONENT)
                for r in all_rounds[player]])
    has_voluntary = [True in voluntary for voluntary in all_voluntary]
    totals = list(map(sum, all_values))
    return _Elements(sheet=sheet, forfeits_as_played=as_played,
                     is_sonneborn_berger=is_sonneborn_berger,
                     scale=sheet.unit * own_sheet.unit if is_sonneborn_berger else sheet.unit,
                     rounds=tuple(all_rounds), values=tuple(all_values),
                     scores=tuple(all_scores), voluntary=tuple(all_voluntary),
                     has_voluntary=tuple(has_voluntary), totals=tuple(totals),
                     multipliers=multipliers, multiplier_unit=own_sheet.unit,
                     voluntary_first=sheet.options.vur_cut_first,
                     orders=[None] * len(all_rounds), sequences=[None] * len(all_rounds),
                     ranked=[None] * len(all_rounds))




def _opponent_sum(ctx: Context, spec: TiebreakSpec, *, fore: bool, is_sonneborn_berger: bool,
                  article: str, own: Context | None = None) -> Column:
    elements = _elements(ctx, fore=fore, forfeits_as_played=spec.forfeits_as_played,
                         is_sonneborn_berger=is_sonneborn_berger, own=own)
    low = spec.cut or spec.median
    high = spec.median

    units = elements.totals if not low and not high else elements.cut_values(low, high)
    values = in_points(units, elements.scale)
    notes = _round_robin_notes(ctx, spec)

    def build(i: int) -> Explained:
        uncut = elements.parts(i, article)
        if not low and not high:
            return explained_sum(uncut, notes)
        # The cut variants of one sum (BH/C1 beside BH) share its elements: only the cut
        # ones are new records.
        parts = list(uncut)
        for position, reason in elements.cuts(i, low, high):
            parts[position] = replace(parts[position], cut=reason)
        return explained_sum(parts, notes)
    return Column(spec=spec, values=values, derivation=build)


def _round_robin_notes(ctx: Context, spec: TiebreakSpec) -> tuple[Note, ...]:
    """Art. 8 (2026 edition): the Buchholz family must not be used in a round robin. The
    event check refuses it in an announced list; a value computed anyway says so."""
    if round_robin_refusal(spec, ctx.edition, is_round_robin=ctx.tournament.is_round_robin):
        return (ForbiddenInRoundRobinNote(article="8"),)
    return ()


def _element_parts(elements: _Elements, player: int, article: str) -> tuple[Part, ...]:
    """Each element of ``player`` as a part, none cut: one pass over the player's rows
    (a page asks for two sums' parts of every player of the event)."""
    sheet = elements.sheet
    opponents, kinds = sheet.opponents[player], sheet.kinds[player]
    categories = sheet.categories[player]
    values, scores = elements.values[player], elements.scores[player]
    voluntary = elements.voluntary[player]
    game_kinds = sheet.game_kinds(forfeits_as_played=elements.forfeits_as_played)
    # SB: the multiplier the value used (16.6's option makes an unplayed round a draw).
    multipliers = elements.multipliers[player] if elements.is_sonneborn_berger else None
    multiplier_unit, scale, unit = elements.multiplier_unit, elements.scale, sheet.unit
    players, opponent_scores, adjusted = sheet.players, sheet.scores, sheet.adjusted
    forfeits = (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS)
    parts = []
    for position, r in enumerate(elements.rounds[player]):
        opponent = opponents[r]
        kind = kinds[r]
        has_opponent = opponent != NO_OPPONENT
        cap = own = None
        if has_opponent and kind in game_kinds:  # ScoreSheet.is_game
            is_game = True
            if kind in forfeits:
                rule = "15.2" if sheet.is_round_robin else "16.6"
            elif adjusted[opponent] != opponent_scores[opponent]:
                rule = "16.3"
            else:
                rule = article
        else:
            is_game = False
            dummy = sheet.dummy_score(player, r)
            own = Decimal(dummy.own) * unit
            cap = None if dummy.cap is None else Decimal(dummy.cap) * unit
            rule = dummy.article
        parts.append(new_part(
            round=r + 1, kind=kind,
            value=Decimal(values[position]) * scale,
            opponent=players[opponent].start_no if has_opponent else None,
            category=categories[r],
            is_voluntary_unplayed=voluntary[position],
            points=None if multipliers is None
            else Decimal(multipliers[r]) * multiplier_unit,
            rating=None,
            counted_score=Decimal(scores[position]) * unit,
            cut=None,
            opponent_score=opponent_scores[opponent] if has_opponent else None,
            adjusted_score=adjusted[opponent] if has_opponent else None,
            is_dummy=not is_game,
            dummy_own_score=own,
            dummy_cap=cap, article=rule, opponent_points=None))
    return tuple(parts)


@tiebreak("BH")
def buchholz(ctx: Context, spec: TiebreakSpec) -> Column:
    """8.1: the sum of the opponents' scores (adjusted, 16.3; dummies for own unplayed
    rounds, 16.4)."""
    return _opponent_sum(ctx, spec, fore=False, is_sonneborn_berger=False, article="8.1")


@tiebreak("FB")
def fore_buchholz(ctx: Context, spec: TiebreakSpec) -> Column:
    """8.3: Buchholz as if every paired game of the final round had been drawn."""
    return _opponent_sum(ctx, spec, fore=True, is_sonneborn_berger=False, article="8.3")


@tiebreak("SB")
def sonneborn_berger(ctx: Context, spec: TiebreakSpec) -> Column:
    """9.1: the sum, over the rounds, of the opponent's (or dummy's) score times the points
    scored against them."""
    return _opponent_sum(ctx, spec, fore=False, is_sonneborn_berger=True, article="9.1")


def extended_sonneborn_berger_sum(opponents_score: Context, own_score: Context,
                                  spec: TiebreakSpec) -> Column:
    """13.2: SB with the opponents' (adjusted, 16.3; dummy, 16.4) score read in one score and
    multiplied by the team's own score of the round in the other; Cut-n as for SB (14.1.2:
    the opponent with the lowest score first, then 16.5)."""
    return _opponent_sum(opponents_score, spec, fore=False, is_sonneborn_berger=True,
                         article="13.2", own=own_score)


@tiebreak("AOB")
def average_of_opponents_buchholz(ctx: Context, spec: TiebreakSpec) -> Column:
    """8.2: the average Buchholz (/F: Fore Buchholz) of the opponents met over the board.

    C.07 names no rounding: the value is exact (28 significant digits), shown with two
    decimals.
    """
    base = TiebreakSpec(acronym="FB" if spec.fore else "BH",
                        written="FB" if spec.fore else "BH",
                        forfeits_as_played=spec.forfeits_as_played)
    # A Buchholz is a sum, so every player has one (0 without opponents).
    buchholz_values = cast("tuple[Decimal, ...]", ctx.column(base).values)
    sheet = ctx.sheet
    game = RoundKind.GAME
    games_only = (game,) * sheet.rounds

    def games(i: int) -> list[int]:
        return [r for r, (kind, opponent) in enumerate(zip(sheet.kinds[i], sheet.opponents[i],
                                                           strict=True))
                if kind is game and opponent != NO_OPPONENT]

    values = []
    for kinds, opponents in zip(sheet.kinds, sheet.opponents, strict=True):
        # The opponents of games(i), without the round numbers the derivation needs.
        met = opponents if kinds == games_only else [
            opponent for kind, opponent in zip(kinds, opponents, strict=True)
            if kind is game and opponent != NO_OPPONENT]
        values.append(sum(map(buchholz_values.__getitem__, met), ZERO) / whole_number(len(met))
                      if met else None)

    notes = _round_robin_notes(ctx, spec)

    def build(i: int) -> Explained:
        parts = [Part(round=r + 1, kind=RoundKind.GAME,
                      value=buchholz_values[sheet.opponents[i][r]],
                      opponent=sheet.players[sheet.opponents[i][r]].start_no,
                      points=sheet.points[i][r], article="8.2") for r in games(i)]
        total = sum((p.value for p in parts), ZERO)
        value = values[i]
        extra: tuple[Note, ...] = ()
        if value is None:
            extra = (NoGamesNote(article="8.2"),)
        else:
            extra = (ShownRoundedNote(article="8.2", exact=value, games=len(parts),
                                      shown=shown_rounded(value)),)
        return Explained(value=value, parts=tuple(parts), notes=extra + notes, total=total)
    return Column(spec=spec, values=tuple(values), derivation=build, notes=())


@tiebreak("KS")
def koya_system(ctx: Context, spec: TiebreakSpec) -> Column:
    """9.2: points scored against the participants with at least 50% of the maximum
    possible score; /L+-n moves the limit by half points (14.5)."""
    sheet = ctx.sheet
    player_count = len(sheet.players)
    playable = sheet.rounds
    if sheet.is_round_robin:
        # The free round of an odd round robin (once per cycle) cannot score.
        if player_count and sheet.rounds % player_count == 0:
            playable -= sheet.rounds // player_count
        playable -= sum(1 for i in range(player_count)
                        if all(o == NO_OPPONENT for o in sheet.opponents[i]))
    limit = HALF * sheet.win * playable + HALF * spec.limit
    qualifies = (*[score >= limit for score in sheet.scores], False)
    # Index NO_OPPONENT (-1) reads the final False: a round without an opponent never counts.

    def counted(i: int, r: int) -> bool | None:
        opponent = sheet.opponents[i][r]
        if opponent == NO_OPPONENT:
            return None
        return qualifies[opponent]

    values = tuple(sum([p for p, o in zip(points_, opponents, strict=True) if qualifies[o]], ZERO)
                   for points_, opponents in zip(sheet.points, sheet.opponents, strict=True))
    note = KoyaThresholdNote(article="9.2", limit=limit, maximum=sheet.win * playable,
                             shift=spec.limit)

    def build(i: int) -> Explained:
        parts = []
        for r in range(sheet.rounds):
            verdict = counted(i, r)
            if verdict is None:
                continue
            part = round_part(sheet, i, r, sheet.points[i][r], article="9.2",
                               cut=None if verdict else CutReason.BELOW_LIMIT)
            parts.append(replace(part, opponent_score=sheet.scores[sheet.opponents[i][r]]))
        return explained_sum(parts, (note,))
    return Column(spec=spec, values=values, derivation=build)
