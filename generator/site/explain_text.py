"""``standings explain`` in a terminal: a derivation's lines and a note's, every number
written plainly, from the same typed lines and wording tables as the player page."""

from __future__ import annotations

from collections.abc import Sequence

from generator.model import RoundKind, StartNo, TeamTournament, Tournament
from generator.rules.explain import DirectEncounterNote, Note, StandingsRow
from generator.rules.notation import GAME_POINTS, Layout, TiebreakSpec
from generator.site.derivation import DerivationLine
from generator.site.plain_numbers import plain_decimal
from generator.site.tie_groups import NamedGroupNote, encounter_named
from generator.site.wording import (
    TERMINAL,
    direct_encounter_group_words,
    note_words,
    round_kind_words,
)


def player_label(tournament: Tournament, start_no: StartNo | None) -> str:
    if start_no is None or not tournament.has_player(start_no):
        return "-"
    return f"{tournament.player(start_no).display_name} ({start_no})"


def part_line(tournament: Tournament, spec: TiebreakSpec, line: DerivationLine) -> str:
    """One element of a derivation, every number shown: the numbers as the page's table
    columns hold them, then the page's clauses (site/derivation.py), in the terminal's
    numbers."""

    words = TERMINAL
    part = line.part
    layout = spec.info.layout
    cut = words.cut.format(cut=line.cut.text(plain_decimal)) if line.cut is not None else ""
    reasons = [clause.text(plain_decimal) for clause in line.reasons]
    if layout is Layout.RUNNING_TOTAL:
        text = words.cumulative.format(round=part.round, value=plain_decimal(part.value))
        return "    " + "; ".join([text, *reasons]) + cut
    kind = round_kind_words(part.kind)
    if layout is Layout.COUNT:
        what = kind if part.opponent is None else (
            f"{kind} {player_label(tournament, part.opponent)}")
        # Q5: on a team event's game points these count boards, so say how many.
        primary = (GAME_POINTS if isinstance(tournament, TeamTournament)
                   and tournament.game_points_primary else None)
        counts_boards = (spec.points_system or primary) == GAME_POINTS
        verdict = (words.boards_counted.format(count=plain_decimal(part.value))
                   if counts_boards and part.cut is None
                   else words.counts if part.cut is None else words.does_not_count)
        return "    " + "; ".join([words.counted_round.format(round=part.round, what=what,
                                                              verdict=verdict), *reasons])
    who = player_label(tournament, part.opponent)
    if part.is_dummy:
        who = (words.dummy.format(kind=kind) if part.opponent is None
               else words.dummy_against.format(kind=kind, who=who))
    details: list[str] = []
    if part.rating is not None and not part.is_dummy:
        details.append(words.rating.format(rating=part.rating))
    elif part.counted_score is not None:
        details.append(words.score.format(score=plain_decimal(part.counted_score)))
    elif layout is Layout.POINTS_AGAINST and part.opponent_score is not None:
        details.append(words.opponent_score.format(score=plain_decimal(part.opponent_score)))
    elif layout is Layout.COMPARISON and part.opponent_points is not None \
            and part.points is not None:
        details.append(words.scored_against.format(
            points=plain_decimal(part.points),
            opponent_points=plain_decimal(part.opponent_points)))
    elif layout is Layout.GROUP_ORDER and part.points is not None:
        details.append(words.scored.format(points=plain_decimal(part.points)))
        if part.kind is not RoundKind.GAME:
            details.append(kind)
    elif part.kind is not RoundKind.GAME and layout is not Layout.AVERAGE \
            and not part.is_dummy:
        details.append(kind)
    if layout.multiplies and part.points is not None and part.counted_score is not None:
        details.append(words.times_points.format(points=plain_decimal(part.points)))
    details.extend(reasons)
    text = "    " + words.scored_round.format(round=part.round, who=who)
    if details:
        text += ": " + "; ".join(details)
    return text + words.contribution.format(value=plain_decimal(part.value)) + cut


def note_lines(note: Note | NamedGroupNote, row: StandingsRow, met: frozenset[StartNo],
                standings_order: Sequence[StartNo], index: int) -> list[str]:
    """A note's lines; under a DE note its group, or for a large group the members the
    player's page names (``encounter_named``: ``met``, the members of the parts,
    ``standings_order`` every row's number, the player's at ``index``)."""

    lines = [note_words(note, plain_decimal)]
    if isinstance(note, DirectEncounterNote):
        # The parts of a DE value are the player's games against the group.
        named = encounter_named(row.player.start_no, frozenset(note.members), met,
                                standings_order, index)
        lines.append(direct_encounter_group_words(note, plain_decimal, named))
    return ["    " + line for line in lines]
