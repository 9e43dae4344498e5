"""Ranking (C.07 Art. 4.2): points, then each announced tie-break on the players still tied.

:func:`compute_standings` is the engine's front door: a tournament, the announced list and
the edition in, :class:`~generator.rules.explain.Standings` out, every value with its derivation
(built on demand), the criterion that separated each pair of neighbours, and the Direct
Encounter groups. ``site/event_standings.py`` applies an event's announced settings
(``standings_for_event``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from decimal import Decimal
from functools import partial
from itertools import groupby, pairwise

from generator.model import (
    DEFAULT_UNPLAYED,
    ZERO,
    Edition,
    TieRule,
    Tournament,
    UnplayedOptions,
)

# Imported for their @tiebreak registrations; _check_registry below proves them complete.
from generator.rules import opponents, own_record, ratings, team_scores  # noqa: F401
from generator.rules.boards import (
    board_count_note,
    board_count_separates,
    board_order,
    boards_unknown_in,
    explain_board_order,
)
from generator.rules.context import REGISTRY, Column, Context
from generator.rules.direct_encounter import (
    DirectEncounterOutcome,
    direct_encounter,
    explain_direct_encounter,
)
from generator.rules.explain import (
    DirectEncounterGroup,
    Explained,
    ExplainedValues,
    NotTiedNote,
    Separation,
    Standings,
    StandingsRow,
)
from generator.rules.notation import CATALOGUE, Direction, TiebreakSpec, parse_tiebreak
from generator.rules.progress import is_complete_after
from generator.rules.rank_column import rank_column_diagnostics
from generator.rules.team_encounter import (
    explain_extended_direct_encounter,
    extended_direct_encounter,
)
from generator.speed import collector_paused, keyword_record_maker


def value_keys(specs: Sequence[TiebreakSpec]) -> tuple[str, ...]:
    """The key of each announced code in ``StandingsRow.values``: the code as written, with
    ``#2``, ``#3`` ... for a code listed again (Art. 4.3: Type A may appear several times)."""
    keys: list[str] = []
    for spec in specs:
        key = spec.written
        repeat = 1
        while key in keys:
            repeat += 1
            key = f"{spec.written}#{repeat}"
        keys.append(key)
    return tuple(keys)


def _explain_direct_encounter(ctx: Context, spec: TiebreakSpec,
                              outcome: DirectEncounterOutcome | None, i: int) -> Explained:
    if outcome is None:
        return Explained(value=ZERO, notes=(NotTiedNote(article="6"),))
    return explain_direct_encounter(ctx, spec, outcome, i)


_GroupOrder = Callable[[Context, TiebreakSpec, Sequence[int]], DirectEncounterOutcome]
_GroupExplain = Callable[[Context, TiebreakSpec, DirectEncounterOutcome | None, int], Explained]

GROUP_ORDERS: dict[str, tuple[_GroupOrder, _GroupExplain]] = {
    # Tie-breaks that order the group still tied where they stand in the list (Art. 6, and
    # for teams 13.3 and the board comparisons of 12.2/12.3): not columns of numbers. The
    # value shown is the place within that group, 0 when it stays tied.
    "DE": (direct_encounter, _explain_direct_encounter),
    **dict.fromkeys(("EDE", "EDET", "EDEB", "EDEBT", "EDEBB"),
                    (extended_direct_encounter, explain_extended_direct_encounter)),
    **dict.fromkeys(("TBR", "BBE"), (board_order, explain_board_order)),
}


class _DirectEncounterStage:
    """A group order (Art. 6, 13.3, 12.2-12.3) applied at one place in the list: the
    outcome for every tied group."""

    def __init__(self) -> None:
        self.outcomes: dict[int, DirectEncounterOutcome] = {}
        self.positions: dict[int, int | None] = {}

    def add(self, outcome: DirectEncounterOutcome) -> None:
        for sub in outcome.order:
            for player in sub:
                self.outcomes[player] = outcome
        self.positions.update(outcome.positions())
        self.positions.update(dict.fromkeys(outcome.undefined))


# A row and two separations per player, made by the thousand (speed.py says why this way).
_new_row = keyword_record_maker(StandingsRow, "player", "rank", "rank_to", "points", "values",
                                "above", "below", "by_lot", "rank_in_file_differs")
_new_separation = keyword_record_maker(Separation, "criterion", "value", "other_value", "other")


def compute_standings(
    tournament: Tournament,
    specs: Sequence[TiebreakSpec | str],
    edition: Edition = Edition.FIDE_2026_03,
    *,
    after_round: int | None = None,
    unplayed: UnplayedOptions = DEFAULT_UNPLAYED,
    unrated_rating: int | None = None,
    ties: TieRule = TieRule.SHARED,
    lots_seed: int | None = None,
    source: str = "",
) -> Standings:
    """Rank the players after ``after_round`` (default: the last round with a result).

    ``specs`` is the announced list after points (codes or parsed specs). ``source`` is the
    TRF path named in warnings. Raises :class:`TiebreakError` for a code that cannot be
    computed (team points systems) and ValueError for a round outside the event.
    """
    with collector_paused():
        return _compute_standings(tournament, specs, edition, after_round=after_round,
                                  unplayed=unplayed, unrated_rating=unrated_rating, ties=ties,
                                  lots_seed=lots_seed, source=source)


def _compute_standings(
    tournament: Tournament,
    specs: Sequence[TiebreakSpec | str],
    edition: Edition,
    *,
    after_round: int | None,
    unplayed: UnplayedOptions,
    unrated_rating: int | None,
    ties: TieRule,
    lots_seed: int | None,
    source: str,
) -> Standings:
    parsed = tuple(parse_tiebreak(s) if isinstance(s, str) else s for s in specs)
    edition = Edition(edition)
    limit = max(tournament.total_rounds, tournament.rounds_played)
    rounds = tournament.rounds_played if after_round is None else after_round
    if not 0 <= rounds <= limit:
        raise ValueError(f"round {rounds} is outside the event (rounds 0 to {limit})")
    ctx = Context(tournament, rounds=rounds, edition=edition, unplayed=unplayed,
                  unrated_rating=unrated_rating)
    keys = value_keys(parsed)
    columns: dict[int, Column] = {}
    group_contexts: dict[int, Context] = {}
    for k, spec in enumerate(parsed):
        if spec.acronym not in GROUP_ORDERS:
            columns[k] = ctx.column(spec)
        else:
            # DE:MP in a team event is DE on the match points; anything else is refused
            # with a TiebreakError (DE:GP: EDE, Art. 13.3, reads both scores itself), and so
            # is a team group order (EDE, TBR, BBE) in an event without teams, even when
            # nobody is tied.
            group_contexts[k] = ctx.points_system_context(spec)

    players = tournament.players
    count = len(players)
    scores = ctx.sheet.scores
    start = [p.start_no for p in players]

    # Art. 4.2: points first, then each criterion on every subgroup still tied.
    groups = _split(sorted(range(count), key=start.__getitem__), scores, higher_is_better=True)
    group_of = [0] * count
    for group_index, group in enumerate(groups):
        for i in group:
            group_of[i] = group_index
    next_group = len(groups)
    stages: list[list[int]] = []
    encounters: dict[int, _DirectEncounterStage] = {}
    # BC groups it could not separate because their game points differ (12.1, Q6).
    board_count_blocked: dict[int, dict[int, list[int]]] = {}
    # Where in ``groups`` the groups still tied are: a player alone stays alone, so each
    # criterion looks at these only and the others are copied across in runs.
    tied = [position for position, group in enumerate(groups) if len(group) > 1]
    for k, spec in enumerate(parsed):
        stage = list(group_of)
        refined: list[list[int]] = []
        still_tied: list[int] = []
        copied = 0
        higher_is_better = spec.direction is Direction.HIGHER_IS_BETTER
        if spec.acronym in GROUP_ORDERS:
            encounters[k] = _DirectEncounterStage()
        for position in tied:
            refined.extend(groups[copied:position])
            copied = position + 1
            group = groups[position]
            if spec.acronym in GROUP_ORDERS:
                order_group = GROUP_ORDERS[spec.acronym][0]
                outcome = order_group(group_contexts[k], spec,
                                      sorted(group, key=start.__getitem__))
                encounters[k].add(outcome)
                subgroups = [list(sub) for sub in outcome.order]
            elif spec.acronym == "BC" and not board_count_separates(ctx, group):
                subgroups = [group]
                board_count_blocked.setdefault(k, {}).update(dict.fromkeys(group, group))
            elif spec.acronym == "BC" and boards_unknown_in(ctx, spec, group):
                subgroups = [group]
            else:
                subgroups = _split(group, columns[k].values, higher_is_better=higher_is_better)
            if len(subgroups) > 1:
                for sub in subgroups:
                    for i in sub:
                        stage[i] = next_group
                    next_group += 1
            for sub in subgroups:
                if len(sub) > 1:
                    still_tied.append(len(refined))
                refined.append(sub)
        refined.extend(groups[copied:])
        groups = refined
        tied = still_tied
        group_of = stage
        stages.append(stage)

    # Whatever is still tied: shared places, or drawing of lots from the published seed.
    used_seed = None
    drawn: set[int] = set()
    if ties is TieRule.LOTS and any(len(g) > 1 for g in groups):
        used_seed = 0 if lots_seed is None else lots_seed
        import random  # only an event that draws lots loads it (start-up of standings rank)

        lots = random.Random(used_seed)
        for group in groups:
            if len(group) > 1:
                lots.shuffle(group)
                drawn.update(group)

    by_key: dict[str, Sequence[Decimal | None]] = {}
    for k, key in enumerate(keys):
        if k in encounters:
            positions: list[Decimal | None] = [ZERO] * count
            for i, place in encounters[k].positions.items():
                positions[i] = None if place is None else Decimal(place)
            by_key[key] = positions
        else:
            by_key[key] = columns[k].values

    def value_of(k: int, i: int) -> Decimal | None:
        return by_key[keys[k]][i]

    final = [i for group in groups for i in group]
    ranks: dict[int, tuple[int, int]] = {}
    position = 0
    for group in groups:
        if ties is TieRule.LOTS:
            for offset, i in enumerate(group):
                ranks[i] = (position + offset + 1, position + offset + 1)
        else:
            for i in group:
                ranks[i] = (position + 1, position + len(group))
        position += len(group)

    def separation(a: int, b: int) -> Separation:
        """What put ``a`` and ``b`` (neighbours) in their order, seen from ``a``."""
        if scores[a] != scores[b]:
            return _new_separation(criterion="PTS", value=scores[a], other_value=scores[b],
                                   other=start[b])
        for k, stage in enumerate(stages):
            if stage[a] != stage[b]:
                return _new_separation(criterion=keys[k], value=value_of(k, a),
                                       other_value=value_of(k, b), other=start[b])
        criterion = "lots" if a in drawn else ""
        return _new_separation(criterion=criterion, value=None, other_value=None,
                               other=start[b])

    def explain(i: int, key: str) -> Explained:
        k = keys.index(key)
        spec = parsed[k]
        if k in encounters:
            explain_order = GROUP_ORDERS[spec.acronym][1]
            return explain_order(group_contexts[k], spec, encounters[k].outcomes.get(i), i)
        explained = columns[k].explain(i)
        blocked = board_count_blocked.get(k, {}).get(i)
        if blocked is not None:
            explained = replace(explained,
                                notes=(*explained.notes, board_count_note(ctx, blocked)))
        return explained

    # Each pair of neighbours is separated once: the lower one sees the same criterion
    # with the two values the other way round.
    downwards = [separation(a, b) for a, b in pairwise(final)]
    is_current = rounds >= tournament.rounds_played
    rows = []
    above = None
    for place, i in enumerate(final):
        player = players[i]
        rank, rank_to = ranks[i]
        in_file = player.rank_in_file
        differs = bool(is_current and in_file and not rank <= in_file <= rank_to)
        below = downwards[place] if place + 1 < count else None
        rows.append(_new_row(
            player=player, rank=rank, rank_to=rank_to, points=scores[i],
            values=ExplainedValues(by_key, i, partial(explain, i)),
            above=above, below=below, by_lot=i in drawn, rank_in_file_differs=differs))
        if below is not None:
            above = _new_separation(criterion=below.criterion, value=below.other_value,
                                    other_value=below.value, other=player.start_no)

    dropped = tuple(keys[k] for k, column in columns.items()
                    if column.values and all(v is None for v in column.values)
                    and parsed[k].info.is_rating_based)
    groups_seen: list[DirectEncounterGroup] = []
    for stage_of in encounters.values():
        distinct = {id(outcome): outcome for outcome in stage_of.outcomes.values()}
        for outcome in distinct.values():
            groups_seen.extend(outcome.groups)
    return Standings(
        tournament=tournament, edition=edition, specs=parsed, rows=tuple(rows),
        after_round=rounds, is_final=is_complete_after(tournament, rounds),
        direct_encounters=tuple(groups_seen), dropped=dropped,
        # The file's rank column is the final standings': a ranking after an earlier round
        # is not held to it (no row's rank_in_file_differs), so it has nothing to say.
        diagnostics=rank_column_diagnostics(rows, source) if is_current else (),
        lots_seed=used_seed)


def _split(group: list[int], values: Sequence[Decimal | None], *,
           higher_is_better: bool) -> list[list[int]]:
    """``group`` (in starting-number order) as sub-groups of equal ``values``, best first.

    Sorting is stable, so players with equal values stay in starting-number order;
    undefined values go last.
    """
    known = {i: value for i in group if (value := values[i]) is not None}
    defined = sorted(known, key=known.__getitem__, reverse=higher_is_better)
    subgroups = [list(equal) for _, equal in groupby(defined, known.__getitem__)]
    if len(defined) < len(group):
        subgroups.append([i for i in group if values[i] is None])
    return subgroups


_TEAM_COLUMNS = ("BC",)
"""Team tie-breaks computed as columns by this module's imports (the others of Arts. 12-13
are group orders, or not computed yet)."""


def _check_registry() -> None:
    missing = [a for a, info in CATALOGUE.items()
               if a not in GROUP_ORDERS and info.canonical is info and a not in REGISTRY
               and not (info.team_only and a not in _TEAM_COLUMNS)]
    if missing:
        raise RuntimeError(f"tie-breaks without a function: {missing}")


_check_registry()


__all__ = ["compute_standings", "value_keys"]
