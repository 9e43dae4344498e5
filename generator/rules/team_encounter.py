"""C.07 13.3: Extended Direct Encounter (EDE) and its knock-out combinations EDET, EDEB,
EDEBT, EDEBB.

Like Direct Encounter (Art. 6) it orders the group of teams still tied where it stands in
the list, so it is not a column: the ranking calls :func:`extended_direct_encounter` on
each tied group. The steps, each one application of Art. 6 or of an Art. 12 board value:

- 13.3.1: Direct Encounter on the primary score; if that breaks no tie, on the secondary;
- 13.3.2: when exactly two teams are still tied, the board tie-breaks the code names, read
  on the boards of those two teams' own match(es) (Q2): EDET Top Board Results, EDEB Bottom
  Board Elimination, EDEBT Board Count then TBR, EDEBB Board Count then BBE;
- 13.3.3: every new tied subset starts again (Q1: from the primary score in the 2026
  edition, as its text says; the 2024 edition goes on with the step that split the group,
  as the TEC-2023 exercises and the reference calculator do), trying each step in turn
  until one separates the subset or none does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING

from generator.model import ZERO, RoundKind, TeamTournament
from generator.rules.boards import (
    board_count,
    board_count_of,
    board_values,
    teams_of,
)
from generator.rules.direct_encounter import (
    DirectEncounterOutcome,
    apply_direct_encounter,
    explain_direct_encounter,
)
from generator.rules.explain import (
    DirectEncounterGroup,
    EncounterStep,
    Explained,
    ExtendedEncounterNote,
    NotTiedNote,
)
from generator.rules.notation import GAME_POINTS, MATCH_POINTS, TiebreakSpec
from generator.rules.unplayed import ScoreSheet

if TYPE_CHECKING:
    from generator.rules.context import Context

Step = tuple[EncounterStep, int]
"""A step and its board (the board compared by TBR, the top boards kept by BBE; else 0)."""


def steps_of(acronym: str, boards: int) -> tuple[Step, ...]:
    """The steps of ``acronym`` in the order 13.3 applies them, for ``boards`` boards."""
    scores: tuple[Step, ...] = ((EncounterStep.PRIMARY, 0), (EncounterStep.SECONDARY, 0))
    top = tuple((EncounterStep.TOP_BOARD, b) for b in range(1, boards + 1))
    # 12.3: all boards but the last, then also without the next-to-last, ... board 1.
    bottom = tuple((EncounterStep.BOTTOM_BOARD, kept) for kept in range(boards - 1, 0, -1))
    count = ((EncounterStep.BOARD_COUNT, 0),)
    return {
        "EDE": scores,
        "EDET": scores + top,
        "EDEB": scores + bottom,
        "EDEBT": scores + count + top,
        "EDEBB": scores + count + bottom,
    }[acronym]


def extended_direct_encounter(ctx: Context, spec: TiebreakSpec, group: Sequence[int]
                              ) -> DirectEncounterOutcome:
    """13.3 on ``group`` (team indices tied so far): the sub-groups, best first, and every
    step applied (its separate table or board values)."""
    teams = teams_of(ctx, spec)
    steps = steps_of(spec.info.acronym, board_count(ctx, teams))
    records: list[DirectEncounterGroup] = []
    order = _rank(ctx, spec, teams, steps, tuple(group), 0, records)
    return DirectEncounterOutcome(order=tuple(order), groups=tuple(records))


def _score_context(ctx: Context, teams: TeamTournament, step: EncounterStep) -> Context:
    """The context whose score is the step's: C.07 11.1 lets the event name the primary
    score; match points unless it is the game points (record 192)."""
    on_game_points = (step is EncounterStep.SECONDARY) != teams.game_points_primary
    return ctx.score_context(GAME_POINTS if on_game_points else MATCH_POINTS)


def _rank(ctx: Context, spec: TiebreakSpec, teams: TeamTournament, steps: Sequence[Step],
          members: tuple[int, ...], first: int,
          records: list[DirectEncounterGroup]) -> list[tuple[int, ...]]:
    for offset in range(len(steps)):
        at = (first + offset) % len(steps)
        applied = _apply(ctx, spec, teams, steps[at], members)
        if applied is None:
            continue
        subgroups, record = applied
        records.append(record)
        if len(subgroups) == 1:
            continue
        # 13.3.3 (Q1): the 2026 text restarts every new subset "from 13.3.1", the primary
        # score; under the 2024 edition the subset goes on with the step that split it.
        restart = 0 if ctx.edition.has_2026_rules else at
        result: list[tuple[int, ...]] = []
        for sub in subgroups:
            result.extend(_rank(ctx, spec, teams, steps, sub, restart, records)
                          if len(sub) > 1 else [sub])
        return result
    return [members]


def _apply(ctx: Context, spec: TiebreakSpec, teams: TeamTournament, step: Step,
           members: tuple[int, ...]
           ) -> tuple[list[tuple[int, ...]], DirectEncounterGroup] | None:
    """One step on ``members``; None where it does not apply (a board step needs exactly
    two teams that met, with known boards)."""
    kind, board = step
    if kind in (EncounterStep.PRIMARY, EncounterStep.SECONDARY):
        subgroups, record = apply_direct_encounter(
            _score_context(ctx, teams, kind), spec, members)
        return subgroups, replace(record, step=kind)
    if len(members) != 2:
        # 13.3.2: "if exactly two teams are still tied".
        return None
    values = _pair_board_values(ctx, spec, teams, members, step)
    if values is None:
        return None
    a, b = members
    start = [p.start_no for p in ctx.players]
    lower_is_better = kind is EncounterStep.BOARD_COUNT  # 12.1
    if values[a] == values[b]:
        order: list[tuple[int, ...]] = [members]
    else:
        better = (values[a] < values[b]) == lower_is_better
        order = [(a,), (b,)] if better else [(b,), (a,)]
    return order, DirectEncounterGroup(
        members=tuple(sorted(start[i] for i in members)), games=(),
        scores={start[i]: values[i] for i in sorted(members, key=start.__getitem__)},
        order=tuple(tuple(start[i] for i in sub) for sub in order), article="13.3.2",
        step=kind, board=board)


def _pair_board_values(ctx: Context, spec: TiebreakSpec, teams: TeamTournament,
                       pair: tuple[int, int], step: Step) -> dict[int, Decimal] | None:
    """Each team's board value in the step, over the two teams' own matches (6.1.2: the
    average when they met more than once); None when they never met, or a match's boards
    are not numbered (Q9)."""
    kind, board = step
    sheet: ScoreSheet = ctx.sheet
    as_played = spec.forfeits_as_played or sheet.is_round_robin
    counted = (RoundKind.GAME, RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS) if as_played \
        else (RoundKind.GAME,)
    boards = board_count(ctx, teams)
    values: dict[int, Decimal] = {}
    for me, other in (pair, pair[::-1]):
        team = teams.teams[me]
        rounds = [r for r in range(ctx.rounds)
                  if sheet.opponents[me][r] == other and sheet.kinds[me][r] in counted]
        if not rounds:
            return None
        total = ZERO
        for r in rounds:
            match = team.match(r + 1)
            if not match.boards_numbered:
                return None
            row = board_values(match.boards, boards)
            if kind is EncounterStep.BOARD_COUNT:
                total += board_count_of(row)
            elif kind is EncounterStep.TOP_BOARD:
                total += row[board - 1]
            else:
                total += sum(row[:board], ZERO)  # 12.3: the top ``board`` boards
        values[me] = total / len(rounds)
    return values


def explain_extended_direct_encounter(ctx: Context, spec: TiebreakSpec,
                                      outcome: DirectEncounterOutcome | None,
                                      team: int) -> Explained:
    """The team's matches against the rest of its tied group (on the primary score), and
    every step applied to a group it was in."""
    if outcome is None:
        return Explained(value=ZERO, notes=(NotTiedNote(article="13.3"),))
    teams = teams_of(ctx, spec)
    primary = _score_context(ctx, teams, EncounterStep.PRIMARY)
    matches = explain_direct_encounter(primary, spec, outcome, team)
    start_no = ctx.players[team].start_no
    notes = tuple(
        ExtendedEncounterNote(article=record.article, step=record.step or EncounterStep.PRIMARY,
                              board=record.board, members=record.members,
                              scores=record.scores, order=record.order)
        for record in outcome.records_of(start_no))
    return Explained(value=matches.value, parts=matches.parts, notes=notes,
                     total=matches.total)
