"""C.07 Art. 6: Direct Encounter.

Art. 6 depends on the group of players still tied when it is reached in the list, so it is
not a column: the ranking (:mod:`generator.rules.ranking`) calls :func:`direct_encounter` on
each tied group, and :func:`explain_direct_encounter` for a player's derivation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from generator.model import ZERO, RoundKind, StartNo
from generator.rules.context import whole_number
from generator.rules.explain import DirectEncounterGroup, DirectEncounterNote, Explained, Part
from generator.rules.notation import TiebreakSpec
from generator.speed import frozen_record

if TYPE_CHECKING:
    from generator.rules.context import Context


@dataclass(slots=True)
class _Derived:
    """DirectEncounterOutcome's own values, each made when first read."""

    positions: Mapping[int, int] | None = None
    members: frozenset[int] | None = None
    records: dict[StartNo, tuple[DirectEncounterGroup, ...]] | None = None


@frozen_record
class DirectEncounterOutcome:
    """Art. 6 applied to one tied group."""

    order: tuple[tuple[int, ...], ...]
    """Sub-groups of player indices, best first; a sub-group of several is still tied."""
    groups: tuple[DirectEncounterGroup, ...]
    """Every application of Art. 6 (the group, then each re-application, 6.2/6.3)."""
    undefined: frozenset[int] = frozenset()
    """Members without a value (a board tie-break of a team whose boards are unknown, Q9):
    shown as undefined rather than as a place; their group stays tied."""
    _derived: _Derived = field(default_factory=lambda: _Derived(), init=False, repr=False,
                               compare=False)
    """What every member's explanation reads (the members, the places, each member's
    records), made once for the group, not once per member: a group of 3,000 tied players
    would otherwise cost 3,000 times its size."""

    @property
    def is_separated(self) -> bool:
        """Does Art. 6 put anyone of the group ahead of anyone else?"""
        return len(self.order) > 1

    def positions(self) -> Mapping[int, int]:
        """1 + the number of members ranked strictly ahead, or 0 for everyone when DE does
        not separate the group (the reference calculator's convention)."""
        derived = self._derived
        if derived.positions is None:
            derived.positions = self._positions()
        return derived.positions

    @property
    def members(self) -> frozenset[int]:
        """Every member of the group (player indices)."""
        derived = self._derived
        if derived.members is None:
            derived.members = frozenset(i for sub in self.order for i in sub)
        return derived.members

    def records_of(self, start_no: StartNo) -> tuple[DirectEncounterGroup, ...]:
        """The applications of Art. 6 whose group holds ``start_no``, in order."""
        derived = self._derived
        if derived.records is None:
            by_member: dict[StartNo, list[DirectEncounterGroup]] = {}
            for record in self.groups:
                for member in record.members:
                    by_member.setdefault(member, []).append(record)
            derived.records = {number: tuple(records) for number, records in by_member.items()}
        return derived.records.get(start_no, ())

    def _positions(self) -> dict[int, int]:
        if not self.is_separated:
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
    order = _rank_group(ctx, spec, tuple(group), records)
    return DirectEncounterOutcome(order=tuple(order), groups=tuple(records))


def _encounters(ctx: Context, spec: TiebreakSpec, players: Sequence[int],
                inside: AbstractSet[int]
                ) -> dict[tuple[int, int], list[tuple[int, Decimal, Decimal]]]:
    """Games of ``players`` against the members of the group ``inside``: (a, b) ->
    [(round index, a's points, b's points)]."""
    sheet = ctx.sheet
    as_played = spec.forfeits_as_played or sheet.is_round_robin
    game = RoundKind.GAME
    forfeits = (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS)
    games: dict[tuple[int, int], list[tuple[int, Decimal, Decimal]]] = {}
    for a in players:
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
    games = _encounters(ctx, spec, members, set(members))
    scores = dict.fromkeys(members, ZERO)
    met = dict.fromkeys(members, 0)
    for (a, _), played in games.items():
        # 6.1.2: several games between the same two players count as their average (one
        # game, most often, counts as it is).
        scores[a] += (played[0][1] if len(played) == 1
                      else sum((p for _, p, _ in played), ZERO) / len(played))
        met[a] += 1
    return scores, met, games


def _rank_group(ctx: Context, spec: TiebreakSpec, members: tuple[int, ...],
                records: list[DirectEncounterGroup]) -> list[tuple[int, ...]]:
    """Art. 6 on ``members``, then again on each sub-group it leaves tied (6.2, 6.3);
    every application is added to ``records``. Returns the sub-groups, best first."""
    subgroups, record = apply_direct_encounter(ctx, spec, members)
    records.append(record)
    if len(subgroups) == 1:
        return subgroups
    result: list[tuple[int, ...]] = []
    for sub in subgroups:
        result.extend(_rank_group(ctx, spec, sub, records) if len(sub) > 1 else [sub])
    return result


def apply_direct_encounter(ctx: Context, spec: TiebreakSpec, members: Sequence[int]
                           ) -> tuple[list[tuple[int, ...]], DirectEncounterGroup]:
    """One application of Art. 6 to ``members`` on the context's score (6.2, or 6.3 in a
    Swiss event whose tied players have not all met): the sub-groups, best first, and the
    record of the separate table. Extended DE (13.3) applies it in turn on each score."""
    sheet = ctx.sheet
    scores, met, games = _separate_standings(ctx, spec, members)
    others = len(members) - 1
    all_met = all(met[i] == others for i in members)
    start_no = {i: sheet.players[i].start_no for i in members}
    # Each game once, seen from the lower starting number, in the order of the numbers.
    record_games = tuple(
        (r + 1, low, high, pa, pb)
        for (low, high), played in sorted(
            ((start_no[a], start_no[b]), played) for (a, b), played in games.items()
            if start_no[a] < start_no[b])
        for r, pa, pb in played)
    if all_met:
        # 6.2: the separate standings rank everyone; equal scores are re-examined alone.
        ranked = sorted(members, key=lambda i: (-scores[i], start_no[i]))
        subgroups: list[tuple[int, ...]] = []
        for i in ranked:
            if subgroups and scores[subgroups[-1][0]] == scores[i]:
                subgroups[-1] += (i,)
            else:
                subgroups.append((i,))
        article = "6.2"
    elif ctx.sheet.is_round_robin or not games:
        # 6.3 is for Swiss events only; without a game among them DE says nothing.
        subgroups = [tuple(sorted(members, key=start_no.__getitem__))]
        article = "6.3" if not ctx.sheet.is_round_robin else "6.2"
    else:
        # 6.3: a player alone at the top whatever the outcome of the missing games is
        # ranked first, and so on; Art. 6 is then reapplied to the others.
        win = sheet.win
        loss = ctx.tournament.score_system.loss
        best = {i: scores[i] + win * (others - met[i]) for i in members}
        remaining = sorted(members, key=lambda i: (-scores[i], -best[i], start_no[i]))
        subgroups = []
        while len(remaining) > 1:
            top = remaining[0]
            worst = scores[top] + loss * (others - met[top])  # only the top's is asked
            if all(worst > best[j] for j in remaining[1:]):
                subgroups.append((top,))
                remaining.pop(0)
            else:
                break
        if remaining:
            subgroups.append(tuple(sorted(remaining, key=start_no.__getitem__)))
        article = "6.3"
    return subgroups, DirectEncounterGroup(
        members=tuple(sorted(start_no[i] for i in members)), games=record_games,
        scores={start_no[i]: scores[i] for i in members},
        order=tuple(tuple(start_no[i] for i in sub) for sub in subgroups), article=article)


def explain_direct_encounter(ctx: Context, spec: TiebreakSpec, outcome: DirectEncounterOutcome,
                             player: int) -> Explained:
    """The player's games against the rest of the tied group and where Art. 6 put them."""
    sheet = ctx.sheet
    # The player's own games against the group, not every game among the group: each
    # member of a large tied group is explained in turn.
    games = _encounters(ctx, spec, (player,), outcome.members)
    parts = []
    for (_, b), played in sorted(games.items()):
        for r, pa, pb in played:
            parts.append(Part(round=r + 1, kind=sheet.kinds[player][r], value=pa / len(played),
                              opponent=sheet.players[b].start_no, points=pa,
                              opponent_points=pb, article="6.1.2" if len(played) > 1 else "6"))
    parts.sort(key=lambda p: p.round)
    position = outcome.positions()[player]
    start_no = sheet.players[player].start_no
    notes = tuple(
        DirectEncounterNote(article=record.article, members=record.members,
                            scores=record.scores, order=record.order)
        for record in outcome.records_of(start_no))
    total = sum((p.value for p in parts), ZERO)
    return Explained(value=whole_number(position), parts=tuple(parts), notes=notes, total=total)

