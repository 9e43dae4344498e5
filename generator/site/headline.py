"""The first screen of a competitor's page: the place, the points and why, in sentences.

"5th of 52 with 3 points. Level with Ana Rodriguez Cabrera (6th) on points, ahead on
BH/C1: 9½ against 9." Made from the standings row and its neighbours (``Separation``,
rules/explain.py) and the Art. 6 groups; the words are wording.py's whole sentences.
The same sentences are plain text (a link preview's description) and HTML (the page,
the neighbours' names and the criteria linked).
"""

from __future__ import annotations

import functools
import string
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from markupsafe import Markup, escape

from generator.model import Player, StartNo, Tournament
from generator.rules.explain import DirectEncounterGroup, Separation, Standings, StandingsRow
from generator.rules.notation import Layout
from generator.rules.ratings import average_rating, performance_rating, rated_games_over_the_board
from generator.site.headline_words import (
    AFTER_EQUAL,
    DECIDING_CRITERION,
    EQUAL_ORDER,
    EQUAL_VALUE,
    PERFORMANCE,
    PLACE_SENTENCE,
    POINTS_ALONE_SENTENCE,
    POINTS_PHRASES,
    PROVISIONAL_PLACE_SENTENCES,
    REASONS,
    SHARED_NAMES_SHOWN,
    SHARED_SENTENCE,
    SHARED_SENTENCE_MORE,
    SHARED_SENTENCE_NO_TIEBREAKS,
    SHARED_SENTENCE_NO_TIEBREAKS_MORE,
    TEAM_REASONS,
    Reason,
    Side,
)
from generator.site.language import gettext, phrase, words
from generator.site.numbers import format_points, plain_number
from generator.site.plan import EventPlan
from generator.site.views import Column, value_of
from generator.site.wording import (
    NumberFormat,
    join_words,
    ordinal,
)
from generator.speed import frozen_record


@frozen_record
class Sentence:
    """One wording with its fields; ``links`` make some fields links on the page."""

    wording: str
    fields: Mapping[str, str]
    links: Mapping[str, str]
    """Field name -> the address its text links to."""

    @property
    def text(self) -> str:
        return self.wording.format_map(self.fields)

    @property
    def html(self) -> Markup:
        # Every plain field escaped; each link written with its address and text escaped,
        # as html_format would write them into '<a href="{href}">{text}</a>'.
        links = self.links
        values = {name: Markup(f'<a href="{escape(links[name])}">{escape(value)}</a>')
                  if name in links else value for name, value in self.fields.items()}
        return html_format(escape(self.wording), values)


def html_format(wording: Markup, fields: Mapping[str, Any]) -> Markup:
    """``wording.format_map(fields)``, each field escaped: the same Markup.

    Markup's own format_map escapes each field as string.Formatter (written in Python)
    reaches it, some seven sentences a player page; where every field of the wording is
    a bare ``{name}``, escaping the fields first and letting ``str.format_map`` put them
    in writes the same text.
    """
    if not _bare_fields(wording):
        return wording.format_map(fields)
    return Markup(str.format_map(wording, {name: escape(value) for name, value in fields.items()}))


@functools.cache
def _bare_fields(wording: str) -> bool:
    """Whether every field of ``wording`` is ``{name}``: no conversion, format or index."""
    try:
        return all(name is None or (name.isidentifier() and not spec and conversion is None)
                   for _, name, spec, conversion in string.Formatter().parse(wording))
    except ValueError:  # a stray brace: Markup's format_map says so, as before
        return False


@frozen_record
class Headline:
    place: Sentence
    """"5th of 52 with 3 points."."""
    reasons: tuple[Sentence, ...]
    """Why that place: the neighbours on the same points, a shared place, or the points
    alone."""

    @property
    def text(self) -> str:
        return " ".join(s.text for s in (self.place, *self.reasons))

    @property
    def reasons_html(self) -> Markup:
        return Markup(" ").join(s.html for s in self.reasons)


def place_words(row: StandingsRow) -> str:
    """"5th", or "20th–21st" for a place shared (Art. 4.2)."""
    if row.rank_to == row.rank:
        return ordinal(row.rank)
    return f"{ordinal(row.rank)}–{ordinal(row.rank_to)}"


def points_phrase(points: Decimal, score_name: str, number: NumberFormat = format_points) -> str:
    """"3½ points", "1 match point"."""
    return words(POINTS_PHRASES[score_name], {"points": number(points)}, count=points)


def score_name(plan: EventPlan) -> str:
    """What the standings rank on: points, or a team event's match or game points (11.1)."""
    teams = plan.event.teams
    if teams is None:
        return "points"
    return "game points" if teams.game_points_primary else "match points"


def encounter_groups(standings: Standings) -> Mapping[StartNo, tuple[DirectEncounterGroup, ...]]:
    """Each player's Art. 6 groups (not the team steps of 13.3), in the engine's order."""
    groups: dict[StartNo, list[DirectEncounterGroup]] = {}
    for group in standings.direct_encounters:
        if group.step is None:
            for member in group.members:
                groups.setdefault(member, []).append(group)
    return {number: tuple(found) for number, found in groups.items()}


def encounter_applied(groups: Sequence[DirectEncounterGroup], other: StartNo | None = None
                      ) -> bool:
    """Did Art. 6 have anything to work on: a tied group (with ``other``) in which games
    were played among the members? Without one (not tied at that point, 6.1, or tied
    players who did not meet, 6.3's "without a game") direct encounter says nothing."""
    return any(group.games and (other is None or other in group.members) for group in groups)


def headline(plan: EventPlan, index: int, cols: Sequence[Column],
             anchors: Mapping[str, str], href: Callable[[int], str],
             groups: Mapping[StartNo, tuple[DirectEncounterGroup, ...]],
             number: NumberFormat = format_points) -> Headline:
    """The sentences for the row at ``index`` of the plan's standings. ``anchors``: each
    column key's section on the page; ``href``: a competitor's page from its start number;
    ``groups``: :func:`encounter_groups` of the standings; ``number`` writes the points
    (3½ on the pages, 3.5 in the terminal)."""
    standings = plan.standings
    rows = standings.rows
    row = rows[index]
    name = score_name(plan)
    fields = {"place": place_words(row), "count": str(len(rows)),
              "points": points_phrase(row.points, name, number)}
    info = plan.info
    if standings.is_final or not info.rounds_played:
        place = Sentence(wording=gettext(PLACE_SENTENCE), fields=fields, links={})
    else:
        progress = info.progress
        last = progress.last_round
        in_progress = progress.is_in_progress and last is not None
        announced = progress.rounds_announced  # None: "of M" would be a guess
        key = (in_progress, announced is not None and info.rounds_played < announced,
               info.is_team_event)
        paired = last.paired if in_progress and last else 0
        wording = phrase(PROVISIONAL_PLACE_SENTENCES[key], count=paired)
        place = Sentence(wording=wording, fields={
            **fields, "round": str(info.rounds_played), "rounds": str(info.rounds_total),
            "entered": str(last.entered if in_progress and last else 0),
            "paired": str(paired)}, links={})
    reasons: list[Sentence] = []
    if row.rank_to != row.rank:
        reasons.append(_shared(plan, row, bool(cols), href))
    neighbours = ((rows[index - 1], row.above, Side.BEHIND) if index > 0 else None,
                  (rows[index + 1], row.below, Side.AHEAD) if index + 1 < len(rows) else None)
    for neighbour in neighbours:
        if neighbour is None:
            continue
        other, separation, side = neighbour
        if separation is None or other.points != row.points or separation.criterion in ("",
                                                                                       "PTS"):
            continue  # another score, or a shared place (said above)
        reasons.append(_reason(row, other, separation, side, cols, anchors, href,
                               groups.get(row.player.start_no, ()), plan.info.is_team_event,
                               number, standings.lots_seed))
    if not reasons:
        reasons.append(Sentence(wording=gettext(POINTS_ALONE_SENTENCE),
                                fields={"points": points_phrase(row.points, name, number)},
                                links={}))
    return Headline(place=place, reasons=tuple(reasons))


def _shared(plan: EventPlan, row: StandingsRow, has_tiebreaks: bool,
            href: Callable[[int], str]) -> Sentence:
    rows = plan.standings.rows
    # Rows sharing a place are next to each other (Art. 4.2): rank - 1 is the first one's
    # index, since a shared place counts every row before it.
    first = row.rank - 1
    # Only the names shown are looked at: a place shared by thousands costs no more.
    shown = [r for r in rows[first:min(first + SHARED_NAMES_SHOWN + 1, row.rank_to)]
             if r is not row][:SHARED_NAMES_SHOWN]
    rest = row.rank_to - row.rank - len(shown)
    if has_tiebreaks:
        wording = SHARED_SENTENCE_MORE if rest else SHARED_SENTENCE
    else:
        wording = SHARED_SENTENCE_NO_TIEBREAKS_MORE if rest else SHARED_SENTENCE_NO_TIEBREAKS
    names = [(r.player.display_name, href(r.player.start_no)) for r in shown]
    return listed(phrase(wording, count=rest), "names", names,
                  {"place": place_words(row), "others": str(rest)})


def listed(wording: str, field: str, items: Sequence[tuple[str, str]],
           fields: Mapping[str, str]) -> Sentence:
    """``wording`` with ``{field}`` a list (join_words) of linked names: each name is a
    field of its own, so each is escaped and linked like any other. ``items``: (text,
    address); ``fields``: the wording's other fields."""
    keys = [f"{field}{k}" for k in range(len(items))]
    return Sentence(
        wording=wording.replace("{" + field + "}", join_words(["{" + k + "}" for k in keys])),
        fields={**fields, **{k: text for k, (text, _) in zip(keys, items, strict=True)}},
        links={k: address for k, (_, address) in zip(keys, items, strict=True) if address})


def _reason(row: StandingsRow, other: StandingsRow, separation: Separation, side: Side,
            cols: Sequence[Column], anchors: Mapping[str, str], href: Callable[[int], str],
            groups: Sequence[DirectEncounterGroup], is_team: bool,
            number: NumberFormat, lots_seed: int | None) -> Sentence:
    fields = {"name": other.player.display_name, "place": place_words(other)}
    links = {"name": href(other.player.start_no)}
    criterion = separation.criterion
    if criterion == "lots":
        return Sentence(wording=gettext(REASONS[(Reason.LOTS, side)]),
                        fields={**fields, "seed": str(lots_seed)}, links=links)
    position = next((k for k, c in enumerate(cols) if c.key == criterion), len(cols))
    equal = [_equal_item(row, column, number) for column in cols[:position]
             if column.spec.info.layout is not Layout.GROUP_ORDER
             or column.spec.acronym != "DE"
             or encounter_applied(groups, other.player.start_no)]
    column = cols[position] if position < len(cols) else None
    fields["criterion"] = (DECIDING_CRITERION.format(label=column.label, code=column.spec.written)
                          if column is not None else criterion)
    if column is not None and column.key in anchors:
        links["criterion"] = "#" + anchors[column.key]
    reason = Reason.TIEBREAK
    if column is not None and column.spec.info.layout is Layout.GROUP_ORDER:
        reason = Reason.ORDER
        group = _deciding_group(groups, row, other) if column.spec.acronym == "DE" else None
        if group is not None:
            reason, extra = _encounter(group, row, other, number)
            fields.update(extra)
    else:
        mine = value_of(row, column) if column is not None else separation.value
        theirs = value_of(other, column) if column is not None else separation.other_value
        fields.update(mine=_number_or_undefined(mine, number),
                      theirs=_number_or_undefined(theirs, number))
    if equal:
        reason = AFTER_EQUAL[reason]
        fields["equal"] = join_words(equal)
    wording = (TEAM_REASONS.get((reason, side)) if is_team else None) or REASONS[(reason, side)]
    return Sentence(wording=gettext(wording), fields=fields, links=links)


def _number_or_undefined(value: Decimal | None, number: NumberFormat) -> str:
    return format_points(None) if value is None else number(value)


def _equal_item(row: StandingsRow, column: Column, number: NumberFormat) -> str:
    if column.spec.info.layout is Layout.GROUP_ORDER:
        # Its value is a place in a group (0 when it left them tied): not worth writing.
        return EQUAL_ORDER.format(code=column.spec.written)
    return EQUAL_VALUE.format(code=column.spec.written,
                              value=_number_or_undefined(value_of(row, column), number))


def _deciding_group(groups: Sequence[DirectEncounterGroup], row: StandingsRow,
                    other: StandingsRow) -> DirectEncounterGroup | None:
    """The first application of Art. 6 that put the two in different sub-groups."""
    a, b = row.player.start_no, other.player.start_no
    for group in groups:
        if b not in group.members:
            continue
        if not any(a in sub and b in sub for sub in group.order):
            return group
    return None


def _encounter(group: DirectEncounterGroup, row: StandingsRow, other: StandingsRow,
               number: NumberFormat) -> tuple[Reason, dict[str, str]]:
    a, b = row.player.start_no, other.player.start_no
    # Only a pair's games are looked through: a large group's are as many as its members.
    between = ([game for game in group.games if {game[1], game[2]} == {a, b}]
               if len(group.members) == 2 else [])
    if len(between) == 1:
        return Reason.ENCOUNTER_GAME, {"round": str(between[0][0])}
    return Reason.ENCOUNTER_SCORES, {"mine": number(group.scores[a]),
                                     "theirs": number(group.scores[b])}


def performance_words(player: Player, tournament: Tournament) -> str:
    """The TPR of 10.2 over the games played over the board against rated opponents, with
    how it is made (rules/ratings.py chooses the games and computes it)."""
    games = rated_games_over_the_board(player, tournament)
    value = performance_rating(games.ratings, games.halves)
    average = average_rating(games.ratings)
    if value is None or average is None:
        return ""
    dp = value - average
    return words(PERFORMANCE[dp >= 0], {
        "value": value, "games": len(games.ratings), "average": _number(average),
        "dp": _number(abs(dp)), "score": format_points(games.points)})


def _number(value: object) -> object:
    """A rating or a difference: the locale's decimal separator if it has decimals."""
    return plain_number(value) if isinstance(value, Decimal) else value
